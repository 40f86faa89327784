// Helpers shared by the op families' type deduction: describing types and values in
// diagnostics, folding index arithmetic on valid-shape expressions, building tile
// types with implicit or inherited views, and the common contract checks (static
// shapes, rank, dtype, bounds, vector-register lane widths).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/Expr.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::ops {

// ---- Describing things in messages -------------------------------------------------------

/// "Tile[[16, 16], FP32, Vec]", "Scalar[INDEX]", "VReg[64, FP32]", "Mask[64]", "no type".
std::string describeType(const ir::Type* t);
inline std::string describeType(const ir::TypePtr& t) { return describeType(t.get()); }
/// "[16, 16]".
std::string formatShape(const std::vector<int64_t>& shape);
/// A short spelling of a scalar/shape expression: "8", "n", "(n + 1) // 2", "[8, n]".
std::string formatExpr(const ir::ExprPtr& e);
std::string formatExprList(const std::vector<ir::ExprPtr>& es);
/// How a kwarg value is written: True, 3, 1.5, "lt", pl.FP16, pl.Mem.Vec, ...
std::string formatAttrValue(const ir::AttrValue& v);
/// "an integer", "a memory space (pl.Mem.X)", ...
std::string_view attrKindDescription(AttrKind k);
/// "a tile", "a list of integers", ...
std::string_view argKindDescription(ArgKind k);
/// "Left", "Vec or Acc", "Vec, Mat or Acc".
std::string memorySpaceList(const std::vector<ir::MemorySpace>& spaces);
/// "1st", "2nd", ... (1-based).
std::string ordinal(size_t oneBased);

// ---- Hints (the `hint:` line of a diagnostic) ----------------------------------------------
// Every user-facing diagnostic of type deduction carries a hint; these build the common ones
// from the registry and the call, so the spelling stays in one place.

/// How the op is written in the DSL: "pl.add" (tile ops), "pl.vmi.vadd", "pl.system.NAME".
std::string dslName(const OpDef& op);
/// The op's signature from its OpDef, as written in the DSL:
/// "pl.load(tensor, offsets, shapes, [valid_shape], target_memory=pl.Mem.Vec)".
std::string signatureText(const OpDef& op);
/// How argument i of the call is written (a variable name or a short expression), else the
/// parameter name of the op.
std::string argText(const OpCallContext& ctx, size_t i);
/// "pl.cast(x, pl.FP16)" for argument i (a tile or a scalar).
std::string castText(const OpCallContext& ctx, size_t i, ir::DType to);
/// "load it first: `x_t = pl.load(x, [0, 0], [16, 64])`" for a tensor passed where a tile of
/// one of `memory` (empty = any) is expected.
std::string loadFirstHint(const std::string& tensorName, const ir::TensorType& tensor,
                          const std::vector<ir::MemorySpace>& memory);
/// "reshape it: pl.reshape(x, [1, 64])" (a shape of `rank` with the same element count), or
/// empty when no such shape is obvious.
std::string reshapeToRankHint(const std::string& name, const std::vector<int64_t>& shape,
                              size_t rank);

// ---- Index expressions ---------------------------------------------------------------------

std::optional<int64_t> constIntValue(const ir::ExprPtr& e);
/// a + b clamped to the int64 range (for extents printed in messages).
int64_t saturatingAdd(int64_t a, int64_t b);
ir::ExprPtr indexConst(int64_t v);
/// Folding builders for valid-shape arithmetic (dynamic operands give BinaryExpr nodes of the
/// operand's scalar dtype).
ir::ExprPtr ceilHalfExpr(const ir::ExprPtr& e);  // (e + 1) // 2
ir::ExprPtr doubleExpr(const ir::ExprPtr& e);    // e * 2
ir::ExprPtr subExpr(const ir::ExprPtr& a, const ir::ExprPtr& b);
ir::ExprPtr minExpr(const ir::ExprPtr& a, const ir::ExprPtr& b);

// ---- Tile types ----------------------------------------------------------------------------

/// A tile with the implicit layout of `memory`, the given valid shape (empty = full) and pad.
std::shared_ptr<const ir::TileType> makeTile(std::vector<int64_t> shape, ir::DType dtype,
                                             std::optional<ir::MemorySpace> memory,
                                             std::vector<ir::ExprPtr> valid = {},
                                             ir::PadValue pad = ir::PadValue::Null);
/// A tile whose layout (blayout, slayout, fractal, pad) is taken from `layoutFrom`.
std::shared_ptr<const ir::TileType> makeTileWithLayoutOf(const ir::TileType& layoutFrom,
                                                         std::vector<int64_t> shape,
                                                         ir::DType dtype,
                                                         std::optional<ir::MemorySpace> memory,
                                                         std::vector<ir::ExprPtr> valid);
/// Valid shape entries of a tile (full shape as constants when none is set).
std::vector<ir::ExprPtr> validOf(const ir::TileType& t);
/// The explicit valid shape of a tile, or empty when it is the full shape.
std::vector<ir::ExprPtr> explicitValidOf(const ir::TileType& t);

/// Why a type cannot be used as an operand (non-positive or huge dimensions, a valid shape
/// whose rank differs from the shape, null entries, non-positive lanes), or nullopt when fine.
std::optional<std::string> malformedTypeReason(const ir::Type& t);

// ---- Contract checks (report through ctx.fail, which throws CompileError) -----------------

/// The tile argument i (generic validation already checked the kind); InternalError if not.
const ir::TileType& tileArgRef(const OpCallContext& ctx, size_t i);
const ir::TensorType& tensorArgRef(const OpCallContext& ctx, size_t i);
const ir::VRegType& vregArgRef(const OpCallContext& ctx, size_t i);
const ir::MaskType& maskArgRef(const OpCallContext& ctx, size_t i);
/// The element dtype of scalar argument i.
ir::DType scalarArgDType(const OpCallContext& ctx, size_t i);

/// Static elements of list argument i, each a positive dimension (`what` names the list in
/// messages, e.g. "shape").
std::vector<int64_t> staticShapeArg(const OpCallContext& ctx, size_t i, std::string_view what);
/// Elements of list argument i as expressions (static ones may be checked by the caller).
std::vector<ir::ExprPtr> listArgElements(const OpCallContext& ctx, size_t i);
/// Checks a static shape: rank >= 1, every dimension >= 1 and the element count representable.
void checkShapeDims(const OpCallContext& ctx, int argIndex, const std::vector<int64_t>& shape,
                    std::string_view what);
/// Element count with overflow detection (nullopt on overflow).
std::optional<int64_t> elementCount(const std::vector<int64_t>& shape);
/// Checks a valid-shape list against a shape: same rank, static entries in [0, dim].
std::vector<ir::ExprPtr> checkValidShapeArg(const OpCallContext& ctx, size_t i,
                                            const std::vector<int64_t>& shape);

void requireRank(const OpCallContext& ctx, int argIndex, const ir::TileType& t, size_t rank,
                 std::string_view argName);
void requireMinRank(const OpCallContext& ctx, int argIndex, const ir::TileType& t, size_t rank,
                    std::string_view argName);
/// "tile.add operands must have the same dtype, got FP32 and FP16".
void requireSameDType(const OpCallContext& ctx, int argIndex, ir::DType a, ir::DType b,
                      std::string_view what);
void requireSameShape(const OpCallContext& ctx, int argIndex, const std::vector<int64_t>& a,
                      const std::vector<int64_t>& b, std::string_view what);
void requireFloat(const OpCallContext& ctx, int argIndex, ir::DType d, std::string_view what);
/// Checks a scalar operand that combines with elements of `elem` (no float into integer, no
/// bool arithmetic).
void requireScalarCompatible(const OpCallContext& ctx, int argIndex, ir::DType scalar,
                             ir::DType elem);

// ---- Vector registers ----------------------------------------------------------------------

/// Width of one vector register in bytes.
inline constexpr int64_t kVRegBytes = 256;
/// Lanes of one full register for `dtype` (64 for 32-bit, 128 for 16-bit, 256 for 8-bit).
int64_t registerLanes(ir::DType dtype);
/// Lane counts a mask may have.
bool isValidMaskLanes(int64_t lanes);
/// Whether `dtype` can be a vector-register element (not BOOL, not INDEX).
bool isVRegElementType(ir::DType dtype);

}  // namespace ptoc::ops
