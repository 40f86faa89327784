// Recursive-descent parser for the DSL's Python subset: tokens (Lexer.h) to the
// syntax tree (Ast.h). Syntax only: no name binding, no IR. The first syntax
// error is reported to the DiagnosticEngine and ptoc::CompileError is thrown.
// Nesting (expression trees, parentheses, blocks) is limited to
// kMaxNestingDepth levels ("nesting too deep"), so no input can exhaust the stack.
#pragma once

#include <cstdint>
#include <memory>

#include "ptoc/frontend/Ast.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/support/SourceManager.h"

namespace ptoc::frontend {

inline constexpr uint32_t kMaxNestingDepth = 200;

/// Parses a whole source buffer. Empty input gives an empty module.
std::unique_ptr<Module> parseModule(const SourceManager& sm, uint32_t fileId,
                                    DiagnosticEngine& diags);

/// Parses a buffer that holds exactly one expression (a bare tuple `a, b` is
/// allowed), optionally followed by a newline. The nodes are allocated in `arena`.
/// Used by tests and tools.
ExprPtr parseExpression(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diags,
                        Arena& arena);

}  // namespace ptoc::frontend
