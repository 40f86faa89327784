// expand-mixed-kernel, last phase (pypto-facts §3.8): the members of a Group run with one
// argument array, so an AIC / AIV member pair must take the Group's parameters, in order.
#pragma once

#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::expand {

/// For each Group whose first AIC member call and first AIV member call do not both pass the
/// Group's parameters to a function with that signature: both members are rebuilt with the
/// Group's parameters (a member parameter becomes the argument the Group passed) and the
/// Group calls them with its parameters. A member called only by that Group is rebuilt in
/// place; a member called elsewhere keeps its signature and the Group gets private copies
/// `<group>_aic_adapter` / `<group>_aiv_adapter`, placed first (their import_peer_buffer
/// peer_func names follow). Whether anything changed.
bool normalizeGroupAbis(std::vector<ir::FunctionPtr>& fns, DiagnosticEngine& diag);

}  // namespace ptoc::expand
