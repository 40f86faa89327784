// Unit tests of the interpreter and the core-group runtime: scalar semantics, control
// flow (SSA and natural code alike), calls, the baton scheduler (order, deadlock report,
// error propagation), pipes (split codes, lane halves, lane_stride, slots, joins),
// split_aiv lanes, seeded inputs and the output comparison of `ptoc check`.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../lib/sim/CoreGroup.h"
#include "../../lib/sim/CoreGroupTiles.h"
#include "../../lib/sim/InterpreterImpl.h"
#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/sim/Interpreter.h"
#include "ptoc/sim/RunDriver.h"

namespace ptoc::sim {
namespace {

using ir::BinaryOp;
using ir::DType;

// --- helpers ---------------------------------------------------------------------------

struct Parsed {
  SourceManager sm;
  DiagnosticEngine diag{sm};
  ir::ProgramPtr program;
};

std::unique_ptr<Parsed> parse(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  p->diag.setPrintImmediately(false);
  uint32_t id = p->sm.addBuffer("test.py", "import pypto.language as pl\n\n" + text);
  try {
    p->program = frontend::parseProgram(p->sm, id, p->diag);
  } catch (const CompileError&) {
    std::string msg;
    for (const auto& d : p->diag.diagnostics()) msg += p->diag.renderText(d);
    ADD_FAILURE() << "parse failed:\n" << msg;
  }
  return p;
}

RunResult runFn(const Parsed& p, const std::string& fn, std::vector<Value> args) {
  Interpreter interp(*p.program);
  return interp.run(*p.program->find(fn), std::move(args));
}

Scalar idx(int64_t v) { return Scalar::ofInt(DType::Index, v); }
Scalar f32(double v) { return Scalar::ofFloat(DType::FP32, v); }

int64_t intOf(const Value& v) { return v.get<Scalar>().i; }
double floatOf(const Value& v) { return v.get<Scalar>().f; }

Scalar bin(BinaryOp op, Scalar a, Scalar b, DType r) {
  return detail::binaryScalar(op, a, b, r, Span{});
}

/// A [rows, cols] FP32 tile whose element (r, c) is r * 100 + c.
Tile iotaTile(int64_t rows, int64_t cols) {
  Tile t = newTile(DType::FP32, {rows, cols});
  for (int64_t i = 0; i < rows * cols; ++i)
    t.buf->setF(i, static_cast<double>((i / cols) * 100 + i % cols));
  return t;
}

double at(const Tile& t, int64_t r, int64_t c) { return t.buf->getF(r * t.buf->shape[1] + c); }

ir::CallPtr opCall(const std::string& name, ir::AttrList kwargs = {}, ir::TypePtr type = nullptr) {
  return ir::callOp(name, {}, std::move(kwargs), type ? type : ir::UnknownType::get(),
                    OpRegistry::instance().find(name));
}

// --- scalar semantics ------------------------------------------------------------------

TEST(InterpreterScalar, FloorDivisionAndModuloFollowPython) {
  EXPECT_EQ(bin(BinaryOp::FloorDiv, idx(-7), idx(2), DType::Index).i, -4);
  EXPECT_EQ(bin(BinaryOp::FloorMod, idx(-7), idx(2), DType::Index).i, 1);
  EXPECT_EQ(bin(BinaryOp::FloorDiv, idx(7), idx(-2), DType::Index).i, -4);
  EXPECT_EQ(bin(BinaryOp::FloorMod, idx(7), idx(-2), DType::Index).i, -1);
  EXPECT_EQ(bin(BinaryOp::FloorMod, f32(-7.5), f32(2), DType::FP32).f, 0.5);
  EXPECT_EQ(bin(BinaryOp::FloorDiv, f32(-7.5), f32(2), DType::FP32).f, -4.0);
  EXPECT_THROW(bin(BinaryOp::FloorDiv, idx(1), idx(0), DType::Index), SimError);
  EXPECT_THROW(bin(BinaryOp::FloorMod, idx(1), idx(0), DType::Index), SimError);
  EXPECT_EQ(bin(BinaryOp::FloorDiv, idx(INT64_MIN), idx(-1), DType::Index).i, INT64_MIN);
}

TEST(InterpreterScalar, IntegersWrapToTheirWidthAndFloatsRoundOnce) {
  Scalar a = Scalar::ofInt(DType::Int8, 120), b = Scalar::ofInt(DType::Int8, 10);
  EXPECT_EQ(bin(BinaryOp::Add, a, b, DType::Int8).i, -126);
  EXPECT_EQ(bin(BinaryOp::Mul, idx(INT64_MAX), idx(2), DType::Index).i, -2);
  // 1/3 in FP32 then * 3 rounds to exactly 1.0 in FP32.
  Scalar third = bin(BinaryOp::Div, f32(1), f32(3), DType::FP32);
  EXPECT_EQ(third.f, static_cast<double>(1.0f / 3.0f));
  EXPECT_EQ(bin(BinaryOp::Mul, third, f32(3), DType::FP32).f, 1.0);
  Scalar h = Scalar::ofFloat(DType::FP16, 2048);
  EXPECT_EQ(bin(BinaryOp::Add, h, Scalar::ofFloat(DType::FP16, 1), DType::FP16).f, 2048.0);
  EXPECT_EQ(bin(BinaryOp::Pow, idx(3), idx(4), DType::Index).i, 81);
  EXPECT_THROW(bin(BinaryOp::Pow, idx(3), idx(-1), DType::Index), SimError);
}

TEST(InterpreterScalar, ComparisonsShiftsAndMinMax) {
  EXPECT_EQ(bin(BinaryOp::Lt, idx(-1), f32(0.5), DType::Bool).i, 1);
  EXPECT_EQ(bin(BinaryOp::Ge, f32(NAN), f32(NAN), DType::Bool).i, 0);
  EXPECT_EQ(bin(BinaryOp::Ne, f32(NAN), f32(NAN), DType::Bool).i, 1);
  Scalar big = Scalar::ofInt(DType::UInt64, -1);  // 2^64 - 1
  EXPECT_EQ(bin(BinaryOp::Gt, big, Scalar::ofInt(DType::UInt64, 1), DType::Bool).i, 1);
  EXPECT_EQ(bin(BinaryOp::Shl, idx(1), idx(70), DType::Index).i, 0);
  EXPECT_EQ(bin(BinaryOp::Shr, idx(-8), idx(1), DType::Index).i, -4);
  EXPECT_THROW(bin(BinaryOp::Shl, idx(1), idx(-1), DType::Index), SimError);
  EXPECT_THROW(bin(BinaryOp::BitAnd, f32(1), f32(1), DType::FP32), SimError);
  EXPECT_TRUE(std::signbit(bin(BinaryOp::Min, f32(0.0), f32(-0.0), DType::FP32).f));
  EXPECT_FALSE(std::signbit(bin(BinaryOp::Max, f32(-0.0), f32(0.0), DType::FP32).f));
  EXPECT_TRUE(std::isnan(bin(BinaryOp::Max, f32(NAN), f32(1), DType::FP32).f));
  EXPECT_EQ(detail::unaryScalar(ir::UnaryOp::Cast, f32(-2.7), DType::Int32, Span{}).i, -2);
  EXPECT_EQ(
      detail::unaryScalar(ir::UnaryOp::Neg, Scalar::ofInt(DType::Int8, -128), DType::Int8, Span{})
          .i,
      -128);
}

// --- control flow and calls ------------------------------------------------------------

TEST(InterpreterProgram, SsaAndNaturalLoopsAgree) {
  auto p = parse(R"(
@pl.function
def ssa(n: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.FP32]]:
    for i, (acc, x) in pl.range(n, init_values=(0, 1.0)):
        acc2 = acc + i * i
        if i % 2 == 0:
            x2 = pl.yield_(x * 2.0)
        else:
            x2 = pl.yield_(x - 0.5)
        acc_out, x_out = pl.yield_(acc2, x2)
    return acc_out, x_out

@pl.function
def natural(n: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.FP32]]:
    acc = 0
    x = 1.0
    for i in pl.range(n):
        acc = acc + i * i
        if i % 2 == 0:
            x = x * 2.0
        else:
            x = x - 0.5
    return acc, x
)");
  for (int64_t n : {0, 1, 5}) {
    RunResult a = runFn(*p, "ssa", {idx(n)});
    RunResult b = runFn(*p, "natural", {idx(n)});
    ASSERT_EQ(a.returns.size(), 2u);
    EXPECT_EQ(intOf(a.returns[0]), intOf(b.returns[0])) << n;
    EXPECT_EQ(floatOf(a.returns[1]), floatOf(b.returns[1])) << n;
  }
  EXPECT_EQ(intOf(runFn(*p, "ssa", {idx(5)}).returns[0]), 0 + 1 + 4 + 9 + 16);
  EXPECT_EQ(floatOf(runFn(*p, "natural", {idx(5)}).returns[1]), ((1.0 * 2 - 0.5) * 2 - 0.5) * 2);
}

TEST(InterpreterProgram, WhileStepsCallsAndTuples) {
  auto p = parse(R"(
@pl.function
def collatz(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps = steps + 1
    return steps

@pl.function
def down(a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
    s = 0
    for i in pl.range(10, 0, -3):
        s = s * 100 + i
    return s, collatz(a)

@pl.function
def main(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    s, c = down(a)
    return s + c
)");
  EXPECT_EQ(intOf(runFn(*p, "collatz", {idx(27)}).returns[0]), 111);
  EXPECT_EQ(intOf(runFn(*p, "main", {idx(6)}).returns[0]), 10070401 + 8);
}

TEST(InterpreterProgram, SimdRegionStoresElementsInPlace) {
  auto p = parse(R"(
@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[2, 4], pl.FP32], y: pl.Out[pl.Tensor[[2, 4], pl.FP32]]) -> pl.Tensor[[2, 4], pl.FP32]:
    a = pl.load(x, [0, 0], [2, 4])
    b = pl.tile.create([2, 4], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    with pl.simd_vf(lanes=64):
        for i in pl.parallel(2):
            acc = 0.0
            for j in pl.range(4):
                acc = acc + a[i, j]
                b[i, j] = acc
    y = pl.store(b, [0, 0], y)
    return y
)");
  Tensor x = newTensor(DType::FP32, {2, 4});
  for (int i = 0; i < 8; ++i) x.buf->setF(i, i + 1);
  Tensor y = newTensor(DType::FP32, {2, 4});
  runFn(*p, "f", {x, y});
  std::vector<double> want = {1, 3, 6, 10, 5, 11, 18, 26};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(y.buf->getF(i), want[i]) << i;
}

TEST(InterpreterProgram, ReadBeforeAssignmentAndArityAreSimErrors) {
  auto p = parse(R"(
@pl.function
def f(c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
    if c:
        x = 1
    return x
)");
  EXPECT_EQ(intOf(runFn(*p, "f", {Scalar::ofBool(true)}).returns[0]), 1);
  try {
    runFn(*p, "f", {Scalar::ofBool(false)});
    ADD_FAILURE() << "expected a SimError";
  } catch (const SimError& e) {
    EXPECT_NE(std::string(e.what()).find("'x' is read before it has a value"), std::string::npos);
    EXPECT_TRUE(e.span.valid());
  }
  EXPECT_THROW(runFn(*p, "f", {}), SimError);
}

// --- scheduler -------------------------------------------------------------------------

TEST(TaskSchedulerTest, SwitchesOnlyWhenBlockedInFixedOrder) {
  TaskScheduler s("g");
  std::vector<std::string> log;
  int produced = 0;
  s.addTask("producer", [&] {
    for (int i = 0; i < 3; ++i) {
      std::function<bool()> room = [&] { return produced < 1; };
      s.waitUntil(0, room, WaitSite{});
      ++produced;
      log.push_back("push" + std::to_string(i));
    }
  });
  s.addTask("consumer", [&] {
    for (int i = 0; i < 3; ++i) {
      std::function<bool()> data = [&] { return produced > 0; };
      s.waitUntil(1, data, WaitSite{});
      --produced;
      log.push_back("pop" + std::to_string(i));
    }
  });
  s.run();
  std::vector<std::string> want = {"push0", "pop0", "push1", "pop1", "push2", "pop2"};
  EXPECT_EQ(log, want);
}

// Schedule::AivFirst: the last task starts, and the baton goes backwards.
TEST(TaskSchedulerTest, BackwardsStartsWithTheLastTask) {
  TaskScheduler s("g", /*backwards=*/true);
  std::vector<std::string> log;
  bool aicDone = false;
  s.addTask("aic", [&] {
    log.push_back("aic");
    aicDone = true;
  });
  s.addTask("aiv0", [&] { log.push_back("aiv0"); });
  s.addTask("aiv1", [&] {
    log.push_back("aiv1 starts");
    std::function<bool()> after = [&] { return aicDone; };
    s.waitUntil(2, after, WaitSite{});
    log.push_back("aiv1 resumes");
  });
  s.run();
  std::vector<std::string> want = {"aiv1 starts", "aiv0", "aic", "aiv1 resumes"};
  EXPECT_EQ(log, want);
}

TEST(TaskSchedulerTest, DeadlockNamesEveryBlockedTaskAndUnwindsThem) {
  SourceManager sm;
  uint32_t file = sm.addBuffer("x.py", "a\nb\n");
  auto popA =
      ir::callOp("tile.tpop_from_aic", {}, {}, ir::UnknownType::get(), nullptr, Span{file, 0, 1});
  auto popB =
      ir::callOp("tile.tpop_from_aiv", {}, {}, ir::UnknownType::get(), nullptr, Span{file, 2, 3});
  TaskScheduler s("grp");
  int unwound = 0;
  struct Guard {
    int& n;
    ~Guard() { ++n; }
  };
  std::function<bool()> never = [] { return false; };
  s.addTask("A (AIV lane 0)", [&] {
    Guard g{unwound};
    s.waitUntil(0, never, WaitSite{popA.get(), [] { return "nothing for A"; }});
  });
  s.addTask("B (AIC)", [&] {
    Guard g{unwound};
    s.waitUntil(1, never, WaitSite{popB.get(), [] { return "nothing for B"; }});
  });
  s.addTask("C", [] {});
  try {
    s.run();
    ADD_FAILURE() << "expected a deadlock";
  } catch (const SimErrorWithNotes& e) {
    EXPECT_EQ(std::string(e.what()),
              "deadlock in core group 'grp': A (AIV lane 0) waits in tile.tpop_from_aic and no "
              "task can proceed (C finished)");
    EXPECT_EQ(e.span.begin, 0u);
    ASSERT_EQ(e.notes.size(), 2u);
    EXPECT_EQ(e.notes[0].second, "A (AIV lane 0) is blocked in tile.tpop_from_aic: nothing for A");
    EXPECT_EQ(e.notes[1].second, "B (AIC) is blocked in tile.tpop_from_aiv: nothing for B");
    EXPECT_EQ(e.notes[1].first.begin, 2u);
  }
  EXPECT_EQ(unwound, 2);
}

TEST(TaskSchedulerTest, AnErrorInOneTaskAbortsTheOthers) {
  TaskScheduler s("g");
  bool ranPastWait = false;
  s.addTask("waiter", [&] {
    std::function<bool()> never = [] { return false; };
    s.waitUntil(0, never, WaitSite{});
    ranPastWait = true;
  });
  s.addTask("thrower", [] { throw SimError(Span{}, "boom"); });
  s.addTask("never started", [&] { ranPastWait = true; });
  EXPECT_THROW(
      {
        try {
          s.run();
        } catch (const SimError& e) {
          EXPECT_EQ(std::string(e.what()), "boom");
          throw;
        }
      },
      SimError);
  EXPECT_FALSE(ranPastWait);
}

// --- lane halves -----------------------------------------------------------------------

TEST(CoreGroupTiles, LanePartsFollowSplitCodesStrideAndValidExtent) {
  LanePart a = lanePart(16, 16, 0, 0), b = lanePart(16, 16, 1, 0);
  EXPECT_EQ(a.start, 0);
  EXPECT_EQ(b.start, 8);
  EXPECT_EQ(a.box, 8);
  EXPECT_EQ(b.valid, 8);
  // Odd extent: both boxes hold ceil(7/2) = 4; lane 0 gets 4 valid rows, lane 1 gets 3.
  EXPECT_EQ(lanePart(7, 7, 0, 0).valid, 4);
  EXPECT_EQ(lanePart(7, 7, 1, 0).valid, 3);
  EXPECT_EQ(lanePart(7, 7, 1, 0).box, 4);
  // Balanced partition of 10 valid rows in a 16-row box: lane 1 starts at the stride.
  EXPECT_EQ(lanePart(16, 10, 0, 5).valid, 5);
  EXPECT_EQ(lanePart(16, 10, 1, 5).start, 5);
  EXPECT_EQ(lanePart(16, 10, 1, 5).valid, 5);
  EXPECT_EQ(lanePart(16, 3, 1, 0).valid, 0);
  EXPECT_EQ(splitCodeAxis(3), 0u);
  EXPECT_EQ(splitCodeAxis(4), 1u);
  EXPECT_FALSE(splitCodeAxis(0));
}

TEST(CoreGroupTiles, HalvesJoinBackToTheFullTile) {
  Tile full = iotaTile(6, 4);
  Tile top = laneHalf(full, 0, 0, 0), bottom = laneHalf(full, 0, 1, 0);
  EXPECT_EQ(top.buf->shape, (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(at(top, 2, 3), 203);
  EXPECT_EQ(at(bottom, 0, 0), 300);
  Tile left = laneHalf(full, 1, 0, 0), right = laneHalf(full, 1, 1, 0);
  EXPECT_EQ(at(left, 5, 1), 501);
  EXPECT_EQ(at(right, 5, 0), 502);
  Tile rows = joinHalves(top, bottom, 0), cols = joinHalves(left, right, 1);
  EXPECT_EQ(rows.buf->bytes, full.buf->bytes);
  EXPECT_EQ(cols.buf->bytes, full.buf->bytes);
  EXPECT_EQ(rows.valid, (std::vector<int64_t>{6, 4}));
  // Odd rows: lane 1's box reaches past the tile; its last row is padding.
  Tile odd = iotaTile(5, 2);
  Tile l1 = laneHalf(odd, 0, 1, 0);
  EXPECT_EQ(l1.buf->shape, (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(l1.valid, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(at(l1, 1, 1), 401);
}

// --- pipes through the runtime -----------------------------------------------------------

struct PipeFixture : ::testing::Test {
  std::shared_ptr<ir::Function> aicFn = fn("g_aic"), aivFn = fn("g_aiv");
  ir::CallPtr initAic =
      opCall("system.aic_initialize_pipe",
             {{"dir_mask", int64_t{3}}, {"slot_size", int64_t{1024}}, {"slot_num", int64_t{2}}});
  ir::CallPtr initAiv =
      opCall("system.aiv_initialize_pipe",
             {{"dir_mask", int64_t{3}}, {"slot_size", int64_t{1024}}, {"slot_num", int64_t{2}}});

  static std::shared_ptr<ir::Function> fn(std::string name) {
    return std::make_shared<ir::Function>(name, ir::FunctionType::Opaque, std::vector<ir::VarPtr>{},
                                          std::vector<ir::ParamDirection>{},
                                          std::vector<ir::TypePtr>{}, ir::seq({}), ir::AttrList{},
                                          Span{});
  }
  static ir::CallPtr withSplit(const std::string& op, int64_t split, int64_t stride = 0) {
    ir::AttrList kw = {{"split", split}};
    if (stride) kw.push_back({"lane_stride", stride});
    return opCall(op, kw);
  }
  static std::shared_ptr<const ir::TileType> tileType(std::vector<int64_t> shape,
                                                      ir::MemorySpace m) {
    return ir::TileType::get(std::move(shape), DType::FP32, m);
  }
};

TEST_F(PipeFixture, SplitC2VGivesEachLaneItsHalfAndSlotsBoundThePushes) {
  CoreGroup g("g", GroupKind::CoreGroup, 2);
  std::vector<std::string> log;
  Tile full = iotaTile(8, 16);  // 512 bytes
  auto push = withSplit("tile.tpush_to_aiv", 1);
  auto pop = withSplit("tile.tpop_from_aic", 1);
  auto tfree = opCall("system.tfree_to_aic");
  auto half = tileType({4, 16}, ir::MemorySpace::Vec);
  g.addTask(CoreRole::AIC, 0, *aicFn, [&](CoreServices& c) {
    c.initializePipe(*initAic, true,
                     {Scalar::ofInt(DType::Int32, 0), Scalar::ofInt(DType::Int32, 0)});
    for (int i = 0; i < 3; ++i) {
      c.push(*push, true, full, 1, 0);
      log.push_back("push" + std::to_string(i));
    }
  });
  Tile got[2];
  for (int lane = 0; lane < 2; ++lane)
    g.addTask(CoreRole::AIV, lane, *aivFn, [&, lane](CoreServices& c) {
      EXPECT_EQ(c.subblockIdx(), lane);
      c.initializePipe(*initAiv, false,
                       {Scalar::ofInt(DType::Int32, 0), Scalar::ofInt(DType::Int32, 0)});
      for (int i = 0; i < 3; ++i) {
        Tile t = c.pop(*pop, true, *half, 1, 0);
        if (i == 0) got[lane] = t;
        log.push_back("pop" + std::to_string(i) + "@" + std::to_string(lane));
        c.free(*tfree, true, t);
      }
    });
  g.run();
  // Two slots: the third push waits until both lanes freed the first slot; a task runs
  // until it blocks (lane 1 pops and frees twice before it waits for the third tile).
  std::vector<std::string> want = {"push0",  "push1", "pop0@0", "pop1@0", "pop0@1",
                                   "pop1@1", "push2", "pop2@0", "pop2@1"};
  EXPECT_EQ(log, want);
  EXPECT_EQ(at(got[0], 0, 5), 5);
  EXPECT_EQ(at(got[1], 0, 5), 405);
  EXPECT_EQ(got[1].memory, ir::MemorySpace::Vec);
}

TEST_F(PipeFixture, SplitV2CJoinsBothLanesAndLaneStrideMovesLaneOne) {
  CoreGroup g("g", GroupKind::CoreGroup, 2);
  auto pushUp = withSplit("tile.tpush_to_aic", 1);
  auto popUp = withSplit("tile.tpop_from_aiv", 1);
  auto pushDown = withSplit("tile.tpush_to_aiv", 2, 3);
  auto popDown = withSplit("tile.tpop_from_aic", 2, 3);
  Tile joined;
  Tile lanes[2];
  g.addTask(CoreRole::AIC, 0, *aicFn, [&](CoreServices& c) {
    c.initializePipe(*initAic, true,
                     {Scalar::ofInt(DType::Int32, 0), Scalar::ofInt(DType::Int32, 0)});
    joined = c.pop(*popUp, false, *tileType({4, 4}, ir::MemorySpace::Mat), 1, 0);
    c.free(*opCall("system.tfree_to_aiv"), false, joined);
    c.push(*pushDown, true, iotaTile(2, 8), 2, 3);
  });
  for (int lane = 0; lane < 2; ++lane)
    g.addTask(CoreRole::AIV, lane, *aivFn, [&, lane](CoreServices& c) {
      c.initializePipe(*initAiv, false,
                       {Scalar::ofInt(DType::Int32, 0), Scalar::ofInt(DType::Int32, 0)});
      Tile mine = newTile(DType::FP32, {2, 4});
      for (int i = 0; i < 8; ++i) mine.buf->setF(i, lane * 1000 + i);
      c.push(*pushUp, false, mine, 1, 0);
      lanes[lane] = c.pop(*popDown, true, *tileType({2, 4}, ir::MemorySpace::Vec), 2, 3);
    });
  g.run();
  EXPECT_EQ(joined.memory, ir::MemorySpace::Mat);
  EXPECT_EQ(at(joined, 1, 3), 7);
  EXPECT_EQ(at(joined, 2, 0), 1000);
  // lane_stride 3: lane 1's columns start at 3, and it gets 3 valid columns of its box of 4.
  EXPECT_EQ(at(lanes[0], 1, 0), 100);
  EXPECT_EQ(at(lanes[1], 1, 0), 103);
  EXPECT_EQ(lanes[0].valid, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(lanes[1].valid, (std::vector<int64_t>{2, 3}));
}

TEST_F(PipeFixture, MisuseIsASimErrorNeverAHang) {
  auto expectError = [&](std::function<void(CoreServices&)> aic,
                         std::function<void(CoreServices&)> aiv, const std::string& needle) {
    CoreGroup g("g", GroupKind::CoreGroup, 1);
    g.addTask(CoreRole::AIC, 0, *aicFn, aic);
    g.addTask(CoreRole::AIV, 0, *aivFn, aiv);
    try {
      g.run();
      ADD_FAILURE() << "expected: " << needle;
    } catch (const SimError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  std::vector<Value> zeros = {Scalar::ofInt(DType::Int32, 0), Scalar::ofInt(DType::Int32, 0)};
  auto push0 = withSplit("tile.tpush_to_aiv", 0);
  auto pop0 = withSplit("tile.tpop_from_aic", 0);
  auto nothing = [](CoreServices&) {};
  expectError([&](CoreServices& c) { c.push(*push0, true, iotaTile(2, 2), 0, 0); }, nothing,
              "the C2V pipe 0 is not set up");
  expectError([&](CoreServices& c) { c.initializePipe(*initAic, true, zeros); },
              [&](CoreServices& c) {
                c.initializePipe(*initAiv, false, zeros);
                c.free(*opCall("system.tfree_to_aic"), true, iotaTile(2, 2));
              },
              "holds no popped tile");
  expectError([&](CoreServices& c) { c.initializePipe(*initAic, true, zeros); },
              [&](CoreServices& c) {
                c.initializePipe(*initAiv, false, zeros);
                c.pop(*pop0, true, *tileType({2, 2}, ir::MemorySpace::Vec), 0, 0);
              },
              "deadlock in core group 'g'");
  expectError([&](CoreServices& c) { c.initializePipe(*initAiv, false, zeros); }, nothing,
              "system.aiv_initialize_pipe runs on the AIV, but g_aic runs on the AIC");
  expectError(
      [&](CoreServices& c) {
        c.initializePipe(*initAic, true, zeros);
        c.push(*withSplit("tile.tpush_to_aiv", 3), true, iotaTile(4, 2), 3, 0);
      },
      nothing, "odd split code 3 needs lane 0 to get one more row than lane 1");
}

std::string broadcastProgram(bool dual) {
  return fmt::format(R"(
@pl.program
class B:
    @pl.function(type=pl.FunctionType.AIC)
    def g_aic(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[8, 4], pl.FP32]]):
        c2v = pl.system.import_peer_buffer(name="c2v", peer_func="g_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=64, slot_num=2)
        pl.tile.tpush_to_aiv(pl.load(x, [0, 0], [4, 4], target_memory=pl.Mem.Mat), split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def g_aiv(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[8, 4], pl.FP32]]) -> pl.Tensor[[8, 4], pl.FP32]:
        {0}
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=128, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=64, slot_num=2)
        sb = pl.tile.get_subblock_idx()
        t: pl.Tile[[4, 4], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        out = pl.store(pl.mul(t, pl.cast(sb + 1, pl.FP32)), [sb * 4, 0], out)
        pl.system.tfree_to_aic(t)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def g(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[8, 4], pl.FP32]]) -> pl.Tensor[[8, 4], pl.FP32]:
        self.g_aic(x, out)
        out2 = self.g_aiv(x, out)
        return out2
)",
                     dual ? R"(pl.func_attr({"dual_aiv_dispatch": True}))" : "pass");
}

TEST(CoreGroupProgram, NoSplitPushReachesOneLaneOrBothWithDualDispatch) {
  for (bool dual : {false, true}) {
    auto p = parse(broadcastProgram(dual));
    Tensor x = newTensor(DType::FP32, {4, 4});
    for (int i = 0; i < 16; ++i) x.buf->setF(i, i + 1);
    Tensor out = newTensor(DType::FP32, {8, 4});
    RunResult r = runFn(*p, "g", {x, out});
    ASSERT_TRUE(r.returns[0].is<Tensor>());
    EXPECT_EQ(r.returns[0].get<Tensor>().buf, out.buf);
    for (int i = 0; i < 16; ++i) {
      EXPECT_EQ(out.buf->getF(i), i + 1) << dual;
      EXPECT_EQ(out.buf->getF(16 + i), dual ? 2 * (i + 1) : 0) << dual;
    }
  }
}

TEST(SplitLanes, ShardAndGatherRoundTrip) {
  auto f = PipeFixture::fn("k");
  CoreGroup g("k", GroupKind::SplitLanes, 2);
  Tile full = iotaTile(4, 6);
  auto shard = opCall("tile.aiv_shard", {{"split", ir::SplitMode::LeftRight}},
                      ir::TileType::get({4, 3}, DType::FP32, ir::MemorySpace::Vec));
  auto gather = opCall("tile.aic_gather", {{"split", ir::SplitMode::LeftRight}},
                       ir::TileType::get({4, 6}, DType::FP32, ir::MemorySpace::Mat));
  Tile back[2];
  for (int lane = 0; lane < 2; ++lane)
    g.addTask(CoreRole::AIV, lane, *f, [&, lane](CoreServices& c) {
      Tile h = c.aivShard(*shard, full, 2, 0);
      EXPECT_EQ(at(h, 3, 0), 300 + 3 * lane);
      EXPECT_EQ(h.memory, ir::MemorySpace::Vec);
      back[lane] = c.aicGather(*gather, h, 2);
    });
  g.run();
  EXPECT_EQ(back[0].buf->bytes, full.buf->bytes);
  EXPECT_EQ(back[1].buf->bytes, full.buf->bytes);
  EXPECT_EQ(back[1].memory, ir::MemorySpace::Mat);
}

// --- inputs and comparison -------------------------------------------------------------

TEST(RunDriverTest, RandomInputsAreSeededAndInRange) {
  auto t = ir::TensorType::get({64}, DType::FP16);
  Value a = randomValue(*t, 5, 0), b = randomValue(*t, 5, 0), c = randomValue(*t, 6, 0),
        d = randomValue(*t, 5, 1);
  EXPECT_EQ(a.get<Tensor>().buf->bytes, b.get<Tensor>().buf->bytes);
  EXPECT_NE(a.get<Tensor>().buf->bytes, c.get<Tensor>().buf->bytes);
  EXPECT_NE(a.get<Tensor>().buf->bytes, d.get<Tensor>().buf->bytes);
  for (int64_t i = 0; i < 64; ++i) {
    double v = a.get<Tensor>().buf->getF(i);
    EXPECT_GE(v, -1.0);
    EXPECT_LT(v, 1.0);
  }
  Value s = randomValue(*ir::ScalarType::get(DType::Int8), 1, 2);
  EXPECT_GE(s.get<Scalar>().i, -8);
  EXPECT_LT(s.get<Scalar>().i, 8);
  Value z = zeroValue(*ir::TileType::get({2, 2}, DType::Int32, ir::MemorySpace::Vec));
  EXPECT_EQ(z.get<Tile>().buf->getI(3), 0);
}

TEST(RunDriverTest, CompareReportsTheFirstMismatchWithItsIndex) {
  Tensor a = newTensor(DType::FP32, {2, 3}), b = newTensor(DType::FP32, {2, 3});
  for (int i = 0; i < 6; ++i) {
    a.buf->setF(i, i * 0.5);
    b.buf->setF(i, i * 0.5);
  }
  std::vector<NamedOutput> before = {{"y", a, Span{}}};
  std::vector<NamedOutput> after = {{"y", deepCopy(b), Span{}}};
  EXPECT_TRUE(compareOutputs(before, after, {}).equal);
  after[0].value.get<Tensor>().buf->setF(4, 2.0 + 1e-6);
  after[0].value.get<Tensor>().buf->setF(5, -0.0);
  a.buf->setF(5, 0.0);
  CompareResult exact = compareOutputs(before, after, {});
  EXPECT_FALSE(exact.equal);
  EXPECT_NE(
      exact.message.find("output 'y' differs at index [1, 1]: before 2 (bits 0x40000000), after"),
      std::string::npos)
      << exact.message;
  EXPECT_NE(exact.message.find("(2 of 6 elements differ)"), std::string::npos) << exact.message;
  CompareOptions tol;
  tol.rtol = 1e-5;
  EXPECT_TRUE(compareOutputs(before, after, tol).equal);  // -0.0 == 0.0 within tolerance
  after[0].value.get<Tensor>().buf->setF(0, NAN);
  a.buf->setF(0, NAN);
  EXPECT_TRUE(compareOutputs(before, after, tol).equal);
  std::vector<NamedOutput> other = {{"z", b, Span{}}};
  EXPECT_NE(
      compareOutputs(before, other, {}).message.find("output 'y' is missing after the passes"),
      std::string::npos);
  std::vector<NamedOutput> wide = {{"y", newTensor(DType::FP16, {2, 3}), Span{}}};
  EXPECT_NE(
      compareOutputs(before, wide, {}).message.find("[2, 3] FP32 before and [2, 3] FP16 after"),
      std::string::npos);
}

}  // namespace
}  // namespace ptoc::sim
