// Runs a list of passes in order with property verification, optional IR dumps
// after passes and per-pass timing (mlir-opt style flags).
#pragma once

#include <iosfwd>
#include <set>
#include <string>
#include <vector>

#include "ptoc/transforms/Pass.h"

namespace ptoc {

struct PassManagerOptions {
  bool printAfterAll = false;
  std::set<std::string, std::less<>> printAfter;
  bool verifyEach = false;  // verify every established property after every pass
  bool timePasses = false;
  /// After every pass (and on the input), print the program, parse the text back and
  /// compare it with the program (ir::structuralEqual); a difference is an internal
  /// error naming the pass and the first difference (`--verify-roundtrip`).
  bool verifyRoundTrip = false;
  /// The target chip the passes compile for (--arch).
  target::Arch arch = target::Arch::A5;
};

/// The print→parse→equal check of `--verify-roundtrip`: throws InternalError when the
/// printed `program` does not parse back to a structurally equal program. `after`
/// names what produced it (a pass name, or "input").
void verifyRoundTrip(const ir::Program& program, std::string_view after);

class PassManager {
 public:
  PassManager(PassManagerOptions options, std::ostream& dumpStream)
      : options_(std::move(options)), dump_(dumpStream) {}

  /// Adds passes by CLI name; reports unknown names as an error (with the list).
  bool addPasses(const std::vector<std::string>& names, DiagnosticEngine& diag);
  void addPass(std::unique_ptr<Pass> pass) { passes_.push_back(std::move(pass)); }

  /// Runs the pipeline; throws CompileError after reporting a failed verification.
  ir::ProgramPtr run(ir::ProgramPtr program, DiagnosticEngine& diag);

 private:
  PassManagerOptions options_;
  std::ostream& dump_;
  std::vector<std::unique_ptr<Pass>> passes_;
};

}  // namespace ptoc
