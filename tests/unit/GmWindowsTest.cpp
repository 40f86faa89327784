// The GM windows expand-mixed-kernel compares to order the cube and vector accesses of one
// tensor (lib/transforms/expand/GmWindows.h): when two may meet, and the bounded lists of
// accesses still unordered.
#include <gtest/gtest.h>

#include <memory>

#include "../../lib/transforms/expand/GmWindows.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Stmt.h"
#include "ptoc/ir/Type.h"

namespace {

using namespace ptoc;
using namespace ptoc::ir;
using namespace ptoc::expand;

VarPtr indexVar(const char* name) {
  return std::make_shared<Var>(name, ScalarType::get(DType::Index), Span{});
}

/// `for v in range(0, trips)` with an empty body.
std::shared_ptr<const ForStmt> loopOver(const VarPtr& v, int64_t trips) {
  return std::make_shared<ForStmt>(v, constInt(0), constInt(trips), constInt(1), ForKind::Serial,
                                   std::vector<IterArgPtr>{}, makeSeq({}, Span{}),
                                   std::vector<VarPtr>{}, AttrList{}, Span{});
}

/// A window of `rows` rows at row offset `row` (and column 0, 64 columns), no box.
GmAccess rowsAt(ExprPtr row, int64_t rows, bool write = true) {
  GmAccess a;
  a.window = GmWindow{{std::move(row), constInt(0)}, {rows, 64}, {}};
  a.write = write;
  return a;
}

ExprPtr times(const VarPtr& v, int64_t k) { return binary(BinaryOp::Mul, v, constInt(k)); }
ExprPtr plus(ExprPtr a, int64_t k) { return binary(BinaryOp::Add, std::move(a), constInt(k)); }

TEST(GmWindows, ConstantWindowsMeetOnlyWhenTheirRowsDo) {
  GmFacts facts;
  EXPECT_FALSE(
      gmAccessesMayOverlap(rowsAt(constInt(0), 64), rowsAt(constInt(64), 64), nullptr, facts));
  EXPECT_TRUE(
      gmAccessesMayOverlap(rowsAt(constInt(0), 64), rowsAt(constInt(63), 64), nullptr, facts));
  EXPECT_TRUE(
      gmAccessesMayOverlap(rowsAt(constInt(96), 64), rowsAt(constInt(32), 65), nullptr, facts));
}

TEST(GmWindows, LaneHalvesAreBoundedByTheLaneIndex) {
  GmFacts facts;
  VarPtr lane = indexVar("subblock_idx");
  facts.lane(lane);
  // Rows 64 + lane * 32 (32 rows each lane): [64, 128) for both lanes together.
  GmAccess half = rowsAt(plus(times(lane, 32), 64), 32);
  EXPECT_FALSE(gmAccessesMayOverlap(rowsAt(constInt(128), 64), half, nullptr, facts));
  EXPECT_TRUE(gmAccessesMayOverlap(rowsAt(constInt(96), 64), half, nullptr, facts));
  // Without the fact, the lane index could be anything.
  EXPECT_TRUE(gmAccessesMayOverlap(rowsAt(constInt(128), 64), half, nullptr, GmFacts{}));
}

TEST(GmWindows, SameIterationCancelsTheLoopVariable) {
  GmFacts facts;
  VarPtr j = indexVar("j");
  auto loop = loopOver(j, 4);
  facts.loop(*loop);
  EXPECT_FALSE(gmAccessesMayOverlap(rowsAt(times(j, 64), 64), rowsAt(plus(times(j, 64), 64), 64),
                                    nullptr, facts));
  EXPECT_TRUE(gmAccessesMayOverlap(rowsAt(times(j, 64), 64), rowsAt(plus(times(j, 64), 32), 64),
                                   nullptr, facts));
}

TEST(GmWindows, BackEdgeComparesWithEveryLaterIteration) {
  GmFacts facts;
  VarPtr j = indexVar("j");
  auto loop = loopOver(j, 4);
  facts.loop(*loop);
  GmBackEdge edge{loop.get()};
  // Each iteration on its own rows: a later iteration never meets an earlier one.
  EXPECT_FALSE(
      gmAccessesMayOverlap(rowsAt(times(j, 64), 64), rowsAt(times(j, 64), 64), &edge, facts));
  // The earlier access reads the next block, which the next iteration writes.
  EXPECT_TRUE(gmAccessesMayOverlap(rowsAt(plus(times(j, 64), 64), 64), rowsAt(times(j, 64), 64),
                                   &edge, facts));
  // Rows that do not move with the iteration meet the next iteration's.
  EXPECT_TRUE(gmAccessesMayOverlap(rowsAt(constInt(0), 64), rowsAt(constInt(0), 64), &edge, facts));
  // A while loop (no variable): only boxes keep accesses apart, and these have none.
  GmBackEdge whileEdge{nullptr};
  EXPECT_TRUE(
      gmAccessesMayOverlap(rowsAt(times(j, 64), 64), rowsAt(times(j, 64), 64), &whileEdge, facts));
}

TEST(GmWindows, AnAccessOnOneLane) {
  GmFacts facts;
  VarPtr lane = indexVar("subblock_idx");
  facts.lane(lane);
  GmAccess half = rowsAt(plus(times(lane, 32), 64), 32);
  EXPECT_TRUE(gmAccessIsLaneSplit(half, facts));
  EXPECT_FALSE(gmAccessIsLaneSplit(rowsAt(constInt(64), 32), facts));
  std::optional<GmAccess> one = gmAccessOnLane(half, 1, facts);
  ASSERT_TRUE(one.has_value());
  ASSERT_EQ(one->box.size(), 2u);
  EXPECT_EQ(one->box[0].lo, 96);  // rows [96, 128)
  EXPECT_EQ(one->box[0].hi, 127);
  // Lane 1 of [64 + 32 lane, +32) and lane 0 of [96 + 32 lane, +32) are the same rows.
  GmAccess other = rowsAt(plus(times(lane, 32), 96), 32);
  EXPECT_TRUE(gmAccessesMayOverlap(*one, *gmAccessOnLane(other, 0, facts), nullptr, facts));
  EXPECT_FALSE(gmAccessesMayOverlap(*one, *gmAccessOnLane(other, 1, facts), nullptr, facts));
  // A lane index inside a min is not an affine term: the lanes' windows are not known.
  GmAccess ragged = rowsAt(binary(BinaryOp::Min, times(lane, 32), constInt(16)), 32);
  EXPECT_FALSE(gmAccessOnLane(ragged, 0, facts).has_value());
}

TEST(GmWindows, SameWindow) {
  VarPtr j = indexVar("j");
  EXPECT_TRUE(gmSameWindow(rowsAt(plus(times(j, 64), 32), 64), rowsAt(plus(times(j, 64), 32), 64)));
  EXPECT_FALSE(gmSameWindow(rowsAt(times(j, 64), 64), rowsAt(plus(times(j, 64), 32), 64)));
  EXPECT_FALSE(gmSameWindow(rowsAt(times(j, 64), 64), rowsAt(times(j, 64), 32)));
}

TEST(GmWindows, CaseSplitOverSmallLoops) {
  GmFacts facts;
  VarPtr j = indexVar("j");
  auto loop = loopOver(j, 2);
  facts.loop(*loop);
  // Rows [64 j, 64 j + 32) and [32, 64): before them for j = 0, after them for j = 1; one
  // inequality over j in [0, 1] cannot show it, each value can.
  EXPECT_FALSE(
      gmAccessesMayOverlap(rowsAt(times(j, 64), 32), rowsAt(constInt(32), 32), nullptr, facts));
  EXPECT_TRUE(
      gmAccessesMayOverlap(rowsAt(times(j, 64), 33), rowsAt(constInt(32), 32), nullptr, facts));
}

TEST(GmWindows, BackEdgeFromAFixedWindow) {
  GmFacts facts;
  VarPtr j = indexVar("j");
  auto loop = loopOver(j, 2);
  facts.loop(*loop);
  GmBackEdge edge{loop.get()};
  // An access before the loop (rows [128, 192)) and the loop's rows [64 j, 64 j + 64), j < 2:
  // apart in every iteration, so also across the back edge.
  EXPECT_FALSE(
      gmAccessesMayOverlap(rowsAt(constInt(128), 64), rowsAt(times(j, 64), 64), &edge, facts));
  EXPECT_TRUE(
      gmAccessesMayOverlap(rowsAt(constInt(64), 64), rowsAt(times(j, 64), 64), &edge, facts));
}

TEST(GmWindows, BoxesApartNeedNoProof) {
  GmAccess a = rowsAt(nullptr, 64), b = rowsAt(nullptr, 64);
  a.window.reset();
  b.window.reset();
  a.box = {{0, 63}, {0, 63}};
  b.box = {{64, 127}, {0, 63}};
  EXPECT_FALSE(gmAccessesMayOverlap(a, b, nullptr, GmFacts{}));
  b.box = {{63, 127}, {0, 63}};
  EXPECT_TRUE(gmAccessesMayOverlap(a, b, nullptr, GmFacts{}));
}

TEST(GmWindows, AccessListFoldsOldAccessesIntoOneBox) {
  GmAccessList list;
  const size_t n = GmAccessList::kPrecise + 3;
  for (size_t i = 0; i < n; ++i) {
    GmAccess a = rowsAt(constInt(static_cast<int64_t>(i) * 64), 64, i == 1);
    a.adds = i != 1;
    a.span = Span{1, static_cast<uint32_t>(i), static_cast<uint32_t>(i + 1)};
    a.box = {{static_cast<int64_t>(i) * 64, static_cast<int64_t>(i) * 64 + 63}, {0, 63}};
    list.add(std::move(a));
  }
  std::vector<GmAccess> seen;
  list.forEach([&](const GmAccess& a) { seen.push_back(a); });
  ASSERT_EQ(seen.size(), GmAccessList::kPrecise + 1);
  EXPECT_EQ(seen.front().span.begin, n - 1);  // the latest first
  const GmAccess& summary = seen.back();      // then the three oldest, folded
  EXPECT_FALSE(summary.window.has_value());
  EXPECT_EQ(summary.box[0].lo, 0);
  EXPECT_EQ(summary.box[0].hi, 3 * 64 - 1);
  EXPECT_EQ(summary.span.begin, 2u);  // the latest folded one
  EXPECT_TRUE(summary.write);         // one folded access writes: the summary writes
  EXPECT_FALSE(summary.adds);         // not all were adds: the summary may overwrite
  EXPECT_TRUE(list.contains(Span{1, 5, 6}));
  EXPECT_FALSE(list.contains(Span{1, 1, 2}));  // folded away (the summary keeps the latest)

  GmAccessList other;
  GmAccess a = rowsAt(constInt(0), 64);
  a.span = Span{1, 100, 101};
  other.add(a);
  list.merge(other);
  list.merge(other);  // merging twice adds it once
  size_t count = 0;
  list.forEach([&](const GmAccess&) { ++count; });
  EXPECT_EQ(count, GmAccessList::kPrecise + 1);
  EXPECT_TRUE(list.contains(Span{1, 100, 101}));
}

}  // namespace
