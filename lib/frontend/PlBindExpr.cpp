// `pl` binder, expressions: names, literals (bare literals adopt the dtype of the
// value they meet), scalar arithmetic, comparisons and logic, element reads,
// tuple items, op calls (namespaced and unified short forms), function calls,
// kwarg values and enum members.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <utility>

#include "PlBinder.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/DeduceUtils.h"

namespace ptoc::frontend {

namespace {

/// A bare numeric literal (possibly negated): its type follows its context.
bool isBareLiteral(const Expr& e) {
  if (e.is<IntLit>() || e.is<FloatLit>()) return true;
  if (const auto* u = e.as<UnaryOpExpr>())
    return (u->op == UnaryOpKind::Neg || u->op == UnaryOpKind::Pos) && isBareLiteral(*u->operand);
  return false;
}

}  // namespace

bool isLiteralLike(const Expr& e) {
  if (isBareLiteral(e)) return true;
  if (const auto* x = e.as<IfExpr>()) return isLiteralLike(*x->body) && isLiteralLike(*x->orelse);
  if (const auto* c = e.as<CallExpr>())
    return c->args.size() == 3 && c->keywords.empty() && dottedName(*c->func) == "pl.select" &&
           isLiteralLike(*c->args[1]) && isLiteralLike(*c->args[2]);
  // `0 + 4`: arithmetic of such values (not `/`, whose integer form gives a float, nor `**`).
  if (const auto* b = e.as<BinOpExpr>())
    return (b->op == BinOpKind::Add || b->op == BinOpKind::Sub || b->op == BinOpKind::Mul) &&
           isLiteralLike(*b->lhs) && isLiteralLike(*b->rhs);
  return false;
}

namespace {

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string closestName(std::string_view name, const std::vector<std::string>& candidates) {
  std::string best;
  size_t bestD = std::max<size_t>(2, name.size() / 3) + 1;
  for (const auto& c : candidates) {
    size_t d = editDistance(name, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

namespace {

const ir::ScalarType* scalarOf(const ir::ExprPtr& e) { return e->type->as<ir::ScalarType>(); }

}  // namespace

// ---- names and literals -----------------------------------------------------------------

ir::ExprPtr PlBinder::bindName(const NameExpr& e) {
  if (ir::VarPtr v = lookup(e.id)) {
    // Uses carry the use's span so diagnostics point at the use.
    return v;
  }
  std::vector<std::string> known;
  names_.forEach([&](std::string_view n, const ir::VarPtr&) { known.emplace_back(n); });
  std::reverse(known.begin(), known.end());  // of equally close names, suggest the newest
  std::string hint;
  if (std::string c = closestName(e.id, known); !c.empty())
    hint = fmt::format("did you mean '{}'?", c);
  if (e.id == "pl") hint = "pl is a module, not a value";
  if (hint.empty())
    hint = fmt::format("assign '{}' before this use, or make it a parameter of the function", e.id);
  fail(e.span, fmt::format("undefined name '{}'", e.id), hint);
}

ir::ExprPtr PlBinder::bindExpr(const Expr& e, const ir::TypePtr& expected) {
  const auto* expectedScalar = expected ? expected->as<ir::ScalarType>() : nullptr;
  switch (e.kind) {
    case ExprKind::Name:
      if (const Expr* alias = moduleAlias(e)) return bindExpr(*alias, expected);
      if (usesModuleName(e)) return bindModuleConst(e, expected);
      return bindName(e.cast<NameExpr>());
    case ExprKind::IntLit: {
      int64_t v = e.cast<IntLit>().value;
      if (expectedScalar && ir::isFloat(expectedScalar->dtype))
        return ir::constFloat(static_cast<double>(v), expectedScalar->dtype, e.span);
      if (expectedScalar && ir::isInteger(expectedScalar->dtype))
        return ir::constInt(v, expectedScalar->dtype, e.span);
      return ir::constInt(v, ir::DType::Index, e.span);
    }
    case ExprKind::FloatLit: {
      double v = e.cast<FloatLit>().value;
      ir::DType d = expectedScalar && ir::isFloat(expectedScalar->dtype) ? expectedScalar->dtype
                                                                         : ir::DType::FP32;
      return ir::constFloat(v, d, e.span);
    }
    case ExprKind::BoolLit:
      return ir::constBool(e.cast<BoolLit>().value, e.span);
    case ExprKind::StrLit:
      fail(e.span, "a string is only allowed as a keyword argument value",
           "strings are attribute values, e.g. cmp=\"lt\"; kernels compute on numbers");
    case ExprKind::NoneLit: {
      // PyPTO: None is the task id of no task (`prev_tid = None`, `deps=[None]`).
      if (expected && !(expectedScalar && expectedScalar->dtype == ir::DType::TaskId))
        fail(e.span,
             fmt::format("None is not a value of type {}: it stands only for the task id of no "
                         "task",
                         ir::typeToString(*expected)),
             "omit the argument, or pass a value of the expected type");
      const OpDef* op = ops_.find("system.task_invalid");
      if (!op) throw InternalError("system.task_invalid is not registered");
      return createOpCall(*op, {}, {}, e.span, diag_, {}, {});
    }
    case ExprKind::EllipsisLit:
      fail(e.span,
           "`...` is not a value: it only stands for the body of a function whose code "
           "is an external source",
           "write the body, or declare @pl.function(type=..., external_source=\"kernel.cpp\") "
           "with `...` as its whole body");
    case ExprKind::List:
      return bindList(e.cast<ListExpr>());
    case ExprKind::ListComp:
      return bindListComp(e.cast<ListCompExpr>(), false);
    case ExprKind::Tuple: {
      const auto& t = e.cast<TupleExpr>();
      std::vector<ir::ExprPtr> elts;
      for (const auto& x : t.elts)
        elts.push_back(bindExpr(*x, ir::ScalarType::get(ir::DType::Index)));
      return ir::makeTuple(std::move(elts), e.span);
    }
    case ExprKind::Dict:
      fail(e.span, "a dict is only allowed in pl.func_attr({...})",
           "write function attributes as pl.func_attr({\"key\": value}) at the top of the function "
           "body");
    case ExprKind::BinOp:
      if (usesModuleName(e)) return bindModuleConst(e, expected);
      return bindBinOp(e.cast<BinOpExpr>(), isLiteralLike(e) ? expected : nullptr);
    case ExprKind::UnaryOp: {
      const auto& u = e.cast<UnaryOpExpr>();
      if (isBareLiteral(e) && u.op == UnaryOpKind::Neg) {
        ir::ExprPtr inner = bindExpr(*u.operand, expected);
        if (const auto* ci = inner->as<ir::ConstInt>())
          return ir::constInt(-static_cast<int64_t>(static_cast<uint64_t>(ci->value)), ci->dtype(),
                              e.span);
        if (const auto* cf = inner->as<ir::ConstFloat>())
          return ir::constFloat(-cf->value, cf->dtype(), e.span);
      }
      return bindUnary(u);
    }
    case ExprKind::BoolOp:
      return bindBoolOp(e.cast<BoolOpExpr>());
    case ExprKind::Compare:
      return bindCompare(e.cast<CompareExpr>());
    case ExprKind::IfExpr: {
      const auto& x = e.cast<IfExpr>();
      ir::ExprPtr c = bindExpr(*x.test);
      if (!scalarOf(c) || scalarOf(c)->dtype != ir::DType::Bool)
        fail(x.test->span, "a conditional expression needs a BOOL condition",
             "compare explicitly, e.g. `a if n > 0 else b`");
      ir::ExprPtr a, b;
      if (isLiteralLike(*x.body) && !isLiteralLike(*x.orelse)) {
        b = bindExpr(*x.orelse, expected);
        a = bindExpr(*x.body, b->type);
      } else {
        a = bindExpr(*x.body, expected);
        b = bindExpr(*x.orelse, a->type);
      }
      if (!scalarOf(a) || !ir::structuralEqual(*a->type, *b->type))
        fail(e.span,
             fmt::format("both values of a conditional expression must be scalars of one "
                         "type, got {} and {}",
                         ir::typeToString(*a->type), ir::typeToString(*b->type)),
             "cast one value with pl.cast(x, dtype); for tiles use an if statement");
      return ir::select(c, a, b, e.span);
    }
    case ExprKind::Subscript:
      return bindSubscript(e.cast<SubscriptExpr>());
    case ExprKind::Slice:
      fail(e.span, "slices are not supported; use pl.tile.slice(tile, shape, offset)",
           "e.g. pl.slice(t, [8, 64], [0, 0]) takes rows 0..7");
    case ExprKind::Call: {
      // The type the context expects reaches pl.select (two literal values take it).
      ir::TypePtr saved = std::exchange(callExpected_, expected);
      ir::ExprPtr r = bindCall(e.cast<CallExpr>());
      callExpected_ = saved;
      return r;
    }
    case ExprKind::Attribute: {
      std::string d = dottedName(e);
      fail(e.span, fmt::format("'{}' is not a value here", d.empty() ? "attribute" : d),
           "enum members like pl.FP32 or pl.Mem.Vec are only allowed as keyword arguments and in "
           "types");
    }
  }
  throw InternalError("unhandled expression kind");
}

ir::ExprPtr PlBinder::bindListComp(const ListCompExpr& c, bool anyElements) {
  const auto* call = c.iter->as<CallExpr>();
  const auto* fn = call ? call->func->as<NameExpr>() : nullptr;
  if (!fn || fn->id != "range" || call->args.empty() || call->args.size() > 3 ||
      !call->keywords.empty())
    fail(c.iter->span, "a list comprehension iterates over range(...) with constant bounds",
         "e.g. [tids[k] for k in range(4)]");
  std::vector<int64_t> b;
  for (const auto& a : call->args) {
    auto v = evalConst(*a);
    const int64_t* i = v ? std::get_if<int64_t>(&*v) : nullptr;
    if (!i)
      fail(a->span, "the bounds of range(...) in a list comprehension must be integer constants",
           "the elements are expanded when the program is read");
    b.push_back(*i);
  }
  int64_t start = b.size() > 1 ? b[0] : 0, stop = b.size() > 1 ? b[1] : b[0];
  int64_t step = b.size() > 2 ? b[2] : 1;
  if (step == 0) fail(call->args[2]->span, "range() step must not be zero", "use a step of 1");
  const auto* target = c.target->as<NameExpr>();
  if (!target)
    fail(c.target->span, "the target of a list comprehension is one name", "e.g. for k in ...");
  std::string name(target->id);
  if (lookup(name))
    fail(c.target->span,
         fmt::format("the comprehension variable '{}' is also a variable of the function", name),
         "give the comprehension variable its own name");
  int64_t count = step > 0 ? (stop > start ? (stop - start + step - 1) / step : 0)
                           : (start > stop ? (start - stop - step - 1) / -step : 0);
  if (count > 4096)
    fail(c.iter->span,
         fmt::format("a list comprehension expands to at most 4096 elements, got {}", count),
         "write a loop instead");
  // The variable is a constant while each element is bound (a module-level name shadowed).
  std::optional<ModuleConst> saved;
  if (auto it = moduleConsts_.find(name); it != moduleConsts_.end()) saved = it->second;
  std::vector<ir::ExprPtr> elts;
  for (int64_t k = 0; k < count; ++k) {
    ModuleConst mc;
    mc.value = ConstValue{start + k * step};
    moduleConsts_[name] = mc;
    bool keep = true;
    for (const auto& cond : c.ifs) {
      auto v = evalConstBool(*cond);
      if (!v)
        fail(cond->span, "the condition of a list comprehension must be a compile-time constant",
             "it is evaluated when the program is read");
      keep = keep && *v;
    }
    if (!keep) continue;
    elts.push_back(anyElements ? bindExpr(*c.elt)
                               : bindExpr(*c.elt, ir::ScalarType::get(ir::DType::Index)));
  }
  if (saved)
    moduleConsts_[name] = *saved;
  else
    moduleConsts_.erase(name);
  return ir::makeTuple(std::move(elts), c.span);
}

ir::ExprPtr PlBinder::bindList(const ListExpr& e) {
  std::vector<ir::ExprPtr> elts;
  for (const auto& x : e.elts) {
    if (x->is<ListExpr>())
      fail(x->span, "nested lists are not supported",
           "shapes and offsets are flat lists of integers, e.g. [16, 64]");
    elts.push_back(bindExpr(*x, ir::ScalarType::get(ir::DType::Index)));
    if (!scalarOf(elts.back()))
      fail(x->span,
           fmt::format("list elements must be scalars, got {}",
                       ir::typeToString(*elts.back()->type)),
           "lists hold integers (shapes, offsets); pass tiles and tensors as separate arguments");
  }
  return ir::makeTuple(std::move(elts), e.span);
}

// ---- scalar arithmetic -------------------------------------------------------------------

/// The hint for a tile or tensor operand of a scalar operator: the tile op to call instead, or
/// the load that makes a tile of a tensor.
static std::string nonScalarOperandHint(ir::BinaryOp op, const ir::Type& t, std::string_view x) {
  if (const auto* tensor = t.as<ir::TensorType>())
    return ops::loadFirstHint(std::string(x), *tensor, {});
  if (t.isa<ir::TileType>()) {
    std::string_view name;
    switch (op) {
      case ir::BinaryOp::Add:
        name = "add";
        break;
      case ir::BinaryOp::Sub:
        name = "sub";
        break;
      case ir::BinaryOp::Mul:
        name = "mul";
        break;
      case ir::BinaryOp::Div:
        name = "div";
        break;
      case ir::BinaryOp::Min:
        name = "minimum";
        break;
      case ir::BinaryOp::Max:
        name = "maximum";
        break;
      default:
        return fmt::format(
            "operators work on scalars; read one element with {}[i, j], or use "
            "a tile op (`ptoc ops` lists them)",
            x);
    }
    return fmt::format("tile arithmetic is an op call: pl.{}(a, b) (a scalar b works too)", name);
  }
  return "operators work on scalars (Scalar[...] values and literals)";
}

ir::ExprPtr PlBinder::makeScalarBinary(ir::BinaryOp op, const Expr& lhsAst, const Expr& rhsAst,
                                       ir::ExprPtr lhs, ir::ExprPtr rhs, Span span) {
  // A bare literal takes the dtype of the typed operand it meets (it is re-bound
  // unless it has that type already).
  if (isLiteralLike(lhsAst) && !isLiteralLike(rhsAst) && scalarOf(rhs)) {
    if (lhs->type != rhs->type) lhs = bindExpr(lhsAst, rhs->type);
  } else if (isLiteralLike(rhsAst) && !isLiteralLike(lhsAst) && scalarOf(lhs)) {
    if (rhs->type != lhs->type) rhs = bindExpr(rhsAst, lhs->type);
  }
  const auto* lt = scalarOf(lhs);
  const auto* rt = scalarOf(rhs);
  if (!lt)
    fail(lhsAst.span,
         fmt::format("operator '{}' needs scalars, got {}", ir::binaryOpName(op),
                     ir::typeToString(*lhs->type)),
         nonScalarOperandHint(op, *lhs->type, exprText(lhsAst, "x")));
  if (!rt)
    fail(rhsAst.span,
         fmt::format("operator '{}' needs scalars, got {}", ir::binaryOpName(op),
                     ir::typeToString(*rhs->type)),
         nonScalarOperandHint(op, *rhs->type, exprText(rhsAst, "x")));
  bool logical = ir::isLogical(op);
  if (logical && (lt->dtype != ir::DType::Bool || rt->dtype != ir::DType::Bool))
    fail(span, "'and' / 'or' need BOOL operands", "compare explicitly, e.g. `a > 0 and b > 0`");
  bool bitwise = op == ir::BinaryOp::BitAnd || op == ir::BinaryOp::BitOr ||
                 op == ir::BinaryOp::BitXor || op == ir::BinaryOp::Shl || op == ir::BinaryOp::Shr;
  if (bitwise && (ir::isFloat(lt->dtype) || ir::isFloat(rt->dtype)))
    fail(span, fmt::format("bitwise operator '{}' needs integer operands", ir::binaryOpName(op)),
         "cast the operands with pl.cast(x, pl.INT32)");
  if (!logical && !ir::isComparison(op) &&
      (lt->dtype == ir::DType::Bool) != (rt->dtype == ir::DType::Bool) && !bitwise)
    fail(span,
         fmt::format("arithmetic '{}' mixes BOOL and {}", ir::binaryOpName(op),
                     ir::dtypeName(lt->dtype == ir::DType::Bool ? rt->dtype : lt->dtype)),
         "convert with pl.cast(x, dtype)");
  return ir::binary(op, std::move(lhs), std::move(rhs), span);
}

ir::ExprPtr PlBinder::bindBinOp(const BinOpExpr& e, const ir::TypePtr& literalType) {
  // `literalType`: the type the context expects of a literal-like `0 + 4`.
  ir::ExprPtr lhs = bindExpr(*e.lhs, literalType);
  ir::ExprPtr rhs = bindExpr(*e.rhs, lhs->type->isa<ir::TileType>()
                                         ? ir::ScalarType::get(lhs->type->as<ir::TileType>()->dtype)
                                         : literalType);
  if (lhs->type->isa<ir::TileType>() || rhs->type->isa<ir::TileType>()) {
    // Tile arithmetic written with operators maps onto the tile ops.
    static const std::pair<BinOpKind, const char*> kTileOps[] = {{BinOpKind::Add, "add"},
                                                                 {BinOpKind::Sub, "sub"},
                                                                 {BinOpKind::Mul, "mul"},
                                                                 {BinOpKind::Div, "div"},
                                                                 {BinOpKind::MatMul, "matmul"}};
    const char* base = nullptr;
    for (auto& [k, n] : kTileOps)
      if (k == e.op) base = n;
    if (!base || !lhs->type->isa<ir::TileType>())
      fail(e.opSpan,
           fmt::format("operator '{}' is not defined on {} and {}", binOpSymbol(e.op),
                       ir::typeToString(*lhs->type), ir::typeToString(*rhs->type)),
           "use the tile ops, e.g. pl.add(a, b), pl.adds(t, s), pl.matmul(a, b)");
    bool scalarRhs = rhs->type->isa<ir::ScalarType>() && e.op != BinOpKind::MatMul;
    const OpDef* op = ops_.find(std::string("tile.") + base + (scalarRhs ? "s" : ""));
    PTOC_CHECK(op, "tile arithmetic op missing from the registry");
    return createOpCall(*op, {std::move(lhs), std::move(rhs)}, {}, e.span, diag_,
                        {e.lhs->span, e.rhs->span});
  }
  if (std::optional<ir::BinaryOp> o = scalarBinaryOp(e.op))
    return makeScalarBinary(*o, *e.lhs, *e.rhs, std::move(lhs), std::move(rhs), e.span);
  fail(e.opSpan, fmt::format("operator '{}' is not supported on scalars", binOpSymbol(e.op)),
       "use + - * / // % ** on scalars, or the matching pl op");
}

ir::ExprPtr PlBinder::bindUnary(const UnaryOpExpr& e) {
  ir::ExprPtr x = bindExpr(*e.operand);
  if (e.op == UnaryOpKind::Pos) return x;
  if (x->type->isa<ir::TileType>() && e.op == UnaryOpKind::Neg) {
    const OpDef* op = ops_.find("tile.neg");
    PTOC_CHECK(op, "tile.neg missing from the registry");
    return createOpCall(*op, {x}, {}, e.span, diag_, {e.operand->span});
  }
  const auto* st = scalarOf(x);
  if (!st)
    fail(e.operand->span,
         fmt::format("unary '{}' needs a scalar, got {}", unaryOpSymbol(e.op),
                     ir::typeToString(*x->type)),
         x->type->isa<ir::TileType>() ? std::string("for tiles use pl.neg(t) / pl.abs(t)")
                                      : std::string("apply it to a scalar value"));
  switch (e.op) {
    case UnaryOpKind::Neg:
      if (st->dtype == ir::DType::Bool) fail(e.span, "cannot negate a BOOL", "use `not x`");
      return ir::neg(x, e.span);
    case UnaryOpKind::Not:
      if (st->dtype != ir::DType::Bool)
        fail(e.span, "'not' needs a BOOL operand", "compare explicitly, e.g. `not (n > 0)`");
      return ir::logicalNot(x, e.span);
    case UnaryOpKind::Invert:
      if (ir::isFloat(st->dtype))
        fail(e.span, "'~' needs an integer operand", "cast it first: pl.cast(x, pl.INT32)");
      return ir::unary(ir::UnaryOp::BitNot, x, e.span);
    case UnaryOpKind::Pos:
      return x;
  }
  throw InternalError("unhandled unary operator");
}

ir::ExprPtr PlBinder::bindCompare(const CompareExpr& e) {
  ir::ExprPtr result;
  const Expr* leftAst = e.left.get();
  ir::ExprPtr left = bindExpr(*leftAst);
  for (size_t i = 0; i < e.ops.size(); ++i) {
    ir::BinaryOp op;
    switch (e.ops[i]) {
      case CmpOpKind::Eq:
        op = ir::BinaryOp::Eq;
        break;
      case CmpOpKind::NotEq:
        op = ir::BinaryOp::Ne;
        break;
      case CmpOpKind::Lt:
        op = ir::BinaryOp::Lt;
        break;
      case CmpOpKind::LtE:
        op = ir::BinaryOp::Le;
        break;
      case CmpOpKind::Gt:
        op = ir::BinaryOp::Gt;
        break;
      case CmpOpKind::GtE:
        op = ir::BinaryOp::Ge;
        break;
      default:
        fail(e.span, fmt::format("comparison '{}' is not supported", cmpOpSymbol(e.ops[i])),
             "compare with <, <=, >, >=, == or !=");
    }
    const Expr& rightAst = *e.comparators[i];
    ir::ExprPtr right = bindExpr(rightAst);
    ir::ExprPtr cmp = makeScalarBinary(op, *leftAst, rightAst, std::move(left), right, e.span);
    result = result ? ir::logicalAnd(std::move(result), std::move(cmp), e.span) : std::move(cmp);
    leftAst = &rightAst;
    left = std::move(right);
  }
  return result;
}

ir::ExprPtr PlBinder::bindBoolOp(const BoolOpExpr& e) {
  ir::ExprPtr acc = bindExpr(*e.values[0]);
  for (size_t i = 1; i < e.values.size(); ++i) {
    ir::ExprPtr next = bindExpr(*e.values[i]);
    acc = makeScalarBinary(e.op == BoolOpKind::And ? ir::BinaryOp::And : ir::BinaryOp::Or,
                           *e.values[i - 1], *e.values[i], acc, next, e.span);
  }
  return acc;
}

// ---- element reads and tuple items -------------------------------------------------------

std::vector<ir::ExprPtr> PlBinder::bindIndices(const Expr& index, size_t rank, Span span) {
  std::vector<const Expr*> items;
  if (const auto* t = index.as<TupleExpr>())
    for (const auto& x : t->elts) items.push_back(x.get());
  else if (const auto* l = index.as<ListExpr>())
    for (const auto& x : l->elts) items.push_back(x.get());
  else
    items.push_back(&index);
  if (items.size() != rank)
    fail(span, fmt::format("the tile has rank {} but {} index(es) are given", rank, items.size()),
         fmt::format("give one index per axis, e.g. t[{}]", [&] {
           std::string z;
           for (size_t k = 0; k < rank; ++k) z += k ? ", 0" : "0";
           return z;
         }()));
  std::vector<ir::ExprPtr> out;
  for (const Expr* x : items) {
    if (x->is<SliceExpr>())
      fail(x->span, "slices are not supported; use pl.tile.slice(tile, shape, offset)",
           "index one element with t[i, j], or take a window with pl.slice(t, shape, offset)");
    ir::ExprPtr i = bindExpr(*x, ir::ScalarType::get(ir::DType::Index));
    const auto* st = scalarOf(i);
    if (!st || !ir::isInteger(st->dtype))
      fail(x->span,
           fmt::format("indices must be integer scalars, got {}", ir::typeToString(*i->type)),
           i->type->isa<ir::ScalarType>() ? std::string("cast it: pl.cast(i, pl.INDEX)")
                                          : std::string("index with integer scalars, e.g. t[i, 0]; "
                                                        "a tile or tensor cannot be an index"));
    out.push_back(i);
  }
  return out;
}

ir::ExprPtr PlBinder::bindSubscript(const SubscriptExpr& e) {
  ir::ExprPtr base = bindExpr(*e.value);
  if (const auto* tile = base->type->as<ir::TileType>()) {
    bool anySlice = e.index->is<SliceExpr>();
    if (const auto* t = e.index->as<TupleExpr>(); t && !t->parenthesized)
      for (const auto& x : t->elts) anySlice = anySlice || x->is<SliceExpr>();
    // PyPTO: fewer indices than axes is a window too (`t[i]` of a [64, 128] tile is the row
    // window t[i, :], a [1, 128] tile).
    size_t given = 1;
    if (const auto* t = e.index->as<TupleExpr>(); t && !t->parenthesized) given = t->elts.size();
    if (anySlice || given < tile->shape.size())
      return bindWindowSubscript(e, base, tile->shape, /*isTile=*/true);
    const auto* var = base->as<ir::Var>();
    if (!var)
      fail(e.value->span, "element reads need a tile variable",
           "assign the tile to a name first: `t = ...` then t[i, j]");
    auto idx = bindIndices(*e.index, tile->shape.size(), e.index->span);
    return ir::bufferLoad(std::static_pointer_cast<const ir::Var>(base), std::move(idx), e.span);
  }
  if (const auto* tensor = base->type->as<ir::TensorType>())
    return bindWindowSubscript(e, base, tensor->shape, /*isTile=*/false);
  if (const auto* h = base->type->as<ir::HandleType>(); h && h->handle == ir::HandleKind::Array) {
    // PyPTO: `arr[i]` reads one element of a pl.Array (array.get_element).
    if (e.index->is<TupleExpr>() || e.index->is<SliceExpr>())
      fail(e.index->span, "an array element read takes one index",
           "write arr[i] (arrays have rank 1)");
    ir::ExprPtr index = bindExpr(*e.index, ir::ScalarType::get(ir::DType::Index));
    return createOpCall(ops_.get("array.get_element"), {base, index}, {}, e.span, diag_,
                        {e.value->span, e.index->span});
  }
  if (const auto* tt = base->type->as<ir::TupleType>()) {
    const auto* lit = e.index->as<IntLit>();
    if (!lit || lit->value < 0 || lit->value >= static_cast<int64_t>(tt->types.size()))
      fail(e.index->span,
           fmt::format("tuple index must be an integer literal in [0, {})", tt->types.size()),
           "write r[0], r[1], ... with a literal index");
    return ir::tupleGetItem(base, lit->value, e.span);
  }
  fail(e.value->span, fmt::format("cannot index a value of type {}", ir::typeToString(*base->type)),
       base->type->isa<ir::TensorType>()
           ? "load a tile first: pl.load(tensor, offsets, shape)"
           : "only tiles (t[i, j]) and tuple results (r[k]) can be indexed; a scalar is used "
             "directly");
}

ir::ExprPtr PlBinder::bindWindowSubscript(const SubscriptExpr& e, const ir::ExprPtr& base,
                                          const std::vector<int64_t>& dims, bool isTile) {
  const char* family = isTile ? "tile" : "tensor";
  std::vector<const Expr*> items;
  if (const auto* t = e.index->as<TupleExpr>(); t && !t->parenthesized)
    for (const auto& x : t->elts) items.push_back(x.get());
  else
    items.push_back(e.index.get());
  size_t rank = dims.size();
  if (items.size() > rank)
    fail(e.index->span,
         fmt::format("the {} has rank {} but {} index(es) are given", family, rank, items.size()),
         "give at most one index or slice per axis");
  bool anySlice = false;
  for (const Expr* x : items) anySlice = anySlice || x->is<SliceExpr>();
  const ir::TypePtr indexType = ir::ScalarType::get(ir::DType::Index);
  if (!isTile && !anySlice && items.size() == rank) {
    // x[i, j]: one element (tensor.read).
    std::vector<ir::ExprPtr> idx;
    for (const Expr* x : items) idx.push_back(bindExpr(*x, indexType));
    return createOpCall(ops_.get("tensor.read"), {base, ir::makeTuple(std::move(idx), e.span)}, {},
                        e.span, diag_);
  }
  // x[a:b, :] / x[i, :]: a static window (tensor.slice); an integer index drops its axis
  // (tensor.reshape after the slice).
  std::vector<ir::ExprPtr> offsets, extents;
  std::vector<int64_t> shape, kept;  // kDynamicDim: the next entry of dynExtent
  std::vector<ir::ExprPtr> dynExtent;
  for (size_t k = 0; k < rank; ++k) {
    const Expr* x = k < items.size() ? items[k] : nullptr;
    const auto* sl = x ? x->as<SliceExpr>() : nullptr;
    if (x && !sl) {  // an integer index: extent 1, axis dropped
      offsets.push_back(bindExpr(*x, indexType));
      shape.push_back(1);
      continue;
    }
    if (sl && sl->step)
      fail(sl->step->span, fmt::format("{} slices take no step", family),
           "write x[a:b] with a unit step");
    int64_t dim = dims[k];
    if (dim == ir::kDynamicDim && !isTile && !(sl && (sl->lower || sl->upper))) {
      // A whole dynamic axis (x[i] / x[:, j] of Tensor[[M, N]]): the window keeps the
      // symbolic extent, as in PyPTO.
      offsets.push_back(ir::constInt(0, ir::DType::Index, e.span));
      shape.push_back(ir::kDynamicDim);
      kept.push_back(ir::kDynamicDim);
      dynExtent.push_back(base->type->as<ir::TensorType>()->dims[k]);
      continue;
    }
    if (dim == ir::kDynamicDim && !(sl && sl->upper))
      fail(x ? x->span : e.index->span,
           fmt::format("axis {} of the {} is dynamic: a slice of it needs an upper bound", k,
                       family),
           "write the bounds, e.g. x[0:16, :]");
    ir::ExprPtr lo = sl && sl->lower ? bindExpr(*sl->lower, indexType)
                                     : ir::constInt(0, ir::DType::Index, e.span);
    std::optional<ConstValue> loC = sl && sl->lower ? evalConst(*sl->lower) : ConstValue{0};
    std::optional<ConstValue> hiC = sl && sl->upper ? evalConst(*sl->upper) : ConstValue{dim};
    int64_t extent = 0;
    if (loC && hiC && std::holds_alternative<int64_t>(*loC) &&
        std::holds_alternative<int64_t>(*hiC)) {
      extent = std::get<int64_t>(*hiC) - std::get<int64_t>(*loC);
    } else if (sl && sl->lower && sl->upper) {
      // a:a+C with a runtime start: the extent C is static.
      const auto* up = sl->upper->as<BinOpExpr>();
      std::string start = exprText(*sl->lower, "");
      auto c = up && up->op == BinOpKind::Add && !start.empty() && exprText(*up->lhs, "") == start
                   ? evalConst(*up->rhs)
                   : std::nullopt;
      if (!c || !std::holds_alternative<int64_t>(*c))
        fail(x->span, fmt::format("a {} slice needs a static extent", family),
             "write constant bounds (x[0:16]) or a start plus a constant (x[i:i + 16])");
      extent = std::get<int64_t>(*c);
    } else {
      fail(x->span, fmt::format("a {} slice needs a static extent", family),
           "write constant bounds (x[0:16]) or a start plus a constant (x[i:i + 16])");
    }
    if (extent <= 0)
      fail(x ? x->span : e.index->span,
           fmt::format("the slice selects {} elements on axis {}", extent, k),
           "the upper bound must exceed the lower bound");
    offsets.push_back(lo);
    shape.push_back(extent);
    kept.push_back(extent);
  }
  auto extentExprs = [&](const std::vector<int64_t>& ds) {
    std::vector<ir::ExprPtr> out;
    size_t dyn = 0;
    for (int64_t d : ds)
      out.push_back(d == ir::kDynamicDim ? dynExtent[dyn++]
                                         : ir::constInt(d, ir::DType::Index, e.span));
    return out;
  };
  std::vector<ir::ExprPtr> shapeExprs = extentExprs(shape);
  // tile.slice is (tile, shape, offset) like tensor.slice.
  ir::ExprPtr window = createOpCall(
      ops_.get(fmt::format("{}.slice", family)),
      {base, ir::makeTuple(std::move(shapeExprs), e.span), ir::makeTuple(offsets, e.span)}, {},
      e.span, diag_);
  if (kept.size() == rank) return window;
  // Tiles keep at least two axes (PyPTO's tile.slice floor): t[i] of a [64, 128] tile is
  // [1, 128], t[i, j] of a [8, 64, 128] one [1, 128].
  while (isTile && rank >= 2 && kept.size() < 2) kept.insert(kept.begin(), 1);
  if (kept.size() == rank) return window;
  if (kept.empty()) kept.push_back(1);
  std::vector<ir::ExprPtr> keptExprs = extentExprs(kept);
  return createOpCall(ops_.get(fmt::format("{}.reshape", family)),
                      {window, ir::makeTuple(std::move(keptExprs), e.span)}, {}, e.span, diag_);
}

// ---- kwarg values --------------------------------------------------------------------------

/// PyPTO's integer-coded enums that ops take as keyword arguments (pipes, mask patterns and
/// the payloads of the distributed ops): `pl.PipeType.MTE2`, `pld.ReduceOp.Sum`. The value
/// is the enum's code, printed as the integer.
static std::optional<int64_t> pyptoEnumCode(std::string_view dotted) {
  if (dotted == "pl.AUTO") return -1;  // an address the compiler picks (reserve_buffer base=)
  struct Enum {
    std::string_view name;
    std::initializer_list<std::string_view> members;  // in code order
    int64_t first;
  };
  static const Enum kEnums[] = {
      {"PipeType", {"MTE1", "MTE2", "MTE3", "M", "V", "S", "FIX", "ALL"}, 0},
      {"MaskPattern", {"P0101", "P1010", "P0001", "P0010", "P0100", "P1000", "P1111"}, 1},
      {"NotifyOp", {"AtomicAdd", "Set"}, 0},
      {"WaitCmp", {"Eq", "Ge"}, 0},
      {"AtomicType", {"None_", "Add"}, 0},
      {"ReduceOp", {"Sum", "Max", "Min", "Prod"}, 0},
  };
  for (std::string_view prefix : {"pl.tile.", "pld.", "pl."}) {
    if (!dotted.starts_with(prefix)) continue;
    std::string_view rest = dotted.substr(prefix.size());
    auto dot = rest.find('.');
    if (dot == std::string_view::npos) continue;
    for (const Enum& en : kEnums) {
      if (rest.substr(0, dot) != en.name) continue;
      int64_t code = en.first;
      for (std::string_view m : en.members) {
        if (rest.substr(dot + 1) == m) return code;
        ++code;
      }
    }
  }
  return std::nullopt;
}

ir::AttrValue PlBinder::bindAttrValue(const Expr& e) {
  if (const Expr* alias = moduleAlias(e)) return bindAttrValue(*alias);
  if (usesModuleName(e) || e.is<BinOpExpr>()) {
    if (auto v = evalConst(e)) {
      if (auto* i = std::get_if<int64_t>(&*v)) return *i;
      return std::get<double>(*v);
    }
    if (std::string p = unboundParamIn(e); !p.empty()) failUnboundParam(e, p, "the value");
  }
  if (const auto* b = e.as<BoolLit>()) return b->value;
  // math.inf / -math.inf: Python's float infinities (PyPTO's pad_value sugar for max / min).
  if (dottedName(e) == "math.inf") return std::numeric_limits<double>::infinity();
  if (const auto* u = e.as<UnaryOpExpr>();
      u && u->op == UnaryOpKind::Neg && dottedName(*u->operand) == "math.inf")
    return -std::numeric_limits<double>::infinity();
  if (const auto* i = e.as<IntLit>()) return i->value;
  if (const auto* f = e.as<FloatLit>()) return f->value;
  if (const auto* s = e.as<StrLit>()) return s->value;
  if (const auto* u = e.as<UnaryOpExpr>(); u && u->op == UnaryOpKind::Neg) {
    if (const auto* i = u->operand->as<IntLit>()) return -i->value;
    if (const auto* f = u->operand->as<FloatLit>()) return -f->value;
  }
  if (auto code = pyptoEnumCode(dottedName(e))) return *code;
  auto path = plPath(e);
  if (!path)
    fail(e.span,
         "keyword argument values must be literals or enum members like pl.FP32, pl.Mem.Vec",
         "keyword arguments are compile-time attributes; pass runtime values as positional "
         "arguments");
  if (auto d = ir::dtypeFromName(*path)) return *d;
  // PyPTO's sentinel "let the compiler choose" (reserve_buffer's base=pl.AUTO) is -1.
  if (*path == "AUTO") return int64_t{-1};
  auto member = [&](std::string_view prefix) -> std::optional<std::string> {
    if (path->size() > prefix.size() && path->compare(0, prefix.size(), prefix) == 0 &&
        (*path)[prefix.size()] == '.')
      return path->substr(prefix.size() + 1);
    return std::nullopt;
  };
  auto expectList = [](std::span<const std::string_view> names, std::string_view prefix) {
    std::string out;
    for (auto n : names) out += (out.empty() ? "" : ", ") + std::string(prefix) + std::string(n);
    return out;
  };
  if (auto m = member("Mem") ? member("Mem") : member("MemorySpace")) {
    if (auto v = ir::enumFromName<ir::MemorySpace>(ir::memorySpaceNames(), *m)) return *v;
    fail(e.span, fmt::format("unknown memory space 'pl.{}'", *path),
         fmt::format("expected one of: {}", expectList(ir::memorySpaceNames(), "pl.Mem.")));
  }
  if (auto m = member("TileLayout")) {
    if (auto v = ir::enumFromName<ir::TileLayout>(ir::tileLayoutNames(), *m)) return *v;
    fail(e.span, fmt::format("unknown tile layout 'pl.{}'", *path),
         fmt::format("expected one of: {}", expectList(ir::tileLayoutNames(), "pl.TileLayout.")));
  }
  if (auto m = member("PadValue")) {
    if (auto v = ir::enumFromName<ir::PadValue>(ir::padValueNames(), *m)) return *v;
    fail(e.span, fmt::format("unknown pad value 'pl.{}'", *path),
         fmt::format("expected one of: {}", expectList(ir::padValueNames(), "pl.PadValue.")));
  }
  if (auto m = member("TensorLayout")) {
    if (*m == "ND" || *m == "DN" || *m == "NZ") return *m;
    fail(e.span, fmt::format("unknown tensor layout 'pl.{}'", *path),
         "expected pl.TensorLayout.ND, DN or NZ");
  }
  if (auto m = member("SplitMode")) {
    if (auto v = ir::enumFromName<ir::SplitMode>(ir::splitModeNames(), *m)) return *v;
    fail(e.span, fmt::format("unknown split mode 'pl.{}'", *path),
         fmt::format("expected one of: {}", expectList(ir::splitModeNames(), "pl.SplitMode.")));
  }
  std::string all;
  for (ir::DType d : ir::kAllDTypes)
    all += (all.empty() ? "pl." : ", pl.") + std::string(ir::dtypeName(d));
  fail(e.span, fmt::format("unknown enum member or dtype 'pl.{}'", *path),
       fmt::format(
           "dtypes are {}; enums are pl.Mem.X, pl.TileLayout.x, pl.PadValue.x, pl.SplitMode.X",
           all));
}

}  // namespace ptoc::frontend
