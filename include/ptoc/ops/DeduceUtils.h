// Helpers shared by the op families' type deduction: building tile types with implicit
// or inherited views, kwarg value kinds and memory-space value lists, and the common
// contract checks (static shapes, rank, dtype, bounds, vector-register lane widths).
// Message text lives in DiagnosticText.h, extent arithmetic in ExtentArith.h (both
// included here, as every deduction uses them), and the hardware facts in
// ptoc/target/Target.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/Expr.h"
#include "ptoc/ops/DiagnosticText.h"
#include "ptoc/ops/ExtentArith.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::ops {

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

// ---- Kwarg values --------------------------------------------------------------------------

/// Whether a kwarg value has kind `k` as written (createOpCall also converts some values, e.g.
/// an integer for a Float kwarg).
bool attrMatchesKind(const ir::AttrValue& v, AttrKind k);
/// The on-chip memory spaces (all but DDR).
extern const std::vector<ir::MemorySpace> kOnChip;
/// Memory spaces as the allowed values of a memory-space kwarg.
std::vector<ir::AttrValue> memoryValues(const std::vector<ir::MemorySpace>& spaces);

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
/// The shape of `a` and `b` joined along the last axis (tile.concat, tensor.concat); they
/// must agree on every other axis.
std::vector<int64_t> concatLastAxis(const OpCallContext& ctx, const std::vector<int64_t>& a,
                                    const std::vector<int64_t>& b);
/// Checks a scalar operand that combines with elements of `elem` (no float into integer, no
/// bool arithmetic).
void requireScalarCompatible(const OpCallContext& ctx, int argIndex, ir::DType scalar,
                             ir::DType elem);

// ---- Vector registers ----------------------------------------------------------------------

/// Lanes of one full register for `dtype` (target::registerLanes of its width).
int64_t registerLanes(ir::DType dtype);
/// Lane counts a mask may have (target::isRegisterLaneCount).
bool isValidMaskLanes(int64_t lanes);
/// Whether `dtype` can be a vector-register element (not BOOL, not INDEX).
bool isVRegElementType(ir::DType dtype);

}  // namespace ptoc::ops
