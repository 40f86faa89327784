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
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;
using namespace detail;
using analysis::reducesSplitAxis;

namespace {

/// When `from` -> `to` only adds or removes unit axes, the axis of `to` that axis `axis` of
/// `from` becomes (axis must be non-unit); nullopt otherwise.
std::optional<size_t> unitAxisCounterpart(const std::vector<int64_t>& from,
                                          const std::vector<int64_t>& to, size_t axis) {
  std::vector<size_t> fa, ta;
  for (size_t k = 0; k < from.size(); ++k)
    if (from[k] != 1) fa.push_back(k);
  for (size_t k = 0; k < to.size(); ++k)
    if (to[k] != 1) ta.push_back(k);
  if (fa.size() != ta.size()) return std::nullopt;
  std::optional<size_t> out;
  for (size_t j = 0; j < fa.size(); ++j) {
    if (from[fa[j]] != to[ta[j]]) return std::nullopt;
    if (fa[j] == axis) out = ta[j];
  }
  return out;
}

}  // namespace

ExprPtr SplitLowerer::sliceToLane(const ExprPtr& full, const HalfInfo& info, Span span) {
  const TileType* t = tileTypeOf(full);
  if (!t || info.dim >= t->shape.size() || t->shape[info.dim] != info.full)
    throw InternalError("lower-auto-vector-split: sliceToLane of a tile without the split axis");
  std::vector<ExprPtr> shape, offsets, valid = t->validShape();
  for (size_t k = 0; k < t->shape.size(); ++k) {
    shape.push_back(constIndex(k == info.dim ? info.half : t->shape[k]));
    offsets.push_back(k == info.dim ? mul(opt_.subblockIdx, constIndex(info.stride))
                                    : constIndex(0));
  }
  std::vector<ExprPtr> args = {full, makeTuple(shape, span), makeTuple(offsets, span)};
  // This lane's valid extent; the window may overhang an odd source (only its valid part
  // must lie inside).
  bool fullAxis = ops::constIntValue(valid[info.dim]) == info.full;
  if (info.full % 2 || info.stride != info.half || !fullAxis) {
    valid[info.dim] = laneExtent(valid[info.dim], info.stride);
    args.push_back(makeTuple(std::move(valid), span));
  }
  return createOpCall(OpRegistry::instance().get(OpId::Slice), std::move(args), {}, span, diag_);
}

ExprPtr SplitLowerer::mutateBufferLoad(const std::shared_ptr<const BufferLoad>& e) {
  ExprPtr r = IRMutator::mutateBufferLoad(e);
  const auto* load = r->as<BufferLoad>();
  if (load && infoOf(load->buffer))
    reject(e->span,
           fmt::format("an element read of the halved tile '{}': the element lives on one AIV "
                       "lane only, and the other lane cannot read it",
                       load->buffer->name),
           "take the scalar from a tensor the kernel only reads (a [1, 1] pl.load window, then "
           "t[0, 0]), or split this vector work with pl.split(pl.SplitMode.NONE), where one "
           "lane holds the whole tile");
  return r;
}

StmtPtr SplitLowerer::lowerBufferStore(const BufferStoreStmt& st, const StmtPtr& orig) {
  StmtPtr m = mutateStmt(orig);
  const auto* s = m->as<BufferStoreStmt>();
  const HalfInfo* info = s ? infoOf(s->buffer) : nullptr;
  if (!info) return m;
  if (info->dim >= s->indices.size())
    reject(st.span,
           fmt::format("an element store into the halved tile '{}' whose split axis {} is not "
                       "indexed",
                       s->buffer->name, info->dim),
           fmt::format("index axis {} too (the element then goes to the lane holding it), or "
                       "split this vector work with pl.split(pl.SplitMode.NONE)",
                       info->dim));
  // The element belongs to the lane whose rows [idx * S, idx * S + S) hold it: only that
  // lane writes it, at the lane-local index.
  std::vector<ExprPtr> idx = s->indices;
  ExprPtr g = idx[info->dim];
  ExprPtr start = mul(opt_.subblockIdx, constIndex(info->stride));
  idx[info->dim] = sub(g, start);
  ExprPtr owns = logicalAnd(ge(g, start), lt(g, add(start, constIndex(info->stride))));
  ExprPtr pred = s->predicate ? logicalAnd(s->predicate, owns) : owns;
  return std::make_shared<BufferStoreStmt>(s->buffer, std::move(idx), s->value, std::move(pred),
                                           s->span);
}

/// tile.reinterpret_view of a halved tile: the same bytes read as another dtype, which scales
/// only the contiguous (last) axis by the width ratio. A split on another axis keeps its
/// partition; a split on the last axis scales the lanes' blocks with it (each lane's block of
/// whole source elements is a block of whole target elements, or the view is rejected). An
/// explicit shape must be the one the op infers from the full-width source: the lanes then view
/// their half of it (another byte-equivalent shape regroups the split axis across lanes).
ExprPtr SplitLowerer::halveReinterpret(const Call& c, std::vector<ExprPtr> args,
                                       const HalfInfo& in) {
  const TileType* src = tileTypeOf(args[0]);
  const auto* to = getAttr<DType>(c.kwargs, "dtype");
  if (!src || !to || src->shape.empty() || in.dim >= src->shape.size())
    throw InternalError(
        "split-lowering: tile.reinterpret_view of a halved tile without a "
        "static tile operand or a dtype");
  const size_t last = src->shape.size() - 1;
  const int64_t inBits = dtypeBits(src->dtype), outBits = dtypeBits(*to);
  auto scaled = [&](int64_t v) -> std::optional<int64_t> {
    if ((v * inBits) % outBits) return std::nullopt;
    return v * inBits / outBits;
  };
  std::vector<int64_t> fullShape = src->shape;
  fullShape[in.dim] = in.full;
  HalfInfo info = in;
  if (in.dim == last) {
    auto f = scaled(in.full), h = scaled(in.half), st = scaled(in.stride);
    if (!f || !h || !st || in.fullValid)
      reject(c.span,
             fmt::format("tile.reinterpret_view of the halved tile '{}' as {} splits the "
                         "reinterpreted axis: a lane's {} {} elements are not a whole number of "
                         "{} elements{}",
                         displayName(args[0]), dtypeName(*to), in.half, dtypeName(src->dtype),
                         dtypeName(*to), in.fullValid ? " (or its valid region is narrowed)" : ""),
             "reinterpret before the value is split, or choose the split mode of the other axis");
    info.full = *f;
    info.half = *h;
    info.stride = *st;
  }
  std::vector<int64_t> autoFull = fullShape;
  if (auto l = scaled(fullShape[last])) autoFull[last] = *l;
  if (args.size() > 1 && args[1]) {
    std::vector<int64_t> given;
    for (const auto& e : listElements(args[1])) given.push_back(ops::constIntValue(e).value_or(-1));
    if (given != autoFull)
      reject(c.span,
             fmt::format("the shape [{}] of tile.reinterpret_view of the halved tile '{}' must "
                         "match its auto-inferred shape [{}]: another shape of the same bytes "
                         "regroups the split axis across the lanes",
                         fmt::join(given, ", "), displayName(args[0]), fmt::join(autoFull, ", ")),
             fmt::format("write shape=[{}] or leave shape out, or reinterpret before the value "
                         "is split",
                         fmt::join(autoFull, ", ")));
    std::vector<ExprPtr> lane;
    for (int64_t d : autoFull) lane.push_back(constIndex(d));
    lane[info.dim] = constIndex(info.half);
    args[1] = makeTuple(std::move(lane), args[1]->span);
  }
  return track(rebuild(c, std::move(args)), info);
}

/// A store of a vector tile both lanes hold whole (a Vec parameter, its views and whatever is
/// computed from them alone): each lane stores its half, a tile.slice at the lane's offset,
/// as the reference does (test_reinterpret_view_of_full_source_is_sliced_per_subblock) — not
/// the whole tile twice. A singleton split axis, a dynamic extent or a non-Vec tile stay whole.
ExprPtr SplitLowerer::halveCall(const Call& c, std::vector<ExprPtr> args) {
  const OpId id = opIdOf(c);
  const HalfInfo* in = nullptr;  // first halved tile operand
  for (const auto& a : args)
    if ((in = infoOf(a))) break;

  // Any reduction on the split axis is partial per lane, halved operand or not (a Vec
  // parameter reduced on it would compute the same full result twice and store it split).
  if (!in && reducesSplitAxis(c, dim_)) {
    const TileType* t = tileTypeOf(args[0]);
    if (t && t->shape.size() > dim_ && t->shape[dim_] > 1)
      reject(c.span,
             fmt::format("{} reduces on the split axis {} of '{}' inside the split vector work: "
                         "a reduction on the split axis is not supported, halved operand or not",
                         c.callee, dim_, displayName(args[0])),
             "reduce the non-split axis, choose the other split mode, or do the reduction "
             "outside the split function (or in a pl.split_aiv(mode=NONE) region)");
  }
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

  if (in && c.callee == "tile.reinterpret_view") return halveReinterpret(c, std::move(args), *in);

  // Roots (load, full, create and the positional generators) share one rule.
  const bool positional = hasTrait(c, OpTrait::PositionalGenerator);
  const bool root = id == OpId::Load || id == OpId::Full || id == OpId::Create || positional;
  switch (root ? OpId::Load : id) {
    case OpId::Load: {
      // Roots: the shape argument is halved on the split axis (a singleton stays).
      // Rank-1 (and rank-0) roots have no 2-D split axis yet: a consuming reshape to 2-D
      // introduces it (and slices this lane's half).
      if (listElements(at(w.shape)).size() < 2) return rebuild(c, std::move(args));
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
    case OpId::Store:
      return in ? storeHalf(c, std::move(args), w, *in) : storeWholeTile(c, std::move(args), w);
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
      if (*n % 2 && id == OpId::Extract) {
        // tile.extract has no valid-shape form for lane 1's shorter odd share: extract the
        // whole window, then slice this lane's rows / columns (the slice carries them).
        HalfInfo info{dim_, *n, half, half, nullptr};
        return track(sliceToLane(rebuild(c, std::move(args)), info, c.span), info);
      }
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
        // A full-width 2-D tile is held whole by both lanes (a singleton split axis, a Vec
        // parameter): its reshape stays whole too, and a halved consumer takes this lane's
        // window of it (sliceToLane). resolve-backend-op-layouts' [N, 1] <-> [1, N] views of
        // a replicated column must not become per-lane halves.
        if (!src || src->shape.size() == 2) return rebuild(c, std::move(args));
        // Rank-1 (or higher) source, e.g. a [128] load: the split axis only exists in the
        // 2-D result. Reshape full, then slice this lane's half.
        if (shape.size() != 2 || shape[dim_] <= 1) return rebuild(c, std::move(args));
        ExprPtr view = rebuild(c, std::move(args));
        int64_t half = ceilHalf(shape[dim_]);
        if (&c == topCall_ && pending_ && assignVar_) {
          // The reshape is the statement's value: bind the full view first (as the
          // reference does), then slice it.
          auto viewVar =
              std::make_shared<Var>(assignVar_->name + "_view", view->type, assignVar_->span);
          pending_->push_back(std::make_shared<AssignStmt>(viewVar, view, c.span));
          view = viewVar;
        }
        return track(sliceToLane(view, HalfInfo{dim_, shape[dim_], half, half, nullptr}, c.span),
                     HalfInfo{dim_, shape[dim_], half, half, nullptr});
      }
      std::vector<int64_t> fullSrc = src->shape;
      fullSrc[in->dim] = in->full;
      // Unit axes added or removed ([N, 1] <-> [1, N], [N] <-> [N, 1]): the non-unit axes
      // correspond one to one, so the split axis just moves to its counterpart, whatever
      // its parity, raggedness or lane stride.
      if (std::optional<size_t> to = unitAxisCounterpart(fullSrc, shape, in->dim)) {
        HalfInfo info = *in;
        info.dim = *to;
        args[1] = withElement(args[1], *to, constIndex(in->half));
        return track(rebuild(c, std::move(args)), info);
      }
      // Otherwise a lane owns a contiguous block of the full tile's row-major element order
      // when it owns whole rows (or the tile is one row); the new shape keeps that block
      // per lane when it starts a new even row split, or a single row.
      std::optional<size_t> newDim;
      std::string why;
      if (fullSrc.size() == 2 && shape.size() == 2 && shape[0] > 0 && shape[1] > 0) {
        bool rows = in->dim == 0 || fullSrc[0] == 1;
        if (!rows)
          why = "each lane holds a column block, which is not contiguous in row-major order";
        else if (in->full % 2)
          why = fmt::format(
              "the split axis has an odd extent ({}), so the lanes' blocks "
              "differ in size",
              in->full);
        else if (in->stride != in->half)
          why = "the lanes were rebalanced (lane_stride) on a ragged boundary";
        else if (shape[0] > 1 && shape[0] % 2 == 0)
          newDim = 0;
        else if (shape[0] == 1 && shape[1] % 2 == 0)
          newDim = 1;
        else
          why = "the new shape does not divide evenly into two row blocks";
      } else {
        why = "only 2-D tiles are regrouped";
      }
      if (!newDim)
        reject(c.span,
               fmt::format("tile.reshape of the halved tile '{}' to [{}] moves the split axis in "
                           "a way the lanes cannot follow: {}",
                           displayName(args[0]), fmt::join(shape, ", "), why),
               "reshape before the value is split (e.g. in the producer's shape), or keep the "
               "reshape to adding / removing unit axes ([N, 1] <-> [1, N])");
      int64_t full = shape[*newDim], half = ceilHalf(full);
      args[1] = withElement(args[1], *newDim, constIndex(half));
      HalfInfo info{*newDim, full, half, half, nullptr};
      if (!ops::explicitValidOf(*src).empty()) {
        // A ragged row block ([v, C] valid) regroups into [v * C / C', C'] rows, or one row
        // [1, v * C]; both the lane's and the full tile's valid extent scale alike.
        int64_t c0 = fullSrc[1], c1 = shape[1];
        std::vector<ExprPtr> v = src->validShape();
        bool fullCols = ops::constIntValue(v[1]) == c0;
        if (*newDim == 0 && (!fullCols || c0 % c1 != 0))
          reject(c.span,
                 fmt::format("tile.reshape of the ragged halved tile '{}' to [{}] cannot carry "
                             "its valid region (valid rows of {} columns do not regroup into "
                             "whole rows of {})",
                             displayName(args[0]), fmt::join(shape, ", "), c0, c1),
                 "reshape a tile whose valid region is full, or set the valid shape "
                 "afterwards (pl.tile.set_validshape)");
        if (in->fullValid)
          info.fullValid = mul(in->fullValid, constIndex(*newDim == 0 ? c0 / c1 : c0));
      }
      return track(rebuild(c, std::move(args)), info);
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
      if (!in) {
        // An un-halved tile transposed across the split axis (both lanes hold all of it):
        // the lanes' split work would follow the other axis afterwards.
        const TileType* t = tileTypeOf(args[0]);
        auto a1 = ops::constIntValue(args[1]), a2 = ops::constIntValue(args[2]);
        bool swaps =
            (a1 && *a1 == static_cast<int64_t>(dim_)) || (a2 && *a2 == static_cast<int64_t>(dim_));
        if (swaps && a1 != a2 && t && t->shape.size() > dim_ && t->shape[dim_] > 1)
          reject(c.span,
                 fmt::format("tile.transpose of '{}' swaps the split axis {} of this split "
                             "vector work",
                             displayName(args[0]), dim_),
                 "transpose on the cube side or before the split, or choose the split mode of "
                 "the other axis");
      }
      if (in) {
        auto a1 = ops::constIntValue(args[1]), a2 = ops::constIntValue(args[2]);
        const auto d = static_cast<int64_t>(in->dim);
        // A singleton split axis (the seed: "singleton split dimensions remain unchanged"):
        // lane 0 holds the one row (column), lane 1 nothing; transposed, lane 0 holds the
        // one column (row), lane 1 nothing: the same partition on the swapped axis.
        if (in->full == 1 && a1 && a2 && *a1 != *a2 && (*a1 == d || *a2 == d)) {
          HalfInfo info = *in;
          info.dim = static_cast<size_t>(*a1 == d ? *a2 : *a1);
          return track(rebuild(c, std::move(args)), info);
        }
        if ((a1 && *a1 == d) || (a2 && *a2 == d))
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
    for (const auto& a : args)
      if (const HalfInfo* other = infoOf(a); other && other->dim != in->dim)
        reject(c.span,
               fmt::format("{} combines per-lane halves split on different axes ({} and {}): "
                           "'{}' is halved on axis {} (a reshape moved its split axis), so no "
                           "lane holds the part of it that the other operand's half needs",
                           c.callee, in->dim, other->dim, displayName(a), other->dim),
               "produce that operand with the split axis where the op needs it (e.g. load "
               "the [N, 1] column directly: a singleton split axis stays whole on both "
               "lanes), instead of reshaping a halved value");
  if (in)
    for (auto& a : args) {
      const TileType* t = tileTypeOf(a);
      if (!t || infoOf(a) || t->shape.size() <= in->dim || t->shape[in->dim] <= 1) continue;
      // A full-width operand held whole by both lanes: take this lane's window of it.
      if (t->shape[in->dim] == in->full && t->memory == MemorySpace::Vec) {
        HalfInfo copy = *in;
        a = sliceToLane(a, copy, c.span);
        continue;
      }
      reject(c.span,
             fmt::format("{} mixes the per-lane half of one operand (split axis {}, {} elements "
                         "in full) with the full-width tile '{}', which has {} elements on that "
                         "axis, so this lane's window of it is not defined",
                         c.callee, in->dim, in->full, displayName(a), t->shape[in->dim]),
             "give the operands the same full shape before the split work (pl.reshape / "
             "pl.slice), or keep the op out of the split function");
    }
  ExprPtr made = rebuild(c, std::move(args));
  if (in && tileTypeOf(made)) return track(made, *in);
  return made;
}

}  // namespace ptoc::split
