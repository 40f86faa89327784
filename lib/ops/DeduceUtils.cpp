// Helpers shared by the op families' type deduction (see DeduceUtils.h).
#include "ptoc/ops/DeduceUtils.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace ptoc::ops {

using namespace ir;

// ---- Describing things in messages -------------------------------------------------------

std::string formatShape(const std::vector<int64_t>& shape) {
  return fmt::format("[{}]", fmt::join(shape, ", "));
}

std::string describeType(const Type* t) {
  if (!t) return "no type";
  switch (t->kind) {
    case TypeKind::Unknown:
      return "Unknown";
    case TypeKind::Scalar:
      return fmt::format("Scalar[{}]", dtypeName(t->as<ScalarType>()->dtype));
    case TypeKind::Tensor: {
      const auto* tt = t->as<TensorType>();
      return fmt::format("Tensor[{}, {}]", formatShape(tt->shape), dtypeName(tt->dtype));
    }
    case TypeKind::Tile: {
      const auto* tt = t->as<TileType>();
      std::string s = fmt::format("Tile[{}, {}", formatShape(tt->shape), dtypeName(tt->dtype));
      if (tt->memory) s += fmt::format(", {}", toString(*tt->memory));
      if (tt->view && !tt->view->validShape.empty())
        s += fmt::format(", valid_shape={}", formatExprList(tt->view->validShape));
      return s + "]";
    }
    case TypeKind::VReg: {
      const auto* v = t->as<VRegType>();
      return fmt::format("VReg[{}, {}]", v->lanes, dtypeName(v->dtype));
    }
    case TypeKind::Mask:
      return fmt::format("Mask[{}]", t->as<MaskType>()->lanes);
    case TypeKind::Tuple: {
      std::vector<std::string> parts;
      for (const auto& e : t->as<TupleType>()->types) parts.push_back(describeType(e));
      return fmt::format("tuple[{}]", fmt::join(parts, ", "));
    }
  }
  return "Unknown";
}

static std::string_view binarySymbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Sub:
      return "-";
    case BinaryOp::Mul:
      return "*";
    case BinaryOp::Div:
      return "/";
    case BinaryOp::FloorDiv:
      return "//";
    case BinaryOp::FloorMod:
      return "%";
    case BinaryOp::Pow:
      return "**";
    case BinaryOp::Eq:
      return "==";
    case BinaryOp::Ne:
      return "!=";
    case BinaryOp::Lt:
      return "<";
    case BinaryOp::Le:
      return "<=";
    case BinaryOp::Gt:
      return ">";
    case BinaryOp::Ge:
      return ">=";
    case BinaryOp::And:
      return "and";
    case BinaryOp::Or:
      return "or";
    case BinaryOp::BitAnd:
      return "&";
    case BinaryOp::BitOr:
      return "|";
    case BinaryOp::BitXor:
      return "^";
    case BinaryOp::Shl:
      return "<<";
    case BinaryOp::Shr:
      return ">>";
    case BinaryOp::Min:
    case BinaryOp::Max:
      return "";
  }
  return "?";
}

std::string formatExpr(const ExprPtr& e) {
  if (!e) return "<null>";
  switch (e->kind) {
    case ExprKind::Var:
    case ExprKind::IterArg:
      return e->as<Var>()->name;
    case ExprKind::ConstInt:
      return std::to_string(e->as<ConstInt>()->value);
    case ExprKind::ConstFloat:
      return fmt::format("{}", e->as<ConstFloat>()->value);
    case ExprKind::ConstBool:
      return e->as<ConstBool>()->value ? "True" : "False";
    case ExprKind::Binary: {
      const auto* b = e->as<BinaryExpr>();
      if (b->op == BinaryOp::Min || b->op == BinaryOp::Max)
        return fmt::format("pl.{}({}, {})", b->op == BinaryOp::Min ? "min" : "max",
                           formatExpr(b->lhs), formatExpr(b->rhs));
      return fmt::format("({} {} {})", formatExpr(b->lhs), binarySymbol(b->op), formatExpr(b->rhs));
    }
    case ExprKind::Unary:
      return fmt::format("{}({})", unaryOpName(e->as<UnaryExpr>()->op),
                         formatExpr(e->as<UnaryExpr>()->operand));
    case ExprKind::MakeTuple:
      return formatExprList(e->as<MakeTuple>()->elements);
    case ExprKind::Call:
      return e->as<Call>()->callee + "(...)";
    case ExprKind::Select:
    case ExprKind::BufferLoad:
    case ExprKind::TupleGetItem:
      break;
  }
  return "<expr>";
}

std::string formatExprList(const std::vector<ExprPtr>& es) {
  std::vector<std::string> parts;
  parts.reserve(es.size());
  for (const auto& e : es) parts.push_back(formatExpr(e));
  return fmt::format("[{}]", fmt::join(parts, ", "));
}

std::string formatAttrValue(const AttrValue& v) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return fmt::format("{}", d); }
    std::string operator()(const std::string& s) const { return fmt::format("\"{}\"", s); }
    std::string operator()(DType d) const { return fmt::format("pl.{}", dtypeName(d)); }
    std::string operator()(MemorySpace m) const { return fmt::format("pl.Mem.{}", toString(m)); }
    std::string operator()(TileLayout l) const {
      return fmt::format("pl.TileLayout.{}", toString(l));
    }
    std::string operator()(PadValue p) const { return fmt::format("pl.PadValue.{}", toString(p)); }
    std::string operator()(SplitMode s) const {
      return fmt::format("pl.SplitMode.{}", toString(s));
    }
  };
  return std::visit(Visitor{}, v);
}

std::string_view attrKindDescription(AttrKind k) {
  switch (k) {
    case AttrKind::Bool:
      return "a bool (True/False)";
    case AttrKind::Int:
      return "an integer";
    case AttrKind::Float:
      return "a number";
    case AttrKind::String:
      return "a string";
    case AttrKind::DType:
      return "a dtype (pl.FP32, pl.INT32, ...)";
    case AttrKind::MemorySpace:
      return "a memory space (pl.Mem.Vec, pl.Mem.Mat, ...)";
    case AttrKind::TileLayout:
      return "a tile layout (pl.TileLayout.row_major, ...)";
    case AttrKind::PadValue:
      return "a pad value (pl.PadValue.zero, ...)";
    case AttrKind::SplitMode:
      return "a split mode (pl.SplitMode.NONE|UP_DOWN|LEFT_RIGHT or 0/1/2)";
  }
  return "a value";
}

std::string_view argKindDescription(ArgKind k) {
  switch (k) {
    case ArgKind::Tile:
      return "a tile";
    case ArgKind::Tensor:
      return "a tensor";
    case ArgKind::TileOrTensor:
      return "a tile or a tensor";
    case ArgKind::Scalar:
      return "a scalar";
    case ArgKind::IntScalar:
      return "an integer scalar";
    case ArgKind::IntList:
      return "a list of integers";
    case ArgKind::VReg:
      return "a vector register";
    case ArgKind::Mask:
      return "a mask";
    case ArgKind::Any:
      return "a value";
  }
  return "a value";
}

std::string memorySpaceList(const std::vector<MemorySpace>& spaces) {
  std::string out;
  for (size_t i = 0; i < spaces.size(); ++i) {
    if (i > 0) out += i + 1 == spaces.size() ? " or " : ", ";
    out += toString(spaces[i]);
  }
  return out;
}

std::string ordinal(size_t n) {
  std::string_view suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return fmt::format("{}{}", n, suffix);
}

// ---- Hints ---------------------------------------------------------------------------------

std::string dslName(const OpDef& op) {
  std::string_view n = op.name;
  if (n.starts_with("tile.")) return fmt::format("pl.{}", n.substr(5));
  return fmt::format("pl.{}", n);
}

std::string signatureText(const OpDef& op) {
  if (op.name == "tile.cast") return "pl.cast(tile, pl.FP16)";
  std::vector<std::string> parts;
  for (const auto& a : op.args) parts.push_back(a.optional ? "[" + a.name + "]" : a.name);
  for (const auto& k : op.kwargs) {
    if (k.defaultValue)
      parts.push_back(fmt::format("{}={}", k.name, formatAttrValue(*k.defaultValue)));
    else if (!k.allowed.empty())
      parts.push_back(fmt::format("{}={}", k.name, formatAttrValue(k.allowed.front())));
    else
      parts.push_back(fmt::format("{}=...", k.name));
  }
  return fmt::format("{}({})", dslName(op), fmt::join(parts, ", "));
}

std::string argText(const OpCallContext& ctx, size_t i) {
  if (i < ctx.args.size() && ctx.args[i]) {
    std::string s = formatExpr(ctx.args[i]);
    if (!s.empty() && s.size() <= 32 && s.find('<') == std::string::npos &&
        s.find("(...)") == std::string::npos)
      return s;
  }
  return i < ctx.op.args.size() ? ctx.op.args[i].name : "x";
}

std::string castText(const OpCallContext& ctx, size_t i, DType to) {
  return fmt::format("pl.cast({}, pl.{})", argText(ctx, i), dtypeName(to));
}

std::string loadFirstHint(const std::string& name, const TensorType& tensor,
                          const std::vector<MemorySpace>& memory) {
  std::vector<int64_t> zeros(tensor.shape.size(), 0);
  std::string window =
      fmt::format("pl.load({}, {}, {}", name, formatShape(zeros), formatShape(tensor.shape));
  auto allows = [&](MemorySpace m) {
    return memory.empty() || std::find(memory.begin(), memory.end(), m) != memory.end();
  };
  if (allows(MemorySpace::Vec)) return fmt::format("load it first: `{}_t = {})`", name, window);
  if (allows(MemorySpace::Mat))
    return fmt::format("load it first: `{}_t = {}, target_memory=pl.Mem.Mat)`", name, window);
  MemorySpace to = memory.front();
  return fmt::format(
      "load it into Mat and move it: `{}_t = pl.move({}, target_memory=pl.Mem.Mat), "
      "target_memory=pl.Mem.{})`",
      name, window, toString(to));
}

std::string reshapeToRankHint(const std::string& name, const std::vector<int64_t>& shape,
                              size_t rank) {
  if (rank == 0 || shape.empty()) return {};
  std::vector<int64_t> to;
  if (rank >= shape.size()) {
    to.assign(rank - shape.size(), 1);
    to.insert(to.end(), shape.begin(), shape.end());
  } else {
    size_t merged = shape.size() - rank + 1;
    int64_t lead = 1;
    for (size_t k = 0; k < merged; ++k)
      if (__builtin_mul_overflow(lead, shape[k], &lead)) return {};
    to.push_back(lead);
    to.insert(to.end(), shape.begin() + static_cast<std::ptrdiff_t>(merged), shape.end());
  }
  return fmt::format("reshape it to rank {}: pl.reshape({}, {})", rank, name, formatShape(to));
}

// ---- Index expressions ---------------------------------------------------------------------

std::optional<int64_t> constIntValue(const ExprPtr& e) {
  if (!e) return std::nullopt;
  if (const auto* c = e->as<ConstInt>()) return c->value;
  return std::nullopt;
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t out = 0;
  if (!__builtin_add_overflow(a, b, &out)) return out;
  return b > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
}

ExprPtr indexConst(int64_t v) { return std::make_shared<ConstInt>(v, DType::Index, Span{}); }

static TypePtr scalarTypeOf(const ExprPtr& e) {
  if (e && e->type && e->type->isa<ScalarType>()) return e->type;
  return ScalarType::get(DType::Index);
}

static ExprPtr binary(BinaryOp op, const ExprPtr& a, const ExprPtr& b) {
  return std::make_shared<BinaryExpr>(op, a, b, scalarTypeOf(a), Span{});
}

ExprPtr ceilHalfExpr(const ExprPtr& e) {
  if (auto v = constIntValue(e)) return indexConst(*v / 2 + *v % 2);
  ExprPtr one = std::make_shared<ConstInt>(1, scalarTypeOf(e)->as<ScalarType>()->dtype, Span{});
  ExprPtr two = std::make_shared<ConstInt>(2, scalarTypeOf(e)->as<ScalarType>()->dtype, Span{});
  return binary(BinaryOp::FloorDiv, binary(BinaryOp::Add, e, one), two);
}

ExprPtr doubleExpr(const ExprPtr& e) {
  if (auto v = constIntValue(e)) {
    int64_t out = 0;
    if (!__builtin_mul_overflow(*v, int64_t{2}, &out)) return indexConst(out);
  }
  ExprPtr two = std::make_shared<ConstInt>(2, scalarTypeOf(e)->as<ScalarType>()->dtype, Span{});
  return binary(BinaryOp::Mul, e, two);
}

ExprPtr subExpr(const ExprPtr& a, const ExprPtr& b) {
  auto va = constIntValue(a), vb = constIntValue(b);
  int64_t out = 0;
  if (va && vb && !__builtin_sub_overflow(*va, *vb, &out)) return indexConst(out);
  if (vb && *vb == 0) return a;
  return binary(BinaryOp::Sub, a, b);
}

ExprPtr minExpr(const ExprPtr& a, const ExprPtr& b) {
  auto va = constIntValue(a), vb = constIntValue(b);
  if (va && vb) return indexConst(std::min(*va, *vb));
  return binary(BinaryOp::Min, a, b);
}

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
static constexpr int64_t kMaxElements = int64_t{1} << 40;

std::optional<std::string> malformedTypeReason(const Type& t) {
  if (const auto* shape = shapeOf(t)) {
    for (size_t k = 0; k < shape->size(); ++k)
      if ((*shape)[k] <= 0)
        return fmt::format("dimension {} of {} is not positive", k, describeType(&t));
    auto n = elementCount(*shape);
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

std::optional<int64_t> elementCount(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(n, d, &n)) return std::nullopt;
  return n;
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
                           what, ctx.op.name, k, formatExpr(elems[k])),
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
  if (ctx.op.role == OpRole::Matmul && !matmulOk(a) && matmulOk(b))
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

int64_t registerLanes(DType dtype) {
  return kVRegBytes * 8 / static_cast<int64_t>(dtypeBits(dtype));
}

bool isValidMaskLanes(int64_t lanes) { return lanes == 64 || lanes == 128 || lanes == 256; }

bool isVRegElementType(DType dtype) { return dtype != DType::Bool && dtype != DType::Index; }

}  // namespace ptoc::ops
