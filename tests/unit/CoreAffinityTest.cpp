// Unit tests for analysis/CoreAffinity: the direction of a tile.move between the cube and
// the vector side, and the roll-up of statement affinity (SHARED is the identity, cube +
// vector is MIXED, a boundary move is MIXED on its own).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/frontend/Frontend.h"

using namespace ptoc;
using namespace ptoc::ir;

namespace {

struct Parsed {
  std::unique_ptr<SourceManager> sm;
  ProgramPtr program;
  std::vector<StmtPtr> stmts;  // body of the first function
};

Parsed parse(const std::string& body) {
  std::string src =
      "import pypto.language as pl\n\n@pl.function(type=pl.FunctionType.InCore)\n"
      "def f(a: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> "
      "pl.Tensor[[16, 16], pl.FP32]:\n" +
      body + "    return y\n";
  Parsed p;
  p.sm = std::make_unique<SourceManager>();
  uint32_t file = p.sm->addBuffer("t.py", src);
  DiagnosticEngine diag(*p.sm);
  diag.setPrintImmediately(false);
  p.program = frontend::parseProgram(*p.sm, file, diag);
  EXPECT_TRUE(p.program) << (diag.diagnostics().empty() ? "" : diag.diagnostics()[0].message);
  if (p.program) p.stmts = flattenStmts(p.program->functions.front()->body);
  return p;
}

const Call& callOf(const StmtPtr& s) {
  const Call* c = analysis::leafCall(*s);
  if (!c) throw std::runtime_error("statement has no call");
  return *c;
}

TEST(CoreAffinityTest, MoveDirection) {
  Parsed p = parse(
      "    m = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)\n"
      "    v = pl.move(m, target_memory=pl.Mem.Vec)\n"
      "    l = pl.move(v, target_memory=pl.Mem.Left)\n"
      "    r = pl.move(m, target_memory=pl.Mem.Right)\n"
      "    w = pl.move(v, target_memory=pl.Mem.Vec)\n");
  ASSERT_EQ(p.stmts.size(), 6u);
  EXPECT_EQ(analysis::classifyMoveDirection(callOf(p.stmts[0])), analysis::CVDirection::None);
  EXPECT_EQ(analysis::classifyMoveDirection(callOf(p.stmts[1])),
            analysis::CVDirection::CubeToVector);
  EXPECT_EQ(analysis::classifyMoveDirection(callOf(p.stmts[2])),
            analysis::CVDirection::VectorToCube);
  EXPECT_EQ(analysis::classifyMoveDirection(callOf(p.stmts[3])), analysis::CVDirection::None);
  EXPECT_EQ(analysis::classifyMoveDirection(callOf(p.stmts[4])), analysis::CVDirection::None);
}

TEST(CoreAffinityTest, StatementRollUp) {
  Parsed p = parse(
      "    m = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)\n"
      "    t = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
      "    e = pl.exp(t)\n"
      "    i = pl.tile.get_block_idx()\n"
      "    v = pl.move(m, target_memory=pl.Mem.Vec)\n"
      "    y = pl.store(e, [0, 0], y)\n");
  ASSERT_EQ(p.stmts.size(), 7u);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[0]), CoreAffinity::Cube);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[1]), CoreAffinity::Vector);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[2]), CoreAffinity::Vector);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[3]), CoreAffinity::Shared);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[4]), CoreAffinity::Mixed);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[5]), CoreAffinity::Vector);
  // The whole body: cube + vector work = MIXED; SHARED does not change a side.
  EXPECT_EQ(analysis::stmtAffinity(p.program->functions.front()->body), CoreAffinity::Mixed);
  EXPECT_EQ(combineAffinity(CoreAffinity::Shared, CoreAffinity::Cube), CoreAffinity::Cube);
  EXPECT_EQ(combineAffinity(CoreAffinity::Vector, CoreAffinity::Vector), CoreAffinity::Vector);
}

TEST(CoreAffinityTest, NestedCallsRollUp) {
  Parsed p = parse(
      "    s = pl.matmul(pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), "
      "target_memory=pl.Mem.Left), pl.move(pl.load(a, [0, 0], [16, 16], "
      "target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right))\n"
      "    y = pl.store(pl.exp(pl.load(a, [0, 0], [16, 16])), [0, 0], y)\n");
  ASSERT_EQ(p.stmts.size(), 3u);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[0]), CoreAffinity::Cube);
  EXPECT_EQ(analysis::stmtAffinity(p.stmts[1]), CoreAffinity::Vector);
}

}  // namespace
