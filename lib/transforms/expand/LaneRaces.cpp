// Races between the two AIV lanes through GM (docs/passes/expand-mixed-kernel.md, "Lanes
// through GM"): after the split both lanes run the vector code concurrently, each on its half
// of a split tile, so two vector accesses of one tensor whose halves land on rows the other
// lane touches race when one of them writes: lane 1 may store its half of a later store
// before lane 0 has loaded the same rows for an earlier load (write after read), or before
// lane 0's earlier store of them (the program's last write must win), or after lane 0 has
// loaded them (read after write). Nothing synchronizes the lanes directly; a vector -> cube
// transfer followed by a cube -> vector one orders them (the cube waits for both lanes'
// halves before it hands either lane more data). Two atomic adds commute. Accesses whose
// windows are the same for both lanes (no lane index in their offsets) are compared only with
// lane-split ones: a lane-uniform store writes the same values from both lanes.
#include <fmt/format.h>

#include "Expand.h"
#include "GmWalker.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

using namespace ir;

namespace {

/// The vector accesses since the last V->C transfer, and those before it until the cube
/// answers (a C->V transfer).
struct LaneState {
  GmAccessMap pending, handed;
  void merge(const LaneState& o) {
    pending.merge(o.pending);
    handed.merge(o.handed);
  }
  bool empty() const { return pending.empty() && handed.empty(); }
};

class LaneRaces final : public GmWalker<LaneState> {
 public:
  LaneRaces(const TensorOrigins& o, DiagnosticEngine& d) : GmWalker(o), diag_(d) {}

 protected:
  void vectorToCube() override {  // ordered once the cube answers
    state_.handed.merge(state_.pending);
    state_.pending.lists.clear();
  }
  void cubeToVector() override {
    state_.handed.lists.clear();  // the cube had both lanes' halves before it answered
  }
  void access(const Var& o, const Call& c, MemoryEffect e, CoreAffinity aff) override {
    if (aff != CoreAffinity::Vector) return;
    GmAccess a = gmAccessOf(c, writesMemory(e), facts_);
    a.adds = e == MemoryEffect::ReadWrite;
    a.laneSplit = gmAccessIsLaneSplit(a, facts_);
    check(state_.pending, o, c, a);
    check(state_.handed, o, c, a);
    state_.pending.lists[&o].add(std::move(a));
  }

 private:
  /// Rejects `a` when it and an earlier access of `origin` may meet on different lanes.
  void check(const GmAccessMap& earlier, const Var& origin, const Call& c, const GmAccess& a) {
    auto it = earlier.lists.find(&origin);
    if (it == earlier.lists.end()) return;
    std::optional<GmAccess> aOn[2];  // `a` on lane 0 / 1, computed on first use
    bool aOnDone = false;
    it->second.forEach([&](const GmAccess& p) {  // the latest first
      if (!p.write && !a.write) return;
      if (p.adds && a.adds) return;
      if (gmBoxesApart(p, a)) return;            // apart on both lanes (the boxes cover both)
      if (!a.laneSplit && !p.laneSplit) return;  // the same window on both lanes
      if (!aOnDone) {
        aOn[0] = gmAccessOnLane(a, 0, facts_);
        aOn[1] = gmAccessOnLane(a, 1, facts_);
        aOnDone = true;
      }
      for (int64_t lane : {0, 1}) {
        std::optional<GmAccess> earlier = gmAccessOnLane(p, lane, facts_);
        const std::optional<GmAccess>& later = aOn[1 - lane];
        if (earlier && later && !gmAccessesMayOverlap(*earlier, *later, backEdge(), facts_))
          continue;
        reject(c, origin, a, p, lane);
      }
    });
  }

  [[noreturn]] void reject(const Call& c, const Var& origin, const GmAccess& a, const GmAccess& p,
                           int64_t lane) {
    auto what = [](const GmAccess& x) {
      return x.adds ? "atomic add into" : x.write ? "store into" : "load of";
    };
    Diagnostic d;
    d.span = c.span;
    d.message = fmt::format(
        "expand-mixed-kernel: the AIV lanes race on '{}': lane {}'s part of this vector {} "
        "'{}' may touch rows that lane {}'s part of an earlier vector {} '{}'{} touches; after "
        "the split both lanes run concurrently and nothing orders them, so the result depends "
        "on their timing",
        origin.name, 1 - lane, what(a), origin.name, lane, what(p), origin.name,
        backEdge() ? " (of an earlier iteration)" : "");
    d.notes.emplace_back(p.span, fmt::format("the earlier vector {} '{}'", what(p), origin.name));
    d.hint =
        "give each access the same split window (the same offset on the split axis), keep the "
        "windows disjoint, or write the result to another tensor";
    diag_.report(std::move(d));
    throw CompileError();
  }

  DiagnosticEngine& diag_;
};

}  // namespace

void rejectCrossLaneGmRaces(const Function& f, const TensorOrigins& origins,
                            DiagnosticEngine& diag) {
  LaneRaces r(origins, diag);
  r.visitStmt(f.body);
}

}  // namespace ptoc::expand
