// `pl` binder, stores: element stores (`t[i, j] = v`), window writes into tensors and
// tiles (`dst[a:b, c:d] = src`), and augmented assignment (`x += y`).
#include <fmt/format.h>

#include "PlBinder.h"
#include "TensorExtents.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"

namespace ptoc::frontend {

ir::StmtPtr PlBinder::bindElementStore(const SubscriptExpr& target, const Expr& valueAst, Span span,
                                       ir::ExprPtr predicate) {
  ir::ExprPtr base = bindExpr(*target.value);
  const auto* var = base->as<ir::Var>();
  if (const auto* h = base->type->as<ir::HandleType>();
      var && h && h->handle == ir::HandleKind::Array) {
    // PyPTO reads `arr[i] = v` as the functional update `arr = pl.array.update_element(arr,
    // i, v)`; a bare literal takes the array's dtype.
    if (target.index->is<TupleExpr>() || target.index->is<SliceExpr>())
      fail(target.index->span, "an array element store takes one index",
           "write arr[i] = v (arrays have rank 1)");
    if (predicate)
      fail(span, "a predicated store needs a tile, got an array", "write `if cond: arr[i] = v`");
    if (current_ && current_->strictSsa)
      fail(span,
           fmt::format("an element store re-binds '{}', which the strict SSA function '{}' "
                       "(strict_ssa=True) does not allow",
                       var->name, current_->name),
           fmt::format("write the result to a new name: {0}2 = pl.array.update_element({0}, i, v)",
                       var->name));
    ir::ExprPtr index = bindExpr(*target.index, ir::ScalarType::get(ir::DType::Index));
    ir::ExprPtr value = bindExpr(valueAst, ir::ScalarType::get(h->dtype));
    ir::ExprPtr update =
        createOpCall(ops_.get("array.update_element"), {base, index, value}, {}, span, diag_,
                     {target.value->span, target.index->span, valueAst.span});
    ir::VarPtr v = defineAssigned(var->name, base->type, target.value->span);
    return std::make_shared<ir::AssignStmt>(std::move(v), std::move(update), span);
  }
  const auto* tile = base->type->as<ir::TileType>();
  if (var && !predicate && (base->type->isa<ir::TensorType>() || tile)) {
    bool windowed = target.index->is<SliceExpr>();
    size_t given = 1;
    if (const auto* t = target.index->as<TupleExpr>()) {
      for (const auto& x : t->elts) windowed = windowed || x->is<SliceExpr>();
      given = t->elts.size();
    }
    // PyPTO: fewer indices than axes writes a window (`t[i] = row` is t[i, :] = row).
    windowed = windowed || (tile && given < tile->shape.size());
    if (windowed || !tile) return bindWindowStore(target, base, valueAst, span);
  }
  if (!var || !tile)
    fail(target.value->span,
         fmt::format("element stores need a tile variable, got {}", ir::typeToString(*base->type)),
         base->type->isa<ir::TensorType>()
             ? "tensors are written with pl.store(tile, offsets, tensor), or one element with "
               "pl.tensor.write(t, [i, j], v) (PyPTO does not read `t[i, j] = v` on tensors either)"
         : base->type->isa<ir::ScalarType>()
             ? "a scalar has no elements: assign it directly (`x = ...`), or index a tile"
             : "index a tile bound to a name: t[i, j] = v");
  auto indices = bindIndices(*target.index, tile->shape.size(), target.index->span);
  ir::ExprPtr value = bindExpr(valueAst, ir::ScalarType::get(tile->dtype));
  const auto* st = value->type->as<ir::ScalarType>();
  if (!st)
    fail(valueAst.span,
         fmt::format("an element store needs a scalar value, got {}",
                     ir::typeToString(*value->type)),
         value->type->isa<ir::TileType>()
             ? std::string(
                   "copy a whole tile by assigning it to a name, or read one element: t2[i, j]")
             : std::string("store a scalar, e.g. t[i, j] = pl.const(0.0, pl.FP32)"));
  if (st->dtype != tile->dtype)
    fail(valueAst.span,
         fmt::format("storing a {} value into a {} tile", ir::dtypeName(st->dtype),
                     ir::dtypeName(tile->dtype)),
         fmt::format("convert it with pl.cast(value, pl.{})", ir::dtypeName(tile->dtype)));
  return std::make_shared<ir::BufferStoreStmt>(std::static_pointer_cast<const ir::Var>(base),
                                               std::move(indices), value, predicate, span);
}

ir::StmtPtr PlBinder::bindWindowStore(const SubscriptExpr& target, const ir::ExprPtr& base,
                                      const Expr& valueAst, Span span) {
  const auto* var = base->as<ir::Var>();
  if (current_ && current_->strictSsa)
    fail(span,
         fmt::format("a window write re-binds '{}', which the strict SSA function '{}' "
                     "(strict_ssa=True) does not allow",
                     var->name, current_->name),
         fmt::format("write the result to a new name: {0}2 = pl.tensor.assemble({0}, src, "
                     "offsets)",
                     var->name));
  const auto* tensor = base->type->as<ir::TensorType>();
  const auto* tile = base->type->as<ir::TileType>();
  const std::vector<int64_t>& shape = tensor ? tensor->shape : tile->shape;
  const char* kind = tensor ? "tensor" : "tile";
  std::vector<const Expr*> items;
  if (const auto* t = target.index->as<TupleExpr>())
    for (const auto& x : t->elts) items.push_back(x.get());
  else
    items.push_back(target.index.get());
  if (items.size() > shape.size())
    fail(target.index->span,
         fmt::format("the window write has {} indices but the {} has rank {}", items.size(), kind,
                     shape.size()),
         fmt::format("give at most {} indices", shape.size()));
  bool anySlice = false;
  for (const Expr* x : items) anySlice = anySlice || x->is<SliceExpr>();
  if (!anySlice && items.size() == shape.size())
    fail(span, fmt::format("an element write `dst[i, j] = v` is not supported on a {}", kind),
         tensor ? "write a window, e.g. dst[i:i + 1, j:j + 1] = src, or one element with "
                  "pl.tensor.write(dst, [i, j], v)"
                : "write a window, e.g. dst[i:i + 1, j:j + 1] = src");
  auto index = ir::ScalarType::get(ir::DType::Index);
  auto spanText = [&](Span sp) { return sm_.text(sp.file).substr(sp.begin, sp.end - sp.begin); };
  std::vector<ir::ExprPtr> offsets;
  std::vector<std::optional<int64_t>> extents;  // per axis of the target; nullopt: not constant
  std::vector<bool> dropped;
  for (size_t d = 0; d < shape.size(); ++d) {
    const Expr* x = d < items.size() ? items[d] : nullptr;
    const auto* sl = x ? x->as<SliceExpr>() : nullptr;
    if (x && !sl) {  // an integer index: a unit window, its axis dropped from the source
      offsets.push_back(bindExpr(*x, index));
      extents.push_back(1);
      dropped.push_back(true);
      continue;
    }
    dropped.push_back(false);
    if (sl && sl->step)
      fail(sl->step->span, "a window write takes no step", "write dst[a:b] = src");
    ir::ExprPtr lower =
        sl && sl->lower ? bindExpr(*sl->lower, index) : ir::constInt(0, ir::DType::Index, span);
    offsets.push_back(lower);
    std::optional<int64_t> lo;
    if (const auto* c = lower->as<ir::ConstInt>()) lo = c->value;
    int64_t hi = shape[d];
    bool hiKnown = true;
    if (sl && sl->upper) {
      ir::ExprPtr upper = bindExpr(*sl->upper, index);
      const auto* c = upper->as<ir::ConstInt>();
      hiKnown = c != nullptr;
      if (c) hi = c->value;
      // `i : i + 16`: the extent is the constant added to the lower bound.
      if (const auto* add = sl->upper->as<BinOpExpr>();
          !c && sl->lower && add && add->op == BinOpKind::Add &&
          spanText(add->lhs->span) == spanText(sl->lower->span))
        if (auto k = evalConst(*add->rhs); k && std::holds_alternative<int64_t>(*k)) {
          extents.push_back(std::get<int64_t>(*k));
          continue;
        }
    }
    extents.push_back(lo && hiKnown ? std::optional<int64_t>(hi - *lo) : std::nullopt);
    if (lo && hiKnown && (hi - *lo <= 0 || *lo < 0 || hi > shape[d]))
      fail(x ? x->span : target.index->span,
           fmt::format("the window [{}:{}] of axis {} does not fit the {} extent {}", *lo, hi, d,
                       kind, shape[d]),
           "keep 0 <= lower < upper <= the extent");
  }
  ir::ExprPtr src = bindExpr(valueAst);
  const auto* srcTensor = src->type->as<ir::TensorType>();
  const auto* srcTile = src->type->as<ir::TileType>();
  if ((tensor && !srcTensor) || (tile && !srcTile))
    fail(valueAst.span,
         fmt::format("the source of a {} window write must be a {}, got {}", kind, kind,
                     ir::typeToString(*src->type)),
         tensor && srcTile ? "store a tile into a tensor with pl.store(tile, offsets, tensor)"
                           : fmt::format("write a {} of the window's shape", kind));
  const std::vector<int64_t>& srcShape = srcTensor ? srcTensor->shape : srcTile->shape;
  std::vector<int64_t> kept;  // the window's extents without the dropped axes
  std::vector<int64_t> full;  // the source's shape lifted to the target's rank
  size_t natural = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    if (!dropped[d]) ++natural;
  // Tiles keep at least two axes: a rank-reduced tile source may carry leading unit axes.
  size_t lead = srcShape.size() > natural ? srcShape.size() - natural : 0;
  if (srcShape.size() != natural && !(tile && srcShape.size() == std::max<size_t>(2, natural)))
    fail(valueAst.span,
         fmt::format("the source has rank {} but the window has {} axes (an integer index drops "
                     "its axis)",
                     srcShape.size(), natural),
         "match the source's rank to the window's sliced axes");
  for (size_t i = 0; i < lead; ++i)
    if (srcShape[i] != 1)
      fail(valueAst.span,
           fmt::format("the source has shape {} for a window of {} axes",
                       ir::typeToString(*src->type), natural),
           "drop the leading axes of the source");
  size_t k = lead;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (dropped[d]) {
      full.push_back(1);
      continue;
    }
    // A narrowed source (PyPTO: a static shape padded for alignment, the valid_shape the
    // logical extent) fits a window of its valid extent; a runtime valid extent is trusted.
    const size_t srcAxis = k;
    int64_t have = srcShape[k++];
    const std::vector<ir::ExprPtr>* valid = nullptr;
    if (srcTile && srcTile->view) valid = &srcTile->view->validShape;
    if (srcTensor && srcTensor->view) valid = &srcTensor->view->validShape;
    const ir::Expr* validExt =
        valid && valid->size() == srcShape.size() ? (*valid)[srcAxis].get() : nullptr;
    const auto* validConst = validExt ? validExt->as<ir::ConstInt>() : nullptr;
    bool validFits = validExt && (!validConst || validConst->value == *extents[d]);
    if (extents[d] && *extents[d] != have && !validFits)
      fail(valueAst.span,
           fmt::format("the window has extent {} on axis {}, but the source has {}{}", *extents[d],
                       d, have, validConst ? fmt::format(" (valid {})", validConst->value) : ""),
           "make the slice bounds and the source's shape (or its valid_shape) agree");
    full.push_back(have);
  }
  std::string family = tensor ? "tensor" : "tile";
  if (full != srcShape) {
    std::vector<ir::ExprPtr> dims;
    for (int64_t x : full) dims.push_back(ir::constInt(x, ir::DType::Index, span));
    src = createOpCall(ops_.get(family + ".reshape"), {src, ir::makeTuple(std::move(dims), span)},
                       {}, valueAst.span, diag_);
  }
  ir::ExprPtr assembled =
      createOpCall(ops_.get(family + ".assemble"), {base, src, ir::makeTuple(offsets, span)}, {},
                   span, diag_, {target.value->span, valueAst.span, target.index->span});
  ir::VarPtr v = defineAssigned(var->name, base->type, target.value->span);
  return std::make_shared<ir::AssignStmt>(std::move(v), std::move(assembled), span);
}

ir::StmtPtr PlBinder::bindAugAssign(const AugAssignStmt& s) {
  const auto* n = s.target->as<NameExpr>();
  if (!n)
    fail(s.target->span, "augmented assignment needs a plain name on the left",
         "for an element write `t[i, j] = t[i, j] + v`");
  // Build `x = x op value` by binding the pieces directly.
  ir::ExprPtr lhs = bindExpr(*s.target);
  ir::ExprPtr rhs = bindExpr(*s.value, lhs->type->isa<ir::ScalarType>() ? lhs->type : nullptr);
  ir::ExprPtr value;
  if (lhs->type->isa<ir::TileType>()) {
    static const std::pair<BinOpKind, const char*> kTileOps[] = {{BinOpKind::Add, "add"},
                                                                 {BinOpKind::Sub, "sub"},
                                                                 {BinOpKind::Mul, "mul"},
                                                                 {BinOpKind::Div, "div"}};
    const char* base = nullptr;
    for (auto& [k, name] : kTileOps)
      if (k == s.op) base = name;
    if (!base)
      fail(s.opSpan, fmt::format("operator '{}=' is not defined on tiles", binOpSymbol(s.op)),
           "tiles support +=, -=, *= and /=; call the op otherwise, e.g. t = pl.maximum(t, u)");
    bool scalar = rhs->type->isa<ir::ScalarType>();
    const OpDef* op = ops_.find(std::string("tile.") + base + (scalar ? "s" : ""));
    PTOC_CHECK(op, "tile arithmetic op missing from the registry");
    value = createOpCall(*op, {lhs, rhs}, {}, s.span, diag_, {s.target->span, s.value->span});
  } else {
    std::optional<ir::BinaryOp> op = scalarBinaryOp(s.op);
    if (!op)
      fail(s.opSpan, fmt::format("operator '{}=' is not supported", binOpSymbol(s.op)),
           "write `x = x op v`");
    value = makeScalarBinary(*op, *s.target, *s.value, lhs, rhs, s.span);
  }
  ir::VarPtr v = defineAssigned(n->id, value->type, n->span);
  return std::make_shared<ir::AssignStmt>(std::move(v), std::move(value), s.span);
}

}  // namespace ptoc::frontend
