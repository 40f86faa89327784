// What a kernel asks of one on-chip buffer once emitted for PTOAS (docs/codegen.md, "The
// reserved ring"): the tiles codegen allocates there, and the pipe ring PTOAS v0.27 reserves
// there. Read by codegen's capacity check and, as a safe but loose bound, by
// pipeline-cross-core-loops' capacity gate when a program has no PTO form (otherwise the gate
// asks the PlanMemory model, target/PtoasPlacement.h).
#pragma once

#include <cstdint>

#include "ptoc/ir/Expr.h"
#include "ptoc/ir/Function.h"
#include "ptoc/target/Target.h"

namespace ptoc::analysis {

/// Slots of a pipe in PTOAS v0.27: fixed by the direction mask (8 one way, 4 per direction
/// both ways; lib/PTO/Transforms/PTOLowerFrontendPipeOpsPass.cpp); its init ops have no
/// slot_num. The consumer's ring is indexed `(tile index % slots) * slot_size` (pto-isa
/// TPipe), so its reserved buffer holds that many slots of slot_size bytes.
int64_t ptoasRingSlots(int64_t dirMask);

struct BufferDemand {
  /// The pipe init op of the function (null when it has none) and its ring in this buffer:
  /// ptoasRingSlots(dir_mask) x slot_size when the function is the buffer's consumer side
  /// (AIV: UB, AIC: L1), else 0.
  const ir::Call* init = nullptr;
  int64_t ringBytes = 0;
  /// The first pop of the function (where a capacity diagnostic points).
  const ir::Call* firstPop = nullptr;
  /// Every tile value allocated in the buffer's memory (popped tiles included: codegen
  /// gives each its buffer), padded as laid out, as if none shared a place. Views share their
  /// source's storage. PTOAS v0.27 plans the tiles first (reusing dead tiles' space) and
  /// then needs one free hole of the ring's size: when allTileBytes + ringBytes fits, it
  /// always finds one. Codegen's scratch tiles (reduction temporaries) are not counted.
  int64_t allTileBytes = 0;
  /// The largest tile but the popped ones (padded) and its call.
  int64_t largestTileBytes = 0;
  const ir::Call* largestCall = nullptr;
};

/// The demand of `f` on the buffer behind `space` (Vec: UB, Mat: L1) on `arch`.
BufferDemand bufferDemand(const ir::Function& f, ir::MemorySpace space, target::Buffer buffer);

}  // namespace ptoc::analysis
