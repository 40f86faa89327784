// Kernels of the ops of lib/ops/PlExtraOps.cpp: element access and assembly of tiles,
// transposed views, padding fills, the remaining broadcasts, reductions and compares, the
// bias / vector matmuls, and the synchronization ops (no-ops on the one simulated core,
// which runs the program in order). Elements are computed in double and rounded to the
// result dtype (docs/simulator-semantics.md §2). Results are fully valid tiles.
#include <fmt/format.h>

#include <cmath>
#include <functional>

#include "ptoc/ops/ExtentArith.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

using BinFn = std::function<double(double, double)>;

/// A fully valid Vec tile of the call's result type.
Tile result(const KernelContext& ctx) {
  const ir::TileType& t = ctx.resultTile();
  return makeTile(t, t.shape);
}

int64_t flatIndex(const std::vector<int64_t>& shape, const std::vector<int64_t>& idx) {
  int64_t f = 0;
  for (size_t k = 0; k < shape.size(); ++k) f = f * shape[k] + idx[k];
  return f;
}

void checkIndex(const KernelContext& ctx, const Tile& t, const std::vector<int64_t>& idx) {
  if (idx.size() != t.shape().size())
    ctx.fail(fmt::format("{}: {} indices for a rank-{} tile", ctx.opName(), idx.size(),
                         t.shape().size()));
  for (size_t k = 0; k < idx.size(); ++k)
    if (idx[k] < 0 || idx[k] >= t.shape()[k])
      ctx.fail(fmt::format("{}: index {} on axis {} is outside the tile's extent {}", ctx.opName(),
                           idx[k], k, t.shape()[k]),
               "keep every index within the tile");
}

Value readKernel(const KernelContext& ctx) {
  const Tile& t = withPadding(ctx.tile(0));
  auto idx = ctx.intList(1);
  checkIndex(ctx, t, idx);
  int64_t i = flatIndex(t.shape(), idx);
  if (ir::isFloat(t.dtype())) return Scalar::ofFloat(t.dtype(), t.buf->getF(i));
  return Scalar::ofInt(t.dtype(), t.buf->getI(i));
}

Value writeKernel(const KernelContext& ctx) {
  const Tile& t = ctx.tile(0);
  auto idx = ctx.intList(1);
  checkIndex(ctx, t, idx);
  int64_t i = flatIndex(t.shape(), idx);
  const Scalar& v = ctx.scalar(2);
  if (ir::isFloat(t.dtype()))
    t.buf->setF(i, v.asDouble());
  else
    t.buf->setI(i, v.asInt());
  return t;
}

Value assembleKernel(const KernelContext& ctx) {
  const Tile& dst = ctx.tile(0);
  const Tile& src = withPadding(ctx.tile(1));
  auto off = ctx.intList(2);
  // A lower-rank source covers the target's trailing axes (leading extents 1).
  std::vector<int64_t> ss(dst.shape().size() - std::min(dst.shape().size(), src.shape().size()), 1);
  ss.insert(ss.end(), src.shape().begin(), src.shape().end());
  for (size_t k = 0; k < ss.size(); ++k)
    if (off[k] < 0 || off[k] + ss[k] > dst.shape()[k])
      ctx.fail(fmt::format("{}: the source {} at offset {} leaves the target on axis {}",
                           ctx.opName(), ss[k], off[k], k));
  int64_t n = src.buf->numel();
  std::vector<int64_t> c(ss.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    std::vector<int64_t> d(c);
    for (size_t k = 0; k < c.size(); ++k) d[k] += off[k];
    dst.buf->setF(flatIndex(dst.shape(), d), src.buf->getF(i));
    for (size_t k = c.size(); k-- > 0;) {
      if (++c[k] < ss[k]) break;
      c[k] = 0;
    }
  }
  return dst;
}

Value transposeViewKernel(const KernelContext& ctx) {
  const Tile& t = withPadding(ctx.tile(0));
  const ir::TileType& rt = ctx.resultTile();
  size_t n = t.shape().size();
  std::vector<int64_t> valid = ctx.tile(0).valid;
  std::swap(valid[n - 2], valid[n - 1]);
  Tile r = makeTile(rt, valid);
  // Each [rows, cols] matrix of the leading (batch) axes is transposed.
  int64_t rows = t.shape()[n - 2], cols = t.shape()[n - 1];
  int64_t batches = t.buf->numel() / (rows * cols);
  for (int64_t b = 0; b < batches; ++b)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        r.buf->setF(b * rows * cols + j * rows + i, t.buf->getF(b * rows * cols + i * cols + j));
  return r;
}

Value fillpadKernel(const KernelContext& ctx) {
  const Tile& src = ctx.tile(0);
  const auto* pv = ctx.kwarg("pad_value");
  ir::PadValue pad = pv ? std::get<ir::PadValue>(*pv) : ir::PadValue::Zero;
  Tile r = result(ctx);
  const ir::TileType& rt = ctx.resultTile();
  double fill = padValue(pad, rt.dtype);
  int64_t n = r.buf->numel();
  std::vector<int64_t> c(rt.shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    bool inside = true;
    for (size_t k = 0; k < c.size(); ++k)
      inside = inside && k < src.valid.size() && c[k] < src.valid[k];
    r.buf->setF(i, inside ? src.buf->getF(flatIndex(src.shape(), c)) : fill);
    for (size_t k = c.size(); k-- > 0;) {
      if (++c[k] < rt.shape[k]) break;
      c[k] = 0;
    }
  }
  return r;
}

OpKernel unaryKernel(std::function<double(double)> f) {
  return [f](const KernelContext& ctx) -> Value {
    const Tile& t = withPadding(ctx.tile(0));
    Tile r = result(ctx);
    for (int64_t i = 0; i < r.buf->numel(); ++i) r.buf->setF(i, f(t.buf->getF(i)));
    return r;
  };
}

/// Reduction along the last axis (row) or the first (col) with f from init.
OpKernel reduceKernel(bool row, BinFn f, double init) {
  return [=](const KernelContext& ctx) -> Value {
    const Tile& t = withPadding(ctx.tile(0));
    Tile r = result(ctx);
    int64_t rows = t.shape()[0], cols = t.buf->numel() / rows;
    int64_t vr = ctx.tile(0).valid[0], vc = ctx.tile(0).valid.back();
    if (row) {
      for (int64_t i = 0; i < rows; ++i) {
        double acc = init;
        for (int64_t j = 0; j < vc; ++j) acc = f(acc, t.buf->getF(i * cols + j));
        r.buf->setF(i, acc);
      }
    } else {
      for (int64_t j = 0; j < cols; ++j) {
        double acc = init;
        for (int64_t i = 0; i < vr; ++i) acc = f(acc, t.buf->getF(i * cols + j));
        r.buf->setF(j, acc);
      }
    }
    return r;
  };
}

/// tile (op) vector broadcast: the vector is [1, N] (col) or [M, 1] (row).
OpKernel expandKernel(bool col, BinFn f) {
  return [=](const KernelContext& ctx) -> Value {
    const Tile& t = withPadding(ctx.tile(0));
    const Tile& v = withPadding(ctx.tile(1));
    Tile r = result(ctx);
    // Each [rows, cols] matrix of the leading axes broadcasts its own row / column.
    size_t n = t.shape().size();
    int64_t rows = t.shape()[n - 2], cols = t.shape()[n - 1];
    int64_t batches = t.buf->numel() / (rows * cols);
    for (int64_t b = 0; b < batches; ++b)
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
          int64_t at = (b * rows + i) * cols + j;
          r.buf->setF(at, f(t.buf->getF(at), v.buf->getF(col ? b * cols + j : b * rows + i)));
        }
    return r;
  };
}

/// The packed predicate mask (ops/ExtentArith.h): element j of a row of the compared tile is
/// bit j % 8 of byte j / 8 of the mask's row; bytes past the row's bits stay 0.
Value cmpKernel(const KernelContext& ctx) {
  const Tile& a = withPadding(ctx.tile(0));
  int64_t type = ctx.intKwarg("cmp_type", 0);
  // The mask is valid over the bytes of the compared tile's valid region (its type says so).
  std::vector<int64_t> valid = ctx.tile(0).valid;
  int64_t validCols = valid.back(), validRows = 1;
  for (size_t k = 0; k + 1 < valid.size(); ++k) validRows *= valid[k];
  valid.back() = ops::ceilDiv(validCols, ops::kMaskBitsPerByte);
  Tile r = makeTile(ctx.resultTile(), valid);
  bool scalar = ctx.args[1].is<Scalar>();
  const Tile* b = scalar ? nullptr : &ctx.tile(1);
  Tile bp = b ? withPadding(*b) : Tile{};
  int64_t cols = a.shape().back(), maskCols = r.shape().back();
  for (int64_t i = 0; i < r.buf->numel(); ++i) r.buf->setI(i, 0);
  for (int64_t i = 0; i < a.buf->numel(); ++i) {
    int64_t row = i / cols, col = i % cols;
    if (col >= validCols || (valid.size() == 2 && row >= validRows)) continue;
    double rhs = scalar ? ctx.scalar(1).asDouble() : bp.buf->getF(i);
    if (!compareByCode(type, a.buf->getF(i), rhs)) continue;
    int64_t byte = row * maskCols + col / ops::kMaskBitsPerByte;
    r.buf->setI(byte, r.buf->getI(byte) | (int64_t{1} << (col % ops::kMaskBitsPerByte)));
  }
  return r;
}

Value preluKernel(const KernelContext& ctx) {
  const Tile& a = withPadding(ctx.tile(0));
  const Tile& s = withPadding(ctx.tile(1));
  Tile r = result(ctx);
  for (int64_t i = 0; i < r.buf->numel(); ++i) {
    double x = a.buf->getF(i);
    r.buf->setF(i, x > 0 ? x : s.buf->getF(i) * x);
  }
  return r;
}

/// acc? + lhs x rhs (+ bias).
Value matmulKernel(const KernelContext& ctx, size_t lhs, bool bias, bool acc) {
  const Tile& a = withPadding(ctx.tile(lhs));
  const Tile& b = withPadding(ctx.tile(lhs + 1));
  Tile r = result(ctx);
  int64_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double s = acc ? ctx.tile(0).buf->getF(i * n + j) : 0.0;
      if (bias) s += ctx.tile(lhs + 2).buf->getF(j);
      for (int64_t p = 0; p < k; ++p) s += a.buf->getF(i * k + p) * b.buf->getF(p * n + j);
      r.buf->setF(i * n + j, s);
    }
  return r;
}

}  // namespace

void registerPlExtraKernels(OpSemantics& s) {
  s.add("tile.read", readKernel);
  s.add("tile.write", writeKernel);
  s.add("tile.assemble", assembleKernel);
  s.add("tile.transpose_view", transposeViewKernel);
  s.add("tile.fillpad", fillpadKernel);
  s.add("tile.fillpad_inplace", fillpadKernel);
  s.add("tile.fillpad_expand", fillpadKernel);
  s.add("tile.sin", unaryKernel([](double x) { return std::sin(x); }));
  s.add("tile.cos", unaryKernel([](double x) { return std::cos(x); }));
  s.add("tile.row_prod", reduceKernel(true, std::multiplies<double>(), 1.0));
  s.add("tile.col_prod", reduceKernel(false, std::multiplies<double>(), 1.0));
  auto mx = [](double a, double b) { return std::max(a, b); };
  auto mn = [](double a, double b) { return std::min(a, b); };
  auto expdif = [](double a, double v) { return std::exp(a - v); };
  auto second = [](double, double v) { return v; };
  s.add("tile.col_expand", expandKernel(true, second));
  s.add("tile.col_expand_add", expandKernel(true, std::plus<double>()));
  s.add("tile.col_expand_sub", expandKernel(true, std::minus<double>()));
  s.add("tile.col_expand_mul", expandKernel(true, std::multiplies<double>()));
  s.add("tile.col_expand_div", expandKernel(true, std::divides<double>()));
  s.add("tile.col_expand_max", expandKernel(true, mx));
  s.add("tile.col_expand_min", expandKernel(true, mn));
  s.add("tile.col_expand_expdif", expandKernel(true, expdif));
  s.add("tile.row_expand", expandKernel(false, second));
  s.add("tile.row_expand_max", expandKernel(false, mx));
  s.add("tile.row_expand_min", expandKernel(false, mn));
  s.add("tile.row_expand_expdif", expandKernel(false, expdif));
  s.add("tile.cmp", cmpKernel);
  s.add("tile.cmps", cmpKernel);
  s.add("tile.prelu", preluKernel);
  s.add("tile.matmul_bias", [](const KernelContext& c) { return matmulKernel(c, 0, true, false); });
  s.add("tile.gemv", [](const KernelContext& c) { return matmulKernel(c, 0, false, false); });
  s.add("tile.gemv_bias", [](const KernelContext& c) { return matmulKernel(c, 0, true, false); });
  s.add("tile.gemv_acc", [](const KernelContext& c) { return matmulKernel(c, 1, false, true); });
  // One simulated core runs the program in order: barriers and fences have nothing to wait
  // for, and a task id is not tracked.
  for (const char* n : {"system.syncall", "system.bar_v", "system.bar_m", "system.bar_all",
                        "system.fence", "system.cacheinvalid"})
    s.add(n, [](const KernelContext&) { return Value{}; });
  s.add("tensor.no_dep", [](const KernelContext& c) -> Value { return c.tensor(0); });
  s.add("tensor.dump_tag", [](const KernelContext& c) -> Value { return c.tensor(0); });
}

}  // namespace ptoc::sim
