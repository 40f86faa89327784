#include "ptoc/ir/Type.h"

#include <array>
#include <atomic>
#include <map>
#include <mutex>

#include "ptoc/ir/Expr.h"
#include "ptoc/support/Diagnostics.h"

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
constexpr std::array<ViewDefaults, 9> kViewDefaults = {{
    /* DDR   */ kRowMajor,
    /* Vec   */ kRowMajor,
    /* Mat   */ {TileLayout::ColMajor, TileLayout::RowMajor, 512, PadValue::Null},  // NZ
    /* Left  */ {TileLayout::RowMajor, TileLayout::RowMajor, 512, PadValue::Null},  // ZZ
    /* Right */ {TileLayout::RowMajor, TileLayout::ColMajor, 512, PadValue::Null},  // ZN
    /* Acc   */ {TileLayout::ColMajor, TileLayout::RowMajor, 1024, PadValue::Null},
    /* Bias  */ kRowMajor,
    // MX scales: one shared exponent per 32 elements (PyPTO's TileLeftScale / TileRightScale).
    /* LeftScale  */ {TileLayout::RowMajor, TileLayout::RowMajor, 32, PadValue::Null},
    /* RightScale */ {TileLayout::ColMajor, TileLayout::ColMajor, 32, PadValue::Null},
}};
static_assert(static_cast<size_t>(MemorySpace::RightScale) + 1 == kViewDefaults.size());

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
  // Static tile types repeat from statement to statement (every result of an element-wise
  // op on 64 x 128 FP32 Vec tiles is the same type): a small per-thread cache of recent
  // ones hands out the same node instead of a new one each time (issue 8: per-statement
  // allocations). Types are immutable, so sharing is invisible except to pointer equality.
  if (view && !view->validShape.empty())
    return std::make_shared<TileType>(std::move(shape), d, memory, std::move(view));
  uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&h](uint64_t x) { h = (h ^ x) * 0x100000001b3ull; };
  for (int64_t e : shape) mix(static_cast<uint64_t>(e));
  mix(static_cast<uint64_t>(d));
  mix(memory ? static_cast<uint64_t>(*memory) + 1 : 0);
  if (view) {
    mix(static_cast<uint64_t>(view->blayout) + 16);
    mix(static_cast<uint64_t>(view->slayout) + 32);
    mix(static_cast<uint64_t>(view->fractal));
    mix(static_cast<uint64_t>(view->pad) + 64);
  }
  constexpr size_t kSlots = 64;
  thread_local std::array<std::shared_ptr<const TileType>, kSlots> recent;
  std::shared_ptr<const TileType>& slot = recent[(h ^ (h >> 29)) % kSlots];
  if (slot && slot->shape == shape && slot->dtype == d && slot->memory == memory &&
      slot->view.has_value() == view.has_value() &&
      (!view || (slot->view->validShape.empty() && slot->view->blayout == view->blayout &&
                 slot->view->slayout == view->slayout && slot->view->fractal == view->fractal &&
                 slot->view->pad == view->pad)))
    return slot;
  slot = std::make_shared<TileType>(std::move(shape), d, memory, std::move(view));
  return slot;
}

TypePtr TupleType::get(std::vector<TypePtr> types) {
  // The offset and shape lists of loads and stores give the same tuple-of-Index type
  // statement after statement: a small per-thread cache of recent ones hands out one node
  // (scalar types are interned, so comparing the element pointers compares the types).
  bool scalars = !types.empty() && types.size() <= 4;
  for (const auto& t : types) scalars = scalars && t && t->kind == TypeKind::Scalar;
  if (!scalars) return std::make_shared<TupleType>(std::move(types));
  uint64_t h = types.size();
  for (const auto& t : types) h = (h ^ reinterpret_cast<uintptr_t>(t.get())) * 0x100000001b3ull;
  constexpr size_t kSlots = 32;
  thread_local std::array<std::shared_ptr<const TupleType>, kSlots> recent;
  std::shared_ptr<const TupleType>& slot = recent[(h ^ (h >> 29)) % kSlots];
  if (slot && slot->types == types) return slot;
  slot = std::make_shared<TupleType>(std::move(types));
  return slot;
}

TileView TileType::effectiveView() const { return view ? *view : implicitTileView(memory, shape); }

std::vector<ExprPtr> TileType::validShape() const {
  if (view && !view->validShape.empty()) return view->validShape;
  std::vector<ExprPtr> out;
  for (int64_t d : shape) out.push_back(std::make_shared<ConstInt>(d, DType::Index, Span{}));
  return out;
}

TypePtr TensorType::get(std::vector<int64_t> shape, DType d, bool distributed) {
  for (int64_t e : shape)
    PTOC_CHECK(e != kDynamicDim, "a dynamic tensor dimension built as a static one");
  return std::make_shared<TensorType>(std::move(shape), d, distributed);
}

TypePtr TensorType::get(const std::vector<ExprPtr>& extents, DType d, bool distributed,
                        std::optional<TensorView> view) {
  std::vector<int64_t> shape;
  std::vector<ExprPtr> dims;
  shape.reserve(extents.size());
  bool dynamic = false;
  for (const ExprPtr& e : extents) {
    if (const auto* c = e->as<ConstInt>()) {
      shape.push_back(c->value);
    } else {
      shape.push_back(kDynamicDim);
      dynamic = true;
    }
  }
  if (dynamic)
    for (size_t i = 0; i < extents.size(); ++i)
      dims.push_back(shape[i] == kDynamicDim ? extents[i] : nullptr);
  if (view && view->isDefault()) view.reset();
  return std::make_shared<TensorType>(std::move(shape), std::move(dims), d, distributed,
                                      std::move(view));
}

std::vector<ExprPtr> TensorType::extents() const {
  std::vector<ExprPtr> out;
  out.reserve(shape.size());
  for (size_t i = 0; i < shape.size(); ++i)
    out.push_back(isDynamic(i) ? dims[i]
                               : std::make_shared<ConstInt>(shape[i], DType::Index, Span{}));
  return out;
}

std::string TensorType::firstDynamicDimText() const {
  for (size_t i = 0; i < shape.size(); ++i)
    if (isDynamic(i)) {
      if (const auto* v = dims[i]->as<Var>()) return v->name;
      return "an expression";
    }
  return {};
}

namespace {
struct DynamicDimTable {
  std::mutex mu;
  std::map<std::string, std::shared_ptr<const Var>, std::less<>> vars;
};
DynamicDimTable& dynamicDims() {
  static DynamicDimTable* t = new DynamicDimTable;  // never destroyed: types outlive statics
  return *t;
}
}  // namespace

static std::atomic<bool> anyDynamicDims{false};

bool anyDynamicDimVars() { return anyDynamicDims.load(std::memory_order_relaxed); }

std::shared_ptr<const Var> dynamicDimVar(std::string_view name) {
  anyDynamicDims.store(true, std::memory_order_relaxed);
  DynamicDimTable& t = dynamicDims();
  std::lock_guard<std::mutex> lock(t.mu);
  auto it = t.vars.find(name);
  if (it != t.vars.end()) return it->second;
  auto v = std::make_shared<Var>(std::string(name), ScalarType::get(DType::Index), Span{});
  t.vars.emplace(std::string(name), v);
  return v;
}

bool isDynamicDimVar(const Expr& e) {
  const auto* v = e.as<Var>();
  if (!v || e.kind != ExprKind::Var) return false;
  DynamicDimTable& t = dynamicDims();
  std::lock_guard<std::mutex> lock(t.mu);
  auto it = t.vars.find(v->name);
  return it != t.vars.end() && it->second.get() == v;
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
