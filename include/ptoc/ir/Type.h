// IR types (architecture §4): Scalar, Tensor (GM), Tile (+ TileView), VReg, Mask,
// Tuple, Handle (runtime handles: pl.Ptr, pld.CommCtx, pl.Array) and Unknown. Types are immutable
// and shared; TileType canonicalizes its view.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/DType.h"
#include "ptoc/ir/Enums.h"
#include "ptoc/ir/NodeList.h"

namespace ptoc::ir {

class Expr;
class Var;
using ExprPtr = std::shared_ptr<const Expr>;
class Type;
using TypePtr = std::shared_ptr<const Type>;

enum class TypeKind : uint8_t {
#define PTOC_X(Kind, Class) Kind,
  PTOC_TYPE_NODES(PTOC_X)
#undef PTOC_X
};

class Type {
 public:
  explicit Type(TypeKind k) : kind(k) {}
  virtual ~Type() = default;
  const TypeKind kind;

  template <typename T>
  const T* as() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
  template <typename T>
  bool isa() const {
    return kind == T::kKind;
  }
};

class UnknownType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Unknown;
  UnknownType() : Type(kKind) {}
  static TypePtr get();
};

class ScalarType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Scalar;
  explicit ScalarType(DType d) : Type(kKind), dtype(d) {}
  static TypePtr get(DType d);  // interned
  const DType dtype;
};

/// The shape entry of a dynamic tensor dimension (MLIR's convention): never a size. The
/// dimension's extent is the symbolic expression TensorType::dims[axis].
inline constexpr int64_t kDynamicDim = INT64_MIN;

/// Stride / layout / valid-region metadata of a tensor (PyPTO's pl.TensorView). Empty
/// `stride` = dense for the layout; empty `validShape` = the full shape.
struct TensorView {
  std::vector<ExprPtr> stride;
  TensorLayout layout = TensorLayout::ND;
  std::vector<ExprPtr> validShape;
  PadValue pad = PadValue::Null;
  bool isDefault() const {
    return stride.empty() && layout == TensorLayout::ND && validShape.empty() &&
           pad == PadValue::Null;
  }
};

class TensorType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Tensor;
  TensorType(std::vector<int64_t> s, DType d, bool dist = false)
      : Type(kKind), shape(std::move(s)), dtype(d), distributed(dist) {}
  TensorType(std::vector<int64_t> s, std::vector<ExprPtr> dx, DType d, bool dist,
             std::optional<TensorView> v)
      : Type(kKind),
        shape(std::move(s)),
        dims(std::move(dx)),
        dtype(d),
        distributed(dist),
        view(std::move(v)) {}
  /// A static tensor type.
  /// A static tensor type (an entry kDynamicDim here is an internal error).
  static TypePtr get(std::vector<int64_t> shape, DType d, bool distributed = false);
  /// The general form: `extents` has one entry per axis, a constant (static) or a symbolic
  /// extent (dynamic: shape[axis] = kDynamicDim). A view equal to the default is dropped.
  static TypePtr get(const std::vector<ExprPtr>& extents, DType d, bool distributed,
                     std::optional<TensorView> view);
  /// Every dimension static? (shape then holds the sizes)
  bool isStatic() const { return dims.empty(); }
  bool isDynamic(size_t axis) const { return shape[axis] == kDynamicDim; }
  /// One extent expression per axis: ConstInt for a static one, dims[axis] otherwise.
  std::vector<ExprPtr> extents() const;
  /// The first dynamic axis's extent as text (for diagnostics), "" when static.
  std::string firstDynamicDimText() const;

  /// Sizes; kDynamicDim marks a dynamic axis (read its extent from `dims`).
  const std::vector<int64_t> shape;
  /// Empty when every axis is static; else one entry per axis: null for a static axis,
  /// the symbolic extent (a pl.dynamic dim Var, a scalar, arithmetic of them) otherwise.
  const std::vector<ExprPtr> dims;
  const DType dtype;
  /// pld.DistributedTensor: this rank's view of a window every rank of a communicator
  /// holds (PyPTO's distributed module); remote ops address the other ranks' copies.
  const bool distributed = false;
  /// pl.TensorView(...) written on the type (nullopt = dense row-major).
  const std::optional<TensorView> view;
};

/// The Var of the module-level dynamic dimension `NAME = pl.dynamic("NAME")`, interned
/// per name for the process: every type that names M shares one Var (Index scalar).
std::shared_ptr<const Var> dynamicDimVar(std::string_view name);
/// Is `v` a module-level dynamic dimension (a Var of dynamicDimVar)?
bool isDynamicDimVar(const Expr& v);

/// Layout/valid-region metadata of a tile. `validShape` empty = the full shape.
struct TileView {
  std::vector<ExprPtr> validShape;
  TileLayout blayout = TileLayout::RowMajor;
  TileLayout slayout = TileLayout::NoneBox;
  int64_t fractal = 512;
  PadValue pad = PadValue::Null;
};

/// The view a tile has when none is written, for its memory space and shape: the one
/// table of per-memory view defaults (Type.cpp). The printer leaves out the view fields
/// equal to it, and the binder fills the fields a pl.TileView(...) leaves out from it.
/// No memory space reads as Vec.
TileView implicitTileView(std::optional<MemorySpace> memory, const std::vector<int64_t>& shape);

/// A view as written: the fields given; the others take the defaults of the tile's
/// memory space and shape (implicitTileView) once those are known.
struct TileViewFields {
  std::vector<ExprPtr> validShape;
  std::optional<TileLayout> blayout;
  std::optional<TileLayout> slayout;
  std::optional<int64_t> fractal;
  std::optional<PadValue> pad;

  TileView complete(std::optional<MemorySpace> memory, const std::vector<int64_t>& shape) const;
};

class TileType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Tile;
  /// Builds a canonical tile type: a view equal to the implicit view collapses to
  /// nullopt, and a valid shape equal to the full (static) shape is cleared.
  static std::shared_ptr<const TileType> get(std::vector<int64_t> shape, DType d,
                                             std::optional<MemorySpace> memory,
                                             std::optional<TileView> view = std::nullopt);
  TileType(std::vector<int64_t> s, DType d, std::optional<MemorySpace> m, std::optional<TileView> v)
      : Type(kKind), shape(std::move(s)), dtype(d), memory(m), view(std::move(v)) {}

  /// The explicit view, or the implicit one when none is stored.
  TileView effectiveView() const;
  /// valid_shape entries (full shape as constants when none is set).
  std::vector<ExprPtr> validShape() const;

  const std::vector<int64_t> shape;
  const DType dtype;
  const std::optional<MemorySpace> memory;
  const std::optional<TileView> view;
};

class VRegType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::VReg;
  VRegType(int64_t l, DType d) : Type(kKind), lanes(l), dtype(d) {}
  static TypePtr get(int64_t lanes, DType d) { return std::make_shared<VRegType>(lanes, d); }
  const int64_t lanes;
  const DType dtype;
};

class MaskType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Mask;
  explicit MaskType(int64_t l) : Type(kKind), lanes(l) {}
  static TypePtr get(int64_t lanes) { return std::make_shared<MaskType>(lanes); }
  const int64_t lanes;
};

class TupleType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Tuple;
  explicit TupleType(std::vector<TypePtr> t) : Type(kKind), types(std::move(t)) {}
  /// A tuple of up to 4 scalars (the offsets and shapes of loads and stores) may be a
  /// node shared with earlier calls, as TileType::get does.
  static TypePtr get(std::vector<TypePtr> types);
  const std::vector<TypePtr> types;
};

/// The runtime handles of PyPTO's orchestration and distributed levels: values a program
/// passes around but never computes on element by element.
enum class HandleKind : uint8_t {
  Ptr,                   // pl.Ptr: an address (pl.tile.alloc, pld.alloc_window_buffer)
  CommCtx,               // pld.CommCtx: a communicator (pld.get_comm_ctx)
  Array,                 // pl.Array[extent, dtype]: a small array of scalars (task ids, routes)
  PrefetchAsyncContext,  // pl.PrefetchAsyncContext (pl.prefetch.make_context)
  AsyncEvent,            // pl.AsyncEvent (pl.prefetch.async_prefetch)
  AsyncSession,          // pl.AsyncSession (pl.prefetch.session)
};

/// The DSL spelling of a handle kind without its extent ("pl.Ptr", "pld.CommCtx", "pl.Array").
std::string_view handleKindName(HandleKind k);

class HandleType final : public Type {
 public:
  static constexpr TypeKind kKind = TypeKind::Handle;
  HandleType(HandleKind k, DType d, int64_t e) : Type(kKind), handle(k), dtype(d), extent(e) {}
  static TypePtr get(HandleKind k) { return std::make_shared<HandleType>(k, DType::Index, 0); }
  static TypePtr array(int64_t extent, DType d) {
    return std::make_shared<HandleType>(HandleKind::Array, d, extent);
  }
  const HandleKind handle;
  const DType dtype;     // Array: the element dtype (Index otherwise)
  const int64_t extent;  // Array: the number of elements (0 otherwise)
};

/// Element dtype of a Scalar/Tensor/Tile/VReg type; nullopt otherwise.
std::optional<DType> elementDType(const Type& t);
/// Shape of a Tensor/Tile type; nullptr otherwise. A tensor's may hold kDynamicDim entries.
const std::vector<int64_t>* shapeOf(const Type& t);

}  // namespace ptoc::ir
