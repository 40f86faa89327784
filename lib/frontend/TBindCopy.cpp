// The `T` dialect front end, T.copy: GM -> UB becomes pl.load, UB -> GM pl.store; a copy of
// a part of a UB buffer (a slice, or a GM extent smaller than the buffer) goes through a
// temporary tile and element loops; UB -> UB is element loops. See TBind.h.
#include <fmt/format.h>

#include "PlBinder.h"
#include "TBind.h"

namespace ptoc::frontend {

TLowering::Region TLowering::region(const Expr& e) {
  Region r;
  r.span = e.span;
  const Expr* root = &e;
  const Expr* index = nullptr;
  if (const auto* s = e.as<SubscriptExpr>()) {
    root = s->value.get();
    index = s->index.get();
  }
  const auto* n = root->as<NameExpr>();
  if (!n)
    fail(e.span, "T.copy copies a buffer or a slice of one",
         "write T.copy(A, a), T.copy(A[0:128], a) or T.copy(a, B[k * 128])");
  auto it = buffers_.find(n->id);
  if (it == buffers_.end())
    fail(n->span,
         fmt::format("T.copy of '{}': not a tensor parameter or T.alloc_shared buffer", n->id));
  r.name = n->id;
  r.info = &it->second;
  const auto& shape = r.info->shape;
  if (!index) {
    for (int64_t d : shape) {
      r.offsets.push_back(intLit(0, e.span));
      r.extents.push_back(d);
    }
    return r;
  }
  r.whole = false;
  std::vector<const Expr*> dims;
  if (const auto* t = index->as<TupleExpr>(); t && !t->parenthesized)
    for (const auto& d : t->elts) dims.push_back(d.get());
  else
    dims.push_back(index);
  if (dims.size() != shape.size())
    fail(index->span,
         fmt::format("'{}' has {} dimension{} but the copy region names {}", n->id, shape.size(),
                     shape.size() == 1 ? "" : "s", dims.size()),
         "index every dimension");
  bool whole = true;
  for (size_t k = 0; k < dims.size(); ++k) {
    const Expr& d = *dims[k];
    if (const auto* sl = d.as<SliceExpr>()) {
      if (sl->step && evalInt(*sl->step) != 1)
        fail(sl->step->span,
             "T.copy of a strided slice is not supported (gather / stride != 1 "
             "belongs to a later milestone)");
      auto lo = sl->lower ? evalInt(*sl->lower) : std::optional<int64_t>(0);
      auto hi = sl->upper ? evalInt(*sl->upper) : std::optional<int64_t>(shape[k]);
      r.offsets.push_back(sl->lower ? lowerExpr(*sl->lower) : intLit(0, d.span));
      if (lo && hi) {
        if (*hi <= *lo || *lo < 0 || *hi > shape[k])
          fail(d.span, fmt::format("slice [{}:{}] is outside '{}' (dimension {} has {})", *lo, *hi,
                                   n->id, k, shape[k]));
        r.extents.push_back(*hi - *lo);
        whole = whole && *lo == 0 && *hi == shape[k];
      } else {
        r.extents.push_back(std::nullopt);
        whole = false;
      }
    } else {
      r.offsets.push_back(lowerExpr(d));  // a start point: the extent comes from the other side
      r.extents.push_back(std::nullopt);
      whole = false;
    }
  }
  r.whole = whole;
  return r;
}

void TLowering::lowerCopy(const CallExpr& c, std::vector<StmtPtr>& out) {
  Span sp = c.span;
  if (c.args.size() != 2)
    fail(sp, "T.copy takes (source, destination)", "write T.copy(A, a) or T.copy(a, B)");
  for (const auto& k : c.keywords)
    fail(k.nameSpan, fmt::format("T.copy has no keyword '{}' in ptoc's T subset", k.name));
  bool saved = inIndex_;
  inIndex_ = true;  // copy offsets are index expressions
  Region src = region(*c.args[0]);
  Region dst = region(*c.args[1]);
  inIndex_ = saved;
  if (src.info->gm && dst.info->gm)
    fail(sp, "T.copy from global memory to global memory is not supported",
         "stage the data through a T.alloc_shared buffer");
  if (src.info->dtype != dst.info->dtype)
    fail(sp,
         fmt::format("T.copy from {} to {} changes the dtype", ir::dtypeLongName(src.info->dtype),
                     ir::dtypeLongName(dst.info->dtype)),
         "copy into a buffer of the same dtype, then T.cast element-wise");
  // Complete the unknown extents from the other side (same rank), then compare.
  auto complete = [&](Region& a, const Region& b) {
    for (size_t k = 0; k < a.extents.size(); ++k)
      if (!a.extents[k]) {
        if (a.extents.size() == b.extents.size() && b.extents[k])
          a.extents[k] = b.extents[k];
        else
          fail(a.span, "the extent of this copy region is not a compile-time constant",
               "write constant slice bounds, e.g. A[k * 128:k * 128 + 128]");
      }
  };
  complete(src, dst);
  complete(dst, src);
  auto count = [](const Region& r) {
    int64_t n = 1;
    for (auto e : r.extents) n *= *e;
    return n;
  };
  if (count(src) != count(dst))
    fail(sp, fmt::format("T.copy copies {} elements into a region of {}", count(src), count(dst)),
         "make the source and destination regions the same size");
  std::vector<int64_t> srcExt, dstExt;
  for (auto e : src.extents) srcExt.push_back(*e);
  for (auto e : dst.extents) dstExt.push_back(*e);
  auto offsets = [&](const Region& r) { return listOf(r.offsets, r.span); };

  if (src.info->gm && dst.whole && srcExt == dst.info->shape) {
    // dst = pl.load(SRC, offsets, shape)
    out.push_back(
        assign(name(dst.name, dst.span),
               call(path("pl.load", sp),
                    {name(src.name, src.span), offsets(src), shapeList(srcExt, sp)}, {}, sp),
               sp));
    return;
  }
  if (dst.info->gm && src.whole && dstExt == src.info->shape) {
    out.push_back(
        assign(name(dst.name, dst.span),
               call(path("pl.store", sp),
                    {name(src.name, src.span), offsets(dst), name(dst.name, dst.span)}, {}, sp),
               sp));
    return;
  }
  if (dst.info->gm) {
    // A part of a UB buffer to GM: slice it into a temporary tile, then store.
    if (srcExt.size() != dstExt.size())
      fail(sp, "T.copy between regions of different ranks is not supported");
    std::string_view tmp = keep(fmt::format("_copy{}", tempCounter_++));
    out.push_back(
        assign(name(tmp, sp),
               call(path("pl.tile.slice", sp),
                    {name(src.name, src.span), shapeList(srcExt, sp), offsets(src)}, {}, sp),
               sp));
    out.push_back(assign(
        name(dst.name, dst.span),
        call(path("pl.store", sp), {name(tmp, sp), offsets(dst), name(dst.name, dst.span)}, {}, sp),
        sp));
    return;
  }
  // Into a part of a UB buffer: element loops (from a temporary tile when the source is GM).
  if (srcExt.size() != dstExt.size())
    fail(sp, "T.copy between regions of different ranks is not supported");
  std::string_view from = src.name;
  std::vector<ExprPtr> fromOff = src.offsets;
  if (src.info->gm) {
    from = keep(fmt::format("_copy{}", tempCounter_++));
    out.push_back(
        assign(name(from, sp),
               call(path("pl.load", sp),
                    {name(src.name, src.span), offsets(src), shapeList(srcExt, sp)}, {}, sp),
               sp));
    fromOff.assign(srcExt.size(), nullptr);
  }
  std::vector<ExprPtr> vars;
  for (size_t k = 0; k < srcExt.size(); ++k)
    vars.push_back(name(keep(fmt::format("_c{}_{}", tempCounter_, k)), sp));
  ++tempCounter_;
  auto at = [&](std::string_view buf, const std::vector<ExprPtr>& off) {
    std::vector<ExprPtr> idx;
    for (size_t k = 0; k < vars.size(); ++k)
      idx.push_back(off[k] ? binop(BinOpKind::Add, off[k], vars[k], sp) : vars[k]);
    auto* s = make<SubscriptExpr>(sp);
    s->value = name(buf, sp);
    if (idx.size() == 1) {
      s->index = idx[0];
    } else {
      auto* t = make<TupleExpr>(sp);
      t->elts = list(std::move(idx));
      t->height = 4;
      s->index = t;
    }
    s->height = 5;
    return ExprPtr(s);
  };
  StmtPtr body = assign(at(dst.name, dst.offsets), at(from, fromOff), sp);
  std::vector<ExprPtr> exts;
  for (int64_t e : srcExt) exts.push_back(intLit(e, sp));
  out.push_back(nestLoops(vars, exts, "pl.range", list(std::vector<StmtPtr>{body}), sp));
}

}  // namespace ptoc::frontend

namespace ptoc::frontend {

void TLowering::lowerFill(const CallExpr& c, std::vector<StmtPtr>& out) {
  Span sp = c.span;
  std::string t = tName(*c.func);
  bool clear = t == "T.clear";
  if (c.args.size() != (clear ? 1u : 2u) || !c.keywords.empty())
    fail(sp, clear ? "T.clear takes (buffer)" : "T.fill takes (buffer, value)",
         clear ? "write T.clear(buf)" : "write T.fill(buf, 0.0)");
  bool saved = inIndex_;
  inIndex_ = true;
  Region r = region(*c.args[0]);
  inIndex_ = saved;
  if (r.info->gm)
    fail(c.args[0]->span, fmt::format("{} of a global tensor is not supported", t),
         "fill a T.alloc_shared buffer and T.copy it out");
  ExprPtr value;
  if (clear) {
    auto* z = make<FloatLit>(sp);
    value = z;
    if (!ir::isFloat(r.info->dtype)) value = intLit(0, sp);
  } else {
    value = lowerExpr(*c.args[1]);
  }
  if (r.whole) {
    out.push_back(assign(name(r.name, r.span),
                         call(path("pl.tile.full", sp), {shapeList(r.info->shape, sp), value},
                              {kw("dtype", dtypeExpr(r.info->dtype, sp), sp)}, sp),
                         sp));
    return;
  }
  std::vector<ExprPtr> vars, idx, exts;
  for (size_t k = 0; k < r.extents.size(); ++k) {
    if (!r.extents[k]) r.extents[k] = 1;  // an index (not a slice) fills one element
    vars.push_back(name(keep(fmt::format("_f{}_{}", tempCounter_, k)), sp));
    idx.push_back(binop(BinOpKind::Add, r.offsets[k], vars.back(), sp));
    exts.push_back(intLit(*r.extents[k], sp));
  }
  ++tempCounter_;
  auto* target = make<SubscriptExpr>(sp);
  target->value = name(r.name, sp);
  if (idx.size() == 1) {
    target->index = idx[0];
  } else {
    auto* tup = make<TupleExpr>(sp);
    tup->elts = list(std::move(idx));
    tup->height = 4;
    target->index = tup;
  }
  target->height = 5;
  out.push_back(
      nestLoops(vars, exts, "pl.range", list(std::vector<StmtPtr>{assign(target, value, sp)}), sp));
}

std::vector<ExprPtr> TLowering::globalIndices(const SubscriptExpr& e, size_t rank) {
  std::vector<const Expr*> dims;
  if (const auto* t = e.index->as<TupleExpr>(); t && !t->parenthesized)
    for (const auto& d : t->elts) dims.push_back(d.get());
  else
    dims.push_back(e.index.get());
  if (dims.size() != rank)
    fail(e.index->span,
         fmt::format("the tensor has {} dimensions but {} indices are given", rank, dims.size()),
         "index every dimension");
  std::vector<ExprPtr> out;
  bool saved = inIndex_;
  inIndex_ = true;
  for (const Expr* d : dims) {
    if (d->is<SliceExpr>())
      fail(d->span, "a slice of a global tensor is only supported in T.copy",
           "T.copy(A[lo:hi], buf)");
    out.push_back(lowerExpr(*d));
  }
  inIndex_ = saved;
  return out;
}

ExprPtr TLowering::lowerGlobalLoad(const SubscriptExpr& e) {
  // tmp = pl.load(A, [i, j], [1, 1]) before the statement; the value is tmp[0, 0].
  Span sp = e.span;
  std::string_view buf = e.value->cast<NameExpr>().id;
  const BufferInfo& info = buffers_.at(std::string(buf));
  if (!pendingOut_) fail(sp, "internal error: a global tensor element read outside a statement");
  std::vector<ExprPtr> idx = globalIndices(e, info.shape.size());
  std::string_view tmp = keep(fmt::format("_g{}", tempCounter_++));
  std::vector<int64_t> ones(info.shape.size(), 1);
  pendingOut_->push_back(assign(
      name(tmp, sp),
      call(path("pl.load", sp), {name(buf, sp), listOf(idx, sp), shapeList(ones, sp)}, {}, sp),
      sp));
  auto* s = make<SubscriptExpr>(sp);
  s->value = name(tmp, sp);
  std::vector<ExprPtr> zeros;
  for (size_t k = 0; k < ones.size(); ++k) zeros.push_back(intLit(0, sp));
  if (zeros.size() == 1) {
    s->index = zeros[0];
  } else {
    auto* t = make<TupleExpr>(sp);
    t->elts = list(std::move(zeros));
    t->height = 2;
    s->index = t;
  }
  s->height = 3;
  return s;
}

void TLowering::lowerGlobalStore(const SubscriptExpr& target, const Expr& value,
                                 std::vector<StmtPtr>& out) {
  // tmp = pl.tile.create([1], ...); tmp[0] = value; A = pl.store(tmp, [i], A)
  Span sp = target.span;
  std::string_view buf = target.value->cast<NameExpr>().id;
  const BufferInfo& info = buffers_.at(std::string(buf));
  std::vector<ExprPtr> idx = globalIndices(target, info.shape.size());
  ExprPtr v = lowerExpr(value);
  std::string_view tmp = keep(fmt::format("_g{}", tempCounter_++));
  std::vector<int64_t> ones(info.shape.size(), 1);
  out.push_back(assign(name(tmp, sp),
                       call(path("pl.tile.create", sp), {shapeList(ones, sp)},
                            {kw("dtype", dtypeExpr(info.dtype, sp), sp),
                             kw("target_memory", path("pl.Mem.Vec", sp), sp)},
                            sp),
                       sp));
  auto* el = make<SubscriptExpr>(sp);
  el->value = name(tmp, sp);
  std::vector<ExprPtr> zeros;
  for (size_t k = 0; k < ones.size(); ++k) zeros.push_back(intLit(0, sp));
  if (zeros.size() == 1) {
    el->index = zeros[0];
  } else {
    auto* t = make<TupleExpr>(sp);
    t->elts = list(std::move(zeros));
    t->height = 2;
    el->index = t;
  }
  el->height = 3;
  out.push_back(assign(el, v, sp));
  out.push_back(assign(
      name(buf, sp),
      call(path("pl.store", sp), {name(tmp, sp), listOf(idx, sp), name(buf, sp)}, {}, sp), sp));
}

}  // namespace ptoc::frontend
