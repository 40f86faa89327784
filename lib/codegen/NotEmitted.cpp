// The ops that have an emitter reporting a diagnostic instead of PTO text, each named
// explicitly (a new op is not covered here by default: the unit test
// Codegen.EveryOpHasAnEmitter fails until it gets an emitter or an entry here). Only the
// `tensor.` family is covered as a family: tensor ops are Orchestration-level values by
// design (docs/dsl.md), never kernel code.
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

void registerNotEmitted(OpEmitterTable& t) {
  t.addNotEmitted("tile.slice", "a sub-tile window (pto.subset) is not emitted yet",
                  "load the window from GM with pl.load(tensor, offsets, shape) instead");
  t.addNotEmitted("tile.random", "PTO has no counter-based random generator matching tile.random",
                  "generate the values on the host and load them");
  const char* boundary = "the compile pipeline replaces it by tpush / tpop (expand-mixed-kernel)";
  t.addNotEmitted("tile.aiv_shard", boundary, "internal error: report this with the input");
  t.addNotEmitted("tile.aic_gather", boundary, "internal error: report this with the input");
  // Ops of the pl surface whose PTO spelling is not established yet (no .pto slot in their
  // registration; see docs/codegen.md §Not emitted).
  const char* pending = "its PTO spelling is not established yet (no .pto slot)";
  const char* pendingHint = "express it with the tile ops of docs/codegen.md";
  for (const char* n : {"tile.assemble",
                        "tile.cmp",
                        "tile.cmps",
                        "tile.col_expand",
                        "tile.col_expand_add",
                        "tile.col_expand_sub",
                        "tile.col_expand_mul",
                        "tile.col_expand_div",
                        "tile.col_expand_max",
                        "tile.col_expand_min",
                        "tile.col_expand_expdif",
                        "tile.row_expand",
                        "tile.row_expand_max",
                        "tile.row_expand_min",
                        "tile.row_expand_expdif",
                        "tile.col_prod",
                        "tile.row_prod",
                        "tile.sin",
                        "tile.cos",
                        "tile.fillpad",
                        "tile.fillpad_inplace",
                        "tile.fillpad_expand",
                        "tile.gemv",
                        "tile.gemv_acc",
                        "tile.gemv_bias",
                        "tile.matmul_bias",
                        "tile.prelu",
                        "tile.read",
                        "tile.write",
                        "tile.transpose_view",
                        "system.syncall",
                        "system.bar_v",
                        "system.bar_m",
                        "system.bar_all",
                        "system.fence",
                        "system.cacheinvalid",
                        "system.task_invalid"})
    if (OpRegistry::instance().find(n)) t.addNotEmitted(n, pending, pendingHint);
  for (const OpDef* d : OpRegistry::instance().all())
    if (d->name.rfind("tensor.", 0) == 0)
      t.addNotEmitted(d->name, "a tensor-level op has no PTO form inside a kernel",
                      "tensor ops belong to Orchestration code; inside a kernel use pl.load / "
                      "pl.store and tile ops");
}

}  // namespace ptoc::codegen
