// PyPTO's distributed module (`pld`, pypto.language.distributed): window buffers carved for a
// communicator (pld.alloc_window_buffer, pld.window), communicator queries, signals
// (notify / wait), one-sided remote loads and stores, bulk put / get and the collectives.
// Registered from one table (OpTable.h). They run on the host orchestrator or inside
// kernels that hold pld.DistributedTensor windows; the simulator does not model them and
// says so at the statement. The signatures are those of the `pld` Python surface.
#include <fmt/format.h>

#include <cstdint>

#include "OpTable.h"
#include "ptoc/ops/CorePlacement.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

using K = ArgKind;
using A = AttrKind;

TypePtr deduceAllocWindowBuffer(const OpCallContext& ctx) {
  const Type& t = *ctx.args[0]->type;
  if (const auto* s = t.as<ScalarType>(); s && isInteger(s->dtype)) {
    if (ctx.kwarg("dtype"))
      ctx.failKwarg("dtype",
                    "dtype= goes with a shape: a size in bytes given to "
                    "pld.alloc_window_buffer has no element type",
                    "write pld.alloc_window_buffer([64, 64], dtype=pl.FP32), or drop dtype=");
    return HandleType::get(HandleKind::Ptr);
  }
  if (const auto* mt = ctx.args[0]->as<MakeTuple>()) {
    // The shape form: a byte size of product(shape) * dtype's size. Static extents must be
    // positive; a runtime extent (pld.world_size()) must be an integer scalar.
    if (mt->elements.empty())
      ctx.fail(0, "the shape of pld.alloc_window_buffer must not be empty",
               "give one extent per axis, e.g. [64, 64]");
    for (size_t k = 0; k < mt->elements.size(); ++k) {
      const ExprPtr& d = mt->elements[k];
      if (auto v = constIntValue(d)) {
        if (*v <= 0)
          ctx.fail(0,
                   fmt::format("every extent of the shape of pld.alloc_window_buffer must be "
                               "positive, but element {} is {}",
                               k, *v),
                   "window buffers hold at least one element per axis");
        continue;
      }
      const auto* st = d->type->as<ScalarType>();
      if (!st || !isInteger(st->dtype))
        ctx.fail(0,
                 fmt::format("element {} of the shape of pld.alloc_window_buffer must be an "
                             "integer, got {}",
                             k, describeType(d->type)),
                 "e.g. [pld.world_size(), 64]");
    }
    if (!ctx.kwarg("dtype"))
      ctx.failKwarg(
          "dtype", "pld.alloc_window_buffer with a shape needs dtype=",
          "e.g. pld.alloc_window_buffer([64, 64], dtype=pl.FP32), or give a size in bytes");
    return HandleType::get(HandleKind::Ptr);
  }
  ctx.fail(0,
           fmt::format("argument 1 ('size') of {} must be a size in bytes or a shape, got {}",
                       ctx.op.name, describeType(ctx.args[0]->type)),
           "e.g. pld.alloc_window_buffer(64 * pl.FP32.get_byte())");
}

TypePtr deduceWindow(const OpCallContext& ctx) {
  handleArgRef(ctx, 0, HandleKind::Ptr);
  // A runtime extent (pld.world_size()) makes a dynamic dimension.
  return TensorType::get(tensorExtentsArg(ctx, 1), std::get<DType>(*ctx.kwarg("dtype")), true,
                         std::nullopt);
}

TypePtr deduceGetCommCtx(const OpCallContext& ctx) {
  distributedArgRef(ctx, 0);
  return HandleType::get(HandleKind::CommCtx);
}

TypePtr deduceCommCtxScalar(const OpCallContext& ctx) {
  handleArgRef(ctx, 0, HandleKind::CommCtx);
  return ScalarType::get(DType::Int32);
}

/// notify(target, peer, offsets, value) / wait(signal, offsets, expected): a signal window
/// (any dtype, as in PyPTO) addressed with one offset per axis; defer_wait's is INT32.
TypePtr deduceSignal(const OpCallContext& ctx, size_t offsetsArg, bool int32 = false) {
  const TensorType& sig = distributedArgRef(ctx, 0);
  if (int32 && sig.dtype != DType::Int32)
    ctx.fail(0,
             fmt::format("the signal window of {} must be INT32, got {}", ctx.op.name,
                         dtypeName(sig.dtype)),
             "allocate the signal window with dtype=pl.INT32");
  if (listArgElements(ctx, offsetsArg).size() != sig.shape.size())
    ctx.fail(static_cast<int>(offsetsArg),
             fmt::format("{} needs one offset per axis of the signal window ({})", ctx.op.name,
                         sig.shape.size()));
  return UnknownType::get();
}

/// defer_wait: like wait, but integer offsets and expected value, and only cmp=Ge (the
/// runtime re-checks a monotonic counter when it completes the task).
TypePtr deduceDeferWait(const OpCallContext& ctx) {
  deduceSignal(ctx, 1, /*int32=*/true);
  const auto elems = listArgElements(ctx, 1);
  for (size_t k = 0; k < elems.size(); ++k) {
    const auto* st = elems[k]->type->as<ScalarType>();
    if (!st || !isInteger(st->dtype))
      ctx.fail(1,
               fmt::format("offset {} of pld.system.defer_wait must be an integer, got {}", k,
                           describeType(elems[k]->type)),
               "signal cells are addressed with integer offsets, e.g. offsets=[0]");
  }
  const auto* et = ctx.args[2]->type->as<ScalarType>();
  if (!et || !isInteger(et->dtype))
    ctx.fail(2,
             fmt::format("the expected value of pld.system.defer_wait must be an integer, got {}",
                         describeType(ctx.args[2]->type)),
             "the signal window is INT32: compare it with an integer, e.g. expected=1");
  if (auto v = constIntValue(ctx.args[2]); v && (*v < 0 || *v > INT32_MAX))
    ctx.fail(2,
             fmt::format("the expected value of pld.system.defer_wait must be in [0, {}], got {}",
                         INT32_MAX, *v),
             "signal counters are non-negative INT32 values");
  if (ctx.kwargOr<int64_t>("cmp", 1) != 1)
    ctx.failKwarg("cmp", "pld.system.defer_wait only waits with cmp=pld.WaitCmp.Ge",
                  "the deferred check re-reads a counter that only grows: write "
                  "cmp=pld.WaitCmp.Ge, or use pld.system.wait for an equality wait");
  return UnknownType::get();
}

TypePtr deduceRemoteLoad(const OpCallContext& ctx) {
  const TensorType& t = distributedArgRef(ctx, 0);
  requireIntScalar(ctx, 1);
  if (listArgElements(ctx, 2).size() != t.shape.size())
    ctx.fail(2, fmt::format("{} needs one offset per axis of the window ({})", ctx.op.name,
                            t.shape.size()));
  auto shape = staticShapeArg(ctx, 3, "shape");
  std::vector<ExprPtr> valid;
  if (ctx.args.size() > 4) valid = checkValidShapeArg(ctx, 4, shape);
  return makeTile(shape, t.dtype, MemorySpace::Vec, valid);
}

TypePtr deduceRemoteStore(const OpCallContext& ctx) {
  const TensorType& t = distributedArgRef(ctx, 1);
  const Type& src = *ctx.args[0]->type;
  auto d = elementDType(src);
  if (!d || src.isa<ScalarType>())
    ctx.fail(0, fmt::format("argument 1 ('src') of {} must be a tile or a tensor, got {}",
                            ctx.op.name, describeType(ctx.args[0]->type)));
  requireSameDType(ctx, 0, *d, t.dtype, "the source and the window");
  requireIntScalar(ctx, 2);
  const auto offsets = listArgElements(ctx, 3);
  if (offsets.size() != t.shape.size())
    ctx.fail(3, fmt::format("{} needs one offset per axis of the window ({})", ctx.op.name,
                            t.shape.size()));
  // The source's extent lands at `offsets` in the peer's window: with static offsets and
  // extents it must fit (the trailing axes of the window take the source's axes, the
  // leading ones one element each).
  std::vector<int64_t> extent;
  if (const auto* tile = src.as<TileType>()) extent = tile->shape;
  if (const auto* tensor = src.as<TensorType>()) extent = tensor->shape;
  const size_t rank = offsets.size();
  for (size_t i = 0; i < rank; ++i) {
    auto off = constIntValue(offsets[i]);
    std::optional<int64_t> dim =
        t.shape[i] == kDynamicDim ? std::nullopt : std::optional<int64_t>(t.shape[i]);
    if (!off) continue;
    if (*off < 0)
      ctx.fail(3,
               fmt::format("offset {} of {} must not be negative, got {}", i, ctx.op.name, *off));
    if (!dim) continue;
    int64_t n = 1;
    if (i + extent.size() >= rank) {
      n = extent[i + extent.size() - rank];
      if (n == kDynamicDim) continue;  // a dynamic source extent: checked at run time
    }
    if (*off + n > *dim)
      ctx.fail(3,
               fmt::format("{} writes past the end of the peer's window on axis {}: offset {} + "
                           "extent {} > {}",
                           ctx.op.name, i, *off, n, *dim),
               "lower the offset or store a smaller source");
  }
  return UnknownType::get();
}

/// put / get: one side is a window, the other a window or a local tensor; same dtype.
TypePtr deduceBulkCopy(const OpCallContext& ctx, size_t windowArg) {
  const TensorType& w = distributedArgRef(ctx, windowArg);
  size_t other = windowArg == 0 ? 2 : 0;
  const auto* o = ctx.args[other]->type->as<TensorType>();
  if (!o)
    ctx.fail(static_cast<int>(other),
             fmt::format("argument {} of {} must be a tensor, got {}", other + 1, ctx.op.name,
                         describeType(ctx.args[other]->type)));
  requireSameDType(ctx, static_cast<int>(other), o->dtype, w.dtype, "the source and the target");
  requireIntScalar(ctx, 1);
  return UnknownType::get();
}

/// Collectives on a window: the (rebound) target window.
TypePtr deduceCollective(const OpCallContext& ctx, size_t targetArg) {
  const TensorType& t = distributedArgRef(ctx, targetArg);
  for (size_t i = 0; i < ctx.args.size(); ++i) {
    const auto* x = ctx.args[i]->type->as<TensorType>();
    if (!x)
      ctx.fail(static_cast<int>(i), fmt::format("argument {} of {} must be a tensor, got {}", i + 1,
                                                ctx.op.name, describeType(ctx.args[i]->type)));
  }
  return ctx.args[targetArg]->type->as<TensorType>() == &t ? ctx.args[targetArg]->type
                                                           : ctx.args[targetArg]->type;
}

/// allreduce(target[, signal]): FP16 / FP32 data (the dtypes the hardware reduces), an INT32
/// barrier window; without a signal the host synthesises one.
TypePtr deduceAllReduce(const OpCallContext& ctx) {
  const TensorType& t = distributedArgRef(ctx, 0);
  if (t.dtype != DType::FP16 && t.dtype != DType::FP32)
    ctx.fail(0,
             fmt::format("pld.tensor.allreduce reduces FP16 or FP32 windows, got {}",
                         dtypeName(t.dtype)),
             "allocate the window with dtype=pl.FP32 (or pl.FP16), or cast before reducing");
  if (ctx.args.size() > 1) {
    const TensorType& sig = distributedArgRef(ctx, 1);
    if (sig.dtype != DType::Int32)
      ctx.fail(1,
               fmt::format("the signal window of pld.tensor.allreduce must be INT32, got {}",
                           dtypeName(sig.dtype)),
               "allocate the signal window with dtype=pl.INT32");
  }
  if (ctx.kwargOr<int64_t>("core_num", 1) <= 0)
    ctx.failKwarg("core_num", "core_num of pld.tensor.allreduce must be positive",
                  "e.g. core_num=1");
  return ctx.args[0]->type;
}

const std::vector<AttrValue> kAtomic = {int64_t{0}, int64_t{1}};  // None_, Add
const std::vector<AttrValue> kReduceOps = {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3}};
const std::vector<AttrValue> kNotifyOps = {int64_t{0}, int64_t{1}};  // AtomicAdd, Set
const std::vector<AttrValue> kWaitCmps = {int64_t{0}, int64_t{1}};   // Eq, Ge

const PipeSet kComm = {Pipe::MTE2, Pipe::MTE3};
const PipeSet kScalar = {Pipe::Scalar};

std::vector<OpRow> distributedRows() {
  auto collective = [](size_t target) {
    return [target](const OpCallContext& c) { return deduceCollective(c, target); };
  };
  KwargRow atomic{"atomic", A::Int, int64_t{0}, false, kAtomic};
  KwargRow reduceOp{"op", A::Int, int64_t{0}, false, kReduceOps};
  // PyPTO's reduce_scatter lowering supports ReduceOp.Sum only (its deducer rejects the rest).
  KwargRow sumOnly{"op", A::Int, int64_t{0}, false, {int64_t{0}}};
  std::vector<KwargRow> chunking = {{"chunk_rows", A::Int, int64_t{0}},
                                    {"chunk_cols", A::Int, int64_t{0}},
                                    {"pipeline", A::Bool, false}};
  std::vector<KwargRow> putKwargs = {atomic};
  putKwargs.insert(putKwargs.end(), chunking.begin(), chunking.end());
  return {
      {"pld.tensor.alloc_window_buffer",
       {{"size"}},
       {{"dtype", A::DType}, {"name", A::String, std::string()}},
       deduceAllocWindowBuffer,
       kScalar,
       "pl.Ptr; this rank's window buffer of `size` bytes (or a shape with dtype=) in the "
       "communicator's shared window, zero-initialised",
       true,
       CoreAffinity::Shared},
      {"pld.tensor.window",
       {{"buf"}, {"shape", K::IntList}},
       {{"dtype", A::DType, std::nullopt, true}},
       deduceWindow,
       kScalar,
       "pld.DistributedTensor[shape, dtype]; a typed view of a window buffer",
       false,
       CoreAffinity::Shared},
      {"pld.system.world_size",
       {},
       {},
       resultScalar(DType::Int64),
       kScalar,
       "Scalar[INT64]; the number of ranks of the distributed run",
       false,
       CoreAffinity::Shared},
      {"pld.system.get_comm_ctx",
       {{"dist_tensor", K::Tensor}},
       {},
       deduceGetCommCtx,
       kScalar,
       "pld.CommCtx; the communicator a window belongs to",
       false,
       CoreAffinity::Shared},
      {"pld.system.rank",
       {{"ctx"}},
       {},
       deduceCommCtxScalar,
       kScalar,
       "Scalar[INT32]; this rank in the communicator",
       false,
       CoreAffinity::Shared},
      {"pld.system.nranks",
       {{"ctx"}},
       {},
       deduceCommCtxScalar,
       kScalar,
       "Scalar[INT32]; the ranks of the communicator",
       false,
       CoreAffinity::Shared},
      {"pld.system.notify",
       {{"target", K::Tensor, false, MemoryEffect::Write},
        {"peer", K::IntScalar},
        {"offsets", K::IntList},
        {"value", K::Scalar}},
       {{"op", A::Int, std::nullopt, true, kNotifyOps}},
       [](const OpCallContext& c) { return deduceSignal(c, 2); },
       kComm,
       "no result; writes (op 1 = Set) or atomically adds (op 0 = AtomicAdd) `value` into the "
       "peer's signal window",
       true},
      {"pld.system.wait",
       {{"signal", K::Tensor}, {"offsets", K::IntList}, {"expected", K::Scalar}},
       {{"cmp", A::Int, std::nullopt, true, kWaitCmps}},
       [](const OpCallContext& c) { return deduceSignal(c, 1); },
       kScalar,
       "no result; blocks until this rank's signal cell compares (0 = Eq, 1 = Ge) with "
       "`expected`",
       true},
      {"pld.system.defer_wait",
       {{"signal", K::Tensor}, {"offsets", K::IntList}, {"expected", K::Scalar}},
       {{"cmp", A::Int, std::nullopt, true, kWaitCmps}},
       deduceDeferWait,
       kScalar,
       "no result; like wait, but the runtime defers the task's completion until the signal "
       "holds",
       true},
      {"pld.tile.remote_load",
       {{"target", K::Tensor},
        {"peer", K::IntScalar},
        {"offsets", K::IntList},
        {"shape", K::IntList},
        {"valid_shape", K::IntList, true}},
       {{"allow_physical_tail_padding", A::Bool, false}},
       deduceRemoteLoad,
       {Pipe::MTE2},
       "Tile[shape]; reads a window of the peer rank's copy of `target`",
       false},
      {"pld.tile.remote_store",
       {{"src_tile", K::Tile},
        {"target", K::Tensor, false, MemoryEffect::Write},
        {"peer", K::IntScalar},
        {"offsets", K::IntList}},
       {atomic},
       deduceRemoteStore,
       {Pipe::MTE3},
       "no result; writes (atomic 1 = Add) a tile into the peer rank's copy of `target`",
       true},
      {"pld.tensor.remote_store",
       {{"src", K::Tensor},
        {"target", K::Tensor, false, MemoryEffect::Write},
        {"peer", K::IntScalar},
        {"offsets", K::IntList}},
       {atomic},
       deduceRemoteStore,
       kComm,
       "no result; writes a tensor into the peer rank's copy of `target`",
       true},
      {"pld.tensor.put",
       {{"dst", K::Tensor, false, MemoryEffect::Write},
        {"peer", K::IntScalar},
        {"src", K::Tensor},
        {"dst_offsets", K::IntList, true},
        {"src_offsets", K::IntList, true},
        {"shape", K::IntList, true}},
       putKwargs,
       [](const OpCallContext& c) { return deduceBulkCopy(c, 0); },
       kComm,
       "no result; copies a region of `src` into the peer rank's copy of `dst`",
       true},
      {"pld.tensor.get",
       {{"dst", K::Tensor, false, MemoryEffect::Write},
        {"peer", K::IntScalar},
        {"src", K::Tensor},
        {"dst_offsets", K::IntList, true},
        {"src_offsets", K::IntList, true},
        {"shape", K::IntList, true}},
       chunking,
       [](const OpCallContext& c) { return deduceBulkCopy(c, 2); },
       kComm,
       "no result; copies a region of the peer rank's copy of `src` into `dst`",
       true},
      {"pld.tile.put",
       {{"dst", K::Tensor, false, MemoryEffect::Write},
        {"peer", K::IntScalar},
        {"src", K::Tensor},
        {"stage", K::Tile},
        {"stage2", K::Tile, true},
        {"dst_offsets", K::IntList, true},
        {"src_offsets", K::IntList, true},
        {"shape", K::IntList, true}},
       {atomic},
       [](const OpCallContext& c) { return deduceBulkCopy(c, 0); },
       kComm,
       "no result; put staged through the given Vec tile(s)",
       true},
      {"pld.tile.get",
       {{"dst", K::Tensor, false, MemoryEffect::Write},
        {"peer", K::IntScalar},
        {"src", K::Tensor},
        {"stage", K::Tile},
        {"stage2", K::Tile, true},
        {"dst_offsets", K::IntList, true},
        {"src_offsets", K::IntList, true},
        {"shape", K::IntList, true}},
       {},
       [](const OpCallContext& c) { return deduceBulkCopy(c, 2); },
       kComm,
       "no result; get staged through the given Vec tile(s)",
       true},
      {"pld.tensor.allreduce",
       {{"target", K::Tensor, false, MemoryEffect::ReadWrite}, {"signal", K::Tensor, true}},
       {reduceOp, {"mode", A::String, std::string("mesh")}, {"core_num", A::Int, int64_t{1}}},
       deduceAllReduce,
       kComm,
       "the target window, reduced (op 0 Sum, 1 Max, 2 Min, 3 Prod) over every rank",
       true},
      {"pld.tensor.barrier",
       {{"signal", K::Tensor, false, MemoryEffect::ReadWrite}},
       {},
       collective(0),
       kComm,
       "the signal window; every rank waits for every other",
       true},
      {"pld.tensor.broadcast",
       {{"target", K::Tensor, false, MemoryEffect::ReadWrite}, {"signal", K::Tensor}},
       {{"root", A::Int, std::nullopt, true}},
       collective(0),
       kComm,
       "the target window, holding the root rank's data on every rank",
       true},
      {"pld.tensor.allgather",
       {{"input", K::Tensor},
        {"target", K::Tensor, false, MemoryEffect::ReadWrite},
        {"signal", K::Tensor}},
       {},
       collective(1),
       kComm,
       "the target window, holding every rank's input",
       true},
      {"pld.tensor.all_to_all",
       {{"input", K::Tensor},
        {"target", K::Tensor, false, MemoryEffect::ReadWrite},
        {"signal", K::Tensor}},
       {},
       collective(1),
       kComm,
       "the target window; rank r's chunk i lands on rank i",
       true},
      {"pld.tensor.all_to_all_v",
       {{"input", K::Tensor},
        {"target", K::Tensor, false, MemoryEffect::ReadWrite},
        {"signal", K::Tensor},
        {"send_counts", K::Tensor},
        {"recv_counts", K::Tensor}},
       {},
       collective(1),
       kComm,
       "the target window; all_to_all with per-rank counts",
       true},
      {"pld.tensor.reduce_scatter",
       {{"target", K::Tensor, false, MemoryEffect::ReadWrite}, {"signal", K::Tensor}},
       {sumOnly},
       collective(0),
       kComm,
       "the target window; each rank keeps its reduced chunk (op: Sum only)",
       true},
  };
}

}  // namespace

void registerDistributedOps(OpRegistry& r) {
  std::vector<OpRow> rows = distributedRows();
  // The communication ops a kernel issues (no declared affinity): a pl.split_aiv region
  // may place them on the vector lane (ptoc/ops/CorePlacement.h).
  for (OpRow& row : rows)
    if (!row.affinity)
      row.kwargs.push_back({std::string(kCorePlacementKwarg),
                            A::String,
                            std::string(),
                            false,
                            {std::string(), std::string("aiv")}});
  registerRows(r, rows);
}

}  // namespace ptoc
