// Generator ops of the catalog (dsl.md §5): tile.create, tile.full, tile.ci (and its
// tensor-level form tensor.ci) and tile.random, which make a tile from a shape and kwargs.
// Type deduction follows pypto-facts §4.
#include <fmt/format.h>

#include <limits>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

constexpr MemorySpace kVec = MemorySpace::Vec;

/// The dtype kwarg of a generator: INDEX and BOOL arithmetic tiles are rejected.
DType tileDTypeKwarg(const OpCallContext& ctx, std::string_view name = "dtype") {
  const AttrValue* v = ctx.kwarg(name);
  const DType* d = v ? std::get_if<DType>(v) : nullptr;
  PTOC_CHECK(d, ctx.op.name + ": dtype kwarg missing after validation");
  if (*d == DType::Index)
    ctx.failKwarg(
        name, fmt::format("INDEX is not a tile element type ({} {}=pl.INDEX)", ctx.op.name, name),
        "use pl.INT32 or pl.INT64");
  return *d;
}

/// Checks that a static integer scalar argument fits the range of `dtype`.
void checkIntFits(const OpCallContext& ctx, int argIndex, int64_t v, DType dtype,
                  std::string_view what) {
  int64_t lo = 0, hi = 0;
  switch (dtype) {
    case DType::Int8:
      lo = -128, hi = 127;
      break;
    case DType::UInt8:
      lo = 0, hi = 255;
      break;
    case DType::Int16:
      lo = -32768, hi = 32767;
      break;
    case DType::UInt16:
      lo = 0, hi = 65535;
      break;
    case DType::Int32:
      lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
      break;
    case DType::UInt32:
      lo = 0, hi = std::numeric_limits<uint32_t>::max();
      break;
    default:
      return;
  }
  if (v < lo || v > hi)
    ctx.fail(argIndex,
             fmt::format("the {} of {} ({}) does not fit in {} [{}, {}]", what, ctx.op.name, v,
                         dtypeName(dtype), lo, hi),
             fmt::format("use a value in [{}, {}] or a wider dtype", lo, hi));
}

/// The valid shape a generator's annotation declares (PyPTO writes an empty replay tile as
/// `x: pl.Tile[[16, 16], ..., pl.TileView(valid_shape=[0, 0])] = pl.tile.create(...)`):
/// constant extents within the box, one per axis; else none (the whole box).
std::vector<ExprPtr> annotatedValid(const OpCallContext& ctx, const std::vector<int64_t>& shape) {
  const auto* t = ctx.annotated ? ctx.annotated->as<TileType>() : nullptr;
  if (!t || !t->view || t->view->validShape.size() != shape.size() || t->shape != shape) return {};
  for (size_t k = 0; k < shape.size(); ++k) {
    auto v = constIntValue(t->view->validShape[k]);
    if (!v || *v < 0 || *v > shape[k]) return {};
  }
  return t->view->validShape;
}

/// tile.create allocates: its annotation may also give the tile's layout (PyPTO types a
/// created tile by its annotation), with a constant valid_shape as annotatedValid.
TypePtr deduceCreate(const OpCallContext& ctx) {
  std::vector<int64_t> shape = staticShapeArg(ctx, 0, "shape");
  DType dtype = tileDTypeKwarg(ctx);
  std::optional<MemorySpace> memory = ctx.outputMemory();
  const auto* t = ctx.annotated ? ctx.annotated->as<TileType>() : nullptr;
  if (t && t->view && t->shape == shape && t->dtype == dtype && t->memory == memory &&
      (t->view->validShape.empty() || !annotatedValid(ctx, shape).empty()))
    return TileType::get(std::move(shape), dtype, memory, *t->view);
  std::vector<ExprPtr> valid = annotatedValid(ctx, shape);
  // transpose=True: the transposed (ZN) Mat layout of a b_trans operand; flat_layout=True: a
  // flat (none_box) Mat staging tile. Both are 2-D Mat layouts (PyPTO), exclusive.
  const bool* tr = getAttr<bool>(ctx.kwargs, "transpose");
  const bool* flat = getAttr<bool>(ctx.kwargs, "flat_layout");
  bool transpose = tr && *tr, flatLayout = flat && *flat;
  if ((transpose || flatLayout) && (memory != MemorySpace::Mat || shape.size() != 2))
    ctx.failKwarg(transpose ? "transpose" : "flat_layout",
                  fmt::format("{}={} of {} needs a 2-D tile with target_memory=pl.Mem.Mat",
                              transpose ? "transpose" : "flat_layout", "True", ctx.op.name),
                  "create it with target_memory=pl.Mem.Mat, or drop the flag");
  if (transpose && flatLayout)
    ctx.failKwarg("flat_layout",
                  fmt::format("{} takes transpose=True or flat_layout=True, not both", ctx.op.name),
                  "keep one of them");
  if (transpose || flatLayout) {
    TileView view = implicitTileView(memory, shape);
    view.blayout = TileLayout::RowMajor;
    view.slayout = transpose ? TileLayout::ColMajor : TileLayout::NoneBox;
    view.validShape = std::move(valid);
    return TileType::get(std::move(shape), dtype, memory, std::move(view));
  }
  return makeTile(std::move(shape), dtype, memory, std::move(valid));
}

TypePtr deduceFull(const OpCallContext& ctx) {
  std::vector<int64_t> shape = staticShapeArg(ctx, 0, "shape");
  DType dtype = tileDTypeKwarg(ctx);
  const ExprPtr& value = ctx.args[1];
  if (value->isa<ConstFloat>()) {
    if (!isFloat(dtype))
      ctx.fail(1,
               fmt::format("{} cannot fill a {} tile with the float value {}", ctx.op.name,
                           dtypeName(dtype), exprText(value)),
               "write an integer value, or use a float dtype (dtype=pl.FP32)");
  } else if (value->isa<ConstInt>()) {
    if (dtype == DType::Bool)
      ctx.fail(1,
               fmt::format("{} fills a BOOL tile with True or False, got {}", ctx.op.name,
                           exprText(value)),
               "write True or False");
    if (!isFloat(dtype)) checkIntFits(ctx, 1, value->as<ConstInt>()->value, dtype, "value");
  } else if (value->isa<ConstBool>()) {
    if (dtype != DType::Bool)
      ctx.fail(
          1,
          fmt::format("{} cannot fill a {} tile with a bool value", ctx.op.name, dtypeName(dtype)),
          "write a number (e.g. 0 or 1), or use dtype=pl.BOOL");
  } else {
    ctx.fail(1,
             fmt::format("the value of {} must be a constant (a literal or pl.const), got {}",
                         ctx.op.name, exprText(value)),
             "to fill with a runtime value, create the tile and use tile.muls/tile.adds");
  }
  std::vector<ExprPtr> valid = annotatedValid(ctx, shape);
  return makeTile(std::move(shape), dtype, ctx.outputMemory(), std::move(valid));
}

TypePtr deduceCi(const OpCallContext& ctx) {
  std::vector<int64_t> shape = staticShapeArg(ctx, 1, "shape");
  DType dtype = tileDTypeKwarg(ctx);
  bool leadingOnes = true;
  for (size_t k = 0; k + 1 < shape.size(); ++k) leadingOnes = leadingOnes && shape[k] == 1;
  if (!leadingOnes || shape.back() == 1)
    ctx.fail(
        1,
        fmt::format("{} counts along the innermost axis: its shape must be [1, ..., 1, N] "
                    "with N > 1, got {}",
                    ctx.op.name, formatShape(shape)),
        fmt::format("e.g. [1, {}]",
                    elementCount(shape).value_or(2) > 1 ? elementCount(shape).value_or(2) : 16));
  if (auto v = constIntValue(ctx.args[0]))
    checkIntFits(ctx, 0, *v, dtype, "start");
  else if (DType sd = scalarArgDType(ctx, 0); sd != dtype)
    ctx.fail(0,
             fmt::format("the start of {} must be a {} scalar (the result dtype), got Scalar[{}]",
                         ctx.op.name, dtypeName(dtype), dtypeName(sd)),
             fmt::format("cast it: pl.cast(start, pl.{})", dtypeName(dtype)));
  if (ctx.op.name.starts_with("tensor.")) return TensorType::get(std::move(shape), dtype);
  return makeTile(std::move(shape), dtype, kVec);
}

TypePtr deduceRandom(const OpCallContext& ctx) {
  for (size_t i = 0; i < 6; ++i) {
    if (auto v = constIntValue(ctx.args[i])) {
      checkIntFits(ctx, static_cast<int>(i), *v, DType::Int32, ctx.op.args[i].name);
      continue;
    }
    DType d = scalarArgDType(ctx, i);
    if (d != DType::Int32)
      ctx.fail(static_cast<int>(i),
               fmt::format("argument {} ('{}') of {} must be an INT32 scalar, got Scalar[{}]",
                           i + 1, ctx.op.args[i].name, ctx.op.name, dtypeName(d)),
               fmt::format("cast it: {}", castText(ctx, i, DType::Int32)));
  }
  std::vector<int64_t> shape = staticShapeArg(ctx, 6, "shape");
  if (shape.size() != 2)
    ctx.fail(6, fmt::format("the shape of {} must be 2-D, got {}", ctx.op.name, formatShape(shape)),
             fmt::format("write [rows, cols], e.g. {}",
                         formatShape({1, elementCount(shape).value_or(16)})));
  std::vector<ExprPtr> valid;
  if (ctx.args.size() > 7) valid = checkValidShapeArg(ctx, 7, shape);
  return makeTile(std::move(shape), tileDTypeKwarg(ctx), kVec, std::move(valid));
}

}  // namespace

void registerGeneratorOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;

  r.add("tile.create")
      .arg("shape", K::IntList)
      .requiredKwarg("dtype", A::DType)
      .kwarg("target_memory", A::MemorySpace, kVec, /*alwaysPrint=*/true, memoryValues(kOnChip))
      .kwarg("transpose", A::Bool, false)
      .kwarg("flat_layout", A::Bool, false)
      .id(OpId::Create)
      .pipes({Pipe::Scalar})
      .pto("pto.alloc_tile")
      .window({.shape = 0})
      .deduce(deduceCreate)
      .outputMemoryFromKwarg("target_memory")
      .affinity(CoreAffinity::Shared)
      .doc(
          "uninitialized Tile[shape, dtype] in target_memory (its annotation may give its "
          "view: layout, and a constant valid_shape)");

  r.add("tile.full")
      .arg("shape", K::IntList)
      .arg("value", K::Scalar)
      .requiredKwarg("dtype", A::DType)
      // Unset: Vec. An annotated memory space is written here (createOpCall), so a fill can
      // start a Mat tile or a matmul_acc accumulator (`acc: pl.Tile[..., pl.Mem.Acc] = ...`).
      .kwarg("target_memory", A::MemorySpace, kVec, false,
             memoryValues({MemorySpace::Vec, MemorySpace::Mat, MemorySpace::Acc}))
      .id(OpId::Full)
      .pipes({Pipe::V})
      .pto("pto.texpands")
      .window({.shape = 0})
      .deduce(deduceFull)
      .outputMemoryFromKwarg("target_memory")
      .doc(
          "Tile[shape, dtype] filled with a constant, in target_memory (unset: Vec; the "
          "annotation's memory space when it names one; an Acc fill becomes the first matmul's "
          "overwrite, lower-acc-zero-init); an annotated constant valid_shape narrows its valid "
          "region");

  r.add("tile.ci")
      .arg("start", K::IntScalar)
      .arg("shape", K::IntList)
      .requiredKwarg("dtype", A::DType, {DType::Int16, DType::Int32, DType::UInt16, DType::UInt32})
      .kwarg("descending", A::Bool, false)
      .trait(OpTrait::PositionalGenerator)
      .pipes({Pipe::V})
      .pto("pto.tci")
      .window({.shape = 1})
      .deduce(deduceCi)
      .outputMemoryFixed(kVec)
      .doc("index ramp start, start+1, ... along the innermost axis; shape [1, .., 1, N]");
  // PyPTO's tensor-level form (also spelled pl.arange / pl.tensor.arange): dtype INT32 by
  // default; convert-tensor-to-tile-ops makes it tile.ci.
  r.add("tensor.ci")
      .arg("start", K::IntScalar)
      .arg("shape", K::IntList)
      .kwarg("dtype", A::DType, DType::Int32, true, {DType::Int16, DType::Int32})
      .kwarg("descending", A::Bool, false)
      .pipes({Pipe::V})
      .deduce(deduceCi)
      .doc(
          "a tensor holding the index ramp start, start+1, ... along the innermost axis; "
          "shape [1, .., 1, N]");

  r.add("tile.random")
      .arg("key0", K::IntScalar)
      .arg("key1", K::IntScalar)
      .arg("counter0", K::IntScalar)
      .arg("counter1", K::IntScalar)
      .arg("counter2", K::IntScalar)
      .arg("counter3", K::IntScalar)
      .arg("shape", K::IntList)
      .optionalArg("valid_shape", K::IntList)
      .kwarg("dtype", A::DType, DType::UInt32, /*alwaysPrint=*/true, {DType::Int32, DType::UInt32})
      .kwarg("rounds", A::Int, int64_t{10}, false, {int64_t{7}, int64_t{10}})
      .trait(OpTrait::PositionalGenerator)
      .pipes({Pipe::V})
      .window({.shape = 6, .valid = 7})
      .deduce(deduceRandom)
      .outputMemoryFixed(kVec)
      .doc("counter-based random 2-D Tile[shape, dtype] in Vec (INT32 keys and counters)");
}

}  // namespace ptoc
