// libFuzzer target for the front end. Any input must either be diagnosed
// (CompileError) or bind to a program; a bound program must print, the printed
// text must parse back to a structurally equal program, and printing that again
// must give the same text. Internal errors and any other exception abort.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"

namespace {

ptoc::ir::ProgramPtr parse(ptoc::SourceManager& sm, ptoc::DiagnosticEngine& diag,
                           std::string text) {
  uint32_t id = sm.addBuffer("fuzz.py", std::move(text));
  return ptoc::frontend::parseProgram(sm, id, diag);
}

[[noreturn]] void die(const char* what, const std::string& detail) {
  std::fprintf(stderr, "frontend_fuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ptoc::SourceManager sm;
  ptoc::DiagnosticEngine diag(sm);
  diag.setPrintImmediately(false);
  ptoc::ir::ProgramPtr program;
  try {
    program = parse(sm, diag, std::string(reinterpret_cast<const char*>(data), size));
  } catch (const ptoc::CompileError&) {
    if (diag.errorCount() == 0) die("CompileError without a diagnostic", "");
    return 0;
  } catch (const std::exception& e) {
    die("exception while parsing the input", e.what());
  }
  std::string printed = ptoc::ir::printProgram(*program);
  ptoc::ir::ProgramPtr again;
  try {
    again = parse(sm, diag, printed);
  } catch (const std::exception& e) {
    std::string msg =
        diag.diagnostics().empty() ? e.what() : diag.renderText(diag.diagnostics().back());
    die("the printed program does not parse back", msg + "\n--- printed:\n" + printed);
  }
  ptoc::ir::EqualResult eq = ptoc::ir::structuralEqual(*program, *again);
  if (!eq)
    die("the printed program is not structurally equal", eq.message + "\n--- printed:\n" + printed);
  if (ptoc::ir::printProgram(*again) != printed) die("printing is not idempotent", printed);
  return 0;
}
