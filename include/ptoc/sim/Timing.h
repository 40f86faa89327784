// The cycle model (docs/cycle-model.md): while the interpreter runs a program, every op
// call is recorded per task (AIC, AIV lane 0, AIV lane 1) as an instruction that occupies
// one pipe for a modeled number of cycles (the cost table of the arch, CostTable.cpp).
// The timed scheduler then places the recorded instructions in simulated time: per-core
// per-pipe clocks, operands ready, cross-core transfers with their latency and slot
// back-pressure. Timing observes the run and never changes what it computes.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/SourceManager.h"
#include "ptoc/target/Target.h"

namespace ptoc::ir {
class Call;
}

namespace ptoc::sim {
struct Value;
}

namespace ptoc::sim::timing {

enum class Core : uint8_t { AIC, AIV0, AIV1 };
constexpr int kCores = 3;
constexpr int kPipes = static_cast<int>(Pipe::Count_);
std::string_view coreName(Core c);

enum class SyncKind : uint8_t { None, Push, Pop, Free, Gather };

/// The cross-core side of an instruction. `seq` counts the stream's earlier instructions of
/// the same kind, direction and pipe id (the k-th push meets the k-th pop of each consumer).
struct Sync {
  SyncKind kind = SyncKind::None;
  bool c2v = true;
  int64_t pipeId = 0;
  int64_t seq = 0;
  int64_t slotNum = 8;  // Push: slots of its direction (back-pressure)
};

struct Instr {
  std::string name;  // the op, "tile.add"
  Span span;
  Pipe pipe = Pipe::Scalar;
  int64_t cycles = 1;
  std::vector<int> deps;  // earlier instructions of the same stream this one must follow
  Sync sync;
  int64_t bytes = 0;  // bytes moved by a transfer
  std::string level;  // "GM->UB", ... (empty: no transfer)
};

/// One task's instructions in program order.
struct Stream {
  Core core = Core::AIV0;
  std::string name;
  std::vector<Instr> instrs;
};

/// Tasks that run together (one core group, or one core outside a group); segments run one
/// after another.
struct Segment {
  std::string name;
  std::vector<Stream> streams;
};

/// Parameters of one arch (CostTable.cpp; every figure cites its source there).
struct CostTable {
  target::Arch arch = target::Arch::A5;
  double clockGHz = 1.85;
  // Bandwidths in GiB/s per core, by path.
  double gmToUb = 0, gmToL1 = 0, ubToGm = 0, l1ToGm = 0, l0cToGm = 0, l0cToL1 = 0, l0cToUb = 0,
         l1ToL0a = 0, l1ToL0b = 0, ubToUb = 0, ubToL1 = 0, l1ToBt = 0;
  int64_t vecHead = 6, vecPerRepeat = 2, vecRepeatBytes = 256;
  int64_t cubeHead = 6;
  int64_t scalarCycles = 1;
  int64_t crossCoreLatency = 0;     // flag set -> wait released on the peer
  int64_t popBindCycles = 0;        // A5 zero-copy pop (the slot lives in the consumer's SRAM)
  bool popCopies = true;            // A2/A3: the pop copies GM -> local
  int64_t issueWindow = 16;         // instructions in flight per core (an assumption)
  int64_t elementAccessCycles = 1;  // a scalar element read / write of UB (an assumption)
  /// vmi cycles per instruction by op name (vec_cycle_generated table); others `vmiDefault`.
  std::map<std::string, int64_t, std::less<>> vmi;
  int64_t vmiDefault = 5;
};
const CostTable& costTable(target::Arch arch);

/// What one call costs: the pipe it occupies this time (one of its registration's pipes),
/// the cycles, and the bytes it moves over which path.
struct OpCost {
  Pipe pipe = Pipe::Scalar;
  int64_t cycles = 1;
  int64_t bytes = 0;
  std::string level;
};
/// `onAic`: the call runs on the cube core. `args` and `result` are the evaluated operands.
OpCost costOf(const CostTable& t, const ir::Call& call, const std::vector<Value>& args,
              const Value& result, bool onAic);
/// Cycles to move `bytes` at `gibPerS` (transfer cycles = bytes / 2^30 / bw x clock).
int64_t transferCycles(const CostTable& t, int64_t bytes, double gibPerS);

// --- the timed scheduler ---------------------------------------------------------------
struct Placed {
  int64_t start = 0, end = 0;
  // The constraint that decided `start` (critical path): -1 = none, else (stream, instr) of
  // the segment.
  int byStream = -1, byInstr = -1;
};
struct Schedule {
  std::vector<int64_t> segmentStart;                 // per segment
  std::vector<std::vector<std::vector<Placed>>> at;  // [segment][stream][instr], absolute
  int64_t total = 0;
};
/// Places every instruction: start = max(issue slot, pipe free, deps ended, the matching
/// push ended + latency for a pop, the freeing of slot k - slotNum for push k, the other
/// lanes' arrival for a gather). Streams advance earliest-ready first (ties: stream
/// order), so the result is deterministic. InternalError when the recorded streams cannot
/// be placed (a recording inconsistent with the run).
Schedule schedule(const std::vector<Segment>& segs, const CostTable& t);

// --- recording -------------------------------------------------------------------------
/// The recording of one run. While a Timeline is active on a thread (TimelineScope), op
/// calls of that thread and of the core-group tasks it starts are recorded.
class Timeline {
 public:
  explicit Timeline(target::Arch arch) : table_(&costTable(arch)) {}
  const CostTable& table() const { return *table_; }
  std::vector<Segment>& segments() { return segs_; }
  const std::vector<Segment>& segments() const { return segs_; }

  /// Segment of a core group; its streams are added per task.
  int openGroup(const std::string& name);
  /// The stream (index) a task of segment `seg` records into.
  int addStream(int seg, Core core, const std::string& name);
  void closeGroup() { mainOpen_ = false; }
  /// Records one call on the stream (`stream` = -1: the thread's main stream).
  void record(int seg, int stream, const ir::Call& call, const std::vector<Value>& args,
              const Value& result);
  /// Records an element read / write of a SIMD-VF region's scalar reference (one scalar-unit
  /// access: `CostTable::elementAccessCycles`).
  void recordElement(int seg, int stream, bool store, Span span);
  Core mainCore = Core::AIV0;

 private:
  struct StreamState;
  StreamState& state(int seg, int stream);
  const CostTable* table_;
  std::vector<Segment> segs_;
  std::map<std::pair<int, int>, std::shared_ptr<StreamState>> states_;
  std::map<std::pair<int, int64_t>, int64_t> slotNums_;  // (segment, pipe id) -> slot_num
  bool mainOpen_ = false;
  int mainSeg_ = -1;
};

/// Makes `tl` the active timeline of this thread (nullptr: none) for the scope's lifetime.
class TimelineScope {
 public:
  TimelineScope(Timeline* tl, int seg = -1, int stream = -1);
  ~TimelineScope();
  TimelineScope(const TimelineScope&) = delete;
  TimelineScope& operator=(const TimelineScope&) = delete;

 private:
  Timeline* prevTl_;
  int prevSeg_, prevStream_;
};
/// The active timeline of this thread (nullptr when timing is off).
Timeline* activeTimeline();
/// Records a call on this thread's stream (nothing when timing is off).
void recordCall(const ir::Call& call, const std::vector<Value>& args, const Value& result);
/// Records an element access of the thread's stream (nothing when timing is off).
void recordElementAccess(bool store, Span span);
/// A core group starts: returns its segment (-1 when timing is off).
int beginGroupSegment(const std::string& name);
/// The body of a task of segment `seg`, wrapped so that its calls record into a new stream.
int addGroupStream(int seg, Core core, const std::string& name);
/// Runs `body` with this thread recording into (seg, stream).
void runRecording(Timeline* tl, int seg, int stream, const std::function<void()>& body);

// --- what a user sees (TimingReport.cpp, TimingHtml.cpp) --------------------------------
struct Stats {
  int64_t total = 0;
  int64_t coreBusy[kCores] = {0, 0, 0};
  int64_t pipeBusy[kCores][kPipes] = {};
  bool coreUsed[kCores] = {false, false, false};
  std::map<std::string, int64_t> bytesByLevel;
  struct Contributor {
    std::string what;  // "tile.exp at k.py:30"
    int64_t cycles = 0;
  };
  std::vector<Contributor> critical;       // top contributors of the critical path
  int64_t pathByCore[kCores] = {0, 0, 0};  // cycles of each core's instructions on the path
  std::map<std::pair<uint32_t, uint32_t>, int64_t> cyclesByLine;  // (file, line) -> busy cycles
  size_t instructions = 0;
};
Stats computeStats(const std::vector<Segment>& segs, const Schedule& s, const SourceManager& sm);
void printStats(std::ostream& os, const Stats& st);
/// Chrome trace-event JSON: a process per core, a thread per pipe, X slices named after the
/// ops with their source line, flow events from each push to its pops.
std::string traceJson(const std::vector<Segment>& segs, const Schedule& s, const SourceManager& sm);
/// One self-contained HTML page: SVG timeline, utilization bars, stats, source with cycles.
std::string reportHtml(const std::vector<Segment>& segs, const Schedule& s, const Stats& st,
                       const SourceManager& sm, const std::string& title);

}  // namespace ptoc::sim::timing
