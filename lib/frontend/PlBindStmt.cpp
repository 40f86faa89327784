// `pl` binder, statements: assignments (incl. natural re-assignment and tuple
// unpacking), yields, if / for / while (natural and SSA forms), pl.split_aiv regions,
// pl.at and pl.simd_vf scopes, returns. (Stores: PlBindStore.cpp.)
#include <fmt/format.h>

#include <algorithm>

#include "PlBinder.h"
#include "TensorExtents.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"

namespace ptoc::frontend {

namespace {
const CallExpr* callTo(const Expr* e, std::string_view plName) {
  const auto* c = e ? e->as<CallExpr>() : nullptr;
  return c && isPlPath(*c->func, plName) ? c : nullptr;
}
std::string joinStrings(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}
}  // namespace

PlBinder::ScopeGuard::ScopeGuard(PlBinder& binder, std::span<const std::string_view> names)
    : b(binder) {
  for (std::string_view n : names) saved.emplace_back(n, b.lookup(n));
}

PlBinder::ScopeGuard::~ScopeGuard() {
  for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
    if (it->second && it->second->name != it->first)  // an alias (a folded dim, an inline param)
      b.names_.insertOrAssign(it->first, it->second);
    else if (it->second)
      b.bindVar(it->second);
    else
      b.names_.erase(it->first);
  }
}

namespace {

/// `3`, `-3`, `2.5`, `-2.5`: a bare number.
bool isNumericLiteral(const Expr& e) {
  if (e.is<IntLit>() || e.is<FloatLit>()) return true;
  if (const auto* u = e.as<UnaryOpExpr>(); u && u->op == UnaryOpKind::Neg)
    return u->operand->is<IntLit>() || u->operand->is<FloatLit>();
  return false;
}

}  // namespace

ir::VarPtr PlBinder::defineAssigned(std::string_view name, const ir::TypePtr& type, Span span) {
  if (name == "pl" || name == "self")
    fail(span, fmt::format("'{}' cannot be assigned", name), "choose another name");
  if (std::find(inlineParams_.begin(), inlineParams_.end(), name) != inlineParams_.end())
    fail(span,
         fmt::format("@pl.inline function '{}' assigns its parameter '{}'",
                     inlineStack_.back()->name, name),
         "the parameter names the caller's value: assign the new value to another name");
  bool inserted;
  auto& entry = names_.findOrInsert(name, inserted);
  // Natural code: re-assigning a name with the same type re-defines the same variable.
  const ir::VarPtr& existing = entry.value;
  bool strict = blockNames_ && current_ && current_->strictSsa;
  bool again = strict && !blockNames_->insert(name).second;
  if (!inserted && again && name != "_")
    fail(span,
         fmt::format("'{}' is assigned again, but '{}' is strict SSA (strict_ssa=True): every "
                     "name is assigned once",
                     name, current_->name),
         fmt::format("give the new value its own name, or drop strict_ssa=True (first defined "
                     "at line {})",
                     existing->span.valid()
                         ? sm_.lineCol(existing->span.file, existing->span.begin).line
                         : 0));
  // A name bound to a dynamic dimension (a folded pl.tensor.dim) is rebound, never assigned
  // through: the dimension is the extent of an argument.
  if (!inserted && existing->type && type && ir::structuralEqual(*existing->type, *type) &&
      !ir::isDynamicDimVar(*existing))
    return existing;
  // PyPTO's rule: one Python name holds one tensor type (shape and dtype). (Tiles and
  // scalars take a new variable of the new type, as ptoc always did.)
  if (!inserted && !strict && existing->type && type && name != "_") {
    const auto* was = existing->type->as<ir::TensorType>();
    const auto* now = type->as<ir::TensorType>();
    if (was && now && was->isStatic() && now->isStatic() &&
        (was->dtype != now->dtype || was->shape != now->shape))
      fail(span,
           fmt::format("cannot reassign '{}' with a different type: was {}, got {}", name,
                       ir::typeToString(*existing->type), ir::typeToString(*type)),
           "use a different variable name for tensors with different shapes or dtypes");
  }
  auto v = std::make_shared<ir::Var>(std::string(name), type, span);
  entry.key = v->name;
  entry.value = v;
  return v;
}

bool PlBinder::foldTensorDim(const AssignStmt& s, const NameExpr& target) {
  if (!current_ || current_->type != ir::FunctionType::Orchestration || !s.value) return false;
  const auto* call = s.value->as<CallExpr>();
  auto path = call ? plPath(*call->func) : std::nullopt;
  if (!path || *path != "tensor.dim") return false;
  // Every spelling: dim(x, 0), dim(x, axis=0), dim(tensor=x, axis=0).
  const Expr* tensorArg = nullptr;
  const Expr* axisArg = nullptr;
  size_t next = 0;
  for (const auto& kw : call->keywords) {
    if (kw.name == "tensor")
      tensorArg = kw.value.get();
    else if (kw.name == "axis")
      axisArg = kw.value.get();
    else
      return false;
  }
  if (!tensorArg && next < call->args.size()) tensorArg = call->args[next++].get();
  if (!axisArg && next < call->args.size()) axisArg = call->args[next++].get();
  if (!tensorArg || !axisArg || next != call->args.size()) return false;
  const auto* name = tensorArg->as<NameExpr>();
  ir::VarPtr tensorVar = name ? lookup(name->id) : nullptr;
  const auto* tt = tensorVar ? tensorVar->type->as<ir::TensorType>() : nullptr;
  auto axisValue = evalConst(*axisArg);
  const int64_t* axis = axisValue ? std::get_if<int64_t>(&*axisValue) : nullptr;
  if (!tt || !axis) return false;
  int64_t k = *axis < 0 ? *axis + static_cast<int64_t>(tt->shape.size()) : *axis;
  if (k < 0 || k >= static_cast<int64_t>(tt->shape.size())) return false;  // the op reports it
  ir::ExprPtr extent = tt->extents()[static_cast<size_t>(k)];
  if (!ir::isDynamicDimVar(*extent)) return false;
  // Only a dimension the signature declares (its value is defined from an argument).
  bool declared = false;
  for (const auto& p : current_->params)
    if (const auto* pt = p->type->as<ir::TensorType>())
      for (const auto& x : pt->extents()) declared = declared || x.get() == extent.get();
  if (!declared) return false;
  if (s.annotation) {
    const auto* at = bindType(*s.annotation)->as<ir::ScalarType>();
    if (!at || at->dtype != ir::DType::Index) return false;
  }
  if (ir::VarPtr existing = lookup(target.id); existing && !ir::isDynamicDimVar(*existing))
    return false;
  names_.insertOrAssign(target.id, std::static_pointer_cast<const ir::Var>(extent));
  return true;
}

std::vector<ir::VarPtr> PlBinder::defineReturnVars(const YieldInfo& y) {
  std::vector<ir::VarPtr> out;
  for (size_t i = 0; i < y.names.size(); ++i) {
    auto v = std::make_shared<ir::Var>(y.names[i], y.types[i], y.nameSpans[i]);
    bindVar(v);
    out.push_back(v);
  }
  return out;
}

ir::StmtPtr PlBinder::bindBlock(const StmtList& body, Span span,
                                std::optional<YieldInfo>* yieldOut) {
  std::vector<ir::StmtPtr> stmts;
  stmts.reserve(body.size());
  // strict_ssa: the names this block assigns (a nested block may assign a name again).
  BlockNames block(blockNames_);
  bool flat = true;  // checked here, while each new statement is in the cache
  std::vector<ir::StmtPtr>* savedHoisted = hoisted_;
  for (size_t i = 0; i < body.size(); ++i) {
    std::vector<ir::StmtPtr> pre;  // the expansions of @pl.inline calls in the statement
    hoisted_ = &pre;
    ir::StmtPtr s = bindStmt(*body[i], yieldOut, i + 1 == body.size());
    hoisted_ = savedHoisted;
    for (auto& p : pre) {
      flat = flat && !p->isa<ir::SeqStmt>();
      stmts.push_back(std::move(p));
    }
    const StmtKind kind = body[i]->kind;
    if (s) {
      flat = flat && !s->isa<ir::SeqStmt>();
      stmts.push_back(std::move(s));
    }
    if (endsBlock(kind)) break;  // the rest is dead (Ast.h): no later stage may see it
  }
  return flat ? ir::flatSeq(std::move(stmts), span) : ir::makeSeq(std::move(stmts), span);
}

ir::StmtPtr PlBinder::bindStmt(const Stmt& s, std::optional<YieldInfo>* yieldOut, bool isLast) {
  switch (s.kind) {
    case StmtKind::Assign:
      return bindAssign(s.cast<AssignStmt>(), yieldOut, isLast);
    case StmtKind::AugAssign:
      return bindAugAssign(s.cast<AugAssignStmt>());
    case StmtKind::Expr:
      return bindExprStmt(s.cast<ExprStmt>());
    case StmtKind::Return:
      return bindReturn(s.cast<ReturnStmt>());
    case StmtKind::If:
      return bindIf(s.cast<IfStmt>());
    case StmtKind::For:
      return bindFor(s.cast<ForStmt>());
    case StmtKind::While:
      return bindWhileLoop(s.cast<WhileStmt>());
    case StmtKind::With:
      return bindWith(s.cast<WithStmt>(), isLast ? yieldOut : nullptr);
    case StmtKind::Pass:
      return nullptr;
    case StmtKind::Break:
    case StmtKind::Continue:
      return bindLoopJump(s);
    case StmtKind::Import:
    case StmtKind::ImportFrom:
      fail(s.span, "imports are only allowed at the top of the file",
           "move the import above the @pl.program class");
    case StmtKind::FunctionDef:
      fail(s.span, "nested function definitions are not supported",
           "define it as another @pl.function of the program and call it");
    case StmtKind::ClassDef:
      fail(s.span, "nested class definitions are not supported",
           "define the class at the top level of the file");
  }
  throw InternalError("unhandled statement kind");
}

ir::StmtPtr PlBinder::bindLoopJump(const Stmt& s) {
  const bool isBreak = s.kind == StmtKind::Break;
  const char* word = isBreak ? "break" : "continue";
  std::string_view ctx = jumpContext_;
  if (ctx.empty())
    fail(s.span, fmt::format("'{}' outside a loop", word),
         fmt::format("'{}' can only be used inside a for or while loop", word));
  if (ctx == "parallel" || ctx == "unroll")
    fail(s.span, fmt::format("'{}' is not supported in pl.{} loops", word, ctx),
         fmt::format("'{}' can only be used in sequential loops (pl.range, pl.pipeline, "
                     "pl.while_, while)",
                     word));
  if (ctx == "split_aiv")
    fail(s.span, fmt::format("'{}' is not supported inside a pl.split_aiv region", word),
         "a pl.split_aiv body is a scope over the two AIV lanes, not a loop");
  if (ctx.starts_with("pl."))
    fail(s.span, fmt::format("'{}' cannot leave a {} scope", word, ctx),
         "put the whole loop inside the scope, or end the loop with a condition");
  if (isBreak) return std::make_shared<ir::BreakStmt>(s.span);
  return std::make_shared<ir::ContinueStmt>(s.span);
}

ir::StmtPtr PlBinder::bindAssign(const AssignStmt& s, std::optional<YieldInfo>* yieldOut,
                                 bool isLast) {
  if (!s.value)
    fail(s.span, "a declaration without a value is not supported", "write `x: T = value`");
  // `a, b = pl.yield_(x, y)` ends a loop / if body and names its results.
  if (const CallExpr* y = callTo(s.value.get(), "yield_")) {
    if (!yieldOut || !isLast)
      fail(
          y->span, "pl.yield_ is only allowed as the last statement of a loop or if body",
          "loops carry values with init_values=(...); ifs produce values when both branches yield");
    if (!y->keywords.empty())
      fail(y->keywords[0].span, "pl.yield_ takes no keyword arguments",
           "write `x = pl.yield_(value)`");
    if (s.annotation && !s.target->is<NameExpr>())
      fail(s.annotation->span, "only a single pl.yield_ target can be annotated",
           "remove the annotation: the result types come from the yielded values");
    YieldInfo info;
    info.span = s.span;
    std::vector<const Expr*> targets;
    if (const auto* t = s.target->as<TupleExpr>())
      for (const auto& x : t->elts) targets.push_back(x.get());
    else
      targets.push_back(s.target.get());
    for (const Expr* t : targets) {
      const auto* n = t->as<NameExpr>();
      if (!n)
        fail(t->span, "the targets of pl.yield_ must be plain names",
             "write `a, b = pl.yield_(x, y)`");
      info.names.emplace_back(n->id);
      info.nameSpans.push_back(n->span);
    }
    if (targets.size() != y->args.size())
      fail(s.span,
           fmt::format("pl.yield_ has {} target(s) but yields {} value(s)", targets.size(),
                       y->args.size()),
           "name one result per yielded value: `a, b = pl.yield_(x, y)`");
    std::vector<ir::ExprPtr> values;
    for (const auto& a : y->args) {
      values.push_back(bindExpr(*a));
      info.types.push_back(values.back()->type);
      info.valueTexts.push_back(exprText(*a, "the value"));
    }
    if (s.annotation && info.types.size() == 1) {
      // `acc: pl.Tile[...] = pl.yield_(x)` (PyPTO's printer writes it): the annotation must
      // agree with the yielded value.
      BoundAnnotation ann = bindAnnotation(*s.annotation, false);
      mergeAnnotation(ann, info.types[0], s.annotation->span);
    }
    *yieldOut = std::move(info);
    return std::make_shared<ir::YieldStmt>(std::move(values), y->span);
  }
  const Expr& target = *s.target;
  if (const auto* n = target.as<NameExpr>(); n && foldTensorDim(s, *n)) return nullptr;
  if (const auto* n = target.as<NameExpr>()) {
    names_.prefetch(n->id);  // defineAssigned below, after binding the value
    struct AssignTarget {
      PlBinder& b;
      const Expr* savedValue;
      std::string_view savedName;
      AssignTarget(PlBinder& binder, const Expr* value, std::string_view name)
          : b(binder), savedValue(binder.assignValue_), savedName(binder.assignName_) {
        b.assignValue_ = value;
        b.assignName_ = name;
      }
      ~AssignTarget() {
        b.assignValue_ = savedValue;
        b.assignName_ = savedName;
      }
    } assignTarget(*this, s.value.get(), n->id);
    ir::ExprPtr value;
    ir::TypePtr type;
    if (s.annotation) {
      BoundAnnotation ann = bindAnnotation(*s.annotation, false);
      if (const auto* c = s.value->as<CallExpr>())
        value = bindCall(*c, &ann);
      else
        value = bindExpr(*s.value, ann.type);
      // PyPTO reads an integer annotation on an INDEX value (and the reverse) as a
      // conversion: `n: pl.Scalar[pl.INT64] = i * 2`.
      const auto* at = ann.type->as<ir::ScalarType>();
      const auto* vt = value->type->as<ir::ScalarType>();
      if (at && vt && at->dtype != vt->dtype && ir::isInteger(at->dtype) &&
          ir::isInteger(vt->dtype) &&
          (at->dtype == ir::DType::Index || vt->dtype == ir::DType::Index))
        value = ir::cast(value, at->dtype, s.value->span);
      type = mergeAnnotation(ann, value->type, s.annotation->span);
    } else {
      // Natural code re-assigning a scalar name with a literal (`v = 0` after `v = a[i]`
      // of INT32) gives the literal the variable's type, so the name keeps one variable.
      // Only a literal looks the name up here: the probe of a new name's slot would miss
      // the cache before the prefetch above has landed (defineAssigned probes it later).
      bool numericLiteral = isNumericLiteral(*s.value);
      ir::VarPtr existing = numericLiteral ? lookup(n->id) : nullptr;
      const auto* et = existing ? existing->type->as<ir::ScalarType>() : nullptr;
      if (et && numericLiteral && et->dtype != ir::DType::Bool &&
          (ir::isFloat(et->dtype) || s.value->is<IntLit>() ||
           (s.value->is<UnaryOpExpr>() && s.value->cast<UnaryOpExpr>().operand->is<IntLit>())))
        value = bindExpr(*s.value, existing->type);
      else
        value = bindExpr(*s.value);
      type = value->type;
      if (type->isa<ir::UnknownType>())
        fail(s.value->span, "this expression has no value to assign",
             "call it as a statement, without `name =`");
    }
    const auto* call = value->as<ir::Call>();
    if (call && call->op && call->op->id == OpId::MatmulAcc && !call->args.empty())
      if (const auto* acc = call->args[0]->as<ir::Var>(); acc && acc->name == n->id)
        retypeFillIfAccumulated(acc, *type);  // `acc = pl.matmul_acc(acc, ...)` of a Vec fill
    ir::VarPtr v = defineAssigned(n->id, type, n->span);
    if (!s.annotation && call && call->op && call->op->id == OpId::Full &&
        !ir::findAttr(call->kwargs, "target_memory"))
      softFills_.emplace(v.get(), s.value->span.begin);
    return std::make_shared<ir::AssignStmt>(std::move(v), std::move(value), s.span);
  }
  if (const auto* sub = target.as<SubscriptExpr>()) {
    if (s.annotation)
      fail(s.annotation->span, "an element store cannot be annotated",
           "write `t[i, j] = v` without an annotation");
    return bindElementStore(*sub, *s.value, s.span, nullptr);
  }
  if (const auto* tup = target.as<TupleExpr>()) {
    // Names, or (one level down) tuples of names: `(a, b), tid = pl.submit(self.k, ...)` of a
    // kernel with two results (PyPTO's printer writes it).
    std::vector<const NameExpr*> names;
    std::vector<const TupleExpr*> nested(tup->elts.size(), nullptr);
    for (size_t i = 0; i < tup->elts.size(); ++i) {
      const Expr& x = *tup->elts[i];
      const auto* n = x.as<NameExpr>();
      if (const auto* inner = x.as<TupleExpr>()) {
        nested[i] = inner;
        for (const auto& y : inner->elts)
          if (!y->is<NameExpr>())
            fail(y->span, "tuple assignment targets must be plain names",
                 "write `a, b = ...` or `(a, b), c = ...`");
        n = inner->elts.empty() ? nullptr : inner->elts[0]->as<NameExpr>();
      }
      if (!n) fail(x.span, "tuple assignment targets must be plain names", "write `a, b = ...`");
      names.push_back(n);
    }
    bool anyNested = std::any_of(nested.begin(), nested.end(), [](auto* t) { return t; });
    std::vector<ir::StmtPtr> out;
    if (const auto* rt = s.value->as<TupleExpr>()) {
      if (anyNested)
        fail(target.span, "a nested tuple target unpacks the result of a call",
             "write `a, b = x, y` with names");
      // Parallel assignment `a, b = x, y`: evaluate all values first.
      if (rt->elts.size() != names.size())
        fail(
            s.span,
            fmt::format("cannot unpack {} value(s) into {} name(s)", rt->elts.size(), names.size()),
            "give one name per value");
      std::vector<ir::ExprPtr> values;
      for (const auto& x : rt->elts) values.push_back(bindExpr(*x));
      for (size_t i = 0; i < names.size(); ++i)
        out.push_back(std::make_shared<ir::AssignStmt>(
            defineAssigned(names[i]->id, values[i]->type, names[i]->span), values[i], s.span));
      return ir::makeSeq(std::move(out), s.span);
    }
    const Expr* savedUnpack = unpackValue_;
    if (names.size() == 2) unpackValue_ = s.value.get();
    ir::ExprPtr value = bindExpr(*s.value);
    unpackValue_ = savedUnpack;
    const auto* tt = value->type->as<ir::TupleType>();
    if (!tt)
      fail(s.value->span,
           fmt::format("cannot unpack a value of type {}", ir::typeToString(*value->type)),
           "only calls of functions with several results return a tuple");
    if (tt->types.size() != names.size())
      fail(s.span,
           fmt::format("cannot unpack {} value(s) into {} name(s)", tt->types.size(), names.size()),
           "give one name per value of the tuple");
    std::string tmpName;
    for (size_t i = 0; i < names.size(); ++i)
      if (nested[i])
        for (const auto& y : nested[i]->elts) tmpName += std::string(y->cast<NameExpr>().id) + "_";
      else
        tmpName += std::string(names[i]->id) + "_";
    tmpName += "tuple";
    auto tmp = std::make_shared<ir::Var>(tmpName, value->type, s.value->span);
    out.push_back(std::make_shared<ir::AssignStmt>(tmp, value, s.span));
    for (size_t i = 0; i < names.size(); ++i) {
      if (const TupleExpr* inner = nested[i]) {
        const auto* it = tt->types[i]->as<ir::TupleType>();
        if (!it || it->types.size() != inner->elts.size())
          fail(inner->span,
               fmt::format("cannot unpack part {} of type {} into {} name(s)", i,
                           ir::typeToString(*tt->types[i]), inner->elts.size()),
               "give one name per value of that part");
        std::string partName;
        for (const auto& y : inner->elts) partName += std::string(y->cast<NameExpr>().id) + "_";
        partName += "tuple";
        auto part = std::make_shared<ir::Var>(partName, tt->types[i], inner->span);
        out.push_back(std::make_shared<ir::AssignStmt>(
            part,
            std::make_shared<ir::TupleGetItem>(tmp, static_cast<int64_t>(i), tt->types[i],
                                               inner->span),
            s.span));
        for (size_t k = 0; k < inner->elts.size(); ++k) {
          const auto& n = inner->elts[k]->cast<NameExpr>();
          auto get = std::make_shared<ir::TupleGetItem>(part, static_cast<int64_t>(k), it->types[k],
                                                        n.span);
          out.push_back(std::make_shared<ir::AssignStmt>(defineAssigned(n.id, it->types[k], n.span),
                                                         get, s.span));
        }
        continue;
      }
      // A part with no value (the result of a pl.submit of a kernel without results) binds
      // nothing; only `_` may stand for it.
      if (tt->types[i]->isa<ir::UnknownType>()) {
        if (names[i]->id != "_")
          fail(names[i]->span, fmt::format("part {} of this value has no value to assign", i),
               "write `_` for it, e.g. `_, tid = pl.submit(self.kernel, ...)` of a kernel "
               "without results");
        continue;
      }
      auto get = std::make_shared<ir::TupleGetItem>(tmp, static_cast<int64_t>(i), tt->types[i],
                                                    names[i]->span);
      out.push_back(std::make_shared<ir::AssignStmt>(
          defineAssigned(names[i]->id, tt->types[i], names[i]->span), get, s.span));
    }
    return ir::makeSeq(std::move(out), s.span);
  }
  fail(target.span, fmt::format("cannot assign to {}", exprKindName(target.kind)),
       "assign to a name, a tuple of names or an element t[i, j]");
}

ir::StmtPtr PlBinder::bindExprStmt(const ExprStmt& s) {
  const Expr& e = *s.value;
  if (e.is<StrLit>()) return nullptr;  // docstring / comment string
  if (const auto* c = e.as<CallExpr>())
    if (const FunctionDef* def = inlineCallee(*c->func)) {
      expandInline(*def, *c);  // the statements are hoisted; a returned value is dropped
      return nullptr;
    }
  // `pl.yield_()` without values (PyPTO's printer ends bodies without results with it):
  // nothing to yield.
  if (const CallExpr* y = callTo(&e, "yield_"); y && y->args.empty() && y->keywords.empty())
    return nullptr;
  if (callTo(&e, "yield_"))
    fail(e.span, "pl.yield_ needs targets that name the results: `x = pl.yield_(...)`",
         "assign the yielded values: `x_out = pl.yield_(x)`");
  // Compile-time checks (PyPTO evaluates them while parsing): nothing at run time.
  if (const CallExpr* c = callTo(&e, "static_print")) {
    if (c->args.empty())
      fail(c->span, "pl.static_print needs at least one value to print",
           "e.g. pl.static_print(x) or pl.static_print(\"tag\", x)");
    for (const auto& a : c->args)  // the arguments must still make sense (a label is a string)
      if (!a->is<StrLit>()) bindExpr(*a);
    return nullptr;
  }
  if (const CallExpr* c = callTo(&e, "static_assert")) {
    if (c->args.empty() || c->args.size() > 2 || !c->keywords.empty())
      fail(c->span, "pl.static_assert expects (condition, message)",
           "e.g. pl.static_assert(N % 16 == 0, \"N must be a multiple of 16\")");
    std::optional<bool> holds = evalConstBool(*c->args[0]);
    if (!holds)
      fail(c->args[0]->span, "the condition of pl.static_assert must be known at compile time",
           "compare constants (module-level names and literals)");
    if (!*holds) {
      std::string msg = "static assertion failed";
      if (c->args.size() == 2)
        if (const auto* m = c->args[1]->as<StrLit>()) msg += ": " + m->value;
      fail(c->span, msg, "the condition is false for these constants");
    }
    return nullptr;
  }
  if (callTo(&e, "cond"))
    fail(e.span, "pl.cond(...) is only allowed as the first statement of a pl.while_ loop",
         "use an if statement here, or move pl.cond(...) to the top of the pl.while_ body");
  if (const CallExpr* c = callTo(&e, "store_if")) {
    if (c->args.size() != 4 || !c->keywords.empty())
      fail(c->span, "pl.store_if expects (predicate, tile, [indices], value)",
           "e.g. pl.store_if(i < n, t, [i, 0], v)");
    ir::ExprPtr pred = bindExpr(*c->args[0]);
    const auto* pt = pred->type->as<ir::ScalarType>();
    if (!pt || pt->dtype != ir::DType::Bool)
      fail(c->args[0]->span, "the predicate of pl.store_if must be a BOOL scalar",
           "compare explicitly, e.g. i < n");
    // Reuse the element-store path with a synthetic subscript view of (tile, indices).
    ir::ExprPtr base = bindExpr(*c->args[1]);
    const auto* var = base->as<ir::Var>();
    const auto* tile = base->type->as<ir::TileType>();
    if (!var || !tile)
      fail(c->args[1]->span, "pl.store_if needs a tile variable", "pass a tile bound to a name");
    auto indices = bindIndices(*c->args[2], tile->shape.size(), c->args[2]->span);
    ir::ExprPtr value = bindExpr(*c->args[3], ir::ScalarType::get(tile->dtype));
    const auto* st = value->type->as<ir::ScalarType>();
    if (!st || st->dtype != tile->dtype)
      fail(c->args[3]->span,
           fmt::format("pl.store_if stores a {} scalar into this tile", ir::dtypeName(tile->dtype)),
           fmt::format("cast the value: pl.cast(v, pl.{})", ir::dtypeName(tile->dtype)));
    return std::make_shared<ir::BufferStoreStmt>(std::static_pointer_cast<const ir::Var>(base),
                                                 std::move(indices), value, pred, s.span);
  }
  if (e.is<EllipsisLit>()) bindExpr(e);  // says what `...` is for
  if (!e.is<CallExpr>())
    fail(e.span, "this expression statement has no effect", "assign it to a name or remove it");
  ir::ExprPtr value = bindExpr(e);
  return std::make_shared<ir::EvalStmt>(std::move(value), s.span);
}

ir::StmtPtr PlBinder::bindReturn(const ReturnStmt& s) {
  if (!inlineStack_.empty())  // the final return of an inline body is read by expandInline
    fail(s.span, "a @pl.inline function returns only at the end of its body",
         "carry values out with pl.yield_ and return once, at the end");
  if (loopDepth_ > 0 || incoreDepth_ > 0 || simdDepth_ > 0 || regionMode_)
    fail(s.span, "return is only allowed at the end of a function body",
         "carry values out of loops with pl.yield_ and return after the loop");
  std::vector<ir::ExprPtr> values;
  std::vector<const Expr*> asts;
  if (s.value) {
    // `return a, b` and `return (a, b)` are the same in Python: both give several results
    // when the signature declares several (a parenthesized tuple stays one value otherwise).
    const auto* t = s.value->as<TupleExpr>();
    if (t && (!t->parenthesized || current_->returnTypes.size() != 1 ||
              (current_->inferReturns && !current_->returnsInferred)))
      for (const auto& x : t->elts) asts.push_back(x.get());
    else
      asts.push_back(s.value.get());
  }
  if (current_->inferReturns && !current_->returnsInferred) {
    // The first return of a function without `->` declares its results.
    current_->returnsInferred = true;
    for (const Expr* a : asts) {
      values.push_back(bindExpr(*a));
      if (values.back()->type->isa<ir::UnknownType>())
        fail(a->span, "this expression has no value to return",
             "return a value, or call it as a statement");
      current_->returnTypes.push_back(values.back()->type);
      // An extent computed in the body (n = pl.tensor.dim(x, 0)) means nothing to a caller.
      if (const ir::Var* local = localExtentVar(*values.back()->type, current_->params))
        fail(a->span,
             fmt::format("the result type {} names '{}', a value computed in the function body",
                         ir::typeToString(*values.back()->type), local->name),
             "annotate the function's result type (`-> pl.Tensor[[M, 64], pl.FP32]`) in terms "
             "of its parameters and pl.dynamic dimensions");
    }
    return std::make_shared<ir::ReturnStmt>(std::move(values), s.span);
  }
  const auto& expected = current_->returnTypes;
  for (size_t i = 0; i < asts.size(); ++i)
    values.push_back(bindExpr(*asts[i], i < expected.size() ? expected[i] : nullptr));
  // `return self.f(x)` where f has several results and so does this function: the
  // call's tuple is unpacked into the results (`ret_tuple = self.f(x)`, then
  // `return ret_tuple[0], ret_tuple[1]`).
  if (values.size() == 1 && expected.size() > 1) {
    if (const auto* tt = values[0]->type->as<ir::TupleType>();
        tt && tt->types.size() == expected.size()) {
      auto tmp = std::make_shared<ir::Var>("ret_tuple", values[0]->type, asts[0]->span);
      ir::StmtPtr def = std::make_shared<ir::AssignStmt>(tmp, values[0], s.span);
      std::vector<ir::ExprPtr> parts;
      for (size_t k = 0; k < tt->types.size(); ++k)
        parts.push_back(std::make_shared<ir::TupleGetItem>(tmp, static_cast<int64_t>(k),
                                                           tt->types[k], asts[0]->span));
      values = std::move(parts);
      asts.assign(values.size(), asts[0]);
      ir::StmtPtr ret = bindReturnValues(std::move(values), asts, s);
      return ir::makeSeq({def, ret}, s.span);
    }
  }
  return bindReturnValues(std::move(values), asts, s);
}

ir::StmtPtr PlBinder::bindReturnValues(std::vector<ir::ExprPtr> values,
                                       const std::vector<const Expr*>& asts, const ReturnStmt& s) {
  const auto& expected = current_->returnTypes;
  if (values.size() != expected.size())
    fail(s.span,
         fmt::format("function '{}' returns {} value(s) but its signature declares {}",
                     current_->name, values.size(), expected.size()),
         "fix the return statement or the `->` annotation");
  ExtentBindings extents;  // a declared dynamic extent takes the returned one; views unchecked
  for (size_t i = 0; i < values.size(); ++i)
    if (!extentsFit(*values[i]->type, *expected[i], extents))
      fail(asts[i]->span,
           fmt::format("return value {} has type {} but the function declares {}", i,
                       ir::typeToString(*values[i]->type), ir::typeToString(*expected[i])),
           conversionHint(*values[i]->type, *expected[i], exprText(*asts[i]),
                          values[i]->type->isa<ir::UnknownType>()
                              ? std::string("return a value of the declared type")
                              : fmt::format("declare the return type as {}",
                                            ir::printType(*values[i]->type))));
  return std::make_shared<ir::ReturnStmt>(std::move(values), s.span);
}

ir::StmtPtr PlBinder::bindIf(const IfStmt& s) {
  ir::ExprPtr cond = bindExpr(*s.test);
  const auto* ct = cond->type->as<ir::ScalarType>();
  if (!ct || ct->dtype != ir::DType::Bool)
    fail(
        s.test->span,
        fmt::format("an if condition must be a BOOL scalar, got {}", ir::typeToString(*cond->type)),
        "compare explicitly, e.g. `if n > 0:`");
  std::optional<YieldInfo> thenYield, elseYield;
  ir::StmtPtr thenBody = bindBlock(s.body, s.span, &thenYield);
  ir::StmtPtr elseBody;
  if (!s.orelse.empty()) elseBody = bindBlock(s.orelse, s.span, &elseYield);
  std::vector<ir::VarPtr> returnVars;
  if (thenYield || elseYield) {
    if (!thenYield || !elseYield)
      fail((thenYield ? thenYield->span : elseYield->span),
           "only one branch of this if ends with pl.yield_",
           "both branches must yield the same names (add an else branch that yields)");
    if (thenYield->names != elseYield->names)
      fail(elseYield->span,
           fmt::format("the branches of an if must yield the same names: ({}) vs ({})",
                       joinStrings(thenYield->names), joinStrings(elseYield->names)),
           "yield the same names, in the same order, in both branches");
    for (size_t i = 0; i < thenYield->types.size(); ++i)
      if (!ir::structuralEqual(*thenYield->types[i], *elseYield->types[i]))
        fail(elseYield->span,
             fmt::format("'{}' is yielded as {} by one branch and {} by the other",
                         thenYield->names[i], ir::typeToString(*thenYield->types[i]),
                         ir::typeToString(*elseYield->types[i])),
             conversionHint(
                 *elseYield->types[i], *thenYield->types[i],
                 i < elseYield->valueTexts.size() ? elseYield->valueTexts[i] : "the value",
                 "both branches must yield the same type"));
    returnVars = defineReturnVars(*thenYield);
  }
  return std::make_shared<ir::IfStmt>(std::move(cond), std::move(thenBody), std::move(elseBody),
                                      std::move(returnVars), s.span);
}

ir::StmtPtr PlBinder::bindWhileLoop(const WhileStmt& s) {
  ir::ExprPtr cond = bindExpr(*s.test);
  const auto* ct = cond->type->as<ir::ScalarType>();
  if (!ct || ct->dtype != ir::DType::Bool)
    fail(s.test->span,
         fmt::format("a while condition must be a BOOL scalar, got {}",
                     ir::typeToString(*cond->type)),
         "compare explicitly, e.g. `while i < n:`");
  ++loopDepth_;
  std::optional<YieldInfo> y;
  ir::StmtPtr body;
  {
    JumpContext jc(jumpContext_, "while");
    body = bindBlock(s.body, s.span, &y);
  }
  --loopDepth_;
  if (y)
    fail(y->span, "a plain while loop carries no values; pl.yield_ is not allowed here",
         "use `for (x,) in pl.while_(init_values=(x0,)):` to carry values");
  return std::make_shared<ir::WhileStmt>(cond, std::vector<ir::IterArgPtr>{}, body,
                                         std::vector<ir::VarPtr>{}, s.span);
}

}  // namespace ptoc::frontend
