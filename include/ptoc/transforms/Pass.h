// Passes and IR properties. A pass declares which properties it requires, produces
// and invalidates (PyPTO's property system); the pass manager verifies them.
#pragma once

#include <bitset>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/target/Target.h"

namespace ptoc {

enum class IRProperty : uint8_t {
  UseAfterDef,          // every use is dominated by a definition in scope
  StructuredCtrlFlow,   // yields match iter_args / return_vars and end their bodies
  SSAForm,              // every variable is defined once
  TileMemoryInferred,   // every tile has a memory space
  SplitIncoreOrch,      // no pl.at(CORE_GROUP) scope is left in an Opaque/Orchestration function
  AivSplitValid,        // pl.split_aiv regions obey the explicit-split rules (pypto-facts §3.11)
  MixedKernelExpanded,  // no InCore function mixes cube and vector work (pypto-facts §3.8)
  VectorKernelSplit,    // split AIV functions are stamped for both lanes (pypto-facts §3.9)
  IncoreTileOps,        // InCore functions compute on tiles, not tensors (pypto-facts §3.2)
  kCount,
};
std::string_view propertyName(IRProperty p);

class IRPropertySet {
 public:
  IRPropertySet() = default;
  IRPropertySet(std::initializer_list<IRProperty> ps) {
    for (auto p : ps) insert(p);
  }
  void insert(IRProperty p) { bits_.set(static_cast<size_t>(p)); }
  void erase(IRProperty p) { bits_.reset(static_cast<size_t>(p)); }
  bool contains(IRProperty p) const { return bits_.test(static_cast<size_t>(p)); }
  bool empty() const { return bits_.none(); }
  std::vector<IRProperty> list() const;
  std::string toString() const;  // "SSAForm, UseAfterDef" or "—"

 private:
  std::bitset<static_cast<size_t>(IRProperty::kCount)> bits_;
};

/// Shared state of one pass-manager run.
struct PassContext {
  DiagnosticEngine& diag;
  /// The chip the program is compiled for (--arch; default A5).
  target::Arch arch = target::Arch::A5;
};

class Pass {
 public:
  virtual ~Pass() = default;
  virtual std::string_view name() const = 0;  // CLI name, e.g. "convert-to-ssa"
  virtual std::string_view description() const = 0;
  virtual IRPropertySet required() const { return {}; }
  virtual IRPropertySet produced() const { return {}; }
  virtual IRPropertySet invalidated() const { return {}; }
  virtual ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext& ctx) = 0;
};

using PassFactory = std::function<std::unique_ptr<Pass>()>;

class PassRegistry {
 public:
  static PassRegistry& instance();
  void add(std::string name, PassFactory factory);
  std::unique_ptr<Pass> create(std::string_view name) const;
  std::vector<std::string> names() const;

  /// A named pipeline: `--passes=NAME` expands to its passes, in order.
  void addPipeline(std::string name, std::string description, std::vector<std::string> passes);
  struct Pipeline {
    std::string description;
    std::vector<std::string> passes;
  };
  const Pipeline* findPipeline(std::string_view name) const;
  const std::map<std::string, Pipeline, std::less<>>& pipelines() const { return pipelines_; }

 private:
  std::map<std::string, PassFactory, std::less<>> factories_;
  std::map<std::string, Pipeline, std::less<>> pipelines_;
};

/// A function-level pass body: applies `fn` to every function and rebuilds the program
/// only when some function changed (the same program otherwise).
ir::ProgramPtr mapFunctions(const ir::ProgramPtr& program,
                            const std::function<ir::FunctionPtr(const ir::FunctionPtr&)>& fn);

/// Registers every built-in pass (called once by the driver and tests).
void registerAllPasses();

/// Checks a property on a program. Reports violations as diagnostics naming the
/// property and the offending statement; returns false if any.
bool verifyProperty(IRProperty p, const ir::Program& program, DiagnosticEngine& diag);

}  // namespace ptoc
