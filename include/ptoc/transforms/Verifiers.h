// Property verifiers, one per file in lib/transforms/verifiers/. Each reports every
// violation it finds as a diagnostic naming the property and returns false if any.
#pragma once

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc {

bool verifyUseAfterDef(const ir::Program& program, DiagnosticEngine& diag);
bool verifyStructuredCtrlFlow(const ir::Program& program, DiagnosticEngine& diag);
bool verifySSAForm(const ir::Program& program, DiagnosticEngine& diag);
bool verifyTileMemoryInferred(const ir::Program& program, DiagnosticEngine& diag);
bool verifySplitIncoreOrch(const ir::Program& program, DiagnosticEngine& diag);
bool verifyAivSplitValid(const ir::Program& program, DiagnosticEngine& diag);
bool verifyMixedKernelExpanded(const ir::Program& program, DiagnosticEngine& diag);
bool verifyVectorKernelSplit(const ir::Program& program, DiagnosticEngine& diag);
bool verifyIncoreTileOps(const ir::Program& program, DiagnosticEngine& diag);

}  // namespace ptoc
