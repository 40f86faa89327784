// Name management of the IR printer: per-function unique, valid Python names
// for variables (first come keeps its hint; later distinct variables get `_1`,
// `_2`, ... never colliding with another variable's hint or a reserved word).
// Private to lib/ir.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptoc/ir/Visitor.h"

namespace ptoc::ir::print_detail {

// ---------------------------------------------------------------------------
// Names.

inline bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

/// A valid ASCII identifier close to `hint` ("v" when empty).
inline std::string sanitizeName(std::string_view hint) {
  if (hint.empty()) return "v";
  std::string s;
  s.reserve(hint.size() + 1);
  if (!isIdentStart(hint[0])) s += '_';
  for (char c : hint) s += isIdentChar(c) ? c : '_';
  return s;
}

inline bool isValidIdent(std::string_view s) {
  if (s.empty() || !isIdentStart(s[0])) return false;
  for (char c : s)
    if (!isIdentChar(c)) return false;
  return true;
}

/// Open-addressing set of string_views (the viewed bytes must outlive the set).
/// The printer looks names up once per variable occurrence, so this is hot.
class ViewSet {
 public:
  static size_t hashOf(std::string_view s) { return std::hash<std::string_view>{}(s) | 1; }
  bool contains(std::string_view s) const { return contains(s, hashOf(s)); }
  bool contains(std::string_view s, size_t h) const {
    if (slots_.empty()) return false;
    size_t mask = slots_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.hash == 0) return false;
      if (slot.hash == h && slot.view == s) return true;
    }
  }
  /// Inserts `s` (the caller knows it is absent).
  void insertNew(std::string_view s, size_t h) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(s, h);
    ++size_;
  }
  void insert(std::string_view s) {
    size_t h = hashOf(s);
    if (!contains(s, h)) insertNew(s, h);
  }
  void clear() {
    if (size_ == 0) return;
    slots_.clear();
    size_ = 0;
  }

 private:
  struct Slot {
    size_t hash = 0;  // 0 = empty
    std::string_view view;
  };
  void place(std::string_view s, size_t h) {
    size_t mask = slots_.size() - 1;
    size_t i = h & mask;
    while (slots_[i].hash != 0) i = (i + 1) & mask;
    slots_[i] = Slot{h, s};
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    for (const Slot& slot : old)
      if (slot.hash) place(slot.view, slot.hash);
  }
  std::vector<Slot> slots_;
  size_t size_ = 0;
};

/// The names already given in a function: open addressing over 8-byte slots
/// (32-bit hash tag, index into `views_`) so that the table stays cache-sized.
class TakenNames {
 public:
  /// Inserts `s` unless present; returns whether it was inserted.
  bool insertIfAbsent(std::string_view s) {
    size_t h = std::hash<std::string_view>{}(s);
    if ((views_.size() + 1) * 2 > slots_.size()) grow();
    size_t mask = slots_.size() - 1;
    uint32_t tag = tagOf(h);
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      uint64_t slot = slots_[i];
      if (slot == 0) {
        views_.push_back(s);
        slots_[i] = (static_cast<uint64_t>(tag) << 32) | views_.size();
        return true;
      }
      if (static_cast<uint32_t>(slot >> 32) == tag && views_[(slot & 0xffffffffu) - 1] == s)
        return false;
    }
  }
  bool contains(std::string_view s) const {
    if (slots_.empty()) return false;
    size_t h = std::hash<std::string_view>{}(s);
    size_t mask = slots_.size() - 1;
    uint32_t tag = tagOf(h);
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      uint64_t slot = slots_[i];
      if (slot == 0) return false;
      if (static_cast<uint32_t>(slot >> 32) == tag && views_[(slot & 0xffffffffu) - 1] == s)
        return true;
    }
  }
  void clear() {
    if (views_.empty()) return;
    slots_.clear();
    views_.clear();
  }

 private:
  static uint32_t tagOf(size_t h) { return static_cast<uint32_t>(static_cast<uint64_t>(h) >> 32); }
  void grow() {
    std::vector<uint64_t> next(slots_.empty() ? 64 : slots_.size() * 2, 0);
    size_t mask = next.size() - 1;
    for (size_t k = 0; k < views_.size(); ++k) {
      size_t h = std::hash<std::string_view>{}(views_[k]);
      size_t i = h & mask;
      while (next[i] != 0) i = (i + 1) & mask;
      next[i] = (static_cast<uint64_t>(tagOf(h)) << 32) | (k + 1);
    }
    slots_ = std::move(next);
  }
  std::vector<uint64_t> slots_;
  std::vector<std::string_view> views_;
};

/// Open-addressing map from a variable to its printed name, with a small
/// direct-mapped cache of recent variables in front (most uses are of variables
/// defined shortly before, and a big table costs a cache miss per probe).
class VarNameMap {
 public:
  /// The name of `v`, or nullptr; on a miss the map is ready for insert(v, ...).
  const std::string_view* find(const Var* v) {
    Slot& c = recent_[(reinterpret_cast<uintptr_t>(v) >> 4) & (kRecent - 1)];
    if (c.key == v) return &c.name;
    if ((size_ + 1) * 2 > slots_.size()) grow();
    size_t mask = slots_.size() - 1;
    size_t i = hashOf(v) & mask;
    for (; slots_[i].key; i = (i + 1) & mask)
      if (slots_[i].key == v) {
        c = slots_[i];
        return &c.name;
      }
    pending_ = i;
    return nullptr;
  }
  /// Inserts `v`, which the last find() did not find (no other insert since).
  void insert(const Var* v, std::string_view n) {
    slots_[pending_] = Slot{v, n};
    ++size_;
    recent_[(reinterpret_cast<uintptr_t>(v) >> 4) & (kRecent - 1)] = Slot{v, n};
  }
  void clear() {
    if (size_ == 0) return;
    slots_.assign(64, Slot{});
    bits_ = 6;
    recent_.fill(Slot{});
    size_ = 0;
  }

 private:
  struct Slot {
    const Var* key = nullptr;
    std::string_view name;
  };
  static constexpr size_t kRecent = 256;
  /// Keeps address locality (variables are mostly met in allocation order, so
  /// probes walk the table nearly sequentially) while scrambling which part of
  /// the table each table-sized address window lands on.
  size_t hashOf(const Var* v) const {
    uint64_t y = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(v)) >> 4;
    uint64_t window = (y >> bits_) * 0x9e3779b97f4a7c15ULL;
    return static_cast<size_t>(y ^ (window >> 20));
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    bits_ = static_cast<unsigned>(std::countr_zero(slots_.size()));
    size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (!slot.key) continue;
      size_t i = hashOf(slot.key) & mask;
      while (slots_[i].key) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }
  std::vector<Slot> slots_;
  std::array<Slot, kRecent> recent_{};
  size_t size_ = 0;
  size_t pending_ = 0;
  unsigned bits_ = 0;  // log2(slots_.size())
};

/// Stable storage for generated names (string_views into it never move).
class NameArena {
 public:
  std::string_view store(std::string_view s) {
    if (s.size() > kBlock - used_) {
      blocks_.push_back(std::make_unique<char[]>(std::max(kBlock, s.size())));
      used_ = 0;
    }
    char* p = blocks_.back().get() + used_;
    std::memcpy(p, s.data(), s.size());
    used_ += s.size();
    return {p, s.size()};
  }

 private:
  static constexpr size_t kBlock = 16384;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t used_ = kBlock;
};

/// Python keywords and the names the printed text itself relies on.
inline bool isBlockedName(std::string_view s) {
  static const ViewSet kBlocked = [] {
    ViewSet set;
    for (std::string_view k :
         {"False",   "None",     "True",     "and",    "as",   "assert", "async",  "await",
          "break",   "class",    "continue", "def",    "del",  "elif",   "else",   "except",
          "finally", "for",      "from",     "global", "if",   "import", "in",     "is",
          "lambda",  "nonlocal", "not",      "or",     "pass", "raise",  "return", "try",
          "while",   "with",     "yield",    "pl",     "self", "tuple"})
      set.insert(k);
    return set;
  }();
  return s.size() <= 8 && kBlocked.contains(s);
}

/// Collects the (sanitized) hints of every variable appearing under a node.
class HintCollector final : public IRVisitor {
 public:
  HintCollector(ViewSet& hints, NameArena& arena) : hints_(hints), arena_(arena) {}
  void add(const Var& v) {
    if (isValidIdent(v.name))
      hints_.insert(v.name);  // views the Var's own (immutable) name
    else
      hints_.insert(arena_.store(sanitizeName(v.name)));
  }

 protected:
  void visitVar(const VarPtr& v) override { add(*v); }
  void visitDef(const VarPtr& v) override { add(*v); }

 private:
  ViewSet& hints_;
  NameArena& arena_;
};

}  // namespace ptoc::ir::print_detail
