// PyPTO's index-driven and sorting ops on tiles and tensors: gathers (by index tile, by
// block offsets, by a mask pattern, from GM rows or pages), scatters, sort32 / merge sort.
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

void requireDTypeIn(const OpCallContext& ctx, size_t i, DType d, std::initializer_list<DType> ok,
                    std::string_view what) {
  for (DType x : ok)
    if (x == d) return;
  std::string names;
  for (DType x : ok) names += (names.empty() ? "" : ", ") + std::string(dtypeName(x));
  ctx.fail(static_cast<int>(i), fmt::format("{} of {} must be one of {}, got {}", what, ctx.op.name,
                                            names, dtypeName(d)));
}

int64_t constArg(const OpCallContext& ctx, size_t i, std::string_view what) {
  auto v = constIntValue(ctx.args[i]);
  if (!v)
    ctx.fail(static_cast<int>(i), fmt::format("{} of {} must be a constant", what, ctx.op.name),
             fmt::format("write an integer literal, e.g. {}=-1", what));
  return *v;
}

size_t normalizedDim(const OpCallContext& ctx, size_t i, size_t rank) {
  int64_t d = constArg(ctx, i, "dim");
  int64_t r = static_cast<int64_t>(rank);
  if (d < -r || d >= r)
    ctx.fail(static_cast<int>(i),
             fmt::format("dim of {} must be in [{}, {}], got {}", ctx.op.name, -r, r - 1, d));
  return static_cast<size_t>(d < 0 ? d + r : d);
}

/// gather(input, dim, index): torch.gather; the index's shape, the input's dtype.
TypePtr deduceGatherDim(const OpCallContext& ctx) {
  Operand in = operandOf(ctx, 0), idx = operandOf(ctx, 2);
  requireDTypeIn(ctx, 2, idx.dtype, {DType::Int32, DType::Int16}, "the index dtype");
  if (idx.shape.size() != in.shape.size())
    ctx.fail(2, fmt::format("{}: the index has rank {} but the input has rank {}", ctx.op.name,
                            idx.shape.size(), in.shape.size()));
  size_t dim = normalizedDim(ctx, 1, in.shape.size());
  for (size_t k = 0; k < in.shape.size(); ++k)
    if (k != dim && idx.shape[k] > in.shape[k])
      ctx.fail(2, fmt::format("{}: index.shape[{}] = {} exceeds input.shape[{}] = {}", ctx.op.name,
                              k, idx.shape[k], k, in.shape[k]));
  return resultLike(ctx, 0, idx.shape, in.dtype);
}

/// scatter(input, dim, index, src) / scatter_update: the input's type.
TypePtr deduceScatterDim(const OpCallContext& ctx) {
  Operand in = operandOf(ctx, 0), idx = operandOf(ctx, 2), src = operandOf(ctx, 3);
  requireDTypeIn(ctx, 2, idx.dtype, {DType::Int32, DType::Int16, DType::Int64}, "the index dtype");
  requireSameDType(ctx, 3, in.dtype, src.dtype, "the input and the source");
  normalizedDim(ctx, 1, in.shape.size());
  return ctx.args[0]->type;
}

/// Keep 1 of 2 (patterns 1, 2), 1 of 4 (3..6) or all (7) elements of each row.
int64_t maskPatternDivisor(const OpCallContext& ctx) {
  int64_t p = ctx.kwargOr<int64_t>("mask_pattern", 0);
  if (p < 1 || p > 7)
    ctx.failKwarg("mask_pattern",
                  fmt::format("mask_pattern of {} must be in 1..7, got {}", ctx.op.name, p),
                  "use pl.tile.MaskPattern.P0101 (1) ... P1111 (7)");
  return p <= 2 ? 2 : p <= 6 ? 4 : 1;
}

TypePtr deduceGatherMask(const OpCallContext& ctx) {
  Operand in = operandOf(ctx, 0);
  int64_t div = maskPatternDivisor(ctx);
  auto shape = in.shape;
  if (shape.back() % div != 0)
    ctx.fail(0, fmt::format("{}: the last extent {} is not a multiple of {}", ctx.op.name,
                            shape.back(), div));
  shape.back() /= div;
  DType out = ctx.kwargOr<DType>("output_dtype", in.dtype);
  if (dtypeBits(out) != dtypeBits(in.dtype))
    ctx.failKwarg("output_dtype",
                  fmt::format("output_dtype of {} must have the width of {}, got {}", ctx.op.name,
                              dtypeName(in.dtype), dtypeName(out)),
                  "the gathered bits are reinterpreted, not converted");
  return resultLike(ctx, 0, shape, out);
}

TypePtr deduceScatterMask(const OpCallContext& ctx) {
  maskPatternDivisor(ctx);
  Operand in = operandOf(ctx, 0), dst = operandOf(ctx, 1);
  requireSameDType(ctx, 1, in.dtype, dst.dtype, "the source and the destination");
  return ctx.args[0]->type;
}

/// tile.gather(src, indices, tmp): the indices' shape, the source's dtype.
TypePtr deduceTileGather(const OpCallContext& ctx) {
  Operand src = operandOf(ctx, 0), idx = operandOf(ctx, 1);
  requireDTypeIn(ctx, 1, idx.dtype, {DType::Int32, DType::Int16, DType::UInt32}, "the index dtype");
  return makeTile(idx.shape, src.dtype, kVec);
}

/// tile.scatter(dst, src, indexes): the destination.
TypePtr deduceTileScatter(const OpCallContext& ctx) {
  Operand dst = operandOf(ctx, 0), src = operandOf(ctx, 1);
  requireSameDType(ctx, 1, dst.dtype, src.dtype, "the destination and the source");
  return ctx.args[0]->type;
}

/// gatherb(src, offset): 32-byte blocks of `src` picked by UINT32 offsets; each offset
/// column yields one block of elements.
TypePtr deduceGatherb(const OpCallContext& ctx) {
  Operand src = operandOf(ctx, 0), off = operandOf(ctx, 1);
  requireDTypeIn(ctx, 1, off.dtype, {DType::UInt32}, "the offset dtype");
  if (off.shape.size() != 2) ctx.fail(1, fmt::format("the offsets of {} must be 2-D", ctx.op.name));
  DType out = ctx.kwargOr<DType>("output_dtype", src.dtype);
  int64_t perBlock = 32 / std::max<int64_t>(1, dtypeBits(out) / 8);
  return makeTile({off.shape[0], off.shape[1] * perBlock}, out, kVec);
}

/// sort32(src, idx): value / index pairs: the last extent doubles.
TypePtr deduceSort32(const OpCallContext& ctx) {
  Operand src = operandOf(ctx, 0);
  requireDTypeIn(ctx, 0, src.dtype, {DType::FP16, DType::FP32}, "the source dtype");
  Operand idx = operandOf(ctx, 1);
  requireDTypeIn(ctx, 1, idx.dtype, {DType::UInt32, DType::Int32}, "the index dtype");
  auto shape = src.shape;
  shape.back() *= 2;
  return resultLike(ctx, 0, shape, src.dtype);
}

TypePtr deduceMrgSort1(const OpCallContext& ctx) {
  Operand src = operandOf(ctx, 0);
  requireDTypeIn(ctx, 0, src.dtype, {DType::FP16, DType::FP32}, "the source dtype");
  if (auto b = constIntValue(ctx.args[1]); b && (*b <= 0 || *b % 64 != 0))
    ctx.fail(1, fmt::format("block_len of {} must be a positive multiple of 64, got {}",
                            ctx.op.name, *b));
  return resultLike(ctx, 0, src.shape, src.dtype);
}

/// mrgsort_format2(src0, src1, ...): the merged lists, the shape of the last (tmp) operand
/// for tiles, the concatenation along the last axis for tensors.
TypePtr deduceMrgSort2(const OpCallContext& ctx) {
  Operand first = operandOf(ctx, 0);
  int64_t cols = 0;
  for (size_t i = 0; i < ctx.args.size(); ++i) {
    Operand o = operandOf(ctx, i);
    requireSameDType(ctx, static_cast<int>(i), first.dtype, o.dtype, "the sorted lists");
    cols += o.shape.back();
  }
  if (first.tile) {
    Operand last = operandOf(ctx, ctx.args.size() - 1);
    return makeTile(last.shape, first.dtype, kVec);
  }
  auto shape = first.shape;
  shape.back() = cols;
  return TensorType::get(shape, first.dtype);
}

/// mgather(mem, idx): rows (or elements) of a GM tensor picked by an index tile; the
/// index's shape in rows, the tensor's row width.
TypePtr deduceMgather(const OpCallContext& ctx) {
  const TensorType& mem = tensorArgRef(ctx, 0);
  Operand idx = operandOf(ctx, 1);
  requireDTypeIn(ctx, 1, idx.dtype, {DType::Int32, DType::UInt32}, "the index dtype");
  auto mem_ = ctx.kwargOr<MemorySpace>("target_memory", kVec);
  std::vector<int64_t> shape = idx.shape;
  if (shape.size() == 2 && shape[1] == 1 && mem.shape.size() == 2) shape[1] = mem.shape[1];
  std::vector<ExprPtr> valid;
  if (ctx.args.size() > 3) valid = checkValidShapeArg(ctx, 3, shape);
  return makeTile(shape, mem.dtype, mem_, valid);
}

TypePtr deduceMscatter(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  const TensorType& out = tensorArgRef(ctx, 2);
  requireSameDType(ctx, 2, src.dtype, out.dtype, "the tile and the tensor");
  return ctx.args[2]->type;
}

/// gather_row(dst, src, dst_offset, src_offset, shapes): rows of a GM tensor into dst.
/// `shapes` sizes a static window (a runtime row count goes into valid_shape=); valid_shape
/// has one extent per axis of `shapes`, each within it when both are constants.
TypePtr deduceGatherRow(const OpCallContext& ctx) {
  Operand dst = operandOf(ctx, 0);
  const TensorType& src = tensorArgRef(ctx, 1);
  requireSameDType(ctx, 1, dst.dtype, src.dtype, "the destination and the source");
  auto shapes = listArgElements(ctx, 4);
  std::vector<int64_t> extents;
  for (size_t i = 0; i < shapes.size(); ++i) {
    const auto* c = shapes[i]->as<ConstInt>();
    if (!c)
      ctx.fail(4,
               fmt::format("the shapes of {} must be constants (they size a static window), but "
                           "entry {} is a runtime value",
                           ctx.op.name, i),
               "give the window's full extent in shapes and the runtime extent in "
               "valid_shape=[rows, cols]");
    extents.push_back(c->value);
  }
  if (ctx.args.size() > 5) {
    auto valid = listArgElements(ctx, 5);
    if (valid.size() != extents.size())
      ctx.fail(5,
               fmt::format("the valid_shape of {} has {} entries but shapes has {}", ctx.op.name,
                           valid.size(), extents.size()),
               "give one valid extent per axis of shapes");
    for (size_t i = 0; i < valid.size(); ++i)
      if (const auto* c = valid[i]->as<ConstInt>(); c && (c->value < 0 || c->value > extents[i]))
        ctx.fail(5,
                 fmt::format("valid_shape[{}] = {} of {} exceeds the window's extent {}", i,
                             c->value, ctx.op.name, extents[i]),
                 "keep each valid extent within shapes");
  }
  return ctx.args[0]->type;
}

TypePtr deducePagedGather(const OpCallContext& ctx) {
  const TensorType& src = tensorArgRef(ctx, 0);
  if (src.shape.size() != 2)
    ctx.fail(
        0,
        fmt::format("{} gathers rows of a 2D source, got rank {}", ctx.op.name, src.shape.size()),
        "reshape the paged cache to [blocks * block_size, size]");
  for (size_t i : {size_t{1}, size_t{2}}) {
    const TensorType& t = tensorArgRef(ctx, i);
    if (t.dtype != DType::Int32)
      ctx.fail(static_cast<int>(i),
               fmt::format("the {} of {} must be INT32, got {}", i == 1 ? "indices" : "block table",
                           ctx.op.name, dtypeName(t.dtype)),
               "cast the index tensor to pl.INT32");
  }
  int64_t maxIdx = ctx.kwargOr<int64_t>("max_indices", 0);
  int64_t size = ctx.kwargOr<int64_t>("size", 0);
  if (maxIdx <= 0 || size <= 0)
    ctx.fail(-1, fmt::format("{} needs positive max_indices= and size=", ctx.op.name),
             "give max_indices= and size= as positive integer literals");
  checkShapeDims(ctx, -1, {maxIdx, size}, "result shape [max_indices, size]");
  return TensorType::get({maxIdx, size}, src.dtype);
}

/// gather_compare(src [R, C], kvalue, tmp): per row, the column indices (+ offset) of the
/// elements that compare true against kvalue, out_cols of them -> (Tile[[R, out_cols], INT32],
/// Tile[[1, R], count_dtype] the per-row match counts), PyPTO's compare-form tgather.
TypePtr deduceGatherCompare(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  requireRank(ctx, 0, src, 2, "the source");
  requireDTypeIn(ctx, 0, src.dtype, {DType::FP16, DType::FP32, DType::Int16, DType::Int32},
                 "the source dtype");
  if (scalarArgDType(ctx, 1) != src.dtype)
    ctx.fail(1,
             fmt::format("the kvalue of {} must have the source's dtype {}, got {}", ctx.op.name,
                         dtypeName(src.dtype), dtypeName(scalarArgDType(ctx, 1))),
             fmt::format("pass a pl.{} scalar (pl.cast(k, pl.{}))", dtypeName(src.dtype),
                         dtypeName(src.dtype)));
  int64_t cols = ctx.kwargOr<int64_t>("out_cols", 0);
  if (cols <= 0)
    ctx.failKwarg("out_cols",
                  fmt::format("out_cols of {} must be positive, got {}", ctx.op.name, cols),
                  "give the number of indices kept per row, e.g. out_cols=8");
  DType count = ctx.kwargOr<DType>("count_dtype", DType::Int32);
  int64_t rows = src.shape[0];
  TileView cview = implicitTileView(kVec, {1, rows});
  cview.blayout = TileLayout::RowMajor;
  return TupleType::get({makeTileWithLayoutOf(src, {rows, cols}, DType::Int32, kVec, {}),
                         TileType::get({1, rows}, count, kVec, cview)});
}

TypePtr deduceCreateL1(const OpCallContext& ctx) {
  auto shape = staticShapeArg(ctx, 0, "shape");
  if (ctx.kwargOr<bool>("transpose", false) && shape.size() == 2) std::swap(shape[0], shape[1]);
  return TensorType::get(shape, std::get<DType>(*ctx.kwarg("dtype")));
}

const PipeSet kV = {Pipe::V};
const PipeSet kMte = {Pipe::MTE2, Pipe::MTE3};

std::vector<OpRow> gatherSortRows() {
  KwargRow maskPattern{"mask_pattern", A::Int, std::nullopt, true};
  KwargRow dim{"dim", A::Int, int64_t{-1}};
  auto tile = [](std::string n) { return ArgRow{std::move(n), K::Tile}; };
  auto tensor = [](std::string n) { return ArgRow{std::move(n), K::Tensor}; };
  auto scalar = [](std::string n) { return ArgRow{std::move(n), K::Scalar}; };
  std::vector<OpRow> rows = {
      // ---- gathers and scatters ----
      {"tile.gather",
       {tile("src"), tile("indices"), tile("tmp")},
       {},
       deduceTileGather,
       kV,
       "Tile[indices.shape]; out[i] = src (flattened) [indices[i]]"},
      {"tile.gatherb",
       {tile("src"), tile("offset")},
       {{"output_dtype", A::DType}},
       deduceGatherb,
       kV,
       "Tile; 32-byte blocks of src picked by UINT32 byte offsets"},
      {"tile.gather_mask",
       {tile("src")},
       {maskPattern, {"output_dtype", A::DType}},
       deduceGatherMask,
       kV,
       "Tile; the elements of each row a mask pattern keeps (1 P0101, 2 P1010, 3..6 one of four, "
       "7 all)"},
      {"tile.scatter",
       {tile("dst"), tile("src"), tile("indexes")},
       {},
       deduceTileScatter,
       kV,
       "Tile (dst); dst (flattened) [indexes[i]] = src[i]"},
      {"tile.scatter_mask",
       {tile("dst"), tile("src")},
       {maskPattern},
       deduceScatterMask,
       kV,
       "Tile (dst); src written to the positions a mask pattern selects"},
      {"tile.scatter_update",
       {tile("input"), {"dim", K::IntScalar}, tile("index"), tile("src")},
       {},
       deduceScatterDim,
       kV,
       "Tile (input); rows of input replaced by src at index along dim"},
      {"tile.gather_compare",
       {tile("src"), scalar("kvalue"), tile("tmp")},
       {{"cmp_mode",
         A::Int,
         int64_t{0},
         false,
         {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3}, int64_t{4}, int64_t{5}},
         {{std::string("eq"), int64_t{0}},
          {std::string("ne"), int64_t{1}},
          {std::string("lt"), int64_t{2}},
          {std::string("le"), int64_t{3}},
          {std::string("gt"), int64_t{4}},
          {std::string("ge"), int64_t{5}}}},
        {"offset", A::Int, int64_t{0}},
        {"out_cols", A::Int, std::nullopt, true},
        {"count_dtype", A::DType, DType::Int32, false, {DType::Int32, DType::UInt32}}},
       deduceGatherCompare,
       kV,
       "(Tile[[R, out_cols], INT32], Tile[[1, R], count_dtype]); per row the column indices "
       "(+ offset) where src cmp kvalue, and the match count"},
      {"tile.mgather",
       {tensor("mem"),
        {"idx", K::TileOrTensor},
        {"scratch", K::Tensor, true},
        {"valid_shape", K::IntList, true}},
       {{"coalesce",
         A::Int,
         int64_t{0},
         false,
         {int64_t{0}, int64_t{1}},
         {{std::string("row"), int64_t{0}}, {std::string("elem"), int64_t{1}}}},
        // Out-of-bounds index handling, PyPTO's codes and their spellings.
        {"gather_oob",
         A::Int,
         int64_t{0},
         false,
         {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3}},
         {{std::string("undefined"), int64_t{0}},
          {std::string("clamp"), int64_t{1}},
          {std::string("wrap"), int64_t{2}},
          {std::string("zero"), int64_t{3}}}},
        {"target_memory", A::MemorySpace, MemorySpace::Vec}},
       deduceMgather,
       kMte,
       "Tile; rows (coalesce 0) or elements (1) of a GM tensor by index"},
      {"tile.mscatter",
       {tile("src"), tile("idx"), {"output_tensor", K::Tensor, false, MemoryEffect::Write}},
       {},
       deduceMscatter,
       kMte,
       "Tensor (output_tensor); src rows written to GM rows at idx"},
      {"tile.gather_row",
       {{"dst", K::Tile, false, MemoryEffect::ReadWrite},
        tensor("src"),
        {"dst_offset", K::IntList},
        {"src_offset", K::IntList},
        {"shapes", K::IntList},
        {"valid_shape", K::IntList, true}},
       {{"transpose", A::Bool, false}},
       deduceGatherRow,
       kMte,
       "Tile (dst); a window of GM rows copied into dst at dst_offset"},
      {"tensor.gather",
       {tensor("input"), {"dim", K::IntScalar}, tensor("index")},
       {},
       deduceGatherDim,
       kV,
       "Tensor[index.shape]; torch.gather along dim"},
      {"tensor.gather_mask",
       {tensor("input")},
       {maskPattern, {"output_dtype", A::DType}},
       deduceGatherMask,
       kV,
       "Tensor; tile.gather_mask on a tensor"},
      {"tensor.scatter",
       {tensor("input"), {"dim", K::IntScalar}, tensor("index"), tensor("src")},
       {},
       deduceScatterDim,
       kV,
       "Tensor (input); torch.scatter along dim"},
      {"tensor.scatter_mask",
       {tensor("input"), tensor("dst")},
       {maskPattern},
       deduceScatterMask,
       kV,
       "Tensor; tile.scatter_mask on tensors"},
      {"tensor.scatter_update",
       {tensor("input"), {"dim", K::IntScalar}, tensor("index"), tensor("src")},
       {},
       deduceScatterDim,
       kV,
       "Tensor (input); rows of input replaced by src at index"},
      {"tensor.gather_row",
       {tensor("acc"),
        tensor("src"),
        {"dst_offset", K::IntList},
        {"src_offset", K::IntList},
        {"shapes", K::IntList},
        {"valid_shape", K::IntList, true}},
       {{"transpose", A::Bool, false}},
       deduceGatherRow,
       kMte,
       "Tensor (acc); tile.gather_row on tensors"},
      {"tensor.paged_gather",
       {tensor("src"), tensor("indices"), tensor("block_table")},
       {{"block_size", A::Int, std::nullopt, true},
        {"size", A::Int, std::nullopt, true},
        {"max_indices", A::Int, std::nullopt, true},
        {"space", A::MemorySpace, MemorySpace::Mat},
        {"col_off", A::Int, int64_t{0}},
        {"is_trans", A::Bool, false},
        {"is_b_matrix", A::Bool, false}},
       deducePagedGather,
       kMte,
       "Tensor[[max_indices, size]]; rows of a paged KV cache picked through a block table"},
      {"tensor.create_l1",
       {{"shape", K::IntList}},
       {{"dtype", A::DType, std::nullopt, true}, {"transpose", A::Bool, false}},
       deduceCreateL1,
       {Pipe::Scalar},
       "Tensor; a buffer in L1 (Mat) for gather_row / paged_gather"},
      // ---- sorting ----
      {"tile.sort32",
       {tile("src"), tile("idx")},
       {},
       deduceSort32,
       kV,
       "Tile; each 32-element block sorted descending, as (value, index) pairs"},
      {"tensor.sort32",
       {tensor("src"), tensor("idx")},
       {},
       deduceSort32,
       kV,
       "Tensor; tile.sort32 on tensors"},
      {"tile.mrgsort_format1",
       {tile("src"), {"block_len", K::IntScalar}},
       {},
       deduceMrgSort1,
       kV,
       "Tile; merges sorted runs of block_len (value, index) pairs"},
      {"tensor.mrgsort_format1",
       {tensor("src"), {"block_len", K::IntScalar}},
       {},
       deduceMrgSort1,
       kV,
       "Tensor; tile.mrgsort_format1 on tensors"},
      {"tile.mrgsort_format2",
       {tile("src0"),
        tile("src1"),
        {"src2", K::Tile, true},
        {"src3", K::Tile, true},
        {"tmp", K::Tile, true}},
       {{"exhausted", A::Bool, false}},
       deduceMrgSort2,
       kV,
       "Tile; merges 2 to 4 sorted lists"},
      {"tensor.mrgsort_format2",
       {tensor("src0"), tensor("src1"), {"src2", K::Tensor, true}, {"src3", K::Tensor, true}},
       {{"exhausted", A::Bool, false}},
       deduceMrgSort2,
       kV,
       "Tensor; merges 2 to 4 sorted lists"},
  };
  // The PTO ops these rows emit as (PTOAS include/PTO/IR/PTOOps.td; docs/codegen.md).
  static const std::map<std::string_view, std::string_view> kPto = {
      {"tile.gatherb", "pto.tgatherb"},         {"tile.sort32", "pto.tsort32"},
      {"tile.gather", "pto.tgather"},           {"tile.gather_mask", "pto.tgather"},
      {"tile.mrgsort_format1", "pto.tmrgsort"}, {"tile.mrgsort_format2", "pto.tmrgsort"}};
  for (OpRow& row : rows) {
    if (auto it = kPto.find(row.name); it != kPto.end()) row.pto = it->second;
    if (row.name.starts_with("tile.") && row.pipes == kV) row.affinity = CoreAffinity::Vector;
    // A row gather addresses GM through its read offset (src_offset): the one a
    // pl.split_aiv region's lane must localize (the write offset only picks dst's slot).
    if (row.name == "tile.gather_row") row.window = WindowArgs{.offsets = 3};
  }
  return rows;
}

}  // namespace

void registerGatherSortOps(OpRegistry& r) { registerRows(r, gatherSortRows()); }

}  // namespace ptoc
