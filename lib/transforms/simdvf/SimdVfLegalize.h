// legalize-parallel on one unit body (architecture §5.2): control flow inside a T.Parallel
// unit becomes values and predicates, so vectorize-parallel keeps one expression path. Shared
// by the legalize-parallel pass and the dry run of verify-parallel (what verify admits,
// legalize rewrites). It never emits VMI. See docs/passes/legalize-parallel.md.
#pragma once

#include <vector>

#include "SimdVfAnalysis.h"

namespace ptoc::simdvf {

/// The legalized form of `body` (the statements of a unit's innermost loop): no `if` left,
/// min / max as compare + select, every condition bound once before its first use. Returns
/// nullptr and appends the problem when the body is outside the admitted shapes.
ir::StmtPtr legalizeUnitBody(const Unit& u, int region, const ir::StmtPtr& body,
                             std::vector<Problem>& problems);

}  // namespace ptoc::simdvf
