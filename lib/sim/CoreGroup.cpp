// The core-group runtime: tasks and their services, slot buffers, pipe set-up, and
// the split_aiv boundary ops (aiv_shard / aic_gather). The pipe transfers themselves
// are in CoreGroupPipes.cpp.
#include "CoreGroup.h"

#include <fmt/format.h>

#include "CoreGroupTiles.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/sim/Interpreter.h"

namespace ptoc::sim {

namespace {

/// The services one task sees: its lane, and the group's pipes / boundary ops.
class LaneServices final : public CoreServices {
 public:
  LaneServices(CoreGroup& g, const TaskInfo& t) : g_(g), t_(t) {}
  int64_t subblockIdx() const override { return t_.role == CoreRole::AIV ? t_.lane : 0; }
  void push(const ir::Call& call, bool toAiv, const Tile& tile, int64_t split,
            int64_t laneStride) override {
    g_.push(t_, call, toAiv, tile, split, laneStride);
  }
  Tile pop(const ir::Call& call, bool fromAic, const ir::TileType& type, int64_t split,
           int64_t laneStride) override {
    return g_.pop(t_, call, fromAic, type, split, laneStride);
  }
  void free(const ir::Call& call, bool toAic, const Tile& tile) override {
    g_.free(t_, call, toAic, tile);
  }
  Scalar reserveBuffer(const ir::Call& call) override { return g_.reserveBuffer(t_, call); }
  Scalar importPeerBuffer(const ir::Call& call) override { return g_.importPeerBuffer(t_, call); }
  void initializePipe(const ir::Call& call, bool onAic, const std::vector<Value>& args) override {
    g_.initializePipe(t_, call, onAic, args);
  }
  Tile aivShard(const ir::Call& call, const Tile& full, int64_t mode, int64_t laneStride) override {
    return g_.aivShard(t_, call, full, mode, laneStride);
  }
  Tile aicGather(const ir::Call& call, const Tile& half, int64_t mode) override {
    return g_.aicGather(t_, call, half, mode);
  }
  bool checksLaneWrites() const override { return g_.checksLaneWrites(t_); }
  void noteTensorWrite(const ir::Call& call, const Buffer& src, const Tensor& dst,
                       const std::vector<int64_t>& srcIndex, const std::vector<int64_t>& dstIndex,
                       bool adds) override {
    g_.noteTensorWrite(t_, call, src, dst, srcIndex, dstIndex, adds);
  }
  void noteTensorRead(const ir::Call& call, const Tensor& src,
                      const std::vector<int64_t>& index) override {
    g_.noteTensorRead(t_, call, src, index);
  }
  bool cubeReplica() const override { return g_.cubeReplica(t_); }

 private:
  CoreGroup& g_;
  const TaskInfo& t_;
};

const ir::AttrValue* kwargOf(const ir::Call& call, std::string_view name) {
  if (const ir::AttrValue* v = ir::findAttr(call.kwargs, name)) return v;
  return call.op ? call.op->kwargValue(call.kwargs, name) : nullptr;
}

int64_t intKwarg(const ir::Call& call, std::string_view name, int64_t dflt) {
  const ir::AttrValue* v = kwargOf(call, name);
  if (!v) return dflt;
  if (const auto* i = std::get_if<int64_t>(v)) return *i;
  if (const auto* m = std::get_if<ir::SplitMode>(v)) return static_cast<int64_t>(*m);
  if (const auto* b = std::get_if<bool>(v)) return *b ? 1 : 0;
  return dflt;
}

std::string stringKwarg(const ir::Call& call, std::string_view name) {
  const ir::AttrValue* v = kwargOf(call, name);
  const auto* s = v ? std::get_if<std::string>(v) : nullptr;
  return s ? *s : std::string();
}

const char* roleName(CoreRole r) { return r == CoreRole::AIC ? "AIC" : "AIV"; }

}  // namespace

CoreGroup::CoreGroup(std::string name, GroupKind kind, int aivLanes, Schedule schedule)
    : name_(std::move(name)),
      kind_(kind),
      aivLanes_(aivLanes),
      scheduler_(name_, schedule == Schedule::AivFirst),
      timeline_(timing::activeTimeline()),
      timingSeg_(timing::beginGroupSegment(name_)) {}

CoreGroup::~CoreGroup() = default;

void CoreGroup::addTask(CoreRole role, int lane, const ir::Function& fn,
                        std::function<void(CoreServices&)> body) {
  auto info = std::make_unique<TaskInfo>();
  info->index = static_cast<int>(tasks_.size());
  info->role = role;
  info->lane = lane;
  info->fn = &fn;
  if (kind_ == GroupKind::SplitLanes)
    info->name = fmt::format("{} (lane {})", fn.name, lane);
  else if (role == CoreRole::AIC)
    info->name = fmt::format("{} (AIC)", fn.name);
  else
    info->name = fmt::format("{} (AIV lane {})", fn.name, lane);
  auto services = std::make_unique<LaneServices>(*this, *info);
  CoreServices* svc = services.get();
  int stream = timing::addGroupStream(timingSeg_,
                                      role == CoreRole::AIC ? timing::Core::AIC
                                      : lane                ? timing::Core::AIV1
                                                            : timing::Core::AIV0,
                                      info->name);
  scheduler_.addTask(info->name,
                     [body = std::move(body), svc, tl = timeline_, seg = timingSeg_, stream] {
                       timing::runRecording(tl, seg, stream, [&] { body(*svc); });
                     });
  tasks_.push_back(std::move(info));
  services_.push_back(std::move(services));
}

void CoreGroup::run() {
  scheduler_.run();
  checkImports();
}

const TaskInfo* CoreGroup::peerTask(CoreRole role) const {
  CoreRole want = role == CoreRole::AIC ? CoreRole::AIV : CoreRole::AIC;
  for (const auto& t : tasks_)
    if (t->role == want) return t.get();
  return nullptr;
}

std::string CoreGroup::peerFunctionName(CoreRole role) const {
  const TaskInfo* p = peerTask(role);
  return p ? p->fn->name : std::string();
}

std::string CoreGroup::peerState(CoreRole role) const {
  CoreRole want = role == CoreRole::AIC ? CoreRole::AIV : CoreRole::AIC;
  std::vector<std::string> parts;
  for (const auto& t : tasks_)
    if (t->role == want)
      parts.push_back(fmt::format("{} {}", t->name,
                                  scheduler_.finished(t->index) ? "has finished" : "is blocked"));
  if (parts.empty()) return fmt::format("the core group has no {} task", roleName(want));
  std::string out = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) out += ", " + parts[i];
  return out;
}

void CoreGroup::requireCoreGroup(const TaskInfo& t, const ir::Call& call) const {
  if (kind_ == GroupKind::CoreGroup) return;
  throw SimError(call.span,
                 fmt::format("{} in {} needs a core group, but {} runs as a lane of a split_aiv "
                             "function or region",
                             call.callee, t.fn->name, t.fn->name),
                 "pipes connect the AIC and AIV functions called by a Group function; inside "
                 "split_aiv code use aiv_shard / aic_gather");
}

void CoreGroup::requireRole(const TaskInfo& t, const ir::Call& call, CoreRole role) const {
  if (t.role == role) return;
  throw SimError(call.span,
                 fmt::format("{} runs on the {}, but {} runs on the {} of core group '{}'",
                             call.callee, roleName(role), t.fn->name, roleName(t.role), name_),
                 fmt::format("move the call into the {} function of the group", roleName(role)));
}

Scalar CoreGroup::reserveBuffer(const TaskInfo& t, const ir::Call& call) {
  requireCoreGroup(t, call);
  BufferHandle h;
  h.name = stringKwarg(call, "name");
  h.size = intKwarg(call, "size", 0);
  h.task = &t;
  h.span = call.span;
  handles_.push_back(std::move(h));
  return Scalar::ofInt(DType::Int32, static_cast<int64_t>(handles_.size()));
}

Scalar CoreGroup::importPeerBuffer(const TaskInfo& t, const ir::Call& call) {
  requireCoreGroup(t, call);
  BufferHandle h;
  h.name = stringKwarg(call, "name");
  h.peer = stringKwarg(call, "peer_func");
  h.imported = true;
  h.task = &t;
  h.span = call.span;
  std::string peer = peerFunctionName(t.role);
  if (!peer.empty() && h.peer != peer)
    throw SimError(call.span,
                   fmt::format("{} in {} imports '{}' from '{}', but the peer of {} in core group "
                               "'{}' is '{}'",
                               call.callee, t.fn->name, h.name, h.peer, t.fn->name, name_, peer),
                   fmt::format("write peer_func=\"{}\"", peer));
  handles_.push_back(std::move(h));
  return Scalar::ofInt(DType::Int32, static_cast<int64_t>(handles_.size()));
}

void CoreGroup::checkImports() const {
  for (const BufferHandle& h : handles_) {
    if (!h.imported) continue;
    bool found = false;
    for (const BufferHandle& r : handles_)
      found = found || (!r.imported && r.name == h.name && r.task->fn->name == h.peer);
    if (!found)
      throw SimError(h.span,
                     fmt::format("{} imports the slot buffer '{}' from {}, which never reserves it",
                                 h.task->fn->name, h.name, h.peer),
                     fmt::format("reserve it in {} with system.reserve_buffer(name=\"{}\", ...)",
                                 h.peer, h.name));
  }
}

CoreGroup::Pipe& CoreGroup::pipe(Dir dir, int64_t id) {
  auto key = std::make_pair(static_cast<int>(dir), id);
  auto it = pipes_.find(key);
  if (it == pipes_.end()) {
    it = pipes_.emplace(key, Pipe{}).first;
    it->second.dir = dir;
    it->second.id = id;
  }
  return it->second;
}

const CoreGroup::PipeInit* CoreGroup::initOf(const Pipe& p, CoreRole role, int lane) const {
  const PipeInit& i = role == CoreRole::AIC ? p.aic : p.aiv[lane];
  return i.set ? &i : nullptr;
}

void CoreGroup::checkInitAgainst(const Pipe& p, const PipeInit& mine, const PipeInit& other,
                                 const ir::Call& call) const {
  const char* dir = p.dir == Dir::C2V ? "C2V" : "V2C";
  auto mismatch = [&](const char* what, const std::string& a, const std::string& b) {
    throw SimErrorWithNotes(
        call.span,
        fmt::format("{} mismatch on the {} pipe {}: {} sets {}={}, but {} set {}={}", what, dir,
                    p.id, mine.fn, what, a, other.fn, what, b),
        {{other.span, fmt::format("{} sets up the pipe here", other.fn)}},
        "both ends of a pipe must agree on dir_mask, slot_size (bytes of the unsplit tile) and "
        "slot_num");
  };
  if (mine.slotSize != other.slotSize)
    mismatch("slot_size", std::to_string(mine.slotSize), std::to_string(other.slotSize));
  if (mine.slotNum != other.slotNum)
    mismatch("slot_num", std::to_string(mine.slotNum), std::to_string(other.slotNum));
  if (mine.dirMask != other.dirMask)
    mismatch("dir_mask", std::to_string(mine.dirMask), std::to_string(other.dirMask));
  if (!mine.buffer.empty() && !other.buffer.empty() && mine.buffer != other.buffer)
    mismatch("slot buffer", "'" + mine.buffer + "'", "'" + other.buffer + "'");
}

void CoreGroup::initializePipe(const TaskInfo& t, const ir::Call& call, bool onAic,
                               const std::vector<Value>& args) {
  requireCoreGroup(t, call);
  requireRole(t, call, onAic ? CoreRole::AIC : CoreRole::AIV);
  PipeInit init;
  init.set = true;
  init.dirMask = intKwarg(call, "dir_mask", 0);
  init.slotSize = intKwarg(call, "slot_size", 0);
  init.slotNum = intKwarg(call, "slot_num", 2);
  init.fn = t.fn->name;
  init.span = call.span;
  int64_t id = intKwarg(call, "id", 0);
  if (init.slotNum <= 0 || init.slotSize <= 0)
    throw SimError(
        call.span,
        fmt::format("{} in {} needs a positive slot_size and slot_num", call.callee, t.fn->name),
        "pass slot_size >= 1 and slot_num >= 1 to the initialize_pipe call");
  for (Dir dir : {Dir::C2V, Dir::V2C}) {
    if (!(init.dirMask & (dir == Dir::C2V ? 1 : 2))) continue;
    Pipe& p = pipe(dir, id);
    PipeInit& mine = t.role == CoreRole::AIC ? p.aic : p.aiv[t.lane];
    const char* dirName = dir == Dir::C2V ? "C2V" : "V2C";
    if (mine.set)
      throw SimError(call.span,
                     fmt::format("{} in {} sets up the {} pipe {} a second time", call.callee,
                                 t.fn->name, dirName, id),
                     "initialize each pipe once per function, or use another pipe id");
    PipeInit cur = init;
    size_t arg = dir == Dir::C2V ? 0 : 1;
    if (arg < args.size() && args[arg].is<Scalar>()) {
      int64_t h = args[arg].get<Scalar>().asInt();
      if (h >= 1 && h <= static_cast<int64_t>(handles_.size())) {
        const BufferHandle& b = handles_[h - 1];
        cur.buffer = b.name;
        if (!b.imported && b.size != cur.slotSize * cur.slotNum)
          throw SimErrorWithNotes(
              call.span,
              fmt::format("slot buffer '{}' of the {} pipe {} has {} bytes, but slot_size {} x "
                          "slot_num {} = {}",
                          b.name, dirName, id, b.size, cur.slotSize, cur.slotNum,
                          cur.slotSize * cur.slotNum),
              {{b.span, "reserved here"}}, "reserve_buffer size must equal slot_size x slot_num");
      }
    }
    if (t.role == CoreRole::AIC) {
      for (const PipeInit& other : p.aiv)
        if (other.set) checkInitAgainst(p, cur, other, call);
    } else if (p.aic.set) {
      checkInitAgainst(p, cur, p.aic, call);
    }
    mine = cur;
  }
}

Tile CoreGroup::aivShard(const TaskInfo& t, const ir::Call& call, const Tile& full, int64_t mode,
                         int64_t laneStride) {
  if (kind_ != GroupKind::SplitLanes)
    throw SimError(call.span,
                   fmt::format("{} in {} runs only inside a split_aiv function or region",
                               call.callee, t.fn->name),
                   "after expand-mixed-kernel the boundary is a tpush_to_aiv / tpop_from_aic pair");
  Tile half;
  if (auto axis = splitModeAxis(mode)) {
    if (!full.buf || full.buf->shape.size() <= *axis)
      throw SimError(call.span,
                     fmt::format("{} splits axis {} of {}", call.callee, *axis, describeTile(full)),
                     "shard a 2-D tile, or use split=pl.SplitMode.NONE");
    half = laneHalf(full, *axis, t.lane, laneStride);
  } else {
    half = copyTile(full);
  }
  if (const auto* type = call.type ? call.type->as<ir::TileType>() : nullptr) {
    if (type->memory) half.memory = type->memory;
  }
  return half;
}

Tile CoreGroup::aicGather(const TaskInfo& t, const ir::Call& call, const Tile& half, int64_t mode) {
  if (kind_ != GroupKind::SplitLanes)
    throw SimError(call.span,
                   fmt::format("{} in {} runs only inside a split_aiv function or region",
                               call.callee, t.fn->name),
                   "after expand-mixed-kernel the boundary is a tpush_to_aic / tpop_from_aiv pair");
  int64_t k = gatherCount_[t.lane]++;
  while (gatherBase_ + static_cast<int64_t>(gathers_.size()) <= k) gathers_.emplace_back();
  GatherPoint& gp = gathers_[k - gatherBase_];
  gp.halves[t.lane] = copyTile(half);
  gp.have[t.lane] = true;
  int other = 1 - t.lane;
  if (aivLanes_ == 2 && gp.have[other] && gp.mode != mode)
    throw SimError(call.span,
                   fmt::format("{} #{} in {}: lane {} gathers with split={}, lane {} "
                               "with split={}",
                               call.callee, k, t.fn->name, t.lane, mode, other, gp.mode),
                   "gather with the same split mode on both lanes");
  gp.mode = mode;
  if (aivLanes_ == 2) {
    std::function<bool()> ready = [&gp] { return gp.have[0] && gp.have[1]; };
    const TaskInfo* otherTask = nullptr;
    for (const auto& task : tasks_)
      if (task->lane == other) otherTask = task.get();
    scheduler_.waitUntil(t.index, ready,
                         WaitSite{&call, [this, otherTask, k] {
                                    std::string state =
                                        otherTask && scheduler_.finished(otherTask->index)
                                            ? "has finished"
                                            : "is blocked elsewhere";
                                    return fmt::format(
                                        "gather #{} needs both lanes, and {} {} without reaching "
                                        "it",
                                        k, otherTask ? otherTask->name : "the other lane", state);
                                  }});
  }
  Tile result;
  auto axis = splitModeAxis(mode);
  if (axis && aivLanes_ == 2) {
    const Tile& a = gp.halves[0];
    const Tile& b = gp.halves[1];
    bool compatible = a.buf && b.buf && a.buf->dtype == b.buf->dtype &&
                      a.buf->shape.size() == b.buf->shape.size() && a.buf->shape.size() > *axis;
    for (size_t d = 0; compatible && d < a.buf->shape.size(); ++d)
      compatible = d == *axis || a.buf->shape[d] == b.buf->shape[d];
    if (!compatible)
      throw SimError(
          call.span,
          fmt::format("{} in {}: lane 0 gathers {} and lane 1 gathers {}, which do not "
                      "join along axis {}",
                      call.callee, t.fn->name, describeTile(a), describeTile(b), *axis),
          "both lanes must gather the same dtype and the same extents off the split axis");
    result = joinHalves(a, b, *axis);
  } else {
    result = copyTile(gp.halves[0]);
  }
  if (const auto* type = call.type ? call.type->as<ir::TileType>() : nullptr) {
    if (type->memory) result.memory = type->memory;
  }
  if (++gp.taken == aivLanes_) {
    while (!gathers_.empty() && gathers_.front().taken == aivLanes_) {
      gathers_.pop_front();
      ++gatherBase_;
    }
  }
  return result;
}

}  // namespace ptoc::sim
