// Kernels of the vector-level (VMI) ops (dsl.md §5) on vector registers and masks:
// zeroing predication for arithmetic (inactive lanes of the result are 0), vload
// reads the full width (unpredicated), a masked vstore leaves inactive lanes of
// the tile untouched, vcmp/vcmps give seed AND compare, vsel picks per lane.
// ptoas-facts §2.2/§2.5, tilelang-pto-facts §3.2; docs/simulator-semantics.md §7.
#include <fmt/format.h>

#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

using ir::DType;

/// A lane value as the compute value of element type E. Lanes hold values of the dtype
/// exactly, so a plain conversion is exact (no software decode of fp16 / bf16 / fp8 per lane);
/// NaN and 64-bit integers take the general path.
template <typename E>
typename E::Compute laneIn(double v) {
  using C = typename E::Compute;
  if constexpr (E::kFloat) {
    if (v == v) return static_cast<C>(v);
  } else if constexpr (sizeof(C) <= 4) {
    return static_cast<C>(static_cast<int64_t>(v));
  }
  return E::load(E::fromDouble(v));
}

/// A computed value rounded to E and stored as a lane.
template <typename E>
double laneOut(typename E::Compute c) {
  return static_cast<double>(E::load(E::store(c)));
}

void requireLanes(const KernelContext& ctx, size_t have, size_t want, std::string_view what) {
  if (have != want)
    ctx.fail(
        fmt::format("{}: {} has {} lanes but the operation has {}", ctx.opName(), what, have, want),
        "use registers and masks with the same size=");
}

int64_t sizeKwarg(const KernelContext& ctx) {
  int64_t size = ctx.intKwarg("size", 0);
  if (size <= 0) ctx.fail(fmt::format("internal error: {} without a size", ctx.opName()));
  return size;
}

/// The element dtype of the call's register result.
DType resultDType(const KernelContext& ctx) {
  const auto* v = ctx.call.type ? ctx.call.type->as<ir::VRegType>() : nullptr;
  if (!v) ctx.fail(fmt::format("internal error: the result of {} is not a register", ctx.opName()));
  return v->dtype;
}

// ---- memory ---------------------------------------------------------------------------------

Value createMask(const KernelContext& ctx) {
  int64_t size = sizeKwarg(ctx);
  int64_t n = std::clamp<int64_t>(ctx.intArg(0), 0, size);
  Mask m;
  m.lanes.assign(static_cast<size_t>(size), 0);
  std::fill(m.lanes.begin(), m.lanes.begin() + n, 1);
  return m;
}

void checkAccess(const KernelContext& ctx, const Tile& t, int64_t off, int64_t lanes) {
  int64_t n = t.buf->numel();
  if (off < 0 || off > n || lanes > n - off)
    ctx.fail(fmt::format("{} accesses elements [{}, {}) of {}, which has {} elements", ctx.opName(),
                         off, off + lanes, Value(t).describe(), n),
             "pad the tile to a multiple of the register width");
}

Value vload(const KernelContext& ctx) {
  const Tile& t = ctx.tile(0);
  int64_t off = ctx.intArg(1);
  int64_t size = sizeKwarg(ctx);
  checkAccess(ctx, t, off, size);
  VReg r{t.dtype(), std::vector<double>(static_cast<size_t>(size))};
  dispatchDType(t.dtype(), [&](auto e) {
    using E = decltype(e);
    const auto* data = t.buf->template as<typename E::Storage>() + off;
    for (int64_t k = 0; k < size; ++k) r.lanes[k] = static_cast<double>(E::load(data[k]));
  });
  return r;
}

Value vstore(const KernelContext& ctx) {
  const VReg& v = ctx.vreg(0);
  const Tile& t = ctx.tile(1);
  int64_t off = ctx.intArg(2);
  const Mask& m = ctx.mask(3);
  requireLanes(ctx, m.lanes.size(), v.lanes.size(), "the mask");
  if (v.dtype != t.dtype())
    ctx.fail(fmt::format("vmi.vstore stores {} lanes into a {} tile", ir::dtypeName(v.dtype),
                         ir::dtypeName(t.dtype())),
             "convert the register first with pl.vmi.vcvt");
  int64_t n = t.buf->numel();
  dispatchDType(t.dtype(), [&](auto e) {
    using E = decltype(e);
    auto* data = t.buf->template as<typename E::Storage>();
    for (size_t k = 0; k < v.lanes.size(); ++k) {
      if (!m.lanes[k]) continue;  // inactive lanes leave the tile untouched
      int64_t at = off + static_cast<int64_t>(k);
      if (at < 0 || at >= n)
        ctx.fail(fmt::format("vmi.vstore writes element {} (lane {}) of {}, which has {} elements",
                             at, k, Value(t).describe(), n),
                 "keep offset + active lanes within the tile: mask the tail with "
                 "pl.vmi.create_mask(remaining, size=...)");
      data[at] = E::fromDouble(v.lanes[k]);
    }
  });
  return {};
}

Value vbrc(const KernelContext& ctx) {
  int64_t size = sizeKwarg(ctx);
  DType d = resultDType(ctx);
  double x = 0;
  if (ctx.args[0].is<VReg>()) {
    const VReg& one = ctx.vreg(0);
    if (one.lanes.size() != 1)
      ctx.fail(
          fmt::format("vmi.vbrc broadcasts a one-lane register, got {}", ctx.args[0].describe()),
          "reduce the register first (pl.vmi.vcadd), or broadcast a scalar");
    x = one.lanes[0];
  } else {
    x = castScalar(ctx.scalar(0), d).asDouble();
  }
  return VReg{d, std::vector<double>(static_cast<size_t>(size), roundToDType(d, x))};
}

Value vci(const KernelContext& ctx) {
  int64_t size = sizeKwarg(ctx);
  DType d = resultDType(ctx);
  const Scalar& base = ctx.scalar(0);
  VReg r{d, std::vector<double>(static_cast<size_t>(size))};
  dispatchDType(d, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    C b = scalarAs<E>(base);
    for (int64_t k = 0; k < size; ++k) {
      C step;
      if constexpr (E::kFloat)
        step = static_cast<C>(k);
      else
        step = static_cast<C>(static_cast<uint64_t>(k));  // modular
      r.lanes[k] = laneOut<E>(elem::add(b, step));
    }
  });
  return r;
}

// ---- lane-wise arithmetic (zeroing predication) ---------------------------------------------

template <typename Op>
OpKernel vbinary(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const VReg& a = ctx.vreg(0);
    const VReg& b = ctx.vreg(1);
    const Mask& m = ctx.mask(2);
    requireLanes(ctx, b.lanes.size(), a.lanes.size(), "the second operand");
    requireLanes(ctx, m.lanes.size(), a.lanes.size(), "the mask");
    VReg r{a.dtype, std::vector<double>(a.lanes.size(), 0.0)};
    dispatchDType(a.dtype, [&](auto e) {
      using E = decltype(e);
      for (size_t k = 0; k < a.lanes.size(); ++k)
        if (m.lanes[k]) r.lanes[k] = laneOut<E>(op(laneIn<E>(a.lanes[k]), laneIn<E>(b.lanes[k])));
    });
    return r;
  };
}

template <typename Op>
OpKernel vscalar(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const VReg& a = ctx.vreg(0);
    const Scalar& s = ctx.scalar(1);
    const Mask& m = ctx.mask(2);
    requireLanes(ctx, m.lanes.size(), a.lanes.size(), "the mask");
    VReg r{a.dtype, std::vector<double>(a.lanes.size(), 0.0)};
    dispatchDType(a.dtype, [&](auto e) {
      using E = decltype(e);
      typename E::Compute sv = scalarAs<E>(s);
      for (size_t k = 0; k < a.lanes.size(); ++k)
        if (m.lanes[k]) r.lanes[k] = laneOut<E>(op(laneIn<E>(a.lanes[k]), sv));
    });
    return r;
  };
}

template <typename Op>
OpKernel vunary(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const VReg& a = ctx.vreg(0);
    const Mask& m = ctx.mask(1);
    requireLanes(ctx, m.lanes.size(), a.lanes.size(), "the mask");
    VReg r{a.dtype, std::vector<double>(a.lanes.size(), 0.0)};
    dispatchDType(a.dtype, [&](auto e) {
      using E = decltype(e);
      if constexpr (E::kFloat || !Op::kFloatOnly) {
        for (size_t k = 0; k < a.lanes.size(); ++k)
          if (m.lanes[k]) r.lanes[k] = laneOut<E>(op(laneIn<E>(a.lanes[k])));
      } else {
        ctx.fail(
            fmt::format("{} needs a float register, got {}", ctx.opName(), ir::dtypeName(E::dtype)),
            "convert it first: pl.vmi.vcvt(v, to_dtype=pl.FP32)");
      }
    });
    return r;
  };
}

// ---- compare / select / masks ---------------------------------------------------------------

enum class Cmp { Lt, Le, Gt, Ge, Eq, Ne };

Cmp cmpKwarg(const KernelContext& ctx) {
  std::string c = ctx.stringKwarg("cmp");
  if (c == "lt") return Cmp::Lt;
  if (c == "le") return Cmp::Le;
  if (c == "gt") return Cmp::Gt;
  if (c == "ge") return Cmp::Ge;
  if (c == "eq") return Cmp::Eq;
  if (c == "ne") return Cmp::Ne;
  ctx.fail(fmt::format("{}: unknown compare mode \"{}\"", ctx.opName(), c),
           "use cmp=\"lt\", \"le\", \"gt\", \"ge\", \"eq\" or \"ne\"");
}

/// IEEE comparison: every compare with NaN is false except ne; -0 == +0.
template <typename T>
bool compare(Cmp c, T a, T b) {
  switch (c) {
    case Cmp::Lt:
      return a < b;
    case Cmp::Le:
      return a <= b;
    case Cmp::Gt:
      return a > b;
    case Cmp::Ge:
      return a >= b;
    case Cmp::Eq:
      return a == b;
    case Cmp::Ne:
      return a != b;
  }
  return false;
}

/// lane = seed AND (a cmp b); `scalarOperand` = vcmps.
Value vcompare(const KernelContext& ctx, bool scalarOperand) {
  const VReg& a = ctx.vreg(0);
  const Mask& seed = ctx.mask(2);
  requireLanes(ctx, seed.lanes.size(), a.lanes.size(), "the seed mask");
  Cmp c = cmpKwarg(ctx);
  Mask r;
  r.lanes.assign(a.lanes.size(), 0);
  dispatchDType(a.dtype, [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    if (scalarOperand) {
      C s = scalarAs<E>(ctx.scalar(1));
      for (size_t k = 0; k < a.lanes.size(); ++k)
        r.lanes[k] = seed.lanes[k] && compare<C>(c, laneIn<E>(a.lanes[k]), s);
    } else {
      const VReg& b = ctx.vreg(1);
      requireLanes(ctx, b.lanes.size(), a.lanes.size(), "the second operand");
      for (size_t k = 0; k < a.lanes.size(); ++k)
        r.lanes[k] = seed.lanes[k] && compare<C>(c, laneIn<E>(a.lanes[k]), laneIn<E>(b.lanes[k]));
    }
  });
  return r;
}

Value vsel(const KernelContext& ctx) {
  const Mask& m = ctx.mask(0);
  const VReg& t = ctx.vreg(1);
  const VReg& f = ctx.vreg(2);
  requireLanes(ctx, f.lanes.size(), t.lanes.size(), "the false operand");
  requireLanes(ctx, m.lanes.size(), t.lanes.size(), "the mask");
  VReg r{t.dtype, t.lanes};
  for (size_t k = 0; k < r.lanes.size(); ++k)
    if (!m.lanes[k]) r.lanes[k] = f.lanes[k];
  return r;
}

template <typename Op>
OpKernel maskBinary(Op op) {
  return [op](const KernelContext& ctx) -> Value {
    const Mask& a = ctx.mask(0);
    const Mask& b = ctx.mask(1);
    requireLanes(ctx, b.lanes.size(), a.lanes.size(), "the second mask");
    Mask r;
    r.lanes.resize(a.lanes.size());
    for (size_t k = 0; k < a.lanes.size(); ++k) r.lanes[k] = op(a.lanes[k] != 0, b.lanes[k] != 0);
    return r;
  };
}

Value maskNot(const KernelContext& ctx) {
  Mask r = ctx.mask(0);
  for (auto& l : r.lanes) l = l ? 0 : 1;
  return r;
}

// ---- conversion and reductions --------------------------------------------------------------

Value vcvt(const KernelContext& ctx) {
  const VReg& a = ctx.vreg(0);
  DType to = ctx.dtypeKwarg("to_dtype");
  VReg r{to, std::vector<double>(a.lanes.size())};
  dispatchDType(a.dtype, [&](auto from) {
    using F = decltype(from);
    dispatchDType(to, [&](auto target) {
      using T = decltype(target);
      for (size_t k = 0; k < a.lanes.size(); ++k)
        r.lanes[k] = static_cast<double>(T::load(elem::convert<F, T>(laneIn<F>(a.lanes[k]))));
    });
  });
  return r;
}

enum class Reduce { Sum, Max, Min };

/// Cross-lane reduction of the active lanes in lane order (fp32 for floats, wrap-around for
/// integers); no active lane gives the identity (0, -Inf / lowest, +Inf / highest).
OpKernel vreduce(Reduce kind) {
  return [kind](const KernelContext& ctx) -> Value {
    const VReg& a = ctx.vreg(0);
    const Mask& m = ctx.mask(1);
    requireLanes(ctx, m.lanes.size(), a.lanes.size(), "the mask");
    double out = 0;
    dispatchDType(a.dtype, [&](auto e) {
      using E = decltype(e);
      using C = typename E::Compute;
      C acc{};
      if constexpr (E::kFloat)
        acc = kind == Reduce::Sum   ? 0.0f
              : kind == Reduce::Max ? -std::numeric_limits<float>::infinity()
                                    : std::numeric_limits<float>::infinity();
      else
        acc = kind == Reduce::Sum   ? C(0)
              : kind == Reduce::Max ? std::numeric_limits<C>::lowest()
                                    : std::numeric_limits<C>::max();
      bool first = true;
      for (size_t k = 0; k < a.lanes.size(); ++k) {
        if (!m.lanes[k]) continue;
        C x = laneIn<E>(a.lanes[k]);
        if (first)
          acc = x;
        else
          acc = kind == Reduce::Sum   ? elem::add(acc, x)
                : kind == Reduce::Max ? elem::max(acc, x)
                                      : elem::min(acc, x);
        first = false;
      }
      out = laneOut<E>(acc);
    });
    return VReg{a.dtype, {out}};
  };
}

}  // namespace

void registerVmiKernels(OpSemantics& s) {
  s.add("vmi.create_mask", createMask);
  s.add("vmi.vload", vload);
  s.add("vmi.vstore", vstore);
  s.add("vmi.vbrc", vbrc);
  s.add("vmi.vci", vci);
  s.add("vmi.vadd", vbinary(elem::Add{}));
  s.add("vmi.vsub", vbinary(elem::Sub{}));
  s.add("vmi.vmul", vbinary(elem::Mul{}));
  s.add("vmi.vdiv", vbinary(elem::Div{}));
  s.add("vmi.vmax", vbinary(elem::Max{}));
  s.add("vmi.vmin", vbinary(elem::Min{}));
  s.add("vmi.vadds", vscalar(elem::Add{}));
  s.add("vmi.vmuls", vscalar(elem::Mul{}));
  s.add("vmi.vexp", vunary(elem::Exp{}));
  s.add("vmi.vsqrt", vunary(elem::Sqrt{}));
  s.add("vmi.vabs", vunary(elem::Abs{}));
  s.add("vmi.vneg", vunary(elem::Neg{}));
  s.add("vmi.vcmp", [](const KernelContext& c) { return vcompare(c, false); });
  s.add("vmi.vcmps", [](const KernelContext& c) { return vcompare(c, true); });
  s.add("vmi.vsel", vsel);
  s.add("vmi.mask_and", maskBinary([](bool a, bool b) -> uint8_t { return a && b; }));
  s.add("vmi.mask_or", maskBinary([](bool a, bool b) -> uint8_t { return a || b; }));
  s.add("vmi.mask_not", maskNot);
  s.add("vmi.vcvt", vcvt);
  s.add("vmi.vcadd", vreduce(Reduce::Sum));
  s.add("vmi.vcmax", vreduce(Reduce::Max));
  s.add("vmi.vcmin", vreduce(Reduce::Min));
}

}  // namespace ptoc::sim
