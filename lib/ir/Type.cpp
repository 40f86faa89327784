#include "ptoc/ir/Type.h"

#include <array>

#include "ptoc/ir/Expr.h"

namespace ptoc::ir {

TypePtr UnknownType::get() {
  static const TypePtr t = std::make_shared<UnknownType>();
  return t;
}

TypePtr ScalarType::get(DType d) {
  static const auto table = [] {
    std::array<TypePtr, std::size(kAllDTypes)> a;
    for (DType t : kAllDTypes) a[static_cast<unsigned>(t)] = std::make_shared<ScalarType>(t);
    return a;
  }();
  return table[static_cast<unsigned>(d)];
}

namespace {

/// Per-memory view defaults, indexed by MemorySpace.
struct ViewDefaults {
  TileLayout blayout;
  TileLayout slayout;
  int64_t fractal;
  PadValue pad;
};
constexpr ViewDefaults kRowMajor{TileLayout::RowMajor, TileLayout::NoneBox, 512, PadValue::Null};
constexpr std::array<ViewDefaults, 7> kViewDefaults = {{
    /* DDR   */ kRowMajor,
    /* Vec   */ kRowMajor,
    /* Mat   */ {TileLayout::ColMajor, TileLayout::RowMajor, 512, PadValue::Null},  // NZ
    /* Left  */ {TileLayout::RowMajor, TileLayout::RowMajor, 512, PadValue::Null},  // ZZ
    /* Right */ {TileLayout::RowMajor, TileLayout::ColMajor, 512, PadValue::Null},  // ZN
    /* Acc   */ {TileLayout::ColMajor, TileLayout::RowMajor, 1024, PadValue::Null},
    /* Bias  */ kRowMajor,
}};
static_assert(static_cast<size_t>(MemorySpace::Bias) + 1 == kViewDefaults.size());

}  // namespace

TileView implicitTileView(std::optional<MemorySpace> memory, const std::vector<int64_t>& shape) {
  MemorySpace m = memory.value_or(MemorySpace::Vec);
  // A single-row Mat tile ([1, N]) keeps the plain row-major layout.
  bool singleRow = shape.size() == 2 && shape[0] == 1;
  const ViewDefaults& d =
      m == MemorySpace::Mat && singleRow ? kRowMajor : kViewDefaults[static_cast<size_t>(m)];
  TileView v;
  v.blayout = d.blayout;
  v.slayout = d.slayout;
  v.fractal = d.fractal;
  v.pad = d.pad;
  return v;
}

TileView TileViewFields::complete(std::optional<MemorySpace> memory,
                                  const std::vector<int64_t>& shape) const {
  TileView v = implicitTileView(memory, shape);
  v.validShape = validShape;
  if (blayout) v.blayout = *blayout;
  if (slayout) v.slayout = *slayout;
  if (fractal) v.fractal = *fractal;
  if (pad) v.pad = *pad;
  return v;
}

static bool validIsFull(const std::vector<ExprPtr>& valid, const std::vector<int64_t>& shape) {
  if (valid.size() != shape.size()) return false;
  for (size_t i = 0; i < valid.size(); ++i) {
    const auto* c = valid[i]->as<ConstInt>();
    if (!c || c->value != shape[i]) return false;
  }
  return true;
}

std::shared_ptr<const TileType> TileType::get(std::vector<int64_t> shape, DType d,
                                              std::optional<MemorySpace> memory,
                                              std::optional<TileView> view) {
  if (view) {
    if (validIsFull(view->validShape, shape)) view->validShape.clear();
    TileView implicit = implicitTileView(memory, shape);
    if (view->validShape.empty() && view->blayout == implicit.blayout &&
        view->slayout == implicit.slayout && view->fractal == implicit.fractal &&
        view->pad == implicit.pad)
      view.reset();
  }
  return std::make_shared<TileType>(std::move(shape), d, memory, std::move(view));
}

TileView TileType::effectiveView() const { return view ? *view : implicitTileView(memory, shape); }

std::vector<ExprPtr> TileType::validShape() const {
  if (view && !view->validShape.empty()) return view->validShape;
  std::vector<ExprPtr> out;
  for (int64_t d : shape) out.push_back(std::make_shared<ConstInt>(d, DType::Index, Span{}));
  return out;
}

std::string_view handleKindName(HandleKind k) {
  switch (k) {
    case HandleKind::Ptr:
      return "pl.Ptr";
    case HandleKind::CommCtx:
      return "pld.CommCtx";
    case HandleKind::Array:
      return "pl.Array";
    case HandleKind::PrefetchAsyncContext:
      return "pl.PrefetchAsyncContext";
    case HandleKind::AsyncEvent:
      return "pl.AsyncEvent";
    case HandleKind::AsyncSession:
      return "pl.AsyncSession";
  }
  return "pl.Ptr";
}

std::optional<DType> elementDType(const Type& t) {
  if (auto* s = t.as<ScalarType>()) return s->dtype;
  if (auto* s = t.as<TensorType>()) return s->dtype;
  if (auto* s = t.as<TileType>()) return s->dtype;
  if (auto* s = t.as<VRegType>()) return s->dtype;
  return std::nullopt;
}

const std::vector<int64_t>* shapeOf(const Type& t) {
  if (auto* s = t.as<TensorType>()) return &s->shape;
  if (auto* s = t.as<TileType>()) return &s->shape;
  return nullptr;
}

}  // namespace ptoc::ir
