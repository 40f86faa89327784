// Unit tests of the op kernels (lib/sim/kernels), per op family, on calls built with
// createOpCall from the op registry (real kwargs and result types). Expected values are
// worked out by hand: fp16 rounding corner cases, NaN and ±0 in max/min/compare,
// valid-shape padding, ragged valid regions, wrap-around integers, Philox known answers.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {
namespace {

using namespace ir;
using Kw = AttrList;

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::nan("");

bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

class SimKernelsTest : public ::testing::Test {
 protected:
  SourceManager sm;
  DiagnosticEngine diag{sm};
  CoreServices core;

  void SetUp() override { diag.setPrintImmediately(false); }

  static ExprPtr var(std::string name, TypePtr t) {
    return std::make_shared<Var>(std::move(name), std::move(t), Span{});
  }
  static ExprPtr idx(int64_t v) { return std::make_shared<ConstInt>(v, DType::Index, Span{}); }
  static ExprPtr i32(int64_t v) { return std::make_shared<ConstInt>(v, DType::Int32, Span{}); }
  static ExprPtr f32(double v) { return std::make_shared<ConstFloat>(v, DType::FP32, Span{}); }
  static ExprPtr scalarVar(DType d) { return var("s", ScalarType::get(d)); }
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
  static ExprPtr dynList(size_t n) {
    std::vector<ExprPtr> es;
    for (size_t k = 0; k < n; ++k) es.push_back(scalarVar(DType::Index));
    return listOf(std::move(es));
  }
  static ExprPtr tileVar(std::vector<int64_t> shape, DType d = DType::FP32,
                         std::optional<MemorySpace> m = MemorySpace::Vec,
                         std::vector<int64_t> valid = {}, PadValue pad = PadValue::Null) {
    std::vector<ExprPtr> v;
    for (int64_t x : valid) v.push_back(idx(x));
    return var("t", ops::makeTile(std::move(shape), d, m, std::move(v), pad));
  }
  static ExprPtr tensorVar(std::vector<int64_t> shape, DType d = DType::FP32) {
    return var("x", TensorType::get(std::move(shape), d));
  }
  static ExprPtr vregVar(int64_t lanes, DType d = DType::FP32) {
    return var("v", VRegType::get(lanes, d));
  }
  static ExprPtr maskVar(int64_t lanes) { return var("m", MaskType::get(lanes)); }

  CallPtr call(std::string_view name, std::vector<ExprPtr> args, const Kw& kw = {},
               TypePtr annotated = nullptr) {
    const OpDef* op = OpRegistry::instance().find(name);
    if (!op) throw std::runtime_error("unknown op " + std::string(name));
    return createOpCall(*op, std::move(args), kw, Span{}, diag, {}, {}, std::move(annotated));
  }
  Value run(const CallPtr& c, std::vector<Value> args) {
    return OpSemantics::instance().evaluate(*c, args, core);
  }

  /// A tile whose buffer holds `vals` everywhere (also outside the valid region, so that a
  /// kernel reading raw storage there instead of the pad value is caught).
  static Tile tile(DType d, std::vector<int64_t> shape, std::vector<double> vals,
                   std::vector<int64_t> valid = {}, PadValue pad = PadValue::Null,
                   MemorySpace m = MemorySpace::Vec) {
    Tile t = newTile(d, std::move(shape), std::move(valid), pad, m);
    for (size_t i = 0; i < vals.size(); ++i) t.buf->setF(static_cast<int64_t>(i), vals[i]);
    return t;
  }
  static Tensor tensor(DType d, std::vector<int64_t> shape, std::vector<double> vals) {
    Tensor t = newTensor(d, std::move(shape));
    for (size_t i = 0; i < vals.size(); ++i) t.buf->setF(static_cast<int64_t>(i), vals[i]);
    return t;
  }
  static std::vector<double> iota(int64_t n, double start = 0) {
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[i] = start + static_cast<double>(i);
    return v;
  }
  static TupleValue ints(std::vector<int64_t> vs) {
    TupleValue t;
    for (int64_t v : vs) t.elements.push_back(Scalar::ofInt(DType::Index, v));
    return t;
  }
  static Scalar I(int64_t v, DType d = DType::Index) { return Scalar::ofInt(d, v); }
  static Scalar F(double v, DType d = DType::FP32) { return Scalar::ofFloat(d, v); }

  static const Buffer& bufOf(const Value& v) {
    if (v.is<Tile>()) return *v.get<Tile>().buf;
    return *v.get<Tensor>().buf;
  }
  static void expectValues(const Value& v, const std::vector<double>& want) {
    const Buffer& b = bufOf(v);
    ASSERT_EQ(b.numel(), static_cast<int64_t>(want.size())) << v.describe();
    for (size_t i = 0; i < want.size(); ++i)
      EXPECT_TRUE(same(b.getF(static_cast<int64_t>(i)), want[i]))
          << "element " << i << ": got " << b.getF(static_cast<int64_t>(i)) << ", want " << want[i];
  }
  static void expectLanes(const Value& v, const std::vector<double>& want) {
    const VReg& r = v.get<VReg>();
    ASSERT_EQ(r.lanes.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i)
      EXPECT_TRUE(same(r.lanes[i], want[i]))
          << "lane " << i << ": got " << r.lanes[i] << ", want " << want[i];
  }
  static std::vector<double> padTo(std::vector<double> v, size_t n, double fill = 0) {
    v.resize(n, fill);
    return v;
  }

  /// Runs a binary elementwise op on two [1, N] tiles of dtype d.
  Value binary(std::string_view op, DType d, std::vector<double> a, std::vector<double> b) {
    auto n = static_cast<int64_t>(a.size());
    auto c = call(op, {tileVar({1, n}, d), tileVar({1, n}, d)});
    return run(c, {tile(d, {1, n}, a), tile(d, {1, n}, b)});
  }
  Value unary(std::string_view op, DType d, std::vector<double> a, const Kw& kw = {}) {
    auto n = static_cast<int64_t>(a.size());
    return run(call(op, {tileVar({1, n}, d)}, kw), {tile(d, {1, n}, a)});
  }
};

TEST_F(SimKernelsTest, EveryRegisteredOpHasAKernel) {
  EXPECT_TRUE(OpSemantics::instance().missing().empty())
      << "ops without simulator semantics: "
      << ::testing::PrintToString(OpSemantics::instance().missing());
}

// ---- memory ---------------------------------------------------------------------------------

TEST_F(SimKernelsTest, LoadReadsWindowWithValidShapeAndPad) {
  std::vector<double> v;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 6; ++c) v.push_back(r * 10 + c);
  Tensor src = tensor(DType::FP32, {4, 6}, v);
  auto full = call("tile.load", {tensorVar({4, 6}), list({1, 2}), list({2, 4})});
  Value t = run(full, {src, ints({1, 2}), ints({2, 4})});
  expectValues(t, {12, 13, 14, 15, 22, 23, 24, 25});
  EXPECT_EQ(t.get<Tile>().valid, (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(t.get<Tile>().memory, MemorySpace::Vec);

  auto partial = call("tile.load", {tensorVar({4, 6}), list({1, 2}), list({2, 4}), list({2, 3})});
  Value p = run(partial, {src, ints({1, 2}), ints({2, 4}), ints({2, 3})});
  expectValues(p, {12, 13, 14, 0, 22, 23, 24, 0});
  EXPECT_EQ(p.get<Tile>().valid, (std::vector<int64_t>{2, 3}));

  // A padded tile may hang over the tensor's edge as long as its valid region stays inside.
  auto dyn = call("tile.load", {tensorVar({4, 6}), dynList(2), list({3, 4}), dynList(2)});
  Value edge = run(dyn, {src, ints({2, 4}), ints({3, 4}), ints({2, 2})});
  expectValues(edge, {24, 25, 0, 0, 34, 35, 0, 0, 0, 0, 0, 0});
  try {
    run(dyn, {src, ints({2, 4}), ints({3, 4}), ints({2, 4})});
    FAIL() << "expected a SimError";
  } catch (const SimError& e) {
    EXPECT_NE(std::string(e.what()).find("tile.load reads [4, 8) on axis 1"), std::string::npos)
        << e.what();
  }
}

TEST_F(SimKernelsTest, StoreWritesOnlyTheValidRegion) {
  Tensor dst = tensor(DType::FP32, {2, 5}, std::vector<double>(10, -1));
  auto c = call("tile.store", {tileVar({2, 4}, DType::FP32, MemorySpace::Vec, {2, 3}), list({0, 1}),
                               tensorVar({2, 5})});
  Value r = run(c, {tile(DType::FP32, {2, 4}, iota(8), {2, 3}), ints({0, 1}), dst});
  EXPECT_EQ(r.get<Tensor>().buf, dst.buf);  // written in place, visible to the caller
  expectValues(dst, {-1, 0, 1, 2, -1, -1, 4, 5, 6, -1});

  auto dyn = call("tile.store", {tileVar({2, 4}), dynList(2), tensorVar({2, 5})});
  EXPECT_THROW(run(dyn, {tile(DType::FP32, {2, 4}, iota(8)), ints({0, 2}), dst}), SimError);
}

TEST_F(SimKernelsTest, MoveCopiesTheValidRegionIntoTheTargetSpace) {
  auto c = call("tile.move", {tileVar({2, 2}, DType::FP32, MemorySpace::Vec, {1, 2})},
                {{"target_memory", MemorySpace::Mat}});
  Tile src = tile(DType::FP32, {2, 2}, {1, 2, 99, 99}, {1, 2});
  Value r = run(c, {src});
  expectValues(r, {1, 2, 0, 0});
  EXPECT_EQ(r.get<Tile>().memory, MemorySpace::Mat);
  EXPECT_NE(r.get<Tile>().buf, src.buf);
}

TEST_F(SimKernelsTest, GeneratorsCreateFullCi) {
  Value z = run(call("tile.create", {list({2, 2})}, {{"dtype", DType::FP16}}), {ints({2, 2})});
  expectValues(z, {0, 0, 0, 0});
  Value f = run(call("tile.full", {list({1, 3}), f32(0.1)}, {{"dtype", DType::FP16}}),
                {ints({1, 3}), F(0.1)});
  double h = static_cast<double>(fp16ToFloat(floatToFp16(0.1f)));
  expectValues(f, {h, h, h});
  Value ci = run(call("tile.ci", {i32(3), list({1, 5})}, {{"dtype", DType::Int32}}),
                 {I(3, DType::Int32), ints({1, 5})});
  expectValues(ci, {3, 4, 5, 6, 7});
  Value down = run(call("tile.ci", {scalarVar(DType::UInt16), list({1, 3})},
                        {{"dtype", DType::UInt16}, {"descending", true}}),
                   {I(1, DType::UInt16), ints({1, 3})});
  expectValues(down, {1, 0, 65535});  // wraps
}

/// Independent Philox-4x32 (Random123 round function), all four output words.
std::array<uint32_t, 4> philoxRef(std::array<uint32_t, 4> c, std::array<uint32_t, 2> k,
                                  int rounds) {
  for (int r = 0; r < rounds; ++r) {
    uint64_t a = static_cast<uint64_t>(0xD2511F53u) * c[0];
    uint64_t b = static_cast<uint64_t>(0xCD9E8D57u) * c[2];
    c = {static_cast<uint32_t>(b >> 32) ^ c[1] ^ k[0], static_cast<uint32_t>(b),
         static_cast<uint32_t>(a >> 32) ^ c[3] ^ k[1], static_cast<uint32_t>(a)};
    k = {k[0] + 0x9E3779B9u, k[1] + 0xBB67AE85u};
  }
  return c;
}

TEST_F(SimKernelsTest, RandomIsPhilox4x32Word0PerElement) {
  std::vector<ExprPtr> args;
  for (int i = 0; i < 6; ++i) args.push_back(scalarVar(DType::Int32));
  auto withShape = [&](std::vector<ExprPtr> extra) {
    std::vector<ExprPtr> a = args;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  auto u32 = call("tile.random", withShape({list({2, 3})}), {{"dtype", DType::UInt32}});
  auto runWith = [&](const CallPtr& c, std::array<uint32_t, 6> w, std::vector<Value> extra) {
    std::vector<Value> a;
    for (uint32_t x : w) a.push_back(I(static_cast<int32_t>(x), DType::Int32));
    a.insert(a.end(), extra.begin(), extra.end());
    return run(c, a);
  };
  // Known-answer vectors of Random123 (philox4x32, 10 rounds), word 0.
  Value zero = runWith(u32, {0, 0, 0, 0, 0, 0}, {ints({2, 3})});
  EXPECT_EQ(bufOf(zero).as<uint32_t>()[0], 0x6627e8d5u);
  Value ones = runWith(u32, {~0u, ~0u, ~0u, ~0u, ~0u, ~0u}, {ints({2, 3})});
  EXPECT_EQ(bufOf(ones).as<uint32_t>()[0], 0x408f276du);
  Value pi =
      runWith(u32, {0xa4093822u, 0x299f31d0u, 0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
              {ints({2, 3})});
  EXPECT_EQ(bufOf(pi).as<uint32_t>()[0], 0xd16cfe09u);
  // Element e (row-major over the static shape) uses counter0 + e; 7 rounds differ.
  for (uint32_t e = 0; e < 6; ++e)
    EXPECT_EQ(bufOf(pi).as<uint32_t>()[e],
              philoxRef({0x243f6a88u + e, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
                        {0xa4093822u, 0x299f31d0u}, 10)[0]);
  auto r7 = call("tile.random", withShape({list({2, 3}), list({2, 2})}),
                 {{"dtype", DType::Int32}, {"rounds", int64_t{7}}});
  Value seven = runWith(r7, {5, 6, 7, 8, 9, 10}, {ints({2, 3}), ints({2, 2})});
  for (uint32_t e : {0u, 1u, 3u, 4u})
    EXPECT_EQ(bufOf(seven).as<uint32_t>()[e], philoxRef({7 + e, 8, 9, 10}, {5, 6}, 7)[0]);
  EXPECT_EQ(bufOf(seven).as<uint32_t>()[2], 0u);  // outside the valid region
  EXPECT_EQ(bufOf(seven).as<uint32_t>()[5], 0u);
}

TEST_F(SimKernelsTest, SliceReadsThroughTheSourcePadding) {
  auto src = tile(DType::FP32, {4, 4}, iota(16), {3, 4});
  ExprPtr sv = tileVar({4, 4}, DType::FP32, MemorySpace::Vec, {3, 4});
  Value a =
      run(call("tile.slice", {sv, list({2, 2}), list({2, 2})}), {src, ints({2, 2}), ints({2, 2})});
  expectValues(a, {10, 11, 0, 0});
  EXPECT_EQ(a.get<Tile>().valid, (std::vector<int64_t>{1, 2}));
  // An explicit valid shape reaching past the source's valid rows reads its pad (0), not 14.
  Value b = run(call("tile.slice", {sv, list({2, 2}), list({2, 2}), list({2, 2})}),
                {src, ints({2, 2}), ints({2, 2}), ints({2, 2})});
  expectValues(b, {10, 11, 0, 0});
  EXPECT_EQ(b.get<Tile>().valid, (std::vector<int64_t>{2, 2}));
  Value c =
      run(call("tile.slice", {sv, list({2, 2}), list({2, 2})}, {{"pad_value", PadValue::Max}}),
          {src, ints({2, 2}), ints({2, 2})});
  expectValues(c, {10, 11, kInf, kInf});
}

TEST_F(SimKernelsTest, ReshapeCarriesTheValidRegion) {
  Value a = run(call("tile.reshape", {tileVar({2, 4}), list({4, 2})}),
                {tile(DType::FP32, {2, 4}, iota(8)), ints({4, 2})});
  expectValues(a, iota(8));
  Value b = run(
      call("tile.reshape", {tileVar({1, 8}, DType::FP32, MemorySpace::Vec, {1, 4}), list({2, 4})}),
      {tile(DType::FP32, {1, 8}, iota(8), {1, 4}), ints({2, 4})});
  EXPECT_EQ(b.get<Tile>().valid, (std::vector<int64_t>{1, 4}));
  expectValues(b, {0, 1, 2, 3, 0, 0, 0, 0});
  Value c = run(
      call("tile.reshape", {tileVar({4, 1}, DType::FP32, MemorySpace::Vec, {3, 1}), list({1, 4})}),
      {tile(DType::FP32, {4, 1}, iota(4), {3, 1}), ints({1, 4})});
  EXPECT_EQ(c.get<Tile>().valid, (std::vector<int64_t>{1, 3}));
  expectValues(c, {0, 1, 2, 0});
}

TEST_F(SimKernelsTest, ExtractSetValidShapeTranspose) {
  auto mat = tileVar({4, 4}, DType::FP32, MemorySpace::Mat);
  Tile src = tile(DType::FP32, {4, 4}, iota(16), {}, PadValue::Null, MemorySpace::Mat);
  Value e = run(call("tile.extract", {mat, idx(1), idx(2), list({2, 2})}),
                {src, I(1), I(2), ints({2, 2})});
  expectValues(e, {6, 7, 10, 11});
  auto dyn = call("tile.extract", {mat, scalarVar(DType::Index), idx(0), list({2, 2})});
  EXPECT_THROW(run(dyn, {src, I(3), I(0), ints({2, 2})}), SimError);

  auto sv = call("tile.set_validshape",
                 {tileVar({2, 3}), scalarVar(DType::Index), scalarVar(DType::Index)});
  Tile t = tile(DType::FP32, {2, 3}, iota(6));
  Value v = run(sv, {t, I(1), I(2)});
  EXPECT_EQ(v.get<Tile>().valid, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(v.get<Tile>().buf, t.buf);  // metadata only
  EXPECT_THROW(run(sv, {t, I(3), I(2)}), SimError);

  Value tr = run(call("tile.transpose",
                      {tileVar({2, 3}, DType::FP32, MemorySpace::Vec, {2, 2}), idx(0), idx(1)}),
                 {tile(DType::FP32, {2, 3}, iota(6), {2, 2}), I(0), I(1)});
  EXPECT_EQ(tr.get<Tile>().shape(), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(tr.get<Tile>().valid, (std::vector<int64_t>{2, 2}));
  expectValues(tr, {0, 3, 1, 4, 0, 0});

  // A full non-square tile: every element lands at its transposed position (this
  // shape read past the source buffer before the kernel was rewritten).
  std::vector<double> src46 = iota(24), want(24);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) want[j * 4 + i] = src46[i * 6 + j];
  Value full = run(call("tile.transpose", {tileVar({4, 6}), idx(0), idx(1)}),
                   {tile(DType::FP32, {4, 6}, src46), I(0), I(1)});
  EXPECT_EQ(full.get<Tile>().shape(), (std::vector<int64_t>{6, 4}));
  expectValues(full, want);
}

struct FakeServices : CoreServices {
  std::vector<std::string> log;
  int64_t subblockIdx() const override { return 1; }
  int64_t blockIdx() const override { return 3; }
  int64_t blockNum() const override { return 5; }
  void push(const Call& c, bool toAiv, const Tile& t, int64_t split, int64_t stride) override {
    log.push_back(fmt::format("{} {} {} {} {}", c.callee, toAiv, t.shape()[0], split, stride));
  }
  Tile pop(const Call& c, bool fromAic, const TileType& type, int64_t split,
           int64_t stride) override {
    log.push_back(fmt::format("{} {} {} {}", c.callee, fromAic, split, stride));
    return makeTile(type, type.shape);
  }
  void free(const Call& c, bool toAic, const Tile&) override {
    log.push_back(fmt::format("{} {}", c.callee, toAic));
  }
  Scalar reserveBuffer(const Call& c) override {
    log.emplace_back(c.callee);
    return Scalar::ofInt(DType::Int32, 7);
  }
  Scalar importPeerBuffer(const Call& c) override {
    log.emplace_back(c.callee);
    return Scalar::ofInt(DType::Int32, 8);
  }
  void initializePipe(const Call& c, bool onAic, const std::vector<Value>& args) override {
    log.push_back(fmt::format("{} {} {}", c.callee, onAic, args.size()));
  }
  Tile aivShard(const Call& c, const Tile& full, int64_t mode, int64_t stride) override {
    log.push_back(fmt::format("{} {} {}", c.callee, mode, stride));
    return full;
  }
  Tile aicGather(const Call& c, const Tile& half, int64_t mode) override {
    log.push_back(fmt::format("{} {}", c.callee, mode));
    return half;
  }
};

TEST_F(SimKernelsTest, CrossCoreKernelsDecodeKwargsForTheRuntime) {
  FakeServices fake;
  auto go = [&](const CallPtr& c, std::vector<Value> args) {
    return OpSemantics::instance().evaluate(*c, args, fake);
  };
  Tile acc = tile(DType::FP32, {16, 16}, {}, {}, PadValue::Null, MemorySpace::Acc);
  Tile vec = tile(DType::FP32, {8, 16}, {});
  auto accVar = tileVar({16, 16}, DType::FP32, MemorySpace::Acc);
  auto vecVar = tileVar({8, 16});
  go(call("tile.tpush_to_aiv", {accVar}, {{"split", int64_t{2}}, {"lane_stride", int64_t{4}}}),
     {acc});
  go(call("tile.tpush_to_aic", {vecVar}, {{"split", int64_t{1}}}), {vec});
  Value popped = go(call("tile.tpop_from_aic", {}, {{"split", int64_t{1}}},
                         TileType::get({8, 16}, DType::FP32, std::nullopt)),
                    {});
  EXPECT_EQ(popped.get<Tile>().shape(), (std::vector<int64_t>{8, 16}));
  go(call("tile.tpop_from_aiv", {}, {}, TileType::get({16, 16}, DType::FP32, std::nullopt)), {});
  go(call("system.tfree_to_aic", {vecVar}), {vec});
  go(call("system.tfree_to_aiv", {tileVar({16, 16}, DType::FP32, MemorySpace::Mat)}), {acc});
  Value h = go(
      call("system.reserve_buffer", {}, {{"name", std::string("p")}, {"size", int64_t{1024}}}), {});
  EXPECT_EQ(h.get<Scalar>().i, 7);
  go(call("system.import_peer_buffer", {},
          {{"name", std::string("p")}, {"peer_func", std::string("f")}}),
     {});
  go(call("system.aic_initialize_pipe", {i32(0), scalarVar(DType::Int32)},
          {{"dir_mask", int64_t{1}}, {"slot_size", int64_t{1024}}}),
     {I(0, DType::Int32), I(7, DType::Int32)});
  go(call("system.aiv_initialize_pipe", {i32(0), scalarVar(DType::Int32)},
          {{"dir_mask", int64_t{2}}, {"slot_size", int64_t{1024}}}),
     {I(0, DType::Int32), I(7, DType::Int32)});
  go(call("tile.aiv_shard", {accVar}, {{"split", SplitMode::UpDown}, {"lane_stride", int64_t{4}}}),
     {acc});
  go(call("tile.aic_gather", {vecVar}, {{"split", SplitMode::LeftRight}}), {vec});
  EXPECT_EQ(go(call("tile.get_subblock_idx", {}), {}).get<Scalar>().i, 1);
  EXPECT_EQ(go(call("tile.get_block_idx", {}), {}).get<Scalar>().i, 3);
  EXPECT_EQ(go(call("tile.get_block_num", {}), {}).get<Scalar>().i, 5);
  std::vector<std::string> want = {"tile.tpush_to_aiv true 16 2 4",
                                   "tile.tpush_to_aic false 8 1 0",
                                   "tile.tpop_from_aic true 1 0",
                                   "tile.tpop_from_aiv false 0 0",
                                   "system.tfree_to_aic true",
                                   "system.tfree_to_aiv false",
                                   "system.reserve_buffer",
                                   "system.import_peer_buffer",
                                   "system.aic_initialize_pipe true 2",
                                   "system.aiv_initialize_pipe false 2",
                                   "tile.aiv_shard 1 4",
                                   "tile.aic_gather 2"};
  EXPECT_EQ(fake.log, want);
}

// ---- elementwise ----------------------------------------------------------------------------

TEST_F(SimKernelsTest, ElementwiseUsesLhsValidRegionAndRhsPad) {
  // rhs's valid region ends after row 0; its pad is +Inf, which row 1 must see.
  auto c =
      call("tile.add", {tileVar({2, 4}, DType::FP32, MemorySpace::Vec, {2, 3}),
                        tileVar({2, 4}, DType::FP32, MemorySpace::Vec, {1, 4}, PadValue::Max)});
  Value r = run(c, {tile(DType::FP32, {2, 4}, iota(8, 1), {2, 3}),
                    tile(DType::FP32, {2, 4}, iota(8, 10), {1, 4}, PadValue::Max)});
  expectValues(r, {11, 13, 15, 0, kInf, kInf, kInf, 0});
  EXPECT_EQ(r.get<Tile>().valid, (std::vector<int64_t>{2, 3}));
}

TEST_F(SimKernelsTest, ElementwiseOnRaggedValidRegion) {
  auto c = call("tile.mul", {tileVar({8, 8}, DType::FP16, MemorySpace::Vec, {7, 5}),
                             tileVar({8, 8}, DType::FP16)});
  Value r = run(c, {tile(DType::FP16, {8, 8}, iota(64), {7, 5}),
                    tile(DType::FP16, {8, 8}, std::vector<double>(64, 0.5))});
  std::vector<double> want(64, 0);
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 5; ++j) want[i * 8 + j] = (i * 8 + j) * 0.5;
  expectValues(r, want);
}

TEST_F(SimKernelsTest, Fp16AndBf16ArithmeticRoundsToNearestEven) {
  expectValues(
      binary("tile.add", DType::FP16, {2048, 2050, 65504, 1, -0.0}, {1, 1, 16, 0x1p-11, -0.0}),
      {2048, 2052, kInf, 1, -0.0});
  expectValues(binary("tile.add", DType::BF16, {1, 1}, {0x1p-8, 3 * 0x1p-8}), {1, 1.015625});
  expectValues(binary("tile.div", DType::FP16, {1}, {3}),
               {static_cast<double>(fp16ToFloat(floatToFp16(1.0f / 3.0f)))});
}

TEST_F(SimKernelsTest, MaxMinPropagateNaNAndOrderSignedZeros) {
  for (DType d : {DType::FP32, DType::FP16, DType::BF16}) {
    std::vector<double> a = {kNaN, 1, -0.0, 0.0, -2}, b = {1, kNaN, 0.0, -0.0, kInf};
    expectValues(binary("tile.maximum", d, a, b), {kNaN, kNaN, 0.0, 0.0, kInf});
    expectValues(binary("tile.minimum", d, a, b), {kNaN, kNaN, -0.0, -0.0, -2});
  }
}

TEST_F(SimKernelsTest, IntegerArithmeticWraps) {
  expectValues(binary("tile.add", DType::Int8, {127, -128, 100}, {1, -1, 100}), {-128, 127, -56});
  expectValues(binary("tile.mul", DType::Int32, {65536, -3}, {65536, 5}), {0, -15});
  expectValues(binary("tile.div", DType::Int32, {7, -7, 5, -2147483648.0}, {2, 2, 0, -1}),
               {3, -3, 0, -2147483648.0});
  expectValues(binary("tile.sub", DType::UInt8, {0}, {1}), {255});
  expectValues(binary("tile.mul", DType::UInt16, {65535}, {65535}), {1});
  expectValues(binary("tile.maximum", DType::Int16, {-5, 7}, {3, -9}), {3, 7});
}

TEST_F(SimKernelsTest, ScalarVariantsRoundTheScalarToTheTileDType) {
  auto ts = [&](std::string_view op, DType d, std::vector<double> a, Scalar s,
                ExprPtr sexpr = nullptr) {
    auto n = static_cast<int64_t>(a.size());
    auto c = call(op, {tileVar({1, n}, d), sexpr ? sexpr : scalarVar(s.dtype)});
    return run(c, {tile(d, {1, n}, a), s});
  };
  expectValues(ts("tile.adds", DType::FP32, {1, 2}, F(0.5)), {1.5, 2.5});
  expectValues(ts("tile.subs", DType::FP32, {1, 2}, F(0.5)), {0.5, 1.5});
  expectValues(ts("tile.divs", DType::FP32, {1, 3}, F(2)), {0.5, 1.5});
  expectValues(ts("tile.maximums", DType::FP32, {1, 3, kNaN}, F(2)), {2, 3, kNaN});
  expectValues(ts("tile.minimums", DType::FP32, {1, 3}, F(2)), {1, 2});
  expectValues(ts("tile.muls", DType::FP16, {1, 0.5, 200}, F(448)), {448, 224, kInf});
  expectValues(ts("tile.adds", DType::Int32, {1, 2147483647}, I(5)), {6, -2147483644});
  // 0.1 as an fp16 operand: 1 + fp16(0.1) = 1.0999755859375 -> fp16 1.099609375.
  expectValues(ts("tile.adds", DType::FP16, {1}, F(0.1)), {1.099609375});
}

TEST_F(SimKernelsTest, UnaryOps) {
  std::vector<double> x = {1, 4, 0.25, 2};
  std::vector<double> e, l, s, rs, rc;
  for (double v : x) {
    auto f = static_cast<float>(v);
    e.push_back(static_cast<float>(std::exp(v)));  // exp is correctly rounded
    l.push_back(std::log(f));
    s.push_back(std::sqrt(f));
    rs.push_back(1.0f / std::sqrt(f));
    rc.push_back(1.0f / f);
  }
  expectValues(unary("tile.exp", DType::FP32, x), e);
  expectValues(unary("tile.log", DType::FP32, x), l);
  expectValues(unary("tile.sqrt", DType::FP32, x), s);
  expectValues(unary("tile.rsqrt", DType::FP32, x), rs);
  expectValues(unary("tile.recip", DType::FP32, x), rc);
  expectValues(unary("tile.abs", DType::FP32, {-1, -0.0, kNaN}), {1, 0.0, kNaN});
  expectValues(unary("tile.neg", DType::FP32, {1, 0.0}), {-1, -0.0});
  expectValues(unary("tile.relu", DType::FP32, {-1, -0.0, 2, kNaN}), {0, 0.0, 2, kNaN});
  expectValues(unary("tile.abs", DType::Int8, {-128, -3}), {-128, 3});
  expectValues(unary("tile.neg", DType::Int8, {-128, 3}), {-128, -3});
  expectValues(unary("tile.relu", DType::Int32, {-3, 3}), {0, 3});
  expectValues(unary("tile.exp", DType::FP16, {12}), {kInf});  // e^12 > 65504
}

TEST_F(SimKernelsTest, ExpIsCorrectlyRoundedAndPortable) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-105, 90);
  int mismatches = 0;
  for (int i = 0; i < 200000; ++i) {
    float x = u(rng);
    mismatches += floatBits(elem::expf32(x)) != floatBits(static_cast<float>(std::exp(double{x})));
  }
  EXPECT_EQ(mismatches, 0);
  const float inf = std::numeric_limits<float>::infinity();
  for (float x : {0.0f, -0.0f, 1e-30f, 88.72283f, 88.7229f, -87.33655f, -103.97f, -104.0f, 1e30f,
                  -1e30f, inf, -inf})
    EXPECT_EQ(floatBits(elem::expf32(x)), floatBits(static_cast<float>(std::exp(double{x})))) << x;
  EXPECT_TRUE(std::isnan(elem::expf32(std::nanf(""))));
}

TEST_F(SimKernelsTest, CastRoundsSaturatesAndWraps) {
  auto cast = [&](DType from, DType to, std::vector<double> a) {
    return unary("tile.cast", from, std::move(a), {{"dtype", to}});
  };
  expectValues(cast(DType::FP32, DType::FP16, {1 + 0x1p-11, 65520, 1e-8, -0.0}),
               {1, kInf, 0, -0.0});
  expectValues(cast(DType::FP32, DType::Int32, {3.7, -3.7, 1e10, kNaN, -1e10}),
               {3, -3, 2147483647, 0, -2147483648.0});
  expectValues(cast(DType::FP32, DType::UInt8, {-5, 300, 7.9}), {0, 255, 7});
  expectValues(cast(DType::Int32, DType::Int8, {300, -129}), {44, 127});
  expectValues(cast(DType::FP32, DType::FP8E4M3FN, {1000, -1000, 0.3}), {448, -448, 0.3125});
  expectValues(cast(DType::FP32, DType::FP8E5M2, {1e6, 1.125}), {kInf, 1});
  expectValues(cast(DType::Int32, DType::BF16, {16777217, 257}), {16777216, 256});
  expectValues(cast(DType::Int32, DType::FP16, {70000, 2049}), {kInf, 2048});
  expectValues(cast(DType::FP32, DType::Bool, {0, -0.0, 2, kNaN}), {0, 0, 1, 1});
  expectValues(cast(DType::FP8E5M2, DType::BF16, {57344, -0.0}), {57344, -0.0});
  expectValues(cast(DType::UInt8, DType::FP32, {255}), {255});
}

// ---- reductions and row_expand --------------------------------------------------------------

TEST_F(SimKernelsTest, RowReductionsCoverTheValidRegionInFp32) {
  auto c = call("tile.row_sum", {tileVar({3, 3}, DType::FP32, MemorySpace::Vec, {2, 2})});
  Value r = run(c, {tile(DType::FP32, {3, 3}, {1, 2, 100, 3, 4, 100, 100, 100, 100}, {2, 2})});
  expectValues(r, {3, 7, 0});
  EXPECT_EQ(r.get<Tile>().valid, (std::vector<int64_t>{2, 1}));
  // fp16 sums accumulate in fp32: 2048 + 1 + 1 = 2050 (fp16 steps would stay at 2048).
  Value h = run(call("tile.row_sum", {tileVar({1, 3}, DType::FP16)}),
                {tile(DType::FP16, {1, 3}, {2048, 1, 1})});
  expectValues(h, {2050});
  Value mx = run(call("tile.row_max", {tileVar({2, 3})}),
                 {tile(DType::FP32, {2, 3}, {1, kNaN, 3, -0.0, 0.0, -1})});
  expectValues(mx, {kNaN, 0.0});
  Value mn =
      run(call("tile.row_min", {tileVar({1, 3})}), {tile(DType::FP32, {1, 3}, {0.0, -0.0, 1})});
  expectValues(mn, {-0.0});
  // Long rows (the max/min fold runs eight partials): same result as a sequential fold.
  std::vector<double> longRow(2 * 40);
  for (int j = 0; j < 80; ++j) longRow[j] = std::sin(j * 0.7) * 100;
  longRow[29] = 1000;
  longRow[40 + 33] = kNaN;
  ExprPtr lv = tileVar({2, 40}, DType::FP32, MemorySpace::Vec, {2, 37});
  Tile lt = tile(DType::FP32, {2, 40}, longRow, {2, 37});
  expectValues(run(call("tile.row_max", {lv}), {lt}), {1000, kNaN});
  double lo = 1e9;
  for (int j = 0; j < 37; ++j)
    lo = std::min(lo, static_cast<double>(static_cast<float>(longRow[j])));
  expectValues(run(call("tile.row_min", {lv}), {lt}), {lo, kNaN});
  Value i8 = run(call("tile.row_sum", {tileVar({1, 2}, DType::Int8)}),
                 {tile(DType::Int8, {1, 2}, {100, 100})});
  expectValues(i8, {-56});
}

TEST_F(SimKernelsTest, ColumnReductions) {
  ExprPtr v = tileVar({3, 2}, DType::FP32, MemorySpace::Vec, {2, 2});
  Tile t = tile(DType::FP32, {3, 2}, {1, 2, 3, -4, 100, 100}, {2, 2});
  expectValues(run(call("tile.col_sum", {v}), {t}), {4, -2});
  expectValues(run(call("tile.col_max", {v}), {t}), {3, 2});
  expectValues(run(call("tile.col_min", {v}), {t}), {1, -4});
  Value z = run(call("tile.col_min", {tileVar({2, 1})}), {tile(DType::FP32, {2, 1}, {0.0, -0.0})});
  expectValues(z, {-0.0});
}

TEST_F(SimKernelsTest, RowExpandBroadcastsTheColumn) {
  Tile t = tile(DType::FP32, {2, 3}, {1, 2, 3, 4, 5, 6});
  Tile col = tile(DType::FP32, {2, 1}, {10, 20});
  auto go = [&](std::string_view op) {
    return run(call(op, {tileVar({2, 3}), tileVar({2, 1})}), {t, col});
  };
  expectValues(go("tile.row_expand_add"), {11, 12, 13, 24, 25, 26});
  expectValues(go("tile.row_expand_sub"), {-9, -8, -7, -16, -15, -14});
  expectValues(go("tile.row_expand_mul"), {10, 20, 30, 80, 100, 120});
  expectValues(go("tile.row_expand_div"), {0.1f, 0.2f, 0.3f, 0.2f, 0.25f, 0.3f});
  // Column rows outside its valid region read its pad (0).
  Value p = run(call("tile.row_expand_add",
                     {tileVar({2, 3}), tileVar({2, 1}, DType::FP32, MemorySpace::Vec, {1, 1})}),
                {t, tile(DType::FP32, {2, 1}, {10, 20}, {1, 1})});
  expectValues(p, {11, 12, 13, 4, 5, 6});
}

// ---- matmul ---------------------------------------------------------------------------------

TEST_F(SimKernelsTest, MatmulAccumulatesInFp32InKOrder) {
  auto mm = [&](DType d, std::vector<int64_t> ls, std::vector<double> l, std::vector<int64_t> rs,
                std::vector<double> r) {
    auto c = call("tile.matmul",
                  {tileVar(ls, d, MemorySpace::Left), tileVar(rs, d, MemorySpace::Right)});
    return run(c, {tile(d, ls, l, {}, PadValue::Null, MemorySpace::Left),
                   tile(d, rs, r, {}, PadValue::Null, MemorySpace::Right)});
  };
  Value a = mm(DType::FP32, {2, 3}, {1, 2, 3, 4, 5, 6}, {3, 2}, {7, 8, 9, 10, 11, 12});
  expectValues(a, {58, 64, 139, 154});
  EXPECT_EQ(a.get<Tile>().memory, MemorySpace::Acc);
  expectValues(mm(DType::FP16, {1, 3}, {2048, 1, 1}, {3, 1}, {1, 1, 1}), {2050});
  expectValues(mm(DType::FP32, {1, 3}, {1e8, 1, -1e8}, {3, 1}, {1, 1, 1}), {0});  // k order
  Value i8 = mm(DType::Int8, {1, 2}, {-128, 127}, {2, 1}, {-128, -1});
  EXPECT_EQ(i8.get<Tile>().dtype(), DType::Int32);
  expectValues(i8, {16257});
  expectValues(mm(DType::UInt8, {1, 2}, {255, 255}, {2, 1}, {255, 255}), {130050});
}

TEST_F(SimKernelsTest, MatmulUsesValidRowsColsAndK) {
  auto c = call("tile.matmul", {tileVar({2, 3}, DType::FP32, MemorySpace::Left, {1, 2}),
                                tileVar({3, 2}, DType::FP32, MemorySpace::Right, {2, 1})});
  Value r = run(c, {tile(DType::FP32, {2, 3}, {1, 2, 1000, 1000, 1000, 1000}, {1, 2},
                         PadValue::Null, MemorySpace::Left),
                    tile(DType::FP32, {3, 2}, {3, 1000, 4, 1000, 1000, 1000}, {2, 1},
                         PadValue::Null, MemorySpace::Right)});
  expectValues(r, {11, 0, 0, 0});
  EXPECT_EQ(r.get<Tile>().valid, (std::vector<int64_t>{1, 1}));
}

TEST_F(SimKernelsTest, MatmulAccOverSplitKEqualsOneMatmulBitwise) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<double> l(4 * 8), r(8 * 5);
  for (auto& x : l) x = u(rng);
  for (auto& x : r) x = u(rng);
  auto left = [&](int64_t k0, int64_t k) {
    std::vector<double> v;
    for (int i = 0; i < 4; ++i)
      for (int64_t j = k0; j < k0 + k; ++j) v.push_back(l[i * 8 + j]);
    return tile(DType::FP32, {4, k}, v, {}, PadValue::Null, MemorySpace::Left);
  };
  auto right = [&](int64_t k0, int64_t k) {
    std::vector<double> v(r.begin() + k0 * 5, r.begin() + (k0 + k) * 5);
    return tile(DType::FP32, {k, 5}, v, {}, PadValue::Null, MemorySpace::Right);
  };
  auto mm = [&](int64_t k) {
    return call("tile.matmul", {tileVar({4, k}, DType::FP32, MemorySpace::Left),
                                tileVar({k, 5}, DType::FP32, MemorySpace::Right)});
  };
  Value whole = run(mm(8), {left(0, 8), right(0, 8)});
  Value part = run(mm(3), {left(0, 3), right(0, 3)});
  auto acc = call("tile.matmul_acc", {tileVar({4, 5}, DType::FP32, MemorySpace::Acc),
                                      tileVar({4, 5}, DType::FP32, MemorySpace::Left),
                                      tileVar({5, 5}, DType::FP32, MemorySpace::Right)});
  Value sum = run(acc, {part, left(3, 5), right(3, 5)});
  const Buffer& w = bufOf(whole);
  const Buffer& s = bufOf(sum);
  ASSERT_EQ(w.bytes.size(), s.bytes.size());
  EXPECT_EQ(w.bytes, s.bytes);
  EXPECT_NE(bufOf(part).bytes, s.bytes);  // the accumulator input is not modified in place
}

// ---- vector registers -----------------------------------------------------------------------

TEST_F(SimKernelsTest, MasksAndVectorMemory) {
  auto cm = call("vmi.create_mask", {scalarVar(DType::Index)}, {{"size", int64_t{64}}});
  Mask m5 = run(cm, {I(5)}).get<Mask>();
  EXPECT_EQ(std::count(m5.lanes.begin(), m5.lanes.end(), 1), 5);
  EXPECT_EQ(m5.lanes[4], 1);
  EXPECT_EQ(m5.lanes[5], 0);
  Mask all = run(cm, {I(100)}).get<Mask>();
  EXPECT_EQ(std::count(all.lanes.begin(), all.lanes.end(), 1), 64);

  // vload reads the full width from storage, whatever the valid region says.
  Tile src = tile(DType::FP32, {1, 64}, iota(64), {1, 10});
  auto vl = call("vmi.vload", {tileVar({1, 64}, DType::FP32, MemorySpace::Vec, {1, 10}), idx(0)},
                 {{"size", int64_t{64}}});
  Value v = run(vl, {src, I(0)});
  expectLanes(v, iota(64));
  auto vlDyn =
      call("vmi.vload", {tileVar({1, 64}), scalarVar(DType::Index)}, {{"size", int64_t{64}}});
  EXPECT_THROW(run(vlDyn, {src, I(1)}), SimError);

  // A masked store leaves the inactive lanes of the tile untouched.
  Tile dst = tile(DType::FP32, {1, 64}, std::vector<double>(64, -1));
  auto vs = call("vmi.vstore", {vregVar(64), tileVar({1, 64}), idx(0), maskVar(64)});
  VReg val{DType::FP32, iota(64, 100)};
  EXPECT_TRUE(run(vs, {val, dst, I(0), m5}).is<std::monostate>());
  expectValues(dst, padTo({100, 101, 102, 103, 104}, 64, -1));
}

TEST_F(SimKernelsTest, VectorArithmeticZeroesInactiveLanes) {
  Mask m3;
  m3.lanes.assign(64, 0);
  std::fill(m3.lanes.begin(), m3.lanes.begin() + 3, 1);
  VReg a{DType::FP32, iota(64, 1)}, b{DType::FP32, std::vector<double>(64, 2)};
  auto bin = [&](std::string_view op) {
    return run(call(op, {vregVar(64), vregVar(64), maskVar(64)}), {a, b, m3});
  };
  expectLanes(bin("vmi.vadd"), padTo({3, 4, 5}, 64));
  expectLanes(bin("vmi.vsub"), padTo({-1, 0, 1}, 64));
  expectLanes(bin("vmi.vmul"), padTo({2, 4, 6}, 64));
  expectLanes(bin("vmi.vdiv"), padTo({0.5, 1, 1.5}, 64));
  expectLanes(bin("vmi.vmax"), padTo({2, 2, 3}, 64));
  expectLanes(bin("vmi.vmin"), padTo({1, 2, 2}, 64));
  auto sc = [&](std::string_view op, Scalar s) {
    return run(call(op, {vregVar(64), scalarVar(DType::FP32), maskVar(64)}), {a, s, m3});
  };
  expectLanes(sc("vmi.vadds", F(0.5)), padTo({1.5, 2.5, 3.5}, 64));
  expectLanes(sc("vmi.vmuls", F(-1)), padTo({-1, -2, -3}, 64));
  auto un = [&](std::string_view op, VReg x) {
    return run(call(op, {vregVar(64), maskVar(64)}), {x, m3});
  };
  VReg neg{DType::FP32, padTo({-4, 9, -0.0}, 64, 7)};
  expectLanes(un("vmi.vabs", neg), padTo({4, 9, 0.0}, 64));
  expectLanes(un("vmi.vneg", neg), padTo({4, -9, 0.0}, 64));
  expectLanes(un("vmi.vsqrt", VReg{DType::FP32, padTo({4, 9, 2}, 64, 1)}),
              padTo({2, 3, std::sqrt(2.0f)}, 64));
  expectLanes(un("vmi.vexp", VReg{DType::FP32, padTo({0, 1}, 64, 1)}),
              padTo({1, static_cast<float>(std::exp(1.0)), static_cast<float>(std::exp(1.0))}, 64));
  // fp16 lanes round like fp16 tiles; integer lanes wrap; integer division by 0 gives 0.
  Mask h2;
  h2.lanes.assign(128, 1);
  VReg ha{DType::FP16, padTo({2048, 2050}, 128)}, hb{DType::FP16, std::vector<double>(128, 1)};
  expectLanes(
      run(call("vmi.vadd", {vregVar(128, DType::FP16), vregVar(128, DType::FP16), maskVar(128)}),
          {ha, hb, h2}),
      padTo({2048, 2052}, 128, 1));
  VReg ia{DType::Int32, padTo({2147483647, 7}, 64)}, ib{DType::Int32, padTo({1, 0}, 64)};
  expectLanes(
      run(call("vmi.vadd", {vregVar(64, DType::Int32), vregVar(64, DType::Int32), maskVar(64)}),
          {ia, ib, m3}),
      padTo({-2147483648.0, 7}, 64));
  expectLanes(
      run(call("vmi.vdiv", {vregVar(64, DType::Int32), vregVar(64, DType::Int32), maskVar(64)}),
          {ia, ib, m3}),
      padTo({2147483647, 0}, 64));
}

TEST_F(SimKernelsTest, CompareIsSeedAndCompareSelectAndMaskLogic) {
  Mask seed;
  seed.lanes.assign(64, 0);
  std::fill(seed.lanes.begin(), seed.lanes.begin() + 4, 1);
  VReg a{DType::FP32, padTo({0, 1, 2, kNaN, 0}, 64)}, b{DType::FP32, std::vector<double>(64, 1)};
  auto cmp = [&](const char* mode) {
    return run(call("vmi.vcmp", {vregVar(64), vregVar(64), maskVar(64)},
                    {{"cmp", std::string(mode)}}),
               {a, b, seed})
        .get<Mask>()
        .lanes;
  };
  auto lanes = [](std::vector<uint8_t> v) { return padTo({v.begin(), v.end()}, 64); };
  auto asD = [](const std::vector<uint8_t>& v) { return std::vector<double>(v.begin(), v.end()); };
  EXPECT_EQ(asD(cmp("lt")), lanes({1, 0, 0, 0}));
  EXPECT_EQ(asD(cmp("le")), lanes({1, 1, 0, 0}));
  EXPECT_EQ(asD(cmp("gt")), lanes({0, 0, 1, 0}));
  EXPECT_EQ(asD(cmp("ge")), lanes({0, 1, 1, 0}));
  EXPECT_EQ(asD(cmp("eq")), lanes({0, 1, 0, 0}));
  EXPECT_EQ(asD(cmp("ne")), lanes({1, 0, 1, 1}));  // NaN != 1; lanes >= 4 are outside the seed
  VReg z{DType::FP32, padTo({-0.0}, 64)};
  Mask eq = run(call("vmi.vcmps", {vregVar(64), scalarVar(DType::FP32), maskVar(64)},
                     {{"cmp", std::string("eq")}}),
                {z, F(0.0), seed})
                .get<Mask>();
  EXPECT_EQ(asD(eq.lanes), lanes({1, 1, 1, 1}));  // -0 == +0

  Mask alt;
  for (int k = 0; k < 64; ++k) alt.lanes.push_back(k % 2);
  Value sel = run(call("vmi.vsel", {maskVar(64), vregVar(64), vregVar(64)}), {alt, a, b});
  EXPECT_EQ(sel.get<VReg>().lanes[0], 1);
  EXPECT_EQ(sel.get<VReg>().lanes[1], 1);
  EXPECT_EQ(sel.get<VReg>().lanes[2], 1);
  EXPECT_TRUE(std::isnan(sel.get<VReg>().lanes[3]));
  auto m2 = [&](const char* op) {
    return asD(run(call(op, {maskVar(64), maskVar(64)}), {alt, seed}).get<Mask>().lanes);
  };
  EXPECT_EQ(m2("vmi.mask_and"), lanes({0, 1, 0, 1}));
  std::vector<double> orWant = asD(alt.lanes);
  std::fill(orWant.begin(), orWant.begin() + 4, 1);
  EXPECT_EQ(m2("vmi.mask_or"), orWant);
  Value n = run(call("vmi.mask_not", {maskVar(64)}), {seed});
  EXPECT_EQ(std::count(n.get<Mask>().lanes.begin(), n.get<Mask>().lanes.end(), 1), 60);
}

TEST_F(SimKernelsTest, BroadcastRampConvertReduce) {
  Value b = run(call("vmi.vbrc", {scalarVar(DType::FP32)}, {{"size", int64_t{64}}}), {F(0.1)});
  expectLanes(b, std::vector<double>(64, static_cast<double>(0.1f)));
  Value one =
      run(call("vmi.vbrc", {vregVar(1)}, {{"size", int64_t{64}}}), {VReg{DType::FP32, {2.5}}});
  expectLanes(one, std::vector<double>(64, 2.5));
  Value ramp = run(call("vmi.vci", {scalarVar(DType::Int32)}, {{"size", int64_t{64}}}),
                   {I(10, DType::Int32)});
  expectLanes(ramp, iota(64, 10));
  VReg x{DType::FP32, padTo({2.7, -2.7, 1 + 0x1p-11}, 64)};
  expectLanes(run(call("vmi.vcvt", {vregVar(64)}, {{"to_dtype", DType::Int32}}), {x}),
              padTo({2, -2, 1}, 64));
  Value h = run(call("vmi.vcvt", {vregVar(64)}, {{"to_dtype", DType::FP16}}), {x});
  EXPECT_EQ(h.get<VReg>().dtype, DType::FP16);
  EXPECT_EQ(h.get<VReg>().lanes[2], 1.0);  // RNE

  Mask m3;
  m3.lanes.assign(64, 0);
  std::fill(m3.lanes.begin(), m3.lanes.begin() + 3, 1);
  VReg v{DType::FP32, iota(64, 1)};
  auto red = [&](std::string_view op, const Mask& m) {
    return run(call(op, {vregVar(64), maskVar(64)}), {v, m});
  };
  expectLanes(red("vmi.vcadd", m3), {6});
  expectLanes(red("vmi.vcmax", m3), {3});
  expectLanes(red("vmi.vcmin", m3), {1});
  Mask none;
  none.lanes.assign(64, 0);
  expectLanes(red("vmi.vcadd", none), {0});
  expectLanes(red("vmi.vcmax", none), {-kInf});
}

TEST_F(SimKernelsTest, KindMismatchIsASimError) {
  auto c = call("tile.add", {tileVar({1, 2}), tileVar({1, 2})});
  try {
    run(c, {tile(DType::FP32, {1, 2}, {1, 2}), Scalar::ofInt(DType::Index, 3)});
    FAIL() << "expected a SimError";
  } catch (const SimError& e) {
    EXPECT_NE(std::string(e.what()).find("argument 2 of tile.add must be a tile"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace ptoc::sim
