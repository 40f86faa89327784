// convert-tensor-to-tile-ops: the tensor-level ops (`tensor.*`) of every InCore function
// become tile loads, tile ops and stores, so tensor-level kernels enter the mixed-split
// pipeline (PyPTO's ConvertTensorToTileOps, pass 10 of its default pipeline; pypto-facts
// §3.2). docs/passes/convert-tensor-to-tile-ops.md is the contract.
//
// - Each tensor op is rewritten by its entry in TensorToTileConversions (one table):
//   computed tensor values become tiles; a GM tensor operand (a parameter, a view) is
//   loaded whole: an `In` parameter once at function entry, anything else right before its
//   use; into Mat when it is a matmul operand, else Vec. Element reads / writes and views
//   of GM tensors stay tensor ops.
// - Types follow through control flow: a loop-carried value whose init or yield became a
//   tile is carried as a tile (a GM init is then loaded before the loop); an if's result
//   is a tile when a branch yields one (the other branch's GM value is loaded).
// - A returned value that became a tile is stored into a new Out parameter `retK__out`
//   (`retK__store = tile.store(...)`), and the function returns the parameter. Every call of
//   the function in Opaque / Orchestration code gets `retK__out = tensor.create(...)` as the
//   new argument.
// - A GM tensor written both by a bulk store and by tensor.write is rejected (MixedGmStores).
// Requires SSAForm, SplitIncoreOrch; produces SSAForm, IncoreTileOps.
#include <fmt/format.h>

#include <map>
#include <set>

#include "TensorToTileConversions.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

bool isTensor(const ExprPtr& e) { return e && e->type && e->type->isa<TensorType>(); }
bool isTile(const ExprPtr& e) { return e && e->type && e->type->isa<TileType>(); }
bool isTileType(const TypePtr& t) { return t && t->isa<TileType>(); }

ExprPtr zeros(size_t rank, Span at) {
  std::vector<ExprPtr> z;
  for (size_t k = 0; k < rank; ++k) z.push_back(constIndex(0, at));
  return makeTuple(std::move(z), at);
}

ExprPtr shapeTuple(const std::vector<int64_t>& shape, Span at) {
  std::vector<ExprPtr> d;
  for (int64_t x : shape) d.push_back(constIndex(x, at));
  return makeTuple(std::move(d), at);
}

/// Facts gathered before the rewrite: names in use, values that feed a matmul, whether
/// any tensor op needs converting.
class Prescan final : public IRVisitor {
 public:
  std::set<std::string> names;
  std::set<const Var*> cubeOperands;
  bool needsConversion = false;

 protected:
  void visitDef(const VarPtr& v) override { names.insert(v->name); }
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (!c.op || !isTensorLevelOp(*c.op)) return;
    if (!keepsGmForm(c)) needsConversion = true;
    for (size_t i = 0; i < c.args.size(); ++i)
      if (const auto* v = c.args[i]->as<Var>(); v && isCubeOperand(c, i)) cubeOperands.insert(v);
  }
};

/// Rewrites one function: the tensor ops of an InCore function (kernel mode), or the calls
/// of converted functions in any other function (call-site mode). Statements a conversion
/// needs are inserted right before the statement being rewritten.
class Converter final : public IRMutator, public TileConversionContext {
 public:
  Converter(DiagnosticEngine& d, const std::map<std::string, std::vector<TypePtr>>* addedOuts)
      : diag_(d), addedOuts_(addedOuts) {}

  FunctionPtr convertKernel(const FunctionPtr& f) {
    function_ = f.get();
    Prescan scan;
    scan.visitFunction(f);
    if (!scan.needsConversion) return f;
    names_ = scan.names;
    cubeOperands_ = scan.cubeOperands;
    for (size_t k = 0; k < f->params.size(); ++k)
      if (f->directions[k] == ParamDirection::In) inParams_.insert(f->params[k].get());
    StmtPtr body = block(f->body);
    std::vector<StmtPtr> stmts = entryStmts_;
    for (auto& s : flattenStmts(body)) stmts.push_back(s);
    auto params = f->params;
    auto dirs = f->directions;
    for (const auto& o : outParams_) {
      params.push_back(o);
      dirs.push_back(ParamDirection::Out);
    }
    auto out = std::make_shared<Function>(f->name, f->funcType, std::move(params), std::move(dirs),
                                          f->returnTypes, makeSeq(std::move(stmts), f->body->span),
                                          f->attrs, f->span);
    rejectMixedGmStores(*out, diag_);
    return out;
  }

  /// The types of the Out parameters added to the last converted kernel.
  std::vector<TypePtr> addedOutTypes() const {
    std::vector<TypePtr> t;
    for (const auto& o : outParams_) t.push_back(o->type);
    return t;
  }

  FunctionPtr updateCallSites(const FunctionPtr& f) {
    function_ = f.get();
    Prescan scan;
    scan.visitFunction(f);
    names_ = scan.names;
    StmtPtr body = block(f->body);
    if (!callSitesChanged_) return f;
    return std::make_shared<Function>(f->name, f->funcType, f->params, f->directions,
                                      f->returnTypes, body, f->attrs, f->span);
  }

  // ---- TileConversionContext ----
  ExprPtr asTile(const ExprPtr& e, MemorySpace space) override {
    if (!isTensor(e)) return e;
    if (!e->type->as<TensorType>()->isStatic())
      fail(fmt::format("convert-tensor-to-tile-ops cannot load the whole tensor {}: it has a "
                       "dynamic dimension",
                       typeToString(*e->type)),
           "load a static-shape window of it with pl.load(t, offsets, [rows, cols])");
    const auto& shape = e->type->as<TensorType>()->shape;
    const auto* v = e->as<Var>();
    std::string suffix = space == MemorySpace::Mat ? "__mat" : "__tile";
    auto load = [&](Span at) {
      Span saved = at_;
      at_ = at;
      CallPtr c = call("tile.load", {e, zeros(shape.size(), at), shapeTuple(shape, at)},
                       {{"target_memory", space}});
      at_ = saved;
      return c;
    };
    if (v && inParams_.count(v)) {
      auto key = std::make_pair(v, space);
      if (auto it = entryLoads_.find(key); it != entryLoads_.end()) return it->second;
      CallPtr c = load(v->span);
      auto tv = std::make_shared<Var>(fresh(v->name + suffix), c->type, v->span);
      entryStmts_.push_back(std::make_shared<AssignStmt>(tv, c, v->span));
      entryLoads_.emplace(key, tv);
      return tv;
    }
    return emit((v ? v->name : std::string("operand")) + suffix, load(at_));
  }

  VarPtr emit(const std::string& name, const CallPtr& c) override {
    PTOC_CHECK(pending_, "convert-tensor-to-tile-ops: no statement list to insert into");
    auto v = std::make_shared<Var>(fresh(name), c->type, at_);
    pending_->push_back(std::make_shared<AssignStmt>(v, c, at_));
    return v;
  }
  MemorySpace resultDemand() const override { return demand_; }
  DiagnosticEngine& diag() override { return diag_; }
  Span at() const override { return at_; }

 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& e) override {
    MemorySpace demand = demand_;
    demand_ = MemorySpace::Vec;  // operands: their own demand comes from their definitions
    bool changed = false;
    std::vector<ExprPtr> args = mutateExprs(e->args, changed);
    demand_ = demand;
    if (!e->op) {
      if (addedOuts_) return updateCallSite(e, std::move(args), changed);
      if (!changed) return e;
      return std::make_shared<Call>(e->callee, nullptr, std::move(args), e->kwargs, e->type,
                                    e->span);
    }
    if (!addedOuts_ && isTensorLevelOp(*e->op)) {
      Span saved = at_;
      at_ = e->span;
      const TileConverter* fn = findTileConversion(*e->op);
      if (!fn)
        fail(fmt::format("{} has no tile-level conversion", e->op->name),
             "keep the op outside the pl.at scope (orchestration code keeps tensor ops)");
      ExprPtr r = (*fn)(*e, std::move(args), *this);
      at_ = saved;
      return r;
    }
    if (!changed) return e;
    return createOpCall(*e->op, std::move(args), e->kwargs, e->span, diag_);
  }

  // A nested body (of a scope statement the base class walks) is a block of its own, so
  // statements a conversion inserts land inside it. block() dispatches its items directly.
  StmtPtr mutateStmt(const StmtPtr& s) override {
    if (!s) return s;
    if (s->kind != StmtKind::Seq) return block(s);
    return IRMutator::mutateStmt(s);
  }
  StmtPtr mutateSeq(const std::shared_ptr<const SeqStmt>& s) override { return block(s); }

  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    at_ = s->span;
    demand_ = cubeOperands_.count(s->var.get()) ? MemorySpace::Mat : MemorySpace::Vec;
    ExprPtr value = mutateExpr(s->value);
    demand_ = MemorySpace::Vec;
    VarPtr def = s->var;
    if (value->type && !sameType(value->type, def->type))
      def = std::make_shared<Var>(def->name, value->type, def->span);
    remap(s->var, def);
    if (def == s->var && value == s->value) return s;
    return std::make_shared<AssignStmt>(def, value, s->span);
  }

  StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s) override {
    at_ = s->span;
    ExprPtr e = mutateExpr(s->expr);
    if (e == s->expr) return s;
    return std::make_shared<EvalStmt>(e, s->span);
  }

  StmtPtr mutateYield(const std::shared_ptr<const YieldStmt>& s) override {
    at_ = s->span;
    bool changed = false;
    std::vector<ExprPtr> values = mutateExprs(s->values, changed);
    if (!frames_.empty()) {
      Frame& f = frames_.back();
      for (size_t k = 0; k < values.size() && k < f.targets.size(); ++k) {
        if (isTileType(f.targets[k]) && isTensor(values[k]))
          values[k] =
              asTile(values[k], f.targets[k]->as<TileType>()->memory.value_or(MemorySpace::Vec));
        f.yielded[k] = values[k]->type;
      }
    }
    return std::make_shared<YieldStmt>(std::move(values), s->span);
  }

  StmtPtr mutateReturn(const std::shared_ptr<const ReturnStmt>& s) override {
    at_ = s->span;
    bool changed = false;
    std::vector<ExprPtr> values = mutateExprs(s->values, changed);
    if (!addedOuts_)
      for (size_t k = 0; k < values.size() && k < function_->returnTypes.size(); ++k) {
        const auto* want = function_->returnTypes[k]->as<TensorType>();
        if (!want || !isTile(values[k])) continue;
        size_t n = outParams_.size();
        auto out = std::make_shared<Var>(fresh(fmt::format("ret{}__out", n)),
                                         function_->returnTypes[k], s->span);
        outParams_.push_back(out);
        emit(fmt::format("ret{}__store", n),
             call("tile.store", {values[k], zeros(want->shape.size(), s->span), out}));
        values[k] = out;
      }
    return std::make_shared<ReturnStmt>(std::move(values), s->span);
  }

  StmtPtr mutateFor(const std::shared_ptr<const ForStmt>& s) override {
    at_ = s->span;
    ExprPtr b = mutateExpr(s->start), e = mutateExpr(s->stop), st = mutateExpr(s->step);
    remap(s->loopVar, s->loopVar);
    Loop l = loop(s->iterArgs, s->body, s->span, nullptr);
    return std::make_shared<ForStmt>(s->loopVar, b, e, st, s->forKind, std::move(l.iterArgs),
                                     l.body, results(s->returnVars, l.types), s->attrs, s->span);
  }

  StmtPtr mutateWhile(const std::shared_ptr<const WhileStmt>& s) override {
    at_ = s->span;
    ExprPtr cond;
    Loop l = loop(s->iterArgs, s->body, s->span, [&] { cond = mutateExpr(s->cond); });
    return std::make_shared<WhileStmt>(cond, std::move(l.iterArgs), l.body,
                                       results(s->returnVars, l.types), s->span);
  }

  StmtPtr mutateIf(const std::shared_ptr<const IfStmt>& s) override {
    at_ = s->span;
    ExprPtr cond = mutateExpr(s->cond);
    size_t n = s->returnVars.size();
    auto arm = [&](const StmtPtr& body, std::vector<TypePtr> targets, std::vector<TypePtr>& got) {
      if (!body) return body;
      frames_.push_back({std::move(targets), std::vector<TypePtr>(n)});
      StmtPtr r = block(body);
      got = frames_.back().yielded;
      frames_.pop_back();
      return r;
    };
    std::vector<TypePtr> free(n), thenTypes(n), elseTypes(n);
    StmtPtr t = arm(s->thenBody, free, thenTypes);
    StmtPtr e = arm(s->elseBody, free, elseTypes);
    std::vector<TypePtr> types;
    bool redoThen = false, redoElse = false;
    for (size_t k = 0; k < n; ++k) {
      TypePtr ty = s->returnVars[k]->type;
      if (isTileType(thenTypes[k]))
        ty = thenTypes[k];
      else if (isTileType(elseTypes[k]))
        ty = elseTypes[k];
      redoThen |= isTileType(ty) && thenTypes[k] && !isTileType(thenTypes[k]);
      redoElse |= isTileType(ty) && elseTypes[k] && !isTileType(elseTypes[k]);
      types.push_back(ty);
    }
    if (redoThen) t = arm(s->thenBody, types, thenTypes);
    if (redoElse) e = arm(s->elseBody, types, elseTypes);
    return std::make_shared<IfStmt>(cond, t, e, results(s->returnVars, types), s->span);
  }

 private:
  struct Frame {
    std::vector<TypePtr> targets;  // null: the slot's type is not decided yet
    std::vector<TypePtr> yielded;
  };
  struct Loop {
    std::vector<IterArgPtr> iterArgs;
    StmtPtr body;
    std::vector<TypePtr> types;
  };

  /// A loop's iter_args and body. A slot whose init or yielded value is a tile is carried
  /// as a tile; when only the yield is one, the GM init is loaded and the body redone.
  Loop loop(const std::vector<IterArgPtr>& ias, const StmtPtr& body, Span at,
            const std::function<void()>& beforeBody) {
    std::vector<ExprPtr> inits;
    for (const auto& ia : ias) inits.push_back(mutateExpr(ia->init));
    std::vector<bool> forced(ias.size(), false);
    for (;;) {
      Loop l;
      Frame f;
      for (size_t k = 0; k < ias.size(); ++k) {
        at_ = at;
        if (forced[k] && isTensor(inits[k])) inits[k] = asTile(inits[k], MemorySpace::Vec);
        TypePtr ty = isTile(inits[k]) ? inits[k]->type : ias[k]->type;
        auto nia = std::make_shared<IterArg>(ias[k]->name, ty, inits[k], ias[k]->span);
        remap(ias[k], nia);
        l.iterArgs.push_back(nia);
        l.types.push_back(ty);
        f.targets.push_back(ty);
      }
      if (beforeBody) beforeBody();
      f.yielded.resize(ias.size());
      frames_.push_back(std::move(f));
      l.body = block(body);
      std::vector<TypePtr> yielded = frames_.back().yielded;
      frames_.pop_back();
      bool again = false;
      for (size_t k = 0; k < ias.size(); ++k)
        if (!isTileType(l.types[k]) && isTileType(yielded[k])) again = forced[k] = true;
      if (!again) return l;
    }
  }

  std::vector<VarPtr> results(const std::vector<VarPtr>& rvs, const std::vector<TypePtr>& types) {
    std::vector<VarPtr> out;
    for (size_t k = 0; k < rvs.size(); ++k) {
      VarPtr v = rvs[k];
      if (k < types.size() && !sameType(types[k], v->type))
        v = std::make_shared<Var>(v->name, types[k], v->span);
      remap(rvs[k], v);
      out.push_back(v);
    }
    return out;
  }

  StmtPtr block(const StmtPtr& body) {
    std::vector<StmtPtr> out;
    auto* savedPending = pending_;
    for (const auto& st : flattenStmts(body)) {
      pending_ = &out;
      out.push_back(IRMutator::mutateStmt(st));
    }
    pending_ = savedPending;
    return makeSeq(std::move(out), body->span);
  }

  ExprPtr updateCallSite(const std::shared_ptr<const Call>& e, std::vector<ExprPtr> args,
                         bool changed) {
    const Call& c = *e;
    auto it = addedOuts_->find(std::string(c.callee));
    if (it == addedOuts_->end()) {
      if (!changed) return e;
      return std::make_shared<Call>(c.callee, nullptr, std::move(args), c.kwargs, c.type, c.span);
    }
    Span saved = at_;
    at_ = c.span;
    for (size_t k = 0; k < it->second.size(); ++k) {
      const auto* t = it->second[k]->as<TensorType>();
      args.push_back(
          emit(fmt::format("ret{}__out", k),
               call("tensor.create", {shapeTuple(t->shape, c.span)}, {{"dtype", t->dtype}})));
    }
    at_ = saved;
    callSitesChanged_ = true;
    return std::make_shared<Call>(c.callee, nullptr, std::move(args), c.kwargs, c.type, c.span);
  }

  std::string fresh(const std::string& base) {
    std::string n = base;
    for (int k = 1; names_.count(n); ++k) n = fmt::format("{}_{}", base, k);
    names_.insert(n);
    return n;
  }

  DiagnosticEngine& diag_;
  const std::map<std::string, std::vector<TypePtr>>* addedOuts_;  // call-site mode
  const Function* function_ = nullptr;
  std::set<std::string> names_;
  std::set<const Var*> cubeOperands_;
  std::set<const Var*> inParams_;
  std::map<std::pair<const Var*, MemorySpace>, VarPtr> entryLoads_;
  std::vector<StmtPtr> entryStmts_;
  std::vector<VarPtr> outParams_;
  std::vector<Frame> frames_;
  std::vector<StmtPtr>* pending_ = nullptr;
  bool callSitesChanged_ = false;
  Span at_;
  MemorySpace demand_ = MemorySpace::Vec;
};

class ConvertTensorToTileOpsPass final : public Pass {
 public:
  std::string_view name() const override { return "convert-tensor-to-tile-ops"; }
  std::string_view description() const override {
    return "tensor ops of InCore functions -> tile loads, tile ops and stores; Out params for "
           "returned tiles, tensor.create at the call sites";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch};
  }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::IncoreTileOps};
  }

  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext& ctx) override {
    std::map<std::string, std::vector<TypePtr>> added;
    ProgramPtr p = mapFunctions(program, [&](const FunctionPtr& f) {
      if (f->funcType != FunctionType::InCore) return f;
      Converter c(ctx.diag, nullptr);
      FunctionPtr r = c.convertKernel(f);
      if (auto outs = c.addedOutTypes(); !outs.empty()) added[f->name] = std::move(outs);
      return r;
    });
    if (added.empty()) return p;
    return mapFunctions(p, [&](const FunctionPtr& f) {
      if (f->funcType == FunctionType::InCore) return f;
      Converter c(ctx.diag, &added);
      return c.updateCallSites(f);
    });
  }
};

}  // namespace

void registerConvertTensorToTileOpsPass() {
  PassRegistry::instance().add("convert-tensor-to-tile-ops",
                               [] { return std::make_unique<ConvertTensorToTileOpsPass>(); });
}

}  // namespace ptoc
