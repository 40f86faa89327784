// The element-wise and layout ops of PyPTO's catalog beyond the tile catalog: fmod / rem,
// the three-operand add / sub, select with a mask, lrelu, expands, tri, concat,
// reinterpret_view, the bitwise ops and shifts, the arg-reductions and batch matmul.
// Registered from one table (OpTable.h); type deduction follows PyPTO's
// (src/ir/op/tile_ops, tensor_ops). Vector results live in Vec.
#include <fmt/format.h>

#include <map>
#include <string_view>

#include "OpTable.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

using K = ArgKind;
using A = AttrKind;
constexpr MemorySpace kVec = MemorySpace::Vec;

/// reinterpret_view(data, dtype): the same bytes as another dtype; the contiguous (last)
/// extent scales by the width ratio unless a shape is given.
TypePtr deduceReinterpretView(const OpCallContext& ctx) {
  Operand in = operandOf(ctx, 0);
  DType to = std::get<DType>(*ctx.kwarg("dtype"));
  std::vector<int64_t> shape;
  if (ctx.args.size() > 1) {
    shape = staticShapeArg(ctx, 1, "shape");
  } else {
    shape = in.shape;
    int64_t bytes = shape.back() * dtypeBits(in.dtype);
    if (bytes % dtypeBits(to) != 0)
      ctx.fail(0, fmt::format("{}: a last extent of {} x {} bits is not a whole number of {}",
                              ctx.op.name, shape.back(), dtypeBits(in.dtype), dtypeName(to)));
    shape.back() = bytes / dtypeBits(to);
  }
  int64_t inBits = dtypeBits(in.dtype), outBits = dtypeBits(to);
  int64_t inTotal = inBits, outTotal = outBits;
  for (int64_t d : in.shape) inTotal *= d;
  for (int64_t d : shape) outTotal *= d;
  if (inTotal != outTotal)
    ctx.fail(0, fmt::format("{}: {} of {} and {} of {} are not the same bytes", ctx.op.name,
                            formatShape(in.shape), dtypeName(in.dtype), formatShape(shape),
                            dtypeName(to)));
  if (const auto* t = ctx.args[0]->type->as<TileType>())
    return makeTileWithLayoutOf(*t, shape, to, t->memory, {});
  return TensorType::get(shape, to);
}

/// concat(src0, src1): along the last axis.
TypePtr deduceConcat(const OpCallContext& ctx) {
  Operand a = operandOf(ctx, 0), b = operandOf(ctx, 1);
  requireSameDType(ctx, 1, a.dtype, b.dtype, "the operands");
  return resultLike(ctx, 0, concatLastAxis(ctx, a.shape, b.shape), a.dtype);
}

/// Element-wise ops whose result is the first tile's shape and dtype in Vec; every other
/// tile operand must have that dtype unless it is a mask / scratch (`checked` lists the
/// operands compared).
DeduceTypeFn elementwiseOf(size_t like, std::vector<size_t> checked) {
  return [like, checked](const OpCallContext& ctx) -> TypePtr {
    const TileType& t = tileArgRef(ctx, like);
    for (size_t i : checked) {
      if (const TileType* o = ctx.tileArg(i)) {
        requireSameDType(ctx, static_cast<int>(i), t.dtype, o->dtype, "the operands");
        requireSameShape(ctx, static_cast<int>(i), t.shape, o->shape, "the operands");
      } else {
        requireScalarCompatible(ctx, static_cast<int>(i), scalarArgDType(ctx, i), t.dtype);
      }
    }
    return makeTileWithLayoutOf(t, t.shape, t.dtype, kVec, explicitValidOf(t));
  };
}

/// Bitwise tile ops (and_, ors, xor, shl, not_, ...): integer operands (BOOL too for not_);
/// otherwise like elementwiseOf.
DeduceTypeFn bitwiseOf(std::vector<size_t> checked, bool boolOk = false) {
  DeduceTypeFn inner = elementwiseOf(0, checked);
  return [inner, boolOk](const OpCallContext& ctx) -> TypePtr {
    const TileType& t = tileArgRef(ctx, 0);
    if (!isInteger(t.dtype) && !(boolOk && t.dtype == DType::Bool))
      ctx.fail(0, fmt::format("{} needs an integer tile, got {}", ctx.op.name, dtypeName(t.dtype)),
               "bitwise ops work on integer tiles: cast it first (pl.cast(t, pl.INT32))");
    if (ctx.args.size() > 1 && ctx.args[1]->type->isa<ScalarType>() &&
        !isInteger(scalarArgDType(ctx, 1)))
      ctx.fail(1,
               fmt::format("the scalar of {} must be an integer, got {}", ctx.op.name,
                           dtypeName(scalarArgDType(ctx, 1))),
               "pass an integer scalar");
    return inner(ctx);
  };
}

/// shl / shr (value tile, shift tile): integer tiles of one shape; the shift amounts may have
/// another integer dtype (PyPTO); the value tile's type.
TypePtr deduceShift(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  const TileType& s = tileArgRef(ctx, 1);
  for (size_t i : {size_t{0}, size_t{1}}) {
    DType d = i == 0 ? t.dtype : s.dtype;
    if (!isInteger(d))
      ctx.fail(static_cast<int>(i),
               fmt::format("{} needs integer tiles, got {}", ctx.op.name, dtypeName(d)),
               "shifts work on integer tiles: cast it first (pl.cast(t, pl.INT32))");
  }
  requireSameShape(ctx, 1, t.shape, s.shape, "the operands");
  return makeTileWithLayoutOf(t, t.shape, t.dtype, kVec, explicitValidOf(t));
}

/// row_argmax / col_argmax (tile, tmp?): INT32 indices, [rows, 1] or [1, cols].
DeduceTypeFn argReduceOf(bool row) {
  return [row](const OpCallContext& ctx) -> TypePtr {
    const TileType& t = tileArgRef(ctx, 0);
    if (t.shape.size() != 2)
      ctx.fail(0, fmt::format("{} reduces a 2-D tile, got rank {}", ctx.op.name, t.shape.size()),
               "reshape it to [rows, cols] first");
    if (const TileType* tmp = ctx.tileArg(1)) {
      requireSameDType(ctx, 1, t.dtype, tmp->dtype, "the tile and its tmp tile");
      requireSameShape(ctx, 1, t.shape, tmp->shape, "the tile and its tmp tile");
    }
    std::vector<int64_t> shape =
        row ? std::vector<int64_t>{t.shape[0], 1} : std::vector<int64_t>{1, t.shape[1]};
    return makeTile(shape, DType::Int32, kVec);
  };
}

TypePtr deduceTri(const OpCallContext& ctx) {
  auto shape = staticShapeArg(ctx, 1, "shape");
  std::vector<ExprPtr> valid;
  if (ctx.args.size() > 2) valid = checkValidShapeArg(ctx, 2, shape);
  return makeTile(shape, ctx.kwargOr<DType>("dtype", DType::Int32), kVec, valid);
}

/// batch_matmul([.., M, K], [.., K, N]) -> [.., M, N] in Acc (FP32 for float, INT32 for
/// int8); the leading (batch) axes broadcast as numpy does, an operand may be a plain
/// [M, K] / [K, N] matrix (PyPTO). batch_matmul_acc: the accumulator has that shape.
TypePtr deduceBatchMatmul(const OpCallContext& ctx, size_t first) {
  const TileType& l = tileArgRef(ctx, first);
  const TileType& r = tileArgRef(ctx, first + 1);
  requireMinRank(ctx, static_cast<int>(first), l, 2, "the left operand");
  requireMinRank(ctx, static_cast<int>(first + 1), r, 2, "the right operand");
  size_t nl = l.shape.size(), nr = r.shape.size(), nb = std::max(nl, nr) - 2;
  auto fail = [&] {
    ctx.fail(static_cast<int>(first + 1),
             fmt::format("{}: {} x {} do not chain", ctx.op.name, formatShape(l.shape),
                         formatShape(r.shape)),
             "lhs is [.., M, K] and rhs [.., K, N]; batch axes equal or 1");
  };
  if (l.shape[nl - 1] != r.shape[nr - 2]) fail();
  std::vector<int64_t> shape(nb);
  for (size_t k = 0; k < nb; ++k) {
    int64_t x = k + (nl - 2) < nb ? 1 : l.shape[k + (nl - 2) - nb];
    int64_t y = k + (nr - 2) < nb ? 1 : r.shape[k + (nr - 2) - nb];
    if (x != y && x != 1 && y != 1) fail();
    shape[k] = std::max(x, y);
  }
  shape.push_back(l.shape[nl - 2]);
  shape.push_back(r.shape[nr - 1]);
  DType acc = isFloat(l.dtype) ? DType::FP32 : DType::Int32;
  if (first > 0) {
    const TileType& a = tileArgRef(ctx, 0);
    if (a.shape != shape)
      ctx.fail(0,
               fmt::format("the accumulator of {} must have shape {}, got {}", ctx.op.name,
                           formatShape(shape), formatShape(a.shape)),
               "start it with pl.tile.batch_matmul(lhs, rhs)");
    return ctx.args[0]->type;
  }
  return makeTile(shape, acc, MemorySpace::Acc);
}

const PipeSet kV = {Pipe::V};

std::vector<OpRow> elementwiseLayoutRows() {
  auto tile = [](std::string n) { return ArgRow{std::move(n), K::Tile}; };
  auto tensor = [](std::string n) { return ArgRow{std::move(n), K::Tensor}; };
  auto scalar = [](std::string n) { return ArgRow{std::move(n), K::Scalar}; };
  auto intScalar = [](std::string n) { return ArgRow{std::move(n), K::IntScalar}; };
  std::vector<OpRow> rows = {
      // ---- element-wise and layout ----
      {"tile.fmod",
       {tile("lhs"), tile("rhs")},
       {},
       elementwiseOf(0, {1}),
       kV,
       "Tile; C fmod (the remainder has the sign of lhs)"},
      {"tile.fmods",
       {tile("lhs"), scalar("rhs")},
       {},
       elementwiseOf(0, {1}),
       kV,
       "Tile; fmod with a scalar"},
      {"tile.rem",
       {tile("lhs"), tile("rhs"), tile("tmp")},
       {},
       elementwiseOf(0, {1}),
       kV,
       "Tile; remainder (the sign of rhs), tmp is scratch"},
      {"tile.rems",
       {tile("lhs"), scalar("rhs"), tile("tmp")},
       {},
       elementwiseOf(0, {1}),
       kV,
       "Tile; remainder with a scalar"},
      {"tile.addc",
       {tile("lhs"), tile("rhs"), tile("rhs2")},
       {},
       elementwiseOf(0, {1, 2}),
       kV,
       "Tile; lhs + rhs + rhs2"},
      {"tile.subc",
       {tile("lhs"), tile("rhs"), tile("rhs2")},
       {},
       elementwiseOf(0, {1, 2}),
       kV,
       "Tile; lhs - rhs - rhs2"},
      {"tile.addsc",
       {tile("lhs"), scalar("rhs"), tile("rhs2")},
       {},
       elementwiseOf(0, {1, 2}),
       kV,
       "Tile; lhs + scalar + rhs2"},
      {"tile.subsc",
       {tile("lhs"), scalar("rhs"), tile("rhs2")},
       {},
       elementwiseOf(0, {1, 2}),
       kV,
       "Tile; lhs - scalar - rhs2"},
      {"tile.lrelu",
       {tile("tile"), scalar("slope")},
       {},
       elementwiseOf(0, {1}),
       kV,
       "Tile; x > 0 ? x : slope * x"},
      {"tile.sel",
       {tile("mask"), tile("lhs"), tile("rhs"), tile("tmp")},
       {},
       elementwiseOf(1, {2}),
       kV,
       "Tile; mask ? lhs : rhs per element, the mask packed as tile.cmp writes it"},
      {"tile.sels",
       {tile("mask"), tile("src"), tile("tmp"), scalar("scalar")},
       {},
       elementwiseOf(1, {3}),
       kV,
       "Tile; mask ? src : scalar per element, the mask packed as tile.cmp writes it"},
      {"tile.expands",
       {tile("target"), scalar("scalar")},
       {},
       elementwiseOf(0, {1}),
       kV,
       "Tile; the target's shape filled with the scalar"},
      {"tile.tri",
       {{"diagonal", K::IntScalar}, {"shape", K::IntList}, {"valid_shape", K::IntList, true}},
       {{"dtype", A::DType, DType::Int32}, {"upper", A::Bool, false}},
       deduceTri,
       kV,
       "Tile; 1 on and below (upper: above) the diagonal, else 0"},
      {"tile.concat",
       {tile("src0"), tile("src1")},
       {},
       deduceConcat,
       kV,
       "Tile; the operands side by side along the last axis"},
      {"tile.reinterpret_view",
       {tile("data"), {"shape", K::IntList, true}},
       {{"dtype", A::DType, std::nullopt, true}},
       deduceReinterpretView,
       {Pipe::Scalar},
       "Tile; the same bytes read as another dtype"},
      {"tensor.reinterpret_view",
       {tensor("data"), {"shape", K::IntList, true}},
       {{"dtype", A::DType, std::nullopt, true}},
       deduceReinterpretView,
       {Pipe::Scalar},
       "Tensor; the same bytes read as another dtype"},
      // ---- bitwise (PyPTO's tile forms of tensor.and_ ... tensor.not_) and arg-reductions ----
      {"tile.and_", {tile("lhs"), tile("rhs")}, {}, bitwiseOf({1}), kV, "Tile; lhs & rhs"},
      {"tile.or_", {tile("lhs"), tile("rhs")}, {}, bitwiseOf({1}), kV, "Tile; lhs | rhs"},
      {"tile.xor",
       {tile("lhs"), tile("rhs"), {"tmp", K::Tile, true}},
       {},
       bitwiseOf({1}),
       kV,
       "Tile; lhs ^ rhs (tmp: scratch)"},
      {"tile.shl", {tile("lhs"), tile("rhs")}, {}, deduceShift, kV, "Tile; lhs << rhs"},
      {"tile.shr", {tile("lhs"), tile("rhs")}, {}, deduceShift, kV, "Tile; lhs >> rhs"},
      {"tile.ands", {tile("lhs"), intScalar("rhs")}, {}, bitwiseOf({}), kV, "Tile; lhs & scalar"},
      {"tile.ors", {tile("lhs"), intScalar("rhs")}, {}, bitwiseOf({}), kV, "Tile; lhs | scalar"},
      {"tile.xors",
       {tile("lhs"), intScalar("rhs"), {"tmp", K::Tile, true}},
       {},
       bitwiseOf({}),
       kV,
       "Tile; lhs ^ scalar (tmp: scratch)"},
      {"tile.shls", {tile("lhs"), intScalar("rhs")}, {}, bitwiseOf({}), kV, "Tile; lhs << scalar"},
      {"tile.shrs", {tile("lhs"), intScalar("rhs")}, {}, bitwiseOf({}), kV, "Tile; lhs >> scalar"},
      {"tile.not_",
       {tile("tile")},
       {},
       bitwiseOf({}, /*boolOk=*/true),
       kV,
       "Tile; ~tile (logical not of a BOOL tile)"},
      {"tile.row_argmax",
       {tile("tile"), {"tmp_tile", K::Tile, true}},
       {},
       argReduceOf(true),
       kV,
       "INT32 [rows, 1]; the column of each row's maximum (the first on ties)"},
      {"tile.row_argmin",
       {tile("tile"), {"tmp_tile", K::Tile, true}},
       {},
       argReduceOf(true),
       kV,
       "INT32 [rows, 1]; the column of each row's minimum (the first on ties)"},
      {"tile.col_argmax",
       {tile("tile"), {"tmp_tile", K::Tile, true}},
       {},
       argReduceOf(false),
       kV,
       "INT32 [1, cols]; the row of each column's maximum (the first on ties)"},
      {"tile.col_argmin",
       {tile("tile"), {"tmp_tile", K::Tile, true}},
       {},
       argReduceOf(false),
       kV,
       "INT32 [1, cols]; the row of each column's minimum (the first on ties)"},
      {"tile.batch_matmul",
       {tile("lhs"), tile("rhs")},
       {},
       [](const OpCallContext& c) { return deduceBatchMatmul(c, 0); },
       {Pipe::M},
       "Acc [B.., M, N]; one matmul per leading index"},
      {"tile.batch_matmul_acc",
       {{"acc", K::Tile, false, MemoryEffect::ReadWrite}, tile("lhs"), tile("rhs")},
       {},
       [](const OpCallContext& c) { return deduceBatchMatmul(c, 1); },
       {Pipe::M},
       "acc [B.., M, N] += lhs x rhs per leading index"},
  };
  // The PTO ops these rows emit as (PTOAS include/PTO/IR/PTOOps.td; docs/codegen.md).
  // tile.subc / subsc are not tsubc / tsubsc: those compute src0 - src1 + src2, not the op's
  // lhs - rhs - rhs2, so they are two subtractions (lib/codegen/ArithExtraEmitters.cpp), the
  // first one the spelling below.
  static const std::map<std::string_view, std::string_view> kPto = {
      {"tile.fmod", "pto.tfmod"},
      {"tile.fmods", "pto.tfmods"},
      {"tile.rem", "pto.trem"},
      {"tile.rems", "pto.trems"},
      {"tile.addc", "pto.taddc"},
      {"tile.addsc", "pto.taddsc"},
      {"tile.subc", "pto.tsub"},
      {"tile.and_", "pto.tand"},
      {"tile.or_", "pto.tor"},
      {"tile.xor", "pto.txor"},
      {"tile.shl", "pto.tshl"},
      {"tile.shr", "pto.tshr"},
      {"tile.ands", "pto.tands"},
      {"tile.ors", "pto.tors"},
      {"tile.xors", "pto.txors"},
      {"tile.shls", "pto.tshls"},
      {"tile.shrs", "pto.tshrs"},
      {"tile.not_", "pto.tnot"},
      {"tile.row_argmax", "pto.trowargmax"},
      {"tile.row_argmin", "pto.trowargmin"},
      {"tile.col_argmax", "pto.tcolargmax"},
      {"tile.col_argmin", "pto.tcolargmin"},
      {"tile.subsc", "pto.tsubs"},
      {"tile.lrelu", "pto.tlrelu"},
      {"tile.expands", "pto.texpands"},
      {"tile.tri", "pto.ttri"},
      {"tile.concat", "pto.tconcat"}};
  for (OpRow& row : rows) {
    if (auto it = kPto.find(row.name); it != kPto.end()) row.pto = it->second;
    if (row.name.starts_with("tile.") && row.pipes == kV) row.affinity = CoreAffinity::Vector;
    // A bare literal selected by tile.sels has the selected tile's dtype, not the mask's.
    if (row.name == "tile.sels") row.literalDTypeArg = 1;
  }
  return rows;
}

}  // namespace

void registerElementwiseLayoutOps(OpRegistry& r) { registerRows(r, elementwiseLayoutRows()); }

}  // namespace ptoc
