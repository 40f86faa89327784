// Unit tests of the narrow float formats (sim/Float.h): RNE corner cases, overflow,
// subnormals, NaN/Inf, FP8E4M3FN saturation; every conversion is also checked against an
// independent reference that rounds to the nearest member of the format's sorted value set.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "ptoc/sim/Float.h"

namespace ptoc::sim {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

/// An independent model of a format: every finite code with its value, sorted by value.
struct Reference {
  std::vector<std::pair<double, uint32_t>> values;  // (value, code), non-negative codes only
  double maxFinite = 0;
  uint32_t maxCode = 0;
  uint32_t infCode = 0;  // 0 = none
  bool saturate = false;
  uint32_t sign = 0;

  /// Round |x| to nearest, ties to the even code, with the format's overflow rule.
  uint32_t round(double x) const {
    uint32_t s = std::signbit(x) ? sign : 0;
    double a = std::fabs(x);
    // Virtual next value above the largest finite one (where an Inf or NaN code sits): a value
    // at or beyond the midpoint rounds there (the max code is odd, so a tie goes up too).
    double ulp = maxFinite - values[values.size() - 2].first;
    if (a >= maxFinite + ulp / 2) return s | (saturate ? maxCode : infCode);
    auto it = std::lower_bound(values.begin(), values.end(), std::make_pair(a, 0u));
    if (it == values.end()) return s | maxCode;
    if (it->first == a || it == values.begin()) return s | it->second;
    auto lo = it - 1;
    double dl = a - lo->first, dh = it->first - a;
    if (dl < dh) return s | lo->second;
    if (dh < dl) return s | it->second;
    return s | ((lo->second & 1) ? it->second : lo->second);
  }
};

Reference makeReference(int bits, float (*decode)(uint32_t), bool saturate, uint32_t infCode) {
  Reference r;
  r.sign = 1u << (bits - 1);
  r.saturate = saturate;
  r.infCode = infCode;
  for (uint32_t c = 0; c < r.sign; ++c) {
    float v = decode(c);
    if (std::isfinite(v)) r.values.emplace_back(v, c);
  }
  std::sort(r.values.begin(), r.values.end());
  r.maxFinite = r.values.back().first;
  r.maxCode = r.values.back().second;
  return r;
}

float decodeFp16(uint32_t c) { return fp16ToFloat(static_cast<uint16_t>(c)); }
float decodeBf16(uint32_t c) { return bf16ToFloat(static_cast<uint16_t>(c)); }
float decodeE4M3(uint32_t c) { return fp8E4M3FNToFloat(static_cast<uint8_t>(c)); }
float decodeE5M2(uint32_t c) { return fp8E5M2ToFloat(static_cast<uint8_t>(c)); }

/// Test inputs: random values over the whole range, every representable value, the exact
/// midpoints between neighbours and values just off them.
std::vector<double> probeValues(const Reference& r, uint32_t seed) {
  std::vector<double> xs;
  for (size_t i = 0; i + 1 < r.values.size(); ++i) {
    double a = r.values[i].first, b = r.values[i + 1].first, mid = (a + b) / 2;
    xs.insert(xs.end(), {a, mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e300)});
  }
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> expo(-30, 20), mant(1, 2);
  for (int i = 0; i < 20000; ++i) xs.push_back(std::ldexp(mant(rng), static_cast<int>(expo(rng))));
  xs.push_back(r.maxFinite * 1.5);
  xs.push_back(1e30);
  size_t n = xs.size();
  for (size_t i = 0; i < n; ++i) xs.push_back(-xs[i]);
  return xs;
}

struct FormatCase {
  const char* name;
  int bits;
  float (*decode)(uint32_t);
  uint32_t (*fromFloat)(float);
  uint32_t (*fromDouble)(double);
  bool saturate;
  uint32_t infCode;
};

const FormatCase kFormats[] = {
    {"FP16", 16, decodeFp16, [](float f) -> uint32_t { return floatToFp16(f); },
     [](double d) -> uint32_t { return doubleToFp16(d); }, false, 0x7C00},
    {"BF16", 16, decodeBf16, [](float f) -> uint32_t { return floatToBf16(f); },
     [](double d) -> uint32_t { return doubleToBf16(d); }, false, 0x7F80},
    {"FP8E4M3FN", 8, decodeE4M3, [](float f) -> uint32_t { return floatToFp8E4M3FN(f); },
     [](double d) -> uint32_t { return doubleToFp8E4M3FN(d); }, true, 0},
    {"FP8E5M2", 8, decodeE5M2, [](float f) -> uint32_t { return floatToFp8E5M2(f); },
     [](double d) -> uint32_t { return doubleToFp8E5M2(d); }, false, 0x7C},
};

TEST(SimFloatTest, MatchesIndependentNearestEvenReference) {
  for (const FormatCase& f : kFormats) {
    Reference ref = makeReference(f.bits, f.decode, f.saturate, f.infCode);
    int failures = 0;
    for (double x : probeValues(ref, 7)) {
      uint32_t want = ref.round(x);
      uint32_t viaDouble = f.fromDouble(x);
      EXPECT_EQ(viaDouble, want) << f.name << " from double " << x;
      auto xf = static_cast<float>(x);
      if (static_cast<double>(xf) == x) {
        EXPECT_EQ(f.fromFloat(xf), want) << f.name << " " << x;
      }
      failures += viaDouble != want;
      if (failures > 10) break;
    }
  }
}

TEST(SimFloatTest, WideningRoundTripsEveryCode) {
  for (const FormatCase& f : kFormats) {
    uint32_t n = 1u << f.bits;
    for (uint32_t c = 0; c < n; ++c) {
      float v = f.decode(c);
      if (std::isnan(v)) {
        EXPECT_TRUE(std::isnan(f.decode(f.fromFloat(v)))) << f.name << " code " << c;
        continue;
      }
      EXPECT_EQ(f.fromFloat(v), c) << f.name << " code " << c;
      EXPECT_EQ(f.fromDouble(v), c) << f.name << " code " << c;
    }
  }
}

#if defined(__FLT16_MAX__) && !defined(__clang__)
TEST(SimFloatTest, Fp16MatchesCompilerFloat16) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<uint32_t> bits;
  for (int i = 0; i < 200000; ++i) {
    float f = floatFromBits(bits(rng));
    if (std::isnan(f)) continue;
    auto h = static_cast<_Float16>(f);
    uint16_t want;
    std::memcpy(&want, &h, 2);
    ASSERT_EQ(floatToFp16(f), want) << f;
  }
}
#endif

TEST(SimFloatTest, Fp16CornerCases) {
  EXPECT_EQ(floatToFp16(1.0f), 0x3C00);
  EXPECT_EQ(floatToFp16(1.0f + 0x1p-11f), 0x3C00);      // tie -> even (1.0)
  EXPECT_EQ(floatToFp16(1.0f + 3 * 0x1p-11f), 0x3C02);  // tie -> even (1 + 2^-9)
  EXPECT_EQ(floatToFp16(1.0f + 0x1p-11f + 0x1p-20f), 0x3C01);
  EXPECT_EQ(floatToFp16(65504.0f), 0x7BFF);
  EXPECT_EQ(floatToFp16(65519.0f), 0x7BFF);
  EXPECT_EQ(floatToFp16(65520.0f), 0x7C00);  // tie between max and 2^16 -> Inf
  EXPECT_EQ(floatToFp16(-1e6f), 0xFC00);
  EXPECT_EQ(floatToFp16(kInf), 0x7C00);
  EXPECT_EQ(floatToFp16(0x1p-24f), 0x0001);  // smallest subnormal
  EXPECT_EQ(floatToFp16(0x1p-25f), 0x0000);  // tie -> even (0)
  EXPECT_EQ(floatToFp16(0x1.000002p-25f), 0x0001);
  EXPECT_EQ(floatToFp16(3 * 0x1p-25f), 0x0002);  // tie -> even
  EXPECT_EQ(floatToFp16(0x1.ff8p-15f), 0x03FF);  // largest subnormal
  EXPECT_EQ(floatToFp16(0x1.ffcp-15f), 0x0400);  // tie above it -> even (min normal)
  EXPECT_EQ(floatToFp16(-0.0f), 0x8000);
  EXPECT_EQ(floatToFp16(1e-30f), 0x0000);
  EXPECT_TRUE(std::isnan(fp16ToFloat(floatToFp16(std::nanf("")))));
  EXPECT_EQ(floatToFp16(-std::nanf("")) & 0x8000, 0x8000);  // sign kept
  EXPECT_EQ(fp16ToFloat(0x0001), 0x1p-24f);
  EXPECT_EQ(fp16ToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(fp16ToFloat(0xFC00), -kInf);
  // Double rounding through float would give 1.0: the double path rounds once.
  EXPECT_EQ(doubleToFp16(1.0 + 0x1p-11 + 0x1p-40), 0x3C01);
  EXPECT_EQ(floatToFp16(static_cast<float>(1.0 + 0x1p-11 + 0x1p-40)), 0x3C00);
}

TEST(SimFloatTest, Bf16CornerCases) {
  EXPECT_EQ(floatToBf16(1.0f), 0x3F80);
  EXPECT_EQ(floatToBf16(1.0f + 0x1p-8f), 0x3F80);      // tie -> even
  EXPECT_EQ(floatToBf16(1.0f + 3 * 0x1p-8f), 0x3F82);  // tie -> even
  EXPECT_EQ(bf16ToFloat(0x3F82), 1.015625f);
  EXPECT_EQ(floatToBf16(std::numeric_limits<float>::max()), 0x7F80);  // overflow -> Inf
  EXPECT_EQ(floatToBf16(kBf16Max), 0x7F7F);
  EXPECT_EQ(floatToBf16(0x1p-133f), 0x0001);  // bf16 subnormal
  EXPECT_EQ(floatToBf16(-0.0f), 0x8000);
  EXPECT_TRUE(std::isnan(bf16ToFloat(floatToBf16(std::nanf("")))));
  EXPECT_EQ(doubleToBf16(16777217.0), floatToBf16(16777216.0f));
}

TEST(SimFloatTest, Fp8E4M3FNSaturatesAndHasNoInf) {
  EXPECT_EQ(floatToFp8E4M3FN(448.0f), 0x7E);
  EXPECT_EQ(fp8E4M3FNToFloat(0x7E), 448.0f);
  EXPECT_TRUE(std::isnan(fp8E4M3FNToFloat(0x7F)));
  EXPECT_TRUE(std::isnan(fp8E4M3FNToFloat(0xFF)));
  EXPECT_EQ(floatToFp8E4M3FN(464.0f), 0x7E);  // tie between 448 and (missing) 480 -> saturate
  EXPECT_EQ(floatToFp8E4M3FN(1e6f), 0x7E);
  EXPECT_EQ(floatToFp8E4M3FN(kInf), 0x7E);
  EXPECT_EQ(floatToFp8E4M3FN(-kInf), 0xFE);
  EXPECT_EQ(floatToFp8E4M3FN(std::nanf("")), 0x7F);
  EXPECT_EQ(floatToFp8E4M3FN(-std::nanf("")), 0xFF);
  EXPECT_EQ(floatToFp8E4M3FN(0x1p-9f), 0x01);   // smallest subnormal
  EXPECT_EQ(floatToFp8E4M3FN(0x1p-10f), 0x00);  // tie -> even
  EXPECT_EQ(floatToFp8E4M3FN(3 * 0x1p-10f), 0x02);
  EXPECT_EQ(fp8E4M3FNToFloat(0x08), 0x1p-6f);         // smallest normal
  EXPECT_EQ(floatToFp8E4M3FN(1.0f + 0x1p-4f), 0x38);  // tie -> even (1.0)
  EXPECT_EQ(floatToFp8E4M3FN(1.0f + 3 * 0x1p-4f), 0x3A);
  EXPECT_EQ(fp8E4M3FNToFloat(0x80), 0.0f);
  EXPECT_TRUE(std::signbit(fp8E4M3FNToFloat(0x80)));
}

TEST(SimFloatTest, Fp8E5M2IsIeeeLike) {
  EXPECT_EQ(floatToFp8E5M2(57344.0f), 0x7B);
  EXPECT_EQ(floatToFp8E5M2(61439.0f), 0x7B);
  EXPECT_EQ(floatToFp8E5M2(61440.0f), 0x7C);  // tie -> Inf
  EXPECT_EQ(fp8E5M2ToFloat(0x7C), kInf);
  EXPECT_EQ(fp8E5M2ToFloat(0xFC), -kInf);
  EXPECT_TRUE(std::isnan(fp8E5M2ToFloat(0x7D)));
  EXPECT_TRUE(std::isnan(fp8E5M2ToFloat(floatToFp8E5M2(std::nanf("")))));
  EXPECT_EQ(floatToFp8E5M2(0x1p-16f), 0x01);
  EXPECT_EQ(floatToFp8E5M2(0x1p-17f), 0x00);
  EXPECT_EQ(floatToFp8E5M2(1.25f), 0x3D);
  EXPECT_EQ(floatToFp8E5M2(1.125f), 0x3C);  // tie -> even (1.0)
  EXPECT_EQ(floatToFp8E5M2(1.375f), 0x3E);  // tie -> even (1.5)
}

}  // namespace
}  // namespace ptoc::sim
