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

TileView implicitTileView(std::optional<MemorySpace> memory, const std::vector<int64_t>& shape) {
  TileView v;
  MemorySpace m = memory.value_or(MemorySpace::Vec);
  bool singleRow = shape.size() == 2 && shape[0] == 1;
  switch (m) {
    case MemorySpace::DDR:
    case MemorySpace::Vec:
    case MemorySpace::Bias:
      break;  // row_major / none_box / 512
    case MemorySpace::Mat:
      if (!singleRow) {
        v.blayout = TileLayout::ColMajor;
        v.slayout = TileLayout::RowMajor;
      }
      break;
    case MemorySpace::Left:
      v.slayout = TileLayout::RowMajor;  // ZZ
      break;
    case MemorySpace::Right:
      v.slayout = TileLayout::ColMajor;  // ZN
      break;
    case MemorySpace::Acc:
      v.blayout = TileLayout::ColMajor;
      v.slayout = TileLayout::RowMajor;
      v.fractal = 1024;
      break;
  }
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
