// analysis/Arith canonicalization: IR integer expression -> Lin (a canonical sum over interned
// atoms). Each node is visited once per fact state (linMemo), so a DAG costs O(nodes * terms).
// The div/mod/min/max rules themselves live in ArithRules.cpp.
#include <algorithm>

#include "ArithDetail.h"
#include "ptoc/ir/Builder.h"

namespace ptoc::analysis::detail {

using namespace ir;

namespace {

DType dtypeOf(const ExprPtr& e) {
  const auto* s = e && e->type ? e->type->as<ScalarType>() : nullptr;
  return s ? s->dtype : DType::Index;
}

bool isCommutative(BinaryOp op) {
  return op == BinaryOp::Mul || op == BinaryOp::Min || op == BinaryOp::Max ||
         op == BinaryOp::BitAnd || op == BinaryOp::BitOr || op == BinaryOp::BitXor;
}

std::vector<int64_t> atomKey(const Atom& a, int64_t condId) {
  std::vector<int64_t> key{static_cast<int64_t>(a.kind),
                           static_cast<int64_t>(a.op),
                           static_cast<int64_t>(a.uop),
                           static_cast<int64_t>(a.dtype),
                           condId,
                           static_cast<int64_t>(a.args.size())};
  // Commutative operands key in canonical order; the atom keeps the order it was first seen in.
  bool swap = a.kind == AtomKind::Binary && isCommutative(a.op) && linLess(a.args[1], a.args[0]);
  for (size_t i = 0; i < a.args.size(); ++i) appendKey(key, a.args[swap ? 1 - i : i]);
  return key;
}

/// Folds an integer operator on two constants; nullopt when it is not foldable (division by
/// zero, negative shift or exponent) so the node stays as it is.
std::optional<int64_t> foldConstants(BinaryOp op, int64_t x, int64_t y) {
  switch (op) {
    case BinaryOp::Add:
      return checkedAdd(x, y);
    case BinaryOp::Sub:
      if (y == Interval::kNegInf) throw Overflow{};
      return checkedAdd(x, -y);
    case BinaryOp::Mul:
      return checkedMul(x, y);
    case BinaryOp::FloorDiv:
      if (y == 0) return std::nullopt;
      if (y == -1 && x == Interval::kNegInf) throw Overflow{};
      return floorDivInt(x, y);
    case BinaryOp::FloorMod:
      if (y == 0) return std::nullopt;
      return floorModInt(x, y);
    case BinaryOp::Min:
      return std::min(x, y);
    case BinaryOp::Max:
      return std::max(x, y);
    case BinaryOp::Pow: {
      if (y < 0) return std::nullopt;
      int64_t acc = 1;
      for (int64_t e = 0; e < y; ++e) {
        acc = checkedMul(acc, x);
        if (acc == 0 || acc == 1) break;
        if (acc == -1) return (y - e - 1) % 2 == 0 ? -1 : 1;
      }
      return acc;
    }
    case BinaryOp::BitAnd:
      return x & y;
    case BinaryOp::BitOr:
      return x | y;
    case BinaryOp::BitXor:
      return x ^ y;
    case BinaryOp::Shl:
      if (y < 0) return std::nullopt;
      if (y >= 63) return x == 0 ? std::optional<int64_t>(0) : std::nullopt;
      return checkedMul(x, int64_t{1} << y);
    case BinaryOp::Shr:
      if (y < 0) return std::nullopt;
      return y >= 64 ? (x < 0 ? -1 : 0) : (x >> y);
    case BinaryOp::Div:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge:
    case BinaryOp::And:
    case BinaryOp::Or:
      return std::nullopt;  // not integer-valued
  }
  return std::nullopt;
}

}  // namespace

// ---- atoms ----------------------------------------------------------------------------------

AtomId ArithState::leafAtom(AtomKind kind, const ExprPtr& e, DType dtype) {
  auto [it, inserted] = leafIds.try_emplace(e.get(), static_cast<AtomId>(atoms.size()));
  if (inserted) {
    Atom a;
    a.kind = kind;
    a.dtype = dtype;
    a.span = e->span;
    a.leaf = e;
    atoms.push_back(std::move(a));
  }
  return it->second;
}

std::optional<AtomId> ArithState::findAtom(const Atom& a) const {
  int64_t condId = -1;
  if (a.kind == AtomKind::Select) {
    auto c = condIds.find(a.leaf.get());
    if (c == condIds.end()) return std::nullopt;
    condId = c->second;
  }
  auto it = keyed.find(atomKey(a, condId));
  if (it == keyed.end()) return std::nullopt;
  return it->second;
}

AtomId ArithState::internAtom(Atom a) {
  int64_t condId = -1;
  if (a.kind == AtomKind::Select) {
    auto [c, inserted] = condIds.try_emplace(a.leaf.get(), static_cast<int64_t>(condHold.size()));
    if (inserted) condHold.push_back(a.leaf);
    condId = c->second;
  }
  auto [it, inserted] = keyed.try_emplace(atomKey(a, condId), static_cast<AtomId>(atoms.size()));
  if (inserted) atoms.push_back(std::move(a));
  return it->second;
}

Lin ArithState::opaque(const ExprPtr& e) {
  return linAtom(leafAtom(AtomKind::Opaque, e, dtypeOf(e)));
}

Lin ArithState::binaryAtom(BinaryOp op, Lin a, Lin b, const ExprPtr& self) {
  Atom atom;
  atom.kind = AtomKind::Binary;
  atom.op = op;
  atom.dtype = dtypeOf(self);
  atom.span = self->span;
  atom.args = {std::move(a), std::move(b)};
  return linAtom(internAtom(std::move(atom)));
}

// ---- canonicalization -----------------------------------------------------------------------

Lin ArithState::canon(const ExprPtr& e) {
  auto it = linMemo.find(e.get());
  if (it == linMemo.end()) {
    warmExprs(e);
    it = linMemo.find(e.get());
  }
  return it->second.second;
}

void ArithState::warmExprs(const ExprPtr& root) {
  auto done = [&](const ExprPtr& x) {
    if (isModeledIntExpr(x)) return linMemo.count(x.get()) != 0;
    if (isBoolExpr(x)) return boolMemo.count(x.get()) != 0;
    return true;  // neither: never canonicalized
  };
  std::vector<std::pair<ExprPtr, bool>> stack{{root, false}};  // (node, children pushed)
  while (!stack.empty()) {
    auto [x, expanded] = std::move(stack.back());
    stack.pop_back();
    if (done(x)) continue;
    if (expanded) {
      if (isModeledIntExpr(x))
        canonOne(x);
      else
        simplifyBool(x);
      continue;
    }
    stack.emplace_back(x, true);
    auto push = [&](const ExprPtr& child) {
      if (!done(child)) stack.emplace_back(child, false);
    };
    if (isLinearNode(x)) {
      // A sum is canonicalized as a whole (canonLinear): only its leaves come first.
      std::vector<ExprPtr> leaves;
      linearNodes(x, &leaves);
      for (auto it = leaves.rbegin(); it != leaves.rend(); ++it) push(*it);
    } else if (const auto* b = x->as<BinaryExpr>()) {
      push(b->rhs);
      push(b->lhs);
    } else if (const auto* u = x->as<UnaryExpr>()) {
      push(u->operand);
    } else if (const auto* s = x->as<SelectExpr>()) {
      push(s->falseValue);
      push(s->trueValue);
      push(s->cond);
    }
  }
}

void ArithState::canonOne(const ExprPtr& e) {
  Lin l;
  try {
    l = canonNode(e);
  } catch (const Overflow&) {
    l = opaque(e);
  }
  linMemo.emplace(e.get(), std::make_pair(e, std::move(l)));
}

Lin ArithState::canonNode(const ExprPtr& e) {
  if (const auto* c = e->as<ConstInt>()) return linConst(c->value);
  if (const auto* v = e->as<Var>()) {
    const VarFact* f = factOf(v);
    if (f && f->range.isPoint()) return linConst(f->range.lo);
    return linAtom(leafAtom(AtomKind::Var, e, dtypeOf(e)));
  }
  if (isLinearNode(e)) return canonLinear(e);
  if (const auto* b = e->as<BinaryExpr>()) return canonBinary(*b, e);
  if (const auto* u = e->as<UnaryExpr>()) return canonUnary(*u, e);
  if (const auto* s = e->as<SelectExpr>()) return canonSelect(*s, e);
  return opaque(e);  // calls, buffer loads, tuple items, ...
}

Lin ArithState::canonBinary(const BinaryExpr& b, const ExprPtr& self) {
  if (!isModeledIntExpr(b.lhs) || !isModeledIntExpr(b.rhs)) return opaque(self);
  Lin x = canon(b.lhs), y = canon(b.rhs);
  if (x.isConst() && y.isConst()) {
    if (auto v = foldConstants(b.op, x.k, y.k)) return linConst(*v);
    return binaryAtom(b.op, std::move(x), std::move(y), self);
  }
  switch (b.op) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      Lin sum = linAdd(x, y, b.op == BinaryOp::Add ? 1 : -1);
      foldDivModPairs(sum);
      return sum;
    }
    case BinaryOp::Mul:
      if (x.isConst()) return linScale(y, x.k);
      if (y.isConst()) return linScale(x, y.k);
      return product(x, y, self);
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod: {
      bool isDiv = b.op == BinaryOp::FloorDiv;
      if (y.isConst() && y.k > 0) return isDiv ? floorDiv(x, y.k, self) : floorMod(x, y.k, self);
      if (!y.isConst() && decide(BinaryOp::Le, linConst(0), x) == std::optional<bool>(true) &&
          decide(BinaryOp::Lt, x, y) == std::optional<bool>(true))
        return isDiv ? linConst(0) : x;  // 0 <= x < y
      return binaryAtom(b.op, std::move(x), std::move(y), self);
    }
    case BinaryOp::Min:
    case BinaryOp::Max:
      return minMax(b.op, x, y, self);
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
      break;
  }
  return binaryAtom(b.op, std::move(x), std::move(y), self);
}

Lin ArithState::canonUnary(const UnaryExpr& u, const ExprPtr& self) {
  if (!isModeledIntExpr(u.operand)) return opaque(self);
  switch (u.op) {
    case UnaryOp::Neg:
      return linScale(canon(u.operand), -1);
    case UnaryOp::BitNot:  // ~x == -x - 1
      return linAdd(linScale(canon(u.operand), -1), linConst(-1));
    case UnaryOp::Abs:
    case UnaryOp::Cast: {
      Lin x = canon(u.operand);
      Interval r = boundLin(x);
      if (u.op == UnaryOp::Abs) {
        if (r.lo >= 0) return x;
        if (r.hi <= 0) return linScale(x, -1);
      } else if (dtypeRange(dtypeOf(self)).intersect(r) == r) {
        return x;  // the value fits the target dtype: the cast changes nothing
      }
      Atom atom;
      atom.kind = AtomKind::Unary;
      atom.uop = u.op;
      atom.dtype = dtypeOf(self);
      atom.span = self->span;
      atom.args = {std::move(x)};
      return linAtom(internAtom(std::move(atom)));
    }
    case UnaryOp::Not:
      break;
  }
  return opaque(self);
}

Lin ArithState::canonSelect(const SelectExpr& s, const ExprPtr& self) {
  if (!isBoolExpr(s.cond) || !isModeledIntExpr(s.trueValue) || !isModeledIntExpr(s.falseValue))
    return opaque(self);
  ExprPtr cond = simplifyBool(s.cond);
  if (const auto* c = cond->as<ConstBool>()) return canon(c->value ? s.trueValue : s.falseValue);
  Lin t = canon(s.trueValue), f = canon(s.falseValue);
  if (t == f) return t;
  Atom atom;
  atom.kind = AtomKind::Select;
  atom.dtype = dtypeOf(self);
  atom.span = self->span;
  atom.leaf = std::move(cond);
  atom.args = {std::move(t), std::move(f)};
  return linAtom(internAtom(std::move(atom)));
}

Lin ArithState::product(const Lin& a, const Lin& b, const ExprPtr& self) {
  // Pull the constant content out of each factor: (2x + 4) * (3y) = 6 * ((x + 2) * y).
  auto content = [](const Lin& l) {
    int64_t g = gcd64(l.k, 0);
    for (const auto& t : l.terms) g = gcd64(g, t.second);
    return l.terms.front().second < 0 ? -g : g;
  };
  int64_t ga = content(a), gb = content(b);
  Lin na = a, nb = b;
  na.k /= ga;
  for (auto& t : na.terms) t.second /= ga;
  nb.k /= gb;
  for (auto& t : nb.terms) t.second /= gb;
  return linScale(binaryAtom(BinaryOp::Mul, std::move(na), std::move(nb), self),
                  checkedMul(ga, gb));
}

void ArithState::foldDivModPairs(Lin& l) {
  std::vector<std::pair<AtomId, int64_t>> mods;
  for (const auto& t : l.terms) {
    const Atom& a = atoms[t.first];
    if (a.kind == AtomKind::Binary && a.op == BinaryOp::FloorMod && a.args[1].isConst() &&
        a.args[1].k > 0)
      mods.push_back(t);
  }
  for (const auto& [modId, cm] : mods) {
    Atom div = atoms[modId];
    div.op = BinaryOp::FloorDiv;
    div.leaf = nullptr;
    auto divId = findAtom(div);
    if (!divId || l.coeffOf(modId) != cm || l.coeffOf(*divId) != checkedMul(cm, div.args[1].k))
      continue;
    // x % c * m + x // c * (c * m) == x * m
    Lin drop = linAdd(linAtom(modId, cm), linAtom(*divId, checkedMul(cm, div.args[1].k)));
    l = linAdd(linAdd(l, drop, -1), div.args[0], cm);
  }
}

}  // namespace ptoc::analysis::detail
