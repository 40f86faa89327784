// analysis/Arith: an integer simplifier and prover for index expressions (issue 8, item 5;
// docs/analysis-arith.md is the maintainer page).
//
// An `Analyzer` holds facts about variables (inclusive ranges, loop steps, symbolic loop bounds)
// and answers questions about scalar integer expressions of the IR (INDEX and the signed INT*
// dtypes): their canonical affine form, a simplified IR expression, a constant interval that
// contains every value, and proofs of comparisons.
//
// Model. Values are mathematical integers: the analysis assumes that no intermediate value
// overflows its dtype (index arithmetic never does in practice). FloorDiv / FloorMod follow
// Python (floor toward -inf; the remainder has the divisor's sign). Unsigned, bool and float
// subexpressions, calls and buffer loads are opaque atoms: kept as they are, never looked into.
//
// Canonical form. An integer expression is a sum of coefficient x term plus a constant, where a
// term is a variable or a non-linear node (floordiv / floormod / min / max / a product of two
// non-constants / select / any other operator) over canonical operands. Terms are interned per
// Analyzer and ordered by first appearance (the variables bound first come first); the order
// never depends on pointer values, so the output is deterministic for a given call sequence.
//
// Soundness. simplify() returns an expression equal to its input for every assignment of the
// variables inside their bound ranges; tryProve() answers true / false only when that holds for
// every such assignment, and std::nullopt (unknown) otherwise. It is incomplete: relations
// between two unbound variables, non-linear facts and most properties of products are unknown.
//
// Complexity. Each distinct IR node is canonicalized once per Analyzer state (memoized; shared
// subexpressions of a DAG are not revisited; an explicit stack, so depth costs no recursion). A
// whole tree of + / - / * literal is summed in one pass, O(nodes + T log T); every other
// operator costs O(T), T the number of terms of its operands' sums. So a query is O(N * T) for N
// nodes, and O(N log N) when T is small (index expressions) or all terms sit in one sum. Bound
// queries are memoized per term; the relational refinements (distributing a sum into a min/max,
// substituting a symbolic loop bound) are bounded by a fixed depth (kProofDepth) and breadth.
// tryProve() may case-split on variables with at most 4 values (at most 16 cases). bind() clears
// the memoized results (they depend on the facts), not the interned terms. Measured: 16k nested
// div/mod/min levels (a DAG) in ~1 s, a 16k-term sum in ~0.16 s on the 2-core build machine.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "ptoc/ir/Expr.h"

namespace ptoc::analysis {

namespace detail {
class ArithState;
}

/// Python `a // b` and `a % b` on int64 (b != 0; INT64_MIN // -1 wraps as in the simulator).
int64_t floorDivInt(int64_t a, int64_t b);
int64_t floorModInt(int64_t a, int64_t b);

/// An inclusive integer interval [lo, hi]; lo == kNegInf / hi == kPosInf mean unbounded.
struct Interval {
  static constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();
  static constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max();
  int64_t lo = kNegInf;
  int64_t hi = kPosInf;

  static Interval everything() { return {}; }
  static Interval point(int64_t v) { return {v, v}; }
  bool hasLower() const { return lo != kNegInf; }
  bool hasUpper() const { return hi != kPosInf; }
  bool isPoint() const { return lo == hi && hasLower() && hasUpper(); }
  bool isEverything() const { return !hasLower() && !hasUpper(); }
  bool contains(int64_t v) const { return lo <= v && v <= hi; }
  Interval intersect(const Interval& o) const;
  Interval unite(const Interval& o) const;
  bool operator==(const Interval& o) const = default;
};

/// One term of an affine form: `coeff * term`.
struct AffineTerm {
  ir::ExprPtr term;
  int64_t coeff = 0;
};

/// sum(coeff * term) + constant; terms in canonical order, coefficients non-zero, each term once.
struct AffineForm {
  std::vector<AffineTerm> terms;
  int64_t constant = 0;
  bool isConstant() const { return terms.empty(); }
};

class Analyzer {
 public:
  /// Depth of the relational refinements in bound queries (see the complexity note above).
  static constexpr int kProofDepth = 3;

  Analyzer();
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;

  // ---- facts --------------------------------------------------------------------------------
  /// `v` lies in [lo, hi] (inclusive), intersected with what is already known about it.
  void bind(const ir::VarPtr& v, int64_t lo, int64_t hi);
  void bind(const ir::VarPtr& v, Interval range);
  /// A loop variable of `for v in range(start, stop, step)` with constant bounds: v in
  /// [start, stop - 1] (step > 0) or [stop + 1, start] (step < 0), v = start (mod |step|).
  void bindLoop(const ir::VarPtr& v, int64_t start, int64_t stop, int64_t step = 1);
  /// Same with expressions: the constant bounds come from boundOf(start) / boundOf(stop), and
  /// for step > 0 (constant, or null = 1) v is also recorded as start <= v <= stop - 1, which
  /// proves e.g. `v < stop` for a symbolic `stop`.
  void bindLoop(const ir::VarPtr& v, const ir::ExprPtr& start, const ir::ExprPtr& stop,
                const ir::ExprPtr& step = nullptr);
  /// What is known about `v` (everything, or its dtype's range, when nothing was bound).
  Interval rangeOf(const ir::VarPtr& v);

  // ---- queries ------------------------------------------------------------------------------
  /// An equal expression in canonical form: constants folded, like terms combined, div/mod/
  /// min/max/select rewritten under the facts; a comparison / and / or / not is folded to a
  /// ConstBool when decided. New nodes carry the input's span; the result has the input's dtype
  /// (a cast is added when the canonical operands would promote differently). Expressions that
  /// are neither integer nor bool scalars are returned unchanged.
  ir::ExprPtr simplify(const ir::ExprPtr& e);
  /// The canonical affine form of an integer expression (a non-integer one is a single term).
  AffineForm toAffine(const ir::ExprPtr& e);
  /// A constant interval containing every value of `e` (everything when not an integer).
  Interval boundOf(const ir::ExprPtr& e);
  /// true / false when `cond` (a bool scalar expression) holds / fails for every assignment of
  /// the variables inside their ranges; std::nullopt when unknown.
  std::optional<bool> tryProve(const ir::ExprPtr& cond);
  bool canProve(const ir::ExprPtr& cond) { return tryProve(cond) == std::optional<bool>(true); }
  bool canProveLE(const ir::ExprPtr& a, const ir::ExprPtr& b);  // a <= b
  bool canProveLT(const ir::ExprPtr& a, const ir::ExprPtr& b);  // a < b
  bool canProveEQ(const ir::ExprPtr& a, const ir::ExprPtr& b);  // a == b

 private:
  std::unique_ptr<detail::ArithState> state_;
};

}  // namespace ptoc::analysis
