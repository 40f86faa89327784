// Type deduction helpers shared by the op families (see DeduceUtils.h).
#include "ptoc/ops/DeduceUtils.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace ptoc::ops {

using namespace ir;

// ---- Tile types ----------------------------------------------------------------------------

std::shared_ptr<const TileType> makeTile(std::vector<int64_t> shape, DType dtype,
                                         std::optional<MemorySpace> memory,
                                         std::vector<ExprPtr> valid, PadValue pad) {
  if (valid.empty() && pad == PadValue::Null) return TileType::get(std::move(shape), dtype, memory);
  TileView view = implicitTileView(memory, shape);
  view.validShape = std::move(valid);
  view.pad = pad;
  return TileType::get(std::move(shape), dtype, memory, std::move(view));
}

std::shared_ptr<const TileType> makeTileWithLayoutOf(const TileType& layoutFrom,
                                                     std::vector<int64_t> shape, DType dtype,
                                                     std::optional<MemorySpace> memory,
                                                     std::vector<ExprPtr> valid) {
  TileView view = layoutFrom.effectiveView();
  view.validShape = std::move(valid);
  return TileType::get(std::move(shape), dtype, memory, std::move(view));
}

std::vector<ExprPtr> validOf(const TileType& t) { return t.validShape(); }

std::vector<ExprPtr> explicitValidOf(const TileType& t) {
  if (t.view && !t.view->validShape.empty()) return t.view->validShape;
  return {};
}

// Static tile/tensor dimensions are bounded so that element and byte counts stay in int64.

std::optional<std::string> malformedTypeReason(const Type& t) {
  if (const auto* shape = shapeOf(t)) {
    bool dynamic = false;
    for (size_t k = 0; k < shape->size(); ++k) {
      if ((*shape)[k] == kDynamicDim && t.isa<TensorType>()) {
        dynamic = true;  // a symbolic extent: checked at run time
        continue;
      }
      if ((*shape)[k] <= 0)
        return fmt::format("dimension {} of {} is not positive", k, describeType(&t));
      if ((*shape)[k] > kMaxDimension)
        return fmt::format("dimension {} of {} is over 2^31", k, describeType(&t));
    }
    auto n = dynamic ? std::optional<int64_t>(1) : elementCount(*shape);
    if (!n || *n > kMaxElements) return fmt::format("{} has too many elements", describeType(&t));
  }
  if (const auto* tile = t.as<TileType>(); tile && tile->view) {
    const auto& valid = tile->view->validShape;
    for (const auto& e : valid)
      if (!e || !e->type)
        return fmt::format("the valid_shape of {} has an untyped entry", describeType(&t));
    if (!valid.empty() && valid.size() != tile->shape.size())
      return fmt::format("the valid_shape of {} has {} entries for rank {}", describeType(&t),
                         valid.size(), tile->shape.size());
  }
  if (const auto* v = t.as<VRegType>(); v && v->lanes <= 0)
    return fmt::format("{} has no lanes", describeType(&t));
  if (const auto* m = t.as<MaskType>(); m && m->lanes <= 0)
    return fmt::format("{} has no lanes", describeType(&t));
  return std::nullopt;
}

// ---- Kwarg values --------------------------------------------------------------------------

bool attrMatchesKind(const AttrValue& v, AttrKind k) {
  switch (k) {
    case AttrKind::Bool:
      return std::holds_alternative<bool>(v);
    case AttrKind::Int:
      return std::holds_alternative<int64_t>(v);
    case AttrKind::Float:
      return std::holds_alternative<double>(v);
    case AttrKind::String:
      return std::holds_alternative<std::string>(v);
    case AttrKind::DType:
      return std::holds_alternative<DType>(v);
    case AttrKind::MemorySpace:
      return std::holds_alternative<MemorySpace>(v);
    case AttrKind::TileLayout:
      return std::holds_alternative<TileLayout>(v);
    case AttrKind::PadValue:
      return std::holds_alternative<PadValue>(v);
    case AttrKind::SplitMode:
      return std::holds_alternative<SplitMode>(v);
  }
  return false;
}

const std::vector<MemorySpace> kOnChip = {
    MemorySpace::Vec, MemorySpace::Mat,  MemorySpace::Left,      MemorySpace::Right,
    MemorySpace::Acc, MemorySpace::Bias, MemorySpace::LeftScale, MemorySpace::RightScale};

std::vector<AttrValue> memoryValues(const std::vector<MemorySpace>& spaces) {
  return {spaces.begin(), spaces.end()};
}

// ---- Contract checks -----------------------------------------------------------------------

const TileType& tileArgRef(const OpCallContext& ctx, size_t i) {
  const TileType* t = ctx.tileArg(i);
  PTOC_CHECK(t, fmt::format("{}: argument {} is not a tile after validation", ctx.op.name, i + 1));
  return *t;
}

const TensorType& tensorArgRef(const OpCallContext& ctx, size_t i) {
  const TensorType* t = ctx.tensorArg(i);
  PTOC_CHECK(t,
             fmt::format("{}: argument {} is not a tensor after validation", ctx.op.name, i + 1));
  return *t;
}

const VRegType& vregArgRef(const OpCallContext& ctx, size_t i) {
  const VRegType* t = i < ctx.args.size() && ctx.args[i] && ctx.args[i]->type
                          ? ctx.args[i]->type->as<VRegType>()
                          : nullptr;
  PTOC_CHECK(t, fmt::format("{}: argument {} is not a vreg after validation", ctx.op.name, i + 1));
  return *t;
}

const MaskType& maskArgRef(const OpCallContext& ctx, size_t i) {
  const MaskType* t = i < ctx.args.size() && ctx.args[i] && ctx.args[i]->type
                          ? ctx.args[i]->type->as<MaskType>()
                          : nullptr;
  PTOC_CHECK(t, fmt::format("{}: argument {} is not a mask after validation", ctx.op.name, i + 1));
  return *t;
}

DType scalarArgDType(const OpCallContext& ctx, size_t i) {
  const ScalarType* t = i < ctx.args.size() && ctx.args[i] && ctx.args[i]->type
                            ? ctx.args[i]->type->as<ScalarType>()
                            : nullptr;
  PTOC_CHECK(t,
             fmt::format("{}: argument {} is not a scalar after validation", ctx.op.name, i + 1));
  return t->dtype;
}

std::vector<ExprPtr> listArgElements(const OpCallContext& ctx, size_t i) {
  const MakeTuple* mt = i < ctx.args.size() && ctx.args[i] ? ctx.args[i]->as<MakeTuple>() : nullptr;
  PTOC_CHECK(mt, fmt::format("{}: argument {} is not a list after validation", ctx.op.name, i + 1));
  return mt->elements;
}

void checkShapeDims(const OpCallContext& ctx, int argIndex, const std::vector<int64_t>& shape,
                    std::string_view what) {
  if (shape.empty())
    ctx.fail(argIndex, fmt::format("the {} of {} must not be empty", what, ctx.op.name),
             fmt::format("give one extent per axis, e.g. [16, 64]; the signature is {}",
                         signatureText(ctx.op)));
  for (size_t k = 0; k < shape.size(); ++k)
    if (shape[k] <= 0) {
      std::vector<int64_t> fixed = shape;
      for (auto& d : fixed)
        if (d <= 0) d = d < 0 && d > -kMaxElements ? -d : 1;
      ctx.fail(argIndex,
               fmt::format("dimension {} of the {} of {} must be positive, got {}", k, what,
                           ctx.op.name, shape[k]),
               fmt::format("every extent is at least 1, e.g. {}; a partly used tile keeps its "
                           "full shape and sets valid_shape",
                           formatShape(fixed)));
    }
  for (size_t k = 0; k < shape.size(); ++k)
    if (shape[k] > kMaxDimension)
      ctx.fail(argIndex,
               fmt::format("dimension {} of the {} of {} must be at most 2^31, got {}", k, what,
                           ctx.op.name, shape[k]),
               "split the work into smaller tiles and loop over them with pl.range");
  auto n = elementCount(shape);
  if (!n || *n > kMaxElements)
    ctx.fail(argIndex,
             fmt::format("the {} {} of {} has too many elements (limit 2^40)", what,
                         formatShape(shape), ctx.op.name),
             "split the work into smaller tiles and loop over them with pl.range");
}

std::vector<int64_t> staticShapeArg(const OpCallContext& ctx, size_t i, std::string_view what) {
  std::vector<ExprPtr> elems = listArgElements(ctx, i);
  std::vector<int64_t> out;
  out.reserve(elems.size());
  for (size_t k = 0; k < elems.size(); ++k) {
    auto v = constIntValue(elems[k]);
    if (!v)
      ctx.fail(static_cast<int>(i),
               fmt::format("the {} of {} must be static (integer literals), but element {} is {}",
                           what, ctx.op.name, k, exprText(elems[k])),
               "write the largest extent as a literal and pass the runtime extent in valid_shape");
    out.push_back(*v);
  }
  checkShapeDims(ctx, static_cast<int>(i), out, what);
  return out;
}

std::vector<ExprPtr> checkValidShapeArg(const OpCallContext& ctx, size_t i,
                                        const std::vector<int64_t>& shape) {
  std::vector<ExprPtr> elems = listArgElements(ctx, i);
  if (elems.size() != shape.size())
    ctx.fail(static_cast<int>(i),
             fmt::format("the valid_shape of {} has {} entries but the shape {} has rank {}",
                         ctx.op.name, elems.size(), formatShape(shape), shape.size()),
             fmt::format("give one valid extent per axis, e.g. {}", formatShape(shape)));
  for (size_t k = 0; k < elems.size(); ++k) {
    auto v = constIntValue(elems[k]);
    if (v && (*v < 0 || *v > shape[k]))
      ctx.fail(static_cast<int>(i),
               fmt::format("valid_shape[{}] = {} of {} is outside [0, {}] (the shape is {})", k, *v,
                           ctx.op.name, shape[k], formatShape(shape)),
               fmt::format("a valid extent is at most the extent of its axis: use a value in "
                           "[0, {}], or enlarge the shape",
                           shape[k]));
  }
  return elems;
}

/// Which operand to cast for a dtype mismatch reported at argIndex (dtypes a = other, b = this
/// one): this operand when it is a tile or scalar, else the first tile argument.
static std::string sameDTypeHint(const OpCallContext& ctx, int argIndex, DType a, DType b) {
  auto castable = [&](size_t i) {
    return i < ctx.args.size() && ctx.args[i] && ctx.args[i]->type &&
           (ctx.args[i]->type->isa<TileType>() || ctx.args[i]->type->isa<ScalarType>());
  };
  // A matmul only takes float or 8-bit integer operands: cast towards a dtype it supports.
  auto matmulOk = [](DType d) { return isFloat(d) || d == DType::Int8 || d == DType::UInt8; };
  if ((ctx.op.id == OpId::Matmul || ctx.op.id == OpId::MatmulAcc) && !matmulOk(a) && matmulOk(b))
    for (size_t i = 0; i < ctx.args.size(); ++i)
      if (const TileType* t = ctx.tileArg(i); t && t->dtype == a && static_cast<int>(i) != argIndex)
        return fmt::format("cast one operand to the other's dtype, e.g. {}", castText(ctx, i, b));
  if (argIndex >= 0 && castable(static_cast<size_t>(argIndex)))
    return fmt::format("cast one operand to the other's dtype, e.g. {}",
                       castText(ctx, static_cast<size_t>(argIndex), a));
  for (size_t i = 0; i < ctx.args.size(); ++i)
    if (castable(i) && ctx.args[i]->type->isa<TileType>() &&
        ctx.args[i]->type->as<TileType>()->dtype == a)
      return fmt::format("convert it first: {}", castText(ctx, i, b));
  return fmt::format("make both pl.{} (pl.cast converts a tile)", dtypeName(a));
}

static std::string sameShapeHint(const OpCallContext& ctx, int argIndex,
                                 const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  std::string name = argIndex >= 0 ? argText(ctx, static_cast<size_t>(argIndex)) : "t";
  std::string_view op = ctx.op.name;
  std::string_view shortName = op.substr(op.find('.') + 1);
  if (a.size() == 2 && b.size() == 2 && b[0] == a[0] && b[1] == 1 &&
      OpRegistry::instance().find(fmt::format("tile.row_expand_{}", shortName)))
    return fmt::format(
        "to broadcast the [{}, 1] column along the rows, use pl.row_expand_{}({}, {})", a[0],
        shortName, argIndex == 1 ? argText(ctx, 0) : "tile", name);
  // The column first: row_expand takes the full tile first (only commutative ops can swap).
  if (a.size() == 2 && b.size() == 2 && a[0] == b[0] && a[1] == 1 && b[1] != 1 && argIndex == 1 &&
      (shortName == "add" || shortName == "mul"))
    return fmt::format(
        "to broadcast the [{}, 1] column along the rows, use pl.row_expand_{}({}, {})", a[0],
        shortName, name, argText(ctx, 0));
  auto within = [](const std::vector<int64_t>& small, const std::vector<int64_t>& big) {
    bool ok = small.size() == big.size();
    for (size_t k = 0; ok && k < small.size(); ++k) ok = small[k] <= big[k];
    return ok;
  };
  std::vector<int64_t> zeros(a.size(), 0);
  if (within(a, b))
    return fmt::format("take a window of the larger operand: pl.slice({}, {}, {})", name,
                       formatShape(a), formatShape(zeros));
  if (within(b, a)) {
    std::string other = "the other operand";
    for (size_t i = 0; i < ctx.args.size(); ++i)
      if (const TileType* t = ctx.tileArg(i); t && t->shape == a && static_cast<int>(i) != argIndex)
        other = argText(ctx, i);
    return fmt::format("take a window of the larger operand: pl.slice({}, {}, {})", other,
                       formatShape(b), formatShape(zeros));
  }
  auto na = elementCount(a), nb = elementCount(b);
  if (na && nb && *na == *nb)
    return fmt::format("reshape it: pl.reshape({}, {})", name, formatShape(a));
  return fmt::format(
      "give {} the shape {} (load a window of that shape, or pl.slice / pl.reshape "
      "it)",
      name, formatShape(a));
}

void requireRank(const OpCallContext& ctx, int argIndex, const TileType& t, size_t rank,
                 std::string_view argName) {
  if (t.shape.size() != rank)
    ctx.fail(argIndex,
             fmt::format("{} of {} must be a {}-D tile, got rank {} ({})", argName, ctx.op.name,
                         rank, t.shape.size(), describeType(&t)),
             reshapeToRankHint(argIndex >= 0 ? argText(ctx, static_cast<size_t>(argIndex)) : "t",
                               t.shape, rank));
}

void requireMinRank(const OpCallContext& ctx, int argIndex, const TileType& t, size_t rank,
                    std::string_view argName) {
  if (t.shape.size() < rank)
    ctx.fail(argIndex,
             fmt::format("{} of {} must have rank >= {}, got rank {} ({})", argName, ctx.op.name,
                         rank, t.shape.size(), describeType(&t)),
             reshapeToRankHint(argIndex >= 0 ? argText(ctx, static_cast<size_t>(argIndex)) : "t",
                               t.shape, rank));
}

void requireSameDType(const OpCallContext& ctx, int argIndex, DType a, DType b,
                      std::string_view what) {
  if (a != b)
    ctx.fail(argIndex,
             fmt::format("{} of {} must have the same dtype, got {} and {}", what, ctx.op.name,
                         dtypeName(a), dtypeName(b)),
             sameDTypeHint(ctx, argIndex, a, b));
}

std::vector<int64_t> concatLastAxis(const OpCallContext& ctx, const std::vector<int64_t>& a,
                                    const std::vector<int64_t>& b) {
  if (a.empty() || a.size() != b.size() || !std::equal(a.begin(), a.end() - 1, b.begin()))
    ctx.fail(1, fmt::format("{}: {} and {} differ outside the last axis", ctx.op.name,
                            formatShape(a), formatShape(b)));
  std::vector<int64_t> shape = a;
  shape.back() += b.back();
  return shape;
}

void requireSameShape(const OpCallContext& ctx, int argIndex, const std::vector<int64_t>& a,
                      const std::vector<int64_t>& b, std::string_view what) {
  if (a != b)
    ctx.fail(argIndex,
             fmt::format("{} of {} must have the same shape, got {} and {}", what, ctx.op.name,
                         formatShape(a), formatShape(b)),
             sameShapeHint(ctx, argIndex, a, b));
}

void requireFloat(const OpCallContext& ctx, int argIndex, DType d, std::string_view what) {
  if (!isFloat(d))
    ctx.fail(
        argIndex,
        fmt::format("{} requires a floating-point {}, got {}", ctx.op.name, what, dtypeName(d)),
        argIndex >= 0 && ctx.args.size() > static_cast<size_t>(argIndex) &&
                ctx.args[static_cast<size_t>(argIndex)]->type->isa<TileType>()
            ? fmt::format("cast it first: {}",
                          castText(ctx, static_cast<size_t>(argIndex), DType::FP32))
            : std::string("use a floating-point operand (FP32, FP16 or BF16)"));
}

void requireScalarCompatible(const OpCallContext& ctx, int argIndex, DType scalar, DType elem) {
  if (scalar == DType::Bool && elem != DType::Bool)
    ctx.fail(argIndex,
             fmt::format("{} cannot combine a BOOL scalar with {} elements", ctx.op.name,
                         dtypeName(elem)),
             fmt::format("use a numeric scalar, e.g. pl.const({}, pl.{})",
                         isFloat(elem) ? "1.0" : "1", dtypeName(elem)));
  if (isFloat(scalar) && !isFloat(elem))
    ctx.fail(argIndex,
             fmt::format("{} cannot combine a {} scalar with {} elements", ctx.op.name,
                         dtypeName(scalar), dtypeName(elem)),
             fmt::format("cast the operand first, or write the scalar as an integer"));
}

// ---- Vector registers ----------------------------------------------------------------------

int64_t registerLanes(DType dtype) { return target::registerLanes(dtypeBits(dtype)); }

bool isValidMaskLanes(int64_t lanes) { return target::isRegisterLaneCount(lanes); }

bool isVRegElementType(DType dtype) { return dtype != DType::Bool && dtype != DType::Index; }

}  // namespace ptoc::ops