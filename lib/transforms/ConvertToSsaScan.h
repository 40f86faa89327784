// Pre-pass of convert-to-ssa (private to lib/transforms): one walk over a function
// that numbers its statements in pre-order and records
//   - per If/For/While statement: its index range [begin, end] and the variables
//     (re)defined anywhere inside it, in textual order of their first definition;
//   - per variable: the index of its last use (a conservative, text-order liveness
//     bound: a value not used after a construct's end and not carried by an enclosing
//     loop is dead after the construct);
//   - per variable: the value of its first assignment (to find a write destination
//     that can stand in for a value defined only inside a loop or branch).
// Cost: O(program size x loop/if nesting depth).
#pragma once

#include <cstdint>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc {

struct SsaScan {
  struct Region {
    uint32_t begin = 0;  // index of the compound statement itself
    uint32_t end = 0;    // last index inside it
    std::vector<const ir::Var*> modified;
  };

  // Flat tables (one entry per compound statement / variable).
  std::vector<Region> regionList;
  PtrMap<ir::Stmt, uint32_t> regionIndex;  // statement -> index into regionList
  PtrMap<ir::Var, uint32_t> lastUse;
  PtrMap<ir::Var, ir::ExprPtr> firstValue;

  const Region& region(const ir::Stmt* s) const;
  /// 0 when the variable is never used.
  uint32_t lastUseOf(const ir::Var* v) const {
    const uint32_t* last = lastUse.find(v);
    return last ? *last : 0;
  }
};

SsaScan scanForSsa(const ir::Function& f);

}  // namespace ptoc
