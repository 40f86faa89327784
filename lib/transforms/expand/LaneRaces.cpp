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

#include <map>
#include <set>

#include "Expand.h"
#include "GmWindows.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

using namespace ir;

namespace {

class LaneRaces final : public IRVisitor {
 public:
  LaneRaces(const TensorOrigins& o, DiagnosticEngine& d) : origins_(o), diag_(d) {}

 protected:
  void visitAssign(const AssignStmt& s) override {
    if (const auto* c = s.value->as<Call>(); c && isOp(*c, OpId::GetSubblockIdx))
      facts_.lane(s.var);
    IRVisitor::visitAssign(s);
  }
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (!c.op) return;
    if (isOp(c, OpId::AicGather) ||
        analysis::classifyMoveDirection(c) == analysis::CVDirection::VectorToCube) {
      for (auto& [o, list] : pending_) handed_[o].merge(list);  // ordered once the cube answers
      pending_.clear();
      return;
    }
    if (isOp(c, OpId::AivShard) ||
        analysis::classifyMoveDirection(c) == analysis::CVDirection::CubeToVector) {
      handed_.clear();  // the cube had both lanes' halves before it answered
      return;
    }
    if (classifyCallAffinity(c) != CoreAffinity::Vector) return;
    for (size_t i = 0; i < c.args.size(); ++i) {
      const MemoryEffect e = argEffect(c, i);
      if (e == MemoryEffect::None) continue;
      const auto* v = c.args[i]->as<Var>();
      if (!v || !v->type || !v->type->isa<TensorType>()) continue;
      VarPtr o = origins_.origin(v);
      if (!o) continue;
      GmAccess a = gmAccessOf(c, writesMemory(e), facts_);
      a.adds = e == MemoryEffect::ReadWrite;
      check(pending_, *o, c, a);
      check(handed_, *o, c, a);
      pending_[o.get()].add(std::move(a));
    }
  }
  // A loop body runs again after itself: walk it a second time with this iteration's
  // accesses pending (the back edge), unless the loop runs at most once.
  void visitFor(const ForStmt& s) override {
    facts_.loop(s);
    IRVisitor::visitFor(s);
    const auto* a = s.start->as<ConstInt>();
    const auto* b = s.stop->as<ConstInt>();
    const auto* st = s.step->as<ConstInt>();
    if (a && b && st && st->value > 0 && b->value - a->value <= st->value) return;
    walkBackEdge(s.body, &s);
  }
  void visitWhile(const WhileStmt& s) override {
    IRVisitor::visitWhile(s);
    walkBackEdge(s.body, nullptr);
  }
  void visitIf(const IfStmt& s) override {
    visitExpr(s.cond);
    auto before = pending_;
    auto handedBefore = handed_;
    visitStmt(s.thenBody);
    auto afterThen = pending_;
    auto handedThen = handed_;
    pending_ = std::move(before);
    handed_ = std::move(handedBefore);
    visitStmt(s.elseBody);
    for (const auto& [o, list] : afterThen) pending_[o].merge(list);  // either arm's
    for (const auto& [o, list] : handedThen) handed_[o].merge(list);
  }

 private:
  void walkBackEdge(const StmtPtr& body, const ForStmt* loop) {
    if ((pending_.empty() && handed_.empty()) || backEdge_) return;  // (one at a time: linear)
    backEdge_ = true;
    edge_ = GmBackEdge{loop};
    visitStmt(body);
    backEdge_ = false;
  }

  /// Rejects `a` when it and an earlier access of `origin` may meet on different lanes.
  void check(const std::map<const Var*, GmAccessList>& earlier, const Var& origin, const Call& c,
             const GmAccess& a) {
    auto it = earlier.find(&origin);
    if (it == earlier.end()) return;
    const bool aSplit = gmAccessIsLaneSplit(a, facts_);
    std::optional<GmAccess> aOn[2];  // `a` on lane 0 / 1, computed on first use
    bool aOnDone = false;
    it->second.forEach([&](const GmAccess& p) {  // the latest first
      if (!p.write && !a.write) return;
      if (p.adds && a.adds) return;
      if (gmBoxesApart(p, a)) return;  // apart on both lanes (the boxes cover both)
      if (!aSplit && !gmAccessIsLaneSplit(p, facts_)) return;
      if (!aOnDone) {
        aOn[0] = gmAccessOnLane(a, 0, facts_);
        aOn[1] = gmAccessOnLane(a, 1, facts_);
        aOnDone = true;
      }
      for (int64_t lane : {0, 1}) {
        std::optional<GmAccess> earlier = gmAccessOnLane(p, lane, facts_);
        const std::optional<GmAccess>& later = aOn[1 - lane];
        if (earlier && later &&
            !gmAccessesMayOverlap(*earlier, *later, backEdge_ ? &edge_ : nullptr, facts_))
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
        backEdge_ ? " (of an earlier iteration)" : "");
    d.notes.emplace_back(p.span, fmt::format("the earlier vector {} '{}'", what(p), origin.name));
    d.hint =
        "give each access the same split window (the same offset on the split axis), keep the "
        "windows disjoint, or write the result to another tensor";
    diag_.report(std::move(d));
    throw CompileError();
  }

  const TensorOrigins& origins_;
  DiagnosticEngine& diag_;
  std::map<const Var*, GmAccessList> pending_;  // origin -> vector accesses since the last V->C
  std::map<const Var*, GmAccessList> handed_;   // before it, until the cube answers (C->V)
  bool backEdge_ = false;
  GmBackEdge edge_{nullptr};
  GmFacts facts_;
};

}  // namespace

void rejectCrossLaneGmRaces(const Function& f, const TensorOrigins& origins,
                            DiagnosticEngine& diag) {
  LaneRaces r(origins, diag);
  r.visitStmt(f.body);
}

}  // namespace ptoc::expand
