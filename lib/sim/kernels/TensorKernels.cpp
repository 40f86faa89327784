// Kernels of the tensor-level ops (tensor.*): whole-tensor reference semantics on host
// buffers. Each result is a fresh buffer of the result type (tensor.write and
// tensor.assemble update their target in place, as tile.store does). Elements are
// computed in double and rounded to the result dtype (docs/simulator-semantics.md §2);
// broadcasting follows numpy.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "ptoc/ir/Printer.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

const ir::TensorType& resultTensor(const KernelContext& ctx) {
  const auto* t = ctx.call.type->as<ir::TensorType>();
  PTOC_CHECK(t, std::string(ctx.opName()) + ": result is not a tensor");
  // The registry lets no op but tensor.create (sized at run time below) make a tensor with
  // a dynamic dimension.
  PTOC_CHECK(t->isStatic(), std::string(ctx.opName()) + ": result tensor has a dynamic dimension");
  return *t;
}

BufferPtr newBuffer(const ir::TensorType& t) { return std::make_shared<Buffer>(t.dtype, t.shape); }

std::vector<int64_t> stridesOf(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;) s[k - 1] = s[k] * shape[k];
  return s;
}

/// Calls f(outIndex, coords) for every element of `shape` in row-major order.
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

/// Flat index into `shape` of the broadcast coordinates `c` (of a result of rank >= shape's).
int64_t broadcastIndex(const std::vector<int64_t>& shape, const std::vector<int64_t>& c) {
  int64_t idx = 0;
  size_t off = c.size() - shape.size();
  for (size_t k = 0; k < shape.size(); ++k) idx = idx * shape[k] + (shape[k] == 1 ? 0 : c[k + off]);
  return idx;
}

double roundResult(DType d, double v) {
  Buffer b(d, {1});
  b.setF(0, v);
  return b.getF(0);
}

using BinFn = std::function<double(double, double)>;

OpKernel binaryKernel(BinFn f) {
  return [f](const KernelContext& ctx) -> Value {
    const Buffer& a = *ctx.tensor(0).buf;
    const ir::TensorType& rt = resultTensor(ctx);
    BufferPtr out = newBuffer(rt);
    if (ctx.args[1].is<Scalar>()) {
      double s = ctx.scalar(1).asDouble();
      forEach(rt.shape,
              [&](int64_t i, const std::vector<int64_t>&) { out->setF(i, f(a.getF(i), s)); });
    } else {
      const Buffer& b = *ctx.tensor(1).buf;
      forEach(rt.shape, [&](int64_t i, const std::vector<int64_t>& c) {
        out->setF(i, f(a.getF(broadcastIndex(a.shape, c)), b.getF(broadcastIndex(b.shape, c))));
      });
    }
    return Tensor{out};
  };
}

OpKernel intBinaryKernel(std::function<int64_t(int64_t, int64_t)> f) {
  return [f](const KernelContext& ctx) -> Value {
    const Buffer& a = *ctx.tensor(0).buf;
    BufferPtr out = newBuffer(resultTensor(ctx));
    bool scalar = ctx.args[1].is<Scalar>();
    for (int64_t i = 0; i < a.numel(); ++i)
      out->setI(i, f(a.getI(i), scalar ? ctx.scalar(1).asInt() : ctx.tensor(1).buf->getI(i)));
    return Tensor{out};
  };
}

OpKernel unaryKernel(std::function<double(double)> f) {
  return [f](const KernelContext& ctx) -> Value {
    const Buffer& a = *ctx.tensor(0).buf;
    BufferPtr out = newBuffer(resultTensor(ctx));
    for (int64_t i = 0; i < a.numel(); ++i) out->setF(i, f(a.getF(i)));
    return Tensor{out};
  };
}

/// Reduction over axis `axis` (kept as 1) with fold f from init; `argIndex` returns the
/// position of the extreme (the first one) instead of the value.
/// `fp32` folds float values in fp32, as the tile reductions of ComputeKernels do (sum, max,
/// min); the tile products (PlExtraKernels) fold in double, so tensor products do too.
OpKernel reduceKernel(bool lastAxis, BinFn f, double init, bool argIndex = false,
                      bool fp32 = true) {
  return [=](const KernelContext& ctx) -> Value {
    const Buffer& a = *ctx.tensor(0).buf;
    const ir::TensorType& rt = resultTensor(ctx);
    BufferPtr out = newBuffer(rt);
    size_t axis = lastAxis ? a.shape.size() - 1 : a.shape.size() - 2;
    int64_t n = a.shape[axis];
    int64_t stride = stridesOf(a.shape)[axis];
    std::vector<int64_t> outStrides = stridesOf(rt.shape);
    std::vector<int64_t> inStrides = stridesOf(a.shape);
    // Float folds start from the first element, as the tile reductions do
    // (docs/simulator-semantics.md), so the tile form gives the same bits.
    bool f32 = fp32 && ir::isFloat(a.dtype);
    forEach(rt.shape, [&](int64_t i, const std::vector<int64_t>& c) {
      int64_t base = 0;
      for (size_t k = 0; k < c.size(); ++k) base += c[k] * inStrides[k];
      double acc = init;
      int64_t best = 0;
      for (int64_t j = 0; j < n; ++j) {
        double v = a.getF(base + j * stride);
        double next = j == 0 ? v : f(acc, v);
        if (f32) next = static_cast<float>(next);
        if (argIndex && next != acc) best = j;
        acc = j == 0 && argIndex ? v : next;
        if (argIndex && j == 0) best = 0;
      }
      if (argIndex)
        out->setI(i, best);
      else
        out->setF(i, acc);
    });
    (void)outStrides;
    return Tensor{out};
  };
}

OpKernel expandKernel(BinFn f) {
  return [f](const KernelContext& ctx) -> Value {
    const Buffer& a = *ctx.tensor(0).buf;
    const Buffer& v = *ctx.tensor(1).buf;
    BufferPtr out = newBuffer(resultTensor(ctx));
    forEach(a.shape, [&](int64_t i, const std::vector<int64_t>& c) {
      out->setF(i, f(a.getF(i), v.getF(broadcastIndex(v.shape, c))));
    });
    return Tensor{out};
  };
}

std::vector<int64_t> checkedWindow(const KernelContext& ctx, const std::vector<int64_t>& dims,
                                   const std::vector<int64_t>& offsets,
                                   const std::vector<int64_t>& extents) {
  if (offsets.size() != dims.size())
    ctx.fail(fmt::format("{} has {} offsets for a rank-{} tensor", ctx.opName(), offsets.size(),
                         dims.size()));
  for (size_t k = 0; k < dims.size(); ++k)
    if (offsets[k] < 0 || offsets[k] + extents[k] > dims[k])
      ctx.fail(fmt::format("{} addresses [{}, {}) on axis {} of a tensor of extent {}",
                           ctx.opName(), offsets[k], offsets[k] + extents[k], k, dims[k]),
               "keep offset + extent within the tensor");
  return offsets;
}

int64_t flatIndex(const std::vector<int64_t>& shape, const std::vector<int64_t>& idx) {
  int64_t f = 0;
  for (size_t k = 0; k < shape.size(); ++k) f = f * shape[k] + idx[k];
  return f;
}

Value readKernel(const KernelContext& ctx) {
  const Buffer& a = *ctx.tensor(0).buf;
  auto idx = ctx.intList(1);
  checkedWindow(ctx, a.shape, idx, std::vector<int64_t>(idx.size(), 1));
  int64_t i = flatIndex(a.shape, idx);
  if (ir::isFloat(a.dtype)) return Scalar::ofFloat(a.dtype, a.getF(i));
  return Scalar::ofInt(a.dtype, a.getI(i));
}

Value writeKernel(const KernelContext& ctx) {
  const Tensor& t = ctx.tensor(0);
  auto idx = ctx.intList(1);
  checkedWindow(ctx, t.buf->shape, idx, std::vector<int64_t>(idx.size(), 1));
  const Scalar& v = ctx.scalar(2);
  int64_t i = flatIndex(t.buf->shape, idx);
  if (ir::isFloat(t.buf->dtype))
    t.buf->setF(i, v.asDouble());
  else
    t.buf->setI(i, v.asInt());
  return t;
}

Value sliceKernel(const KernelContext& ctx) {
  const Buffer& a = *ctx.tensor(0).buf;
  // The window's extents as evaluated: a symbolic one (a whole dynamic axis) sized now.
  const std::vector<int64_t> shape = ctx.intList(1);
  auto off = checkedWindow(ctx, a.shape, ctx.intList(2), shape);
  BufferPtr out = std::make_shared<Buffer>(a.dtype, shape);
  forEach(shape, [&](int64_t i, const std::vector<int64_t>& c) {
    std::vector<int64_t> src(c);
    for (size_t k = 0; k < c.size(); ++k) src[k] += off[k];
    out->setF(i, a.getF(flatIndex(a.shape, src)));
  });
  return Tensor{out};
}

Value assembleKernel(const KernelContext& ctx) {
  const Tensor& dst = ctx.tensor(0);
  const Buffer& src = *ctx.tensor(1).buf;
  // A lower-rank source covers the target's trailing axes (leading extents 1).
  std::vector<int64_t> shape(
      dst.buf->shape.size() - std::min(dst.buf->shape.size(), src.shape.size()), 1);
  shape.insert(shape.end(), src.shape.begin(), src.shape.end());
  // A narrowed source (tensor.set_validshape, a tensor.slice with valid_shape) writes only
  // its valid region, as PyPTO's window write of the valid extent does.
  std::vector<int64_t> box = shape;
  const auto* st = ctx.call.args[1]->type ? ctx.call.args[1]->type->as<ir::TensorType>() : nullptr;
  if (st && st->view && st->view->validShape.size() == src.shape.size()) {
    const size_t lead = shape.size() - src.shape.size();
    for (size_t k = 0; k < src.shape.size(); ++k) {
      const auto* c = st->view->validShape[k]->as<ir::ConstInt>();
      if (!c)
        ctx.fail(fmt::format("the simulator does not model the runtime valid_shape of the "
                             "source {} of tensor.assemble",
                             ir::typeToString(*st)),
                 "narrow the source with constant extents, or write the window with tiles "
                 "(pl.load / pl.store with valid_shape)");
      box[lead + k] = std::clamp<int64_t>(c->value, 0, src.shape[k]);
    }
  }
  auto off = checkedWindow(ctx, dst.buf->shape, ctx.intList(2), box);
  // atomic=pl.AtomicType.Add (1) adds source into the window; 0 overwrites it.
  const bool add = ctx.intKwarg("atomic", 0) != 0;
  forEach(box, [&](int64_t, const std::vector<int64_t>& c) {
    std::vector<int64_t> d(c);
    for (size_t k = 0; k < c.size(); ++k) d[k] += off[k];
    int64_t at = flatIndex(dst.buf->shape, d);
    int64_t i = flatIndex(shape, c);
    dst.buf->setF(at, add ? dst.buf->getF(at) + src.getF(i) : src.getF(i));
  });
  return dst;
}

Value reshapeKernel(const KernelContext& ctx) {
  const Buffer& a = *ctx.tensor(0).buf;
  BufferPtr out = std::make_shared<Buffer>(a.dtype, ctx.intList(1));
  if (out->numel() != a.numel())
    ctx.fail(fmt::format("tensor.reshape of {} elements to {} elements", a.numel(), out->numel()),
             "keep the element count");
  out->bytes = a.bytes;
  return Tensor{out};
}

Value transposeKernel(const KernelContext& ctx) {
  const Buffer& a = *ctx.tensor(0).buf;
  int64_t r = static_cast<int64_t>(a.shape.size());
  int64_t x = ctx.intArg(1), y = ctx.intArg(2);
  if (x < 0) x += r;
  if (y < 0) y += r;
  BufferPtr out = newBuffer(resultTensor(ctx));
  forEach(out->shape, [&](int64_t i, const std::vector<int64_t>& c) {
    std::vector<int64_t> s(c);
    std::swap(s[x], s[y]);
    out->setF(i, a.getF(flatIndex(a.shape, s)));
  });
  return Tensor{out};
}

Value castKernel(const KernelContext& ctx) {
  const Buffer& a = *ctx.tensor(0).buf;
  BufferPtr out = newBuffer(resultTensor(ctx));
  std::string mode = ctx.stringKwarg("mode");
  for (int64_t i = 0; i < a.numel(); ++i) {
    double v = a.getF(i);
    if (!ir::isFloat(out->dtype)) {
      if (mode == "floor")
        v = std::floor(v);
      else if (mode == "ceil")
        v = std::ceil(v);
      else if (mode == "trunc")
        v = std::trunc(v);
      else
        v = std::nearbyint(v);
      out->setI(i, static_cast<int64_t>(v));
    } else {
      out->setF(i, v);
    }
  }
  return Tensor{out};
}

Value matmulKernel(const KernelContext& ctx, bool acc) {
  size_t l = acc ? 1 : 0;
  const Buffer& a = *ctx.tensor(l).buf;
  const Buffer& b = *ctx.tensor(l + 1).buf;
  auto boolKw = [&](std::string_view n) {
    const ir::AttrValue* v = ctx.kwarg(n);
    return v && std::holds_alternative<bool>(*v) && std::get<bool>(*v);
  };
  bool ta = boolKw("a_trans"), tb = boolKw("b_trans");
  const ir::TensorType& rt = resultTensor(ctx);
  size_t r = rt.shape.size(), ra = a.shape.size(), rb = b.shape.size();
  int64_t m = rt.shape[r - 2], n = rt.shape[r - 1], k = ta ? a.shape[ra - 2] : a.shape[ra - 1];
  BufferPtr out = newBuffer(rt);
  if (acc) out->bytes = ctx.tensor(0).buf->bytes;
  // The batch axes broadcast (numpy): the matrix of an operand for output batch index `c` is
  // c with the operand's missing leading axes dropped and its size-1 axes read at 0.
  std::vector<int64_t> batch(rt.shape.begin(), rt.shape.end() - 2);
  auto matrixOf = [&](const Buffer& x, const std::vector<int64_t>& c) {
    size_t rx = x.shape.size() - 2;
    int64_t f = 0;
    for (size_t d = 0; d < rx; ++d) {
      int64_t e = x.shape[d];
      f = f * e + (e == 1 ? 0 : c[c.size() - rx + d]);
    }
    return f * x.shape[rx] * x.shape[rx + 1];
  };
  // Float operands accumulate as the tile matmul does (docs/simulator-semantics.md): in fp32,
  // from 0, each product rounded to fp32, in increasing k, so convert-tensor-to-tile-ops
  // keeps the result bit for bit. Integer products are exact in double.
  bool f32 = ir::isFloat(a.dtype);
  forEach(batch, [&](int64_t bi, const std::vector<int64_t>& c) {
    int64_t oa = matrixOf(a, c), ob = matrixOf(b, c), oo = bi * m * n;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double s = acc ? out->getF(oo + i * n + j) : 0.0;
        for (int64_t p = 0; p < k; ++p) {
          double x =
              a.getF(oa + (ta ? p * m + i : i * k + p)) * b.getF(ob + (tb ? j * k + p : p * n + j));
          s = f32 ? static_cast<float>(s + static_cast<float>(x)) : s + x;
        }
        out->setF(oo + i * n + j, s);
      }
  });
  (void)rb;
  return Tensor{out};
}

Value concatKernel(const KernelContext& ctx) {
  const Buffer& a = *ctx.tensor(0).buf;
  const Buffer& b = *ctx.tensor(1).buf;
  BufferPtr out = newBuffer(resultTensor(ctx));
  int64_t na = a.shape.back(), nb = b.shape.back();
  forEach(out->shape, [&](int64_t i, const std::vector<int64_t>& c) {
    std::vector<int64_t> s(c);
    if (c.back() < na) {
      out->setF(i, a.getF(flatIndex(a.shape, s)));
    } else {
      s.back() -= na;
      out->setF(i, b.getF(flatIndex(b.shape, s)));
    }
  });
  (void)nb;
  return Tensor{out};
}

}  // namespace

void registerTensorKernels(OpSemantics& s) {
  auto pyMod = [](double a, double b) { return b == 0 ? NAN : std::fmod(a, b); };
  for (const char* suffix : {"", "s"}) {
    auto name = [&](const char* n) { return fmt::format("tensor.{}{}", n, suffix); };
    s.add(name("add"), binaryKernel(std::plus<double>()));
    s.add(name("sub"), binaryKernel(std::minus<double>()));
    s.add(name("mul"), binaryKernel(std::multiplies<double>()));
    s.add(name("div"), binaryKernel(std::divides<double>()));
    s.add(name("fmod"), binaryKernel(pyMod));
  }
  auto mx = [](double a, double b) { return std::max(a, b); };
  auto mn = [](double a, double b) { return std::min(a, b); };
  s.add("tensor.maximum", binaryKernel(mx));
  s.add("tensor.minimum", binaryKernel(mn));
  s.add("tensor.maximums", binaryKernel(mx));
  s.add("tensor.minimums", binaryKernel(mn));
  s.add("tensor.part_add", binaryKernel(std::plus<double>()));
  s.add("tensor.part_mul", binaryKernel(std::multiplies<double>()));
  s.add("tensor.part_max", binaryKernel(mx));
  s.add("tensor.part_min", binaryKernel(mn));
  for (const char* suffix : {"", "s"}) {
    auto name = [&](const char* n) { return fmt::format("tensor.{}{}", n, suffix); };
    s.add(fmt::format("tensor.and{}", *suffix ? "s" : "_"),
          intBinaryKernel([](int64_t a, int64_t b) { return a & b; }));
    s.add(fmt::format("tensor.or{}", *suffix ? "s" : "_"),
          intBinaryKernel([](int64_t a, int64_t b) { return a | b; }));
    s.add(name("xor"), intBinaryKernel([](int64_t a, int64_t b) { return a ^ b; }));
    s.add(name("shl"), intBinaryKernel([](int64_t a, int64_t b) {
            return b < 0 || b > 63 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(a) << b);
          }));
    s.add(name("shr"), intBinaryKernel([](int64_t a, int64_t b) {
            return b < 0 || b > 63 ? (a < 0 ? -1 : 0) : a >> b;
          }));
  }
  s.add("tensor.not_", [](const KernelContext& ctx) -> Value {
    const Buffer& a = *ctx.tensor(0).buf;
    BufferPtr out = newBuffer(resultTensor(ctx));
    for (int64_t i = 0; i < a.numel(); ++i)
      out->setI(i, a.dtype == DType::Bool ? !a.getI(i) : ~a.getI(i));
    return Tensor{out};
  });
  s.add("tensor.cmp", [](const KernelContext& ctx) -> Value {
    int64_t type = ctx.intKwarg("cmp_type", 0);
    return binaryKernel(
        [type](double a, double b) { return compareByCode(type, a, b) ? 1.0 : 0.0; })(ctx);
  });
  s.add("tensor.exp", unaryKernel([](double x) { return std::exp(x); }));
  s.add("tensor.log", unaryKernel([](double x) { return std::log(x); }));
  s.add("tensor.sqrt", unaryKernel([](double x) { return std::sqrt(x); }));
  // fp32 sqrt, then fp32 reciprocal: the rounding of tile.rsqrt (sim/Value.h elem::Rsqrt).
  s.add("tensor.rsqrt", unaryKernel([](double x) {
          return static_cast<double>(1.0f / std::sqrt(static_cast<float>(x)));
        }));
  s.add("tensor.recip", unaryKernel([](double x) { return 1.0 / x; }));
  s.add("tensor.sin", unaryKernel([](double x) { return std::sin(x); }));
  s.add("tensor.cos", unaryKernel([](double x) { return std::cos(x); }));
  s.add("tensor.abs", unaryKernel([](double x) { return std::fabs(x); }));
  s.add("tensor.neg", unaryKernel([](double x) { return -x; }));
  s.add("tensor.relu", unaryKernel([](double x) { return x > 0 ? x : 0.0; }));
  s.add("tensor.cast", castKernel);

  const double inf = INFINITY;
  for (bool row : {true, false}) {
    std::string p = row ? "tensor.row_" : "tensor.col_";
    s.add(p + "sum", reduceKernel(row, std::plus<double>(), 0.0));
    s.add(p + "prod", reduceKernel(row, std::multiplies<double>(), 1.0, false, false));
    s.add(p + "max", reduceKernel(row, mx, -inf));
    s.add(p + "min", reduceKernel(row, mn, inf));
    s.add(p + "argmax", reduceKernel(row, mx, -inf, true));
    s.add(p + "argmin", reduceKernel(row, mn, inf, true));
    std::string e = row ? "tensor.row_expand" : "tensor.col_expand";
    s.add(e, expandKernel([](double, double v) { return v; }));
    s.add(e + "_add", expandKernel(std::plus<double>()));
    s.add(e + "_sub", expandKernel(std::minus<double>()));
    s.add(e + "_mul", expandKernel(std::multiplies<double>()));
    s.add(e + "_div", expandKernel(std::divides<double>()));
    s.add(e + "_max", expandKernel(mx));
    s.add(e + "_min", expandKernel(mn));
    s.add(e + "_expdif", expandKernel([](double a, double v) { return std::exp(a - v); }));
  }
  s.add("tensor.expands", [](const KernelContext& ctx) -> Value {
    BufferPtr out = newBuffer(resultTensor(ctx));
    double v = roundResult(out->dtype, ctx.scalar(1).asDouble());
    for (int64_t i = 0; i < out->numel(); ++i) out->setF(i, v);
    return Tensor{out};
  });
  s.add("tensor.expand_clone", [](const KernelContext& ctx) -> Value {
    const Buffer& a = *ctx.tensor(0).buf;
    BufferPtr out = newBuffer(resultTensor(ctx));
    forEach(out->shape, [&](int64_t i, const std::vector<int64_t>& c) {
      out->setF(i, a.getF(broadcastIndex(a.shape, c)));
    });
    return Tensor{out};
  });
  s.add("tensor.create", [](const KernelContext& ctx) -> Value {
    const auto* t = ctx.call.type->as<ir::TensorType>();
    BufferPtr out;
    if (t && !t->isStatic()) {  // dynamic dims: the extents evaluated at run time
      std::vector<int64_t> shape = ctx.intList(0);
      for (int64_t d : shape)
        if (d <= 0 || d > (int64_t{1} << 31))
          ctx.fail(fmt::format("tensor.create: extent {} is not in [1, 2^31]", d),
                   "a dynamic extent must be positive at run time");
      out = std::make_shared<Buffer>(t->dtype, shape);
    } else {
      out = newBuffer(resultTensor(ctx));
    }
    // init_value: the runtime's pre-fill (manual_dep changes only task dependencies).
    if (const auto* v = ctx.kwarg("init_value"); v && std::holds_alternative<double>(*v))
      for (int64_t i = 0; i < out->numel(); ++i) out->setF(i, std::get<double>(*v));
    return Tensor{out};
  });
  s.add("tensor.ci", [](const KernelContext& ctx) -> Value {
    BufferPtr out = newBuffer(resultTensor(ctx));
    int64_t start = ctx.intArg(0);
    const auto* d = ctx.kwarg("descending");
    bool descending = d && std::get<bool>(*d);
    for (int64_t j = 0; j < out->numel(); ++j) {
      int64_t v = descending ? start - j : start + j;  // wraps like tile.ci (modular)
      out->setF(j, out->dtype == DType::Int16 ? static_cast<double>(static_cast<int16_t>(v))
                                              : static_cast<double>(static_cast<int32_t>(v)));
    }
    return Tensor{out};
  });
  s.add("tensor.full", [](const KernelContext& ctx) -> Value {
    BufferPtr out = newBuffer(resultTensor(ctx));
    for (int64_t i = 0; i < out->numel(); ++i) out->setF(i, ctx.scalar(1).asDouble());
    return Tensor{out};
  });
  s.add("tensor.read", readKernel);
  s.add("tensor.write", writeKernel);
  s.add("tensor.dim", [](const KernelContext& ctx) -> Value {
    const auto& shape = ctx.tensor(0).buf->shape;
    int64_t r = static_cast<int64_t>(shape.size()), a = ctx.intArg(1);
    if (a < 0) a += r;
    if (a < 0 || a >= r) ctx.fail(fmt::format("tensor.dim: axis {} out of range", a));
    return Scalar::ofInt(DType::Index, shape[a]);
  });
  s.add("tensor.slice", sliceKernel);
  s.add("tensor.view", [](const KernelContext& ctx) -> Value {
    if (const auto* l = ir::getAttr<std::string>(ctx.call.kwargs, "layout"); l && *l == "DN")
      ctx.fail("the simulator does not model a DN (column-major) view of a tensor");
    return reshapeKernel(ctx);
  });
  s.add("tensor.assemble", assembleKernel);
  s.add("tensor.reshape", reshapeKernel);
  s.add("tensor.transpose", transposeKernel);
  s.add("tensor.concat", concatKernel);
  s.add("tensor.fillpad", [](const KernelContext& ctx) -> Value {
    BufferPtr out = newBuffer(resultTensor(ctx));
    out->bytes = ctx.tensor(0).buf->bytes;  // a tensor carries no valid region here
    return Tensor{out};
  });
  s.add("tensor.set_validshape", [](const KernelContext& ctx) -> Value { return ctx.tensor(0); });
  s.add("tensor.matmul", [](const KernelContext& ctx) { return matmulKernel(ctx, false); });
  s.add("tensor.matmul_acc", [](const KernelContext& ctx) { return matmulKernel(ctx, true); });
}

}  // namespace ptoc::sim
