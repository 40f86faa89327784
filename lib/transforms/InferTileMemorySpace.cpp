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
// Right or Bias needed elsewhere (those buffers only feed the cube unit); an operand an op
// writes in place (vmi.vstore) in the wrong space (a moved copy would take the write).
#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "TileBlockRewriter.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

const Var* asVar(const ExprPtr& e) { return e ? e->as<Var>() : nullptr; }

/// Left, Right, Bias and the MX scale buffers only feed the cube unit: nothing moves data out
/// of them.
bool hasPathOut(MemorySpace from) {
  return from != MemorySpace::Left && from != MemorySpace::Right && from != MemorySpace::Bias &&
         from != MemorySpace::LeftScale && from != MemorySpace::RightScale;
}

// ---- Phase 1: spaces of tiles written without one ---------------------------------------

class SpaceAnalysis {
 public:
  explicit SpaceAnalysis(DiagnosticEngine& d) : diag_(d) {}

  void run(const Function& f) {
    for (const auto& p : f.params) def(p.get());
    walk(f.body);
    // Demands are merged per group once every union is known (order independent).
    demandOf_.forEach([&](const Var* v, MemorySpace m) {
      auto [d, fresh] = groupDemand_.emplace(find(v), m);
      if (!fresh) mergeDemand(*d, m);
    });
  }

  /// The space of a tile that has none written.
  MemorySpace resolve(const Var* v) {
    const Var* r = find(v);
    if (const Written* w = written_.find(r)) return w->space;
    const MemorySpace* d = groupDemand_.find(r);
    if (!d) return MemorySpace::Vec;
    return isCubeMemorySpace(*d) ? MemorySpace::Mat : MemorySpace::Vec;
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
    const Var** p = parent_.find(v);
    if (!p || *p == v) return v;
    const Var* r = find(*p);
    *p = r;  // path compression (find inserts nothing, so `p` is still valid)
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
    if (!a || !b || !parent_.contains(a) || !parent_.contains(b)) return;
    const Var* ra = find(a);
    const Var* rb = find(b);
    if (ra == rb) return;
    const Written* wa = written_.find(ra);
    const Written* wb = written_.find(rb);
    if (wa && wb && wa->space != wb->space) {
      diag_.error(
          at,
          fmt::format("cannot give '{}' ({}) and '{}' ({}) one memory space: they {}", wa->by->name,
                      toString(wa->space), wb->by->name, toString(wb->space), why),
          fmt::format("insert pl.move({}, target_memory=pl.Mem.{}) so both live in the "
                      "same memory space",
                      wb->by->name, toString(wa->space)));
      throw CompileError();
    }
    parent_[rb] = ra;
    if (!wa && wb) {
      Written w = *wb;
      written_.erase(rb);
      written_.emplace(ra, w);
    } else if (wb) {
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
      case StmtKind::RuntimeScope:
        walk(s->as<RuntimeScopeStmt>()->body);
        return;
      case StmtKind::InCoreScope:
        walk(s->as<InCoreScopeStmt>()->body);
        return;
      case StmtKind::BufferStore:  // an element store: a memory effect, no space demand
      case StmtKind::Yield:        // united with the results by the enclosing if / loop
      case StmtKind::Return:       // returns tensors (the SplitIncoreOrch contract)
      case StmtKind::Break:
      case StmtKind::Continue:
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
    const YieldStmt* y = trailingYield(body);
    if (!y) return;
    for (size_t k = 0; k < y->values.size() && k < rvs.size(); ++k)
      unite(rvs[k].get(), asVar(y->values[k]), at, why);
  }

  void useCall(const Call& call, const Var* result, Span at) {
    if (!call.op) return;
    for (size_t i = 0; i < call.args.size() && i < call.op->args.size(); ++i) {
      const Var* v = asVar(call.args[i]);
      if (!v || !parent_.contains(v)) continue;
      const ArgSpec& spec = call.op->args[i];
      if (!spec.memory.empty()) {
        auto [d, fresh] = demandOf_.emplace(v, spec.memory.front());
        if (!fresh) mergeDemand(*d, spec.memory.front());
      }
    }
    const OutputMemoryRule& rule = call.op->outputMemory;
    if (result && rule.kind == OutputMemoryRule::InheritInput && rule.input < call.args.size())
      unite(result, asVar(call.args[rule.input]), at, "are the result and the source of a view");
  }

  DiagnosticEngine& diag_;
  // Flat tables: one entry per tile variable, looked up at every use.
  PtrMap<Var, const Var*> parent_;
  PtrMap<Var, Written> written_;  // per group root
  PtrMap<Var, MemorySpace> demandOf_;
  PtrMap<Var, MemorySpace> groupDemand_;
};

// ---- Phase 2: rewrite types, insert moves -----------------------------------------------

class Rewriter : public TileBlockRewriter {
 public:
  Rewriter(SpaceAnalysis& a, DiagnosticEngine& d) : TileBlockRewriter(d), analysis_(a) {}

 protected:
  VarPtr mutateDef(const VarPtr& v) override {
    if (const VarPtr* to = varMap_.find(v.get())) return *to;
    const TileType* t = v->type ? v->type->as<TileType>() : nullptr;
    if (!t || t->memory) return v;
    auto nv = std::make_shared<Var>(
        v->name, TileType::get(t->shape, t->dtype, analysis_.resolve(v.get()), t->view), v->span);
    remap(v, nv);
    return nv;
  }

  /// The call with its operands remapped, misplaced tile operands moved, and (when anything
  /// changed) rebuilt through createOpCall so the result type re-deduces.
  ExprPtr rewriteCall(const Call& call, const ExprPtr& original, const TypePtr& resultType,
                      Span at) override {
    ExprListRewrite args = mutateExprList(call.args);
    if (call.op)
      for (size_t i = 0; i < args.size() && i < call.op->args.size(); ++i) {
        const ArgSpec& spec = call.op->args[i];
        const TileType* t = tileTypeOf(args[i]);
        if (!t || !t->memory || spec.memory.empty()) continue;
        if (std::find(spec.memory.begin(), spec.memory.end(), *t->memory) != spec.memory.end())
          continue;
        if (writesInPlace(call, i)) rejectInPlaceWrite(args[i], *call.op, spec, at);
        args.set(i, moveOperand(args[i], spec.memory.front(), *call.op, spec, at));
      }
    bool annotatedChanged =
        call.op && call.op->typeFromAnnotation && resultType && !sameType(resultType, call.type);
    if (!args.changed() && !annotatedChanged) return original;
    return rebuild(call, std::move(args).take(), resultType);
  }

 private:
  /// An operand the op writes in place with no result carrying the write (vmi.vstore): a
  /// moved copy would take the write and the tile itself would never see it.
  static bool writesInPlace(const Call& call, size_t i) {
    return writesMemory(argEffect(call, i)) && !(call.type && call.type->as<TileType>());
  }

  [[noreturn]] void rejectInPlaceWrite(const ExprPtr& arg, const OpDef& op, const ArgSpec& spec,
                                       Span at) {
    const auto* v = asVar(arg);
    std::string name = v ? v->name : spec.name;
    diag_.error(at,
                fmt::format("{} writes argument '{}' in place, which must be in {} memory, but "
                            "'{}' lives in {}",
                            op.name, spec.name, ops::memorySpaceList(spec.memory), name,
                            toString(*tileTypeOf(arg)->memory)),
                fmt::format("create '{}' in {} memory (or leave its target_memory out); a moved "
                            "copy would receive the write instead of '{}'",
                            name, ops::memorySpaceList(spec.memory), name));
    throw CompileError();
  }

  ExprPtr moveOperand(const ExprPtr& arg, MemorySpace target, const OpDef& op, const ArgSpec& spec,
                      Span at) {
    const auto* v = asVar(arg);
    MemorySpace from = *tileTypeOf(arg)->memory;
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
    std::string key = fmt::format("move:{}", toString(target));
    if (VarPtr hit = cached(v, key)) return hit;
    AttrList kwargs = {{"target_memory", target}};
    if (target == MemorySpace::Vec) {
      TileView view = tileTypeOf(arg)->effectiveView();
      if (view.blayout != TileLayout::RowMajor || view.slayout != TileLayout::NoneBox) {
        kwargs.emplace_back("blayout", TileLayout::RowMajor);
        kwargs.emplace_back("slayout", TileLayout::NoneBox);
      }
    }
    auto move = createOpCall(OpRegistry::instance().get(OpId::Move), {arg}, kwargs, at, diag_);
    VarPtr moved = insertBefore(fmt::format("{}_{}", name, toString(target)), move, at);
    cache(v, key, moved);
    return moved;
  }

  SpaceAnalysis& analysis_;
};

class InferTileMemorySpacePass final : public Pass {
 public:
  std::string_view name() const override { return "infer-tile-memory-space"; }
  std::string_view description() const override {
    return "every tile gets a memory space; tile.move where an operand must live elsewhere";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::IncoreTileOps};
  }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::TileMemoryInferred, IRProperty::AivSplitValid};
  }
  IRPropertySet invalidated() const override { return {IRProperty::AivSplitValid}; }

  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext& ctx) override {
    return mapFunctions(program, [&](const FunctionPtr& f) {
      if (!isKernelFunction(*f)) return f;
      SpaceAnalysis analysis(ctx.diag);
      analysis.run(*f);
      Rewriter rewriter(analysis, ctx.diag);
      return rewriter.rewrite(f);
    });
  }
};

}  // namespace

void registerInferTileMemorySpacePass() {
  PassRegistry::instance().add("infer-tile-memory-space",
                               [] { return std::make_unique<InferTileMemorySpacePass>(); });
}

}  // namespace ptoc
