// Unit tests of the cycle model (docs/cost-model.md): the timed scheduler on hand-built
// programs whose cycle counts are computed by hand in the comments, and the cost tables.
#include <gtest/gtest.h>

#include "ptoc/ir/Expr.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/sim/Timing.h"
#include "ptoc/sim/Value.h"

namespace ptoc::sim::timing {
namespace {

CostTable testTable() {
  CostTable t = costTable(target::Arch::A5);
  t.crossCoreLatency = 10;
  t.issueWindow = 1000;
  return t;
}

Instr op(Pipe p, int64_t cycles, std::vector<int> deps = {}) {
  Instr in;
  in.name = "op";
  in.pipe = p;
  in.cycles = cycles;
  in.deps = std::move(deps);
  return in;
}

Instr sync(Pipe p, int64_t cycles, SyncKind k, bool c2v, int64_t seq, std::vector<int> deps = {},
           int64_t slots = 8) {
  Instr in = op(p, cycles, std::move(deps));
  in.sync = Sync{k, c2v, 0, seq, slots};
  return in;
}

TEST(CycleModelTest, PipesOfOneCoreOverlap) {
  // A load (MTE2, 100) and an independent vector op (V, 50, issued one cycle later):
  // 0-100 and 1-51, so the total is 100, not 150.
  Segment seg{"s", {Stream{Core::AIV0, "v", {op(Pipe::MTE2, 100), op(Pipe::V, 50)}}}};
  Schedule s = schedule({seg}, testTable());
  EXPECT_EQ(s.at[0][0][1].start, 1);
  EXPECT_EQ(s.total, 100);
}

TEST(CycleModelTest, ADependenceSerializes) {
  // The vector op reads the load's tile: 0-100, then 100-150.
  Segment seg{"s", {Stream{Core::AIV0, "v", {op(Pipe::MTE2, 100), op(Pipe::V, 50, {0})}}}};
  Schedule s = schedule({seg}, testTable());
  EXPECT_EQ(s.at[0][0][1].start, 100);
  EXPECT_EQ(s.total, 150);
}

TEST(CycleModelTest, OnePipeRunsInOrder) {
  // Two independent vector ops share the V pipe: 0-30, 30-60.
  Segment seg{"s", {Stream{Core::AIV0, "v", {op(Pipe::V, 30), op(Pipe::V, 30)}}}};
  EXPECT_EQ(schedule({seg}, testTable()).total, 60);
}

TEST(CycleModelTest, AFullSlotSetAppliesBackPressure) {
  // One slot. AIC: push#0 (FIX 100) 0-100; push#1 waits for free#0.
  // AIV: pop#0 at 100+10 = 110-115; vector work 115-315; free#0 315-316;
  // push#1 at 316+10 = 326-426; pop#1 at 436-441; free#1 441-442.
  Stream aic{Core::AIC,
             "c",
             {sync(Pipe::FIX, 100, SyncKind::Push, true, 0, {}, 1),
              sync(Pipe::FIX, 100, SyncKind::Push, true, 1, {}, 1)}};
  Stream aiv{Core::AIV0,
             "v",
             {sync(Pipe::MTE2, 5, SyncKind::Pop, true, 0), op(Pipe::V, 200, {0}),
              sync(Pipe::Scalar, 1, SyncKind::Free, true, 0, {1}),
              sync(Pipe::MTE2, 5, SyncKind::Pop, true, 1),
              sync(Pipe::Scalar, 1, SyncKind::Free, true, 1, {3})}};
  Schedule s = schedule({Segment{"g", {aic, aiv}}}, testTable());
  EXPECT_EQ(s.at[0][0][1].start, 326);
  EXPECT_EQ(s.at[0][1][3].start, 436);
  EXPECT_EQ(s.total, 442);
  // With two slots there is no back-pressure: push#1 runs 100-200, pop#1 at 210-215; free#1
  // follows free#0 on the scalar pipe (315-316): 316-317.
  aic.instrs[0].sync.slotNum = aic.instrs[1].sync.slotNum = 2;
  Schedule s2 = schedule({Segment{"g", {aic, aiv}}}, testTable());
  EXPECT_EQ(s2.at[0][0][1].start, 100);
  EXPECT_EQ(s2.at[0][1][3].start, 210);
  EXPECT_EQ(s2.total, 317);
}

TEST(CycleModelTest, ACrossCoreRoundTrip) {
  // AIC push C2V 0-100; AIV pop 110-115, vector 115-165, push V2C 165-185;
  // AIC pop V2C at 185+10 = 195-200.
  Stream aic{Core::AIC,
             "c",
             {sync(Pipe::FIX, 100, SyncKind::Push, true, 0),
              sync(Pipe::MTE2, 5, SyncKind::Pop, false, 0)}};
  Stream aiv{Core::AIV0,
             "v",
             {sync(Pipe::MTE2, 5, SyncKind::Pop, true, 0), op(Pipe::V, 50, {0}),
              sync(Pipe::MTE3, 20, SyncKind::Push, false, 0, {1})}};
  Schedule s = schedule({Segment{"g", {aic, aiv}}}, testTable());
  EXPECT_EQ(s.at[0][0][1].start, 195);
  EXPECT_EQ(s.total, 200);
  // The critical path runs back from the AIC's pop to the AIV's push.
  EXPECT_EQ(s.at[0][0][1].byStream, 1);
  EXPECT_EQ(s.at[0][0][1].byInstr, 2);
}

TEST(CycleModelTest, TwoLanesHalveTheVectorWork) {
  // The split in miniature: one lane with 2 x 100 vector cycles against two lanes with
  // 100 each, after one C2V push each lane pops (a copy, 5 cycles).
  Stream aic{Core::AIC, "c", {sync(Pipe::FIX, 10, SyncKind::Push, true, 0)}};
  auto lane = [](Core c, int64_t work) {
    return Stream{c, "v", {sync(Pipe::MTE2, 5, SyncKind::Pop, true, 0), op(Pipe::V, work, {0})}};
  };
  int64_t one = schedule({Segment{"g", {aic, lane(Core::AIV0, 200)}}}, testTable()).total;
  int64_t two =
      schedule({Segment{"g", {aic, lane(Core::AIV0, 100), lane(Core::AIV1, 100)}}}, testTable())
          .total;
  EXPECT_EQ(one, 10 + 10 + 5 + 200);
  EXPECT_EQ(two, 10 + 10 + 5 + 100);
}

TEST(CycleModelTest, AGatherWaitsForBothLanes) {
  // Lane 0 arrives at 10, lane 1 at 50: both gathers start at 50.
  Stream l0{
      Core::AIV0, "a", {op(Pipe::V, 10), sync(Pipe::MTE3, 4, SyncKind::Gather, true, 0, {0})}};
  Stream l1{
      Core::AIV1, "b", {op(Pipe::V, 50), sync(Pipe::MTE3, 4, SyncKind::Gather, true, 0, {0})}};
  Schedule s = schedule({Segment{"g", {l0, l1}}}, testTable());
  EXPECT_EQ(s.at[0][0][1].start, 50);
  EXPECT_EQ(s.at[0][1][1].start, 50);
  EXPECT_EQ(s.total, 54);
}

TEST(CycleModelTest, SegmentsRunOneAfterAnother) {
  Segment a{"a", {Stream{Core::AIV0, "v", {op(Pipe::V, 30)}}}};
  Segment b{"b", {Stream{Core::AIC, "c", {op(Pipe::M, 20)}}}};
  Schedule s = schedule({a, b}, testTable());
  EXPECT_EQ(s.segmentStart[1], 30);
  EXPECT_EQ(s.total, 50);
}

TEST(CycleModelTest, TheScheduleIsDeterministic) {
  Stream aic{
      Core::AIC,
      "c",
      {sync(Pipe::FIX, 7, SyncKind::Push, true, 0), sync(Pipe::FIX, 9, SyncKind::Push, true, 1)}};
  auto lane = [](Core c) {
    return Stream{c,
                  "v",
                  {sync(Pipe::MTE2, 3, SyncKind::Pop, true, 0), op(Pipe::V, 11, {0}),
                   sync(Pipe::MTE2, 3, SyncKind::Pop, true, 1), op(Pipe::V, 13, {2})}};
  };
  Segment seg{"g", {aic, lane(Core::AIV0), lane(Core::AIV1)}};
  Schedule a = schedule({seg}, testTable());
  Schedule b = schedule({seg}, testTable());
  ASSERT_EQ(a.total, b.total);
  for (size_t s = 0; s < 3; ++s)
    for (size_t i = 0; i < seg.streams[s].instrs.size(); ++i)
      EXPECT_EQ(a.at[0][s][i].start, b.at[0][s][i].start);
}

TEST(CycleModelTest, CostTablesCiteTheFacts) {
  // facts §4.6: 16 KiB over L0C->UB (as L0C->L1, 128 GiB/s) at 1.85 GHz = 220.5 -> 221.
  const CostTable& a5 = costTable(target::Arch::A5);
  EXPECT_EQ(transferCycles(a5, 16384, 128.0), 221);
  // GM->UB 100.9 GiB/s: 32 KiB = 32768 / 2^30 / 100.9 x 1.85e9 = 559.5 -> 560.
  EXPECT_EQ(transferCycles(a5, 32768, a5.gmToUb), 560);
  EXPECT_EQ(a5.vecHead, 6);
  EXPECT_EQ(a5.vecPerRepeat, 2);
  EXPECT_EQ(a5.vmi.at("vmi.vexp"), 10);
  EXPECT_EQ(a5.vmi.at("vmi.vadd"), 6);
  EXPECT_FALSE(a5.popCopies);
  EXPECT_TRUE(costTable(target::Arch::A2A3).popCopies);
  EXPECT_EQ(transferCycles(a5, 0, 100.0), 0);
}

TEST(CycleModelTest, AVectorOpsHeadDoesNotHalve) {
  // facts §4.4: a vector tile op is a head of 6 cycles plus 2 per 256-B repeat of its largest
  // tile. This is why the split's lane work shrinks by less than 2x (docs/cost-model.md §5):
  // [64, 64] FP32 = 16 KiB = 64 repeats, 6 + 128 = 134; a lane's [32, 64] half = 32
  // repeats, 6 + 64 = 70 (1.91x); a [64, 1] or [32, 1] column statistic is one repeat
  // either way, 6 + 2 = 8 (1.0x).
  auto tile = [](std::vector<int64_t> shape) {
    Tile t;
    t.buf = std::make_shared<Buffer>(DType::FP32, shape);
    t.valid = shape;
    t.memory = ir::MemorySpace::Vec;
    return Value(t);
  };
  const OpDef* d = OpRegistry::instance().find("tile.exp");
  ASSERT_NE(d, nullptr);
  ir::Call exp("tile.exp", d, {}, {}, nullptr, {});
  const CostTable& a5 = costTable(target::Arch::A5);
  auto cycles = [&](std::vector<int64_t> shape) {
    Value v = tile(shape);
    OpCost c = costOf(a5, exp, {v}, v, false);
    EXPECT_EQ(c.pipe, Pipe::V);
    return c.cycles;
  };
  EXPECT_EQ(cycles({64, 64}), 134);
  EXPECT_EQ(cycles({32, 64}), 70);
  EXPECT_EQ(cycles({64, 1}), 8);
  EXPECT_EQ(cycles({32, 1}), 8);
  // An odd LEFT_RIGHT half: [32, 23] FP32 = 2944 B = 12 repeats (11.5 rounded up), 30
  // cycles, against 52 for [32, 45] (23 repeats): 1.73x.
  EXPECT_EQ(cycles({32, 23}), 30);
  EXPECT_EQ(cycles({32, 45}), 52);
}

TEST(CycleModelTest, AVmiOpCostsPerInstructionAndLanes) {
  // facts §2.7 (pto-isa A5 VF table): vexp 10, vadd 6 per instruction, one instruction per
  // 256-B register of lanes: 64 FP32 lanes = 1, 128 FP32 lanes = 2, 128 FP16 lanes = 1.
  auto vreg = [](DType d, size_t lanes) {
    VReg r;
    r.dtype = d;
    r.lanes.assign(lanes, 1.0);
    return Value(r);
  };
  auto call = [](const char* name) {
    const OpDef* d = OpRegistry::instance().find(name);
    EXPECT_NE(d, nullptr) << name;
    return ir::Call(name, d, {}, {}, nullptr, {});
  };
  const CostTable& a5 = costTable(target::Arch::A5);
  ir::Call vexp = call("vmi.vexp"), vadd = call("vmi.vadd");
  Value f32x64 = vreg(DType::FP32, 64), f32x128 = vreg(DType::FP32, 128);
  Value f16x128 = vreg(DType::FP16, 128);
  EXPECT_EQ(costOf(a5, vexp, {f32x64}, f32x64, false).cycles, 10);
  EXPECT_EQ(costOf(a5, vexp, {f32x128}, f32x128, false).cycles, 20);
  EXPECT_EQ(costOf(a5, vadd, {f16x128, f16x128}, f16x128, false).cycles, 6);
  EXPECT_EQ(costOf(a5, vadd, {f32x128, f32x128}, f32x128, false).cycles, 12);
  EXPECT_EQ(costOf(a5, vexp, {f32x64}, f32x64, false).pipe, Pipe::V);
}

TEST(CycleModelTest, PopsWaitOnThePipeOfTheirArch) {
  // facts §4.7: A2/A3 pops copy GM -> local on MTE2; A5 pops bind the slot in the consumer's
  // SRAM and wait on the pipe that reads it next (V for a C2V tile, MTE1 for a V2C tile).
  auto pop = [](const char* name) {
    const OpDef* d = OpRegistry::instance().find(name);
    EXPECT_NE(d, nullptr) << name;
    return ir::Call(name, d, {}, {}, nullptr, {});
  };
  ir::Call c2v = pop("tile.tpop_from_aic"), v2c = pop("tile.tpop_from_aiv");
  const CostTable& a5 = costTable(target::Arch::A5);
  const CostTable& a3 = costTable(target::Arch::A2A3);
  EXPECT_EQ(costOf(a5, c2v, {}, Value(), false).pipe, Pipe::V);
  EXPECT_EQ(costOf(a5, v2c, {}, Value(), true).pipe, Pipe::MTE1);
  EXPECT_EQ(costOf(a5, c2v, {}, Value(), false).cycles, a5.popBindCycles);
  EXPECT_EQ(costOf(a3, c2v, {}, Value(), false).pipe, Pipe::MTE2);
  EXPECT_EQ(costOf(a3, v2c, {}, Value(), true).pipe, Pipe::MTE2);
  // Every pipe a pop may take is in its registration.
  for (const ir::Call* c : {&c2v, &v2c})
    for (const CostTable* t : {&a5, &a3})
      EXPECT_TRUE(c->op->pipes.has(costOf(*t, *c, {}, Value(), false).pipe)) << c->callee;
}

}  // namespace
}  // namespace ptoc::sim::timing
