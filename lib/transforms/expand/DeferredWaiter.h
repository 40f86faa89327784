// expand-mixed-kernel, first phase: the deferred-completion waiter contract (the reference's
// pld.system.defer_wait task contract). A function that registers a defer_wait condition
// completes only when the signal holds, so it must be a task of its own that the runtime can
// hold open: the scope outline-incore-scopes lifted out of an Orchestration function's
// `with pl.at(level=pl.Level.CORE_GROUP)` (which stamps deferred_completion_waiter), launched
// from that Orchestration function as one single-block task that is not resolved early, and
// lowered to a pure AIV kernel. The stamp is printable, so it is not taken as provenance: the
// call site is checked too.
#pragma once

#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::expand {

/// The first pld.system.defer_wait call in `s` (nullptr when there is none).
const ir::Call* findDeferWait(const ir::StmtPtr& s);

/// Rejects (file:line:col + hint) a defer_wait in a function not stamped
/// deferred_completion_waiter, a waiter that is not InCore / AIV, a waiter that is not
/// registration-only (it defines a tile or a tensor, or returns a value), a waiter without an
/// Orchestration call site, and a call site that resolves the waiter early or launches it on
/// more than one block (pl.submit(..., allow_early_resolve=True), pl.spmd_submit), or that
/// calls it from a function that is not Orchestration.
void checkDeferredWaiters(const std::vector<ir::FunctionPtr>& fns, DiagnosticEngine& diag);

}  // namespace ptoc::expand
