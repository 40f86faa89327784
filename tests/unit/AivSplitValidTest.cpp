// Unit tests for the AivSplitValid verifier on IR that the front end cannot produce
// from text: rule (h), a region directly in an InCore function without the
// outliner's split_aiv stamp (the binder wraps such a region in a scope), and the
// stamped form it accepts.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Attr.h"
#include "ptoc/transforms/Verifiers.h"

using namespace ptoc;
using namespace ptoc::ir;

namespace {

constexpr const char* kStamped = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            y1 = pl.store(pl.exp(t), [0, 0], y)
        return y1
)";

struct Fixture {
  SourceManager sm;
  std::unique_ptr<DiagnosticEngine> diag;
  ProgramPtr program;
  Fixture() {
    uint32_t file = sm.addBuffer("t.py", kStamped);
    diag = std::make_unique<DiagnosticEngine>(sm);
    diag->setPrintImmediately(false);
    program = frontend::parseProgram(sm, file, *diag);
  }
};

TEST(AivSplitValidTest, StampedRegionFunctionIsValid) {
  Fixture fx;
  ASSERT_TRUE(fx.program);
  EXPECT_TRUE(verifyAivSplitValid(*fx.program, *fx.diag));
  EXPECT_EQ(fx.diag->errorCount(), 0u);
}

TEST(AivSplitValidTest, RegionWithoutOutlinerStampIsRuleH) {
  Fixture fx;
  ASSERT_TRUE(fx.program);
  const Function& f = *fx.program->functions.front();
  AttrList attrs;
  for (const auto& kv : f.attrs)
    if (kv.first != "split_aiv") attrs.push_back(kv);
  auto unstamped = std::make_shared<Function>(f.name, f.funcType, f.params, f.directions,
                                              f.returnTypes, f.body, attrs, f.span);
  Program p(fx.program->name, {unstamped}, fx.program->isClass, fx.program->span);
  EXPECT_FALSE(verifyAivSplitValid(p, *fx.diag));
  ASSERT_FALSE(fx.diag->diagnostics().empty());
  const std::string& msg = fx.diag->diagnostics().front().message;
  EXPECT_NE(msg.find("(h) a pl.split_aiv region directly in an InCore function"), std::string::npos)
      << msg;
  // Reported at the region (line 8 of the source).
  EXPECT_EQ(fx.sm
                .lineCol(fx.diag->diagnostics().front().span.file,
                         fx.diag->diagnostics().front().span.begin)
                .line,
            8u);
}

}  // namespace
