// Name management of the IR printer: per-function unique, valid Python names
// for variables (first come keeps its hint; later distinct variables get `_1`,
// `_2`, ... never colliding with another variable's hint or a reserved word).
// Private to lib/ir.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptoc/ir/Visitor.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/support/FlatStringMap.h"

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

/// The hash the printer's name sets use: one cheap inline hash per name, computed
/// once and passed to every set the name is checked against (0 marks an empty slot).
inline uint64_t nameHash(std::string_view s) { return hashString(s) | 1; }

/// Open-addressing set of string_views (the viewed bytes must outlive the set).
class ViewSet {
 public:
  bool contains(std::string_view s) const { return contains(s, nameHash(s)); }
  bool contains(std::string_view s, uint64_t h) const {
    if (slots_.empty()) return false;
    size_t mask = slots_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.hash == 0) return false;
      if (slot.hash == h && slot.view == s) return true;
    }
  }
  /// Inserts `s` (the caller knows it is absent).
  void insertNew(std::string_view s, uint64_t h) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(s, h);
    ++size_;
  }
  void insert(std::string_view s) {
    uint64_t h = nameHash(s);
    if (!contains(s, h)) insertNew(s, h);
  }
  void clear() {
    if (size_ == 0) return;
    slots_.clear();
    size_ = 0;
  }

 private:
  struct Slot {
    uint64_t hash = 0;  // 0 = empty
    std::string_view view;
  };
  void place(std::string_view s, uint64_t h) {
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

/// The names already given in a function, each with the variable that owns it:
/// open addressing over 4-byte slots (the entry's index into `names_` in the low
/// bits, a tag of high hash bits above them) so that the table stays as small as it
/// can: a new name's probe is a cache miss, and on large functions its cost grows
/// with the table (bench/README.md, Session 10). Each name keeps its hash, so growing
/// never re-reads (or re-hashes) the text.
class TakenNames {
 public:
  /// Makes room for `n` names: inserting up to that many never grows the table.
  void reserve(size_t n) {
    names_.reserve(n);
    if (n * 2 > slots_.size()) rehash(n);
  }
  /// The owner of `s` (hash `h` = nameHash(s)); if `s` is not taken, takes it for
  /// `owner` and returns `owner`.
  const Var* findOrInsert(std::string_view s, uint64_t h, const Var* owner) {
    if ((names_.size() + 1) * 2 > slots_.size()) rehash(names_.size() + 1);
    size_t mask = slots_.size() - 1;
    uint32_t tag = tagOf(h);
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      uint32_t slot = slots_[i];
      if (slot == 0) {
        names_.push_back(Name{s, h, owner});
        slots_[i] = tag | static_cast<uint32_t>(names_.size());
        return owner;
      }
      if ((slot & ~posMask_) == tag) {
        const Name& n = names_[(slot & posMask_) - 1];
        if (n.hash == h && n.view == s) return n.owner;
      }
    }
  }
  /// Starts loading the slot where a probe for hash `h` begins: for a large table,
  /// issued a few statements ahead, this hides the cache miss of findOrInsert.
  void prefetch(uint64_t h) const {
    if (slots_.empty()) return;
    const uint32_t* slot = slots_.data() + (h & (slots_.size() - 1));
    __builtin_prefetch(slot);
    asm volatile("" : : "r"(slot));  // keeps GCC from dropping the prefetch
  }
  bool contains(std::string_view s, uint64_t h) const {
    if (slots_.empty()) return false;
    size_t mask = slots_.size() - 1;
    uint32_t tag = tagOf(h);
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      uint32_t slot = slots_[i];
      if (slot == 0) return false;
      if ((slot & ~posMask_) == tag) {
        const Name& n = names_[(slot & posMask_) - 1];
        if (n.hash == h && n.view == s) return true;
      }
    }
  }
  void clear() {
    slots_.clear();
    names_.clear();
    posMask_ = 0;
  }

 private:
  struct Name {
    std::string_view view;
    uint64_t hash;
    const Var* owner;
  };
  /// The bits of a slot above the position: high bits of the hash.
  uint32_t tagOf(uint64_t h) const { return static_cast<uint32_t>(h >> 32) & ~posMask_; }
  /// Re-indexes into a table with room for `n` names at a load of at most 1/2. A
  /// position (1 + index, at most size / 2) fits in the low log2(size) bits.
  void rehash(size_t n) {
    size_t size = 64;
    while (size < 2 * n) size *= 2;
    if (size > (size_t{1} << 31))
      throw InternalError("the printer's name table cannot hold " + std::to_string(n) + " names");
    slots_.assign(size, 0);
    posMask_ = static_cast<uint32_t>(size - 1);
    size_t mask = size - 1;
    for (size_t k = 0; k < names_.size(); ++k) {
      uint64_t h = names_[k].hash;
      size_t i = h & mask;
      while (slots_[i] != 0) i = (i + 1) & mask;
      slots_[i] = tagOf(h) | static_cast<uint32_t>(k + 1);
    }
  }
  std::vector<uint32_t> slots_;
  uint32_t posMask_ = 0;  // the position bits of a slot: slots_.size() - 1
  std::vector<Name> names_;
};

/// A small direct-mapped cache of the names of recently printed variables (most
/// uses are of variables defined shortly before).
class RecentNames {
 public:
  const std::string_view* find(const Var* v) const {
    const Slot& c = slots_[indexOf(v)];
    return c.key == v ? &c.name : nullptr;
  }
  void set(const Var* v, std::string_view n) {
    slots_[indexOf(v)] = Slot{v, n};
    used_ = true;
  }
  void clear() {
    if (!used_) return;
    slots_.fill(Slot{});
    used_ = false;
  }

 private:
  struct Slot {
    const Var* key = nullptr;
    std::string_view name;
  };
  static constexpr size_t kSize = 256;
  static size_t indexOf(const Var* v) {
    return (reinterpret_cast<uintptr_t>(v) >> 4) & (kSize - 1);
  }
  std::array<Slot, kSize> slots_{};
  bool used_ = false;
};

/// Open-addressing map from a variable to its printed name, for the variables
/// that do not print as their own hint (renamed, sanitized).
class VarNameMap {
 public:
  /// The name of `v`, or nullptr; on a miss the map is ready for insert(v, ...).
  const std::string_view* find(const Var* v) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    size_t mask = slots_.size() - 1;
    size_t i = hashOf(v) & mask;
    for (; slots_[i].key; i = (i + 1) & mask)
      if (slots_[i].key == v) return &slots_[i].name;
    pending_ = i;
    return nullptr;
  }
  /// Inserts `v`, which the last find() did not find (no other find or insert since).
  void insert(const Var* v, std::string_view n) {
    slots_[pending_] = Slot{v, n};
    ++size_;
  }
  void clear() {
    if (size_ == 0) return;
    slots_.clear();
    size_ = 0;
  }

 private:
  struct Slot {
    const Var* key = nullptr;
    std::string_view name;
  };
  static size_t hashOf(const Var* v) {
    uint64_t y = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(v)) >> 4;
    return static_cast<size_t>((y * 0x9e3779b97f4a7c15ULL) >> 32);
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (!slot.key) continue;
      size_t i = hashOf(slot.key) & mask;
      while (slots_[i].key) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }
  std::vector<Slot> slots_;
  size_t size_ = 0;
  size_t pending_ = 0;
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
inline constexpr std::string_view kBlockedNames[] = {
    "False",   "None",     "True",     "and",    "as",   "assert", "async",  "await",
    "break",   "class",    "continue", "def",    "del",  "elif",   "else",   "except",
    "finally", "for",      "from",     "global", "if",   "import", "in",     "is",
    "lambda",  "nonlocal", "not",      "or",     "pass", "raise",  "return", "try",
    "while",   "with",     "yield",    "pl",     "self", "tuple"};

/// Whether `s` (`h` = nameHash(s)) is one of kBlockedNames.
inline bool isBlockedName(std::string_view s, uint64_t h) {
  if (s.size() > 8) return false;
  static const ViewSet kBlocked = [] {
    ViewSet set;
    for (std::string_view k : kBlockedNames) set.insert(k);
    return set;
  }();
  return kBlocked.contains(s, h);
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
  void visitVar(const Var& v) override { add(v); }
  void visitDef(const VarPtr& v) override { add(*v); }

 private:
  ViewSet& hints_;
  NameArena& arena_;
};

}  // namespace ptoc::ir::print_detail
