// Pipe transfers of the core-group runtime (ptoas-facts §1.8, §4.7, §5): tpush
// copies a tile into the next slot (waiting while every slot is in use), tpop takes
// the oldest slot this lane has not popped (waiting until it is there) and delivers
// the lane's half for a split code, tfree releases the slot once every consumer lane
// has freed it. C2V: the AIC pushes whole tiles, each AIV lane pops its half (split
// 1-4) or a copy (split 0). V2C: each AIV lane pushes its half, the AIC pops the
// joined tile (split 1/2) or lane 0's tile (split 0).
#include <fmt/format.h>

#include "CoreGroup.h"
#include "CoreGroupTiles.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/sim/Interpreter.h"

namespace ptoc::sim {

namespace {

int64_t pipeId(const ir::Call& call) {
  const auto* id = ir::getAttr<int64_t>(call.kwargs, "id");
  return id ? *id : 0;
}

std::string laneList(int lanes) { return lanes == 2 ? "lanes 0 and 1" : "lane 0"; }

}  // namespace

void CoreGroup::push(const TaskInfo& t, const ir::Call& call, bool toAiv, const Tile& tile,
                     int64_t split, int64_t laneStride) {
  requireCoreGroup(t, call);
  requireRole(t, call, toAiv ? CoreRole::AIC : CoreRole::AIV);
  Dir dir = toAiv ? Dir::C2V : Dir::V2C;
  const char* dirName = toAiv ? "C2V" : "V2C";
  Pipe& p = pipe(dir, pipeId(call));
  const PipeInit* mine = initOf(p, t.role, t.lane);
  if (!mine)
    throw SimError(call.span,
                   fmt::format("{} in {}: the {} pipe {} is not set up", call.callee, t.fn->name,
                               dirName, p.id),
                   fmt::format("call system.{}_initialize_pipe(..., dir_mask={}, ...) before the "
                               "first push",
                               toAiv ? "aic" : "aiv", toAiv ? "1 or 3" : "2 or 3"));
  if (!tile.buf)
    throw SimError(call.span, fmt::format("{} pushes an empty tile", call.callee),
                   "push a tile that holds data (loaded or computed)");
  auto axis = splitCodeAxis(split);
  if (axis && tile.buf->shape.size() <= *axis)
    throw SimError(call.span,
                   fmt::format("{} with split={} splits axis {} of a {} tile", call.callee, split,
                               *axis, describeTile(tile)),
                   "push a 2-D tile, or use split=0 (no split)");
  if (split == 3 || split == 4) {
    std::vector<int64_t> valid = validOf(tile);
    LanePart l0 = lanePart(tile.buf->shape[*axis], valid[*axis], 0, laneStride);
    LanePart l1 = lanePart(tile.buf->shape[*axis], valid[*axis], 1, laneStride);
    if (l0.valid != l1.valid + 1)
      throw SimError(
          call.span,
          fmt::format("{} with the odd split code {} needs lane 0 to get one more {} "
                      "than lane 1, but they get {} and {}",
                      call.callee, split, *axis == 0 ? "row" : "column", l0.valid, l1.valid),
          "use the even code (1 or 2) for even extents");
  }
  int64_t bytes = tileBytes(tile) * (dir == Dir::V2C && axis ? aivLanes_ : 1);
  if (bytes > mine->slotSize)
    throw SimErrorWithNotes(
        call.span,
        fmt::format("{} in {} pushes {} ({} bytes{}), which does not fit the slot_size {} of the "
                    "{} pipe {}",
                    call.callee, t.fn->name, describeTile(tile), bytes,
                    dir == Dir::V2C && axis ? " for both lanes' halves" : "", mine->slotSize,
                    dirName, p.id),
        {{mine->span, "the pipe is set up here"}},
        "slot_size is the byte size of the unsplit tile");

  int producer = dir == Dir::C2V ? 0 : t.lane;
  int64_t seq = p.pushed[producer];
  int64_t capacity = mine->slotNum;
  auto allocated = [&p] { return p.base + static_cast<int64_t>(p.entries.size()); };
  if (seq >= allocated()) {
    std::function<bool()> ready = [&, seq] { return seq < allocated() || p.inUse < capacity; };
    scheduler_.waitUntil(t.index, ready,
                         WaitSite{&call, [this, &p, &t, capacity, dirName, toAiv] {
                                    return fmt::format(
                                        "all {} slots of the {} pipe {} are in use, and "
                                        "only system.tfree_to_{} releases one ({})",
                                        capacity, dirName, p.id, toAiv ? "aic" : "aiv",
                                        peerState(t.role));
                                  }});
    if (seq >= allocated()) {
      p.entries.emplace_back();
      ++p.inUse;
    }
  }
  Entry& e = p.entries[seq - p.base];
  if (e.partsPushed > 0 && e.split != split)
    throw SimError(call.span,
                   fmt::format("{} in {}: lane {} pushes with split={}, but the other "
                               "lane pushed this slot with split={}",
                               call.callee, t.fn->name, t.lane, split, e.split),
                   "push with the same split on both AIV lanes");
  e.split = split;
  e.laneStride = laneStride;
  e.parts[producer] = copyTile(tile);
  e.have[producer] = true;
  ++e.partsPushed;
  e.pushSpan = call.span;
  e.pusher = t.name;
  ++p.pushed[producer];
}

Tile CoreGroup::pop(const TaskInfo& t, const ir::Call& call, bool fromAic, const ir::TileType& type,
                    int64_t split, int64_t laneStride) {
  requireCoreGroup(t, call);
  requireRole(t, call, fromAic ? CoreRole::AIV : CoreRole::AIC);
  Dir dir = fromAic ? Dir::C2V : Dir::V2C;
  Pipe& p = pipe(dir, pipeId(call));
  if (!initOf(p, t.role, t.lane))
    throw SimError(call.span,
                   fmt::format("{} in {}: the {} pipe {} is not set up", call.callee, t.fn->name,
                               fromAic ? "C2V" : "V2C", p.id),
                   fmt::format("call system.{}_initialize_pipe(..., dir_mask={}, ...) before the "
                               "first pop",
                               fromAic ? "aiv" : "aic", fromAic ? "1 or 3" : "2 or 3"));
  Tile out =
      fromAic ? popC2V(t, call, p, type, split, laneStride) : popV2C(t, call, p, type, split);
  if (type.memory) out.memory = type.memory;
  ir::PadValue pad = type.effectiveView().pad;
  if (pad != ir::PadValue::Null) out.pad = pad;
  return out;
}

namespace {

void checkSplit(const ir::Call& call, const std::string& fn, int64_t popSplit, int64_t pushSplit,
                Span pushSpan, const std::string& pusher) {
  if (popSplit == pushSplit) return;
  throw SimErrorWithNotes(call.span,
                          fmt::format("{}(split={}) in {} pops a tile pushed with split={} by {}",
                                      call.callee, popSplit, fn, pushSplit, pusher),
                          {{pushSpan, "pushed here"}},
                          "both ends of a transfer must use the same split code");
}

void checkPopType(const ir::Call& call, const std::string& fn, const ir::TileType& type,
                  const Tile& got, const std::string& what, Span pushSpan) {
  bool ok = got.buf && got.buf->dtype == type.dtype && got.buf->shape == type.shape;
  if (ok) return;
  throw SimErrorWithNotes(
      call.span,
      fmt::format("{} in {} is annotated {}, but {} is {}", call.callee, fn, ir::typeToString(type),
                  what, describeTile(got)),
      {{pushSpan, "pushed here"}},
      "annotate the tpop with the shape the lane receives (the half of the pushed tile for a "
      "split code, the whole tile otherwise)");
}

}  // namespace

Tile CoreGroup::popC2V(const TaskInfo& t, const ir::Call& call, Pipe& p, const ir::TileType& type,
                       int64_t split, int64_t laneStride) {
  int lane = t.lane;
  int64_t seq = p.popped[lane];
  std::function<bool()> ready = [&p, seq] {
    return seq < p.base + static_cast<int64_t>(p.entries.size()) &&
           p.entries[seq - p.base].partsPushed > 0;
  };
  scheduler_.waitUntil(t.index, ready, WaitSite{&call, [this, &p, seq, lane] {
                                                  return fmt::format(
                                                      "the C2V pipe {} holds no tile for lane {} "
                                                      "(tile #{} of {} pushed), and {}",
                                                      p.id, lane, seq, p.pushed[0],
                                                      peerState(CoreRole::AIV));
                                                }});
  Entry& e = p.entries[seq - p.base];
  checkSplit(call, t.fn->name, split, e.split, e.pushSpan, e.pusher);
  int64_t stride = e.laneStride > 0 ? e.laneStride : laneStride;
  if (e.laneStride > 0 && laneStride > 0 && e.laneStride != laneStride)
    throw SimErrorWithNotes(call.span,
                            fmt::format("{} in {} pops with lane_stride={}, but the tile was "
                                        "pushed with lane_stride={}",
                                        call.callee, t.fn->name, laneStride, e.laneStride),
                            {{e.pushSpan, "pushed here"}});
  const Tile& full = e.parts[0];
  auto axis = splitCodeAxis(split);
  // One AIV lane (a standalone full-width kernel) receives the whole tile.
  const bool half = axis && aivLanes_ == 2;
  Tile part = half ? laneHalf(full, *axis, lane, stride) : copyTile(full);
  checkPopType(call, t.fn->name, type, part,
               half ? fmt::format("lane {}'s half of the pushed {} tile", lane, describeTile(full))
                    : "the pushed tile",
               e.pushSpan);
  e.popped[lane] = true;
  e.given[lane] = part.buf;
  ++p.popped[lane];
  return part;
}

Tile CoreGroup::popV2C(const TaskInfo& t, const ir::Call& call, Pipe& p, const ir::TileType& type,
                       int64_t split) {
  int64_t seq = p.popped[0];
  int need = aivLanes_;
  std::function<bool()> ready = [&p, seq, need] {
    return seq < p.base + static_cast<int64_t>(p.entries.size()) &&
           p.entries[seq - p.base].partsPushed == need;
  };
  scheduler_.waitUntil(t.index, ready, WaitSite{&call, [this, &p, seq, need] {
                                                  return fmt::format(
                                                      "tile #{} of the V2C pipe {} needs a push "
                                                      "from {} ({} / {} pushed), and {}",
                                                      seq, p.id, laneList(need), p.pushed[0],
                                                      p.pushed[1], peerState(CoreRole::AIC));
                                                }});
  Entry& e = p.entries[seq - p.base];
  checkSplit(call, t.fn->name, split, e.split, e.pushSpan, e.pusher);
  auto axis = splitCodeAxis(split);
  Tile full;
  if (axis && aivLanes_ == 2) {
    const Tile& a = e.parts[0];
    const Tile& b = e.parts[1];
    bool compatible = a.buf->dtype == b.buf->dtype && a.buf->shape.size() == b.buf->shape.size();
    for (size_t d = 0; compatible && d < a.buf->shape.size(); ++d)
      compatible = d == *axis || a.buf->shape[d] == b.buf->shape[d];
    if (!compatible)
      throw SimError(call.span,
                     fmt::format("{} in {}: lane 0 pushed {} and lane 1 pushed {}, "
                                 "which do not join along axis {}",
                                 call.callee, t.fn->name, describeTile(a), describeTile(b), *axis),
                     "both lanes must push the same dtype and the same extents off the split axis");
    full = joinHalves(a, b, *axis);
  } else {
    full = copyTile(e.parts[0]);
  }
  checkPopType(call, t.fn->name, type, full,
               axis && aivLanes_ == 2 ? "the joined tile of both lanes' halves" : "the pushed tile",
               e.pushSpan);
  e.popped[0] = true;
  e.given[0] = full.buf;
  ++p.popped[0];
  return full;
}

void CoreGroup::free(const TaskInfo& t, const ir::Call& call, bool toAic, const Tile& tile) {
  requireCoreGroup(t, call);
  requireRole(t, call, toAic ? CoreRole::AIV : CoreRole::AIC);
  Dir dir = toAic ? Dir::C2V : Dir::V2C;
  Pipe& p = pipe(dir, pipeId(call));
  int c = dir == Dir::C2V ? t.lane : 0;
  Entry* hit = nullptr;
  for (Entry& e : p.entries)
    if (e.popped[c] && !e.freed[c] && e.given[c] == tile.buf) {
      hit = &e;
      break;
    }
  if (!hit)
    for (Entry& e : p.entries)
      if (e.popped[c] && !e.freed[c]) {
        hit = &e;
        break;
      }
  if (!hit)
    throw SimError(call.span,
                   fmt::format("{} in {} releases a slot of the {} pipe {}, but it holds no "
                               "popped tile",
                               call.callee, t.fn->name, toAic ? "C2V" : "V2C", p.id),
                   "call tfree once per tpop, after the popped tile's last use");
  if (const auto* s = ir::getAttr<int64_t>(call.kwargs, "split"); s && *s != hit->split)
    throw SimErrorWithNotes(call.span,
                            fmt::format("{}(split={}) in {} releases a slot pushed with split={}",
                                        call.callee, *s, t.fn->name, hit->split),
                            {{hit->pushSpan, "pushed here"}});
  hit->freed[c] = true;
  if (++hit->freedCount == consumers(dir)) --p.inUse;
  releaseEntries(p);
}

void CoreGroup::releaseEntries(Pipe& p) {
  int n = consumers(p.dir);
  while (!p.entries.empty() && p.entries.front().freedCount == n) {
    p.entries.pop_front();
    ++p.base;
  }
}

}  // namespace ptoc::sim
