// Default CoreServices: a plain single-core run (lane 0, block 0 of 1) has no pipes
// and no split_aiv lanes, so the cross-core ops are errors that say where they work.
#include <fmt/format.h>

#include "ptoc/sim/OpSemantics.h"

namespace ptoc::sim {

namespace {

[[noreturn]] void outsideCoreGroup(const ir::Call& call) {
  throw SimError(call.span, fmt::format("{} runs outside a core group", call.callee),
                 "pipe ops work in the AIC and AIV functions called by a Group function; run the "
                 "Group function (or a function that calls it) as the entry");
}

[[noreturn]] void outsideSplitAiv(const ir::Call& call) {
  throw SimError(call.span,
                 fmt::format("{} runs outside a split_aiv function or region", call.callee),
                 "aiv_shard / aic_gather work inside `for aiv_id in pl.split_aiv(...)` regions and "
                 "InCore functions with the split_aiv attribute");
}

}  // namespace

void CoreServices::push(const ir::Call& call, bool, const Tile&, int64_t, int64_t) {
  outsideCoreGroup(call);
}

Tile CoreServices::pop(const ir::Call& call, bool, const ir::TileType&, int64_t, int64_t) {
  outsideCoreGroup(call);
}

void CoreServices::free(const ir::Call& call, bool, const Tile&) { outsideCoreGroup(call); }

Scalar CoreServices::reserveBuffer(const ir::Call& call) { outsideCoreGroup(call); }

Scalar CoreServices::importPeerBuffer(const ir::Call& call) { outsideCoreGroup(call); }

void CoreServices::initializePipe(const ir::Call& call, bool, const std::vector<Value>&) {
  outsideCoreGroup(call);
}

Tile CoreServices::aivShard(const ir::Call& call, const Tile&, int64_t, int64_t) {
  outsideSplitAiv(call);
}

Tile CoreServices::aicGather(const ir::Call& call, const Tile&, int64_t) { outsideSplitAiv(call); }

}  // namespace ptoc::sim
