// Compute ops of the catalog (dsl.md §5): elementwise tile/tile and tile/scalar ops,
// unary math and cast, row/column reductions, row broadcasts (row_expand_*) and the
// cube matmuls. Vector ops read and write Vec tiles; matmuls read Left/Right and
// write Acc. Type deduction follows pypto-facts §4.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

constexpr MemorySpace kVec = MemorySpace::Vec;
/// PyPTO's rounding modes of a conversion (pto.tcvt rmode).
const std::vector<AttrValue> kCastModes = {
    std::string("none"), std::string("rint"),  std::string("round"), std::string("floor"),
    std::string("ceil"), std::string("trunc"), std::string("odd")};

void requireNumeric(const OpCallContext& ctx, int argIndex, DType d) {
  if (d == DType::Bool || d == DType::Index)
    ctx.fail(argIndex, fmt::format("{} does not operate on {} tiles", ctx.op.name, dtypeName(d)),
             fmt::format("cast it to a numeric dtype first: {}",
                         castText(ctx, static_cast<size_t>(std::max(argIndex, 0)),
                                  d == DType::Bool ? DType::FP16 : DType::Int32)));
}

/// The result of a vector op: the shape, valid shape and layout of its first operand, in Vec.
/// An operand already in Vec with that dtype has the result type itself: the type node is
/// shared, not rebuilt (most vector ops of a kernel; binding and every pass that re-deduces a
/// call would otherwise allocate a new tile type per op).
TypePtr vecResultLike(const OpCallContext& ctx, DType dtype) {
  const TileType& like = tileArgRef(ctx, 0);
  if (like.memory == kVec && like.dtype == dtype) return ctx.args[0]->type;
  return makeTileWithLayoutOf(like, like.shape, dtype, kVec, explicitValidOf(like));
}

// ---- elementwise ---------------------------------------------------------------------------

/// tile (op) tile: identical shapes and dtypes (no implicit broadcasting; use row_expand_*
/// for an [M, 1] operand). Shape, valid shape and layout come from lhs.
TypePtr deduceBinary(const OpCallContext& ctx) {
  const TileType& lhs = tileArgRef(ctx, 0);
  const TileType& rhs = tileArgRef(ctx, 1);
  requireNumeric(ctx, 0, lhs.dtype);
  requireSameDType(ctx, 1, lhs.dtype, rhs.dtype, "the operands");
  requireSameShape(ctx, 1, lhs.shape, rhs.shape, "the operands");
  return vecResultLike(ctx, lhs.dtype);
}

/// tile (op) scalar: the tile's type.
TypePtr deduceTileScalar(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireNumeric(ctx, 0, t.dtype);
  requireScalarCompatible(ctx, 1, scalarArgDType(ctx, 1), t.dtype);
  return vecResultLike(ctx, t.dtype);
}

TypePtr deduceUnary(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireNumeric(ctx, 0, t.dtype);
  return vecResultLike(ctx, t.dtype);
}

void checkTmp(const OpCallContext& ctx, const TileType& in);

TypePtr deduceUnaryFloat(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireFloat(ctx, 0, t.dtype, "tile");
  checkTmp(ctx, t);  // tile.rsqrt's optional scratch tile
  return vecResultLike(ctx, t.dtype);
}

TypePtr deduceCast(const OpCallContext& ctx) {
  const DType* to = getAttr<DType>(ctx.kwargs, "dtype");
  PTOC_CHECK(to, "tile.cast: dtype kwarg missing after validation");
  if (*to == DType::Index)
    ctx.failKwarg("dtype", "INDEX is not a tile element type (tile.cast dtype=pl.INDEX)",
                  "use pl.INT32 or pl.INT64");
  return vecResultLike(ctx, *to);
}

// ---- reductions ----------------------------------------------------------------------------

void checkTmp(const OpCallContext& ctx, const TileType& in) {
  if (ctx.args.size() < 2) return;
  const TileType& tmp = tileArgRef(ctx, 1);
  requireSameDType(ctx, 1, in.dtype, tmp.dtype, "the tile and its tmp tile");
  bool fits = tmp.shape.size() == in.shape.size();
  for (size_t k = 0; fits && k < in.shape.size(); ++k) fits = tmp.shape[k] >= in.shape[k];
  if (!fits)
    ctx.fail(1,
             fmt::format("the tmp tile {} of {} must have the rank of {} and be at least as large",
                         describeType(&tmp), ctx.op.name, describeType(&in)),
             fmt::format("create it with the input's shape: pl.tile.create({}, dtype=pl.{})",
                         formatShape(in.shape), dtypeName(in.dtype)));
}

/// Collapses `axis` to 1 (keepdim), in the shape and the valid shape.
TypePtr reduceAxis(const OpCallContext& ctx, size_t axis) {
  const TileType& t = tileArgRef(ctx, 0);
  requireNumeric(ctx, 0, t.dtype);
  checkTmp(ctx, t);
  std::vector<int64_t> shape = t.shape;
  shape[axis] = 1;
  std::vector<ExprPtr> valid = explicitValidOf(t);
  if (!valid.empty()) valid[axis] = indexConst(1);
  return makeTile(std::move(shape), t.dtype, kVec, std::move(valid));
}

TypePtr deduceRowReduce(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireMinRank(ctx, 0, t, 2, "the tile");
  return reduceAxis(ctx, t.shape.size() - 1);
}

TypePtr deduceColReduce(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireMinRank(ctx, 0, t, 1, "the tile");
  return reduceAxis(ctx, 0);
}

/// row_expand_*(tile [M, N], col [M, 1]): col broadcast along each row; tile's type.
TypePtr deduceRowExpand(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  const TileType& col = tileArgRef(ctx, 1);
  requireRank(ctx, 0, t, 2, "the tile");
  requireRank(ctx, 1, col, 2, "the column tile");
  requireNumeric(ctx, 0, t.dtype);
  requireSameDType(ctx, 1, t.dtype, col.dtype, "the tile and the column tile");
  if (col.shape[0] != t.shape[0] || col.shape[1] != 1)
    ctx.fail(1,
             fmt::format("the column operand of {} must have shape [{}, 1], got {}", ctx.op.name,
                         t.shape[0], formatShape(col.shape)),
             col.shape[0] == t.shape[0] && col.shape[1] == t.shape[1]
                 ? fmt::format("for two operands of the same shape use pl.{}",
                               ctx.op.name.substr(ctx.op.name.rfind('_') + 1))
                 : fmt::format("the column has one value per row of the tile: reduce it with "
                               "pl.row_sum / pl.row_max, or load a [{}, 1] window",
                               t.shape[0]));
  return vecResultLike(ctx, t.dtype);
}

// ---- matmul --------------------------------------------------------------------------------

struct MatmulShape {
  int64_t m, n;
  DType out;
  std::vector<ExprPtr> valid;
};

/// Checks lhs [M, K] x rhs [K, N] at argument positions (li, ri).
MatmulShape checkMatmul(const OpCallContext& ctx, size_t li, size_t ri) {
  const TileType& lhs = tileArgRef(ctx, li);
  const TileType& rhs = tileArgRef(ctx, ri);
  int l = static_cast<int>(li), r = static_cast<int>(ri);
  requireRank(ctx, l, lhs, 2, "lhs");
  requireRank(ctx, r, rhs, 2, "rhs");
  requireSameDType(ctx, r, lhs.dtype, rhs.dtype, "lhs and rhs");
  if (lhs.shape[1] != rhs.shape[0])
    ctx.fail(r,
             fmt::format("the inner dimensions of {} must match: lhs {} has K = {}, rhs {} has "
                         "K = {}",
                         ctx.op.name, formatShape(lhs.shape), lhs.shape[1], formatShape(rhs.shape),
                         rhs.shape[0]),
             lhs.shape[1] == rhs.shape[1]
                 ? fmt::format("rhs must be [K, N] with K = {}: pl.transpose({}, 0, 1) turns a "
                               "[N, K] tile into [K, N]",
                               lhs.shape[1], argText(ctx, ri))
                 : fmt::format("lhs is [M, K] and rhs is [K, N]: make the rows of rhs equal {} "
                               "(load or slice a [{}, {}] rhs)",
                               lhs.shape[1], lhs.shape[1], rhs.shape[1]));
  DType out = DType::FP32;
  if (isFloat(lhs.dtype))
    out = DType::FP32;
  else if (lhs.dtype == DType::Int8 || lhs.dtype == DType::UInt8)
    out = DType::Int32;
  else
    ctx.fail(l,
             fmt::format("{} does not support {} operands (expected a float type, INT8 or UINT8)",
                         ctx.op.name, dtypeName(lhs.dtype)),
             fmt::format("cast the operands to FP16 before moving them to Left/Right: {}",
                         castText(ctx, li, DType::FP16)));
  std::vector<ExprPtr> valid;
  std::vector<ExprPtr> lv = explicitValidOf(lhs), rv = explicitValidOf(rhs);
  if (!lv.empty() || !rv.empty()) valid = {validOf(lhs)[0], validOf(rhs)[1]};
  return MatmulShape{lhs.shape[0], rhs.shape[1], out, std::move(valid)};
}

TypePtr deduceMatmul(const OpCallContext& ctx) {
  MatmulShape s = checkMatmul(ctx, 0, 1);
  // pl.matmul(a, b, out_dtype=X) on tiles: the accumulator fixes the dtype; PyPTO accepts X
  // only when it is that dtype.
  if (const DType* want = getAttr<DType>(ctx.kwargs, "out_dtype"); want && *want != s.out)
    ctx.failKwarg(
        "out_dtype",
        fmt::format("out_dtype={} of {} disagrees with its accumulator dtype {}", dtypeName(*want),
                    ctx.op.name, dtypeName(s.out)),
        fmt::format("drop out_dtype, or cast the result: pl.cast(c, pl.{})", dtypeName(*want)));
  return makeTile({s.m, s.n}, s.out, MemorySpace::Acc, std::move(s.valid));
}

/// MX block-scale matmul (A5): lhs [M, K] and rhs [K, N] FP8E4M3FN, their FP8E8M0 scales
/// [M, ceil(K / 32)] and [ceil(K / 32), N] (one shared exponent per 32 elements along K),
/// at argument positions first .. first + 3. The result: Acc [M, N] FP32.
MatmulShape checkMatmulMx(const OpCallContext& ctx, size_t first) {
  MatmulShape s = checkMatmul(ctx, first, first + 2);
  const TileType& lhs = tileArgRef(ctx, first);
  if (lhs.dtype != DType::FP8E4M3FN)
    ctx.fail(static_cast<int>(first),
             fmt::format("{} takes FP8E4M3FN operands, got {}", ctx.op.name, dtypeName(lhs.dtype)),
             lhs.dtype == DType::FP4
                 ? std::string("an FP4 operand is cast to FP8E4M3FN first: pl.cast(x, "
                               "pl.FP8E4M3FN)")
                 : std::string("use pl.matmul for other dtypes"));
  const int64_t k = lhs.shape[1], groups = (k + 31) / 32;
  const std::vector<int64_t> want[2] = {{s.m, groups}, {groups, s.n}};
  for (size_t side = 0; side < 2; ++side) {
    size_t i = first + 1 + 2 * side;
    const TileType& sc = tileArgRef(ctx, i);
    const char* name = side ? "rhs_scale" : "lhs_scale";
    if (sc.dtype != DType::FP8E8M0)
      ctx.fail(static_cast<int>(i),
               fmt::format("the {} of {} must be FP8E8M0, got {}", name, ctx.op.name,
                           dtypeName(sc.dtype)),
               "load the scales as pl.FP8E8M0 (one shared exponent per 32 elements)");
    if (sc.shape != want[side])
      ctx.fail(static_cast<int>(i),
               fmt::format("the {} of {} must have shape {} (K = {} in groups of 32), got {}", name,
                           ctx.op.name, formatShape(want[side]), k, formatShape(sc.shape)),
               fmt::format("load a {} scale tile", formatShape(want[side])));
  }
  return s;
}

TypePtr deduceMatmulMx(const OpCallContext& ctx) {
  MatmulShape s = checkMatmulMx(ctx, 0);
  if (ctx.args.size() > 4) {  // matmul_mx_bias: a [1, N] FP32 bias
    const TileType& bias = tileArgRef(ctx, 4);
    if (bias.dtype != DType::FP32 || bias.shape != std::vector<int64_t>{1, s.n})
      ctx.fail(4,
               fmt::format("the bias of {} must be an FP32 [1, {}] tile, got {}", ctx.op.name, s.n,
                           describeType(&bias)),
               fmt::format("load the bias as Tile[[1, {}], FP32] and move it to pl.Mem.Bias", s.n));
  }
  return makeTile({s.m, s.n}, DType::FP32, MemorySpace::Acc, std::move(s.valid));
}

TypePtr deduceMatmulMxAcc(const OpCallContext& ctx) {
  const TileType& acc = tileArgRef(ctx, 0);
  MatmulShape s = checkMatmulMx(ctx, 1);
  if (acc.dtype != DType::FP32 || acc.shape != std::vector<int64_t>{s.m, s.n})
    ctx.fail(0,
             fmt::format("the accumulator of {} must be an FP32 [{}, {}] tile, got {}", ctx.op.name,
                         s.m, s.n, describeType(&acc)),
             "start the accumulator with pl.matmul_mx(lhs, lhs_scale, rhs, rhs_scale)");
  return makeTile(acc.shape, acc.dtype, MemorySpace::Acc, explicitValidOf(acc),
                  acc.effectiveView().pad);
}

TypePtr deduceMatmulAcc(const OpCallContext& ctx) {
  const TileType& acc = tileArgRef(ctx, 0);
  MatmulShape s = checkMatmul(ctx, 1, 2);
  std::vector<int64_t> expected = {s.m, s.n};
  if (acc.shape != expected)
    ctx.fail(0,
             fmt::format("the accumulator of {} must have shape {} (lhs rows x rhs cols), got {}",
                         ctx.op.name, formatShape(expected), formatShape(acc.shape)),
             fmt::format("start the accumulator with pl.matmul(lhs, rhs) (an Acc tile of shape "
                         "{}) and pass that",
                         formatShape(expected)));
  if (acc.dtype != s.out)
    ctx.fail(0,
             fmt::format("the accumulator of {} must be {} for these operands, got {}", ctx.op.name,
                         dtypeName(s.out), dtypeName(acc.dtype)),
             fmt::format("start the accumulator with pl.matmul(lhs, rhs), which gives {}",
                         dtypeName(s.out)));
  // PyPTO's init_cond: where it holds, the accumulator is overwritten with lhs x rhs.
  if (ctx.args.size() > 3) {
    const auto* c = ctx.args[3]->type->as<ScalarType>();
    if (!c || c->dtype != DType::Bool)
      ctx.fail(3,
               fmt::format("{} requires init_cond to have dtype BOOL, got {}", ctx.op.name,
                           describeType(ctx.args[3]->type.get())),
               "pass a condition: init_cond=(k == 0), or True / False");
  }
  return makeTile(acc.shape, acc.dtype, MemorySpace::Acc, explicitValidOf(acc),
                  acc.effectiveView().pad);
}

/// The PTO spelling of a compute op (name without "tile.") where ptoas-facts §1.3 establishes
/// it; empty for the others (their spelling is to be confirmed against PTOAS).
std::string ptoSpelling(const std::string& op) {
  static const std::map<std::string, std::string_view, std::less<>> kKnown = {
      {"add", "pto.tadd"},
      {"sub", "pto.tsub"},
      {"mul", "pto.tmul"},
      {"div", "pto.tdiv"},
      {"maximum", "pto.tmax"},
      {"minimum", "pto.tmin"},
      {"adds", "pto.tadds"},
      {"subs", "pto.tsubs"},
      {"muls", "pto.tmuls"},
      {"maximums", "pto.tmaxs"},
      {"row_sum", "pto.trowsum"},
      {"row_max", "pto.trowmax"},
      {"row_min", "pto.trowmin"},
      {"col_sum", "pto.tcolsum"},
      {"divs", "pto.tdivs"},
      {"minimums", "pto.tmins"},
      {"col_max", "pto.tcolmax"},
      {"col_min", "pto.tcolmin"},
      {"exp", "pto.texp"},
      {"log", "pto.tlog"},
      {"sqrt", "pto.tsqrt"},
      {"rsqrt", "pto.trsqrt"},
      {"recip", "pto.trecip"},
      {"abs", "pto.tabs"},
      {"neg", "pto.tneg"},
      {"relu", "pto.trelu"},
      {"row_expand_add", "pto.trowexpandadd"},
      {"row_expand_sub", "pto.trowexpandsub"},
      {"row_expand_mul", "pto.trowexpandmul"},
      {"row_expand_div", "pto.trowexpanddiv"},
  };
  auto it = kKnown.find(op);
  return it == kKnown.end() ? std::string() : std::string(it->second);
}

}  // namespace

void registerComputeOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;
  const std::vector<MemorySpace> vec = {kVec};
  const PipeSet vector = {Pipe::V};

  for (const char* n : {"add", "sub", "mul", "div", "maximum", "minimum"}) {
    OpBuilder b = r.add(std::string("tile.") + n);
    b.arg("lhs", K::Tile, vec).arg("rhs", K::Tile, vec);
    // PyPTO's precision switch of tdiv (PTO's precisionType attribute); the simulator
    // computes in double either way.
    if (std::string_view(n) == "div") b.kwarg("high_precision", A::Bool, false);
    b.trait(OpTrait::Elementwise)
        .rowMajorArgs({0, 1})
        .pipes(vector)
        .pto(ptoSpelling(n))
        .deduce(deduceBinary)
        .outputMemoryFixed(kVec)
        .doc(fmt::format("elementwise {}; same shape and dtype; lhs view", n));
  }

  for (const char* n : {"adds", "subs", "muls", "divs", "maximums", "minimums"})
    r.add(std::string("tile.") + n)
        .arg("tile", K::Tile, vec)
        .arg("scalar", K::Scalar)
        .trait(OpTrait::Elementwise)
        .rowMajorArgs({0})
        .pipes(vector)
        .pto(ptoSpelling(n))
        .deduce(deduceTileScalar)
        .outputMemoryFixed(kVec)
        .doc(fmt::format("elementwise {} with a scalar; the tile's type", n));

  for (const char* n : {"exp", "log", "sqrt", "rsqrt", "recip"}) {
    OpBuilder b = r.add(std::string("tile.") + n);
    b.arg("tile", K::Tile, vec);
    // PyPTO's tile.rsqrt(tile, tmp): a scratch tile that selects the high-precision lowering.
    if (std::string_view(n) == "rsqrt") b.optionalArg("tmp", K::Tile, vec);
    // tlog / trecip: PTO's precisionType attribute (no effect in the simulator).
    if (std::string_view(n) == "log" || std::string_view(n) == "recip")
      b.kwarg("high_precision", A::Bool, false);
    b.trait(OpTrait::Elementwise)
        .rowMajorArgs({0})
        .pipes(vector)
        .pto(ptoSpelling(n))
        .deduce(deduceUnaryFloat)
        .outputMemoryFixed(kVec)
        .doc(fmt::format("elementwise {} of a float tile; the tile's type{}", n,
                         std::string_view(n) == "rsqrt"
                             ? " (tmp: a scratch tile of its shape and dtype, high precision)"
                             : ""));
  }

  for (const char* n : {"abs", "neg", "relu"})
    r.add(std::string("tile.") + n)
        .arg("tile", K::Tile, vec)
        .trait(OpTrait::Elementwise)
        .rowMajorArgs({0})
        .pipes(vector)
        .pto(ptoSpelling(n))
        .deduce(deduceUnary)
        .outputMemoryFixed(kVec)
        .doc(fmt::format("elementwise {}; the tile's type", n));

  r.add("tile.cast")
      .arg("tile", K::Tile, vec)
      .requiredKwarg("dtype", AttrKind::DType)
      .kwarg("mode", AttrKind::String, std::string("round"), false, kCastModes)
      .trait(OpTrait::Elementwise)
      .rowMajorArgs({0})
      .pipes(vector)
      .pto("pto.tcvt")
      .deduce(deduceCast)
      .outputMemoryFixed(kVec)
      .doc("elementwise conversion to dtype; shape and view kept");

  // The data operand is read row by row; the optional tmp is scratch of any layout.
  for (const char* n : {"row_sum", "row_max", "row_min"})
    r.add(std::string("tile.") + n)
        .arg("tile", K::Tile, vec)
        .optionalArg("tmp", K::Tile, vec)
        .reduces(ReduceAxes::Last)
        .rowMajorArgs({0})
        .pipes(vector)
        .pto(ptoSpelling(n))
        .deduce(deduceRowReduce)
        .outputMemoryFixed(kVec)
        .doc("reduce the last axis, kept as 1: [M, N] -> [M, 1]");

  for (const char* n : {"col_sum", "col_max", "col_min"})
    r.add(std::string("tile.") + n)
        .arg("tile", K::Tile, vec)
        .optionalArg("tmp", K::Tile, vec)
        .reduces(ReduceAxes::First)
        .rowMajorArgs({0})
        .pipes(vector)
        .pto(ptoSpelling(n))
        .deduce(deduceColReduce)
        .outputMemoryFixed(kVec)
        .doc("reduce the first axis, kept as 1: [M, N] -> [1, N]");

  // The [M, 1] column is read one element per row and may keep its (col-major) layout.
  for (const char* n : {"add", "sub", "mul", "div"}) {
    OpBuilder b = r.add(std::string("tile.row_expand_") + n);
    b.arg("tile", K::Tile, vec).arg("col", K::Tile, vec);
    // PTOAS's trowexpandadd overload with a scratch tile (PyPTO's optional tmp).
    if (std::string_view(n) == "add") b.optionalArg("tmp", K::Tile, vec);
    b.trait(OpTrait::RowBroadcast)
        .rowMajorArgs({0})
        .pipes(vector)
        .pto(ptoSpelling(std::string("row_expand_") + n))
        .deduce(deduceRowExpand)
        .outputMemoryFixed(kVec)
        .doc(fmt::format("tile [M, N] {} column [M, 1] broadcast along rows; the tile's type", n));
  }

  r.add("tile.matmul")
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .kwarg("out_dtype", A::DType)
      .id(OpId::Matmul)
      .pipes({Pipe::M})
      .pto("pto.tmatmul")
      .deduce(deduceMatmul)
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("[M, K] x [K, N] -> Acc [M, N], FP32 (float inputs) or INT32 (INT8/UINT8)");

  r.add("tile.matmul_acc")
      .arg("acc", K::Tile, {MemorySpace::Acc}, MemoryEffect::ReadWrite)
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .optionalArg("init_cond", K::Scalar)
      .id(OpId::MatmulAcc)
      .pipes({Pipe::M})
      .pto("pto.tmatmul.acc")
      .deduce(deduceMatmulAcc)
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("acc += lhs x rhs (acc = lhs x rhs where init_cond holds); the accumulator's type");

  // MX block-scale matmul (A5): FP8E4M3FN operands with FP8E8M0 scales in LeftScale /
  // RightScale. The simulator does not model the FP8E8M0 scales (it reports the op).
  r.add("tile.matmul_mx")
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("lhs_scale", K::Tile, {MemorySpace::LeftScale})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .arg("rhs_scale", K::Tile, {MemorySpace::RightScale})
      .pipes({Pipe::M})
      .pto("pto.tmatmul.mx")
      .deduce(deduceMatmulMx)
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("MX [M, K] x [K, N] FP8E4M3FN with FP8E8M0 block scales -> Acc [M, N] FP32");
  r.add("tile.matmul_mx_acc")
      .arg("acc", K::Tile, {MemorySpace::Acc}, MemoryEffect::ReadWrite)
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("lhs_scale", K::Tile, {MemorySpace::LeftScale})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .arg("rhs_scale", K::Tile, {MemorySpace::RightScale})
      .pipes({Pipe::M})
      .pto("pto.tmatmul.mx.acc")
      .deduce(deduceMatmulMxAcc)
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("acc += MX lhs x rhs (tile.matmul_mx); the accumulator's type");
  r.add("tile.matmul_mx_bias")
      .arg("lhs", K::Tile, {MemorySpace::Left})
      .arg("lhs_scale", K::Tile, {MemorySpace::LeftScale})
      .arg("rhs", K::Tile, {MemorySpace::Right})
      .arg("rhs_scale", K::Tile, {MemorySpace::RightScale})
      .arg("bias", K::Tile, {MemorySpace::Bias})
      .pipes({Pipe::M})
      .pto("pto.tmatmul.mx.bias")
      .deduce(deduceMatmulMx)
      .outputMemoryFixed(MemorySpace::Acc)
      .doc("MX lhs x rhs (tile.matmul_mx) + a [1, N] FP32 bias -> Acc [M, N] FP32");
}

}  // namespace ptoc
