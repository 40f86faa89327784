// Unit tests of the type deduction of the compute, cross-core, system and vector-register
// ops (lib/ops/ComputeOps.cpp, CrossCoreOps.cpp, SystemOps.cpp, VmiOps.cpp): shapes, dtypes,
// memory spaces and affinity of the results, with their diagnostics.
#include <gtest/gtest.h>

#include "OpsTestFixture.h"

namespace ptoc {
namespace {

// ---- Compute ops ---------------------------------------------------------------------------

TEST_F(OpsTest, ElementwiseBinary) {
  ExprPtr n = scalar(DType::Index, "n");
  auto c = call("tile.add",
                {tile({16, 64}, DType::FP32, MemorySpace::Vec, {n, idx(64)}), tile({16, 64})});
  const TileType& t = tileOf(c);
  EXPECT_EQ(t.shape, (std::vector<int64_t>{16, 64}));
  EXPECT_EQ(t.memory, MemorySpace::Vec);
  EXPECT_EQ(t.validShape()[0], n);  // valid from lhs
  EXPECT_EQ(classifyCallAffinity(*c), CoreAffinity::Vector);
  EXPECT_FALSE(c->op->hasSideEffects);
  // Memory not yet inferred: accepted, result in Vec.
  auto unset = call("tile.mul", {tile({8, 8}, DType::FP32, std::nullopt), tile({8, 8})});
  EXPECT_EQ(tileOf(unset).memory, MemorySpace::Vec);

  expectError("tile.add", {tile({16, 64}), tile({16, 64}), tile({16, 64})}, {},
              "tile.add expects 2 arguments, got 3");
  expectError("tile.add", {scalar(DType::FP32), tile({16, 64})}, {},
              "argument 1 of tile.add must be a tile, got Scalar[FP32]");
  expectError("tile.sub", {tile({16, 64}), tile({16, 64}, DType::FP16)}, {},
              "the operands of tile.sub must have the same dtype, got FP32 and FP16");
  expectError("tile.maximum", {tile({16, 64}), tile({16, 32})}, {},
              "the operands of tile.maximum must have the same shape, got [16, 64] and [16, 32]");
  expectError("tile.add", {tile({16, 64}), tile({16, 1})}, {}, "same shape");
  EXPECT_EQ(last().hint,
            "to broadcast the [16, 1] column along the rows, use pl.row_expand_add(t, t)");
  // A misplaced operand is accepted (infer-tile-memory-space moves it; the TileMemoryInferred
  // verifier rejects what is left).
  call("tile.div", {tile({16, 64}), tile({16, 64}, DType::FP32, MemorySpace::Acc)});
  expectError("tile.add", {tile({16, 64}), listOf({idx(1)})}, {},
              "argument 2 of tile.add must be a tile, got tuple[Scalar[INDEX]]");
  expectError("tile.add", {tile({16, 64}), tile({16, 64})}, {{"high_precision", true}},
              "tile.add takes no keyword arguments");
}

TEST_F(OpsTest, TileScalarUnaryCast) {
  auto c = call("tile.muls", {tile({16, 16}, DType::FP16), f32(2.0)});
  EXPECT_EQ(tileOf(c).dtype, DType::FP16);
  call("tile.adds", {tile({16, 16}, DType::Int32), idx(1)});
  expectError("tile.adds", {tile({16, 16}, DType::Int32), f32(1.5)}, {},
              "tile.adds cannot combine a FP32 scalar with INT32 elements");
  expectError("tile.adds", {tile({16, 16}), tile({16, 16})}, {},
              "argument 2 of tile.adds must be a scalar, got Tile");

  EXPECT_EQ(tileOf(call("tile.exp", {tile({16, 16})})).dtype, DType::FP32);
  expectError("tile.exp", {tile({16, 16}, DType::Int32)}, {},
              "tile.exp requires a floating-point tile, got INT32");
  EXPECT_EQ(tileOf(call("tile.abs", {tile({16, 16}, DType::Int32)})).dtype, DType::Int32);

  ExprPtr n = scalar(DType::Index, "n");
  auto cast = call("tile.cast", {tile({16, 16}, DType::FP32, MemorySpace::Vec, {n, idx(16)})},
                   {{"dtype", DType::FP16}});
  EXPECT_EQ(tileOf(cast).dtype, DType::FP16);
  EXPECT_EQ(tileOf(cast).validShape()[0], n);
  expectError("tile.cast", {tile({16, 16})}, {}, "tile.cast requires keyword argument 'dtype'");
  expectError("tile.cast", {tile({16, 16})}, {{"dtype", std::string("fp16")}},
              "keyword argument 'dtype' of tile.cast must be a dtype");
}

TEST_F(OpsTest, Reductions) {
  ExprPtr n = scalar(DType::Index, "n");
  auto rs = call("tile.row_sum", {tile({16, 64}, DType::FP32, MemorySpace::Vec, {n, idx(64)})});
  EXPECT_EQ(tileOf(rs).shape, (std::vector<int64_t>{16, 1}));
  EXPECT_EQ(tileOf(rs).validShape()[0], n);
  EXPECT_EQ(ops::constIntValue(tileOf(rs).validShape()[1]), 1);
  auto cm = call("tile.col_max", {tile({16, 64})});
  EXPECT_EQ(tileOf(cm).shape, (std::vector<int64_t>{1, 64}));
  call("tile.row_max", {tile({16, 64}), tile({16, 64})});
  expectError("tile.row_min", {tile({16, 64}), tile({8, 64})}, {},
              "the tmp tile Tile[[8, 64], FP32, Vec] of tile.row_min must have the rank of");
  expectError("tile.row_sum", {tile({64})}, {}, "must have rank >= 2, got rank 1");
}

TEST_F(OpsTest, RowExpand) {
  auto c = call("tile.row_expand_mul", {tile({16, 64}), tile({16, 1})});
  EXPECT_EQ(tileOf(c).shape, (std::vector<int64_t>{16, 64}));
  expectError("tile.row_expand_add", {tile({16, 64}), tile({16, 2})}, {},
              "the column operand of tile.row_expand_add must have shape [16, 1], got [16, 2]");
  expectError("tile.row_expand_div", {tile({16, 64}), tile({16, 1}, DType::FP16)}, {},
              "must have the same dtype, got FP32 and FP16");
}

TEST_F(OpsTest, Matmul) {
  auto c = call("tile.matmul", {tile({16, 32}, DType::FP16, MemorySpace::Left),
                                tile({32, 64}, DType::FP16, MemorySpace::Right)});
  const TileType& t = tileOf(c);
  EXPECT_EQ(t.shape, (std::vector<int64_t>{16, 64}));
  EXPECT_EQ(t.dtype, DType::FP32);
  EXPECT_EQ(t.memory, MemorySpace::Acc);
  EXPECT_FALSE(t.view.has_value());
  EXPECT_EQ(classifyCallAffinity(*c), CoreAffinity::Cube);

  ExprPtr m = scalar(DType::Index, "m");
  auto i8 =
      call("tile.matmul", {tile({16, 32}, DType::Int8, MemorySpace::Left, {m, idx(32)}),
                           tile({32, 64}, DType::Int8, MemorySpace::Right, {idx(32), idx(48)})});
  EXPECT_EQ(tileOf(i8).dtype, DType::Int32);
  EXPECT_EQ(tileOf(i8).validShape()[0], m);
  EXPECT_EQ(ops::constIntValue(tileOf(i8).validShape()[1]), 48);

  // A misplaced operand is accepted (infer-tile-memory-space moves it; the TileMemoryInferred
  // verifier rejects what is left).
  EXPECT_EQ(tileOf(call("tile.matmul", {tile({16, 32}, DType::FP16, MemorySpace::Vec, {}, "x"),
                                        tile({32, 64}, DType::FP16, MemorySpace::Vec)}))
                .memory,
            MemorySpace::Acc);
  expectError("tile.matmul",
              {tile({16, 32}, DType::FP16, MemorySpace::Left),
               tile({16, 64}, DType::FP16, MemorySpace::Right)},
              {}, "lhs [16, 32] has K = 32, rhs [16, 64] has K = 16");
  expectError("tile.matmul",
              {tile({16, 32}, DType::FP16, MemorySpace::Left),
               tile({32, 64}, DType::BF16, MemorySpace::Right)},
              {}, "lhs and rhs of tile.matmul must have the same dtype, got FP16 and BF16");
  expectError("tile.matmul",
              {tile({16, 32}, DType::Int32, MemorySpace::Left),
               tile({32, 64}, DType::Int32, MemorySpace::Right)},
              {}, "tile.matmul does not support INT32 operands");
  expectError(
      "tile.matmul",
      {tile({16}, DType::FP16, MemorySpace::Left), tile({32, 64}, DType::FP16, MemorySpace::Right)},
      {}, "lhs of tile.matmul must be a 2-D tile, got rank 1");

  auto acc = call("tile.matmul_acc", {tile({16, 64}, DType::FP32, MemorySpace::Acc),
                                      tile({16, 32}, DType::FP16, MemorySpace::Left),
                                      tile({32, 64}, DType::FP16, MemorySpace::Right)});
  EXPECT_EQ(tileOf(acc).memory, MemorySpace::Acc);
  EXPECT_EQ(argEffect(*acc, 0), MemoryEffect::ReadWrite);
  expectError("tile.matmul_acc",
              {tile({16, 64}, DType::FP16, MemorySpace::Acc),
               tile({16, 32}, DType::FP16, MemorySpace::Left),
               tile({32, 64}, DType::FP16, MemorySpace::Right)},
              {}, "the accumulator of tile.matmul_acc must be FP32 for these operands, got FP16");
  expectError("tile.matmul_acc",
              {tile({16, 32}, DType::FP32, MemorySpace::Acc),
               tile({16, 32}, DType::FP16, MemorySpace::Left),
               tile({32, 64}, DType::FP16, MemorySpace::Right)},
              {}, "must have shape [16, 64] (lhs rows x rhs cols), got [16, 32]");
}

// ---- Cross-core and system ops -------------------------------------------------------------

TEST_F(OpsTest, AivShardAndAicGather) {
  ExprPtr n = scalar(DType::Index, "n");
  ExprPtr acc = tile({15, 128}, DType::FP32, MemorySpace::Acc, {n, idx(128)});
  auto s = call("tile.aiv_shard", {acc}, {{"split", int64_t{1}}});
  const TileType& t = tileOf(s);
  EXPECT_EQ(t.shape, (std::vector<int64_t>{8, 128}));
  EXPECT_EQ(t.memory, MemorySpace::Vec);
  // Dynamic valid extent halved symbolically: (n + 1) // 2.
  const auto* half = t.validShape()[0]->as<BinaryExpr>();
  ASSERT_NE(half, nullptr);
  EXPECT_EQ(half->op, BinaryOp::FloorDiv);
  EXPECT_EQ(ops::exprText(t.validShape()[0]), "(n + 1) // 2");
  // The integer mode is canonicalized to the SplitMode.
  ASSERT_EQ(s->kwargs.size(), 1u);
  EXPECT_EQ(std::get<SplitMode>(s->kwargs[0].second), SplitMode::UpDown);
  EXPECT_EQ(classifyCallAffinity(*s), CoreAffinity::Mixed);

  auto lr = call("tile.aiv_shard", {tile({16, 128}, DType::FP32, MemorySpace::Acc)},
                 {{"split", SplitMode::LeftRight}, {"lane_stride", int64_t{64}}});
  EXPECT_EQ(tileOf(lr).shape, (std::vector<int64_t>{16, 64}));
  ASSERT_EQ(lr->kwargs.size(), 2u);
  auto none = call("tile.aiv_shard", {tile({16, 128}, DType::FP32, MemorySpace::Acc)},
                   {{"split", SplitMode::None}});
  EXPECT_EQ(tileOf(none).shape, (std::vector<int64_t>{16, 128}));

  expectError("tile.aiv_shard", {tile({16, 128}, DType::FP32, MemorySpace::Acc)}, {},
              "tile.aiv_shard requires keyword argument 'split'");
  expectError("tile.aiv_shard", {tile({16, 128}, DType::FP32, MemorySpace::Acc)},
              {{"split", int64_t{3}}},
              "keyword argument 'split' of tile.aiv_shard must be a split mode");
  expectError("tile.aiv_shard", {tile({16, 128}, DType::FP32, MemorySpace::Acc)},
              {{"split", int64_t{1}}, {"lane_stride", int64_t{9}}},
              "lane_stride 9 of tile.aiv_shard exceeds the per-lane box 8 (ceil(16 / 2))");
  expectError("tile.aiv_shard", {tile({16, 128}, DType::FP32, MemorySpace::Acc)},
              {{"split", int64_t{0}}, {"lane_stride", int64_t{4}}}, "needs a splitting mode");
  // A misplaced operand is accepted (infer-tile-memory-space moves it; the TileMemoryInferred
  // verifier rejects what is left).
  call("tile.aiv_shard", {tile({16, 128})}, {{"split", int64_t{1}}});

  auto g = call("tile.aic_gather", {tile({8, 128}, DType::FP32, MemorySpace::Vec, {n, idx(128)})},
                {{"split", SplitMode::UpDown}});
  EXPECT_EQ(tileOf(g).shape, (std::vector<int64_t>{16, 128}));
  EXPECT_EQ(tileOf(g).memory, MemorySpace::Mat);
  EXPECT_EQ(ops::exprText(tileOf(g).validShape()[0]), "n * 2");
  EXPECT_EQ(classifyCallAffinity(*g), CoreAffinity::Mixed);
}

TEST_F(OpsTest, PushPopFree) {
  auto push = call("tile.tpush_to_aiv", {tile({16, 128}, DType::FP32, MemorySpace::Acc)});
  EXPECT_TRUE(push->type->isa<UnknownType>());
  ASSERT_EQ(push->kwargs.size(), 1u);  // split=0 always printed
  EXPECT_EQ(std::get<int64_t>(push->kwargs[0].second), 0);
  EXPECT_TRUE(push->op->hasSideEffects);
  EXPECT_EQ(classifyCallAffinity(*push), CoreAffinity::Cube);
  auto push3 = call("tile.tpush_to_aiv", {tile({15, 128}, DType::FP32, MemorySpace::Acc)},
                    {{"lane_stride", int64_t{7}}, {"split", int64_t{3}}});
  EXPECT_EQ(push3->kwargs[0].first, "split");
  expectError("tile.tpush_to_aic", {tile({16, 128})}, {{"split", int64_t{3}}},
              "keyword argument 'split' of tile.tpush_to_aic must be one of 0, 1, 2; got 3");
  EXPECT_EQ(classifyCallAffinity(*call("tile.tpush_to_aic", {tile({16, 128})})),
            CoreAffinity::Vector);

  TypePtr ann = TileType::get({8, 128}, DType::FP32, std::nullopt);
  auto pop = call("tile.tpop_from_aic", {}, {{"split", int64_t{1}}}, ann);
  EXPECT_EQ(tileOf(pop).memory, MemorySpace::Vec);
  EXPECT_EQ(tileOf(pop).shape, (std::vector<int64_t>{8, 128}));
  EXPECT_EQ(classifyCallAffinity(*pop), CoreAffinity::Vector);
  EXPECT_TRUE(pop->op->hasSideEffects);
  auto popMat = call("tile.tpop_from_aiv", {}, {}, ann);
  EXPECT_EQ(tileOf(popMat).memory, MemorySpace::Mat);
  EXPECT_FALSE(tileOf(popMat).view.has_value());
  EXPECT_EQ(classifyCallAffinity(*popMat), CoreAffinity::Cube);

  expectError("tile.tpop_from_aic", {}, {{"split", int64_t{1}}},
              "the result type of tile.tpop_from_aic comes from its annotation");
  EXPECT_NE(last().hint.find("x: pl.Tile["), std::string::npos);
  expectError("tile.tpop_from_aic", {}, {}, "lands in Vec memory, but the annotation says Mat",
              TileType::get({8, 128}, DType::FP32, MemorySpace::Mat));
  expectError("tile.tpop_from_aiv", {}, {},
              "the annotation of tile.tpop_from_aiv must be a tile type",
              ScalarType::get(DType::FP32));
  expectError("tile.tpop_from_aic", {idx(0)}, {}, "tile.tpop_from_aic expects 0 arguments, got 1",
              ann);

  auto freeAic = call("system.tfree_to_aic", {tile({8, 128})});
  EXPECT_EQ(classifyCallAffinity(*freeAic), CoreAffinity::Vector);  // by the tile's memory
  EXPECT_TRUE(freeAic->op->hasSideEffects);
  auto freeAiv = call("system.tfree_to_aiv", {tile({8, 128}, DType::FP32, MemorySpace::Mat)});
  EXPECT_EQ(classifyCallAffinity(*freeAiv), CoreAffinity::Cube);
  // A misplaced operand is accepted (infer-tile-memory-space moves it; the TileMemoryInferred
  // verifier rejects what is left).
  call("system.tfree_to_aiv", {tile({8, 128})});
}

TEST_F(OpsTest, PipeSetup) {
  auto rb = call("system.reserve_buffer", {},
                 {{"size", int64_t{4096}}, {"base", int64_t{-1}}, {"name", std::string("buf")}});
  EXPECT_EQ(rb->type, ScalarType::get(DType::Int32));
  ASSERT_EQ(rb->kwargs.size(), 2u);  // base=-1 is the default
  EXPECT_EQ(rb->kwargs[0].first, "name");
  EXPECT_EQ(rb->kwargs[1].first, "size");
  EXPECT_EQ(classifyCallAffinity(*rb), CoreAffinity::Shared);
  expectError("system.reserve_buffer", {}, {{"name", std::string("buf")}},
              "system.reserve_buffer requires keyword argument 'size'");
  expectError("system.reserve_buffer", {}, {{"name", std::string("buf")}, {"size", int64_t{0}}},
              "size of system.reserve_buffer must be positive, got 0");
  expectError("system.reserve_buffer", {}, {{"name", std::string("buf")}, {"size", 1.5}},
              "keyword argument 'size' of system.reserve_buffer must be an integer, got 1.5");

  auto ip = call("system.import_peer_buffer", {},
                 {{"name", std::string("buf")}, {"peer_func", std::string("f_aiv")}});
  EXPECT_EQ(ip->type, ScalarType::get(DType::Int32));

  ExprPtr h = var("h", ScalarType::get(DType::Int32));
  auto pipe = call("system.aic_initialize_pipe", {h, i32(0)},
                   {{"dir_mask", int64_t{1}}, {"slot_size", int64_t{8192}}});
  ASSERT_EQ(pipe->kwargs.size(), 3u);  // slot_num filled in
  EXPECT_EQ(pipe->kwargs[2].first, "slot_num");
  EXPECT_EQ(std::get<int64_t>(pipe->kwargs[2].second), 2);
  EXPECT_EQ(classifyCallAffinity(*pipe), CoreAffinity::Cube);
  EXPECT_TRUE(pipe->op->hasSideEffects);
  auto pipeV =
      call("system.aiv_initialize_pipe", {h, h},
           {{"dir_mask", int64_t{3}}, {"slot_size", int64_t{8192}}, {"slot_num", int64_t{4}}});
  EXPECT_EQ(classifyCallAffinity(*pipeV), CoreAffinity::Vector);
  expectError(
      "system.aic_initialize_pipe", {h, h},
      {{"dir_mask", int64_t{4}}, {"slot_size", int64_t{8192}}},
      "keyword argument 'dir_mask' of system.aic_initialize_pipe must be one of 1, 2, 3; got 4");
  expectError("system.aic_initialize_pipe", {h, scalar(DType::Index)},
              {{"dir_mask", int64_t{1}}, {"slot_size", int64_t{8192}}},
              "must be an INT32 buffer handle, got Scalar[INDEX]");
}

// ---- VMI -----------------------------------------------------------------------------------

TEST_F(OpsTest, VmiRegistersAndMasks) {
  auto m = call("vmi.create_mask", {scalar(DType::Index, "rem")}, {{"size", int64_t{64}}});
  EXPECT_EQ(m->type->as<MaskType>()->lanes, 64);
  EXPECT_EQ(classifyCallAffinity(*m), CoreAffinity::Vector);
  expectError("vmi.create_mask", {idx(8)}, {{"size", int64_t{32}}},
              "the size of vmi.create_mask must be 64, 128 or 256 lanes, got 32");
  expectError("vmi.create_mask", {idx(80)}, {{"size", int64_t{64}}},
              "activates 80 lanes of a 64-lane mask");
  expectError("vmi.create_mask", {idx(8)}, {}, "vmi.create_mask requires keyword argument 'size'");

  auto ld = call("vmi.vload", {tile({1, 128}), idx(64)}, {{"size", int64_t{64}}});
  const auto* v = ld->type->as<VRegType>();
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->lanes, 64);
  EXPECT_EQ(v->dtype, DType::FP32);
  auto ld16 = call("vmi.vload", {tile({1, 128}, DType::FP16), idx(0)}, {{"size", int64_t{128}}});
  EXPECT_EQ(ld16->type->as<VRegType>()->lanes, 128);
  call("vmi.vload", {tile({1, 256}, DType::Int8), idx(0)}, {{"size", int64_t{256}}});
  call("vmi.vload", {tile({1, 128}), idx(0)}, {{"size", int64_t{128}}});  // two registers
  expectError("vmi.vload", {tile({1, 128}), idx(0)}, {{"size", int64_t{96}}},
              "vmi.vload of FP32 elements must use size=64, 128 or 256 (a VMI vector's lane "
              "count), got size=96");
  expectError("vmi.vload", {tile({1, 128}), idx(96)}, {{"size", int64_t{64}}},
              "vmi.vload accesses elements [96, 160) of Tile[[1, 128], FP32, Vec], which has 128 "
              "elements");
  // A misplaced operand is accepted (infer-tile-memory-space moves it; the TileMemoryInferred
  // verifier rejects what is left).
  call("vmi.vload", {tile({1, 128}, DType::FP32, MemorySpace::Mat), idx(0)},
       {{"size", int64_t{64}}});

  auto st = call("vmi.vstore", {vreg(64), tile({1, 128}), idx(64), mask(64)});
  EXPECT_TRUE(st->type->isa<UnknownType>());
  EXPECT_TRUE(st->op->hasSideEffects);
  EXPECT_EQ(argEffect(*st, 1), MemoryEffect::Write);
  EXPECT_EQ(argEffect(*st, 0), MemoryEffect::None);
  expectError("vmi.vstore", {vreg(64), tile({1, 128}), idx(0), mask(128)}, {},
              "the mask of vmi.vstore has 128 lanes but the operands have 64");
  expectError("vmi.vstore", {vreg(64), tile({1, 128}, DType::FP16), idx(0), mask(64)}, {},
              "vmi.vstore stores VReg[64, FP32] into a FP16 tile");

  auto b = call("vmi.vbrc", {f32(2.0)}, {{"size", int64_t{64}}});
  EXPECT_EQ(b->type->as<VRegType>()->dtype, DType::FP32);
  expectError("vmi.vbrc", {idx(2)}, {{"size", int64_t{64}}},
              "vmi.vbrc needs a typed scalar: INDEX is not a vector element type");
  expectError("vmi.vbrc", {f32(2.0)}, {{"size", int64_t{32}}}, "must use size=64, 128 or 256");
  expectError("vmi.vbrc", {vreg(64)}, {{"size", int64_t{64}}},
              "argument 1 of vmi.vbrc must be a scalar or a one-lane register, got VReg[64, FP32]");
  auto ci = call("vmi.vci", {i32(0)}, {{"size", int64_t{64}}});
  EXPECT_EQ(ci->type->as<VRegType>()->dtype, DType::Int32);
  expectError("vmi.vci", {f32(0.0)}, {{"size", int64_t{64}}},
              "argument 1 of vmi.vci must be an integer scalar, got Scalar[FP32]");
}

TEST_F(OpsTest, VmiArithmeticCompareSelect) {
  auto a = call("vmi.vadd", {vreg(64), vreg(64), mask(64)});
  EXPECT_EQ(a->type->as<VRegType>()->lanes, 64);
  EXPECT_EQ(classifyCallAffinity(*a), CoreAffinity::Vector);
  expectError("vmi.vmul", {vreg(64), vreg(64, DType::Int32), mask(64)}, {},
              "the operands of vmi.vmul must have the same type, got VReg[64, FP32] and VReg[64, "
              "INT32]");
  expectError("vmi.vadd", {vreg(64), vreg(64)}, {}, "vmi.vadd expects 3 arguments, got 2");
  expectError("vmi.vadd", {vreg(64), vreg(64), vreg(64)}, {},
              "argument 3 of vmi.vadd must be a mask, got VReg[64, FP32]");
  call("vmi.vmuls", {vreg(64), f32(0.5), mask(64)});
  expectError("vmi.vadds", {vreg(64, DType::Int32), f32(0.5), mask(64)}, {},
              "cannot combine a FP32 scalar with INT32 elements");
  call("vmi.vexp", {vreg(128, DType::FP16), mask(128)});
  expectError("vmi.vsqrt", {vreg(64, DType::Int32), mask(64)}, {},
              "vmi.vsqrt requires a floating-point register, got INT32");

  auto c = call("vmi.vcmp", {vreg(64), vreg(64), mask(64)}, {{"cmp", std::string("le")}});
  EXPECT_EQ(c->type->as<MaskType>()->lanes, 64);
  expectError("vmi.vcmp", {vreg(64), vreg(64), mask(64)}, {{"cmp", std::string("lte")}},
              "keyword argument 'cmp' of vmi.vcmp must be one of \"lt\", \"le\", \"gt\", \"ge\", "
              "\"eq\", \"ne\"; got \"lte\"");
  expectError("vmi.vcmp", {vreg(64), vreg(64), mask(64)}, {},
              "vmi.vcmp requires keyword argument 'cmp'");
  auto cs = call("vmi.vcmps", {vreg(64), f32(0.0), mask(64)}, {{"cmp", std::string("gt")}});
  EXPECT_TRUE(cs->type->isa<MaskType>());

  auto s = call("vmi.vsel", {mask(64), vreg(64), vreg(64)});
  EXPECT_EQ(s->type->as<VRegType>()->lanes, 64);
  expectError("vmi.vsel", {mask(128), vreg(64), vreg(64)}, {},
              "has 128 lanes but the operands have 64");

  EXPECT_TRUE(call("vmi.mask_and", {mask(64), mask(64)})->type->isa<MaskType>());
  EXPECT_TRUE(call("vmi.mask_not", {mask(64)})->type->isa<MaskType>());
  expectError("vmi.mask_or", {mask(64), mask(128)}, {},
              "the masks of vmi.mask_or must have the same lanes, got Mask[64] and Mask[128]");

  auto cv = call("vmi.vcvt", {vreg(64)}, {{"to_dtype", DType::FP16}});
  EXPECT_EQ(cv->type->as<VRegType>()->dtype, DType::FP16);
  EXPECT_EQ(cv->type->as<VRegType>()->lanes, 64);
  expectError("vmi.vcvt", {vreg(64)}, {{"to_dtype", DType::Index}},
              "INDEX is not a vector element type");

  auto r = call("vmi.vcadd", {vreg(64), mask(64)});
  EXPECT_EQ(r->type->as<VRegType>()->lanes, 1);
  auto brc = call("vmi.vbrc", {r}, {{"size", int64_t{64}}});
  EXPECT_EQ(brc->type->as<VRegType>()->lanes, 64);
}

}  // namespace
}  // namespace ptoc
