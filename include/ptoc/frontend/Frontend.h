// Entry point of the front end: source text → IR program. Detects the dialect
// (`pl` or `T`), parses, binds and type-checks. Reports the first error through the
// diagnostics engine and throws CompileError.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "ptoc/frontend/Ast.h"
#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::frontend {

ir::ProgramPtr parseProgram(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diag,
                            std::span<const Module* const> defines = {});

/// Reads one `NAME=VALUE` setting of `ptoc --define` into a module holding `NAME = VALUE`
/// (a buffer of its own in `sm`, so that diagnostics point at the setting).
std::unique_ptr<Module> parseDefine(SourceManager& sm, std::string_view setting,
                                    DiagnosticEngine& diag);

/// The second half of parseProgram: picks the dialect of a parsed module (Parser.h)
/// and binds it. `sm` must hold the module's buffer.
ir::ProgramPtr bindProgram(const SourceManager& sm, const Module& module, DiagnosticEngine& diag,
                           std::span<const Module* const> defines = {});

}  // namespace ptoc::frontend
