// The register-level executor of SIMD_VF regions. See VmiRegion.h.
//
// compile(): the region body becomes a tree of nodes — loops, scalar statements (run by the
// Executor), and register ops on numbered slots (a slot per register variable, and one per
// nested vmi call). Anything else (control flow over registers, reductions, 64-bit lanes)
// makes the region ineligible and the caller interprets it as before.
// run(): the nodes over the slots. A slot holds its lanes in the compute type of its dtype
// (float for float dtypes, the integer type itself for integers), already rounded to the
// dtype, exactly like the doubles of a VReg Value; each op is the kernel of VmiKernels.cpp
// written over those arrays.
#include "VmiRegion.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "VmiRegionImpl.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/sim/OpSemantics.h"
#include "ptoc/sim/Timing.h"

namespace ptoc::sim::detail {

namespace {

using namespace vmiregion;

// ---- running ----------------------------------------------------------------------------

template <typename E>
typename E::Compute rounded(typename E::Compute c) {
  return E::load(E::store(c));
}

// The lane loops: restrict pointers, a select per lane (no branch), built for AVX2 as well
// (chosen at load time, as the tile kernels do) so that -O2 vectorizes them.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define PTOC_LANE_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define PTOC_LANE_LOOP
#endif

/// A lane's result under its mask with an and (no branch, no compare): the mask widened to
/// an integer of the lane's width, all ones or zero.
template <typename C>
inline C masked(C x, uint8_t m) {
  if constexpr (std::is_floating_point_v<C>) {
    uint32_t mm = 0u - static_cast<uint32_t>(m & 1u);
    return std::bit_cast<C>(std::bit_cast<uint32_t>(x) & mm);
  } else {
    using U = std::make_unsigned_t<C>;
    U mm = static_cast<U>(U{0} - static_cast<U>(m & 1u));
    return static_cast<C>(static_cast<U>(x) & mm);
  }
}

/// Calls f(std::integral_constant<int, L>) for the lane counts of a VMI vector, so the lane
/// loops have a constant trip count (which -O2 vectorizes), else f(0) (a runtime count).
template <typename F>
void withLanes(int lanes, F&& f) {
  switch (lanes) {
    case 64:
      return f(std::integral_constant<int, 64>{});
    case 128:
      return f(std::integral_constant<int, 128>{});
    case 256:
      return f(std::integral_constant<int, 256>{});
    default:
      return f(std::integral_constant<int, 0>{});
  }
}

template <int N>
constexpr int count(int n) {
  return N > 0 ? N : n;
}

template <int N, typename Op, typename E>
PTOC_LANE_LOOP void binaryLoop(Op op, typename E::Compute* __restrict r,
                               const typename E::Compute* __restrict a,
                               const typename E::Compute* __restrict b, const uint8_t* __restrict m,
                               int n) {
  for (int k = 0; k < count<N>(n); ++k) r[k] = masked(rounded<E>(op(a[k], b[k])), m[k]);
}

template <int N, typename Op, typename E>
PTOC_LANE_LOOP void scalarLoop(Op op, typename E::Compute* __restrict r,
                               const typename E::Compute* __restrict a, typename E::Compute s,
                               const uint8_t* __restrict m, int n) {
  for (int k = 0; k < count<N>(n); ++k) r[k] = masked(rounded<E>(op(a[k], s)), m[k]);
}

template <int N, typename Op, typename E>
PTOC_LANE_LOOP void unaryLoop(Op op, typename E::Compute* __restrict r,
                              const typename E::Compute* __restrict a, const uint8_t* __restrict m,
                              int n) {
  for (int k = 0; k < count<N>(n); ++k) r[k] = masked(rounded<E>(op(a[k])), m[k]);
}

template <int N, typename E>
PTOC_LANE_LOOP void loadLoop(typename E::Compute* __restrict r,
                             const typename E::Storage* __restrict data, int n) {
  for (int k = 0; k < count<N>(n); ++k) r[k] = E::load(data[k]);
}

/// A masked store inside the tile: inactive lanes keep the element (a blend).
template <int N, typename E>
PTOC_LANE_LOOP void storeLoop(typename E::Storage* __restrict data,
                              const typename E::Compute* __restrict v, const uint8_t* __restrict m,
                              int n) {
  using S = typename E::Storage;
  for (int k = 0; k < count<N>(n); ++k) {
    S x = E::store(v[k]);
    data[k] = m[k] ? x : data[k];
  }
}

/// t where the mask is set, else f, as bits (no branch).
template <typename C>
inline C blend(C t, C f, uint8_t m) {
  if constexpr (std::is_floating_point_v<C>) {
    uint32_t mm = 0u - static_cast<uint32_t>(m & 1u);
    return std::bit_cast<C>((std::bit_cast<uint32_t>(t) & mm) | (std::bit_cast<uint32_t>(f) & ~mm));
  } else {
    using U = std::make_unsigned_t<C>;
    U mm = static_cast<U>(U{0} - static_cast<U>(m & 1u));
    return static_cast<C>((static_cast<U>(t) & mm) | (static_cast<U>(f) & static_cast<U>(~mm)));
  }
}

template <int N, typename C>
PTOC_LANE_LOOP void selectLoop(C* __restrict r, const C* __restrict t, const C* __restrict f,
                               const uint8_t* __restrict m, int n) {
  for (int k = 0; k < count<N>(n); ++k) r[k] = blend(t[k], f[k], m[k]);
}

/// lane = seed AND (a op b); `b` is null for the scalar form (then `s`).
template <int N, typename C, typename Op>
PTOC_LANE_LOOP void compareLoop(Op op, uint8_t* __restrict r, const C* __restrict a,
                                const C* __restrict b, C s, const uint8_t* __restrict seed, int n) {
  if (b)
    for (int k = 0; k < count<N>(n); ++k)
      r[k] = static_cast<uint8_t>(seed[k] & static_cast<uint8_t>(op(a[k], b[k])));
  else
    for (int k = 0; k < count<N>(n); ++k)
      r[k] = static_cast<uint8_t>(seed[k] & static_cast<uint8_t>(op(a[k], s)));
}

template <typename F>
void withCompare(Cmp c, F&& f) {
  switch (c) {
    case Cmp::Lt:
      return f(std::less<>{});
    case Cmp::Le:
      return f(std::less_equal<>{});
    case Cmp::Gt:
      return f(std::greater<>{});
    case Cmp::Ge:
      return f(std::greater_equal<>{});
    case Cmp::Eq:
      return f(std::equal_to<>{});
    case Cmp::Ne:
      return f(std::not_equal_to<>{});
  }
}

template <int N, typename E>
PTOC_LANE_LOOP void rampLoop(typename E::Compute* __restrict r, typename E::Compute b, int n) {
  using C = typename E::Compute;
  for (int k = 0; k < count<N>(n); ++k) {
    C stepv;
    if constexpr (E::kFloat)
      stepv = static_cast<C>(k);
    else
      stepv = static_cast<C>(static_cast<uint64_t>(k));
    r[k] = rounded<E>(elem::add(b, stepv));
  }
}

class Runner {
 public:
  Runner(Executor& ex, Frame& f, const std::vector<SlotInfo>& info)
      : ex_(ex),
        f_(f),
        info_(info),
        slots_(std::make_unique<Slot[]>(info.size())),
        written_(info.size(), 0) {}

  void run(const std::vector<Node>& nodes) {
    for (const Node& n : nodes) step(n);
  }

  /// Register variables back into the frame as VReg / Mask values.
  void materialize() {
    for (size_t s = 0; s < info_.size(); ++s) {
      const SlotInfo& i = info_[s];
      if (!i.var || !written_[s]) continue;
      if (i.mask) {
        Mask m;
        m.lanes.assign(slots_[s].as<uint8_t>(), slots_[s].as<uint8_t>() + i.lanes);
        f_.set(i.var, std::move(m));
        continue;
      }
      VReg r{i.dt, std::vector<double>(static_cast<size_t>(i.lanes))};
      dispatchDType(i.dt, [&](auto e) {
        using E = decltype(e);
        const auto* p = slots_[s].template as<typename E::Compute>();
        for (int k = 0; k < i.lanes; ++k) r.lanes[k] = static_cast<double>(p[k]);
      });
      f_.set(i.var, std::move(r));
    }
  }

 private:
  Scalar scalar(const ir::Expr& e) {
    // A variable or a typed constant directly (what Executor::eval gives for them).
    const auto* st = e.type ? e.type->as<ir::ScalarType>() : nullptr;
    if (e.kind == ir::ExprKind::Var) {
      const Value* x = f_.find(static_cast<const ir::Var*>(&e));
      if (x && x->is<Scalar>()) return x->get<Scalar>();
    } else if (st && e.kind == ir::ExprKind::ConstFloat && ir::isFloat(st->dtype)) {
      return Scalar::ofFloat(st->dtype, static_cast<const ir::ConstFloat&>(e).value);
    } else if (st && e.kind == ir::ExprKind::ConstInt && ir::isInteger(st->dtype)) {
      return Scalar::ofInt(st->dtype, static_cast<const ir::ConstInt&>(e).value);
    } else if (const auto* u = e.as<ir::UnaryExpr>(); st && u && u->op == ir::UnaryOp::Cast) {
      // A cast of INDEX arithmetic (vci's base `pl.cast(q * 128, pl.INT32)`): the same
      // castScalar the interpreter applies, without its expression walk.
      int64_t v;
      if (fastIndex(*u->operand, v)) return castScalar(Scalar::ofInt(DType::Index, v), st->dtype);
    } else if (const auto* l = e.as<ir::BufferLoad>(); l && l->indices.size() <= 4) {
      // An element of a tile at in-range INDEX subscripts (a row's scale `s[i]`), read as the
      // interpreter's evalBufferLoad reads it; anything else (errors included) goes there.
      if (auto x = fastElement(*l)) return *x;
    }
    Value v = ex_.eval(e, f_);
    if (!v.is<Scalar>())
      throw SimError(e.span, fmt::format("expected a scalar, got {}", v.describe()));
    return v.get<Scalar>();
  }
  std::optional<Scalar> fastElement(const ir::BufferLoad& l) {
    const Value* held = f_.find(l.buffer.get());
    if (!held || !held->is<Tile>() || !held->get<Tile>().buf) return std::nullopt;
    const Buffer& b = *held->get<Tile>().buf;
    if (b.shape.size() != l.indices.size() || b.dtype == DType::Bool) return std::nullopt;
    int64_t off = 0;
    for (size_t k = 0; k < b.shape.size(); ++k) {
      int64_t i;
      if (!fastIndex(*l.indices[k], i) || i < 0 || i >= b.shape[k]) return std::nullopt;
      off = off * b.shape[k] + i;
    }
    return ir::isFloat(b.dtype) ? Scalar::ofFloat(b.dtype, b.getF(off))
                                : Scalar::ofInt(b.dtype, b.getI(off));
  }

  /// INDEX arithmetic of constants and variables (offsets like `i * 256 + q * 128`) natively;
  /// anything else through the Executor. Same values: INDEX is int64 in both.
  bool fastIndex(const ir::Expr& e, int64_t& out) {
    const auto* st = e.type ? e.type->as<ir::ScalarType>() : nullptr;
    if (!st || st->dtype != DType::Index) {
      // A 32-bit counter read as is (create_mask(remaining)).
      if (const auto* v = e.as<ir::Var>(); v && st && ir::isInteger(st->dtype)) {
        const Value* x = f_.find(v);
        if (!x || !x->is<Scalar>() || x->get<Scalar>().isFloat()) return false;
        out = x->get<Scalar>().i;
        return true;
      }
      return false;
    }
    switch (e.kind) {
      case ir::ExprKind::ConstInt:
        out = static_cast<const ir::ConstInt&>(e).value;
        return true;
      case ir::ExprKind::Var: {
        const Value* x = f_.find(static_cast<const ir::Var*>(&e));
        if (!x || !x->is<Scalar>() || x->get<Scalar>().isFloat()) return false;
        out = x->get<Scalar>().i;
        return true;
      }
      case ir::ExprKind::Binary: {
        const auto& b = static_cast<const ir::BinaryExpr&>(e);
        int64_t l, r;
        if (!fastIndex(*b.lhs, l) || !fastIndex(*b.rhs, r)) return false;
        switch (b.op) {
          case ir::BinaryOp::Add:
            out = static_cast<int64_t>(static_cast<uint64_t>(l) + static_cast<uint64_t>(r));
            return true;
          case ir::BinaryOp::Sub:
            out = static_cast<int64_t>(static_cast<uint64_t>(l) - static_cast<uint64_t>(r));
            return true;
          case ir::BinaryOp::Mul:
            out = static_cast<int64_t>(static_cast<uint64_t>(l) * static_cast<uint64_t>(r));
            return true;
          default:
            return false;
        }
      }
      default:
        return false;
    }
  }
  /// Integer arithmetic of the expression's own dtype (constants, variables, + - *), wrapped
  /// to that dtype after each operation as the interpreter's binaryScalar does.
  bool fastInt(const ir::Expr& e, int64_t& out) {
    const auto* st = e.type ? e.type->as<ir::ScalarType>() : nullptr;
    if (!st || !ir::isInteger(st->dtype) || ir::dtypeBits(st->dtype) > 64) return false;
    switch (e.kind) {
      case ir::ExprKind::ConstInt:
        out = Scalar::ofInt(st->dtype, static_cast<const ir::ConstInt&>(e).value).i;
        return true;
      case ir::ExprKind::Var: {
        const Value* x = f_.find(static_cast<const ir::Var*>(&e));
        if (!x || !x->is<Scalar>() || x->get<Scalar>().isFloat() ||
            x->get<Scalar>().dtype != st->dtype)
          return false;
        out = x->get<Scalar>().i;
        return true;
      }
      case ir::ExprKind::Binary: {
        const auto& b = static_cast<const ir::BinaryExpr&>(e);
        const auto* lt = b.lhs->type->as<ir::ScalarType>();
        const auto* rt = b.rhs->type->as<ir::ScalarType>();
        if (!lt || !rt || lt->dtype != st->dtype || rt->dtype != st->dtype) return false;
        int64_t l, r;
        if (!fastInt(*b.lhs, l) || !fastInt(*b.rhs, r)) return false;
        uint64_t v;
        switch (b.op) {
          case ir::BinaryOp::Add:
            v = static_cast<uint64_t>(l) + static_cast<uint64_t>(r);
            break;
          case ir::BinaryOp::Sub:
            v = static_cast<uint64_t>(l) - static_cast<uint64_t>(r);
            break;
          case ir::BinaryOp::Mul:
            v = static_cast<uint64_t>(l) * static_cast<uint64_t>(r);
            break;
          default:
            return false;
        }
        out = Scalar::ofInt(st->dtype, static_cast<int64_t>(v)).i;
        return true;
      }
      default:
        return false;
    }
  }

  /// `v = <integer arithmetic>` (the `remaining` counter) without the interpreter.
  bool fastAssign(const ir::Stmt& stmt) {
    const auto* a = stmt.as<ir::AssignStmt>();
    if (!a) return false;
    const auto* vt = a->var->type->as<ir::ScalarType>();
    const auto* et = a->value->type->as<ir::ScalarType>();
    if (!vt || !et || vt->dtype != et->dtype || !ir::isSignedInteger(vt->dtype)) return false;
    int64_t v;
    if (!fastInt(*a->value, v)) return false;
    f_.set(a->var.get(), Scalar::ofInt(vt->dtype, v));
    return true;
  }

  int64_t integer(const ir::Expr& e) {
    if (int64_t v; fastIndex(e, v)) return v;
    Scalar s = scalar(e);
    if (s.isFloat())
      throw SimError(
          e.span, fmt::format("expected an integer here, got {} {}", ir::dtypeName(s.dtype), s.f),
          "cast it: pl.cast(x, pl.INDEX)");
    return s.i;
  }
  const Tile& tile(const Node& n) {
    const Value* v = f_.find(n.var);
    if (!v)
      throw SimError(n.call->span, fmt::format("'{}' is read before it has a value", n.var->name));
    if (!v->is<Tile>())
      throw SimError(n.call->span, fmt::format("'{}' is not a tile", n.var->name));
    return v->get<Tile>();
  }
  static void checkAccess(const Node& n, const Tile& t, int64_t off, int64_t lanes) {
    int64_t total = t.buf->numel();
    if (off < 0 || off > total || lanes > total - off)
      throw SimError(n.call->span,
                     fmt::format("{} accesses elements [{}, {}) of {}, which has {} elements",
                                 n.call->op->name, off, off + lanes, Value(t).describe(), total),
                     "pad the tile to a multiple of the register width");
  }

  void step(const Node& n) {
    switch (n.k) {
      case K::Block:
        return run(n.body);
      case K::Loop:
        return loop(n);
      case K::Scalar:
        if (fastAssign(*n.stmt)) return;
        if (ex_.exec(*n.stmt, f_) != Flow::Normal)
          throw SimError(n.stmt->span,
                         "internal error: a SIMD_VF region statement left the region");
        return;
      case K::Import:
        return import(n);
      default:
        if (n.dst >= 0) written_[n.dst] = 1;  // a store has no result
        return op(n);
    }
  }

  void loop(const Node& n) {
    const ir::ForStmt& s = *n.loop;
    int64_t start = s.start ? integer(*s.start) : 0;
    int64_t stop = integer(*s.stop);
    int64_t step = s.step ? integer(*s.step) : 1;
    if (step == 0)
      throw SimError(s.span, "the loop step is zero", "use a positive or negative step");
    for (int64_t i = start; step > 0 ? i < stop : i > stop;) {
      f_.set(s.loopVar.get(), conformTo(Scalar::ofInt(DType::Index, i), s.loopVar->type));
      run(n.body);
      if (step > 0 ? i > std::numeric_limits<int64_t>::max() - step
                   : i < std::numeric_limits<int64_t>::min() - step)
        break;
      i += step;
    }
  }

  void import(const Node& n) {
    const SlotInfo& d = info_[n.dst];
    if (!n.var) {  // a register copy
      std::memcpy(slots_[n.dst].bytes, slots_[n.a].bytes, sizeof(Slot::bytes));
      written_[n.dst] = 1;
      return;
    }
    const Value* v = f_.find(n.var);
    if (!v) return;  // assigned in the region before any read (the verifier checks the rest)
    if (d.mask) {
      if (!v->is<Mask>()) return;
      const Mask& m = v->get<Mask>();
      auto* p = slots_[n.dst].as<uint8_t>();
      for (int k = 0; k < d.lanes && k < static_cast<int>(m.lanes.size()); ++k) p[k] = m.lanes[k];
      return;
    }
    if (!v->is<VReg>()) return;
    const VReg& r = v->get<VReg>();
    dispatchDType(d.dt, [&](auto e) {
      using E = decltype(e);
      auto* p = slots_[n.dst].template as<typename E::Compute>();
      for (int k = 0; k < d.lanes && k < static_cast<int>(r.lanes.size()); ++k)
        p[k] = static_cast<typename E::Compute>(r.lanes[k]);
    });
  }

  template <typename E>
  typename E::Compute* reg(int s) {
    return slots_[s].template as<typename E::Compute>();
  }
  uint8_t* mask(int s) { return slots_[s].as<uint8_t>(); }

  void op(const Node& n) {
    int L = n.lanes;
    switch (n.k) {
      case K::Mask: {
        int64_t active = std::clamp<int64_t>(integer(*n.x), 0, L);
        uint8_t* r = mask(n.dst);
        for (int k = 0; k < L; ++k) r[k] = k < active;
        return;
      }
      case K::Load: {
        const Tile& t = tile(n);
        int64_t off = integer(*n.x);
        checkAccess(n, t, off, L);
        return dispatchDType(t.dtype(), [&](auto e) {
          using E = decltype(e);
          const auto* data = t.buf->template as<typename E::Storage>() + off;
          withLanes(L, [&](auto N) { loadLoop<N, E>(reg<E>(n.dst), data, L); });
        });
      }
      case K::Store: {
        const Tile& t = tile(n);
        int64_t off = integer(*n.x);
        if (n.dt != t.dtype())
          throw SimError(n.call->span,
                         fmt::format("vmi.vstore stores {} lanes into a {} tile",
                                     ir::dtypeName(n.dt), ir::dtypeName(t.dtype())),
                         "convert the register first with pl.vmi.vcvt");
        int64_t total = t.buf->numel();
        const uint8_t* m = mask(n.m);
        return dispatchDType(t.dtype(), [&](auto e) {
          using E = decltype(e);
          auto* data = t.buf->template as<typename E::Storage>();
          const auto* v = reg<E>(n.a);
          if (off >= 0 && off <= total && L <= total - off)
            return withLanes(L, [&](auto N) { storeLoop<N, E>(data + off, v, m, L); });
          for (int k = 0; k < L; ++k) {
            if (!m[k]) continue;  // inactive lanes leave the tile untouched
            int64_t at = off + k;
            if (at < 0 || at >= total)
              throw SimError(n.call->span,
                             fmt::format("vmi.vstore writes element {} (lane {}) of {}, which has "
                                         "{} elements",
                                         at, k, Value(t).describe(), total),
                             "keep offset + active lanes within the tile: mask the tail with "
                             "pl.vmi.create_mask(remaining, size=...)");
            data[at] = E::store(v[k]);
          }
        });
      }
      case K::Brc: {
        Scalar s = scalar(*n.x);
        double x = roundToDType(n.dt, castScalar(s, n.dt).asDouble());
        return dispatchDType(n.dt, [&](auto e) {
          using E = decltype(e);
          auto* r = reg<E>(n.dst);
          auto c = static_cast<typename E::Compute>(x);
          for (int k = 0; k < L; ++k) r[k] = c;
        });
      }
      case K::Ci: {
        Scalar base = scalar(*n.x);
        return dispatchDType(n.dt, [&](auto e) {
          using E = decltype(e);
          using C = typename E::Compute;
          C b = scalarAs<E>(base);
          withLanes(L, [&](auto N) { rampLoop<N, E>(reg<E>(n.dst), b, L); });
        });
      }
      case K::Bin:
      case K::BinS:
      case K::Un:
        return arith(n);
      case K::Cmp:
      case K::Cmps: {
        Scalar s = n.k == K::Cmps ? scalar(*n.x) : Scalar{};
        const uint8_t* seed = mask(n.m);
        uint8_t* r = mask(n.dst);
        return dispatchDType(n.dt, [&](auto e) {
          using E = decltype(e);
          using C = typename E::Compute;
          const C* a = reg<E>(n.a);
          const C* b = n.k == K::Cmps ? nullptr : reg<E>(n.b);
          C sv = n.k == K::Cmps ? scalarAs<E>(s) : C{};
          withCompare(n.cmp, [&](auto op) {
            withLanes(L, [&](auto N) { compareLoop<N, C>(op, r, a, b, sv, seed, L); });
          });
        });
      }
      case K::Sel: {
        const uint8_t* m = mask(n.m);
        return dispatchDType(n.dt, [&](auto e) {
          using E = decltype(e);
          using C = typename E::Compute;
          const C* t = reg<E>(n.a);
          const C* f = reg<E>(n.b);
          C* r = reg<E>(n.dst);
          withLanes(L, [&](auto N) { selectLoop<N, C>(r, t, f, m, L); });
        });
      }
      case K::MAnd:
      case K::MOr: {
        const uint8_t* a = mask(n.a);
        const uint8_t* b = mask(n.b);
        uint8_t* r = mask(n.dst);
        if (n.k == K::MAnd)
          for (int k = 0; k < L; ++k) r[k] = (a[k] != 0) && (b[k] != 0);
        else
          for (int k = 0; k < L; ++k) r[k] = (a[k] != 0) || (b[k] != 0);
        return;
      }
      case K::MNot: {
        const uint8_t* a = mask(n.a);
        uint8_t* r = mask(n.dst);
        for (int k = 0; k < L; ++k) r[k] = a[k] ? 0 : 1;
        return;
      }
      case K::Cvt: {
        // Through a scratch array: source and destination may be the same slot.
        alignas(64) unsigned char tmp[kMaxLanes * 4];
        dispatchDType(n.dt, [&](auto from) {
          using F = decltype(from);
          dispatchDType(n.to, [&](auto target) {
            using T = decltype(target);
            const auto* a = reg<F>(n.a);
            auto* r = reinterpret_cast<typename T::Compute*>(tmp);
            for (int k = 0; k < L; ++k) r[k] = T::load(elem::convert<F, T>(a[k]));
          });
        });
        std::memcpy(slots_[n.dst].bytes, tmp, sizeof(tmp));
        return;
      }
      default:
        return;
    }
  }

  void arith(const Node& n) {
    int L = n.lanes;
    const uint8_t* m = mask(n.m);
    Scalar s = n.k == K::BinS ? scalar(*n.x) : Scalar{};
    dispatchDType(n.dt, [&](auto e) {
      using E = decltype(e);
      using C = typename E::Compute;
      C* r = reg<E>(n.dst);
      const C* a = reg<E>(n.a);
      auto withOp = [&](auto op) {
        withLanes(L, [&](auto N) {
          if (n.k == K::Bin)
            binaryLoop<N, decltype(op), E>(op, r, a, reg<E>(n.b), m, L);
          else
            scalarLoop<N, decltype(op), E>(op, r, a, scalarAs<E>(s), m, L);
        });
      };
      switch (n.fn) {
        case Fn::Add:
          return withOp(elem::Add{});
        case Fn::Sub:
          return withOp(elem::Sub{});
        case Fn::Mul:
          return withOp(elem::Mul{});
        case Fn::Div:
          return withOp(elem::Div{});
        case Fn::Max:
          return withOp(elem::Max{});
        case Fn::Min:
          return withOp(elem::Min{});
        case Fn::Neg:
          return withLanes(L, [&](auto N) { unaryLoop<N, elem::Neg, E>(elem::Neg{}, r, a, m, L); });
        case Fn::Abs:
          return withLanes(L, [&](auto N) { unaryLoop<N, elem::Abs, E>(elem::Abs{}, r, a, m, L); });
        case Fn::Exp:
          if constexpr (E::kFloat)
            return withLanes(L,
                             [&](auto N) { unaryLoop<N, elem::Exp, E>(elem::Exp{}, r, a, m, L); });
          return;
        case Fn::Sqrt:
          if constexpr (E::kFloat)
            return withLanes(
                L, [&](auto N) { unaryLoop<N, elem::Sqrt, E>(elem::Sqrt{}, r, a, m, L); });
          return;
        case Fn::None:
          return;
      }
    });
  }

  Executor& ex_;
  Frame& f_;
  const std::vector<SlotInfo>& info_;
  std::unique_ptr<Slot[]> slots_;
  std::vector<uint8_t> written_;  // per slot: assigned in this run of the region
};

}  // namespace

std::optional<Flow> runVmiRegion(Executor& ex, const ir::SimdVfScopeStmt& s, Frame& f) {
  // PTOC_SIM_VMI_INTERPRET=1: every region statement by statement (the tests compare the two).
  static const bool interpret = [] {
    const char* e = std::getenv("PTOC_SIM_VMI_INTERPRET");
    return e && *e && std::string_view(e) != "0";
  }();
  // With the cycle model on, every vmi op is recorded one by one (the interpreted path, which
  // the tests keep lane-for-lane equal to this one).
  if (interpret || timing::activeTimeline() || !usesVectors(s.body)) return std::nullopt;
  Compiler c;
  std::vector<Node> body;
  try {
    c.stmt(s.body, body);
  } catch (const Ineligible&) {
    return std::nullopt;
  }
  Runner r(ex, f, c.slots);
  r.run(c.imports);
  r.run(body);
  r.materialize();
  return Flow::Normal;
}

}  // namespace ptoc::sim::detail
