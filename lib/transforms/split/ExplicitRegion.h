// Checks of explicit pl.split_aiv regions used by lower-auto-vector-split (seed 000,
// "What may appear inside an explicit-boundary region").
#pragma once

#include "ptoc/ir/Stmt.h"
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

}  // namespace ptoc::split
