// The parts of a GM tensor that the split's cube and vector accesses touch, and whether two of
// them may meet (docs/passes/expand-mixed-kernel.md, "GM-mediated syncs"). GmFence and
// GmOrder reject only accesses whose windows may overlap; disjoint rows or columns of one
// tensor do not race.
#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "ptoc/analysis/Arith.h"
#include "ptoc/ir/Expr.h"
#include "ptoc/ir/Stmt.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::expand {

/// The part of a GM tensor one tile.load or tile.store touches: per axis its offset and, when
/// static, its extent (a load's shape, a store's tile shape: the whole tile, a superset of its
/// valid part). Other accesses have no known window.
struct GmWindow {
  std::vector<ir::ExprPtr> offsets;
  std::vector<std::optional<int64_t>> extents;
  /// A store's valid extents (its tile's valid_shape, null where none): the extents are
  /// their bounds under the facts, per lane once the lane is known (gmAccessOnLane).
  std::vector<ir::ExprPtr> valid;
};
std::optional<GmWindow> gmWindowOf(const ir::Call& c);

/// What is known about the variables in window offsets: the variables holding the AIV lane
/// index (tile.get_subblock_idx: 0 or 1) and the for loops by their variables (the variable
/// lies in the loop's range).
struct GmFacts {
  std::unordered_map<const ir::Var*, ir::VarPtr> lanes;  // by pointer, owning
  std::unordered_map<const ir::Var*, const ir::ForStmt*> loops;
  void lane(const ir::VarPtr& v) { lanes.emplace(v.get(), v); }
  void loop(const ir::ForStmt& f) { loops.emplace(f.loopVar.get(), &f); }
};

/// The back edge of a loop: the later access of a comparison runs in a later iteration.
/// `loop` is the for loop (null for a while loop).
struct GmBackEdge {
  const ir::ForStmt* loop;
};

/// One access of a tensor, as GmFence and GmOrder remember it: its window and, per axis, an
/// interval holding every element it may touch (for every value of the variables in their
/// ranges; everything when unbounded).
struct GmAccess {
  Span span;
  std::optional<GmWindow> window;
  std::vector<analysis::Interval> box;  // empty: unknown
  bool write = true;
  bool adds = false;       // an atomic add (reads and writes: two adds commute)
  bool laneSplit = false;  // its window differs per AIV lane (set by LaneRaces)
};
GmAccess gmAccessOf(const ir::Call& c, bool write, const GmFacts& facts);

/// Whether an earlier and a later access of one tensor may share an element: false when their
/// boxes are apart on some axis, or, on some axis, one window provably ends before the other
/// begins, for every value of the variables in their ranges. Without `backEdge` both run in
/// the same iteration of every loop around them, so a variable in both cancels (`j * 64` ends
/// before `j * 64 + 64`). Across a back edge, for a for loop with a constant positive step
/// whose offsets are affine in its variable and the lane index only, the later offset with
/// the variable advanced by any number of steps must keep them apart (`j * 16` then `j * 16`
/// in a later iteration); otherwise only the boxes count.
bool gmAccessesMayOverlap(const GmAccess& earlier, const GmAccess& later,
                          const GmBackEdge* backEdge, const GmFacts& facts);

/// `a` as the AIV lane `lane` runs it: every lane index in its offsets replaced by `lane`, its
/// box recomputed. Null when a lane index occurs other than as an affine term (inside a min /
/// max of a ragged split): then the lanes' windows are not known apart.
std::optional<GmAccess> gmAccessOnLane(const GmAccess& a, int64_t lane, const GmFacts& facts);
/// Whether a lane index occurs in `a`'s offsets (its window differs per lane).
bool gmAccessIsLaneSplit(const GmAccess& a, const GmFacts& facts);

/// Whether the boxes of two accesses are apart on some axis (then they never meet).
bool gmBoxesApart(const GmAccess& a, const GmAccess& b);

/// Whether two accesses touch the same window in the same iteration (equal offsets and
/// extents on every axis).
bool gmSameWindow(const GmAccess& a, const GmAccess& b);

/// The accesses of one tensor still unordered: the latest kPrecise (16) with their windows, the
/// older ones folded into one summary (the union of their boxes, the span of the latest), so
/// that copying, merging and checking a list costs O(1) however often the tensor is accessed.
class GmAccessList {
 public:
  static constexpr size_t kPrecise = 16;
  void add(GmAccess a);
  /// After a branch: the accesses either arm left (deduplicated by span).
  void merge(const GmAccessList& other);
  bool empty() const { return precise_.empty() && !summary_; }
  bool contains(const Span& s) const;
  /// The accesses, the latest first, the summary last.
  template <class F>
  void forEach(F f) const {
    for (auto it = precise_.rbegin(); it != precise_.rend(); ++it) f(*it);
    if (summary_) f(*summary_);
  }

 private:
  std::vector<GmAccess> precise_;  // oldest first
  std::optional<GmAccess> summary_;
};

}  // namespace ptoc::expand
