// expand-mixed-kernel (seed 000, pypto-facts §3.8 and §8.1): every InCore function becomes
// what the core group runs.
//  - A mixed function (cube and vector work, or a C/V boundary) `f` becomes `f_aic` (AIC,
//    no return: the cube and shared statements), `f_aiv` (AIV, f's returns: the vector and
//    shared statements) and a Group `f` that calls both and returns (f's callers are
//    unchanged). Existing Group callers of `f` are rewritten in place instead. Boundaries
//    become tpush / tpop with split codes (expand/SideSplitter.cpp), each side is cleaned
//    (expand/SideCleanup.cpp), popped tiles are freed and the pipe is set up
//    (expand/PipeSetup.cpp). On A2/A3 a no-split mixed kernel's AIV function is stamped
//    dual_aiv_dispatch.
//  - A function with only cube work becomes AIC; one with vector or only shared work becomes
//    AIV; either loses its `split` mode (a pure kernel is not split over the lanes).
// The AIC and AIV members of every Group take the Group's parameters (expand/GroupAbi.cpp).
// A split function (not region-validated) must not transpose its split axis. Last, on A5,
// every hand-written tpush_to_aic of an AIV function goes through the NZ adapter
// (AdaptManualVtoCPush).
// First of all, the deferred-completion waiter contract (expand/DeferredWaiter.h); a waiter
// must expand to a pure AIV kernel.
// Properties: requires SSAForm, SplitIncoreOrch, TileMemoryInferred; produces those and
// MixedKernelExpanded.
#include <fmt/format.h>

#include <map>
#include <set>

#include "expand/DeferredWaiter.h"
#include "expand/Expand.h"
#include "expand/GroupAbi.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/ExtentArith.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"
#include "split/CorePlacement.h"

namespace ptoc {
namespace {

using namespace ir;
using expand::Side;

/// The functions a body calls and, when `transposeDim` is set, the first tile.transpose that
/// swaps that (split) dimension: one walk for both.
class CallScan : public IRVisitor {
 public:
  explicit CallScan(std::optional<size_t> transposeDim = std::nullopt) : dim_(transposeDim) {}
  std::set<std::string> callees;
  const Call* transpose = nullptr;

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (c.isFunctionCall()) callees.emplace(c.callee);
    if (!dim_ || transpose || !isOp(c, OpId::Transpose) || c.args.size() < 3) return;
    const size_t dim = *dim_;
    const TileType* t = tileTypeOf(c.args[0]);
    if (!t || t->shape.size() <= dim || t->shape[dim] == 1) return;
    auto a = ops::constIntValue(c.args[1]), b = ops::constIntValue(c.args[2]);
    if (a && b && static_cast<size_t>(*a) != dim && static_cast<size_t>(*b) != dim) return;
    transpose = &c;
  }

 private:
  std::optional<size_t> dim_;
};

SplitMode splitModeOf(const Function& f) {
  const auto* m = getAttr<SplitMode>(f.attrs, fnattr::kSplit);
  return m ? *m : SplitMode::None;
}

class ExpandMixedKernelPass final : public Pass {
 public:
  std::string_view name() const override { return "expand-mixed-kernel"; }
  std::string_view description() const override {
    return "mixed InCore function -> <f>_aic (AIC) + <f>_aiv (AIV) + Group <f>; C/V boundaries "
           "-> tpush / tpop / tfree with split codes; pipe set-up";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::TileMemoryInferred};
  }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::TileMemoryInferred,
            IRProperty::MixedKernelExpanded};
  }

  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    expand::checkDeferredWaiters(program->functions, ctx.diag);
    // Who calls whom: a mixed function called only by Group functions is expanded into
    // those Groups instead of a Group of its own.
    // The same walk finds the transposes checkTransposeHazard reports.
    std::map<std::string, std::vector<FunctionType>> callers;
    std::set<std::string> names;
    std::map<const Function*, const Call*> transposes;
    for (const auto& f : program->functions) {
      names.insert(f->name);
      CallScan scan(transposeHazardDim(*f));
      scan.visitStmt(f->body);
      for (const auto& c : scan.callees) callers[c].push_back(f->funcType);
      if (scan.transpose) transposes[f.get()] = scan.transpose;
    }
    std::map<std::string, std::pair<FunctionPtr, FunctionPtr>> intoGroups;
    std::vector<FunctionPtr> out;
    bool changed = false;
    for (const auto& f : program->functions) {
      if (f->funcType != FunctionType::InCore) {
        out.push_back(f);
        continue;
      }
      changed = true;
      if (auto t = transposes.find(f.get()); t != transposes.end())
        reportTransposeHazard(*f, *t->second, ctx.diag);
      CoreAffinity aff = analysis::stmtAffinity(f->body);
      if (aff == CoreAffinity::Cube || aff == CoreAffinity::Mixed)
        if (const bool* w = getAttr<bool>(f->attrs, fnattr::kDeferredCompletionWaiter); w && *w) {
          ctx.diag.error(
              f->span,
              fmt::format("expand-mixed-kernel: deferred waiter '{}' does {} work; a "
                          "waiter must lower to a pure AIV kernel",
                          f->name, aff == CoreAffinity::Cube ? "cube" : "cube and vector"),
              "keep only the pld.system.defer_wait registrations (and scalar "
              "bookkeeping) in the waiter's scope; move the rest to another scope");
          throw CompileError();
        }
      if (aff != CoreAffinity::Mixed) {
        out.push_back(convertPure(*f, aff));
        continue;
      }
      for (const char* suffix : {"_aic", "_aiv"})
        if (names.count(f->name + suffix)) {
          ctx.diag.error(f->span,
                         fmt::format("expand-mixed-kernel: cannot expand '{}': the program "
                                     "already has a function named '{}{}'",
                                     f->name, f->name, suffix),
                         "rename that function");
          throw CompileError();
        }
      expand::TensorOrigins origins(*f);  // one scan, shared by the split and the Group
      expand::rejectUnorderedVectorToCubeGm(*f, origins, ctx.diag);
      expand::rejectCrossLaneGmRaces(*f, origins, ctx.diag);
      auto [aic, aiv] = expandFunction(*f, origins, ctx);
      out.push_back(aic);
      out.push_back(aiv);
      const auto& cs = callers[f->name];
      bool onlyGroups = !cs.empty();
      for (FunctionType t : cs) onlyGroups &= t == FunctionType::Group;
      if (onlyGroups)
        intoGroups[f->name] = {aic, aiv};
      else
        out.push_back(makeGroup(*f, origins, *aic, *aiv));
    }
    if (!intoGroups.empty())
      for (auto& f : out)
        if (f->funcType == FunctionType::Group)
          if (FunctionPtr g = rewriteGroup(*f, intoGroups, ctx.diag)) f = g;
    if (expand::normalizeGroupAbis(out, ctx.diag)) changed = true;
    if (target::noSplitDualAivDispatch(ctx.arch) && stampHandWrittenMembers(out)) changed = true;
    if (target::manualVtoCPushNeedsNzAdapter(ctx.arch))
      for (auto& f : out)
        if (f->funcType == FunctionType::AIV)
          if (FunctionPtr a = adaptManualPushes(f, ctx.diag); a != f) {
            f = a;
            changed = true;
          }
    // The region placements are consumed: no later pass or dump sees the stamp.
    for (auto& f : out)
      if (FunctionPtr g = split::stripCorePlacement(f); g != f) {
        f = g;
        changed = true;
      }
    if (!changed) return program;
    return std::make_shared<Program>(program->name, std::move(out), program->isClass,
                                     program->span);
  }

 private:
  /// The split axis a tile.transpose of InCore function `f` must not swap (each AIV lane holds
  /// half of it), unless the split was validated (pl.split_aiv regions).
  static std::optional<size_t> transposeHazardDim(const Function& f) {
    if (f.funcType != FunctionType::InCore) return std::nullopt;
    if (const bool* v = getAttr<bool>(f.attrs, fnattr::kSplitAivRegionValidated); v && *v)
      return std::nullopt;
    return splitAxis(splitModeOf(f));
  }

  static void reportTransposeHazard(const Function& f, const Call& transpose,
                                    DiagnosticEngine& diag) {
    SplitMode mode = splitModeOf(f);
    const size_t axis = *splitAxis(mode);
    diag.error(transpose.span,
               fmt::format("expand-mixed-kernel: '{}' is split {} but this tile.transpose swaps "
                           "the split axis (dim {}): each AIV lane holds half of that axis, and "
                           "the transpose would move it to the other dimension",
                           f.name, toString(mode), axis),
               "drop the split (remove pl.split / set split to pl.SplitMode.NONE), or remove the "
               "transpose (e.g. slice the column directly instead of transposing)");
    throw CompileError();
  }

  /// A2/A3: an AIV member of a Group that uses a pipe without a split mode is dispatched to
  /// both vector lanes, like an expanded no-split kernel (split-vector-kernel adds the lane-1
  /// replay): stamps dual_aiv_dispatch. Whether anything changed.
  static bool stampHandWrittenMembers(std::vector<FunctionPtr>& fns) {
    std::set<std::string> members;
    for (const auto& f : fns)
      if (f->funcType == FunctionType::Group) {
        CallScan scan;
        scan.visitStmt(f->body);
        members.insert(scan.callees.begin(), scan.callees.end());
      }
    bool changed = false;
    for (auto& f : fns) {
      if (f->funcType != FunctionType::AIV || !members.count(f->name) ||
          splitModeOf(*f) != SplitMode::None || getAttr<bool>(f->attrs, fnattr::kDualAivDispatch))
        continue;
      if (const bool* a = getAttr<bool>(f->attrs, fnattr::kSplitAiv); a && *a) continue;
      // A member whose pipe ops carry split codes is a standalone split kernel (written full
      // width; split-vector-kernel halves it), not a no-split one.
      const expand::PipeUse use = expand::scanPipeUse(f->body);
      if (!use.dirMask || use.splitCoded) continue;
      AttrList attrs = f->attrs;
      attrs.emplace_back(fnattr::kDualAivDispatch, true);
      f = withBody(*f, f->body, std::move(attrs));
      changed = true;
    }
    return changed;
  }

  /// AdaptManualVtoCPush: every tile.tpush_to_aic of an AIV function whose tile is not in the
  /// NZ transfer view (col_major, row_major) pushes the NZ adapter's copy instead (its other
  /// kwargs kept). Pushes already adapted — by the boundary path or by hand — are left alone.
  static FunctionPtr adaptManualPushes(const FunctionPtr& f, DiagnosticEngine& diag) {
    class Adapter : public IRMutator {
     public:
      Adapter(const Function& fn, DiagnosticEngine& d) : fn_(fn), diag_(d) {}

      /// Statements only: a push is an evaluation statement, and nothing is remapped, so
      /// expressions (and the types inside them) stay as they are without a walk.
      ExprPtr mutateExpr(const ExprPtr& e) override { return e; }

     protected:
      StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s) override {
        const auto* c = s->expr ? s->expr->as<Call>() : nullptr;
        if (!c || c->callee != "tile.tpush_to_aic" || c->args.empty())
          return IRMutator::mutateEval(s);
        const TileType* t = tileTypeOf(c->args[0]);
        if (!t) return s;
        TileView v = t->effectiveView();
        if (v.blayout == TileLayout::ColMajor && v.slayout == TileLayout::RowMajor) return s;
        ExprPtr src = mutateExpr(c->args[0]);
        auto move = createOpCall(OpRegistry::instance().get(OpId::Move), {src},
                                 {{"target_memory", MemorySpace::Vec},
                                  {"blayout", TileLayout::ColMajor},
                                  {"slayout", TileLayout::RowMajor}},
                                 c->span, diag_);
        const auto* sv = src->as<Var>();
        // The names in use, collected at the first push adapted (most functions have none).
        if (!names_) names_ = takenNames(fn_);
        auto nz = std::make_shared<Var>(names_->fresh((sv ? sv->name : "pushed") + "_nz"),
                                        move->type, c->span);
        auto push = createOpCall(*c->op, {nz}, c->kwargs, c->span, diag_);
        return makeSeq({assign(nz, move, s->span), evalStmt(push, s->span)}, s->span);
      }

     private:
      const Function& fn_;
      DiagnosticEngine& diag_;
      std::optional<TakenNames> names_;  // borrows the names of fn_'s variables
    };
    Adapter a(*f, diag);
    StmtPtr body = a.mutateStmt(f->body);
    if (body == f->body) return f;
    return withBody(*f, makeSeq(flattenStmts(body), f->body->span), f->attrs);
  }

  /// A function without both kinds of work runs on one core: AIC for cube work, AIV for
  /// vector or only shared work. Either way its `split` mode goes (a pure kernel is not
  /// split over the lanes).
  static FunctionPtr convertPure(const Function& f, CoreAffinity aff) {
    return std::make_shared<Function>(
        f.name, aff == CoreAffinity::Cube ? FunctionType::AIC : FunctionType::AIV, f.params,
        f.directions, f.returnTypes, f.body, restampAttrs(f.attrs, {}, {fnattr::kSplit}), f.span);
  }

  static std::pair<FunctionPtr, FunctionPtr> expandFunction(const Function& f,
                                                            const expand::TensorOrigins& origins,
                                                            PassContext& ctx) {
    expand::SideBodies b = expand::splitSides(f, origins, {ctx.arch, f.name}, ctx.diag);
    StmtPtr aic = expand::cleanupSide(b.aic, Side::Aic, f, origins, ctx.diag);
    StmtPtr aiv = expand::cleanupSide(b.aiv, Side::Aiv, f, origins, ctx.diag);
    aic = expand::finalizeTfrees(aic, Side::Aic, ctx.diag);
    aiv = expand::finalizeTfrees(aiv, Side::Aiv, ctx.diag);
    expand::PipeUse ua = expand::scanPipeUse(aic), uv = expand::scanPipeUse(aiv);
    const int dir = ua.dirMask | uv.dirMask;
    if (dir && !ua.hasSetup && !uv.hasSetup) {
      const auto* n = getAttr<int64_t>(f.attrs, fnattr::kSlotNum);
      // Each popped tile holds its slot until its tfree: a consumer holding more tiles at once
      // than there are slots would wait for a push the producer cannot make.
      const int64_t held = std::max(ua.peakHeld, uv.peakHeld);
      if (n && *n < held) {
        ctx.diag.error(f.span,
                       fmt::format("expand-mixed-kernel: '{}' holds {} popped tiles at once, but "
                                   "its cross-core pipe has slot_num={} slots: the producer "
                                   "would wait for a slot the consumer never frees",
                                   f.name, held, *n),
                       fmt::format("write pl.cross_core_slot(slot_num={}) on the scope, or use "
                                   "each moved tile before the next one is moved",
                                   held));
        throw CompileError();
      }
      const int64_t slotNum = n ? *n : std::max<int64_t>(target::kDefaultSlotNum, held);
      const int64_t slotSize = std::max(ua.slotSize, uv.slotSize);
      aic = expand::addPipeSetup(aic, Side::Aic, f.name, dir, slotSize, slotNum, ctx.diag);
      aiv = expand::addPipeSetup(aiv, Side::Aiv, f.name, dir, slotSize, slotNum, ctx.diag);
    }
    AttrList aivAttrs = f.attrs;
    if (target::noSplitDualAivDispatch(ctx.arch) && splitModeOf(f) == SplitMode::None)
      aivAttrs = restampAttrs(aivAttrs, {}, {fnattr::kDualAivDispatch}),
      aivAttrs.emplace_back(fnattr::kDualAivDispatch, true);
    auto aicFn =
        std::make_shared<Function>(f.name + "_aic", FunctionType::AIC, f.params, f.directions,
                                   std::vector<TypePtr>{}, aic, f.attrs, f.span);
    auto aivFn = std::make_shared<Function>(f.name + "_aiv", FunctionType::AIV, f.params,
                                            f.directions, f.returnTypes, aiv, aivAttrs, f.span);
    return {aicFn, aivFn};
  }

  /// The Group `f`: calls the AIC and the AIV function with f's parameters, returns the
  /// Out / InOut parameters f's results are stored in (else the AIV function's results).
  static FunctionPtr makeGroup(const Function& f, const expand::TensorOrigins& origins,
                               const Function& aic, const Function& aiv) {
    const Span span = f.span;
    std::vector<ExprPtr> args(f.params.begin(), f.params.end());
    std::vector<StmtPtr> body{evalStmt(callFunction(aic, args, span), span)};
    std::vector<ExprPtr> rets;
    if (!f.returnTypes.empty()) {
      const ReturnStmt* r = nullptr;
      for (const auto& s : flattenStmts(f.body))
        if (const auto* x = s->as<ReturnStmt>()) r = x;
      bool params = r && r->values.size() == f.returnTypes.size();
      if (params)
        for (const auto& v : r->values) {
          const auto* var = v->as<Var>();
          VarPtr o = var ? origins.origin(var) : nullptr;
          bool isOut = false;
          for (size_t i = 0; i < f.params.size(); ++i)
            if (o == f.params[i] && f.directions[i] != ParamDirection::In) isOut = true;
          if (!isOut) {
            params = false;
            break;
          }
          rets.push_back(o);
        }
      if (params) {
        body.push_back(evalStmt(callFunction(aiv, args, span), span));
      } else {
        rets.clear();
        VarPtr res;
        body.push_back(assignNew(f.name + "_result", callFunction(aiv, args, span), res, span));
        if (f.returnTypes.size() == 1)
          rets.push_back(res);
        else
          for (size_t i = 0; i < f.returnTypes.size(); ++i)
            rets.push_back(tupleGetItem(res, static_cast<int64_t>(i), span));
      }
      body.push_back(returnStmt(std::move(rets), span));
    } else {
      body.push_back(evalStmt(callFunction(aiv, args, span), span));
    }
    return std::make_shared<Function>(f.name, FunctionType::Group, f.params, f.directions,
                                      f.returnTypes, makeSeq(std::move(body), span), f.attrs, span);
  }

  /// A Group calling an expanded function: `[x =] self.f(args)` -> `self.f_aic(args)` then
  /// `[x =] self.f_aiv(args)`; null when `g` calls none.
  static FunctionPtr rewriteGroup(
      const Function& g, const std::map<std::string, std::pair<FunctionPtr, FunctionPtr>>& into,
      DiagnosticEngine& diag) {
    std::vector<StmtPtr> body;
    bool changed = false;
    for (const auto& s : flattenStmts(g.body)) {
      const Call* c = analysis::leafCall(*s);
      auto it = c && c->isFunctionCall() ? into.find(std::string(c->callee)) : into.end();
      if (it == into.end()) {
        body.push_back(s);
        continue;
      }
      changed = true;
      body.push_back(evalStmt(callFunction(*it->second.first, c->args, c->span), s->span));
      ExprPtr aivCall = callFunction(*it->second.second, c->args, c->span);
      if (const auto* a = s->as<AssignStmt>()) {
        if (!a->var->type || !aivCall->type) {
          diag.error(s->span, "expand-mixed-kernel: internal error: untyped Group call");
          throw InternalError("untyped Group call");
        }
        body.push_back(assign(a->var, aivCall, s->span));
      } else {
        body.push_back(evalStmt(aivCall, s->span));
      }
    }
    if (!changed) return nullptr;
    return withBody(g, makeSeq(std::move(body), g.body->span), g.attrs);
  }
};

}  // namespace

void registerExpandMixedKernelPass() {
  PassRegistry::instance().add("expand-mixed-kernel",
                               [] { return std::make_unique<ExpandMixedKernelPass>(); });
}

}  // namespace ptoc
