// Internals of the interpreter: the Executor runs statements and expressions of one
// thread of execution (the main run, or one task of a core group) against a Frame of
// variable slots. A Var is a storage slot keyed by its node, so natural (re-assigned)
// and SSA IR run alike; iter_args, return_vars and yields bind per the IR.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "ptoc/sim/Interpreter.h"

namespace ptoc::sim::detail {

/// Variable storage of one function activation: an open-addressing map from the Var
/// node to its value (linear probing, power-of-two capacity; the interpreter's hottest
/// structure, faster than std::unordered_map for pointer keys).
class Frame {
 public:
  const ir::Function* fn = nullptr;

  const Value* find(const ir::Var* v) const {
    if (keys_.empty()) return nullptr;
    for (size_t i = slotOf(v);; i = (i + 1) & mask_) {
      if (keys_[i] == v) return &vals_[i];
      if (!keys_[i]) return nullptr;
    }
  }
  void set(const ir::Var* v, Value x) {
    if ((size_ + 1) * 2 > keys_.size()) grow();
    size_t i = slotOf(v);
    while (keys_[i] && keys_[i] != v) i = (i + 1) & mask_;
    if (!keys_[i]) {
      keys_[i] = v;
      ++size_;
    }
    vals_[i] = std::move(x);
  }

 private:
  size_t slotOf(const ir::Var* v) const {
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(v) >> 4) * 0x9E3779B97F4A7C15ull >>
                               shift_) &
           mask_;
  }
  void grow() {
    std::vector<const ir::Var*> keys = std::move(keys_);
    std::vector<Value> vals = std::move(vals_);
    size_t cap = keys.empty() ? 32 : keys.size() * 2;
    keys_.assign(cap, nullptr);
    vals_.assign(cap, Value{});
    mask_ = cap - 1;
    shift_ = 64 - static_cast<unsigned>(__builtin_ctzll(cap));
    size_ = 0;
    for (size_t i = 0; i < keys.size(); ++i)
      if (keys[i]) set(keys[i], std::move(vals[i]));
  }

  std::vector<const ir::Var*> keys_;
  std::vector<Value> vals_;
  size_t size_ = 0, mask_ = 0;
  unsigned shift_ = 64;
};

/// How a statement finished: normally, at a yield (values in Executor::yielded_) or at
/// a return (values in Executor::returned_).
enum class Flow { Normal, Yield, Return, Break, Continue };

// --- scalar semantics (InterpreterScalar.cpp) ------------------------------------------
/// `a op b` with the result dtype `result` (Python semantics for // and %, comparisons in
/// the promoted dtype, integers wrap to their width). SimError for an integer division by
/// zero, a negative shift or exponent, or a bitwise op on floats.
Scalar binaryScalar(ir::BinaryOp op, const Scalar& a, const Scalar& b, DType result, Span span);
Scalar unaryScalar(ir::UnaryOp op, const Scalar& a, DType result, Span span);
/// `v` converted to the scalar type `t` when it is a scalar of another dtype.
Value conformTo(Value v, const ir::TypePtr& t);

class Executor {
 public:
  Executor(const ir::Program& program, const InterpreterOptions& options, CoreServices& core,
           bool inLanes, unsigned depth)
      : program_(program), options_(options), core_(core), inLanes_(inLanes), depth_(depth) {}

  /// Calls a function of the program the way a call site does: a Group function runs
  /// as a core group, an InCore function stamped split_aiv (and a dual-dispatch AIV
  /// function) as two lanes, anything else in this thread.
  std::vector<Value> invoke(const ir::Function& fn, std::vector<Value> args, Span site);
  /// Runs `fn` in this thread.
  std::vector<Value> call(const ir::Function& fn, std::vector<Value> args, Span site);

  Value eval(const ir::Expr& e, Frame& f);
  void checkStoreNotEmpty(const ir::Call& c, const std::vector<Value>& args, Frame& f);
  Flow exec(const ir::Stmt& s, Frame& f);

  void checkVecscopeInputs(const ir::SimdVfScopeStmt& r);

 private:
  Scalar evalScalar(const ir::Expr& e, Frame& f);
  int64_t evalInt(const ir::Expr& e, Frame& f);
  Value evalCall(const ir::Call& c, Frame& f);
  Value evalBufferLoad(const ir::BufferLoad& e, Frame& f);
  void bind(Frame& f, const ir::Var& v, Value x);
  void checkValidAgrees(const ir::AssignStmt& a, const Value& x, Frame& f);

  Flow execIf(const ir::IfStmt& s, Frame& f);
  Flow execFor(const ir::ForStmt& s, Frame& f);
  Flow execWhile(const ir::WhileStmt& s, Frame& f);
  void execBufferStore(const ir::BufferStoreStmt& s, Frame& f);
  Flow execSplitAivRegion(const ir::SplitAivScopeStmt& s, Frame& f);

  std::vector<Value> runGroup(const ir::Function& g, std::vector<Value> args, Span site);
  std::vector<Value> runLanes(const ir::Function& fn, std::vector<Value> args, Span site);

  const ir::Program& program_;
  const InterpreterOptions& options_;
  CoreServices& core_;
  bool inLanes_;  // a lane task: split_aiv regions run inline on this lane
  unsigned depth_;
  std::vector<Value> yielded_;
  std::set<const ir::SimdVfScopeStmt*> vecscopesChecked_;  // vector inputs checked once
  int64_t tasksRun_ = 0;  // the task id a scope with `as tid` gets: 1, 2, ... in program order
  std::vector<Value> returned_;
};

/// A Value for a list of results: None, the one value, or a tuple.
Value packResults(std::vector<Value> results);
/// Per-task copies of call arguments: In tiles get their own buffers (every core has its
/// own on-chip memory); tensors and Out/InOut tiles stay shared.
std::vector<Value> taskArgs(const ir::Function& fn, const std::vector<Value>& args);

}  // namespace ptoc::sim::detail
