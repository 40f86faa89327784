// Scalar semantics of the interpreter: binary and unary operators on scalars with the
// DSL's (Python's) meaning — floor division and modulo round toward -inf, comparisons
// happen in the promoted dtype, floats are computed in double and rounded once to the
// result dtype, integers wrap to their width.
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "InterpreterImpl.h"
#include "ptoc/ir/Builder.h"

namespace ptoc::sim::detail {

using ir::BinaryOp;
using ir::UnaryOp;

namespace {

Scalar makeInt(DType r, int64_t v) {
  if (r == DType::Bool) return Scalar::ofBool(v != 0);
  return Scalar::ofInt(r, v);
}

int64_t wrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrapSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t wrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

double floatOf(const Scalar& s) {
  if (s.isFloat()) return s.f;
  if (s.dtype == DType::UInt64) return static_cast<double>(static_cast<uint64_t>(s.i));
  return static_cast<double>(s.i);
}

/// Integer value of a scalar (floats truncate toward zero, saturating; NaN gives 0).
int64_t intOf(const Scalar& s) {
  if (!s.isFloat()) return s.i;
  double t = std::trunc(s.f);
  if (!(t == t)) return 0;
  if (t <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  if (t >= 9223372036854775808.0) return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(t);
}

double floatMinMax(bool isMax, double x, double y) {
  if (x != x || y != y) return x + y;                   // NaN propagates
  if (x == y) return std::signbit(x) == isMax ? y : x;  // max(-0, +0) = +0, min = -0
  return (x > y) == isMax ? x : y;
}

[[noreturn]] void fail(Span span, const std::string& msg, std::string hint = {}) {
  throw SimError(span, msg, std::move(hint));
}

Scalar compare(BinaryOp op, const Scalar& a, const Scalar& b) {
  DType dom = ir::promoteDTypes(a.dtype, b.dtype);
  int c;  // -1, 0, 1; 2 = unordered
  if (ir::isFloat(dom) || a.isFloat() || b.isFloat()) {
    double x = floatOf(a), y = floatOf(b);
    c = x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;
  } else if (dom == DType::UInt64) {
    uint64_t x = static_cast<uint64_t>(a.i), y = static_cast<uint64_t>(b.i);
    c = x < y ? -1 : x > y ? 1 : 0;
  } else {
    c = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  }
  bool r = false;
  switch (op) {
    case BinaryOp::Eq:
      r = c == 0;
      break;
    case BinaryOp::Ne:
      r = c != 0;
      break;
    case BinaryOp::Lt:
      r = c == -1;
      break;
    case BinaryOp::Le:
      r = c == -1 || c == 0;
      break;
    case BinaryOp::Gt:
      r = c == 1;
      break;
    case BinaryOp::Ge:
      r = c == 1 || c == 0;
      break;
    default:
      break;
  }
  return Scalar::ofBool(r);
}

double floatBinary(BinaryOp op, double x, double y, Span span) {
  switch (op) {
    case BinaryOp::Add:
      return x + y;
    case BinaryOp::Sub:
      return x - y;
    case BinaryOp::Mul:
      return x * y;
    case BinaryOp::Div:
      return x / y;
    case BinaryOp::FloorDiv:
      return std::floor(x / y);
    case BinaryOp::FloorMod: {
      double v = std::fmod(x, y);
      if (v != 0 && ((v < 0) != (y < 0))) v += y;
      return v;
    }
    case BinaryOp::Pow:
      return std::pow(x, y);
    case BinaryOp::Min:
      return floatMinMax(false, x, y);
    case BinaryOp::Max:
      return floatMinMax(true, x, y);
    default:
      fail(span,
           fmt::format("operator '{}' needs integer operands, got a float", ir::binaryOpName(op)),
           "cast the operands: pl.cast(x, pl.INT32)");
  }
}

Scalar intBinary(BinaryOp op, int64_t x, int64_t y, DType r, bool isUnsigned, Span span) {
  int64_t v = 0;
  switch (op) {
    case BinaryOp::Add:
      v = wrapAdd(x, y);
      break;
    case BinaryOp::Sub:
      v = wrapSub(x, y);
      break;
    case BinaryOp::Mul:
      v = wrapMul(x, y);
      break;
    case BinaryOp::Div:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod: {
      if (y == 0) fail(span, "integer division by zero", "guard the divisor, or divide floats");
      if (isUnsigned) {
        uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
        v = static_cast<int64_t>(op == BinaryOp::FloorMod ? ux % uy : ux / uy);
        break;
      }
      if (y == -1) {
        v = op == BinaryOp::FloorMod ? 0 : wrapSub(0, x);
        break;
      }
      int64_t q = x / y, m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) {
        --q;
        m += y;
      }
      v = op == BinaryOp::FloorMod ? m : q;
      break;
    }
    case BinaryOp::Pow: {
      if (y < 0)
        fail(span, fmt::format("negative exponent {} in an integer power", y),
             "use a float base for negative exponents, e.g. pl.cast(x, pl.FP32) ** y");
      int64_t base = x, acc = 1;
      for (int64_t e = y; e > 0; e >>= 1) {
        if (e & 1) acc = wrapMul(acc, base);
        base = wrapMul(base, base);
      }
      v = acc;
      break;
    }
    case BinaryOp::Min:
    case BinaryOp::Max: {
      bool less = isUnsigned ? static_cast<uint64_t>(x) < static_cast<uint64_t>(y) : x < y;
      v = (op == BinaryOp::Min) == less ? x : y;
      break;
    }
    case BinaryOp::BitAnd:
      v = x & y;
      break;
    case BinaryOp::BitOr:
      v = x | y;
      break;
    case BinaryOp::BitXor:
      v = x ^ y;
      break;
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
      if (y < 0)
        fail(span, fmt::format("negative shift count {}", y),
             "shift by a count >= 0 (shift the other way for a negative count)");
      if (op == BinaryOp::Shl) {
        v = y >= 64 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(x) << y);
      } else if (isUnsigned) {
        v = y >= 64 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(x) >> y);
      } else {
        v = y >= 64 ? (x < 0 ? -1 : 0) : (x >> y);
      }
      break;
    }
    default:
      break;
  }
  return makeInt(r, v);
}

}  // namespace

Scalar binaryScalar(BinaryOp op, const Scalar& a, const Scalar& b, DType result, Span span) {
  if (ir::isComparison(op)) return compare(op, a, b);
  if (op == BinaryOp::And) return Scalar::ofBool(a.asBool() && b.asBool());
  if (op == BinaryOp::Or) return Scalar::ofBool(a.asBool() || b.asBool());
  if (ir::isFloat(result))
    return Scalar::ofFloat(result, floatBinary(op, floatOf(a), floatOf(b), span));
  if (a.isFloat() || b.isFloat()) {
    // An integer result from float operands: compute in double, then truncate.
    double v = floatBinary(op, floatOf(a), floatOf(b), span);
    Scalar d;
    d.dtype = DType::FP32;
    d.f = v;
    return castScalar(d, result);
  }
  bool isUnsigned = ir::isInteger(result) && !ir::isSignedInteger(result) && result != DType::Index;
  return intBinary(op, a.i, b.i, result, isUnsigned, span);
}

Scalar unaryScalar(UnaryOp op, const Scalar& a, DType result, Span span) {
  switch (op) {
    case UnaryOp::Cast:
      return castScalar(a, result);
    case UnaryOp::Not:
      return Scalar::ofBool(!a.asBool());
    case UnaryOp::Neg:
      if (ir::isFloat(result)) return Scalar::ofFloat(result, -floatOf(a));
      return makeInt(result, wrapSub(0, intOf(a)));
    case UnaryOp::Abs:
      if (ir::isFloat(result)) return Scalar::ofFloat(result, std::fabs(floatOf(a)));
      return makeInt(result, intOf(a) < 0 ? wrapSub(0, intOf(a)) : intOf(a));
    case UnaryOp::BitNot:
      if (a.isFloat())
        fail(span, "operator '~' needs an integer operand, got a float",
             "cast it first: pl.cast(x, pl.INT32)");
      if (result == DType::Bool) return Scalar::ofBool(!a.asBool());
      return makeInt(result, ~a.i);
  }
  fail(span, "internal error: unknown unary operator");
}

Value conformTo(Value v, const ir::TypePtr& t) {
  if (!t || !v.is<Scalar>()) return v;
  const auto* st = t->as<ir::ScalarType>();
  if (!st || v.get<Scalar>().dtype == st->dtype) return v;
  return castScalar(v.get<Scalar>(), st->dtype);
}

}  // namespace ptoc::sim::detail
