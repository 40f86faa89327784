// The empty store guard: of the split lowering (lower-auto-vector-split, the standalone arm of
// split-vector-kernel), and of every core function at the end of `compile` (guard-empty-stores).
#pragma once

#include "ptoc/ir/Function.h"

namespace ptoc::split {

/// A lane's share of a ragged or odd split axis can be empty: 40 valid rows of a 128-row box
/// give lane 0 all 40 rows and lane 1 none, and the lane's valid extent is the expression
/// min(max(V, idx * S) - idx * S, S) of its subblock index. A store of a tile with an empty
/// valid region is outside the PTO ISA's contract (TSTORE requires valid rows and columns > 0;
/// PTOAS rejects a partition view with a non-positive static size), so every `tile.store`
/// whose tile's valid extent cannot be proved >= 1 for both lanes (the subblock index bound to
/// 0..1; an extent that depends on a runtime scalar, e.g. set_validshape(t, n, 8), is guarded
/// too: an empty store of the author-level program writes nothing, and so does the guarded one)
/// is guarded:
///
///     y1 = pl.tile.store(e, offsets, y)
/// becomes
///     if extent > 0:
///         y1_lane = pl.tile.store(e, offsets, y)
///         y1 = pl.yield_(y1_lane)
///     else:
///         y1 = pl.yield_(y)
///
/// The tensor version the store produces is carried out of the `if`, so stores that chain
/// (one store's result is the next one's destination) stay correct on both lanes. Cross-core
/// ops are never guarded: both lanes must still pop and free every slot. A store inside an
/// `if` whose condition already states `extent > 0` is not guarded again, so the guard can run
/// twice. A store whose valid extent is the constant 0 (a static empty slice) is dropped and its
/// result replaced by its destination: PTOAS rejects a partition view of static size 0 even in
/// a dead branch. Returns `f` itself when nothing changes.
ir::FunctionPtr guardEmptyStores(const ir::FunctionPtr& f);

}  // namespace ptoc::split
