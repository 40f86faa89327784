// Narrow float formats (FP16, BF16, FP8E4M3FN, FP8E5M2): RNE conversions from
// float (bit-level, for the kernels' inner loops) and from double (rounded once),
// and exact widening through constant tables. docs/simulator-semantics.md §1.
#include "ptoc/sim/Float.h"

#include <array>
#include <bit>
#include <cmath>

namespace ptoc::sim {

namespace {

/// A binary interchange-like format: sign, `expBits` exponent bits with `bias`,
/// `manBits` fraction bits. Codes are the unsigned magnitudes (sign added separately).
struct NarrowFormat {
  int expBits;
  int manBits;
  int bias;
  uint32_t maxCode;  // largest finite magnitude
  uint32_t infCode;  // 0 = the format has no infinity
  uint32_t nanCode;  // canonical quiet NaN magnitude
  bool saturate;     // finite overflow / Inf -> max finite (instead of Inf or NaN)
};

constexpr NarrowFormat kFp16{5, 10, 15, 0x7BFF, 0x7C00, 0x7E00, false};
constexpr NarrowFormat kBf16{8, 7, 127, 0x7F7F, 0x7F80, 0x7FC0, false};
constexpr NarrowFormat kE4M3FN{4, 3, 7, 0x7E, 0, 0x7F, true};
constexpr NarrowFormat kE5M2{5, 2, 15, 0x7B, 0x7C, 0x7E, false};

constexpr uint32_t signBit(const NarrowFormat& f) { return 1u << (f.expBits + f.manBits); }

constexpr uint32_t overflowCode(const NarrowFormat& f) {
  if (f.saturate) return f.maxCode;
  return f.infCode ? f.infCode : f.nanCode;
}

/// float -> format, RNE, bit-level.
inline uint32_t narrowFromFloat(float x, const NarrowFormat& f) {
  uint32_t bits = floatBits(x);
  uint32_t sign = (bits >> 31) ? signBit(f) : 0;
  uint32_t mag = bits & 0x7fffffffu;
  if (mag >= 0x7f800000u) {
    if (mag > 0x7f800000u) return sign | f.nanCode;
    return sign | overflowCode(f);
  }
  int fe = static_cast<int>(mag >> 23);
  // fp32 subnormals (< 2^-126) are below half the smallest subnormal of every format
  // handled here (BF16 has its own path).
  if (fe == 0) return sign;
  int e = fe - 127;
  uint32_t sig = (mag & 0x7fffffu) | 0x800000u;
  int emin = 1 - f.bias;
  int shift = 23 - f.manBits;
  uint32_t code;
  if (e >= emin) {
    code = (static_cast<uint32_t>(e - emin + 1) << f.manBits) |
           ((sig >> shift) & ((1u << f.manBits) - 1));
  } else {
    shift += emin - e;
    if (shift > 25) return sign;  // below half the smallest subnormal
    code = sig >> shift;
  }
  uint32_t rem = sig & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rem > half || (rem == half && (code & 1u))) ++code;  // a carry moves up the exponent
  if (code > f.maxCode) return sign | overflowCode(f);
  return sign | code;
}

/// double -> format, RNE, rounded once.
uint32_t narrowFromDouble(double x, const NarrowFormat& f) {
  uint32_t sign = std::signbit(x) ? signBit(f) : 0;
  if (std::isnan(x)) return sign | f.nanCode;
  if (std::isinf(x)) return sign | overflowCode(f);
  double a = std::fabs(x);
  if (a == 0) return sign;
  int e2 = 0;
  (void)std::frexp(a, &e2);
  int e = e2 - 1;  // a in [2^e, 2^(e+1))
  int emin = 1 - f.bias;
  int quantum = (e < emin ? emin : e) - f.manBits;
  double m = std::ldexp(a, -quantum);  // exact: scaling by a power of two
  double r = std::floor(m);
  double frac = m - r;
  if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0)) r += 1;
  auto ri = static_cast<uint32_t>(r);
  uint32_t code;
  if (e < emin)
    code = ri;  // subnormal; ri == 2^manBits is the smallest normal, encoded naturally
  else
    code = (static_cast<uint32_t>(e - emin + 1) << f.manBits) + (ri - (1u << f.manBits));
  if (code > f.maxCode) return sign | overflowCode(f);
  return sign | code;
}

/// format -> float, exact (constant-evaluated into tables).
constexpr float narrowToFloat(uint32_t code, const NarrowFormat& f) {
  uint32_t sBit = signBit(f);
  bool neg = (code & sBit) != 0;
  uint32_t mag = code & (sBit - 1);
  uint32_t expField = mag >> f.manBits;
  uint32_t man = mag & ((1u << f.manBits) - 1);
  uint32_t expAll = (1u << f.expBits) - 1;
  uint32_t out;
  if (f.infCode == 0 && mag == f.nanCode) {
    out = 0x7fc00000u;  // E4M3FN: only S.1111.111 is NaN
  } else if (f.infCode != 0 && expField == expAll) {
    out = man ? 0x7fc00000u | (man << (23 - f.manBits)) : 0x7f800000u;
  } else if (expField == 0) {
    if (man == 0) {
      out = 0;
    } else {  // subnormal: normalize into an fp32 normal
      int e = 1 - f.bias - f.manBits;
      uint32_t m = man;
      while ((m & (1u << f.manBits)) == 0) {
        m <<= 1;
        --e;
      }
      e += f.manBits;
      out = (static_cast<uint32_t>(e + 127) << 23) |
            ((m & ((1u << f.manBits) - 1)) << (23 - f.manBits));
    }
  } else {
    int e = static_cast<int>(expField) - f.bias;
    out = (static_cast<uint32_t>(e + 127) << 23) | (man << (23 - f.manBits));
  }
  if (neg) out |= 0x80000000u;
  return std::bit_cast<float>(out);
}

template <size_t N>
constexpr std::array<float, N> makeTable(const NarrowFormat& f) {
  std::array<float, N> t{};
  for (size_t i = 0; i < N; ++i) t[i] = narrowToFloat(static_cast<uint32_t>(i), f);
  return t;
}

constinit const std::array<float, 256> kE4M3FNTable = makeTable<256>(kE4M3FN);
constinit const std::array<float, 256> kE5M2Table = makeTable<256>(kE5M2);

}  // namespace

uint8_t floatToFp8E4M3FN(float f) { return static_cast<uint8_t>(narrowFromFloat(f, kE4M3FN)); }
uint8_t floatToFp8E5M2(float f) { return static_cast<uint8_t>(narrowFromFloat(f, kE5M2)); }

uint16_t doubleToFp16(double d) { return static_cast<uint16_t>(narrowFromDouble(d, kFp16)); }
uint16_t doubleToBf16(double d) { return static_cast<uint16_t>(narrowFromDouble(d, kBf16)); }
uint8_t doubleToFp8E4M3FN(double d) { return static_cast<uint8_t>(narrowFromDouble(d, kE4M3FN)); }
uint8_t doubleToFp8E5M2(double d) { return static_cast<uint8_t>(narrowFromDouble(d, kE5M2)); }

float fp8E4M3FNToFloat(uint8_t b) { return kE4M3FNTable[b]; }
float fp8E5M2ToFloat(uint8_t b) { return kE5M2Table[b]; }

}  // namespace ptoc::sim
