// The empty-lane store guard (EmptyLaneGuard.h).
#include "EmptyLaneGuard.h"

#include "ptoc/analysis/Arith.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;

namespace {

/// The variables bound to `tile.get_subblock_idx()` (lane 0 or 1) anywhere in a function.
class LaneVars : public IRVisitor {
 public:
  std::vector<VarPtr> vars;

  void visitStmt(const StmtPtr& s) override {
    if (const auto* a = s ? s->as<AssignStmt>() : nullptr) {
      const auto* c = a->value->as<Call>();
      if (c && isOp(*c, OpId::GetSubblockIdx)) vars.push_back(a->var);
    }
    IRVisitor::visitStmt(s);
  }
  void visitExpr(const ExprPtr&) override {}  // statements only
};

class StoreGuard final : public IRMutator {
 public:
  explicit StoreGuard(const std::vector<VarPtr>& lanes) {
    for (const auto& v : lanes) arith_.bind(v, 0, 1);
  }
  bool changed = false;

 protected:
  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    // Only statements are rewritten: an expression holds no store to guard.
    ExprPtr cond = emptyTest(s->value);
    if (!cond) return s;
    const auto* store = s->value->as<Call>();
    const ExprPtr& dst = store->args[2];
    auto inner = std::make_shared<Var>(s->var->name + "_lane", s->var->type, s->span);
    StmtPtr thenBody = makeSeq({std::make_shared<AssignStmt>(inner, s->value, s->span),
                                std::make_shared<YieldStmt>(std::vector<ExprPtr>{inner}, s->span)},
                               s->span);
    StmtPtr elseBody = std::make_shared<YieldStmt>(std::vector<ExprPtr>{dst}, s->span);
    changed = true;
    return std::make_shared<IfStmt>(cond, thenBody, elseBody, std::vector<VarPtr>{s->var}, s->span);
  }

  StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s) override {
    ExprPtr cond = emptyTest(s->expr);
    if (!cond) return s;
    changed = true;
    return std::make_shared<IfStmt>(cond, s, nullptr, std::vector<VarPtr>{}, s->span);
  }

 private:
  /// For a tile.store whose tile may be empty: the test `e0 > 0 and e1 > 0 ...` over the valid
  /// extents not proved >= 1 (the lane index bound to 0..1); otherwise null.
  ExprPtr emptyTest(const ExprPtr& value) {
    const auto* c = value ? value->as<Call>() : nullptr;
    if (!c || !isOp(*c, OpId::Store) || c->args.size() < 3) return nullptr;
    const TileType* t = tileTypeOf(c->args[0]);
    if (!t || !t->view) return nullptr;
    ExprPtr cond;
    for (const ExprPtr& extent : t->validShape()) {
      if (!extent) continue;
      if (extent->as<ConstInt>() && extent->as<ConstInt>()->value > 0) continue;
      ExprPtr positive = binary(BinaryOp::Gt, extent, constInt(0, DType::Index, c->span), c->span);
      if (arith_.canProve(positive)) continue;
      cond = cond ? binary(BinaryOp::And, cond, positive, c->span) : positive;
    }
    return cond;
  }

  analysis::Analyzer arith_;
};

}  // namespace

FunctionPtr guardEmptyLaneStores(const FunctionPtr& f) {
  LaneVars lanes;
  lanes.visitStmt(f->body);
  if (lanes.vars.empty()) return f;
  StoreGuard guard(lanes.vars);
  StmtPtr body = guard.mutateStmt(f->body);
  if (!guard.changed) return f;
  return withBody(*f, body, f->attrs);
}

}  // namespace ptoc::split
