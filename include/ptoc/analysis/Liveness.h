// Liveness and def-use facts about statements (architecture §3, `analysis` layer).
//
// - liveIn(s): the variables `s` reads before it defines them on every path through
//   it — the flow-sensitive upward-exposed uses — in first-use order. This is what a
//   region needs from its surroundings; on SSA input it equals uses \ defs, on natural
//   code it also keeps a variable that is read and then re-bound (`c = f(c)`).
// - definedVars(s): every variable `s` defines (assignments, loop variables, iter args,
//   return vars, region lane variables), at any depth, in definition order.
// - UseOrder: numbers the statements of a function in program order (a statement's own
//   expressions, then its children) and remembers the last use of each variable, so
//   "is `v` read after statement `s`?" is a constant-time question. Building it is
//   linear in the function's size.
#pragma once

#include <cstdint>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc::analysis {

/// Upward-exposed uses of `s`, in first-use order (each variable once).
std::vector<ir::VarPtr> liveIn(const ir::StmtPtr& s);

/// Every definition site inside `s` (any depth), in program order (each variable once).
std::vector<ir::VarPtr> definedVars(const ir::StmtPtr& s);

class UseOrder {
 public:
  explicit UseOrder(const ir::Function& f);
  /// True when `v` is read by a statement (or statement header) that comes after all of
  /// `s` in program order. `s` must be a statement of the function the index was built on.
  bool usedAfter(const ir::Var& v, const ir::Stmt& s) const;

 private:
  friend class UseOrderBuilder;
  PtrMap<ir::Var, uint32_t> lastUse_;
  PtrMap<ir::Stmt, uint32_t> end_;  // last position inside each statement
};

}  // namespace ptoc::analysis
