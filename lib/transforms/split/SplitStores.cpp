// Stores of the split lowering (docs/passes/lower-auto-vector-split.md, "Halving rules"):
// a store of a halved tile writes this lane's part of the window (the split-axis offset
// localized; through a partition, the partition's lane half), a store of a tile both lanes
// hold whole writes this lane's slice of it, and a store both lanes would repeat is kept
// only where repeating it is harmless: an atomic store (atomic=1, which reads its
// destination: OpDef::argEffect) of a whole tile is done by lane 0 alone.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "SplitLowerer.h"
#include "SplitUtils.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;
using namespace detail;

namespace {

/// tile.store's optional 4th argument: PyPTO's ND partition (`shapes`).
constexpr size_t kPartitionArg = 3;
/// tile.store's destination tensor.
constexpr size_t kTensorArg = 2;

/// Whether the store reads its destination too (atomic=1 adds into it): run by both lanes it
/// would take effect twice.
bool readsDestination(const Call& c) { return readsMemory(argEffect(c, kTensorArg)); }

std::string listText(const std::vector<ExprPtr>& es) {
  std::vector<std::string> parts;
  for (const auto& e : es) parts.push_back(ops::exprText(e));
  return fmt::format("[{}]", fmt::join(parts, ", "));
}

}  // namespace

bool SplitLowerer::localizePartition(const Call& c, std::vector<ExprPtr>& args, const WindowArgs& w,
                                     const HalfInfo& in) {
  const TileType* t = tileTypeOf(args[0]);
  const std::vector<ExprPtr>& part = listElements(args[kPartitionArg]);
  const auto offIdx = static_cast<size_t>(w.offsets);
  // A partition that is the full tile's box padded with leading unit axes, of a fully valid
  // tile, places the elements exactly as the plain store does: it is lowered as one (the
  // operand dropped), at any parity (each lane stores its valid rows / columns).
  if (t && part.size() >= t->shape.size()) {
    const size_t pad = part.size() - t->shape.size();
    bool box = !in.fullValid;
    for (size_t k = 0; box && k < part.size(); ++k) {
      auto v = ops::constIntValue(part[k]);
      int64_t want = k < pad ? 1 : k - pad == in.dim ? in.full : t->shape[k - pad];
      box = v == want;
      if (box && k >= pad && k - pad != in.dim)
        box = ops::constIntValue(t->validShape()[k - pad]) == t->shape[k - pad];
    }
    if (box) {
      args.resize(kPartitionArg);
      return false;
    }
  }
  // The tile's elements fill the partition in row-major order. This lane's half is a box of
  // the partition when it is a contiguous run of the full tile's elements (every tile axis
  // before the split axis has extent 1), exactly the first or second half of them (an even
  // split axis on the box partition, all of it valid), and the partition's outermost non-unit
  // axis splits evenly: that axis is halved and its offset localized.
  std::string why;
  bool contiguous = t && in.dim < t->shape.size();
  for (size_t k = 0; contiguous && k < in.dim; ++k) contiguous = t->shape[k] == 1;
  bool wholeValid = t != nullptr;
  if (t)
    for (size_t k = 0; k < t->shape.size(); ++k)
      wholeValid = wholeValid && ops::constIntValue(t->validShape()[k]) == t->shape[k];
  std::optional<size_t> axis;
  std::vector<int64_t> extents;
  for (const auto& e : part) {
    auto v = ops::constIntValue(e);
    extents.push_back(v.value_or(-1));
    if (!v) why = "its extents are not all constants";
  }
  for (size_t k = 0; k < extents.size() && !axis; ++k)
    if (extents[k] != 1) axis = k;
  if (why.empty() && !contiguous)
    why = fmt::format(
        "each lane holds a {} block of the tile, which is not a contiguous run of "
        "its row-major elements",
        in.dim == 0 ? "row" : "column");
  else if (why.empty() && (in.full % 2 || in.stride != in.half || in.fullValid || !wholeValid))
    why = fmt::format(
        "the split axis is {} (the lanes' parts differ), and a partition has no "
        "per-lane valid form",
        in.full % 2 ? fmt::format("odd ({})", in.full)
                    : std::string(in.stride != in.half ? "rebalanced" : "ragged"));
  else if (why.empty() && (!axis || extents[*axis] % 2))
    why = fmt::format(
        "its outermost non-unit extent {} cannot be split into the two lanes' "
        "halves",
        axis ? extents[*axis] : 1);
  if (!why.empty())
    reject(c.span,
           fmt::format("tile.store of the halved tile '{}' through the partition {}: each AIV "
                       "lane stores its half of the tile, which is no box of that partition: {}",
                       displayName(args[0]), listText(part), why),
           "store without the shapes operand (a tile of the tensor's rank, or padded with "
           "leading unit axes, is split like any store), or split an even row count with a "
           "partition whose outermost non-unit extent is even");
  const int64_t half = extents[*axis] / 2;
  const ExprPtr& off = elementAt(args[offIdx], *axis);
  checkStoreStep(off, HalfInfo{*axis, extents[*axis], half, half, nullptr}, c.span);
  args[kPartitionArg] = withElement(args[kPartitionArg], *axis, constIndex(half));
  args[offIdx] = withElement(args[offIdx], *axis, localize(off, half));
  return true;
}

ExprPtr SplitLowerer::storeHalf(const Call& c, std::vector<ExprPtr> args, const WindowArgs& w,
                                const HalfInfo& in) {
  const TileType* t = tileTypeOf(args[0]);
  const auto offIdx = static_cast<size_t>(w.offsets);
  const auto& off = listElements(args[offIdx]);
  if (!t || off.size() < t->shape.size()) return rebuild(c, std::move(args));
  if (args.size() > kPartitionArg && localizePartition(c, args, w, in))
    return rebuild(c, std::move(args));
  // A tile of lower rank than the tensor lands on its trailing axes (leading unit axes).
  size_t axis = in.dim + (off.size() - t->shape.size());
  checkStoreStep(off[axis], in, c.span);
  args[offIdx] = withElement(args[offIdx], axis, localize(off[axis], in.stride));
  return rebuild(c, std::move(args));
}

ExprPtr SplitLowerer::storeWholeTile(const Call& c, std::vector<ExprPtr> args,
                                     const WindowArgs& w) {
  const TileType* t = args.empty() ? nullptr : tileTypeOf(args[0]);
  const auto& off =
      w.offsets >= 0 ? listElements(args[static_cast<size_t>(w.offsets)]) : std::vector<ExprPtr>{};
  if (!t || t->memory != MemorySpace::Vec) return rebuild(c, std::move(args));
  if (t->shape.size() != 2 || off.size() < 2 || t->shape[dim_] <= 1) {
    // Both lanes store the whole tile: the same values twice, harmless for an overwrite. An
    // atomic add would add it twice, so lane 0 alone stores it: lane 1's copy gets an empty
    // valid region (min(max(V, idx * R) - idx * R, R) rows, R the box: V on lane 0, 0 on lane
    // 1), and the empty-store guard after the lowering skips it there.
    if (!readsDestination(c)) return rebuild(c, std::move(args));
    if (t->shape.size() != 2)
      reject(c.span,
             fmt::format("an atomic tile.store of the rank-{} tile '{}', which both AIV lanes "
                         "hold whole: each lane would add it, twice the sum",
                         t->shape.size(), displayName(args[0])),
             "store a 2-D tile (reshape it first), or do the atomic store outside the split "
             "function");
    std::vector<ExprPtr> valid = t->validShape();
    valid[0] = laneExtent(valid[0], t->shape[0]);
    args[0] = createOpCall(OpRegistry::instance().get(OpId::SetValidShape),
                           {args[0], valid[0], valid[1]}, {}, c.span, diag_);
    return rebuild(c, std::move(args));
  }
  const size_t axis = dim_ + (off.size() - 2);  // the tensor axis the tile's split axis lands on
  const int64_t full = t->shape[dim_];
  const int64_t half = ceilHalf(full);
  HalfInfo info{dim_, full, half, half, nullptr};
  HalfInfo partInfo = info;  // the whole tile's valid extent, for the partition's box test
  if (ops::constIntValue(t->validShape()[dim_]) != full) partInfo.fullValid = t->validShape()[dim_];
  std::vector<ExprPtr> shape{constIndex(t->shape[0]), constIndex(t->shape[1])};
  shape[dim_] = constIndex(half);
  std::vector<ExprPtr> at{constIndex(0), constIndex(0)};
  at[dim_] = mul(opt_.subblockIdx, constIndex(half));
  std::vector<ExprPtr> sliceArgs{args[0], makeTuple(std::move(shape), c.span),
                                 makeTuple(std::move(at), c.span)};
  if (full % 2) {  // lane 1's box overhangs the source: its valid extent is the rest
    std::vector<ExprPtr> valid = t->validShape();
    valid[dim_] = laneExtent(valid[dim_], half);
    sliceArgs.push_back(makeTuple(std::move(valid), c.span));
  }
  args[0] = createOpCall(OpRegistry::instance().get(OpId::Slice), std::move(sliceArgs), {}, c.span,
                         diag_);
  if (args.size() > kPartitionArg && localizePartition(c, args, w, partInfo))
    return rebuild(c, std::move(args));
  checkStoreStep(off[axis], info, c.span);
  ExprPtr localized =
      withElement(args[static_cast<size_t>(w.offsets)], axis, localize(off[axis], half));
  args[static_cast<size_t>(w.offsets)] = std::move(localized);
  return rebuild(c, std::move(args));
}

}  // namespace ptoc::split
