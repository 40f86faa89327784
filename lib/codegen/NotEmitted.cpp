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
  for (const char* n : std::initializer_list<const char*>{})
    if (OpRegistry::instance().find(n)) t.addNotEmitted(n, pending, pendingHint);
  for (const OpDef* d : OpRegistry::instance().all())
    if (d->name.rfind("tensor.", 0) == 0)
      t.addNotEmitted(d->name, "a tensor-level op has no PTO form inside a kernel",
                      "tensor ops belong to Orchestration code; inside a kernel use pl.load / "
                      "pl.store and tile ops");
}

}  // namespace ptoc::codegen
