// `pl` binder, the pl.at scope: `with pl.at(level=..., role=..., optimizations=[...],
// deps=[...], no_dep_args=[...], dumps=[...], allow_early_resolve=, name_hint=, windowize=)
// [as tid]:`. CORE_GROUP makes an InCore scope; any other level a hierarchy scope (a
// RuntimeScopeStmt of kind Hierarchy). Also the task keywords shared with pl.spmd: deps= and
// the `as tid` variable.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "PlBinder.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Printer.h"

namespace ptoc::frontend {

bool isHostLevelOrAbove(std::string_view level) {
  static constexpr std::string_view kBelowHost[] = {"AIV",     "AIC",  "CORE_GROUP", "CHIP_DIE",
                                                    "L2CACHE", "CHIP", "PROCESSOR",  "UMA"};
  return std::find(std::begin(kBelowHost), std::end(kBelowHost), level) == std::end(kBelowHost);
}

namespace {

bool isTaskIdType(const ir::Type& t) {
  if (const auto* s = t.as<ir::ScalarType>()) return s->dtype == ir::DType::TaskId;
  if (const auto* h = t.as<ir::HandleType>())
    return h->handle == ir::HandleKind::Array && h->dtype == ir::DType::TaskId;
  return false;
}

}  // namespace

ir::ExprPtr PlBinder::bindScopeDeps(const Keyword& kw, std::string_view form) {
  const auto* list = kw.value->as<ListExpr>();
  if (!list)
    fail(kw.value->span, fmt::format("deps= of {} must be a list of task ids", form),
         "write deps=[tid] or deps=[t1, t2] (None for no producer)");
  std::vector<ir::ExprPtr> elts;
  for (const auto& x : list->elts) {
    if (x->is<ListExpr>())
      fail(x->span, "nested lists are not supported", "write one flat list, e.g. deps=[a, b]");
    ir::ExprPtr d = bindExpr(*x);
    if (!isTaskIdType(*d->type))
      fail(x->span,
           fmt::format("a deps= entry of {} must be a task id (Scalar[TASK_ID] or an "
                       "Array[N, TASK_ID]), got {}",
                       form, ir::typeToString(*d->type)),
           "pass the `as tid` of a scope or the tid of `out, tid = pl.submit(...)`, or None");
    elts.push_back(std::move(d));
  }
  return ir::makeTuple(std::move(elts), kw.value->span);
}

ir::ExprPtr PlBinder::bindScopeTensorList(const Keyword& kw, std::string_view form) {
  const auto* list = kw.value->as<ListExpr>();
  if (!list)
    fail(kw.value->span, fmt::format("{}({}=...) must be a list of tensor names", form, kw.name),
         fmt::format("write {}=[t1, t2] with tensors the scope reads or writes", kw.name));
  std::vector<ir::ExprPtr> elts;
  for (const auto& x : list->elts) {
    const auto* n = x->as<NameExpr>();
    if (!n)
      fail(x->span, fmt::format("{}({}=[...]) entries must be bare tensor names", form, kw.name),
           fmt::format("write {}=[t] with `t` a tensor of the function", kw.name));
    ir::VarPtr v = lookup(n->id);
    if (!v)
      fail(x->span,
           fmt::format("{}({}=[...]) names '{}', which is not defined", form, kw.name, n->id),
           "each entry names a tensor defined before the scope");
    if (!v->type->isa<ir::TensorType>())
      fail(x->span,
           fmt::format("{}({}=[...]) entry '{}' is not a tensor (it has type {})", form, kw.name,
                       n->id, ir::typeToString(*v->type)),
           "only tensors take part in dependency tracking and dumps");
    for (const auto& e : elts)
      if (e.get() == v.get())
        fail(x->span, fmt::format("{}({}=[...]) lists '{}' twice", form, kw.name, n->id),
             "list each tensor once");
    elts.push_back(v);
  }
  return ir::makeTuple(std::move(elts), kw.value->span);
}

ir::VarPtr PlBinder::bindScopeTaskId(const Expr& target, std::string_view form) {
  const auto* n = target.as<NameExpr>();
  if (!n)
    fail(target.span, fmt::format("the `as` target of {} must be a plain variable name", form),
         "write `as tid` (one name: the task id of the scope)");
  return defineAssigned(n->id, ir::ScalarType::get(ir::DType::TaskId), n->span);
}

void PlBinder::bindOptimizations(const Keyword& kw, std::string_view form,
                                 std::optional<ir::SplitMode>& split,
                                 std::optional<int64_t>& slots) {
  const auto* list = kw.value->as<ListExpr>();
  if (!list)
    fail(kw.value->span,
         fmt::format("{}(optimizations=...) must be a list, e.g. [pl.split(pl.SplitMode.UP_DOWN)]",
                     form),
         "wrap it in [...] even for one entry");
  for (const auto& o : list->elts) {
    const auto* oc = o->as<CallExpr>();
    auto op = oc ? plPath(*oc->func) : std::nullopt;
    if (op && op->rfind("optimizations.", 0) == 0) op = op->substr(14);  // the long spelling
    if (op && *op == "split") {
      if (split)
        fail(o->span, "pl.split is given twice", "keep one pl.split(...) in optimizations");
      if (oc->args.size() != 1)
        fail(oc->span, "pl.split expects one pl.SplitMode", "write pl.split(pl.SplitMode.UP_DOWN)");
      ir::AttrValue v = bindAttrValue(*oc->args[0]);
      if (!std::holds_alternative<ir::SplitMode>(v))
        fail(oc->args[0]->span, "pl.split expects a pl.SplitMode (NONE, UP_DOWN or LEFT_RIGHT)",
             "write pl.split(pl.SplitMode.UP_DOWN)");
      split = std::get<ir::SplitMode>(v);
      for (const auto& skw : oc->keywords) {
        if (skw.name != "slot_num")
          fail(skw.nameSpan, fmt::format("pl.split has no keyword argument '{}'", skw.name),
               "pl.split takes a mode and slot_num=N");
        const auto* lit = skw.value->as<IntLit>();
        if (!lit || lit->value <= 0)
          fail(skw.value->span, "slot_num must be a positive integer", "e.g. slot_num=2");
        if (slots) fail(skw.span, "slot_num is given twice", "keep one slot_num");
        slots = lit->value;
      }
    } else if (op && *op == "cross_core_slot") {
      if (slots)
        fail(o->span, "the slot count is given twice",
             "give slot_num either in pl.split(...) or in pl.cross_core_slot(...), once");
      if (!oc->args.empty() || oc->keywords.size() != 1 || oc->keywords[0].name != "slot_num")
        fail(oc->span, "pl.cross_core_slot expects slot_num=N",
             "write pl.cross_core_slot(slot_num=2)");
      const auto* lit = oc->keywords[0].value->as<IntLit>();
      if (!lit || lit->value <= 0)
        fail(oc->keywords[0].value->span, "slot_num must be a positive integer", "e.g. slot_num=2");
      slots = lit->value;
    } else {
      fail(o->span,
           fmt::format("unknown optimization '{}' in {}(optimizations=[...])",
                       dottedName(oc ? *oc->func : *o), form),
           "expected pl.split(pl.SplitMode.X) or pl.cross_core_slot(slot_num=N)");
    }
  }
}

ir::StmtPtr PlBinder::bindAt(const WithStmt& s, const CallExpr& call, const Expr* target) {
  if (call.args.size() > 2)
    fail(call.args[2]->span, "pl.at takes at most 2 positional arguments (level, role)",
         "write pl.at(level=pl.Level.CORE_GROUP) or pl.at(pl.Level.HOST, pl.Role.Orchestrator)");
  std::optional<std::string> level, role;
  // The member of pl.Level.X / pl.Role.X, checked.
  auto enumMember = [&](const Expr& e, bool isLevel) {
    std::span<const std::string_view> known =
        isLevel ? std::span<const std::string_view>(kLevelNames) : kRoleNames;
    std::string prefix = isLevel ? "Level." : "Role.";
    auto path = plPath(e);
    std::string member =
        path && path->rfind(prefix, 0) == 0 ? path->substr(prefix.size()) : std::string();
    if (std::find(known.begin(), known.end(), member) == known.end())
      fail(e.span, fmt::format("unknown {} '{}'", isLevel ? "level" : "role", dottedName(e)),
           fmt::format("expected pl.{}X with X one of: {}", prefix, fmt::join(known, ", ")));
    return member;
  };
  auto boolLiteral = [&](const Keyword& kw) {
    const auto* b = kw.value->as<BoolLit>();
    if (!b)
      fail(kw.value->span, fmt::format("pl.at {}= must be a boolean literal (True/False)", kw.name),
           fmt::format("write {}=True", kw.name));
    return b->value;
  };
  if (call.args.size() >= 1) level = enumMember(*call.args[0], true);
  if (call.args.size() >= 2) role = enumMember(*call.args[1], false);
  std::optional<ir::SplitMode> split;
  std::optional<int64_t> slots;
  std::string nameHint;
  const Keyword* depsKw = nullptr;
  const Keyword* noDepKw = nullptr;
  const Keyword* dumpsKw = nullptr;
  const Keyword* optKw = nullptr;
  bool early = false, windowize = false;
  std::vector<std::string_view> seen;
  for (const auto& kw : call.keywords) {
    if (std::find(seen.begin(), seen.end(), kw.name) != seen.end() ||
        (kw.name == "level" && level) || (kw.name == "role" && role))
      fail(kw.nameSpan, fmt::format("pl.at got multiple values for argument '{}'", kw.name),
           "give each argument once");
    seen.push_back(kw.name);
    if (kw.name == "level") {
      level = enumMember(*kw.value, true);
    } else if (kw.name == "role") {
      role = enumMember(*kw.value, false);
    } else if (kw.name == "optimizations") {
      optKw = &kw;
      bindOptimizations(kw, "pl.at", split, slots);
    } else if (kw.name == "name_hint") {
      const auto* str = kw.value->as<StrLit>();
      if (!str) fail(kw.value->span, "name_hint must be a string", "e.g. name_hint=\"attn\"");
      nameHint = str->value;
      bool ok = !nameHint.empty() && !std::isdigit(static_cast<unsigned char>(nameHint[0]));
      for (char c : nameHint) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
      if (!ok)
        fail(kw.value->span, "name_hint must be a valid identifier",
             "use letters, digits and '_', not starting with a digit");
    } else if (kw.name == "deps") {
      depsKw = &kw;
    } else if (kw.name == "no_dep_args") {
      noDepKw = &kw;
    } else if (kw.name == "dumps") {
      dumpsKw = &kw;
    } else if (kw.name == "allow_early_resolve") {
      early = boolLiteral(kw);
    } else if (kw.name == "windowize") {
      windowize = boolLiteral(kw);
    } else {
      fail(kw.nameSpan, fmt::format("pl.at has no keyword argument '{}'", kw.name),
           "expected level, role, optimizations, deps, no_dep_args, dumps, allow_early_resolve, "
           "name_hint or windowize");
    }
  }
  if (!level)
    fail(call.span, "pl.at needs a level",
         "write `with pl.at(level=pl.Level.CORE_GROUP):` (or pl.Level.HOST, CHIP, ...)");
  bool coreGroup = *level == "CORE_GROUP";
  if (!coreGroup && (split || slots))
    fail(optKw ? optKw->span : call.span,
         fmt::format("optimizations=[...] applies to level=pl.Level.CORE_GROUP scopes only, not "
                     "pl.Level.{}",
                     *level),
         "use pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)])");
  if (coreGroup && role)
    fail(call.span, "role= is not supported with level=pl.Level.CORE_GROUP",
         "drop role= for an InCore scope, or use another level for a hierarchy scope");
  if (!coreGroup && role && *role == "SubWorker" && isHostLevelOrAbove(*level))
    fail(call.span,
         fmt::format("an inline `with pl.at(level=pl.Level.{}, role=pl.Role.SubWorker)` scope is "
                     "not supported",
                     *level),
         "declare the sub-worker as a function: @pl.function(level=..., "
         "role=pl.Role.SubWorker)");
  if (incoreDepth_ > 0)
    fail(call.span, "pl.at scopes cannot nest in a CORE_GROUP scope",
         "remove the inner pl.at: its body is already inside a CORE_GROUP scope");
  if (regionMode_ || simdDepth_ > 0)
    fail(call.span, "a pl.at scope cannot be inside a region",
         "put the pl.split_aiv / pl.simd_vf region inside the pl.at scope");
  if (!coreGroup) {
    for (const Keyword* k : {noDepKw, dumpsKw})
      if (k)
        fail(k->nameSpan,
             fmt::format("{}= applies to level=pl.Level.CORE_GROUP scopes only", k->name),
             "the captured tensors of a hierarchy scope are not a kernel's arguments");
    if (early || windowize)
      fail(call.span,
           "allow_early_resolve= and windowize= apply to level=pl.Level.CORE_GROUP scopes only",
           "drop them from the hierarchy scope");
  }
  // The keyword lists are read before the body: they name values defined before the scope.
  ir::ExprPtr deps = depsKw ? bindScopeDeps(*depsKw, "pl.at") : nullptr;
  ir::ExprPtr noDep = noDepKw ? bindScopeTensorList(*noDepKw, "pl.at") : nullptr;
  ir::ExprPtr dumps = dumpsKw ? bindScopeTensorList(*dumpsKw, "pl.at") : nullptr;
  std::optional<YieldInfo> y;
  ir::StmtPtr body;
  int regionsBefore = splitAivRegions_;
  {
    incoreDepth_ += coreGroup;
    JumpContext jc(jumpContext_, "pl.at");
    body = bindBlock(s.body, s.span, &y);
    incoreDepth_ -= coreGroup;
  }
  // The same rule outline-incore-scopes enforces, reported when the program is read.
  if (split && splitAivRegions_ != regionsBefore)
    fail(s.span,
         fmt::format("a pl.at scope with optimizations=[pl.split(pl.SplitMode.{})] cannot also "
                     "hold pl.split_aiv regions: the function-level split and the per-region "
                     "modes are mutually exclusive",
                     ir::toString(*split)),
         "drop pl.split(...) (each region carries its own mode); to size the cross-core pipe "
         "use optimizations=[pl.cross_core_slot(slot_num=N)] instead");
  if (y)
    fail(y->span, "a pl.at scope yields no values",
         "remove the pl.yield_: only loops and if statements yield values");
  std::vector<ir::VarPtr> taskId;
  if (target) taskId.push_back(bindScopeTaskId(*target, "pl.at"));
  if (!coreGroup) {
    ir::AttrList attrs{{"level", *level}};
    if (role) attrs.emplace_back("role", *role);
    if (!nameHint.empty()) attrs.emplace_back("name_hint", nameHint);
    return std::make_shared<ir::RuntimeScopeStmt>(ir::RuntimeScopeKind::Hierarchy, nullptr,
                                                  std::move(attrs), std::move(deps),
                                                  std::move(body), std::move(taskId), s.span);
  }
  ir::AttrList attrs;
  if (early) attrs.emplace_back("allow_early_resolve", true);
  if (windowize) attrs.emplace_back(ir::fnattr::kWindowize, true);
  return std::make_shared<ir::InCoreScopeStmt>(split, slots, nameHint, std::move(attrs),
                                               std::move(deps), std::move(noDep), std::move(dumps),
                                               std::move(body), std::move(taskId), s.span);
}

}  // namespace ptoc::frontend
