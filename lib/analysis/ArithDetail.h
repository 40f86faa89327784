// Internals of analysis/Arith shared by lib/analysis/Arith*.cpp; not an interface for other
// code (use ptoc/analysis/Arith.h).
//
//  - Lin: a canonical sum `k + sum(coeff * atom)`, terms sorted by AtomId, coefficients != 0.
//  - Atom: an interned term: a variable, an opaque node, or an operator over canonical Lins.
//    Interning is by content (operator, dtype, operands), so equal terms get one id; ids are
//    handed out in first-appearance order and that is the canonical term order.
//  - ArithState: the atoms, the facts and the memo tables; its members are split by concern
//    over ArithCanonical.cpp (IR -> Lin), ArithRules.cpp (div/mod/min/max rules), ArithBound.cpp
//    (intervals, congruences, proofs) and ArithRebuild.cpp (Lin -> IR, bool simplification);
//    ArithLin.cpp holds the Lin and interval arithmetic, Arith.cpp the Analyzer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptoc/analysis/Arith.h"

namespace ptoc::analysis::detail {

using AtomId = uint32_t;

/// Thrown by checked arithmetic on int64 overflow; the node being canonicalized then stays an
/// opaque atom (a bound query drops the refinement instead).
struct Overflow {};

int64_t checkedAdd(int64_t a, int64_t b);
int64_t checkedMul(int64_t a, int64_t b);
int64_t gcd64(int64_t a, int64_t b);  // >= 0; gcd(0, 0) = 0

struct Lin {
  int64_t k = 0;
  std::vector<std::pair<AtomId, int64_t>> terms;

  bool isConst() const { return terms.empty(); }
  /// A single `1 * atom` with no constant.
  std::optional<AtomId> asAtom() const;
  int64_t coeffOf(AtomId id) const;  // 0 when absent
  bool operator==(const Lin& o) const = default;
};

Lin linConst(int64_t k);
Lin linAtom(AtomId id, int64_t coeff = 1);
/// a + scale * b (checked).
Lin linAdd(const Lin& a, const Lin& b, int64_t scale = 1);
Lin linScale(const Lin& a, int64_t c);
/// Deterministic total order (by term ids, then coefficients, then constant); a Lin with terms
/// sorts before a constant.
bool linLess(const Lin& a, const Lin& b);
void appendKey(std::vector<int64_t>& key, const Lin& l);

/// Values are congruent to `base` modulo `coeff` (coeff >= 1; coeff 1 says nothing).
struct Modular {
  int64_t coeff = 1;
  int64_t base = 0;
};

enum class AtomKind : uint8_t { Var, Opaque, Binary, Unary, Select };

struct Atom {
  AtomKind kind = AtomKind::Opaque;
  ir::BinaryOp op = ir::BinaryOp::Add;  // Binary
  ir::UnaryOp uop = ir::UnaryOp::Neg;   // Unary (Abs, Cast)
  ir::DType dtype = ir::DType::Index;   // the node's dtype (a Cast's target)
  ptoc::Span span;                      // of the first node that produced the atom
  ir::ExprPtr leaf;                     // Var / Opaque: the node; Select: the condition
  std::vector<Lin> args;                // Binary: lhs, rhs; Unary: operand; Select: t, f
};

struct VarFact {
  ir::VarPtr var;  // keeps the key alive
  Interval range;
  Modular mod;
  std::optional<Lin> symLo, symHi;  // start <= v <= stop - 1 of a loop with symbolic bounds
};

struct KeyHash {
  size_t operator()(const std::vector<int64_t>& key) const;
};

/// Scalar integer dtypes the analysis models (INDEX and signed integers).
bool isModeledInt(ir::DType d);
bool isModeledIntExpr(const ir::ExprPtr& e);
bool isBoolExpr(const ir::ExprPtr& e);
/// +, - and unary - over modeled integers, and a product with an integer literal.
bool isLinearNode(const ir::ExprPtr& e);
Interval dtypeRange(ir::DType d);

// Interval arithmetic with +/-inf (results only ever widen on overflow).
Interval ivAdd(const Interval& a, const Interval& b);
Interval ivScale(const Interval& a, int64_t c);
Interval ivMul(const Interval& a, const Interval& b);
Interval ivFloorDiv(const Interval& a, int64_t c);  // c > 0

class ArithState {
 public:
  // ---- atoms (ArithCanonical.cpp) ----
  std::vector<Atom> atoms;
  std::unordered_map<const ir::Expr*, AtomId> leafIds;   // Var / Opaque atoms by node
  std::unordered_map<const ir::Expr*, int64_t> condIds;  // Select conditions by node
  std::vector<ir::ExprPtr> condHold;
  std::unordered_map<std::vector<int64_t>, AtomId, KeyHash> keyed;  // operator atoms by content

  AtomId leafAtom(AtomKind kind, const ir::ExprPtr& e, ir::DType dtype);
  AtomId internAtom(Atom a);
  std::optional<AtomId> findAtom(const Atom& a) const;

  // ---- facts ----
  std::unordered_map<const ir::Var*, VarFact> facts;
  const VarFact* factOf(const ir::Var* v) const;
  void setFact(VarFact f);
  void invalidate();  // facts changed: drop every memo that depends on them

  // ---- memo tables (cleared by invalidate) ----
  std::unordered_map<const ir::Expr*, std::pair<ir::ExprPtr, Lin>> linMemo;
  std::unordered_map<const ir::Expr*, std::pair<ir::ExprPtr, ir::ExprPtr>> boolMemo;
  std::vector<std::optional<Interval>> atomBounds;
  std::vector<std::optional<Modular>> atomMods;
  std::unordered_map<std::vector<int64_t>, Interval, KeyHash> linBoundMemo;
  std::vector<ir::ExprPtr> rebuilt;  // per atom; depends on the atom only, kept across binds

  // ---- canonicalization (ArithCanonical.cpp, ArithRules.cpp) ----
  Lin canon(const ir::ExprPtr& e);  // e: a modeled integer expression
  /// Canonicalizes (int) / simplifies (bool) every node under `e` bottom-up with an explicit
  /// stack, so deep expressions never recurse deeply; afterwards canon / simplifyBool of any of
  /// them is a memo hit.
  void warmExprs(const ir::ExprPtr& e);
  void canonOne(const ir::ExprPtr& e);
  Lin canonNode(const ir::ExprPtr& e);
  /// The linear nodes (+, -, unary -, * literal) under `root` that are not memoized, root
  /// first, every node before its operands; `leaves` gets their other operands, left to right.
  std::vector<const ir::Expr*> linearNodes(const ir::ExprPtr& root,
                                           std::vector<ir::ExprPtr>* leaves);
  /// A linear node's sum in one pass (ArithSum.cpp); its leaves must be memoized.
  Lin canonLinear(const ir::ExprPtr& root);
  Lin canonBinary(const ir::BinaryExpr& b, const ir::ExprPtr& self);
  Lin canonUnary(const ir::UnaryExpr& u, const ir::ExprPtr& self);
  Lin canonSelect(const ir::SelectExpr& s, const ir::ExprPtr& self);
  Lin opaque(const ir::ExprPtr& e);
  Lin binaryAtom(ir::BinaryOp op, Lin a, Lin b, const ir::ExprPtr& self);
  Lin floorDiv(const Lin& a, int64_t c, const ir::ExprPtr& self);
  Lin floorMod(const Lin& a, int64_t c, const ir::ExprPtr& self);
  Lin minMax(ir::BinaryOp op, const Lin& a, const Lin& b, const ir::ExprPtr& self);
  Lin product(const Lin& a, const Lin& b, const ir::ExprPtr& self);
  /// (x // c) * c * m + (x % c) * m -> x * m, for the div/mod pairs of a sum.
  void foldDivModPairs(Lin& l);

  /// The atoms reachable from `root` through atom operands for which `cached` is false, in
  /// increasing id order: operands always have smaller ids, so computing a memo in this order
  /// never recurses more than one level.
  template <typename Cached>
  std::vector<AtomId> pendingAtoms(AtomId root, Cached cached) const;
  /// The memo of `id` in `cache` (one slot per atom): computed with `compute(atom)` for it and
  /// for the uncached atoms it depends on, in pendingAtoms order.
  template <typename T, typename Compute>
  T memoAtom(std::vector<std::optional<T>>& cache, AtomId id, Compute compute);

  // ---- bounds and proofs (ArithBound.cpp) ----
  Interval computeBound(AtomId id);
  Modular computeMod(AtomId id);
  Interval boundLin(const Lin& l, int depth = Analyzer::kProofDepth);
  Interval boundAtom(AtomId id);
  Modular modLin(const Lin& l);
  Modular modAtom(AtomId id);
  /// Decides `a op b` for a comparison op from the facts alone (no case split).
  std::optional<bool> decide(ir::BinaryOp op, const Lin& a, const Lin& b);
  std::optional<bool> proveLE(const Lin& a, const Lin& b) { return decide(ir::BinaryOp::Le, a, b); }

  // ---- rebuilding (ArithRebuild.cpp) ----
  ir::ExprPtr rebuildLin(const Lin& l, ir::DType dtype, ptoc::Span span);
  ir::ExprPtr rebuildAtom(AtomId id);
  ir::ExprPtr computeRebuild(AtomId id);
  ir::ExprPtr simplifyInt(const ir::ExprPtr& e);
  ir::ExprPtr simplifyBool(const ir::ExprPtr& e);  // memoized; decided -> ConstBool
  ir::ExprPtr simplifyBoolNode(const ir::ExprPtr& e);
};

template <typename Cached>
std::vector<AtomId> ArithState::pendingAtoms(AtomId root, Cached cached) const {
  std::vector<AtomId> out, stack{root};
  std::unordered_set<AtomId> seen{root};
  while (!stack.empty()) {
    AtomId id = stack.back();
    stack.pop_back();
    out.push_back(id);
    for (const Lin& arg : atoms[id].args)
      for (const auto& t : arg.terms)
        if (!cached(t.first) && seen.insert(t.first).second) stack.push_back(t.first);
  }
  std::sort(out.begin(), out.end());
  return out;
}

template <typename T, typename Compute>
T ArithState::memoAtom(std::vector<std::optional<T>>& cache, AtomId id, Compute compute) {
  if (cache.size() < atoms.size()) cache.resize(atoms.size());
  if (cache[id]) return *cache[id];
  for (AtomId k : pendingAtoms(id, [&](AtomId x) { return cache[x].has_value(); })) {
    T value = compute(k);
    if (cache.size() < atoms.size()) cache.resize(atoms.size());
    cache[k] = std::move(value);
  }
  return *cache[id];
}

}  // namespace ptoc::analysis::detail
