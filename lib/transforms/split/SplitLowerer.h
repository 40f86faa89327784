// The split-axis halving machinery of lower-auto-vector-split (pypto-facts §3.7,
// seed 000): walks a statement list of a mixed InCore function (or of one
// data-parallel pl.split_aiv region), rewrites cube→vector tile.move into
// tile.aiv_shard, vector→cube tile.move into tile.aic_gather + the kept cube move,
// halves every VECTOR-affine statement along the split axis (loads, stores,
// slices, reshapes, generators, elementwise ops, set_validshape), localizes
// offsets as `orig + subblock_idx * half`, tracks halved values through loops
// and branches, and passes CUBE work through full width.
#pragma once

#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "HalfInfoTable.h"
#include "ptoc/analysis/SplitAxis.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc::split {

using analysis::HalfInfo;

/// A `pl.range` loop around the statements being lowered: its variable, constant step and
/// trip count (when known).
struct LoopInfo {
  const ir::Var* var = nullptr;
  std::optional<int64_t> step;
  std::optional<int64_t> trips;
};
/// The LoopInfo of `for` (step / trips from constant start, stop, step).
LoopInfo loopInfoOf(const ir::ForStmt& f);

struct SplitOptions {
  ir::SplitMode mode = ir::SplitMode::UpDown;
  ir::VarPtr subblockIdx;                           // the lane index every offset is localized by
  std::optional<int64_t> laneStride;                // balanced C->V partition (AUTO path only)
  const char* context = "lower-auto-vector-split";  // prefix of diagnostics
  std::vector<LoopInfo> enclosingLoops;             // loops around a region
};

class SplitLowerer : public ir::IRMutator {
 public:
  SplitLowerer(SplitOptions options, DiagnosticEngine& diag)
      : opt_(std::move(options)),
        diag_(diag),
        dim_(analysis::splitDimension(opt_.mode)),
        loops_(opt_.enclosingLoops) {}

  /// Lowers a statement list (recursing into loops and branches).
  std::vector<ir::StmtPtr> lowerStmts(const std::vector<ir::StmtPtr>& stmts);

  /// Variables replaced by per-lane ones (their uses were rewritten).
  std::vector<const ir::Var*> replacedVars() const {
    std::vector<const ir::Var*> out;
    varMap_.forEach([&](const ir::Var* from, const ir::VarPtr& to) {
      if (halved_.contains(to.get())) out.push_back(from);
    });
    return out;
  }

 protected:
  ir::ExprPtr mutateCall(const std::shared_ptr<const ir::Call>& e) override;
  /// Element reads of a halved tile are rejected (the element lives on one lane).
  ir::ExprPtr mutateBufferLoad(const std::shared_ptr<const ir::BufferLoad>& e) override;

 private:
  void lowerStmt(const ir::StmtPtr& s, std::vector<ir::StmtPtr>& out);
  void lowerAssign(const ir::AssignStmt& a, const ir::StmtPtr& orig, std::vector<ir::StmtPtr>& out);
  ir::StmtPtr lowerFor(const ir::ForStmt& f, const ir::StmtPtr& orig);
  ir::StmtPtr lowerWhile(const ir::WhileStmt& w, const ir::StmtPtr& orig);
  ir::StmtPtr lowerIf(const ir::IfStmt& i, const ir::StmtPtr& orig);
  ir::StmtPtr lowerBody(const ir::StmtPtr& body);
  /// An element store into a halved tile: lane-local index, written by the owning lane only.
  ir::StmtPtr lowerBufferStore(const ir::BufferStoreStmt& s, const ir::StmtPtr& orig);
  /// `body` with its final yield's values converted to the types `want` where they differ
  /// only in layout (a Vec->Vec tile.move); any other difference calls `mismatch` (which
  /// rejects).
  /// A value held whole where `wantInfo[k]` says the type is a per-lane half is first
  /// replaced by this lane's window.
  ir::StmtPtr conformYield(const ir::StmtPtr& body, const std::vector<ir::TypePtr>& want,
                           const std::function<void(size_t, const ir::TypePtr&)>& mismatch,
                           const std::vector<const HalfInfo*>& wantInfo = {});
  /// Whether `value` is a Vec tile held whole by both lanes with `info`'s full extent on its
  /// split axis (so this lane's window of it can be sliced).
  bool wholeOf(const ir::ExprPtr& value, const HalfInfo& info) const;
  /// Loop carries entering whole but yielded per lane: their inits become this lane's window
  /// (`ias` updated, originals remapped); true when the body must be lowered again.
  bool sliceWholeInits(std::vector<ir::IterArgPtr>& ias, const ir::StmtPtr& body,
                       const std::vector<ir::IterArgPtr>& original);
  /// `body`'s yield with the values the `other` branch yields per lane (and this one whole)
  /// replaced by this lane's window.
  ir::StmtPtr sliceWholeYields(const ir::StmtPtr& body, const ir::StmtPtr& other);
  /// conformYield against a loop's iter_arg types.
  ir::StmtPtr conformCarries(const ir::StmtPtr& body, const std::vector<ir::IterArgPtr>& ias,
                             Span loop);

  /// Rebinds `oldVar` to a variable of `value`'s type (the same var when unchanged).
  ir::VarPtr rebind(const ir::VarPtr& oldVar, const ir::ExprPtr& value);
  /// New iter_args for a loop, following the halving of their init values.
  std::vector<ir::IterArgPtr> lowerIterArgs(const std::vector<ir::IterArgPtr>& ias, bool& changed);
  /// Return vars typed after the (lowered) yield of `body`.
  std::vector<ir::VarPtr> lowerReturnVars(const std::vector<ir::VarPtr>& rvs,
                                          const ir::StmtPtr& body);

  const HalfInfo* infoOf(const ir::ExprPtr& e) const;
  ir::ExprPtr track(ir::ExprPtr e, HalfInfo info);

  // Per-op halving (the call's args are already rewritten).
  ir::ExprPtr halveCall(const ir::Call& orig, std::vector<ir::ExprPtr> args);
  // Stores (SplitStores.cpp).
  /// A store of a halved tile: the split-axis offset (or the partition) localized.
  ir::ExprPtr storeHalf(const ir::Call& c, std::vector<ir::ExprPtr> args, const WindowArgs& w,
                        const HalfInfo& in);
  /// A store of a tile both lanes hold whole: each lane stores its half; a singleton split
  /// axis is stored by both lanes (the same values), an atomic one by lane 0 only.
  ir::ExprPtr storeWholeTile(const ir::Call& c, std::vector<ir::ExprPtr> args, const WindowArgs& w);
  /// The partition operand (`shapes`) of a store of this lane's half: dropped when it is the
  /// tile's box (false: store it as a plain store), else halved on its outermost non-unit axis
  /// with the offset localized (true), or rejected when the half is not a box of it.
  bool localizePartition(const ir::Call& c, std::vector<ir::ExprPtr>& args, const WindowArgs& w,
                         const HalfInfo& in);
  ir::ExprPtr halveReinterpret(const ir::Call& orig, std::vector<ir::ExprPtr> args,
                               const HalfInfo& in);
  ir::ExprPtr boundaryShard(const ir::Call& move, ir::ExprPtr source);
  /// This lane's window of a full-width tile held whole by both lanes: a tile.slice of
  /// `info.half` at `subblock_idx * info.stride` on `info.dim`, with the lane's valid extent
  /// when it is not the whole box.
  ir::ExprPtr sliceToLane(const ir::ExprPtr& full, const HalfInfo& info, Span span);
  /// tile.aic_gather of a halved operand (rejects a full-width one).
  ir::ExprPtr gatherOf(const ir::ExprPtr& operand, Span span);
  ir::ExprPtr rebuild(const ir::Call& orig, std::vector<ir::ExprPtr> args,
                      const ir::AttrList& kwargs);
  ir::ExprPtr rebuild(const ir::Call& orig, std::vector<ir::ExprPtr> args) {
    return rebuild(orig, std::move(args), orig.kwargs);
  }
  /// `orig + subblock_idx * step`.
  ir::ExprPtr localize(const ir::ExprPtr& orig, int64_t step) const;
  /// This lane's share of a full-width extent `v` when each lane owns `stride` elements
  /// from `idx * stride`: min(max(v, idx*stride) - idx*stride, stride) (the seed's formula).
  ir::ExprPtr laneExtent(const ir::ExprPtr& v, int64_t stride) const;

  /// Rejects a store of a halved tile whose split-axis offset steps by less than the two
  /// lanes' windows per iteration of an enclosing loop: lane 1's window of one iteration
  /// would overlap lane 0's of another (in the unsplit program the later iteration wins).
  void checkStoreStep(const ir::ExprPtr& offset, const HalfInfo& info, Span span);

  [[noreturn]] void reject(Span span, const std::string& message, std::string hint) const;

  SplitOptions opt_;
  DiagnosticEngine& diag_;
  size_t dim_;
  HalfInfoTable halved_;  // halved values (new Var / Call node → info)
  Span stmtSpan_;         // span of the statement being lowered (for diagnostics)
  // The assignment being lowered: its value call, its variable, and the statement list that
  // receives statements emitted before it.
  const ir::Expr* topCall_ = nullptr;
  const ir::Var* assignVar_ = nullptr;
  std::vector<ir::StmtPtr>* pending_ = nullptr;
  std::vector<LoopInfo> loops_;  // the enclosing pl.range loops, outermost first
};

}  // namespace ptoc::split
