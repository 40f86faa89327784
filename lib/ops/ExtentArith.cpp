// Integer arithmetic on extents and index expressions (see ExtentArith.h).
#include "ptoc/ops/ExtentArith.h"

#include <algorithm>
#include <limits>

namespace ptoc::ops {

using namespace ir;

std::optional<int64_t> constIntValue(const ExprPtr& e) {
  if (!e) return std::nullopt;
  if (const auto* c = e->as<ConstInt>()) return c->value;
  return std::nullopt;
}

std::optional<int64_t> foldConstInt(const ExprPtr& e) {
  if (!e) return std::nullopt;
  if (const auto* c = e->as<ConstInt>()) return c->value;
  if (const auto* u = e->as<UnaryExpr>()) {
    auto v = u->op == UnaryOp::Neg ? foldConstInt(u->operand) : std::nullopt;
    if (!v || *v == std::numeric_limits<int64_t>::min()) return std::nullopt;
    return -*v;
  }
  const auto* b = e->as<BinaryExpr>();
  if (!b) return std::nullopt;
  auto l = foldConstInt(b->lhs), r = foldConstInt(b->rhs);
  if (!l || !r) return std::nullopt;
  return pyIntBinary(b->op, *l, *r);
}

std::optional<int64_t> pyIntBinary(BinaryOp op, int64_t a, int64_t c) {
  int64_t out = 0;
  bool divOverflow = c == 0 || (a == std::numeric_limits<int64_t>::min() && c == -1);
  switch (op) {
    case BinaryOp::Add:
      return __builtin_add_overflow(a, c, &out) ? std::nullopt : std::optional(out);
    case BinaryOp::Sub:
      return __builtin_sub_overflow(a, c, &out) ? std::nullopt : std::optional(out);
    case BinaryOp::Mul:
      return __builtin_mul_overflow(a, c, &out) ? std::nullopt : std::optional(out);
    case BinaryOp::FloorDiv: {
      if (divOverflow) return std::nullopt;
      int64_t q = a / c;
      if (a % c != 0 && ((a < 0) != (c < 0))) --q;  // Python floors
      return q;
    }
    case BinaryOp::FloorMod: {
      if (divOverflow) return std::nullopt;
      int64_t m = a % c;
      if (m != 0 && ((m < 0) != (c < 0))) m += c;
      return m;
    }
    case BinaryOp::Pow: {
      if (c < 0 || c > 63) return std::nullopt;
      int64_t p = 1;
      for (int64_t k = 0; k < c; ++k)
        if (__builtin_mul_overflow(p, a, &p)) return std::nullopt;
      return p;
    }
    case BinaryOp::Shl:
      if (c < 0 || c > 62 || a < 0 || a > (std::numeric_limits<int64_t>::max() >> c))
        return std::nullopt;
      return a << c;
    case BinaryOp::Shr:
      if (c < 0 || c > 63) return std::nullopt;
      return a >> c;
    default:  // true division, min / max, bitwise and comparisons are not folded
      return std::nullopt;
  }
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t out = 0;
  if (!__builtin_add_overflow(a, b, &out)) return out;
  return b > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
}

ExprPtr indexConst(int64_t v) { return std::make_shared<ConstInt>(v, DType::Index, Span{}); }

static TypePtr scalarTypeOf(const ExprPtr& e) {
  if (e && e->type && e->type->isa<ScalarType>()) return e->type;
  return ScalarType::get(DType::Index);
}

static ExprPtr binary(BinaryOp op, const ExprPtr& a, const ExprPtr& b) {
  return std::make_shared<BinaryExpr>(op, a, b, scalarTypeOf(a), Span{});
}

ExprPtr ceilHalfExpr(const ExprPtr& e) {
  if (auto v = constIntValue(e)) return indexConst(ceilHalf(*v));
  ExprPtr one = std::make_shared<ConstInt>(1, scalarTypeOf(e)->as<ScalarType>()->dtype, Span{});
  ExprPtr two = std::make_shared<ConstInt>(2, scalarTypeOf(e)->as<ScalarType>()->dtype, Span{});
  return binary(BinaryOp::FloorDiv, binary(BinaryOp::Add, e, one), two);
}

ExprPtr ceilDivExpr(const ExprPtr& e, int64_t d) {
  if (auto v = constIntValue(e); v && *v >= 0) return indexConst(ceilDiv(*v, d));
  DType t = scalarTypeOf(e)->as<ScalarType>()->dtype;
  ExprPtr bias = std::make_shared<ConstInt>(d - 1, t, Span{});
  ExprPtr div = std::make_shared<ConstInt>(d, t, Span{});
  return binary(BinaryOp::FloorDiv, binary(BinaryOp::Add, e, bias), div);
}

ExprPtr doubleExpr(const ExprPtr& e) {
  if (auto v = constIntValue(e)) {
    int64_t out = 0;
    if (!__builtin_mul_overflow(*v, int64_t{2}, &out)) return indexConst(out);
  }
  ExprPtr two = std::make_shared<ConstInt>(2, scalarTypeOf(e)->as<ScalarType>()->dtype, Span{});
  return binary(BinaryOp::Mul, e, two);
}

ExprPtr subExpr(const ExprPtr& a, const ExprPtr& b) {
  auto va = constIntValue(a), vb = constIntValue(b);
  int64_t out = 0;
  if (va && vb && !__builtin_sub_overflow(*va, *vb, &out)) return indexConst(out);
  if (vb && *vb == 0) return a;
  return binary(BinaryOp::Sub, a, b);
}

ExprPtr minExpr(const ExprPtr& a, const ExprPtr& b) {
  auto va = constIntValue(a), vb = constIntValue(b);
  if (va && vb) return indexConst(std::min(*va, *vb));
  return binary(BinaryOp::Min, a, b);
}

std::optional<int64_t> elementCount(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(n, d, &n)) return std::nullopt;
  return n;
}

}  // namespace ptoc::ops
