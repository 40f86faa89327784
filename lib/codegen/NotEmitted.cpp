// The ops that have an emitter reporting a diagnostic instead of PTO text, each named
// explicitly (a new op is not covered here by default: the unit test
// Codegen.EveryOpHasAnEmitter fails until it gets an emitter or an entry here). Only the
// `tensor.` family is covered as a family: tensor ops are Orchestration-level values by
// design (docs/dsl.md), never kernel code.
#include <fmt/format.h>

#include <initializer_list>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

void registerNotEmitted(OpEmitterTable& t) {
  t.addNotEmitted("tile.random",
                  "PTO's trandom (A5 only) is a ChaCha-like counter cipher, not the Philox-4x32 of "
                  "tile.random",
                  "generate the values on the host and load them");
  const char* boundary = "the compile pipeline replaces it by tpush / tpop (expand-mixed-kernel)";
  t.addNotEmitted("tile.aiv_shard", boundary, "internal error: report this with the input");
  t.addNotEmitted("tile.aic_gather", boundary, "internal error: report this with the input");
  // Ops of the pl surface whose PTO spelling is not established yet (no .pto slot in their
  // registration; see docs/codegen.md §Not emitted).
  const char* pending = "its PTO spelling is not established yet (no .pto slot)";
  const char* pendingHint = "express it with the tile ops of docs/codegen.md";
  // (The pl ops of PlExtraOps.cpp have emitters, or their reasons, in PlExtraEmitters.cpp.)
  // The gather / scatter / sort family and the other ops of GatherSortOps.cpp,
  // ElementwiseLayoutOps.cpp and RuntimeOps.cpp whose PTO form is not established yet.
  // (tile.gather / gather_mask / gatherb / sort32 / mrgsort_format1 / mrgsort_format2 /
  // mgather / mscatter / scatter: GatherSortEmitters.cpp.)
  for (const char* n :
       {"tile.scatter_mask", "tile.scatter_update", "tile.gather_compare", "tile.gather_row",
        "tile.reinterpret_view", "tile.batch_matmul", "tile.batch_matmul_acc", "tile.alloc",
        "system.sync_set", "system.sync_wait", "system.sync_src", "system.sync_dst",
        "system.set_ffts"})
    if (OpRegistry::instance().find(n)) t.addNotEmitted(n, pending, pendingHint);
  // Orchestration-, host- and communication-level families: never kernel code on one core.
  for (const OpDef* d : OpRegistry::instance().all()) {
    std::string_view n = d->name;
    if (n.starts_with("pld.") || n.starts_with("array.") || n.starts_with("prefetch.") ||
        n == "system.submit" || n == "system.dispatch" || n.starts_with("system.task_") ||
        n.starts_with("system.available_"))
      t.addNotEmitted(d->name, "an orchestration or communication op has no PTO form in a kernel",
                      "keep it in the Orchestration / host function");
  }
  for (const OpDef* d : OpRegistry::instance().all())
    if (d->name.rfind("tensor.", 0) == 0)
      t.addNotEmitted(d->name, "a tensor-level op has no PTO form inside a kernel",
                      "tensor ops belong to Orchestration code; inside a kernel use pl.load / "
                      "pl.store and tile ops");
}

}  // namespace ptoc::codegen
