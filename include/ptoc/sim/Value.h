// Runtime values of the simulator: host buffers in the exact storage format of
// their dtype (fp16/bf16 as IEEE bit patterns, fp8 as bytes), tensors and tiles
// viewing them, scalars, vector registers and masks; plus the typed element
// machinery the kernels share (per-dtype traits, one dtype dispatch per op, the
// element arithmetic and conversion rules of docs/simulator-semantics.md).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "ptoc/ir/Type.h"
#include "ptoc/sim/Float.h"

namespace ptoc::npy {
struct Array;
}

namespace ptoc::sim {

using ir::DType;

/// A dense row-major array in the dtype's storage format. Tensors and tiles hold
/// it by shared_ptr: writing a tile into a tensor parameter is visible to the caller.
struct Buffer {
  DType dtype = DType::FP32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;

  Buffer() = default;
  Buffer(DType d, std::vector<int64_t> s);  // zero-filled
  int64_t numel() const;
  size_t elemSize() const { return ir::dtypeBytes(dtype); }
  template <typename T>
  T* as() {
    return reinterpret_cast<T*>(bytes.data());
  }
  template <typename T>
  const T* as() const {
    return reinterpret_cast<const T*>(bytes.data());
  }
  /// Element i converted to double (exact for every dtype but 64-bit integers
  /// beyond 2^53) / from double with the dtype's rounding (RNE for floats,
  /// wrap-around for integers, nonzero for BOOL).
  double getF(int64_t i) const;
  void setF(int64_t i, double v);
  /// Integer view of element i (floats truncate toward zero).
  int64_t getI(int64_t i) const;
  void setI(int64_t i, int64_t v);
};
using BufferPtr = std::shared_ptr<Buffer>;

/// A scalar: the dtype and its value (integers in `i`, floats in `f`, bool in `i`).
struct Scalar {
  DType dtype = DType::Index;
  int64_t i = 0;
  double f = 0;  // floats: the value, already rounded to the dtype

  static Scalar ofInt(DType d, int64_t v);   // wraps to the dtype's width
  static Scalar ofFloat(DType d, double v);  // rounds to the dtype (RNE)
  static Scalar ofBool(bool v) { return ofInt(DType::Bool, v ? 1 : 0); }
  bool isFloat() const { return ir::isFloat(dtype); }
  double asDouble() const { return isFloat() ? f : static_cast<double>(i); }
  int64_t asInt() const { return isFloat() ? static_cast<int64_t>(f) : i; }
  bool asBool() const { return isFloat() ? f != 0 : i != 0; }
};

struct Tensor {
  BufferPtr buf;
};

/// An on-chip tile: a buffer of its full (static) shape, its valid extents, pad
/// value and memory space. Elements outside the valid region read as the pad value.
/// Every kernel that makes a tile writes the pad value outside the valid region.
struct Tile {
  BufferPtr buf;
  std::vector<int64_t> valid;  // same rank as buf->shape
  ir::PadValue pad = ir::PadValue::Null;
  std::optional<ir::MemorySpace> memory;

  DType dtype() const { return buf->dtype; }
  const std::vector<int64_t>& shape() const { return buf->shape; }
  bool fullValid() const { return valid == buf->shape; }
};

struct VReg {
  DType dtype = DType::FP32;
  std::vector<double> lanes;  // values already rounded to dtype (64-bit integers: exact to 2^53)
};

struct Mask {
  std::vector<uint8_t> lanes;  // 0 / 1
};

struct Value;
struct TupleValue {
  std::vector<Value> elements;
};

/// `None` (monostate) is the result of ops without a value.
struct Value {
  std::variant<std::monostate, Scalar, Tensor, Tile, VReg, Mask, TupleValue> v;

  Value() = default;
  template <typename T>
  Value(T x) : v(std::move(x)) {}  // NOLINT: implicit by design

  template <typename T>
  bool is() const {
    return std::holds_alternative<T>(v);
  }
  template <typename T>
  const T& get() const {
    return std::get<T>(v);
  }
  template <typename T>
  T& get() {
    return std::get<T>(v);
  }
  std::string describe() const;  // "Tile[[16, 64], FP32, Vec]", "Scalar[INDEX] = 3", ...
};

/// Value an element outside a tile's valid region reads as: Null and Zero give 0; Max
/// gives +Inf for floats with infinities (+448 for FP8E4M3FN) and the largest value for
/// integers; Min the negated / smallest (pto-isa TFILLPAD convention). UINT64/INT64 limits
/// are not exact as doubles: kernels fill pads with the typed values.
double padValue(ir::PadValue pad, DType dtype);

/// Builds an empty tile value for a tile type (valid extents evaluated by the caller):
/// zeros inside the valid region, the type's pad value outside.
Tile makeTile(const ir::TileType& type, std::vector<int64_t> valid);
/// The same from parts (empty `valid` = the full shape).
Tile newTile(DType dtype, std::vector<int64_t> shape, std::vector<int64_t> valid = {},
             ir::PadValue pad = ir::PadValue::Null,
             std::optional<ir::MemorySpace> memory = ir::MemorySpace::Vec);
Tensor newTensor(DType dtype, std::vector<int64_t> shape);
/// Writes the tile's pad value into every element outside its valid region.
void fillPadding(Tile& t);
/// The tile itself when its valid region is full, else a copy whose elements outside the
/// valid region hold the pad value (what reads outside the valid region see).
Tile withPadding(const Tile& t);
/// Whether `valid` (of tile `t`) covers the box [0, extents) on every axis.
bool validCovers(const Tile& t, const std::vector<int64_t>& extents);

/// Calls f(flatOffset, length) for each contiguous innermost-axis run of the box
/// [0, valid) inside a row-major array of `shape` (one call when the box is the whole array).
template <typename F>
void forEachValidRun(const std::vector<int64_t>& shape, const std::vector<int64_t>& valid, F&& f) {
  size_t rank = shape.size();
  if (rank == 0) return f(int64_t{0}, int64_t{1});
  for (size_t k = 0; k < rank; ++k)
    if (valid[k] <= 0) return;
  if (valid == shape) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return f(int64_t{0}, n);
  }
  std::vector<int64_t> idx(rank, 0), stride(rank, 1);
  for (size_t k = rank - 1; k > 0; --k) stride[k - 1] = stride[k] * shape[k];
  int64_t run = valid[rank - 1];
  while (true) {
    int64_t off = 0;
    for (size_t k = 0; k + 1 < rank; ++k) off += idx[k] * stride[k];
    f(off, run);
    size_t k = rank - 1;
    while (k > 0) {
      --k;
      if (++idx[k] < valid[k]) break;
      idx[k] = 0;
      if (k == 0) return;
    }
    if (rank == 1) return;
  }
}

// ---- Typed elements -------------------------------------------------------------------------

/// Per-dtype element traits: `Storage` (the stored C++ type), `Compute` (float for every
/// float dtype, the integer type itself for integers), exact `load` and rounding `store`
/// (RNE for floats), and `fromDouble` (RNE once for floats; truncation toward zero and
/// wrap-around for integers, NaN -> 0).
template <DType D>
struct Elem;

namespace detail {
template <DType D, typename S>
struct IntElem {
  using Storage = S;
  using Compute = S;
  static constexpr DType dtype = D;
  static constexpr bool kFloat = false;
  static Compute load(Storage s) { return s; }
  static Storage store(Compute c) { return c; }
  static Storage fromDouble(double d) {
    if (!(d == d)) return 0;
    if (d >= 18446744073709551616.0) return static_cast<S>(~uint64_t{0});
    if (d >= 9223372036854775808.0) return static_cast<S>(static_cast<uint64_t>(d));
    if (d < -9223372036854775808.0) return static_cast<S>(std::numeric_limits<int64_t>::min());
    return static_cast<S>(static_cast<int64_t>(d));
  }
};
}  // namespace detail

template <>
struct Elem<DType::Bool> : detail::IntElem<DType::Bool, uint8_t> {
  static Storage store(Compute c) { return c != 0; }
  static Storage fromDouble(double d) { return d != 0; }
};
template <>
struct Elem<DType::Int8> : detail::IntElem<DType::Int8, int8_t> {};
template <>
struct Elem<DType::Int16> : detail::IntElem<DType::Int16, int16_t> {};
template <>
struct Elem<DType::Int32> : detail::IntElem<DType::Int32, int32_t> {};
template <>
struct Elem<DType::Int64> : detail::IntElem<DType::Int64, int64_t> {};
template <>
struct Elem<DType::UInt8> : detail::IntElem<DType::UInt8, uint8_t> {};
template <>
struct Elem<DType::UInt16> : detail::IntElem<DType::UInt16, uint16_t> {};
template <>
struct Elem<DType::UInt32> : detail::IntElem<DType::UInt32, uint32_t> {};
template <>
struct Elem<DType::UInt64> : detail::IntElem<DType::UInt64, uint64_t> {};
template <>
struct Elem<DType::Index> : detail::IntElem<DType::Index, int64_t> {};
template <>
struct Elem<DType::FP32> {
  using Storage = float;
  using Compute = float;
  static constexpr DType dtype = DType::FP32;
  static constexpr bool kFloat = true;
  static float load(float s) { return s; }
  static float store(float c) { return c; }
  static float fromDouble(double d) { return static_cast<float>(d); }  // RNE
};
template <>
struct Elem<DType::FP16> {
  using Storage = uint16_t;
  using Compute = float;
  static constexpr DType dtype = DType::FP16;
  static constexpr bool kFloat = true;
  static float load(Storage s) { return fp16ToFloat(s); }
  static Storage store(float c) { return floatToFp16(c); }
  static Storage fromDouble(double d) { return doubleToFp16(d); }
};
template <>
struct Elem<DType::BF16> {
  using Storage = uint16_t;
  using Compute = float;
  static constexpr DType dtype = DType::BF16;
  static constexpr bool kFloat = true;
  static float load(Storage s) { return bf16ToFloat(s); }
  static Storage store(float c) { return floatToBf16(c); }
  static Storage fromDouble(double d) { return doubleToBf16(d); }
};
template <>
struct Elem<DType::FP8E4M3FN> {
  using Storage = uint8_t;
  using Compute = float;
  static constexpr DType dtype = DType::FP8E4M3FN;
  static constexpr bool kFloat = true;
  static float load(Storage s) { return fp8E4M3FNToFloat(s); }
  static Storage store(float c) { return floatToFp8E4M3FN(c); }
  static Storage fromDouble(double d) { return doubleToFp8E4M3FN(d); }
};
template <>
struct Elem<DType::FP8E5M2> {
  using Storage = uint8_t;
  using Compute = float;
  static constexpr DType dtype = DType::FP8E5M2;
  static constexpr bool kFloat = true;
  static float load(Storage s) { return fp8E5M2ToFloat(s); }
  static Storage store(float c) { return floatToFp8E5M2(c); }
  static Storage fromDouble(double d) { return doubleToFp8E5M2(d); }
};

/// Calls f(Elem<d>{}) once: the kernels' single dtype dispatch per op.
template <typename F>
decltype(auto) dispatchDType(DType d, F&& f) {
  switch (d) {
    case DType::Bool:
      return f(Elem<DType::Bool>{});
    case DType::Int8:
      return f(Elem<DType::Int8>{});
    case DType::Int16:
      return f(Elem<DType::Int16>{});
    case DType::Int32:
      return f(Elem<DType::Int32>{});
    case DType::Int64:
      return f(Elem<DType::Int64>{});
    case DType::UInt8:
      return f(Elem<DType::UInt8>{});
    case DType::UInt16:
      return f(Elem<DType::UInt16>{});
    case DType::UInt32:
      return f(Elem<DType::UInt32>{});
    case DType::UInt64:
      return f(Elem<DType::UInt64>{});
    case DType::FP16:
      return f(Elem<DType::FP16>{});
    case DType::BF16:
      return f(Elem<DType::BF16>{});
    case DType::FP32:
      return f(Elem<DType::FP32>{});
    case DType::FP8E4M3FN:
      return f(Elem<DType::FP8E4M3FN>{});
    case DType::FP8E5M2:
      return f(Elem<DType::FP8E5M2>{});
    case DType::Index:
    // Stored as INDEX; the interpreter reports values of these dtypes at the statement
    // (ir::isUnmodeledDType) before a kernel computes with them.
    case DType::Int4:
    case DType::UInt4:
    case DType::FP4:
    case DType::HF4:
    case DType::HF8:
    case DType::FP8E8M0:
    case DType::TaskId:
      break;
  }
  return f(Elem<DType::Index>{});
}

/// Element arithmetic of docs/simulator-semantics.md §2: floats in fp32 (IEEE 754-2019
/// maximum/minimum: NaN propagates, -0 < +0), integers wrap to their width, integer
/// division truncates toward zero with x / 0 = 0 and MIN / -1 = MIN.
namespace elem {
template <typename T>
using WideUnsigned =
    std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

namespace detail {
/// IEEE 754-2019 maximum (`wantMax`) / minimum on fp32 bit patterns with integer selects only
/// (vectorizes without FP compares): -0 < +0; a NaN operand gives the quiet NaN 0x7fc00000.
inline uint32_t pickFloatBits(uint32_t ua, uint32_t ub, bool wantMax) {
  // Signed keys ordered like the floats they encode (negative values reversed).
  auto sa = static_cast<int32_t>(ua), sb = static_cast<int32_t>(ub);
  int32_t ka = sa ^ ((sa >> 31) & 0x7fffffff);
  int32_t kb = sb ^ ((sb >> 31) & 0x7fffffff);
  uint32_t r = selectBits(wantMax ? ka > kb : ka < kb, ua, ub);
  bool nan = ((sa & 0x7fffffff) > 0x7f800000) | ((sb & 0x7fffffff) > 0x7f800000);
  return selectBits(nan, 0x7fc00000u, r);
}
}  // namespace detail

template <typename T>
T add(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a + b;
  } else {
    using U = WideUnsigned<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  }
}
template <typename T>
T sub(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a - b;
  } else {
    using U = WideUnsigned<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
  }
}
template <typename T>
T mul(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a * b;
  } else {
    using U = WideUnsigned<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
  }
}
template <typename T>
T div(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a / b;
  } else {
    if (b == 0) return 0;
    if constexpr (std::is_signed_v<T>)
      if (a == std::numeric_limits<T>::min() && b == static_cast<T>(-1)) return a;
    return static_cast<T>(a / b);
  }
}
template <typename T>
T max(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return floatFromBits(detail::pickFloatBits(floatBits(a), floatBits(b), true));
  } else {
    return a > b ? a : b;
  }
}
template <typename T>
T min(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return floatFromBits(detail::pickFloatBits(floatBits(a), floatBits(b), false));
  } else {
    return a < b ? a : b;
  }
}
template <typename T>
T neg(T a) {
  if constexpr (std::is_floating_point_v<T>)
    return -a;
  else
    return sub(T(0), a);
}
template <typename T>
T abs(T a) {
  if constexpr (std::is_floating_point_v<T>)
    return std::fabs(a);
  else if constexpr (std::is_signed_v<T>)
    return a < 0 ? neg(a) : a;
  else
    return a;
}
template <typename T>
T relu(T a) {
  return max(a, T(0));
}

/// e^x for fp32, evaluated in double and rounded once to float: x = k ln2 + r, e^r as
/// (e^(r/16))^16 with a degree-6 expm1 polynomial (relative error < 1e-13), scaled by 2^k.
/// Correctly rounded except in vanishingly rare near-tie cases (none in 2e7 random inputs),
/// the same on every platform (no libm), and written with selects only so it vectorizes.
/// NaN -> NaN, +Inf / large -> +Inf, -Inf / very negative -> +0, fp32 subnormal results exact.
inline float expf32(float xf) {
  uint32_t u = floatBits(xf);
  uint32_t au = u & 0x7fffffffu;
  constexpr uint32_t kLimit = 0x43160000u;  // 150.0f: e^±150 over/underflows fp32 after rounding
  double x = floatFromBits(selectBits(au > kLimit, (u & 0x80000000u) | kLimit, u));
  constexpr double kShift = 0x1.8p52, kInvLn2 = 0x1.71547652b82fep0;
  constexpr double kLn2Hi = 0x1.62e42fefa3800p-1, kLn2Lo = 0x1.ef35793c7673p-45;
  double kd = x * kInvLn2 + kShift;  // round(x / ln2) in the low mantissa bits
  auto ki = std::bit_cast<uint64_t>(kd);
  kd -= kShift;
  double r = (x - kd * kLn2Hi) - kd * kLn2Lo;  // |r| <= ln2 / 2
  double h = r * 0x1p-4;
  double p = 1.0 / 720;
  p = p * h + 1.0 / 120;
  p = p * h + 1.0 / 24;
  p = p * h + 1.0 / 6;
  p = p * h + 0.5;
  double q = (p * h) * h + h;                               // e^h - 1
  for (int i = 0; i < 4; ++i) q = q * (q + 2);              // (1 + q)^2 - 1
  double scale = std::bit_cast<double>((ki + 1023) << 52);  // 2^k, |k| <= 217
  uint32_t res = floatBits(static_cast<float>((q + 1) * scale));
  return floatFromBits(selectBits(au > 0x7f800000u, 0x7fc00000u, res));
}

/// The element ops as functors for the kernels' typed loops; unary ones say whether they
/// need a float element (`kFloatOnly`).
struct Add {
  template <typename T>
  T operator()(T a, T b) const {
    return add(a, b);
  }
};
struct Sub {
  template <typename T>
  T operator()(T a, T b) const {
    return sub(a, b);
  }
};
struct Mul {
  template <typename T>
  T operator()(T a, T b) const {
    return mul(a, b);
  }
};
struct Div {
  template <typename T>
  T operator()(T a, T b) const {
    return div(a, b);
  }
};
struct Max {
  template <typename T>
  T operator()(T a, T b) const {
    return max(a, b);
  }
};
struct Min {
  template <typename T>
  T operator()(T a, T b) const {
    return min(a, b);
  }
};
struct Abs {
  static constexpr bool kFloatOnly = false;
  template <typename T>
  T operator()(T a) const {
    return abs(a);
  }
};
struct Neg {
  static constexpr bool kFloatOnly = false;
  template <typename T>
  T operator()(T a) const {
    return neg(a);
  }
};
struct Relu {
  static constexpr bool kFloatOnly = false;
  template <typename T>
  T operator()(T a) const {
    return relu(a);
  }
};
struct Exp {
  static constexpr bool kFloatOnly = true;
  float operator()(float a) const { return expf32(a); }
};
struct Log {
  static constexpr bool kFloatOnly = true;
  float operator()(float a) const { return std::log(a); }
};
struct Sqrt {
  static constexpr bool kFloatOnly = true;
  float operator()(float a) const { return std::sqrt(a); }
};
struct Rsqrt {
  static constexpr bool kFloatOnly = true;
  float operator()(float a) const { return 1.0f / std::sqrt(a); }
};
struct Recip {
  static constexpr bool kFloatOnly = true;
  float operator()(float a) const { return 1.0f / a; }
};

/// Converts a computed value of element type `From` to the storage of `To` (tile.cast and
/// vcvt): float -> float RNE; float -> integer truncates toward zero and saturates, NaN -> 0;
/// integer -> float rounds once (RNE); integer -> integer wraps; anything -> BOOL is != 0.
template <typename From, typename To>
typename To::Storage convert(typename From::Compute v) {
  using S = typename To::Storage;
  if constexpr (To::dtype == DType::Bool) {
    return v != 0;
  } else if constexpr (From::kFloat && To::kFloat) {
    return To::store(v);
  } else if constexpr (From::kFloat) {
    if (!(v == v)) return 0;
    constexpr double lo = static_cast<double>(std::numeric_limits<S>::lowest());
    constexpr double hi = static_cast<double>(std::numeric_limits<S>::max());
    double t = std::trunc(static_cast<double>(v));
    if (t <= lo) return std::numeric_limits<S>::lowest();
    if (t >= hi) return std::numeric_limits<S>::max();
    return static_cast<S>(t);
  } else if constexpr (To::dtype == DType::FP32) {
    return static_cast<float>(v);  // correctly rounded from any integer
  } else if constexpr (To::kFloat) {
    return To::fromDouble(static_cast<double>(v));
  } else {
    return static_cast<S>(v);  // modular
  }
}
}  // namespace elem

/// A scalar as the compute value of element type `E` (rounded / wrapped to E first).
template <typename E>
typename E::Compute scalarAs(const Scalar& s) {
  if (s.isFloat()) return E::load(E::fromDouble(s.f));
  if constexpr (E::kFloat) return E::load(E::fromDouble(static_cast<double>(s.i)));
  return E::load(static_cast<typename E::Storage>(s.i));
}

/// v rounded to `dtype` the way a store would (floats RNE, integers wrap, BOOL != 0).
double roundToDType(DType dtype, double v);
/// A scalar converted to `to` with the tile.cast rules (elem::convert).
Scalar castScalar(const Scalar& s, DType to);

// ---- .npy interchange (docs/simulator-semantics.md §6) --------------------------------------

/// The .npy array of a buffer: numpy dtypes for the standard types; BF16 as raw bits in
/// '<u2', FP8E4M3FN / FP8E5M2 as raw bits in '|u1', INDEX as '<i8'.
npy::Array toNpy(const Buffer& b);
/// A buffer of `dtype` from a .npy array. The array's dtype must be the storage dtype of
/// `dtype` (raw bits for BF16/FP8); throws std::runtime_error naming both otherwise.
Buffer bufferFromNpy(const npy::Array& a, DType dtype);

}  // namespace ptoc::sim
