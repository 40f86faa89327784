// Unit tests of the SIMD-VF analysis shared by verify-parallel and vectorize-parallel
// (lib/transforms/simdvf/SimdVfAnalysis.h): the cast plan, region and unit discovery, the
// lane layout, access classification and the 2-D layout choice.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "../../lib/transforms/simdvf/SimdVfAnalysis.h"
#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Builder.h"

namespace ptoc::simdvf {
namespace {

using ir::DType;

struct Parsed {
  SourceManager sm;
  DiagnosticEngine diag{sm};
  ir::ProgramPtr program;
};

std::unique_ptr<Parsed> parse(const std::string& body) {
  auto p = std::make_unique<Parsed>();
  p->diag.setPrintImmediately(false);
  std::string text =
      "import pypto.language as pl\n\n\n@pl.function(type=pl.FunctionType.AIV)\n"
      "def f(A: pl.Tensor[[4, 256], pl.FP32], B: pl.Out[pl.Tensor[[4, 256], pl.FP32]]):\n"
      "    a = pl.load(A, [0, 0], [4, 256])\n"
      "    b = pl.tile.create([4, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)\n" +
      body + "    B = pl.store(b, [0, 0], B)\n";
  uint32_t id = p->sm.addBuffer("test.py", text);
  p->program = frontend::parseProgram(p->sm, id, p->diag);
  return p;
}

TEST(SimdVfAnalysis, CastPlan) {
  EXPECT_FALSE(planCast(DType::FP32, DType::FP32));
  EXPECT_FALSE(planCast(DType::FP16, DType::FP32));
  EXPECT_FALSE(planCast(DType::BF16, DType::FP32));
  EXPECT_FALSE(planCast(DType::Int8, DType::Int32));
  EXPECT_FALSE(planCast(DType::Int32, DType::Int8));  // narrowing truncates
  EXPECT_FALSE(planCast(DType::FP32, DType::FP8E4M3FN));
  EXPECT_FALSE(planCast(DType::FP8E5M2, DType::FP32));
  EXPECT_EQ(planCast(DType::FP32, DType::FP16).value_or(""),
            "float narrowing has no validated rounding semantics");
  EXPECT_EQ(planCast(DType::Int32, DType::FP32).value_or(""),
            "float <-> int conversions are outside the supported conversion set");
  EXPECT_TRUE(planCast(DType::Int32, DType::UInt32));  // a reinterpretation
  EXPECT_TRUE(planCast(DType::FP16, DType::FP8E4M3FN));
  EXPECT_TRUE(planCast(DType::FP8E4M3FN, DType::FP8E5M2));
  EXPECT_TRUE(planCast(DType::Index, DType::Int32));
}

TEST(SimdVfAnalysis, UnitsAndLayout) {
  auto p = parse(
      "    with pl.simd_vf(lanes=128):\n"
      "        for i in pl.parallel(4):\n"
      "            for j in pl.parallel(150):\n"
      "                b[i, j] = a[i, j] + a[i, 0]\n"
      "        for k in pl.range(2):\n"
      "            for t in pl.parallel(256):\n"
      "                b[0, t] = a[1, t]\n");
  ASSERT_TRUE(p->program);
  std::vector<Problem> problems;
  auto regions = scanRegions(*p->program->functions[0], problems);
  ASSERT_TRUE(problems.empty()) << problems[0].message;
  ASSERT_EQ(regions.size(), 1u);
  ASSERT_EQ(regions[0].units.size(), 2u);
  const Unit& u = regions[0].units[0];
  EXPECT_TRUE(u.is2d());
  EXPECT_EQ(u.vecVar->name, "j");
  EXPECT_EQ(u.keptVar->name, "i");
  EXPECT_EQ(u.extent, 150);
  EXPECT_EQ(u.keptExtent, 4);
  EXPECT_EQ(u.padded, 256);
  EXPECT_EQ(u.chunks, 2);
  EXPECT_TRUE(u.tail());
  EXPECT_EQ(chooseVectorDim(u, 0, problems), std::optional<bool>(true));
  const Unit& w = regions[0].units[1];  // inside the serial wrapper
  EXPECT_FALSE(w.is2d());
  EXPECT_FALSE(w.tail());
  EXPECT_EQ(w.chunks, 2);
  EXPECT_EQ(w.context(0), "region #0, unit #1 (loop var `t`, extent 256, lanes 128)");
}

TEST(SimdVfAnalysis, AccessClassification) {
  auto p = parse(
      "    with pl.simd_vf(lanes=64):\n"
      "        for i in pl.parallel(4):\n"
      "            for j in pl.parallel(64):\n"
      "                b[i, j] = a[i, j]\n");
  ASSERT_TRUE(p->program);
  std::vector<Problem> problems;
  auto regions = scanRegions(*p->program->functions[0], problems);
  ASSERT_EQ(regions.at(0).units.size(), 1u);
  const Unit& u = regions[0].units[0];
  // The tile `a`, through the unit body's store value.
  const auto* st = flattenStmts(u.body)[0]->as<ir::BufferStoreStmt>();
  ASSERT_NE(st, nullptr);
  const auto* load = st->value->as<ir::BufferLoad>();
  ASSERT_NE(load, nullptr);
  ir::VarPtr q = ir::scalarVar("q", DType::Index);
  ir::ExprPtr base = ir::mul(q, ir::constIndex(64));
  std::string why;
  std::map<const ir::Var*, ir::ExprPtr> none;
  auto cont = classifyAccess(u, load->buffer, load->indices, base, none, why);
  ASSERT_TRUE(cont) << why;
  EXPECT_EQ(cont->kind, AccessKind::Continuous);
  // a[i, 0]: lane-uniform.
  auto uni = classifyAccess(u, load->buffer, {u.keptVar, ir::constIndex(0)}, base, none, why);
  ASSERT_TRUE(uni) << why;
  EXPECT_EQ(uni->kind, AccessKind::Uniform);
  // a[i, 2 * j]: a gather.
  auto gather = classifyAccess(u, load->buffer, {u.keptVar, ir::mul(ir::constIndex(2), u.vecVar)},
                               base, none, why);
  EXPECT_FALSE(gather);
  EXPECT_NE(why.find("cannot prove the address is continuous"), std::string::npos);
  // a[j, i]: the lane steps by a row (stride 64): neither continuous nor uniform.
  auto strided = classifyAccess(u, load->buffer, {u.vecVar, u.keptVar}, base, none, why);
  EXPECT_FALSE(strided);
}

TEST(SimdVfAnalysis, ScanProblems) {
  auto p = parse(
      "    with pl.simd_vf(lanes=64):\n"
      "        for i in pl.parallel(2):\n"
      "            for j in pl.parallel(2):\n"
      "                for k in pl.parallel(64):\n"
      "                    b[i, j * 64 + k] = a[i, j * 64 + k]\n");
  ASSERT_TRUE(p->program);
  std::vector<Problem> problems;
  scanRegions(*p->program->functions[0], problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].category, "loop structure");
  EXPECT_EQ(problems[0].message,
            "three or more nested parallel layers are not supported in the first version");
}

}  // namespace
}  // namespace ptoc::simdvf
