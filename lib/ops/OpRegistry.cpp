// The op registry: registration (OpBuilder), lookup, the queries of an op's definition
// (OpDef) and core-affinity classification (pypto-facts §5). The contract check of a call
// (createOpCall) is in OpCallCheck.cpp.
#include "ptoc/ops/OpRegistry.h"

#include <fmt/format.h>

#include "ptoc/ops/CorePlacement.h"
#include "ptoc/ops/DeduceUtils.h"

namespace ptoc {

using namespace ir;
using ops::attrMatchesKind;

namespace {

bool isBufferKind(ArgKind k) {
  return k == ArgKind::Tile || k == ArgKind::Tensor || k == ArgKind::TileOrTensor;
}

}  // namespace

// ---- OpDef ---------------------------------------------------------------------------------

size_t OpDef::minArgs() const {
  size_t n = 0;
  for (const auto& a : args)
    if (!a.optional) ++n;
  return n;
}

const KwargSpec* OpDef::findKwarg(std::string_view k) const {
  for (const auto& s : kwargs)
    if (s.name == k) return &s;
  return nullptr;
}

const AttrValue* OpDef::kwargValue(const AttrList& kws, std::string_view n) const {
  if (const AttrValue* v = findAttr(kws, n)) return v;
  const KwargSpec* s = findKwarg(n);
  return s && s->defaultValue ? &*s->defaultValue : nullptr;
}

MemoryEffect OpDef::argEffect(size_t i, const AttrList& kws) const {
  if (i >= args.size()) return MemoryEffect::None;
  const ArgSpec& a = args[i];
  if (a.whenKwarg) {
    const AttrValue* v = kwargValue(kws, a.whenKwarg->kwarg);
    const auto* n = v ? std::get_if<int64_t>(v) : nullptr;
    if (n && *n == a.whenKwarg->value) return a.whenKwarg->effect;
  }
  return a.baseEffect;
}

std::optional<MemorySpace> OpDef::deduceOutputMemory(const std::vector<ExprPtr>& callArgs,
                                                     const AttrList& kws) const {
  switch (outputMemory.kind) {
    case OutputMemoryRule::None:
      return std::nullopt;
    case OutputMemoryRule::Fixed:
      return outputMemory.fixed;
    case OutputMemoryRule::FromKwarg: {
      const AttrValue* v = kwargValue(kws, outputMemory.kwarg);
      const MemorySpace* m = v ? std::get_if<MemorySpace>(v) : nullptr;
      return m ? std::optional<MemorySpace>(*m) : std::nullopt;
    }
    case OutputMemoryRule::InheritInput: {
      size_t i = outputMemory.input;
      if (i >= callArgs.size() || !callArgs[i] || !callArgs[i]->type) return std::nullopt;
      const auto* t = callArgs[i]->type->as<TileType>();
      return t ? t->memory : std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<size_t> OpDef::reducedAxis(size_t rank) const {
  switch (reduce) {
    case ReduceAxes::None:
      return std::nullopt;
    case ReduceAxes::Last:
      return rank == 0 ? std::nullopt : std::optional<size_t>(rank - 1);
    case ReduceAxes::First:
    case ReduceAxes::Lanes:
      return rank == 0 ? std::nullopt : std::optional<size_t>(0);
  }
  return std::nullopt;
}

// ---- OpBuilder -----------------------------------------------------------------------------

OpBuilder& OpBuilder::arg(std::string n, ArgKind kind, std::vector<MemorySpace> memory,
                          MemoryEffect effect) {
  PTOC_CHECK(def_.args.empty() || !def_.args.back().optional,
             def_.name + ": required argument '" + n + "' after an optional one");
  for (const auto& a : def_.args) PTOC_CHECK(a.name != n, def_.name + ": duplicate argument " + n);
  def_.args.push_back(ArgSpec{std::move(n), kind, false, std::move(memory),
                              isBufferKind(kind) ? effect : MemoryEffect::None, std::nullopt});
  return *this;
}

OpBuilder& OpBuilder::effectWhen(const std::string& arg, const std::string& kwarg, int64_t value,
                                 MemoryEffect e) {
  const KwargSpec* k = def_.findKwarg(kwarg);
  PTOC_CHECK(k && k->kind == AttrKind::Int,
             def_.name + ": effectWhen needs the integer kwarg '" + kwarg + "' declared first");
  for (auto& a : def_.args)
    if (a.name == arg) {
      PTOC_CHECK(isBufferKind(a.kind), def_.name + ": effectWhen on the non-buffer '" + arg + "'");
      a.whenKwarg = ArgSpec::KwargEffect{kwarg, value, e};
      return *this;
    }
  PTOC_CHECK(false, def_.name + ": effectWhen names no argument '" + arg + "'");
  return *this;
}

OpBuilder& OpBuilder::optionalArg(std::string n, ArgKind kind, std::vector<MemorySpace> memory) {
  for (const auto& a : def_.args) PTOC_CHECK(a.name != n, def_.name + ": duplicate argument " + n);
  def_.args.push_back(ArgSpec{std::move(n), kind, true, std::move(memory),
                              isBufferKind(kind) ? MemoryEffect::Read : MemoryEffect::None,
                              std::nullopt});
  return *this;
}

OpBuilder& OpBuilder::argDefault(std::string n, ArgKind kind, int64_t dflt) {
  arg(std::move(n), kind);
  def_.args.back().defaultInt = dflt;
  return *this;
}

OpBuilder& OpBuilder::kwarg(std::string n, AttrKind kind, std::optional<AttrValue> dflt,
                            bool alwaysPrint, std::vector<AttrValue> allowed) {
  PTOC_CHECK(!def_.findKwarg(n), def_.name + ": duplicate kwarg " + n);
  PTOC_CHECK(!dflt || attrMatchesKind(*dflt, kind),
             def_.name + ": default of " + n + " has the wrong kind");
  PTOC_CHECK(!alwaysPrint || dflt, def_.name + ": alwaysPrint kwarg " + n + " needs a default");
  for (const auto& a : allowed)
    PTOC_CHECK(attrMatchesKind(a, kind),
               def_.name + ": allowed value of " + n + " has the wrong kind");
  def_.kwargs.push_back(
      KwargSpec{std::move(n), kind, false, std::move(dflt), alwaysPrint, std::move(allowed)});
  return *this;
}

OpBuilder& OpBuilder::kwargSpelling(const std::string& n, AttrValue written, AttrValue canonical) {
  KwargSpec* spec = nullptr;
  for (KwargSpec& k : def_.kwargs)
    if (k.name == n) spec = &k;
  PTOC_CHECK(spec, def_.name + ": spelling of an undeclared kwarg " + n);
  PTOC_CHECK(attrMatchesKind(canonical, spec->kind),
             def_.name + ": spelling of " + n + " has the wrong kind");
  spec->spellings.emplace_back(std::move(written), std::move(canonical));
  return *this;
}

OpBuilder& OpBuilder::requiredKwarg(std::string n, AttrKind kind, std::vector<AttrValue> allowed) {
  kwarg(std::move(n), kind, std::nullopt, false, std::move(allowed));
  def_.kwargs.back().required = true;
  return *this;
}

OpBuilder& OpBuilder::deduce(DeduceTypeFn fn) {
  def_.deduceType = std::move(fn);
  return *this;
}

OpBuilder& OpBuilder::outputMemoryFixed(MemorySpace m) {
  def_.outputMemory = OutputMemoryRule{OutputMemoryRule::Fixed, m, {}, 0};
  return *this;
}

OpBuilder& OpBuilder::outputMemoryFromKwarg(std::string k) {
  PTOC_CHECK(def_.findKwarg(k), def_.name + ": output memory kwarg " + k + " is not declared");
  def_.outputMemory =
      OutputMemoryRule{OutputMemoryRule::FromKwarg, MemorySpace::Vec, std::move(k), 0};
  return *this;
}

OpBuilder& OpBuilder::outputMemoryInherit(size_t input) {
  PTOC_CHECK(input < def_.args.size(), def_.name + ": output memory inherits a missing input");
  def_.outputMemory = OutputMemoryRule{OutputMemoryRule::InheritInput, MemorySpace::Vec, {}, input};
  return *this;
}

OpBuilder& OpBuilder::affinity(CoreAffinity a) {
  def_.declaredAffinity = a;
  return *this;
}

OpBuilder& OpBuilder::affinityRule(AffinityRule r) {
  def_.affinityRule = r;
  return *this;
}

OpBuilder& OpBuilder::id(OpId i) {
  def_.id = i;
  return *this;
}

OpBuilder& OpBuilder::trait(OpTrait t) {
  def_.traits.insert(t);
  return *this;
}

OpBuilder& OpBuilder::reduces(ReduceAxes axes) {
  def_.reduce = axes;
  return *this;
}

OpBuilder& OpBuilder::rowMajorArgs(std::vector<size_t> args) {
  for (size_t i : args)
    PTOC_CHECK(i < def_.args.size() && isBufferKind(def_.args[i].kind),
               def_.name + ": a row-major argument must be a declared tile argument");
  def_.rowMajorArgs = std::move(args);
  return *this;
}

OpBuilder& OpBuilder::vmi(VmiCategory c) {
  def_.vmi = c;
  return *this;
}

OpBuilder& OpBuilder::window(WindowArgs w) {
  auto check = [&](int i, ArgKind kind, const char* what) {
    PTOC_CHECK(
        i < 0 || (static_cast<size_t>(i) < def_.args.size() &&
                  def_.args[static_cast<size_t>(i)].kind == kind),
        fmt::format("{}: the window {} is not a declared argument of its kind", def_.name, what));
  };
  check(w.shape, ArgKind::IntList, "shape");
  check(w.offsets, ArgKind::IntList, "offsets");
  check(w.firstIndex, ArgKind::IntScalar, "index");
  check(w.valid, ArgKind::IntList, "valid shape");
  def_.window = w;
  return *this;
}

OpBuilder& OpBuilder::pipes(PipeSet p) {
  def_.pipes = p;
  return *this;
}

OpBuilder& OpBuilder::pto(std::string spelling) {
  def_.pto = std::move(spelling);
  return *this;
}

OpBuilder& OpBuilder::sideEffects() {
  def_.hasSideEffects = true;
  return *this;
}

OpBuilder& OpBuilder::literalDTypeFrom(size_t arg) {
  def_.literalDTypeArg = arg;
  return *this;
}

OpBuilder& OpBuilder::typeFromAnnotation() {
  def_.typeFromAnnotation = true;
  return *this;
}

OpBuilder& OpBuilder::doc(std::string text) {
  def_.doc = std::move(text);
  return *this;
}

// ---- OpRegistry ----------------------------------------------------------------------------

const OpRegistry& OpRegistry::instance() {
  static const OpRegistry registry = [] {
    OpRegistry r;
    registerMemoryOps(r);
    registerGeneratorOps(r);
    registerComputeOps(r);
    registerCrossCoreOps(r);
    registerSystemOps(r);
    registerVmiOps(r);
    registerTensorOps(r);
    registerPlExtraOps(r);
    registerDistributedOps(r);
    registerRuntimeOps(r);
    registerGatherSortOps(r);
    registerElementwiseLayoutOps(r);
    for (const auto& [name, def] : r.ops_) {
      PTOC_CHECK(def->deduceType || def->typeFromAnnotation, name + " has no type deduction");
      PTOC_CHECK(!def->pipes.empty(), name + " occupies no pipe (use Pipe::Scalar)");
      if (def->id == OpId::Other) continue;
      const OpDef*& slot = r.byId_[static_cast<size_t>(def->id)];
      PTOC_CHECK(!slot, name + " and " + (slot ? slot->name : "") + " have the same OpId");
      slot = def.get();
    }
    for (size_t i = 1; i < r.byId_.size(); ++i)
      PTOC_CHECK(r.byId_[i], fmt::format("OpId {} names no registered op", i));
    return r;
  }();
  return registry;
}

const OpDef* OpRegistry::find(std::string_view n) const {
  auto it = ops_.find(n);
  return it == ops_.end() ? nullptr : it->second.get();
}

const OpDef& OpRegistry::get(std::string_view n) const {
  const OpDef* op = find(n);
  if (!op) throw InternalError(fmt::format("op '{}' is not registered", n));
  return *op;
}

const OpDef& OpRegistry::get(OpId id) const {
  size_t i = static_cast<size_t>(id);
  if (id == OpId::Other || i >= byId_.size() || !byId_[i])
    throw InternalError(fmt::format("no op has OpId {}", i));
  return *byId_[i];
}

std::vector<const OpDef*> OpRegistry::all() const {
  std::vector<const OpDef*> out;
  out.reserve(ops_.size());
  for (const auto& [name, def] : ops_) out.push_back(def.get());  // std::map: sorted by name
  return out;
}

OpBuilder OpRegistry::add(std::string n) {
  PTOC_CHECK(!ops_.count(n), "op registered twice: " + n);
  auto def = std::make_unique<OpDef>();
  def->name = n;
  OpDef& ref = *def;
  ops_.emplace(std::move(n), std::move(def));
  return OpBuilder(ref);
}

// ---- Core affinity -------------------------------------------------------------------------

CoreAffinity classifyCallAffinity(const Call& call) {
  if (!call.op) return CoreAffinity::Shared;
  const OpDef& op = *call.op;
  if (op.declaredAffinity) return *op.declaredAffinity;
  // The lane a pl.split_aiv region decided for a shared op (lower-auto-vector-split stamps
  // it; expand-mixed-kernel consumes and strips it).
  if (const auto* p = getAttr<std::string>(call.kwargs, kCorePlacementKwarg); p && *p == "aiv")
    return CoreAffinity::Vector;
  // An explicit cross-core flag names the core type that sets or waits for it
  // (system.sync_set / sync_wait core_type="aic" | "aiv"): it runs on that side only.
  if (const auto* ct = getAttr<std::string>(call.kwargs, "core_type")) {
    if (*ct == "aiv") return CoreAffinity::Vector;
    if (*ct == "aic") return CoreAffinity::Cube;
  }

  auto byMemory = [](MemorySpace m) {
    return isCubeMemorySpace(m) ? CoreAffinity::Cube : CoreAffinity::Vector;
  };
  std::optional<MemorySpace> firstTileMemory;
  bool haveTile = false;
  for (const auto& a : call.args)
    if (a && a->type)
      if (const auto* t = a->type->as<TileType>()) {
        firstTileMemory = t->memory;
        haveTile = true;
        break;
      }

  switch (op.affinityRule) {
    case AffinityRule::CoreBoundary:
      return CoreAffinity::Mixed;
    case AffinityRule::MoveDirection: {
      std::optional<MemorySpace> target = op.deduceOutputMemory(call.args, call.kwargs);
      if (firstTileMemory && target &&
          isCubeMemorySpace(*firstTileMemory) != isCubeMemorySpace(*target))
        return CoreAffinity::Mixed;
      return firstTileMemory && isCubeMemorySpace(*firstTileMemory) ? CoreAffinity::Cube
                                                                    : CoreAffinity::Vector;
    }
    case AffinityRule::ByMemory:
      break;
  }
  if (auto out = op.deduceOutputMemory(call.args, call.kwargs)) return byMemory(*out);
  if (haveTile && firstTileMemory) return byMemory(*firstTileMemory);
  return CoreAffinity::Shared;
}

}  // namespace ptoc
