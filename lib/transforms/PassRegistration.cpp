// Registers every built-in pass under its CLI name.
#include "ptoc/transforms/Pass.h"

namespace ptoc {

void registerVerifyPass();
void registerConvertToSsaPass();
void registerOutlineIncoreScopesPass();
void registerInferTileMemorySpacePass();
void registerResolveBackendOpLayoutsPass();
void registerLowerAutoVectorSplitPass();

void registerAllPasses() {
  static bool done = false;
  if (done) return;
  done = true;
  registerVerifyPass();
  registerConvertToSsaPass();
  registerOutlineIncoreScopesPass();
  registerInferTileMemorySpacePass();
  registerResolveBackendOpLayoutsPass();
  registerLowerAutoVectorSplitPass();
  PassRegistry::instance().addPipeline(
      "mixed-split",
      "the mixed cube/vector split pipeline up to the explicit split_aiv form (architecture "
      "§5.1)",
      {"convert-to-ssa", "outline-incore-scopes", "infer-tile-memory-space",
       "resolve-backend-op-layouts", "lower-auto-vector-split"});
}

}  // namespace ptoc
