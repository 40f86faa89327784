// Split-axis halving of one statement list (see SplitLowerer.h for the contract).
#include "SplitLowerer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "SplitUtils.h"
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
  halved_[e.get()] = info;
  return e;
}

ExprPtr SplitLowerer::localize(const ExprPtr& orig, int64_t step) const {
  return add(orig, mul(opt_.subblockIdx, constIndex(step)));
}

ExprPtr SplitLowerer::laneExtent(const ExprPtr& v, int64_t stride) const {
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
    return changed ? std::make_shared<Call>(e->callee, e->op, std::move(args), e->kwargs, e->type,
                                            e->span)
                   : e;
  }
  if (aff != CoreAffinity::Vector && !vecCreate) return changed ? rebuild(*e, std::move(args)) : e;
  return halveCall(*e, std::move(args));
}

// ---- statements -----------------------------------------------------------------------------

VarPtr SplitLowerer::rebind(const VarPtr& oldVar, const ExprPtr& value) {
  if (sameType(oldVar->type, value->type)) return oldVar;
  auto nv = std::make_shared<Var>(oldVar->name, value->type, oldVar->span);
  remap(oldVar, nv);
  if (const HalfInfo* info = infoOf(value)) {
    HalfInfo copy = *info;  // the table may grow: copy before inserting
    halved_[nv.get()] = std::move(copy);
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
  ExprPtr v = mutateExpr(a.value);
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
      out.push_back(ia);
      continue;
    }
    changed = true;
    TypePtr type = sameType(ia->type, init->type) ? ia->type : init->type;
    auto nia = std::make_shared<IterArg>(ia->name, type, init, ia->span);
    remap(ia, nia);
    if (const HalfInfo* info = infoOf(init)) {
      HalfInfo copy = *info;  // the table may grow: copy before inserting
      halved_[nia.get()] = std::move(copy);
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

StmtPtr SplitLowerer::lowerFor(const ForStmt& f, const StmtPtr& orig) {
  bool changed = false;
  ExprPtr start = mutateExpr(f.start), stop = mutateExpr(f.stop), step = mutateExpr(f.step);
  changed |= start != f.start || stop != f.stop || step != f.step;
  std::vector<IterArgPtr> ias = lowerIterArgs(f.iterArgs, changed);
  StmtPtr body = lowerBody(f.body);
  changed |= body != f.body;
  // A carried value must keep its width around the back edge.
  std::vector<StmtPtr> stmts = flattenStmts(body);
  if (const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>())
    for (size_t i = 0; i < y->values.size() && i < ias.size(); ++i)
      if (!sameType(ias[i]->type, y->values[i]->type))
        reject(f.span,
               fmt::format("the loop-carried value '{}' enters the loop as {} but the halved "
                           "loop body yields {}",
                           ias[i]->name, ops::describeType(ias[i]->type),
                           ops::describeType(y->values[i]->type)),
               "give the carried value its per-lane width before the loop (e.g. create the "
               "accumulator with pl.full inside the split function)");
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
  changed |= cond != w.cond || body != w.body;
  std::vector<VarPtr> rvs = lowerReturnVars(w.returnVars, body);
  changed |= rvs != w.returnVars;
  if (!changed) return orig;
  return std::make_shared<WhileStmt>(cond, std::move(ias), body, std::move(rvs), w.span);
}

StmtPtr SplitLowerer::lowerIf(const IfStmt& i, const StmtPtr& orig) {
  ExprPtr cond = mutateExpr(i.cond);
  StmtPtr thenBody = lowerBody(i.thenBody);
  StmtPtr elseBody = lowerBody(i.elseBody);
  if (!i.returnVars.empty() && elseBody) {
    auto ts = flattenStmts(thenBody), es = flattenStmts(elseBody);
    const auto* ty = ts.empty() ? nullptr : ts.back()->as<YieldStmt>();
    const auto* ey = es.empty() ? nullptr : es.back()->as<YieldStmt>();
    if (ty && ey)
      for (size_t k = 0; k < ty->values.size() && k < ey->values.size(); ++k)
        if (!sameType(ty->values[k]->type, ey->values[k]->type))
          reject(i.span,
                 fmt::format("the branches of this if yield '{}' with different widths ({} vs "
                             "{}) after halving",
                             i.returnVars[k]->name, ops::describeType(ty->values[k]->type),
                             ops::describeType(ey->values[k]->type)),
                 "compute the value the same way (both per-lane halves) in both branches");
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
    case StmtKind::Eval:
    case StmtKind::BufferStore:
    case StmtKind::Yield:
      out.push_back(mutateStmt(s));  // operands are rewritten like any expression
      return;
  }
}

}  // namespace ptoc::split
