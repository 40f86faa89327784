// The generic contract check of a call (createOpCall: arity, argument kinds, kwarg names,
// kinds and values, kwarg canonicalization, tensors with dynamic dimensions, type deduction)
// and the OpCallContext through which type deduction reads the call and reports.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ptoc/ir/CallAttrs.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using ops::attrMatchesKind;
using ops::describeType;

namespace {

[[noreturn]] void failAt(DiagnosticEngine& diag, Span span, std::string message,
                         std::string hint = {}) {
  diag.error(span, std::move(message), std::move(hint));
  throw CompileError();
}

/// Converts a written kwarg value to the spec's kind: Float accepts an integer, SplitMode
/// accepts the integers 0/1/2. nullopt when the value has another kind.
std::optional<AttrValue> coerceAttr(const AttrValue& v, AttrKind k) {
  if (attrMatchesKind(v, k)) return v;
  if (k == AttrKind::Float)
    if (const auto* i = std::get_if<int64_t>(&v)) return AttrValue(static_cast<double>(*i));
  if (k == AttrKind::SplitMode)
    if (const auto* i = std::get_if<int64_t>(&v); i && *i >= 0 && *i <= 2)
      return AttrValue(static_cast<SplitMode>(*i));
  if (k == AttrKind::PadValue) {  // PyPTO's literal sugars: 0, math.inf, -math.inf
    if (const auto* i = std::get_if<int64_t>(&v); i && *i == 0) return AttrValue(PadValue::Zero);
    if (const auto* d = std::get_if<double>(&v)) {
      if (*d == 0.0) return AttrValue(PadValue::Zero);
      if (std::isinf(*d)) return AttrValue(*d > 0 ? PadValue::Max : PadValue::Min);
    }
  }
  return std::nullopt;
}

bool argKindMatches(ArgKind k, const Type& t) {
  switch (k) {
    case ArgKind::Tile:
      return t.isa<TileType>();
    case ArgKind::Tensor:
      return t.isa<TensorType>();
    case ArgKind::TileOrTensor:
      return t.isa<TileType>() || t.isa<TensorType>();
    case ArgKind::Scalar:
      return t.isa<ScalarType>();
    case ArgKind::IntScalar:
      return t.isa<ScalarType>() && isInteger(t.as<ScalarType>()->dtype);
    case ArgKind::VReg:
      return t.isa<VRegType>();
    case ArgKind::Mask:
      return t.isa<MaskType>();
    case ArgKind::IntList:  // checked structurally by the caller
    case ArgKind::Any:
      return true;
  }
  return false;
}

/// Whether the argument value `t` would fit parameter `spec` by kind.
bool fitsKind(const ArgSpec& spec, const Expr& arg) {
  if (spec.kind == ArgKind::IntList) return arg.isa<MakeTuple>();
  return arg.type && argKindMatches(spec.kind, *arg.type);
}

/// The hint of a kind mismatch of argument i: swapped arguments, a tensor that needs a load, a
/// tile that needs a vload, ... derived from the expected kind and the actual type.
std::string kindMismatchHint(const OpCallContext& ctx, size_t i, const ArgSpec& spec,
                             const Type& t) {
  const OpDef& op = ctx.op;
  // Swapped with another argument?
  for (size_t j = 0; j < ctx.args.size() && j < op.args.size(); ++j) {
    if (j == i || !ctx.args[j] || fitsKind(op.args[j], *ctx.args[j])) continue;
    if (fitsKind(spec, *ctx.args[j]) && fitsKind(op.args[j], *ctx.args[i])) {
      std::vector<std::string> texts;
      for (size_t k = 0; k < ctx.args.size(); ++k)
        texts.push_back(ops::argText(ctx, k == i ? j : k == j ? i : k));
      return fmt::format("arguments {} and {} look swapped: {}({})", i + 1, j + 1, ops::dslName(op),
                         fmt::join(texts, ", "));
    }
  }
  std::string name = ops::argText(ctx, i);
  switch (spec.kind) {
    case ArgKind::Tile:
    case ArgKind::TileOrTensor:
      if (const auto* tensor = t.as<TensorType>())
        return ops::loadFirstHint(name, *tensor, spec.memory);
      if (t.isa<ScalarType>()) {
        if (i == 0 && ctx.args.size() >= 2 && ctx.args[1] && ctx.args[1]->type &&
            ctx.args[1]->type->isa<TileType>() && OpRegistry::instance().find(op.name + "s"))
          return fmt::format("the tile goes first and the scalar second: {}({}, {})",
                             ops::dslName(op), ops::argText(ctx, 1), name);
        return "a scalar is not a tile: use pl.full([rows, cols], value, dtype=...) for a "
               "constant tile";
      }
      if (t.isa<VRegType>())
        return fmt::format(
            "write the register back to a tile with pl.vmi.vstore({}, t, offset, "
            "mask) and use the tile",
            name);
      break;
    case ArgKind::Tensor:
      if (t.isa<TileType>())
        return op.id == OpId::Load ? fmt::format(
                                         "{} is already a tile: use it directly, or pl.move({}, "
                                         "target_memory=...) to change its memory space",
                                         name, name)
                                   : "pass a tensor (a pl.Tensor parameter of the function)";
      return "pass a tensor (a pl.Tensor parameter of the function)";
    case ArgKind::Scalar:
    case ArgKind::IntScalar:
      if (const auto* s = t.as<ScalarType>())  // a float where an integer is expected
        return fmt::format("use an integer, e.g. pl.cast({}, pl.INDEX) (was {})", name,
                           dtypeName(s->dtype));
      if (const auto* tile = t.as<TileType>())
        return fmt::format("read one element: {}[{}]", name,
                           fmt::join(std::vector<std::string>(tile->shape.size(), "0"), ", "));
      break;
    case ArgKind::VReg: {
      if (const auto* tile = t.as<TileType>())
        return fmt::format(
            "read it into a register inside a `with pl.simd_vf(lanes={}):` "
            "region: pl.vmi.vload({}, offset, size={})",
            ops::registerLanes(tile->dtype), name, ops::registerLanes(tile->dtype));
      if (t.isa<TensorType>())
        return fmt::format(
            "load a tile first (pl.load({}, ...)), then read it with "
            "pl.vmi.vload(tile, offset, size=...) inside a pl.simd_vf region",
            name);
      if (t.isa<ScalarType>()) return fmt::format("broadcast it: pl.vmi.vbrc({}, size=...)", name);
      break;
    }
    case ArgKind::Mask: {
      int64_t lanes = 64;
      for (const auto& a : ctx.args)
        if (a && a->type)
          if (const auto* v = a->type->as<VRegType>()) lanes = v->lanes;
      return fmt::format(
          "make one with pl.vmi.create_mask({}, size={}) (all lanes) or compare "
          "registers with pl.vmi.vcmp(a, b, seed_mask, cmp=\"lt\")",
          lanes, lanes);
    }
    case ArgKind::IntList:
    case ArgKind::Any:
      break;
  }
  return fmt::format("the signature is {}", ops::signatureText(op));
}

/// Kind, list-element and memory-space check of one positional argument.
void checkArgument(const OpCallContext& ctx, size_t i, const ArgSpec& spec) {
  const ExprPtr& arg = ctx.args[i];
  PTOC_CHECK(arg, fmt::format("{}: argument {} is a null expression", ctx.op.name, i + 1));
  int idx = static_cast<int>(i);
  if (!arg->type)
    ctx.fail(idx,
             fmt::format("argument {} ('{}') of {} has no type", i + 1, spec.name, ctx.op.name),
             fmt::format("pass a typed value; the signature is {}", ops::signatureText(ctx.op)));
  const Type& t = *arg->type;
  if (auto why = ops::malformedTypeReason(t))
    ctx.fail(idx,
             fmt::format("argument {} ('{}') of {} has a malformed type: {}", i + 1, spec.name,
                         ctx.op.name, *why),
             "fix the declaration of the value: every extent must be at least 1 and the "
             "valid_shape must have one entry per axis");
  if (spec.kind == ArgKind::IntList) {
    const auto* list = arg->as<MakeTuple>();
    if (!list)
      ctx.fail(idx,
               fmt::format("argument {} of {} must be {}, got {}", i + 1, ctx.op.name,
                           ops::argKindDescription(spec.kind), describeType(arg->type)),
               fmt::format("write the {} as a list, e.g. [0, 0]", spec.name));
    for (size_t k = 0; k < list->elements.size(); ++k) {
      const ExprPtr& el = list->elements[k];
      PTOC_CHECK(el, fmt::format("{}: element {} of argument {} is null", ctx.op.name, k, i + 1));
      const ScalarType* st = el->type ? el->type->as<ScalarType>() : nullptr;
      if (!st || !isInteger(st->dtype))
        ctx.fail(idx,
                 fmt::format("element {} of argument {} ('{}') of {} must be an integer scalar, "
                             "got {}",
                             k, i + 1, spec.name, ctx.op.name, describeType(el->type)),
                 st ? fmt::format("convert it: pl.cast({}, pl.INDEX)", ops::exprText(el))
                    : std::string("use integer literals or integer scalar variables"));
    }
    return;
  }
  if (!argKindMatches(spec.kind, t))
    ctx.fail(idx,
             fmt::format("argument {} of {} must be {}, got {}", i + 1, ctx.op.name,
                         ops::argKindDescription(spec.kind), describeType(arg->type)),
             kindMismatchHint(ctx, i, spec, t));
  // A tile operand outside the op's allowed memory spaces is accepted here (type deduction does
  // not depend on it): infer-tile-memory-space inserts the tile.move, and the
  // TileMemoryInferred verifier rejects what is left over.
}

/// "e.g. target_memory=pl.Mem.Vec" from the spec's default or first allowed value.
std::string kwargExampleHint(const KwargSpec& spec) {
  if (spec.defaultValue)
    return fmt::format("e.g. {}={}", spec.name, printAttrValue(*spec.defaultValue));
  if (!spec.allowed.empty())
    return fmt::format("e.g. {}={}", spec.name, printAttrValue(spec.allowed.front()));
  switch (spec.kind) {
    case AttrKind::Bool:
      return fmt::format("e.g. {}=True", spec.name);
    case AttrKind::Int:
      return fmt::format("e.g. {}=64 (an integer literal)", spec.name);
    case AttrKind::Float:
      return fmt::format("e.g. {}=1.0", spec.name);
    case AttrKind::String:
      return fmt::format("e.g. {}=\"...\" (a string literal)", spec.name);
    case AttrKind::DType:
      return fmt::format("e.g. {}=pl.FP32", spec.name);
    case AttrKind::MemorySpace:
      return fmt::format("e.g. {}=pl.Mem.Vec", spec.name);
    case AttrKind::TileLayout:
      return fmt::format("e.g. {}=pl.TileLayout.row_major", spec.name);
    case AttrKind::PadValue:
      return fmt::format("e.g. {}=pl.PadValue.zero", spec.name);
    case AttrKind::SplitMode:
      return fmt::format("e.g. {}=pl.SplitMode.UP_DOWN", spec.name);
  }
  return fmt::format("the signature shows the kinds of the keyword arguments");
}

/// A value outside the allowed set: how to get where the user wanted (a memory space that is
/// reached through Mat and a move), else the first allowed value.
std::string disallowedValueHint(const OpDef& op, const KwargSpec& spec, const AttrValue& v) {
  if (const auto* m = std::get_if<MemorySpace>(&v)) {
    bool matAllowed = std::find(spec.allowed.begin(), spec.allowed.end(),
                                AttrValue(MemorySpace::Mat)) != spec.allowed.end();
    if (*m == MemorySpace::Acc)
      return "Acc tiles are produced by pl.matmul; use one of the listed spaces here";
    if (matAllowed && *m != MemorySpace::Vec)
      return fmt::format("use {}=pl.Mem.Mat, then pl.move(t, target_memory=pl.Mem.{})", spec.name,
                         toString(*m));
  }
  return fmt::format("e.g. {}={} ({})", spec.name, printAttrValue(spec.allowed.front()),
                     ops::signatureText(op));
}

std::string arityText(const OpDef& op) {
  size_t lo = op.minArgs(), hi = op.args.size();
  auto plural = [](size_t n) { return n == 1 ? "argument" : "arguments"; };
  if (lo == hi) return fmt::format("{} {}", lo, plural(lo));
  if (hi == lo + 1) return fmt::format("{} or {} arguments", lo, hi);
  return fmt::format("{} to {} arguments", lo, hi);
}

/// The ops whose type deduction and semantics handle tensors with dynamic dimensions
/// (docs/ir.md "Dynamic tensor dimensions"): loads, stores, element access, the extent
/// query, and the distributed ops that read only dtypes and ranks. Every other op rejects such a
/// tensor at the argument: no op reads kDynamicDim as a size.
bool acceptsDynamicTensors(std::string_view op) {
  static constexpr std::string_view kOps[] = {
      "tile.load", "tile.store", "tensor.dim", "tensor.read", "tensor.slice", "tensor.write",
      "tensor.reshape",  // unit axes only (tensor.slice / reshape keep symbolic extents)
      "tile.prefetch", "system.submit", "pld.system.notify", "pld.system.wait",
      "pld.system.defer_wait", "pld.system.get_comm_ctx",
      // put / get and the collectives read dtypes only (the runtime sizes the transfers)
      "pld.tensor.put", "pld.tensor.get", "pld.tile.remote_load", "pld.tile.remote_store",
      "pld.tensor.remote_store", "pld.tensor.allreduce", "pld.tensor.barrier",
      "pld.tensor.broadcast", "pld.tensor.allgather", "pld.tensor.all_to_all",
      "pld.tensor.all_to_all_v", "pld.tensor.reduce_scatter"};
  for (std::string_view o : kOps)
    if (o == op) return true;
  return false;
}

void rejectDynamicTensorArgs(const OpCallContext& ctx) {
  for (size_t i = 0; i < ctx.args.size(); ++i) {
    const auto* t = ctx.args[i]->type ? ctx.args[i]->type->as<TensorType>() : nullptr;
    if (!t || t->isStatic()) continue;
    // The op list is consulted only for the rare dynamic tensor (not once per call).
    if (acceptsDynamicTensors(ctx.op.name)) return;
    ctx.fail(static_cast<int>(i),
             fmt::format("{} does not support tensors with a dynamic dimension; argument {} is {}",
                         ctx.op.name, i, describeType(t)),
             "load a static-shape window of it first: pl.load(t, offsets, [rows, cols]) "
             "(tile.load / tile.store, tensor.dim / read / write take dynamic tensors)");
  }
}

}  // namespace

// ---- OpCallContext -------------------------------------------------------------------------

Span OpCallContext::argSpan(int argIndex) const {
  if (argIndex >= 0) {
    if (argSpans && static_cast<size_t>(argIndex) < argSpans->size() &&
        (*argSpans)[static_cast<size_t>(argIndex)].valid())
      return (*argSpans)[static_cast<size_t>(argIndex)];
  }
  return span;
}

void OpCallContext::fail(int argIndex, const std::string& message, std::string hint) const {
  failAt(diag, argSpan(argIndex), message, std::move(hint));
}

void OpCallContext::failKwarg(std::string_view name, const std::string& message,
                              std::string hint) const {
  Span s = span;
  if (givenKwargs && kwargSpans)
    for (size_t j = 0; j < givenKwargs->size() && j < kwargSpans->size(); ++j)
      if ((*givenKwargs)[j].first == name && (*kwargSpans)[j].valid()) s = (*kwargSpans)[j];
  failAt(diag, s, message, std::move(hint));
}

const AttrValue* OpCallContext::kwarg(std::string_view name) const {
  return op.kwargValue(kwargs, name);
}

const TileType* OpCallContext::tileArg(size_t i) const {
  if (i >= args.size() || !args[i] || !args[i]->type) return nullptr;
  return args[i]->type->as<TileType>();
}

const TensorType* OpCallContext::tensorArg(size_t i) const {
  if (i >= args.size() || !args[i] || !args[i]->type) return nullptr;
  return args[i]->type->as<TensorType>();
}

std::optional<std::vector<int64_t>> OpCallContext::staticIntList(size_t i) const {
  if (i >= args.size() || !args[i]) return std::nullopt;
  const auto* mt = args[i]->as<MakeTuple>();
  if (!mt) return std::nullopt;
  std::vector<int64_t> out;
  for (const auto& e : mt->elements) {
    auto v = ops::constIntValue(e);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

std::optional<MemorySpace> OpCallContext::outputMemory() const {
  return op.deduceOutputMemory(args, kwargs);
}

// ---- createOpCall --------------------------------------------------------------------------

std::shared_ptr<const Call> createOpCall(const OpDef& op, std::vector<ExprPtr> args,
                                         const AttrList& kwargs, Span span, DiagnosticEngine& diag,
                                         const std::vector<Span>& argSpans,
                                         const std::vector<Span>& kwargSpans, TypePtr annotated) {
  AttrList canonical;
  OpCallContext ctx{op, args, canonical, span, diag};
  ctx.argSpans = &argSpans;
  ctx.givenKwargs = &kwargs;
  ctx.kwargSpans = &kwargSpans;
  ctx.annotated = annotated;

  // Arity.
  if (args.size() < op.minArgs() || args.size() > op.args.size()) {
    int at = args.size() > op.args.size() ? static_cast<int>(op.args.size()) : -1;
    ctx.fail(at, fmt::format("{} expects {}, got {}", op.name, arityText(op), args.size()),
             fmt::format("the signature is {}", ops::signatureText(op)));
  }

  // Positional arguments.
  for (size_t i = 0; i < args.size(); ++i) checkArgument(ctx, i, op.args[i]);

  // Keyword arguments: names, kinds, allowed values; then canonical order and defaults.
  // (Most calls give no keyword: then no table is allocated.)
  std::vector<std::optional<AttrValue>> given;
  if (!kwargs.empty()) given.resize(op.kwargs.size());
  AttrList callAttrs;  // PyPTO's attrs={...} (CallAttrs.h): kept as given, after the kwargs
  for (size_t j = 0; j < kwargs.size(); ++j) {
    const auto& [name, value] = kwargs[j];
    if (isCallAttr(name)) {
      callAttrs.emplace_back(name, value);
      continue;
    }
    Span at = j < kwargSpans.size() && kwargSpans[j].valid() ? kwargSpans[j] : span;
    const KwargSpec* spec = op.findKwarg(name);
    if (!spec) {
      if (op.kwargs.empty())
        failAt(diag, at, fmt::format("{} takes no keyword arguments, got '{}'", op.name, name),
               fmt::format("the signature is {}", ops::signatureText(op)));
      std::vector<std::string> names;
      for (const auto& k : op.kwargs) names.push_back(k.name);
      failAt(diag, at,
             fmt::format("{} has no keyword argument '{}'; expected one of: {}", op.name, name,
                         fmt::join(names, ", ")),
             fmt::format("the signature is {}", ops::signatureText(op)));
    }
    size_t k = static_cast<size_t>(spec - op.kwargs.data());
    if (given[k])
      failAt(diag, at, fmt::format("keyword argument '{}' of {} is given twice", name, op.name),
             "remove one of them");
    std::optional<AttrValue> v = coerceAttr(value, spec->kind);
    for (const auto& [written, canonicalValue] : spec->spellings)
      if (value == written) v = canonicalValue;
    if (!v) {
      std::string hint = kwargExampleHint(*spec);
      if (!spec->spellings.empty()) {  // PyPTO's other spellings of the value
        std::vector<std::string> written, canonical;
        for (const auto& [w, c] : spec->spellings)
          if (!std::holds_alternative<bool>(w)) {
            written.push_back(printAttrValue(w));
            canonical.push_back(printAttrValue(c));
          }
        if (!written.empty())
          hint = fmt::format("write {}={} (PyPTO's spellings of {})", name,
                             fmt::join(written, " or "), fmt::join(canonical, " and "));
      }
      failAt(diag, at,
             fmt::format("keyword argument '{}' of {} must be {}, got {}", name, op.name,
                         ops::attrKindDescription(spec->kind), printAttrValue(value)),
             hint);
    }
    if (!spec->allowed.empty() &&
        std::find(spec->allowed.begin(), spec->allowed.end(), *v) == spec->allowed.end()) {
      std::vector<std::string> allowed;
      for (const auto& a : spec->allowed) allowed.push_back(printAttrValue(a));
      failAt(diag, at,
             fmt::format("keyword argument '{}' of {} must be one of {}; got {}", name, op.name,
                         fmt::join(allowed, ", "), printAttrValue(*v)),
             disallowedValueHint(op, *spec, *v));
    }
    given[k] = std::move(v);
  }
  // An op whose result memory comes from a kwarg that is omitted when it has its default
  // (tile.full's target_memory, Vec) takes the memory of its annotation there when not given,
  // so every later rebuild of the call keeps it. (Ops that always print their target_memory,
  // tile.load / tile.move / tile.create, state it in the call.)
  if (op.outputMemory.kind == OutputMemoryRule::FromKwarg && annotated)
    if (const auto* t = annotated->as<TileType>(); t && t->memory)
      if (const KwargSpec* spec = op.findKwarg(op.outputMemory.kwarg);
          spec && !spec->alwaysPrint &&
          (given.empty() || !given[static_cast<size_t>(spec - op.kwargs.data())])) {
        given.resize(op.kwargs.size());
        AttrValue m{*t->memory};
        if (!spec->allowed.empty() &&
            std::find(spec->allowed.begin(), spec->allowed.end(), m) == spec->allowed.end())
          failAt(diag, span,
                 fmt::format("{} cannot produce a tile in {} (the annotation's memory space)",
                             op.name, toString(*t->memory)),
                 disallowedValueHint(op, *spec, m));
        given[static_cast<size_t>(spec - op.kwargs.data())] = std::move(m);
      }
  for (size_t k = 0; k < op.kwargs.size(); ++k) {
    const KwargSpec& spec = op.kwargs[k];
    if (given.empty() || !given[k]) {
      if (spec.required)
        failAt(diag, span, fmt::format("{} requires keyword argument '{}'", op.name, spec.name),
               fmt::format("write {}(..., {}=...)", op.name, spec.name));
      if (spec.alwaysPrint) canonical.emplace_back(spec.name, *spec.defaultValue);
      continue;
    }
    if (!spec.alwaysPrint && spec.defaultValue && *given[k] == *spec.defaultValue) continue;
    canonical.emplace_back(spec.name, std::move(*given[k]));
  }
  for (auto& a : callAttrs) canonical.push_back(std::move(a));

  // Result type.
  if (op.typeFromAnnotation && !annotated) {
    std::string mem;
    if (op.outputMemory.kind == OutputMemoryRule::Fixed)
      mem = fmt::format(", pl.Mem.{}", toString(op.outputMemory.fixed));
    failAt(diag, span, fmt::format("the result type of {} comes from its annotation", op.name),
           fmt::format("write `x: pl.Tile[[rows, cols], pl.FP32{}] = pl.{}(...)`", mem, op.name));
  }
  rejectDynamicTensorArgs(ctx);
  TypePtr type;
  if (op.deduceType)
    type = op.deduceType(ctx);
  else if (op.typeFromAnnotation)
    type = annotated;
  PTOC_CHECK(type, op.name + ": type deduction produced no type");
  // A result type obeys the rules of a declared one (e.g. no extent over 2^31: tile.concat of
  // two wide tiles), or its printed annotation would not read back.
  if (auto why = ops::malformedTypeReason(*type))
    failAt(diag, span,
           fmt::format("the result of {} would have a malformed type: {}", op.name, *why),
           "split the work into smaller tiles and loop over them with pl.range");
  return std::make_shared<Call>(Call::StableName{op.name}, &op, std::move(args),
                                std::move(canonical), std::move(type), span);
}

}  // namespace ptoc
