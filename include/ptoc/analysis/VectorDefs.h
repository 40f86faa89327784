// Definite assignment of vector values inside one SIMD_VF region (architecture §2: a
// pto.vecscope is resultless, no vector register crosses its boundary). A register or mask read
// in a region must be assigned on every path from the start of that region instance; a value set
// in an earlier execution of the region, or in another region, is not there. Shared by the
// simulator (which refuses such a program) and verify-codegen-legality.
#pragma once

#include <optional>

#include "ptoc/ir/Stmt.h"

namespace ptoc::analysis {

struct UndefinedVectorUse {
  const ir::Var* var = nullptr;
  Span use;                     // the statement that reads it
  bool assignedInside = false;  // assigned somewhere in the region, but not on every path
};

/// The first read of a VReg / Mask value in `region` that is not definitely assigned before it
/// in the same region instance (program order; an `if` defines what both arms define, a loop
/// what its body defines only when it runs at least once).
std::optional<UndefinedVectorUse> firstUndefinedVectorUse(const ir::SimdVfScopeStmt& region);

}  // namespace ptoc::analysis
