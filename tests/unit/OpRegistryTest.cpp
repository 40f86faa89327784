// Unit tests of the op registry: the catalog is complete, and the generic contract check of
// a call: canonical kwargs, spans, pipes, ids and traits, registration contracts, and that
// every class of contract violation gives exactly one error diagnostic (never a crash). The
// ops' type deduction is tested in MemoryOpsTest.cpp and ComputeCrossCoreVmiOpsTest.cpp.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "OpsTestFixture.h"
#include "PlExtraOpNames.h"

namespace ptoc {
namespace {

/// Ops outside the tile/system/vmi catalog listed below: the tensor family and the rest of
/// PyPTO's catalog (lib/ops/TensorOps.cpp, PlExtraOps.cpp), tested in TensorOpsTest.cpp.
bool isPyptoExtraOp(std::string_view n) {
  for (std::string_view p : {"tensor.", "orch.", "dist.", "pld.", "array.", "prefetch.", "debug."})
    if (n.substr(0, p.size()) == p) return true;
  return kPlExtraTileOps.count(std::string(n)) > 0;
}

// ---- The catalog ---------------------------------------------------------------------------

TEST_F(OpsTest, CatalogIsComplete) {
  const char* names[] = {"tile.load",
                         "tile.store",
                         "tile.move",
                         "tile.create",
                         "tile.full",
                         "tile.ci",
                         "tile.random",
                         "tile.slice",
                         "tile.reshape",
                         "tile.extract",
                         "tile.set_validshape",
                         "tile.transpose",
                         "tile.get_subblock_idx",
                         "tile.get_block_idx",
                         "tile.get_block_num",
                         "tile.add",
                         "tile.sub",
                         "tile.mul",
                         "tile.div",
                         "tile.maximum",
                         "tile.minimum",
                         "tile.adds",
                         "tile.subs",
                         "tile.muls",
                         "tile.divs",
                         "tile.maximums",
                         "tile.minimums",
                         "tile.exp",
                         "tile.log",
                         "tile.sqrt",
                         "tile.rsqrt",
                         "tile.recip",
                         "tile.abs",
                         "tile.neg",
                         "tile.relu",
                         "tile.cast",
                         "tile.row_sum",
                         "tile.row_max",
                         "tile.row_min",
                         "tile.col_sum",
                         "tile.col_max",
                         "tile.col_min",
                         "tile.row_expand_add",
                         "tile.row_expand_sub",
                         "tile.row_expand_mul",
                         "tile.row_expand_div",
                         "tile.matmul",
                         "tile.matmul_acc",
                         "tile.matmul_mx",
                         "tile.matmul_mx_acc",
                         "tile.matmul_mx_bias",
                         "tile.aiv_shard",
                         "tile.aic_gather",
                         "tile.tpush_to_aiv",
                         "tile.tpush_to_aic",
                         "tile.tpop_from_aic",
                         "tile.tpop_from_aiv",
                         "system.tfree_to_aic",
                         "system.tfree_to_aiv",
                         "system.reserve_buffer",
                         "system.import_peer_buffer",
                         "system.aic_initialize_pipe",
                         "system.aiv_initialize_pipe",
                         "vmi.create_mask",
                         "vmi.vload",
                         "vmi.vstore",
                         "vmi.vbrc",
                         "vmi.vci",
                         "vmi.vadd",
                         "vmi.vsub",
                         "vmi.vmul",
                         "vmi.vdiv",
                         "vmi.vmax",
                         "vmi.vmin",
                         "vmi.vadds",
                         "vmi.vmuls",
                         "vmi.vexp",
                         "vmi.vabs",
                         "vmi.vneg",
                         "vmi.vsqrt",
                         "vmi.vcmp",
                         "vmi.vcmps",
                         "vmi.vsel",
                         "vmi.mask_and",
                         "vmi.mask_or",
                         "vmi.mask_not",
                         "vmi.vcvt",
                         "vmi.vcadd",
                         "vmi.vcmax",
                         "vmi.vcmin"};
  for (const char* n : names) EXPECT_NE(OpRegistry::instance().find(n), nullptr) << n;
  auto all = OpRegistry::instance().all();
  // The tensor family and the rest of PyPTO's catalog are checked in TensorOpsTest.cpp.
  size_t tileFamily = 0;
  for (const OpDef* d : all) tileFamily += isPyptoExtraOp(d->name) ? 0 : 1;
  EXPECT_EQ(tileFamily, std::size(names));
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->name, all[i]->name);
  for (const OpDef* d : all) {
    EXPECT_FALSE(d->doc.empty()) << d->name;
    EXPECT_TRUE(d->deduceType || d->typeFromAnnotation) << d->name;
  }
  EXPECT_EQ(OpRegistry::instance().find("tile.nope"), nullptr);
}

// ---- Generic contract checks ---------------------------------------------------------------

TEST_F(OpsTest, KwargChecks) {
  expectError("tile.move", {tile({8, 8})},
              {{"target_memory", MemorySpace::Mat}, {"target_memory", MemorySpace::Vec}},
              "keyword argument 'target_memory' of tile.move is given twice");
  expectError("tile.move", {tile({8, 8})}, {{"target_memory", MemorySpace::DDR}},
              "must be one of pl.Mem.Vec, pl.Mem.Mat, pl.Mem.Left, pl.Mem.Right, pl.Mem.Acc, "
              "pl.Mem.Bias, pl.Mem.LeftScale, pl.Mem.RightScale; got pl.Mem.DDR");
  expectError("tile.ci", {i32(0), list({1, 64})},
              {{"dtype", DType::Int32}, {"descending", int64_t{1}}},
              "keyword argument 'descending' of tile.ci must be a bool (True/False), got 1");
}

TEST_F(OpsTest, BadOperandsAreDiagnosedNotCrashes) {
  expectError("tile.add", {var("a", nullptr), tile({8, 8})}, {},
              "argument 1 ('lhs') of tile.add has no type");
  expectError("tile.exp", {var("z", TileType::get({0, 8}, DType::FP32, MemorySpace::Vec))}, {},
              "dimension 0 of Tile[[0, 8], FP32, Vec] is not positive");
  TileView bad;
  bad.validShape = {idx(4)};
  expectError("tile.exp", {var("z", TileType::get({8, 8}, DType::FP32, MemorySpace::Vec, bad))}, {},
              "has 1 entries for rank 2");
  expectError("tile.exp", {var("z", TupleType::get({ScalarType::get(DType::FP32)}))}, {},
              "argument 1 of tile.exp must be a tile, got tuple[Scalar[FP32]]");
  expectError("vmi.vadd", {var("v", VRegType::get(0, DType::FP32)), vreg(64), mask(64)}, {},
              "has no lanes");
  EXPECT_THROW(call("tile.exp", {nullptr}), InternalError);
}

TEST_F(OpsTest, DiagnosticsUseArgumentAndKwargSpans) {
  uint32_t file = sm.addBuffer("k.py", "z = pl.tile.add(a, s, b)\n");
  Span callSpan{file, 4, 24};
  Span argSpan{file, 19, 20};
  Span kwSpan{file, 22, 23};
  EXPECT_THROW(createOpCall(op("tile.add"), {tile({8, 8}), scalar(DType::FP32)}, {}, callSpan, diag,
                            {Span{file, 16, 17}, argSpan}),
               CompileError);
  EXPECT_EQ(last().span.begin, argSpan.begin);
  // Without arg spans: the call span.
  EXPECT_THROW(
      createOpCall(op("tile.add"), {tile({8, 8}), scalar(DType::FP32)}, {}, callSpan, diag),
      CompileError);
  EXPECT_EQ(last().span.begin, callSpan.begin);
  EXPECT_THROW(createOpCall(op("tile.move"), {tile({8, 8})}, {{"target", MemorySpace::Vec}},
                            callSpan, diag, {}, {kwSpan}),
               CompileError);
  EXPECT_EQ(last().span.begin, kwSpan.begin);
  // Deduction-time kwarg errors also use the kwarg's span.
  EXPECT_THROW(createOpCall(op("tile.aiv_shard"), {tile({16, 16}, DType::FP32, MemorySpace::Acc)},
                            {{"split", int64_t{1}}, {"lane_stride", int64_t{100}}}, callSpan, diag,
                            {}, {Span{file, 1, 2}, kwSpan}),
               CompileError);
  EXPECT_EQ(last().span.begin, kwSpan.begin);
  // Too many arguments: at the first extra one.
  EXPECT_THROW(createOpCall(op("tile.exp"), {tile({8, 8}), tile({8, 8})}, {}, callSpan, diag,
                            {Span{file, 16, 17}, argSpan}),
               CompileError);
  EXPECT_EQ(last().span.begin, argSpan.begin);
  EXPECT_NE(diag.renderText(last()).find("k.py:1:20"), std::string::npos);
}

TEST_F(OpsTest, EveryOpHasPipesAndEveryIdOneOp) {
  const OpRegistry& r = OpRegistry::instance();
  for (const OpDef* d : r.all()) {
    EXPECT_FALSE(d->pipes.empty()) << d->name;
    EXPECT_FALSE(d->cost) << d->name << ": the cost slot is unset until the cycle model";
    if (d->name.starts_with("vmi.")) {
      EXPECT_NE(d->vmi, VmiCategory::None) << d->name;
      EXPECT_EQ(d->pipes, PipeSet{Pipe::V}) << d->name;
      if (!d->name.starts_with("vmi.mask_")) {
        EXPECT_EQ(d->pto, "pto." + d->name);
      }
    } else {
      EXPECT_EQ(d->vmi, VmiCategory::None) << d->name;
    }
    if (d->id != OpId::Other) {
      EXPECT_EQ(&r.get(d->id), d) << d->name;
    }
    for (size_t i : d->rowMajorArgs) EXPECT_LT(i, d->args.size()) << d->name;
  }
  for (size_t i = 1; i < static_cast<size_t>(OpId::Count_); ++i)
    EXPECT_EQ(r.get(static_cast<OpId>(i)).id, static_cast<OpId>(i));
  EXPECT_EQ(r.get(OpId::Move).name, "tile.move");
  EXPECT_THROW(r.get(OpId::Other), InternalError);
}

TEST_F(OpsTest, TraitsReducedAxesAndPipes) {
  const OpDef& add = op("tile.add");
  EXPECT_TRUE(add.has(OpTrait::Elementwise));
  EXPECT_FALSE(add.has(OpTrait::CrossCore));
  EXPECT_EQ(add.rowMajorArgs, (std::vector<size_t>{0, 1}));
  EXPECT_EQ(add.pto, "pto.tadd");
  EXPECT_EQ(op("tile.adds").rowMajorArgs, (std::vector<size_t>{0}));
  EXPECT_EQ(op("tile.row_expand_mul").rowMajorArgs, (std::vector<size_t>{0}));
  EXPECT_TRUE(op("tile.row_expand_mul").has(OpTrait::RowBroadcast));

  EXPECT_EQ(op("tile.row_sum").reducedAxis(2), std::optional<size_t>(1));
  EXPECT_EQ(op("tile.row_max").reducedAxis(3), std::optional<size_t>(2));
  EXPECT_EQ(op("tile.col_min").reducedAxis(2), std::optional<size_t>(0));
  EXPECT_EQ(op("vmi.vcadd").reduce, ReduceAxes::Lanes);
  EXPECT_EQ(op("tile.add").reducedAxis(2), std::nullopt);
  EXPECT_FALSE(op("tile.exp").isReduce());

  EXPECT_TRUE(op("tile.ci").has(OpTrait::PositionalGenerator));
  EXPECT_TRUE(op("tile.random").has(OpTrait::PositionalGenerator));
  EXPECT_FALSE(op("tile.full").has(OpTrait::PositionalGenerator));
  for (const char* n : {"tile.tpush_to_aiv", "tile.tpop_from_aic", "system.tfree_to_aic",
                        "system.aic_initialize_pipe", "tile.aiv_shard", "tile.aic_gather"})
    EXPECT_TRUE(op(n).has(OpTrait::CrossCore)) << n;

  EXPECT_EQ(op("tile.load").pipes, PipeSet{Pipe::MTE2});
  EXPECT_EQ(op("tile.store").pipes, (PipeSet{Pipe::MTE3, Pipe::FIX}));
  EXPECT_EQ(op("tile.matmul").pipes, PipeSet{Pipe::M});
  EXPECT_EQ(op("tile.get_block_idx").pipes, PipeSet{Pipe::Scalar});
  EXPECT_EQ(op("vmi.mask_and").pto, "pto.vmi.vand");
  EXPECT_EQ(op("tile.exp").pto, "pto.texp");  // PTOAS v0.27 PTOOps.td
  EXPECT_EQ(op("tile.slice").pto, "pto.subset");
  EXPECT_EQ(op("tile.random").pto, "");  // no PTO form emitted (docs/codegen.md)

  // Windows: which arguments give the shape, offsets and valid shape.
  EXPECT_EQ(op("tile.load").window.offsets, 1);
  EXPECT_EQ(op("tile.load").window.valid, 3);
  EXPECT_EQ(op("tile.extract").window.firstIndex, 1);
  EXPECT_EQ(op("tile.extract").window.offsets, -1);
  EXPECT_EQ(op("tile.add").window.shape, -1);

  // Identities of calls.
  auto ld = call("tile.load", {tensor({16, 64}), list({0, 0}), list({16, 64})});
  EXPECT_TRUE(isOp(*ld, OpId::Load));
  EXPECT_EQ(opIdOf(*ld), OpId::Load);
  EXPECT_FALSE(hasTrait(*ld, OpTrait::Elementwise));
}

TEST_F(OpsTest, FunctionCallsAreShared) {
  Call c("helper", nullptr, {tile({8, 8}, DType::FP32, MemorySpace::Acc)}, {}, UnknownType::get(),
         Span{});
  EXPECT_EQ(classifyCallAffinity(c), CoreAffinity::Shared);
}

TEST(OpBuilderTest, RegistrationContractAndCoercion) {
  OpRegistry reg;
  reg.add("test.op")
      .arg("x", ArgKind::Scalar)
      .kwarg("alpha", AttrKind::Float, 1.0)
      .kwarg("mode", AttrKind::SplitMode, SplitMode::None)
      .deduce([](const OpCallContext& ctx) { return ctx.args[0]->type; })
      .doc("test");
  EXPECT_THROW(reg.add("test.op"), InternalError);
  EXPECT_THROW(reg.add("test.bad").optionalArg("a", ArgKind::Tile).arg("b", ArgKind::Tile),
               InternalError);
  EXPECT_THROW(reg.add("test.bad2").kwarg("k", AttrKind::Int, 1.5), InternalError);
  EXPECT_THROW(
      reg.add("test.bad3").kwarg("k", AttrKind::Int, int64_t{1}, false, {std::string("x")}),
      InternalError);
  // Traits name declared arguments of the right kind.
  EXPECT_THROW(reg.add("test.bad4").arg("s", ArgKind::Scalar).rowMajorArgs({0}), InternalError);
  EXPECT_THROW(reg.add("test.bad5").arg("t", ArgKind::Tile).rowMajorArgs({1}), InternalError);
  EXPECT_THROW(reg.add("test.bad6").arg("t", ArgKind::Tile).window({.shape = 0}), InternalError);
  EXPECT_THROW(reg.add("test.bad7").arg("l", ArgKind::IntList).window({.firstIndex = 0}),
               InternalError);

  SourceManager sm;
  DiagnosticEngine diag(sm);
  diag.setPrintImmediately(false);
  const OpDef& d = *reg.find("test.op");
  ExprPtr x = std::make_shared<ConstFloat>(1.0, DType::FP32, Span{});
  // Float kwargs accept an integer; a value equal to the default is dropped.
  auto c = createOpCall(d, {x}, {{"alpha", int64_t{2}}, {"mode", int64_t{0}}}, Span{}, diag);
  ASSERT_EQ(c->kwargs.size(), 1u);
  EXPECT_EQ(std::get<double>(c->kwargs[0].second), 2.0);
  auto dflt = createOpCall(d, {x}, {{"alpha", int64_t{1}}}, Span{}, diag);
  EXPECT_TRUE(dflt->kwargs.empty());
  EXPECT_EQ(*d.kwargValue(dflt->kwargs, "alpha"), AttrValue(1.0));
  EXPECT_EQ(d.kwargValue(dflt->kwargs, "nope"), nullptr);
  EXPECT_EQ(classifyCallAffinity(*c), CoreAffinity::Shared);
  EXPECT_EQ(diag.errorCount(), 0u);
}

// Every op, fed random argument lists and kwargs, either builds a call or reports exactly
// one error; nothing else escapes.
TEST_F(OpsTest, RandomCallsNeverCrash) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  std::mt19937 rng(1234);
  ExprPtr n = scalar(DType::Index, "n");
  std::vector<ExprPtr> pool = {
      tile({16, 16}),
      tile({16, 1}),
      tile({15, 128}, DType::FP32, MemorySpace::Acc, {n, idx(128)}),
      tile({16, 32}, DType::FP16, MemorySpace::Left),
      tile({32, 16}, DType::FP16, MemorySpace::Right),
      tile({1, 128}, DType::Int32, MemorySpace::Vec),
      tile({32, 32}, DType::Int8, MemorySpace::Mat),
      tile({64}, DType::FP32, std::nullopt),
      tensor({64, 64}),
      tensor({16}, DType::Int8),
      idx(0),
      idx(1),
      idx(-5),
      idx(int64_t{1} << 62),
      i32(3),
      f32(1.5),
      scalar(DType::FP32),
      scalar(DType::Int32),
      n,
      list({0, 0}),
      list({16, 16}),
      list({1, 64}),
      list({0}),
      list({-1, 4}),
      list({}),
      listOf({n, idx(4)}),
      listOf({idx(kMax), idx(kMin)}),
      listOf({idx(kMin), n}),
      idx(kMax),
      idx(kMin),
      i32(kMin),
      vreg(64),
      vreg(128, DType::FP16),
      vreg(1),
      mask(64),
      mask(128),
      var("null", nullptr),
      var("tuple", TupleType::get({})),
  };
  std::vector<std::pair<std::string, AttrValue>> kwPool = {
      {"target_memory", MemorySpace::Mat},
      {"target_memory", MemorySpace::Left},
      {"dtype", DType::Int32},
      {"dtype", DType::FP16},
      {"split", int64_t{1}},
      {"split", int64_t{4}},
      {"split", SplitMode::LeftRight},
      {"lane_stride", int64_t{3}},
      {"size", int64_t{64}},
      {"size", int64_t{128}},
      {"cmp", std::string("gt")},
      {"to_dtype", DType::FP16},
      {"name", std::string("b")},
      {"slot_size", int64_t{-3}},
      {"dir_mask", int64_t{2}},
      {"bogus", true},
      {"blayout", TileLayout::ColMajor},
      {"pad_value", PadValue::Max},
      {"rounds", int64_t{7}},
      {"peer_func", std::string("")},
      {"size", kMax},
      {"size", kMin},
      {"lane_stride", kMax},
      {"lane_stride", kMin},
      {"split", kMin},
      {"id", kMin},
      {"slot_num", kMax},
      {"base", kMin},
  };
  size_t built = 0, rejected = 0;
  for (const OpDef* d : OpRegistry::instance().all()) {
    for (int trial = 0; trial < 300; ++trial) {
      size_t nargs = d->args.size() + (rng() % 3) - 1;
      if (nargs > 16) nargs = 0;
      std::vector<ExprPtr> args;
      for (size_t i = 0; i < nargs; ++i) args.push_back(pool[rng() % pool.size()]);
      AttrList kw;
      for (size_t k = rng() % 4; k > 0; --k) kw.push_back(kwPool[rng() % kwPool.size()]);
      TypePtr ann = rng() % 2 ? TileType::get({8, 128}, DType::FP32, std::nullopt) : nullptr;
      unsigned before = diag.errorCount();
      try {
        auto c = createOpCall(*d, args, kw, Span{}, diag, {}, {}, ann);
        ASSERT_NE(c->type, nullptr);
        (void)classifyCallAffinity(*c);
        EXPECT_EQ(diag.errorCount(), before) << d->name;
        ++built;
      } catch (const CompileError&) {
        EXPECT_EQ(diag.errorCount(), before + 1) << d->name;
        ++rejected;
      }
    }
  }
  EXPECT_GT(built, 0u);
  EXPECT_GT(rejected, 0u);
}

// Every op, fed arguments of the right kinds (mostly in allowed memory spaces, with odd shapes,
// dtypes, valid shapes and extreme values) and kwargs of the right kinds, builds a call or reports
// exactly one error. This reaches the per-op deduction code.
TEST_F(OpsTest, KindAwareRandomCallsNeverCrash) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  std::mt19937 rng(99);
  auto pick = [&](const auto& v) { return v[rng() % v.size()]; };
  ExprPtr n = scalar(DType::Index, "n");
  const std::vector<std::vector<int64_t>> shapes = {{16, 16}, {15, 128},  {1, 64}, {16, 1},
                                                    {64},     {4, 8, 16}, {1, 1},  {2, 256}};
  const std::vector<DType> dtypes = {DType::FP32,   DType::FP16, DType::Int32, DType::Int8,
                                     DType::UInt16, DType::Bool, DType::BF16};
  const std::vector<MemorySpace> spaces = {MemorySpace::Vec,   MemorySpace::Mat, MemorySpace::Left,
                                           MemorySpace::Right, MemorySpace::Acc, MemorySpace::Bias};
  auto randomValid = [&](const std::vector<int64_t>& shape) -> std::vector<ExprPtr> {
    if (rng() % 3) return {};
    std::vector<ExprPtr> v;
    for (int64_t d : shape) v.push_back(rng() % 3 == 0 ? n : idx(d > 1 ? d - 1 : d));
    return v;
  };
  auto makeArg = [&](const ArgSpec& a) -> ExprPtr {
    switch (a.kind) {
      case ArgKind::Tile: {
        auto shape = pick(shapes);
        std::optional<MemorySpace> m = !a.memory.empty() && rng() % 4 ? pick(a.memory)
                                       : rng() % 5 == 0               ? std::nullopt
                                                                      : std::optional(pick(spaces));
        return tile(shape, pick(dtypes), m, randomValid(shape));
      }
      case ArgKind::Tensor:
      case ArgKind::TileOrTensor:
        return tensor(pick(shapes), pick(dtypes));
      case ArgKind::Scalar:
        return pick(std::vector<ExprPtr>{f32(0.5), idx(3), i32(kMin), scalar(DType::FP16),
                                         scalar(DType::Bool), n});
      case ArgKind::IntScalar:
        return pick(std::vector<ExprPtr>{idx(0), idx(1), idx(63), idx(-1), idx(kMax), i32(7), n,
                                         scalar(DType::Int32), scalar(DType::Int64)});
      case ArgKind::IntList: {
        if (rng() % 4 == 0) return list({});
        auto shape = pick(shapes);
        std::vector<ExprPtr> es;
        for (int64_t d : shape)
          es.push_back(pick(std::vector<ExprPtr>{idx(0), idx(d), idx(d / 2), idx(1), n, idx(kMin),
                                                 idx(kMax), idx(-3)}));
        return listOf(std::move(es));
      }
      case ArgKind::VReg:
        return vreg(pick(std::vector<int64_t>{1, 64, 128, 256}), pick(dtypes));
      case ArgKind::Mask:
        return mask(pick(std::vector<int64_t>{64, 128, 256}));
      case ArgKind::Any:
        return pick(std::vector<ExprPtr>{f32(1.0), idx(1), i32(2), vreg(1), vreg(64)});
    }
    return idx(0);
  };
  auto kwValue = [&](const KwargSpec& k) -> AttrValue {
    if (!k.allowed.empty() && rng() % 3) return pick(k.allowed);
    switch (k.kind) {
      case AttrKind::Bool:
        return rng() % 2 == 0;
      case AttrKind::Int:
        return pick(std::vector<int64_t>{0, 1, 2, 3, 4, 7, 8, 10, 64, 128, 256, -1, kMax, kMin});
      case AttrKind::Float:
        return 0.5;
      case AttrKind::String:
        return pick(std::vector<std::string>{"lt", "ge", "buf", ""});
      case AttrKind::DType:
        return pick(std::vector<DType>{DType::FP32, DType::FP16, DType::Int32, DType::Int8,
                                       DType::Index, DType::Bool});
      case AttrKind::MemorySpace:
        return pick(spaces);
      case AttrKind::TileLayout:
        return TileLayout::ColMajor;
      case AttrKind::PadValue:
        return PadValue::Zero;
      case AttrKind::SplitMode:
        return rng() % 2 ? AttrValue(pick(std::vector<SplitMode>{SplitMode::None, SplitMode::UpDown,
                                                                 SplitMode::LeftRight}))
                         : AttrValue(int64_t{static_cast<int64_t>(rng() % 4)});
    }
    return int64_t{0};
  };
  size_t built = 0, rejected = 0;
  for (const OpDef* d : OpRegistry::instance().all()) {
    for (int trial = 0; trial < 400; ++trial) {
      std::vector<ExprPtr> args;
      for (const auto& a : d->args)
        if (!a.optional || rng() % 2) args.push_back(makeArg(a));
      AttrList kw;
      for (const auto& k : d->kwargs)
        if (k.required ? rng() % 10 != 0 : rng() % 3 == 0) kw.emplace_back(k.name, kwValue(k));
      std::shuffle(kw.begin(), kw.end(), rng);
      auto shape = pick(shapes);
      TypePtr ann = rng() % 4 == 0
                        ? nullptr
                        : TileType::get(shape, pick(dtypes),
                                        rng() % 2 ? std::nullopt : std::optional(pick(spaces)));
      unsigned before = diag.errorCount();
      try {
        auto c = createOpCall(*d, args, kw, Span{}, diag, {}, {}, ann);
        ASSERT_NE(c->type, nullptr);
        if (auto why =
                c->type->isa<UnknownType>() ? std::nullopt : ops::malformedTypeReason(*c->type))
          ADD_FAILURE() << d->name << " built a malformed type: " << *why;
        (void)classifyCallAffinity(*c);
        // Canonical kwargs are in spec order.
        size_t pos = 0;
        for (const auto& [name, v] : c->kwargs) {
          while (pos < d->kwargs.size() && d->kwargs[pos].name != name) ++pos;
          EXPECT_LT(pos, d->kwargs.size()) << d->name << " kwarg " << name;
        }
        EXPECT_EQ(diag.errorCount(), before) << d->name;
        ++built;
      } catch (const CompileError&) {
        EXPECT_EQ(diag.errorCount(), before + 1) << d->name;
        ++rejected;
      }
    }
  }
  EXPECT_GT(built, 1000u);
  EXPECT_GT(rejected, 1000u);
}

}  // namespace
}  // namespace ptoc
