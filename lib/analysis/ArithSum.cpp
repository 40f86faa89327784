// analysis/Arith linear sums: a tree (or DAG) of + / - / unary - / multiplication by a constant
// literal is canonicalized as one sum. Its coefficients are pushed from the root down in
// topological order, so each linear node is visited once and each leaf's sum is added once with
// its total coefficient: O(nodes + terms log terms) for the whole sum, where folding it one add
// at a time would copy the growing sum at every node (O(nodes * terms)).
#include <algorithm>
#include <unordered_set>

#include "ArithDetail.h"

namespace ptoc::analysis::detail {

using namespace ir;

namespace {

/// Calls f(operand, multiplier) for the operands of a linear node, left to right.
template <typename F>
void forLinearOperands(const Expr& e, F&& f) {
  if (const auto* u = e.as<UnaryExpr>()) {
    f(u->operand, int64_t{-1});  // Neg
    return;
  }
  const auto& b = static_cast<const BinaryExpr&>(e);
  if (b.op == BinaryOp::Mul) {
    if (const auto* k = b.lhs->as<ConstInt>())
      f(b.rhs, k->value);
    else
      f(b.lhs, b.rhs->as<ConstInt>()->value);
    return;
  }
  f(b.lhs, int64_t{1});
  f(b.rhs, b.op == BinaryOp::Add ? int64_t{1} : int64_t{-1});
}

}  // namespace

bool isLinearNode(const ExprPtr& e) {
  if (!isModeledIntExpr(e)) return false;
  if (const auto* u = e->as<UnaryExpr>())
    return u->op == UnaryOp::Neg && isModeledIntExpr(u->operand);
  const auto* b = e->as<BinaryExpr>();
  if (!b || !isModeledIntExpr(b->lhs) || !isModeledIntExpr(b->rhs)) return false;
  if (b->op == BinaryOp::Add || b->op == BinaryOp::Sub) return true;
  return b->op == BinaryOp::Mul && (b->lhs->isa<ConstInt>() || b->rhs->isa<ConstInt>());
}

std::vector<const Expr*> ArithState::linearNodes(const ExprPtr& root,
                                                 std::vector<ExprPtr>* leaves) {
  // Iterative post-order over the linear nodes not yet memoized; its reverse is a topological
  // order (every node before its operands).
  std::vector<const Expr*> post;
  std::unordered_set<const Expr*> seen{root.get()}, seenLeaf;
  std::vector<std::pair<ExprPtr, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [x, expanded] = std::move(stack.back());
    stack.pop_back();
    if (expanded) {
      post.push_back(x.get());
      continue;
    }
    stack.emplace_back(x, true);
    std::vector<ExprPtr> operands;
    forLinearOperands(*x, [&](const ExprPtr& o, int64_t) { operands.push_back(o); });
    for (auto it = operands.rbegin(); it != operands.rend(); ++it) {
      const ExprPtr& o = *it;
      if (isLinearNode(o) && !linMemo.count(o.get())) {
        if (seen.insert(o.get()).second) stack.emplace_back(o, false);
      }
    }
    if (leaves)
      for (const ExprPtr& o : operands)
        if ((!isLinearNode(o) || linMemo.count(o.get())) && seenLeaf.insert(o.get()).second)
          leaves->push_back(o);
  }
  std::reverse(post.begin(), post.end());
  return post;
}

Lin ArithState::canonLinear(const ExprPtr& root) {
  std::vector<ExprPtr> leaves;
  std::vector<const Expr*> order = linearNodes(root, &leaves);
  std::unordered_map<const Expr*, int64_t> coeff{{root.get(), 1}}, leafCoeff;
  std::unordered_set<const Expr*> inner(order.begin(), order.end());
  for (const Expr* n : order) {
    int64_t c = coeff[n];
    if (c == 0) continue;
    forLinearOperands(*n, [&](const ExprPtr& o, int64_t m) {
      int64_t& slot = inner.count(o.get()) ? coeff[o.get()] : leafCoeff[o.get()];
      slot = checkedAdd(slot, checkedMul(c, m));
    });
  }
  // Sum the leaves' canonical forms, each once with its total coefficient.
  Lin out;
  std::vector<std::pair<AtomId, int64_t>> raw;
  for (const ExprPtr& leaf : leaves) {
    int64_t c = leafCoeff[leaf.get()];
    if (c == 0) continue;
    Lin l = canon(leaf);
    out.k = checkedAdd(out.k, checkedMul(c, l.k));
    for (const auto& [id, tc] : l.terms) raw.emplace_back(id, checkedMul(c, tc));
  }
  std::sort(raw.begin(), raw.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [id, c] : raw) {
    if (!out.terms.empty() && out.terms.back().first == id)
      out.terms.back().second = checkedAdd(out.terms.back().second, c);
    else
      out.terms.emplace_back(id, c);
    if (out.terms.back().second == 0) out.terms.pop_back();
  }
  foldDivModPairs(out);
  return out;
}

}  // namespace ptoc::analysis::detail
