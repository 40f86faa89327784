// infer-tile-memory-space: every tile of an InCore/AIC/AIV function gets a memory space,
// and a tile.move is inserted wherever an op's operand lives outside the spaces the op
// allows (OpDef::args[i].memory). Other functions are left unchanged.
//
// Contract (pypto-facts §3.5): input in SSA form; output in SSA form, every tile var has
// a memory space, every constrained operand is in an allowed space (TileMemoryInferred).
//   1. Analysis (SpaceAnalysis): tiles written without a memory space (a `pl.Tile[...]`
//      parameter or annotation without `pl.Mem.X`) are grouped with every value that must
//      share their space — aliases, the source of a slice/reshape/transpose/set_validshape
//      (OutputMemoryRule::InheritInput), a loop's init / iter_arg / yielded value / result,
//      an if's branch yields and result. A group takes the space a member has; otherwise the
//      demand of its uses (first allowed space of each constrained operand; a cube demand
//      means Mat, the only cube space data enters from GM), else Vec.
//   2. Rewrite (Rewriter): types are rebuilt with the resolved space; each call whose
//      constrained operand is elsewhere gets `<x>_<Space> = tile.move(x, target_memory=S)`
//      right before it (deduplicated per statement list; then/else arms get their own; a
//      move into Vec is row-major), and is rebuilt with createOpCall so its result type
//      re-deduces. A yield / loop init / return whose type changed is moved back.
// Diagnostics: two members of a group with different written spaces; an operand in Left,
// Right or Bias needed elsewhere (those buffers only feed the cube unit).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <unordered_map>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

bool isKernel(const Function& f) {
  return f.funcType == FunctionType::InCore || f.funcType == FunctionType::AIC ||
         f.funcType == FunctionType::AIV;
}

const TileType* tileOf(const ExprPtr& e) {
  return e && e->type ? e->type->as<TileType>() : nullptr;
}

const Var* asVar(const ExprPtr& e) { return e ? e->as<Var>() : nullptr; }

bool sameType(const TypePtr& a, const TypePtr& b) {
  return a == b || (a && b && structuralEqual(*a, *b).equal);
}

/// Left, Right and Bias only feed the cube unit: nothing moves data out of them.
bool hasPathOut(MemorySpace from) {
  return from != MemorySpace::Left && from != MemorySpace::Right && from != MemorySpace::Bias;
}

// ---- Phase 1: spaces of tiles written without one ---------------------------------------

class SpaceAnalysis {
 public:
  explicit SpaceAnalysis(DiagnosticEngine& d) : diag_(d) {}

  void run(const Function& f) {
    for (const auto& p : f.params) def(p.get());
    walk(f.body);
    // Demands are merged per group once every union is known (order independent).
    for (const auto& [v, m] : demandOf_) {
      auto [it, fresh] = groupDemand_.emplace(find(v), m);
      if (!fresh) mergeDemand(it->second, m);
    }
  }

  /// The space of a tile that has none written.
  MemorySpace resolve(const Var* v) {
    const Var* r = find(v);
    if (auto it = written_.find(r); it != written_.end()) return it->second.space;
    auto d = groupDemand_.find(r);
    if (d == groupDemand_.end()) return MemorySpace::Vec;
    return isCubeMemorySpace(d->second) ? MemorySpace::Mat : MemorySpace::Vec;
  }

 private:
  struct Written {
    MemorySpace space;
    const Var* by;
  };

  /// A non-Vec demand overrides a Vec one; otherwise the first stays.
  static void mergeDemand(MemorySpace& into, MemorySpace m) {
    if (into == MemorySpace::Vec && m != MemorySpace::Vec) into = m;
  }

  const Var* find(const Var* v) {
    auto it = parent_.find(v);
    if (it == parent_.end() || it->second == v) return v;
    const Var* r = find(it->second);
    it->second = r;
    return r;
  }

  /// Registers a tile variable and the space its type states, if any.
  void def(const Var* v, std::optional<MemorySpace> fromOp = std::nullopt) {
    const auto* t = v->type ? v->type->as<TileType>() : nullptr;
    if (!t) return;
    parent_.emplace(v, v);
    std::optional<MemorySpace> m = t->memory ? t->memory : fromOp;
    if (m) written_.emplace(find(v), Written{*m, v});
  }

  /// `a` and `b` must share one memory space (`why` completes "... because they ...").
  void unite(const Var* a, const Var* b, Span at, const char* why) {
    if (!a || !b || !parent_.count(a) || !parent_.count(b)) return;
    const Var* ra = find(a);
    const Var* rb = find(b);
    if (ra == rb) return;
    auto wa = written_.find(ra), wb = written_.find(rb);
    if (wa != written_.end() && wb != written_.end() && wa->second.space != wb->second.space) {
      diag_.error(at,
                  fmt::format("cannot give '{}' ({}) and '{}' ({}) one memory space: they {}",
                              wa->second.by->name, toString(wa->second.space), wb->second.by->name,
                              toString(wb->second.space), why),
                  fmt::format("insert pl.move({}, target_memory=pl.Mem.{}) so both live in the "
                              "same memory space",
                              wb->second.by->name, toString(wa->second.space)));
      throw CompileError();
    }
    parent_[rb] = ra;
    if (wa == written_.end() && wb != written_.end()) {
      Written w = wb->second;
      written_.erase(rb);
      written_.emplace(ra, w);
    } else if (wb != written_.end()) {
      written_.erase(rb);
    }
  }

  void walk(const StmtPtr& s) {
    if (!s) return;
    switch (s->kind) {
      case StmtKind::Seq:
        for (const auto& c : s->as<SeqStmt>()->stmts) walk(c);
        return;
      case StmtKind::Assign: {
        const auto* a = s->as<AssignStmt>();
        const auto* call = a->value ? a->value->as<Call>() : nullptr;
        std::optional<MemorySpace> fromOp;
        if (call && call->op && call->op->outputMemory.kind != OutputMemoryRule::InheritInput)
          fromOp = call->op->deduceOutputMemory(call->args, call->kwargs);
        def(a->var.get(), fromOp);
        if (const Var* src = asVar(a->value)) unite(a->var.get(), src, s->span, "are aliases");
        if (call) useCall(*call, a->var.get(), s->span);
        return;
      }
      case StmtKind::Eval:
        if (const auto* call = s->as<EvalStmt>()->expr->as<Call>())
          useCall(*call, nullptr, s->span);
        return;
      case StmtKind::If: {
        const auto* i = s->as<IfStmt>();
        for (const auto& rv : i->returnVars) def(rv.get());
        walk(i->thenBody);
        walk(i->elseBody);
        uniteYields(i->thenBody, i->returnVars, s->span, "are a branch yield and the if's result");
        uniteYields(i->elseBody, i->returnVars, s->span, "are a branch yield and the if's result");
        return;
      }
      case StmtKind::For: {
        const auto* f = s->as<ForStmt>();
        loop(f->iterArgs, f->body, f->returnVars, s->span);
        return;
      }
      case StmtKind::While: {
        const auto* w = s->as<WhileStmt>();
        loop(w->iterArgs, w->body, w->returnVars, s->span);
        return;
      }
      case StmtKind::SplitAivScope:
        walk(s->as<SplitAivScopeStmt>()->body);
        return;
      case StmtKind::SimdVfScope:
        walk(s->as<SimdVfScopeStmt>()->body);
        return;
      case StmtKind::InCoreScope:
        walk(s->as<InCoreScopeStmt>()->body);
        return;
      default:
        return;
    }
  }

  void loop(const std::vector<IterArgPtr>& ias, const StmtPtr& body, const std::vector<VarPtr>& rvs,
            Span at) {
    for (const auto& ia : ias) def(ia.get());
    for (const auto& rv : rvs) def(rv.get());
    for (const auto& ia : ias)
      unite(ia.get(), asVar(ia->init), at, "are a loop-carried value and its init value");
    walk(body);
    for (size_t k = 0; k < ias.size() && k < rvs.size(); ++k)
      unite(ias[k].get(), rvs[k].get(), at, "are a loop-carried value and the loop's result");
    uniteYields(body, rvs, at, "are a loop's yielded value and its result");
  }

  void uniteYields(const StmtPtr& body, const std::vector<VarPtr>& rvs, Span at, const char* why) {
    if (!body || rvs.empty()) return;
    std::vector<StmtPtr> stmts = flattenStmts(body);
    if (stmts.empty()) return;
    const auto* y = stmts.back()->as<YieldStmt>();
    if (!y) return;
    for (size_t k = 0; k < y->values.size() && k < rvs.size(); ++k)
      unite(rvs[k].get(), asVar(y->values[k]), at, why);
  }

  void useCall(const Call& call, const Var* result, Span at) {
    if (!call.op) return;
    for (size_t i = 0; i < call.args.size() && i < call.op->args.size(); ++i) {
      const Var* v = asVar(call.args[i]);
      if (!v || !parent_.count(v)) continue;
      const ArgSpec& spec = call.op->args[i];
      if (!spec.memory.empty()) {
        auto [it, fresh] = demandOf_.emplace(v, spec.memory.front());
        if (!fresh) mergeDemand(it->second, spec.memory.front());
      }
    }
    const OutputMemoryRule& rule = call.op->outputMemory;
    if (result && rule.kind == OutputMemoryRule::InheritInput && rule.input < call.args.size())
      unite(result, asVar(call.args[rule.input]), at, "are the result and the source of a view");
  }

  DiagnosticEngine& diag_;
  std::unordered_map<const Var*, const Var*> parent_;
  std::unordered_map<const Var*, Written> written_;  // per group root
  std::unordered_map<const Var*, MemorySpace> demandOf_;
  std::unordered_map<const Var*, MemorySpace> groupDemand_;
};

// ---- Phase 2: rewrite types, insert moves -----------------------------------------------

class Rewriter : public IRMutator {
 public:
  Rewriter(SpaceAnalysis& a, DiagnosticEngine& d) : analysis_(a), diag_(d) {}

  FunctionPtr rewrite(const FunctionPtr& f) {
    function_ = f.get();
    return mutateFunction(f);
  }

 protected:
  VarPtr mutateDef(const VarPtr& v) override {
    if (auto it = varMap_.find(v.get()); it != varMap_.end()) return it->second;
    const TileType* t = v->type ? v->type->as<TileType>() : nullptr;
    if (!t || t->memory) return v;
    auto nv = std::make_shared<Var>(
        v->name, TileType::get(t->shape, t->dtype, analysis_.resolve(v.get()), t->view), v->span);
    remap(v, nv);
    return nv;
  }

  StmtPtr mutateStmt(const StmtPtr& s) override {
    if (!s) return s;
    if (s->kind != StmtKind::Seq && !inBlock_) return rewriteBlock({s}, s->span);
    return IRMutator::mutateStmt(s);
  }

  StmtPtr mutateSeq(const std::shared_ptr<const SeqStmt>& s) override {
    return rewriteBlock(flattenStmts(s), s->span);
  }

  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    const auto* call = s->value ? s->value->as<Call>() : nullptr;
    if (!call) {
      ExprPtr value = mutateExpr(s->value);
      VarPtr def = mutateDef(s->var);
      if (value->type && !sameType(value->type, def->type) && def->type->isa<TileType>()) {
        def = std::make_shared<Var>(def->name, value->type, def->span);
        remap(s->var, def);
      }
      return std::make_shared<AssignStmt>(def, value, s->span);
    }
    VarPtr def = mutateDef(s->var);
    ExprPtr value = rewriteCall(*call, s->value, def->type, s->span);
    if (!sameType(value->type, def->type)) {
      def = std::make_shared<Var>(def->name, value->type, def->span);
      remap(s->var, def);
    }
    return std::make_shared<AssignStmt>(def, value, s->span);
  }

  StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s) override {
    const auto* call = s->expr ? s->expr->as<Call>() : nullptr;
    if (!call) return IRMutator::mutateEval(s);
    return std::make_shared<EvalStmt>(rewriteCall(*call, s->expr, nullptr, s->span), s->span);
  }

  StmtPtr mutateYield(const std::shared_ptr<const YieldStmt>& s) override {
    bool changed = false;
    std::vector<ExprPtr> values = mutateExprs(s->values, changed);
    if (!yieldTargets_.empty())
      for (size_t k = 0; k < values.size() && k < yieldTargets_.back().size(); ++k)
        values[k] = coerce(values[k], yieldTargets_.back()[k], s->span);
    return std::make_shared<YieldStmt>(std::move(values), s->span);
  }

  StmtPtr mutateReturn(const std::shared_ptr<const ReturnStmt>& s) override {
    bool changed = false;
    std::vector<ExprPtr> values = mutateExprs(s->values, changed);
    for (size_t k = 0; k < values.size() && k < function_->returnTypes.size(); ++k)
      values[k] = coerce(values[k], function_->returnTypes[k], s->span);
    return std::make_shared<ReturnStmt>(std::move(values), s->span);
  }

  StmtPtr mutateFor(const std::shared_ptr<const ForStmt>& s) override {
    ExprPtr b = mutateExpr(s->start), e = mutateExpr(s->stop), st = mutateExpr(s->step);
    std::vector<TypePtr> carried;
    auto ias = rewriteIterArgs(s->iterArgs, s->span, carried);
    VarPtr lv = mutateDef(s->loopVar);
    yieldTargets_.push_back(carried);
    StmtPtr body = mutateStmt(s->body);
    yieldTargets_.pop_back();
    bool changed = false;
    auto rvs = mutateDefs(s->returnVars, changed);
    return std::make_shared<ForStmt>(lv, b, e, st, s->forKind, std::move(ias), body, std::move(rvs),
                                     s->attrs, s->span);
  }

  StmtPtr mutateWhile(const std::shared_ptr<const WhileStmt>& s) override {
    std::vector<TypePtr> carried;
    auto ias = rewriteIterArgs(s->iterArgs, s->span, carried);
    ExprPtr c = mutateExpr(s->cond);
    yieldTargets_.push_back(carried);
    StmtPtr body = mutateStmt(s->body);
    yieldTargets_.pop_back();
    bool changed = false;
    auto rvs = mutateDefs(s->returnVars, changed);
    return std::make_shared<WhileStmt>(c, std::move(ias), body, std::move(rvs), s->span);
  }

  StmtPtr mutateIf(const std::shared_ptr<const IfStmt>& s) override {
    ExprPtr c = mutateExpr(s->cond);
    bool changed = false;
    auto rvs = mutateDefs(s->returnVars, changed);
    std::vector<TypePtr> results;
    for (const auto& rv : rvs) results.push_back(rv->type);
    yieldTargets_.push_back(results);
    StmtPtr t = mutateStmt(s->thenBody);
    StmtPtr e = mutateStmt(s->elseBody);
    yieldTargets_.pop_back();
    return std::make_shared<IfStmt>(c, t, e, std::move(rvs), s->span);
  }

 private:
  using MoveKey = std::pair<const Var*, MemorySpace>;

  /// Rewrites one statement list: moves inserted for a statement go right before it.
  StmtPtr rewriteBlock(const std::vector<StmtPtr>& stmts, Span span) {
    std::vector<StmtPtr> out;
    std::map<MoveKey, VarPtr> moves;
    std::vector<StmtPtr>* savedPending = pending_;
    std::map<MoveKey, VarPtr>* savedMoves = moves_;
    bool savedInBlock = inBlock_;
    pending_ = &out;
    moves_ = &moves;
    for (const auto& st : stmts) {
      inBlock_ = true;
      StmtPtr r;
      if (st->kind == StmtKind::Assign || st->kind == StmtKind::Eval ||
          st->kind == StmtKind::Yield || st->kind == StmtKind::Return ||
          st->kind == StmtKind::BufferStore) {
        r = IRMutator::mutateStmt(st);
      } else {
        inBlock_ = false;  // the bodies of a compound statement are blocks of their own
        r = IRMutator::mutateStmt(st);
      }
      pending_ = &out;
      moves_ = &moves;
      out.push_back(r);
    }
    pending_ = savedPending;
    moves_ = savedMoves;
    inBlock_ = savedInBlock;
    return makeSeq(std::move(out), span);
  }

  std::vector<IterArgPtr> rewriteIterArgs(const std::vector<IterArgPtr>& ias, Span at,
                                          std::vector<TypePtr>& carried) {
    std::vector<IterArgPtr> out;
    for (const auto& ia : ias) {
      ExprPtr init = mutateExpr(ia->init);
      VarPtr def = mutateDef(ia);
      init = coerce(init, def->type, at);
      auto fresh = std::make_shared<IterArg>(def->name, def->type, init, ia->span);
      remap(ia, fresh);
      out.push_back(fresh);
      carried.push_back(def->type);
    }
    return out;
  }

  /// The call with its operands remapped, misplaced tile operands moved, and (when anything
  /// changed) rebuilt through createOpCall so the result type re-deduces.
  ExprPtr rewriteCall(const Call& call, const ExprPtr& original, const TypePtr& resultType,
                      Span at) {
    bool changed = false;
    std::vector<ExprPtr> args = mutateExprs(call.args, changed);
    if (!call.op) {
      if (!changed) return original;
      return std::make_shared<Call>(call.callee, nullptr, std::move(args), call.kwargs, call.type,
                                    call.span);
    }
    const OpDef& op = *call.op;
    for (size_t i = 0; i < args.size() && i < op.args.size(); ++i) {
      const ArgSpec& spec = op.args[i];
      const TileType* t = tileOf(args[i]);
      if (!t || !t->memory || spec.memory.empty()) continue;
      if (std::find(spec.memory.begin(), spec.memory.end(), *t->memory) != spec.memory.end())
        continue;
      args[i] = moveOperand(args[i], spec.memory.front(), op, spec, at);
      changed = true;
    }
    bool annotatedChanged = op.typeFromAnnotation && resultType && !sameType(resultType, call.type);
    if (!changed && !annotatedChanged) return original;
    return createOpCall(op, std::move(args), call.kwargs, call.span, diag_, {}, {},
                        op.typeFromAnnotation ? resultType : nullptr);
  }

  ExprPtr moveOperand(const ExprPtr& arg, MemorySpace target, const OpDef& op, const ArgSpec& spec,
                      Span at) {
    const auto* v = asVar(arg);
    MemorySpace from = *tileOf(arg)->memory;
    std::string name = v ? v->name : spec.name;
    if (!hasPathOut(from)) {
      diag_.error(
          at,
          fmt::format("{} needs argument '{}' in {} memory, but '{}' lives in {}, which "
                      "no data path leaves",
                      op.name, spec.name, ops::memorySpaceList(spec.memory), name, toString(from)),
          fmt::format("{} only feeds the cube unit: use the tile '{}' was moved from, or "
                      "keep a copy in Mat or Vec",
                      toString(from), name));
      throw CompileError();
    }
    if (v)
      if (auto it = moves_->find({v, target}); it != moves_->end()) return it->second;
    AttrList kwargs = {{"target_memory", target}};
    if (target == MemorySpace::Vec) {
      TileView view = tileOf(arg)->effectiveView();
      if (view.blayout != TileLayout::RowMajor || view.slayout != TileLayout::NoneBox) {
        kwargs.emplace_back("blayout", TileLayout::RowMajor);
        kwargs.emplace_back("slayout", TileLayout::NoneBox);
      }
    }
    auto move = createOpCall(OpRegistry::instance().get("tile.move"), {arg}, kwargs, at, diag_);
    auto moved =
        std::make_shared<Var>(fmt::format("{}_{}", name, toString(target)), move->type, at);
    pending_->push_back(std::make_shared<AssignStmt>(moved, move, at));
    if (v) moves_->emplace(MoveKey{v, target}, moved);
    return moved;
  }

  /// `value` converted to `expected` (a tile of the same shape and dtype in another space
  /// or layout) with a tile.move inserted before the current statement.
  ExprPtr coerce(const ExprPtr& value, const TypePtr& expected, Span at) {
    const TileType* have = tileOf(value);
    const TileType* want = expected ? expected->as<TileType>() : nullptr;
    if (!have || !want || sameType(value->type, expected)) return value;
    std::string name = asVar(value) ? asVar(value)->name : std::string("tile");
    if (have->memory && !hasPathOut(*have->memory)) {
      diag_.error(at,
                  fmt::format("'{}' lives in {}, which no data path leaves, but must be {}", name,
                              toString(*have->memory), typeToString(*expected)),
                  "compute the value in the memory space the loop or branch carries");
      throw CompileError();
    }
    TileView view = want->effectiveView();
    AttrList kwargs = {{"target_memory", want->memory.value_or(MemorySpace::Vec)},
                       {"blayout", view.blayout},
                       {"slayout", view.slayout}};
    auto move = createOpCall(OpRegistry::instance().get("tile.move"), {value}, kwargs, at, diag_);
    if (!sameType(move->type, expected)) {
      diag_.error(at,
                  fmt::format("cannot convert '{}' of type {} to {}", name,
                              typeToString(*value->type), typeToString(*expected)),
                  "make both values the same type before they meet");
      throw CompileError();
    }
    auto moved = std::make_shared<Var>(
        fmt::format("{}_{}", name, toString(want->memory.value_or(MemorySpace::Vec))), move->type,
        at);
    pending_->push_back(std::make_shared<AssignStmt>(moved, move, at));
    return moved;
  }

  SpaceAnalysis& analysis_;
  DiagnosticEngine& diag_;
  const Function* function_ = nullptr;
  bool inBlock_ = false;
  std::vector<StmtPtr>* pending_ = nullptr;
  std::map<MoveKey, VarPtr>* moves_ = nullptr;
  std::vector<std::vector<TypePtr>> yieldTargets_;
};

class InferTileMemorySpacePass final : public Pass {
 public:
  std::string_view name() const override { return "infer-tile-memory-space"; }
  std::string_view description() const override {
    return "every tile gets a memory space; tile.move where an operand must live elsewhere";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch};
  }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::TileMemoryInferred, IRProperty::AivSplitValid};
  }
  IRPropertySet invalidated() const override { return {IRProperty::AivSplitValid}; }

  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext& ctx) override {
    std::vector<FunctionPtr> functions;
    bool changed = false;
    for (const auto& f : program->functions) {
      if (!isKernel(*f)) {
        functions.push_back(f);
        continue;
      }
      SpaceAnalysis analysis(ctx.diag);
      analysis.run(*f);
      Rewriter rewriter(analysis, ctx.diag);
      functions.push_back(rewriter.rewrite(f));
      changed = changed || functions.back() != f;
    }
    if (!changed) return program;
    return std::make_shared<Program>(program->name, std::move(functions), program->isClass,
                                     program->span);
  }
};

}  // namespace

void registerInferTileMemorySpacePass() {
  PassRegistry::instance().add("infer-tile-memory-space",
                               [] { return std::make_unique<InferTileMemorySpacePass>(); });
}

}  // namespace ptoc
