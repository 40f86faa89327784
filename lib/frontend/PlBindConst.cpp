// `pl` binder, module-level names: `BLOCK = 64`, `DT = pl.FP16`, `M = pl.dynamic("M")`
// at the top of a file. PyPTO resolves such names from the enclosing Python scope when
// it parses a program; ptoc reads the constant assignments of the module and inlines
// their values where they are used (shapes, arguments, keyword values, dtypes).
#include <fmt/format.h>

#include <cmath>

#include "PlBinder.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ops/ExtentArith.h"

namespace ptoc::frontend {

std::optional<ir::BinaryOp> scalarBinaryOp(BinOpKind k) {
  switch (k) {
    case BinOpKind::Add:
      return ir::BinaryOp::Add;
    case BinOpKind::Sub:
      return ir::BinaryOp::Sub;
    case BinOpKind::Mul:
      return ir::BinaryOp::Mul;
    case BinOpKind::Div:
      return ir::BinaryOp::Div;
    case BinOpKind::FloorDiv:
      return ir::BinaryOp::FloorDiv;
    case BinOpKind::Mod:
      return ir::BinaryOp::FloorMod;
    case BinOpKind::Pow:
      return ir::BinaryOp::Pow;
    case BinOpKind::BitAnd:
      return ir::BinaryOp::BitAnd;
    case BinOpKind::BitOr:
      return ir::BinaryOp::BitOr;
    case BinOpKind::BitXor:
      return ir::BinaryOp::BitXor;
    case BinOpKind::LShift:
      return ir::BinaryOp::Shl;
    case BinOpKind::RShift:
      return ir::BinaryOp::Shr;
    case BinOpKind::MatMul:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<PlBinder::ConstValue> PlBinder::evalConst(const Expr& e) const {
  if (const auto* i = e.as<IntLit>()) return ConstValue{i->value};
  if (const auto* f = e.as<FloatLit>()) return ConstValue{f->value};
  if (const auto* n = e.as<NameExpr>()) {
    if (lookup(n->id)) return std::nullopt;  // a value of the kernel shadows the module name
    auto it = moduleConsts_.find(n->id);
    if (it == moduleConsts_.end() || !it->second.value) return std::nullopt;
    return it->second.value;
  }
  if (const auto* u = e.as<UnaryOpExpr>()) {
    auto v = evalConst(*u->operand);
    if (!v) return std::nullopt;
    if (u->op == UnaryOpKind::Pos) return v;
    if (u->op != UnaryOpKind::Neg) return std::nullopt;
    if (auto* i = std::get_if<int64_t>(&*v)) {
      if (*i == INT64_MIN) return std::nullopt;
      return ConstValue{-*i};
    }
    return ConstValue{-std::get<double>(*v)};
  }
  const auto* b = e.as<BinOpExpr>();
  if (!b) return std::nullopt;
  auto l = evalConst(*b->lhs), r = evalConst(*b->rhs);
  if (!l || !r) return std::nullopt;
  const auto* li = std::get_if<int64_t>(&*l);
  const auto* ri = std::get_if<int64_t>(&*r);
  if (li && ri) {
    if (b->op == BinOpKind::Div) {
      if (*ri == 0) return std::nullopt;
      return ConstValue{static_cast<double>(*li) / static_cast<double>(*ri)};
    }
    std::optional<ir::BinaryOp> op = scalarBinaryOp(b->op);
    std::optional<int64_t> v = op ? ops::pyIntBinary(*op, *li, *ri) : std::nullopt;
    if (!v) return std::nullopt;
    return ConstValue{*v};
  }
  double x = li ? static_cast<double>(*li) : std::get<double>(*l);
  double y = ri ? static_cast<double>(*ri) : std::get<double>(*r);
  double out;
  switch (b->op) {
    case BinOpKind::Add:
      out = x + y;
      break;
    case BinOpKind::Sub:
      out = x - y;
      break;
    case BinOpKind::Mul:
      out = x * y;
      break;
    case BinOpKind::Div:
      if (y == 0) return std::nullopt;
      out = x / y;
      break;
    case BinOpKind::Pow:
      out = std::pow(x, y);
      break;
    default:
      return std::nullopt;
  }
  if (!std::isfinite(out)) return std::nullopt;
  return ConstValue{out};
}

std::optional<bool> PlBinder::evalConstBool(const Expr& e) const {
  if (const auto* b = e.as<BoolLit>()) return b->value;
  if (const auto* u = e.as<UnaryOpExpr>(); u && u->op == UnaryOpKind::Not) {
    auto v = evalConstBool(*u->operand);
    return v ? std::optional<bool>(!*v) : std::nullopt;
  }
  if (const auto* b = e.as<BoolOpExpr>()) {
    bool isAnd = b->op == BoolOpKind::And;
    for (const auto& x : b->values) {
      auto v = evalConstBool(*x);
      if (!v) return std::nullopt;
      if (*v != isAnd) return *v;
    }
    return isAnd;
  }
  const auto* c = e.as<CompareExpr>();
  if (!c) return std::nullopt;
  auto lhs = evalConst(*c->left);
  for (size_t i = 0; i < c->ops.size(); ++i) {
    auto rhs = evalConst(*c->comparators[i]);
    if (!lhs || !rhs) return std::nullopt;
    auto num = [](const ConstValue& v) {
      return std::holds_alternative<int64_t>(v) ? static_cast<double>(std::get<int64_t>(v))
                                                : std::get<double>(v);
    };
    bool exact = std::holds_alternative<int64_t>(*lhs) && std::holds_alternative<int64_t>(*rhs);
    auto cmp = [&](auto a, auto b) -> std::optional<bool> {
      switch (c->ops[i]) {
        case CmpOpKind::Eq:
          return a == b;
        case CmpOpKind::NotEq:
          return a != b;
        case CmpOpKind::Lt:
          return a < b;
        case CmpOpKind::LtE:
          return a <= b;
        case CmpOpKind::Gt:
          return a > b;
        case CmpOpKind::GtE:
          return a >= b;
        default:
          return std::nullopt;
      }
    };
    auto r =
        exact ? cmp(std::get<int64_t>(*lhs), std::get<int64_t>(*rhs)) : cmp(num(*lhs), num(*rhs));
    if (!r) return std::nullopt;
    if (!*r) return false;
    lhs = rhs;
  }
  return true;
}

bool PlBinder::usesModuleName(const Expr& e) const {
  if (moduleConsts_.empty()) return false;  // the usual case: no walk, no name lookups
  if (const auto* n = e.as<NameExpr>()) return moduleConsts_.count(n->id) > 0 && !lookup(n->id);
  if (const auto* u = e.as<UnaryOpExpr>()) return usesModuleName(*u->operand);
  if (const auto* b = e.as<BinOpExpr>()) return usesModuleName(*b->lhs) || usesModuleName(*b->rhs);
  return false;
}

const Expr* PlBinder::moduleAlias(const Expr& e) const {
  const auto* n = e.as<NameExpr>();
  if (!n || moduleConsts_.empty()) return nullptr;
  auto it = moduleConsts_.find(n->id);
  return it == moduleConsts_.end() || lookup(n->id) ? nullptr : it->second.alias;
}

const Expr& PlBinder::listValue(const Expr& e) const {
  const Expr* a = moduleAlias(e);
  return a && (a->is<ListExpr>() || a->is<TupleExpr>()) ? *a : e;
}

bool PlBinder::isDynamicDim(const Expr& e) const {
  const auto* n = e.as<NameExpr>();
  if (!n || lookup(n->id)) return false;
  auto it = moduleConsts_.find(n->id);
  return it != moduleConsts_.end() && it->second.dynamic;
}

const PlBinder::ModuleConst* PlBinder::moduleConst(const Expr& e) const {
  const auto* n = e.as<NameExpr>();
  if (!n || lookup(n->id)) return nullptr;
  auto it = moduleConsts_.find(n->id);
  return it == moduleConsts_.end() ? nullptr : &it->second;
}

std::string PlBinder::unboundParamIn(const Expr& e) const {
  if (const ModuleConst* c = moduleConst(e)) return c->unboundParam;
  if (const auto* u = e.as<UnaryOpExpr>()) return unboundParamIn(*u->operand);
  if (const auto* b = e.as<BinOpExpr>()) {
    std::string p = unboundParamIn(*b->lhs);
    return p.empty() ? unboundParamIn(*b->rhs) : p;
  }
  return {};
}

void PlBinder::failUnboundParam(const Expr& e, const std::string& param,
                                std::string_view where) const {
  std::string builder = builder_ ? std::string(builder_->name) : std::string("the builder");
  std::string name = dottedName(e);
  fail(e.span,
       name == param || name.empty()
           ? fmt::format("{} uses '{}', a parameter of '{}' without a value", where, param, builder)
           : fmt::format("{} uses '{}', computed from '{}', a parameter of '{}' without a value",
                         where, name, param, builder),
       fmt::format("give the parameter a default (`{0}=64`), or pass `--define {0}=VALUE` to ptoc",
                   param));
}

PlBinder::ModuleConst PlBinder::evalModuleValue(std::string_view name, const Expr& written) {
  const Expr* value = &written;
  if (auto d = defines_.find(name); d != defines_.end()) {
    d->second.used = true;
    value = d->second.value;
  }
  ModuleConst c;
  const Expr& v = *value;
  if (const auto* call = v.as<CallExpr>(); call && isPlPath(*call->func, "dynamic")) {
    if (call->args.size() != 1 || !call->args[0]->is<StrLit>() || !call->keywords.empty())
      fail(v.span, "pl.dynamic takes the dimension's name as a string",
           fmt::format("write {0} = pl.dynamic(\"{0}\")", name));
    c.dynamic = true;
  } else if (auto val = evalConst(v)) {
    c.value = *val;
  } else if (v.is<ListExpr>() || v.is<TupleExpr>()) {
    // `SHAPE = [128, 64]`, `OFF = (0, 16)`: a list of extents / offsets, written where a
    // list goes (a type's shape, an op's list argument, valid_shape=SHAPE). Each entry is a
    // constant, a pl.dynamic dim or a name of one.
    const ExprList& elts = v.is<ListExpr>() ? v.cast<ListExpr>().elts : v.cast<TupleExpr>().elts;
    for (const auto& x : elts) {
      if (std::string p = unboundParamIn(*x); !p.empty()) {
        c.unboundParam = p;
        return c;
      }
      const auto* dyn = x->as<CallExpr>();  // `[pl.dynamic("M"), 64]`: a dim declared in place
      bool inlineDynamic = dyn && isPlPath(*dyn->func, "dynamic") && dyn->args.size() == 1 &&
                           dyn->args[0]->is<StrLit>() && dyn->keywords.empty();
      if (!evalConst(*x) && !isDynamicDim(*x) && !inlineDynamic)
        fail(x->span, fmt::format("module-level list '{}' must hold compile-time constants", name),
             "ptoc reads lists of numbers and pl.dynamic dims at the top level, e.g. "
             "SHAPE = [128, 64]");
    }
    c.alias = &v;
  } else if (plPath(v) || moduleAlias(v) || isMemRef(v) || v.is<BoolLit>() || v.is<StrLit>() ||
             dottedName(v).starts_with("pld.")) {
    // An enum member / dtype (pl.X, or a pld enum such as pld.ReduceOp.Sum), or a bool /
    // string literal (a keyword argument's value).
    const Expr* alias = moduleAlias(v);
    c.alias = alias ? alias : &v;
  } else if (std::string p = unboundParamIn(v); !p.empty()) {
    c.unboundParam = p;  // a value computed from a parameter that has none
  } else {
    fail(v.span, fmt::format("module-level name '{}' must be a compile-time constant", name),
         "ptoc reads numbers, arithmetic of constants, lists of them, pl.<dtype>/enum "
         "members and pl.dynamic(\"NAME\") at the top level");
  }
  return c;
}

void PlBinder::bindModuleAssign(const AssignStmt& s) {
  if (s.value) {
    // `M, N = 32, 64`: one constant per name (the values are read before any is set).
    const ExprList* targets = nullptr;
    if (const auto* t = s.target->as<TupleExpr>()) targets = &t->elts;
    if (const auto* l = s.target->as<ListExpr>()) targets = &l->elts;
    const ExprList* values = nullptr;
    if (const auto* t = s.value->as<TupleExpr>()) values = &t->elts;
    if (const auto* l = s.value->as<ListExpr>()) values = &l->elts;
    if (targets && values && targets->size() == values->size() && !s.annotation) {
      std::vector<std::pair<std::string, ModuleConst>> out;
      for (size_t i = 0; i < targets->size(); ++i) {
        const auto* n = (*targets)[i]->as<NameExpr>();
        if (!n)
          fail((*targets)[i]->span, "a module-level assignment names constants: `A, B = 1, 2`",
               "e.g. M, N = 32, 64");
        out.emplace_back(std::string(n->id), evalModuleValue(n->id, *(*values)[i]));
      }
      for (auto& [n, c] : out) moduleConsts_[n] = std::move(c);
      return;
    }
  }
  const auto* target = s.target->as<NameExpr>();
  if (!target || !s.value)
    fail(s.span, "a module-level assignment names one constant: `NAME = value`",
         "e.g. BLOCK = 64, DT = pl.FP16, M, N = 32, 64 or M = pl.dynamic(\"M\")");
  moduleConsts_[std::string(target->id)] = evalModuleValue(target->id, *s.value);
}

ir::ExprPtr PlBinder::bindModuleConst(const Expr& e, const ir::TypePtr& expected) {
  const auto* want = expected ? expected->as<ir::ScalarType>() : nullptr;
  if (auto v = evalConst(e)) {
    if (const auto* i = std::get_if<int64_t>(&*v)) {
      if (want && ir::isFloat(want->dtype))
        return ir::constFloat(static_cast<double>(*i), want->dtype, e.span);
      if (want && ir::isInteger(want->dtype)) return ir::constInt(*i, want->dtype, e.span);
      return ir::constInt(*i, ir::DType::Index, e.span);
    }
    ir::DType d = want && ir::isFloat(want->dtype) ? want->dtype : ir::DType::FP32;
    return ir::constFloat(std::get<double>(*v), d, e.span);
  }
  if (std::string p = unboundParamIn(e); !p.empty()) failUnboundParam(e, p, "the value");
  // A pl.dynamic dim used as a value is its run-time extent (an INDEX scalar), as in PyPTO.
  if (isDynamicDim(e)) return ir::dynamicDimVar(e.cast<NameExpr>().id);
  if (const auto* b = e.as<BinOpExpr>()) return bindBinOp(*b);
  fail(e.span, fmt::format("module-level name '{}' has no value here", dottedName(e)),
       "use a number, or an expression of numbers");
}

void PlBinder::bindProgramDecorator(const CallExpr& call) {
  if (!call.args.empty())
    fail(call.args[0]->span, "@pl.program takes keyword arguments only",
         "write @pl.program or @pl.program(strict_ssa=True)");
  for (const auto& kw : call.keywords) {
    if (kw.name != "strict_ssa")
      fail(kw.nameSpan, fmt::format("@pl.program has no keyword argument '{}'", kw.name),
           "expected: strict_ssa");
    if (!kw.value->is<BoolLit>())
      fail(kw.value->span, "strict_ssa must be True or False", "write strict_ssa=True");
    strictSsaProgram_ = kw.value->cast<BoolLit>().value;
  }
}

}  // namespace ptoc::frontend
