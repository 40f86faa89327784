// The fixture of the op kernels' unit tests (SimKernelsTest.cpp, SimComputeKernelsTest.cpp):
// calls built with createOpCall, tiles, tensors and registers filled with given values, and
// bit-exact comparison of the results (NaN equals NaN, -0 differs from +0).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "IrTestBuilders.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

using namespace ir;
using Kw = AttrList;

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline const double kNaN = std::nan("");

inline bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

class SimKernelsTest : public ::testing::Test, protected IrTestBuilders {
 protected:
  SourceManager sm;
  DiagnosticEngine diag{sm};
  CoreServices core;

  void SetUp() override { diag.setPrintImmediately(false); }

  static ExprPtr scalarVar(DType d) { return var("s", ScalarType::get(d)); }
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

}  // namespace ptoc::sim
