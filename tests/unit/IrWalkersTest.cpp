// Unit tests of the generic IR walkers driven by the nodes' fields() descriptions:
// the value-returning functors, the visitor's definition sites, and the mutator's
// rewriting of expressions inside types (a valid_shape naming a remapped variable).
#include <gtest/gtest.h>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Functor.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ir/Visitor.h"

using namespace ptoc;
using namespace ptoc::ir;

namespace {

/// Counts expression nodes; every kind is handled explicitly (a new kind would not compile).
class NodeCount final : public ExprFunctor<int> {
 protected:
  int visitVar(const std::shared_ptr<const Var>&) override { return 1; }
  int visitIterArg(const std::shared_ptr<const IterArg>&) override { return 1; }
  int visitConstInt(const std::shared_ptr<const ConstInt>&) override { return 1; }
  int visitConstFloat(const std::shared_ptr<const ConstFloat>&) override { return 1; }
  int visitConstBool(const std::shared_ptr<const ConstBool>&) override { return 1; }
  int visitBinary(const std::shared_ptr<const BinaryExpr>& e) override {
    return 1 + (*this)(e->lhs) + (*this)(e->rhs);
  }
  int visitUnary(const std::shared_ptr<const UnaryExpr>& e) override {
    return 1 + (*this)(e->operand);
  }
  int visitSelect(const std::shared_ptr<const SelectExpr>& e) override {
    return 1 + (*this)(e->cond) + (*this)(e->trueValue) + (*this)(e->falseValue);
  }
  int visitCall(const std::shared_ptr<const Call>& e) override { return 1 + sum(e->args); }
  int visitBufferLoad(const std::shared_ptr<const BufferLoad>& e) override {
    return 1 + (*this)(e->buffer) + sum(e->indices);
  }
  int visitMakeTuple(const std::shared_ptr<const MakeTuple>& e) override {
    return 1 + sum(e->elements);
  }
  int visitTupleGetItem(const std::shared_ptr<const TupleGetItem>& e) override {
    return 1 + (*this)(e->tuple);
  }

 private:
  int sum(const std::vector<ExprPtr>& es) {
    int n = 0;
    for (const auto& e : es) n += (*this)(e);
    return n;
  }
};

/// A functor with an extra argument: the depth at which the deepest constant sits.
class StmtDepth final : public StmtFunctor<int, int> {
 protected:
  int leaf(int d) { return d; }
  int visitAssign(const std::shared_ptr<const AssignStmt>&, int d) override { return leaf(d); }
  int visitEval(const std::shared_ptr<const EvalStmt>&, int d) override { return leaf(d); }
  int visitBufferStore(const std::shared_ptr<const BufferStoreStmt>&, int d) override {
    return leaf(d);
  }
  int visitSeq(const std::shared_ptr<const SeqStmt>& s, int d) override {
    int m = d;
    for (const auto& c : s->stmts) m = std::max(m, visitStmt(c, d));
    return m;
  }
  int visitIf(const std::shared_ptr<const IfStmt>& s, int d) override {
    int m = visitStmt(s->thenBody, d + 1);
    return s->elseBody ? std::max(m, visitStmt(s->elseBody, d + 1)) : m;
  }
  int visitFor(const std::shared_ptr<const ForStmt>& s, int d) override {
    return visitStmt(s->body, d + 1);
  }
  int visitWhile(const std::shared_ptr<const WhileStmt>& s, int d) override {
    return visitStmt(s->body, d + 1);
  }
  int visitYield(const std::shared_ptr<const YieldStmt>&, int d) override { return leaf(d); }
  int visitReturn(const std::shared_ptr<const ReturnStmt>&, int d) override { return leaf(d); }
  int visitBreak(const std::shared_ptr<const BreakStmt>&, int d) override { return leaf(d); }
  int visitContinue(const std::shared_ptr<const ContinueStmt>&, int d) override { return leaf(d); }
  int visitInCoreScope(const std::shared_ptr<const InCoreScopeStmt>& s, int d) override {
    return visitStmt(s->body, d + 1);
  }
  int visitSplitAivScope(const std::shared_ptr<const SplitAivScopeStmt>& s, int d) override {
    return visitStmt(s->body, d + 1);
  }
  int visitSimdVfScope(const std::shared_ptr<const SimdVfScopeStmt>& s, int d) override {
    return visitStmt(s->body, d + 1);
  }
  int visitRuntimeScope(const std::shared_ptr<const RuntimeScopeStmt>& s, int d) override {
    return visitStmt(s->body, d + 1);
  }
};

TypePtr tileWithValid(std::vector<ExprPtr> valid) {
  TileView view;
  view.validShape = std::move(valid);
  return TileType::get({16, 16}, DType::FP32, MemorySpace::Vec, view);
}

TEST(IrWalkers, ExprFunctorReturnsValues) {
  VarPtr a = scalarVar("a", DType::Index), b = scalarVar("b", DType::Index);
  ExprPtr e = select(lt(a, b), add(a, constIndex(1)), neg(b));
  EXPECT_EQ(NodeCount{}(e), 9);
}

TEST(IrWalkers, StmtFunctorPassesArguments) {
  VarPtr i = scalarVar("i", DType::Index), x = scalarVar("x", DType::Index);
  StmtPtr inner = ifStmt(lt(i, constIndex(2)), assign(x, i));
  StmtPtr loop = forStmt(i, nullptr, constIndex(4), nullptr, seq({inner, assign(x, i)}));
  EXPECT_EQ(StmtDepth{}.visitStmt(loop, 0), 2);
  EXPECT_EQ(StmtDepth{}.visitStmt(loop, 10), 12);
}

/// Records definition sites and uses in visiting order.
class Recorder final : public IRVisitor {
 public:
  std::vector<std::string> events;

 protected:
  void visitVar(const Var& v) override { events.push_back("use " + v.name); }
  void visitDef(const VarPtr& v) override { events.push_back("def " + v->name); }
};

TEST(IrWalkers, VisitorWalksFieldsInOrder) {
  VarPtr i = scalarVar("i", DType::Index), n = scalarVar("n", DType::Index);
  IterArgPtr acc = iterArg("acc", ScalarType::get(DType::Index), constIndex(0));
  VarPtr out = scalarVar("out", DType::Index);
  StmtPtr body = yieldStmt({add(acc, i)});
  StmtPtr loop = forStmt(i, nullptr, n, nullptr, body, ForKind::Serial, {acc}, {out});
  Recorder r;
  r.visitStmt(loop);
  std::vector<std::string> want = {"use n", "def i", "def acc", "use acc", "use i", "def out"};
  EXPECT_EQ(r.events, want);
}

TEST(IrWalkers, MutatorRewritesExpressionsInsideTypes) {
  // t: Tile[..., valid_shape=[n, 16]] = f(...); use(t) -- remap n -> m.
  VarPtr n = scalarVar("n", DType::Index), m = scalarVar("m", DType::Index);
  TypePtr before = tileWithValid({n, constIndex(16)});
  VarPtr t = var("t", before);
  CallPtr make = callOp("tile.create", {}, {}, before);
  StmtPtr body = seq({assign(t, make), evalStmt(callOp("tile.use", {t}, {}, UnknownType::get()))});

  IRMutator mut;
  mut.remap(n, m);
  StmtPtr after = mut.mutateStmt(body);
  ASSERT_NE(after, body);
  auto stmts = flattenStmts(after);
  ASSERT_EQ(stmts.size(), 2u);
  const auto* def = stmts[0]->as<AssignStmt>();
  ASSERT_TRUE(def);
  EXPECT_NE(def->var, t) << "a variable whose type changed is replaced";
  TypePtr expected = tileWithValid({m, constIndex(16)});
  EXPECT_TRUE(typesEqual(*def->var->type, *expected)) << typeToString(*def->var->type);
  EXPECT_EQ(def->var->type->as<TileType>()->view->validShape[0], m);
  EXPECT_EQ(def->value->type->as<TileType>()->view->validShape[0], m)
      << "the call's result type is rewritten too";
  const auto* use = stmts[1]->as<EvalStmt>()->expr->as<Call>();
  EXPECT_EQ(use->args[0], def->var) << "uses follow the fresh variable";
}

TEST(IrWalkers, MutatorKeepsUnchangedNodes) {
  VarPtr n = scalarVar("n", DType::Index), k = scalarVar("k", DType::Index);
  VarPtr t = var("t", tileWithValid({n, constIndex(16)}));
  StmtPtr body = seq({assign(t, callOp("tile.create", {}, {}, t->type)), returnStmt({t})});
  IRMutator mut;
  mut.remap(k, n);  // k does not occur
  EXPECT_EQ(mut.mutateStmt(body), body);
}

TEST(IrWalkers, LastFlatStmtAndTrailingYield) {
  VarPtr a = scalarVar("a", DType::Index);
  StmtPtr y = yieldStmt({a});
  StmtPtr e = evalStmt(callOp("tile.use", {a}, {}, UnknownType::get()));
  StmtPtr empty = std::make_shared<SeqStmt>(std::vector<StmtPtr>{}, Span{});
  // Nested Seqs are looked into; empty ones and nulls are skipped, as flattenStmts does.
  auto nested = std::make_shared<SeqStmt>(
      std::vector<StmtPtr>{e, std::make_shared<SeqStmt>(std::vector<StmtPtr>{y, empty}, Span{}),
                           nullptr},
      Span{});
  EXPECT_EQ(lastFlatStmt(nested.get()), y.get());
  EXPECT_EQ(lastFlatStmt(nested.get()), flattenStmts(nested).back().get());
  EXPECT_EQ(trailingYield(nested), y->as<YieldStmt>());
  EXPECT_EQ(trailingYield(seq({y, e})), nullptr) << "the last statement is not a yield";
  EXPECT_EQ(lastFlatStmt(empty.get()), nullptr);
  EXPECT_EQ(trailingYield(nullptr), nullptr);
}

TEST(IrWalkers, ExprListRewriteCopiesOnFirstChange) {
  VarPtr a = scalarVar("a", DType::Index), b = scalarVar("b", DType::Index);
  VarPtr c = scalarVar("c", DType::Index);
  std::vector<ExprPtr> orig{a, b};
  ExprListRewrite same(orig);
  same.set(0, a);  // the element already there: no copy
  EXPECT_FALSE(same.changed());
  EXPECT_EQ(&same[1], &orig[1]) << "reads go to the original list until a change";
  EXPECT_EQ(std::move(same).take(), orig);

  ExprListRewrite edit(orig);
  edit.set(1, c);
  EXPECT_TRUE(edit.changed());
  EXPECT_EQ(edit[0], a);
  EXPECT_EQ(edit[1], c);
  EXPECT_EQ(orig[1], b) << "the original list is never written";
  std::vector<ExprPtr> out = std::move(edit).take();
  EXPECT_EQ(out, (std::vector<ExprPtr>{a, c}));

  // IRMutator::mutateExprList: unchanged when nothing is remapped, copied when one is.
  IRMutator keep;
  EXPECT_FALSE(keep.mutateExprList(orig).changed());
  IRMutator swap;
  swap.remap(b, c);
  ExprListRewrite r = swap.mutateExprList(orig);
  EXPECT_TRUE(r.changed());
  EXPECT_EQ(r[1], c);
}

TEST(IrWalkers, HashAndEqualityFollowFields) {
  VarPtr a = scalarVar("a", DType::Index), b = scalarVar("b", DType::Index);
  VarPtr c = scalarVar("c", DType::Index);
  StmtPtr s1 = seq({assign(b, add(a, constIndex(1))), returnStmt({b})});
  StmtPtr s2 = seq({assign(c, add(a, constIndex(1))), returnStmt({c})});
  StmtPtr s3 = seq({assign(c, add(a, constIndex(2))), returnStmt({c})});
  EXPECT_TRUE(structuralEqual(*s1, *s2).equal);
  EXPECT_EQ(structuralHash(*s1), structuralHash(*s2));
  auto r = structuralEqual(*s1, *s3);
  EXPECT_FALSE(r.equal);
  EXPECT_EQ(r.message, "constant differs: 1 vs 2");
  EXPECT_NE(structuralHash(*s1), structuralHash(*s3));
}

}  // namespace
