// Message text of the op layer's diagnostics: how types, shapes, kwarg kinds and ops are
// spelled in messages, and the common `hint:` lines built from the registry and the call.
// Types and expressions are spelled by the IR printer (ir::typeToString, ir::printExpr),
// kwarg values by ir::printAttrValue: one spelling everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/Expr.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::ops {

// ---- Describing things in messages -------------------------------------------------------

/// ir::typeToString of `t` ("Tile[[16, 16], FP32, Vec]", "Scalar[INDEX]"), "no type" for null.
std::string describeType(const ir::Type* t);
inline std::string describeType(const ir::TypePtr& t) { return describeType(t.get()); }
/// "[16, 16]".
std::string formatShape(const std::vector<int64_t>& shape);
/// ir::printExpr of `e` ("8", "n", "(n + 1) // 2"), "<null>" for null.
std::string exprText(const ir::ExprPtr& e);
/// "[8, n]".
std::string formatExprList(const std::vector<ir::ExprPtr>& es);
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

}  // namespace ptoc::ops
