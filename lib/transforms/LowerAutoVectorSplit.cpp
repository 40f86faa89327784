// lower-auto-vector-split (seed 000, pypto-facts §3.7): rewrites a mixed cube/vector
// InCore function into the explicit split_aiv form in which each of the two AIV
// lanes does half of the vector work.
//
// Two arms, the region arm first:
//  - Explicit regions: an InCore function holding `for aiv_id in pl.split_aiv(...)`
//    regions. Each region is lowered in place (data-parallel full-width body →
//    halved; explicit-boundary body → validated and spliced; NONE body → spliced),
//    the wrappers are dropped and the function is stamped split_aiv +
//    split_aiv_region_validated. A region left inside a scope is an error.
//  - AUTO: an InCore function with a function-level split mode (UP_DOWN /
//    LEFT_RIGHT), not yet split_aiv, whose rolled-up affinity is MIXED. The body is
//    lowered by SplitLowerer (boundary moves → aiv_shard / aic_gather, vector work
//    halved, offsets localized by a fresh subblock_idx) and stamped split + split_aiv.
// Everything else passes through unchanged.
// Properties: requires SSAForm, SplitIncoreOrch, TileMemoryInferred, AivSplitValid;
// produces SSAForm, SplitIncoreOrch, TileMemoryInferred; invalidates AivSplitValid.
#include <fmt/format.h>

#include <unordered_set>

#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/analysis/SplitAxis.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/ExtentArith.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"
#include "split/CorePlacement.h"
#include "split/EmptyLaneGuard.h"
#include "split/ExplicitRegion.h"
#include "split/ShardValid.h"
#include "split/SplitLowerer.h"

namespace ptoc {
namespace {

using namespace ir;
using split::SplitLowerer;

// ---- small IR queries ------------------------------------------------------------------------

class FirstStmtFinder : public IRVisitor {
 public:
  explicit FirstStmtFinder(std::initializer_list<StmtKind> kinds) : kinds_(kinds) {}
  const Stmt* found = nullptr;
  void visitStmt(const StmtPtr& s) override {
    if (found || !s) return;
    for (StmtKind k : kinds_)
      if (s->kind == k) {
        found = s.get();
        return;
      }
    IRVisitor::visitStmt(s);
  }
  void visitExpr(const ExprPtr&) override {}  // no statement lives inside an expression

 private:
  std::vector<StmtKind> kinds_;
};

const Stmt* findStmt(const StmtPtr& body, std::initializer_list<StmtKind> kinds) {
  FirstStmtFinder f(kinds);
  f.visitStmt(body);
  return f.found;
}

constexpr std::string_view kSubblockName = "subblock_idx";

class UseCollector : public IRVisitor {
 public:
  std::unordered_set<const Var*> used;

 protected:
  void visitVar(const Var& v) override { used.insert(&v); }
};

StmtPtr subblockAssign(const VarPtr& v, Span span, DiagnosticEngine& diag) {
  ExprPtr call = createOpCall(OpRegistry::instance().get(OpId::GetSubblockIdx), {}, {}, span, diag);
  return std::make_shared<AssignStmt>(v, call, span);
}

// ---- balanced lane stride (ResolveLaneStride) -----------------------------------------------

/// S = ceil(V/2) when every C->V boundary agrees on a static (box, valid) with
/// ceil(V/2) < ceil(box/2), there is no V->C boundary, no other vector tile is
/// halved independently (so every split-axis tile derives from the boundary; a reshape
/// counts as one: its rows would be regrouped across the rebalanced partition) and no
/// tile.set_validshape grows the split-axis valid extent past 2 * S (rows no lane owns).
class LaneStrideScan : public IRVisitor {
 public:
  explicit LaneStrideScan(size_t dim) : dim_(dim) {}
  bool balanced = true;
  bool haveBoundary = false;
  int64_t box = -1, valid = -1;
  int64_t maxSetValid = 0;  // largest static split-axis extent given to tile.set_validshape

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    switch (analysis::classifyMoveDirection(c)) {
      case analysis::CVDirection::CubeToVector: {
        const auto* t = c.args[0]->type->as<TileType>();
        auto v =
            t && t->shape.size() == 2 ? ops::constIntValue(t->validShape()[dim_]) : std::nullopt;
        if (!v) {
          balanced = false;
          return;
        }
        if (haveBoundary && (box != t->shape[dim_] || valid != *v)) balanced = false;
        haveBoundary = true;
        box = t->shape[dim_];
        valid = *v;
        return;
      }
      case analysis::CVDirection::VectorToCube:
        balanced = false;
        return;
      case analysis::CVDirection::None:
        break;
    }
    // A vector tile made here (not derived from the boundary) is halved on its own.
    if (analysis::givesItsOwnShape(c) && classifyCallAffinity(c) != CoreAffinity::Cube)
      balanced = false;
    // set_validshape may grow the valid extent past the rows the balanced lanes own
    // (2 * S); only a static extent can be checked against them.
    if (isOp(c, OpId::SetValidShape) && c.args.size() == 3) {
      auto v = ops::constIntValue(c.args[1 + dim_]);
      if (!v)
        balanced = false;
      else
        maxSetValid = std::max(maxSetValid, *v);
    }
  }

 private:
  size_t dim_;
};

std::optional<int64_t> resolveLaneStride(const StmtPtr& body, SplitMode mode) {
  LaneStrideScan scan(analysis::splitDimension(mode));
  scan.visitStmt(body);
  if (!scan.balanced || !scan.haveBoundary) return std::nullopt;
  if (scan.valid <= 0 || ops::ceilHalf(scan.valid) >= ops::ceilHalf(scan.box)) return std::nullopt;
  int64_t stride = ops::ceilHalf(scan.valid);
  if (scan.maxSetValid > 2 * stride) return std::nullopt;  // rows no lane would own
  return stride;
}

// ---- the pass --------------------------------------------------------------------------------

class LowerAutoVectorSplitPass final : public Pass {
 public:
  std::string_view name() const override { return "lower-auto-vector-split"; }
  std::string_view description() const override {
    return "AUTO pl.split mixed InCore functions and pl.split_aiv regions -> explicit split_aiv "
           "form (each AIV lane does half of the vector work)";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::TileMemoryInferred,
            IRProperty::AivSplitValid};
  }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::TileMemoryInferred};
  }
  IRPropertySet invalidated() const override { return {IRProperty::AivSplitValid}; }

  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    return mapFunctions(program, [&](const FunctionPtr& f) { return lowerFunction(f, ctx.diag); });
  }

 private:
  /// The lowered function, its stores guarded against an empty lane (split/EmptyLaneGuard.h).
  FunctionPtr lowerFunction(const FunctionPtr& f, DiagnosticEngine& diag) {
    FunctionPtr out = lowerUnguarded(f, diag);
    return out == f ? f : split::guardEmptyStores(out);
  }

  FunctionPtr lowerUnguarded(const FunctionPtr& f, DiagnosticEngine& diag) {
    if (f->funcType != FunctionType::InCore) return f;
    if (findStmt(f->body, {StmtKind::SplitAivScope}))
      return split::localizeExplicitShards(lowerRegionFunction(*f, diag), diag);
    // A hand-written split_aiv kernel is used as written, but its shards' valid extents
    // are the lane's (split/ShardValid.h).
    if (const bool* aiv = getAttr<bool>(f->attrs, fnattr::kSplitAiv); aiv && *aiv)
      return split::localizeExplicitShards(f, diag);
    const SplitMode* mode = getAttr<SplitMode>(f->attrs, fnattr::kSplit);
    if (!mode || *mode == SplitMode::None) return f;
    if (analysis::stmtAffinity(f->body) != CoreAffinity::Mixed) return f;
    return lowerAutoFunction(*f, *mode, diag);
  }

  FunctionPtr lowerAutoFunction(const Function& f, SplitMode mode, DiagnosticEngine& diag) {
    if (const Stmt* scope = findStmt(f.body, {StmtKind::InCoreScope, StmtKind::SimdVfScope})) {
      diag.error(scope->span,
                 fmt::format("lower-auto-vector-split: the mixed split function '{}' still "
                             "contains a scope here; its body must be scope-free to be split",
                             f.name),
                 "run outline-incore-scopes first, or move the scope out of the split function");
      throw CompileError();
    }
    std::unordered_set<std::string> names = definedNamesWithPrefix(f, kSubblockName);
    auto sb = std::make_shared<Var>(freshName(names, std::string(kSubblockName)),
                                    ScalarType::get(DType::Index), f.body->span);
    SplitLowerer lowerer({mode, sb, resolveLaneStride(f.body, mode), "lower-auto-vector-split", {}},
                         diag);
    std::vector<StmtPtr> body{subblockAssign(sb, f.body->span, diag)};
    for (auto& s : lowerer.lowerStmts(flattenStmts(f.body))) body.push_back(std::move(s));
    AttrList attrs = restampAttrs(f.attrs, {{fnattr::kSplit, mode}, {fnattr::kSplitAiv, true}},
                                  {fnattr::kSplit, fnattr::kSplitAiv, fnattr::kDualAivDispatch});
    return withBody(f, makeSeq(std::move(body), f.body->span), std::move(attrs));
  }

  // ---- explicit regions ----------------------------------------------------------------------

  struct RegionState {
    DiagnosticEngine& diag;
    std::unordered_set<std::string> names;
    // Values a full-width region replaced by per-lane ones: they must not be used after it.
    std::vector<std::pair<const Var*, const SplitAivScopeStmt*>> replaced;
    std::vector<split::LoopInfo> loops;  // pl.range loops around the current statement
  };

  FunctionPtr lowerRegionFunction(const Function& f, DiagnosticEngine& diag) {
    split::checkRegionStoreRaces(f, diag);
    RegionState st{diag, {}, {}, {}};
    st.names = definedNamesWithPrefix(f, kSubblockName);
    StmtPtr body = lowerRegionsIn(f.body, st);
    if (const Stmt* left = findStmt(body, {StmtKind::SplitAivScope})) {
      diag.error(left->span,
                 fmt::format("lower-auto-vector-split: this pl.split_aiv region of '{}' sits "
                             "inside a scope, which region lowering does not enter, so it "
                             "would reach expand-mixed-kernel unlowered",
                             f.name),
                 "write the kernel as a plain @pl.function (Opaque) so outline-incore-scopes "
                 "lifts the enclosing scope into its own InCore function, or move the region "
                 "out of the enclosing scope");
      throw CompileError();
    }
    if (!st.replaced.empty()) {
      UseCollector uses;
      uses.visitStmt(body);
      for (const auto& [v, region] : st.replaced)
        if (uses.used.count(v)) {
          diag.error(region->span,
                     fmt::format("lower-auto-vector-split: the value '{}' is halved inside this "
                                 "pl.split_aiv region but used after it, where statements run "
                                 "full width",
                                 v->name),
                     "store the per-lane value to a tensor inside the region (each lane writes "
                     "its half), or gather it with pl.aic_gather");
          throw CompileError();
        }
    }
    AttrList attrs = restampAttrs(
        f.attrs, {{fnattr::kSplitAiv, true}, {fnattr::kSplitAivRegionValidated, true}}, {});
    // Keep a function-level split mode first, where the printer and readers expect it.
    if (const AttrValue* m = findAttr(f.attrs, fnattr::kSplit))
      attrs = restampAttrs(attrs, {{fnattr::kSplit, *m}}, {});
    return withBody(f, body, std::move(attrs));
  }

  /// Lowers every region under `s`, recursing into loops, ifs and sequences but never
  /// into a scope.
  StmtPtr lowerRegionsIn(const StmtPtr& s, RegionState& st) {
    if (!s) return s;
    switch (s->kind) {
      case StmtKind::Seq: {
        std::vector<StmtPtr> out;
        bool changed = false;
        for (const auto& c : s->as<SeqStmt>()->stmts) {
          if (const auto* r = c->as<SplitAivScopeStmt>()) {
            for (auto& x : lowerRegion(*r, st)) out.push_back(std::move(x));
            changed = true;
          } else {
            out.push_back(lowerRegionsIn(c, st));
            changed |= out.back() != c;
          }
        }
        return changed ? makeSeq(std::move(out), s->span) : s;
      }
      case StmtKind::SplitAivScope:
        return makeSeq(lowerRegion(*s->as<SplitAivScopeStmt>(), st), s->span);
      case StmtKind::For: {
        const auto* f = s->as<ForStmt>();
        st.loops.push_back(split::loopInfoOf(*f));
        StmtPtr body = lowerRegionsIn(f->body, st);
        st.loops.pop_back();
        if (body == f->body) return s;
        return std::make_shared<ForStmt>(f->loopVar, f->start, f->stop, f->step, f->forKind,
                                         f->iterArgs, body, f->returnVars, f->attrs, f->span);
      }
      case StmtKind::While: {
        const auto* w = s->as<WhileStmt>();
        StmtPtr body = lowerRegionsIn(w->body, st);
        if (body == w->body) return s;
        return std::make_shared<WhileStmt>(w->cond, w->iterArgs, body, w->returnVars, w->span);
      }
      case StmtKind::If: {
        const auto* i = s->as<IfStmt>();
        StmtPtr t = lowerRegionsIn(i->thenBody, st), e = lowerRegionsIn(i->elseBody, st);
        if (t == i->thenBody && e == i->elseBody) return s;
        return std::make_shared<IfStmt>(i->cond, t, e, i->returnVars, i->span);
      }
      case StmtKind::InCoreScope:
      case StmtKind::SimdVfScope:
      case StmtKind::RuntimeScope:
        return s;  // scopes are not entered: a region inside one survives (and is reported)
      case StmtKind::Assign:
      case StmtKind::Eval:
      case StmtKind::BufferStore:
      case StmtKind::Yield:
      case StmtKind::Return:
      case StmtKind::Break:
      case StmtKind::Continue:
        return s;  // no nested statements: no region
    }
    return s;
  }

  /// The lowered statements of a region, its shared communication ops stamped with the
  /// lane the region places them on (split/CorePlacement.h): the region wrapper is gone
  /// after this pass, and expand-mixed-kernel would otherwise copy them onto both lanes.
  std::vector<StmtPtr> lowerRegion(const SplitAivScopeStmt& r, RegionState& st) {
    std::vector<StmtPtr> out = lowerRegionStmts(r, st);
    for (auto& s : out) s = split::stampCorePlacement(s);
    return out;
  }

  std::vector<StmtPtr> lowerRegionStmts(const SplitAivScopeStmt& r, RegionState& st) {
    const Call* boundary = split::findBoundaryOp(r.body);
    std::vector<StmtPtr> out;
    // An empty region (e.g. emptied by DCE) is dropped: no lane index is bound for it.
    if (flattenStmts(r.body).empty()) return out;
    if (r.mode == SplitMode::None) {
      if (boundary) {
        st.diag.error(boundary->span,
                      fmt::format("lower-auto-vector-split: {} inside a pl.split_aiv region "
                                  "with mode NONE: a task-parallel region has no split axis to "
                                  "shard or gather along",
                                  boundary->callee),
                      "give the region a split mode (pl.SplitMode.UP_DOWN / LEFT_RIGHT), or "
                      "let both lanes use the full tile without a boundary op");
        throw CompileError();
      }
      out.push_back(subblockAssign(r.laneVar, r.span, st.diag));
      for (auto& s : flattenStmts(r.body)) out.push_back(std::move(s));
      return out;
    }
    if (boundary) {
      split::validateExplicitBoundaryRegion(r, st.diag);
      out.push_back(subblockAssign(r.laneVar, r.span, st.diag));
      for (auto& s : flattenStmts(r.body)) out.push_back(std::move(s));
      return out;
    }
    if (const Stmt* inner = findStmt(
            r.body, {StmtKind::SplitAivScope, StmtKind::InCoreScope, StmtKind::SimdVfScope})) {
      st.diag.error(inner->span,
                    "lower-auto-vector-split: a scope inside a data-parallel pl.split_aiv region "
                    "cannot be halved",
                    "move the scope out of the region");
      throw CompileError();
    }
    if (const Stmt* use = split::findReadOf(r.body, r.laneVar.get())) {
      st.diag.error(use->span,
                    fmt::format("lower-auto-vector-split: this data-parallel pl.split_aiv region "
                                "({}) reads its lane index '{}' here, but its body is written "
                                "full width and halved by the pass, so a lane-dependent body "
                                "has no single meaning",
                                toString(r.mode), r.laneVar->name),
                    "use mode=pl.SplitMode.NONE to divide the work by lane yourself, or write "
                    "the per-lane form with pl.aiv_shard / pl.aic_gather (an explicit-boundary "
                    "region)");
      throw CompileError();
    }
    auto sb = std::make_shared<Var>(freshName(st.names, std::string(kSubblockName)),
                                    ScalarType::get(DType::Index), r.span);
    out.push_back(subblockAssign(sb, r.span, st.diag));
    out.push_back(subblockAssign(r.laneVar, r.span, st.diag));
    split::SplitOptions opts{r.mode, sb, std::nullopt, "lower-auto-vector-split", st.loops};
    SplitLowerer lowerer(opts, st.diag);
    for (auto& s : lowerer.lowerStmts(flattenStmts(r.body))) out.push_back(std::move(s));
    for (const Var* v : lowerer.replacedVars()) st.replaced.emplace_back(v, &r);
    return out;
  }
};

}  // namespace

void registerLowerAutoVectorSplitPass() {
  PassRegistry::instance().add("lower-auto-vector-split",
                               [] { return std::make_unique<LowerAutoVectorSplitPass>(); });
}

}  // namespace ptoc
