// analysis/Arith rewrite rules for floordiv / floormod by a positive constant and for min / max
// (Python semantics: floor toward -inf, the remainder of a positive divisor is in [0, c)).
// Every rule is an identity on the integers, or holds under the bound facts it checks.
#include <algorithm>

#include "ArithDetail.h"

namespace ptoc::analysis::detail {

using namespace ir;

namespace {

/// gcd of c, the coefficients and the constant of `l`.
int64_t contentWith(const Lin& l, int64_t c) {
  int64_t g = gcd64(c, l.k);
  for (const auto& t : l.terms) g = gcd64(g, t.second);
  return g;
}

Lin divideExact(Lin l, int64_t g) {
  l.k /= g;
  for (auto& t : l.terms) t.second /= g;
  return l;
}

/// Finite bounds with one quotient: the floor of every value of `r` divided by c.
std::optional<int64_t> sameQuotient(const Interval& r, int64_t c) {
  if (!r.hasLower() || !r.hasUpper()) return std::nullopt;
  int64_t q = floorDivInt(r.lo, c);
  if (q != floorDivInt(r.hi, c)) return std::nullopt;
  return q;
}

}  // namespace

Lin ArithState::floorDiv(const Lin& a, int64_t c, const ExprPtr& self) {
  if (a.isConst()) return linConst(floorDivInt(a.k, c));
  if (c == 1) return a;
  // (q*c + r) // c == q + r // c: the terms whose coefficient c divides leave the division,
  // and so does the constant's quotient.
  Lin out, rest;
  for (const auto& t : a.terms) {
    if (t.second % c == 0)
      out.terms.emplace_back(t.first, t.second / c);
    else
      rest.terms.push_back(t);
  }
  out.k = floorDivInt(a.k, c);
  rest.k = floorModInt(a.k, c);
  if (rest.isConst()) return out;  // 0 <= rest.k < c
  // (g*x) // (g*c) == x // c
  if (int64_t g = contentWith(rest, c); g > 1) {
    rest = divideExact(std::move(rest), g);
    c /= g;
    if (c == 1) return linAdd(out, rest);
  }
  if (auto q = sameQuotient(boundLin(rest), c)) return linAdd(out, linConst(*q));
  // (x // c1 + k) // c == (x + k*c1) // (c1*c)
  if (rest.terms.size() == 1 && rest.terms[0].second == 1) {
    const Atom& inner = atoms[rest.terms[0].first];
    if (inner.kind == AtomKind::Binary && inner.op == BinaryOp::FloorDiv &&
        inner.args[1].isConst() && inner.args[1].k > 0) {
      int64_t c1 = inner.args[1].k;
      Lin x = linAdd(inner.args[0], linConst(checkedMul(rest.k, c1)));
      return linAdd(out, floorDiv(x, checkedMul(c1, c), self));
    }
  }
  return linAdd(out, binaryAtom(BinaryOp::FloorDiv, std::move(rest), linConst(c), self));
}

Lin ArithState::floorMod(const Lin& a, int64_t c, const ExprPtr& self) {
  if (a.isConst()) return linConst(floorModInt(a.k, c));
  if (c == 1) return linConst(0);
  // Multiples of c vanish; a coefficient beyond c is reduced modulo c.
  Lin rest;
  for (const auto& [id, coeff] : a.terms) {
    if (coeff % c == 0) continue;
    bool big = coeff > c || coeff < -c;
    rest.terms.emplace_back(id, big ? floorModInt(coeff, c) : coeff);
  }
  rest.k = floorModInt(a.k, c);
  if (rest.isConst()) return rest;
  if (Modular m = modLin(rest); m.coeff > 0 && m.coeff % c == 0)
    return linConst(floorModInt(m.base, c));  // every value is base (mod c)
  // (g*x) % (g*c) == g * (x % c)
  if (int64_t g = contentWith(rest, c); g > 1)
    return linScale(floorMod(divideExact(std::move(rest), g), c / g, self), g);
  if (auto q = sameQuotient(boundLin(rest), c))
    return linAdd(rest, linConst(checkedMul(*q, c)), -1);  // e.g. x % c == x for 0 <= x < c
  // (x % c1 + k) % c == (x + k) % c when c divides c1
  if (rest.terms.size() == 1 && rest.terms[0].second == 1) {
    const Atom& inner = atoms[rest.terms[0].first];
    if (inner.kind == AtomKind::Binary && inner.op == BinaryOp::FloorMod &&
        inner.args[1].isConst() && inner.args[1].k > 0 && inner.args[1].k % c == 0) {
      Lin x = linAdd(inner.args[0], linConst(rest.k));
      return floorMod(x, c, self);
    }
  }
  return binaryAtom(BinaryOp::FloorMod, std::move(rest), linConst(c), self);
}

Lin ArithState::minMax(BinaryOp op, const Lin& a, const Lin& b, const ExprPtr& self) {
  bool isMin = op == BinaryOp::Min;
  if (a == b) return a;
  if (a.isConst() && b.isConst()) return linConst(isMin ? std::min(a.k, b.k) : std::max(a.k, b.k));
  if (proveLE(a, b) == std::optional<bool>(true)) return isMin ? a : b;
  if (proveLE(b, a) == std::optional<bool>(true)) return isMin ? b : a;
  // min(x + r, y + r) == min(x, y) + r for the terms (and constant) both sides share.
  Lin common;
  if (a.k == b.k) common.k = a.k;
  for (const auto& t : a.terms)
    if (b.coeffOf(t.first) == t.second) common.terms.push_back(t);
  if (!common.terms.empty() || common.k != 0)
    return linAdd(common, minMax(op, linAdd(a, common, -1), linAdd(b, common, -1), self));
  // min(min(x, y), b) == min(x, y) when x <= b (max alike), in either argument order.
  auto absorbs = [&](const Lin& nested, const Lin& other) {
    auto id = nested.asAtom();
    if (!id) return false;
    const Atom& n = atoms[*id];
    if (n.kind != AtomKind::Binary || n.op != op) return false;
    for (const Lin& arg : n.args)
      if ((isMin ? proveLE(arg, other) : proveLE(other, arg)) == std::optional<bool>(true))
        return true;
    return false;
  };
  if (absorbs(a, b)) return a;
  if (absorbs(b, a)) return b;
  return binaryAtom(op, a, b, self);
}

}  // namespace ptoc::analysis::detail
