// Front-end entry: parse, pick the dialect, bind.
#include "ptoc/frontend/Frontend.h"

#include "PlBinder.h"
#include "ptoc/frontend/Parser.h"

namespace ptoc::frontend {

static bool usesTDialect(const Module& m) {
  for (const auto& s : m.body) {
    const ExprList* decorators = nullptr;
    if (const auto* f = s->as<FunctionDef>()) decorators = &f->decorators;
    if (!decorators) continue;
    for (const auto& d : *decorators) {
      const Expr* callee = d.get();
      if (const auto* c = d->as<CallExpr>()) callee = c->func.get();
      if (dottedName(*callee) == "T.prim_func") return true;
    }
  }
  return false;
}

ir::ProgramPtr parseProgram(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diag) {
  std::unique_ptr<Module> module = parseModule(sm, fileId, diag);
  return bindProgram(sm, *module, diag);
}

ir::ProgramPtr bindProgram(const SourceManager& sm, const Module& module, DiagnosticEngine& diag) {
  if (usesTDialect(module)) {
    diag.error(Span{module.fileId, 0, 0}, "the T (TileLang) dialect is not supported yet",
               "write the kernel in the pl dialect (docs/dsl.md)");
    throw CompileError();
  }
  PlBinder binder(sm, diag);
  return binder.bindModule(module);
}

}  // namespace ptoc::frontend
