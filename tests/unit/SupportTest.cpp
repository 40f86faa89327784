// Unit tests of the support containers: the bump Arena (alignment, destructors,
// large objects) and FlatStringMap (against std::unordered_map, with erasure).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/support/Arena.h"
#include "ptoc/support/FlatStringMap.h"

using namespace ptoc;

namespace {

struct Counted {
  explicit Counted(int& live) : live(live) { ++live; }
  ~Counted() { --live; }
  int& live;
  std::string payload = std::string(40, 'x');  // owns heap memory
};

TEST(Arena, AlignsAndKeepsObjectsApart) {
  Arena arena;
  std::vector<char*> bytes;
  for (int i = 0; i < 1000; ++i) {
    bytes.push_back(arena.make<char>(static_cast<char>(i)));
    auto* d = arena.make<double>(i * 0.5);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(d) % alignof(double), 0u);
    auto* big = static_cast<char*>(arena.allocate(5000, 64));  // larger than the first block
    EXPECT_EQ(reinterpret_cast<uintptr_t>(big) % 64, 0u);
    big[0] = big[4999] = 1;
  }
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(*bytes[i], static_cast<char>(i));
}

TEST(Arena, LargeArenasKeepEveryObjectIntact) {
  // Past the doubling phase the arena grows by 2 MiB (huge-page) blocks, and an
  // allocation larger than a block gets a block of its own. The second round
  // reuses the blocks the first arena released (a per-thread cache).
  for (int round = 0; round < 2; ++round) {
    Arena arena;
    std::vector<uint64_t*> words;
    for (uint64_t i = 0; i < 1'000'000; ++i) words.push_back(arena.make<uint64_t>(i * 7 + round));
    auto* huge = static_cast<char*>(arena.allocate(5u << 20, 4096));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(huge) % 4096, 0u);
    std::fill(huge, huge + (5u << 20), 'z');
    for (uint64_t i = 0; i < 1000; ++i) words.push_back(arena.make<uint64_t>(i * 7 + round));
    for (size_t i = 0; i < 1'000'000; ++i) ASSERT_EQ(*words[i], i * 7 + round) << i;
    for (size_t i = 0; i < 1000; ++i) ASSERT_EQ(*words[1'000'000 + i], i * 7 + round) << i;
    EXPECT_EQ(huge[0], 'z');
    EXPECT_EQ(huge[(5u << 20) - 1], 'z');
  }
}

TEST(Arena, RunsDestructorsOfNonTrivialObjects) {
  int live = 0;
  {
    Arena arena;
    for (int i = 0; i < 100; ++i) arena.make<Counted>(live);
    std::vector<std::string> scratch(10, std::string(30, 'y'));
    std::span<std::string> moved = arena.moveArray(scratch.data(), scratch.size());
    ASSERT_EQ(moved.size(), 10u);
    EXPECT_EQ(moved[9], std::string(30, 'y'));
    EXPECT_EQ(live, 100);
  }
  EXPECT_EQ(live, 0);
  Arena empty;
  EXPECT_TRUE(empty.moveArray(static_cast<int*>(nullptr), 0).empty());
}

TEST(FlatStringMap, MatchesUnorderedMap) {
  // Keys live in `pool`, which outlives the map.
  std::vector<std::unique_ptr<std::string>> pool;
  for (int i = 0; i < 3000; ++i)
    pool.push_back(std::make_unique<std::string>("k" + std::to_string(i % 1500)));
  FlatStringMap<int> map;
  std::unordered_map<std::string, int> ref;
  std::mt19937 rng(7);
  for (int step = 0; step < 40000; ++step) {
    const std::string& key = *pool[rng() % pool.size()];
    switch (rng() % 4) {
      case 0:
      case 1: {
        bool inserted;
        auto& e = map.findOrInsert(key, inserted);
        EXPECT_EQ(inserted, !ref.count(key));
        e.value = step;
        ref[key] = step;
        break;
      }
      case 2:
        EXPECT_EQ(map.erase(key), ref.erase(key) == 1);
        break;
      default: {
        const int* v = map.find(key);
        auto it = ref.find(key);
        ASSERT_EQ(v != nullptr, it != ref.end());
        if (v) {
          EXPECT_EQ(*v, it->second);
        }
      }
    }
    ASSERT_EQ(map.size(), ref.size());
  }
  size_t seen = 0;
  map.forEach([&](std::string_view k, int v) {
    ++seen;
    EXPECT_EQ(ref.at(std::string(k)), v);
  });
  EXPECT_EQ(seen, ref.size());
  map.clear();
  EXPECT_TRUE(map.empty());
  EXPECT_EQ(map.find("k1"), nullptr);
}

TEST(FlatStringMap, ReserveAndRepointedKeys) {
  const std::vector<std::string> keys = {"c", "a", "b"};  // outlive the map's entries
  FlatStringMap<std::string> map;
  map.reserve(100);
  map.prefetch("a");
  std::string first = "name", second = "name";
  map.insertOrAssign(first, "1");
  map.insertOrAssign(second, "2");  // same text: the entry's key now views `second`
  first.assign("gone");
  ASSERT_NE(map.find("name"), nullptr);
  EXPECT_EQ(*map.find("name"), "2");
  EXPECT_EQ(map.size(), 1u);
  std::vector<std::string> order;
  for (const std::string& k : keys) map.insertOrAssign(k, k);
  map.forEach([&](std::string_view k, const std::string&) { order.emplace_back(k); });
  EXPECT_EQ(order, (std::vector<std::string>{"name", "c", "a", "b"}));  // insertion order
}

}  // namespace

#if PTOC_JEMALLOC
#include <jemalloc/jemalloc.h>

// The executables run on jemalloc with the options of lib/support/MallocConf.cpp (huge
// pages, freed memory kept between passes): this fails if the library was not linked in
// front of glibc's malloc or if jemalloc did not read `malloc_conf`.
TEST(Malloc, JemallocWithPtocOptions) {
  void* p = malloc(100);  // jemalloc initializes on first use
  free(p);
  const char* thp = nullptr;
  size_t len = sizeof(thp);
  ASSERT_EQ(mallctl("opt.thp", &thp, &len, nullptr, 0), 0);
  EXPECT_STREQ(thp, "always");
  ssize_t muzzy = -2;
  len = sizeof(muzzy);
  ASSERT_EQ(mallctl("opt.muzzy_decay_ms", &muzzy, &len, nullptr, 0), 0);
  EXPECT_EQ(muzzy, 0);
  ssize_t dirty = -2;  // -1: freed memory is kept for reuse, never purged
  len = sizeof(dirty);
  ASSERT_EQ(mallctl("opt.dirty_decay_ms", &dirty, &len, nullptr, 0), 0);
  EXPECT_EQ(dirty, -1);
  size_t fit = 0;
  len = sizeof(fit);
  ASSERT_EQ(mallctl("opt.lg_extent_max_active_fit", &fit, &len, nullptr, 0), 0);
  EXPECT_EQ(fit, 20u);
}

/// Bytes jemalloc has mapped from the kernel (after refreshing its statistics).
size_t mappedBytes() {
  uint64_t epoch = 1;
  size_t len = sizeof(epoch);
  mallctl("epoch", &epoch, &len, &epoch, len);
  size_t mapped = 0;
  len = sizeof(mapped);
  if (mallctl("stats.mapped", &mapped, &len, nullptr, 0) != 0) return 0;
  return mapped;
}

/// A `pl` program of `n` two-statement units (tile and scalar arithmetic) in one function.
std::string generatedProgram(int n) {
  std::string s =
      "import pypto.language as pl\n\n@pl.program\nclass Gen:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def f(self, x: pl.Tensor[[16, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):\n"
      "        t0 = pl.load(x, [0, 0], [16, 64])\n        c0 = k + 1\n";
  for (int i = 1; i <= n; ++i)
    s += "        t" + std::to_string(i) + " = pl.add(t" + std::to_string(i - 1) +
         ", 2.0)\n        c" + std::to_string(i) + " = (c" + std::to_string(i - 1) + " + " +
         std::to_string(i) + ") % 7\n";
  return s + "        return\n";
}

// What the options are for: a program freed as a whole leaves its memory to the next one.
// With jemalloc's default lg_extent_max_active_fit (6) every later front-end run of the same
// program mapped (and faulted in) about a quarter of its heap afresh.
TEST(Malloc, FreedProgramMemoryIsReusedByTheNextProgram) {
  const std::string src = generatedProgram(20000);
  auto run = [&] {
    SourceManager sm;
    DiagnosticEngine diag(sm);
    uint32_t id = sm.addBuffer("gen.py", src);
    ir::ProgramPtr p = frontend::parseProgram(sm, id, diag);
    ASSERT_TRUE(p) << diag.renderJson();
  };
  run();
  run();
  size_t before = mappedBytes();
  ASSERT_GT(before, 0u);
  for (int i = 0; i < 4; ++i) run();
  EXPECT_LT(mappedBytes(), before + (2u << 20))
      << "freed memory was not reused: jemalloc mapped fresh memory for the next programs";
}
#endif
