// More of PyPTO's `pl` catalog beyond the original tile catalog: element access and
// assembly of tiles, transposed views, padding fills, the remaining broadcasts and
// reductions, compares, the bias/vector matmuls, and the system synchronization ops. Type
// deduction follows the rules of the op families they extend (ComputeOps.cpp,
// MemoryOps.cpp); tensor-level ops are in TensorOps.cpp.
#include <fmt/format.h>

#include <cstdint>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

/// The pad values a fill op takes (PyPTO's normalize_pad_value: not PadValue.null).
const std::vector<ir::AttrValue> kFillPadValues = {PadValue::Zero, PadValue::Max, PadValue::Min};

constexpr MemorySpace kVec = MemorySpace::Vec;

TypePtr vecLike(const OpCallContext& ctx, size_t i, DType d) {
  const TileType& t = tileArgRef(ctx, i);
  if (t.memory == kVec && t.dtype == d) return ctx.args[i]->type;
  return makeTileWithLayoutOf(t, t.shape, d, kVec, explicitValidOf(t));
}

TypePtr deduceSameTile(const OpCallContext& ctx) { return ctx.args[0]->type; }

TypePtr deduceUnaryFloatTile(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireFloat(ctx, 0, t.dtype, "tile");
  return vecLike(ctx, 0, t.dtype);
}

TypePtr deduceReduce(const OpCallContext& ctx, bool lastAxis) {
  const TileType& t = tileArgRef(ctx, 0);
  requireMinRank(ctx, 0, t, 2, "the tile");
  auto shape = t.shape;
  shape[lastAxis ? shape.size() - 1 : 0] = 1;
  return makeTile(shape, t.dtype, kVec, {});
}

/// col_expand_*(tile [.., M, N], row [.., 1, N]) and row_expand /
/// row_expand_{max,min,expdif}(tile, col [.., M, 1]): the vector broadcast along the other
/// axis of each matrix (leading axes as the tile's); the tile's type.
TypePtr deduceExpand(const OpCallContext& ctx, bool col) {
  const TileType& t = tileArgRef(ctx, 0);
  const TileType& v = tileArgRef(ctx, 1);
  requireMinRank(ctx, 0, t, 2, "the tile");
  requireSameDType(ctx, 1, t.dtype, v.dtype, "the tile and the vector");
  std::vector<int64_t> want = t.shape;
  want[t.shape.size() - (col ? 2 : 1)] = 1;
  if (v.shape != want)
    ctx.fail(1,
             fmt::format("the vector operand of {} must have shape {}, got {}", ctx.op.name,
                         formatShape(want), formatShape(v.shape)),
             col ? "a column-wise broadcast reads one row: [1, N]"
                 : "a row-wise broadcast reads one column: [M, 1]");
  return vecLike(ctx, 0, t.dtype);
}

TypePtr deduceCmp(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  if (const TileType* r = ctx.tileArg(1)) {
    requireSameDType(ctx, 1, t.dtype, r->dtype, "the operands");
    requireSameShape(ctx, 1, t.shape, r->shape, "the operands");
  }
  // The packed predicate mask (ExtentArith.h): the last axis holds one bit per element,
  // rounded up to whole 32-byte rows; its valid extent covers the valid columns' bits.
  std::vector<int64_t> shape = t.shape;
  shape.back() = packedMaskCols(shape.back());
  std::vector<ExprPtr> valid = t.validShape();
  valid.back() = ceilDivExpr(valid.back(), kMaskBitsPerByte);
  return makeTileWithLayoutOf(t, std::move(shape), DType::UInt8, kVec, std::move(valid));
}

TypePtr deduceTileRead(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  auto idx = listArgElements(ctx, 1);
  if (idx.size() != t.shape.size())
    ctx.fail(1,
             fmt::format("{} needs {} index(es) for a tile of rank {}, got {}", ctx.op.name,
                         t.shape.size(), t.shape.size(), idx.size()),
             "give one index per axis");
  return ScalarType::get(t.dtype);
}

TypePtr deduceTileWrite(const OpCallContext& ctx) {
  deduceTileRead(ctx);
  requireScalarCompatible(ctx, 2, scalarArgDType(ctx, 2), tileArgRef(ctx, 0).dtype);
  return ctx.args[0]->type;
}

TypePtr deduceAssemble(const OpCallContext& ctx) {
  const TileType& dst = tileArgRef(ctx, 0);
  const TileType& src = tileArgRef(ctx, 1);
  // The fixpipe drains an FP32 accumulator into a BF16 / FP16 Mat scratch, rounding (PyPTO
  // gates it on the dtypes: memory spaces may not be inferred yet). Otherwise one dtype.
  bool fixpipeCast =
      src.dtype == DType::FP32 && (dst.dtype == DType::BF16 || dst.dtype == DType::FP16);
  if (!fixpipeCast) requireSameDType(ctx, 1, dst.dtype, src.dtype, "the target and the source");
  // A source of lower rank lands on the target's trailing axes (as tensor.assemble).
  if (src.shape.size() > dst.shape.size())
    ctx.fail(1, fmt::format("{}: the source has rank {} but the target has rank {}", ctx.op.name,
                            src.shape.size(), dst.shape.size()));
  if (listArgElements(ctx, 2).size() != dst.shape.size())
    ctx.fail(2, fmt::format("{} needs one offset per axis ({})", ctx.op.name, dst.shape.size()));
  size_t lead = dst.shape.size() - src.shape.size();
  for (size_t k = lead; k < dst.shape.size(); ++k)
    if (src.shape[k - lead] > dst.shape[k])
      ctx.fail(1, fmt::format("{}: the source {} does not fit in the target {}", ctx.op.name,
                              formatShape(src.shape), formatShape(dst.shape)));
  return ctx.args[0]->type;
}

/// The transpose dual of a tile (PyPTO): the last two axes swapped, and the major-ness of the
/// block and scatter layouts each flipped (NZ <-> ZN, ND <-> DN; none_box stays).
TypePtr deduceTransposeView(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireMinRank(ctx, 0, t, 2, "the tile");
  auto flip = [](TileLayout l) {
    return l == TileLayout::RowMajor   ? TileLayout::ColMajor
           : l == TileLayout::ColMajor ? TileLayout::RowMajor
                                       : l;
  };
  TileView v = t.effectiveView();
  v.blayout = flip(v.blayout);
  v.slayout = flip(v.slayout);
  size_t n = t.shape.size();
  if (!v.validShape.empty()) std::swap(v.validShape[n - 2], v.validShape[n - 1]);
  std::vector<int64_t> shape = t.shape;
  std::swap(shape[n - 2], shape[n - 1]);
  return TileType::get(std::move(shape), t.dtype, t.memory, v);
}

TypePtr deduceFillpad(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  return makeTileWithLayoutOf(t, t.shape, t.dtype, kVec, {});
}

TypePtr deduceFillpadExpand(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  auto shape = staticShapeArg(ctx, 1, "shape");
  if (shape.size() != t.shape.size())
    ctx.fail(1, fmt::format("{}: shape {} has another rank than the tile {}", ctx.op.name,
                            formatShape(shape), formatShape(t.shape)));
  for (size_t k = 0; k < shape.size(); ++k)
    if (shape[k] < t.shape[k])
      ctx.fail(1,
               fmt::format("{}: shape {} is smaller than the tile {}", ctx.op.name,
                           formatShape(shape), formatShape(t.shape)),
               "fillpad_expand only grows a tile");
  return makeTile(shape, t.dtype, kVec, {});
}

TypePtr deducePrelu(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  const TileType& s = tileArgRef(ctx, 1);
  requireFloat(ctx, 0, t.dtype, "tile");
  requireSameDType(ctx, 1, t.dtype, s.dtype, "the tile and the slope");
  requireSameShape(ctx, 1, t.shape, s.shape, "the tile and the slope");
  return vecLike(ctx, 0, t.dtype);
}

/// [M, K] x [K, N] (+ bias [1, N]) -> Acc [M, N]; gemv is the M = 1 case.
TypePtr deduceMatmulBias(const OpCallContext& ctx, size_t lhs, bool bias, bool acc) {
  const TileType& a = tileArgRef(ctx, lhs);
  const TileType& b = tileArgRef(ctx, lhs + 1);
  requireRank(ctx, static_cast<int>(lhs), a, 2, "lhs");
  requireRank(ctx, static_cast<int>(lhs + 1), b, 2, "rhs");
  if (a.shape[1] != b.shape[0])
    ctx.fail(static_cast<int>(lhs + 1),
             fmt::format("{}: inner extents differ: lhs {} x rhs {}", ctx.op.name,
                         formatShape(a.shape), formatShape(b.shape)),
             "lhs is [M, K] and rhs [K, N]");
  requireSameDType(ctx, static_cast<int>(lhs + 1), a.dtype, b.dtype, "lhs and rhs");
  DType out = isInteger(a.dtype) ? DType::Int32 : DType::FP32;
  if (bias) {
    const TileType& c = tileArgRef(ctx, lhs + 2);
    if (c.shape != std::vector<int64_t>{1, b.shape[1]})
      ctx.fail(static_cast<int>(lhs + 2),
               fmt::format("the bias of {} must have shape [1, {}], got {}", ctx.op.name,
                           b.shape[1], formatShape(c.shape)));
  }
  if (acc) {
    const TileType& c = tileArgRef(ctx, 0);
    if (c.shape != std::vector<int64_t>{a.shape[0], b.shape[1]})
      ctx.fail(0, fmt::format("the accumulator of {} must have shape [{}, {}], got {}", ctx.op.name,
                              a.shape[0], b.shape[1], formatShape(c.shape)));
    return ctx.args[0]->type;
  }
  return makeTile({a.shape[0], b.shape[1]}, out, MemorySpace::Acc, {});
}

TypePtr deduceNone(const OpCallContext&) { return UnknownType::get(); }

TypePtr deduceSyncall(const OpCallContext& ctx) {
  bool soft = ctx.kwargOr<std::string>("mode", "hard") == "soft";
  if (!soft && !ctx.args.empty())
    ctx.fail(0, "syncall(mode=\"hard\") takes no gm_workspace / used_cores",
             "pass mode=\"soft\" for the GM-polling barrier, or drop the operands");
  if (soft && ctx.args.empty())
    ctx.fail(-1, "a soft syncall needs gm_workspace (a shared, zero-initialized GM INT32 tensor)",
             "write pl.system.syncall(mode=\"soft\", gm_workspace=ws, used_cores=n)");
  if (soft && ctx.args.size() == 2) {
    if (const auto* c = ctx.args[1]->as<ConstInt>(); c && (c->value < 0 || c->value > INT32_MAX))
      ctx.fail(1,
               fmt::format("used_cores of a soft syncall must be in [0, {}], got {}", INT32_MAX,
                           c->value),
               "pass the participant count (0: the count of the launch)");
  }
  return UnknownType::get();
}

TypePtr deduceCacheInvalid(const OpCallContext& ctx) {
  if (ctx.args.empty()) return UnknownType::get();
  if (ctx.args.size() != 3)
    ctx.fail(-1,
             "system.cacheinvalid takes no arguments (the whole GM) or (tensor, shapes, offsets)",
             "write pl.system.cacheinvalid() or pl.system.cacheinvalid(t, [1, 16], [0, 0])");
  const TensorType* t = ctx.tensorArg(0);
  for (size_t i : {size_t{1}, size_t{2}}) {
    const auto* list = ctx.args[i]->as<MakeTuple>();
    if (t && list && list->elements.size() != t->shape.size())
      ctx.fail(static_cast<int>(i),
               fmt::format("the {} of system.cacheinvalid must have one entry per tensor dimension "
                           "({}), got {}",
                           i == 1 ? "shapes" : "offsets", t->shape.size(), list->elements.size()),
               "give one entry per dimension of the tensor");
  }
  return UnknownType::get();
}

}  // namespace

void registerPlExtraOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;
  const std::vector<MemorySpace> vec = {kVec};
  const PipeSet vector = {Pipe::V};
  const PipeSet scalarPipe = {Pipe::Scalar};

  r.add("tile.read")
      .pto("pto.tgetval")
      .arg("tile", K::Tile, {}, MemoryEffect::Read)
      .arg("indices", K::IntList)
      .pipes(scalarPipe)
      .deduce(deduceTileRead)
      .doc("one element of a tile as a scalar");
  r.add("tile.write")
      .pto("pto.tsetval")
      .arg("tile", K::Tile, {}, MemoryEffect::Write)
      .arg("indices", K::IntList)
      .arg("value", K::Scalar)
      .sideEffects()
      .pipes(scalarPipe)
      .deduce(deduceTileWrite)
      .doc("writes one element of a tile; the tile");
  r.add("tile.assemble")
      .pto("pto.tinsert")
      .arg("target", K::Tile, {}, MemoryEffect::ReadWrite)
      .arg("source", K::Tile)
      .arg("offset", K::IntList)
      .pipes(vector)
      .deduce(deduceAssemble)
      .doc("writes source into target at offset; the target");
  r.add("tile.transpose_view")
      .arg("tile", K::Tile)
      .pipes(scalarPipe)
      .deduce(deduceTransposeView)
      .doc(
          "[.., R, C] tile read as its transpose [.., C, R] (same storage; block and scatter "
          "layouts flipped: NZ <-> ZN, ND <-> DN)");
  for (const char* n : {"fillpad", "fillpad_inplace"})
    r.add(std::string("tile.") + n)
        .pto("pto.tfillpad")  // fillpad_inplace too: PTO's tfillpad_inplace pads dst's own data
        .arg("tile", K::Tile, vec)
        .kwarg("pad_value", A::PadValue, PadValue::Zero, false, kFillPadValues)
        .pipes(vector)
        .deduce(deduceFillpad)
        .outputMemoryFixed(kVec)
        .doc("the elements outside the valid region set to pad_value; fully valid");
  r.add("tile.fillpad_expand")
      .pto("pto.tfillpad_expand")
      .arg("tile", K::Tile, vec)
      .arg("shape", K::IntList)
      .kwarg("pad_value", A::PadValue, PadValue::Zero, false, kFillPadValues)
      .pipes(vector)
      .deduce(deduceFillpadExpand)
      .outputMemoryFixed(kVec)
      .doc("the tile grown to shape, new elements set to pad_value");
  for (const char* n : {"sin", "cos"})
    r.add(std::string("tile.") + n)
        .arg("tile", K::Tile, vec)
        .trait(OpTrait::Elementwise)
        .rowMajorArgs({0})
        .pipes(vector)
        .deduce(deduceUnaryFloatTile)
        .outputMemoryFixed(kVec)
        .doc(fmt::format("elementwise {} of a float tile", n));
  r.add("tile.row_prod")
      .pto("pto.trowprod")
      .arg("tile", K::Tile, vec)
      .optionalArg("tmp", K::Tile, vec)
      .reduces(ReduceAxes::Last)
      .rowMajorArgs({0})
      .pipes(vector)
      .deduce([](const OpCallContext& c) { return deduceReduce(c, true); })
      .outputMemoryFixed(kVec)
      .doc("product along the last axis, kept as 1: [M, N] -> [M, 1]");
  r.add("tile.col_prod")
      .pto("pto.tcolprod")
      .arg("tile", K::Tile, vec)
      .optionalArg("tmp", K::Tile, vec)
      .reduces(ReduceAxes::First)
      .rowMajorArgs({0})
      .pipes(vector)
      .deduce([](const OpCallContext& c) { return deduceReduce(c, false); })
      .outputMemoryFixed(kVec)
      .doc("product along the first axis, kept as 1: [M, N] -> [1, N]");
  for (const char* n : {"", "_add", "_sub", "_mul", "_div", "_max", "_min", "_expdif"})
    r.add(fmt::format("tile.col_expand{}", n))
        .pto(fmt::format("pto.tcolexpand{}", n[0] ? n + 1 : n))
        .arg("tile", K::Tile, vec)
        .arg("row", K::Tile, vec)
        .rowMajorArgs({0})
        .pipes(vector)
        .deduce([](const OpCallContext& c) { return deduceExpand(c, true); })
        .outputMemoryFixed(kVec)
        .doc("tile [M, N] with a row [1, N] broadcast down each column; the tile's type");
  for (const char* n : {"", "_max", "_min", "_expdif"})
    r.add(fmt::format("tile.row_expand{}", n))
        .pto(fmt::format("pto.trowexpand{}", n[0] ? n + 1 : n))
        .arg("tile", K::Tile, vec)
        .arg("col", K::Tile, vec)
        .trait(OpTrait::RowBroadcast)
        .rowMajorArgs({0})
        .pipes(vector)
        .deduce([](const OpCallContext& c) { return deduceExpand(c, false); })
        .outputMemoryFixed(kVec)
        .doc("tile [M, N] with a column [M, 1] broadcast along each row; the tile's type");
  r.add("tile.cmp")
      .arg("lhs", K::Tile, vec)
      .arg("rhs", K::Tile, vec)
      .kwarg("cmp_type", A::Int, int64_t{0})
      .trait(OpTrait::Elementwise)
      .pipes(vector)
      .deduce(deduceCmp)
      .outputMemoryFixed(kVec)
      .doc(
          "elementwise compare (cmp_type 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge) -> packed UINT8 mask "
          "[.., roundup(ceil(N / 8), 32)], bit j % 8 of byte j / 8 per element");
  r.add("tile.cmps")
      .arg("lhs", K::Tile, vec)
      .arg("rhs", K::Scalar)
      .kwarg("cmp_type", A::Int, int64_t{0})
      .trait(OpTrait::Elementwise)
      .pipes(vector)
      .deduce(deduceCmp)
      .outputMemoryFixed(kVec)
      .doc(
          "elementwise compare with a scalar -> packed UINT8 mask [.., roundup(ceil(N / 8), 32)], "
          "bit j % 8 of byte j / 8 per element");
  r.add("tile.prelu")
      .pto("pto.tprelu")
      .arg("tile", K::Tile, vec)
      .arg("slope", K::Tile, vec)
      .optionalArg("tmp", K::Tile, vec)
      .trait(OpTrait::Elementwise)
      .pipes(vector)
      .deduce(deducePrelu)
      .outputMemoryFixed(kVec)
      .doc("x where x > 0, slope * x elsewhere");
  r.add("tile.matmul_bias")
      .pto("pto.tmatmul.bias")
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .arg("bias", K::Tile, {MemorySpace::Bias})
      .pipes({Pipe::M})
      .deduce([](const OpCallContext& c) { return deduceMatmulBias(c, 0, true, false); })
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("[M, K] x [K, N] + bias [1, N] -> Acc [M, N]");
  r.add("tile.gemv")
      .pto("pto.tgemv")
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      // PyPTO's accumulation phase hint (for the backend's accumulator handling); the
      // result is the same product in each phase.
      .kwarg("acc_phase", A::String, std::string("unspecified"), false,
             {std::string("unspecified"), std::string("partial"), std::string("final")})
      .pipes({Pipe::M})
      .deduce([](const OpCallContext& c) { return deduceMatmulBias(c, 0, false, false); })
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("vector x matrix: [1, K] x [K, N] -> Acc [1, N]");
  r.add("tile.gemv_bias")
      .pto("pto.tgemv.bias")
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .arg("bias", K::Tile, {MemorySpace::Bias})
      .kwarg("acc_phase", A::String, std::string("unspecified"), false,
             {std::string("unspecified"), std::string("partial"), std::string("final")})
      .pipes({Pipe::M})
      .deduce([](const OpCallContext& c) { return deduceMatmulBias(c, 0, true, false); })
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("[1, K] x [K, N] + bias [1, N] -> Acc [1, N]");
  r.add("tile.gemv_acc")
      .pto("pto.tgemv.acc")
      .arg("acc", K::Tile, {MemorySpace::Acc}, MemoryEffect::ReadWrite)
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .kwarg("acc_phase", A::String, std::string("unspecified"), false,
             {std::string("unspecified"), std::string("partial"), std::string("final")})
      .pipes({Pipe::M})
      .deduce([](const OpCallContext& c) { return deduceMatmulBias(c, 1, false, true); })
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("acc [1, N] += [1, K] x [K, N]");

  // Synchronization of the cores (no value; never dropped).
  // system.syncall: PyPTO's two barriers. mode="hard" (FFTS, no operands) and mode="soft"
  // (GM polling: a shared INT32 workspace tensor and the participant count, 0 = from the
  // launch). The keyword forms `gm_workspace=ws, used_cores=n` fill the two arguments.
  r.add("system.syncall")
      .optionalArg("gm_workspace", K::Tensor)
      .optionalArg("used_cores", K::IntScalar)
      .kwarg("core_type", A::String, std::string("mix"), false,
             {std::string("aiv_only"), std::string("aic_only"), std::string("mix")})
      .kwarg("mode", A::String, std::string("hard"), false,
             {std::string("hard"), std::string("soft")})
      .sideEffects()
      .pipes(scalarPipe)
      .deduce(deduceSyncall)
      .doc("cross-core barrier of every participant (hard: FFTS; soft: GM polling)");
  // system.cacheinvalid(): the whole GM; (tensor, shapes, offsets): the cache line of a view.
  r.add("system.cacheinvalid")
      .optionalArg("tensor", K::Tensor)
      .optionalArg("shapes", K::IntList)
      .optionalArg("offsets", K::IntList)
      .sideEffects()
      .pipes(scalarPipe)
      .deduce(deduceCacheInvalid)
      .doc("invalidate the whole GM, or the cache line at a tensor view's base");
  for (const char* n : {"bar_v", "bar_m", "bar_all", "fence"}) {
    OpBuilder b = r.add(std::string("system.") + n);  // a value: add() returns the builder
    b.sideEffects().pipes(scalarPipe).deduce(deduceNone).doc(fmt::format("synchronization: {}", n));
    if (std::string_view(n).rfind("bar_", 0) == 0) b.pto("pto.barrier");  // a pipe barrier
  }

  // Orchestration markers on tensors: the tensor itself.
  r.add("tensor.no_dep")
      .arg("tensor", K::Tensor)
      .pipes(scalarPipe)
      .deduce(deduceSameTile)
      .affinity(CoreAffinity::Shared)
      .doc("the tensor, excluded from the task dependency tracking of its use");
  r.add("tensor.dump_tag")
      .arg("tensor", K::Tensor)
      .pipes(scalarPipe)
      .deduce(deduceSameTile)
      .affinity(CoreAffinity::Shared)
      .doc("the tensor, tagged for the runtime's tensor dump");
}

}  // namespace ptoc
