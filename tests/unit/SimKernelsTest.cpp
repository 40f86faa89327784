// Unit tests of the op kernels (lib/sim/kernels) of memory and data movement, on calls built
// with createOpCall from the op registry (real kwargs and result types): every op has a
// kernel; loads, stores, moves, generators (Philox known answers), views with valid-shape
// padding, and the cross-core kernels' requests to the runtime. Expected values are worked
// out by hand.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>

#include "SimKernelsTestFixture.h"

namespace ptoc::sim {
namespace {

TEST_F(SimKernelsTest, EveryRegisteredOpHasAKernel) {
  EXPECT_TRUE(OpSemantics::instance().missing().empty())
      << "ops without simulator semantics: "
      << ::testing::PrintToString(OpSemantics::instance().missing());
}

TEST_F(SimKernelsTest, KindMismatchIsASimError) {
  auto c = call("tile.add", {tileVar({1, 2}), tileVar({1, 2})});
  try {
    run(c, {tile(DType::FP32, {1, 2}, {1, 2}), Scalar::ofInt(DType::Index, 3)});
    FAIL() << "expected a SimError";
  } catch (const SimError& e) {
    EXPECT_NE(std::string(e.what()).find("argument 2 of tile.add must be a tile"),
              std::string::npos)
        << e.what();
  }
}

// ---- memory ---------------------------------------------------------------------------------

TEST_F(SimKernelsTest, LoadReadsWindowWithValidShapeAndPad) {
  std::vector<double> v;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 6; ++c) v.push_back(r * 10 + c);
  Tensor src = tensor(DType::FP32, {4, 6}, v);
  auto full = call("tile.load", {tensorVar({4, 6}), list({1, 2}), list({2, 4})});
  Value t = run(full, {src, ints({1, 2}), ints({2, 4})});
  expectValues(t, {12, 13, 14, 15, 22, 23, 24, 25});
  EXPECT_EQ(t.get<Tile>().valid, (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(t.get<Tile>().memory, MemorySpace::Vec);

  auto partial = call("tile.load", {tensorVar({4, 6}), list({1, 2}), list({2, 4}), list({2, 3})});
  Value p = run(partial, {src, ints({1, 2}), ints({2, 4}), ints({2, 3})});
  expectValues(p, {12, 13, 14, 0, 22, 23, 24, 0});
  EXPECT_EQ(p.get<Tile>().valid, (std::vector<int64_t>{2, 3}));

  // A padded tile may hang over the tensor's edge as long as its valid region stays inside.
  auto dyn = call("tile.load", {tensorVar({4, 6}), dynList(2), list({3, 4}), dynList(2)});
  Value edge = run(dyn, {src, ints({2, 4}), ints({3, 4}), ints({2, 2})});
  expectValues(edge, {24, 25, 0, 0, 34, 35, 0, 0, 0, 0, 0, 0});
  try {
    run(dyn, {src, ints({2, 4}), ints({3, 4}), ints({2, 4})});
    FAIL() << "expected a SimError";
  } catch (const SimError& e) {
    EXPECT_NE(std::string(e.what()).find("tile.load reads [4, 8) on axis 1"), std::string::npos)
        << e.what();
  }
}

TEST_F(SimKernelsTest, StoreWritesOnlyTheValidRegion) {
  Tensor dst = tensor(DType::FP32, {2, 5}, std::vector<double>(10, -1));
  auto c = call("tile.store", {tileVar({2, 4}, DType::FP32, MemorySpace::Vec, {2, 3}), list({0, 1}),
                               tensorVar({2, 5})});
  Value r = run(c, {tile(DType::FP32, {2, 4}, iota(8), {2, 3}), ints({0, 1}), dst});
  EXPECT_EQ(r.get<Tensor>().buf, dst.buf);  // written in place, visible to the caller
  expectValues(dst, {-1, 0, 1, 2, -1, -1, 4, 5, 6, -1});

  auto dyn = call("tile.store", {tileVar({2, 4}), dynList(2), tensorVar({2, 5})});
  EXPECT_THROW(run(dyn, {tile(DType::FP32, {2, 4}, iota(8)), ints({0, 2}), dst}), SimError);
}

TEST_F(SimKernelsTest, MoveCopiesTheValidRegionIntoTheTargetSpace) {
  auto c = call("tile.move", {tileVar({2, 2}, DType::FP32, MemorySpace::Vec, {1, 2})},
                {{"target_memory", MemorySpace::Mat}});
  Tile src = tile(DType::FP32, {2, 2}, {1, 2, 99, 99}, {1, 2});
  Value r = run(c, {src});
  expectValues(r, {1, 2, 0, 0});
  EXPECT_EQ(r.get<Tile>().memory, MemorySpace::Mat);
  EXPECT_NE(r.get<Tile>().buf, src.buf);
}

TEST_F(SimKernelsTest, GeneratorsCreateFullCi) {
  Value z = run(call("tile.create", {list({2, 2})}, {{"dtype", DType::FP16}}), {ints({2, 2})});
  expectValues(z, {0, 0, 0, 0});
  Value f = run(call("tile.full", {list({1, 3}), f32(0.1)}, {{"dtype", DType::FP16}}),
                {ints({1, 3}), F(0.1)});
  double h = static_cast<double>(fp16ToFloat(floatToFp16(0.1f)));
  expectValues(f, {h, h, h});
  Value ci = run(call("tile.ci", {i32(3), list({1, 5})}, {{"dtype", DType::Int32}}),
                 {I(3, DType::Int32), ints({1, 5})});
  expectValues(ci, {3, 4, 5, 6, 7});
  Value down = run(call("tile.ci", {scalarVar(DType::UInt16), list({1, 3})},
                        {{"dtype", DType::UInt16}, {"descending", true}}),
                   {I(1, DType::UInt16), ints({1, 3})});
  expectValues(down, {1, 0, 65535});  // wraps
}

/// Independent Philox-4x32 (Random123 round function), all four output words.
std::array<uint32_t, 4> philoxRef(std::array<uint32_t, 4> c, std::array<uint32_t, 2> k,
                                  int rounds) {
  for (int r = 0; r < rounds; ++r) {
    uint64_t a = static_cast<uint64_t>(0xD2511F53u) * c[0];
    uint64_t b = static_cast<uint64_t>(0xCD9E8D57u) * c[2];
    c = {static_cast<uint32_t>(b >> 32) ^ c[1] ^ k[0], static_cast<uint32_t>(b),
         static_cast<uint32_t>(a >> 32) ^ c[3] ^ k[1], static_cast<uint32_t>(a)};
    k = {k[0] + 0x9E3779B9u, k[1] + 0xBB67AE85u};
  }
  return c;
}

TEST_F(SimKernelsTest, RandomIsPhilox4x32Word0PerElement) {
  std::vector<ExprPtr> args;
  for (int i = 0; i < 6; ++i) args.push_back(scalarVar(DType::Int32));
  auto withShape = [&](std::vector<ExprPtr> extra) {
    std::vector<ExprPtr> a = args;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  auto u32 = call("tile.random", withShape({list({2, 3})}), {{"dtype", DType::UInt32}});
  auto runWith = [&](const CallPtr& c, std::array<uint32_t, 6> w, std::vector<Value> extra) {
    std::vector<Value> a;
    for (uint32_t x : w) a.push_back(I(static_cast<int32_t>(x), DType::Int32));
    a.insert(a.end(), extra.begin(), extra.end());
    return run(c, a);
  };
  // Known-answer vectors of Random123 (philox4x32, 10 rounds), word 0.
  Value zero = runWith(u32, {0, 0, 0, 0, 0, 0}, {ints({2, 3})});
  EXPECT_EQ(bufOf(zero).as<uint32_t>()[0], 0x6627e8d5u);
  Value ones = runWith(u32, {~0u, ~0u, ~0u, ~0u, ~0u, ~0u}, {ints({2, 3})});
  EXPECT_EQ(bufOf(ones).as<uint32_t>()[0], 0x408f276du);
  Value pi =
      runWith(u32, {0xa4093822u, 0x299f31d0u, 0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
              {ints({2, 3})});
  EXPECT_EQ(bufOf(pi).as<uint32_t>()[0], 0xd16cfe09u);
  // Element e (row-major over the static shape) uses counter0 + e; 7 rounds differ.
  for (uint32_t e = 0; e < 6; ++e)
    EXPECT_EQ(bufOf(pi).as<uint32_t>()[e],
              philoxRef({0x243f6a88u + e, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
                        {0xa4093822u, 0x299f31d0u}, 10)[0]);
  auto r7 = call("tile.random", withShape({list({2, 3}), list({2, 2})}),
                 {{"dtype", DType::Int32}, {"rounds", int64_t{7}}});
  Value seven = runWith(r7, {5, 6, 7, 8, 9, 10}, {ints({2, 3}), ints({2, 2})});
  for (uint32_t e : {0u, 1u, 3u, 4u})
    EXPECT_EQ(bufOf(seven).as<uint32_t>()[e], philoxRef({7 + e, 8, 9, 10}, {5, 6}, 7)[0]);
  EXPECT_EQ(bufOf(seven).as<uint32_t>()[2], 0u);  // outside the valid region
  EXPECT_EQ(bufOf(seven).as<uint32_t>()[5], 0u);
}

TEST_F(SimKernelsTest, SliceReadsThroughTheSourcePadding) {
  auto src = tile(DType::FP32, {4, 4}, iota(16), {3, 4});
  ExprPtr sv = tileVar({4, 4}, DType::FP32, MemorySpace::Vec, {3, 4});
  Value a =
      run(call("tile.slice", {sv, list({2, 2}), list({2, 2})}), {src, ints({2, 2}), ints({2, 2})});
  expectValues(a, {10, 11, 0, 0});
  EXPECT_EQ(a.get<Tile>().valid, (std::vector<int64_t>{1, 2}));
  // An explicit valid shape reaching past the source's valid rows reads its pad (0), not 14.
  Value b = run(call("tile.slice", {sv, list({2, 2}), list({2, 2}), list({2, 2})}),
                {src, ints({2, 2}), ints({2, 2}), ints({2, 2})});
  expectValues(b, {10, 11, 0, 0});
  EXPECT_EQ(b.get<Tile>().valid, (std::vector<int64_t>{2, 2}));
  Value c =
      run(call("tile.slice", {sv, list({2, 2}), list({2, 2})}, {{"pad_value", PadValue::Max}}),
          {src, ints({2, 2}), ints({2, 2})});
  expectValues(c, {10, 11, kInf, kInf});
}

TEST_F(SimKernelsTest, ReshapeCarriesTheValidRegion) {
  Value a = run(call("tile.reshape", {tileVar({2, 4}), list({4, 2})}),
                {tile(DType::FP32, {2, 4}, iota(8)), ints({4, 2})});
  expectValues(a, iota(8));
  Value b = run(
      call("tile.reshape", {tileVar({1, 8}, DType::FP32, MemorySpace::Vec, {1, 4}), list({2, 4})}),
      {tile(DType::FP32, {1, 8}, iota(8), {1, 4}), ints({2, 4})});
  EXPECT_EQ(b.get<Tile>().valid, (std::vector<int64_t>{1, 4}));
  expectValues(b, {0, 1, 2, 3, 0, 0, 0, 0});
  Value c = run(
      call("tile.reshape", {tileVar({4, 1}, DType::FP32, MemorySpace::Vec, {3, 1}), list({1, 4})}),
      {tile(DType::FP32, {4, 1}, iota(4), {3, 1}), ints({1, 4})});
  EXPECT_EQ(c.get<Tile>().valid, (std::vector<int64_t>{1, 3}));
  expectValues(c, {0, 1, 2, 0});
}

TEST_F(SimKernelsTest, ExtractSetValidShapeTranspose) {
  auto mat = tileVar({4, 4}, DType::FP32, MemorySpace::Mat);
  Tile src = tile(DType::FP32, {4, 4}, iota(16), {}, PadValue::Null, MemorySpace::Mat);
  Value e = run(call("tile.extract", {mat, idx(1), idx(2), list({2, 2})}),
                {src, I(1), I(2), ints({2, 2})});
  expectValues(e, {6, 7, 10, 11});
  auto dyn = call("tile.extract", {mat, scalarVar(DType::Index), idx(0), list({2, 2})});
  EXPECT_THROW(run(dyn, {src, I(3), I(0), ints({2, 2})}), SimError);

  auto sv = call("tile.set_validshape",
                 {tileVar({2, 3}), scalarVar(DType::Index), scalarVar(DType::Index)});
  Tile t = tile(DType::FP32, {2, 3}, iota(6));
  Value v = run(sv, {t, I(1), I(2)});
  EXPECT_EQ(v.get<Tile>().valid, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(v.get<Tile>().buf, t.buf);  // metadata only
  EXPECT_THROW(run(sv, {t, I(3), I(2)}), SimError);

  Value tr = run(call("tile.transpose",
                      {tileVar({2, 3}, DType::FP32, MemorySpace::Vec, {2, 2}), idx(0), idx(1)}),
                 {tile(DType::FP32, {2, 3}, iota(6), {2, 2}), I(0), I(1)});
  EXPECT_EQ(tr.get<Tile>().shape(), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(tr.get<Tile>().valid, (std::vector<int64_t>{2, 2}));
  expectValues(tr, {0, 3, 1, 4, 0, 0});

  // A full non-square tile: every element lands at its transposed position (this
  // shape read past the source buffer before the kernel was rewritten).
  std::vector<double> src46 = iota(24), want(24);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) want[j * 4 + i] = src46[i * 6 + j];
  Value full = run(call("tile.transpose", {tileVar({4, 6}), idx(0), idx(1)}),
                   {tile(DType::FP32, {4, 6}, src46), I(0), I(1)});
  EXPECT_EQ(full.get<Tile>().shape(), (std::vector<int64_t>{6, 4}));
  expectValues(full, want);
}

struct FakeServices : CoreServices {
  std::vector<std::string> log;
  int64_t subblockIdx() const override { return 1; }
  int64_t blockIdx() const override { return 3; }
  int64_t blockNum() const override { return 5; }
  void push(const Call& c, bool toAiv, const Tile& t, int64_t split, int64_t stride) override {
    log.push_back(fmt::format("{} {} {} {} {}", c.callee, toAiv, t.shape()[0], split, stride));
  }
  Tile pop(const Call& c, bool fromAic, const TileType& type, int64_t split,
           int64_t stride) override {
    log.push_back(fmt::format("{} {} {} {}", c.callee, fromAic, split, stride));
    return makeTile(type, type.shape);
  }
  void free(const Call& c, bool toAic, const Tile&) override {
    log.push_back(fmt::format("{} {}", c.callee, toAic));
  }
  Scalar reserveBuffer(const Call& c) override {
    log.emplace_back(c.callee);
    return Scalar::ofInt(DType::Int32, 7);
  }
  Scalar importPeerBuffer(const Call& c) override {
    log.emplace_back(c.callee);
    return Scalar::ofInt(DType::Int32, 8);
  }
  void initializePipe(const Call& c, bool onAic, const std::vector<Value>& args) override {
    log.push_back(fmt::format("{} {} {}", c.callee, onAic, args.size()));
  }
  Tile aivShard(const Call& c, const Tile& full, int64_t mode, int64_t stride) override {
    log.push_back(fmt::format("{} {} {}", c.callee, mode, stride));
    return full;
  }
  Tile aicGather(const Call& c, const Tile& half, int64_t mode) override {
    log.push_back(fmt::format("{} {}", c.callee, mode));
    return half;
  }
};

TEST_F(SimKernelsTest, CrossCoreKernelsDecodeKwargsForTheRuntime) {
  FakeServices fake;
  auto go = [&](const CallPtr& c, std::vector<Value> args) {
    return OpSemantics::instance().evaluate(*c, args, fake);
  };
  Tile acc = tile(DType::FP32, {16, 16}, {}, {}, PadValue::Null, MemorySpace::Acc);
  Tile vec = tile(DType::FP32, {8, 16}, {});
  auto accVar = tileVar({16, 16}, DType::FP32, MemorySpace::Acc);
  auto vecVar = tileVar({8, 16});
  go(call("tile.tpush_to_aiv", {accVar}, {{"split", int64_t{2}}, {"lane_stride", int64_t{4}}}),
     {acc});
  go(call("tile.tpush_to_aic", {vecVar}, {{"split", int64_t{1}}}), {vec});
  Value popped = go(call("tile.tpop_from_aic", {}, {{"split", int64_t{1}}},
                         TileType::get({8, 16}, DType::FP32, std::nullopt)),
                    {});
  EXPECT_EQ(popped.get<Tile>().shape(), (std::vector<int64_t>{8, 16}));
  go(call("tile.tpop_from_aiv", {}, {}, TileType::get({16, 16}, DType::FP32, std::nullopt)), {});
  go(call("system.tfree_to_aic", {vecVar}), {vec});
  go(call("system.tfree_to_aiv", {tileVar({16, 16}, DType::FP32, MemorySpace::Mat)}), {acc});
  Value h = go(
      call("system.reserve_buffer", {}, {{"name", std::string("p")}, {"size", int64_t{1024}}}), {});
  EXPECT_EQ(h.get<Scalar>().i, 7);
  go(call("system.import_peer_buffer", {},
          {{"name", std::string("p")}, {"peer_func", std::string("f")}}),
     {});
  go(call("system.aic_initialize_pipe", {i32(0), scalarVar(DType::Int32)},
          {{"dir_mask", int64_t{1}}, {"slot_size", int64_t{1024}}}),
     {I(0, DType::Int32), I(7, DType::Int32)});
  go(call("system.aiv_initialize_pipe", {i32(0), scalarVar(DType::Int32)},
          {{"dir_mask", int64_t{2}}, {"slot_size", int64_t{1024}}}),
     {I(0, DType::Int32), I(7, DType::Int32)});
  go(call("tile.aiv_shard", {accVar}, {{"split", SplitMode::UpDown}, {"lane_stride", int64_t{4}}}),
     {acc});
  go(call("tile.aic_gather", {vecVar}, {{"split", SplitMode::LeftRight}}), {vec});
  EXPECT_EQ(go(call("tile.get_subblock_idx", {}), {}).get<Scalar>().i, 1);
  EXPECT_EQ(go(call("tile.get_block_idx", {}), {}).get<Scalar>().i, 3);
  EXPECT_EQ(go(call("tile.get_block_num", {}), {}).get<Scalar>().i, 5);
  std::vector<std::string> want = {"tile.tpush_to_aiv true 16 2 4",
                                   "tile.tpush_to_aic false 8 1 0",
                                   "tile.tpop_from_aic true 1 0",
                                   "tile.tpop_from_aiv false 0 0",
                                   "system.tfree_to_aic true",
                                   "system.tfree_to_aiv false",
                                   "system.reserve_buffer",
                                   "system.import_peer_buffer",
                                   "system.aic_initialize_pipe true 2",
                                   "system.aiv_initialize_pipe false 2",
                                   "tile.aiv_shard 1 4",
                                   "tile.aic_gather 2"};
  EXPECT_EQ(fake.log, want);
}

}  // namespace
}  // namespace ptoc::sim
