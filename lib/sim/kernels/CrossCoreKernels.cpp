// Kernels of the cross-core ops (dsl.md §5): tpush/tpop/tfree, the pipe buffers
// and pipe setup, and the split_aiv boundaries aiv_shard/aic_gather. They decode
// the kwargs (pto-isa split code, lane_stride, SplitMode) and delegate to the
// CoreServices of the core-group runtime, which owns the FIFOs and the lanes.
// docs/simulator-semantics.md §5.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

/// lane_stride, or 0 when the call has none.
int64_t laneStride(const KernelContext& ctx) { return ctx.intKwarg("lane_stride", 0); }

Value tpush(const KernelContext& ctx, bool toAiv) {
  ctx.core.push(ctx.call, toAiv, ctx.tile(0), ctx.intKwarg("split", 0), laneStride(ctx));
  return {};
}

/// A whole-tile pop's (split=0) valid region is its annotation's when that is a constant
/// valid_shape (the lane-1 replay pops an empty tile, valid_shape=[0, 0]; a pop may also claim
/// fewer cells than the pushed tile holds); otherwise the valid region of what was pushed. A
/// split pop's annotation is the type of "a lane's half", which one static shape cannot give
/// for both lanes (40 valid rows of 128: lane 0 holds 40, lane 1 none): each lane gets its
/// half's valid region.
Value tpop(const KernelContext& ctx, bool fromAic) {
  const ir::TileType& type = ctx.resultTile();
  const int64_t split = ctx.intKwarg("split", 0);
  Tile t = ctx.core.pop(ctx.call, fromAic, type, split, laneStride(ctx));
  if (split != 0 || !type.view || type.view->validShape.size() != t.valid.size()) return t;
  std::vector<int64_t> valid;
  for (const auto& e : type.view->validShape) {
    const auto* c = e ? e->as<ir::ConstInt>() : nullptr;
    if (!c) return t;
    valid.push_back(c->value);
  }
  for (size_t d = 0; d < valid.size(); ++d)
    if (valid[d] < 0 || valid[d] > t.shape()[d])
      ctx.fail(fmt::format("{} is annotated valid_shape {} but its tile is {} on axis {}",
                           ctx.call.callee, fmt::join(valid, "x"), t.shape()[d], d),
               "annotate a valid shape within the popped tile's shape");
  t.valid = std::move(valid);
  return t;
}

Value tfree(const KernelContext& ctx, bool toAic) {
  ctx.core.free(ctx.call, toAic, ctx.tile(0));
  return {};
}

Value initializePipe(const KernelContext& ctx, bool onAic) {
  ctx.core.initializePipe(ctx.call, onAic, ctx.args);
  return {};
}

}  // namespace

void registerCrossCoreKernels(OpSemantics& s) {
  s.add("tile.tpush_to_aiv", [](const KernelContext& c) { return tpush(c, true); });
  s.add("tile.tpush_to_aic", [](const KernelContext& c) { return tpush(c, false); });
  s.add("tile.tpop_from_aic", [](const KernelContext& c) { return tpop(c, true); });
  s.add("tile.tpop_from_aiv", [](const KernelContext& c) { return tpop(c, false); });
  s.add("system.tfree_to_aic", [](const KernelContext& c) { return tfree(c, true); });
  s.add("system.tfree_to_aiv", [](const KernelContext& c) { return tfree(c, false); });
  s.add("system.reserve_buffer",
        [](const KernelContext& c) -> Value { return c.core.reserveBuffer(c.call); });
  s.add("system.import_peer_buffer",
        [](const KernelContext& c) -> Value { return c.core.importPeerBuffer(c.call); });
  s.add("system.aic_initialize_pipe",
        [](const KernelContext& c) { return initializePipe(c, true); });
  s.add("system.aiv_initialize_pipe",
        [](const KernelContext& c) { return initializePipe(c, false); });
  s.add("tile.aiv_shard", [](const KernelContext& c) -> Value {
    return c.core.aivShard(c.call, c.tile(0), c.splitKwarg("split"), laneStride(c));
  });
  s.add("tile.aic_gather", [](const KernelContext& c) -> Value {
    return c.core.aicGather(c.call, c.tile(0), c.splitKwarg("split"));
  });
}

}  // namespace ptoc::sim
