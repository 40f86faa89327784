// Split-axis facts (see SplitAxis.h).
#include "ptoc/analysis/SplitAxis.h"

#include <fmt/format.h>

#include "ptoc/ops/OpRegistry.h"

namespace ptoc::analysis {

using namespace ir;

size_t splitDimension(SplitMode mode) {
  std::optional<size_t> axis = splitAxis(mode);
  if (!axis) throw InternalError(fmt::format("split mode {} has no split axis", toString(mode)));
  return *axis;
}

std::optional<size_t> reducedAxisOf(const Call& call) {
  if (!call.op || !call.op->isReduce() || call.args.empty()) return std::nullopt;
  const TileType* t = tileTypeOf(call.args[0]);
  return t ? call.op->reducedAxis(t->shape.size()) : std::nullopt;
}

}  // namespace ptoc::analysis
