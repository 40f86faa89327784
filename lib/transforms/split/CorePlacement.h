// The `core_placement` stamp (ptoc/ops/CorePlacement.h): written by lower-auto-vector-split
// on the shared ops of a pl.split_aiv region that declare the kwarg, consumed and removed by
// expand-mixed-kernel.
#pragma once

#include "ptoc/ir/Function.h"

namespace ptoc::split {

/// `s` with core_placement="aiv" on every call that declares the kwarg and whose lane no
/// other rule decides (no declared affinity, classified SHARED).
ir::StmtPtr stampCorePlacement(const ir::StmtPtr& s);

/// `f` without any core_placement stamp (f itself when it has none).
ir::FunctionPtr stripCorePlacement(const ir::FunctionPtr& f);

}  // namespace ptoc::split
