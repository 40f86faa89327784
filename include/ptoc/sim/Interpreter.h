// Runs any stage of the IR on the CPU: scalar expressions, control flow with
// iter_args (SSA and natural code alike), element loads/stores, op calls through
// OpSemantics, calls between functions, Group functions as cooperating AIC + AIV
// lane tasks with pipes, and InCore functions stamped split_aiv as two cooperating
// lanes. docs/simulator.md describes the semantics.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

struct RunResult {
  std::vector<Value> returns;
  /// Final value of every parameter (Out/InOut tensors were written in place).
  std::vector<Value> params;
};

/// Which task of a core group runs first, and which one the baton passes to next when the
/// running one blocks or ends. The cores of a group run concurrently on hardware; the
/// simulator runs one task at a time, so a missing synchronization shows only under an
/// order that exposes it. `AivFirst` starts with the last AIV lane and passes the baton
/// backwards (the AIC last): a vector access the compiler forgot to order after a cube
/// store then sees the tensor before the store (`ptoc run|check --schedule=aiv-first`).
enum class Schedule : uint8_t { AicFirst, AivFirst };

struct InterpreterOptions {
  /// Nesting limit of function calls (a runaway recursion is a SimError, not a crash).
  unsigned maxCallDepth = 256;
  Schedule schedule = Schedule::AicFirst;
};

/// A SimError with secondary locations: a deadlock names every blocked task and the op
/// it waits in; a mismatch between two pipe peers names both set-up calls.
class SimErrorWithNotes : public SimError {
 public:
  SimErrorWithNotes(Span s, const std::string& msg, std::vector<std::pair<Span, std::string>> n,
                    std::string hint = {})
      : SimError(s, msg, std::move(hint)), notes(std::move(n)) {}
  std::vector<std::pair<Span, std::string>> notes;
};

class Interpreter {
 public:
  explicit Interpreter(const ir::Program& program, InterpreterOptions options = {})
      : program_(program), options_(options) {}
  /// Runs `entry` with the given arguments (one per parameter, in order). Tensors and
  /// tiles are shared with the caller: Out/InOut parameters are written in place.
  /// Throws SimError for an error in the simulated program.
  RunResult run(const ir::Function& entry, std::vector<Value> args);

 private:
  const ir::Program& program_;
  InterpreterOptions options_;
};

/// Deterministic seeded random contents for a parameter of the given type (the same
/// (seed, stream) gives the same bits on every platform): floats uniform in [-1, 1)
/// rounded to the dtype, signed integers in [-8, 8), unsigned and INDEX in [0, 16), bools
/// 0/1. Tensors and tiles get their full shape; scalars a single value.
Value randomValue(const ir::Type& type, uint64_t seed, uint64_t stream);

/// A zero-filled value of the type (Out parameters start from zeros).
Value zeroValue(const ir::Type& type);

/// A deep copy: tensors and tiles get their own buffers.
Value deepCopy(const Value& v);

}  // namespace ptoc::sim
