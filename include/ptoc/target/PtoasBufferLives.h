// The local buffers of each function of a PTO text (what `ptoc compile --emit=pto` writes)
// and their lives as PTOAS v0.27's PlanMemory computes them (MemLivenessAnalysis in
// lib/PTO/Transforms/PTOPlanMemory.cpp), ready for planLocalMemory (PtoasPlanMemory.h).
// Reads the text ptoc emits (one op per line, regions opened by a trailing `{` and closed
// by a line starting with `}`), not arbitrary MLIR.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/target/PtoasPlanMemory.h"

namespace ptoc::target {

struct PtoReserve {
  std::string name;
  PtoasSpace space = PtoasSpace::Vec;
  int64_t bytes = 0;
};

struct PtoFunctionBuffers {
  std::string name;
  /// Per space, the buffers in PlanMemory's storage-entry order (their gen order).
  std::map<PtoasSpace, std::vector<PlanBuffer>> buffers;
  /// The function's auto reserve_buffer (at most one, as PTOAS requires).
  std::optional<PtoReserve> reserve;
};

/// Lives, per PlanMemory: every op (line) gets the next index, an scf.for / scf.if one at its
/// start, one per `} else {` and one at its end. A buffer (a pto.alloc_tile result; a
/// tile_buf result of an op reading buffers is an alias of them) is generated at the first
/// op that writes it (an output in `outs(...)`, the scratch operand of an op PTOAS marks as
/// writing it, any operand of a tpush), outputs first within an op, or at the start of an
/// scf.for when it was allocated before the loop, is used in or after it and was not written
/// yet; it is killed at its last use, lifted to the op of the allocation's block that holds
/// that use (a buffer of the function body read in a loop lives to the loop's end). A buffer
/// never written is not planned. PTO tpop results (declare_tile_memref) are not buffers.
std::vector<PtoFunctionBuffers> scanPtoBuffers(std::string_view ptoText);

}  // namespace ptoc::target
