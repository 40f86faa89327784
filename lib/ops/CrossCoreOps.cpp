// Cross-core ops of the catalog (dsl.md §5): the op-driven C/V boundaries
// tile.aiv_shard (Acc -> per-lane Vec half) and tile.aic_gather (Vec half -> Mat),
// and the pipe transport tile.tpush_to_aiv/aic and tile.tpop_from_aic/aiv. A tpop's
// type comes from the annotation on its left-hand side. pypto-facts §1.6, §4, §5.
#include <fmt/format.h>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

SplitMode splitModeKwarg(const OpCallContext& ctx) {
  const auto* m = getAttr<SplitMode>(ctx.kwargs, "split");
  return m ? *m : SplitMode::None;
}

/// Checks the optional lane_stride kwarg against the per-lane box of `extent` along the
/// split axis (1 <= lane_stride <= ceil(extent / 2)); `splitting` = the op splits at all.
void checkLaneStride(const OpCallContext& ctx, bool splitting, std::optional<int64_t> extent) {
  const auto* s = getAttr<int64_t>(ctx.kwargs, "lane_stride");
  if (!s) return;
  if (!splitting)
    ctx.failKwarg("lane_stride",
                  fmt::format("lane_stride of {} needs a splitting mode (split != 0)", ctx.op.name),
                  "remove lane_stride, or set a split mode");
  if (*s < 1)
    ctx.failKwarg("lane_stride",
                  fmt::format("lane_stride of {} must be positive, got {}", ctx.op.name, *s),
                  "use lane_stride >= 1, or omit it");
  if (extent) {
    int64_t box = ceilHalf(*extent);
    if (*s > box)
      ctx.failKwarg("lane_stride",
                    fmt::format("lane_stride {} of {} exceeds the per-lane box {} (ceil({} / 2))",
                                *s, ctx.op.name, box, *extent),
                    fmt::format("use lane_stride <= {}, or omit it", box));
  }
}

void checkPipeId(const OpCallContext& ctx) {
  if (const auto* id = getAttr<int64_t>(ctx.kwargs, "id"); id && *id < 0)
    ctx.failKwarg("id", fmt::format("the pipe id of {} must be >= 0, got {}", ctx.op.name, *id),
                  "pipe ids count from 0, e.g. id=0");
}

/// aiv_shard: split axis ceil-halved (shape and valid shape), result in Vec.
TypePtr deduceAivShard(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  requireRank(ctx, 0, src, 2, "the tile");
  SplitMode mode = splitModeKwarg(ctx);
  std::vector<int64_t> shape = src.shape;
  std::vector<ExprPtr> valid = explicitValidOf(src);
  std::optional<int64_t> extent;
  if (std::optional<size_t> axis = splitAxis(mode)) {
    extent = shape[*axis];
    shape[*axis] = ceilHalf(shape[*axis]);
    if (!valid.empty()) valid[*axis] = ceilHalfExpr(valid[*axis]);
  }
  checkLaneStride(ctx, mode != SplitMode::None, extent);
  return makeTile(std::move(shape), src.dtype, MemorySpace::Vec, std::move(valid),
                  src.effectiveView().pad);
}

/// aic_gather: split axis doubled (shape and valid shape), result in Mat.
TypePtr deduceAicGather(const OpCallContext& ctx) {
  const TileType& src = tileArgRef(ctx, 0);
  requireRank(ctx, 0, src, 2, "the tile");
  SplitMode mode = splitModeKwarg(ctx);
  std::vector<int64_t> shape = src.shape;
  std::vector<ExprPtr> valid = explicitValidOf(src);
  if (std::optional<size_t> axis = splitAxis(mode)) {
    shape[*axis] *= 2;  // malformedTypeReason bounds dimensions to 2^40: no overflow
    if (!valid.empty()) valid[*axis] = doubleExpr(valid[*axis]);
  }
  return makeTile(std::move(shape), src.dtype, MemorySpace::Mat, std::move(valid),
                  src.effectiveView().pad);
}

TypePtr deduceTPush(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  int64_t code = getAttr<int64_t>(ctx.kwargs, "split") ? *getAttr<int64_t>(ctx.kwargs, "split") : 0;
  auto axis = splitCodeAxis(code);
  if (axis && t.shape.size() <= *axis)
    ctx.fail(0,
             fmt::format("{} with split={} splits axis {}, but {} has rank {}", ctx.op.name, code,
                         *axis, describeType(&t), t.shape.size()),
             "push a 2-D tile, or use split=0 (no split)");
  checkLaneStride(ctx, axis.has_value(),
                  axis ? std::optional<int64_t>(t.shape[*axis]) : std::nullopt);
  checkPipeId(ctx);
  return UnknownType::get();
}

/// tpop: the annotation, which must be a tile; an unset memory space becomes the landing
/// space (Vec on the AIV side, Mat on the AIC side), a different one is an error.
TypePtr deduceTPop(const OpCallContext& ctx) {
  const TypePtr& ann = ctx.annotated;
  PTOC_CHECK(ann, ctx.op.name + ": annotation missing after validation");
  const TileType* t = ann->as<TileType>();
  if (!t)
    ctx.fail(-1,
             fmt::format("the annotation of {} must be a tile type, got {}", ctx.op.name,
                         describeType(ann)),
             fmt::format("write `x: pl.Tile[[rows, cols], pl.FP32, pl.Mem.{}] = pl.{}(...)`",
                         toString(ctx.op.outputMemory.fixed), ctx.op.name));
  if (auto why = malformedTypeReason(*t))
    ctx.fail(-1, fmt::format("the annotation of {} is malformed: {}", ctx.op.name, *why),
             fmt::format("write `x: pl.Tile[[rows, cols], pl.FP32, pl.Mem.{}] = pl.{}(...)` with "
                         "positive extents",
                         toString(ctx.op.outputMemory.fixed), ctx.op.name));
  MemorySpace landing = ctx.op.outputMemory.fixed;
  if (t->memory && *t->memory != landing)
    ctx.fail(-1,
             fmt::format("{} lands in {} memory, but the annotation says {}", ctx.op.name,
                         toString(landing), toString(*t->memory)),
             fmt::format("annotate pl.Mem.{} (or no memory space), and pl.move the result "
                         "afterwards",
                         toString(landing)));
  const auto* lane = getAttr<int64_t>(ctx.kwargs, "split");
  checkLaneStride(ctx, lane && splitCodeAxis(*lane).has_value(), std::nullopt);
  checkPipeId(ctx);
  if (t->memory) return ann;
  std::optional<TileView> view = t->view;
  if (view) {
    // Layout fields left at the space-less defaults take the landing space's implicit layout.
    TileView unset = implicitTileView(std::nullopt, t->shape);
    TileView implicit = implicitTileView(landing, t->shape);
    if (view->blayout == unset.blayout && view->slayout == unset.slayout &&
        view->fractal == unset.fractal) {
      view->blayout = implicit.blayout;
      view->slayout = implicit.slayout;
      view->fractal = implicit.fractal;
    }
  }
  return TileType::get(t->shape, t->dtype, landing, std::move(view));
}

}  // namespace

void registerCrossCoreOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;
  const std::vector<AttrValue> allCodes = {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3},
                                           int64_t{4}};
  const std::vector<AttrValue> evenCodes = {int64_t{0}, int64_t{1}, int64_t{2}};

  r.add("tile.aiv_shard")
      .arg("tile", K::Tile, {MemorySpace::Acc, MemorySpace::Mat})
      .requiredKwarg("split", A::SplitMode)
      .kwarg("lane_stride", A::Int)
      .id(OpId::AivShard)
      .trait(OpTrait::CrossCore)
      .pipes({Pipe::FIX, Pipe::MTE2})  // lowered to tpush_to_aiv / tpop_from_aic
      .deduce(deduceAivShard)
      .outputMemoryFixed(MemorySpace::Vec)
      .affinityRule(AffinityRule::CoreBoundary)
      .doc(
          "C->V boundary: cube tile (Acc / Mat) -> this AIV lane's Vec half (split axis "
          "ceil-halved)");

  r.add("tile.aic_gather")
      .arg("tile", K::Tile, {MemorySpace::Vec})
      .requiredKwarg("split", A::SplitMode)
      .id(OpId::AicGather)
      .trait(OpTrait::CrossCore)
      .pipes({Pipe::MTE3, Pipe::MTE2})  // lowered to tpush_to_aic / tpop_from_aiv
      .deduce(deduceAicGather)
      .outputMemoryFixed(MemorySpace::Mat)
      .affinityRule(AffinityRule::CoreBoundary)
      .doc("V->C boundary: both lanes' Vec halves -> Mat tile (split axis doubled)");

  r.add("tile.tpush_to_aiv")
      .arg("tile", K::Tile, {MemorySpace::Acc, MemorySpace::Mat})
      .kwarg("split", A::Int, int64_t{0}, /*alwaysPrint=*/true, allCodes)
      .kwarg("lane_stride", A::Int)
      .kwarg("id", A::Int)
      .trait(OpTrait::CrossCore)
      // L0C -> GM (A2/A3) or -> the AIV's UB (A5)
      .pipes({Pipe::FIX})
      .pto("pto.tpush_to_aiv")
      .deduce(deduceTPush)
      .affinity(CoreAffinity::Cube)
      .sideEffects()
      .doc("no result; AIC pushes a tile to the AIV pipe (split = pto-isa code 0..4)");

  r.add("tile.tpush_to_aic")
      .arg("tile", K::Tile, {MemorySpace::Vec})
      .kwarg("split", A::Int, int64_t{0}, /*alwaysPrint=*/true, evenCodes)
      .kwarg("id", A::Int)
      .trait(OpTrait::CrossCore)
      // UB -> GM (A2/A3) or -> the AIC's L1 (A5)
      .pipes({Pipe::MTE3})
      .pto("pto.tpush_to_aic")
      .deduce(deduceTPush)
      .affinity(CoreAffinity::Vector)
      .sideEffects()
      .doc("no result; AIV pushes a Vec tile to the AIC pipe (split code 0..2)");

  r.add("tile.tpop_from_aic")
      .kwarg("split", A::Int, int64_t{0}, /*alwaysPrint=*/true, allCodes)
      .kwarg("lane_stride", A::Int)
      .kwarg("id", A::Int)
      .trait(OpTrait::CrossCore)
      // GM -> UB on A2/A3 (MTE2); A5 binds the slot and waits on V (ptoas-facts §4.7)
      .pipes({Pipe::MTE2, Pipe::V})
      .pto("pto.tpop_from_aic")
      .deduce(deduceTPop)
      .typeFromAnnotation()
      .outputMemoryFixed(MemorySpace::Vec)
      .affinity(CoreAffinity::Vector)
      .sideEffects()
      .doc("the annotated tile, in Vec: AIV pops a tile pushed by the AIC");

  r.add("tile.tpop_from_aiv")
      .kwarg("split", A::Int, int64_t{0}, /*alwaysPrint=*/true, evenCodes)
      .kwarg("id", A::Int)
      .trait(OpTrait::CrossCore)
      // GM -> L1 on A2/A3 (MTE2); A5 binds the slot and waits on MTE1 (ptoas-facts §4.7)
      .pipes({Pipe::MTE2, Pipe::MTE1})
      .pto("pto.tpop_from_aiv")
      .deduce(deduceTPop)
      .typeFromAnnotation()
      .outputMemoryFixed(MemorySpace::Mat)
      .affinity(CoreAffinity::Cube)
      .sideEffects()
      .doc("the annotated tile, in Mat: AIC pops a tile pushed by the AIV");
}

}  // namespace ptoc
