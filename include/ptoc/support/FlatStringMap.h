// A hash map keyed by std::string_view, laid out for few cache misses: entries
// are stored densely in insertion order, and a separate open-addressing index
// (linear probing, power-of-two size, 8-byte slots holding a hash tag and an
// entry position) finds them. A probe reads the small index and touches an entry
// only when the tag matches; recently inserted entries sit together at the end.
// No allocation per entry.
//
// The map does not own key text: a key must stay valid while its entry is in the
// map (e.g. a view into a source buffer, or into the entry's own value). An
// entry's key may be re-pointed at other text with the same contents.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace ptoc {

/// A fast 64-bit hash for short strings such as identifiers (not for untrusted
/// input that could be crafted to collide).
inline uint64_t hashString(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull ^ s.size();
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;  // FNV-1a
  h ^= h >> 32;  // let every input bit reach the low bits used for indexing
  h *= 0xd6e8feb86659fd93ull;
  return h ^ (h >> 32);
}

template <class T>
class FlatStringMap {
 public:
  struct Entry {
    std::string_view key;
    T value{};
  };

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  /// The value for `key`, or nullptr.
  T* find(std::string_view key) {
    uint64_t h = hashOf(key);
    size_t slot = findSlot(key, h);
    return slot == kNone ? nullptr : &entries_[index_[slot].pos - 1].entry.value;
  }
  const T* find(std::string_view key) const { return const_cast<FlatStringMap*>(this)->find(key); }

  /// The entry for `key`, inserted with a value-initialized T if absent (then
  /// `inserted` is true). The reference is valid until the next insertion or
  /// erasure.
  Entry& findOrInsert(std::string_view key, bool& inserted) {
    uint64_t h = hashOf(key);
    size_t slot = findSlot(key, h);
    inserted = slot == kNone;
    if (!inserted) return entries_[index_[slot].pos - 1].entry;
    if ((entries_.size() + 1) * 2 > index_.size()) rebuild(0);
    entries_.push_back(Stored{h, Entry{key, T{}}});
    index_[emptySlotFor(h)] = Slot{tagOf(h), static_cast<uint32_t>(entries_.size())};
    ++size_;
    return entries_.back().entry;
  }

  /// Hints that `key` will be looked up or inserted soon: starts loading the
  /// index slot where its probe begins. For large maps, issued well ahead of the
  /// access, this hides the cache miss of a lookup or insertion.
  void prefetch(std::string_view key) const {
    size_t n = index_.size();
    const Slot* slot = index_.data() + (hashOf(key) & (n - (n != 0)));  // data() when empty
    __builtin_prefetch(slot);
    // GCC 12 deletes a prefetch whose address comes out of a loop (the hash)
    // unless the address is otherwise used; this empty asm "uses" it.
    asm volatile("" : : "r"(slot));
  }

  /// Sets the value of `key`; an existing entry's key is re-pointed at `key`.
  void insertOrAssign(std::string_view key, T value) {
    bool inserted;
    Entry& e = findOrInsert(key, inserted);
    e.key = key;
    e.value = std::move(value);
  }

  /// Removes `key`; false if it was absent.
  bool erase(std::string_view key) {
    size_t hole = findSlot(key, hashOf(key));
    if (hole == kNone) return false;
    size_t mask = index_.size() - 1;
    entries_[index_[hole].pos - 1] = Stored{};  // a gap in entries_ until the next rebuild
    --size_;
    // Backward-shift deletion: pull later slots of the probe run into the hole.
    for (size_t i = (hole + 1) & mask; index_[i].pos != 0; i = (i + 1) & mask) {
      size_t home = entries_[index_[i].pos - 1].hash & mask;
      // Slot i may move to the hole unless its home lies cyclically in (hole, i].
      if (((i - home) & mask) >= ((i - hole) & mask)) {
        index_[hole] = index_[i];
        hole = i;
      }
    }
    index_[hole] = Slot{};
    return true;
  }

  /// Makes room for `n` entries in all: inserting up to that many re-indexes
  /// nothing.
  void reserve(size_t n) {
    entries_.reserve(n);
    if (n * 2 > index_.size()) rebuild(n);
  }

  /// Removes every entry (keeps the capacity).
  void clear() {
    entries_.clear();
    std::fill(index_.begin(), index_.end(), Slot{});
    size_ = 0;
  }

  /// Calls f(key, value) for every entry, in insertion order.
  template <class F>
  void forEach(F&& f) const {
    for (const Stored& s : entries_)
      if (s.hash != 0) f(s.entry.key, s.entry.value);
  }

 private:
  struct Stored {
    uint64_t hash = 0;  // 0: erased
    Entry entry;
  };
  struct Slot {
    uint32_t tag = 0;  // high bits of the hash
    uint32_t pos = 0;  // 1 + the entry's position in entries_; 0 = empty slot
  };
  static constexpr size_t kNone = ~size_t{0};

  static uint64_t hashOf(std::string_view key) {
    uint64_t h = hashString(key);
    return h == 0 ? 1 : h;
  }
  static uint32_t tagOf(uint64_t h) { return static_cast<uint32_t>(h >> 32); }

  size_t findSlot(std::string_view key, uint64_t h) const {
    if (index_.empty()) return kNone;
    size_t mask = index_.size() - 1;
    uint32_t tag = tagOf(h);
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot& s = index_[i];
      if (s.pos == 0) return kNone;
      if (s.tag == tag) {
        const Stored& e = entries_[s.pos - 1];
        if (e.hash == h && e.entry.key == key) return i;
      }
    }
  }

  size_t emptySlotFor(uint64_t h) const {
    size_t mask = index_.size() - 1;
    size_t i = h & mask;
    while (index_[i].pos != 0) i = (i + 1) & mask;
    return i;
  }

  /// Drops erased entries and re-indexes at a load of at most 1/4 (so that the
  /// next rebuild is at least as many insertions away as there are entries), with
  /// room for `capacity` entries at a load of at most 1/2.
  void rebuild(size_t capacity) {
    std::erase_if(entries_, [](const Stored& s) { return s.hash == 0; });
    size_t slots = 16;
    while (slots < 4 * entries_.size() || slots < 2 * capacity) slots *= 2;
    index_.assign(slots, Slot{});
    for (size_t i = 0; i < entries_.size(); ++i)
      index_[emptySlotFor(entries_[i].hash)] =
          Slot{tagOf(entries_[i].hash), static_cast<uint32_t>(i + 1)};
  }

  std::vector<Stored> entries_;
  std::vector<Slot> index_;
  size_t size_ = 0;
};

}  // namespace ptoc
