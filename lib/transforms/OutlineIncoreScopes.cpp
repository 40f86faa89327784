// outline-incore-scopes: every `with pl.at(level=pl.Level.CORE_GROUP, ...)` scope of
// an Opaque or Orchestration function becomes a Function of type InCore, inserted
// right before the function it came from; the scope is replaced by a call of it and
// assignments of its results. docs/passes/outline-incore-scopes.md is the contract.
//
// - Parameters = the scope body's live-in values (analysis::liveIn) in first-use order;
//   results = values the body defines and the function reads after the scope.
// - A captured value the body writes through an op's Write / ReadWrite argument slot
//   (tile.store's output tensor, ...), a callee's Out / InOut parameter or an element
//   store becomes an Out parameter, InOut when the body also reads it. A result that
//   is such a write (the tile.store result) is returned as the parameter itself.
// - Names: the scope's name_hint, else `<func>_incore_<k>`; collisions are resolved.
// - Attrs: scope split (not NONE) -> "split"; pl.split_aiv regions in the body ->
//   "split_aiv": True and, when all regions share one mode other than NONE, "split";
//   scope slot_num -> "slot_num"; a body with a pld.system.defer_wait ->
//   "deferred_completion_waiter": True (expand-mixed-kernel checks that contract); scope
//   windowize=True -> "windowize". A scope with both pl.split(...) and regions is an error.
// - A scope with `as tid`, deps= or allow_early_resolve= becomes a task launch:
//   `t = system.submit((args), (deps); kernel=f)`, its results t[0] (the tuple of the
//   results when several) and its task id t[1] bound to the scope's `as` variable.
//   no_dep_args= / dumps= are reported (not outlined yet).
// - An Opaque parent that outlined a scope becomes Orchestration. InCore, AIC, AIV and
//   Group functions are left alone.
// Requires SSAForm; produces SSAForm, SplitIncoreOrch, AivSplitValid.
#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "expand/DeferredWaiter.h"
#include "ptoc/analysis/Liveness.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

// ---------------------------------------------------------------------------
// Facts about a scope body

/// The modes of the pl.split_aiv regions a statement holds (any depth), and whether
/// a nested pl.at scope is present (the binder never builds one).
class RegionScan final : public IRVisitor {
 public:
  std::vector<SplitMode> modes;
  const InCoreScopeStmt* nestedScope = nullptr;
  void visitExpr(const ExprPtr&) override {}  // regions and scopes are statements

 protected:
  void visitSplitAivScope(const SplitAivScopeStmt& s) override {
    modes.push_back(s.mode);
    IRVisitor::visitSplitAivScope(s);
  }
  void visitInCoreScope(const InCoreScopeStmt& s) override {
    if (!nestedScope) nestedScope = &s;
    IRVisitor::visitInCoreScope(s);
  }
};

bool containsInCoreScope(const Function& f) {
  RegionScan scan;
  scan.visitStmt(f.body);
  return scan.nestedScope != nullptr;
}

/// Read / write evidence for the captured values of a scope body.
/// - A write is an argument in a slot the op declares Write / ReadWrite (or a callee's
///   Out / InOut parameter), or an element store into it. A Write slot is not a read.
/// - Aliases: the tensor result of a write (`c1 = pl.store(t, offs, c0)`) names the
///   buffer of c0, and so do plain copies, iter args initialized from it and the results
///   of loops / ifs that yield it. Reads and writes of an alias count for the captured
///   value; passing it along (init, yield, copy) is neither.
/// - Every other appearance is a read.
class DirectionScan final : public IRVisitor {
 public:
  DirectionScan(const Program& program, const std::vector<VarPtr>& inputs) : program_(program) {
    for (size_t i = 0; i < inputs.size(); ++i) root_[inputs[i].get()] = i;
    read.assign(inputs.size(), false);
    written.assign(inputs.size(), false);
  }
  std::vector<bool> read, written;
  /// The captured value `v` names (itself or through aliases), if any.
  std::optional<size_t> rootOf(const Var& v) const {
    const size_t* root = root_.find(&v);
    if (!root) return std::nullopt;
    return *root;
  }

 protected:
  void visitVar(const Var& v) override {
    if (auto r = rootOf(v)) read[*r] = true;
  }
  void visitCall(const Call& c) override {
    for (size_t i = 0; i < c.args.size(); ++i) {
      std::optional<size_t> r = directRoot(c.args[i]);
      if (!r) {
        visitExpr(c.args[i]);
        continue;
      }
      MemoryEffect effect = argEffect(c, i);
      if (writesMemory(effect)) written[*r] = true;
      if (effect != MemoryEffect::Write) read[*r] = true;
    }
  }
  void visitAssign(const AssignStmt& s) override {
    if (auto r = directRoot(s.value)) {  // a copy
      root_[s.var.get()] = *r;
      return;
    }
    visitExpr(s.value);
    const auto* c = s.value->as<Call>();
    if (!c || !s.var->type->isa<TensorType>()) return;
    for (size_t i = 0; i < c->args.size(); ++i) {
      auto r = directRoot(c->args[i]);
      if (r && writesMemory(argEffect(*c, i)) && sameType(c->args[i]->type, s.var->type))
        root_[s.var.get()] = *r;
    }
  }
  void visitBufferStore(const BufferStoreStmt& s) override {
    if (auto r = rootOf(*s.buffer)) written[*r] = true;
    for (const auto& i : s.indices) visitExpr(i);
    visitExpr(s.value);
    visitExpr(s.predicate);
  }
  void visitYield(const YieldStmt& s) override {
    for (const auto& v : s.values)
      if (!directRoot(v)) visitExpr(v);  // passing a value along is not a read
  }
  void visitFor(const ForStmt& s) override {
    visitExpr(s.start);
    visitExpr(s.stop);
    visitExpr(s.step);
    carryIn(s.iterArgs);
    visitStmt(s.body);
    carryOut(s.returnVars, {trailingYield(s.body)});
  }
  void visitWhile(const WhileStmt& s) override {
    carryIn(s.iterArgs);
    visitExpr(s.cond);
    visitStmt(s.body);
    carryOut(s.returnVars, {trailingYield(s.body)});
  }
  void visitIf(const IfStmt& s) override {
    visitExpr(s.cond);
    visitStmt(s.thenBody);
    visitStmt(s.elseBody);
    carryOut(s.returnVars,
             {trailingYield(s.thenBody), s.elseBody ? trailingYield(s.elseBody) : nullptr});
  }

 private:
  const Program& program_;
  PtrMap<Var, size_t> root_;  // flat: looked up at every variable read

  std::optional<size_t> directRoot(const ExprPtr& e) const {
    const auto* v = e ? e->as<Var>() : nullptr;
    return v ? rootOf(*v) : std::nullopt;
  }
  void carryIn(const std::vector<IterArgPtr>& iterArgs) {
    for (const auto& ia : iterArgs) {
      if (auto r = directRoot(ia->init))
        root_[ia.get()] = *r;
      else
        visitExpr(ia->init);
    }
  }
  /// Result i aliases a captured value when every yield passes that value along; a
  /// passed-along value whose result cannot be tracked counts as read (conservative).
  void carryOut(const std::vector<VarPtr>& results, const std::vector<const YieldStmt*>& yields) {
    for (size_t i = 0; i < results.size(); ++i) {
      std::vector<std::optional<size_t>> passed;
      for (const YieldStmt* y : yields)
        passed.push_back(y && i < y->values.size() ? directRoot(y->values[i]) : std::nullopt);
      bool agree = true;
      for (const auto& r : passed) agree = agree && r && *r == *passed.front();
      if (agree) {
        root_[results[i].get()] = *passed.front();
        continue;
      }
      for (const auto& r : passed)
        if (r) read[*r] = true;
    }
  }
  MemoryEffect argEffect(const Call& c, size_t i) const {
    if (c.op) return i < c.op->args.size() ? ptoc::argEffect(c, i) : MemoryEffect::Read;
    const FunctionPtr callee = program_.find(c.callee);
    if (!callee || i >= callee->directions.size()) return MemoryEffect::Read;
    switch (callee->directions[i]) {
      case ParamDirection::In:
        return MemoryEffect::Read;
      case ParamDirection::Out:
        return MemoryEffect::Write;
      case ParamDirection::InOut:
        return MemoryEffect::ReadWrite;
    }
    return MemoryEffect::Read;
  }
};

// ---------------------------------------------------------------------------
// The rewrite of one function

class ScopeOutliner final : public IRMutator {
 public:
  ScopeOutliner(const Program& program, const Function& parent, FunctionNamer& namer,
                PassContext& ctx)
      : program_(program), parent_(parent), uses_(parent), namer_(namer), ctx_(ctx) {}

  std::vector<FunctionPtr> outlined;

 protected:
  StmtPtr mutateInCoreScope(const std::shared_ptr<const InCoreScopeStmt>& s) override {
    RegionScan regions;
    regions.visitStmt(s->body);
    checkScope(*s, regions);

    std::vector<VarPtr> inputs = analysis::liveIn(s->body);
    std::vector<VarPtr> outputs;
    for (const auto& v : analysis::definedVars(s->body))
      if (uses_.usedAfter(*v, *s)) outputs.push_back(v);

    DirectionScan dirs(program_, inputs);
    dirs.visitStmt(s->body);

    // Parameters: fresh variables standing for the captured values.
    IRMutator bodyRemap;
    std::vector<VarPtr> params;
    std::vector<ParamDirection> directions;
    std::vector<ExprPtr> args;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const VarPtr& in = inputs[i];
      auto p = std::make_shared<Var>(in->name, in->type, in->span);
      bodyRemap.remap(in, p);
      params.push_back(p);
      bool scalar = in->type->isa<ScalarType>();
      directions.push_back(scalar || !dirs.written[i] ? ParamDirection::In
                           : dirs.read[i]             ? ParamDirection::InOut
                                                      : ParamDirection::Out);
      args.push_back(mutateExpr(in));  // earlier scopes' results are already renamed
    }
    // A type that names a captured scalar (a dynamic valid_shape) names its parameter.
    for (size_t i = 0; i < params.size(); ++i) {
      TypePtr t = bodyRemap.mutateType(params[i]->type);
      if (t == params[i]->type) continue;
      params[i] = std::make_shared<Var>(params[i]->name, t, params[i]->span);
      bodyRemap.remap(inputs[i], params[i]);
    }
    std::vector<StmtPtr> body = flattenStmts(bodyRemap.mutateStmt(s->body));

    // Results: a write through a parameter returns the parameter itself.
    std::vector<ExprPtr> returned;
    std::vector<TypePtr> returnTypes;
    for (const auto& v : outputs) {
      ExprPtr r = bodyRemap.mutateExpr(v);  // renamed when its type names a parameter
      if (auto root = dirs.rootOf(*v); root && directions[*root] != ParamDirection::In)
        r = params[*root];
      returned.push_back(r);
      returnTypes.push_back(r->type);
    }

    if (!returned.empty()) body.push_back(returnStmt(returned, s->span));
    std::string name = namer_.next(parent_.name, s->nameHint);
    auto fn = std::make_shared<Function>(name, FunctionType::InCore, std::move(params),
                                         std::move(directions), std::move(returnTypes),
                                         makeSeq(std::move(body), s->span),
                                         bridgedAttrs(*s, regions), s->span);
    outlined.push_back(fn);
    if (!s->taskId.empty() || s->deps || findAttr(s->attrs, "allow_early_resolve"))
      return taskSite(*fn, *s, std::move(args), outputs);
    return callSite(*fn, std::move(args), outputs, s->span);
  }

 private:
  const Program& program_;
  const Function& parent_;
  analysis::UseOrder uses_;
  FunctionNamer& namer_;
  PassContext& ctx_;

  void checkScope(const InCoreScopeStmt& s, const RegionScan& regions) {
    if (regions.nestedScope)  // the binder rejects nested pl.at scopes
      throw InternalError(
          fmt::format("outline-incore-scopes: a pl.at scope nested in another "
                      "one in function '{}'",
                      parent_.name));
    if (s.noDepArgs || s.dumps) {
      ctx_.diag.error(s.span,
                      "outline-incore-scopes does not support no_dep_args= / dumps= on a pl.at "
                      "scope yet",
                      "outline the scope by hand: a @pl.function(type=pl.FunctionType.InCore) "
                      "launched with `out, tid = pl.submit(self.kernel, args..., deps=[...])`");
      throw CompileError();
    }
    if (s.split && !regions.modes.empty()) {
      ctx_.diag.error(
          s.span,
          fmt::format("a pl.at scope with optimizations=[pl.split(pl.SplitMode.{})] cannot also "
                      "hold pl.split_aiv regions: the function-level split and the per-region "
                      "modes are mutually exclusive",
                      toString(*s.split)),
          "drop pl.split(...) (each region carries its own mode); to size the cross-core pipe "
          "use optimizations=[pl.cross_core_slot(slot_num=N)] instead");
      throw CompileError();
    }
  }

  static AttrList bridgedAttrs(const InCoreScopeStmt& s, const RegionScan& regions) {
    AttrList attrs;
    std::optional<SplitMode> split;
    if (s.split && *s.split != SplitMode::None) split = s.split;
    bool uniform = !regions.modes.empty();
    for (SplitMode m : regions.modes) uniform = uniform && m == regions.modes.front();
    if (uniform && regions.modes.front() != SplitMode::None) split = regions.modes.front();
    if (split) attrs.emplace_back(fnattr::kSplit, *split);
    if (!regions.modes.empty()) attrs.emplace_back(fnattr::kSplitAiv, true);
    if (s.slotNum) attrs.emplace_back(fnattr::kSlotNum, *s.slotNum);
    if (const bool* w = getAttr<bool>(s.attrs, fnattr::kWindowize); w && *w)
      attrs.emplace_back(fnattr::kWindowize, true);
    if (expand::findDeferWait(s.body)) attrs.emplace_back(fnattr::kDeferredCompletionWaiter, true);
    return attrs;
  }

  /// `t = system.submit((args), (deps); kernel=f)`, then the results from t[0] and the
  /// scope's task id from t[1], each bound to a fresh variable (later uses renamed).
  StmtPtr taskSite(const Function& fn, const InCoreScopeStmt& s, std::vector<ExprPtr> args,
                   const std::vector<VarPtr>& outputs) {
    Span span = s.span;
    TypePtr result = functionResultType(fn);
    TypePtr taskIdType = ScalarType::get(DType::TaskId);
    TypePtr type = TupleType::get({result, taskIdType});
    AttrList kwargs{{"kernel", fn.name}};
    if (const bool* e = getAttr<bool>(s.attrs, "allow_early_resolve"); e && *e)
      kwargs.emplace_back("allow_early_resolve", true);
    ExprPtr deps = s.deps ? mutateExpr(s.deps) : makeTuple({}, span);
    const OpDef& op = OpRegistry::instance().get(OpId::Submit);
    CallPtr call = callOp(op.name, {makeTuple(std::move(args), span), std::move(deps)},
                          std::move(kwargs), type, &op, span);
    std::vector<StmtPtr> stmts;
    auto task = std::make_shared<Var>(fn.name + "_task", type, span);
    stmts.push_back(assign(task, call, span));
    ExprPtr res = std::make_shared<TupleGetItem>(task, 0, result, span);
    if (outputs.size() > 1) {
      auto tuple = std::make_shared<Var>(fn.name + "_result", result, span);
      stmts.push_back(assign(tuple, res, span));
      res = tuple;
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      auto v = std::make_shared<Var>(outputs[i]->name, fn.returnTypes[i], outputs[i]->span);
      remap(outputs[i], v);
      ExprPtr value = outputs.size() == 1
                          ? res
                          : std::make_shared<TupleGetItem>(res, static_cast<int64_t>(i),
                                                           fn.returnTypes[i], span);
      stmts.push_back(assign(v, value, span));
    }
    for (const auto& old : s.taskId) {
      auto t = std::make_shared<Var>(old->name, taskIdType, old->span);
      remap(old, t);
      stmts.push_back(assign(t, std::make_shared<TupleGetItem>(task, 1, taskIdType, span), span));
    }
    return makeSeq(std::move(stmts), span);
  }

  /// `r = self.f(args)` (or the tuple form) binding fresh variables for the results;
  /// later uses of the old result variables are renamed to them.
  StmtPtr callSite(const Function& fn, std::vector<ExprPtr> args,
                   const std::vector<VarPtr>& outputs, Span span) {
    CallPtr call = callFunction(fn, std::move(args), span);
    if (outputs.empty()) return evalStmt(call, span);
    if (outputs.size() == 1) {
      auto v = std::make_shared<Var>(outputs[0]->name, fn.returnTypes[0], outputs[0]->span);
      remap(outputs[0], v);
      return assign(v, call, span);
    }
    std::vector<StmtPtr> stmts;
    auto tuple = std::make_shared<Var>(fn.name + "_result", call->type, span);
    stmts.push_back(assign(tuple, call, span));
    for (size_t i = 0; i < outputs.size(); ++i) {
      auto v = std::make_shared<Var>(outputs[i]->name, fn.returnTypes[i], outputs[i]->span);
      remap(outputs[i], v);
      stmts.push_back(assign(
          v,
          std::make_shared<TupleGetItem>(tuple, static_cast<int64_t>(i), fn.returnTypes[i], span),
          span));
    }
    return makeSeq(std::move(stmts), span);
  }
};

class OutlineIncoreScopesPass final : public Pass {
 public:
  std::string_view name() const override { return "outline-incore-scopes"; }
  std::string_view description() const override {
    return "pl.at(CORE_GROUP) scopes -> InCore functions; the caller becomes Orchestration";
  }
  IRPropertySet required() const override { return {IRProperty::SSAForm}; }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::AivSplitValid};
  }
  IRPropertySet invalidated() const override { return {}; }

  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    FunctionNamer namer(*program);
    std::vector<FunctionPtr> functions;
    bool changed = false;
    for (const auto& f : program->functions) {
      bool host = f->funcType == FunctionType::Opaque || f->funcType == FunctionType::Orchestration;
      if (!host || !containsInCoreScope(*f)) {
        functions.push_back(f);
        continue;
      }
      ScopeOutliner outliner(*program, *f, namer, ctx);
      StmtPtr body = outliner.mutateStmt(f->body);
      functions.insert(functions.end(), outliner.outlined.begin(), outliner.outlined.end());
      functions.push_back(std::make_shared<Function>(f->name, FunctionType::Orchestration,
                                                     f->params, f->directions, f->returnTypes, body,
                                                     f->attrs, f->span));
      changed = true;
    }
    if (!changed) return program;
    return std::make_shared<Program>(program->name, std::move(functions), program->isClass,
                                     program->span);
  }
};

}  // namespace

void registerOutlineIncoreScopesPass() {
  PassRegistry::instance().add("outline-incore-scopes",
                               [] { return std::make_unique<OutlineIncoreScopesPass>(); });
}

}  // namespace ptoc
