// analysis/Arith rebuilding: canonical sums back to IR (positive terms in canonical order, then
// the negative ones, then the constant: `x * 2 + y - z * 3 + 5`, `64 - x`), and the boolean
// simplifier (comparisons decided from the facts, and / or / not / select folded).
#include "ArithDetail.h"
#include "ptoc/ir/Builder.h"

namespace ptoc::analysis::detail {

using namespace ir;

namespace {

std::optional<DType> scalarDType(const ExprPtr& e) {
  const auto* s = e && e->type ? e->type->as<ScalarType>() : nullptr;
  return s ? std::optional<DType>(s->dtype) : std::nullopt;
}

/// Constants take the dtype of the node being rebuilt (the input's, or the atom's), so the
/// promotion of the rebuilt sum gives that dtype back whenever the input's operands allowed it.
ExprPtr constLike(int64_t v, DType dtype, Span span) { return constInt(v, dtype, span); }

}  // namespace

ExprPtr ArithState::rebuildAtom(AtomId id) {
  if (rebuilt.size() < atoms.size()) rebuilt.resize(atoms.size());
  if (rebuilt[id]) return rebuilt[id];
  for (AtomId k : pendingAtoms(id, [&](AtomId a) { return rebuilt[a] != nullptr; }))
    rebuilt[k] = computeRebuild(k);
  return rebuilt[id];
}

ExprPtr ArithState::computeRebuild(AtomId id) {
  const Atom a = atoms[id];
  ExprPtr out;
  switch (a.kind) {
    case AtomKind::Var:
    case AtomKind::Opaque:
      out = a.leaf;
      break;
    case AtomKind::Binary:
      out = binary(a.op, rebuildLin(a.args[0], a.dtype, a.span),
                   rebuildLin(a.args[1], a.dtype, a.span), a.span);
      break;
    case AtomKind::Unary: {
      ExprPtr x = rebuildLin(a.args[0], a.dtype, a.span);
      out = a.uop == UnaryOp::Cast ? cast(std::move(x), a.dtype, a.span)
                                   : unary(a.uop, std::move(x), a.span);
      break;
    }
    case AtomKind::Select:
      out = select(a.leaf, rebuildLin(a.args[0], a.dtype, a.span),
                   rebuildLin(a.args[1], a.dtype, a.span), a.span);
      break;
  }
  return out;
}

ExprPtr ArithState::rebuildLin(const Lin& l, DType dtype, Span span) {
  auto term = [&](AtomId id, int64_t magnitude) {
    ExprPtr t = rebuildAtom(id);
    return magnitude == 1 ? t : mul(t, constLike(magnitude, dtype, span), span);
  };
  // |c| of a negative coefficient; INT64_MIN has no magnitude, so it stays a positive term.
  auto isNegative = [](int64_t c) { return c < 0 && c != Interval::kNegInf; };
  ExprPtr acc;
  for (const auto& [id, c] : l.terms) {
    if (isNegative(c)) continue;
    ExprPtr t = term(id, c);
    acc = acc ? add(acc, t, span) : t;
  }
  bool constantPlaced = false;
  if (!acc && l.k != 0) {  // only negative terms: `k - x`
    acc = constInt(l.k, dtype, span);
    constantPlaced = true;
  }
  for (const auto& [id, c] : l.terms) {
    if (!isNegative(c)) continue;
    ExprPtr t = term(id, -c);
    acc = acc ? sub(acc, t, span) : neg(t, span);
  }
  if (!acc) return constInt(l.k, dtype, span);
  if (!constantPlaced && l.k > 0) acc = add(acc, constLike(l.k, dtype, span), span);
  if (!constantPlaced && l.k < 0) {
    acc = l.k == Interval::kNegInf ? add(acc, constLike(l.k, dtype, span), span)
                                   : sub(acc, constLike(-l.k, dtype, span), span);
  }
  return acc;
}

ExprPtr ArithState::simplifyInt(const ExprPtr& e) {
  DType d = scalarDType(e).value_or(DType::Index);
  ExprPtr out = rebuildLin(canon(e), d, e->span);
  if (scalarDType(out) != d) out = cast(out, d, e->span);
  return out;
}

ExprPtr ArithState::simplifyBool(const ExprPtr& e) {
  if (auto it = boolMemo.find(e.get()); it != boolMemo.end()) return it->second.second;
  // Operands first (iteratively), then this node: its operands' queries are memo hits.
  bool operandsReady = true;
  auto ready = [&](const ExprPtr& x) {
    if (isModeledIntExpr(x)) operandsReady = operandsReady && linMemo.count(x.get());
    if (isBoolExpr(x)) operandsReady = operandsReady && boolMemo.count(x.get());
  };
  if (const auto* b = e->as<BinaryExpr>()) {
    ready(b->lhs);
    ready(b->rhs);
  } else if (const auto* u = e->as<UnaryExpr>()) {
    ready(u->operand);
  } else if (const auto* s = e->as<SelectExpr>()) {
    ready(s->cond);
    ready(s->trueValue);
    ready(s->falseValue);
  }
  if (!operandsReady) {
    warmExprs(e);  // computes this node too
    return boolMemo.at(e.get()).second;
  }
  ExprPtr out = simplifyBoolNode(e);
  boolMemo.emplace(e.get(), std::make_pair(e, out));
  return out;
}

ExprPtr ArithState::simplifyBoolNode(const ExprPtr& e) {
  auto boolValue = [](const ExprPtr& x) -> std::optional<bool> {
    if (const auto* c = x->as<ConstBool>()) return c->value;
    return std::nullopt;
  };
  if (const auto* b = e->as<BinaryExpr>()) {
    if (isComparison(b->op) && isModeledIntExpr(b->lhs) && isModeledIntExpr(b->rhs)) {
      if (auto r = decide(b->op, canon(b->lhs), canon(b->rhs))) return constBool(*r, e->span);
      return binary(b->op, simplifyInt(b->lhs), simplifyInt(b->rhs), e->span);
    }
    if (!isBoolExpr(b->lhs) || !isBoolExpr(b->rhs)) return e;
    if (b->op == BinaryOp::And || b->op == BinaryOp::Or) {
      bool isAnd = b->op == BinaryOp::And;
      ExprPtr x = simplifyBool(b->lhs), y = simplifyBool(b->rhs);
      auto vx = boolValue(x), vy = boolValue(y);
      // and: false absorbs, true is neutral; or: the other way round.
      if (vx == !isAnd || vy == !isAnd) return constBool(!isAnd, e->span);
      if (vx) return y;
      if (vy) return x;
      return binary(b->op, x, y, e->span);
    }
    if (b->op == BinaryOp::Eq || b->op == BinaryOp::Ne) {
      ExprPtr x = simplifyBool(b->lhs), y = simplifyBool(b->rhs);
      auto vx = boolValue(x), vy = boolValue(y);
      if (vx && vy) return constBool((*vx == *vy) == (b->op == BinaryOp::Eq), e->span);
      return binary(b->op, x, y, e->span);
    }
    return e;
  }
  if (const auto* u = e->as<UnaryExpr>(); u && u->op == UnaryOp::Not && isBoolExpr(u->operand)) {
    ExprPtr x = simplifyBool(u->operand);
    if (auto v = boolValue(x)) return constBool(!*v, e->span);
    return logicalNot(x, e->span);
  }
  if (const auto* s = e->as<SelectExpr>();
      s && isBoolExpr(s->cond) && isBoolExpr(s->trueValue) && isBoolExpr(s->falseValue)) {
    ExprPtr c = simplifyBool(s->cond);
    if (auto v = boolValue(c)) return simplifyBool(*v ? s->trueValue : s->falseValue);
    return select(c, simplifyBool(s->trueValue), simplifyBool(s->falseValue), e->span);
  }
  return e;
}

}  // namespace ptoc::analysis::detail
