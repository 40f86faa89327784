// The op registry: the single source of truth about every op of the catalog
// (dsl.md §5) — positional arguments, keyword arguments with defaults, type
// deduction, allowed operand memory spaces, output memory, core affinity and
// memory effects. Passes, binder, printer and simulator consult it; nothing
// else compares op-name strings.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/Expr.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc {

/// What kind of value a positional argument must be.
enum class ArgKind : uint8_t {
  Tile,
  Tensor,
  TileOrTensor,
  Scalar,     // any scalar expression
  IntScalar,  // integer/index scalar expression
  IntList,    // `[a, b]` of integer/index scalars (MakeTuple)
  VReg,
  Mask,
  Any,
};

enum class AttrKind : uint8_t {
  Bool,
  Int,
  Float,
  String,
  DType,
  MemorySpace,
  TileLayout,
  PadValue,
  SplitMode
};

enum class MemoryEffect : uint8_t { None, Read, Write, ReadWrite };

struct ArgSpec {
  std::string name;
  ArgKind kind = ArgKind::Any;
  bool optional = false;
  std::vector<ir::MemorySpace> memory;  // allowed spaces for tile args; empty = any
  MemoryEffect effect = MemoryEffect::None;
};

struct KwargSpec {
  std::string name;
  AttrKind kind = AttrKind::Int;
  bool required = false;
  std::optional<ir::AttrValue> defaultValue;
  /// Printed even when equal to the default (e.g. target_memory on tile.load).
  bool alwaysPrint = false;
  /// Allowed values (empty = any value of the kind).
  std::vector<ir::AttrValue> allowed;
};

class OpDef;

/// Everything type deduction sees about one call. `fail` reports a diagnostic at
/// the call (or at argument `argIndex` when >= 0) and throws CompileError.
struct OpCallContext {
  const OpDef& op;
  const std::vector<ir::ExprPtr>& args;
  const ir::AttrList& kwargs;  // canonical (see createOpCall)
  Span span;
  DiagnosticEngine& diag;
  /// Optional locations: per positional argument, and per kwarg as written (parallel to
  /// `givenKwargs`). Null/short = fall back to the call span.
  const std::vector<Span>* argSpans = nullptr;
  const ir::AttrList* givenKwargs = nullptr;
  const std::vector<Span>* kwargSpans = nullptr;
  /// The left-hand-side annotation, when the caller has one (used by typeFromAnnotation ops).
  ir::TypePtr annotated = nullptr;

  [[noreturn]] void fail(int argIndex, const std::string& message, std::string hint = {}) const;
  /// Like fail, located at the kwarg as written (else the call).
  [[noreturn]] void failKwarg(std::string_view name, const std::string& message,
                              std::string hint = {}) const;
  /// Span of argument `argIndex` when known, else the call's.
  Span argSpan(int argIndex) const;
  /// The op's output memory for this call (OpDef::deduceOutputMemory).
  std::optional<ir::MemorySpace> outputMemory() const;
  /// The kwarg's value as given, else the spec's default, else null.
  const ir::AttrValue* kwarg(std::string_view name) const;
  template <typename T>
  T kwargOr(std::string_view name, T dflt) const {
    const ir::AttrValue* v = kwarg(name);
    const T* t = v ? std::get_if<T>(v) : nullptr;
    return t ? *t : dflt;
  }
  /// Typed argument accessors; null when the argument is absent or of another type.
  const ir::TileType* tileArg(size_t i) const;
  const ir::TensorType* tensorArg(size_t i) const;
  /// Static integer elements of a `[a, b]` argument, or nullopt when any is dynamic.
  std::optional<std::vector<int64_t>> staticIntList(size_t i) const;
};

using DeduceTypeFn = std::function<ir::TypePtr(const OpCallContext&)>;

/// Which step of classifyCallAffinity (pypto-facts §5) applies besides declared affinity.
enum class AffinityRule : uint8_t {
  ByMemory,       // output memory, then first tile argument, then SHARED
  MoveDirection,  // tile.move: crossing cube/vector = MIXED, else by source space
  CoreBoundary,   // tile.aiv_shard / tile.aic_gather: always MIXED
};

/// What a pass needs to know an op *is* (so no pass compares op names). Most ops are
/// Generic; the roles name the ops the split / memory / layout passes treat specially.
enum class OpRole : uint8_t {
  Generic,
  Load,           // tile.load
  Store,          // tile.store
  Move,           // tile.move
  Create,         // tile.create
  Full,           // tile.full
  PositionalGen,  // tile.ci / tile.random: values depend on the element position
  Slice,          // tile.slice
  Reshape,        // tile.reshape
  Extract,        // tile.extract
  SetValidShape,  // tile.set_validshape
  Transpose,      // tile.transpose
  Elementwise,    // tile.add ... tile.cast: result = input shape, row-major operands
  RowReduce,      // tile.row_*: collapses the last axis
  ColReduce,      // tile.col_*: collapses the first axis
  RowExpand,      // tile.row_expand_*: [M, N] op [M, 1]
  Matmul,         // tile.matmul / tile.matmul_acc
  AivShard,       // tile.aiv_shard
  AicGather,      // tile.aic_gather
  SubblockIdx,    // tile.get_subblock_idx
};

/// How the memory space of an op's tile result is chosen.
struct OutputMemoryRule {
  enum Kind : uint8_t { None, Fixed, FromKwarg, InheritInput } kind = None;
  ir::MemorySpace fixed = ir::MemorySpace::Vec;
  std::string kwarg;  // FromKwarg
  size_t input = 0;   // InheritInput
};

class OpDef {
 public:
  std::string name;  // "tile.add", "system.reserve_buffer", "vmi.vadd"
  std::vector<ArgSpec> args;
  std::vector<KwargSpec> kwargs;
  DeduceTypeFn deduceType;
  OutputMemoryRule outputMemory;
  std::optional<ir::CoreAffinity> declaredAffinity;
  AffinityRule affinityRule = AffinityRule::ByMemory;
  OpRole role = OpRole::Generic;
  bool hasSideEffects = false;  // e.g. tpush, tfree, pipe setup: never dropped
  /// Result type comes from the LHS annotation (tpop).
  bool typeFromAnnotation = false;
  std::string doc;  // one line, shown by `ptoc ops`

  size_t minArgs() const;
  const KwargSpec* findKwarg(std::string_view k) const;
  /// The memory space a deduced tile result gets (kwargs canonical).
  std::optional<ir::MemorySpace> deduceOutputMemory(const std::vector<ir::ExprPtr>& args,
                                                    const ir::AttrList& kwargs) const;
  /// Kwarg value as stored, else the spec default, else null.
  const ir::AttrValue* kwargValue(const ir::AttrList& kwargs, std::string_view name) const;
};

/// Fluent registration: `registerOp("tile.add").arg("lhs", ArgKind::Tile, {Vec})...`.
class OpBuilder {
 public:
  explicit OpBuilder(OpDef& d) : def_(d) {}
  OpBuilder& arg(std::string name, ArgKind kind, std::vector<ir::MemorySpace> memory = {},
                 MemoryEffect effect = MemoryEffect::Read);
  OpBuilder& optionalArg(std::string name, ArgKind kind, std::vector<ir::MemorySpace> memory = {});
  OpBuilder& kwarg(std::string name, AttrKind kind,
                   std::optional<ir::AttrValue> dflt = std::nullopt, bool alwaysPrint = false,
                   std::vector<ir::AttrValue> allowed = {});
  OpBuilder& requiredKwarg(std::string name, AttrKind kind,
                           std::vector<ir::AttrValue> allowed = {});
  OpBuilder& deduce(DeduceTypeFn fn);
  OpBuilder& outputMemoryFixed(ir::MemorySpace m);
  OpBuilder& outputMemoryFromKwarg(std::string kwarg);
  OpBuilder& outputMemoryInherit(size_t input);
  OpBuilder& affinity(ir::CoreAffinity a);
  OpBuilder& affinityRule(AffinityRule r);
  OpBuilder& role(OpRole r);
  OpBuilder& sideEffects();
  OpBuilder& typeFromAnnotation();
  OpBuilder& doc(std::string text);

 private:
  OpDef& def_;
};

class OpRegistry {
 public:
  /// The process-wide registry with the whole catalog registered.
  static const OpRegistry& instance();

  const OpDef* find(std::string_view name) const;
  /// The op named `name`; an internal error when it is not registered (for passes).
  const OpDef& get(std::string_view name) const;
  std::vector<const OpDef*> all() const;  // sorted by name
  OpBuilder add(std::string name);        // registration only

 private:
  std::map<std::string, std::unique_ptr<OpDef>, std::less<>> ops_;
};

/// Validates a call against the op's contract (arity, argument kinds, kwargs and their
/// values; a tile operand outside its allowed memory spaces is accepted — that is checked by
/// the TileMemoryInferred verifier once infer-tile-memory-space has run), canonicalizes kwargs,
/// deduces the result type and builds the Call. Canonical kwargs = spec order; a value equal to the
/// spec default is dropped unless the spec says alwaysPrint (then a missing one is filled in). The
/// printer prints the stored kwargs as they are. `argSpans` (may be empty) locates per-argument
/// diagnostics. When `annotated` is given and the op takes its type from the annotation, it is
/// used.
std::shared_ptr<const ir::Call> createOpCall(const OpDef& op, std::vector<ir::ExprPtr> args,
                                             const ir::AttrList& kwargs, Span span,
                                             DiagnosticEngine& diag,
                                             const std::vector<Span>& argSpans = {},
                                             const std::vector<Span>& kwargSpans = {},
                                             ir::TypePtr annotated = nullptr);

/// The role of a call's op (Generic for function calls).
inline OpRole callRole(const ir::Call& call) { return call.op ? call.op->role : OpRole::Generic; }

/// Core affinity of a call (pypto-facts §5, ClassifyIntrinsicCallAffinity).
ir::CoreAffinity classifyCallAffinity(const ir::Call& call);

/// Registration entry points, one per op family file.
void registerMemoryOps(OpRegistry& r);
void registerComputeOps(OpRegistry& r);
void registerCrossCoreOps(OpRegistry& r);
void registerSystemOps(OpRegistry& r);
void registerVmiOps(OpRegistry& r);

}  // namespace ptoc
