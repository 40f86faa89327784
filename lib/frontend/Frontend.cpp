// Front-end entry: parse, pick the dialect, bind.
#include "ptoc/frontend/Frontend.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "PlBinder.h"
#include "TBind.h"
#include "ptoc/frontend/Parser.h"

namespace ptoc::frontend {

ir::ProgramPtr parseProgram(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diag,
                            std::span<const Module* const> defines) {
  std::unique_ptr<Module> module = parseModule(sm, fileId, diag);
  return bindProgram(sm, *module, diag, defines);
}

std::unique_ptr<Module> parseDefine(SourceManager& sm, std::string_view setting,
                                    DiagnosticEngine& diag) {
  size_t eq = setting.find('=');
  std::string_view name = setting.substr(0, eq == std::string_view::npos ? 0 : eq);
  bool ident = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
               std::all_of(name.begin(), name.end(), [](char c) {
                 return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
               });
  if (!ident || eq + 1 >= setting.size()) {
    diag.error(Span{}, fmt::format("--define expects NAME=VALUE, got '{}'", setting),
               "e.g. --define rows=128 or --define dt=pl.FP16");
    throw CompileError();
  }
  uint32_t id = sm.addBuffer(fmt::format("--define {}", name),
                             fmt::format("{} = {}\n", name, setting.substr(eq + 1)));
  std::unique_ptr<Module> m = parseModule(sm, id, diag);
  const auto* a = m->body.size() == 1 ? m->body[0]->as<AssignStmt>() : nullptr;
  if (!a || !a->value || a->annotation || !a->target->is<NameExpr>()) {
    diag.error(Span{id, 0, 0}, fmt::format("--define expects NAME=VALUE, got '{}'", setting),
               "the value is one expression: a number, arithmetic of numbers, or pl.X");
    throw CompileError();
  }
  return m;
}

ir::ProgramPtr bindProgram(const SourceManager& sm, const Module& module, DiagnosticEngine& diag,
                           std::span<const Module* const> defines) {
  PlBinder binder(sm, diag);
  binder.setDefines(defines);
  if (usesTDialect(module)) {  // TBind.h: rewritten into its pl form, bound by the same binder
    Module lowered;
    TLowering lowering(sm, diag, lowered);  // owns the new identifier text: keep it alive
    lowering.lowerModule(module);
    return binder.bindModule(lowered);
  }
  return binder.bindModule(module);
}

}  // namespace ptoc::frontend
