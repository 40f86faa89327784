// Whether PTOAS v0.27 can place a PTO text's local buffers: scanPtoBuffers
// (PtoasBufferLives.h) and, per function and address space, planLocalMemory then
// placeReservedBuffer (PtoasPlanMemory.h). Used by pipeline-cross-core-loops' capacity gate
// and by `ptoc plan-memory` (docs/ptoas-plan-memory.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/target/PtoasBufferLives.h"

namespace ptoc::target {

struct SpacePrediction {
  PtoasSpace space = PtoasSpace::Vec;
  PtoasSpaceSpec spec;
  std::vector<PlanBuffer> buffers;
  Placement placement;
  int64_t ringBytes = 0;            // the reserve_buffer of this space, 0 without one
  std::optional<int64_t> ringBase;  // where it goes (when ringBytes > 0)
  bool ok() const { return placement.fits && (ringBytes == 0 || ringBase.has_value()); }
};

struct FunctionPrediction {
  std::string name;
  std::vector<SpacePrediction> spaces;  // every space with a buffer or the reserve
  bool accepted() const;
};

std::vector<FunctionPrediction> predictPtoasPlacement(std::string_view ptoText, Arch arch);

/// One line per function and space ("attn_aiv vec: 38 buffers side by side, 149504 of
/// 253952 B; ring 65536 B at 149504"), and with `verbose` one per buffer (name, bytes,
/// life, offset).
std::string renderPrediction(const std::vector<FunctionPrediction>& p, bool verbose);

}  // namespace ptoc::target
