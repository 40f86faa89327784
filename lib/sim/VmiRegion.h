// The register-level executor of SIMD_VF regions (docs/simulator-semantics.md §7): a region
// made only of VMI register code — the output of vectorize-parallel, or hand-written VMI — runs
// on typed register slots (each lane in its dtype's compute type) instead of one interpreted
// Value per register read and result. Scalar statements of the region (counters, offsets,
// loops) still go through the Executor. The semantics are those of the kernels of
// kernels/VmiKernels.cpp, lane for lane; every SIMD-VF `ptoc check` compares the two paths.
#pragma once

#include <optional>

#include "InterpreterImpl.h"

namespace ptoc::sim::detail {

/// Runs the region if it is register code only; nullopt (nothing run) otherwise. Register
/// values of the region's variables are in the frame afterwards, as the statement-by-statement
/// interpretation leaves them.
std::optional<Flow> runVmiRegion(Executor& ex, const ir::SimdVfScopeStmt& s, Frame& f);

}  // namespace ptoc::sim::detail
