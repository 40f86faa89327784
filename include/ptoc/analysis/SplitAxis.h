// Split-axis facts shared by the split lowering (lib/transforms/split/), its verifier
// (AivSplitValid) and lower-auto-vector-split: what is known about a value halved between
// the two AIV lanes, and which ops collapse the split axis. The axis of a split mode is
// ir::splitAxis (include/ptoc/ir/Enums.h), the per-lane extent ops::ceilHalf.
#pragma once

#include <cstdint>
#include <optional>

#include "ptoc/ir/Expr.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::analysis {

/// What is known about a halved (per-lane) value.
struct HalfInfo {
  size_t dim = 0;      // split axis of this value (a reshape can move it)
  int64_t full = 0;    // full extent along `dim`
  int64_t half = 0;    // per-lane box extent: ceil(full / 2)
  int64_t stride = 0;  // per-lane offset step: half, or the balanced lane_stride
  /// Valid extent of the full-width value along `dim` when narrower than `full`
  /// (null = all of it); a gather restores it.
  ir::ExprPtr fullValid;
};

/// Split axis of a splitting mode: UP_DOWN -> 0, LEFT_RIGHT -> 1; an internal error for NONE.
size_t splitDimension(ir::SplitMode mode);

/// The axis a reduction call collapses on its tile operand (argument 0), from the op's
/// ReduceAxes; nullopt when the call is no reduction or its operand is not a tile.
std::optional<size_t> reducedAxisOf(const ir::Call& call);

/// Whether `call` reduces axis `splitAxis` of its operand: each AIV lane would hold only
/// half of the reduced axis, so the per-lane results would be partial.
inline bool reducesSplitAxis(const ir::Call& call, size_t splitAxis) {
  return reducedAxisOf(call) == splitAxis;
}

/// Whether a call makes a tile of a shape it gives itself (OpDef::window.shape: load, create,
/// full, the generators, slice, reshape, extract). The split lowering halves such a tile on
/// its own when its operands are full width, instead of deriving it from a halved operand.
inline bool givesItsOwnShape(const ir::Call& call) { return call.op && call.op->window.shape >= 0; }

}  // namespace ptoc::analysis
