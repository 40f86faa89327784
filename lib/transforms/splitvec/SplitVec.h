// The arms of split-vector-kernel (pypto-facts §3.9) that rewrite a function body, one per
// file: Standalone.cpp (hand-written standalone split kernels, halved with
// lower-auto-vector-split's machinery) and Replay.cpp (the A2/A3 lane-1 replay).
#pragma once

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::splitvec {

/// The split a standalone (not split_aiv) AIC / AIV function asks for: its `split` attr, else
/// the split codes of its tpush / tpop (which must agree); None when it asks for none.
ir::SplitMode standaloneSplitMode(const ir::Function& f, DiagnosticEngine& diag);

/// A full-width standalone split AIV function halved between the two lanes.
ir::FunctionPtr halveStandaloneAiv(const ir::Function& f, ir::SplitMode mode,
                                   DiagnosticEngine& diag);

/// An A2/A3 no-split dual-dispatch AIV function with the lane-1 replay.
ir::FunctionPtr replayNoSplitDualAiv(const ir::Function& f, DiagnosticEngine& diag);

}  // namespace ptoc::splitvec
