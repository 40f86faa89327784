// What `ptoc run` and `ptoc check` do, as library functions (the CLI stays thin):
// choose the entry function, prepare its inputs from .npy files named after the
// parameters (seeded random values for the missing ones, zeros for Out parameters),
// run it, collect and write its outputs (every Out / InOut parameter and every
// return value), and compare two runs element by element. Errors are reported
// through the diagnostics engine (file:line:col) and raise CompileError.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/sim/Interpreter.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/target/Target.h"

namespace ptoc::sim {

struct RunOptions {
  std::string entry;      // empty: selectEntry chooses
  std::string inputsDir;  // empty: no input files
  uint64_t seed = 0;
  bool randomMissing = true;  // false: a parameter without an input file is an error
  /// --schedule: which core of a group runs first (InterpreterOptions::schedule).
  Schedule schedule = Schedule::AicFirst;
  /// --dim NAME=SIZE: the size of a pl.dynamic dimension of the entry's tensor types
  /// (input files bind them too; two different sizes for one dim are an input error).
  std::vector<std::string> dims;
  // The cycle model (docs/cycle-model.md): on when any of these is asked for.
  bool stats = false;      // --stats: print the statistics
  std::string traceFile;   // --trace: Chrome trace-event JSON
  std::string reportFile;  // --report: self-contained HTML page
  target::Arch arch = target::Arch::A5;
  const SourceManager* sources = nullptr;  // for source lines in the trace and the report
  bool timing() const { return stats || !traceFile.empty() || !reportFile.empty(); }
};

/// The entry function: `name` when given, else the only function, else the only
/// Orchestration function, else the only function no other function calls.
const ir::Function& selectEntry(const ir::Program& program, const std::string& name,
                                DiagnosticEngine& diag);

enum class InputSource { File, Random, Zeros };

struct PreparedInputs {
  std::vector<Value> values;  // one per parameter
  std::vector<InputSource> sources;
};

/// Reads `<inputsDir>/<param>.npy` for each parameter (shape and dtype must match the
/// parameter's type; scalars are 0-d arrays; BF16 / FP8 as raw bits in '<u2' / '|u1').
/// A parameter without a file gets seeded random contents (In / InOut) or zeros (Out).
PreparedInputs prepareInputs(const ir::Function& entry, const RunOptions& options,
                             DiagnosticEngine& diag);

/// Runs `entry` on `inputs`; an error of the simulated program is reported as a
/// diagnostic (with `context` prefixed to its message when given) and raises CompileError.
RunResult runEntry(const ir::Program& program, const ir::Function& entry, std::vector<Value> inputs,
                   DiagnosticEngine& diag, const std::string& context = {},
                   InterpreterOptions interpreter = {});

struct NamedOutput {
  std::string name;  // the parameter's name, or return_<i>
  Value value;
  Span span;  // the parameter (or the function, for returns)
};

/// Every Out / InOut parameter (final contents) and every return value.
std::vector<NamedOutput> collectOutputs(const ir::Function& entry, const RunResult& result);

/// Writes `<outDir>/<name>.npy` for every output (creating the directory); returns the
/// file names written.
std::vector<std::string> writeOutputs(const std::vector<NamedOutput>& outputs,
                                      const std::string& outDir, DiagnosticEngine& diag);

/// The array a value is written as (scalars 0-d; tiles their full buffer).
std::optional<Buffer> bufferOfValue(const Value& v);

struct CompareOptions {
  std::optional<double> rtol, atol;  // neither: bit-exact
};

struct CompareResult {
  bool equal = true;
  std::string message;  // the first difference
  Span span;
  size_t outputsCompared = 0;
};

/// Compares two runs' outputs by name: bit-exact by default; with a tolerance, floats
/// match when |after - before| <= atol + rtol * |before| (NaN matches NaN); integers and
/// bools always exactly. Reports the first mismatching element with its index.
CompareResult compareOutputs(const std::vector<NamedOutput>& before,
                             const std::vector<NamedOutput>& after, const CompareOptions& options);

/// `ptoc run`: prepares inputs, runs, writes the outputs (when `outDir` is not empty)
/// and prints a one-line summary to `out`. Returns the exit status.
int runCommand(const ir::Program& program, const RunOptions& options, const std::string& outDir,
               DiagnosticEngine& diag, std::ostream& out);

/// `ptoc check`: runs `before` and `after` (the program after `passes`) on the same
/// inputs and compares every output; prints a one-line verdict. Returns the exit status
/// (1 with a diagnostic at the output on a mismatch).
int checkCommand(const ir::Program& before, const ir::Program& after, const std::string& passes,
                 const RunOptions& options, const CompareOptions& compare, DiagnosticEngine& diag,
                 std::ostream& out);

/// `ptoc compare`: runs two lowerings `a` and `b` of one program on the same inputs with the
/// cycle model on and prints their modeled cycles side by side, with the speedup of `a`
/// over `b` (`labelA` / `labelB` name them). Returns the exit status.
int compareCommand(const ir::Program& a, const std::string& labelA, const ir::Program& b,
                   const std::string& labelB, const RunOptions& options, DiagnosticEngine& diag,
                   std::ostream& out);

/// The modeled run of `entry` (the cycle model on): the outputs, and the timing printed,
/// traced or reported as `options` asks. Returns the total cycles.
int64_t runTimed(const ir::Program& program, const ir::Function& entry, std::vector<Value> inputs,
                 const RunOptions& options, DiagnosticEngine& diag, std::ostream& out,
                 RunResult* result, const std::string& context = {});

}  // namespace ptoc::sim
