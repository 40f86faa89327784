// The cost tables of the cycle model (docs/cost-model.md §2), one per arch, and the cost of
// one call: which of its registration's pipes it occupies this time, for how many cycles,
// and the bytes it moves. Every figure cites its public source in
// ../shared/reference/ptoas-facts.md; the few figures without one say "assumption".
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ptoc/ir/Expr.h"
#include "ptoc/ir/Type.h"
#include "ptoc/sim/Timing.h"
#include "ptoc/sim/Value.h"

namespace ptoc::sim::timing {

namespace {

/// The VF instruction costs of pto-isa's A5 table (facts §2.7, [ISA]
/// costmodel/a5/cce_costmodel/vec_cycle_generated.hpp): pset/plt 2; vlds/vsts/vdup/vmov/vsel
/// 4; vadd-class ALU (add, sub, abs, relu, min, max, adds) 6; vdiv/vexp/vsqrt/vln/vcvt/
/// vmuls/vcmp 10; unknown 5. vmul and vneg are not listed: vmul as vmuls, vneg as the ALU
/// class (assumption).
std::map<std::string, int64_t, std::less<>> vmiCosts() {
  return {{"vmi.create_mask", 2}, {"vmi.mask_and", 2}, {"vmi.mask_or", 2}, {"vmi.mask_not", 2},
          {"vmi.vload", 4},       {"vmi.vstore", 4},   {"vmi.vbrc", 4},    {"vmi.vsel", 4},
          {"vmi.vadd", 6},        {"vmi.vsub", 6},     {"vmi.vabs", 6},    {"vmi.vmax", 6},
          {"vmi.vmin", 6},        {"vmi.vadds", 6},    {"vmi.vneg", 6},    {"vmi.vci", 6},
          {"vmi.vdiv", 10},       {"vmi.vexp", 10},    {"vmi.vsqrt", 10},  {"vmi.vcvt", 10},
          {"vmi.vmuls", 10},      {"vmi.vmul", 10},    {"vmi.vcmp", 10},   {"vmi.vcmps", 10}};
}

CostTable makeA2A3() {
  CostTable t;
  t.arch = target::Arch::A2A3;
  // facts §4.6 ([ISA] costmodel/arch_config.hpp): clock and per-core bandwidths in GiB/s.
  t.clockGHz = 1.85;
  t.gmToUb = 100.9;
  t.gmToL1 = 135.0;
  t.ubToGm = 188.46;
  t.l1ToGm = 32.0;
  t.l0cToGm = 70.0;
  t.l0cToL1 = 128.0;
  t.l0cToUb = 128.0;  // not in the table: as L0C->L1 (assumption; A2/A3 has no such path)
  t.l1ToL0a = 441.0;
  t.l1ToL0b = 220.5;
  t.ubToUb = 1024.0;
  t.ubToL1 = 188.46;  // A2/A3 goes UB->GM->L1; the UB->GM leg is modeled (assumption)
  t.l1ToBt = 32.0;
  // facts §4.4 ([ISA] a2a3 cce_costmodel_core.hpp): vector op = head 6 + 2 per 256-B repeat.
  t.vecHead = 6;
  t.vecPerRepeat = 2;
  t.vecRepeatBytes = 256;
  // facts §4.5 ([ISA] cce_costmodel_cube.hpp): mad = 6 + r x ceil(m/16) ceil(k/K0) ceil(n/16).
  t.cubeHead = 6;
  t.scalarCycles = 1;
  // facts §4.7: A2/A3 slots live in GM; the pop copies GM -> local (MTE2). The flag latency
  // itself has no public figure: 50 cycles (assumption).
  t.crossCoreLatency = 50;
  t.popCopies = true;
  t.popBindCycles = 0;
  t.vmi = vmiCosts();
  t.vmiDefault = 5;
  return t;
}

CostTable makeA5() {
  // A5 shares the A2/A3 bandwidths and formulas (the only public figures, facts §4.4-4.6;
  // assumption) and differs where facts §4.7 says it does: the slots live in the consumer's
  // SRAM (UB for C2V, L1 for V2C), the push copies core to core, the pop binds (zero copy).
  CostTable t = makeA2A3();
  t.arch = target::Arch::A5;
  t.popCopies = false;
  t.popBindCycles = 2;  // a flag wait and a bind (assumption)
  // The C2V push is L0C -> UB on FIX at t.l0cToUb: no public A5 figure, the A2/A3 L0C -> L1
  // bandwidth (assumption; it decides most of the split-speedup bounds, docs/cost-model.md
  // §2). The V2C push is UB -> L1 at t.ubToL1 (as UB -> GM, assumption).
  return t;
}

int64_t validBytes(const Tile& t) {
  int64_t n = 1;
  for (int64_t v : t.valid) n *= std::max<int64_t>(v, 0);
  return n * static_cast<int64_t>(t.buf ? t.buf->elemSize() : 4);
}

std::optional<ir::MemorySpace> memOf(const Tile& t) { return t.memory; }

std::optional<ir::MemorySpace> resultMem(const ir::Call& c, const Value& result) {
  if (result.is<Tile>() && result.get<Tile>().memory) return result.get<Tile>().memory;
  if (const auto* tt = c.type ? c.type->as<ir::TileType>() : nullptr) return tt->memory;
  return std::nullopt;
}

const Tile* tileArg(const std::vector<Value>& args, size_t i) {
  return i < args.size() && args[i].is<Tile>() ? &args[i].get<Tile>() : nullptr;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

OpCost transfer(const CostTable& t, Pipe pipe, int64_t bytes, double bw, std::string level) {
  return OpCost{pipe, std::max<int64_t>(1, transferCycles(t, bytes, bw)), bytes, std::move(level)};
}

int64_t vectorCycles(const CostTable& t, int64_t bytes) {
  return t.vecHead + t.vecPerRepeat * std::max<int64_t>(1, ceilDiv(bytes, t.vecRepeatBytes));
}

/// The largest tile of the call (operands and result), in valid bytes.
int64_t largestTileBytes(const std::vector<Value>& args, const Value& result) {
  int64_t b = result.is<Tile>() ? validBytes(result.get<Tile>()) : 0;
  for (const auto& a : args)
    if (a.is<Tile>()) b = std::max(b, validBytes(a.get<Tile>()));
  return b;
}

}  // namespace

const CostTable& costTable(target::Arch arch) {
  static const CostTable a2a3 = makeA2A3();
  static const CostTable a5 = makeA5();
  return arch == target::Arch::A2A3 ? a2a3 : a5;
}

int64_t transferCycles(const CostTable& t, int64_t bytes, double gibPerS) {
  if (bytes <= 0 || gibPerS <= 0) return 0;
  double cycles =
      static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0) / gibPerS * (t.clockGHz * 1e9);
  return static_cast<int64_t>(std::ceil(cycles));
}

OpCost costOf(const CostTable& t, const ir::Call& call, const std::vector<Value>& args,
              const Value& result, bool onAic) {
  using M = ir::MemorySpace;
  const OpDef* op = call.op;
  if (!op) return OpCost{};
  std::string_view n = call.callee;
  const Tile* a0 = tileArg(args, 0);
  const Tile* res = result.is<Tile>() ? &result.get<Tile>() : nullptr;

  // vmi: per instruction, one instruction per 256-B register of lanes.
  if (op->vmi != VmiCategory::None) {
    auto it = t.vmi.find(n);
    int64_t per = it == t.vmi.end() ? t.vmiDefault : it->second;
    int64_t lanes = 0, elem = 4;
    auto see = [&](const Value& v) {
      if (v.is<VReg>()) {
        lanes = std::max<int64_t>(lanes, static_cast<int64_t>(v.get<VReg>().lanes.size()));
        elem = ir::dtypeBytes(v.get<VReg>().dtype);
      } else if (v.is<Mask>()) {
        lanes = std::max<int64_t>(lanes, static_cast<int64_t>(v.get<Mask>().lanes.size()));
      }
    };
    see(result);
    for (const auto& a : args) see(a);
    int64_t instrs = std::max<int64_t>(1, ceilDiv(lanes * elem, t.vecRepeatBytes));
    return OpCost{Pipe::V, per * instrs, 0, {}};
  }

  if (op->id == OpId::Load) {
    int64_t bytes = res ? validBytes(*res) : 0;
    bool toL1 = resultMem(call, result) == M::Mat;
    return transfer(t, Pipe::MTE2, bytes, toL1 ? t.gmToL1 : t.gmToUb, toL1 ? "GM->L1" : "GM->UB");
  }
  if (op->id == OpId::Store && a0) {
    int64_t bytes = validBytes(*a0);
    if (memOf(*a0) == M::Acc) return transfer(t, Pipe::FIX, bytes, t.l0cToGm, "L0C->GM");
    if (memOf(*a0) == M::Mat) return transfer(t, Pipe::MTE3, bytes, t.l1ToGm, "L1->GM");
    return transfer(t, Pipe::MTE3, bytes, t.ubToGm, "UB->GM");
  }
  if ((op->id == OpId::Move || op->id == OpId::Extract) && a0) {
    int64_t bytes = res ? validBytes(*res) : validBytes(*a0);
    auto src = memOf(*a0);
    auto dst = resultMem(call, result);
    if (src == M::Acc) {
      if (dst == M::Vec) return transfer(t, Pipe::FIX, bytes, t.l0cToUb, "L0C->UB");
      return transfer(t, Pipe::FIX, bytes, t.l0cToL1, "L0C->L1");
    }
    if (src == M::Mat) {
      if (dst == M::Right) return transfer(t, Pipe::MTE1, bytes, t.l1ToL0b, "L1->L0B");
      if (dst == M::Bias) return transfer(t, Pipe::MTE1, bytes, t.l1ToBt, "L1->BT");
      return transfer(t, Pipe::MTE1, bytes, t.l1ToL0a, "L1->L0A");
    }
    if (src == M::Vec && dst == M::Mat) return transfer(t, Pipe::MTE3, bytes, t.ubToL1, "UB->L1");
    if (op->pipes.has(Pipe::V)) return OpCost{Pipe::V, vectorCycles(t, bytes), 0, {}};
    return transfer(t, Pipe::MTE1, bytes, t.l1ToL0a, "L1->L0A");
  }
  if (op->id == OpId::Matmul || op->id == OpId::MatmulAcc) {
    // matmul(lhs, rhs) / matmul_acc(acc, lhs, rhs): [m, k] x [k, n].
    size_t l = op->id == OpId::MatmulAcc ? 1 : 0;
    const Tile* lhs = tileArg(args, l);
    const Tile* rhs = tileArg(args, l + 1);
    if (lhs && rhs && lhs->valid.size() == 2 && rhs->valid.size() == 2) {
      int64_t m = lhs->valid[0], k = lhs->valid[1], nn = rhs->valid[1];
      int64_t elem = static_cast<int64_t>(lhs->buf->elemSize());
      int64_t k0 = std::max<int64_t>(1, 32 / elem);
      int64_t r = lhs->dtype() == DType::FP32 ? 2 : 1;
      return OpCost{
          Pipe::M, t.cubeHead + r * ceilDiv(m, 16) * ceilDiv(k, k0) * ceilDiv(nn, 16), 0, {}};
    }
    return OpCost{Pipe::M, t.cubeHead, 0, {}};
  }
  if (n == "tile.tpush_to_aiv" && a0) {
    int64_t bytes = validBytes(*a0);
    if (t.popCopies) return transfer(t, Pipe::FIX, bytes, t.l0cToGm, "L0C->GM");
    return transfer(t, Pipe::FIX, bytes, t.l0cToUb, "L0C->UB");
  }
  if (n == "tile.tpush_to_aic" && a0) {
    int64_t bytes = validBytes(*a0);
    if (t.popCopies) return transfer(t, Pipe::MTE3, bytes, t.ubToGm, "UB->GM");
    return transfer(t, Pipe::MTE3, bytes, t.ubToL1, "UB->L1");
  }
  if (n == "tile.tpop_from_aic" || n == "tile.tpop_from_aiv") {
    int64_t bytes = res ? validBytes(*res) : 0;
    bool toL1 = n == "tile.tpop_from_aiv";
    // A5: the consumer binds the slot (zero copy) and waits on the pipe that reads it next:
    // V for a C2V tile in UB, MTE1 for a V2C tile in L1 (facts §4.7, PTOAS's A5 lowering
    // uses PIPE_V / PIPE_FIX for C2V and PIPE_MTE1 / PIPE_MTE3 for V2C).
    if (!t.popCopies) return OpCost{toL1 ? Pipe::MTE1 : Pipe::V, t.popBindCycles, 0, {}};
    return transfer(t, Pipe::MTE2, bytes, toL1 ? t.gmToL1 : t.gmToUb, toL1 ? "GM->L1" : "GM->UB");
  }
  if (op->id == OpId::AivShard && res) {
    // A lane takes its half of a full tile: read from GM by the lane (MTE2).
    return transfer(t, Pipe::MTE2, validBytes(*res), t.gmToUb, "GM->UB");
  }
  if (op->id == OpId::AicGather && a0) {
    return transfer(t, Pipe::MTE3, validBytes(*a0), t.ubToGm, "UB->GM");
  }
  (void)onAic;
  if (op->pipes.has(Pipe::V))
    return OpCost{Pipe::V, vectorCycles(t, largestTileBytes(args, result)), 0, {}};
  // Everything else occupies the scalar unit: views, queries, allocation, pipe set-up, tfree.
  return OpCost{Pipe::Scalar, t.scalarCycles, 0, {}};
}

}  // namespace ptoc::sim::timing
