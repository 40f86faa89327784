// Registers every built-in pass under its CLI name.
#include "ptoc/transforms/Pass.h"

namespace ptoc {

void registerVerifyPass();
void registerConvertToSsaPass();
void registerOutlineIncoreScopesPass();
void registerConvertTensorToTileOpsPass();
void registerInferTileMemorySpacePass();
void registerResolveBackendOpLayoutsPass();
void registerLowerAutoVectorSplitPass();
void registerExpandMixedKernelPass();
void registerSplitVectorKernelPass();
void registerStampTfreeSplitPass();
void registerGuardEmptyStoresPass();
void registerLowerAccZeroInitPass();
void registerScheduleCrossCorePass();
void registerPipelineCrossCoreLoopsPass();
void registerSimdVfLayoutInferencePass();
void registerVerifyParallelPass();
void registerLegalizeParallelPass();
void registerEliminateSimdVfRoundTripPass();
void registerVectorizeParallelPass();
void registerVerifyCodegenLegalityPass();

void registerAllPasses() {
  static bool done = false;
  if (done) return;
  done = true;
  registerVerifyPass();
  registerConvertToSsaPass();
  registerOutlineIncoreScopesPass();
  registerConvertTensorToTileOpsPass();
  registerInferTileMemorySpacePass();
  registerResolveBackendOpLayoutsPass();
  registerLowerAutoVectorSplitPass();
  registerExpandMixedKernelPass();
  registerSplitVectorKernelPass();
  registerStampTfreeSplitPass();
  registerGuardEmptyStoresPass();
  registerLowerAccZeroInitPass();
  registerScheduleCrossCorePass();
  registerPipelineCrossCoreLoopsPass();
  registerSimdVfLayoutInferencePass();
  registerVerifyParallelPass();
  registerLegalizeParallelPass();
  registerEliminateSimdVfRoundTripPass();
  registerVectorizeParallelPass();
  registerVerifyCodegenLegalityPass();
  PassRegistry::instance().addPipeline(
      "simdvf",
      "SIMD-VF vectorization of the element-wise core: parallel units of SIMD_VF regions -> VMI "
      "(architecture §5.2)",
      {"simdvf-layout-inference", "verify-parallel", "legalize-parallel",
       "eliminate-simdvf-roundtrip", "vectorize-parallel", "verify-codegen-legality"});
  PassRegistry::instance().addPipeline(
      "mixed-split",
      "the mixed cube/vector split pipeline up to the explicit split_aiv form (architecture "
      "§5.1)",
      {"convert-to-ssa", "outline-incore-scopes", "convert-tensor-to-tile-ops",
       "infer-tile-memory-space", "lower-acc-zero-init", "resolve-backend-op-layouts",
       "lower-auto-vector-split"});
  PassRegistry::instance().addPipeline(
      "compile",
      "the whole mixed-kernel pipeline (ptoc compile): mixed-split, then expand-mixed-kernel, "
      "split-vector-kernel, stamp-tfree-split, pipeline-cross-core-loops, schedule-cross-core and "
      "guard-empty-stores (architecture §5.1)",
      {"convert-to-ssa", "outline-incore-scopes", "convert-tensor-to-tile-ops",
       "infer-tile-memory-space", "lower-acc-zero-init", "resolve-backend-op-layouts",
       "lower-auto-vector-split", "expand-mixed-kernel", "split-vector-kernel", "stamp-tfree-split",
       "pipeline-cross-core-loops", "schedule-cross-core", "guard-empty-stores"});
}

}  // namespace ptoc
