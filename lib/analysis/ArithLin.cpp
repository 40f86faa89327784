// analysis/Arith building blocks: Python floor division on int64, checked arithmetic, canonical
// sums (Lin) and interval arithmetic with infinities (see ArithDetail.h).
#include <algorithm>
#include <numeric>

#include "ArithDetail.h"

namespace ptoc::analysis {

int64_t floorDivInt(int64_t a, int64_t b) {
  if (b == -1) return static_cast<int64_t>(0ULL - static_cast<uint64_t>(a));
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t floorModInt(int64_t a, int64_t b) {
  if (b == -1) return 0;
  int64_t m = a % b;
  if (m != 0 && ((m < 0) != (b < 0))) m += b;
  return m;
}

Interval Interval::intersect(const Interval& o) const {
  return {std::max(lo, o.lo), std::min(hi, o.hi)};
}

Interval Interval::unite(const Interval& o) const {
  return {std::min(lo, o.lo), std::max(hi, o.hi)};
}

namespace detail {

using namespace ir;

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) throw Overflow{};
  return out;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) throw Overflow{};
  return out;
}

int64_t gcd64(int64_t a, int64_t b) {
  if (a == Interval::kNegInf || b == Interval::kNegInf) throw Overflow{};
  return std::gcd(a < 0 ? -a : a, b < 0 ? -b : b);
}

std::optional<AtomId> Lin::asAtom() const {
  if (k == 0 && terms.size() == 1 && terms[0].second == 1) return terms[0].first;
  return std::nullopt;
}

int64_t Lin::coeffOf(AtomId id) const {
  auto it = std::lower_bound(terms.begin(), terms.end(), std::make_pair(id, Interval::kNegInf));
  return it != terms.end() && it->first == id ? it->second : 0;
}

Lin linConst(int64_t k) { return Lin{k, {}}; }

Lin linAtom(AtomId id, int64_t coeff) {
  Lin l;
  if (coeff != 0) l.terms.emplace_back(id, coeff);
  return l;
}

Lin linAdd(const Lin& a, const Lin& b, int64_t scale) {
  Lin out;
  out.k = checkedAdd(a.k, checkedMul(b.k, scale));
  out.terms.reserve(a.terms.size() + b.terms.size());
  size_t i = 0, j = 0;
  while (i < a.terms.size() || j < b.terms.size()) {
    if (j == b.terms.size() || (i < a.terms.size() && a.terms[i].first < b.terms[j].first)) {
      out.terms.push_back(a.terms[i++]);
    } else if (i == a.terms.size() || b.terms[j].first < a.terms[i].first) {
      out.terms.emplace_back(b.terms[j].first, checkedMul(b.terms[j].second, scale));
      ++j;
    } else {
      int64_t c = checkedAdd(a.terms[i].second, checkedMul(b.terms[j].second, scale));
      if (c != 0) out.terms.emplace_back(a.terms[i].first, c);
      ++i;
      ++j;
    }
  }
  return out;
}

Lin linScale(const Lin& a, int64_t c) {
  if (c == 0) return Lin{};
  Lin out{checkedMul(a.k, c), {}};
  out.terms.reserve(a.terms.size());
  for (const auto& [id, coeff] : a.terms) out.terms.emplace_back(id, checkedMul(coeff, c));
  return out;
}

bool linLess(const Lin& a, const Lin& b) {
  if (a.terms.empty() != b.terms.empty()) return !a.terms.empty();
  if (a.terms != b.terms) return a.terms < b.terms;
  return a.k < b.k;
}

void appendKey(std::vector<int64_t>& key, const Lin& l) {
  key.push_back(static_cast<int64_t>(l.terms.size()));
  key.push_back(l.k);
  for (const auto& [id, c] : l.terms) {
    key.push_back(id);
    key.push_back(c);
  }
}

size_t KeyHash::operator()(const std::vector<int64_t>& key) const {
  uint64_t h = 1469598103934665603ULL;
  for (int64_t v : key) {
    h ^= static_cast<uint64_t>(v) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 1099511628211ULL;
  }
  return static_cast<size_t>(h);
}

bool isModeledInt(DType d) { return d == DType::Index || isSignedInteger(d); }

bool isModeledIntExpr(const ExprPtr& e) {
  const auto* s = e && e->type ? e->type->as<ScalarType>() : nullptr;
  return s && isModeledInt(s->dtype);
}

bool isBoolExpr(const ExprPtr& e) {
  const auto* s = e && e->type ? e->type->as<ScalarType>() : nullptr;
  return s && s->dtype == DType::Bool;
}

Interval dtypeRange(DType d) {
  if (!isModeledInt(d) || d == DType::Index || dtypeBits(d) >= 64) return Interval::everything();
  int64_t half = int64_t{1} << (dtypeBits(d) - 1);
  return {-half, half - 1};
}

// ---- intervals ------------------------------------------------------------------------------

namespace {

constexpr int64_t kNegInf = Interval::kNegInf;
constexpr int64_t kPosInf = Interval::kPosInf;

/// a + b for a lower (isLo) or upper bound; infinities absorb, overflow widens.
int64_t addBound(int64_t a, int64_t b, bool isLo) {
  int64_t inf = isLo ? kNegInf : kPosInf;
  if (a == inf || b == inf) return inf;
  int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) return inf;
  return out;
}

/// a * b where a, b may be +/-inf; 0 * inf = 0 (the values are finite). Overflow gives the
/// infinity of the product's sign.
int64_t mulExt(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  bool neg = (a < 0) != (b < 0);
  bool infA = a == kNegInf || a == kPosInf, infB = b == kNegInf || b == kPosInf;
  int64_t out = 0;
  if (infA || infB || __builtin_mul_overflow(a, b, &out)) return neg ? kNegInf : kPosInf;
  return out;
}

Interval widenDegenerate(Interval r) {
  if (r.lo == kPosInf) r.lo = kNegInf;  // impossible without overflow: say nothing
  if (r.hi == kNegInf) r.hi = kPosInf;
  return r;
}

}  // namespace

Interval ivAdd(const Interval& a, const Interval& b) {
  return widenDegenerate({addBound(a.lo, b.lo, true), addBound(a.hi, b.hi, false)});
}

Interval ivScale(const Interval& a, int64_t c) {
  if (c == 0) return Interval::point(0);
  int64_t x = mulExt(a.lo, c), y = mulExt(a.hi, c);
  return widenDegenerate(c > 0 ? Interval{x, y} : Interval{y, x});
}

Interval ivMul(const Interval& a, const Interval& b) {
  int64_t p[4] = {mulExt(a.lo, b.lo), mulExt(a.lo, b.hi), mulExt(a.hi, b.lo), mulExt(a.hi, b.hi)};
  return widenDegenerate({*std::min_element(p, p + 4), *std::max_element(p, p + 4)});
}

Interval ivFloorDiv(const Interval& a, int64_t c) {
  return {a.lo == kNegInf ? kNegInf : floorDivInt(a.lo, c),
          a.hi == kPosInf ? kPosInf : floorDivInt(a.hi, c)};
}

}  // namespace detail
}  // namespace ptoc::analysis
