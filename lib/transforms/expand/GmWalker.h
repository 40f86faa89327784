// The program-order walk the GM checks share (GmOrder.cpp, LaneRaces.cpp): over a split
// function, collecting the facts the window comparisons use and reporting every GM tensor
// access and cross-core transfer, with each loop body walked a second time for its back edge
// and both arms of an if walked from the same state.
#pragma once

#include <map>

#include "Expand.h"
#include "GmWindows.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

/// `State` is what a check remembers between accesses: copyable, with
/// `void merge(const State&)` (after an if: what either arm left) and `bool empty() const`
/// (nothing a back-edge walk could meet).
template <class State>
class GmWalker : public ir::IRVisitor {
 protected:
  explicit GmWalker(const TensorOrigins& o) : origins_(o) {}

  /// A GM tensor argument of `c` with memory effect `e`, on the core `aff` (Vector or Cube).
  virtual void access(const ir::Var& origin, const ir::Call& c, MemoryEffect e,
                      ir::CoreAffinity aff) = 0;
  /// A vector -> cube transfer (tile.aic_gather, a move into cube memory): the cube waits
  /// for it, so it orders the vector side's earlier accesses before the cube's later ones.
  virtual void vectorToCube() {}
  /// A cube -> vector transfer (tile.aiv_shard, a move out of cube memory).
  virtual void cubeToVector() {}
  /// Around the walks of one loop (both of them) and around its back-edge walk.
  virtual void loopBegin() {}
  virtual void loopEnd() {}
  virtual void backEdgeBegin() {}
  virtual void backEdgeEnd() {}

  /// The back edge the current comparison crosses, null in a first walk.
  const GmBackEdge* backEdge() const { return backEdge_ ? &edge_ : nullptr; }

  void visitAssign(const ir::AssignStmt& s) override {
    if (const auto* c = s.value->as<ir::Call>(); c && isOp(*c, OpId::GetSubblockIdx))
      facts_.lane(s.var);
    ir::IRVisitor::visitAssign(s);
  }
  void visitCall(const ir::Call& c) override {
    ir::IRVisitor::visitCall(c);
    if (!c.op) return;
    const analysis::CVDirection dir = analysis::classifyMoveDirection(c);
    if (isOp(c, OpId::AicGather) || dir == analysis::CVDirection::VectorToCube) {
      vectorToCube();
      return;
    }
    if (isOp(c, OpId::AivShard) || dir == analysis::CVDirection::CubeToVector) {
      cubeToVector();
      return;
    }
    const ir::CoreAffinity aff = classifyCallAffinity(c);
    if (aff != ir::CoreAffinity::Vector && aff != ir::CoreAffinity::Cube) return;
    for (size_t i = 0; i < c.args.size(); ++i) {
      const MemoryEffect e = argEffect(c, i);
      if (e == MemoryEffect::None) continue;
      const auto* v = c.args[i]->as<ir::Var>();
      if (!v || !v->type || !v->type->isa<ir::TensorType>()) continue;
      if (ir::VarPtr o = origins_.origin(v)) access(*o, c, e, aff);
    }
  }
  // A loop body runs again after itself: walk it a second time with what its first walk
  // left (the back edge), unless the loop runs at most once.
  void visitFor(const ir::ForStmt& s) override {
    facts_.loop(s);
    loopBegin();
    ir::IRVisitor::visitFor(s);
    const auto* a = s.start->as<ir::ConstInt>();
    const auto* b = s.stop->as<ir::ConstInt>();
    const auto* st = s.step->as<ir::ConstInt>();
    if (!(a && b && st && st->value > 0 && b->value - a->value <= st->value))
      walkBackEdge(s.body, &s);
    loopEnd();
  }
  void visitWhile(const ir::WhileStmt& s) override {
    loopBegin();
    ir::IRVisitor::visitWhile(s);
    walkBackEdge(s.body, nullptr);
    loopEnd();
  }
  void visitIf(const ir::IfStmt& s) override {
    visitExpr(s.cond);
    State before = state_;
    visitStmt(s.thenBody);
    State afterThen = std::move(state_);
    state_ = std::move(before);
    visitStmt(s.elseBody);
    state_.merge(afterThen);
  }

  const TensorOrigins& origins_;
  GmFacts facts_;
  State state_;

 private:
  void walkBackEdge(const ir::StmtPtr& body, const ir::ForStmt* loop) {
    // Inside an outer loop's back-edge walk an inner loop is not walked twice again (that
    // would be exponential in the nesting depth): its own back edge was checked in the first
    // walk of the outer body, with the same outer accesses remembered.
    if (state_.empty() || backEdge_) return;
    backEdge_ = true;
    edge_ = GmBackEdge{loop};
    backEdgeBegin();
    visitStmt(body);
    backEdgeEnd();
    backEdge_ = false;
  }

  bool backEdge_ = false;
  GmBackEdge edge_{nullptr};
};

/// Accesses of each tensor (by origin) a GM check remembers.
struct GmAccessMap {
  std::map<const ir::Var*, GmAccessList> lists;
  void merge(const GmAccessMap& other) {
    for (const auto& [o, list] : other.lists) lists[o].merge(list);
  }
  bool empty() const { return lists.empty(); }
};

}  // namespace ptoc::expand
