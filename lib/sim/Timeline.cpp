// Recording for the cycle model (docs/cost-model.md §3): each op call of a run becomes an
// instruction of its task's stream, costed by the arch's table, with its dependences on
// earlier instructions of the stream (read after write, write after read / write, through
// the tile and tensor buffers it reads and writes) and its cross-core sequence numbers.
// The active timeline is per thread: the core-group runtime runs each task on its own
// thread, so a task's calls land in its own stream without any locking.
#include <fmt/format.h>

#include "ptoc/ir/Attr.h"
#include "ptoc/ir/Expr.h"
#include "ptoc/sim/Timing.h"
#include "ptoc/sim/Value.h"

namespace ptoc::sim::timing {

std::string_view coreName(Core c) {
  switch (c) {
    case Core::AIC:
      return "AIC";
    case Core::AIV0:
      return "AIV0";
    case Core::AIV1:
      return "AIV1";
  }
  return "?";
}

namespace {

struct ThreadState {
  Timeline* tl = nullptr;
  int seg = -1;
  int stream = -1;
};
thread_local ThreadState tls;

int64_t intKwarg(const ir::Call& c, std::string_view name, int64_t dflt) {
  const ir::AttrValue* v = c.op ? c.op->kwargValue(c.kwargs, name) : ir::findAttr(c.kwargs, name);
  if (!v) return dflt;
  if (const auto* i = std::get_if<int64_t>(v)) return *i;
  return dflt;
}

/// Buffers a value refers to (tiles and tensors; tuples element-wise).
void buffersOf(const Value& v, std::vector<BufferPtr>& out) {
  if (v.is<Tile>()) {
    if (v.get<Tile>().buf) out.push_back(v.get<Tile>().buf);
  } else if (v.is<Tensor>()) {
    if (v.get<Tensor>().buf) out.push_back(v.get<Tensor>().buf);
  } else if (v.is<TupleValue>()) {
    for (const auto& e : v.get<TupleValue>().elements) buffersOf(e, out);
  }
}

}  // namespace

/// Per stream: who last wrote each buffer and who read it since, and the cross-core
/// counters.
struct Timeline::StreamState {
  struct Use {
    std::weak_ptr<Buffer> alive;  // an address reused by a new buffer starts afresh
    int writer = -1;
    std::vector<int> readers;
  };
  std::map<const Buffer*, Use> uses;
  std::map<std::tuple<int, bool, int64_t>, int64_t> counters;  // (kind, c2v, id) -> next seq
  int64_t gathers = 0;
};

int Timeline::openGroup(const std::string& name) {
  segs_.push_back(Segment{name, {}});
  mainOpen_ = false;
  return static_cast<int>(segs_.size()) - 1;
}

int Timeline::addStream(int seg, Core core, const std::string& name) {
  auto& ss = segs_.at(seg).streams;
  ss.push_back(Stream{core, name, {}});
  return static_cast<int>(ss.size()) - 1;
}

Timeline::StreamState& Timeline::state(int seg, int stream) {
  auto& p = states_[{seg, stream}];
  if (!p) p = std::make_shared<StreamState>();
  return *p;
}

void Timeline::record(int seg, int stream, const ir::Call& call, const std::vector<Value>& args,
                      const Value& result) {
  if (seg < 0) {
    // The thread's own calls outside any group: a one-core segment, reopened after a group.
    if (!mainOpen_) {
      segs_.push_back(Segment{"main", {Stream{mainCore, std::string(coreName(mainCore)), {}}}});
      mainSeg_ = static_cast<int>(segs_.size()) - 1;
      mainOpen_ = true;
    }
    seg = mainSeg_;
    stream = 0;
  }
  Stream& st = segs_.at(seg).streams.at(stream);
  StreamState& ss = state(seg, stream);
  const OpDef* op = call.op;
  OpCost cost = costOf(*table_, call, args, result, st.core == Core::AIC);

  Instr in;
  in.name = call.callee;
  in.span = call.span;
  in.pipe = cost.pipe;
  in.cycles = cost.cycles;
  in.bytes = cost.bytes;
  in.level = cost.level;

  // Cross-core sequence numbers, from the op's identity (the names of the registry).
  std::string_view n = call.callee;
  auto next = [&](SyncKind k, bool c2v) {
    int64_t id = intKwarg(call, "id", 0);
    in.sync = Sync{k, c2v, id, ss.counters[{static_cast<int>(k), c2v, id}]++, 8};
  };
  if (n == "tile.tpush_to_aiv") next(SyncKind::Push, true);
  if (n == "tile.tpush_to_aic") next(SyncKind::Push, false);
  if (n == "tile.tpop_from_aic") next(SyncKind::Pop, true);
  if (n == "tile.tpop_from_aiv") next(SyncKind::Pop, false);
  if (n == "system.tfree_to_aic") next(SyncKind::Free, true);
  if (n == "system.tfree_to_aiv") next(SyncKind::Free, false);
  if (op && op->id == OpId::AicGather) in.sync = Sync{SyncKind::Gather, true, 0, ss.gathers++, 0};
  if (n == "system.aic_initialize_pipe" || n == "system.aiv_initialize_pipe")
    slotNums_[{seg, intKwarg(call, "id", 0)}] = intKwarg(call, "slot_num", 8);
  if (in.sync.kind == SyncKind::Push) {
    auto it = slotNums_.find({seg, in.sync.pipeId});
    in.sync.slotNum = it == slotNums_.end() ? 8 : std::max<int64_t>(1, it->second);
  }

  // Dependences through buffers: reads of the operands, writes of the result (and of the
  // tensors a side-effecting op is given, e.g. the destination of tile.store).
  int self = static_cast<int>(st.instrs.size());
  std::vector<BufferPtr> reads, writes;
  for (const auto& a : args) buffersOf(a, reads);
  buffersOf(result, writes);
  if (op && op->hasSideEffects)
    for (const auto& a : args)
      if (a.is<Tensor>()) writes.push_back(a.get<Tensor>().buf);
  auto useOf = [&](const BufferPtr& b) -> StreamState::Use& {
    auto& u = ss.uses[b.get()];
    if (u.alive.expired() || u.alive.lock() != b) u = StreamState::Use{b, -1, {}};
    return u;
  };
  for (const auto& b : reads) {
    auto& u = useOf(b);
    if (u.writer >= 0) in.deps.push_back(u.writer);
  }
  for (const auto& b : writes) {
    auto& u = useOf(b);
    if (u.writer >= 0) in.deps.push_back(u.writer);
    for (int r : u.readers)
      if (r != self) in.deps.push_back(r);
  }
  for (const auto& b : reads) useOf(b).readers.push_back(self);
  for (const auto& b : writes) {
    auto& u = useOf(b);
    u.writer = self;
    u.readers.clear();
  }
  std::sort(in.deps.begin(), in.deps.end());
  in.deps.erase(std::unique(in.deps.begin(), in.deps.end()), in.deps.end());
  st.instrs.push_back(std::move(in));
}

void Timeline::recordElement(int seg, int stream, bool store, Span span) {
  if (seg < 0) {
    if (!mainOpen_) {
      segs_.push_back(Segment{"main", {Stream{mainCore, std::string(coreName(mainCore)), {}}}});
      mainSeg_ = static_cast<int>(segs_.size()) - 1;
      mainOpen_ = true;
    }
    seg = mainSeg_;
    stream = 0;
  }
  Instr in;
  in.name = store ? "element store" : "element load";
  in.span = span;
  in.pipe = Pipe::Scalar;
  in.cycles = table_->elementAccessCycles;
  segs_.at(seg).streams.at(stream).instrs.push_back(std::move(in));
}

TimelineScope::TimelineScope(Timeline* tl, int seg, int stream)
    : prevTl_(tls.tl), prevSeg_(tls.seg), prevStream_(tls.stream) {
  tls = ThreadState{tl, seg, stream};
}

TimelineScope::~TimelineScope() { tls = ThreadState{prevTl_, prevSeg_, prevStream_}; }

Timeline* activeTimeline() { return tls.tl; }

void recordCall(const ir::Call& call, const std::vector<Value>& args, const Value& result) {
  if (tls.tl) tls.tl->record(tls.seg, tls.stream, call, args, result);
}

void recordElementAccess(bool store, Span span) {
  if (tls.tl) tls.tl->recordElement(tls.seg, tls.stream, store, span);
}

int beginGroupSegment(const std::string& name) { return tls.tl ? tls.tl->openGroup(name) : -1; }

int addGroupStream(int seg, Core core, const std::string& name) {
  return tls.tl && seg >= 0 ? tls.tl->addStream(seg, core, name) : -1;
}

void runRecording(Timeline* tl, int seg, int stream, const std::function<void()>& body) {
  TimelineScope scope(tl, seg, stream);
  body();
}

}  // namespace ptoc::sim::timing
