// The runtime-handle type family (pl.Ptr, pld.CommCtx, pl.Array, the prefetch handles), the
// PyPTO dtypes without simulator arithmetic (INT4 ... TASK_ID), and the table-registered op
// families (lib/ops/DistributedOps.cpp, RuntimeOps.cpp, GatherSortOps.cpp,
// ElementwiseLayoutOps.cpp): type deduction, diagnostics, the printed form and the reference
// semantics of the kernels that have one.
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
  uint32_t id = p->sm.addBuffer(
      "test.py",
      "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n" + text);
  try {
    p->program = frontend::parseProgram(p->sm, id, p->diag);
  } catch (const CompileError&) {
    for (const auto& d : p->diag.diagnostics()) p->error += d.message + "\n";
  }
  return p;
}

ExprPtr var(std::string name, TypePtr t) {
  return std::make_shared<Var>(std::move(name), std::move(t), Span{});
}
ExprPtr idx(int64_t v) { return std::make_shared<ConstInt>(v, DType::Index, Span{}); }
ExprPtr list(std::vector<int64_t> vs) {
  std::vector<ExprPtr> es;
  std::vector<TypePtr> ts;
  for (int64_t v : vs) {
    es.push_back(idx(v));
    ts.push_back(es.back()->type);
  }
  return std::make_shared<MakeTuple>(std::move(es), TupleType::get(std::move(ts)), Span{});
}

class TableOpsTest : public ::testing::Test {
 protected:
  SourceManager sm;
  DiagnosticEngine diag{sm};
  void SetUp() override { diag.setPrintImmediately(false); }
  CallPtr call(std::string_view name, std::vector<ExprPtr> args, const AttrList& kw = {}) {
    return createOpCall(OpRegistry::instance().get(name), std::move(args), kw, Span{}, diag);
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

TEST(HandleTypes, PrintCompareAndHash) {
  TypePtr ptr = HandleType::get(HandleKind::Ptr);
  TypePtr ctx = HandleType::get(HandleKind::CommCtx);
  TypePtr a4 = HandleType::array(4, DType::TaskId);
  TypePtr a4b = HandleType::array(4, DType::TaskId);
  TypePtr a5 = HandleType::array(5, DType::TaskId);
  TypePtr a4i = HandleType::array(4, DType::Int32);
  EXPECT_EQ(typeToString(*ptr), "Ptr");
  EXPECT_EQ(typeToString(*a4), "Array[4, TASK_ID]");
  EXPECT_TRUE(typesEqual(*a4, *a4b));
  EXPECT_EQ(structuralHash(*a4), structuralHash(*a4b));
  EXPECT_FALSE(typesEqual(*a4, *a5));
  EXPECT_FALSE(typesEqual(*a4, *a4i));
  EXPECT_FALSE(typesEqual(*ptr, *ctx));
  EXPECT_NE(structuralHash(*ptr), structuralHash(*ctx));
  EXPECT_EQ(handleKindName(HandleKind::CommCtx), "pld.CommCtx");
}

TEST(HandleTypes, AnnotationsRoundTrip) {
  auto p = parse(R"(
@pl.function(type=pl.FunctionType.Orchestration)
def f(p: pl.Ptr, c: pld.CommCtx, a: pl.Array[3, pl.INT32], e: pl.AsyncEvent) -> pl.Array[3, pl.INT32]:
    return a
)");
  ASSERT_TRUE(p->program) << p->error;
  std::string text = printProgram(*p->program);
  EXPECT_NE(text.find("p: pl.Ptr, c: pld.CommCtx, a: pl.Array[3, pl.INT32], e: pl.AsyncEvent"),
            std::string::npos)
      << text;
  auto q = parse(text.substr(text.find("@pl")));
  ASSERT_TRUE(q->program) << q->error;
  EXPECT_TRUE(structuralEqual(*p->program, *q->program));
}

TEST(PyptoDTypes, NamesWidthsAndSimulation) {
  struct Row {
    const char* name;
    unsigned bits;
    bool isFloat;
  };
  for (Row r :
       {Row{"INT4", 4, false}, Row{"UINT4", 4, false}, Row{"FP4", 4, true}, Row{"HF4", 4, true},
        Row{"HF8", 8, true}, Row{"FP8E8M0", 8, true}, Row{"TASK_ID", 64, false}}) {
    auto d = dtypeFromName(r.name);
    ASSERT_TRUE(d) << r.name;
    EXPECT_EQ(dtypeName(*d), r.name);
    EXPECT_EQ(dtypeBits(*d), r.bits) << r.name;
    EXPECT_EQ(isFloat(*d), r.isFloat) << r.name;
    EXPECT_TRUE(isUnmodeledDType(*d)) << r.name;
  }
  EXPECT_FALSE(isInteger(DType::TaskId));
  EXPECT_FALSE(isUnmodeledDType(DType::FP32));
  EXPECT_FALSE(isUnmodeledDType(DType::Index));
}

TEST_F(TableOpsTest, DistributedDeduction) {
  auto window =
      call("pld.tensor.window", {var("b", HandleType::get(HandleKind::Ptr)), list({4, 64})},
           {{"dtype", DType::FP32}});
  const auto* t = window->type->as<TensorType>();
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->distributed);
  EXPECT_EQ(t->shape, (std::vector<int64_t>{4, 64}));
  ExprPtr w = var("w", window->type);
  auto load = call("pld.tile.remote_load", {w, idx(1), list({0, 0}), list({2, 64})});
  EXPECT_EQ(load->type->as<TileType>()->shape, (std::vector<int64_t>{2, 64}));
  auto ctx = call("pld.system.get_comm_ctx", {w});
  EXPECT_TRUE(ctx->type->isa<HandleType>());
  EXPECT_EQ(call("pld.system.rank", {var("c", ctx->type)})->type->as<ScalarType>()->dtype,
            DType::Int32);
  EXPECT_NE(errorOf("pld.system.get_comm_ctx", {var("x", TensorType::get({4}, DType::FP32))})
                .find("must be a pld.DistributedTensor"),
            std::string::npos);
  EXPECT_NE(errorOf("pld.tile.remote_load", {w, idx(1), list({0}), list({2, 64})})
                .find("one offset per axis"),
            std::string::npos);
}

TEST_F(TableOpsTest, GatherSortDeduction) {
  auto tileT = [](std::vector<int64_t> s, DType d) {
    return var("t", ops::makeTile(std::move(s), d, MemorySpace::Vec));
  };
  auto g = call("tile.gather", {tileT({8, 64}, DType::FP32), tileT({8, 16}, DType::Int32),
                                tileT({8, 16}, DType::Int32)});
  EXPECT_EQ(g->type->as<TileType>()->shape, (std::vector<int64_t>{8, 16}));
  auto s = call("tile.sort32", {tileT({8, 32}, DType::FP32), tileT({8, 32}, DType::UInt32)});
  EXPECT_EQ(s->type->as<TileType>()->shape, (std::vector<int64_t>{8, 64}));
  auto m = call("tile.gather_mask", {tileT({8, 64}, DType::FP32)},
                {{"mask_pattern", int64_t{3}}, {"output_dtype", DType::UInt32}});
  EXPECT_EQ(m->type->as<TileType>()->shape, (std::vector<int64_t>{8, 16}));
  EXPECT_EQ(m->type->as<TileType>()->dtype, DType::UInt32);
  auto r = call("tile.reinterpret_view", {tileT({8, 32}, DType::FP32)}, {{"dtype", DType::Int16}});
  EXPECT_EQ(r->type->as<TileType>()->shape, (std::vector<int64_t>{8, 64}));
  auto c = call("tile.concat", {tileT({8, 32}, DType::FP32), tileT({8, 16}, DType::FP32)});
  EXPECT_EQ(c->type->as<TileType>()->shape, (std::vector<int64_t>{8, 48}));
  EXPECT_NE(errorOf("tile.concat", {tileT({16, 32}, DType::FP32), tileT({8, 16}, DType::FP32)})
                .find("tile.concat: [16, 32] and [8, 16] differ outside the last axis"),
            std::string::npos);
  auto tc = call("tensor.concat", {var("a", TensorType::get({4, 8}, DType::FP32)),
                                   var("b", TensorType::get({4, 24}, DType::FP32))});
  EXPECT_EQ(tc->type->as<TensorType>()->shape, (std::vector<int64_t>{4, 32}));
  EXPECT_NE(errorOf("tensor.concat", {var("a", TensorType::get({4, 8}, DType::FP32)),
                                      var("b", TensorType::get({2, 8}, DType::FP32))})
                .find("tensor.concat: [4, 8] and [2, 8] differ outside the last axis"),
            std::string::npos);
  ExprPtr in = var("in", TensorType::get({4, 16}, DType::FP32));
  ExprPtr ix = var("ix", TensorType::get({4, 8}, DType::Int32));
  auto tg = call("tensor.gather", {in, idx(-1), ix});
  EXPECT_EQ(tg->type->as<TensorType>()->shape, (std::vector<int64_t>{4, 8}));
  EXPECT_NE(errorOf("tensor.gather", {in, idx(2), ix}).find("dim of tensor.gather must be in"),
            std::string::npos);
  EXPECT_NE(
      errorOf("tile.gather_mask", {tileT({8, 64}, DType::FP32)}, {{"mask_pattern", int64_t{9}}})
          .find("mask_pattern of tile.gather_mask must be in 1..7"),
      std::string::npos);
  EXPECT_NE(errorOf("tile.sort32", {tileT({8, 32}, DType::Int32), tileT({8, 32}, DType::UInt32)})
                .find("the source dtype of tile.sort32 must be one of FP16, FP32"),
            std::string::npos);
}

TEST_F(TableOpsTest, ArraysAndTaskIds) {
  auto a = call("array.create", {idx(4)}, {{"dtype", DType::TaskId}});
  const auto* h = a->type->as<HandleType>();
  ASSERT_TRUE(h);
  EXPECT_EQ(h->extent, 4);
  EXPECT_EQ(h->dtype, DType::TaskId);
  ExprPtr arr = var("a", a->type);
  EXPECT_EQ(call("array.get_element", {arr, idx(3)})->type->as<ScalarType>()->dtype, DType::TaskId);
  EXPECT_NE(errorOf("array.get_element", {arr, idx(4)}).find("outside the array of 4"),
            std::string::npos);
  EXPECT_EQ(call("system.task_invalid", {})->type->as<ScalarType>()->dtype, DType::TaskId);
  EXPECT_EQ(OpRegistry::instance().get(OpId::Submit).name, "system.submit");
}

TEST(TableOpsSim, KernelsComputeTheDocumentedValues) {
  auto p = parse(R"(
@pl.function
def f(a: pl.Tensor[[2, 4], pl.FP32], i: pl.Tensor[[2, 2], pl.INT32], s: pl.Tensor[[2, 2], pl.FP32]
      ) -> tuple[pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 4], pl.FP32], pl.Tensor[[2, 2], pl.FP32]]:
    g = pl.tensor.gather(a, dim=-1, index=i)
    sc = pl.tensor.scatter(a, dim=-1, index=i, src=s)
    m = pl.tensor.gather(a, mask_pattern=pl.tile.MaskPattern.P1010)
    return g, sc, m

@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[2, 4], pl.FP32], i: pl.Tensor[[2, 2], pl.INT32], v: pl.Scalar[pl.INT32]
      ) -> tuple[pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 6], pl.FP32], pl.Tensor[[2, 4], pl.FP32], pl.Scalar[pl.INT32]]:
    ta = pl.load(a, [0, 0], [2, 4])
    ti = pl.load(i, [0, 0], [2, 2])
    tmp = pl.tile.create([2, 2], dtype=pl.INT32)
    g = pl.tile.gather(ta, ti, tmp)
    half = pl.tile.gather(ta, ti, tmp)
    c = pl.tile.concat(ta, half)
    tri = pl.tile.tri(0, [2, 4], dtype=pl.FP32)
    lower = pl.mul(ta, tri)
    out_g = pl.create_tensor([2, 2], dtype=pl.FP32)
    out_c = pl.create_tensor([2, 6], dtype=pl.FP32)
    out_l = pl.create_tensor([2, 4], dtype=pl.FP32)
    out_g = pl.store(g, [0, 0], out_g)
    out_c = pl.store(c, [0, 0], out_c)
    out_l = pl.store(lower, [0, 0], out_l)
    arr = pl.array.create(2, pl.INT32)
    arr = pl.array.update_element(arr, 1, v)
    e = pl.array.get_element(arr, 1) + pl.array.get_element(arr, 0)
    return out_g, out_c, out_l, e
)");
  ASSERT_TRUE(p->program) << p->error;
  auto a = std::make_shared<sim::Buffer>(DType::FP32, std::vector<int64_t>{2, 4});
  auto i = std::make_shared<sim::Buffer>(DType::Int32, std::vector<int64_t>{2, 2});
  auto s = std::make_shared<sim::Buffer>(DType::FP32, std::vector<int64_t>{2, 2});
  for (int k = 0; k < 8; ++k) a->setF(k, 10 * k);  // [[0 10 20 30] [40 50 60 70]]
  for (int k = 0; k < 4; ++k) i->setI(k, std::vector<int64_t>{3, 0, 1, 2}[k]);
  for (int k = 0; k < 4; ++k) s->setF(k, -1 - k);
  sim::Interpreter interp(*p->program);
  sim::RunResult r =
      interp.run(*p->program->find("f"), {sim::Tensor{a}, sim::Tensor{i}, sim::Tensor{s}});
  ASSERT_EQ(r.returns.size(), 3u);
  const auto& g = *r.returns[0].get<sim::Tensor>().buf;  // torch.gather along the last axis
  EXPECT_EQ(g.getF(0), 30);
  EXPECT_EQ(g.getF(1), 0);
  EXPECT_EQ(g.getF(2), 50);
  EXPECT_EQ(g.getF(3), 60);
  const auto& sc = *r.returns[1].get<sim::Tensor>().buf;  // torch.scatter
  EXPECT_EQ(sc.getF(3), -1);
  EXPECT_EQ(sc.getF(0), -2);
  EXPECT_EQ(sc.getF(1), 10);
  EXPECT_EQ(sc.getF(5), -3);
  EXPECT_EQ(sc.getF(6), -4);
  const auto& m = *r.returns[2].get<sim::Tensor>().buf;  // P1010: the odd columns
  EXPECT_EQ(m.getF(0), 10);
  EXPECT_EQ(m.getF(1), 30);
  EXPECT_EQ(m.getF(3), 70);

  auto v = sim::Scalar::ofInt(DType::Int32, 7);
  sim::RunResult rk = interp.run(*p->program->find("k"), {sim::Tensor{a}, sim::Tensor{i}, v});
  ASSERT_EQ(rk.returns.size(), 4u);
  const auto& tg = *rk.returns[0].get<sim::Tensor>().buf;  // flat indices into the tile
  EXPECT_EQ(tg.getF(0), 30);
  EXPECT_EQ(tg.getF(2), 10);
  EXPECT_EQ(tg.getF(3), 20);
  const auto& tc = *rk.returns[1].get<sim::Tensor>().buf;
  EXPECT_EQ(tc.getF(3), 30);
  EXPECT_EQ(tc.getF(4), 30);
  EXPECT_EQ(tc.getF(11), 20);
  const auto& tl = *rk.returns[2].get<sim::Tensor>().buf;  // lower triangle
  EXPECT_EQ(tl.getF(0), 0);
  EXPECT_EQ(tl.getF(1), 0);
  EXPECT_EQ(tl.getF(4), 40);
  EXPECT_EQ(tl.getF(5), 50);
  EXPECT_EQ(tl.getF(6), 0);
  EXPECT_EQ(rk.returns[3].get<sim::Scalar>().i, 7);
}

}  // namespace
}  // namespace ptoc
