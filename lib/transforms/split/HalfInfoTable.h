// The split lowering's table of halved values: new Var / Call node -> its HalfInfo.
//
// Nearly every halved value of a kernel has the same HalfInfo (the same split axis and
// extents), so the table stores each distinct HalfInfo once and maps a node to its index:
// 16 bytes per node in the index instead of a 48-byte copy (plus the copies' growth), which
// was ≈ 1/5 of lower-auto-vector-split's peak memory (bench/README.md, "Session 11").
// Pointers returned by find() stay valid until the table is destroyed.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <tuple>

#include "ptoc/analysis/SplitAxis.h"
#include "ptoc/ir/Expr.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc::split {

class HalfInfoTable {
 public:
  const analysis::HalfInfo* find(const ir::Expr* e) const {
    const uint32_t* i = index_.find(e);
    return i ? &distinct_[*i] : nullptr;
  }
  bool contains(const ir::Expr* e) const { return index_.contains(e); }
  /// Records (or replaces) the info of `e`.
  void set(const ir::Expr* e, const analysis::HalfInfo& info) { index_[e] = intern(info); }

 private:
  using Key = std::tuple<size_t, int64_t, int64_t, int64_t, const ir::Expr*>;
  static Key keyOf(const analysis::HalfInfo& h) {
    return {h.dim, h.full, h.half, h.stride, h.fullValid.get()};
  }
  uint32_t intern(const analysis::HalfInfo& info) {
    Key k = keyOf(info);
    if (last_ && *last_ == k) return lastIndex_;
    auto [it, fresh] = ids_.emplace(k, static_cast<uint32_t>(distinct_.size()));
    if (fresh) distinct_.push_back(info);  // keeps fullValid (the key holds its address)
    last_ = &it->first;
    lastIndex_ = it->second;
    return it->second;
  }

  PtrMap<ir::Expr, uint32_t> index_;
  std::deque<analysis::HalfInfo> distinct_;  // stable addresses
  std::map<Key, uint32_t> ids_;
  const Key* last_ = nullptr;
  uint32_t lastIndex_ = 0;
};

}  // namespace ptoc::split
