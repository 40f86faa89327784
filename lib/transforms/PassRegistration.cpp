// Registers every built-in pass under its CLI name.
#include "ptoc/transforms/Pass.h"

namespace ptoc {

void registerVerifyPass();

void registerAllPasses() {
  static bool done = false;
  if (done) return;
  done = true;
  registerVerifyPass();
}

}  // namespace ptoc
