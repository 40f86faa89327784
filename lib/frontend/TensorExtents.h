// Shape polymorphism of tensor types at calls (docs/ir.md "Dynamic tensor dimensions"): a
// parameter axis with a symbolic extent (a pl.dynamic dim, a scalar parameter) takes the
// argument's extent, and the callee's result types are stated in the caller's terms. Views
// (layouts, strides) are metadata a call does not check. Private to lib/frontend.
#pragma once

#include <unordered_map>
#include <vector>

#include "ptoc/ir/Expr.h"
#include "ptoc/ir/Type.h"

namespace ptoc::frontend {

/// What the callee's symbolic extents stand for at one call: Var -> the caller's extent.
using ExtentBindings = std::unordered_map<const ir::Var*, ir::ExprPtr>;

/// `t` with the Vars of its tensor extents (shape, stride, valid_shape) replaced per `b`
/// (constant arithmetic folded); tuples recursively; other types unchanged.
ir::TypePtr substituteExtents(const ir::TypePtr& t, const ExtentBindings& b);

/// Does a value of type `arg` fit parameter / declared type `param`? Tensors: same dtype,
/// family and rank; a static axis needs the same size; a dynamic axis whose extent is a Var
/// binds it in `b` (or must equal its binding); a composite extent is checked when it folds
/// to a constant. Views are not compared. A distributed tensor fits a plain tensor type (not
/// the reverse). Tiles: ir::tileFitsDeclared. Other types: structural equality.
bool extentsFit(const ir::Type& arg, const ir::Type& param, ExtentBindings& b);

/// A Var a tensor extent of `t` (tuples included) names that is neither one of `params`
/// nor a pl.dynamic dim; null when there is none.
const ir::Var* localExtentVar(const ir::Type& t, const std::vector<ir::VarPtr>& params);

}  // namespace ptoc::frontend
