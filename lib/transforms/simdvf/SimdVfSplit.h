// Plan A of vectorize-parallel (seed 003 §2.5, §5.1, §5.2): the vecscope split of a region whose
// loop-carried buffers Plan B does not promote. See SimdVfSplit.cpp.
#pragma once

#include <functional>
#include <set>
#include <vector>

#include "SimdVfAnalysis.h"

namespace ptoc::simdvf {

/// The buffers a statement both stores and loads (element accesses): what a loop around it
/// carries from one iteration to the next through UB.
std::set<const ir::Var*> carriedBuffers(const ir::StmtPtr& s);

/// A *carrier*: a region-level loop that is not a unit, holds a unit and carries a buffer.
bool isCarrier(const ir::StmtPtr& s, const std::set<const ir::ForStmt*>& units);

/// The carrier loops of a region statement list (top level only) and whether any of them holds
/// another carrier.
std::vector<const ir::ForStmt*> topCarriers(const std::vector<ir::StmtPtr>& top,
                                            const std::set<const ir::ForStmt*>& units,
                                            bool& nested);

/// Plan A: `SIMD_VF { pre; for t { U(t) }; post }` becomes `SIMD_VF { pre }; for t { SIMD_VF {
/// U(t) } }; SIMD_VF { post }`, level by level for nested carriers, each sibling carrier in its
/// own loop. The region-local allocations (`pl.tile.create` at region level) are hoisted before
/// the parts (those of a carrier's body to the top of that body), so the parts share one
/// allocation. `lowerPart` turns the statements of one part into its SIMD_VF region. Shapes
/// that cannot be split fail closed: the problem is appended and nullptr returned.
ir::StmtPtr splitRegion(const Region& r, const std::vector<ir::StmtPtr>& top,
                        const std::set<const ir::ForStmt*>& units,
                        const std::function<ir::StmtPtr(std::vector<ir::StmtPtr>, Span)>& lowerPart,
                        std::vector<Problem>& problems);

}  // namespace ptoc::simdvf
