// Type spellings of the PTO text (docs/codegen.md §Types; ptoas-facts §1.2, §2.5).
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

std::string mlirDType(DType d) {
  switch (d) {
    case DType::Bool:
      return "i1";
    case DType::Int8:
      return "i8";
    case DType::Int16:
      return "i16";
    case DType::Int32:
      return "i32";
    case DType::Int64:
      return "i64";
    case DType::UInt8:
      return "ui8";
    case DType::UInt16:
      return "ui16";
    case DType::UInt32:
      return "ui32";
    case DType::UInt64:
      return "ui64";
    case DType::FP16:
      return "f16";
    case DType::BF16:
      return "bf16";
    case DType::FP32:
      return "f32";
    case DType::FP8E4M3FN:
      return "f8E4M3FN";
    case DType::FP8E5M2:
      return "f8E5M2";
    case DType::Index:
      return "index";
    case DType::Int4:
      return "i4";
    case DType::UInt4:
      return "ui4";
    case DType::FP4:
      return "f4E2M1FN";
    case DType::HF4:
      return "hif4";
    case DType::HF8:
      return "hif8";
    case DType::FP8E8M0:
      return "f8E8M0FNU";
    case DType::TaskId:
      return "i64";
  }
  return "?";
}

std::string scalarType(DType d) {
  // arith works on signless integers: an unsigned scalar is carried in iN.
  switch (d) {
    case DType::UInt8:
      return "i8";
    case DType::UInt16:
      return "i16";
    case DType::UInt32:
      return "i32";
    case DType::UInt64:
      return "i64";
    default:
      return mlirDType(d);
  }
}

std::string_view locName(MemorySpace m) {
  switch (m) {
    case MemorySpace::Vec:
      return "vec";
    case MemorySpace::Mat:
      return "mat";
    case MemorySpace::Left:
      return "left";
    case MemorySpace::Right:
      return "right";
    case MemorySpace::Acc:
      return "acc";
    case MemorySpace::Bias:
      return "bias";
    case MemorySpace::LeftScale:
    case MemorySpace::RightScale:
      return "scaling";  // PTOAS's one location for scale / fixpipe buffers
    case MemorySpace::DDR:
      return "gm";
  }
  return "vec";
}

static std::string_view layoutName(TileLayout l) {
  switch (l) {
    case TileLayout::NoneBox:
      return "none_box";
    case TileLayout::RowMajor:
      return "row_major";
    case TileLayout::ColMajor:
      return "col_major";
  }
  return "none_box";
}

std::pair<int64_t, int64_t> tileRowsCols(const TileType& t) {
  if (t.shape.size() == 1) return {1, t.shape[0]};
  if (t.shape.size() == 2) return {t.shape[0], t.shape[1]};
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < t.shape.size(); ++i) rows *= t.shape[i];
  return {rows, t.shape.empty() ? 1 : t.shape.back()};
}

/// The valid rows / cols as constants (nullopt = dynamic). A constant 0 (the empty tiles of
/// the A2/A3 lane-1 replay) is given as a dynamic extent of value 0: pto-isa's
/// GetValidRow / GetValidCol have no overload for a static 0 (PyPTO gh#1649).
static std::pair<std::optional<int64_t>, std::optional<int64_t>> validRowsCols(const TileType& t) {
  auto [rows, cols] = tileRowsCols(t);
  TileView v = t.effectiveView();
  if (v.validShape.empty()) return {rows, cols};
  auto get = [](const ExprPtr& e) -> std::optional<int64_t> {
    if (const auto* c = e->as<ConstInt>(); c && c->value != 0) return c->value;
    return std::nullopt;
  };
  if (v.validShape.size() == 1) return {int64_t{1}, get(v.validShape[0])};
  return {get(v.validShape[v.validShape.size() - 2]), get(v.validShape.back())};
}

bool hasDynamicValid(const TileType& t) {
  auto [r, c] = validRowsCols(t);
  return !r || !c;
}

std::string tileBufType(const TileType& t, target::Arch arch) {
  auto [rows, cols] = tileRowsCols(t);
  TileView v = t.effectiveView();
  if (arch == target::Arch::A5 && t.memory == MemorySpace::Left &&
      v.blayout == TileLayout::RowMajor && v.slayout == TileLayout::RowMajor)
    v.blayout = TileLayout::ColMajor;
  std::string vr = "?", vc = "?";
  if (!hasDynamicValid(t)) {
    auto [r, c] = validRowsCols(t);
    vr = std::to_string(*r);
    vc = std::to_string(*c);
  }
  return fmt::format(
      "!pto.tile_buf<loc={}, dtype={}, rows={}, cols={}, v_row={}, v_col={}, blayout={}, "
      "slayout={}, fractal={}, pad={}>",
      locName(t.memory.value_or(MemorySpace::Vec)), mlirDType(t.dtype), rows, cols, vr, vc,
      layoutName(v.blayout), layoutName(v.slayout), v.fractal, static_cast<int>(v.pad));
}

std::vector<int64_t> tensorViewShape(const TensorType& t) {
  if (t.shape.size() == 1) return {1, t.shape[0]};
  return t.shape;
}

std::string tensorViewType(const TensorType& t) {
  return fmt::format("!pto.tensor_view<{}x{}>", fmt::join(tensorViewShape(t), "x"),
                     mlirDType(t.dtype));
}

std::string vregType(const VRegType& t) {
  return fmt::format("!pto.vmi.vreg<{}x{}>", t.lanes, mlirDType(t.dtype));
}

std::string maskType(const MaskType& t) { return fmt::format("!pto.vmi.mask<{}xpred>", t.lanes); }

}  // namespace ptoc::codegen
