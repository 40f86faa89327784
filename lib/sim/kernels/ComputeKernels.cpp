// Kernels of the compute ops (dsl.md §5): elementwise tile/tile and tile/scalar
// ops, unary math, cast, row/column reductions, row_expand_* and the matmuls.
// Each kernel dispatches on the dtype once and runs a tight typed loop over the
// valid region (docs/simulator-semantics.md §2, §4).
#include <fmt/format.h>

#include <cmath>

#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

using ir::DType;

// ---- typed loops (blocks of 8 so that -O2 vectorizes the fp32 / integer cases) ---------------

// GCC on x86-64 also builds each typed loop for AVX2 and picks the clone at load time; the
// results are bit-identical (no FMA is enabled, only wider vectors). Clang 14 cannot clone
// templates, so it keeps the baseline loops.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define PTOC_TYPED_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define PTOC_TYPED_LOOP
#endif

template <typename E, typename Op>
PTOC_TYPED_LOOP void binaryLoop(const typename E::Storage* __restrict a,
                                const typename E::Storage* __restrict b,
                                typename E::Storage* __restrict out, int64_t n, Op op) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int j = 0; j < 8; ++j) out[i + j] = E::store(op(E::load(a[i + j]), E::load(b[i + j])));
  for (; i < n; ++i) out[i] = E::store(op(E::load(a[i]), E::load(b[i])));
}

template <typename E, typename Op>
PTOC_TYPED_LOOP void scalarLoop(const typename E::Storage* __restrict a, typename E::Compute s,
                                typename E::Storage* __restrict out, int64_t n, Op op) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int j = 0; j < 8; ++j) out[i + j] = E::store(op(E::load(a[i + j]), s));
  for (; i < n; ++i) out[i] = E::store(op(E::load(a[i]), s));
}

template <typename E, typename Op>
PTOC_TYPED_LOOP void unaryLoop(const typename E::Storage* __restrict a,
                               typename E::Storage* __restrict out, int64_t n, Op op) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int j = 0; j < 8; ++j) out[i + j] = E::store(op(E::load(a[i + j])));
  for (; i < n; ++i) out[i] = E::store(op(E::load(a[i])));
}

void requireSameShape(const KernelContext& ctx, const Tile& a, const Tile& b) {
  if (a.shape() != b.shape() || a.dtype() != b.dtype())
    ctx.fail(fmt::format("the operands of {} must have the same shape and dtype at run time, got "
                         "{} and {}",
                         ctx.opName(), Value(a).describe(), Value(b).describe()),
             "give both operands the same shape and dtype (pl.cast / pl.slice)");
}

/// The numeric dtype check shared by the kernels (the registry rejects these earlier).
template <typename E>
void requireNumeric(const KernelContext& ctx) {
  if (E::dtype == DType::Bool || E::dtype == DType::Index)
    ctx.fail(fmt::format("{} does not operate on {} tiles", ctx.opName(), ir::dtypeName(E::dtype)),
             "cast the tile to a numeric dtype first");
}

// ---- elementwise ----------------------------------------------------------------------------

/// lhs (op) rhs over lhs's valid region; rhs elements outside its own valid region read as its
/// pad value. The result has lhs's valid region and the result type's pad outside it.
template <typename Op>
OpKernel binaryKernel(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const Tile& a = ctx.tile(0);
    const Tile& rhs = ctx.tile(1);
    requireSameShape(ctx, a, rhs);
    Tile r = makeTile(ctx.resultTile(), a.valid);
    Tile b = validCovers(rhs, a.valid) ? rhs : withPadding(rhs);
    dispatchDType(a.dtype(), [&](auto e) {
      using E = decltype(e);
      using S = typename E::Storage;
      requireNumeric<E>(ctx);
      const S* pa = a.buf->template as<S>();
      const S* pb = b.buf->template as<S>();
      S* pr = r.buf->template as<S>();
      forEachValidRun(a.shape(), a.valid, [&](int64_t off, int64_t len) {
        binaryLoop<E>(pa + off, pb + off, pr + off, len, op);
      });
    });
    return r;
  };
}

/// tile (op) scalar; the scalar is first rounded / wrapped to the tile's dtype.
template <typename Op>
OpKernel scalarKernel(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const Tile& a = ctx.tile(0);
    const Scalar& s = ctx.scalar(1);
    Tile r = makeTile(ctx.resultTile(), a.valid);
    dispatchDType(a.dtype(), [&](auto e) {
      using E = decltype(e);
      using S = typename E::Storage;
      requireNumeric<E>(ctx);
      typename E::Compute sv = scalarAs<E>(s);
      const S* pa = a.buf->template as<S>();
      S* pr = r.buf->template as<S>();
      forEachValidRun(a.shape(), a.valid, [&](int64_t off, int64_t len) {
        scalarLoop<E>(pa + off, sv, pr + off, len, op);
      });
    });
    return r;
  };
}

/// A unary op over the valid region; `Op::kFloatOnly` ops reject integer tiles.
template <typename Op>
OpKernel unaryKernel(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const Tile& a = ctx.tile(0);
    Tile r = makeTile(ctx.resultTile(), a.valid);
    dispatchDType(a.dtype(), [&](auto e) {
      using E = decltype(e);
      using S = typename E::Storage;
      requireNumeric<E>(ctx);
      if constexpr (E::kFloat || !Op::kFloatOnly) {
        const S* pa = a.buf->template as<S>();
        S* pr = r.buf->template as<S>();
        forEachValidRun(a.shape(), a.valid, [&](int64_t off, int64_t len) {
          unaryLoop<E>(pa + off, pr + off, len, op);
        });
      } else {
        ctx.fail(
            fmt::format("{} needs a float tile, got {}", ctx.opName(), ir::dtypeName(E::dtype)),
            "cast it first: pl.cast(t, pl.FP32)");
      }
    });
    return r;
  };
}

Value castKernel(const KernelContext& ctx) {
  const Tile& a = ctx.tile(0);
  Tile r = makeTile(ctx.resultTile(), a.valid);
  dispatchDType(a.dtype(), [&](auto from) {
    using F = decltype(from);
    dispatchDType(r.dtype(), [&](auto to) {
      using T = decltype(to);
      const auto* __restrict pa = a.buf->template as<typename F::Storage>();
      auto* __restrict pr = r.buf->template as<typename T::Storage>();
      forEachValidRun(a.shape(), a.valid, [&](int64_t off, int64_t len) {
        for (int64_t i = off; i < off + len; ++i) pr[i] = elem::convert<F, T>(F::load(pa[i]));
      });
    });
  });
  return r;
}

// ---- reductions -----------------------------------------------------------------------------

enum class Reduce { Sum, Max, Min };

template <Reduce K>
struct ReduceOp {
  template <typename C>
  static C step(C acc, C x) {
    if constexpr (K == Reduce::Sum)
      return elem::add(acc, x);
    else if constexpr (K == Reduce::Max)
      return elem::max(acc, x);
    else
      return elem::min(acc, x);
  }
  /// The value of an empty reduction.
  template <typename E>
  static typename E::Compute identity() {
    using C = typename E::Compute;
    if constexpr (K == Reduce::Sum) {
      return C(0);
    } else if constexpr (E::kFloat) {
      constexpr float inf = std::numeric_limits<float>::infinity();
      return K == Reduce::Max ? -inf : inf;
    } else {
      return K == Reduce::Max ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
    }
  }
};

/// Folds x[0..n) from x[0] in index order. max/min are associative and commutative here
/// (NaN gives the canonical NaN, -0 < +0), so they fold eight interleaved partials, which
/// vectorizes and gives the same result; sums stay strictly sequential (fp32 rounding order).
template <Reduce K, typename E>
typename E::Compute foldRow(const typename E::Storage* x, int64_t n) {
  using C = typename E::Compute;
  if (n <= 0) return ReduceOp<K>::template identity<E>();
  int64_t j = 1;
  C acc = E::load(x[0]);
  if constexpr (K != Reduce::Sum) {
    if (n >= 16) {
      C part[8];
      for (int l = 0; l < 8; ++l) part[l] = E::load(x[l]);
      for (j = 8; j + 8 <= n; j += 8)
        for (int l = 0; l < 8; ++l) part[l] = ReduceOp<K>::step(part[l], E::load(x[j + l]));
      acc = part[0];
      for (int l = 1; l < 8; ++l) acc = ReduceOp<K>::step(acc, part[l]);
    }
  }
  for (; j < n; ++j) acc = ReduceOp<K>::step(acc, E::load(x[j]));
  return acc;
}

/// Reduces the last axis (keepdim) of the valid region, in the compute type (fp32 for floats).
template <Reduce K>
Value rowReduce(const KernelContext& ctx) {
  const Tile& a = ctx.tile(0);
  const std::vector<int64_t>& shape = a.shape();
  size_t rank = shape.size();
  if (rank < 2)
    ctx.fail(fmt::format("{} needs a tile of rank >= 2", ctx.opName()),
             "reshape it to 2-D first: pl.reshape(t, [1, N])");
  std::vector<int64_t> valid = a.valid;
  valid[rank - 1] = 1;
  Tile r = makeTile(ctx.resultTile(), valid);
  std::vector<int64_t> lead(shape.begin(), shape.end() - 1);
  std::vector<int64_t> leadValid(a.valid.begin(), a.valid.end() - 1);
  int64_t cols = shape[rank - 1], n = a.valid[rank - 1];
  dispatchDType(a.dtype(), [&](auto e) {
    using E = decltype(e);
    using S = typename E::Storage;
    requireNumeric<E>(ctx);
    const S* pa = a.buf->template as<S>();
    S* pr = r.buf->template as<S>();
    forEachValidRun(lead, leadValid, [&](int64_t off, int64_t len) {
      for (int64_t row = off; row < off + len; ++row)
        pr[row] = E::store(foldRow<K, E>(pa + row * cols, n));
    });
  });
  return r;
}

/// acc[j] = step(acc[j], x[j]) for j < n (blocks of 8: vectorized at -O2).
template <typename E, Reduce K>
PTOC_TYPED_LOOP void foldInto(typename E::Compute* __restrict acc,
                              const typename E::Storage* __restrict x, int64_t n) {
  int64_t j = 0;
  for (; j + 8 <= n; j += 8)
    for (int l = 0; l < 8; ++l) acc[j + l] = ReduceOp<K>::step(acc[j + l], E::load(x[j + l]));
  for (; j < n; ++j) acc[j] = ReduceOp<K>::step(acc[j], E::load(x[j]));
}

/// Reduces the first axis (keepdim): row after row in index order, every column at once.
template <Reduce K>
Value colReduce(const KernelContext& ctx) {
  const Tile& a = ctx.tile(0);
  const std::vector<int64_t>& shape = a.shape();
  std::vector<int64_t> valid = a.valid;
  valid[0] = 1;
  Tile r = makeTile(ctx.resultTile(), valid);
  std::vector<int64_t> rest(shape.begin() + 1, shape.end());
  std::vector<int64_t> restValid(a.valid.begin() + 1, a.valid.end());
  int64_t restSize = 1;
  for (int64_t d : rest) restSize *= d;
  dispatchDType(a.dtype(), [&](auto e) {
    using E = decltype(e);
    using S = typename E::Storage;
    using C = typename E::Compute;
    requireNumeric<E>(ctx);
    const S* pa = a.buf->template as<S>();
    S* pr = r.buf->template as<S>();
    std::vector<C> acc(static_cast<size_t>(restSize), ReduceOp<K>::template identity<E>());
    const int64_t rows = a.valid[0];
    forEachValidRun(rest, restValid, [&](int64_t off, int64_t len) {
      C* __restrict p = acc.data() + off;
      if (rows > 0)
        for (int64_t j = 0; j < len; ++j) p[j] = E::load(pa[off + j]);
      for (int64_t i = 1; i < rows; ++i) foldInto<E, K>(p, pa + i * restSize + off, len);
      for (int64_t j = 0; j < len; ++j) pr[off + j] = E::store(p[j]);
    });
  });
  return r;
}

// ---- row_expand -----------------------------------------------------------------------------

template <typename Op>
OpKernel rowExpandKernel(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const Tile& a = ctx.tile(0);
    const Tile& colIn = ctx.tile(1);
    if (a.shape().size() != 2 || colIn.shape().size() != 2 || colIn.shape()[0] != a.shape()[0] ||
        colIn.shape()[1] != 1 || colIn.dtype() != a.dtype())
      ctx.fail(fmt::format("{} needs a [M, N] tile and a [M, 1] column of the same dtype, got {} "
                           "and {}",
                           ctx.opName(), Value(a).describe(), Value(colIn).describe()),
               "reduce the tile to a column with pl.row_sum / pl.row_max");
    Tile col = validCovers(colIn, {a.valid[0], 1}) ? colIn : withPadding(colIn);
    Tile r = makeTile(ctx.resultTile(), a.valid);
    int64_t cols = a.shape()[1];
    dispatchDType(a.dtype(), [&](auto e) {
      using E = decltype(e);
      using S = typename E::Storage;
      requireNumeric<E>(ctx);
      const S* pa = a.buf->template as<S>();
      const S* pc = col.buf->template as<S>();
      S* pr = r.buf->template as<S>();
      for (int64_t i = 0; i < a.valid[0]; ++i)
        scalarLoop<E>(pa + i * cols, E::load(pc[i]), pr + i * cols, a.valid[1], op);
    });
    return r;
  };
}

// ---- matmul ---------------------------------------------------------------------------------

/// C[i, j] (+)= sum over k < Kv of lhs[i, k] * rhs[k, j], accumulated in k order in fp32
/// (float inputs) or with 32-bit wrap-around (INT8/UINT8). Kv = min(lhs valid cols, rhs
/// valid rows); rows/cols beyond lhs valid rows / rhs valid cols are not computed.
/// `acc` null = matmul (from 0), else matmul_acc (from the accumulator's values).
Value matmul(const KernelContext& ctx, const Tile* acc, const Tile& lhs, const Tile& rhs) {
  if (lhs.shape().size() != 2 || rhs.shape().size() != 2 || lhs.shape()[1] != rhs.shape()[0] ||
      lhs.dtype() != rhs.dtype())
    ctx.fail(fmt::format("{} needs [M, K] x [K, N] operands of one dtype, got {} and {}",
                         ctx.opName(), Value(lhs).describe(), Value(rhs).describe()),
             "make the columns of lhs equal the rows of rhs and cast both to one dtype");
  int64_t K = lhs.shape()[1], N = rhs.shape()[1];
  int64_t mv = lhs.valid[0], nv = rhs.valid[1];
  int64_t kv = std::min(lhs.valid[1], rhs.valid[0]);
  Tile r = makeTile(ctx.resultTile(), acc ? acc->valid : std::vector<int64_t>{mv, nv});
  int64_t outCols = r.shape()[1];
  if (acc) {
    if (acc->shape() != r.shape() || acc->dtype() != r.dtype())
      ctx.fail(fmt::format("{}: the accumulator {} does not match the result", ctx.opName(),
                           Value(*acc).describe()),
               "start the accumulator with pl.matmul(lhs, rhs)");
    // Cells of the accumulator's valid region outside the product keep their value.
    forEachValidRun(r.shape(), r.valid, [&](int64_t off, int64_t len) {
      std::memcpy(r.buf->bytes.data() + off * r.buf->elemSize(),
                  acc->buf->bytes.data() + off * r.buf->elemSize(), len * r.buf->elemSize());
    });
    mv = std::min(mv, acc->valid[0]);
    nv = std::min(nv, acc->valid[1]);
  }
  bool floatOut = r.dtype() == DType::FP32;
  if (floatOut != ir::isFloat(lhs.dtype()) || (!floatOut && r.dtype() != DType::Int32))
    ctx.fail(fmt::format("{}: {} operands cannot produce a {} result", ctx.opName(),
                         ir::dtypeName(lhs.dtype()), ir::dtypeName(r.dtype())),
             "float operands accumulate in FP32, INT8/UINT8 operands in INT32");
  dispatchDType(lhs.dtype(), [&](auto e) {
    using E = decltype(e);
    using S = typename E::Storage;
    using Acc = std::conditional_t<E::kFloat, float, int64_t>;
    const S* a = lhs.buf->template as<S>();
    const S* b = rhs.buf->template as<S>();
    std::vector<Acc> bRows(static_cast<size_t>(kv * nv));
    for (int64_t k = 0; k < kv; ++k)
      for (int64_t j = 0; j < nv; ++j) bRows[k * nv + j] = static_cast<Acc>(E::load(b[k * N + j]));
    std::vector<Acc> row(static_cast<size_t>(nv));
    for (int64_t i = 0; i < mv; ++i) {
      if constexpr (E::kFloat) {
        float* out = r.buf->template as<float>() + i * outCols;
        for (int64_t j = 0; j < nv; ++j) row[j] = acc ? out[j] : 0.0f;
      } else {
        int32_t* out = r.buf->template as<int32_t>() + i * outCols;
        for (int64_t j = 0; j < nv; ++j) row[j] = acc ? out[j] : 0;
      }
      Acc* __restrict rp = row.data();
      for (int64_t k = 0; k < kv; ++k) {
        Acc x = static_cast<Acc>(E::load(a[i * K + k]));
        const Acc* __restrict bp = bRows.data() + k * nv;
        for (int64_t j = 0; j < nv; ++j) {
          Acc p = x * bp[j];  // separate statement: never contracted into an fma
          rp[j] += p;
        }
      }
      if constexpr (E::kFloat) {
        float* out = r.buf->template as<float>() + i * outCols;
        for (int64_t j = 0; j < nv; ++j) out[j] = row[j];
      } else {
        int32_t* out = r.buf->template as<int32_t>() + i * outCols;
        for (int64_t j = 0; j < nv; ++j)
          out[j] = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(row[j])));
      }
    }
  });
  return r;
}

}  // namespace

void registerComputeKernels(OpSemantics& s) {
  s.add("tile.add", binaryKernel(elem::Add{}));
  s.add("tile.sub", binaryKernel(elem::Sub{}));
  s.add("tile.mul", binaryKernel(elem::Mul{}));
  s.add("tile.div", binaryKernel(elem::Div{}));
  s.add("tile.maximum", binaryKernel(elem::Max{}));
  s.add("tile.minimum", binaryKernel(elem::Min{}));

  s.add("tile.adds", scalarKernel(elem::Add{}));
  s.add("tile.subs", scalarKernel(elem::Sub{}));
  s.add("tile.muls", scalarKernel(elem::Mul{}));
  s.add("tile.divs", scalarKernel(elem::Div{}));
  s.add("tile.maximums", scalarKernel(elem::Max{}));
  s.add("tile.minimums", scalarKernel(elem::Min{}));

  s.add("tile.exp", unaryKernel(elem::Exp{}));
  s.add("tile.log", unaryKernel(elem::Log{}));
  s.add("tile.sqrt", unaryKernel(elem::Sqrt{}));
  s.add("tile.rsqrt", unaryKernel(elem::Rsqrt{}));
  s.add("tile.recip", unaryKernel(elem::Recip{}));
  s.add("tile.abs", unaryKernel(elem::Abs{}));
  s.add("tile.neg", unaryKernel(elem::Neg{}));
  s.add("tile.relu", unaryKernel(elem::Relu{}));
  s.add("tile.cast", castKernel);

  s.add("tile.row_sum", rowReduce<Reduce::Sum>);
  s.add("tile.row_max", rowReduce<Reduce::Max>);
  s.add("tile.row_min", rowReduce<Reduce::Min>);
  s.add("tile.col_sum", colReduce<Reduce::Sum>);
  s.add("tile.col_max", colReduce<Reduce::Max>);
  s.add("tile.col_min", colReduce<Reduce::Min>);

  s.add("tile.row_expand_add", rowExpandKernel(elem::Add{}));
  s.add("tile.row_expand_sub", rowExpandKernel(elem::Sub{}));
  s.add("tile.row_expand_mul", rowExpandKernel(elem::Mul{}));
  s.add("tile.row_expand_div", rowExpandKernel(elem::Div{}));

  s.add("tile.matmul", [](const KernelContext& ctx) -> Value {
    return matmul(ctx, nullptr, ctx.tile(0), ctx.tile(1));
  });
  // MX matmul: the FP8E8M0 block scales are not modelled (their tensors are reported where
  // they enter the run; a scale tile reaching the op is reported here).
  for (const char* n : {"tile.matmul_mx", "tile.matmul_mx_acc", "tile.matmul_mx_bias"})
    s.add(n, [](const KernelContext& ctx) -> Value {
      ctx.fail(fmt::format("the simulator does not model {} (FP8E8M0 block scales)", ctx.opName()),
               "check MX kernels with PTO emission (ptoc compile); simulate the FP8 matmul "
               "with pl.matmul");
    });
  s.add("tile.matmul_acc", [](const KernelContext& ctx) -> Value {
    // init_cond (PyPTO): where it holds, the accumulator is overwritten, not added to.
    if (ctx.args.size() > 3 && ctx.scalar(3).asDouble() != 0.0)
      return matmul(ctx, nullptr, ctx.tile(1), ctx.tile(2));
    return matmul(ctx, &ctx.tile(0), ctx.tile(1), ctx.tile(2));
  });
}

}  // namespace ptoc::sim
