// The tensor-level op family (lib/ops/TensorOps.cpp, lib/sim/kernels/TensorKernels.cpp):
// type deduction on Tensor operands (broadcasting, reductions, windows), the binder's
// dispatch of the short forms (`pl.add` on tensors is tensor.add, on tiles tile.add), the
// printed form and its round trip, and the reference semantics.
#include <gtest/gtest.h>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/sim/Interpreter.h"
#include "ptoc/sim/OpSemantics.h"

namespace ptoc {
namespace {

using namespace ir;

struct Parsed {
  SourceManager sm;
  DiagnosticEngine diag{sm};
  ProgramPtr program;
  std::string error;
};

std::unique_ptr<Parsed> parse(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  p->diag.setPrintImmediately(false);
  uint32_t id = p->sm.addBuffer("test.py", "import pypto.language as pl\n\n" + text);
  try {
    p->program = frontend::parseProgram(p->sm, id, p->diag);
  } catch (const CompileError&) {
    for (const auto& d : p->diag.diagnostics()) p->error += d.message + "\n";
  }
  return p;
}

TypePtr tensorT(std::vector<int64_t> shape, DType d = DType::FP32) {
  return TensorType::get(std::move(shape), d);
}
ExprPtr var(std::string name, TypePtr t) {
  return std::make_shared<Var>(std::move(name), std::move(t), Span{});
}
ExprPtr list(std::vector<int64_t> vs) {
  std::vector<ExprPtr> es;
  std::vector<TypePtr> ts;
  for (int64_t v : vs) {
    es.push_back(std::make_shared<ConstInt>(v, DType::Index, Span{}));
    ts.push_back(es.back()->type);
  }
  return std::make_shared<MakeTuple>(std::move(es), TupleType::get(std::move(ts)), Span{});
}

class TensorOpsTest : public ::testing::Test {
 protected:
  SourceManager sm;
  DiagnosticEngine diag{sm};
  void SetUp() override { diag.setPrintImmediately(false); }
  CallPtr call(std::string_view name, std::vector<ExprPtr> args, const AttrList& kw = {}) {
    return createOpCall(OpRegistry::instance().get(name), std::move(args), kw, Span{}, diag);
  }
  const TensorType& tensorOf(const CallPtr& c) {
    const auto* t = c->type->as<TensorType>();
    if (!t) throw std::runtime_error("not a tensor: " + ops::describeType(c->type));
    return *t;
  }
  std::string errorOf(std::string_view name, std::vector<ExprPtr> args, const AttrList& kw = {}) {
    try {
      call(name, std::move(args), kw);
    } catch (const CompileError&) {
      return diag.diagnostics().back().message;
    }
    return "";
  }
};

TEST_F(TensorOpsTest, ElementwiseBroadcastsLikeNumpy) {
  auto c = call("tensor.add", {var("a", tensorT({4, 8})), var("b", tensorT({1, 8}))});
  EXPECT_EQ(tensorOf(c).shape, (std::vector<int64_t>{4, 8}));
  auto d = call("tensor.mul", {var("a", tensorT({8})), var("b", tensorT({3, 1}))});
  EXPECT_EQ(tensorOf(d).shape, (std::vector<int64_t>{3, 8}));
  EXPECT_NE(errorOf("tensor.add", {var("a", tensorT({4, 8})), var("b", tensorT({3, 8}))})
                .find("do not broadcast"),
            std::string::npos);
  EXPECT_NE(errorOf("tensor.add", {var("a", tensorT({4})), var("b", tensorT({4}, DType::FP16))})
                .find("dtype"),
            std::string::npos);
  // A tile is not a tensor: the families are distinct.
  EXPECT_NE(
      errorOf("tensor.exp", {var("t", ops::makeTile({4, 8}, DType::FP32, MemorySpace::Vec, {}))})
          .find("tensor"),
      std::string::npos);
}

TEST_F(TensorOpsTest, ReductionsWindowsAndShapes) {
  auto x = var("x", tensorT({16, 64}));
  EXPECT_EQ(tensorOf(call("tensor.row_sum", {x})).shape, (std::vector<int64_t>{16, 1}));
  EXPECT_EQ(tensorOf(call("tensor.col_max", {x})).shape, (std::vector<int64_t>{1, 64}));
  EXPECT_EQ(tensorOf(call("tensor.row_argmax", {x})).dtype, DType::Int32);
  EXPECT_EQ(tensorOf(call("tensor.slice", {x, list({8, 32}), list({8, 0})})).shape,
            (std::vector<int64_t>{8, 32}));
  EXPECT_NE(errorOf("tensor.slice", {x, list({32, 32}), list({0, 0})}).find("exceeds"),
            std::string::npos);
  EXPECT_EQ(tensorOf(call("tensor.reshape", {x, list({1024})})).shape,
            (std::vector<int64_t>{1024}));
  EXPECT_NE(errorOf("tensor.reshape", {x, list({100})}).find("elements"), std::string::npos);
  auto m = call("tensor.matmul", {var("a", tensorT({16, 32}, DType::BF16)),
                                  var("b", tensorT({32, 8}, DType::BF16))});
  EXPECT_EQ(tensorOf(m).shape, (std::vector<int64_t>{16, 8}));
  EXPECT_EQ(tensorOf(m).dtype, DType::FP32);
  auto cr = call("tensor.create", {list({4, 4})}, {{"dtype", DType::FP16}});
  EXPECT_EQ(tensorOf(cr).dtype, DType::FP16);
  EXPECT_TRUE(call("tensor.read", {x, list({1, 2})})->type->isa<ScalarType>());
}

TEST(TensorOpsBinder, ShortFormsDispatchOnTheOperandFamily) {
  auto p = parse(R"(
@pl.function
def f(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    c = pl.add(a, b)
    d = pl.mul(c, 2.0)
    e = pl.exp(d)
    t = pl.create_tensor([16, 64], dtype=pl.FP32)
    return pl.maximum(e, t)
)");
  ASSERT_TRUE(p->program) << p->error;
  std::string text = printProgram(*p->program);
  EXPECT_NE(text.find("pl.tensor.add(a, b)"), std::string::npos) << text;
  EXPECT_NE(text.find("pl.tensor.muls(c, 2.0)"), std::string::npos) << text;
  EXPECT_NE(text.find("pl.tensor.exp(d)"), std::string::npos) << text;
  EXPECT_NE(text.find("pl.tensor.create([16, 64], dtype=pl.FP32)"), std::string::npos) << text;
  EXPECT_NE(text.find("pl.tensor.maximum(e, t)"), std::string::npos) << text;
  auto again = parse(text.substr(text.find('\n') + 1));
  ASSERT_TRUE(again->program) << again->error;
  EXPECT_TRUE(structuralEqual(*p->program, *again->program));
}

TEST(TensorOpsSim, KernelsComputeTheObviousValues) {
  auto p = parse(R"(
@pl.function
def f(a: pl.Tensor[[2, 3], pl.FP32], b: pl.Tensor[[1, 3], pl.FP32]) -> tuple[pl.Tensor[[2, 3], pl.FP32], pl.Tensor[[2, 1], pl.FP32], pl.Scalar[pl.FP32]]:
    c = pl.add(a, b)
    s = pl.tensor.row_sum(c)
    w = pl.tensor.slice(c, [1, 2], [1, 1])
    v = pl.tensor.read(w, [0, 1])
    return c, s, v
)");
  ASSERT_TRUE(p->program) << p->error;
  auto a = std::make_shared<sim::Buffer>(DType::FP32, std::vector<int64_t>{2, 3});
  auto b = std::make_shared<sim::Buffer>(DType::FP32, std::vector<int64_t>{1, 3});
  for (int i = 0; i < 6; ++i) a->setF(i, i);
  for (int i = 0; i < 3; ++i) b->setF(i, 10 * (i + 1));
  sim::Interpreter interp(*p->program);
  sim::RunResult r = interp.run(*p->program->find("f"), {sim::Tensor{a}, sim::Tensor{b}});
  ASSERT_EQ(r.returns.size(), 3u);
  const auto& c = *r.returns[0].get<sim::Tensor>().buf;
  EXPECT_EQ(c.getF(0), 10);
  EXPECT_EQ(c.getF(5), 5 + 30);
  const auto& s = *r.returns[1].get<sim::Tensor>().buf;
  EXPECT_EQ(s.getF(0), 0 + 1 + 2 + 60);
  EXPECT_EQ(s.getF(1), 3 + 4 + 5 + 60);
  EXPECT_EQ(r.returns[2].get<sim::Scalar>().f, 5 + 30);
}

TEST(PlExtraOpsSim, TransposeViewColExpandAndTileReads) {
  auto p = parse(R"(
@pl.function
def f(a: pl.Tensor[[2, 3], pl.FP32], r: pl.Tensor[[1, 2], pl.FP32]) -> tuple[pl.Scalar[pl.FP32], pl.Scalar[pl.FP32], pl.Scalar[pl.FP32]]:
    t = pl.load(a, [0, 0], [2, 3], target_memory=pl.Mem.Mat)
    tt = pl.tile.transpose_view(t)
    v = pl.load(a, [0, 0], [2, 3])
    row = pl.load(r, [0, 0], [1, 2])
    x = pl.tile.read(tt, [2, 1])
    s = pl.tile.col_expand_add(pl.tile.slice(v, [2, 2], [0, 0]), row)
    y = pl.tile.read(s, [1, 1])
    z = pl.tile.read(pl.tile.row_prod(v), [1, 0])
    return x, y, z
)");
  ASSERT_TRUE(p->program) << p->error;
  auto a = std::make_shared<sim::Buffer>(DType::FP32, std::vector<int64_t>{2, 3});
  auto r = std::make_shared<sim::Buffer>(DType::FP32, std::vector<int64_t>{1, 2});
  for (int i = 0; i < 6; ++i) a->setF(i, i + 1);  // [[1, 2, 3], [4, 5, 6]]
  r->setF(0, 10);
  r->setF(1, 20);
  sim::Interpreter interp(*p->program);
  sim::RunResult res = interp.run(*p->program->find("f"), {sim::Tensor{a}, sim::Tensor{r}});
  ASSERT_EQ(res.returns.size(), 3u);
  EXPECT_EQ(res.returns[0].get<sim::Scalar>().f, 6);       // transpose: [2, 1] = a[1, 2]
  EXPECT_EQ(res.returns[1].get<sim::Scalar>().f, 5 + 20);  // a[1, 1] + row[1]
  EXPECT_EQ(res.returns[2].get<sim::Scalar>().f, 4 * 5 * 6);
}

TEST(TensorOpsSim, EveryRegisteredOpHasAKernel) {
  EXPECT_TRUE(sim::OpSemantics::instance().missing().empty());
}

}  // namespace
}  // namespace ptoc
