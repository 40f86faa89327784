// Split-axis halving of one statement list (see SplitLowerer.h for the contract).
#include "SplitLowerer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "SplitUtils.h"
#include "ptoc/analysis/Arith.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;
using analysis::CVDirection;

using namespace detail;

void SplitLowerer::reject(Span span, const std::string& message, std::string hint) const {
  diag_.error(span, fmt::format("{}: {}", opt_.context, message), std::move(hint));
  throw CompileError();
}

const HalfInfo* SplitLowerer::infoOf(const ExprPtr& e) const {
  return e ? halved_.find(e.get()) : nullptr;
}

ExprPtr SplitLowerer::track(ExprPtr e, HalfInfo info) {
  halved_.set(e.get(), info);
  return e;
}

ExprPtr SplitLowerer::localize(const ExprPtr& orig, int64_t step) const {
  return add(orig, mul(opt_.subblockIdx, constIndex(step)));
}

ExprPtr SplitLowerer::laneExtent(const ExprPtr& v, int64_t stride) const {
  // A static extent that covers the whole box leaves each lane its whole half (the reference
  // writes the half itself there); a rebalanced stride keeps the general form.
  if (auto c = ops::constIntValue(v); c && !opt_.laneStride && *c >= 2 * stride)
    return constIndex(stride);
  ExprPtr start = mul(opt_.subblockIdx, constIndex(stride));
  return minExpr(sub(maxExpr(v, start), start), constIndex(stride));
}

ExprPtr SplitLowerer::rebuild(const Call& orig, std::vector<ExprPtr> args, const AttrList& kwargs) {
  return createOpCall(*orig.op, std::move(args), kwargs, orig.span, diag_);
}

// ---- boundaries -----------------------------------------------------------------------------

ExprPtr SplitLowerer::boundaryShard(const Call& move, ExprPtr source) {
  const TileType* src = tileTypeOf(source);
  if (!src || src->shape.size() != 2)
    reject(move.span, "a cube->vector tile.move must carry a 2-D tile to become tile.aiv_shard",
           "reshape the tile to 2-D on the cube side first");
  int64_t full = src->shape[dim_];
  AttrList kw{{"split", opt_.mode}};
  int64_t stride = ceilHalf(full);
  if (opt_.laneStride) {
    kw.emplace_back("lane_stride", *opt_.laneStride);
    stride = *opt_.laneStride;
  }
  std::vector<ExprPtr> srcValid = src->validShape();
  auto staticValid = ops::constIntValue(srcValid[dim_]);
  ExprPtr shard = createOpCall(OpRegistry::instance().get(OpId::AivShard), {std::move(source)}, kw,
                               move.span, diag_);
  if (full % 2 || !staticValid || *staticValid != full) {
    // Ragged or odd boundary: this lane's valid share, min(max(V, idx*S) - idx*S, S).
    std::vector<ExprPtr> valid = srcValid;
    valid[dim_] = laneExtent(srcValid[dim_], stride);
    shard = createOpCall(OpRegistry::instance().get(OpId::SetValidShape),
                         {shard, valid[0], valid[1]}, {}, move.span, diag_);
  }
  HalfInfo info{dim_, full, ceilHalf(full), stride, nullptr};
  if (!staticValid || *staticValid != full) info.fullValid = srcValid[dim_];
  return track(shard, info);
}

ExprPtr SplitLowerer::gatherOf(const ExprPtr& operand, Span span) {
  const HalfInfo* info = infoOf(operand);
  if (!info) {
    std::string name = displayName(operand);
    reject(
        span,
        fmt::format("the V->C boundary tile.move here carries a full-width vector operand '{}'. "
                    "tile.aic_gather reassembles the two AIV lanes' per-lane halves into the full "
                    "tile the cube expects, so its operand must be a value the split halving "
                    "produced (a tile.load / tile.slice / elementwise result inside the vector "
                    "sub-region). An un-halved value has no half to gather",
                    name),
        "derive the per-lane half first (load or slice the value inside the split function) "
        "and move that to the cube side, or, if the split axis is a singleton that cannot be "
        "halved, keep the value on the vector side");
  }
  if (info->full % 2 || info->stride != info->half)
    reject(span,
           fmt::format("the V->C operand '{}' is split unevenly ({} along axis {}); "
                       "tile.aic_gather has no odd or rebalanced form, so the two lanes' halves "
                       "cannot be joined back into the full tile",
                       displayName(operand), info->full, info->dim),
           "pad the split axis to an even extent before the vector work, or keep this value "
           "on the vector side");
  std::optional<SplitMode> mode = splitModeOfAxis(info->dim);
  if (!mode)
    reject(span,
           fmt::format("the V->C operand '{}' is split on axis {}, which a 2-D tile.aic_gather "
                       "cannot express",
                       displayName(operand), info->dim),
           "keep the split axis on dim 0 or 1 (avoid the reshape that moved it)");
  ExprPtr gathered = createOpCall(OpRegistry::instance().get(OpId::AicGather), {operand},
                                  {{"split", *mode}}, span, diag_);
  const TileType* g = tileTypeOf(gathered);
  if (info->fullValid && g && g->shape.size() == 2) {
    // The gather's deduced valid extent doubles this lane's share; the joined tile's
    // valid extent is the full-width one.
    std::vector<ExprPtr> valid = g->validShape();
    valid[info->dim] = info->fullValid;
    gathered = createOpCall(OpRegistry::instance().get(OpId::SetValidShape),
                            {gathered, valid[0], valid[1]}, {}, span, diag_);
  }
  return gathered;
}

// ---- calls ----------------------------------------------------------------------------------

ExprPtr SplitLowerer::mutateCall(const std::shared_ptr<const Call>& e) {
  bool changed = false;
  std::vector<ExprPtr> args = mutateExprs(e->args, changed);
  if (e->isFunctionCall()) {
    for (const auto& a : args)
      if (infoOf(a))
        reject(e->span,
               fmt::format("a halved vector tile '{}' is passed to function '{}'", displayName(a),
                           e->callee),
               "call the function with full-width values, or inline it into the split function");
    // The callee cannot be halved: both AIV lanes would run all of it (and apply any
    // in-place update twice).
    reject(e->span,
           fmt::format("a call of function '{}' inside the split vector work: the callee "
                       "cannot be halved, so both AIV lanes would run all of it",
                       e->callee),
           "inline the callee's statements into the split function / region, or call it "
           "outside the split function");
  }
  switch (analysis::classifyMoveDirection(*e)) {
    case CVDirection::CubeToVector:
      return boundaryShard(*e, args[0]);
    case CVDirection::VectorToCube:
      return rebuild(*e, {gatherOf(args[0], e->span)});
    case CVDirection::None:
      break;
  }
  CoreAffinity aff = classifyCallAffinity(*e);
  bool vecCreate =
      isOp(*e, OpId::Create) && e->op->deduceOutputMemory(e->args, e->kwargs) == MemorySpace::Vec;
  if (aff == CoreAffinity::Cube) {
    for (const auto& a : args)
      if (infoOf(a))
        throw InternalError(
            fmt::format("lower-auto-vector-split: cube op {} would consume the halved tile '{}' "
                        "(CheckNoCubeTileHalved)",
                        e->callee, displayName(a)));
    return changed ? std::make_shared<Call>(Call::StableName{e->callee}, e->op, std::move(args),
                                            e->kwargs, e->type, e->span)
                   : e;
  }
  if (aff != CoreAffinity::Vector && !vecCreate) return changed ? rebuild(*e, std::move(args)) : e;
  return halveCall(*e, std::move(args));
}

// ---- statements -----------------------------------------------------------------------------

VarPtr SplitLowerer::rebind(const VarPtr& oldVar, const ExprPtr& value) {
  if (sameType(oldVar->type, value->type)) {
    remap(oldVar, oldVar);  // a loop body lowered again must not keep the first round's var
    return oldVar;
  }
  auto nv = std::make_shared<Var>(oldVar->name, value->type, oldVar->span);
  remap(oldVar, nv);
  if (const HalfInfo* info = infoOf(value)) {
    HalfInfo copy = *info;  // the table may grow: copy before inserting
    halved_.set(nv.get(), std::move(copy));
  }
  return nv;
}

std::vector<StmtPtr> SplitLowerer::lowerStmts(const std::vector<StmtPtr>& stmts) {
  std::vector<StmtPtr> out;
  out.reserve(stmts.size());
  for (const auto& s : stmts) lowerStmt(s, out);
  return out;
}

StmtPtr SplitLowerer::lowerBody(const StmtPtr& body) {
  if (!body) return body;
  return makeSeq(lowerStmts(flattenStmts(body)), body->span);
}

void SplitLowerer::lowerAssign(const AssignStmt& a, const StmtPtr& orig,
                               std::vector<StmtPtr>& out) {
  const Call* call = a.value ? a.value->as<Call>() : nullptr;
  if (call && analysis::classifyMoveDirection(*call) == CVDirection::VectorToCube) {
    // V->C: gather both lanes' halves into `<dest>_mat`, then keep the cube placement move.
    bool changed = false;
    std::vector<ExprPtr> args = mutateExprs(call->args, changed);
    ExprPtr gathered = gatherOf(args[0], call->span);
    auto matVar = std::make_shared<Var>(a.var->name + "_mat", gathered->type, a.var->span);
    out.push_back(std::make_shared<AssignStmt>(matVar, gathered, a.span));
    ExprPtr move = rebuild(*call, {matVar});
    VarPtr nv = rebind(a.var, move);
    out.push_back(std::make_shared<AssignStmt>(nv, move, a.span));
    return;
  }
  topCall_ = a.value.get();
  pending_ = &out;
  assignVar_ = a.var.get();
  ExprPtr v = mutateExpr(a.value);
  topCall_ = nullptr;
  pending_ = nullptr;
  assignVar_ = nullptr;
  if (v == a.value) {
    out.push_back(orig);
    return;
  }
  VarPtr nv = rebind(a.var, v);
  out.push_back(std::make_shared<AssignStmt>(nv, v, a.span));
}

std::vector<IterArgPtr> SplitLowerer::lowerIterArgs(const std::vector<IterArgPtr>& ias,
                                                    bool& changed) {
  std::vector<IterArgPtr> out;
  for (const auto& ia : ias) {
    ExprPtr init = mutateExpr(ia->init);
    if (init == ia->init) {
      remap(ia, ia);
      out.push_back(ia);
      continue;
    }
    changed = true;
    TypePtr type = sameType(ia->type, init->type) ? ia->type : init->type;
    auto nia = std::make_shared<IterArg>(ia->name, type, init, ia->span);
    remap(ia, nia);
    if (const HalfInfo* info = infoOf(init)) {
      HalfInfo copy = *info;  // the table may grow: copy before inserting
      halved_.set(nia.get(), std::move(copy));
    }
    out.push_back(nia);
  }
  return out;
}

std::vector<VarPtr> SplitLowerer::lowerReturnVars(const std::vector<VarPtr>& rvs,
                                                  const StmtPtr& body) {
  if (rvs.empty()) return rvs;
  std::vector<StmtPtr> stmts = flattenStmts(body);
  const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
  if (!y || y->values.size() != rvs.size())
    throw InternalError("lower-auto-vector-split: body with results does not end in a yield");
  std::vector<VarPtr> out;
  for (size_t i = 0; i < rvs.size(); ++i) out.push_back(rebind(rvs[i], y->values[i]));
  return out;
}

namespace {

/// Whether two tile types differ only in their block / scalar layout.
bool layoutOnlyDiffers(const TileType& a, const TileType& b) {
  TileView v = a.effectiveView(), w = b.effectiveView();
  v.blayout = w.blayout;
  v.slayout = w.slayout;
  return typesEqual(*TileType::get(a.shape, a.dtype, a.memory, v), b);
}

}  // namespace

StmtPtr SplitLowerer::conformYield(const StmtPtr& body, const std::vector<TypePtr>& want,
                                   const std::function<void(size_t, const TypePtr&)>& mismatch,
                                   const std::vector<const HalfInfo*>& wantInfo) {
  std::vector<StmtPtr> stmts = flattenStmts(body);
  const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
  if (!y) return body;
  std::vector<ExprPtr> values = y->values;
  bool changed = false;
  stmts.pop_back();
  for (size_t k = 0; k < values.size() && k < want.size(); ++k) {
    if (sameType(want[k], values[k]->type)) continue;
    if (k < wantInfo.size() && wantInfo[k] && wholeOf(values[k], *wantInfo[k])) {
      // A per-lane carry fed back a value held whole by both lanes: yield its lane window.
      HalfInfo copy = *wantInfo[k];
      values[k] = sliceToLane(values[k], copy, y->span);
      halved_.set(values[k].get(), copy);
      changed = true;
      if (sameType(want[k], values[k]->type)) continue;
    }
    // A halved value may meet a type written with another layout: the C->V move carried the
    // cube tile's view (e.g. Acc's NZ) where tile.aiv_shard gives the default Vec view, and
    // resolve-backend-op-layouts typed its repairs after the move. Move it to that layout.
    const TileType* w = want[k] ? want[k]->as<TileType>() : nullptr;
    const TileType* g = tileTypeOf(values[k]);
    if (!w || !g || !layoutOnlyDiffers(*w, *g)) mismatch(k, values[k]->type);
    TileView v = w->effectiveView();
    // A move copies the valid region only; with a narrowed valid region the whole box is
    // moved (and the region narrowed again), so a later set_validshape that widens it
    // sees the same data as in the unsplit program, where no move was made.
    ExprPtr src = values[k];
    std::vector<ExprPtr> valid = g->validShape();
    bool narrowed = !ops::explicitValidOf(*g).empty() && g->shape.size() == 2;
    const OpDef& setValid = OpRegistry::instance().get(OpId::SetValidShape);
    if (narrowed)
      src = createOpCall(setValid, {src, constIndex(g->shape[0]), constIndex(g->shape[1])}, {},
                         y->span, diag_);
    ExprPtr moved = createOpCall(OpRegistry::instance().get(OpId::Move), {src},
                                 {{"target_memory", w->memory.value_or(MemorySpace::Vec)},
                                  {"blayout", v.blayout},
                                  {"slayout", v.slayout}},
                                 y->span, diag_);
    if (narrowed) moved = createOpCall(setValid, {moved, valid[0], valid[1]}, {}, y->span, diag_);
    const auto* named = values[k]->as<Var>();
    auto tmp = std::make_shared<Var>((named ? named->name : std::string("carry")) + "_layout",
                                     moved->type, y->span);
    if (const HalfInfo* info = infoOf(values[k])) {
      HalfInfo copy = *info;
      halved_.set(tmp.get(), std::move(copy));
    }
    stmts.push_back(std::make_shared<AssignStmt>(tmp, moved, y->span));
    values[k] = tmp;
    changed = true;
  }
  if (!changed) return body;
  stmts.push_back(std::make_shared<YieldStmt>(std::move(values), y->span));
  return makeSeq(std::move(stmts), body->span);
}

StmtPtr SplitLowerer::conformCarries(const StmtPtr& body, const std::vector<IterArgPtr>& ias,
                                     Span loop) {
  std::vector<TypePtr> want;
  std::vector<const HalfInfo*> infos;
  for (const auto& ia : ias) {
    want.push_back(ia->type);
    infos.push_back(infoOf(ia));
  }
  // A carried value must keep its width around the back edge.
  return conformYield(
      body, want,
      [&](size_t i, const TypePtr& got) {
        reject(loop,
               fmt::format("the loop-carried value '{}' enters the loop as {} but the halved loop "
                           "body yields {}",
                           ias[i]->name, ops::describeType(ias[i]->type), ops::describeType(got)),
               "give the carried value its per-lane width before the loop (e.g. create the "
               "accumulator with pl.full inside the split function)");
      },
      infos);
}

bool SplitLowerer::wholeOf(const ExprPtr& value, const HalfInfo& info) const {
  const TileType* t = tileTypeOf(value);
  return t && !infoOf(value) && t->memory == MemorySpace::Vec && info.dim < t->shape.size() &&
         t->shape[info.dim] == info.full;
}

bool SplitLowerer::sliceWholeInits(std::vector<IterArgPtr>& ias, const StmtPtr& body,
                                   const std::vector<IterArgPtr>& original) {
  // A carried value that enters whole (held by both lanes) but comes back from the halved
  // body per lane: enter with this lane's window of it instead, then lower the body again.
  std::vector<StmtPtr> stmts = flattenStmts(body);
  const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
  if (!y) return false;
  bool any = false;
  for (size_t i = 0; i < ias.size() && i < y->values.size(); ++i) {
    const HalfInfo* info = infoOf(y->values[i]);
    if (!info || !wholeOf(ias[i]->init, *info)) continue;
    HalfInfo copy = *info;
    ExprPtr init = sliceToLane(ias[i]->init, copy, ias[i]->span);
    auto nia = std::make_shared<IterArg>(ias[i]->name, init->type, init, ias[i]->span);
    remap(original[i], nia);
    halved_.set(nia.get(), copy);
    ias[i] = nia;
    any = true;
  }
  return any;
}

LoopInfo loopInfoOf(const ForStmt& f) {
  LoopInfo l{f.loopVar.get(), ops::constIntValue(f.step), std::nullopt};
  if (!f.step) l.step = 1;
  auto a = ops::constIntValue(f.start), b = ops::constIntValue(f.stop);
  if (a && b && l.step && *l.step != 0)
    l.trips = *l.step > 0 ? std::max<int64_t>(0, (*b - *a + *l.step - 1) / *l.step)
                          : std::max<int64_t>(0, (*a - *b - *l.step - 1) / -*l.step);
  return l;
}

void SplitLowerer::checkStoreStep(const ExprPtr& offset, const HalfInfo& info, Span span) {
  if (loops_.empty()) return;
  analysis::Analyzer arith;
  analysis::AffineForm form = arith.toAffine(offset);
  for (const auto& t : form.terms) {
    const auto* v = t.term ? t.term->as<Var>() : nullptr;
    for (const LoopInfo& l : loops_) {
      if (!v || v != l.var || !l.step || (l.trips && *l.trips < 2)) continue;
      int64_t d = t.coeff * *l.step;
      // Lane 0 writes [0, min(V, S)) and lane 1 [S, V) of each iteration's window (V = the
      // full tile's valid extent, the box when it is not static): they meet across
      // iterations when 0 < |d| < V, and never when lane 1 writes nothing (V <= S).
      int64_t width = info.full;
      if (auto v = info.fullValid ? ops::constIntValue(info.fullValid) : std::nullopt) width = *v;
      if (width <= info.stride) continue;
      if (d != 0 && (d > 0 ? d : -d) < width)
        reject(span,
               fmt::format("this store of a halved tile moves its split-axis offset by {} per "
                           "iteration of the loop over '{}', less than the {} rows / columns the "
                           "two AIV lanes write per iteration: lane 1's window of one iteration "
                           "overlaps lane 0's of the next, and the lanes run concurrently (the "
                           "unsplit program lets the later iteration win)",
                           d, v->name, width),
               fmt::format("step the store offset by at least {} per iteration (the tile's "
                           "extent), or keep the loop's stores disjoint",
                           width));
    }
  }
}

StmtPtr SplitLowerer::lowerFor(const ForStmt& f, const StmtPtr& orig) {
  struct LoopScope {
    std::vector<LoopInfo>& loops;
    ~LoopScope() { loops.pop_back(); }
  };
  loops_.push_back(loopInfoOf(f));
  LoopScope scope{loops_};
  bool changed = false;
  ExprPtr start = mutateExpr(f.start), stop = mutateExpr(f.stop), step = mutateExpr(f.step);
  changed |= start != f.start || stop != f.stop || step != f.step;
  std::vector<IterArgPtr> ias = lowerIterArgs(f.iterArgs, changed);
  StmtPtr body = lowerBody(f.body);
  if (sliceWholeInits(ias, body, f.iterArgs)) {
    changed = true;
    body = lowerBody(f.body);
  }
  changed |= body != f.body;
  body = conformCarries(body, ias, f.span);
  std::vector<VarPtr> rvs = lowerReturnVars(f.returnVars, body);
  changed |= rvs != f.returnVars;
  if (!changed) return orig;
  return std::make_shared<ForStmt>(f.loopVar, start, stop, step, f.forKind, std::move(ias), body,
                                   std::move(rvs), f.attrs, f.span);
}

StmtPtr SplitLowerer::lowerWhile(const WhileStmt& w, const StmtPtr& orig) {
  bool changed = false;
  std::vector<IterArgPtr> ias = lowerIterArgs(w.iterArgs, changed);
  ExprPtr cond = mutateExpr(w.cond);
  StmtPtr body = lowerBody(w.body);
  if (sliceWholeInits(ias, body, w.iterArgs)) {
    changed = true;
    cond = mutateExpr(w.cond);
    body = lowerBody(w.body);
  }
  body = conformCarries(body, ias, w.span);
  changed |= cond != w.cond || body != w.body;
  std::vector<VarPtr> rvs = lowerReturnVars(w.returnVars, body);
  changed |= rvs != w.returnVars;
  if (!changed) return orig;
  return std::make_shared<WhileStmt>(cond, std::move(ias), body, std::move(rvs), w.span);
}

StmtPtr SplitLowerer::sliceWholeYields(const StmtPtr& body, const StmtPtr& other) {
  // A value one branch yields whole (held by both lanes) where the other branch yields a
  // per-lane half: this branch yields this lane's window of it.
  std::vector<StmtPtr> stmts = flattenStmts(body), os = flattenStmts(other);
  const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
  const auto* oy = os.empty() ? nullptr : os.back()->as<YieldStmt>();
  if (!y || !oy) return body;
  std::vector<ExprPtr> values = y->values;
  bool changed = false;
  stmts.pop_back();
  for (size_t k = 0; k < values.size() && k < oy->values.size(); ++k) {
    const HalfInfo* info = infoOf(oy->values[k]);
    if (!info || !wholeOf(values[k], *info)) continue;
    HalfInfo copy = *info;
    ExprPtr sliced = sliceToLane(values[k], copy, y->span);
    const auto* named = values[k]->as<Var>();
    auto tmp = std::make_shared<Var>((named ? named->name : std::string("merge")) + "_lane",
                                     sliced->type, y->span);
    halved_.set(tmp.get(), copy);
    stmts.push_back(std::make_shared<AssignStmt>(tmp, sliced, y->span));
    values[k] = tmp;
    changed = true;
  }
  if (!changed) return body;
  stmts.push_back(std::make_shared<YieldStmt>(std::move(values), y->span));
  return makeSeq(std::move(stmts), body->span);
}

StmtPtr SplitLowerer::lowerIf(const IfStmt& i, const StmtPtr& orig) {
  ExprPtr cond = mutateExpr(i.cond);
  StmtPtr thenBody = lowerBody(i.thenBody);
  StmtPtr elseBody = lowerBody(i.elseBody);
  if (!i.returnVars.empty() && elseBody) {
    thenBody = sliceWholeYields(thenBody, elseBody);
    elseBody = sliceWholeYields(elseBody, thenBody);
    auto ts = flattenStmts(thenBody);
    const auto* ty = ts.empty() ? nullptr : ts.back()->as<YieldStmt>();
    if (ty) {
      std::vector<TypePtr> want;
      for (const auto& v : ty->values) want.push_back(v->type);
      elseBody = conformYield(elseBody, want, [&](size_t k, const TypePtr& got) {
        reject(
            i.span,
            fmt::format("the branches of this if yield '{}' with different widths ({} vs "
                        "{}) after halving",
                        i.returnVars[k]->name, ops::describeType(want[k]), ops::describeType(got)),
            "compute the value the same way (both per-lane halves) in both branches");
      });
    }
  }
  std::vector<VarPtr> rvs = lowerReturnVars(i.returnVars, thenBody);
  if (cond == i.cond && thenBody == i.thenBody && elseBody == i.elseBody && rvs == i.returnVars)
    return orig;
  return std::make_shared<IfStmt>(cond, thenBody, elseBody, std::move(rvs), i.span);
}

void SplitLowerer::lowerStmt(const StmtPtr& s, std::vector<StmtPtr>& out) {
  switch (s->kind) {
    case StmtKind::Seq:
      for (const auto& c : s->as<SeqStmt>()->stmts) lowerStmt(c, out);
      return;
    case StmtKind::Assign:
      lowerAssign(*s->as<AssignStmt>(), s, out);
      return;
    case StmtKind::For:
      out.push_back(lowerFor(*s->as<ForStmt>(), s));
      return;
    case StmtKind::While:
      out.push_back(lowerWhile(*s->as<WhileStmt>(), s));
      return;
    case StmtKind::If:
      out.push_back(lowerIf(*s->as<IfStmt>(), s));
      return;
    case StmtKind::Return: {
      const auto* r = s->as<ReturnStmt>();
      bool changed = false;
      auto values = mutateExprs(r->values, changed);
      for (const auto& v : values)
        if (infoOf(v))
          reject(s->span,
                 fmt::format("the function returns the halved vector tile '{}'", displayName(v)),
                 "store the per-lane result to an Out tensor (each lane writes its half) and "
                 "return the tensor");
      out.push_back(changed ? std::make_shared<ReturnStmt>(std::move(values), r->span) : s);
      return;
    }
    case StmtKind::InCoreScope:
    case StmtKind::SplitAivScope:
    case StmtKind::SimdVfScope:
    case StmtKind::RuntimeScope:
      reject(s->span, "a scope cannot be lowered inside the split vector sub-region",
             "move the scope out of the split function or region");
    case StmtKind::BufferStore:
      out.push_back(lowerBufferStore(*s->as<BufferStoreStmt>(), s));
      return;
    case StmtKind::Eval:
    case StmtKind::Yield:
      out.push_back(mutateStmt(s));  // operands are rewritten like any expression
      return;
    case StmtKind::Break:
    case StmtKind::Continue:
      out.push_back(s);  // loops keep their structure
      return;
  }
}

}  // namespace ptoc::split
