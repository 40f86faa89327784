// Unit tests of the op kernels (lib/sim/kernels) of arithmetic, per op family, on calls built
// with createOpCall from the op registry: element-wise and unary ops, casts, reductions and
// row_expand, matmul, and the vector-register ops. Expected values are worked out by hand:
// fp16 rounding corner cases, NaN and ±0 in max/min/compare, valid-shape padding, ragged
// valid regions, wrap-around integers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "SimKernelsTestFixture.h"

namespace ptoc::sim {
namespace {

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

}  // namespace
}  // namespace ptoc::sim
