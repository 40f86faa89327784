// split-vector-kernel, arm 2 (pypto-facts §3.9 arm 3): a hand-written standalone split AIV
// kernel — an AIV function, not split_aiv, whose split comes from its `split` attr or from
// the split codes of its tpush / tpop (all agreeing; the odd codes 3 / 4 count as their
// mode) — written full width, as if one vector core held the whole tile. It is halved with
// the halving machinery of lower-auto-vector-split (split::SplitLowerer, shared through its
// public interface, not copied):
//   1. each `h: T = tpop_from_aic(split=k)` (T full width) is presented to the lowerer as the
//      C->V boundary `h = tile.move(<a cube tile of T's shape>, Vec)`, each
//      `tpush_to_aic(t, split=k)` as the V->C boundary `tile.move(t, Mat)`; tfrees and the
//      leading pipe set-up are taken out;
//   2. the lowerer halves the vector work along the split axis and localizes offsets by a
//      fresh subblock_idx; the boundaries come back as tile.aiv_shard / tile.aic_gather;
//   3. those become the tpop of the per-lane half (split code from the full tile's lanes)
//      and the tpush of the half again, the set-up is put back first and every popped tile is
//      freed after its last use. The function is stamped split + dual_aiv_dispatch.
// An AIC function with a split (attr or codes) only gets its `split` stamped: the cube works
// on full tiles.
#include <fmt/format.h>

#include "../expand/Expand.h"
#include "../split/EmptyLaneGuard.h"
#include "../split/SplitLowerer.h"
#include "SplitVec.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::splitvec {

using namespace ir;

namespace {

bool isPipeCall(const Call& c) {
  return c.callee == "tile.tpush_to_aiv" || c.callee == "tile.tpush_to_aic" ||
         c.callee == "tile.tpop_from_aic" || c.callee == "tile.tpop_from_aiv";
}

/// The split mode the pipe ops' codes ask for (None when all are 0); an error on a conflict.
class CodeScan : public IRVisitor {
 public:
  explicit CodeScan(DiagnosticEngine& d) : diag_(d) {}
  SplitMode mode = SplitMode::None;
  const Call* first = nullptr;

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (!isPipeCall(c)) return;
    const auto* k = getAttr<int64_t>(c.kwargs, "split");
    if (!k || *k == 0) return;
    SplitMode m = (*k == 1 || *k == 3) ? SplitMode::UpDown : SplitMode::LeftRight;
    if (first && m != mode) {
      Diagnostic d;
      d.span = c.span;
      d.message = fmt::format(
          "split-vector-kernel: {} here splits {} (split={}), but the earlier {} splits {}; a "
          "standalone split kernel has one split axis",
          c.callee, toString(m), *k, first->callee, toString(mode));
      d.notes.push_back({first->span, "the first split pipe op"});
      d.hint = "use split codes of one mode (1 / 3 = UP_DOWN, 2 / 4 = LEFT_RIGHT) in the kernel";
      diag_.report(std::move(d));
      throw CompileError();
    }
    if (!first) first = &c;
    mode = m;
  }

 private:
  DiagnosticEngine& diag_;
};

/// Step 1: pipe ops -> boundary moves; tfrees dropped.
class ToBoundaries : public IRMutator {
 public:
  explicit ToBoundaries(DiagnosticEngine& d) : diag_(d) {}
  std::unordered_map<const Var*, int64_t> placeholders;  // cube stand-in -> lane_stride (0: none)
  std::unordered_set<const Var*> pushes;                 // V->C stand-in results

 protected:
  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    const auto* c = s->value ? s->value->as<Call>() : nullptr;
    if (!c || c->callee != "tile.tpop_from_aic") return IRMutator::mutateAssign(s);
    const auto* t = c->type->as<TileType>();
    auto cube = std::make_shared<Var>(
        s->var->name + "_full",
        ops::makeTile(t->shape, t->dtype, MemorySpace::Acc, ops::explicitValidOf(*t)), s->span);
    const auto* ls = getAttr<int64_t>(c->kwargs, "lane_stride");
    placeholders[cube.get()] = ls ? *ls : 0;
    const TileView view = t->effectiveView();
    AttrList kw{
        {"target_memory", MemorySpace::Vec}, {"blayout", view.blayout}, {"slayout", view.slayout}};
    auto move = createOpCall(OpRegistry::instance().get(OpId::Move), {cube}, kw, c->span, diag_);
    return assign(s->var, move, s->span);
  }
  StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s) override {
    const auto* c = s->expr ? s->expr->as<Call>() : nullptr;
    if (c && (c->callee == "system.tfree_to_aic")) return makeSeq({}, s->span);
    if (!c || c->callee != "tile.tpush_to_aic") return IRMutator::mutateEval(s);
    ExprPtr tile = mutateExpr(c->args[0]);
    auto move = createOpCall(OpRegistry::instance().get(OpId::Move), {tile},
                             {{"target_memory", MemorySpace::Mat}}, c->span, diag_);
    auto g = std::make_shared<Var>("pushed", move->type, s->span);
    pushes.insert(g.get());
    return assign(g, move, s->span);
  }

 private:
  DiagnosticEngine& diag_;
};

/// Step 3: tile.aiv_shard(stand-in) -> tpop of the half; move(aic_gather(half)) -> tpush.
class FromBoundaries : public IRMutator {
 public:
  FromBoundaries(const ToBoundaries& tb, DiagnosticEngine& d) : tb_(tb), diag_(d) {}

 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& e) override {
    ExprPtr m = IRMutator::mutateCall(e);
    const auto* c = m->as<Call>();
    if (!c || !isOp(*c, OpId::AivShard)) return m;
    const auto* cube = c->args[0]->as<Var>();
    auto it = cube ? tb_.placeholders.find(cube) : tb_.placeholders.end();
    if (it == tb_.placeholders.end()) return m;
    const auto* mode = getAttr<SplitMode>(c->kwargs, "split");
    const TileType* full = tileTypeOf(c->args[0]);
    int64_t code = (mode && *mode == SplitMode::LeftRight) ? 2 : 1;
    if (std::optional<size_t> axis = splitAxis(mode ? *mode : SplitMode::None)) {
      int64_t stride = it->second ? it->second : ops::ceilHalf(full->shape[*axis]);
      if (auto v = ops::constIntValue(full->validShape()[*axis])) {
        int64_t l0 = std::clamp<int64_t>(*v, 0, stride),
                l1 = std::clamp<int64_t>(*v - stride, 0, stride);
        if (l0 == l1 + 1) code += 2;
      }
    }
    AttrList kw{{"split", code}};
    if (it->second) kw.emplace_back("lane_stride", it->second);
    return createOpCall(OpRegistry::instance().get("tile.tpop_from_aic"), {}, kw, c->span, diag_,
                        {}, {}, c->type);
  }
  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    const auto* c = s->value ? s->value->as<Call>() : nullptr;
    // `g = tile.aic_gather(half)` (the lowerer's V->C form), or the move of it folded in.
    const Call* gather = c && isOp(*c, OpId::AicGather) ? c : nullptr;
    if (!gather && c && isOp(*c, OpId::Move) && !c->args.empty()) {
      if (const auto* inner = c->args[0]->as<Call>(); inner && isOp(*inner, OpId::AicGather))
        gather = inner;
      else if (const auto* v = c->args[0]->as<Var>(); v && gathered_.count(v))
        return makeSeq({}, s->span);  // the kept cube-side move of a gathered stand-in
    }
    if (!gather) {
      if (tb_.pushes.count(s->var.get()))
        throw InternalError("split-vector-kernel: a standalone tpush_to_aic was not gathered");
      return IRMutator::mutateAssign(s);
    }
    gathered_.insert(s->var.get());
    const auto* mode = getAttr<SplitMode>(gather->kwargs, "split");
    int64_t code = (mode && *mode == SplitMode::LeftRight) ? 2 : 1;
    ExprPtr half = mutateExpr(gather->args[0]);
    return evalStmt(createOpCall(OpRegistry::instance().get("tile.tpush_to_aic"), {half},
                                 {{"split", code}}, s->span, diag_),
                    s->span);
  }

 private:
  const ToBoundaries& tb_;
  DiagnosticEngine& diag_;
  std::unordered_set<const Var*> gathered_;
};

bool isSetup(const StmtPtr& s) {
  const Call* c = nullptr;
  if (const auto* a = s->as<AssignStmt>()) c = a->value ? a->value->as<Call>() : nullptr;
  if (const auto* e = s->as<EvalStmt>()) c = e->expr ? e->expr->as<Call>() : nullptr;
  return c && (c->callee == "system.reserve_buffer" || c->callee == "system.import_peer_buffer" ||
               c->callee == "system.aiv_initialize_pipe");
}

}  // namespace

/// The split a standalone (not split_aiv) AIC / AIV function asks for: its `split` attr, else
/// its pipe ops' codes; None when it asks for none.
SplitMode standaloneSplitMode(const Function& f, DiagnosticEngine& diag) {
  const auto* m = getAttr<SplitMode>(f.attrs, fnattr::kSplit);
  CodeScan scan(diag);
  scan.visitStmt(f.body);
  if (m && *m != SplitMode::None) return *m;
  return scan.mode;
}

/// The first tile.get_subblock_idx() call of a body, or null.
class LaneIndexRead : public IRVisitor {
 public:
  const Call* found = nullptr;

 protected:
  void visitCall(const Call& c) override {
    if (!found && isOp(c, OpId::GetSubblockIdx)) found = &c;
    IRVisitor::visitCall(c);
  }
};

FunctionPtr halveStandaloneAiv(const Function& f, SplitMode mode, DiagnosticEngine& diag) {
  // Written full width, the kernel has no lane: a lane index read here would take lane 1's
  // value after halving, where the unsplit kernel (and the simulator's run of it) reads 0.
  LaneIndexRead lane;
  lane.visitStmt(f.body);
  if (lane.found) {
    diag.error(
        lane.found->span,
        fmt::format("split-vector-kernel: the standalone split kernel '{}' is halved "
                    "(it is written full width), but it reads its lane index here",
                    f.name),
        "if the kernel is written per lane, say so with pl.func_attr({\"dual_aiv_dispatch\": "
        "True}); otherwise drop tile.get_subblock_idx() and address the whole tile");
    throw CompileError();
  }
  std::vector<StmtPtr> prefix, rest;
  bool inPrefix = true;
  for (const auto& s : flattenStmts(f.body)) {
    if (inPrefix && isSetup(s)) {
      prefix.push_back(s);
      continue;
    }
    inPrefix = false;
    rest.push_back(s);
  }
  ToBoundaries to(diag);
  StmtPtr marked = to.mutateStmt(makeSeq(rest, f.body->span));
  std::unordered_set<std::string> names = definedNamesWithPrefix(f, "subblock_idx");
  auto sb = std::make_shared<Var>(freshName(names, "subblock_idx"), ScalarType::get(DType::Index),
                                  f.body->span);
  split::SplitOptions opts;
  opts.mode = mode;
  opts.subblockIdx = sb;
  opts.context = "split-vector-kernel";
  split::SplitLowerer lowerer(std::move(opts), diag);
  std::vector<StmtPtr> lowered = lowerer.lowerStmts(flattenStmts(marked));
  FromBoundaries from(to, diag);
  StmtPtr back = from.mutateStmt(makeSeq(std::move(lowered), f.body->span));
  std::vector<StmtPtr> body = prefix;
  body.push_back(assign(
      sb,
      createOpCall(OpRegistry::instance().get(OpId::GetSubblockIdx), {}, {}, f.body->span, diag),
      f.body->span));
  for (auto& s : flattenStmts(back)) body.push_back(std::move(s));
  StmtPtr freed =
      expand::finalizeTfrees(makeSeq(std::move(body), f.body->span), expand::Side::Aiv, diag);
  AttrList attrs =
      restampAttrs(f.attrs, {{fnattr::kSplit, mode}, {fnattr::kDualAivDispatch, true}}, {});
  return split::guardEmptyStores(withBody(f, freed, std::move(attrs)));
}

}  // namespace ptoc::splitvec
