// The core-group runtime (architecture §7): the tasks of one Group call (the AIC
// function and the AIV function on one or two lanes) or of one split_aiv function
// or region (two AIV lanes), their scheduler, and what connects them — the
// cross-core pipes (reserve / import / initialize, tpush / tpop / tfree with split
// codes and bounded slots) or the split_aiv boundary ops (aiv_shard / aic_gather).
// Each task sees the runtime through its own CoreServices (LaneServices).
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "CoreGroupScheduler.h"
#include "ptoc/ir/Function.h"
#include "ptoc/sim/Interpreter.h"
#include "ptoc/sim/OpSemantics.h"
#include "ptoc/sim/Timing.h"

namespace ptoc::sim {

enum class CoreRole : uint8_t { AIC, AIV };

enum class GroupKind : uint8_t {
  /// A Group function: an AIC task and AIV lane tasks connected by pipes.
  CoreGroup,
  /// The two AIV lanes of a split_aiv function or region: aiv_shard / aic_gather.
  SplitLanes,
};

/// One task of a group as the runtime sees it.
struct TaskInfo {
  int index = 0;
  CoreRole role = CoreRole::AIV;
  int lane = 0;
  const ir::Function* fn = nullptr;
  std::string name;  // "qk_aiv (AIV lane 1)"
};

class CoreGroup {
 public:
  /// `aivLanes` = 1 or 2: how many AIV lanes consume / produce each pipe transfer.
  CoreGroup(std::string name, GroupKind kind, int aivLanes, Schedule schedule = Schedule::AicFirst);
  ~CoreGroup();
  CoreGroup(const CoreGroup&) = delete;
  CoreGroup& operator=(const CoreGroup&) = delete;

  /// Adds a task running `fn` as `role` (lane = subblock index). `body` runs it with
  /// the task's core services.
  void addTask(CoreRole role, int lane, const ir::Function& fn,
               std::function<void(CoreServices&)> body);
  /// Runs every task to its end; rethrows the first error (deadlocks included), then
  /// checks that every imported peer buffer was reserved by the peer.
  void run();

  GroupKind kind() const { return kind_; }
  const std::string& name() const { return name_; }

  // --- services of task `t` (called by LaneServices) -------------------------------
  Scalar reserveBuffer(const TaskInfo& t, const ir::Call& call);
  Scalar importPeerBuffer(const TaskInfo& t, const ir::Call& call);
  void initializePipe(const TaskInfo& t, const ir::Call& call, bool onAic,
                      const std::vector<Value>& args);
  void push(const TaskInfo& t, const ir::Call& call, bool toAiv, const Tile& tile, int64_t split,
            int64_t laneStride);
  Tile pop(const TaskInfo& t, const ir::Call& call, bool fromAic, const ir::TileType& type,
           int64_t split, int64_t laneStride);
  void free(const TaskInfo& t, const ir::Call& call, bool toAic, const Tile& tile);
  Tile aivShard(const TaskInfo& t, const ir::Call& call, const Tile& full, int64_t mode,
                int64_t laneStride);
  Tile aicGather(const TaskInfo& t, const ir::Call& call, const Tile& half, int64_t mode);
  /// Cross-lane write-conflict check of a tile.store (CoreGroupRaces.cpp).
  bool checksLaneWrites(const TaskInfo& t) const {
    return t.role == CoreRole::AIV && aivLanes_ == 2;
  }
  void noteTensorWrite(const TaskInfo& t, const ir::Call& call, const Buffer& src,
                       const Tensor& dst, const std::vector<int64_t>& srcIndex,
                       const std::vector<int64_t>& dstIndex, bool adds);
  void noteTensorRead(const TaskInfo& t, const ir::Call& call, const Tensor& src,
                      const std::vector<int64_t>& index);
  /// Lane 1 of split_aiv lanes: its cube statements copy lane 0's (CoreServices::cubeReplica).
  bool cubeReplica(const TaskInfo& t) const {
    return kind_ == GroupKind::SplitLanes && t.role == CoreRole::AIV && t.lane == 1;
  }

 private:
  enum class Dir : uint8_t { C2V, V2C };
  /// One side's pipe set-up (aic/aiv_initialize_pipe).
  struct PipeInit {
    bool set = false;
    int64_t dirMask = 0, slotSize = 0, slotNum = 0;
    std::string fn, buffer;  // function and the slot buffer's name (when known)
    Span span;
  };
  /// One push (a slot): the full tile (C2V) or the lanes' halves (V2C), and the
  /// consumer lanes' pop / free state.
  struct Entry {
    int64_t split = 0;
    int64_t laneStride = 0;
    Tile parts[2];
    bool have[2] = {false, false};
    int partsPushed = 0;
    bool popped[2] = {false, false};
    bool freed[2] = {false, false};
    BufferPtr given[2];
    int freedCount = 0;
    Span pushSpan;
    std::string pusher;
  };
  struct Pipe {
    Dir dir = Dir::C2V;
    int64_t id = 0;
    PipeInit aic;
    PipeInit aiv[2];
    std::deque<Entry> entries;
    int64_t base = 0;   // sequence number of entries.front()
    int64_t inUse = 0;  // slots pushed and not yet released by every consumer lane
    int64_t pushed[2] = {0, 0};
    int64_t popped[2] = {0, 0};
  };
  struct BufferHandle {
    std::string name;
    bool imported = false;
    int64_t size = 0;
    std::string peer;  // imported: the peer function
    const TaskInfo* task = nullptr;
    Span span;
  };
  struct GatherPoint {
    Tile halves[2];
    bool have[2] = {false, false};
    int64_t mode = 0;
    int taken = 0;
  };

  Pipe& pipe(Dir dir, int64_t id);
  const PipeInit* initOf(const Pipe& p, CoreRole role, int lane) const;
  int producers(Dir dir) const { return dir == Dir::C2V ? 1 : aivLanes_; }
  int consumers(Dir dir) const { return dir == Dir::C2V ? aivLanes_ : 1; }
  const TaskInfo* peerTask(CoreRole role) const;
  std::string peerFunctionName(CoreRole role) const;
  std::string peerState(CoreRole role) const;
  void requireCoreGroup(const TaskInfo& t, const ir::Call& call) const;
  void requireRole(const TaskInfo& t, const ir::Call& call, CoreRole role) const;
  void checkInitAgainst(const Pipe& p, const PipeInit& mine, const PipeInit& other,
                        const ir::Call& call) const;
  void releaseEntries(Pipe& p);
  Tile popC2V(const TaskInfo& t, const ir::Call& call, Pipe& p, const ir::TileType& type,
              int64_t split, int64_t laneStride);
  Tile popV2C(const TaskInfo& t, const ir::Call& call, Pipe& p, const ir::TileType& type,
              int64_t split);
  void checkImports() const;

  std::string name_;
  GroupKind kind_;
  int aivLanes_;
  TaskScheduler scheduler_;
  std::vector<std::unique_ptr<TaskInfo>> tasks_;
  std::vector<std::unique_ptr<CoreServices>> services_;
  std::map<std::pair<int, int64_t>, Pipe> pipes_;
  std::vector<BufferHandle> handles_;
  std::deque<GatherPoint> gathers_;
  int64_t gatherBase_ = 0;
  int64_t gatherCount_[2] = {0, 0};
  // Per tensor buffer and element: the AIV lane that last wrote it (-1 = none), whether
  // that write added into the element (atomic=1), whether it changed the element's value, and
  // the lanes that read it (bit l: lane l).
  struct LaneWrites {
    std::vector<int8_t> lane;
    std::vector<uint8_t> added;
    std::vector<uint8_t> changed;
    std::vector<uint8_t> readers;
    void init(int64_t numel) {
      if (!lane.empty()) return;
      lane.assign(static_cast<size_t>(numel), -1);
      added.assign(static_cast<size_t>(numel), 0);
      changed.assign(static_cast<size_t>(numel), 0);
      readers.assign(static_cast<size_t>(numel), 0);
    }
  };
  std::map<const Buffer*, LaneWrites> writers_;
  // The cycle model's recording (docs/cycle-model.md): the group's segment, when timing is on.
  timing::Timeline* timeline_ = nullptr;
  int timingSeg_ = -1;
};

}  // namespace ptoc::sim
