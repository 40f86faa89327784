// Dispatch from an IRProperty to its verifier.
#include "ptoc/transforms/Pass.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {

bool verifyProperty(IRProperty p, const ir::Program& program, DiagnosticEngine& diag) {
  switch (p) {
    case IRProperty::UseAfterDef:
      return verifyUseAfterDef(program, diag);
    case IRProperty::StructuredCtrlFlow:
      return verifyStructuredCtrlFlow(program, diag);
    case IRProperty::SSAForm:
      return verifySSAForm(program, diag);
    case IRProperty::TileMemoryInferred:
      return verifyTileMemoryInferred(program, diag);
    case IRProperty::SplitIncoreOrch:
      return verifySplitIncoreOrch(program, diag);
    case IRProperty::AivSplitValid:
      return verifyAivSplitValid(program, diag);
    case IRProperty::MixedKernelExpanded:
      return verifyMixedKernelExpanded(program, diag);
    case IRProperty::VectorKernelSplit:
      return verifyVectorKernelSplit(program, diag);
    case IRProperty::IncoreTileOps:
      return verifyIncoreTileOps(program, diag);
    case IRProperty::kCount:
      break;
  }
  throw InternalError("no verifier for property");
}

}  // namespace ptoc
