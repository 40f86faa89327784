// Tile helpers of the core-group runtime: deep copies, byte sizes, and the split /
// join of a tile between the two AIV lanes (pto-isa split codes, ptoas-facts §5):
// code 1/3 halves rows, 2/4 columns; each lane's box is ceil(extent / 2); lane 0
// starts at 0, lane 1 at lane_stride (default: the box); the per-lane valid extent
// along the split axis is clamp(valid - lane * stride, 0, stride).
#pragma once

#include <cstdint>
#include <optional>

#include "ptoc/ir/Enums.h"
#include "ptoc/sim/Value.h"

namespace ptoc::sim {

using ir::splitCodeAxis;
/// Split axis of a SplitMode value used by aiv_shard / aic_gather (ir::splitAxis; 1 rows,
/// 2 columns), nullopt for NONE and out-of-range values.
std::optional<size_t> splitModeAxis(int64_t mode);

Tile copyTile(const Tile& t);
int64_t tileBytes(const Tile& t);
/// The tile's valid extents (its full shape when none are recorded).
std::vector<int64_t> validOf(const Tile& t);

struct LanePart {
  int64_t start = 0;  // first element along the axis
  int64_t box = 0;    // extent of the lane's tile along the axis
  int64_t valid = 0;  // valid extent of the lane's tile along the axis
};
/// Where lane `lane`'s part of a tile with `extent` / `valid` along the split axis is.
/// `laneStride` <= 0 means the default (the box).
LanePart lanePart(int64_t extent, int64_t valid, int lane, int64_t laneStride);

/// Lane `lane`'s part of `full` along `axis` (a new buffer; elements beyond the full
/// tile read as zero).
Tile laneHalf(const Tile& full, size_t axis, int lane, int64_t laneStride);
/// Joins the two lanes' halves along `axis`: lane 1's box follows lane 0's; the valid
/// extent is lane 0's when lane 0 is ragged, else lane 0's box plus lane 1's valid.
Tile joinHalves(const Tile& h0, const Tile& h1, size_t axis);

/// "[64, 128] FP32" for messages.
std::string describeTile(const Tile& t);

}  // namespace ptoc::sim
