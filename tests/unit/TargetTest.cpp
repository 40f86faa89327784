// Unit tests of the target facts (ptoc/target/Target.h), the split-axis helpers
// (ir::splitAxis, analysis::SplitAxis.h) and the function-building helpers
// (ir/FunctionBuilder.h).
#include <gtest/gtest.h>

#include "ptoc/analysis/SplitAxis.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/target/Target.h"

namespace ptoc {
namespace {

using namespace ir;

TEST(TargetTest, BufferCapacitiesPerArch) {
  using target::Arch;
  using target::Buffer;
  EXPECT_EQ(target::bufferBytes(Arch::A2A3, Buffer::UB), 192 * 1024);
  EXPECT_EQ(target::bufferBytes(Arch::A5, Buffer::UB), 248 * 1024);
  EXPECT_EQ(target::bufferBytes(Arch::A2A3, Buffer::L0C), 128 * 1024);
  EXPECT_EQ(target::bufferBytes(Arch::A5, Buffer::L0C), 256 * 1024);
  for (Arch a : {Arch::A2A3, Arch::A5}) {
    EXPECT_EQ(target::bufferBytes(a, Buffer::L1), 512 * 1024);
    EXPECT_EQ(target::bufferBytes(a, Buffer::L0A), 64 * 1024);
    EXPECT_EQ(target::bufferBytes(a, Buffer::L0B), 64 * 1024);
    EXPECT_EQ(target::parseArch(target::archName(a)), a);
  }
  EXPECT_EQ(target::parseArch("a3"), std::nullopt);
  EXPECT_EQ(target::bufferAlignment(Buffer::L0A), 512);
  EXPECT_EQ(target::bufferAlignment(Buffer::UB), 32);
}

TEST(TargetTest, RegisterLanes) {
  EXPECT_EQ(target::registerLanes(32), 64);
  EXPECT_EQ(target::registerLanes(16), 128);
  EXPECT_EQ(target::registerLanes(8), 256);
  EXPECT_EQ(ops::registerLanes(DType::FP32), 64);
  EXPECT_EQ(ops::registerLanes(DType::BF16), 128);
  for (int64_t lanes : {64, 128, 256}) EXPECT_TRUE(target::isRegisterLaneCount(lanes));
  for (int64_t lanes : {0, 1, 32, 96, 512}) EXPECT_FALSE(target::isRegisterLaneCount(lanes));
}

TEST(SplitAxisTest, ModesCodesAndReductions) {
  EXPECT_EQ(splitAxis(SplitMode::UpDown), std::optional<size_t>(0));
  EXPECT_EQ(splitAxis(SplitMode::LeftRight), std::optional<size_t>(1));
  EXPECT_EQ(splitAxis(SplitMode::None), std::nullopt);
  EXPECT_EQ(splitModeOfAxis(1), SplitMode::LeftRight);
  EXPECT_EQ(splitModeOfAxis(2), std::nullopt);
  EXPECT_EQ(splitCodeAxis(3), std::optional<size_t>(0));
  EXPECT_EQ(splitCodeAxis(4), std::optional<size_t>(1));
  EXPECT_EQ(splitCodeAxis(0), std::nullopt);
  EXPECT_EQ(analysis::splitDimension(SplitMode::LeftRight), 1u);
  EXPECT_THROW(analysis::splitDimension(SplitMode::None), InternalError);
  EXPECT_EQ(ops::ceilHalf(7), 4);
  EXPECT_EQ(ops::ceilHalf(8), 4);

  SourceManager sm;
  DiagnosticEngine diag(sm);
  auto t =
      std::make_shared<Var>("t", ops::makeTile({16, 64}, DType::FP32, MemorySpace::Vec), Span{});
  auto reduce = [&](const char* name) {
    return createOpCall(OpRegistry::instance().get(name), {t}, {}, Span{}, diag);
  };
  auto rowSum = reduce("tile.row_sum"), colMax = reduce("tile.col_max"), e = reduce("tile.exp");
  EXPECT_EQ(analysis::reducedAxisOf(*rowSum), std::optional<size_t>(1));
  EXPECT_TRUE(analysis::reducesSplitAxis(*rowSum, 1));
  EXPECT_FALSE(analysis::reducesSplitAxis(*rowSum, 0));
  EXPECT_TRUE(analysis::reducesSplitAxis(*colMax, 0));
  EXPECT_FALSE(analysis::reducesSplitAxis(*e, 0));
  EXPECT_FALSE(analysis::reducesSplitAxis(*e, 1));
  EXPECT_FALSE(analysis::givesItsOwnShape(*e));
  std::vector<ExprPtr> dims = {constIndex(16), constIndex(64)};
  auto full = createOpCall(OpRegistry::instance().get(OpId::Full),
                           {makeTuple(dims, Span{}), constFloat(0.0, DType::FP32)},
                           {{"dtype", DType::FP32}}, Span{}, diag);
  EXPECT_TRUE(analysis::givesItsOwnShape(*full));
}

TEST(FunctionBuilderTest, FreshNamesAndRestamp) {
  std::unordered_set<std::string> taken = {"subblock_idx", "subblock_idx_1"};
  EXPECT_EQ(freshName(taken, "subblock_idx"), "subblock_idx_2");
  EXPECT_EQ(freshName(taken, "lane"), "lane");
  EXPECT_TRUE(taken.count("lane"));

  AttrList attrs = {{fnattr::kSlotNum, int64_t{4}},
                    {fnattr::kSplit, SplitMode::UpDown},
                    {fnattr::kDualAivDispatch, true}};
  AttrList out =
      restampAttrs(attrs, {{fnattr::kSplitAiv, true}, {fnattr::kSplit, SplitMode::LeftRight}},
                   {fnattr::kDualAivDispatch});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].first, fnattr::kSplitAiv);
  EXPECT_EQ(out[1].first, fnattr::kSplit);
  EXPECT_EQ(out[1].second, AttrValue(SplitMode::LeftRight));
  EXPECT_EQ(out[2].first, fnattr::kSlotNum);
}

TEST(FunctionBuilderTest, FunctionNamer) {
  auto body = makeSeq({}, Span{});
  auto fn = [&](const char* name) {
    return std::make_shared<Function>(name, FunctionType::Opaque, std::vector<VarPtr>{},
                                      std::vector<ParamDirection>{}, std::vector<TypePtr>{}, body,
                                      AttrList{}, Span{});
  };
  Program p("p", {fn("main"), fn("other"), fn("work")}, false, Span{});
  FunctionNamer namer(p);
  EXPECT_EQ(namer.next("main", ""), "main_incore_0");
  EXPECT_EQ(namer.next("main", ""), "main_incore_1");
  EXPECT_EQ(namer.next("main", "stage"), "stage");
  EXPECT_EQ(namer.next("main", "stage"), "stage_0");       // the same function: suffixed
  EXPECT_EQ(namer.next("other", "stage"), "other_stage");  // another function's: namespaced
  EXPECT_EQ(namer.next("main", "work"), "main_work");      // a program function's name

  auto withNewBody = withBody(*fn("main"), body, {{fnattr::kSplitAiv, true}});
  EXPECT_EQ(withNewBody->name, "main");
  EXPECT_EQ(withNewBody->attrs.size(), 1u);
}

}  // namespace
}  // namespace ptoc
