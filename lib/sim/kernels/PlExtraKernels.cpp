#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {
void registerPlExtraKernels(OpSemantics&) {}
}  // namespace ptoc::sim
