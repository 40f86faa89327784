// Unit tests of the type deduction of the memory and data-movement ops
// (lib/ops/MemoryOps.cpp, GeneratorOps.cpp): loads, stores and moves, the generators, views
// and the index queries, with their diagnostics.
#include <gtest/gtest.h>

#include <limits>

#include "OpsTestFixture.h"

namespace ptoc {
namespace {

std::vector<int64_t> validConsts(const TileType& t) {
  std::vector<int64_t> out;
  for (const auto& e : t.validShape()) out.push_back(ops::constIntValue(e).value_or(-1));
  return out;
}

TEST_F(OpsTest, LoadDefaultsToVecAndPrintsTargetMemory) {
  auto c = call("tile.load", {tensor({64, 64}), list({0, 16}), list({16, 32})});
  const TileType& t = tileOf(c);
  EXPECT_EQ(t.shape, (std::vector<int64_t>{16, 32}));
  EXPECT_EQ(t.dtype, DType::FP32);
  EXPECT_EQ(t.memory, MemorySpace::Vec);
  EXPECT_FALSE(t.view.has_value());
  ASSERT_EQ(c->kwargs.size(), 1u);
  EXPECT_EQ(c->kwargs[0].first, "target_memory");
  EXPECT_EQ(std::get<MemorySpace>(c->kwargs[0].second), MemorySpace::Vec);
  EXPECT_EQ(classifyCallAffinity(*c), CoreAffinity::Vector);
  EXPECT_EQ(c->op, &op("tile.load"));
  EXPECT_EQ(c->callee, "tile.load");
}

TEST_F(OpsTest, LoadToMatWithValidShape) {
  ExprPtr n = scalar(DType::Index, "n");
  auto c = call("tile.load",
                {tensor({64, 64}, DType::FP16), list({0, 0}), list({16, 32}), listOf({n, idx(32)})},
                {{"target_memory", MemorySpace::Mat}});
  const TileType& t = tileOf(c);
  EXPECT_EQ(t.memory, MemorySpace::Mat);
  EXPECT_EQ(t.dtype, DType::FP16);
  ASSERT_TRUE(t.view.has_value());
  ASSERT_EQ(t.view->validShape.size(), 2u);
  EXPECT_EQ(t.view->validShape[0], n);
  EXPECT_EQ(t.view->blayout, TileLayout::ColMajor);  // Mat NZ
  EXPECT_EQ(classifyCallAffinity(*c), CoreAffinity::Cube);
}

TEST_F(OpsTest, LoadFullValidShapeIsCanonicalizedAway) {
  auto c = call("tile.load", {tensor({16, 16}), list({0, 0}), list({16, 16}), list({16, 16})});
  EXPECT_FALSE(tileOf(c).view.has_value());
}

TEST_F(OpsTest, LoadColumnToVecIsColMajor) {
  auto c = call("tile.load", {tensor({16, 1}), list({0, 0}), list({16, 1})});
  ASSERT_TRUE(tileOf(c).view.has_value());
  EXPECT_EQ(tileOf(c).view->blayout, TileLayout::ColMajor);
}

TEST_F(OpsTest, LoadPaddedTileMayExtendPastTensorWhenValidFits) {
  auto c = call("tile.load", {tensor({10, 16}), list({0, 0}), list({16, 16}), list({10, 16})});
  EXPECT_EQ(validConsts(tileOf(c)), (std::vector<int64_t>{10, 16}));
}

TEST_F(OpsTest, LoadErrors) {
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({16, 16})},
              {{"target", MemorySpace::Vec}},
              "tile.load has no keyword argument 'target'; expected one of: target_memory");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({16, 16})},
              {{"target_memory", int64_t{3}}},
              "keyword argument 'target_memory' of tile.load must be a memory space");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({16, 16})},
              {{"target_memory", MemorySpace::Left}},
              "keyword argument 'target_memory' of tile.load must be one of pl.Mem.Vec, "
              "pl.Mem.Mat; got pl.Mem.Left");
  expectError("tile.load", {tensor({16, 16}), list({8, 0}), list({16, 16})}, {},
              "tile.load accesses [8, 24) on axis 0 of Tensor[[16, 16], FP32], which has size 16");
  expectError("tile.load", {tensor({16, 16}), list({-1, 0}), list({16, 16})}, {},
              "offset 0 of tile.load is negative (-1)");
  expectError("tile.load", {tensor({16, 16}), list({0}), list({16, 16})}, {},
              "tile.load has 1 offsets for the rank-2 tensor");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({16, 16, 1})}, {},
              "have rank 3 but the tensor");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({0, 16})}, {},
              "dimension 0 of the shapes of tile.load must be positive, got 0");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({-4, 16})}, {},
              "must be positive, got -4");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({16, 16}), list({17, 16})}, {},
              "valid_shape[0] = 17 of tile.load is outside [0, 16]");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), listOf({scalar(DType::Index), idx(4)})},
              {}, "the shapes of tile.load must be static");
  expectError("tile.load", {tensor({16, 16}), listOf({idx(0), f32(1.0)}), list({16, 16})}, {},
              "element 1 of argument 2 ('offsets') of tile.load must be an integer scalar, got "
              "Scalar[FP32]");
  expectError("tile.load", {tile({16, 16}), list({0, 0}), list({16, 16})}, {},
              "argument 1 of tile.load must be a tensor, got Tile[[16, 16], FP32, Vec]");
  expectError("tile.load", {tensor({16, 16}), idx(0), list({16, 16})}, {},
              "argument 2 of tile.load must be a list of integers, got Scalar[INDEX]");
  expectError("tile.load", {tensor({16, 16}), list({0, 0})}, {},
              "tile.load expects 3 or 4 arguments, got 2");
}

TEST_F(OpsTest, HugeShapesAndOffsetsAreDiagnosed) {
  int64_t big = int64_t{1} << 62;
  int64_t maxDim = int64_t{1} << 31;  // ops::kMaxDimension: what an annotation accepts
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({big, big})}, {},
              "dimension 0 of the shapes of tile.load must be at most 2^31");
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({maxDim, maxDim})}, {},
              "has too many elements");
  expectError("tile.load", {tensor({16, 16}), list({big, 0}), list({16, 16})}, {}, "accesses");
  int64_t maxv = std::numeric_limits<int64_t>::max();
  expectError("tile.load", {tensor({16, 16}), list({maxv, 0}), list({16, 16})}, {}, "accesses");
  expectError("tile.extract",
              {tile({64, 64}, DType::FP16, MemorySpace::Mat), idx(maxv), idx(0), list({16, 64})},
              {}, "reads");
  expectError("vmi.vload", {tile({1, 128}), idx(maxv)}, {{"size", int64_t{64}}}, "accesses");
  expectError("tile.create", {list({big, 4})}, {{"dtype", DType::FP32}}, "must be at most 2^31");
  expectError("tile.create", {list({maxDim, 1024})}, {{"dtype", DType::FP32}}, "too many elements");
  // A deduced type keeps to the same bound as a declared one (else its printed annotation
  // would not read back): two tiles of 2^31 columns do not concatenate.
  expectError("tile.concat", {tile({1, maxDim}), tile({1, maxDim})}, {},
              "the result of tile.concat would have a malformed type: dimension 1 of");
  expectError("tile.create", {list({})}, {{"dtype", DType::FP32}}, "must not be empty");
  expectError("tile.add", {tile({16, 16}), var("b", TensorType::get({big, big}, DType::FP32))}, {},
              "malformed type");
}

TEST_F(OpsTest, StoreReturnsTheTensorAndWritesIt) {
  ExprPtr out = tensor({32, 32});
  auto c = call("tile.store", {tile({16, 16}), list({16, 0}), out});
  EXPECT_EQ(c->type, out->type);
  EXPECT_TRUE(c->op->hasSideEffects);
  EXPECT_EQ(argEffect(*c, 2), MemoryEffect::Write);
  EXPECT_EQ(argEffect(*c, 0), MemoryEffect::Read);
  EXPECT_EQ(argEffect(*c, 1), MemoryEffect::None);
  EXPECT_EQ(classifyCallAffinity(*c), CoreAffinity::Vector);
  // atomic=1 adds into the tensor: it reads the destination too (a read-write effect that
  // depends on the kwarg); atomic=0 is the plain overwrite.
  auto add = call("tile.store", {tile({16, 16}), list({16, 0}), out}, {{"atomic", int64_t{1}}});
  EXPECT_EQ(argEffect(*add, 2), MemoryEffect::ReadWrite);
  EXPECT_EQ(argEffect(*add, 0), MemoryEffect::Read);
  auto plain = call("tile.store", {tile({16, 16}), list({16, 0}), out}, {{"atomic", int64_t{0}}});
  EXPECT_EQ(argEffect(*plain, 2), MemoryEffect::Write);
  auto acc = call("tile.store", {tile({16, 16}, DType::FP32, MemorySpace::Acc), list({0, 0}), out});
  EXPECT_EQ(classifyCallAffinity(*acc), CoreAffinity::Cube);
}

TEST_F(OpsTest, StoreErrors) {
  expectError("tile.store", {tile({16, 16}, DType::FP16), list({0, 0}), tensor({16, 16})}, {},
              "the tile and the tensor of tile.store must have the same dtype, got FP16 and FP32");
  // A misplaced operand is accepted (infer-tile-memory-space moves it; the TileMemoryInferred
  // verifier rejects what is left).
  call("tile.store",
       {tile({16, 16}, DType::FP32, MemorySpace::Mat), list({0, 0}), tensor({16, 16})});
  expectError("tile.store", {tile({16, 16}), list({8, 0}), tensor({16, 16})}, {},
              "accesses [8, 24) on axis 0");
  // A tile of lower rank stores through a partition (PyPTO's ND form); a higher rank does not.
  expectError("tile.store", {tile({16}), list({0}), tensor({16, 16})}, {},
              "has 1 offsets for the rank-2 tensor");
  expectError("tile.store", {tile({16, 16}), list({0}), tensor({256})}, {},
              "stores the rank-2 tile");
  expectError("tile.store", {tile({16}), list({1, 8}), tensor({2, 16})}, {},
              "past the end of the tensor");
}

TEST_F(OpsTest, MoveLayoutsAndAffinity) {
  auto toLeft = call("tile.move", {tile({16, 32}, DType::FP16, MemorySpace::Mat)},
                     {{"target_memory", MemorySpace::Left}});
  EXPECT_EQ(tileOf(toLeft).memory, MemorySpace::Left);
  EXPECT_FALSE(tileOf(toLeft).view.has_value());  // Left implicit layout
  EXPECT_EQ(classifyCallAffinity(*toLeft), CoreAffinity::Cube);

  auto accToVec = call("tile.move", {tile({16, 32}, DType::FP32, MemorySpace::Acc)});
  EXPECT_EQ(tileOf(accToVec).memory, MemorySpace::Vec);
  ASSERT_EQ(accToVec->kwargs.size(), 1u);  // target_memory filled in (alwaysPrint)
  EXPECT_EQ(classifyCallAffinity(*accToVec), CoreAffinity::Mixed);
  // Flat destination carries the source layout, fractal from the destination.
  ASSERT_TRUE(tileOf(accToVec).view.has_value());
  EXPECT_EQ(tileOf(accToVec).view->blayout, TileLayout::ColMajor);
  EXPECT_EQ(tileOf(accToVec).view->fractal, 512);

  auto relayout = call("tile.move", {tile({16, 32}, DType::FP32, MemorySpace::Acc)},
                       {{"slayout", TileLayout::NoneBox},
                        {"target_memory", MemorySpace::Vec},
                        {"blayout", TileLayout::RowMajor}});
  EXPECT_FALSE(tileOf(relayout).view.has_value());
  // Canonical order = spec order.
  ASSERT_EQ(relayout->kwargs.size(), 3u);
  EXPECT_EQ(relayout->kwargs[0].first, "target_memory");
  EXPECT_EQ(relayout->kwargs[1].first, "blayout");
  EXPECT_EQ(relayout->kwargs[2].first, "slayout");

  auto vecToVec = call("tile.move", {tile({16, 32})});
  EXPECT_EQ(classifyCallAffinity(*vecToVec), CoreAffinity::Vector);
  auto vecToMat = call("tile.move", {tile({16, 32})}, {{"target_memory", MemorySpace::Mat}});
  EXPECT_EQ(classifyCallAffinity(*vecToMat), CoreAffinity::Mixed);

  ExprPtr n = scalar(DType::Index, "n");
  auto keepsValid =
      call("tile.move", {tile({16, 32}, DType::FP32, MemorySpace::Acc, {n, idx(32)})});
  EXPECT_EQ(tileOf(keepsValid).validShape()[0], n);
}

TEST_F(OpsTest, CreateFullCiRandom) {
  auto cr = call("tile.create", {list({16, 16})},
                 {{"target_memory", MemorySpace::Mat}, {"dtype", DType::BF16}});
  EXPECT_EQ(tileOf(cr).memory, MemorySpace::Mat);
  EXPECT_EQ(tileOf(cr).dtype, DType::BF16);
  EXPECT_EQ(cr->kwargs[0].first, "dtype");
  EXPECT_EQ(classifyCallAffinity(*cr), CoreAffinity::Shared);  // declared
  expectError("tile.create", {list({16, 16})}, {}, "tile.create requires keyword argument 'dtype'");
  expectError("tile.create", {list({16, 16})}, {{"dtype", DType::Index}},
              "INDEX is not a tile element type");

  auto full = call("tile.full", {list({8, 8}), f32(0.0)}, {{"dtype", DType::FP16}});
  EXPECT_EQ(tileOf(full).dtype, DType::FP16);
  EXPECT_EQ(tileOf(full).memory, MemorySpace::Vec);
  call("tile.full", {list({8, 8}), idx(3)}, {{"dtype", DType::Int32}});
  expectError("tile.full", {list({8, 8}), scalar(DType::FP32)}, {{"dtype", DType::FP32}},
              "the value of tile.full must be a constant");
  expectError("tile.full", {list({8, 8}), f32(1.5)}, {{"dtype", DType::Int32}},
              "cannot fill a INT32 tile with the float value 1.5");

  auto ci = call("tile.ci", {i32(0), list({1, 64})}, {{"dtype", DType::Int32}});
  EXPECT_EQ(tileOf(ci).dtype, DType::Int32);
  ASSERT_EQ(ci->kwargs.size(), 1u);  // descending=False dropped
  auto ciDesc =
      call("tile.ci", {idx(5), list({1, 64})}, {{"descending", true}, {"dtype", DType::UInt16}});
  ASSERT_EQ(ciDesc->kwargs.size(), 2u);
  EXPECT_EQ(ciDesc->kwargs[1].first, "descending");
  expectError("tile.ci", {i32(0), list({1, 64})}, {{"dtype", DType::FP32}},
              "keyword argument 'dtype' of tile.ci must be one of pl.INT16, pl.INT32, pl.UINT16, "
              "pl.UINT32; got pl.FP32");
  expectError("tile.ci", {i32(0), list({4, 64})}, {{"dtype", DType::Int32}},
              "its shape must be [1, ..., 1, N] with N > 1, got [4, 64]");
  expectError("tile.ci", {scalar(DType::Index), list({1, 64})}, {{"dtype", DType::Int32}},
              "the start of tile.ci must be a INT32 scalar");
  expectError("tile.ci", {idx(70000), list({1, 64})}, {{"dtype", DType::Int16}},
              "does not fit in INT16");

  std::vector<ExprPtr> keys = {i32(1), i32(2), idx(0), idx(0), idx(0), scalar(DType::Int32)};
  auto rnd = [&](std::vector<ExprPtr> extra) {
    std::vector<ExprPtr> a = keys;
    for (auto& e : extra) a.push_back(e);
    return a;
  };
  auto r = call("tile.random", rnd({list({4, 64})}),
                {{"dtype", DType::UInt32}, {"rounds", int64_t{10}}});
  EXPECT_EQ(tileOf(r).dtype, DType::UInt32);
  ASSERT_EQ(r->kwargs.size(), 1u);  // rounds=10 is the default
  auto r7 =
      call("tile.random", rnd({list({4, 64})}), {{"dtype", DType::Int32}, {"rounds", int64_t{7}}});
  ASSERT_EQ(r7->kwargs.size(), 2u);
  expectError("tile.random", rnd({list({4, 64})}),
              {{"dtype", DType::Int32}, {"rounds", int64_t{8}}}, "must be one of 7, 10; got 8");
  keys[5] = scalar(DType::Int64);
  expectError("tile.random", rnd({list({4, 64})}), {{"dtype", DType::Int32}},
              "argument 6 ('counter3') of tile.random must be an INT32 scalar, got Scalar[INT64]");
  keys[5] = i32(0);
  expectError("tile.random", rnd({list({4, 64})}), {{"dtype", DType::FP32}}, "must be one of");
  expectError("tile.random", rnd({list({256})}), {{"dtype", DType::Int32}}, "must be 2-D");
  keys[0] = scalar(DType::FP32);
  expectError("tile.random", rnd({list({4, 64})}), {{"dtype", DType::Int32}},
              "argument 1 of tile.random must be an integer scalar, got Scalar[FP32]");
}

TEST_F(OpsTest, SliceReshapeExtractValidShapeTranspose) {
  auto s = call("tile.slice", {tile({32, 32}), list({16, 8}), list({16, 8})});
  EXPECT_EQ(tileOf(s).shape, (std::vector<int64_t>{16, 8}));
  EXPECT_EQ(tileOf(s).memory, MemorySpace::Vec);
  auto sv = call("tile.slice", {tile({32, 32}, DType::FP32, MemorySpace::Mat), list({16, 8}),
                                list({0, 0}), list({4, 8})});
  EXPECT_EQ(tileOf(sv).memory, MemorySpace::Mat);
  EXPECT_EQ(validConsts(tileOf(sv)), (std::vector<int64_t>{4, 8}));
  // Valid region of the source seen through the window.
  auto sw = call("tile.slice", {tile({32, 32}, DType::FP32, MemorySpace::Vec, {idx(20), idx(32)}),
                                list({16, 32}), list({16, 0})});
  EXPECT_EQ(validConsts(tileOf(sw)), (std::vector<int64_t>{4, 32}));
  auto padded = call("tile.slice", {tile({32, 32}), list({16, 8}), list({0, 0})},
                     {{"pad_value", PadValue::Zero}});
  ASSERT_TRUE(tileOf(padded).view.has_value());
  EXPECT_EQ(tileOf(padded).view->pad, PadValue::Zero);
  expectError("tile.slice", {tile({32, 32}), list({16, 8}), list({20, 0})}, {},
              "tile.slice accesses [20, 36) on axis 0");
  expectError("tile.slice", {tile({32, 32}), list({64, 8}), list({0, 0})}, {},
              "exceeds the source");

  auto r = call("tile.reshape", {tile({16, 16}), list({1, 256})});
  EXPECT_EQ(tileOf(r).shape, (std::vector<int64_t>{1, 256}));
  expectError("tile.reshape", {tile({16, 16}), list({8, 8})}, {},
              "tile.reshape must preserve the element count: [16, 16] has 256 elements, [8, 8] has "
              "64");
  ExprPtr n = scalar(DType::Index, "n");
  auto unit = call("tile.reshape",
                   {tile({16, 1}, DType::FP32, MemorySpace::Vec, {n, idx(1)}), list({1, 16})});
  EXPECT_EQ(tileOf(unit).validShape()[1], n);
  auto prefix =
      call("tile.reshape",
           {tile({4, 16}, DType::FP32, MemorySpace::Vec, {idx(2), idx(16)}), list({2, 32})});
  EXPECT_EQ(validConsts(tileOf(prefix)), (std::vector<int64_t>{1, 32}));
  expectError("tile.reshape",
              {tile({4, 16}, DType::FP32, MemorySpace::Vec, {idx(4), idx(5)}), list({2, 32})}, {},
              "cannot carry the valid shape [4, 5]");

  auto e = call("tile.extract",
                {tile({64, 64}, DType::FP16, MemorySpace::Mat), idx(16), idx(0), list({16, 64})},
                {{"target_memory", MemorySpace::Left}});
  EXPECT_EQ(tileOf(e).memory, MemorySpace::Left);
  EXPECT_EQ(classifyCallAffinity(*e), CoreAffinity::Cube);
  expectError("tile.extract",
              {tile({64, 64}, DType::FP16, MemorySpace::Mat), idx(56), idx(0), list({16, 64})}, {},
              "reads [56, 72) on axis 0");
  // A misplaced operand is accepted (infer-tile-memory-space moves it; the TileMemoryInferred
  // verifier rejects what is left).
  call("tile.extract", {tile({64, 64}, DType::FP16), idx(0), idx(0), list({16, 64})});

  auto v = call("tile.set_validshape", {tile({16, 16}), n, idx(16)});
  EXPECT_EQ(tileOf(v).validShape()[0], n);
  expectError("tile.set_validshape", {tile({16, 16}), idx(17), idx(16)}, {},
              "the valid rows of tile.set_validshape (17) is outside [0, 16]");

  auto tr = call("tile.transpose",
                 {tile({16, 32}, DType::FP32, MemorySpace::Vec, {n, idx(32)}), idx(0), idx(1)});
  EXPECT_EQ(tileOf(tr).shape, (std::vector<int64_t>{32, 16}));
  EXPECT_EQ(tileOf(tr).validShape()[1], n);
  expectError("tile.transpose", {tile({16, 32}), idx(0), idx(2)}, {},
              "axis 2 of tile.transpose is out of range for the rank-2 tile");
  expectError("tile.transpose", {tile({16, 32}), n, idx(1)}, {}, "must be integer literals");
}

TEST_F(OpsTest, IndexQueries) {
  auto c = call("tile.get_subblock_idx", {});
  EXPECT_EQ(c->type, ScalarType::get(DType::Index));
  EXPECT_EQ(classifyCallAffinity(*c), CoreAffinity::Vector);
  EXPECT_EQ(classifyCallAffinity(*call("tile.get_block_idx", {})), CoreAffinity::Shared);
  EXPECT_EQ(classifyCallAffinity(*call("tile.get_block_num", {})), CoreAffinity::Shared);
  expectError("tile.get_block_idx", {idx(1)}, {}, "tile.get_block_idx expects 0 arguments, got 1");
  expectError("tile.get_block_idx", {}, {{"x", int64_t{1}}},
              "tile.get_block_idx takes no keyword arguments, got 'x'");
}

}  // namespace
}  // namespace ptoc
