// Checks of explicit pl.split_aiv regions used by lower-auto-vector-split (seed 000,
// "What may appear inside an explicit-boundary region").
#pragma once

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::split {

/// The first tile.aiv_shard / tile.aic_gather call in `body` (recursively), or null.
const ir::Call* findBoundaryOp(const ir::StmtPtr& body);

/// An explicit-boundary region body is spliced through unchanged, so every VECTOR
/// tile-producing op in it must already be per-lane: derived from a tile.aiv_shard
/// result, a pure generator (accepted for itself only), or an address op (tile.load
/// offset, tile.slice offset, tile.extract row/col) whose offset references the
/// region's lane variable. Reports every other op in one diagnostic at the first one.
void validateExplicitBoundaryRegion(const ir::SplitAivScopeStmt& region, DiagnosticEngine& diag);

/// The first statement of `body` (recursively) that reads `v`, or null.
const ir::Stmt* findReadOf(const ir::StmtPtr& body, const ir::Var* v);

/// Statements outside every region run on both AIV lanes after lowering. A tensor
/// stored outside the regions and also inside one would be written by the two lanes
/// in an unordered way (a cross-lane write-after-write race): reported at the
/// outside store. Tensors are followed through store results, loop iter_args /
/// return vars and if results back to the function parameter they write.
void checkRegionStoreRaces(const ir::Function& f, DiagnosticEngine& diag);

}  // namespace ptoc::split
