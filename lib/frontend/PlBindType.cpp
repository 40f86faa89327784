// `pl` binder, type annotations: pl.Tensor / pl.Tile / pl.Scalar / pl.VReg /
// pl.Mask / tuple[...] / pl.Out / pl.InOut, pl.TileView(...), and the merge of an
// annotation with a deduced type.
#include <fmt/format.h>

#include <array>

#include "PlBinder.h"
#include "TensorExtents.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/DeduceUtils.h"

namespace ptoc::frontend {

static std::string joinNames(std::span<const std::string_view> names, std::string_view prefix) {
  std::string out;
  for (auto n : names) out += (out.empty() ? "" : ", ") + std::string(prefix) + std::string(n);
  return out;
}

std::string exprText(const Expr& e, std::string_view fallback) {
  if (const auto* n = e.as<NameExpr>()) return std::string(n->id);
  std::string d = dottedName(e);
  return d.empty() ? std::string(fallback) : d;
}

/// The conversion part of conversionHint, or empty.
static std::string conversionOnly(const ir::Type& from, const ir::Type& to, std::string_view x) {
  using ir::MemorySpace;
  const auto* fTile = from.as<ir::TileType>();
  const auto* tTile = to.as<ir::TileType>();
  const auto* fTensor = from.as<ir::TensorType>();
  const auto* tTensor = to.as<ir::TensorType>();
  if (const auto* fs = from.as<ir::ScalarType>())
    if (const auto* ts = to.as<ir::ScalarType>(); ts && fs->dtype != ts->dtype)
      return fmt::format("cast it: pl.cast({}, pl.{})", x, ir::dtypeName(ts->dtype));
  if (fTensor && tTile && fTensor->shape == tTile->shape && fTensor->dtype == tTile->dtype)
    return ops::loadFirstHint(
        std::string(x), *fTensor,
        tTile->memory ? std::vector<MemorySpace>{*tTile->memory} : std::vector<MemorySpace>{});
  if (fTile && tTensor) {
    if (fTile->dtype != tTensor->dtype)
      return fmt::format(
          "cast it and store it into a tensor: pl.store(pl.cast({}, pl.{}), {}, out)", x,
          ir::dtypeName(tTensor->dtype),
          ops::formatShape(std::vector<int64_t>(tTensor->shape.size(), 0)));
    return fmt::format("store it into a tensor and use that: pl.store({}, {}, out)", x,
                       ops::formatShape(std::vector<int64_t>(tTensor->shape.size(), 0)));
  }
  if (fTile && tTile) {
    if (fTile->shape == tTile->shape && fTile->dtype != tTile->dtype)
      return fmt::format("cast it: pl.cast({}, pl.{})", x, ir::dtypeName(tTile->dtype));
    if (fTile->shape == tTile->shape && fTile->dtype == tTile->dtype && tTile->memory &&
        fTile->memory != tTile->memory)
      return fmt::format("move it: pl.move({}, target_memory=pl.Mem.{})", x,
                         ir::toString(*tTile->memory));
    if (fTile->dtype == tTile->dtype && fTile->shape != tTile->shape) {
      auto a = ops::elementCount(fTile->shape), b = ops::elementCount(tTile->shape);
      if (a && b && *a == *b)
        return fmt::format("reshape it: pl.reshape({}, {})", x, ops::formatShape(tTile->shape));
      bool within = fTile->shape.size() == tTile->shape.size();
      for (size_t k = 0; within && k < fTile->shape.size(); ++k)
        within = tTile->shape[k] <= fTile->shape[k];
      if (within)
        return fmt::format("take a window: pl.slice({}, {}, {})", x, ops::formatShape(tTile->shape),
                           ops::formatShape(std::vector<int64_t>(tTile->shape.size(), 0)));
    }
  }
  if (fTensor && tTensor && fTensor->shape == tTensor->shape && fTensor->dtype != tTensor->dtype)
    return fmt::format(
        "tensors are not converted in place: pl.load {}, pl.cast the tile to pl.{} "
        "and pl.store it into a pl.{} tensor",
        x, ir::dtypeName(tTensor->dtype), ir::dtypeName(tTensor->dtype));
  return {};
}

std::string conversionHint(const ir::Type& from, const ir::Type& to, std::string_view valueText,
                           std::string_view alternative) {
  std::string conv = conversionOnly(from, to, valueText);
  if (conv.empty()) return std::string(alternative);
  if (alternative.empty()) return conv;
  return fmt::format("{}; or {}", conv, alternative);
}

ir::ExprPtr convertIndexArgument(ir::ExprPtr a, const ir::Type& param) {
  const auto* pt = param.as<ir::ScalarType>();
  const auto* at = a->type ? a->type->as<ir::ScalarType>() : nullptr;
  // PyPTO passes integer scalars of any width to an integer or BOOL parameter (the runtime
  // hands scalars over as 64-bit words): `self.k(x, pld.world_size())` into an INT32
  // parameter, a flag yielded as 0 / 1 into a BOOL one. The conversion is explicit in the IR.
  auto integral = [](ir::DType d) { return ir::isInteger(d) || d == ir::DType::Bool; };
  if (pt && at && pt->dtype != at->dtype && integral(pt->dtype) && ir::isInteger(at->dtype))
    return ir::cast(a, pt->dtype, a->span);
  return a;
}

ir::DType PlBinder::bindDType(const Expr& e) {
  if (const Expr* alias = moduleAlias(e)) return bindDType(*alias);
  if (std::string p = unboundParamIn(e); !p.empty()) failUnboundParam(e, p, "the dtype");
  auto path = plPath(e);
  if (path) {
    if (auto d = ir::dtypeFromName(*path)) return *d;
  }
  if (const auto* s = e.as<StrLit>())
    if (auto d = ir::dtypeFromLongName(s->value)) return *d;
  std::string all;
  for (ir::DType d : ir::kAllDTypes)
    all += (all.empty() ? "pl." : ", pl.") + std::string(ir::dtypeName(d));
  fail(e.span, fmt::format("unknown dtype '{}'", path ? "pl." + *path : dottedName(e)),
       fmt::format("expected one of: {}", all));
}

std::vector<int64_t> PlBinder::bindStaticShape(const Expr& written, const char* what) {
  const Expr& e = listValue(written);
  const auto* list = e.as<ListExpr>();
  const ExprList* elts = list ? &list->elts : nullptr;
  if (const auto* t = e.as<TupleExpr>()) elts = &t->elts;
  if (!elts)
    fail(e.span, fmt::format("{} must be a list of integers, e.g. [16, 16]", what),
         "write the extents in brackets: [rows, cols]");
  std::vector<int64_t> out;
  for (const auto& d : *elts) {
    if (std::string p = unboundParamIn(*d); !p.empty())
      failUnboundParam(*d, p, fmt::format("the {}", what));
    if (isDynamicDim(*d))
      fail(d->span,
           fmt::format("{} dimension '{}' is a pl.dynamic dimension", what, dottedName(*d)),
           "ptoc's tensor and tile types have static shapes; give the extent as a constant");
    auto value = evalConst(*d);
    const int64_t* lit = value ? std::get_if<int64_t>(&*value) : nullptr;
    if (!lit)
      fail(d->span,
           fmt::format("{} dimensions must be integer constants (shapes are static)", what),
           "a dynamic extent belongs in pl.TileView(valid_shape=[...])");
    if (*lit <= 0 || *lit > ops::kMaxDimension)
      fail(d->span, fmt::format("{} dimension must be between 1 and 2^31, got {}", what, *lit),
           "every extent is a literal in [1, 2^31]; a partly used tile keeps its full shape and "
           "sets pl.TileView(valid_shape=[...])");
    out.push_back(*lit);
  }
  if (out.empty())
    fail(e.span, fmt::format("{} must have at least one dimension", what), "e.g. [16, 64]");
  return out;
}

ir::TileViewFields PlBinder::bindTileView(const CallExpr& call) {
  ir::TileViewFields v;
  if (!call.args.empty())
    fail(call.args[0]->span, "pl.TileView takes keyword arguments only",
         "e.g. pl.TileView(valid_shape=[8, n])");
  for (const auto& kw : call.keywords) {
    auto enumValue = [&](auto names, const char* prefix, auto tag) {
      using E = decltype(tag);
      auto path = plPath(*kw.value);
      std::string p = std::string(prefix) + ".";
      if (path && path->rfind(p, 0) == 0)
        if (auto e = ir::enumFromName<E>(names, path->substr(p.size()))) return *e;
      fail(kw.value->span, fmt::format("unknown {} '{}'", prefix, dottedName(*kw.value)),
           fmt::format("expected one of: {}", joinNames(names, "pl." + p)));
    };
    if (kw.name == "valid_shape") {
      const auto* list = listValue(*kw.value).as<ListExpr>();
      if (!list)
        fail(kw.value->span, "valid_shape must be a list, e.g. [8, n]",
             "one entry per axis, in brackets");
      for (const auto& d : list->elts) {
        ir::ExprPtr x = bindExpr(*d, ir::ScalarType::get(ir::DType::Index));
        auto* st = x->type->as<ir::ScalarType>();
        if (!st || !ir::isInteger(st->dtype))
          fail(d->span, "valid_shape entries must be integer scalars",
               "use integer literals or integer scalar values (pl.cast(x, pl.INDEX))");
        v.validShape.push_back(x);
      }
    } else if (kw.name == "blayout") {
      v.blayout = enumValue(ir::tileLayoutNames(), "TileLayout", ir::TileLayout{});
    } else if (kw.name == "slayout") {
      v.slayout = enumValue(ir::tileLayoutNames(), "TileLayout", ir::TileLayout{});
    } else if (kw.name == "pad") {
      v.pad = enumValue(ir::padValueNames(), "PadValue", ir::PadValue{});
    } else if (kw.name == "fractal") {
      const auto* lit = kw.value->as<IntLit>();
      if (!lit || lit->value <= 0)
        fail(kw.value->span, "fractal must be a positive integer (bytes)", "e.g. fractal=512");
      v.fractal = lit->value;
    } else {
      fail(kw.nameSpan, fmt::format("pl.TileView has no field '{}'", kw.name),
           "expected one of: valid_shape, blayout, slayout, fractal, pad");
    }
  }
  return v;
}

bool PlBinder::isMemRef(const Expr& e) const {
  // A module-level name for one (`DB = pl.MemRef(slots=2)`), or one slot of it (`DB[i % 2]`,
  // a multi-buffer's slot): the same memory-planning detail.
  if (const auto* s = e.as<SubscriptExpr>()) return isMemRef(*s->value);
  if (const Expr* a = moduleAlias(e)) return isMemRef(*a);
  const auto* c = e.as<CallExpr>();
  return c && isPlPath(*c->func, "MemRef");
}

ir::ExprPtr PlBinder::bindTensorExtent(const Expr& d, const char* what) {
  if (std::string p = unboundParamIn(d); !p.empty())
    failUnboundParam(d, p, fmt::format("the {}", what));
  if (isDynamicDim(d)) return ir::dynamicDimVar(d.cast<NameExpr>().id);
  // `pl.dynamic("N")` written in the type itself: the module-level dimension of that name.
  if (const auto* c = d.as<CallExpr>(); c && isPlPath(*c->func, "dynamic")) {
    const auto* name =
        c->args.size() == 1 && c->keywords.empty() ? c->args[0]->as<StrLit>() : nullptr;
    if (!name || name->value.empty())
      fail(d.span, "pl.dynamic takes the dimension's name, e.g. pl.dynamic(\"M\")",
           "write the name as a string literal");
    if (moduleConsts_.count(name->value) && !moduleConsts_.find(name->value)->second.dynamic)
      fail(d.span, fmt::format("pl.dynamic(\"{}\") names a module-level constant", name->value),
           "give the dynamic dimension another name");
    return ir::dynamicDimVar(name->value);
  }
  if (auto value = evalConst(d)) {
    const int64_t* lit = std::get_if<int64_t>(&*value);
    if (!lit)
      fail(d.span, fmt::format("{} entries must be integers", what),
           "write an integer, a pl.dynamic dimension or an integer scalar");
    return ir::constInt(*lit, ir::DType::Index, d.span);
  }
  bool outer = dynamicDimsAsValues_;
  dynamicDimsAsValues_ = true;
  ir::ExprPtr x = bindExpr(d, ir::ScalarType::get(ir::DType::Index));
  dynamicDimsAsValues_ = outer;
  const auto* st = x->type->as<ir::ScalarType>();
  if (!st || !ir::isInteger(st->dtype))
    fail(d.span, fmt::format("{} entries must be integer scalars", what),
         "write an integer, a pl.dynamic dimension (M = pl.dynamic(\"M\") at the top level) or "
         "an integer scalar parameter");
  return x;
}

std::vector<ir::ExprPtr> PlBinder::bindTensorShape(const Expr& written) {
  const Expr& e = listValue(written);
  const auto* list = e.as<ListExpr>();
  const ExprList* elts = list ? &list->elts : nullptr;
  if (const auto* t = e.as<TupleExpr>()) elts = &t->elts;
  if (!elts)
    fail(e.span, "tensor shape must be a list of extents, e.g. [16, 16] or [M, 64]",
         "write the extents in brackets: [rows, cols]");
  std::vector<ir::ExprPtr> out;
  for (const auto& d : *elts) {
    ir::ExprPtr x = bindTensorExtent(*d, "tensor shape");
    if (const auto* c = x->as<ir::ConstInt>();
        c && (c->value <= 0 || c->value > ops::kMaxDimension))
      fail(d->span,
           fmt::format("tensor shape dimension must be between 1 and 2^31, got {}", c->value),
           "every static extent is in [1, 2^31]; an extent known only at run time is a "
           "pl.dynamic dimension");
    out.push_back(std::move(x));
  }
  if (out.empty()) fail(e.span, "tensor shape must have at least one dimension", "e.g. [16, 64]");
  return out;
}

void PlBinder::bindTensorExtra(const Expr& e, std::optional<ir::TensorView>& view) {
  // PyPTO's printer adds memory-planning and layout details to tensor types: a
  // pl.MemRef(...) (where a buffer was placed) is read and dropped; a layout
  // (pl.ND / pl.DN / pl.NZ / pl.MX_A_ZZ / pl.MX_B_NN) or a pl.TensorView(...) is kept.
  if (isMemRef(e)) {
    checkMemRef(e);
    return;
  }
  auto layoutOf = [&](const Expr& l) {
    auto path = plPath(l);
    std::string name = path ? *path : std::string();
    if (name.rfind("TensorLayout.", 0) == 0) name = name.substr(13);
    if (auto k = ir::enumFromName<ir::TensorLayout>(ir::tensorLayoutNames(), name)) return *k;
    fail(
        l.span, fmt::format("unknown tensor layout '{}'", dottedName(l)),
        fmt::format("expected one of: {}", joinNames(ir::tensorLayoutNames(), "pl.TensorLayout.")));
  };
  if (view)
    fail(e.span, "the tensor type has more than one layout / pl.TensorView",
         "write one pl.TensorView(stride=[...], layout=...) after the dtype");
  ir::TensorView v;
  if (const auto* c = e.as<CallExpr>(); c && isPlPath(*c->func, "TensorView")) {
    auto extents = [&](const Expr& x, const char* what) {
      const auto* list = listValue(x).as<ListExpr>();
      if (!list)
        fail(x.span, fmt::format("{} must be a list, e.g. [64, 1]", what),
             "one entry per tensor axis, in brackets");
      std::vector<ir::ExprPtr> out;
      for (const auto& d : list->elts) out.push_back(bindTensorExtent(*d, what));
      return out;
    };
    static constexpr const char* kFields[] = {"stride", "layout", "valid_shape", "pad"};
    std::array<bool, 4> seen{};
    auto field = [&](size_t k, const Expr& x, Span at) {
      if (seen[k])
        fail(at, fmt::format("pl.TensorView field '{}' is given twice", kFields[k]),
             "give each field once");
      seen[k] = true;
      switch (k) {
        case 0:
          v.stride = extents(x, "stride");
          break;
        case 1:
          v.layout = layoutOf(x);
          break;
        case 2:
          v.validShape = extents(x, "valid_shape");
          break;
        default: {
          auto path = plPath(x);
          std::string name = path ? *path : std::string();
          if (name.rfind("PadValue.", 0) == 0) name = name.substr(9);
          auto p = ir::enumFromName<ir::PadValue>(ir::padValueNames(), name);
          if (!p)
            fail(
                x.span, fmt::format("unknown pad value '{}'", dottedName(x)),
                fmt::format("expected one of: {}", joinNames(ir::padValueNames(), "pl.PadValue.")));
          v.pad = *p;
        }
      }
    };
    if (c->args.size() > 4)
      fail(c->args[4]->span, "pl.TensorView takes at most 4 arguments",
           "pl.TensorView(stride=[...], layout=..., valid_shape=[...], pad=...)");
    for (size_t i = 0; i < c->args.size(); ++i) field(i, *c->args[i], c->args[i]->span);
    for (const auto& kw : c->keywords) {
      size_t k = 0;
      while (k < 4 && kw.name != kFields[k]) ++k;
      if (k == 4)
        fail(kw.nameSpan, fmt::format("pl.TensorView has no field '{}'", kw.name),
             "expected one of: stride, layout, valid_shape, pad");
      field(k, *kw.value, kw.nameSpan);
    }
    view = std::move(v);
    return;
  }
  if (plPath(e)) {
    v.layout = layoutOf(e);
    // PyPTO refuses the DN shorthand (a DN tensor states its strides).
    if (v.layout == ir::TensorLayout::DN)
      fail(e.span, fmt::format("pl.Tensor[..., {}] is not supported", dottedName(e)),
           "write the view: pl.TensorView(stride=[...], layout=pl.TensorLayout.DN)");
    view = std::move(v);
    return;
  }
  fail(e.span, "expected a tensor layout, pl.TensorView(...) or pl.MemRef(...) here",
       "e.g. pl.Tensor[[16, 16], pl.FP32, pl.NZ]");
}

/// The handle types written without brackets.
constexpr ir::HandleKind kScalarHandles[] = {
    ir::HandleKind::Ptr, ir::HandleKind::CommCtx, ir::HandleKind::PrefetchAsyncContext,
    ir::HandleKind::AsyncEvent, ir::HandleKind::AsyncSession};

PlBinder::BoundAnnotation PlBinder::bindAnnotation(const Expr& e, bool allowDirection) {
  BoundAnnotation out;
  if (e.is<NoneLit>()) {
    out.type = ir::UnknownType::get();
    return out;
  }
  const auto* sub = e.as<SubscriptExpr>();
  if (!sub) {
    // A runtime handle: `p: pl.Ptr`, `ctx: pld.CommCtx`.
    std::string name = dottedName(e);
    if (name == "pld.CommCtxType") name = "pld.CommCtx";
    for (ir::HandleKind k : kScalarHandles)
      if (name == ir::handleKindName(k)) {
        out.type = ir::HandleType::get(k);
        return out;
      }
    // A bare dtype means a scalar: `x: pl.FP32`.
    if (auto path = plPath(e); path && ir::dtypeFromName(*path)) {
      out.type = ir::ScalarType::get(*ir::dtypeFromName(*path));
      return out;
    }
    fail(e.span,
         fmt::format("unknown type '{}'", dottedName(e).empty() ? "expression" : dottedName(e)),
         "expected pl.Tensor[...], pl.Tile[...], pl.Scalar[...], pl.VReg[...], pl.Mask[...] or "
         "tuple[...]");
  }
  std::string head = dottedName(*sub->value);
  std::vector<const Expr*> items;
  if (const auto* t = sub->index->as<TupleExpr>(); t && !t->parenthesized)
    for (const auto& x : t->elts) items.push_back(x.get());
  else
    items.push_back(sub->index.get());
  auto need = [&](size_t lo, size_t hi, const char* form) {
    if (items.size() < lo || items.size() > hi)
      fail(sub->index->span, fmt::format("{} expects {}", head, form),
           fmt::format("write {} with {} item(s) in the brackets", head,
                       lo == hi ? std::to_string(lo) : fmt::format("{} to {}", lo, hi)));
  };
  if (head == "pl.Out" || head == "pl.InOut") {
    if (!allowDirection)
      fail(sub->value->span, fmt::format("{} is only allowed on function parameters", head),
           fmt::format("use {} in a parameter annotation; elsewhere write the type without it",
                       head));
    need(1, 1, "one type, e.g. pl.Out[pl.Tensor[[16, 16], pl.FP32]]");
    out = bindAnnotation(*items[0], false);
    out.direction = head == "pl.Out" ? ir::ParamDirection::Out : ir::ParamDirection::InOut;
    return out;
  }
  if (head == "tuple" || head == "pl.Tuple") {
    std::vector<ir::TypePtr> types;
    // `tuple[()]` is the empty tuple.
    const auto* empty = items.size() == 1 ? items[0]->as<TupleExpr>() : nullptr;
    if (!empty || !empty->elts.empty())
      for (const Expr* x : items) types.push_back(bindType(*x));
    out.type = ir::TupleType::get(std::move(types));
    return out;
  }
  if (head == "pl.Scalar") {
    need(1, 1, "one dtype, e.g. pl.Scalar[pl.FP32]");
    out.type = ir::ScalarType::get(bindDType(*items[0]));
    return out;
  }
  if (head == "pl.Tensor" || head == "pld.DistributedTensor") {
    need(2, 4, "a shape and a dtype, e.g. pl.Tensor[[16, 16], pl.FP32]");
    std::optional<ir::TensorView> view;
    for (size_t i = 2; i < items.size(); ++i) bindTensorExtra(*items[i], view);
    auto extents = bindTensorShape(*items[0]);
    if (view) {
      auto rankCheck = [&](const std::vector<ir::ExprPtr>& xs, const char* what) {
        if (!xs.empty() && xs.size() != extents.size())
          fail(items.back()->span,
               fmt::format("the tensor view's {} has {} entries but the tensor has rank {}", what,
                           xs.size(), extents.size()),
               fmt::format("give one {} entry per axis, or none", what));
      };
      rankCheck(view->stride, "stride");
      rankCheck(view->validShape, "valid_shape");
    }
    out.type = ir::TensorType::get(extents, bindDType(*items[1]), head == "pld.DistributedTensor",
                                   std::move(view));
    return out;
  }
  if (head == "pl.Array") {
    need(2, 2, "an extent and a dtype, e.g. pl.Array[4, pl.TASK_ID]");
    auto extent = evalConst(*items[0]);
    const int64_t* n = extent ? std::get_if<int64_t>(&*extent) : nullptr;
    if (!n || *n <= 0)
      fail(items[0]->span, "pl.Array extent must be a positive integer constant",
           "e.g. pl.Array[4, pl.TASK_ID]");
    out.type = ir::HandleType::array(*n, bindDType(*items[1]));
    return out;
  }
  if (head == "pl.VReg") {
    need(2, 2, "lanes and a dtype, e.g. pl.VReg[64, pl.FP32]");
    const auto* lanes = items[0]->as<IntLit>();
    if (!lanes || lanes->value <= 0 || lanes->value > 4096)
      fail(items[0]->span, "pl.VReg lanes must be a positive integer literal",
           "e.g. pl.VReg[64, pl.FP32]");
    out.type = ir::VRegType::get(lanes->value, bindDType(*items[1]));
    return out;
  }
  if (head == "pl.Mask") {
    need(1, 1, "lanes, e.g. pl.Mask[64]");
    const auto* lanes = items[0]->as<IntLit>();
    if (!lanes || lanes->value <= 0 || lanes->value > 4096)
      fail(items[0]->span, "pl.Mask lanes must be a positive integer literal", "e.g. pl.Mask[64]");
    out.type = ir::MaskType::get(lanes->value);
    return out;
  }
  if (head == "pl.Tile") {
    need(2, 4, "a shape, a dtype, an optional pl.Mem.X and an optional pl.TileView(...)");
    auto shape = bindStaticShape(*items[0], "tile shape");
    ir::DType dt = bindDType(*items[1]);
    std::optional<ir::MemorySpace> mem;
    std::optional<ir::TileView> view;
    out.hasMemory = false;
    out.hasView = false;
    for (size_t i = 2; i < items.size(); ++i) {
      const Expr& x = *items[i];
      if (const auto* c = x.as<CallExpr>(); c && isPlPath(*c->func, "TileView")) {
        if (view)
          fail(x.span, "pl.Tile has more than one pl.TileView",
               "merge the fields into one pl.TileView(...)");
        out.viewFields = bindTileView(*c);
        view = out.viewFields->complete(mem, shape);
        out.hasView = true;
        continue;
      }
      if (isMemRef(x)) {  // memory planning: not modeled (see bindTensorExtra)
        checkMemRef(x);
        continue;
      }
      auto path = plPath(x);
      std::string member;
      if (path && path->rfind("Mem.", 0) == 0)
        member = path->substr(4);
      else if (path && path->rfind("MemorySpace.", 0) == 0)
        member = path->substr(12);
      else
        fail(x.span, "expected a memory space pl.Mem.X or a pl.TileView(...) here",
             "e.g. pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec]");
      auto m = ir::enumFromName<ir::MemorySpace>(ir::memorySpaceNames(), member);
      if (!m || *m == ir::MemorySpace::DDR)
        fail(x.span, fmt::format("unknown memory space '{}'", dottedName(x)),
             "expected one of: pl.Mem.Vec, pl.Mem.Mat, pl.Mem.Left, pl.Mem.Right, pl.Mem.Acc, "
             "pl.Mem.Bias");
      if (mem || view)
        fail(x.span, "the memory space comes right after the dtype, once",
             "e.g. pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(...)]");
      mem = m;
      out.hasMemory = true;
    }
    if (view && view->validShape.size() > 0 && view->validShape.size() != shape.size())
      fail(items.back()->span,
           fmt::format("valid_shape has {} entries but the tile has rank {}",
                       view->validShape.size(), shape.size()),
           "give one valid extent per axis of the tile");
    out.type = ir::TileType::get(std::move(shape), dt, mem, std::move(view));
    return out;
  }
  fail(sub->value->span, fmt::format("unknown type '{}'", head.empty() ? "expression" : head),
       "expected pl.Tensor[...], pl.Tile[...], pl.Scalar[...], pl.VReg[...], pl.Mask[...] or "
       "tuple[...]");
}

ir::TypePtr PlBinder::mergeAnnotation(const BoundAnnotation& ann, const ir::TypePtr& deduced,
                                      Span span) {
  if (!deduced || deduced->isa<ir::UnknownType>()) return ann.type;
  ir::TypePtr merged = ann.type;
  const auto* at = ann.type->as<ir::TileType>();
  const auto* dt = deduced->as<ir::TileType>();
  if (at && dt && (!ann.hasMemory || !ann.hasView)) {
    // Fields the annotation leaves out come from the deduced type.
    std::optional<ir::MemorySpace> memory = ann.hasMemory ? at->memory : dt->memory;
    std::optional<ir::TileView> view = dt->view;
    if (ann.hasView)  // the fields left out take the defaults of the merged memory space
      view = ann.viewFields ? ann.viewFields->complete(memory, at->shape) : at->view;
    merged = ir::TileType::get(at->shape, at->dtype, memory, std::move(view));
  }
  const auto* aTensor = ann.type->as<ir::TensorType>();
  const auto* dTensor = deduced->as<ir::TensorType>();
  if (aTensor && dTensor && !aTensor->view != !dTensor->view) {
    // A layout / pl.TensorView on one side only: layout metadata the annotation adds (as
    // PyPTO's printer writes it) or the deduced type carries; the other fields must agree.
    merged = ir::TensorType::get(aTensor->extents(), aTensor->dtype, aTensor->distributed,
                                 aTensor->view ? aTensor->view : dTensor->view);
    ir::TypePtr plain =
        ir::TensorType::get(dTensor->extents(), dTensor->dtype, dTensor->distributed,
                            merged->as<ir::TensorType>()->view);
    if (ir::structuralEqual(*merged, *plain)) return merged;
  }
  if (!ir::structuralEqual(*merged, *deduced))
    fail(span,
         fmt::format("type annotation {} disagrees with the deduced type {}",
                     ir::typeToString(*ann.type), ir::typeToString(*deduced)),
         "fix the annotation or drop it (the type is deduced)");
  return merged;
}

}  // namespace ptoc::frontend

namespace ptoc::frontend {

namespace {

ir::ExprPtr substituteExpr(const ir::ExprPtr& e, const ExtentBindings& b) {
  if (!e) return e;
  if (const auto* v = e->as<ir::Var>()) {
    auto it = b.find(v);
    return it == b.end() ? e : it->second;
  }
  const auto* bin = e->as<ir::BinaryExpr>();
  if (!bin) return e;
  ir::ExprPtr l = substituteExpr(bin->lhs, b), r = substituteExpr(bin->rhs, b);
  if (l == bin->lhs && r == bin->rhs) return e;
  const auto *lc = l->as<ir::ConstInt>(), *rc = r->as<ir::ConstInt>();
  if (lc && rc) {
    int64_t x = lc->value, y = rc->value;
    std::optional<int64_t> v;
    switch (bin->op) {
      case ir::BinaryOp::Add:
        v = x + y;
        break;
      case ir::BinaryOp::Sub:
        v = x - y;
        break;
      case ir::BinaryOp::Mul:
        v = x * y;
        break;
      case ir::BinaryOp::FloorDiv:
        if (y != 0) v = x / y - ((x % y != 0) && ((x < 0) != (y < 0)) ? 1 : 0);
        break;
      case ir::BinaryOp::FloorMod:
        if (y != 0) v = ((x % y) + y) % y;
        break;
      case ir::BinaryOp::Min:
        v = std::min(x, y);
        break;
      case ir::BinaryOp::Max:
        v = std::max(x, y);
        break;
      default:
        break;
    }
    if (v) return ir::constInt(*v, ir::DType::Index, e->span);
  }
  return std::make_shared<ir::BinaryExpr>(bin->op, l, r, e->type, e->span);
}

std::vector<ir::ExprPtr> substituteAll(const std::vector<ir::ExprPtr>& xs,
                                       const ExtentBindings& b) {
  std::vector<ir::ExprPtr> out;
  out.reserve(xs.size());
  for (const auto& x : xs) out.push_back(substituteExpr(x, b));
  return out;
}

}  // namespace

ir::TypePtr substituteExtents(const ir::TypePtr& t, const ExtentBindings& b) {
  if (!t || b.empty()) return t;
  if (const auto* tt = t->as<ir::TupleType>()) {
    std::vector<ir::TypePtr> types;
    bool changed = false;
    for (const auto& x : tt->types) {
      types.push_back(substituteExtents(x, b));
      changed = changed || types.back() != x;
    }
    return changed ? ir::TupleType::get(std::move(types)) : t;
  }
  const auto* tensor = t->as<ir::TensorType>();
  if (!tensor || (tensor->isStatic() && !tensor->view)) return t;
  std::optional<ir::TensorView> view = tensor->view;
  if (view) {
    view->stride = substituteAll(view->stride, b);
    view->validShape = substituteAll(view->validShape, b);
  }
  return ir::TensorType::get(substituteAll(tensor->extents(), b), tensor->dtype,
                             tensor->distributed, std::move(view));
}

/// The same extent: constants by value, variables by identity (not structuralEqual's
/// bijection, which pairs any two free variables).
static bool sameExtent(const ir::Expr& x, const ir::Expr& y) {
  if (const auto* c = x.as<ir::ConstInt>()) {
    const auto* d = y.as<ir::ConstInt>();
    return d && d->value == c->value;
  }
  if (x.as<ir::Var>() || y.as<ir::Var>()) return &x == &y;
  if (const auto* b = x.as<ir::BinaryExpr>()) {
    const auto* c = y.as<ir::BinaryExpr>();
    return c && c->op == b->op && sameExtent(*b->lhs, *c->lhs) && sameExtent(*b->rhs, *c->rhs);
  }
  return static_cast<bool>(ir::structuralEqual(x, y));
}

bool extentsFit(const ir::Type& arg, const ir::Type& param, ExtentBindings& b) {
  const auto* a = arg.as<ir::TensorType>();
  const auto* p = param.as<ir::TensorType>();
  if (!a || !p) return ir::tileFitsDeclared(arg, param);
  // A distributed tensor is a tensor (PyPTO: DistributedTensorType derives from TensorType),
  // not the other way round.
  if (a->dtype != p->dtype || (p->distributed && !a->distributed) ||
      a->shape.size() != p->shape.size())
    return false;
  std::vector<ir::ExprPtr> ax = a->extents(), px = p->extents();
  for (size_t k = 0; k < px.size(); ++k) {
    ir::ExprPtr want = substituteExpr(px[k], b);
    const auto* wc = want->as<ir::ConstInt>();
    const auto* ac = ax[k]->as<ir::ConstInt>();
    if (wc) {
      // A run-time extent into a static axis (PyPTO: a window sized by a scalar read from a
      // config tensor passed to a [16, 128] parameter) is checked by the simulator at the call.
      if (ac && ac->value != wc->value) return false;
      continue;
    }
    if (const auto* v = want->as<ir::Var>()) {
      if (auto it = b.find(v); it != b.end()) {  // bound to itself (the caller's own dim)
        if (!sameExtent(*it->second, *ax[k])) return false;
        continue;
      }
      b.emplace(v, ax[k]);  // the first use binds it
      continue;
    }
    if (sameExtent(*want, *ax[k])) continue;
    // A composite extent of unbound names: not solved here (checked at run time).
  }
  return true;
}

static const ir::Var* localVarIn(const ir::Expr& e, const std::vector<ir::VarPtr>& params) {
  if (const auto* v = e.as<ir::Var>()) {
    if (ir::isDynamicDimVar(e)) return nullptr;
    for (const auto& p : params)
      if (p.get() == v) return nullptr;
    return v;
  }
  if (const auto* b = e.as<ir::BinaryExpr>()) {
    if (const ir::Var* l = localVarIn(*b->lhs, params)) return l;
    return localVarIn(*b->rhs, params);
  }
  return nullptr;
}

const ir::Var* localExtentVar(const ir::Type& t, const std::vector<ir::VarPtr>& params) {
  if (const auto* tt = t.as<ir::TupleType>()) {
    for (const auto& x : tt->types)
      if (const ir::Var* v = localExtentVar(*x, params)) return v;
    return nullptr;
  }
  const auto* tensor = t.as<ir::TensorType>();
  if (!tensor) return nullptr;
  for (const auto& d : tensor->dims)
    if (d)
      if (const ir::Var* v = localVarIn(*d, params)) return v;
  return nullptr;
}

}  // namespace ptoc::frontend
