// A model of PTOAS v0.27's PlanMemory (lib/PTO/Transforms/PTOPlanMemory.cpp of
// hw-native-sys/PTOAS a56b18c3): where it places the local buffers (pto.alloc_tile) of one
// function in one address space, and whether the function's reserve_buffer (the cross-core
// pipe ring) then finds its hole. docs/ptoas-plan-memory.md describes the rules and what the
// model leaves out; PtoasBufferLives.h reads the buffers and their lives off PTO text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/target/Target.h"

namespace ptoc::target {

/// A PTO address space (`loc=` of a tile_buf, `location = <...>` of a reserve_buffer).
enum class PtoasSpace : uint8_t { Vec, Mat, Left, Right, Acc, Bias, Scaling };

std::optional<PtoasSpace> parsePtoasSpace(std::string_view loc);
std::string_view ptoasSpaceName(PtoasSpace s);

/// What PlanMemory knows of a space on an arch (its MemSpec tables kA3 / kA5 and
/// getLocalMemSpec, converted from bits to bytes).
struct PtoasSpaceSpec {
  int64_t capacityBytes = 0;
  /// Each buffer's size is rounded up to this before planning (UB, L1, bias, scaling: 256
  /// bits = 32 B; L0A, L0B, L0C: 4096 bits = 512 B).
  int64_t planAlignBytes = 1;
  /// A reserve_buffer's base and the occupied ranges it must avoid are aligned to this
  /// (256 B); 0 when the space takes no reserve_buffer (only vec and mat do).
  int64_t reserveAlignBytes = 0;
};
PtoasSpaceSpec ptoasSpaceSpec(Arch arch, PtoasSpace s);

/// One planned buffer: its bytes as PlanMemory counts them (the memref's element count x
/// element size, i.e. tile_buf rows x cols x dtype: no padding of a [32, 1] column) and its
/// life, the linear op indices of its first write (gen) and of the op after which it is dead
/// (kill), both inclusive. Two buffers may share bytes only when their lives do not
/// intersect (an op's input and output always intersect: no in-place reuse).
struct PlanBuffer {
  std::string name;
  int64_t bytes = 0;
  int64_t gen = 0;
  int64_t kill = 0;
};

struct Placement {
  /// Every buffer got an offset inside the capacity.
  bool fits = false;
  /// The buffers were planned with reuse (their aligned sizes add up to the capacity or
  /// more); otherwise side by side in gen order.
  bool reused = false;
  /// The reuse plan failed its first pass: PTOAS would now roll back and retry (with a
  /// split outline), which the model does not follow; `fits` is false then.
  bool gaveUp = false;
  std::vector<int64_t> offsets;  // per buffer, in the order given; -1 when not placed
  int64_t extent = 0;            // the highest aligned end
  /// The aligned sizes added up (the side-by-side demand).
  int64_t sideBySideBytes = 0;
};

/// PlanMemory on `buffers`, given in the order PlanMemory creates their storage entries
/// (the order of their gen ops).
Placement planLocalMemory(const std::vector<PlanBuffer>& buffers, const PtoasSpaceSpec& spec);

/// The base the auto reserve_buffer of `ringBytes` gets after `placement` (PlanMemory's
/// assignAutoReserveBufferBase: the occupied ranges, each aligned up to 256 B, merged; the
/// first aligned hole from address 0), or nullopt ("failed to allocate local memory hole
/// for reserve_buffer").
std::optional<int64_t> placeReservedBuffer(const std::vector<PlanBuffer>& buffers,
                                           const Placement& placement, const PtoasSpaceSpec& spec,
                                           int64_t ringBytes);

}  // namespace ptoc::target
