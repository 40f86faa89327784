// A flat open-addressing hash map keyed by pointer (linear probing, power-of-two
// capacity, load factor <= 1/2, backward-shift erase), for per-variable
// tables. Compared with std::unordered_map it allocates no node per entry and a
// lookup touches one cache line, which keeps the verifiers' time linear in practice
// on programs whose tables outgrow the caches (bench/PassBench.cpp: the node-based
// sets made SSAForm / UseAfterDef / AivSplitValid 7-12x slower from 100k to 400k
// statements while executing 4x the instructions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ptoc {

template <typename Key, typename Value>
class PtrMap {
 public:
  /// The value of `k`, or null.
  Value* find(const Key* k) {
    if (size_ == 0) return nullptr;
    for (size_t i = slot(k);; i = (i + 1) & mask()) {
      if (slots_[i].key == k) return &slots_[i].value;
      if (!slots_[i].key) return nullptr;
    }
  }
  const Value* find(const Key* k) const { return const_cast<PtrMap*>(this)->find(k); }
  bool contains(const Key* k) const { return find(k) != nullptr; }

  /// Inserts `k -> v` unless `k` is present; returns the stored value and whether it
  /// was inserted.
  std::pair<Value*, bool> emplace(const Key* k, Value v) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    size_t i = slot(k);
    for (; slots_[i].key; i = (i + 1) & mask())
      if (slots_[i].key == k) return {&slots_[i].value, false};
    slots_[i] = {k, std::move(v)};
    ++size_;
    return {&slots_[i].value, true};
  }
  Value& operator[](const Key* k) { return *emplace(k, Value{}).first; }

  void erase(const Key* k) {
    if (size_ == 0) return;
    size_t i = slot(k);
    while (slots_[i].key != k) {
      if (!slots_[i].key) return;
      i = (i + 1) & mask();
    }
    // Backward shift: move later entries of the probe run into the hole.
    for (size_t j = (i + 1) & mask(); slots_[j].key; j = (j + 1) & mask()) {
      size_t home = slot(slots_[j].key);
      // Entry j may move to i when its home is not in the cyclic range (i, j].
      if (((j - home) & mask()) >= ((j - i) & mask())) {
        slots_[i] = std::move(slots_[j]);
        i = j;
      }
    }
    slots_[i] = Slot{};
    --size_;
  }

  void clear() {
    slots_.clear();
    size_ = 0;
  }
  size_t size() const { return size_; }
  /// Room for `n` entries without growing.
  void reserve(size_t n) {
    size_t cap = kMinCapacity;
    while (cap < 2 * n) cap *= 2;
    if (cap > slots_.size()) grow(cap);
  }

  /// Calls `f(key, value)` for each entry, in slot (unspecified) order.
  template <class F>
  void forEach(F&& f) const {
    for (const auto& s : slots_)
      if (s.key) f(s.key, s.value);
  }

 private:
  struct Slot {
    const Key* key = nullptr;
    Value value{};
  };
  size_t mask() const { return slots_.size() - 1; }
  size_t slot(const Key* k) const {
    // Locality-preserving: within a 64 KiB stretch of the heap, keys keep their address
    // order (one slot per 16 bytes), and each stretch starts at a pseudo-random slot
    // (Fibonacci hashing of the stretch's number). Nodes are allocated, and walked, in
    // program order, so the lookups of a walk sweep the table instead of hitting a
    // random slot each: on tables larger than the cache a lookup then costs a
    // sequential access, not a miss (bench/README.md, "Session 11").
    uintptr_t a = reinterpret_cast<uintptr_t>(k) >> 4;
    uint64_t base = (a >> 12) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(a + (base >> 32)) & mask();
  }
  // Small first: a table per loop / branch / region is common, and glibc's malloc
  // consolidates its fast bins at every request of 1 KiB or more (a 64-slot table),
  // which costs time proportional to everything freed since.
  static constexpr size_t kMinCapacity = 8;
  void grow() { grow(slots_.empty() ? kMinCapacity : slots_.size() * 2); }
  void grow(size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    // A plain rehash: the keys are distinct and the new table has room, so each entry
    // goes to the first free slot of its probe run (no size check, no key comparison).
    for (auto& s : old) {
      if (!s.key) continue;
      size_t i = slot(s.key);
      while (slots_[i].key) i = (i + 1) & mask();
      slots_[i] = std::move(s);
    }
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
};

/// PtrMap for large values without erase: the table holds 4-byte indices into a dense
/// value array, so a lookup probes small slots and growing the table moves no values
/// (a PtrMap of a 48-byte value at load <= 1/2 holds 4x the data in its slots). As with
/// PtrMap, an insertion may invalidate pointers to values.
template <typename Key, typename Value>
class PtrDenseMap {
 public:
  Value* find(const Key* k) {
    uint32_t* i = index_.find(k);
    return i ? &values_[*i] : nullptr;
  }
  const Value* find(const Key* k) const { return const_cast<PtrDenseMap*>(this)->find(k); }
  bool contains(const Key* k) const { return index_.contains(k); }
  std::pair<Value*, bool> emplace(const Key* k, Value v) {
    auto [i, fresh] = index_.emplace(k, static_cast<uint32_t>(values_.size()));
    if (fresh) values_.push_back(std::move(v));
    return {&values_[*i], fresh};
  }
  Value& operator[](const Key* k) { return *emplace(k, Value{}).first; }
  size_t size() const { return values_.size(); }

 private:
  PtrMap<Key, uint32_t> index_;
  std::vector<Value> values_;
};

/// A set of pointers (PtrMap without values).
template <typename Key>
class PtrSet {
 public:
  bool insert(const Key* k) { return map_.emplace(k, Empty{}).second; }
  bool contains(const Key* k) const { return map_.contains(k); }
  size_t count(const Key* k) const { return contains(k) ? 1 : 0; }
  void erase(const Key* k) { map_.erase(k); }
  void clear() { map_.clear(); }
  size_t size() const { return map_.size(); }
  void reserve(size_t n) { map_.reserve(n); }

 private:
  struct Empty {};
  PtrMap<Key, Empty> map_;
};

}  // namespace ptoc
