// Unit tests of the op registry: the catalog is complete, type deduction (shape, dtype,
// memory, valid-shape view), canonical kwargs, core affinity and memory effects, and that
// every class of contract violation gives exactly one error diagnostic (never a crash).
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "PlExtraOpNames.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {
namespace {

using namespace ir;

using Kw = AttrList;

/// Ops outside the tile/system/vmi catalog listed below: the tensor family and the rest of
/// PyPTO's catalog (lib/ops/TensorOps.cpp, PlExtraOps.cpp), tested in TensorOpsTest.cpp.
bool isPyptoExtraOp(std::string_view n) {
  for (std::string_view p : {"tensor.", "orch.", "dist.", "pld.", "array.", "prefetch.", "debug."})
    if (n.substr(0, p.size()) == p) return true;
  return kPlExtraTileOps.count(std::string(n)) > 0;
}

class OpsTest : public ::testing::Test {
 protected:
  SourceManager sm;
  DiagnosticEngine diag{sm};

  void SetUp() override { diag.setPrintImmediately(false); }

  static const OpDef& op(std::string_view name) {
    const OpDef* d = OpRegistry::instance().find(name);
    if (!d) throw std::runtime_error("op not registered: " + std::string(name));
    return *d;
  }

  static ExprPtr var(std::string name, TypePtr t) {
    return std::make_shared<Var>(std::move(name), std::move(t), Span{});
  }
  static ExprPtr tile(std::vector<int64_t> shape, DType d = DType::FP32,
                      std::optional<MemorySpace> m = MemorySpace::Vec,
                      std::vector<ExprPtr> valid = {}, std::string name = "t") {
    return var(std::move(name), ops::makeTile(std::move(shape), d, m, std::move(valid)));
  }
  static ExprPtr tensor(std::vector<int64_t> shape, DType d = DType::FP32) {
    return var("x", TensorType::get(std::move(shape), d));
  }
  static ExprPtr idx(int64_t v) { return std::make_shared<ConstInt>(v, DType::Index, Span{}); }
  static ExprPtr i32(int64_t v) { return std::make_shared<ConstInt>(v, DType::Int32, Span{}); }
  static ExprPtr f32(double v) { return std::make_shared<ConstFloat>(v, DType::FP32, Span{}); }
  static ExprPtr scalar(DType d, std::string name = "s") {
    return var(std::move(name), ScalarType::get(d));
  }
  static ExprPtr listOf(std::vector<ExprPtr> es) {
    std::vector<TypePtr> ts;
    for (const auto& e : es) ts.push_back(e->type);
    return std::make_shared<MakeTuple>(std::move(es), TupleType::get(std::move(ts)), Span{});
  }
  static ExprPtr list(std::vector<int64_t> vs) {
    std::vector<ExprPtr> es;
    for (int64_t v : vs) es.push_back(idx(v));
    return listOf(std::move(es));
  }
  static ExprPtr vreg(int64_t lanes, DType d = DType::FP32) {
    return var("v", VRegType::get(lanes, d));
  }
  static ExprPtr mask(int64_t lanes) { return var("m", MaskType::get(lanes)); }

  CallPtr call(std::string_view name, std::vector<ExprPtr> args, const Kw& kw = {},
               TypePtr annotated = nullptr) {
    return createOpCall(op(name), std::move(args), kw, Span{}, diag, {}, {}, std::move(annotated));
  }
  static const TileType& tileOf(const CallPtr& c) {
    const auto* t = c->type->as<TileType>();
    if (!t) throw std::runtime_error("not a tile: " + ops::describeType(c->type));
    return *t;
  }

  /// The call must fail with exactly one error whose message contains `substr`.
  void expectError(std::string_view name, std::vector<ExprPtr> args, const Kw& kw,
                   std::string_view substr, TypePtr annotated = nullptr) {
    unsigned before = diag.errorCount();
    size_t nDiags = diag.diagnostics().size();
    EXPECT_THROW(call(name, std::move(args), kw, std::move(annotated)), CompileError) << name;
    EXPECT_EQ(diag.errorCount(), before + 1) << name;
    ASSERT_EQ(diag.diagnostics().size(), nDiags + 1) << name;
    EXPECT_NE(diag.diagnostics().back().message.find(substr), std::string::npos)
        << "message: " << diag.diagnostics().back().message << "\nexpected: " << substr;
  }
  const Diagnostic& last() const { return diag.diagnostics().back(); }
};

std::vector<int64_t> validConsts(const TileType& t) {
  std::vector<int64_t> out;
  for (const auto& e : t.validShape()) out.push_back(ops::constIntValue(e).value_or(-1));
  return out;
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

// ---- Memory ops ----------------------------------------------------------------------------

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
  expectError("tile.load", {tensor({16, 16}), list({0, 0}), list({big, big})}, {},
              "has too many elements");
  expectError("tile.load", {tensor({16, 16}), list({big, 0}), list({16, 16})}, {}, "accesses");
  int64_t maxv = std::numeric_limits<int64_t>::max();
  expectError("tile.load", {tensor({16, 16}), list({maxv, 0}), list({16, 16})}, {}, "accesses");
  expectError("tile.extract",
              {tile({64, 64}, DType::FP16, MemorySpace::Mat), idx(maxv), idx(0), list({16, 64})},
              {}, "reads");
  expectError("vmi.vload", {tile({1, 128}), idx(maxv)}, {{"size", int64_t{64}}}, "accesses");
  expectError("tile.create", {list({big, 4})}, {{"dtype", DType::FP32}}, "too many elements");
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
