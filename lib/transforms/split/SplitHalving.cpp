// Per-op halving rules of the split lowering (seed 000 / pypto-facts §3.7 "Halving
// rules"): how each VECTOR-affine call is rewritten for one AIV lane — roots (load, full,
// create, slice / extract of a full-width tile, reshape of a full-width tile) get halved
// shapes and lane-localized offsets, a store of a halved tile gets a localized offset,
// reshape / slice / set_validshape of a halved tile follow its split axis, position-
// dependent generators, reductions and transposes of the split axis are rejected, and
// everything else is re-deduced from its halved operands.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "SplitLowerer.h"
#include "SplitUtils.h"
#include "ptoc/analysis/SplitAxis.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;
using namespace detail;
using analysis::reducesSplitAxis;

ExprPtr SplitLowerer::halveCall(const Call& c, std::vector<ExprPtr> args) {
  const OpId id = opIdOf(c);
  const HalfInfo* in = nullptr;  // first halved tile operand
  for (const auto& a : args)
    if ((in = infoOf(a))) break;

  if (in && reducesSplitAxis(c, in->dim))
    reject(c.span,
           fmt::format("{} reduces on the split axis {}: each AIV lane holds only half of "
                       "the reduced axis, so the per-lane results would be partial",
                       c.callee, in->dim),
           "reduce the non-split axis, or gather the value to full width first (choose "
           "the other split mode, or use a pl.split_aiv(mode=NONE) region)");

  // Argument positions come from the op's window (OpDef::window).
  const WindowArgs& w = c.op ? c.op->window : WindowArgs{};
  auto at = [&](int i) -> ExprPtr& {
    if (i < 0 || static_cast<size_t>(i) >= args.size())
      throw InternalError(fmt::format("{}: window argument {} is missing", c.callee, i));
    return args[static_cast<size_t>(i)];
  };
  auto has = [&](int i) {
    return i >= 0 && static_cast<size_t>(i) < args.size() && args[static_cast<size_t>(i)];
  };

  // Roots (load, full, create and the positional generators) share one rule.
  const bool positional = hasTrait(c, OpTrait::PositionalGenerator);
  const bool root = id == OpId::Load || id == OpId::Full || id == OpId::Create || positional;
  switch (root ? OpId::Load : id) {
    case OpId::Load: {
      // Roots: the shape argument is halved on the split axis (a singleton stays).
      std::optional<int64_t> full = staticAt(at(w.shape), dim_);
      if (!full || *full <= 1) return rebuild(c, std::move(args));
      if (positional)
        reject(c.span,
               fmt::format("automatic split-axis halving of {} is not supported: its values "
                           "depend on the element position, so halving only its shape would "
                           "give both lanes the first half's values",
                           c.callee),
               "move the operation outside the automatically-halved split region (or use an "
               "explicit pl.split_aiv region that generates the per-lane values)");
      int64_t half = ceilHalf(*full);
      at(w.shape) = withElement(at(w.shape), dim_, constIndex(half));
      if (id == OpId::Load) {
        at(w.offsets) =
            withElement(at(w.offsets), dim_, localize(elementAt(at(w.offsets), dim_), half));
        HalfInfo info{dim_, *full, half, half, nullptr};
        if (has(w.valid)) {
          ExprPtr v = elementAt(at(w.valid), dim_);
          if (ops::constIntValue(v) != *full) info.fullValid = v;
          at(w.valid) = withElement(at(w.valid), dim_, laneExtent(v, half));
        } else if (*full % 2) {
          std::vector<ExprPtr> valid = listElements(at(w.shape));
          valid[dim_] = laneExtent(constIndex(*full), half);
          args.resize(static_cast<size_t>(w.valid));
          args.push_back(makeTuple(std::move(valid), c.span));
        }
        return track(rebuild(c, std::move(args)), info);
      }
      ExprPtr made = rebuild(c, std::move(args));
      const TileType* t = tileTypeOf(made);
      if (*full % 2 && t && t->shape.size() == 2) {
        std::vector<ExprPtr> valid = t->validShape();
        valid[dim_] = laneExtent(constIndex(*full), half);
        made = createOpCall(OpRegistry::instance().get(OpId::SetValidShape),
                            {made, valid[0], valid[1]}, {}, c.span, diag_);
      }
      return track(made, HalfInfo{dim_, *full, half, half, nullptr});
    }
    case OpId::Store: {
      if (!in) return rebuild(c, std::move(args));
      const TileType* t = tileTypeOf(args[0]);
      const auto& off = listElements(at(w.offsets));
      if (!t || off.size() < t->shape.size()) return rebuild(c, std::move(args));
      size_t axis = in->dim + (off.size() - t->shape.size());
      at(w.offsets) = withElement(at(w.offsets), axis, localize(off[axis], in->stride));
      return rebuild(c, std::move(args));
    }
    case OpId::Slice:
    case OpId::Extract: {
      // tile.slice(tile, shape, offset[, valid]) / tile.extract(tile, row, col, shape): a list
      // of offsets, or one index scalar per axis.
      const bool listOffsets = w.offsets >= 0;
      auto offsetAt = [&](size_t axis) -> ExprPtr {
        return listOffsets ? elementAt(at(w.offsets), axis)
                           : at(w.firstIndex + static_cast<int>(axis));
      };
      auto setOffset = [&](size_t axis, ExprPtr v) {
        if (listOffsets)
          at(w.offsets) = withElement(at(w.offsets), axis, std::move(v));
        else
          at(w.firstIndex + static_cast<int>(axis)) = std::move(v);
      };
      if (in && in->dim > 1) return rebuild(c, std::move(args));
      if (in) {
        std::optional<int64_t> n = staticAt(at(w.shape), in->dim);
        std::optional<int64_t> o =
            listOffsets ? staticAt(at(w.offsets), in->dim) : ops::constIntValue(offsetAt(in->dim));
        if (!n || !o || *o != 0 || *n != in->full)
          reject(c.span,
                 fmt::format("{} takes a window of the split axis of the halved tile '{}'; only "
                             "a window spanning the whole split axis can be halved",
                             c.callee, displayName(args[0])),
                 "slice before the value is split, or slice only the other axis");
        at(w.shape) = withElement(at(w.shape), in->dim, constIndex(in->half));
        if (has(w.valid) && !listElements(at(w.valid)).empty()) {
          ExprPtr v = elementAt(at(w.valid), in->dim);
          at(w.valid) = withElement(at(w.valid), in->dim, laneExtent(v, in->stride));
        }
        HalfInfo info = *in;
        return track(rebuild(c, std::move(args)), info);
      }
      std::optional<int64_t> n = staticAt(at(w.shape), dim_);
      if (!n || *n <= 1) return rebuild(c, std::move(args));
      int64_t half = ceilHalf(*n);
      at(w.shape) = withElement(at(w.shape), dim_, constIndex(half));
      setOffset(dim_, localize(offsetAt(dim_), half));
      if (has(w.valid) && !listElements(at(w.valid)).empty()) {
        ExprPtr v = elementAt(at(w.valid), dim_);
        at(w.valid) = withElement(at(w.valid), dim_, laneExtent(v, half));
      } else if (*n % 2 && w.valid >= 0) {
        std::vector<ExprPtr> valid = listElements(at(w.shape));
        valid[dim_] = laneExtent(constIndex(*n), half);
        args.resize(static_cast<size_t>(w.valid));
        args.push_back(makeTuple(std::move(valid), c.span));
      }
      return track(rebuild(c, std::move(args)), HalfInfo{dim_, *n, half, half, nullptr});
    }
    case OpId::Reshape: {
      const TileType* src = tileTypeOf(args[0]);
      std::vector<ExprPtr> target = listElements(args[1]);
      std::vector<int64_t> shape;
      for (const auto& e : target) shape.push_back(ops::constIntValue(e).value_or(-1));
      if (!in) {
        // Full-width source (e.g. a rank-1 view): reshape full, then slice this lane's half.
        if (shape.size() != 2 || shape[dim_] <= 1) return rebuild(c, std::move(args));
        ExprPtr view = rebuild(c, std::move(args));
        int64_t half = ceilHalf(shape[dim_]);
        std::vector<ExprPtr> halfShape = {constIndex(shape[0]), constIndex(shape[1])};
        halfShape[dim_] = constIndex(half);
        std::vector<ExprPtr> offset = {constIndex(0), constIndex(0)};
        offset[dim_] = localize(constIndex(0), half);
        std::vector<ExprPtr> sargs = {view, makeTuple(halfShape, c.span),
                                      makeTuple(offset, c.span)};
        if (shape[dim_] % 2) {
          std::vector<ExprPtr> valid = halfShape;
          valid[dim_] = laneExtent(constIndex(shape[dim_]), half);
          sargs.push_back(makeTuple(valid, c.span));
        }
        ExprPtr sliced = createOpCall(OpRegistry::instance().get(OpId::Slice), std::move(sargs), {},
                                      c.span, diag_);
        return track(sliced, HalfInfo{dim_, shape[dim_], half, half, nullptr});
      }
      // Halved source: a lane owns a contiguous block of the full tile's row-major
      // element order when it owns whole rows (or the tile is one row); the new shape
      // keeps that block per lane when it starts a new even row split, or a single row.
      std::vector<int64_t> fullSrc = src->shape;
      fullSrc[in->dim] = in->full;
      std::optional<size_t> newDim;
      if (fullSrc.size() == 2 && shape.size() == 2 && shape[0] > 0 && shape[1] > 0) {
        bool contiguous =
            (in->dim == 0 || fullSrc[0] == 1) && in->full % 2 == 0 && in->stride == in->half;
        if (shape == fullSrc && in->dim == 1)
          newDim = 1;  // identity reshape of a column block
        else if (contiguous && shape[0] > 1 && shape[0] % 2 == 0)
          newDim = 0;
        else if (contiguous && shape[0] == 1 && shape[1] % 2 == 0)
          newDim = 1;
      }
      if (!newDim)
        reject(c.span,
               fmt::format("tile.reshape of the halved tile '{}' to [{}] moves the split axis in "
                           "a way the lanes cannot follow (a lane's half is not a contiguous "
                           "block of the new shape)",
                           displayName(args[0]), fmt::join(shape, ", ")),
               "reshape before the value is split, or keep whole rows per lane (e.g. [N, 1] <-> "
               "[1, N])");
      int64_t full = shape[*newDim], half = ceilHalf(full);
      args[1] = withElement(args[1], *newDim, constIndex(half));
      return track(rebuild(c, std::move(args)), HalfInfo{*newDim, full, half, half, nullptr});
    }
    case OpId::SetValidShape: {
      if (!in || in->dim > 1) return rebuild(c, std::move(args));
      size_t a = 1 + in->dim;
      HalfInfo info = *in;
      info.fullValid = ops::constIntValue(args[a]) == in->full ? nullptr : args[a];
      args[a] = laneExtent(args[a], in->stride);
      return track(rebuild(c, std::move(args)), info);
    }
    case OpId::Transpose: {
      if (in) {
        auto a1 = ops::constIntValue(args[1]), a2 = ops::constIntValue(args[2]);
        if ((a1 && *a1 == static_cast<int64_t>(in->dim)) ||
            (a2 && *a2 == static_cast<int64_t>(in->dim)))
          reject(c.span,
                 fmt::format("tile.transpose of the halved tile '{}' swaps the split axis {}: "
                             "each lane would hold a half of the other axis",
                             displayName(args[0]), in->dim),
                 "transpose on the cube side or before the split, or choose the split mode "
                 "of the other axis");
      }
      break;
    }
    default:
      break;
  }
  if (in)
    for (const auto& a : args) {
      const TileType* t = tileTypeOf(a);
      if (t && !infoOf(a) && t->shape.size() > in->dim && t->shape[in->dim] > 1)
        reject(c.span,
               fmt::format("{} mixes the per-lane half of one operand with the full-width tile "
                           "'{}' (its split axis {} has {} elements on each lane)",
                           c.callee, displayName(a), in->dim, t->shape[in->dim]),
               "produce the full-width operand inside the split function (load, full, or a "
               "C->V move) so it is halved too, or keep the op out of the split function");
    }
  ExprPtr made = rebuild(c, std::move(args));
  if (in && tileTypeOf(made)) return track(made, *in);
  return made;
}

}  // namespace ptoc::split
