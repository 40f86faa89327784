// analysis/Arith bounds and proofs: a constant interval per atom (memoized) and per sum, the
// congruence of a sum (v = base mod coeff, from loop steps), and decisions of comparisons.
//
// A sum's interval adds its terms' intervals, which forgets that two terms move together. Two
// refinements recover the common cases, each bounded by `depth` (Analyzer::kProofDepth) and by
// kBreadth candidates per level, so a query costs a constant number of O(T) sums:
//  - a min/max term with coefficient +-1 takes the rest of the sum inside:
//    max(a, b) + r == max(a + r, b + r), so `max(V, i*S) - i*S` is bounded as max(V - i*S, 0);
//  - a variable with a symbolic loop bound is replaced by it: for `v <= n - 1`,
//    c*v + r <= c*(n - 1) + r when c > 0 (so `n - v >= 1` is proved).
#include <algorithm>

#include "ArithDetail.h"

namespace ptoc::analysis::detail {

using namespace ir;

namespace {

constexpr int kBreadth = 4;

Lin without(const Lin& l, size_t index) {
  Lin out = l;
  out.terms.erase(out.terms.begin() + static_cast<std::ptrdiff_t>(index));
  return out;
}

}  // namespace

Interval ArithState::boundAtom(AtomId id) {
  return memoAtom(atomBounds, id, [this](AtomId k) { return computeBound(k); });
}

Interval ArithState::computeBound(AtomId id) {
  const Atom& a = atoms[id];  // bounding never interns atoms, so the reference stays valid
  Interval r = Interval::everything();
  switch (a.kind) {
    case AtomKind::Var:
      if (const VarFact* f = factOf(static_cast<const Var*>(a.leaf.get()))) r = f->range;
      break;
    case AtomKind::Opaque:
      break;
    case AtomKind::Unary: {
      Interval x = boundLin(a.args[0]);
      if (a.uop == UnaryOp::Abs) {
        Interval n = ivScale(x, -1);
        r = x.lo >= 0 ? x : x.hi <= 0 ? n : Interval{0, std::max(n.hi, x.hi)};
      }
      break;  // Cast: the target dtype's range (below)
    }
    case AtomKind::Select:
      r = boundLin(a.args[0]).unite(boundLin(a.args[1]));
      break;
    case AtomKind::Binary: {
      Interval x = boundLin(a.args[0]), y = boundLin(a.args[1]);
      switch (a.op) {
        case BinaryOp::Mul:
          r = ivMul(x, y);
          break;
        case BinaryOp::Min:
          r = {std::min(x.lo, y.lo), std::min(x.hi, y.hi)};
          break;
        case BinaryOp::Max:
          r = {std::max(x.lo, y.lo), std::max(x.hi, y.hi)};
          break;
        case BinaryOp::FloorDiv:
          if (y.isPoint() && y.lo > 0) {
            r = ivFloorDiv(x, y.lo);
          } else if (y.lo > 0 && x.lo >= 0) {
            r = {0, x.hi == Interval::kPosInf ? x.hi : floorDivInt(x.hi, y.lo)};
          } else if (y.lo > 0 && x.hasLower() && x.hasUpper() && y.hasUpper()) {
            int64_t p[4] = {floorDivInt(x.lo, y.lo), floorDivInt(x.lo, y.hi),
                            floorDivInt(x.hi, y.lo), floorDivInt(x.hi, y.hi)};
            r = {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
          }
          break;
        case BinaryOp::FloorMod:
          if (y.lo > 0) {
            r = {0, y.hi == Interval::kPosInf ? y.hi : y.hi - 1};
            if (x.lo >= 0) r.hi = std::min(r.hi, x.hi);
            if (y.isPoint() && x.hasLower() && x.hasUpper() &&
                floorDivInt(x.lo, y.lo) == floorDivInt(x.hi, y.lo))
              r = {floorModInt(x.lo, y.lo), floorModInt(x.hi, y.lo)};
          } else if (y.hi < 0) {
            r = {y.lo == Interval::kNegInf ? y.lo : y.lo + 1, 0};
          }
          break;
        case BinaryOp::Add:
        case BinaryOp::Sub:
        case BinaryOp::Div:
        case BinaryOp::Pow:
        case BinaryOp::Eq:
        case BinaryOp::Ne:
        case BinaryOp::Lt:
        case BinaryOp::Le:
        case BinaryOp::Gt:
        case BinaryOp::Ge:
        case BinaryOp::And:
        case BinaryOp::Or:
        case BinaryOp::BitAnd:
        case BinaryOp::BitOr:
        case BinaryOp::BitXor:
        case BinaryOp::Shl:
        case BinaryOp::Shr:
          break;  // the dtype's range
      }
      break;
    }
  }
  return r.intersect(dtypeRange(a.dtype));
}

Interval ArithState::boundLin(const Lin& l, int depth) {
  Interval base = Interval::point(l.k);
  for (const auto& [id, c] : l.terms) base = ivAdd(base, ivScale(boundAtom(id), c));
  if (depth <= 0 || l.terms.empty()) return base;

  std::vector<int64_t> key{depth};
  appendKey(key, l);
  if (auto it = linBoundMemo.find(key); it != linBoundMemo.end()) return it->second;

  int tried = 0;
  for (size_t i = 0; i < l.terms.size() && tried < kBreadth; ++i) {
    auto [id, c] = l.terms[i];
    const Atom& a = atoms[id];
    try {
      bool minMax = a.kind == AtomKind::Binary && (a.op == BinaryOp::Min || a.op == BinaryOp::Max);
      if (minMax && (c == 1 || c == -1) && l.terms.size() >= 2) {
        ++tried;
        // c*max(x, y) + r: max(x + r, y + r) for c = 1, min(r - x, r - y) for c = -1.
        Lin rest = without(l, i);
        Lin x = linAdd(rest, a.args[0], c), y = linAdd(rest, a.args[1], c);
        Interval bx = boundLin(x, depth - 1), by = boundLin(y, depth - 1);
        bool takeMax = (a.op == BinaryOp::Max) == (c == 1);
        Interval r = takeMax ? Interval{std::max(bx.lo, by.lo), std::max(bx.hi, by.hi)}
                             : Interval{std::min(bx.lo, by.lo), std::min(bx.hi, by.hi)};
        base = base.intersect(r);
      } else if (a.kind == AtomKind::Var) {
        const VarFact* f = factOf(static_cast<const Var*>(a.leaf.get()));
        if (!f || (!f->symLo && !f->symHi)) continue;
        ++tried;
        Lin rest = without(l, i);
        const auto& forUpper = c > 0 ? f->symHi : f->symLo;
        const auto& forLower = c > 0 ? f->symLo : f->symHi;
        if (forUpper)
          base.hi = std::min(base.hi, boundLin(linAdd(rest, *forUpper, c), depth - 1).hi);
        if (forLower)
          base.lo = std::max(base.lo, boundLin(linAdd(rest, *forLower, c), depth - 1).lo);
      }
    } catch (const Overflow&) {
      continue;  // the refinement is optional
    }
  }
  linBoundMemo.emplace(std::move(key), base);
  return base;
}

Modular ArithState::modAtom(AtomId id) {
  return memoAtom(atomMods, id, [this](AtomId k) { return computeMod(k); });
}

Modular ArithState::computeMod(AtomId id) {
  const Atom& a = atoms[id];
  Modular m;
  if (a.kind == AtomKind::Var) {
    if (const VarFact* f = factOf(static_cast<const Var*>(a.leaf.get()))) m = f->mod;
  } else if (a.kind == AtomKind::Binary && a.op == BinaryOp::Mul) {
    // (p*s + u) * (q*t + w) == pq*st + pw*s + qu*t + uw
    Modular x = modLin(a.args[0]), y = modLin(a.args[1]);
    try {
      int64_t g = gcd64(gcd64(checkedMul(x.coeff, y.coeff), checkedMul(x.coeff, y.base)),
                        checkedMul(y.coeff, x.base));
      if (g > 0) m = {g, floorModInt(checkedMul(x.base, y.base), g)};
    } catch (const Overflow&) {
      m = {};
    }
  }
  return m;
}

Modular ArithState::modLin(const Lin& l) {
  try {
    int64_t coeff = 0, base = l.k;
    for (const auto& [id, c] : l.terms) {
      Modular m = modAtom(id);
      coeff = gcd64(coeff, checkedMul(c, m.coeff));
      base = checkedAdd(base, checkedMul(c, m.base));
    }
    if (coeff == 0) return {0, base};  // a constant
    return {coeff, floorModInt(base, coeff)};
  } catch (const Overflow&) {
    return {};
  }
}

std::optional<bool> ArithState::decide(BinaryOp op, const Lin& a, const Lin& b) {
  try {
    switch (op) {
      case BinaryOp::Le:
      case BinaryOp::Lt: {
        Interval d = boundLin(linAdd(b, a, -1));  // b - a
        int64_t need = op == BinaryOp::Lt ? 1 : 0;
        if (d.lo >= need) return true;
        if (d.hi < need) return false;
        return std::nullopt;
      }
      case BinaryOp::Ge:
        return decide(BinaryOp::Le, b, a);
      case BinaryOp::Gt:
        return decide(BinaryOp::Lt, b, a);
      case BinaryOp::Eq:
      case BinaryOp::Ne: {
        Lin diff = linAdd(a, b, -1);
        std::optional<bool> eq;
        if (diff.isConst()) {
          eq = diff.k == 0;
        } else if (Interval d = boundLin(diff); !d.contains(0)) {
          eq = false;
        } else if (d.lo == 0 && d.hi == 0) {
          eq = true;
        } else if (Modular m = modLin(diff); m.coeff > 1 && m.base != 0) {
          eq = false;  // never a multiple of m.coeff, so never 0
        }
        if (!eq) return std::nullopt;
        return op == BinaryOp::Eq ? *eq : !*eq;
      }
      case BinaryOp::Add:
      case BinaryOp::Sub:
      case BinaryOp::Mul:
      case BinaryOp::Div:
      case BinaryOp::FloorDiv:
      case BinaryOp::FloorMod:
      case BinaryOp::Pow:
      case BinaryOp::Min:
      case BinaryOp::Max:
      case BinaryOp::And:
      case BinaryOp::Or:
      case BinaryOp::BitAnd:
      case BinaryOp::BitOr:
      case BinaryOp::BitXor:
      case BinaryOp::Shl:
      case BinaryOp::Shr:
        break;
    }
  } catch (const Overflow&) {
  }
  return std::nullopt;
}

}  // namespace ptoc::analysis::detail
