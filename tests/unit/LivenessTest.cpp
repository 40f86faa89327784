// Unit tests for analysis/Liveness: upward-exposed uses (flow-sensitive: a value read and
// then re-bound is live-in, one defined before its use is not, a definition on only one
// branch or inside a loop body is not definite), definition lists and UseOrder's
// "used after this statement" answers.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ptoc/analysis/Liveness.h"
#include "ptoc/frontend/Frontend.h"

using namespace ptoc;
using namespace ptoc::ir;

namespace {

struct Parsed {
  std::unique_ptr<SourceManager> sm;
  ProgramPtr program;
};

Parsed parse(const std::string& src) {
  Parsed p;
  p.sm = std::make_unique<SourceManager>();
  uint32_t file = p.sm->addBuffer("t.py", src);
  DiagnosticEngine diags(*p.sm);
  diags.setPrintImmediately(false);
  p.program = frontend::parseProgram(*p.sm, file, diags);
  return p;
}

std::string names(const std::vector<VarPtr>& vs) {
  std::string out;
  for (const auto& v : vs) out += (out.empty() ? "" : " ") + v->name;
  return out;
}

/// The body of the first pl.at scope of the function.
const InCoreScopeStmt* firstScope(const Function& f) {
  for (const auto& s : flattenStmts(f.body))
    if (const auto* sc = s->as<InCoreScopeStmt>()) return sc;
  return nullptr;
}

TEST(LivenessTest, LiveInIsFlowSensitive) {
  Parsed p = parse(R"(import pypto.language as pl

@pl.function
def f(a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = a * 3
    with pl.at(level=pl.Level.CORE_GROUP):
        y = 1
        y = y + b
        a = a + y
    return a
)");
  const Function& f = *p.program->functions[0];
  const InCoreScopeStmt* scope = firstScope(f);
  ASSERT_NE(scope, nullptr);
  // `a` is read before it is re-bound: live-in; `y` is defined first inside: not.
  EXPECT_EQ(names(analysis::liveIn(scope->body)), "b a");
  EXPECT_EQ(names(analysis::definedVars(scope->body)), "y a");
}

TEST(LivenessTest, BranchAndLoopDefinitionsAreNotDefinite) {
  Parsed p = parse(R"(import pypto.language as pl

@pl.function
def f(c: pl.Scalar[pl.BOOL], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    u = n + 1
    v = n + 2
    w = n + 3
    with pl.at(level=pl.Level.CORE_GROUP):
        if c:
            u = 1
            v = 1
        else:
            u = 2
        s = u + v
        for i in pl.range(n):
            w = i
        t = s + w
    return t
)");
  const Function& f = *p.program->functions[0];
  const InCoreScopeStmt* scope = firstScope(f);
  ASSERT_NE(scope, nullptr);
  // u is defined on both paths (definite); v only on one; w only inside a loop body.
  EXPECT_EQ(names(analysis::liveIn(scope->body)), "c v n w");
}

TEST(LivenessTest, IterArgsLoopVarsAndRegionLanesAreLocal) {
  Parsed p = parse(R"(import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INDEX], k: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    with pl.at(level=pl.Level.CORE_GROUP):
        for i, (acc,) in pl.range(n, init_values=(k,)):
            nxt = acc + i
            acc_out = pl.yield_(nxt)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            r = acc_out + aiv_id
    return r
)");
  const Function& f = *p.program->functions[0];
  const InCoreScopeStmt* scope = firstScope(f);
  ASSERT_NE(scope, nullptr);
  EXPECT_EQ(names(analysis::liveIn(scope->body)), "n k");
  EXPECT_EQ(names(analysis::definedVars(scope->body)), "i acc nxt acc_out aiv_id r");
}

TEST(LivenessTest, UseOrderAnswersUsedAfter) {
  Parsed p = parse(R"(import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    for i, (acc,) in pl.range(n, init_values=(n,)):
        with pl.at(level=pl.Level.CORE_GROUP):
            a = acc + 1
            b = a + i
            dead = b * 2
        acc_next = pl.yield_(b)
    return acc_next
)");
  const Function& f = *p.program->functions[0];
  analysis::UseOrder order(f);
  const auto* loop = flattenStmts(f.body)[0]->as<ForStmt>();
  ASSERT_NE(loop, nullptr);
  const auto* scope = flattenStmts(loop->body)[0]->as<InCoreScopeStmt>();
  ASSERT_NE(scope, nullptr);
  std::vector<VarPtr> defs = analysis::definedVars(scope->body);
  ASSERT_EQ(names(defs), "a b dead");
  EXPECT_FALSE(order.usedAfter(*defs[0], *scope));  // a: only inside
  EXPECT_TRUE(order.usedAfter(*defs[1], *scope));   // b: by the yield
  EXPECT_FALSE(order.usedAfter(*defs[2], *scope));  // dead: never
  EXPECT_TRUE(order.usedAfter(*loop->returnVars[0], *loop));
  EXPECT_FALSE(order.usedAfter(*loop->iterArgs[0], *loop));
}

}  // namespace
