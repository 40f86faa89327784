// The lane-1 replay of split-vector-kernel (pypto-facts §3.9 arm 4): placeholder, filled below.
#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc {

ir::FunctionPtr replayNoSplitDualAiv(const ir::Function& f, DiagnosticEngine&) {
  return std::make_shared<ir::Function>(f);
}

}  // namespace ptoc
