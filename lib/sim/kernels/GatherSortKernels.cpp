// Kernels of the ops of lib/ops/GatherSortOps.cpp and ElementwiseLayoutOps.cpp whose
// semantics PyPTO's documentation pins down: index gathers and scatters (tile: flat indices;
// tensor: torch.gather / torch.scatter along `dim`), mask-pattern gathers, fmod, the
// three-operand add / sub, lrelu, selects (a mask element selects when it is non-zero),
// expands, tri and concat.
// The hardware-specific ones (sort32 / mrgsort pair layouts, gatherb byte offsets, paged
// and GM row gathers, reinterpretation, batch matmul, rem) stop the run with a diagnostic.
// Elements are computed in double and rounded to the result dtype.
#include <fmt/format.h>

#include <cmath>
#include <functional>

#include "ptoc/ops/DiagnosticText.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

/// The elements of a tile (padding applied outside its valid region) or tensor argument.
BufferPtr bufOf(const KernelContext& ctx, size_t i) {
  if (const auto* t = std::get_if<Tile>(&ctx.args[i].v)) return withPadding(*t).buf;
  return ctx.tensor(i).buf;
}

/// A fresh result of the call's type (a fully valid tile, or a tensor) and its buffer.
std::pair<Value, BufferPtr> newResult(const KernelContext& ctx) {
  if (ctx.call.type->isa<ir::TileType>()) {
    const ir::TileType& t = ctx.resultTile();
    Tile r = makeTile(t, t.shape);
    return {r, r.buf};
  }
  const auto* t = ctx.call.type->as<ir::TensorType>();
  PTOC_CHECK(t, std::string(ctx.opName()) + ": result is neither a tile nor a tensor");
  auto b = std::make_shared<Buffer>(t->dtype, t->shape);
  return {Tensor{b}, b};
}

void setNum(Buffer& b, int64_t i, double v) {
  if (ir::isFloat(b.dtype))
    b.setF(i, v);
  else
    b.setI(i, static_cast<int64_t>(v));
}

std::vector<int64_t> stridesOf(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;) s[k - 1] = s[k] * shape[k];
  return s;
}

/// Calls f(flat, coords) for every element of `shape` in row-major order.
void forEach(const std::vector<int64_t>& shape,
             const std::function<void(int64_t, const std::vector<int64_t>&)>& f) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<int64_t> c(shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    f(i, c);
    for (size_t k = shape.size(); k-- > 0;) {
      if (++c[k] < shape[k]) break;
      c[k] = 0;
    }
  }
}

int64_t checkedIndex(const KernelContext& ctx, int64_t idx, int64_t extent) {
  if (idx < 0 || idx >= extent)
    ctx.fail(fmt::format("{}: index {} is outside [0, {})", ctx.opName(), idx, extent),
             "keep every index within the source");
  return idx;
}

size_t dimOf(const KernelContext& ctx, size_t rank) {
  int64_t d = ctx.intArg(1);
  return static_cast<size_t>(d < 0 ? d + static_cast<int64_t>(rank) : d);
}

Value tileGather(const KernelContext& ctx) {
  BufferPtr src = bufOf(ctx, 0), idx = bufOf(ctx, 1);
  auto [r, out] = newResult(ctx);
  for (int64_t i = 0; i < out->numel(); ++i)
    setNum(*out, i, src->getF(checkedIndex(ctx, idx->getI(i), src->numel())));
  return r;
}

Value tileScatter(const KernelContext& ctx) {
  BufferPtr dst = bufOf(ctx, 0), src = bufOf(ctx, 1), idx = bufOf(ctx, 2);
  auto [r, out] = newResult(ctx);
  for (int64_t i = 0; i < out->numel(); ++i) setNum(*out, i, dst->getF(i));
  for (int64_t i = 0; i < src->numel(); ++i)
    setNum(*out, checkedIndex(ctx, idx->getI(i), out->numel()), src->getF(i));
  return r;
}

/// torch.gather: out[c] = input[c with c[dim] = index[c]].
Value tensorGather(const KernelContext& ctx) {
  BufferPtr in = bufOf(ctx, 0), idx = bufOf(ctx, 2);
  size_t dim = dimOf(ctx, in->shape.size());
  auto st = stridesOf(in->shape);
  auto [r, result] = newResult(ctx);
  auto* out = &*result;  // a lambda cannot capture a structured binding before clang 16
  forEach(idx->shape, [&](int64_t i, const std::vector<int64_t>& c) {
    int64_t f = 0;
    for (size_t k = 0; k < c.size(); ++k)
      f += (k == dim ? checkedIndex(ctx, idx->getI(i), in->shape[k]) : c[k]) * st[k];
    setNum(*out, i, in->getF(f));
  });
  return r;
}

/// torch.scatter: out = input; out[c with c[dim] = index[c]] = src[c] over index's shape.
Value tensorScatter(const KernelContext& ctx) {
  BufferPtr in = bufOf(ctx, 0), idx = bufOf(ctx, 2), src = bufOf(ctx, 3);
  size_t dim = dimOf(ctx, in->shape.size());
  auto st = stridesOf(in->shape), sst = stridesOf(src->shape);
  auto [r, result] = newResult(ctx);
  auto* out = &*result;  // a lambda cannot capture a structured binding before clang 16
  for (int64_t i = 0; i < out->numel(); ++i) setNum(*out, i, in->getF(i));
  forEach(idx->shape, [&](int64_t i, const std::vector<int64_t>& c) {
    int64_t f = 0, s = 0;
    for (size_t k = 0; k < c.size(); ++k) {
      f += (k == dim ? checkedIndex(ctx, idx->getI(i), in->shape[k]) : c[k]) * st[k];
      s += c[k] * sst[k];
    }
    setNum(*out, f, src->getF(s));
  });
  return r;
}

/// Patterns 1 / 2 keep the even / odd elements of a row, 3..6 element 0..3 of each group of
/// four, 7 every element.
Value gatherMask(const KernelContext& ctx) {
  BufferPtr in = bufOf(ctx, 0);
  int64_t p = ctx.intKwarg("mask_pattern", 7);
  int64_t step = p <= 2 ? 2 : p <= 6 ? 4 : 1;
  int64_t first = p <= 2 ? p - 1 : p <= 6 ? p - 3 : 0;
  auto [r, out] = newResult(ctx);
  int64_t cols = in->shape.back(), outCols = out->shape.back();
  for (int64_t i = 0; i < out->numel(); ++i) {
    int64_t row = i / outCols, j = i % outCols;
    int64_t from = row * cols + first + j * step;
    if (ir::isFloat(in->dtype) == ir::isFloat(out->dtype))
      setNum(*out, i, in->getF(from));
    else
      ctx.fail(fmt::format("{}: the simulator does not model reinterpreting the gathered bits",
                           ctx.opName()));
  }
  return r;
}

/// out[i] = f(tile operands at i, scalar operand); `tiles` / `scalarArg` name the operands.
OpKernel elementwise(std::vector<size_t> tiles, int scalarArg,
                     std::function<double(const std::vector<double>&, double)> f) {
  return [tiles, scalarArg, f](const KernelContext& ctx) -> Value {
    std::vector<BufferPtr> in;
    for (size_t i : tiles) in.push_back(bufOf(ctx, i));
    double s = scalarArg >= 0 ? ctx.scalar(static_cast<size_t>(scalarArg)).asDouble() : 0;
    auto [r, out] = newResult(ctx);
    std::vector<double> x(in.size());
    for (int64_t i = 0; i < out->numel(); ++i) {
      for (size_t k = 0; k < in.size(); ++k) x[k] = in[k]->getF(i);
      setNum(*out, i, f(x, s));
    }
    return r;
  };
}

/// tile.sel / tile.sels: the mask decides per element whether the result takes `src` (the
/// selected operand) or `other` (the second tile operand, or the scalar). An integer mask is
/// packed as tile.cmp writes it (ops/ExtentArith.h): element j of a row is bit j % w of
/// element j / w of the mask's row, w the mask's bit width. A BOOL or float mask holds one
/// element per value (non-zero selects).
OpKernel select(size_t src, int otherTile, int scalarArg) {
  return [src, otherTile, scalarArg](const KernelContext& ctx) -> Value {
    BufferPtr m = bufOf(ctx, 0), a = bufOf(ctx, src);
    BufferPtr b = otherTile >= 0 ? bufOf(ctx, static_cast<size_t>(otherTile)) : nullptr;
    double s = scalarArg >= 0 ? ctx.scalar(static_cast<size_t>(scalarArg)).asDouble() : 0;
    auto [r, out] = newResult(ctx);
    int64_t cols = out->shape.empty() ? 1 : out->shape.back(), rows = out->numel() / cols;
    bool packed = ir::isInteger(m->dtype);
    int64_t w = packed ? ir::dtypeBits(m->dtype) : 1;
    int64_t maskCols = m->shape.empty() ? 1 : m->shape.back();
    if (m->numel() / maskCols < rows || maskCols * w < cols)
      ctx.fail(fmt::format("{}: the mask {} does not cover the [{}, {}] result ({} per row)",
                           ctx.opName(), ops::formatShape(m->shape), rows, cols,
                           packed ? fmt::format("{} bits", maskCols * w)
                                  : fmt::format("{} elements", maskCols)),
               "select with the mask tile.cmp / tile.cmps write for the same shape");
    for (int64_t i = 0; i < out->numel(); ++i) {
      int64_t row = i / cols, col = i % cols;
      bool on = packed ? ((m->getI(row * maskCols + col / w) >> (col % w)) & 1) != 0
                       : m->getF(row * maskCols + col) != 0;
      setNum(*out, i, on ? a->getF(i) : (b ? b->getF(i) : s));
    }
    return r;
  };
}

/// gather_compare: per row r of src's valid region, the column indices j (+ offset) with
/// src[r, j] cmp kvalue, in increasing j, the first out_cols of them into dst[r, :] (the rest
/// 0), and the row's match count into cdst[0, r] (PyPTO's st test: indices of the matches).
Value gatherCompare(const KernelContext& ctx) {
  const Tile& src = withPadding(ctx.tile(0));
  const std::vector<int64_t>& valid = ctx.tile(0).valid;
  double k = ctx.scalar(1).asDouble();
  int64_t mode = ctx.intKwarg("cmp_mode", 0), offset = ctx.intKwarg("offset", 0);
  const auto* tt = ctx.call.type->as<ir::TupleType>();
  PTOC_CHECK(tt && tt->types.size() == 2, "tile.gather_compare: result is not a pair");
  const auto& dt = *tt->types[0]->as<ir::TileType>();
  const auto& ct = *tt->types[1]->as<ir::TileType>();
  Tile dst = makeTile(dt, dt.shape), cnt = makeTile(ct, ct.shape);
  int64_t cols = src.shape()[1], outCols = dt.shape[1];
  for (int64_t i = 0; i < dst.buf->numel(); ++i) dst.buf->setI(i, 0);
  for (int64_t i = 0; i < cnt.buf->numel(); ++i) cnt.buf->setI(i, 0);
  for (int64_t r = 0; r < valid[0]; ++r) {
    int64_t n = 0;
    for (int64_t j = 0; j < valid[1]; ++j) {
      if (!compareByCode(mode, src.buf->getF(r * cols + j), k)) continue;
      if (n < outCols) dst.buf->setI(r * outCols + n, j + offset);
      ++n;
    }
    cnt.buf->setI(r, n);
  }
  TupleValue out;
  out.elements = {Value{dst}, Value{cnt}};
  return out;
}

Value tri(const KernelContext& ctx) {
  int64_t diag = ctx.intArg(0);
  bool upper = ctx.intKwarg("upper", 0) != 0;
  auto [r, out] = newResult(ctx);
  int64_t cols = out->shape.back();
  for (int64_t i = 0; i < out->numel(); ++i) {
    int64_t row = (i / cols) % out->shape[out->shape.size() - 2], col = i % cols;
    bool on = upper ? col >= row + diag : col <= row + diag;
    setNum(*out, i, on ? 1 : 0);
  }
  return r;
}

Value concat(const KernelContext& ctx) {
  BufferPtr a = bufOf(ctx, 0), b = bufOf(ctx, 1);
  auto [r, out] = newResult(ctx);
  int64_t ca = a->shape.back(), cb = b->shape.back(), c = ca + cb;
  for (int64_t i = 0; i < out->numel(); ++i) {
    int64_t row = i / c, col = i % c;
    setNum(*out, i, col < ca ? a->getF(row * ca + col) : b->getF(row * cb + col - ca));
  }
  return r;
}

/// A bitwise tile op on integers: f(lhs, rhs) with rhs a tile (arg 1) or a scalar (arg 1).
OpKernel bitwise(std::function<int64_t(int64_t, int64_t)> f) {
  return [f](const KernelContext& ctx) -> Value {
    BufferPtr a = bufOf(ctx, 0);
    BufferPtr b = ctx.args.size() > 1 && std::holds_alternative<Tile>(ctx.args[1].v) ? bufOf(ctx, 1)
                                                                                     : nullptr;
    int64_t s = !b && ctx.args.size() > 1 ? static_cast<int64_t>(ctx.scalar(1).asDouble()) : 0;
    auto [r, out] = newResult(ctx);
    for (int64_t i = 0; i < out->numel(); ++i) out->setI(i, f(a->getI(i), b ? b->getI(i) : s));
    return r;
  };
}

/// row_argmax / col_argmin ...: the index of the first extreme element of each row / column.
OpKernel argReduce(bool row, bool max) {
  return [row, max](const KernelContext& ctx) -> Value {
    BufferPtr a = bufOf(ctx, 0);
    int64_t rows = a->shape[0], cols = a->shape[1];
    auto [r, out] = newResult(ctx);
    int64_t outer = row ? rows : cols, inner = row ? cols : rows;
    for (int64_t o = 0; o < outer; ++o) {
      int64_t best = 0;
      double bv = 0;
      for (int64_t k = 0; k < inner; ++k) {
        double v = a->getF(row ? o * cols + k : k * cols + o);
        if (k == 0 || (max ? v > bv : v < bv)) {
          best = k;
          bv = v;
        }
      }
      out->setI(o, best);
    }
    return r;
  };
}

OpKernel notModeled() {
  return [](const KernelContext& ctx) -> Value {
    ctx.fail(fmt::format("the simulator does not model {} (its result layout is hardware-specific)",
                         ctx.opName()),
             "check this kernel on the NPU, or express it with modeled tile ops");
  };
}

}  // namespace

void registerGatherSortKernels(OpSemantics& s) {
  s.add("tile.gather", tileGather);
  s.add("tile.scatter", tileScatter);
  s.add("tensor.gather", tensorGather);
  s.add("tensor.scatter", tensorScatter);
  s.add("tile.gather_mask", gatherMask);
  s.add("tensor.gather_mask", gatherMask);
  using V = const std::vector<double>&;
  s.add("tile.fmod", elementwise({0, 1}, -1, [](V x, double) { return std::fmod(x[0], x[1]); }));
  s.add("tile.fmods", elementwise({0}, 1, [](V x, double b) { return std::fmod(x[0], b); }));
  s.add("tile.addc", elementwise({0, 1, 2}, -1, [](V x, double) { return x[0] + x[1] + x[2]; }));
  s.add("tile.subc", elementwise({0, 1, 2}, -1, [](V x, double) { return x[0] - x[1] - x[2]; }));
  s.add("tile.addsc", elementwise({0, 2}, 1, [](V x, double b) { return x[0] + b + x[1]; }));
  s.add("tile.subsc", elementwise({0, 2}, 1, [](V x, double b) { return x[0] - b - x[1]; }));
  s.add("tile.lrelu",
        elementwise({0}, 1, [](V x, double a) { return x[0] > 0 ? x[0] : a * x[0]; }));
  s.add("tile.sel", select(1, 2, -1));
  s.add("tile.sels", select(1, -1, 3));
  s.add("tile.expands", elementwise({}, 1, [](V, double b) { return b; }));
  s.add("tile.tri", tri);
  s.add("tile.gather_compare", gatherCompare);
  s.add("tile.and_", bitwise([](int64_t a, int64_t b) { return a & b; }));
  s.add("tile.ands", bitwise([](int64_t a, int64_t b) { return a & b; }));
  s.add("tile.or_", bitwise([](int64_t a, int64_t b) { return a | b; }));
  s.add("tile.ors", bitwise([](int64_t a, int64_t b) { return a | b; }));
  s.add("tile.xor", bitwise([](int64_t a, int64_t b) { return a ^ b; }));
  s.add("tile.xors", bitwise([](int64_t a, int64_t b) { return a ^ b; }));
  auto shl = [](int64_t a, int64_t b) {
    return b < 0 || b > 63 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(a) << b);
  };
  auto shr = [](int64_t a, int64_t b) { return b < 0 || b > 63 ? (a < 0 ? -1 : 0) : a >> b; };
  s.add("tile.shl", bitwise(shl));
  s.add("tile.shls", bitwise(shl));
  s.add("tile.shr", bitwise(shr));
  s.add("tile.shrs", bitwise(shr));
  s.add("tile.not_", [](const KernelContext& ctx) -> Value {
    BufferPtr a = bufOf(ctx, 0);
    auto [r, out] = newResult(ctx);
    for (int64_t i = 0; i < out->numel(); ++i)
      out->setI(i, a->dtype == DType::Bool ? !a->getI(i) : ~a->getI(i));
    return r;
  });
  s.add("tile.row_argmax", argReduce(true, true));
  s.add("tile.row_argmin", argReduce(true, false));
  s.add("tile.col_argmax", argReduce(false, true));
  s.add("tile.col_argmin", argReduce(false, false));
  s.add("tile.concat", concat);
  for (const char* n : {"tile.gatherb",
                        "tile.scatter_mask",
                        "tile.scatter_update",
                        "tile.mgather",
                        "tile.mscatter",
                        "tile.gather_row",
                        "tensor.scatter_mask",
                        "tensor.scatter_update",
                        "tensor.gather_row",
                        "tensor.paged_gather",
                        "tensor.create_l1",
                        "tile.sort32",
                        "tensor.sort32",
                        "tile.mrgsort_format1",
                        "tensor.mrgsort_format1",
                        "tile.mrgsort_format2",
                        "tensor.mrgsort_format2",
                        "tile.rem",
                        "tile.rems",
                        "tile.reinterpret_view",
                        "tensor.reinterpret_view",
                        "tile.batch_matmul",
                        "tile.batch_matmul_acc"})
    s.add(n, notModeled());
}

}  // namespace ptoc::sim
