// Structural equality and hashing of the IR (TVM style): variable names are
// ignored and definitions are matched by position (a bijection between the two
// sides, free variables included); everything else — types (shape, dtype, memory,
// effective view incl. valid_shape expressions), ops and callees, kwargs and attrs
// in order, function names/types/directions/return types, loop kinds, scope
// fields — must match. Bodies compare as flattened statement lists (nested Seqs and
// a missing body equal to an empty one). Program name and class/top-level form are
// cosmetic. Float constants compare by value, -0.0 != 0.0, NaN == NaN.
//
// structuralHash is consistent with structuralEqual: equal nodes hash equally.
// Variables hash by the order in which they are first met, never by name/address.
#pragma once

#include <cstdint>
#include <string>

#include "ptoc/ir/Function.h"

namespace ptoc::ir {

/// The first difference found (traversal order), or `equal`.
struct EqualResult {
  bool equal = true;
  /// e.g. "op differs: tile.add vs tile.sub", "statement kind differs: Assign vs Eval",
  /// "type differs: Tile[[16, 16], FP32, Vec] vs Tile[[16, 8], FP32, Vec]".
  std::string message;
  /// The two differing nodes (or their nearest enclosing node with a valid span).
  Span lhsSpan, rhsSpan;
  /// Name of the (left-hand) function holding the difference; empty at program level.
  std::string function;

  explicit operator bool() const { return equal; }
};

EqualResult structuralEqual(const Program& lhs, const Program& rhs);
EqualResult structuralEqual(const Function& lhs, const Function& rhs);
/// Statements (a Seq compares as its flattened list). Free variables map consistently.
EqualResult structuralEqual(const Stmt& lhs, const Stmt& rhs);
/// Expressions; free variables map consistently (a bijection).
EqualResult structuralEqual(const Expr& lhs, const Expr& rhs);
EqualResult structuralEqual(const Type& lhs, const Type& rhs);
/// structuralEqual(lhs, rhs).equal without building the difference message — for
/// hot paths that only need the answer (a mismatch would print both types).
bool typesEqual(const Type& lhs, const Type& rhs);
/// Does a value of type `value` fit the declared type `declared` (a return type, a loop-carried
/// value, a call parameter)? A declared tile without a memory space takes the value's memory
/// space and view (a declared view must still match), as an annotated assignment does
/// (PyPTO's parser merges the fields an annotation leaves out); otherwise typesEqual.
bool tileFitsDeclared(const Type& value, const Type& declared);
/// The same type (the same node, or structurally equal); false when either is null.
inline bool sameType(const TypePtr& lhs, const TypePtr& rhs) {
  return lhs == rhs || (lhs && rhs && typesEqual(*lhs, *rhs));
}

uint64_t structuralHash(const Program& program);
uint64_t structuralHash(const Function& function);
uint64_t structuralHash(const Stmt& stmt);
uint64_t structuralHash(const Expr& expr);
uint64_t structuralHash(const Type& type);

}  // namespace ptoc::ir
