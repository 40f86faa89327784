// The flat pointer map (include/ptoc/support/PtrTable.h) against
// std::unordered_map under random inserts, lookups and erases (the backward-shift
// erase must keep every probe run reachable).
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "ptoc/support/PtrTable.h"

namespace {

TEST(PtrTable, MatchesUnorderedMapUnderRandomOps) {
  std::vector<int> storage(4096);
  std::mt19937 rng(7);
  ptoc::PtrMap<int, int> map;
  std::unordered_map<const int*, int> ref;
  for (int step = 0; step < 200000; ++step) {
    const int* k = &storage[rng() % storage.size()];
    switch (rng() % 3) {
      case 0: {
        int v = static_cast<int>(rng());
        bool inserted = map.emplace(k, v).second;
        EXPECT_EQ(inserted, ref.emplace(k, v).second);
        break;
      }
      case 1:
        map.erase(k);
        ref.erase(k);
        break;
      default: {
        const int* got = map.find(k);
        auto it = ref.find(k);
        ASSERT_EQ(got != nullptr, it != ref.end());
        if (got) {
          EXPECT_EQ(*got, it->second);
        }
      }
    }
    ASSERT_EQ(map.size(), ref.size());
  }
  for (const auto& [k, v] : ref) {
    ASSERT_NE(map.find(k), nullptr);
    EXPECT_EQ(*map.find(k), v);
  }
}

// The slot function keeps address order within 64 KiB stretches of the heap: keys laid out
// like nodes in slabs (fixed strides, several streams, spread over far more address space
// than the table has slots, so stretches overlap in the table) must all stay reachable
// through inserts, erases and growth. Keys are never dereferenced.
TEST(PtrTable, StridedKeysAcrossManyStretches) {
  ptoc::PtrMap<int, uint32_t> map;
  std::unordered_map<const int*, uint32_t> ref;
  const uintptr_t base = uintptr_t{1} << 32;
  auto key = [&](uintptr_t offset) { return reinterpret_cast<const int*>(base + offset); };
  uint32_t n = 0;
  for (uintptr_t i = 0; i < 60000; ++i) {  // three streams: 96-, 48- and 160-byte slots
    for (uintptr_t off :
         {i * 96, (uintptr_t{64} << 20) + i * 48, (uintptr_t{200} << 20) + i * 160}) {
      map.emplace(key(off), n);
      ref.emplace(key(off), n);
      ++n;
    }
  }
  ASSERT_EQ(map.size(), ref.size());
  uint32_t erased = 0;
  for (const auto& [k, v] : ref)
    if (v % 3 == 1) {
      map.erase(k);
      ++erased;
    }
  EXPECT_EQ(map.size(), ref.size() - erased);
  for (const auto& [k, v] : ref) {
    const uint32_t* got = map.find(k);
    if (v % 3 == 1) {
      EXPECT_EQ(got, nullptr);
    } else {
      ASSERT_NE(got, nullptr);
      EXPECT_EQ(*got, v);
    }
  }
  EXPECT_EQ(map.find(key(7)), nullptr);  // an address between keys
}

TEST(PtrTable, SetInsertEraseContains) {
  int a = 0, b = 0;
  ptoc::PtrSet<int> set;
  EXPECT_FALSE(set.contains(&a));
  EXPECT_TRUE(set.insert(&a));
  EXPECT_FALSE(set.insert(&a));
  EXPECT_TRUE(set.insert(&b));
  set.erase(&a);
  EXPECT_FALSE(set.contains(&a));
  EXPECT_TRUE(set.contains(&b));
}

}  // namespace

namespace {

struct Big {
  int64_t a[6] = {};  // 48 bytes, like the split lowerer's HalfInfo
};

TEST(PtrTable, DenseMapMatchesUnorderedMap) {
  std::vector<int> storage(3000);
  std::mt19937 rng(11);
  ptoc::PtrDenseMap<int, Big> map;
  std::unordered_map<const int*, int64_t> ref;
  for (int step = 0; step < 50000; ++step) {
    const int* k = &storage[rng() % storage.size()];
    if (rng() % 2) {
      Big v;
      v.a[5] = static_cast<int64_t>(rng());
      auto [slot, fresh] = map.emplace(k, v);
      auto [it, refFresh] = ref.emplace(k, v.a[5]);
      ASSERT_EQ(fresh, refFresh);
      EXPECT_EQ(slot->a[5], it->second) << "emplace returns the stored value";
    } else {
      const Big* got = map.find(k);
      auto it = ref.find(k);
      ASSERT_EQ(got != nullptr, it != ref.end());
      ASSERT_EQ(map.contains(k), it != ref.end());
      if (got) {
        EXPECT_EQ(got->a[5], it->second);
      }
    }
    ASSERT_EQ(map.size(), ref.size());
  }
  // operator[] default-constructs a missing value and returns the stored one otherwise.
  int fresh = 0;
  EXPECT_EQ(map[&fresh].a[5], 0);
  map[&fresh].a[5] = 42;
  EXPECT_EQ(map.find(&fresh)->a[5], 42);
  for (const auto& [k, v] : ref) EXPECT_EQ(map.find(k)->a[5], v);
}

}  // namespace
