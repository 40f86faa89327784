// More of PyPTO's `pl` catalog (placeholder file; filled below).
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {
void registerPlExtraOps(OpRegistry&) {}
}  // namespace ptoc
