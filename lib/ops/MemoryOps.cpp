// Memory and data-movement ops of the catalog (dsl.md §5): tile.load/store/move, views
// (slice, reshape, extract, set_validshape, transpose) and the block/sub-block index queries.
// Type deduction follows pypto-facts §4. The generators (create, full, ci, random) are in
// GeneratorOps.cpp.
#include <fmt/format.h>

#include "ptoc/ir/Builder.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

constexpr MemorySpace kVec = MemorySpace::Vec;

/// How to fit the window [off, off + ext) into an axis of size `dim`.
std::string windowHint(int64_t off, int64_t ext, int64_t dim, size_t axis) {
  if (ext <= dim && off > dim - ext)
    return fmt::format(
        "offset + extent must be <= {} on axis {}: use an offset <= {}, or an "
        "extent <= {} (a smaller valid_shape keeps the tile shape)",
        dim, axis, dim - ext, off >= dim ? 0 : dim - off);
  return fmt::format(
      "the extent {} exceeds the size {} of axis {}: use an extent <= {} (a "
      "smaller valid_shape keeps the tile shape)",
      ext, dim, axis, off >= dim ? dim : dim - off);
}

/// "[0, 0, 0]": one offset per axis.
std::string zeroOffsets(size_t rank) { return formatShape(std::vector<int64_t>(rank, 0)); }

/// Checks that static offsets are >= 0 and that offset + extent fits `dims` on every axis
/// whose offset and extent are both static. `accessed` is the container named in messages
/// (described only when a check fails: this runs for every load, store and slice).
void checkWindow(const OpCallContext& ctx, int offsetArg, const std::vector<ExprPtr>& offsets,
                 const std::vector<ExprPtr>& extents, const std::vector<int64_t>& dims,
                 const ir::Type& accessed) {
  for (size_t k = 0; k < offsets.size() && k < dims.size(); ++k) {
    auto off = constIntValue(offsets[k]);
    if (!off) continue;
    if (*off < 0)
      ctx.fail(offsetArg, fmt::format("offset {} of {} is negative ({})", k, ctx.op.name, *off),
               dims[k] == kDynamicDim
                   ? std::string("offsets count from 0")
                   : fmt::format("offsets count from 0; use an offset in [0, {}]", dims[k]));
    auto ext = k < extents.size() ? constIntValue(extents[k]) : std::nullopt;
    if (!ext || dims[k] == kDynamicDim) continue;  // checked at run time
    if (*off > dims[k] || *ext > dims[k] - *off)
      ctx.fail(offsetArg,
               fmt::format("{} accesses [{}, {}) on axis {} of {}, which has size {}", ctx.op.name,
                           *off, saturatingAdd(*off, *ext), k, describeType(&accessed), dims[k]),
               windowHint(*off, *ext, dims[k], k));
  }
}

std::vector<ExprPtr> constExprs(const std::vector<int64_t>& v) {
  std::vector<ExprPtr> out;
  for (int64_t x : v) out.push_back(indexConst(x));
  return out;
}

// ---- tile.load / tile.store / tile.move -----------------------------------------------------

TypePtr deduceLoad(const OpCallContext& ctx) {
  const TensorType& tensor = tensorArgRef(ctx, 0);
  std::vector<ExprPtr> offsets = listArgElements(ctx, 1);
  std::vector<int64_t> shape = staticShapeArg(ctx, 2, "shapes");
  size_t rank = tensor.shape.size();
  if (offsets.size() != rank)
    ctx.fail(1,
             fmt::format("{} has {} offsets for the rank-{} tensor {}", ctx.op.name, offsets.size(),
                         rank, describeType(&tensor)),
             fmt::format("give one offset per tensor axis, e.g. {}", zeroOffsets(rank)));
  if (shape.size() != rank)
    ctx.fail(
        2,
        fmt::format("the shapes {} of {} have rank {} but the tensor {} has rank {}",
                    formatShape(shape), ctx.op.name, shape.size(), describeType(&tensor), rank),
        fmt::format("give one extent per tensor axis, e.g. {} for the whole tensor",
                    formatShape(tensor.shape)));
  std::vector<ExprPtr> valid;
  if (ctx.args.size() > 3) valid = checkValidShapeArg(ctx, 3, shape);
  // clamp=True narrows the valid region to the tensor's edge (PyPTO): min(valid, extent -
  // offset) on each static axis, instead of rejecting a read past it.
  if (const bool* clamp = getAttr<bool>(ctx.kwargs, "clamp"); clamp && *clamp) {
    if (valid.empty()) valid = constExprs(shape);
    for (size_t k = 0; k < rank; ++k) {
      if (tensor.shape[k] == kDynamicDim) continue;
      ExprPtr room = ops::subExpr(ops::indexConst(tensor.shape[k]), offsets[k]);
      if (auto r = constIntValue(room); r && *r < 0) room = ops::indexConst(0);
      valid[k] = ops::minExpr(valid[k], room);
    }
  }
  // The window read is the valid region: a padded tile may extend past the tensor.
  checkWindow(ctx, 1, offsets, valid.empty() ? constExprs(shape) : valid, tensor.shape, tensor);
  std::optional<MemorySpace> mem = ctx.outputMemory();
  TileView view = implicitTileView(mem, shape);
  view.validShape = std::move(valid);
  // pypto-facts §1.3: a [N, 1] Vec load gets a col_major block layout.
  if (mem == kVec && shape.size() == 2 && shape[1] == 1 && shape[0] > 1)
    view.blayout = TileLayout::ColMajor;
  return TileType::get(std::move(shape), tensor.dtype, mem, std::move(view));
}

/// A store through a reinterpreting partition (PyPTO's ND form): the `shapes` operand, or a
/// tile of lower rank than the tensor (its shape padded with leading unit axes). The tile's
/// elements fill the partition in row-major order, each at the tensor's row-major address
/// sum((offset_k + p_k) * stride_k); a partition extent may run past its axis into the next
/// one (FlattenTileNdTo2D's collapsed [1, 6, 8] partition of a [2, 3, 8] tensor).
/// docs/simulator-semantics.md §4.
void checkPartitionStore(const OpCallContext& ctx, const TileType& tile,
                         const std::vector<ExprPtr>& offsets, const TensorType& tensor) {
  const size_t rank = tensor.shape.size();
  std::vector<ExprPtr> part;
  if (ctx.args.size() > 3) {
    part = listArgElements(ctx, 3);
    if (part.size() != rank)
      ctx.fail(3,
               fmt::format("the shapes of {} have {} entries for the rank-{} tensor {}",
                           ctx.op.name, part.size(), rank, describeType(&tensor)),
               fmt::format("give one partition extent per tensor axis, e.g. {}",
                           formatShape(tensor.shape)));
  } else {
    for (size_t k = tile.shape.size(); k < rank; ++k)
      part.push_back(ir::constInt(1, DType::Index, Span{}));
    for (int64_t d : tile.shape) part.push_back(ir::constInt(d, DType::Index, Span{}));
  }
  std::vector<int64_t> p;
  for (size_t k = 0; k < part.size(); ++k) {
    auto v = constIntValue(part[k]);
    if (!v) return;  // a runtime partition: checked by the simulator
    if (*v <= 0)
      ctx.fail(
          3,
          fmt::format("extent {} of the shapes of {} must be positive, got {}", k, ctx.op.name, *v),
          "every partition extent is at least 1");
    p.push_back(*v);
  }
  auto tileCount = elementCount(tile.shape);
  auto partCount = elementCount(p);
  if (ctx.args.size() > 3 && tileCount && partCount && *tileCount != *partCount)
    ctx.fail(3,
             fmt::format("the partition {} of {} holds {} elements, but the tile {} has {}",
                         formatShape(p), ctx.op.name, *partCount, describeType(&tile), *tileCount),
             "the shapes give the tile's elements their place in the tensor: their product "
             "must equal the tile's element count");
  // The last address written: sum((offset_k + p_k - 1) * stride_k) < numel. An overflow of
  // int64 (huge offsets or extents) is past the end too.
  int64_t last = 0, stride = 1;
  bool overflow = false;
  for (size_t k = rank; k-- > 0;) {
    auto off = constIntValue(offsets[k]);
    if (!off || tensor.shape[k] < 0) return;  // runtime offsets or dynamic dims: the simulator
    int64_t reach = 0, term = 0;
    overflow = overflow || __builtin_add_overflow(*off, p[k] - 1, &reach) ||
               __builtin_mul_overflow(reach, stride, &term) ||
               __builtin_add_overflow(last, term, &last) ||
               __builtin_mul_overflow(stride, tensor.shape[k], &stride);
    if (overflow) break;
  }
  if (overflow || last >= stride)
    ctx.fail(1,
             fmt::format("{} writes the partition {} at offsets {} past the end of the tensor {} "
                         "({} elements)",
                         ctx.op.name, formatShape(p), formatExprList(offsets),
                         describeType(&tensor), elementCount(tensor.shape).value_or(stride)),
             "keep the partition within the tensor: check the offsets and the shapes");
}

TypePtr deduceStore(const OpCallContext& ctx) {
  const TileType& tile = tileArgRef(ctx, 0);
  std::vector<ExprPtr> offsets = listArgElements(ctx, 1);
  const TensorType& tensor = tensorArgRef(ctx, 2);
  bool partitioned = ctx.args.size() > 3 || tile.shape.size() < tensor.shape.size();
  if (tile.shape.size() > tensor.shape.size())
    ctx.fail(2,
             fmt::format("{} stores the rank-{} tile {} into the rank-{} tensor {}", ctx.op.name,
                         tile.shape.size(), describeType(&tile), tensor.shape.size(),
                         describeType(&tensor)),
             [&] {
               std::string h = reshapeToRankHint(argText(ctx, 0), tile.shape, tensor.shape.size());
               return h.empty() ? std::string("store into a tensor of the tile's rank") : h;
             }());
  if (offsets.size() != tensor.shape.size())
    ctx.fail(
        1,
        fmt::format("{} has {} offsets for the rank-{} tensor {}", ctx.op.name, offsets.size(),
                    tensor.shape.size(), describeType(&tensor)),
        fmt::format("give one offset per tensor axis, e.g. {}", zeroOffsets(tensor.shape.size())));
  // The fixpipe converts on its way out of Acc: an FP32 accumulator lands in an FP16 / BF16
  // tensor rounded (PyPTO's matmul -> store into a half-precision output). Other stores copy.
  bool fixpipeCast = tile.memory == MemorySpace::Acc && tile.dtype == DType::FP32 &&
                     (tensor.dtype == DType::FP16 || tensor.dtype == DType::BF16);
  if (!fixpipeCast) requireSameDType(ctx, 2, tile.dtype, tensor.dtype, "the tile and the tensor");
  if (partitioned)
    checkPartitionStore(ctx, tile, offsets, tensor);
  else
    checkWindow(ctx, 1, offsets, validOf(tile), tensor.shape, tensor);
  return ctx.args[2]->type;
}

TypePtr deduceMove(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  std::optional<MemorySpace> target = ctx.outputMemory();
  TileView srcView = src.effectiveView();
  TileView view = implicitTileView(target, src.shape);
  // Flat destinations (Vec, Bias) carry the source layout; fractal comes from the destination.
  if (target == MemorySpace::Vec || target == MemorySpace::Bias) {
    view.blayout = srcView.blayout;
    view.slayout = srcView.slayout;
  }
  view.validShape = explicitValidOf(src);
  view.pad = srcView.pad;
  if (const auto* b = getAttr<TileLayout>(ctx.kwargs, "blayout")) view.blayout = *b;
  if (const auto* s = getAttr<TileLayout>(ctx.kwargs, "slayout")) view.slayout = *s;
  return TileType::get(src.shape, src.dtype, target, std::move(view));
}

// ---- views ---------------------------------------------------------------------------------

TypePtr deduceSlice(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  std::vector<int64_t> shape = staticShapeArg(ctx, 1, "shape");
  std::vector<ExprPtr> offsets = listArgElements(ctx, 2);
  size_t rank = src.shape.size();
  if (shape.size() != rank)
    ctx.fail(
        1,
        fmt::format("the shape {} of {} has rank {} but the source {} has rank {}",
                    formatShape(shape), ctx.op.name, shape.size(), describeType(&src), rank),
        fmt::format("give one extent per axis of the source, e.g. {}", formatShape(src.shape)));
  if (offsets.size() != rank)
    ctx.fail(2,
             fmt::format("{} has {} offsets for the rank-{} source {}", ctx.op.name, offsets.size(),
                         rank, describeType(&src)),
             fmt::format("give one offset per axis, e.g. {}", zeroOffsets(rank)));
  for (size_t k = 0; k < rank; ++k)
    if (shape[k] > src.shape[k])
      ctx.fail(1,
               fmt::format("the shape {} of {} exceeds the source {} on axis {}",
                           formatShape(shape), ctx.op.name, describeType(&src), k),
               fmt::format("a slice is a window of the source: extent {} of axis {} must be <= "
                           "{}",
                           shape[k], k, src.shape[k]));
  std::vector<ExprPtr> valid;
  bool validGiven = ctx.args.size() > 3 && !listArgElements(ctx, 3).empty();
  if (validGiven) valid = checkValidShapeArg(ctx, 3, shape);
  // As for tile.load: with an explicit valid shape only the valid part of the window must lie
  // inside the source (the rest of the box is padding), so an odd per-lane window may overhang.
  checkWindow(ctx, 2, offsets, validGiven ? valid : constExprs(shape), src.shape, src);
  if (std::vector<ExprPtr> srcValid = explicitValidOf(src); !validGiven && !srcValid.empty()) {
    // The slice sees the part of the source's valid region inside its window.
    for (size_t k = 0; k < rank; ++k) {
      auto v = constIntValue(srcValid[k]);
      auto off = constIntValue(offsets[k]);
      if (v && off)
        valid.push_back(indexConst(std::clamp<int64_t>(*v - *off, 0, shape[k])));
      else if (off && *off == 0)
        valid.push_back(ops::minExpr(indexConst(shape[k]), srcValid[k]));
      else  // a window past the valid region sees none of it (not a negative extent)
        valid.push_back(ops::minExpr(indexConst(shape[k]),
                                     ir::maxExpr(subExpr(srcValid[k], offsets[k]), indexConst(0))));
    }
  }
  TileView view = src.effectiveView();
  view.validShape = std::move(valid);
  if (const auto* p = getAttr<PadValue>(ctx.kwargs, "pad_value")) view.pad = *p;
  return TileType::get(std::move(shape), src.dtype, ctx.outputMemory(), std::move(view));
}

/// A flat prefix with one runtime extent, [1, .., 1, v, full, .., full] (v on axis k): the
/// first v * P elements (P = the full extents after k). It becomes [1, .., 1, v * (P / inner),
/// inner dims] on the innermost target axis m whose inner dims divide P and whose extent holds
/// the largest prefix (v = from[k]).
std::optional<std::vector<ExprPtr>> symbolicPrefixValid(const std::vector<int64_t>& from,
                                                        const std::vector<ExprPtr>& valid,
                                                        const std::vector<int64_t>& to) {
  std::optional<size_t> k;
  for (size_t j = 0; j < valid.size(); ++j)
    if (!constIntValue(valid[j])) {
      if (k) return std::nullopt;
      k = j;
    }
  if (!k) return std::nullopt;
  for (size_t j = 0; j < valid.size(); ++j) {
    if (j == *k) continue;
    if (constIntValue(valid[j]) != (j < *k ? int64_t{1} : from[j])) return std::nullopt;
  }
  int64_t inner = 1, p = 1;
  for (size_t j = *k + 1; j < from.size(); ++j) p *= from[j];
  for (size_t m = to.size(); m-- > 0;) {
    if (p % inner == 0 && from[*k] * (p / inner) <= to[m]) {
      std::vector<ExprPtr> out;
      for (size_t j = 0; j < m; ++j) out.push_back(indexConst(1));
      ExprPtr e = valid[*k];
      if (p / inner != 1)
        e = std::make_shared<BinaryExpr>(BinaryOp::Mul, e, indexConst(p / inner), e->type, Span{});
      out.push_back(std::move(e));
      for (size_t j = m + 1; j < to.size(); ++j) out.push_back(indexConst(to[j]));
      return out;
    }
    inner *= to[m];
  }
  return std::nullopt;
}

/// Carries a valid shape through a reshape (pypto-facts §4: full stays full; unit axes
/// added/removed map exactly; a flat row-major prefix becomes a rectangle).
std::optional<std::vector<ExprPtr>> reshapeValid(const std::vector<int64_t>& from,
                                                 const std::vector<ExprPtr>& valid,
                                                 const std::vector<int64_t>& to) {
  if (valid.empty()) return std::vector<ExprPtr>{};
  if (valid.size() != from.size()) return std::nullopt;
  for (size_t k = 0; k < valid.size(); ++k)
    if (auto c = constIntValue(valid[k]); c && (*c < 0 || *c > from[k])) return std::nullopt;
  // An empty valid region (a static 0 extent on an axis that is not carried one to one)
  // stays empty: [0, to[1], ...] (as the simulator carries it).
  auto emptyRegion = [&] {
    std::vector<ExprPtr> out;
    for (size_t k = 0; k < to.size(); ++k) out.push_back(indexConst(k == 0 ? 0 : to[k]));
    return out;
  };
  // Unit axes added or removed: the non-unit axes correspond one to one.
  std::vector<size_t> fromAxes, toAxes;
  for (size_t k = 0; k < from.size(); ++k)
    if (from[k] != 1) fromAxes.push_back(k);
  for (size_t k = 0; k < to.size(); ++k)
    if (to[k] != 1) toAxes.push_back(k);
  bool unitOnly = fromAxes.size() == toAxes.size();
  for (size_t j = 0; unitOnly && j < fromAxes.size(); ++j)
    unitOnly = from[fromAxes[j]] == to[toAxes[j]];
  bool unitAxesFull = true;
  for (size_t k = 0; k < from.size(); ++k)
    if (from[k] == 1) unitAxesFull = unitAxesFull && constIntValue(valid[k]) == int64_t{1};
  bool anyZero = false;
  for (const auto& e : valid) anyZero = anyZero || constIntValue(e) == int64_t{0};
  if (anyZero && !(unitOnly && unitAxesFull)) return emptyRegion();
  if (unitOnly && unitAxesFull) {
    std::vector<ExprPtr> out(to.size());
    for (size_t k = 0; k < to.size(); ++k) out[k] = indexConst(1);
    for (size_t j = 0; j < toAxes.size(); ++j) out[toAxes[j]] = valid[fromAxes[j]];
    return out;
  }
  // Flat prefix: valid = [1, .., 1, v, full, .., full] covers the first L elements.
  std::vector<int64_t> v;
  for (const auto& e : valid) {
    auto c = constIntValue(e);
    if (!c) return symbolicPrefixValid(from, valid, to);
    v.push_back(*c);
  }
  // k = the last axis whose valid extent is partial; every axis before it must be 1.
  size_t k = 0;
  for (size_t j = 0; j < v.size(); ++j)
    if (v[j] != from[j]) k = j;
  for (size_t j = 0; j < k; ++j)
    if (v[j] != 1) return std::nullopt;
  int64_t prefix = v.empty() ? 1 : v[k];
  for (size_t j = k + 1; j < v.size(); ++j) prefix *= from[j];  // <= element count: no overflow
  int64_t inner = 1;
  for (size_t m = to.size(); m-- > 0;) {
    if (prefix % inner == 0 && prefix / inner <= to[m]) {
      std::vector<ExprPtr> out;
      for (size_t j = 0; j < m; ++j) out.push_back(indexConst(1));
      out.push_back(indexConst(prefix / inner));
      for (size_t j = m + 1; j < to.size(); ++j) out.push_back(indexConst(to[j]));
      return out;
    }
    inner *= to[m];
  }
  return std::nullopt;
}

TypePtr deduceReshape(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  std::vector<int64_t> shape = staticShapeArg(ctx, 1, "shape");
  auto srcCount = elementCount(src.shape), dstCount = elementCount(shape);
  if (!srcCount || srcCount != dstCount)
    ctx.fail(1,
             fmt::format("{} must preserve the element count: {} has {} elements, {} has {}",
                         ctx.op.name, formatShape(src.shape),
                         srcCount ? std::to_string(*srcCount) : "too many", formatShape(shape),
                         dstCount ? std::to_string(*dstCount) : "too many"),
             srcCount && src.shape.size() >= 1
                 ? fmt::format("the new shape needs {} elements, e.g. {}", *srcCount,
                               formatShape({*srcCount / src.shape.back(), src.shape.back()}))
                 : std::string("the new shape needs the same element count"));
  auto valid = reshapeValid(src.shape, explicitValidOf(src), shape);
  if (!valid)
    ctx.fail(
        0,
        fmt::format("{} cannot carry the valid shape {} of {} into the shape {}", ctx.op.name,
                    formatExprList(explicitValidOf(src)), describeType(&src), formatShape(shape)),
        "reshape a tile whose valid region is full, or set the valid shape afterwards");
  return makeTile(std::move(shape), src.dtype, ctx.outputMemory(), std::move(*valid),
                  src.effectiveView().pad);
}

TypePtr deduceExtract(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  requireRank(ctx, 0, src, 2, "the source");
  std::vector<int64_t> shape = staticShapeArg(ctx, 3, "shape");
  if (shape.size() != 2)
    ctx.fail(3, fmt::format("the shape of {} must be 2-D, got {}", ctx.op.name, formatShape(shape)),
             fmt::format("write [rows, cols], e.g. {}",
                         formatShape({1, elementCount(shape).value_or(16)})));
  for (size_t k = 0; k < 2; ++k) {
    auto idx = constIntValue(ctx.args[1 + k]);
    if (!idx) continue;
    if (*idx < 0 || *idx > src.shape[k] || shape[k] > src.shape[k] - *idx)
      ctx.fail(
          static_cast<int>(1 + k),
          fmt::format("{} reads [{}, {}) on axis {} of {}, which has size {}", ctx.op.name, *idx,
                      saturatingAdd(*idx, shape[k]), k, describeType(&src), src.shape[k]),
          windowHint(*idx, shape[k], src.shape[k], k));
  }
  return makeTile(std::move(shape), src.dtype, ctx.outputMemory());
}

TypePtr deduceSetValidShape(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  requireRank(ctx, 0, src, 2, "the tile");
  std::vector<ExprPtr> valid = {ctx.args[1], ctx.args[2]};
  for (size_t k = 0; k < 2; ++k)
    if (auto v = constIntValue(valid[k]); v && (*v < 0 || *v > src.shape[k]))
      ctx.fail(
          static_cast<int>(1 + k),
          fmt::format("the valid {} of {} ({}) is outside [0, {}] for {}", k == 0 ? "rows" : "cols",
                      ctx.op.name, *v, src.shape[k], describeType(&src)),
          fmt::format("use a value in [0, {}]", src.shape[k]));
  TileView view = src.effectiveView();
  view.validShape = std::move(valid);
  return TileType::get(src.shape, src.dtype, ctx.outputMemory(), std::move(view));
}

TypePtr deduceTranspose(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  size_t axes[2];
  for (size_t k = 0; k < 2; ++k) {
    auto a = constIntValue(ctx.args[1 + k]);
    if (!a)
      ctx.fail(static_cast<int>(1 + k),
               fmt::format("the axes of {} must be integer literals, got {}", ctx.op.name,
                           exprText(ctx.args[1 + k])),
               "write the axes as literals, e.g. pl.transpose(t, 0, 1)");
    if (*a < 0 || *a >= static_cast<int64_t>(src.shape.size()))
      ctx.fail(static_cast<int>(1 + k),
               fmt::format("axis {} of {} is out of range for the rank-{} tile {}", *a, ctx.op.name,
                           src.shape.size(), describeType(&src)),
               fmt::format("axes count from 0: use an axis in [0, {}]", src.shape.size() - 1));
    axes[k] = static_cast<size_t>(*a);
  }
  std::vector<int64_t> shape = src.shape;
  std::swap(shape[axes[0]], shape[axes[1]]);
  std::vector<ExprPtr> valid = explicitValidOf(src);
  if (!valid.empty()) std::swap(valid[axes[0]], valid[axes[1]]);
  return makeTile(std::move(shape), src.dtype, ctx.outputMemory(), std::move(valid),
                  src.effectiveView().pad);
}

TypePtr deduceIndexScalar(const OpCallContext&) { return ScalarType::get(DType::Index); }

}  // namespace

void registerMemoryOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;

  r.add("tile.load")
      .arg("tensor", K::Tensor)
      .arg("offsets", K::IntList)
      .arg("shapes", K::IntList)
      .optionalArg("valid_shape", K::IntList)
      .kwarg("target_memory", A::MemorySpace, kVec, /*alwaysPrint=*/true,
             memoryValues({MemorySpace::Vec, MemorySpace::Mat}))
      .kwarg("clamp", A::Bool, false)
      .id(OpId::Load)
      .pipes({Pipe::MTE2})
      .pto("pto.tload")
      .window({.shape = 2, .offsets = 1, .valid = 3})
      .deduce(deduceLoad)
      .outputMemoryFromKwarg("target_memory")
      .doc("GM window -> Tile[shapes, tensor dtype] in target_memory; valid_shape gives the view");

  r.add("tile.store")
      .arg("tile", K::Tile, {MemorySpace::Vec, MemorySpace::Acc})
      .arg("offsets", K::IntList)
      .arg("output_tensor", K::Tensor, {}, MemoryEffect::Write)
      // PyPTO's ND partition (FlattenTileNdTo2D): where the tile's elements land, row-major.
      .optionalArg("shapes", K::IntList)
      // PyPTO's AtomicType code, as tensor.assemble: 0 overwrites (None_), 1 adds (Add: the
      // split-K accumulation into GM).
      .kwarg("atomic", A::Int, int64_t{0}, false, {int64_t{0}, int64_t{1}})
      .kwargSpelling("atomic", true, int64_t{1})
      .kwargSpelling("atomic", false, int64_t{0})
      // An atomic add reads the destination too: dead-store elimination, ordering and
      // outlining must not treat it as an overwrite.
      .effectWhen("output_tensor", "atomic", 1, MemoryEffect::ReadWrite)
      .id(OpId::Store)
      .pipes({Pipe::MTE3, Pipe::FIX})  // from Vec: MTE3; from Acc: the fixpipe
      .pto("pto.tstore")
      .window({.offsets = 1})
      .deduce(deduceStore)
      .sideEffects()
      .doc(
          "the output tensor's type; writes the tile's valid region at offsets (atomic=1 adds "
          "it)");

  r.add("tile.move")
      .arg("tile", K::Tile)
      .kwarg("target_memory", A::MemorySpace, kVec, /*alwaysPrint=*/true, memoryValues(kOnChip))
      .kwarg("blayout", A::TileLayout)
      .kwarg("slayout", A::TileLayout)
      .id(OpId::Move)
      // Mat -> Left/Right/Bias: MTE1; Acc -> Mat/Vec: FIX; Vec -> Mat: MTE3; Vec -> Vec: V.
      .pipes({Pipe::MTE1, Pipe::MTE3, Pipe::V, Pipe::FIX})
      .pto("pto.tmov")
      .deduce(deduceMove)
      .outputMemoryFromKwarg("target_memory")
      .affinityRule(AffinityRule::MoveDirection)
      .doc("same shape/dtype/valid in target_memory; layout of the destination (flat: carried)");

  r.add("tile.slice")
      .pto("pto.subset")
      .arg("tile", K::Tile)
      .arg("shape", K::IntList)
      .arg("offset", K::IntList)
      .optionalArg("valid_shape", K::IntList)
      .kwarg("pad_value", A::PadValue)
      .id(OpId::Slice)
      .pipes({Pipe::Scalar})  // a view of the source
      .window({.shape = 1, .offsets = 2, .valid = 3})
      .deduce(deduceSlice)
      .outputMemoryInherit(0)
      .doc("static-shape window of a tile; view copied from the source");

  r.add("tile.reshape")
      .arg("tile", K::Tile)
      .arg("shape", K::IntList)
      .id(OpId::Reshape)
      .pipes({Pipe::Scalar})  // a view of the source
      .pto("pto.treshape")
      .window({.shape = 1})
      .deduce(deduceReshape)
      .outputMemoryInherit(0)
      .doc("same elements, new static shape; valid region carried when representable");

  r.add("tile.extract")
      .arg("tile", K::Tile, {MemorySpace::Mat, MemorySpace::Acc})
      .arg("index_row", K::IntScalar)
      .arg("index_col", K::IntScalar)
      .arg("shape", K::IntList)
      .kwarg("target_memory", A::MemorySpace, kVec, /*alwaysPrint=*/true,
             memoryValues({MemorySpace::Vec, MemorySpace::Mat, MemorySpace::Left,
                           MemorySpace::Right, MemorySpace::Acc}))
      .id(OpId::Extract)
      .pipes({Pipe::MTE1, Pipe::FIX})  // from Mat: MTE1; from Acc: the fixpipe
      .pto("pto.textract")
      .window({.shape = 3, .firstIndex = 1})
      .deduce(deduceExtract)
      .outputMemoryFromKwarg("target_memory")
      .doc("2-D sub-tile at (row, col) of a Mat/Acc tile into target_memory");

  r.add("tile.set_validshape")
      .arg("tile", K::Tile)
      .arg("valid_rows", K::IntScalar)
      .arg("valid_cols", K::IntScalar)
      .id(OpId::SetValidShape)
      .pipes({Pipe::Scalar})
      .pto("pto.tmov")  // into a buffer with the new valid extents (docs/codegen.md)
      .deduce(deduceSetValidShape)
      .outputMemoryInherit(0)
      .doc("same 2-D tile with valid_shape [rows, cols]");

  r.add("tile.transpose")
      .arg("tile", K::Tile)
      .arg("axis1", K::IntScalar)
      .arg("axis2", K::IntScalar)
      .id(OpId::Transpose)
      .pipes({Pipe::V})
      .pto("pto.ttrans")
      .deduce(deduceTranspose)
      .outputMemoryInherit(0)
      .doc("tile with axes axis1 and axis2 (literals) swapped, valid shape too");

  r.add("tile.get_subblock_idx")
      .id(OpId::GetSubblockIdx)
      .pipes({Pipe::Scalar})
      .pto("pto.get_subblock_idx")
      .deduce(deduceIndexScalar)
      .affinity(CoreAffinity::Vector)
      .doc("AIV sub-block (lane) index: Scalar[INDEX]");
  r.add("tile.get_block_idx")
      .pipes({Pipe::Scalar})
      .pto("pto.get_block_idx")
      .deduce(deduceIndexScalar)
      .affinity(CoreAffinity::Shared)
      .doc("block index: Scalar[INDEX]");
  r.add("tile.get_block_num")
      .pipes({Pipe::Scalar})
      .pto("pto.get_block_num")
      .deduce(deduceIndexScalar)
      .affinity(CoreAffinity::Shared)
      .doc("number of blocks: Scalar[INDEX]");
}

}  // namespace ptoc
