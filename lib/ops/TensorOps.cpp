// Tensor-level ops (PyPTO's `tensor.*` family): operations on whole GM tensors, the form in
// which orchestration code and tensor-level kernels are written before a conversion pass
// turns them into tile loads, tile ops and stores. Their operands and results are Tensor
// values (a type family distinct from tiles): `pl.add(a, b)` on two tensors is tensor.add,
// on two tiles tile.add. They have no on-chip memory space and run on whichever core the
// code is placed on (affinity SHARED); broadcasting follows numpy (trailing axes, extent 1).
#include <fmt/format.h>

#include <algorithm>

#include "OpTable.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

/// The pad values a fill op takes (PyPTO's normalize_pad_value: not PadValue.null).
const std::vector<ir::AttrValue> kFillPadValues = {PadValue::Zero, PadValue::Max, PadValue::Min};

TypePtr tensorOf(std::vector<int64_t> shape, DType d) {
  return TensorType::get(std::move(shape), d);
}

/// The element-type rule of tensor arithmetic: operands of one dtype.
void requireTensorNumeric(const OpCallContext& ctx, int argIndex, DType d) {
  if (d == DType::Bool || d == DType::Index)
    ctx.fail(argIndex, fmt::format("{} does not operate on {} tensors", ctx.op.name, dtypeName(d)),
             "cast the tensor to a numeric dtype first (pl.tensor.cast)");
}

std::vector<int64_t> broadcastShapes(const OpCallContext& ctx, const std::vector<int64_t>& a,
                                     const std::vector<int64_t>& b) {
  size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> out(rank);
  for (size_t k = 0; k < rank; ++k) {
    int64_t x = k < rank - a.size() ? 1 : a[k - (rank - a.size())];
    int64_t y = k < rank - b.size() ? 1 : b[k - (rank - b.size())];
    if (x != y && x != 1 && y != 1)
      ctx.fail(1,
               fmt::format("{}: shapes {} and {} do not broadcast (axis {}: {} vs {})", ctx.op.name,
                           formatShape(a), formatShape(b), k, x, y),
               "make the extents equal, or 1 on the axis to broadcast");
    out[k] = std::max(x, y);
  }
  return out;
}

TypePtr deduceBinary(const OpCallContext& ctx) {
  const TensorType& a = tensorArgRef(ctx, 0);
  const TensorType& b = tensorArgRef(ctx, 1);
  requireTensorNumeric(ctx, 0, a.dtype);
  requireSameDType(ctx, 1, a.dtype, b.dtype, "the operands");
  if (a.shape == b.shape) return ctx.args[0]->type;
  return tensorOf(broadcastShapes(ctx, a.shape, b.shape), a.dtype);
}

TypePtr deduceBitwise(const OpCallContext& ctx) {
  const TensorType& a = tensorArgRef(ctx, 0);
  const TensorType& b = tensorArgRef(ctx, 1);
  if (!isInteger(a.dtype))
    ctx.fail(0, fmt::format("{} needs integer tensors, got {}", ctx.op.name, dtypeName(a.dtype)),
             "cast to an integer dtype first");
  requireSameDType(ctx, 1, a.dtype, b.dtype, "the operands");
  requireSameShape(ctx, 1, a.shape, b.shape, "the operands (no broadcasting for bitwise ops)");
  return ctx.args[0]->type;
}

TypePtr deduceTensorScalar(const OpCallContext& ctx) {
  const TensorType& a = tensorArgRef(ctx, 0);
  requireTensorNumeric(ctx, 0, a.dtype);
  requireScalarCompatible(ctx, 1, scalarArgDType(ctx, 1), a.dtype);
  return ctx.args[0]->type;
}

TypePtr deduceIntTensorScalar(const OpCallContext& ctx) {
  const TensorType& a = tensorArgRef(ctx, 0);
  if (!isInteger(a.dtype))
    ctx.fail(0, fmt::format("{} needs an integer tensor, got {}", ctx.op.name, dtypeName(a.dtype)),
             "cast to an integer dtype first");
  return ctx.args[0]->type;
}

TypePtr deduceUnary(const OpCallContext& ctx) {
  requireTensorNumeric(ctx, 0, tensorArgRef(ctx, 0).dtype);
  return ctx.args[0]->type;
}

TypePtr deduceUnaryFloat(const OpCallContext& ctx) {
  requireFloat(ctx, 0, tensorArgRef(ctx, 0).dtype, "tensor");
  return ctx.args[0]->type;
}

TypePtr deduceNot(const OpCallContext& ctx) {
  const TensorType& a = tensorArgRef(ctx, 0);
  if (!isInteger(a.dtype) && a.dtype != DType::Bool)
    ctx.fail(
        0, fmt::format("tensor.not_ needs an integer or BOOL tensor, got {}", dtypeName(a.dtype)));
  return ctx.args[0]->type;
}

TypePtr deduceCmp(const OpCallContext& ctx) {
  const TensorType& a = tensorArgRef(ctx, 0);
  if (const auto* b = ctx.tensorArg(1)) {
    requireSameDType(ctx, 1, a.dtype, b->dtype, "the operands");
    return tensorOf(broadcastShapes(ctx, a.shape, b->shape), a.dtype);
  }
  return tensorOf(a.shape, a.dtype);
}

const TensorType& rank2(const OpCallContext& ctx, size_t i) {
  const TensorType& t = tensorArgRef(ctx, i);
  if (t.shape.size() < 2)
    ctx.fail(
        static_cast<int>(i),
        fmt::format("{} needs a tensor of rank >= 2, got {}", ctx.op.name, formatShape(t.shape)),
        "reshape it to [rows, cols] first");
  return t;
}

TypePtr deduceRowReduce(const OpCallContext& ctx) {
  const TensorType& t = rank2(ctx, 0);
  auto shape = t.shape;
  shape.back() = 1;
  return tensorOf(shape, t.dtype);
}

TypePtr deduceColReduce(const OpCallContext& ctx) {
  const TensorType& t = rank2(ctx, 0);
  auto shape = t.shape;
  shape[shape.size() - 2] = 1;
  return tensorOf(shape, t.dtype);
}

TypePtr deduceArgReduce(const OpCallContext& ctx, bool row) {
  const TensorType& t = rank2(ctx, 0);
  auto shape = t.shape;
  shape[row ? shape.size() - 1 : shape.size() - 2] = 1;
  return tensorOf(shape, DType::Int32);
}

/// tensor [.., M, N] (op) vector [.., M, 1] (row) or [.., 1, N] (col).
TypePtr deduceExpand(const OpCallContext& ctx, bool row) {
  const TensorType& t = rank2(ctx, 0);
  const TensorType& v = rank2(ctx, 1);
  requireSameDType(ctx, 1, t.dtype, v.dtype, "the operands");
  auto want = t.shape;
  want[row ? want.size() - 1 : want.size() - 2] = 1;
  if (v.shape != want && v.shape != t.shape)
    ctx.fail(
        1,
        fmt::format("{}: the {} vector must have shape {}, got {}", ctx.op.name,
                    row ? "row" : "column", formatShape(want), formatShape(v.shape)),
        row ? "a row vector keeps one column: [M, 1]" : "a column vector keeps one row: [1, N]");
  return ctx.args[0]->type;
}

TypePtr deduceCreate(const OpCallContext& ctx) {
  const DType* d = getAttr<DType>(ctx.kwargs, "dtype");
  PTOC_CHECK(d, "tensor.create: dtype missing after validation");
  if (*d == DType::Index)
    ctx.failKwarg("dtype", "INDEX is not a tensor element type", "use pl.INT32 or pl.INT64");
  // PyPTO's runtime pre-fill: zero for every dtype, other values not for FP16 / BF16.
  if (const double* v = getAttr<double>(ctx.kwargs, "init_value");
      v && *v != 0.0 && (*d == DType::FP16 || *d == DType::BF16))
    ctx.failKwarg("init_value",
                  fmt::format("init_value={} cannot pre-fill a {} tensor: the runtime fills "
                              "FP16 / BF16 tensors with zero only",
                              *v, dtypeName(*d)),
                  "use init_value=0, or fill it with pl.full");
  if (auto shape = ctx.staticIntList(0)) return tensorOf(staticShapeArg(ctx, 0, "shape"), *d);
  return TensorType::get(tensorExtentsArg(ctx, 0), *d, false, std::nullopt);  // dynamic dims
}

TypePtr deduceRead(const OpCallContext& ctx) {
  const TensorType& t = tensorArgRef(ctx, 0);
  auto idx = listArgElements(ctx, 1);
  if (idx.size() != t.shape.size())
    ctx.fail(1,
             fmt::format("{} needs {} index(es) for a tensor of rank {}, got {}", ctx.op.name,
                         t.shape.size(), t.shape.size(), idx.size()),
             "give one index per axis");
  return ScalarType::get(t.dtype);
}

TypePtr deduceWrite(const OpCallContext& ctx) {
  deduceRead(ctx);
  requireScalarCompatible(ctx, 2, scalarArgDType(ctx, 2), tensorArgRef(ctx, 0).dtype);
  return ctx.args[0]->type;
}

TypePtr deduceDim(const OpCallContext& ctx) {
  const TensorType& t = tensorArgRef(ctx, 0);
  if (const auto* c = ctx.args[1]->as<ConstInt>()) {
    int64_t r = static_cast<int64_t>(t.shape.size());
    if (c->value < -r || c->value >= r)
      ctx.fail(1, fmt::format("axis {} is out of range for a tensor of rank {}", c->value, r),
               fmt::format("use an axis in [-{}, {})", r, r));
  }
  return ScalarType::get(DType::Index);
}

/// PyPTO's rule: an MX-layout tensor (pl.MX_A_ZZ / pl.MX_B_NN, block scales in a packed
/// layout) is loaded whole; a slice or a zero-copy view of it is not defined.
void rejectMxSource(const OpCallContext& ctx, const TensorType& t) {
  if (t.view &&
      (t.view->layout == TensorLayout::MX_A_ZZ || t.view->layout == TensorLayout::MX_B_NN))
    ctx.fail(0,
             fmt::format("{} does not support MX-layout tensors (layout {})", ctx.op.name,
                         t.view->layout == TensorLayout::MX_A_ZZ ? "MX_A_ZZ" : "MX_B_NN"),
             "load the MX tensor whole (pl.load(x, offsets, shapes, target_memory=pl.Mem.Mat)) "
             "and take the window of the tile");
}

/// The tensor with its view's valid_shape replaced (PyPTO keeps the narrowed extent on the
/// tensor type: a window write of the valid extent then fits it).
TypePtr withValidShape(const TensorType& t, std::vector<ExprPtr> valid) {
  TensorView view = t.view.value_or(TensorView{});
  view.validShape = std::move(valid);
  return TensorType::get(t.extents(), t.dtype, t.distributed, std::move(view));
}

/// A shape argument with a symbolic extent (a pl.dynamic dim, a scalar): nullopt when every
/// extent is a constant (the caller takes the static path).
std::optional<std::vector<ExprPtr>> symbolicShape(const OpCallContext& ctx, size_t i) {
  std::vector<ExprPtr> elems = listArgElements(ctx, i);
  bool symbolic = false;
  for (const ExprPtr& x : elems) symbolic = symbolic || !constIntValue(x);
  if (!symbolic) return std::nullopt;
  for (size_t k = 0; k < elems.size(); ++k)
    if (auto v = constIntValue(elems[k]); v && *v <= 0)
      ctx.fail(static_cast<int>(i),
               fmt::format("dimension {} of the shape of {} must be positive, got {}", k,
                           ctx.op.name, *v),
               "every extent is at least 1");
  return elems;
}

/// tensor.slice's window (argument 1) and offsets (argument 2) have one entry per tensor axis.
void requireWindowRank(const OpCallContext& ctx, size_t rank, const TensorType& t) {
  if (rank != t.shape.size())
    ctx.fail(1,
             fmt::format("{}: the window has rank {} but the tensor has rank {}", ctx.op.name, rank,
                         t.shape.size()),
             "give the window one extent per axis of the tensor");
  if (listArgElements(ctx, 2).size() != t.shape.size())
    ctx.fail(2, fmt::format("{} needs one offset per axis ({})", ctx.op.name, t.shape.size()),
             "give one offset per axis of the tensor");
}

/// tensor.slice with a symbolic extent (PyPTO: `x[i]` of Tensor[[NR, NR, 64]] keeps the axis
/// NR): a tensor with that dynamic dimension; the simulator sizes the window at run time.
TypePtr deduceSymbolicSlice(const OpCallContext& ctx, const TensorType& t,
                            std::vector<ExprPtr> shape) {
  requireWindowRank(ctx, shape.size(), t);
  for (size_t k = 0; k < shape.size(); ++k)
    if (auto v = constIntValue(shape[k]); v && !t.isDynamic(k) && *v > t.shape[k])
      ctx.fail(1,
               fmt::format("{}: window extent {} on axis {} exceeds the tensor's {}", ctx.op.name,
                           *v, k, t.shape[k]),
               "a window must fit inside the tensor; shrink the extent");
  std::optional<TensorView> view;
  if (ctx.args.size() > 3) {
    view = TensorView{};
    view->validShape = listArgElements(ctx, 3);
    if (view->validShape.size() != shape.size())
      ctx.fail(3,
               fmt::format("the valid_shape of {} has {} entries but the window has rank {}",
                           ctx.op.name, view->validShape.size(), shape.size()),
               "give one valid extent per axis");
  }
  return TensorType::get(shape, t.dtype, false, std::move(view));
}

TypePtr deduceSlice(const OpCallContext& ctx) {
  const TensorType& t = tensorArgRef(ctx, 0);
  rejectMxSource(ctx, t);
  if (auto sym = symbolicShape(ctx, 1)) return deduceSymbolicSlice(ctx, t, std::move(*sym));
  auto shape = staticShapeArg(ctx, 1, "shape");
  requireWindowRank(ctx, shape.size(), t);
  for (size_t k = 0; k < shape.size(); ++k)
    if (!(t.shape[k] == kDynamicDim) && shape[k] > t.shape[k])  // dynamic: checked at run time
      ctx.fail(1,
               fmt::format("{}: window extent {} on axis {} exceeds the tensor's {}", ctx.op.name,
                           shape[k], k, t.shape[k]),
               "a window must fit inside the tensor; shrink the extent");
  if (ctx.args.size() > 3) {
    std::vector<ExprPtr> valid = checkValidShapeArg(ctx, 3, shape);
    return withValidShape(*tensorOf(shape, t.dtype)->as<TensorType>(), std::move(valid));
  }
  return tensorOf(shape, t.dtype);
}

TypePtr deduceAssemble(const OpCallContext& ctx) {
  const TensorType& dst = tensorArgRef(ctx, 0);
  const TensorType& src = tensorArgRef(ctx, 1);
  requireSameDType(ctx, 1, dst.dtype, src.dtype, "the target and the source");
  // A source of lower rank lands on the target's trailing axes (PyPTO: a [4, 16] chunk into
  // a [2, 4, 16] target at [b, 0, 0]); a higher rank has no place.
  if (src.shape.size() > dst.shape.size())
    ctx.fail(1,
             fmt::format("{}: the source has rank {} but the target has rank {}", ctx.op.name,
                         src.shape.size(), dst.shape.size()),
             "reshape the source to the target's rank first (pl.tensor.reshape)");
  if (listArgElements(ctx, 2).size() != dst.shape.size())
    ctx.fail(2, fmt::format("{} needs one offset per axis ({})", ctx.op.name, dst.shape.size()),
             "give one offset per axis of the target");
  return ctx.args[0]->type;
}

TypePtr deduceReshape(const OpCallContext& ctx) {
  const TensorType& t = tensorArgRef(ctx, 0);
  rejectMxSource(ctx, t);
  if (auto sym = symbolicShape(ctx, 1)) {
    // A symbolic reshape only adds or drops unit axes: the other extents stay, in order.
    auto nonUnit = [](const std::vector<ExprPtr>& xs) {
      std::vector<std::string> out;
      for (const ExprPtr& x : xs)
        if (constIntValue(x) != std::optional<int64_t>(1)) out.push_back(exprText(x));
      return out;
    };
    if (nonUnit(*sym) != nonUnit(t.extents()))
      ctx.fail(1,
               fmt::format("{} of {} to {} changes a symbolic extent; a reshape with a dynamic "
                           "dimension may only add or drop unit axes",
                           ctx.op.name, describeType(&t), formatExprList(*sym)),
               "keep the dynamic extents in order and add or drop only axes of extent 1");
    return TensorType::get(*sym, t.dtype, false, std::nullopt);
  }
  if (!t.isStatic())
    ctx.fail(0,
             fmt::format("{} of {} to a static shape: the element count is known only at run "
                         "time",
                         ctx.op.name, describeType(&t)),
             "keep the dynamic extent in the new shape (add or drop unit axes only), or load a "
             "static-shape window first");
  auto shape = staticShapeArg(ctx, 1, "shape");
  if (elementCount(shape) != elementCount(t.shape))
    ctx.fail(1,
             fmt::format("{}: {} has {} elements but {} has {}", ctx.op.name, formatShape(t.shape),
                         elementCount(t.shape).value_or(0), formatShape(shape),
                         elementCount(shape).value_or(0)),
             "keep the element count");
  return tensorOf(shape, t.dtype);
}

TypePtr deduceView(const OpCallContext& ctx) {
  const TensorType& t = tensorArgRef(ctx, 0);
  rejectMxSource(ctx, t);
  const std::string* layout = getAttr<std::string>(ctx.kwargs, "layout");
  if (ctx.args.size() < 2 && !layout)
    ctx.fail(
        -1, "tensor.view needs a shape or a layout",
        "write pl.tensor.view(x, [rows, cols]) or pl.tensor.view(x, layout=pl.TensorLayout.DN)");
  std::vector<int64_t> shape = t.shape;
  if (ctx.args.size() >= 2) {
    shape = staticShapeArg(ctx, 1, "shape");
    if (shape.empty())
      ctx.fail(1, "tensor.view cannot make a rank-0 view", "give at least one dimension");
    if (elementCount(shape) != elementCount(t.shape))
      ctx.fail(1,
               fmt::format("tensor.view: {} has {} elements but {} has {}", formatShape(t.shape),
                           elementCount(t.shape).value_or(0), formatShape(shape),
                           elementCount(shape).value_or(0)),
               "a view keeps the element count");
  }
  if (ctx.args.size() == 3) {
    auto valid = listArgElements(ctx, 2);
    if (valid.size() != shape.size())
      ctx.fail(2,
               fmt::format("the valid_shape of tensor.view has {} entries for a view of rank {}",
                           valid.size(), shape.size()),
               "give one valid extent per dimension of the view");
  }
  if (layout && *layout == "DN" && shape.size() < 2)
    ctx.fail(-1, "a DN view needs a tensor of rank 2 or more", "use layout=pl.TensorLayout.ND");
  return tensorOf(shape, t.dtype);
}

TypePtr deduceTranspose(const OpCallContext& ctx) {
  const TensorType& t = tensorArgRef(ctx, 0);
  rejectMxSource(ctx, t);
  auto axis = [&](size_t i) {
    const auto* c = ctx.args[i]->as<ConstInt>();
    int64_t r = static_cast<int64_t>(t.shape.size());
    if (!c) ctx.fail(static_cast<int>(i), "transpose axes must be integer literals");
    int64_t a = c->value < 0 ? c->value + r : c->value;
    if (a < 0 || a >= r)
      ctx.fail(static_cast<int>(i),
               fmt::format("axis {} is out of range for a tensor of rank {}", c->value, r));
    return static_cast<size_t>(a);
  };
  auto shape = t.shape;
  std::swap(shape[axis(1)], shape[axis(2)]);
  return tensorOf(shape, t.dtype);
}

TypePtr deduceCast(const OpCallContext& ctx) {
  const DType* to = getAttr<DType>(ctx.kwargs, "dtype");
  PTOC_CHECK(to, "tensor.cast: dtype missing after validation");
  return tensorOf(tensorArgRef(ctx, 0).shape, *to);
}

TypePtr deduceFull(const OpCallContext& ctx) {
  const DType* d = getAttr<DType>(ctx.kwargs, "dtype");
  PTOC_CHECK(d, "tensor.full: dtype missing after validation");
  if (auto shape = ctx.staticIntList(0)) return tensorOf(staticShapeArg(ctx, 0, "shape"), *d);
  return TensorType::get(tensorExtentsArg(ctx, 0), *d, false, std::nullopt);  // dynamic dims
}

/// The product shape of lhs (argument l) x rhs (l + 1): [.., M, K] x [.., K, N] -> [.., M, N]
/// after a_trans / b_trans (on the last two axes), the leading (batch) axes broadcast as numpy
/// does (PyPTO's batch matmul).
std::vector<int64_t> matmulShape(const OpCallContext& ctx, size_t l) {
  const TensorType& a = rank2(ctx, l);
  const TensorType& b = rank2(ctx, l + 1);
  bool ta = ctx.kwargOr<bool>("a_trans", false), tb = ctx.kwargOr<bool>("b_trans", false);
  size_t ra = a.shape.size(), rb = b.shape.size();
  int64_t m = a.shape[ta ? ra - 1 : ra - 2], k = a.shape[ta ? ra - 2 : ra - 1];
  int64_t kb = b.shape[tb ? rb - 1 : rb - 2], n = b.shape[tb ? rb - 2 : rb - 1];
  if (k != kb)
    ctx.fail(static_cast<int>(l + 1),
             fmt::format("{}: inner extents differ ({} vs {})", ctx.op.name, k, kb),
             "lhs is [.., M, K] and rhs [.., K, N] (after a_trans / b_trans)");
  requireSameDType(ctx, static_cast<int>(l + 1), a.dtype, b.dtype, "the operands");
  std::vector<int64_t> shape =
      broadcastShapes(ctx, std::vector<int64_t>(a.shape.begin(), a.shape.end() - 2),
                      std::vector<int64_t>(b.shape.begin(), b.shape.end() - 2));
  shape.push_back(m);
  shape.push_back(n);
  return shape;
}

TypePtr deduceMatmul(const OpCallContext& ctx) {
  std::vector<int64_t> shape = matmulShape(ctx, 0);
  const TensorType& a = tensorArgRef(ctx, 0);
  const DType* out = getAttr<DType>(ctx.kwargs, "out_dtype");
  DType d = out ? *out : (isInteger(a.dtype) ? DType::Int32 : DType::FP32);
  return tensorOf(std::move(shape), d);
}

TypePtr deduceMatmulAcc(const OpCallContext& ctx) {
  const TensorType& acc = rank2(ctx, 0);
  std::vector<int64_t> shape = matmulShape(ctx, 1);
  if (acc.shape != shape)
    ctx.fail(0,
             fmt::format("{}: the accumulator {} does not have the product's shape {}", ctx.op.name,
                         formatShape(acc.shape), formatShape(shape)),
             "start the accumulator with pl.matmul(lhs, rhs)");
  return ctx.args[0]->type;
}

TypePtr deduceExpands(const OpCallContext& ctx) {
  requireScalarCompatible(ctx, 1, scalarArgDType(ctx, 1), tensorArgRef(ctx, 0).dtype);
  return ctx.args[0]->type;
}

TypePtr deduceLikeFirst(const OpCallContext& ctx) { return ctx.args[0]->type; }

TypePtr deduceSetValid(const OpCallContext& ctx) {
  const TensorType& t = rank2(ctx, 0);
  return withValidShape(t, {ctx.args[1], ctx.args[2]});
}

TypePtr deduceConcat(const OpCallContext& ctx) {
  const TensorType& a = rank2(ctx, 0);
  const TensorType& b = rank2(ctx, 1);
  requireSameDType(ctx, 1, a.dtype, b.dtype, "the operands");
  return tensorOf(concatLastAxis(ctx, a.shape, b.shape), a.dtype);
}

}  // namespace

void registerTensorOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;
  const PipeSet scalarPipe = {Pipe::Scalar};
  const PipeSet vector = {Pipe::V};
  auto add = [&](const std::string& name) {
    return r.add("tensor." + name).affinity(CoreAffinity::Shared);
  };

  for (const char* n : {"add", "sub", "mul", "div", "maximum", "minimum", "fmod"}) {
    OpBuilder b = add(n);
    b.arg("lhs", K::Tensor).arg("rhs", K::Tensor);
    if (std::string_view(n) == "div") b.kwarg("high_precision", A::Bool, false);
    b.trait(OpTrait::Elementwise)
        .pipes(vector)
        .deduce(deduceBinary)
        .doc(fmt::format("elementwise {} of tensors (numpy broadcasting)", n));
  }
  for (const char* n : {"part_add", "part_mul", "part_max", "part_min"})
    add(n)
        .arg("lhs", K::Tensor)
        .arg("rhs", K::Tensor)
        .pipes(vector)
        .deduce(deduceBinary)
        .doc(fmt::format("{}: elementwise over the overlap of the operands", n));
  for (const char* n : {"and_", "or_", "xor", "shl", "shr"})
    add(n)
        .arg("lhs", K::Tensor)
        .arg("rhs", K::Tensor)
        .trait(OpTrait::Elementwise)
        .pipes(vector)
        .deduce(deduceBitwise)
        .doc(fmt::format("elementwise bitwise {} of integer tensors", n));
  for (const char* n : {"adds", "subs", "muls", "divs", "fmods", "maximums", "minimums"})
    add(n)
        .arg("lhs", K::Tensor)
        .arg("rhs", K::Scalar)
        .trait(OpTrait::Elementwise)
        .pipes(vector)
        .deduce(deduceTensorScalar)
        .doc(fmt::format("elementwise {} with a scalar; the tensor's type", n));
  for (const char* n : {"ands", "ors", "xors", "shls", "shrs"})
    add(n)
        .arg("lhs", K::Tensor)
        .arg("rhs", K::IntScalar)
        .trait(OpTrait::Elementwise)
        .pipes(vector)
        .deduce(deduceIntTensorScalar)
        .doc(fmt::format("elementwise bitwise {} with an integer scalar", n));
  for (const char* n : {"exp", "log", "sqrt", "rsqrt", "recip", "sin", "cos"})
    add(n)
        .arg("input", K::Tensor)
        .kwarg("high_precision", A::Bool, false)
        .trait(OpTrait::Elementwise)
        .pipes(vector)
        .deduce(deduceUnaryFloat)
        .doc(fmt::format("elementwise {} of a float tensor", n));
  for (const char* n : {"abs", "neg", "relu"})
    add(n)
        .arg("input", K::Tensor)
        .trait(OpTrait::Elementwise)
        .pipes(vector)
        .deduce(deduceUnary)
        .doc(fmt::format("elementwise {} of a tensor", n));
  add("not_")
      .arg("input", K::Tensor)
      .trait(OpTrait::Elementwise)
      .pipes(vector)
      .deduce(deduceNot)
      .doc("elementwise bitwise / logical not");
  add("cmp")
      .arg("lhs", K::Tensor)
      .arg("rhs", K::Any)
      .kwarg("cmp_type", A::Int, int64_t{0})
      .trait(OpTrait::Elementwise)
      .pipes(vector)
      .deduce(deduceCmp)
      .doc(
          "elementwise compare (cmp_type 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge) -> 0 / 1 in the "
          "operands' dtype");
  add("cast")
      .arg("input", K::Tensor)
      .requiredKwarg("dtype", A::DType)
      .kwarg("mode", A::String, std::string("round"), false,
             {std::string("none"), std::string("rint"), std::string("round"), std::string("floor"),
              std::string("ceil"), std::string("trunc"), std::string("odd")})
      .trait(OpTrait::Elementwise)
      .pipes(vector)
      .deduce(deduceCast)
      .doc("elementwise conversion to dtype");

  for (const char* n : {"row_sum", "row_max", "row_min", "row_prod"})
    add(n)
        .arg("input", K::Tensor)
        .optionalArg("tmp_tile", K::Any)
        .reduces(ReduceAxes::Last)
        .pipes(vector)
        .deduce(deduceRowReduce)
        .doc("reduce the last axis, kept as 1: [M, N] -> [M, 1]");
  for (const char* n : {"col_sum", "col_max", "col_min", "col_prod"})
    add(n)
        .arg("input", K::Tensor)
        .optionalArg("tmp_tile", K::Any)
        .reduces(ReduceAxes::First)
        .pipes(vector)
        .deduce(deduceColReduce)
        .doc("reduce the second-to-last axis, kept as 1: [M, N] -> [1, N]");
  for (const char* n : {"row_argmax", "row_argmin"})
    add(n)
        .arg("input", K::Tensor)
        .optionalArg("tmp_tile", K::Any)
        .pipes(vector)
        .deduce([](const OpCallContext& c) { return deduceArgReduce(c, true); })
        .doc("index of the extreme of each row: [M, N] -> INT32 [M, 1]");
  for (const char* n : {"col_argmax", "col_argmin"})
    add(n)
        .arg("input", K::Tensor)
        .optionalArg("tmp_tile", K::Any)
        .pipes(vector)
        .deduce([](const OpCallContext& c) { return deduceArgReduce(c, false); })
        .doc("index of the extreme of each column: [M, N] -> INT32 [1, N]");
  for (const char* n : {"", "_add", "_sub", "_mul", "_div", "_max", "_min", "_expdif"}) {
    add(fmt::format("row_expand{}", n))
        .arg("lhs", K::Tensor)
        .arg("rhs", K::Tensor)
        .trait(OpTrait::RowBroadcast)
        .pipes(vector)
        .deduce([](const OpCallContext& c) { return deduceExpand(c, true); })
        .doc("tensor [M, N] with a row vector [M, 1] broadcast along each row");
    add(fmt::format("col_expand{}", n))
        .arg("lhs", K::Tensor)
        .arg("rhs", K::Tensor)
        .pipes(vector)
        .deduce([](const OpCallContext& c) { return deduceExpand(c, false); })
        .doc("tensor [M, N] with a column vector [1, N] broadcast down each column");
  }
  add("expands")
      .arg("target", K::Tensor)
      .arg("scalar", K::Scalar)
      .pipes(vector)
      .deduce(deduceExpands)
      .doc("the target's type filled with the scalar");
  add("expand_clone")
      .arg("input", K::Tensor)
      .arg("target", K::Tensor)
      .pipes(vector)
      .deduce([](const OpCallContext& c) {
        const TensorType& s = tensorArgRef(c, 0);
        const TensorType& t = tensorArgRef(c, 1);
        requireSameDType(c, 1, s.dtype, t.dtype, "the operands");
        broadcastShapes(c, s.shape, t.shape);
        return c.args[1]->type;
      })
      .doc("input broadcast to the target's shape");

  add("create")
      .arg("shape", K::IntList)
      .requiredKwarg("dtype", A::DType)
      .kwarg("layout", A::String, std::string("ND"), false, {std::string("ND")})
      .kwarg("manual_dep", A::Bool, false)
      .kwarg("init_value", A::Float)
      .pipes(scalarPipe)
      .deduce(deduceCreate)
      .doc(
          "a new GM tensor of shape and dtype: uninitialized, or pre-filled with init_value "
          "by the runtime; manual_dep=True takes it out of automatic task dependencies");
  add("full")
      .arg("shape", K::IntList)
      .arg("value", K::Scalar)
      .requiredKwarg("dtype", A::DType)
      .pipes(vector)
      .deduce(deduceFull)
      .doc("a new tensor filled with a constant");
  add("read")
      .arg("tensor", K::Tensor, {}, MemoryEffect::Read)
      .arg("indices", K::IntList)
      .pipes(scalarPipe)
      .deduce(deduceRead)
      .doc("one element of a tensor as a scalar");
  add("write")
      .arg("tensor", K::Tensor, {}, MemoryEffect::Write)
      .arg("indices", K::IntList)
      .arg("value", K::Scalar)
      .pipes(scalarPipe)
      .sideEffects()
      .deduce(deduceWrite)
      .doc("writes one element of a tensor; the tensor");
  add("dim")
      .arg("tensor", K::Tensor)
      .arg("axis", K::IntScalar)
      .pipes(scalarPipe)
      .deduce(deduceDim)
      .doc("the extent of an axis, an INDEX scalar");
  add("slice")
      .arg("input", K::Tensor)
      .arg("shape", K::IntList)
      .arg("offset", K::IntList)
      .optionalArg("valid_shape", K::IntList)
      .pipes(scalarPipe)
      .deduce(deduceSlice)
      .doc("a static-shape window of a tensor at offset");
  // PyPTO's tensor.view: the same memory under another shape (product-preserving) and / or
  // the canonical ND / DN layout; valid_shape: the valid region of a packed collapse.
  add("view")
      .arg("input", K::Tensor)
      .optionalArg("shape", K::IntList)
      .optionalArg("valid_shape", K::IntList)
      .kwarg("layout", A::String, std::nullopt, false, {std::string("ND"), std::string("DN")})
      .pipes(scalarPipe)
      .deduce(deduceView)
      .doc("a zero-copy reinterpretation of a tensor: another shape and / or layout");
  add("assemble")
      .arg("target", K::Tensor, {}, MemoryEffect::ReadWrite)
      .arg("source", K::Tensor)
      .arg("offset", K::IntList)
      // PyPTO's AtomicType code: 0 overwrites (None_), 1 adds (Add); True / False read as 1 / 0.
      .kwarg("atomic", A::Int, int64_t{0}, false, {int64_t{0}, int64_t{1}})
      .kwargSpelling("atomic", true, int64_t{1})
      .kwargSpelling("atomic", false, int64_t{0})
      .pipes(scalarPipe)
      .deduce(deduceAssemble)
      .doc(
          "writes source into target at offset (atomic=pl.AtomicType.Add: adds into it); the "
          "target");
  add("reshape")
      .arg("input", K::Tensor)
      .arg("shape", K::IntList)
      .pipes(scalarPipe)
      .deduce(deduceReshape)
      .doc("the same elements with another shape (row-major)");
  add("transpose")
      .arg("input", K::Tensor)
      .arg("axis1", K::IntScalar)
      .arg("axis2", K::IntScalar)
      .pipes(vector)
      .deduce(deduceTranspose)
      .doc("axes axis1 and axis2 swapped");
  add("concat")
      .arg("src0", K::Tensor)
      .arg("src1", K::Tensor)
      .pipes(vector)
      .deduce(deduceConcat)
      .doc("src0 and src1 side by side along the last axis");
  add("fillpad")
      .arg("input", K::Tensor)
      .kwarg("pad_value", A::PadValue, PadValue::Zero, false, kFillPadValues)
      .pipes(vector)
      .deduce(deduceLikeFirst)
      .doc("the elements outside the valid region set to pad_value");
  add("set_validshape")
      .arg("input", K::Tensor)
      .arg("valid_rows", K::IntScalar)
      .arg("valid_cols", K::IntScalar)
      .pipes(scalarPipe)
      .deduce(deduceSetValid)
      .doc("the tensor with a valid region of valid_rows x valid_cols");
  add("matmul")
      .arg("lhs", K::Tensor)
      .arg("rhs", K::Tensor)
      .kwarg("out_dtype", A::DType)
      .kwarg("a_trans", A::Bool, false)
      .kwarg("b_trans", A::Bool, false)
      .kwarg("c_matrix_nz", A::Bool, false)
      .pipes({Pipe::M})
      .deduce(deduceMatmul)
      .doc(
          "[.., M, K] x [.., K, N] -> [.., M, N] (batch axes broadcast; FP32, INT32 for "
          "integers, or out_dtype)");
  add("matmul_acc")
      .arg("acc", K::Tensor, {}, MemoryEffect::ReadWrite)
      .arg("lhs", K::Tensor)
      .arg("rhs", K::Tensor)
      .kwarg("a_trans", A::Bool, false)
      .kwarg("b_trans", A::Bool, false)
      .pipes({Pipe::M})
      .deduce(deduceMatmulAcc)
      .doc("acc + lhs x rhs; the accumulator's type");
}

}  // namespace ptoc
