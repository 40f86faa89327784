// Unit tests of the PTOAS PlanMemory model (ptoc/target/PtoasPlanMemory.h,
// PtoasBufferLives.h, PtoasPlacement.h) on hand-built layouts whose placement is computed by
// hand in the comments (docs/ptoas-plan-memory.md has the rules).
#include <gtest/gtest.h>

#include "ptoc/target/PtoasBufferLives.h"
#include "ptoc/target/PtoasPlacement.h"
#include "ptoc/target/PtoasPlanMemory.h"

namespace ptoc::target {
namespace {

using Offsets = std::vector<int64_t>;

TEST(PtoasPlanMemoryTest, SpecsArePlanMemorysTables) {
  EXPECT_EQ(ptoasSpaceSpec(Arch::A5, PtoasSpace::Vec).capacityBytes, 253952);  // 2031616 bits
  EXPECT_EQ(ptoasSpaceSpec(Arch::A2A3, PtoasSpace::Vec).capacityBytes, 196608);
  EXPECT_EQ(ptoasSpaceSpec(Arch::A5, PtoasSpace::Mat).capacityBytes, 524288);
  EXPECT_EQ(ptoasSpaceSpec(Arch::A2A3, PtoasSpace::Acc).capacityBytes, 131072);
  EXPECT_EQ(ptoasSpaceSpec(Arch::A5, PtoasSpace::Acc).planAlignBytes, 512);
  EXPECT_EQ(ptoasSpaceSpec(Arch::A5, PtoasSpace::Vec).planAlignBytes, 32);
  EXPECT_EQ(ptoasSpaceSpec(Arch::A5, PtoasSpace::Mat).reserveAlignBytes, 256);
  EXPECT_EQ(ptoasSpaceSpec(Arch::A5, PtoasSpace::Left).reserveAlignBytes, 0);
}

// 100, 64 and 32 bytes, aligned to 32: 128 + 64 + 32 = 224 < 1024, so side by side at 0, 128,
// 192 whatever their lives. The ring's occupied ranges are aligned to 256 from each offset:
// [0, 256) [128, 384) [192, 448) merge to [0, 448); the ring goes to 512.
TEST(PtoasPlanMemoryTest, SideBySideWhenTheSumIsBelowCapacity) {
  const PtoasSpaceSpec spec{1024, 32, 256};
  std::vector<PlanBuffer> b{{"a", 100, 0, 9}, {"b", 64, 1, 2}, {"c", 32, 5, 6}};
  Placement p = planLocalMemory(b, spec);
  EXPECT_TRUE(p.fits);
  EXPECT_FALSE(p.reused);
  EXPECT_EQ(p.offsets, (Offsets{0, 128, 192}));
  EXPECT_EQ(p.extent, 224);
  EXPECT_EQ(placeReservedBuffer(b, p, spec, 256), 512);
  EXPECT_EQ(placeReservedBuffer(b, p, spec, 512), 512);           // 512 + 512 = 1024 fits
  EXPECT_EQ(placeReservedBuffer(b, p, spec, 768), std::nullopt);  // 512 + 768 > 1024
}

// Two 512-byte buffers with disjoint lives. At capacity 1056 they add up to less, so they sit
// side by side ([0, 1024)) and a 512-byte ring finds no hole; at capacity 1024 they add up to
// the capacity (not strictly less), PlanMemory reuses: both at 0, and the ring fits at 512.
// More capacity, no hole: the reason the side-by-side bound is neither safe to loosen nor
// tight.
TEST(PtoasPlanMemoryTest, ReuseOnlyFromTheCapacityOn) {
  std::vector<PlanBuffer> b{{"a", 512, 0, 1}, {"b", 512, 2, 3}};
  const PtoasSpaceSpec roomy{1056, 32, 256}, tight{1024, 32, 256};
  Placement side = planLocalMemory(b, roomy);
  EXPECT_FALSE(side.reused);
  EXPECT_EQ(side.offsets, (Offsets{0, 512}));
  EXPECT_EQ(placeReservedBuffer(b, side, roomy, 512), std::nullopt);
  Placement reused = planLocalMemory(b, tight);
  EXPECT_TRUE(reused.reused);
  EXPECT_TRUE(reused.fits);
  EXPECT_EQ(reused.offsets, (Offsets{0, 0}));
  EXPECT_EQ(reused.extent, 512);
  EXPECT_EQ(placeReservedBuffer(b, reused, tight, 512), 512);
}

// Capacity 768, sum 1280: reuse. A [0, 5] at 0 (outline: [0,256){A} [256,768){}). B [1, 2]
// conflicts with A, goes to 256 ([256,512){B}, tail [512,768){}). C [3, 4] conflicts with A,
// not with B: at 256, the bound now holds B and C. D (512 B, [6, 7]) meets no life in
// [0,256){A} (too small alone) and [256,512){B,C}: the run [0, 512) takes it. Extent 512;
// the ring (256) goes to 512.
TEST(PtoasPlanMemoryTest, FirstFitSkipsBoundsWhoseLivesIntersect) {
  const PtoasSpaceSpec spec{768, 32, 256};
  std::vector<PlanBuffer> b{{"A", 256, 0, 5}, {"B", 256, 1, 2}, {"C", 256, 3, 4}, {"D", 512, 6, 7}};
  Placement p = planLocalMemory(b, spec);
  EXPECT_TRUE(p.fits);
  EXPECT_TRUE(p.reused);
  EXPECT_EQ(p.offsets, (Offsets{0, 256, 256, 0}));
  EXPECT_EQ(p.extent, 512);
  EXPECT_EQ(placeReservedBuffer(b, p, spec, 256), 512);
  EXPECT_EQ(placeReservedBuffer(b, p, spec, 512), std::nullopt);
}

// A bound keeps the lives of every buffer placed on it (the outline is not split): after D
// the outline is [0,512){A,B,C,D} [512,768){}. E (256 B, [4, 4]) meets A's life in the first
// bound and goes to 512. F (256 B, [4, 9]) meets A in the first bound and E in the second: no
// place left, and the model stops where PTOAS would roll back (gaveUp, no fit).
TEST(PtoasPlanMemoryTest, MergedBoundsKeepEveryLifeAndTheModelStopsAtRollback) {
  const PtoasSpaceSpec spec{768, 32, 256};
  std::vector<PlanBuffer> b{{"A", 256, 0, 5}, {"B", 256, 1, 2}, {"C", 256, 3, 4},
                            {"D", 512, 6, 7}, {"E", 256, 4, 4}, {"F", 256, 4, 9}};
  Placement p = planLocalMemory(b, spec);
  EXPECT_EQ(p.offsets[4], 512);
  EXPECT_TRUE(p.gaveUp);
  EXPECT_FALSE(p.fits);
  EXPECT_EQ(p.offsets[5], -1);
}

// A single buffer goes to 0 when its aligned size fits (L0: 512-byte alignment).
TEST(PtoasPlanMemoryTest, OneBufferAlignedToItsSpace) {
  const PtoasSpaceSpec left = ptoasSpaceSpec(Arch::A5, PtoasSpace::Left);
  Placement p = planLocalMemory({{"l", 65000, 0, 1}}, left);
  EXPECT_TRUE(p.fits);
  EXPECT_EQ(p.extent, 65024);  // 127 x 512
  EXPECT_FALSE(planLocalMemory({{"l", 65537, 0, 1}}, left).fits);
}

// The liveness scan on PTO text: op indices per line (the for takes one at its start and
// one at its end), gen at the first op naming the buffer (outs first), the for-start rule,
// kill lifted to the loop's end for a buffer of the body used in the loop, pops not planned,
// a treshape an alias of its source.
TEST(PtoasPlanMemoryTest, LivesFromPtoText) {
  const char* text = R"(module {
  func.func @k(%a: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %r = pto.reserve_buffer {name = "ring", size = 4096, location = <vec>, auto = true} -> i32
    %x = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.texpands ins(%cst : f32) outs(%x : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>)
    %y = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16>
    scf.for %j = %c0 to %c4 step %c1 {
      %p = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16>
      %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16>
      %m = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=8, v_col=1>
      pto.trowmax ins(%p, %t : !pto.tile_buf<>, !pto.tile_buf<>) outs(%m : !pto.tile_buf<>)
      pto.tfree_from_aic {split = 0}
      pto.tcvt ins(%x : !pto.tile_buf<>) outs(%y : !pto.tile_buf<>)
      %v = pto.treshape %m : !pto.tile_buf<> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>
      pto.tmov ins(%v : !pto.tile_buf<>) outs(%x : !pto.tile_buf<>)
    }
    %z = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16>
    return
  }
})";
  // Indices: 0 reserve, 1 alloc x, 2 texpands, 3 alloc y, 4 for start, 5 tpop, 6 alloc t,
  // 7 alloc m, 8 trowmax, 9 tfree, 10 tcvt, 11 treshape, 12 tmov, 13 for end, 14 alloc z,
  // 15 return.
  auto fns = scanPtoBuffers(text);
  ASSERT_EQ(fns.size(), 1u);
  EXPECT_EQ(fns[0].name, "k");
  ASSERT_TRUE(fns[0].reserve.has_value());
  EXPECT_EQ(fns[0].reserve->bytes, 4096);
  EXPECT_EQ(fns[0].reserve->space, PtoasSpace::Vec);
  EXPECT_FALSE(fns[0].buffers.count(PtoasSpace::Mat));  // z is never used: not planned
  const auto& vec = fns[0].buffers.at(PtoasSpace::Vec);
  ASSERT_EQ(vec.size(), 4u);
  // x: written at 2, used in the loop: lives to the loop's end (13).
  EXPECT_EQ(vec[0].name, "%x");
  EXPECT_EQ(vec[0].bytes, 512);
  EXPECT_EQ(vec[0].gen, 2);
  EXPECT_EQ(vec[0].kill, 13);
  // y: allocated before the loop, first written in it: generated at the loop's start (4).
  EXPECT_EQ(vec[1].name, "%y");
  EXPECT_EQ(vec[1].bytes, 256);
  EXPECT_EQ(vec[1].gen, 4);
  EXPECT_EQ(vec[1].kill, 13);
  // trowmax writes m (outs) before its scratch t: m is the earlier storage entry. m lives
  // to the tmov through its view v (12); t dies at 8.
  EXPECT_EQ(vec[2].name, "%m");
  EXPECT_EQ(vec[2].bytes, 32);
  EXPECT_EQ(vec[2].gen, 8);
  EXPECT_EQ(vec[2].kill, 12);
  EXPECT_EQ(vec[3].name, "%t");
  EXPECT_EQ(vec[3].gen, 8);
  EXPECT_EQ(vec[3].kill, 8);
  // 512 + 256 + 32 + 512 = 1312 side by side: x 0, y 512, m 768, t 800. The ring's occupied
  // ranges (each aligned to 256) merge to [0, 1312): the ring goes to 1536.
  auto pred = predictPtoasPlacement(text, Arch::A5);
  ASSERT_EQ(pred.size(), 1u);
  ASSERT_EQ(pred[0].spaces.size(), 1u);
  EXPECT_EQ(pred[0].spaces[0].placement.offsets, (Offsets{0, 512, 768, 800}));
  EXPECT_EQ(pred[0].spaces[0].ringBase, 1536);
  EXPECT_TRUE(pred[0].accepted());
}

// A buffer that is only read (a dynamic-valid tile of an empty lane's branch) is never
// generated, so PlanMemory gives it no place; one read after a loop starts is generated at
// the loop's start (it is live there and not written yet).
TEST(PtoasPlanMemoryTest, ReadOnlyBuffersAreNotPlannedUnlessLiveAtALoop) {
  const char* text = R"(module {
  func.func @k() {
    %u = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    %d = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    pto.tmuls ins(%u, %cst : !pto.tile_buf<>, f32) outs(%d : !pto.tile_buf<>)
    %w = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>
    scf.for %j = %c0 to %c2 step %c1 {
      pto.tadds ins(%w, %cst : !pto.tile_buf<>, f32) outs(%d : !pto.tile_buf<>)
    }
    %s = pto.tgetval ins(%d, %c0 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>, index) outs : f32
    %s2 = arith.addf %s, %s : f32
    return
  }
})";
  // 0 alloc u, 1 alloc d, 2 tmuls, 3 alloc w, 4 for, 5 tadds, 6 end, 7 tgetval, 8 addf,
  // 9 return. The scalar tgetval reads is not a view of d: d dies at 7.
  auto fns = scanPtoBuffers(text);
  ASSERT_EQ(fns.size(), 1u);
  const auto& vec = fns[0].buffers.at(PtoasSpace::Vec);
  ASSERT_EQ(vec.size(), 2u);
  EXPECT_EQ(vec[0].name, "%d");
  EXPECT_EQ(vec[0].gen, 2);
  EXPECT_EQ(vec[0].kill, 7);
  EXPECT_EQ(vec[1].name, "%w");
  EXPECT_EQ(vec[1].gen, 4);
  EXPECT_EQ(vec[1].kill, 6);
}

}  // namespace
}  // namespace ptoc::target
