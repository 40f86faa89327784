// The timed scheduler of the cycle model (docs/cost-model.md §3): places the recorded
// instructions of each segment in simulated time. Each core keeps one clock per pipe (a pipe
// runs its instructions in order, one at a time) and an issue clock (one instruction per
// cycle, at most `issueWindow` in flight); the pipes of a core overlap. Cross-core: a pop
// starts after its push ended plus the flag latency; push k waits for the release of slot
// k - slot_num by every consumer; a gather waits for every lane to arrive. The cores advance
// earliest-ready first (ties: stream order), so two runs give the same schedule.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>

#include "ptoc/sim/Timing.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::sim::timing {

namespace {

using Key = std::tuple<int, bool, int64_t, int64_t>;  // (kind, c2v, pipe id, seq)

struct SegmentScheduler {
  const Segment& seg;
  const CostTable& t;
  int64_t origin;
  std::vector<std::vector<Placed>>& at;

  std::vector<std::map<Key, int>> index;  // per stream: sync key -> instruction
  std::vector<size_t> cursor;
  std::vector<int64_t> issue;  // next issue slot per stream
  std::vector<std::array<int64_t, kPipes>> pipeFree;
  std::vector<std::array<int, kPipes>> pipeLast;
  std::map<std::pair<int, int64_t>, int64_t> arrive;  // (stream, gather seq) -> arrival

  SegmentScheduler(const Segment& s, const CostTable& tab, int64_t o,
                   std::vector<std::vector<Placed>>& out)
      : seg(s), t(tab), origin(o), at(out) {
    size_t n = seg.streams.size();
    index.resize(n);
    cursor.assign(n, 0);
    issue.assign(n, o);
    pipeFree.assign(n, {});
    pipeLast.assign(n, {});
    for (size_t s2 = 0; s2 < n; ++s2) {
      pipeFree[s2].fill(o);
      pipeLast[s2].fill(-1);
      at[s2].resize(seg.streams[s2].instrs.size());
      const auto& ins = seg.streams[s2].instrs;
      for (size_t i = 0; i < ins.size(); ++i) {
        const Sync& y = ins[i].sync;
        if (y.kind != SyncKind::None)
          index[s2][{static_cast<int>(y.kind), y.c2v, y.pipeId, y.seq}] = static_cast<int>(i);
      }
    }
  }

  bool isAic(size_t s) const { return seg.streams[s].core == Core::AIC; }

  struct Candidate {
    bool ready = true;
    int64_t start = 0;
    int byStream = -1, byInstr = -1;
    int64_t own = 0;  // the start without the cross-core constraint
  };

  /// Raises `c.start` to `time`, remembering the instruction that set it.
  static void bound(Candidate& c, int64_t time, int s, int i) {
    if (time > c.start) {
      c.start = time;
      c.byStream = s;
      c.byInstr = i;
    }
  }

  /// Instruction `key` of stream `peer` must have been placed; its end (+ lat) bounds `c`.
  void needPeer(Candidate& c, size_t peer, const Key& key, int64_t lat) {
    auto it = index[peer].find(key);
    if (it == index[peer].end()) return;  // not recorded: no constraint
    if (static_cast<size_t>(it->second) >= cursor[peer]) {
      c.ready = false;
      return;
    }
    bound(c, at[peer][it->second].end + lat, static_cast<int>(peer), it->second);
  }

  Candidate candidate(size_t s) {
    const auto& ins = seg.streams[s].instrs;
    size_t i = cursor[s];
    const Instr& in = ins[i];
    Candidate c;
    c.start = issue[s];
    if (i > 0) {
      c.byStream = static_cast<int>(s);
      c.byInstr = static_cast<int>(i) - 1;
    }
    if (i >= static_cast<size_t>(t.issueWindow))
      bound(c, at[s][i - t.issueWindow].end, static_cast<int>(s),
            static_cast<int>(i - t.issueWindow));
    int p = static_cast<int>(in.pipe);
    bound(c, pipeFree[s][p], static_cast<int>(s), pipeLast[s][p]);
    for (int d : in.deps) bound(c, at[s][d].end, static_cast<int>(s), d);
    c.own = c.start;
    const Sync& y = in.sync;
    int kind = static_cast<int>(y.kind);
    for (size_t peer = 0; peer < seg.streams.size(); ++peer) {
      if (peer == s) continue;
      bool peerAic = isAic(peer);
      switch (y.kind) {
        case SyncKind::Pop:
          // C2V pops wait for the AIC's push; V2C pops (on the AIC) for every lane's.
          if (peerAic != isAic(s))
            needPeer(c, peer, {static_cast<int>(SyncKind::Push), y.c2v, y.pipeId, y.seq},
                     t.crossCoreLatency);
          break;
        case SyncKind::Push:
          if (peerAic != isAic(s) && y.seq >= y.slotNum)
            needPeer(c, peer,
                     {static_cast<int>(SyncKind::Free), y.c2v, y.pipeId, y.seq - y.slotNum},
                     t.crossCoreLatency);
          break;
        case SyncKind::Gather:
          if (!peerAic) {
            auto it = arrive.find({static_cast<int>(peer), y.seq});
            if (it == arrive.end())
              c.ready = false;
            else
              bound(c, it->second, static_cast<int>(peer),
                    index[peer].count({kind, true, 0, y.seq}) ? index[peer][{kind, true, 0, y.seq}]
                                                              : -1);
          }
          break;
        default:
          break;
      }
    }
    if (y.kind == SyncKind::Gather) arrive[{static_cast<int>(s), y.seq}] = c.own;
    return c;
  }

  int64_t run() {
    size_t n = seg.streams.size();
    int64_t end = origin;
    for (;;) {
      int best = -1;
      Candidate bestC;
      bool left = false;
      for (size_t s = 0; s < n; ++s) {
        if (cursor[s] >= seg.streams[s].instrs.size()) continue;
        left = true;
        Candidate c = candidate(s);
        if (c.ready && (best < 0 || c.start < bestC.start)) {
          best = static_cast<int>(s);
          bestC = c;
        }
      }
      if (!left) return end;
      if (best < 0)
        throw InternalError(fmt::format(
            "cycle model: the recorded tasks of '{}' cannot be placed in time (a cross-core "
            "instruction has no placeable peer)",
            seg.name));
      size_t s = static_cast<size_t>(best);
      size_t i = cursor[s];
      const Instr& in = seg.streams[s].instrs[i];
      Placed& p = at[s][i];
      p.start = bestC.start;
      p.end = bestC.start + std::max<int64_t>(0, in.cycles);
      p.byStream = bestC.byStream;
      p.byInstr = bestC.byInstr;
      int pi = static_cast<int>(in.pipe);
      pipeFree[s][pi] = p.end;
      pipeLast[s][pi] = static_cast<int>(i);
      issue[s] += t.scalarCycles;  // the scalar unit issues one instruction per cycle
      ++cursor[s];
      end = std::max(end, p.end);
    }
  }
};

}  // namespace

Schedule schedule(const std::vector<Segment>& segs, const CostTable& t) {
  Schedule out;
  out.at.resize(segs.size());
  int64_t origin = 0;
  for (size_t k = 0; k < segs.size(); ++k) {
    out.segmentStart.push_back(origin);
    out.at[k].resize(segs[k].streams.size());
    SegmentScheduler sch(segs[k], t, origin, out.at[k]);
    origin = sch.run();
  }
  out.total = origin;
  return out;
}

}  // namespace ptoc::sim::timing
