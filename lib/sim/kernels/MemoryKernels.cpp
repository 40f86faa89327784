// Kernels of the memory and data-movement ops (dsl.md §5): tile.load/store/move,
// the generators create/full/ci/random (Philox-4x32), the views slice/reshape/
// extract/set_validshape/transpose and the block/sub-block queries.
// docs/simulator-semantics.md §3.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "ptoc/ir/Printer.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

using ir::DType;

std::string fmtShape(const std::vector<int64_t>& v) {
  return fmt::format("[{}]", fmt::join(v, ", "));
}

/// Steps the row-major multi-index `idx` of a box of `extents` over its first `axes` axes
/// (the last of them fastest); false when it wraps around, i.e. the walk is over.
bool advanceIndex(std::vector<int64_t>& idx, const std::vector<int64_t>& extents, size_t axes) {
  for (size_t k = axes; k-- > 0;) {
    if (++idx[k] < extents[k]) return true;
    idx[k] = 0;
  }
  return false;
}

/// Copies the box [srcOrigin, srcOrigin + extents) of `src` to [dstOrigin, ...) of `dst`
/// (same dtype, same rank, bounds checked by the caller).
void copyBox(const Buffer& src, const std::vector<int64_t>& srcOrigin, Buffer& dst,
             const std::vector<int64_t>& dstOrigin, const std::vector<int64_t>& extents) {
  size_t rank = extents.size();
  for (int64_t e : extents)
    if (e <= 0) return;
  size_t item = src.elemSize();
  if (rank == 0) {
    std::memcpy(dst.bytes.data(), src.bytes.data(), item);
    return;
  }
  std::vector<int64_t> ss(rank, 1), ds(rank, 1);
  for (size_t k = rank - 1; k > 0; --k) {
    ss[k - 1] = ss[k] * src.shape[k];
    ds[k - 1] = ds[k] * dst.shape[k];
  }
  std::vector<int64_t> idx(rank, 0);
  size_t runBytes = static_cast<size_t>(extents[rank - 1]) * item;
  do {  // one memcpy per run along the last axis
    int64_t so = 0, dof = 0;
    for (size_t k = 0; k < rank; ++k) {
      so += (srcOrigin[k] + idx[k]) * ss[k];
      dof += (dstOrigin[k] + idx[k]) * ds[k];
    }
    std::memcpy(dst.bytes.data() + dof * item, src.bytes.data() + so * item, runBytes);
  } while (advanceIndex(idx, extents, rank - 1));
}

/// The flat row-major indices of the box [origin, origin + extents) of a tensor of `dims`.
std::vector<int64_t> boxIndices(const std::vector<int64_t>& dims,
                                const std::vector<int64_t>& origin,
                                const std::vector<int64_t>& extents) {
  std::vector<int64_t> out;
  const size_t rank = dims.size();
  if (rank == 0 || origin.size() != rank || extents.size() != rank) return out;
  for (int64_t e : extents)
    if (e <= 0) return out;
  std::vector<int64_t> stride(rank, 1), idx(rank, 0);
  for (size_t k = rank - 1; k > 0; --k) stride[k - 1] = stride[k] * dims[k];
  do {
    int64_t flat = 0;
    for (size_t k = 0; k < rank; ++k) flat += (origin[k] + idx[k]) * stride[k];
    out.push_back(flat);
  } while (advanceIndex(idx, extents, rank));
  return out;
}

/// Checks valid extents against a static shape.
void checkValidExtents(const KernelContext& ctx, const std::vector<int64_t>& valid,
                       const std::vector<int64_t>& shape) {
  if (valid.size() != shape.size())
    ctx.fail(
        fmt::format("{}: valid shape {} has rank {} but the tile shape {} has rank {}",
                    ctx.opName(), fmtShape(valid), valid.size(), fmtShape(shape), shape.size()),
        "give one valid extent per axis");
  for (size_t k = 0; k < valid.size(); ++k)
    if (valid[k] < 0 || valid[k] > shape[k])
      ctx.fail(fmt::format("{}: valid extent {} on axis {} is outside [0, {}] (valid shape {}, "
                           "tile shape {})",
                           ctx.opName(), valid[k], k, shape[k], fmtShape(valid), fmtShape(shape)),
               fmt::format("clamp the runtime extent to the tile: pl.min(n, {})", shape[k]));
}

/// A tile of the call's result type holding `src`'s box at `origin` of `extents` (read with
/// padding), placed at the origin; valid = extents.
Tile windowOf(const KernelContext& ctx, const Tile& src, const std::vector<int64_t>& origin,
              const std::vector<int64_t>& extents, const std::vector<int64_t>& valid) {
  Tile r = makeTile(ctx.resultTile(), valid);
  std::vector<int64_t> end(origin.size());
  for (size_t k = 0; k < origin.size(); ++k) end[k] = origin[k] + extents[k];
  // Reads outside the source's valid region see its pad value.
  const Tile& from = validCovers(src, end) ? src : withPadding(src);
  copyBox(*from.buf, origin, *r.buf, std::vector<int64_t>(origin.size(), 0), extents);
  return r;
}

// ---- load / store / move --------------------------------------------------------------------

/// A tensor's pl.TensorView as the simulator models it: row-major (ND) and dense. Strides
/// equal to the dense ones are accepted; another layout, other strides or a tensor
/// valid_shape is reported at the load / store.
void checkTensorView(const KernelContext& ctx, size_t arg, const Buffer& buf) {
  const auto* t = arg < ctx.call.args.size() && ctx.call.args[arg]->type
                      ? ctx.call.args[arg]->type->as<ir::TensorType>()
                      : nullptr;
  if (!t || !t->view) return;
  const ir::TensorView& v = *t->view;
  std::string what = ir::typeToString(*t);
  if (v.layout != ir::TensorLayout::ND)
    ctx.fail(fmt::format("the simulator does not model tensor layout {} ({} of {})",
                         ir::toString(v.layout), what, ctx.opName()),
             "simulate the kernel on row-major (pl.TensorLayout.ND) tensors");
  if (!v.validShape.empty())
    ctx.fail(fmt::format("the simulator does not model a tensor valid_shape ({} of {})", what,
                         ctx.opName()),
             "give the valid region on the load instead: pl.load(t, offsets, shapes, valid_shape)");
  if (v.stride.empty()) return;
  int64_t dense = 1;
  for (size_t k = v.stride.size(); k-- > 0;) {
    const auto* c = v.stride[k] ? v.stride[k]->as<ir::ConstInt>() : nullptr;
    if (!c || c->value != dense || k >= buf.shape.size())
      ctx.fail(fmt::format("the simulator models dense row-major tensors only; {} of {} has "
                           "strides that differ from its shape's",
                           what, ctx.opName()),
               fmt::format("drop the stride or make it the dense one for the shape {}",
                           fmtShape(buf.shape)));
    dense *= buf.shape[k];
  }
}

Value loadKernel(const KernelContext& ctx) {
  const Tensor& src = ctx.tensor(0);
  checkTensorView(ctx, 0, *src.buf);
  std::vector<int64_t> offsets = ctx.intList(1);
  const std::vector<int64_t>& shape = ctx.resultTile().shape;
  std::vector<int64_t> valid = ctx.hasArg(3) ? ctx.intList(3) : shape;
  const std::vector<int64_t>& dims = src.buf->shape;
  if (ctx.intKwarg("clamp", 0) != 0 && offsets.size() == dims.size())
    for (size_t k = 0; k < dims.size(); ++k)  // clamp=True: the read stops at the tensor's edge
      valid[k] = std::clamp<int64_t>(dims[k] - offsets[k], 0, valid[k]);
  if (offsets.size() != dims.size())
    ctx.fail(
        fmt::format("tile.load has {} offsets for a rank-{} tensor", offsets.size(), dims.size()),
        "give one offset per tensor axis");
  checkValidExtents(ctx, valid, shape);
  for (size_t k = 0; k < dims.size(); ++k) {
    if (valid[k] == 0) continue;
    if (offsets[k] < 0 || offsets[k] > dims[k] - valid[k])
      ctx.fail(fmt::format("tile.load reads [{}, {}) on axis {} of Tensor[{}, {}], which has "
                           "size {}",
                           offsets[k], offsets[k] + valid[k], k, fmtShape(dims),
                           ir::dtypeName(src.buf->dtype), dims[k]),
               "narrow the valid shape of the load (its 4th argument) to the part inside the "
               "tensor");
  }
  if (ctx.core.checksLaneWrites())
    ctx.core.noteTensorRead(ctx.call, src, boxIndices(dims, offsets, valid));
  Tile r = makeTile(ctx.resultTile(), valid);
  copyBox(*src.buf, offsets, *r.buf, std::vector<int64_t>(shape.size(), 0), valid);
  return r;
}

/// tile.store through a reinterpreting partition (PyPTO's ND form, docs/simulator-semantics.md §4):
/// the partition is the `shapes` operand, or the tile's valid shape padded with leading unit
/// axes. The tile's elements (its valid region when that has the partition's element count,
/// else the whole tile) fill the partition row-major; partition element p lands at the
/// tensor's row-major address sum((offset_k + p_k) * stride_k).
Value partitionStore(const KernelContext& ctx, const Tile& t, const Buffer& src,
                     const std::vector<int64_t>& offsets, const Tensor& dst) {
  const std::vector<int64_t>& dims = dst.buf->shape;
  const size_t rank = dims.size();
  std::vector<int64_t> part;
  if (ctx.hasArg(3)) {
    part = ctx.intList(3);
  } else {
    part.assign(rank - t.valid.size(), 1);
    part.insert(part.end(), t.valid.begin(), t.valid.end());
  }
  if (part.size() != rank || offsets.size() != rank)
    ctx.fail(fmt::format("tile.store: the partition {} and the offsets {} must have the rank of "
                         "the tensor {}",
                         fmtShape(part), fmtShape(offsets), fmtShape(dims)),
             "give one offset and one partition extent per tensor axis");
  int64_t count = 1, validCount = 1, numel = 1;
  for (int64_t p : part) count *= p;
  for (int64_t v : t.valid) validCount *= v;
  for (int64_t d : dims) numel *= d;
  bool useValid = count == validCount;
  if (!useValid && count != src.numel())
    ctx.fail(fmt::format("tile.store: the partition {} holds {} elements, but the tile {} has {} "
                         "({} valid)",
                         fmtShape(part), count, fmtShape(t.shape()), src.numel(), validCount),
             "the shapes must hold exactly the tile's elements");
  if (count == 0) return dst;
  int64_t first = 0, last = 0, stride = 1;
  for (size_t k = rank; k-- > 0;) {
    first += offsets[k] * stride;
    last += (offsets[k] + part[k] - 1) * stride;
    stride *= dims[k];
  }
  for (int64_t o : offsets)
    if (o < 0) first = -1;
  if (first < 0 || last >= numel)
    ctx.fail(fmt::format("tile.store writes the partition {} at offsets {} outside the tensor {} "
                         "({} elements)",
                         fmtShape(part), fmtShape(offsets), fmtShape(dims), numel),
             "keep the partition within the tensor: check the offsets and the loop bounds that "
             "compute them");
  // The source elements in row-major order: the valid region's, or the whole buffer's.
  std::vector<int64_t> srcStride(t.shape().size(), 1), srcExt = useValid ? t.valid : t.shape();
  for (size_t k = srcStride.size(); k-- > 1;) srcStride[k - 1] = srcStride[k] * t.shape()[k];
  std::vector<int64_t> dstStride(rank, 1);
  for (size_t k = rank; k-- > 1;) dstStride[k - 1] = dstStride[k] * dims[k];
  bool atomic = ctx.intKwarg("atomic", 0) != 0;
  // The element pairs (source, tensor) in order; the lane check sees them before the write.
  std::vector<int64_t> srcIndex, dstIndex;
  srcIndex.reserve(static_cast<size_t>(count));
  dstIndex.reserve(static_cast<size_t>(count));
  std::vector<int64_t> si(srcExt.size(), 0), pi(rank, 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t so = 0, dof = 0;
    for (size_t k = 0; k < si.size(); ++k) so += si[k] * srcStride[k];
    for (size_t k = 0; k < rank; ++k) dof += (offsets[k] + pi[k]) * dstStride[k];
    srcIndex.push_back(so);
    dstIndex.push_back(dof);
    for (size_t k = si.size(); k-- > 0;)
      if (++si[k] < srcExt[k])
        break;
      else
        si[k] = 0;
    for (size_t k = rank; k-- > 0;)
      if (++pi[k] < part[k])
        break;
      else
        pi[k] = 0;
  }
  if (ctx.core.checksLaneWrites())
    ctx.core.noteTensorWrite(ctx.call, src, dst, srcIndex, dstIndex, atomic);
  for (size_t n = 0; n < srcIndex.size(); ++n) {
    const int64_t so = srcIndex[n], dof = dstIndex[n];
    double v = src.getF(so);
    if (atomic) v += dst.buf->getF(dof);
    if (atomic || src.dtype != dst.buf->dtype)
      dst.buf->setF(dof, v);
    else
      std::memcpy(dst.buf->bytes.data() + dof * dst.buf->elemSize(),
                  src.bytes.data() + so * src.elemSize(), src.elemSize());
  }
  return dst;
}

Value storeKernel(const KernelContext& ctx) {
  const Tile& t = ctx.tile(0);
  std::vector<int64_t> offsets = ctx.intList(1);
  const Tensor& dst = ctx.tensor(2);
  checkTensorView(ctx, 2, *dst.buf);
  const std::vector<int64_t>& dims = dst.buf->shape;
  // The fixpipe's conversion out of Acc (FP32 -> FP16 / BF16, as tile.store's deduction
  // allows): the accumulator rounded to the tensor's dtype, then copied.
  bool fixpipeCast = t.memory == ir::MemorySpace::Acc && t.dtype() == DType::FP32 &&
                     (dst.buf->dtype == DType::FP16 || dst.buf->dtype == DType::BF16);
  BufferPtr src = t.buf;
  if (fixpipeCast) {
    src = std::make_shared<Buffer>(dst.buf->dtype, t.shape());
    for (int64_t i = 0; i < src->numel(); ++i) src->setF(i, t.buf->getF(i));
  } else if (t.dtype() != dst.buf->dtype)
    ctx.fail(fmt::format("tile.store writes a {} tile into a {} tensor", ir::dtypeName(t.dtype()),
                         ir::dtypeName(dst.buf->dtype)),
             fmt::format("cast the tile first: pl.cast(t, pl.{})", ir::dtypeName(dst.buf->dtype)));
  // An atomic store from Acc is a cube statement: on lane 1 of split_aiv lanes it is lane 0's
  // copy, and on the NPU it adds once (on the AIC).
  if (ctx.intKwarg("atomic", 0) != 0 && t.memory == ir::MemorySpace::Acc && ctx.core.cubeReplica())
    return dst;
  if (ctx.hasArg(3) || (t.valid.size() < dims.size() && offsets.size() == dims.size()))
    return partitionStore(ctx, t, *src, offsets, dst);
  if (offsets.size() != dims.size() || t.valid.size() != dims.size())
    ctx.fail(fmt::format("tile.store: rank mismatch between the tile {}, offsets {} and the tensor "
                         "{}",
                         fmtShape(t.shape()), fmtShape(offsets), fmtShape(dims)),
             "give one offset per tensor axis and store a tile of the tensor's rank");
  // An empty valid region (any extent 0) writes nothing, wherever its offsets point.
  bool empty = std::find(t.valid.begin(), t.valid.end(), int64_t{0}) != t.valid.end();
  for (size_t k = 0; k < dims.size() && !empty; ++k) {
    if (offsets[k] < 0 || offsets[k] > dims[k] - t.valid[k])
      ctx.fail(fmt::format("tile.store writes [{}, {}) on axis {} of Tensor[{}, {}], which has "
                           "size {}",
                           offsets[k], offsets[k] + t.valid[k], k, fmtShape(dims),
                           ir::dtypeName(dst.buf->dtype), dims[k]),
               "keep offset + valid extent within the tensor: check the offsets and loop bounds "
               "that compute them");
  }
  if (ctx.core.checksLaneWrites() && !empty) {
    // The written elements as flat indices (the check is rank-independent): the valid
    // region of the tile, and the window it lands in.
    std::vector<int64_t> srcIndex =
        boxIndices(src->shape, std::vector<int64_t>(dims.size(), 0), t.valid);
    std::vector<int64_t> dstIndex = boxIndices(dims, offsets, t.valid);
    ctx.core.noteTensorWrite(ctx.call, *src, dst, srcIndex, dstIndex,
                             ctx.intKwarg("atomic", 0) != 0);
  }
  if (ctx.intKwarg("atomic", 0) != 0 && !empty) {
    // atomic=pl.AtomicType.Add: the valid region is added into the tensor's window.
    auto window = std::make_shared<Buffer>(dst.buf->dtype, t.valid);
    std::vector<int64_t> zeros(dims.size(), 0);
    copyBox(*dst.buf, offsets, *window, zeros, t.valid);
    auto sum = std::make_shared<Buffer>(dst.buf->dtype, t.valid);
    copyBox(*src, zeros, *sum, zeros, t.valid);
    for (int64_t i = 0; i < sum->numel(); ++i) sum->setF(i, sum->getF(i) + window->getF(i));
    copyBox(*sum, zeros, *dst.buf, offsets, t.valid);
    return dst;
  }
  copyBox(*src, std::vector<int64_t>(dims.size(), 0), *dst.buf, offsets, t.valid);
  return dst;
}

Value moveKernel(const KernelContext& ctx) {
  const Tile& src = ctx.tile(0);
  return windowOf(ctx, src, std::vector<int64_t>(src.valid.size(), 0), src.valid, src.valid);
}

// ---- generators -----------------------------------------------------------------------------

/// A generator's valid region: the constant valid_shape of its type (an empty replay tile is
/// annotated valid_shape=[0, 0]), else the whole box.
std::vector<int64_t> generatorValid(const ir::TileType& t) {
  std::vector<int64_t> valid;
  if (!t.view || t.view->validShape.size() != t.shape.size()) return valid;
  for (const auto& e : t.view->validShape) {
    const auto* c = e ? e->as<ir::ConstInt>() : nullptr;
    if (!c) return {};
    valid.push_back(c->value);
  }
  return valid;
}

Value createKernel(const KernelContext& ctx) {
  Tile t = makeTile(ctx.resultTile(), generatorValid(ctx.resultTile()));
  // L0C is written only by the cube: an Acc tile is garbage until a matmul overwrites it
  // (init_cond). NaN (float) / 0x7fbfffff (int) make a read of it show in every result.
  if (t.memory == ir::MemorySpace::Acc) {
    auto* data = t.buf->bytes.data();
    const uint32_t pattern = 0x7fbfffffu;  // a quiet NaN as FP32
    for (size_t k = 0; k + 4 <= t.buf->bytes.size(); k += 4) std::memcpy(data + k, &pattern, 4);
  }
  return t;
}

Value fullKernel(const KernelContext& ctx) {
  const Scalar& value = ctx.scalar(1);
  Tile r = makeTile(ctx.resultTile(), generatorValid(ctx.resultTile()));
  dispatchDType(r.dtype(), [&](auto e) {
    using E = decltype(e);
    typename E::Storage v = E::store(scalarAs<E>(value));
    auto* data = r.buf->template as<typename E::Storage>();
    std::fill(data, data + r.buf->numel(), v);
  });
  return r;
}

Value ciKernel(const KernelContext& ctx) {
  const Scalar& start = ctx.scalar(0);
  bool descending = false;
  if (const ir::AttrValue* d = ctx.kwarg("descending"); d && std::holds_alternative<bool>(*d))
    descending = std::get<bool>(*d);
  Tile r = makeTile(ctx.resultTile(), {});
  dispatchDType(r.dtype(), [&](auto e) {
    using E = decltype(e);
    using C = typename E::Compute;
    if constexpr (!E::kFloat) {
      C s = scalarAs<E>(start);
      auto* data = r.buf->template as<typename E::Storage>();
      int64_t n = r.buf->numel();
      for (int64_t j = 0; j < n; ++j) {
        C step = static_cast<C>(j);  // modular
        data[j] = descending ? elem::sub(s, step) : elem::add(s, step);
      }
    } else {
      ctx.fail(fmt::format("tile.ci does not generate {} tiles", ir::dtypeName(E::dtype)),
               "use dtype=pl.INT32 (or INT16, UINT16, UINT32)");
    }
  });
  return r;
}

/// Philox-4x32 (Salmon et al., SC'11) with `rounds` rounds; returns output word 0.
uint32_t philoxWord0(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0, uint32_t k1,
                     int rounds) {
  for (int r = 0; r < rounds; ++r) {
    if (r > 0) {
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    uint64_t p0 = uint64_t{0xD2511F53u} * c0;
    uint64_t p1 = uint64_t{0xCD9E8D57u} * c2;
    uint32_t n0 = static_cast<uint32_t>(p1 >> 32) ^ c1 ^ k0;
    uint32_t n2 = static_cast<uint32_t>(p0 >> 32) ^ c3 ^ k1;
    c1 = static_cast<uint32_t>(p1);
    c3 = static_cast<uint32_t>(p0);
    c0 = n0;
    c2 = n2;
  }
  return c0;
}

Value randomKernel(const KernelContext& ctx) {
  std::array<uint32_t, 6> w{};
  for (size_t i = 0; i < 6; ++i) w[i] = static_cast<uint32_t>(ctx.intArg(i));
  const std::vector<int64_t>& shape = ctx.resultTile().shape;
  std::vector<int64_t> valid = ctx.hasArg(7) ? ctx.intList(7) : shape;
  checkValidExtents(ctx, valid, shape);
  int rounds = static_cast<int>(ctx.intKwarg("rounds", 10));
  Tile r = makeTile(ctx.resultTile(), valid);
  auto* data = r.buf->as<uint32_t>();  // INT32 and UINT32 share the bit pattern
  forEachValidRun(shape, valid, [&](int64_t off, int64_t len) {
    for (int64_t e = off; e < off + len; ++e)
      data[e] = philoxWord0(w[2] + static_cast<uint32_t>(e), w[3], w[4], w[5], w[0], w[1], rounds);
  });
  return r;
}

// ---- views ----------------------------------------------------------------------------------

Value sliceKernel(const KernelContext& ctx) {
  const Tile& src = ctx.tile(0);
  const std::vector<int64_t>& shape = ctx.resultTile().shape;
  std::vector<int64_t> offsets = ctx.intList(2);
  if (offsets.size() != shape.size())
    ctx.fail(
        fmt::format("tile.slice has {} offsets for a rank-{} tile", offsets.size(), shape.size()),
        "give one offset per axis");
  std::vector<int64_t> valid = ctx.hasArg(3) ? ctx.intList(3) : std::vector<int64_t>{};
  // With an explicit valid shape only the valid part of the window must lie inside the source
  // (as for tile.load); the rest of the box is padding.
  const std::vector<int64_t>& window = valid.empty() ? shape : valid;
  for (size_t k = 0; k < shape.size(); ++k)
    if (offsets[k] < 0 || k >= window.size() || offsets[k] > src.shape()[k] - window[k])
      ctx.fail(fmt::format("tile.slice reads [{}, {}) on axis {} of a tile of shape {}", offsets[k],
                           offsets[k] + (k < window.size() ? window[k] : shape[k]), k,
                           fmtShape(src.shape())),
               "keep offset + extent within the source tile: check the offsets that compute them");
  if (valid.empty()) {
    valid.resize(shape.size());
    for (size_t k = 0; k < shape.size(); ++k)
      valid[k] = std::clamp<int64_t>(src.valid[k] - offsets[k], 0, shape[k]);
  }
  checkValidExtents(ctx, valid, shape);
  return windowOf(ctx, src, offsets, valid, valid);
}

/// The valid extents of a reshape (docs/simulator-semantics.md §3): full stays full, unit
/// axes added/removed map one to one, a flat row-major prefix becomes a rectangle.
std::optional<std::vector<int64_t>> reshapeValid(const std::vector<int64_t>& from,
                                                 const std::vector<int64_t>& valid,
                                                 const std::vector<int64_t>& to) {
  if (valid == from) return to;
  int64_t count = 1;
  for (int64_t v : valid) count *= v;
  std::vector<size_t> fa, ta;
  for (size_t k = 0; k < from.size(); ++k)
    if (from[k] != 1) fa.push_back(k);
  for (size_t k = 0; k < to.size(); ++k)
    if (to[k] != 1) ta.push_back(k);
  bool unitOnly = fa.size() == ta.size();
  for (size_t j = 0; unitOnly && j < fa.size(); ++j) unitOnly = from[fa[j]] == to[ta[j]];
  bool unitAxesFull = true;
  for (size_t k = 0; k < from.size(); ++k)
    if (from[k] == 1) unitAxesFull = unitAxesFull && valid[k] == 1;
  if (unitOnly && unitAxesFull) {  // as type deduction: the non-unit axes map one to one
    std::vector<int64_t> out(to.size(), 1);
    for (size_t j = 0; j < ta.size(); ++j) out[ta[j]] = valid[fa[j]];
    return out;
  }
  if (count == 0) {
    std::vector<int64_t> out = to;
    out[0] = 0;
    return out;
  }
  size_t k = 0;
  for (size_t j = 0; j < valid.size(); ++j)
    if (valid[j] != from[j]) k = j;
  for (size_t j = 0; j < k; ++j)
    if (valid[j] != 1) return std::nullopt;
  int64_t prefix = valid[k];
  for (size_t j = k + 1; j < valid.size(); ++j) prefix *= from[j];
  int64_t inner = 1;
  for (size_t m = to.size(); m-- > 0;) {
    if (prefix % inner == 0 && prefix / inner <= to[m]) {
      std::vector<int64_t> out(m, 1);
      out.push_back(prefix / inner);
      for (size_t j = m + 1; j < to.size(); ++j) out.push_back(to[j]);
      return out;
    }
    inner *= to[m];
  }
  return std::nullopt;
}

Value reshapeKernel(const KernelContext& ctx) {
  const Tile& src = ctx.tile(0);
  const std::vector<int64_t>& shape = ctx.resultTile().shape;
  auto valid = reshapeValid(src.shape(), src.valid, shape);
  if (!valid)
    ctx.fail(fmt::format("tile.reshape cannot carry the valid shape {} of a {} tile into the "
                         "shape {}",
                         fmtShape(src.valid), fmtShape(src.shape()), fmtShape(shape)),
             "reshape a tile whose valid region is full, or set the valid shape afterwards");
  Tile r = makeTile(ctx.resultTile(), *valid);
  if (r.buf->bytes.size() != src.buf->bytes.size())
    ctx.fail(fmt::format("tile.reshape changes the element count: {} -> {}", fmtShape(src.shape()),
                         fmtShape(shape)),
             "the new shape needs the same element count");
  r.buf->bytes = src.buf->bytes;  // row-major order is kept; the valid box maps onto itself
  fillPadding(r);
  return r;
}

Value extractKernel(const KernelContext& ctx) {
  const Tile& src = ctx.tile(0);
  std::vector<int64_t> origin = {ctx.intArg(1), ctx.intArg(2)};
  const std::vector<int64_t>& shape = ctx.resultTile().shape;
  if (src.shape().size() != 2 || shape.size() != 2)
    ctx.fail("tile.extract works on 2-D tiles", "reshape the source to 2-D first");
  for (size_t k = 0; k < 2; ++k)
    if (origin[k] < 0 || origin[k] > src.shape()[k] - shape[k])
      ctx.fail(fmt::format("tile.extract reads [{}, {}) on axis {} of a tile of shape {}",
                           origin[k], origin[k] + shape[k], k, fmtShape(src.shape())),
               "keep row/col + extent within the source tile: check the indices that compute them");
  return windowOf(ctx, src, origin, shape, shape);
}

Value setValidShapeKernel(const KernelContext& ctx) {
  const Tile& src = ctx.tile(0);
  std::vector<int64_t> valid = {ctx.intArg(1), ctx.intArg(2)};
  checkValidExtents(ctx, valid, src.shape());
  Tile r = src;  // metadata only: the same buffer
  r.valid = std::move(valid);
  r.pad = ctx.resultTile().effectiveView().pad;
  return r;
}

template <typename W>
void permuteCopy(const Buffer& src, Buffer& dst, const std::vector<int64_t>& valid, size_t a1,
                 size_t a2) {
  // Walk the destination's valid box with a multi-index; the source index is the
  // same multi-index with axes a1 and a2 exchanged.
  size_t rank = dst.shape.size();
  if (rank == 0) return;
  std::vector<int64_t> srcStride(rank, 1);
  for (size_t k = rank - 1; k > 0; --k) srcStride[k - 1] = srcStride[k] * src.shape[k];
  const W* in = src.as<W>();
  W* out = dst.as<W>();
  for (int64_t v : valid)
    if (v <= 0) return;
  std::vector<int64_t> idx(rank, 0);
  while (true) {
    int64_t so = 0, dOff = 0;
    for (size_t k = 0; k < rank; ++k) {
      size_t sk = k == a1 ? a2 : (k == a2 ? a1 : k);
      so += idx[k] * srcStride[sk];
      dOff = dOff * dst.shape[k] + idx[k];
    }
    out[dOff] = in[so];
    size_t k = rank;
    while (k > 0) {
      --k;
      if (++idx[k] < valid[k]) break;
      idx[k] = 0;
      if (k == 0) return;
    }
  }
}

Value transposeKernel(const KernelContext& ctx) {
  const Tile& src = ctx.tile(0);
  int64_t rank = static_cast<int64_t>(src.shape().size());
  int64_t a1 = ctx.intArg(1), a2 = ctx.intArg(2);
  if (a1 < 0 || a1 >= rank || a2 < 0 || a2 >= rank)
    ctx.fail(fmt::format("tile.transpose axes ({}, {}) are out of range for a rank-{} tile", a1, a2,
                         rank),
             "axes count from 0 up to rank - 1");
  std::vector<int64_t> valid = src.valid;
  std::swap(valid[a1], valid[a2]);
  Tile r = makeTile(ctx.resultTile(), valid);
  if (r.shape().size() != src.shape().size())
    ctx.fail("tile.transpose: result rank mismatch",
             "transpose keeps the rank: swap two axes of the tile");
  size_t u1 = static_cast<size_t>(a1), u2 = static_cast<size_t>(a2);
  switch (src.buf->elemSize()) {
    case 1:
      permuteCopy<uint8_t>(*src.buf, *r.buf, valid, u1, u2);
      break;
    case 2:
      permuteCopy<uint16_t>(*src.buf, *r.buf, valid, u1, u2);
      break;
    case 4:
      permuteCopy<uint32_t>(*src.buf, *r.buf, valid, u1, u2);
      break;
    default:
      permuteCopy<uint64_t>(*src.buf, *r.buf, valid, u1, u2);
      break;
  }
  return r;
}

}  // namespace

void registerMemoryKernels(OpSemantics& s) {
  s.add("tile.load", loadKernel);
  s.add("tile.store", storeKernel);
  s.add("tile.move", moveKernel);
  s.add("tile.create", createKernel);
  s.add("tile.full", fullKernel);
  s.add("tile.ci", ciKernel);
  s.add("tile.random", randomKernel);
  s.add("tile.slice", sliceKernel);
  s.add("tile.reshape", reshapeKernel);
  s.add("tile.extract", extractKernel);
  s.add("tile.set_validshape", setValidShapeKernel);
  s.add("tile.transpose", transposeKernel);
  s.add("tile.get_subblock_idx", [](const KernelContext& ctx) -> Value {
    return Scalar::ofInt(DType::Index, ctx.core.subblockIdx());
  });
  s.add("tile.get_block_idx", [](const KernelContext& ctx) -> Value {
    return Scalar::ofInt(DType::Index, ctx.core.blockIdx());
  });
  s.add("tile.get_block_num", [](const KernelContext& ctx) -> Value {
    return Scalar::ofInt(DType::Index, ctx.core.blockNum());
  });
}

}  // namespace ptoc::sim
