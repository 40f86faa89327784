// pipeline-cross-core-loops' capacity gate (docs/passes/pipeline-cross-core-loops.md,
// "Capacity"): whether PTOAS v0.27 will place a rotated AIC / AIV pair.
#pragma once

#include "ptoc/ir/Function.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {

/// How the gate decided.
enum class GateVerdict { Fits, DoesNotFit };

/// Whether PTOAS v0.27 would place every local buffer and the pipe ring of `aic` and `aiv`
/// (which replace the functions of the same names in `program`): the program as `compile`
/// emits it (schedule-cross-core run on it, then the PTO emitter) through the PlanMemory
/// model (target/PtoasPlacement.h). When the program has no PTO form (the emitter reports a
/// diagnostic), the side-by-side bound of analysis::bufferDemand decides instead.
/// PTOC_ROTATION_GATE=off makes every pair fit (to run PTOAS on the rotations the gate
/// refuses).
GateVerdict ptoasPlacesPair(const ir::ProgramPtr& program, const ir::FunctionPtr& aic,
                            const ir::FunctionPtr& aiv, PassContext& ctx);

}  // namespace ptoc
