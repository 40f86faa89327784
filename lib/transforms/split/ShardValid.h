// The lane's valid extent on author-written tile.aiv_shard calls (explicit-boundary
// pl.split_aiv regions and hand-written split_aiv kernels), used by lower-auto-vector-split.
#pragma once

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::split {

/// tile.aiv_shard's deduced type cannot know the lane: on a ragged or odd split axis it
/// gives both lanes ceil(V/2) valid rows (columns), while the transfer hands each lane its
/// part of the partition (40 valid rows of a 128-row box: lane 0 all 40, lane 1 none).
/// Every such shard not already the operand of a tile.set_validshape is wrapped in
/// `tile.set_validshape(shard, ...)` giving this lane's extent,
/// min(max(V, idx * S) - idx * S, S) (S = the box half, or lane_stride), with
/// `idx = tile.get_subblock_idx()` bound at the top of the function; later types follow.
/// Returns `f` itself when no shard needs it.
ir::FunctionPtr localizeExplicitShards(const ir::FunctionPtr& f, DiagnosticEngine& diag);

}  // namespace ptoc::split
