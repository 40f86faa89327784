// `pl` binder, loops and scopes: pl.range / parallel / unroll / pipeline with
// init_values, pl.while_ loops with pl.cond, pl.split_aiv regions, pl.at and
// pl.simd_vf scopes.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "PlBinder.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/target/Target.h"

namespace ptoc::frontend {

std::vector<ir::ExprPtr> PlBinder::bindInitValues(const Expr& value) {
  const ExprList* elts = nullptr;
  if (const auto* t = value.as<TupleExpr>()) elts = &t->elts;
  if (const auto* l = value.as<ListExpr>()) elts = &l->elts;
  if (!elts)
    fail(value.span, "init_values must be a tuple, e.g. init_values=(acc0,)",
         "write a tuple even for one value: init_values=(x,)");
  std::vector<ir::ExprPtr> inits;
  inits.reserve(elts->size());
  for (const auto& x : *elts) inits.push_back(bindExpr(*x));
  return inits;
}

std::vector<ir::VarPtr> PlBinder::bindLoopResults(const YieldInfo& y,
                                                  const std::vector<ir::IterArgPtr>& iterArgs) {
  if (y.types.size() != iterArgs.size())
    fail(y.span,
         fmt::format(
             "iter_args/yield count mismatch: the loop carries {} value(s) but pl.yield_ yields {}",
             iterArgs.size(), y.types.size()),
         "yield one value per init value, in the same order");
  for (size_t i = 0; i < iterArgs.size(); ++i) {
    const auto* yt = y.types[i]->as<ir::TileType>();
    const auto* ct = iterArgs[i]->type->as<ir::TileType>();
    if (yt && ct && yt->memory == ir::MemorySpace::Acc && ct->memory != ir::MemorySpace::Acc &&
        yt->shape == ct->shape && yt->dtype == ct->dtype) {
      const auto* init = iterArgs[i]->init ? iterArgs[i]->init->as<ir::Var>() : nullptr;
      retypeFillIfAccumulated(init, *y.types[i]);  // an unannotated zero fill: bound again
      std::string name = init ? init->name : std::string("acc0");
      fail(y.span,
           fmt::format("pl.yield_ value {} is an Acc accumulator but the loop-carried value '{}' "
                       "starts in {} (type {})",
                       i, iterArgs[i]->name, ct->memory ? toString(*ct->memory) : "no memory space",
                       ir::typeToString(*ct)),
           fmt::format("start the accumulator in Acc: annotate its init, `{}: {} = "
                       "pl.tile.full(...)` (a zero fill in Acc becomes the first matmul's "
                       "overwrite), or start it with pl.matmul",
                       name,
                       ir::printType(*ir::TileType::get(yt->shape, yt->dtype, ir::MemorySpace::Acc,
                                                        std::nullopt))));
    }
    if (!ir::tileFitsDeclared(*y.types[i], *iterArgs[i]->type))
      fail(y.span,
           fmt::format("pl.yield_ value {} has type {} but the loop-carried value '{}' has "
                       "type {}",
                       i, ir::typeToString(*y.types[i]), iterArgs[i]->name,
                       ir::typeToString(*iterArgs[i]->type)),
           conversionHint(*y.types[i], *iterArgs[i]->type,
                          i < y.valueTexts.size() ? y.valueTexts[i] : "the value",
                          "a loop-carried value keeps the type of its init value: yield that "
                          "type, or change the init value"));
  }
  return defineReturnVars(y);
}

ir::StmtPtr PlBinder::bindFor(const ForStmt& s) {
  const auto* call = s.iter->as<CallExpr>();
  auto path = call ? plPath(*call->func) : std::nullopt;
  if (!path)
    fail(s.iter->span,
         "a for loop iterates over pl.range(...), pl.parallel(...), pl.unroll(...), "
         "pl.pipeline(...), pl.split_aiv(...) or pl.while_(...)",
         "e.g. `for i in pl.range(0, n, 1):`");
  if (*path == "split_aiv") return bindSplitAiv(s, *call);
  if (*path == "while_") return bindWhileIterLoop(s, *call);
  if (*path == "spmd") {
    // `for i in pl.spmd(n, ...):` is `with pl.spmd(n, ...):` whose body starts with
    // `i = pl.tile.get_block_idx()` (PyPTO: the loop variable is the block index).
    const auto* name = s.target->as<NameExpr>();
    if (!name)
      fail(s.target->span, "the loop form of pl.spmd binds one block index: `for i in pl.spmd(n):`",
           "write `for i in pl.spmd(4):`");
    return bindRuntimeScope(s.span, s.body, *call, *path, name);
  }
  ir::ForKind kind;
  if (*path == "range")
    kind = ir::ForKind::Serial;
  else if (*path == "parallel")
    kind = ir::ForKind::Parallel;
  else if (*path == "unroll")
    kind = ir::ForKind::Unroll;
  else if (*path == "pipeline")
    kind = ir::ForKind::Pipeline;
  else
    fail(call->func->span, fmt::format("'pl.{}' is not a loop range", *path),
         "use pl.range, pl.parallel, pl.unroll, pl.pipeline, pl.split_aiv or pl.while_");

  // Bounds (evaluated outside the loop).
  if (call->args.empty() || call->args.size() > 3)
    fail(call->span,
         fmt::format("pl.{} expects (stop), (start, stop) or (start, stop, step)", *path),
         fmt::format("e.g. pl.{}(0, 16, 1); loop-carried values go in init_values=(...)", *path));
  std::vector<ir::ExprPtr> bounds;
  const ir::TypePtr indexType = ir::ScalarType::get(ir::DType::Index);
  for (const auto& a : call->args) {
    ir::ExprPtr b = bindExpr(*a, indexType);
    const auto* st = b->type->as<ir::ScalarType>();
    if (!st || !ir::isInteger(st->dtype))
      fail(a->span,
           fmt::format("loop bounds must be integer scalars, got {}", ir::typeToString(*b->type)),
           b->type->isa<ir::ScalarType>()
               ? std::string("cast it: pl.cast(x, pl.INDEX)")
               : std::string("use integer literals or integer scalar values as bounds"));
    bounds.push_back(b);
  }
  auto idx = [&](int64_t v) { return std::make_shared<ir::ConstInt>(v, ir::DType::Index, Span{}); };
  ir::ExprPtr start = bounds.size() >= 2 ? bounds[0] : idx(0);
  ir::ExprPtr stop = bounds.size() >= 2 ? bounds[1] : bounds[0];
  ir::ExprPtr step = bounds.size() == 3 ? bounds[2] : idx(1);
  if (const auto* c = step->as<ir::ConstInt>(); c && c->value == 0)
    fail(call->args[2]->span, "the loop step must not be zero",
         "use a positive step such as 1 (or a negative one to count down)");

  std::vector<ir::ExprPtr> inits;
  ir::AttrList attrs;
  const Keyword* callAttrs = nullptr;
  for (const auto& kw : call->keywords) {
    if (kw.name == "init_values") {
      inits = bindInitValues(*kw.value);
    } else if (kw.name == "stage" && kind == ir::ForKind::Pipeline) {
      // A compile-time integer (a literal, a module constant, a builder parameter).
      auto v = evalConst(*kw.value);
      const int64_t* n = v ? std::get_if<int64_t>(&*v) : nullptr;
      if (!n || *n < 1) fail(kw.value->span, "stage must be a positive integer", "e.g. stage=2");
      attrs.emplace_back("stage", *n);
    } else if (kw.name == "attrs") {
      // PyPTO's loop attributes (`attrs={"pipeline_overlap_stores": False}`): kept and printed
      // back; no ptoc pass reads them.
      callAttrs = &kw;
    } else {
      fail(kw.nameSpan, fmt::format("pl.{} has no keyword argument '{}'", *path, kw.name),
           kind == ir::ForKind::Pipeline ? "expected init_values, stage or attrs"
                                         : "expected init_values or attrs");
    }
  }
  if (callAttrs)
    for (auto& a : bindCallAttrs(*callAttrs, "pl." + *path, 0, false))
      attrs.push_back(std::move(a));
  if (kind == ir::ForKind::Pipeline && !ir::findAttr(attrs, "stage"))
    fail(call->span, "pl.pipeline needs stage=N", "e.g. pl.pipeline(0, n, 1, stage=2)");
  if (kind == ir::ForKind::Unroll && !inits.empty())
    fail(call->span, "pl.unroll loops cannot carry values (init_values)", "use pl.range");

  // Targets: `i` or `i, (a, b)`.
  const NameExpr* loopVarName = nullptr;
  std::vector<const NameExpr*> iterNames;
  bool tupleForm = false;
  if (const auto* n = s.target->as<NameExpr>()) {
    loopVarName = n;
  } else if (const auto* t = s.target->as<TupleExpr>(); t && t->elts.size() == 2) {
    loopVarName = t->elts[0]->as<NameExpr>();
    const auto* inner = t->elts[1]->as<TupleExpr>();
    if (!loopVarName || !inner)
      fail(s.target->span, "loop targets are `i` or `i, (a, b)` with one name per init value",
           "e.g. `for i, (acc,) in pl.range(0, n, 1, init_values=(acc0,)):`");
    tupleForm = true;
    for (const auto& x : inner->elts) {
      const auto* nn = x->as<NameExpr>();
      if (!nn)
        fail(x->span, "loop-carried names must be plain names", "write the names as `(a, b)`");
      iterNames.push_back(nn);
    }
  } else {
    fail(s.target->span, "loop targets are `i` or `i, (a, b)` with one name per init value",
         "e.g. `for i, (acc,) in pl.range(0, n, 1, init_values=(acc0,)):`");
  }
  if (tupleForm && iterNames.size() != inits.size())
    fail(s.target->span,
         fmt::format("iter_args/yield count mismatch: {} loop-carried name(s) but {} init value(s)",
                     iterNames.size(), inits.size()),
         "give one loop-carried name per init value, in the same order");
  if (!tupleForm && !inits.empty())
    fail(s.target->span,
         fmt::format("this loop has {} init value(s); name them: `for {}, (...) in ...`",
                     inits.size(), loopVarName->id),
         fmt::format("e.g. `for {}, (acc,) in ...` for one init value", loopVarName->id));

  auto loopVar =
      std::make_shared<ir::Var>(std::string(loopVarName->id), indexType, loopVarName->span);
  std::vector<ir::IterArgPtr> iterArgs;
  std::vector<std::string_view> scoped{loopVarName->id};
  for (size_t i = 0; i < iterNames.size(); ++i) {
    iterArgs.push_back(std::make_shared<ir::IterArg>(std::string(iterNames[i]->id), inits[i]->type,
                                                     inits[i], iterNames[i]->span));
    scoped.emplace_back(iterNames[i]->id);
  }
  std::optional<YieldInfo> y;
  ir::StmtPtr body;
  {
    ScopeGuard guard(*this, scoped);
    bindVar(loopVar);
    for (const auto& ia : iterArgs) bindVar(ia);
    ++loopDepth_;
    JumpContext jc(jumpContext_, kind == ir::ForKind::Parallel ? "parallel"
                                 : kind == ir::ForKind::Unroll ? "unroll"
                                                               : "range");
    body = bindBlock(s.body, s.span, &y);
    --loopDepth_;
  }
  std::vector<ir::VarPtr> returnVars;
  if (!iterArgs.empty()) {
    if (!y)
      fail(s.span,
           fmt::format("a loop with {} init value(s) must end with `name = pl.yield_(...)` "
                       "yielding {} value(s)",
                       iterArgs.size(), iterArgs.size()),
           [&] {
             std::vector<std::string> n, o;
             for (const auto& a : iterArgs) {
               n.push_back(a->name);
               o.push_back(a->name + "_out");
             }
             return fmt::format(
                 "end the loop body with `{} = pl.yield_({})`, yielding the next value of each "
                 "carried name",
                 fmt::join(o, ", "), fmt::join(n, ", "));
           }());
    returnVars = bindLoopResults(*y, iterArgs);
  } else if (y) {
    fail(y->span, "this loop carries no values; pl.yield_ is not allowed here",
         "add init_values=(...) to the range to carry values");
  }
  return std::make_shared<ir::ForStmt>(std::move(loopVar), std::move(start), std::move(stop),
                                       std::move(step), kind, std::move(iterArgs), std::move(body),
                                       std::move(returnVars), std::move(attrs), s.span);
}

ir::StmtPtr PlBinder::bindWhileIterLoop(const ForStmt& s, const CallExpr& call) {
  if (!call.args.empty())
    fail(call.args[0]->span, "pl.while_ takes only init_values=(...)",
         "the condition goes in the body: `for (a,) in pl.while_(init_values=(a0,)):` then "
         "`pl.cond(a < n)`");
  std::vector<ir::ExprPtr> inits;
  for (const auto& kw : call.keywords) {
    if (kw.name != "init_values")
      fail(kw.nameSpan, fmt::format("pl.while_ has no keyword argument '{}'", kw.name),
           "pl.while_ takes init_values=(...) only");
    inits = bindInitValues(*kw.value);
  }
  const auto* tup = s.target->as<TupleExpr>();
  if (!tup)
    fail(s.target->span,
         "pl.while_ loops name their carried values: `for (a, b) in pl.while_(...)`",
         "e.g. `for (acc,) in pl.while_(init_values=(acc0,)):`");
  if (tup->elts.size() != inits.size())
    fail(s.target->span,
         fmt::format("iter_args/yield count mismatch: {} name(s) but {} init value(s)",
                     tup->elts.size(), inits.size()),
         "give one name per init value, in the same order");
  if (inits.empty())
    fail(call.span, "pl.while_ needs at least one init value; use `while cond:` otherwise",
         "e.g. `for (acc,) in pl.while_(init_values=(acc0,)):`, or a plain `while i < n:` loop");
  std::vector<ir::IterArgPtr> iterArgs;
  std::vector<std::string_view> scoped;
  for (size_t i = 0; i < inits.size(); ++i) {
    const auto* n = tup->elts[i]->as<NameExpr>();
    if (!n)
      fail(tup->elts[i]->span, "loop-carried names must be plain names",
           "write the names as `(a, b)`");
    iterArgs.push_back(
        std::make_shared<ir::IterArg>(std::string(n->id), inits[i]->type, inits[i], n->span));
    scoped.emplace_back(n->id);
  }
  if (s.body.empty())
    fail(s.span, "a pl.while_ loop starts with pl.cond(condition)",
         "make the first statement of the body `pl.cond(a < n)`");
  const auto* first = s.body[0]->as<ExprStmt>();
  const auto* condCall = first ? first->value->as<CallExpr>() : nullptr;
  if (!condCall || !isPlPath(*condCall->func, "cond"))
    fail(s.body[0]->span, "the first statement of a pl.while_ loop must be pl.cond(condition)",
         "move pl.cond(...) to the top of the loop body");
  if (condCall->args.size() != 1)
    fail(condCall->span, "pl.cond takes one condition",
         "combine conditions with and/or: pl.cond(a < n and b > 0)");
  std::optional<YieldInfo> y;
  ir::ExprPtr cond;
  ir::StmtPtr body;
  {
    ScopeGuard guard(*this, scoped);
    for (const auto& ia : iterArgs) bindVar(ia);
    cond = bindExpr(*condCall->args[0]);
    const auto* ct = cond->type->as<ir::ScalarType>();
    if (!ct || ct->dtype != ir::DType::Bool)
      fail(condCall->args[0]->span, "a while condition must be a BOOL scalar",
           "compare explicitly, e.g. pl.cond(i < n)");
    ++loopDepth_;
    JumpContext jc(jumpContext_, "while");
    std::vector<ir::StmtPtr> stmts;
    BlockNames block(blockNames_);
    std::vector<ir::StmtPtr>* savedHoisted = hoisted_;
    for (size_t i = 1; i < s.body.size(); ++i) {
      std::vector<ir::StmtPtr> pre;  // the expansions of @pl.inline calls in the statement
      hoisted_ = &pre;
      ir::StmtPtr st = bindStmt(*s.body[i], &y, i + 1 == s.body.size());
      hoisted_ = savedHoisted;
      for (auto& p : pre) stmts.push_back(std::move(p));
      if (st) stmts.push_back(st);
      if (endsBlock(s.body[i]->kind)) break;  // the rest is dead (Ast.h)
    }
    body = ir::makeSeq(std::move(stmts), s.span);
    --loopDepth_;
  }
  if (!y)
    fail(s.span, "a pl.while_ loop must end with `names = pl.yield_(...)`",
         "end the body with `a_out = pl.yield_(a_next)`, one value per carried name");
  auto returnVars = bindLoopResults(*y, iterArgs);
  return std::make_shared<ir::WhileStmt>(cond, std::move(iterArgs), body, std::move(returnVars),
                                         s.span);
}

ir::StmtPtr PlBinder::bindSplitAiv(const ForStmt& s, const CallExpr& call) {
  ++splitAivRegions_;
  if (regionMode_)
    fail(call.span, "pl.split_aiv regions cannot nest",
         "close the outer region first; sibling regions may use different modes");
  if (simdDepth_ > 0)
    fail(call.span, "a pl.split_aiv region cannot be inside a pl.simd_vf region",
         "put the pl.simd_vf region inside the pl.split_aiv region instead");
  const auto* lane = s.target->as<NameExpr>();
  if (!lane)
    fail(s.target->span,
         "a pl.split_aiv region binds one lane index: `for aiv_id in pl.split_aiv(2, mode=...)`",
         "write `for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):`");
  if (call.args.size() != 1)
    fail(call.span, "pl.split_aiv expects the lane count 2 and mode=pl.SplitMode.X",
         "write pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN)");
  const auto* count = call.args[0]->as<IntLit>();
  if (!count || count->value != 2)
    fail(call.args[0]->span, "pl.split_aiv count must be 2 (one per AIV lane)",
         "write pl.split_aiv(2, mode=...)");
  std::optional<ir::SplitMode> mode;
  for (const auto& kw : call.keywords) {
    if (kw.name != "mode")
      fail(kw.nameSpan, fmt::format("pl.split_aiv has no keyword argument '{}'", kw.name),
           "expected mode");
    ir::AttrValue v = bindAttrValue(*kw.value);
    if (!std::holds_alternative<ir::SplitMode>(v))
      fail(kw.value->span, "mode must be a pl.SplitMode (NONE, UP_DOWN or LEFT_RIGHT)",
           "e.g. mode=pl.SplitMode.UP_DOWN");
    mode = std::get<ir::SplitMode>(v);
  }
  if (!mode)
    fail(call.span, "pl.split_aiv needs mode=pl.SplitMode.UP_DOWN, LEFT_RIGHT or NONE",
         "write pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN)");
  auto laneVar = std::make_shared<ir::Var>(std::string(lane->id),
                                           ir::ScalarType::get(ir::DType::Index), lane->span);
  ir::StmtPtr body;
  {
    std::string_view laneName = lane->id;
    ScopeGuard guard(*this, {&laneName, 1});
    bindVar(laneVar);
    regionMode_ = mode;
    JumpContext jc(jumpContext_, "split_aiv");
    std::optional<YieldInfo> y;
    body = bindBlock(s.body, s.span, &y);
    regionMode_.reset();
    if (y)
      fail(y->span, "a pl.split_aiv region yields no values",
           "assign the values inside the region; the names stay visible after it");
  }
  ir::StmtPtr region = std::make_shared<ir::SplitAivScopeStmt>(*mode, 2, laneVar, body, s.span);
  // A region outside any pl.at scope is wrapped in an InCore scope, whatever the type
  // of the enclosing function, so outline-incore-scopes lifts it into its own function.
  // In an InCore function the wrapper is not outlined (the pass only visits Opaque and
  // Orchestration functions), and lower-auto-vector-split rejects the scope-wrapped
  // region. The one exception is an InCore function stamped "split_aiv": that is
  // outline-incore-scopes' own output, whose regions are bare, and the printed form must
  // parse back to the same IR.
  const ir::AttrValue* splitAiv = ir::findAttr(current_->attrs, ir::fnattr::kSplitAiv);
  bool outlinedRegionFunction = current_->type == ir::FunctionType::InCore && splitAiv &&
                                std::holds_alternative<bool>(*splitAiv) &&
                                std::get<bool>(*splitAiv);
  if (incoreDepth_ == 0 && !outlinedRegionFunction)
    region = std::make_shared<ir::InCoreScopeStmt>(std::nullopt, std::nullopt, std::string(),
                                                   region, s.span);
  return region;
}

ir::StmtPtr PlBinder::bindWith(const WithStmt& s, std::optional<YieldInfo>* yieldOut) {
  if (s.items.size() != 1)
    fail(s.span, "a with statement opens exactly one scope", "nest two with statements instead");
  const WithItem& item = s.items[0];
  const auto* call = item.context->as<CallExpr>();
  auto path = call ? plPath(*call->func) : std::nullopt;
  if (item.target && !(path && (*path == "spmd" || *path == "at")))
    fail(item.target->span,
         path ? fmt::format("`as` is not supported on pl.{} scopes", *path)
              : std::string("`as` is not supported on this scope"),
         "only `with pl.at(...) as tid:` and `with pl.spmd(n) as tid:` name a task id; remove "
         "`as ...`");
  if (path &&
      (*path == "scope" || *path == "manual_scope" || *path == "spmd" || *path == "cluster"))
    return bindRuntimeScope(s.span, s.body, *call, *path, nullptr, item.target.get(), yieldOut);
  if (path && *path == "at") return bindAt(s, *call, item.target.get());
  if (path && *path == "simd_vf") {
    if (simdDepth_ > 0)
      fail(call->span, "pl.simd_vf regions cannot nest", "close the outer pl.simd_vf region first");
    int64_t lanes = 0;
    if (!call->args.empty())
      fail(call->args[0]->span, "pl.simd_vf takes lanes=L", "write `with pl.simd_vf(lanes=64):`");
    for (const auto& kw : call->keywords) {
      if (kw.name != "lanes")
        fail(kw.nameSpan, fmt::format("pl.simd_vf has no keyword argument '{}'", kw.name),
             "write `with pl.simd_vf(lanes=64):`");
      const auto* lit = kw.value->as<IntLit>();
      if (!lit) fail(kw.value->span, "lanes must be an integer literal", "lanes is 64, 128 or 256");
      lanes = lit->value;
    }
    if (!target::isRegisterLaneCount(lanes))
      fail(call->span, fmt::format("pl.simd_vf lanes must be 64, 128 or 256, got {}", lanes),
           "lanes per 256-byte register: 64 for 32-bit, 128 for 16-bit, 256 for 8-bit types");
    ++simdDepth_;
    JumpContext jc(jumpContext_, "pl.simd_vf");
    std::optional<YieldInfo> y;
    ir::StmtPtr body = bindBlock(s.body, s.span, &y);
    --simdDepth_;
    if (y)
      fail(y->span, "a pl.simd_vf region yields no values",
           "assign the values inside the region; the names stay visible after it");
    return std::make_shared<ir::SimdVfScopeStmt>(lanes, body, s.span);
  }
  fail(item.context->span, "unknown scope",
       "expected `with pl.at(level=pl.Level.CORE_GROUP, ...)`, `with pl.simd_vf(lanes=L)`, "
       "`with pl.scope()`, `with pl.manual_scope()`, `with pl.spmd(n)` or `with pl.cluster()`");
}

namespace {

/// Whether a call in `e` (or in `body`) satisfies `pred` (a syntactic walk, before binding).
template <class Pred>
bool anyCallIn(const Expr* e, const Pred& pred) {
  if (!e) return false;
  switch (e->kind) {
    case ExprKind::Call: {
      const auto& c = static_cast<const CallExpr&>(*e);
      if (pred(c) || anyCallIn(c.func.get(), pred)) return true;
      for (const auto& a : c.args)
        if (anyCallIn(a.get(), pred)) return true;
      for (const auto& k : c.keywords)
        if (anyCallIn(k.value.get(), pred)) return true;
      return false;
    }
    case ExprKind::Attribute:
      return anyCallIn(static_cast<const AttributeExpr&>(*e).value.get(), pred);
    case ExprKind::Subscript: {
      const auto& s = static_cast<const SubscriptExpr&>(*e);
      return anyCallIn(s.value.get(), pred) || anyCallIn(s.index.get(), pred);
    }
    case ExprKind::List:
    case ExprKind::Tuple: {
      const ExprList& elts = e->kind == ExprKind::List ? static_cast<const ListExpr&>(*e).elts
                                                       : static_cast<const TupleExpr&>(*e).elts;
      for (const auto& x : elts)
        if (anyCallIn(x.get(), pred)) return true;
      return false;
    }
    case ExprKind::BinOp: {
      const auto& b = static_cast<const BinOpExpr&>(*e);
      return anyCallIn(b.lhs.get(), pred) || anyCallIn(b.rhs.get(), pred);
    }
    case ExprKind::UnaryOp:
      return anyCallIn(static_cast<const UnaryOpExpr&>(*e).operand.get(), pred);
    case ExprKind::IfExpr: {
      const auto& i = static_cast<const IfExpr&>(*e);
      return anyCallIn(i.test.get(), pred) || anyCallIn(i.body.get(), pred) ||
             anyCallIn(i.orelse.get(), pred);
    }
    default:
      return false;
  }
}

template <class Pred>
bool anyCallIn(const StmtList& body, const Pred& pred) {
  for (const auto& sp : body) {
    const Stmt& s = *sp;
    bool hit = false;
    if (const auto* a = s.as<AssignStmt>()) hit = anyCallIn(a->value.get(), pred);
    if (const auto* a = s.as<AugAssignStmt>()) hit = anyCallIn(a->value.get(), pred);
    if (const auto* x = s.as<ExprStmt>()) hit = anyCallIn(x->value.get(), pred);
    if (const auto* r = s.as<ReturnStmt>()) hit = anyCallIn(r->value.get(), pred);
    if (const auto* i = s.as<IfStmt>())
      hit =
          anyCallIn(i->test.get(), pred) || anyCallIn(i->body, pred) || anyCallIn(i->orelse, pred);
    if (const auto* f = s.as<ForStmt>())
      hit = anyCallIn(f->iter.get(), pred) || anyCallIn(f->body, pred);
    if (const auto* w = s.as<WhileStmt>())
      hit = anyCallIn(w->test.get(), pred) || anyCallIn(w->body, pred);
    if (const auto* w = s.as<WithStmt>()) {
      for (const auto& item : w->items) hit = hit || anyCallIn(item.context.get(), pred);
      hit = hit || anyCallIn(w->body, pred);
    }
    if (hit) return true;
  }
  return false;
}

}  // namespace

ir::StmtPtr PlBinder::bindRuntimeScope(Span span, const StmtList& stmts, const CallExpr& call,
                                       std::string_view path, const NameExpr* blockVar,
                                       const Expr* asTarget, std::optional<YieldInfo>* yieldOut) {
  if (incoreDepth_ > 0 || regionMode_ || simdDepth_ > 0)
    fail(call.span, fmt::format("pl.{} is a scope of orchestration code", path),
         "open it outside pl.at scopes and regions");
  ir::RuntimeScopeKind kind = path == "scope"          ? ir::RuntimeScopeKind::Auto
                              : path == "manual_scope" ? ir::RuntimeScopeKind::Manual
                              : path == "spmd"         ? ir::RuntimeScopeKind::Spmd
                                                       : ir::RuntimeScopeKind::Cluster;
  ir::ExprPtr count;
  ir::AttrList attrs;
  const Expr* countExpr = nullptr;
  if (kind == ir::RuntimeScopeKind::Spmd && !call.args.empty()) countExpr = call.args[0].get();
  if (call.args.size() > (kind == ir::RuntimeScopeKind::Spmd ? 1u : 0u))
    fail(call.args.back()->span, fmt::format("pl.{} takes keyword arguments only", path),
         kind == ir::RuntimeScopeKind::Spmd ? "write pl.spmd(n, sync_start=True)"
                                            : fmt::format("write pl.{}()", path));
  const Keyword* depsKw = nullptr;
  for (const auto& kw : call.keywords) {
    std::string_view k = kw.name;
    auto flag = [&] {
      // PyPTO reads only the literals True / False here (not 1 / 0).
      ir::AttrValue v = bindAttrValue(*kw.value);
      if (!std::holds_alternative<bool>(v) || !kw.value->is<BoolLit>())
        fail(kw.value->span, fmt::format("{} must be True or False", k),
             fmt::format("write {}=True", k));
      attrs.emplace_back(std::string(k), v);
    };
    if (kind == ir::RuntimeScopeKind::Auto && k == "mode") {
      if (isPlPath(*kw.value, "ScopeMode.MANUAL"))
        kind = ir::RuntimeScopeKind::Manual;
      else if (!isPlPath(*kw.value, "ScopeMode.AUTO"))
        fail(kw.value->span, fmt::format("unknown scope mode '{}'", dottedName(*kw.value)),
             "expected pl.ScopeMode.AUTO or pl.ScopeMode.MANUAL");
    } else if (kind == ir::RuntimeScopeKind::Spmd && k == "core_num" && !countExpr) {
      countExpr = kw.value.get();
    } else if ((kind == ir::RuntimeScopeKind::Spmd || kind == ir::RuntimeScopeKind::Cluster) &&
               k == "name_hint") {
      const auto* str = kw.value->as<StrLit>();
      if (!str) fail(kw.value->span, "name_hint must be a string", "e.g. name_hint=\"stage1\"");
      attrs.emplace_back("name_hint", str->value);
    } else if (kind == ir::RuntimeScopeKind::Spmd &&
               (k == "sync_start" || k == "allow_early_resolve")) {
      flag();
    } else if (kind == ir::RuntimeScopeKind::Spmd && k == "deps") {
      // PyPTO: explicit deps only on the form that names the dispatch's task id.
      if (!asTarget)
        fail(kw.nameSpan, "pl.spmd does not accept 'deps=' without `as tid`",
             "write `with pl.spmd(n, deps=[...]) as tid:`, or `out, tid = pl.spmd_submit(..., "
             "deps=[...])`");
      if (depsKw) fail(kw.nameSpan, "'deps' is given twice", "keep one");
      depsKw = &kw;
    } else if (kind == ir::RuntimeScopeKind::Spmd && k == "optimizations") {
      if (ir::findAttr(attrs, "split") || ir::findAttr(attrs, "slot_num"))
        fail(kw.nameSpan, "'optimizations' is given twice", "keep one");
      std::optional<ir::SplitMode> split;
      std::optional<int64_t> slots;
      bindOptimizations(kw, "pl.spmd", split, slots);
      if (split) attrs.emplace_back("split", *split);
      if (slots) attrs.emplace_back("slot_num", *slots);
    } else {
      fail(kw.nameSpan,
           fmt::format("pl.{} has no keyword argument '{}'{}", path, k,
                       k == "predicate" ? " supported yet" : ""),
           kind == ir::RuntimeScopeKind::Spmd
               ? "expected core_num, sync_start, name_hint, optimizations, allow_early_resolve, "
                 "deps (with `as tid`)"
           : kind == ir::RuntimeScopeKind::Cluster ? "expected name_hint"
                                                   : "expected mode=pl.ScopeMode.AUTO|MANUAL");
    }
  }
  if (kind == ir::RuntimeScopeKind::Spmd) {
    if (!countExpr)
      fail(call.span, "pl.spmd needs the number of blocks", "write `with pl.spmd(4):`");
    count = bindExpr(*countExpr, ir::ScalarType::get(ir::DType::Index));
    const auto* st = count->type->as<ir::ScalarType>();
    if (!st || !ir::isInteger(st->dtype))
      fail(countExpr->span, "the block count of pl.spmd must be an integer",
           "e.g. pl.spmd(4) or pl.spmd(n)");
    if (const auto* c = count->as<ir::ConstInt>(); c && c->value <= 0)
      fail(countExpr->span, "the block count of pl.spmd must be positive", "e.g. pl.spmd(4)");
  }
  // Canonical attribute order: the keyword order of PyPTO's signature.
  static constexpr std::string_view kOrder[] = {"sync_start", "name_hint", "split", "slot_num",
                                                "allow_early_resolve"};
  std::stable_sort(attrs.begin(), attrs.end(), [](const auto& a, const auto& b) {
    auto rank = [](const std::string& k) {
      return std::find(std::begin(kOrder), std::end(kOrder), k) - std::begin(kOrder);
    };
    return rank(a.first) < rank(b.first);
  });
  for (size_t i = 1; i < attrs.size(); ++i)
    if (attrs[i].first == attrs[i - 1].first)
      fail(call.span, fmt::format("'{}' is given twice", attrs[i].first), "keep one");
  checkRuntimeScopePlacement(span, stmts, call, kind, attrs, blockVar);
  if (asTarget && clusterDepth_ > 0)
    fail(asTarget->span,
         "`with pl.spmd(...) as tid:` cannot capture a task id when nested inside pl.cluster(): "
         "the cluster absorbs the pl.spmd dispatch",
         "use a pl.spmd of its own (outside pl.cluster) to name its task id");
  ir::ExprPtr deps = depsKw ? bindScopeDeps(*depsKw, "pl.spmd") : nullptr;
  std::optional<YieldInfo> y;
  ir::StmtPtr body;
  {
    // The scope is not a loop: `break` / `continue` cannot leave it (even the loop form).
    JumpContext jc(jumpContext_, kind == ir::RuntimeScopeKind::Spmd      ? "pl.spmd"
                                 : kind == ir::RuntimeScopeKind::Cluster ? "pl.cluster"
                                                                         : jumpContext_);
    std::vector<std::string_view> scoped;
    if (blockVar) scoped.push_back(blockVar->id);
    ScopeGuard guard(*this, scoped);
    ir::StmtPtr idx;
    if (blockVar) {
      const OpDef* op = ops_.find("tile.get_block_idx");
      if (!op) throw InternalError("tile.get_block_idx is not registered");
      ir::ExprPtr call0 = createOpCall(*op, {}, {}, blockVar->span, diag_, {}, {});
      auto v = std::make_shared<ir::Var>(std::string(blockVar->id), call0->type, blockVar->span);
      bindVar(v);
      idx = std::make_shared<ir::AssignStmt>(v, call0, blockVar->span);
    }
    bool spmd = kind == ir::RuntimeScopeKind::Spmd;
    bool manual = kind == ir::RuntimeScopeKind::Manual;
    bool cluster = kind == ir::RuntimeScopeKind::Cluster;
    spmdDepth_ += spmd;
    manualScopeDepth_ += manual;
    clusterDepth_ += cluster;
    body = bindBlock(stmts, span, &y);
    spmdDepth_ -= spmd;
    manualScopeDepth_ -= manual;
    clusterDepth_ -= cluster;
    if (idx) body = ir::makeSeq({idx, body}, span);
  }
  ir::StmtPtr trailingYield;
  if (y && yieldOut && !yieldOut->has_value() &&
      (kind == ir::RuntimeScopeKind::Auto || kind == ir::RuntimeScopeKind::Manual)) {
    // PyPTO: `with pl.scope():` as the last statement of a loop body may end with the loop's
    // pl.yield_. The scope is transparent, so the yield is the same after it (and printed so).
    std::vector<ir::StmtPtr> inner = ir::flattenStmts(body);
    if (!inner.empty() && inner.back()->isa<ir::YieldStmt>()) {
      trailingYield = inner.back();
      inner.pop_back();
      body = ir::flatSeq(std::move(inner), body->span);
      *yieldOut = std::move(*y);
      y.reset();
    }
  }
  if (y)
    fail(y->span, fmt::format("a pl.{} scope yields no values", path),
         "assign the values inside the scope; the names stay visible after it");
  std::vector<ir::VarPtr> taskId;
  if (asTarget) taskId.push_back(bindScopeTaskId(*asTarget, "pl.spmd"));
  ir::StmtPtr scope = std::make_shared<ir::RuntimeScopeStmt>(
      kind, std::move(count), std::move(attrs), std::move(deps), std::move(body), std::move(taskId),
      span);
  if (trailingYield) return ir::makeSeq({scope, trailingYield}, span);
  return scope;
}

void PlBinder::checkRuntimeScopePlacement(Span span, const StmtList& stmts, const CallExpr& call,
                                          ir::RuntimeScopeKind kind, const ir::AttrList& attrs,
                                          const NameExpr* blockVar) {
  (void)span;
  if (kind == ir::RuntimeScopeKind::Manual && manualScopeDepth_ > 0)
    fail(call.span, "a manual scope cannot be nested inside another manual scope",
         "merge it into the enclosing manual scope, or move it out");
  if (kind == ir::RuntimeScopeKind::Auto) {
    const bool* autoScope =
        current_ ? ir::getAttr<bool>(current_->attrs, ir::fnattr::kAutoScope) : nullptr;
    if (!autoScope || *autoScope)
      fail(call.span,
           fmt::format("'{}' places AUTO scopes itself (auto_scope=True, the default): a "
                       "hand-written `with pl.scope():` needs @pl.function(auto_scope=False)",
                       current_ ? current_->name : std::string("this function")),
           "add auto_scope=False to the decorator, or write pl.manual_scope() for manual "
           "dependencies");
    if (manualScopeDepth_ > 0)
      fail(call.span, "an AUTO scope cannot be nested inside a manual scope",
           "move it out of the manual scope (the runtime does not run AUTO inside MANUAL)");
  }
  if (kind != ir::RuntimeScopeKind::Spmd) return;
  if (clusterDepth_ > 0) {
    const bool* early = ir::getAttr<bool>(attrs, "allow_early_resolve");
    if (early && *early)
      fail(call.span,
           "pl.spmd(..., allow_early_resolve=True) cannot be nested inside pl.cluster(): the "
           "cluster absorbs the pl.spmd and its early-resolve hint would be lost",
           "use a pl.spmd of its own (outside pl.cluster) to keep the hint");
  }
  if (blockVar) return;
  // `with pl.spmd(n):` runs its body on n blocks: the body must tell them apart (read the
  // block index) or launch a kernel that does, else every block does the same work.
  bool distinguishes = anyCallIn(stmts, [&](const CallExpr& c) {
    if (isPlPath(*c.func, "tile.get_block_idx") || isPlPath(*c.func, "get_block_idx") ||
        isPlPath(*c.func, "at") || isPlPath(*c.func, "submit") || isPlPath(*c.func, "spmd_submit"))
      return true;
    const auto* a = c.func->as<AttributeExpr>();
    return a && a->value->is<NameExpr>() && a->value->as<NameExpr>()->id == "self";
  });
  if (!distinguishes)
    fail(call.span,
         "the body of `with pl.spmd(...)` neither reads the block index nor launches a kernel: "
         "every block would do the same work",
         "read it with `i = pl.tile.get_block_idx()`, launch self.kernel(...), or write "
         "`for i in pl.spmd(n):`");
}

}  // namespace ptoc::frontend
