// Tile split / join between AIV lanes (see CoreGroupTiles.h).
#include "CoreGroupTiles.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstring>

#include "ptoc/ops/ExtentArith.h"

namespace ptoc::sim {

std::optional<size_t> splitModeAxis(int64_t mode) {
  if (mode < 0 || mode > static_cast<int64_t>(ir::SplitMode::LeftRight)) return std::nullopt;
  return ir::splitAxis(static_cast<ir::SplitMode>(mode));
}

Tile copyTile(const Tile& t) {
  Tile c = t;
  if (t.buf) c.buf = std::make_shared<Buffer>(*t.buf);
  return c;
}

int64_t tileBytes(const Tile& t) {
  return t.buf ? t.buf->numel() * static_cast<int64_t>(t.buf->elemSize()) : 0;
}

std::vector<int64_t> validOf(const Tile& t) {
  if (t.buf && t.valid.size() == t.buf->shape.size()) return t.valid;
  return t.buf ? t.buf->shape : std::vector<int64_t>{};
}

LanePart lanePart(int64_t extent, int64_t valid, int lane, int64_t laneStride) {
  LanePart p;
  p.box = ops::ceilHalf(extent);
  int64_t stride = laneStride > 0 ? laneStride : p.box;
  p.start = lane * stride;
  p.valid = std::clamp<int64_t>(valid - p.start, 0, stride);
  p.valid = std::min(p.valid, p.box);
  return p;
}

namespace {

/// Shape as [outer, axis extent, inner bytes] for block copies along `axis`.
struct Blocks {
  int64_t outer = 1, extent = 1, innerBytes = 1;
};

Blocks blocksOf(const Buffer& b, size_t axis) {
  Blocks k;
  for (size_t i = 0; i < axis; ++i) k.outer *= b.shape[i];
  k.extent = b.shape[axis];
  int64_t inner = 1;
  for (size_t i = axis + 1; i < b.shape.size(); ++i) inner *= b.shape[i];
  k.innerBytes = inner * static_cast<int64_t>(b.elemSize());
  return k;
}

/// Copies `count` slices along `axis` from src[srcStart..] to dst[dstStart..].
void copySlices(const Buffer& src, int64_t srcStart, Buffer& dst, int64_t dstStart, int64_t count,
                size_t axis) {
  if (count <= 0) return;
  Blocks s = blocksOf(src, axis), d = blocksOf(dst, axis);
  for (int64_t o = 0; o < s.outer; ++o) {
    const uint8_t* from = src.bytes.data() + (o * s.extent + srcStart) * s.innerBytes;
    uint8_t* to = dst.bytes.data() + (o * d.extent + dstStart) * d.innerBytes;
    std::memcpy(to, from, static_cast<size_t>(count * s.innerBytes));
  }
}

}  // namespace

Tile laneHalf(const Tile& full, size_t axis, int lane, int64_t laneStride) {
  const Buffer& src = *full.buf;
  std::vector<int64_t> valid = validOf(full);
  LanePart p = lanePart(src.shape[axis], valid[axis], lane, laneStride);
  std::vector<int64_t> shape = src.shape;
  shape[axis] = p.box;
  Tile half;
  half.buf = std::make_shared<Buffer>(src.dtype, shape);
  half.pad = full.pad;
  half.memory = full.memory;
  int64_t count = std::min(p.box, std::max<int64_t>(src.shape[axis] - p.start, 0));
  copySlices(src, p.start, *half.buf, 0, count, axis);
  half.valid = valid;
  half.valid[axis] = p.valid;
  fillPadding(half);
  return half;
}

Tile joinHalves(const Tile& h0, const Tile& h1, size_t axis) {
  const Buffer& a = *h0.buf;
  const Buffer& b = *h1.buf;
  std::vector<int64_t> shape = a.shape;
  shape[axis] = a.shape[axis] + b.shape[axis];
  Tile full;
  full.buf = std::make_shared<Buffer>(a.dtype, shape);
  full.pad = h0.pad;
  full.memory = h0.memory;
  copySlices(a, 0, *full.buf, 0, a.shape[axis], axis);
  copySlices(b, 0, *full.buf, a.shape[axis], b.shape[axis], axis);
  std::vector<int64_t> v0 = validOf(h0), v1 = validOf(h1);
  full.valid = v0;
  full.valid[axis] = v0[axis] < a.shape[axis] ? v0[axis] : a.shape[axis] + v1[axis];
  fillPadding(full);
  return full;
}

std::string describeTile(const Tile& t) {
  if (!t.buf) return "an empty tile";
  return fmt::format("[{}] {}", fmt::join(t.buf->shape, ", "), ir::dtypeName(t.buf->dtype));
}

}  // namespace ptoc::sim
