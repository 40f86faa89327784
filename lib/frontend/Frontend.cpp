// Front-end entry: parse, pick the dialect, bind.
#include "ptoc/frontend/Frontend.h"

#include "PlBinder.h"
#include "TBind.h"
#include "ptoc/frontend/Parser.h"

namespace ptoc::frontend {

ir::ProgramPtr parseProgram(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diag) {
  std::unique_ptr<Module> module = parseModule(sm, fileId, diag);
  return bindProgram(sm, *module, diag);
}

ir::ProgramPtr bindProgram(const SourceManager& sm, const Module& module, DiagnosticEngine& diag) {
  PlBinder binder(sm, diag);
  if (usesTDialect(module)) {  // TBind.h: rewritten into its pl form, bound by the same binder
    Module lowered;
    TLowering lowering(sm, diag, lowered);  // owns the new identifier text: keep it alive
    lowering.lowerModule(module);
    return binder.bindModule(lowered);
  }
  return binder.bindModule(module);
}

}  // namespace ptoc::frontend
