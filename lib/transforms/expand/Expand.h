// The pieces of expand-mixed-kernel (pypto-facts §3.8, seed 000), one concern per file:
//  - SideSplitter.cpp: the body of a mixed InCore function → an AIC body and an AIV body,
//    every C/V boundary (tile.move across the sides, tile.aiv_shard, tile.aic_gather) and
//    every GM-mediated cross-lane sync → tpush / tpop with split codes;
//  - SideCleanup.cpp: per side, dangling tensor values remapped to their origin, dead
//    code and dead loop state removed (mark and sweep), cross-side scalars reported;
//  - PipeSetup.cpp: tfree after the last use of each popped tile, and the automatic pipe
//    set-up (reserve_buffer / import_peer_buffer / aic|aiv_initialize_pipe).
#pragma once

#include <optional>
#include <string>
#include <unordered_map>

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/target/Target.h"

namespace ptoc::expand {

enum class Side : uint8_t { Aic, Aiv };

/// The GM storage a tensor value stands for: tile.store returns its destination, a loop's
/// iter_arg / return var carries its init, so every tensor value of a function has an
/// origin (a parameter or a tensor made in the body).
class TensorOrigins {
 public:
  explicit TensorOrigins(const ir::Function& f);
  /// The origin of `v`, or null when `v` is no tensor value with a known origin.
  ir::VarPtr origin(const ir::Var* v) const;

 private:
  std::unordered_map<const ir::Var*, ir::VarPtr> parent_;        // value -> the value it aliases
  std::unordered_map<const ir::Var*, ir::VarPtr> self_;          // roots
  mutable std::unordered_map<const ir::Var*, ir::VarPtr> memo_;  // answers of origin()
};

struct SplitterOptions {
  target::Arch arch = target::Arch::A5;
  std::string funcName;
};

struct SideBodies {
  ir::StmtPtr aic, aiv;
};

/// Splits the body of the mixed InCore function `f` (its tensor origins `origins`) into its
/// AIC and AIV bodies.
SideBodies splitSides(const ir::Function& f, const TensorOrigins& origins,
                      const SplitterOptions& opt, DiagnosticEngine& diag);

/// One side after splitting: values of the other side that are tensors are replaced by their
/// origin, dead statements and loop state are removed; a non-tensor value still read from
/// the other side is reported (a scalar cannot cross the cores).
ir::StmtPtr cleanupSide(const ir::StmtPtr& body, Side side, const ir::Function& f,
                        const TensorOrigins& origins, DiagnosticEngine& diag);

/// Inserts system.tfree_to_aic / tfree_to_aiv after the last use of every tile popped
/// by a tpop of `body` (in the block of the tpop; views of the tile count as uses).
ir::StmtPtr finalizeTfrees(const ir::StmtPtr& body, Side side, DiagnosticEngine& diag);

/// What a side's cross-core ops need of the pipe: directions (dir_mask bits 1 = C2V, 2 =
/// V2C) and the bytes of the largest full tile moved.
struct PipeUse {
  int dirMask = 0;
  int64_t slotSize = 0;
  bool hasSetup = false;    // the body already sets the pipe up (hand-written)
  int64_t peakHeld = 0;     // the most popped tiles this side holds at once (one direction)
  bool splitCoded = false;  // a push / pop carries a split code other than 0
};
PipeUse scanPipeUse(const ir::StmtPtr& body);

/// Prepends the automatic pipe set-up of one side of function `fname`.
ir::StmtPtr addPipeSetup(const ir::StmtPtr& body, Side side, const std::string& fname, int dirMask,
                         int64_t slotSize, int64_t slotNum, DiagnosticEngine& diag);

/// Whether `c` is a C/V boundary: tile.aiv_shard, tile.aic_gather, or a tile.move across
/// the sides.
bool isBoundaryCall(const ir::Call& c);

/// Rejects a cube op that writes (stores into, adds into) a GM tensor the vector side stored
/// earlier with no vector -> cube boundary in between (GmOrder.cpp): after the split nothing
/// orders the two.
void rejectUnorderedVectorToCubeGm(const ir::Function& f, const TensorOrigins& origins,
                                   DiagnosticEngine& diag);
/// Rejects two vector accesses of one GM tensor that the two AIV lanes may make to the same
/// rows, one of them a write (LaneRaces.cpp).
void rejectCrossLaneGmRaces(const ir::Function& f, const TensorOrigins& origins,
                            DiagnosticEngine& diag);

}  // namespace ptoc::expand
