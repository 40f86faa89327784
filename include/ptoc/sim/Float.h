// Narrow floating-point formats of the simulator: IEEE binary16 (FP16), bfloat16
// (BF16) and the OCP 8-bit formats FP8E4M3FN and FP8E5M2, as raw bit patterns, with
// conversions to and from float/double. Every narrowing conversion rounds to the
// nearest representable value, ties to even (RNE), and handles NaN, infinities,
// subnormals and overflow as the format defines (docs/simulator-semantics.md §1):
//   FP16, BF16, FP8E5M2: IEEE-like; overflow gives ±Inf, NaN stays NaN (quiet, sign kept).
//   FP8E4M3FN: no infinities; NaN = 0x7f / 0xff; finite overflow and ±Inf saturate to
//   ±448 (the largest finite value), NaN gives NaN.
// Widening conversions (format -> float/double) are exact.
#pragma once

#include <cstdint>

namespace ptoc::sim {

inline constexpr float kFp16Max = 65504.0f;
inline constexpr float kBf16Max = 3.38953139e38f;
inline constexpr float kFp8E4M3FNMax = 448.0f;
inline constexpr float kFp8E5M2Max = 57344.0f;

inline uint32_t floatBits(float f) {
  uint32_t u;
  __builtin_memcpy(&u, &f, sizeof u);
  return u;
}
inline float floatFromBits(uint32_t u) {
  float f;
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
}

/// `c ? a : b` as bit arithmetic: both operands are always computed, so loops using it stay
/// free of branches (GCC will not if-convert a ?: whose arm holds a floating-point operation).
inline uint32_t selectBits(bool c, uint32_t a, uint32_t b) {
  uint32_t m = 0u - static_cast<uint32_t>(c);
  return (a & m) | (b & ~m);
}

// float -> format (RNE). FP16 and BF16 are inline and branch-free so that the kernels' typed
// loops vectorize; FP8 goes through a bit-level routine.
inline uint16_t floatToFp16(float f) {
  uint32_t x = floatBits(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  x &= 0x7fffffffu;
  // |f| < 2^-14: the fp16 subnormal range; adding 0.5 lines the fp16 subnormal quantum up with
  // the fp32 ulp, so the fp32 addition does the RNE.
  uint32_t sub = floatBits(floatFromBits(x) + 0.5f) - 0x3f000000u;
  // Normal range: rebias, then RNE on the 13 dropped bits (a carry may reach Inf: right).
  uint32_t norm = (x + 0xC8000FFFu + ((x >> 13) & 1u)) >> 13;
  uint32_t big = selectBits(x > 0x7f800000u, 0x7e00u, 0x7c00u);  // NaN : overflow or Inf
  uint32_t r = selectBits(x < 0x38800000u, sub, norm);
  r = selectBits(x >= 0x47800000u, big, r);
  return static_cast<uint16_t>(r | sign);
}
inline uint16_t floatToBf16(float f) {
  uint32_t bits = floatBits(f);
  uint32_t rounded = (bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16;  // a carry into Inf is right
  uint32_t nan = (bits >> 16) | 0x40u;  // keep sign and top payload, force quiet
  return static_cast<uint16_t>(selectBits((bits & 0x7fffffffu) > 0x7f800000u, nan, rounded));
}
uint8_t floatToFp8E4M3FN(float f);
uint8_t floatToFp8E5M2(float f);

// double -> format, rounded once (no double rounding through float).
uint16_t doubleToFp16(double d);
uint16_t doubleToBf16(double d);
uint8_t doubleToFp8E4M3FN(double d);
uint8_t doubleToFp8E5M2(double d);

// format -> float (exact).
inline float fp16ToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t em = h & 0x7fffu;
  uint32_t normal = (em << 13) + 0x38000000u;   // rebias 15 -> 127
  uint32_t special = (em << 13) | 0x7f800000u;  // Inf / NaN
  uint32_t sub = floatBits(static_cast<float>(static_cast<int32_t>(em)) * 0x1p-24f);  // exact
  uint32_t r = selectBits(em >= 0x7c00u, special, normal);
  r = selectBits(em < 0x0400u, sub, r);
  return floatFromBits(r | sign);
}
inline float bf16ToFloat(uint16_t b) {
  uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  __builtin_memcpy(&f, &bits, sizeof f);
  return f;
}
float fp8E4M3FNToFloat(uint8_t b);
float fp8E5M2ToFloat(uint8_t b);

}  // namespace ptoc::sim
