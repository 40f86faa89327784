// Kernels of the ops of lib/ops/RuntimeOps.cpp and DistributedOps.cpp. Arrays are tuples of
// scalars; the block queries read the core services. What the simulator does not model —
// other ranks (pld.*), task launches and ids, L2 prefetch, explicit flags between pipes
// and raw buffer addresses — stops the run with a diagnostic at the statement.
#include <fmt/format.h>

#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

Value arrayCreate(const KernelContext& ctx) {
  const auto* h = ctx.call.type->as<ir::HandleType>();
  PTOC_CHECK(h, "array.create: result is not an array");
  Scalar zero = ir::isFloat(h->dtype) ? Scalar::ofFloat(h->dtype, 0) : Scalar::ofInt(h->dtype, 0);
  TupleValue t;
  t.elements.assign(static_cast<size_t>(h->extent), Value{zero});
  return t;
}

const TupleValue& arrayOf(const KernelContext& ctx, int64_t& index) {
  const auto* t = std::get_if<TupleValue>(&ctx.args[0].v);
  PTOC_CHECK(t, "array op: argument 1 is not an array value");
  index = ctx.intArg(1);
  if (index < 0 || index >= static_cast<int64_t>(t->elements.size()))
    ctx.fail(fmt::format("{}: index {} is outside the array of {} elements", ctx.opName(), index,
                         t->elements.size()),
             "keep the index within the array");
  return *t;
}

OpKernel notModeled(std::string what) {
  return [what](const KernelContext& ctx) -> Value {
    ctx.fail(fmt::format("the simulator does not model {} ({})", what, ctx.opName()),
             "simulate the kernels one rank and one task at a time (ptoc run --entry KERNEL)");
  };
}

}  // namespace

void registerRuntimeKernels(OpSemantics& s) {
  s.add("array.create", arrayCreate);
  s.add("array.get_element", [](const KernelContext& ctx) -> Value {
    int64_t i = 0;
    return arrayOf(ctx, i).elements[static_cast<size_t>(i)];
  });
  s.add("array.update_element", [](const KernelContext& ctx) -> Value {
    int64_t i = 0;
    TupleValue t = arrayOf(ctx, i);
    const auto* h = ctx.call.type->as<ir::HandleType>();
    t.elements[static_cast<size_t>(i)] = castScalar(ctx.scalar(2), h ? h->dtype : DType::Index);
    return t;
  });
  s.add("tensor.get_block_idx", [](const KernelContext& c) -> Value {
    return Scalar::ofInt(DType::Index, c.core.blockIdx());
  });
  s.add("tensor.get_block_num", [](const KernelContext& c) -> Value {
    return Scalar::ofInt(DType::Index, c.core.blockNum());
  });
  s.add("tensor.get_subblock_idx", [](const KernelContext& c) -> Value {
    return Scalar::ofInt(DType::Index, c.core.subblockIdx());
  });
  for (const char* n :
       {"system.submit", "system.task_invalid", "system.task_dummy", "system.task_is_valid"})
    s.add(n, notModeled("task launches and task ids"));
  for (const char* n :
       {"prefetch.make_context", "prefetch.async_prefetch", "prefetch.session", "prefetch.wait"})
    s.add(n, notModeled("L2 prefetch"));
  for (const char* n : {"system.sync_set", "system.sync_wait", "system.sync_src", "system.sync_dst",
                        "system.set_ffts"})
    s.add(n, notModeled("explicit pipe flags"));
  for (const char* n : {"system.available_cluster_count", "system.available_aiv_count"})
    s.add(n, notModeled("launch queries"));
  for (const char* n : {"tile.alloc", "tensor.alloc"}) s.add(n, notModeled("raw buffer addresses"));
  s.add("system.dispatch", notModeled("other ranks"));
  for (const OpDef* d : OpRegistry::instance().all())
    if (d->name.starts_with("pld.")) s.add(d->name, notModeled("distributed communication"));
}

}  // namespace ptoc::sim
