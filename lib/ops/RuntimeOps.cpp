// Orchestration- and runtime-level ops of PyPTO's `pl`: small scalar arrays (pl.array.*),
// task ids (pl.submit, system.task_*), L2 prefetch (pl.prefetch.*), explicit pipe
// synchronization (sync_set / sync_wait / sync_src / sync_dst / set_ffts), launch queries,
// raw buffer allocation (pl.tile.alloc) and the tensor spellings of the block queries.
// Registered from one table (OpTable.h).
#include <fmt/format.h>

#include "OpTable.h"
#include "ptoc/ops/DiagnosticText.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

using K = ArgKind;
using A = AttrKind;

TypePtr deduceArrayCreate(const OpCallContext& ctx) {
  auto n = constIntValue(ctx.args[0]);
  if (!n || *n <= 0)
    ctx.fail(0, fmt::format("the extent of {} must be a positive constant", ctx.op.name),
             "e.g. pl.array.create(4, pl.TASK_ID)");
  return HandleType::array(*n, std::get<DType>(*ctx.kwarg("dtype")));
}

const HandleType& arrayArg(const OpCallContext& ctx) {
  const HandleType& a = handleArgRef(ctx, 0, HandleKind::Array);
  requireIntScalar(ctx, 1);
  if (auto i = constIntValue(ctx.args[1]); i && (*i < 0 || *i >= a.extent))
    ctx.fail(1, fmt::format("index {} is outside the array of {} elements", *i, a.extent),
             fmt::format("use an index in [0, {})", a.extent));
  return a;
}

TypePtr deduceArrayGet(const OpCallContext& ctx) { return ScalarType::get(arrayArg(ctx).dtype); }

TypePtr deduceArrayUpdate(const OpCallContext& ctx) {
  const HandleType& a = arrayArg(ctx);
  DType v = scalarArgDType(ctx, 2);
  if (v != a.dtype && !(isInteger(v) && isInteger(a.dtype)))
    ctx.fail(2, fmt::format("the value of {} must be Scalar[{}], got Scalar[{}]", ctx.op.name,
                            dtypeName(a.dtype), dtypeName(v)));
  return ctx.args[0]->type;
}

/// A task id, or a list / array of them (`deps=[...]`).
void checkTaskIds(const OpCallContext& ctx, size_t i) {
  std::vector<ExprPtr> items;
  if (const auto* t = ctx.args[i]->as<MakeTuple>())
    items = t->elements;
  else
    items.push_back(ctx.args[i]);
  for (const ExprPtr& e : items) {
    if (const auto* s = e->type->as<ScalarType>(); s && s->dtype == DType::TaskId) continue;
    if (const auto* h = e->type->as<HandleType>();
        h && h->handle == HandleKind::Array && h->dtype == DType::TaskId)
      continue;
    ctx.fail(static_cast<int>(i),
             fmt::format("{} depends on task ids (Scalar[TASK_ID] or pl.Array[n, pl.TASK_ID]), "
                         "got {}",
                         ctx.op.name, describeType(e->type)),
             "pass the task id of a pl.submit, e.g. deps=[tid]");
  }
}

TypePtr deduceTaskDummy(const OpCallContext& ctx) {
  if (ctx.args.size() > 0) checkTaskIds(ctx, 0);
  return ScalarType::get(DType::TaskId);
}

TypePtr deduceTaskIsValid(const OpCallContext& ctx) {
  if (scalarArgDType(ctx, 0) != DType::TaskId)
    ctx.fail(0, fmt::format("{} takes a Scalar[TASK_ID]", ctx.op.name));
  return ScalarType::get(DType::Bool);
}

/// system.submit(args, deps[, dumps[, predicate]]; kernel=name): the type is the binder's
/// (from the kernel's signature: tuple[<kernel result>, Scalar[TASK_ID]]), given as the
/// annotation. `dumps`: the tensor arguments marked for a tensor dump; `predicate`: a BOOL
/// the scheduler evaluates at the dispatch point (false retires the task without running it).
TypePtr deduceSubmit(const OpCallContext& ctx) {
  checkTaskIds(ctx, 1);
  if (ctx.args.size() > 2) {
    const auto* dumps = ctx.args[2]->as<MakeTuple>();
    if (!dumps)
      ctx.fail(2, fmt::format("the dumps of {} are a tuple of tensors", ctx.op.name),
               "write dumps=[x, y] with tensors passed to the kernel");
    for (const ExprPtr& d : dumps->elements)
      if (!d->type->isa<TensorType>())
        ctx.fail(2, fmt::format("{} dumps tensors, got {}", ctx.op.name, describeType(d->type)),
                 "list tensors passed to the kernel, e.g. dumps=[x]");
  }
  if (ctx.args.size() > 3 && scalarArgDType(ctx, 3) != DType::Bool)
    ctx.fail(3, fmt::format("the predicate of {} must be a BOOL scalar", ctx.op.name),
             "compare a tensor element with an integer, e.g. predicate=(flag[0] > 0)");
  const auto* t = ctx.annotated ? ctx.annotated->as<TupleType>() : nullptr;
  if (!t || t->types.empty() || !t->types.back()->isa<ScalarType>() ||
      t->types.back()->as<ScalarType>()->dtype != DType::TaskId)
    ctx.fail(-1,
             fmt::format("{} needs the result annotated as tuple[<kernel result>, "
                         "pl.Scalar[pl.TASK_ID]]",
                         ctx.op.name),
             "write `out, tid = pl.submit(self.kernel, args..., deps=[...])`");
  return ctx.annotated;
}

/// system.dispatch(args, device; kernel=name): the kernel's result (given by the binder).
TypePtr deduceDispatch(const OpCallContext& ctx) {
  requireIntScalar(ctx, 1);
  return ctx.annotated ? ctx.annotated : UnknownType::get();
}

TypePtr deducePrefetch(const OpCallContext& ctx, HandleKind argKind, HandleKind result) {
  handleArgRef(ctx, ctx.args.size() - 1, argKind);
  return HandleType::get(result);
}

/// The source of an asynchronous L2 prefetch: a named GM tensor whose bytes are one flat run
/// (every axis but the last has extent 1), the region the prefetch engine copies.
void checkPrefetchSource(const OpCallContext& ctx) {
  if (!ctx.args[0]->isa<Var>())
    ctx.fail(0, fmt::format("{} prefetches a tensor variable, not a computed tensor", ctx.op.name),
             "assign the tensor to a name first");
  const TensorType* t = ctx.tensorArg(0);
  if (!t) return;  // the argument kind check reports it
  if (t->shape.empty())
    ctx.fail(0, fmt::format("{} needs a tensor of rank 1 or more", ctx.op.name));
  for (size_t i = 0; i + 1 < t->shape.size(); ++i)
    if (t->shape[i] != 1)
      ctx.fail(0,
               fmt::format("{} prefetches one flat run of memory: every axis but the last must "
                           "have extent 1, but axis {} of {} has {}",
                           ctx.op.name, i, formatShape(t->shape), t->shape[i]),
               "reshape the tensor to [N] (or [1, ..., N]) before prefetching it");
}

const PipeSet kScalar = {Pipe::Scalar};
const std::vector<AttrValue> kCoreTypes = {std::string("aic"), std::string("aiv")};
const std::vector<AttrValue> kPipes = {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3},
                                       int64_t{4}, int64_t{5}, int64_t{6}, int64_t{7}};

std::vector<OpRow> runtimeRows() {
  KwargRow pipe{"pipe", A::Int, std::nullopt, true, kPipes};
  // The core that sets / waits for the flag; in a mixed kernel the statement goes to that
  // side only (classifyCallAffinity). Unset: both sides.
  KwargRow coreType{"core_type", A::String, std::nullopt, false, kCoreTypes};
  return {
      // ---- arrays ----
      {"array.create",
       {{"extent", K::IntScalar}},
       {{"dtype", A::DType, std::nullopt, true}},
       deduceArrayCreate,
       kScalar,
       "pl.Array[extent, dtype]; a zero-filled array of scalars",
       false,
       CoreAffinity::Shared},
      {"array.get_element",
       {{"array"}, {"index", K::IntScalar}},
       {},
       deduceArrayGet,
       kScalar,
       "Scalar; element `index` of the array (`arr[i]`)",
       false,
       CoreAffinity::Shared},
      {"array.update_element",
       {{"array"}, {"index", K::IntScalar}, {"value", K::Scalar}},
       {},
       deduceArrayUpdate,
       kScalar,
       "pl.Array; a copy of the array with element `index` replaced (`arr[i] = v`)",
       false,
       CoreAffinity::Shared},
      // ---- tasks ----
      {"system.submit",
       {{"args"}, {"deps"}, {"dumps", K::Any, true}, {"predicate", K::Scalar, true}},
       {{"kernel", A::String, std::nullopt, true},
        {"allow_early_resolve", A::Bool, false},
        {"core_num", A::Int, int64_t{0}},
        {"sync_start", A::Bool, false}},
       deduceSubmit,
       kScalar,
       "tuple[<kernel result>, Scalar[TASK_ID]]; launches the kernel after its deps "
       "(pl.submit(self.kernel, args..., deps=[...]); core_num > 0: pl.spmd_submit); dumps: "
       "the tensor arguments to dump; predicate: run only when it holds",
       true,
       CoreAffinity::Shared,
       std::nullopt,
       OpId::Submit,
       true},
      {"system.dispatch",
       {{"args"}, {"device", K::IntScalar}},
       {{"kernel", A::String, std::nullopt, true}},
       deduceDispatch,
       kScalar,
       "the kernel's result; runs a chip-level function of the program on rank `device` "
       "(`self.kernel(args..., device=r)`)",
       true,
       CoreAffinity::Shared,
       std::nullopt,
       OpId::Other,
       true},
      {"system.task_invalid",
       {},
       {},
       resultScalar(DType::TaskId),
       kScalar,
       "Scalar[TASK_ID]; the id of no task (a dependency that is always met)",
       false,
       CoreAffinity::Shared},
      {"system.task_dummy",
       {{"deps", K::Any}},
       {},
       deduceTaskDummy,
       kScalar,
       "Scalar[TASK_ID]; a task that completes when all of deps have",
       true,
       CoreAffinity::Shared},
      {"system.task_is_valid",
       {{"task_id", K::Scalar}},
       {},
       deduceTaskIsValid,
       kScalar,
       "Scalar[BOOL]; whether the id names a task",
       false,
       CoreAffinity::Shared},
      // ---- L2 prefetch ----
      {"prefetch.make_context",
       {},
       {},
       resultHandle(HandleKind::PrefetchAsyncContext),
       kScalar,
       "pl.PrefetchAsyncContext; a context for asynchronous L2 prefetches",
       true,
       CoreAffinity::Shared},
      {"prefetch.async_prefetch",
       {{"src", K::Tensor}, {"ctx"}},
       {},
       [](const OpCallContext& c) {
         checkPrefetchSource(c);
         return deducePrefetch(c, HandleKind::PrefetchAsyncContext, HandleKind::AsyncEvent);
       },
       {Pipe::MTE2},
       "pl.AsyncEvent; starts pulling a GM tensor into L2",
       true,
       CoreAffinity::Shared},
      {"prefetch.session",
       {{"ctx"}},
       {},
       [](const OpCallContext& c) {
         return deducePrefetch(c, HandleKind::PrefetchAsyncContext, HandleKind::AsyncSession);
       },
       kScalar,
       "pl.AsyncSession; the session that waits on the context's events",
       true,
       CoreAffinity::Shared},
      {"prefetch.wait",
       {{"event"}, {"session_handle"}},
       {},
       [](const OpCallContext& c) {
         handleArgRef(c, 0, HandleKind::AsyncEvent);
         handleArgRef(c, 1, HandleKind::AsyncSession);
         return ScalarType::get(DType::Bool);
       },
       kScalar,
       "Scalar[BOOL]; blocks until the prefetch has landed",
       true,
       CoreAffinity::Shared},
      // ---- explicit synchronization ----
      {"system.sync_set",
       {{"event_id", K::IntScalar}},
       {pipe, {"ffts_mode", A::Int}, coreType},
       resultNone(),
       kScalar,
       "no result; sets a cross-core flag after `pipe` (PipeType code: MTE1 0 .. FIX 6, ALL 7)",
       true},
      {"system.sync_wait",
       {{"event_id", K::IntScalar}},
       {pipe, coreType},
       resultNone(),
       kScalar,
       "no result; waits for a cross-core flag",
       true},
      {"system.sync_src",
       {},
       {{"set_pipe", A::Int, std::nullopt, true, kPipes},
        {"wait_pipe", A::Int, std::nullopt, true, kPipes},
        {"event_id", A::Int, std::nullopt, true}},
       resultNone(),
       kScalar,
       "no result; set_flag between two pipes of a core",
       true},
      {"system.sync_dst",
       {},
       {{"set_pipe", A::Int, std::nullopt, true, kPipes},
        {"wait_pipe", A::Int, std::nullopt, true, kPipes},
        {"event_id", A::Int, std::nullopt, true}},
       resultNone(),
       kScalar,
       "no result; wait_flag between two pipes of a core",
       true},
      {"system.set_ffts",
       {{"workspace", K::Tensor}},
       {},
       resultNone(),
       kScalar,
       "no result; installs the FFTS workspace for cross-core flags",
       true},
      {"system.available_cluster_count",
       {},
       {},
       resultScalar(DType::Int32),
       kScalar,
       "Scalar[INT32]; clusters the launch may use",
       false,
       CoreAffinity::Shared},
      {"system.available_aiv_count",
       {},
       {},
       resultScalar(DType::Int32),
       kScalar,
       "Scalar[INT32]; vector cores the launch may use",
       false,
       CoreAffinity::Shared},
      // ---- raw buffers and block queries ----
      {"tile.alloc",
       {{"size", K::IntScalar}},
       {{"memory_space", A::MemorySpace, std::nullopt, true}, {"pinned", A::Bool, false}},
       resultHandle(HandleKind::Ptr),
       kScalar,
       "pl.Ptr; `size` bytes of an on-chip memory (the buffer of a tile's MemRef)",
       true},
      {"tensor.alloc",
       {{"size", K::IntScalar}},
       {{"memory_space", A::MemorySpace, std::nullopt, true}},
       resultHandle(HandleKind::Ptr),
       kScalar,
       "pl.Ptr; `size` bytes of a memory",
       true},
      {"tensor.get_block_idx",
       {},
       {},
       resultScalar(DType::Index),
       kScalar,
       "Scalar[INDEX]; tile.get_block_idx",
       false,
       CoreAffinity::Shared},
      {"tensor.get_block_num",
       {},
       {},
       resultScalar(DType::Index),
       kScalar,
       "Scalar[INDEX]; tile.get_block_num",
       false,
       CoreAffinity::Shared},
      {"tensor.get_subblock_idx",
       {},
       {},
       resultScalar(DType::Index),
       kScalar,
       "Scalar[INDEX]; tile.get_subblock_idx",
       false,
       CoreAffinity::Vector},
  };
}

}  // namespace

void registerRuntimeOps(OpRegistry& r) { registerRows(r, runtimeRows()); }

}  // namespace ptoc
