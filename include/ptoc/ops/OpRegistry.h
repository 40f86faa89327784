// The op registry: the single source of truth about every op of the catalog
// (dsl.md §5) — positional arguments, keyword arguments with defaults, type
// deduction, allowed operand memory spaces, output memory, core affinity, memory
// effects, traits (elementwise, reduced axes, row-major operands, cross-core, ...),
// the identity passes name it by (OpId), the pipes it occupies, its PTO spelling and
// a cost slot. Passes, binder, printer and simulator consult it; nothing else compares
// op-name strings. How to add an op: docs/ops-registry.md.
#pragma once

#include <array>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/Expr.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/target/Target.h"

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
  /// The effect on this operand when no `whenKwarg` rule applies. Read it through
  /// OpDef::argEffect / ops::argEffect, which apply the rule: an effect can depend on a kwarg.
  MemoryEffect baseEffect = MemoryEffect::None;
  /// PyPTO's default of an integer argument left out (`c2v_consumer_buf=0`): the front end
  /// passes this literal in its place.
  std::optional<int64_t> defaultInt;
  /// An effect that depends on a kwarg: when the call's (canonical) integer kwarg `kwarg`
  /// equals `value`, the effect is `effect` instead of `baseEffect` (tile.store's atomic=1
  /// adds into the tensor, so it reads it too).
  struct KwargEffect {
    std::string kwarg;
    int64_t value = 0;
    MemoryEffect effect = MemoryEffect::None;
  };
  std::optional<KwargEffect> whenKwarg = std::nullopt;
};

inline bool writesMemory(MemoryEffect e) {
  return e == MemoryEffect::Write || e == MemoryEffect::ReadWrite;
}
inline bool readsMemory(MemoryEffect e) {
  return e == MemoryEffect::Read || e == MemoryEffect::ReadWrite;
}

struct KwargSpec {
  std::string name;
  AttrKind kind = AttrKind::Int;
  bool required = false;
  std::optional<ir::AttrValue> defaultValue;
  /// Printed even when equal to the default (e.g. target_memory on tile.load).
  bool alwaysPrint = false;
  /// Allowed values (empty = any value of the kind).
  std::vector<ir::AttrValue> allowed;
  /// PyPTO's other spellings of a value, read as the canonical one (`coalesce="row"` is
  /// coalesce 0; `atomic=True` is atomic 1): {written, canonical}.
  std::vector<std::pair<ir::AttrValue, ir::AttrValue>> spellings = {};
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

/// The identity of an op that a pass builds or treats by name of its own (a split rule for
/// tile.load, a boundary at tile.aiv_shard, ...). Set once at registration; the registry
/// checks that every id but Other names exactly one op. Passes recognise an op with
/// `isOp(call, OpId::Load)` and build one with `OpRegistry::instance().get(OpId::Move)`,
/// never by comparing names. What several ops share is a trait (OpTrait), not an id.
enum class OpId : uint8_t {
  Other,  // every op no pass names
  Load,
  Store,
  Move,
  Create,
  Full,
  Slice,
  Reshape,
  Extract,
  SetValidShape,
  Transpose,
  Matmul,
  MatmulAcc,
  AivShard,
  AicGather,
  GetSubblockIdx,
  Submit,  // pl.submit: a kernel launch that also yields its task id
  Count_,  // number of ids (not an op)
};

/// Boolean properties an op may have (several at once).
enum class OpTrait : uint8_t {
  /// Result element i depends only on element i of each operand (tile add, exp, cast, ...;
  /// the lane-wise vmi ops).
  Elementwise,
  /// row_expand_*: the second operand, an [M, 1] column, is broadcast along the rows.
  RowBroadcast,
  /// Tile values that depend on the element position (tile.ci, tile.random): halving only
  /// the shape would give both AIV lanes the first half's values.
  PositionalGenerator,
  /// Moves data or control between the AIC and the AIV cores (tpush / tpop / tfree, pipe
  /// setup and buffers, aiv_shard / aic_gather).
  CrossCore,
  Count_,
};

/// Which axes a reduction collapses (kept as extent 1).
enum class ReduceAxes : uint8_t {
  None,
  Last,   // row_*: [M, N] -> [M, 1]
  First,  // col_*: [M, N] -> [1, N]
  Lanes,  // vmi.vcadd / vcmax / vcmin: all active lanes of a register -> one lane
};

/// The families of the vector-register (vmi) ops.
enum class VmiCategory : uint8_t {
  None,             // not a vmi op
  Mask,             // create_mask, mask_and / mask_or / mask_not
  Load,             // vload: tile -> register
  Store,            // vstore: register -> tile (predicated)
  Broadcast,        // vbrc
  Ramp,             // vci
  LaneWise,         // vadd ... vcvt: lane i of the result from lane i of the operands
  Compare,          // vcmp / vcmps -> mask
  Select,           // vsel
  CrossLaneReduce,  // vcadd / vcmax / vcmin
};

/// The hardware pipes of a core (architecture.md §2; ptoas-facts §1.3, §4.2).
enum class Pipe : uint8_t {
  MTE1,    // L1 -> L0A / L0B / bias
  MTE2,    // GM -> UB / L1
  MTE3,    // UB -> GM / L1
  M,       // cube matmul
  V,       // vector unit
  FIX,     // fixpipe: L0C -> GM / L1 / UB
  Scalar,  // the scalar unit: views, allocation, queries, pipe bookkeeping
  Count_,
};

std::string_view toString(OpId id);
std::string_view toString(OpTrait t);
std::string_view toString(ReduceAxes r);
std::string_view toString(VmiCategory c);
std::string_view toString(Pipe p);

/// A small set of enum values (traits, pipes), iterated in enum order.
template <typename E>
class EnumSet {
 public:
  constexpr EnumSet() = default;
  constexpr EnumSet(std::initializer_list<E> es) {
    for (E e : es) insert(e);
  }
  constexpr void insert(E e) { bits_ |= bit(e); }
  constexpr bool has(E e) const { return (bits_ & bit(e)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  std::vector<E> values() const {
    std::vector<E> out;
    for (unsigned i = 0; i < static_cast<unsigned>(E::Count_); ++i)
      if (bits_ & (1u << i)) out.push_back(static_cast<E>(i));
    return out;
  }
  constexpr bool operator==(const EnumSet&) const = default;

 private:
  static constexpr uint32_t bit(E e) { return 1u << static_cast<unsigned>(e); }
  uint32_t bits_ = 0;
};
using OpTraitSet = EnumSet<OpTrait>;
using PipeSet = EnumSet<Pipe>;

/// The cycle cost of one call on `arch` (the time it occupies its pipe). A slot for the cycle
/// model: unset on every op today; the simulator's cycle model will register one per family.
using OpCostFn = std::function<int64_t(const ir::Call&, target::Arch)>;

/// Where an op that makes or addresses a tile window gives its parts (argument indices, -1 =
/// none): the shape (a list), the offsets (a list, or `firstIndex`: one index scalar per axis
/// from there on) and the valid shape (a list). The split lowering halves shapes and
/// localizes offsets through it; explicit split regions check lane addressing with it.
struct WindowArgs {
  int shape = -1;
  int offsets = -1;
  int firstIndex = -1;
  int valid = -1;
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
  bool hasSideEffects = false;  // e.g. tpush, tfree, pipe setup: never dropped
  /// Identity for the passes that name this op (Other for most ops).
  OpId id = OpId::Other;
  OpTraitSet traits;
  ReduceAxes reduce = ReduceAxes::None;
  /// Tile arguments that must be row-major (blayout row_major, slayout none_box) because the
  /// op reads them row by row; resolve-backend-op-layouts moves any other layout there.
  std::vector<size_t> rowMajorArgs;
  VmiCategory vmi = VmiCategory::None;
  WindowArgs window;
  /// The pipes the op may occupy. An op whose data path depends on its operands lists each
  /// (tile.store: MTE3 from Vec, FIX from Acc); the cross-core ops list the union over both
  /// cores and both arches (A2/A3 goes through GM with MTE2, A5 core to core).
  PipeSet pipes;
  /// The PTO tile-level (pto.t*) or VMI (pto.vmi.*) op this op becomes, e.g. "pto.tadd";
  /// empty where ptoas-facts.md does not establish it (or the op lowers to several).
  std::string pto;
  /// Unset today (see OpCostFn).
  OpCostFn cost;
  /// Result type comes from the LHS annotation (tpop).
  bool typeFromAnnotation = false;
  /// The argument whose element dtype a bare scalar literal argument takes (the front end's
  /// rule); unset: the first operand with an element dtype. tile.sels sets it past its mask.
  std::optional<size_t> literalDTypeArg;
  std::string doc;  // one line, shown by `ptoc ops`

  size_t minArgs() const;
  const KwargSpec* findKwarg(std::string_view k) const;
  /// The memory space a deduced tile result gets (kwargs canonical).
  std::optional<ir::MemorySpace> deduceOutputMemory(const std::vector<ir::ExprPtr>& args,
                                                    const ir::AttrList& kwargs) const;
  /// Kwarg value as stored, else the spec default, else null.
  const ir::AttrValue* kwargValue(const ir::AttrList& kwargs, std::string_view name) const;
  /// The memory effect of argument `i` of a call with these kwargs (None past the declared
  /// arguments): the argument's base effect, or its kwarg-dependent one (ArgSpec::whenKwarg).
  /// The only way passes, the simulator and the catalog read an effect.
  MemoryEffect argEffect(size_t i, const ir::AttrList& kwargs) const;

  bool has(OpTrait t) const { return traits.has(t); }
  bool isReduce() const { return reduce != ReduceAxes::None; }
  /// The axis a reduction collapses for an operand of `rank` (nullopt: not a reduction).
  std::optional<size_t> reducedAxis(size_t rank) const;
};

/// Fluent registration: `registerOp("tile.add").arg("lhs", ArgKind::Tile, {Vec})...`.
class OpBuilder {
 public:
  explicit OpBuilder(OpDef& d) : def_(d) {}
  OpBuilder& arg(std::string name, ArgKind kind, std::vector<ir::MemorySpace> memory = {},
                 MemoryEffect effect = MemoryEffect::Read);
  OpBuilder& optionalArg(std::string name, ArgKind kind, std::vector<ir::MemorySpace> memory = {});
  /// An integer argument with PyPTO's default value (the front end fills it in).
  OpBuilder& argDefault(std::string name, ArgKind kind, int64_t dflt);
  OpBuilder& kwarg(std::string name, AttrKind kind,
                   std::optional<ir::AttrValue> dflt = std::nullopt, bool alwaysPrint = false,
                   std::vector<ir::AttrValue> allowed = {});
  OpBuilder& requiredKwarg(std::string name, AttrKind kind,
                           std::vector<ir::AttrValue> allowed = {});
  /// Another spelling of a value of the kwarg `name` (declared before), read as `canonical`.
  OpBuilder& kwargSpelling(const std::string& name, ir::AttrValue written, ir::AttrValue canonical);
  /// Argument `arg` has the effect `e` when the integer kwarg `kwarg` (declared before) is
  /// `value` (ArgSpec::whenKwarg).
  OpBuilder& effectWhen(const std::string& arg, const std::string& kwarg, int64_t value,
                        MemoryEffect e);
  OpBuilder& deduce(DeduceTypeFn fn);
  OpBuilder& outputMemoryFixed(ir::MemorySpace m);
  OpBuilder& outputMemoryFromKwarg(std::string kwarg);
  OpBuilder& outputMemoryInherit(size_t input);
  OpBuilder& affinity(ir::CoreAffinity a);
  OpBuilder& affinityRule(AffinityRule r);
  OpBuilder& id(OpId i);
  OpBuilder& trait(OpTrait t);
  OpBuilder& reduces(ReduceAxes axes);
  OpBuilder& rowMajorArgs(std::vector<size_t> args);
  OpBuilder& vmi(VmiCategory c);
  OpBuilder& window(WindowArgs w);  // after the arguments it names
  OpBuilder& pipes(PipeSet p);
  OpBuilder& pto(std::string spelling);
  OpBuilder& sideEffects();
  OpBuilder& typeFromAnnotation();
  OpBuilder& literalDTypeFrom(size_t arg);
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
  /// The op with identity `id` (not OpId::Other).
  const OpDef& get(OpId id) const;
  std::vector<const OpDef*> all() const;  // sorted by name
  OpBuilder add(std::string name);        // registration only

 private:
  std::map<std::string, std::unique_ptr<OpDef>, std::less<>> ops_;
  std::array<const OpDef*, static_cast<size_t>(OpId::Count_)> byId_{};
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

/// The identity of a call's op (Other for function calls and unnamed ops).
inline OpId opIdOf(const ir::Call& call) { return call.op ? call.op->id : OpId::Other; }
inline bool isOp(const ir::Call& call, OpId id) { return opIdOf(call) == id; }
/// The memory effect of a call's argument `i` (OpDef::argEffect; None for a function call,
/// whose effects its parameter directions give).
inline MemoryEffect argEffect(const ir::Call& call, size_t i) {
  return call.op ? call.op->argEffect(i, call.kwargs) : MemoryEffect::None;
}
/// Whether the call is an op call with trait `t`.
inline bool hasTrait(const ir::Call& call, OpTrait t) { return call.op && call.op->has(t); }

/// Core affinity of a call (pypto-facts §5, ClassifyIntrinsicCallAffinity).
ir::CoreAffinity classifyCallAffinity(const ir::Call& call);

/// Registration entry points, one per op family file.
void registerMemoryOps(OpRegistry& r);
void registerGeneratorOps(OpRegistry& r);
void registerComputeOps(OpRegistry& r);
void registerCrossCoreOps(OpRegistry& r);
void registerSystemOps(OpRegistry& r);
void registerVmiOps(OpRegistry& r);
void registerTensorOps(OpRegistry& r);
void registerPlExtraOps(OpRegistry& r);
void registerDistributedOps(OpRegistry& r);
void registerRuntimeOps(OpRegistry& r);
void registerGatherSortOps(OpRegistry& r);
void registerElementwiseLayoutOps(OpRegistry& r);

}  // namespace ptoc
