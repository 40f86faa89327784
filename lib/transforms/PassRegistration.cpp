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
}

}  // namespace ptoc
