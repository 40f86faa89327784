// Integer arithmetic on extents and index expressions, shared by type deduction, the split
// lowering and the simulator: constant extraction, overflow-checked counts, and folding
// builders for valid-shape expressions.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ptoc/ir/Expr.h"

namespace ptoc::ops {

/// Dimensions of static tiles and tensors are bounded so that element and byte counts stay
/// in int64.
inline constexpr int64_t kMaxElements = int64_t{1} << 40;
/// The largest static extent of one axis of a tile or tensor type: what a type annotation
/// accepts, so every type an op deduces must keep to it too (or its printed form would not
/// read back).
inline constexpr int64_t kMaxDimension = int64_t{1} << 31;

std::optional<int64_t> constIntValue(const ir::ExprPtr& e);
/// The value of closed integer arithmetic on constants (+, -, *, //, %, **, <<, >> and unary
/// minus, with Python's semantics; nullopt on overflow or division by zero): the same
/// expressions the front end folds in a type annotation, so that an extent written `2 * 8` in
/// an op's shape gives the type an annotation `[2 * 8]` gives (issue 8, round trip).
std::optional<int64_t> foldConstInt(const ir::ExprPtr& e);
/// `a op b` on integers with Python's semantics (+, -, *, // and % floored, ** with an
/// exponent in 0..63, << and >>); nullopt on overflow, division by zero or any other operator.
/// The one definition foldConstInt and the front end's constant evaluation share.
std::optional<int64_t> pyIntBinary(ir::BinaryOp op, int64_t a, int64_t b);
/// a + b clamped to the int64 range (for extents printed in messages).
int64_t saturatingAdd(int64_t a, int64_t b);
/// Element count with overflow detection (nullopt on overflow or a negative extent).
std::optional<int64_t> elementCount(const std::vector<int64_t>& shape);
/// ceil(v / 2) for v >= 0: the per-lane box of an extent split between the two AIV lanes.
constexpr int64_t ceilHalf(int64_t v) { return v / 2 + v % 2; }

/// tile.cmp / tile.cmps write a packed predicate mask: one bit per compared element (bit
/// j % 8 of byte j / 8 of its row, least significant first), the row rounded up to 32 bytes
/// (PyPTO's A2/A3 alignment). kMaskBitsPerByte / packedMaskCols give its last axis.
inline constexpr int64_t kMaskBitsPerByte = 8;
inline constexpr int64_t kMaskRowAlignBytes = 32;
constexpr int64_t ceilDiv(int64_t v, int64_t d) { return v / d + (v % d != 0 ? 1 : 0); }
constexpr int64_t packedMaskCols(int64_t cols) {
  return ceilDiv(ceilDiv(cols, kMaskBitsPerByte), kMaskRowAlignBytes) * kMaskRowAlignBytes;
}

ir::ExprPtr indexConst(int64_t v);
/// Folding builders for valid-shape arithmetic (dynamic operands give BinaryExpr nodes of the
/// operand's scalar dtype).
ir::ExprPtr ceilHalfExpr(const ir::ExprPtr& e);            // (e + 1) // 2
ir::ExprPtr ceilDivExpr(const ir::ExprPtr& e, int64_t d);  // (e + d - 1) // d
ir::ExprPtr doubleExpr(const ir::ExprPtr& e);              // e * 2
ir::ExprPtr subExpr(const ir::ExprPtr& a, const ir::ExprPtr& b);
ir::ExprPtr minExpr(const ir::ExprPtr& a, const ir::ExprPtr& b);

}  // namespace ptoc::ops
