// Hardware facts of the Ascend targets ptoc compiles for (architecture.md §2,
// ptoas-facts.md §2.2 and §4.3): the one place that knows register widths and buffer
// capacities. The bottom layer: it depends on nothing, and ops, sim and codegen read
// it instead of keeping their own copies.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ptoc::target {

/// The chip generations: A2/A3 (910B / 910C) and A5 (Ascend 950).
enum class Arch : uint8_t { A2A3, A5 };

/// "a2a3" / "a5" (the spelling of --arch).
std::string_view archName(Arch a);
std::optional<Arch> parseArch(std::string_view name);

/// On-chip buffers, by their hardware name (the PTO location in parentheses).
enum class Buffer : uint8_t {
  UB,    // unified buffer of an AIV core (vec)
  L1,    // cube L1 (mat)
  L0A,   // cube left operand (left)
  L0B,   // cube right operand (right)
  L0C,   // cube accumulator (acc)
  Bias,  // bias table (bias)
};

/// Bytes of `b` that the memory planner may use on `arch` (PTOAS PlanMemory's figures:
/// UB 192 KiB on A2/A3 and 248 KiB of the 256 KiB physical on A5; L0C 128 / 256 KiB).
int64_t bufferBytes(Arch arch, Buffer b);
/// Allocation alignment of `b` in bytes (UB, L1, bias: 32; L0A/L0B/L0C: 512).
int64_t bufferAlignment(Buffer b);

/// Width of one vector register (A5) and of one vector repeat (A2/A3), in bytes.
inline constexpr int64_t kVectorRegisterBytes = 256;
/// Lanes of one full vector register of `elementBits`-bit elements (64 for 32-bit, 128 for
/// 16-bit, 256 for 8-bit).
constexpr int64_t registerLanes(unsigned elementBits) {
  return kVectorRegisterBytes * 8 / static_cast<int64_t>(elementBits);
}
/// Whether `lanes` is the lane count of a full register of some element width (64, 128, 256):
/// the sizes a register, a mask and a pl.simd_vf region may have.
constexpr bool isRegisterLaneCount(int64_t lanes) {
  return lanes == registerLanes(32) || lanes == registerLanes(16) || lanes == registerLanes(8);
}

// ---- Cross-core transfers (pypto-facts §3.8, §3.9) -------------------------------------------

/// The layout a vector tile is pushed to the cube in: the NZ adapter (a Vec -> Vec
/// tile.move to blayout col_major, slayout row_major, or the layout a move into Mat names)
/// before tpush_to_aic. A5 needs it for every V->C push (its L1 pop reads the pushed tile as
/// fractal); A2/A3 pushes as it is (the transfer goes UB -> GM -> L1, and UB -> GM is ND).
bool gatherNeedsNzAdapter(Arch arch);
/// Whether a hand-written tile.tpush_to_aic must go through the NZ adapter too (the cube's
/// FIFO reads the pushed tile as fractal): the same rule as the gather.
inline bool manualVtoCPushNeedsNzAdapter(Arch arch) { return gatherNeedsNzAdapter(arch); }
/// Whether a mixed kernel without a split mode runs its AIV function on both vector lanes
/// (A2/A3: the orchestration launches both; lane 1 replays the handshakes). A5 runs a
/// no-split vector kernel on lane 0 only.
bool noSplitDualAivDispatch(Arch arch);
/// Slots of a cross-core pipe when the scope does not give pl.cross_core_slot(slot_num=N).
inline constexpr int64_t kDefaultSlotNum = 2;

}  // namespace ptoc::target
