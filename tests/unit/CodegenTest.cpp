// The PTO emitter's contract: every registered op has an emitter (keyed by OpDef), every op
// whose emitter prints its registration's spelling has one, and the emitter's output for a
// small kernel has the tile-level structure PTOAS reads.
#include <gtest/gtest.h>

#include <set>

#include "ptoc/codegen/PtoEmitter.h"
#include "ptoc/frontend/Frontend.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {
namespace {

TEST(Codegen, EveryOpHasAnEmitter) {
  std::vector<std::string> missing = codegen::opsWithoutPtoEmitter();
  EXPECT_TRUE(missing.empty()) << "ops without a PTO emitter: " << missing.size()
                               << (missing.empty() ? "" : " first: " + missing.front());
}

TEST(Codegen, EveryEmittableOpHasASpelling) {
  // The ops whose emitter reports a diagnostic (lib/codegen/NotEmitted.cpp).
  std::set<std::string> noForm;
  for (const auto& n : codegen::opsNotEmitted()) noForm.insert(n);
  EXPECT_TRUE(noForm.count("tile.random"));
  EXPECT_FALSE(noForm.count("tile.slice"));
  EXPECT_FALSE(noForm.count("tile.add"));
  for (const OpDef* d : OpRegistry::instance().all()) {
    if (noForm.count(d->name)) continue;
    EXPECT_FALSE(d->pto.empty()) << d->name << " reaches codegen but has no PTO spelling";
    EXPECT_EQ(d->pto.rfind("pto.", 0), 0u) << d->name << ": " << d->pto;
  }
}

std::optional<std::string> emit(const std::string& text, target::Arch arch,
                                std::string* diagText = nullptr) {
  SourceManager sm;
  DiagnosticEngine diag{sm};
  diag.setPrintImmediately(false);
  uint32_t id = sm.addBuffer("test.py", "import pypto.language as pl\n\n" + text);
  auto program = frontend::parseProgram(sm, id, diag);
  auto out = codegen::emitPto(*program, {arch}, diag);
  if (diagText)
    for (const auto& d : diag.diagnostics()) *diagText += diag.renderText(d);
  return out;
}

TEST(Codegen, VectorKernelStructure) {
  auto out = emit(R"(
@pl.function(type=pl.FunctionType.AIV)
def k(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
    u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
    y_1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(u, [0, 0], y)
)",
                  target::Arch::A5);
  ASSERT_TRUE(out);
  EXPECT_NE(out->find("func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) attributes "
                      "{pto.kernel_kind = #pto.kernel_kind<vector>}"),
            std::string::npos)
      << *out;
  EXPECT_NE(out->find("pto.tadd ins(%t, %t : "), std::string::npos) << *out;
  EXPECT_NE(out->find("pto.tstore ins(%u : "), std::string::npos) << *out;
}

TEST(Codegen, NoKernelIsADiagnostic) {
  std::string diag;
  auto out = emit(R"(
@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[16, 64], pl.FP32]):
    return
)",
                  target::Arch::A5, &diag);
  EXPECT_FALSE(out);
  EXPECT_NE(diag.find("no kernel"), std::string::npos) << diag;
}

}  // namespace
}  // namespace ptoc
