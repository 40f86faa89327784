// The cube -> vector order through GM (docs/passes/expand-mixed-kernel.md, "GM-mediated
// syncs"): which vector calls access a tensor, and the cube stores no sync fences.
#pragma once

#include <functional>
#include <map>

#include "Expand.h"
#include "GmWindows.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::expand {

/// Vector calls inside a statement that access a GM tensor (an argument with a memory
/// effect: tile.load's source, a tile.store's destination, which an atomic store also reads):
/// whether one accesses `origin`, or (the second form) each one reported with its origin. A
/// write counts as well as a read: a vector store after a cube store to the same tensor must
/// land after it, and without a fence the cores' timing decides which write stays.
class TensorAccessFinder : public ir::IRVisitor {
 public:
  using Each = std::function<void(const ir::Var* origin, const ir::Call& access)>;
  TensorAccessFinder(const TensorOrigins& o, const ir::Var* origin)
      : origins_(o), origin_(origin) {}
  TensorAccessFinder(const TensorOrigins& o, Each each)
      : origins_(o), origin_(nullptr), each_(std::move(each)) {}
  bool found = false;

 protected:
  void visitCall(const ir::Call& c) override;

 private:
  const TensorOrigins& origins_;
  const ir::Var* origin_;
  Each each_;
};

/// The cube tile.stores the split did not fence, so that a later vector access of their
/// tensor is rejected instead of racing with them on the NPU. The split fences a unique cube
/// store against the vector accesses after it in the same statement list; not fenced are a
/// store inside a loop or branch whose tensor is accessed after it, a store of a tensor the
/// list stores more than once, and a store the vector side's access in the loop body meets
/// again in the next iteration. An access is rejected only when its window may overlap an
/// unfenced store's (accesses of disjoint parts of a tensor do not race).
class UnfencedCubeStores {
 public:
  using Stores = std::map<const ir::Var*, GmAccessList>;  // origin -> unfenced stores

  UnfencedCubeStores(const TensorOrigins& o, DiagnosticEngine& d) : origins_(o), diag_(d) {}
  void unfenced(const ir::Var* origin, const ir::Call& store);
  /// A fenced store orders every earlier one too (the cube's stores land in order).
  void fenced(const ir::Var* origin) { stores_.erase(origin); }
  /// Every cube tile.store inside `s`, a statement placed whole on the AIC.
  void recordStoresIn(const ir::StmtPtr& s);
  /// Rejects a vector access in `s` that may overlap an unfenced cube store of its tensor.
  void checkAccesses(const ir::StmtPtr& s);
  /// After a loop body: a store it left unfenced that a vector access anywhere in the body may
  /// overlap is met again by the next iteration's access (`before`: the state before it;
  /// `loop`: the for loop, null for a while loop).
  void checkBackEdge(const Stores& before, const ir::StmtPtr& body, const ir::ForStmt* loop);

  const Stores& stores() const { return stores_; }
  void reset(Stores s) { stores_ = std::move(s); }
  /// After a branch: the stores either arm left unfenced.
  void merge(const Stores& other);
  /// Facts the window comparisons use: `v` holds the AIV lane index; `f`'s loop variable lies
  /// in its range (sound for both comparisons: a proof holds for every value in the range).
  void laneIndex(const ir::VarPtr& v) { facts_.lane(v); }
  void loop(const ir::ForStmt& f) { facts_.loop(f); }
  /// The for loops inside `s` (a statement about to be checked before it is split).
  void loopsIn(const ir::StmtPtr& s);

 private:
  [[noreturn]] void reject(const ir::Call& access, const ir::Var& origin, Span store,
                           bool nextIteration) const;

  const TensorOrigins& origins_;
  DiagnosticEngine& diag_;
  Stores stores_;
  GmFacts facts_;
};

}  // namespace ptoc::expand
