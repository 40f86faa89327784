// System ops of the catalog (dsl.md §5): slot release after a tpop
// (system.tfree_to_aic/aiv), the cross-core pipe buffers (system.reserve_buffer,
// system.import_peer_buffer) and pipe setup (system.aic/aiv_initialize_pipe).
// All have side effects. pypto-facts §3.8, §4.
#include <fmt/format.h>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

void checkNonNegative(const OpCallContext& ctx, std::string_view name) {
  if (const auto* v = getAttr<int64_t>(ctx.kwargs, name); v && *v < 0)
    ctx.failKwarg(name, fmt::format("{} of {} must be >= 0, got {}", name, ctx.op.name, *v),
                  fmt::format("e.g. {}=0", name));
}

void checkPositive(const OpCallContext& ctx, std::string_view name) {
  const AttrValue* a = ctx.kwarg(name);
  const auto* v = a ? std::get_if<int64_t>(a) : nullptr;
  if (v && *v <= 0)
    ctx.failKwarg(name, fmt::format("{} of {} must be positive, got {}", name, ctx.op.name, *v),
                  fmt::format("use a value >= 1; the signature is {}", signatureText(ctx.op)));
}

void checkNonEmptyString(const OpCallContext& ctx, std::string_view name) {
  if (const auto* s = getAttr<std::string>(ctx.kwargs, name); s && s->empty())
    ctx.failKwarg(name, fmt::format("{} of {} must not be empty", name, ctx.op.name),
                  fmt::format("give it a name, e.g. {}=\"buf0\"", name));
}

TypePtr deduceTFree(const OpCallContext& ctx) {
  checkNonNegative(ctx, "id");
  return UnknownType::get();
}

TypePtr deduceReserveBuffer(const OpCallContext& ctx) {
  checkNonEmptyString(ctx, "name");
  checkPositive(ctx, "size");
  if (const auto* b = getAttr<int64_t>(ctx.kwargs, "base"); b && *b < -1)
    ctx.failKwarg(
        "base",
        fmt::format("base of {} must be an address >= 0 or -1 (AUTO), got {}", ctx.op.name, *b),
        "use base=-1 to let the compiler place the buffer");
  return ScalarType::get(DType::Int32);
}

TypePtr deduceImportPeerBuffer(const OpCallContext& ctx) {
  checkNonEmptyString(ctx, "name");
  checkNonEmptyString(ctx, "peer_func");
  return ScalarType::get(DType::Int32);
}

/// Pipe setup: two INT32 buffer handles (a literal such as pl.const(0, pl.INT32) marks an
/// inactive direction).
TypePtr deduceInitializePipe(const OpCallContext& ctx) {
  for (size_t i = 0; i < 2; ++i) {
    if (constIntValue(ctx.args[i])) continue;
    DType d = scalarArgDType(ctx, i);
    if (d != DType::Int32)
      ctx.fail(
          static_cast<int>(i),
          fmt::format("argument {} ('{}') of {} must be an INT32 buffer handle, got Scalar[{}]",
                      i + 1, ctx.op.args[i].name, ctx.op.name, dtypeName(d)),
          "pass the result of pl.system.reserve_buffer / import_peer_buffer, or "
          "pl.const(0, pl.INT32) for an unused direction");
  }
  checkPositive(ctx, "slot_size");
  checkPositive(ctx, "slot_num");
  checkPositive(ctx, "local_slot_num");
  checkNonNegative(ctx, "id");
  return UnknownType::get();
}

}  // namespace

void registerSystemOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;
  const std::vector<AttrValue> allCodes = {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3},
                                           int64_t{4}};
  const std::vector<AttrValue> evenCodes = {int64_t{0}, int64_t{1}, int64_t{2}};

  r.add("system.tfree_to_aic")
      .arg("tile", K::Tile, {MemorySpace::Vec})
      .kwarg("split", A::Int, std::nullopt, false, allCodes)
      .kwarg("id", A::Int)
      .trait(OpTrait::CrossCore)
      .pipes({Pipe::Scalar})
      .pto("pto.tfree_from_aic")
      .deduce(deduceTFree)
      .sideEffects()
      .doc("no result; AIV releases the pipe slot of a tile popped from the AIC");

  r.add("system.tfree_to_aiv")
      .arg("tile", K::Tile, {MemorySpace::Mat})
      .kwarg("split", A::Int, std::nullopt, false, evenCodes)
      .kwarg("id", A::Int)
      .trait(OpTrait::CrossCore)
      .pipes({Pipe::Scalar})
      .pto("pto.tfree_from_aiv")
      .deduce(deduceTFree)
      .sideEffects()
      .doc("no result; AIC releases the pipe slot of a tile popped from the AIV");

  r.add("system.reserve_buffer")
      .requiredKwarg("name", A::String)
      .requiredKwarg("size", A::Int)
      .kwarg("base", A::Int, int64_t{-1})
      .trait(OpTrait::CrossCore)
      .pipes({Pipe::Scalar})
      .pto("pto.reserve_buffer")
      .deduce(deduceReserveBuffer)
      .sideEffects()
      .doc("Scalar[INT32] handle; consumer side reserves the slot buffer (base -1 = AUTO)");

  r.add("system.import_peer_buffer")
      .requiredKwarg("name", A::String)
      .requiredKwarg("peer_func", A::String)
      .trait(OpTrait::CrossCore)
      .pipes({Pipe::Scalar})
      .pto("pto.import_reserved_buffer")
      .deduce(deduceImportPeerBuffer)
      .sideEffects()
      .doc("Scalar[INT32] handle; producer side imports the peer function's slot buffer");

  for (const char* side : {"aic", "aiv"})
    r.add(fmt::format("system.{}_initialize_pipe", side))
        .argDefault("c2v_consumer_buf", K::IntScalar, 0)
        .argDefault("v2c_consumer_buf", K::IntScalar, 0)
        .requiredKwarg("dir_mask", A::Int, {int64_t{1}, int64_t{2}, int64_t{3}})
        .requiredKwarg("slot_size", A::Int)
        .kwarg("slot_num", A::Int, int64_t{2}, /*alwaysPrint=*/true)
        .kwarg("local_slot_num", A::Int)
        .kwarg("id", A::Int)
        .trait(OpTrait::CrossCore)
        .pipes({Pipe::Scalar})
        .pto(fmt::format("pto.{}_initialize_pipe", side))
        .deduce(deduceInitializePipe)
        .affinity(side == std::string_view("aic") ? CoreAffinity::Cube : CoreAffinity::Vector)
        .sideEffects()
        .doc(fmt::format(
            "no result; {} pipe setup: dir_mask C2V=1, V2C=2, both=3; slot_size bytes x slot_num",
            side == std::string_view("aic") ? "AIC" : "AIV"));
}

}  // namespace ptoc
