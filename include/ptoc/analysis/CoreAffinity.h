// Core affinity of statements (pypto-facts §5): a call's affinity comes from the op
// registry (classifyCallAffinity); a statement rolls up the affinities of every call
// in it and, for compound statements, of its children with combineAffinity.
#pragma once

#include "ptoc/ir/Function.h"

namespace ptoc::analysis {

/// Direction of a tile.move between the cube side and the vector side.
enum class CVDirection : uint8_t { None, CubeToVector, VectorToCube };

/// For a tile.move call: source memory cube & target not cube → CubeToVector, the
/// reverse → VectorToCube; None for anything else (or unresolved memory).
CVDirection classifyMoveDirection(const ir::Call& call);

/// Rolled-up affinity of every call in an expression (nested calls included).
ir::CoreAffinity exprAffinity(const ir::ExprPtr& e);
/// Rolled-up affinity of a statement and everything below it (scopes included).
ir::CoreAffinity stmtAffinity(const ir::StmtPtr& s);

/// The call a leaf statement evaluates (Assign value / Eval expr), or null.
const ir::Call* leafCall(const ir::Stmt& s);

}  // namespace ptoc::analysis
