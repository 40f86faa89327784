// AivSplitValid — SKELETON, being implemented (issue 4).
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
bool verifyAivSplitValid(const ir::Program&, DiagnosticEngine&) { return true; }
}  // namespace ptoc
