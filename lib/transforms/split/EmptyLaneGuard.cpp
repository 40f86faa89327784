// The empty store guard (EmptyLaneGuard.h).
#include "EmptyLaneGuard.h"

#include <unordered_map>

#include "ptoc/analysis/Arith.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/StructuralEqual.h"
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

/// The variables of an expression in the order they appear.
class VarsInOrder : public IRVisitor {
 public:
  std::vector<const Var*> vars;
  void visitVar(const Var& v) override { vars.push_back(&v); }
};

/// The same value: structurally equal with the very same variables in the same places
/// (structuralEqual alone matches free variables by any bijection).
bool sameValue(const ExprPtr& a, const ExprPtr& b) {
  if (a == b) return true;
  if (!a || !b || !structuralEqual(*a, *b).equal) return false;
  VarsInOrder va, vb;
  va.visitExpr(a);
  vb.visitExpr(b);
  return va.vars == vb.vars;
}

void conjuncts(const ExprPtr& e, std::vector<ExprPtr>& out) {
  if (const auto* b = e ? e->as<BinaryExpr>() : nullptr; b && b->op == BinaryOp::And) {
    conjuncts(b->lhs, out);
    conjuncts(b->rhs, out);
    return;
  }
  if (e) out.push_back(e);
}

class StoreGuard final : public IRMutator {
 public:
  explicit StoreGuard(const std::vector<VarPtr>& lanes) {
    for (const auto& v : lanes) arith_.bind(v, 0, 1);
  }
  bool changed = false;

  // The only rewrite inside expressions (and the types of definitions) is a dropped
  // store's result: until a store is dropped they stay as they are, unwalked.
  ExprPtr mutateExpr(const ExprPtr& e) override {
    return dropped_.empty() ? e : IRMutator::mutateExpr(e);
  }
  TypePtr mutateType(const TypePtr& t) override {
    return dropped_.empty() ? t : IRMutator::mutateType(t);
  }

 protected:
  ExprPtr mutateVar(const VarPtr& v) override {
    auto it = dropped_.find(v.get());
    return it != dropped_.end() ? it->second : IRMutator::mutateVar(v);
  }

  StmtPtr mutateIf(const std::shared_ptr<const IfStmt>& s) override {
    // The then-branch knows its condition: a store an earlier guard already wrapped in
    // `if extent > 0:` is not wrapped again.
    ExprPtr cond = mutateExpr(s->cond);
    size_t mark = facts_.size();
    conjuncts(cond, facts_);
    StmtPtr thenBody = mutateStmt(s->thenBody);
    facts_.resize(mark);
    StmtPtr elseBody = s->elseBody ? mutateStmt(s->elseBody) : nullptr;
    if (cond == s->cond && thenBody == s->thenBody && elseBody == s->elseBody) return s;
    return std::make_shared<IfStmt>(cond, thenBody, elseBody, s->returnVars, s->span);
  }

  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    StmtPtr base = IRMutator::mutateAssign(s);
    const auto* a = base->as<AssignStmt>();
    if (!a) return base;
    Verdict v = judge(a->value);
    if (v.kind == Verdict::Keep) return base;
    const auto* store = a->value->as<Call>();
    const ExprPtr& dst = store->args[2];
    changed = true;
    if (v.kind == Verdict::Drop) {
      // The tile is empty on every path: the store writes nothing, so its result is its
      // destination. PTOAS rejects a partition view of static size 0 even in a dead branch.
      dropped_[a->var.get()] = dst;
      return makeSeq({}, s->span);
    }
    auto inner = std::make_shared<Var>(a->var->name + "_lane", a->var->type, s->span);
    StmtPtr thenBody = makeSeq({std::make_shared<AssignStmt>(inner, a->value, s->span),
                                std::make_shared<YieldStmt>(std::vector<ExprPtr>{inner}, s->span)},
                               s->span);
    StmtPtr elseBody = std::make_shared<YieldStmt>(std::vector<ExprPtr>{dst}, s->span);
    return std::make_shared<IfStmt>(v.cond, thenBody, elseBody, std::vector<VarPtr>{a->var},
                                    s->span);
  }

  StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s) override {
    StmtPtr base = IRMutator::mutateEval(s);
    const auto* e = base->as<EvalStmt>();
    if (!e) return base;
    Verdict v = judge(e->expr);
    if (v.kind == Verdict::Keep) return base;
    changed = true;
    if (v.kind == Verdict::Drop) return makeSeq({}, s->span);
    return std::make_shared<IfStmt>(v.cond, base, nullptr, std::vector<VarPtr>{}, s->span);
  }

 private:
  struct Verdict {
    enum Kind { Keep, Guard, Drop } kind = Keep;
    ExprPtr cond;  // Guard: `e0 > 0 and e1 > 0 ...`
  };

  /// For a tile.store: Drop when a valid extent is a constant <= 0; Guard with the test over the
  /// valid extents not proved >= 1 (lane indices bound to 0..1, enclosing if conditions known);
  /// otherwise Keep.
  Verdict judge(const ExprPtr& value) {
    const auto* c = value ? value->as<Call>() : nullptr;
    if (!c || !isOp(*c, OpId::Store) || c->args.size() < 3) return {};
    const TileType* t = tileTypeOf(c->args[0]);
    if (!t || !t->view) return {};
    Verdict v;
    for (const ExprPtr& extent : t->validShape()) {
      if (!extent) continue;
      if (const auto* k = extent->as<ConstInt>()) {
        if (k->value > 0) continue;
        return {Verdict::Drop, nullptr};
      }
      ExprPtr positive = binary(BinaryOp::Gt, extent, constInt(0, DType::Index, c->span), c->span);
      // An extent provably 0 but not a constant (lane 1's share of 0 rows, the reference's
      // test_empty_boundary) is guarded like any other: the emitted size is not static.
      if (arith_.canProve(positive) || isFact(positive)) continue;
      v.kind = Verdict::Guard;
      v.cond = v.cond ? binary(BinaryOp::And, v.cond, positive, c->span) : positive;
    }
    return v;
  }

  bool isFact(const ExprPtr& e) const {
    for (const ExprPtr& f : facts_)
      if (sameValue(f, e)) return true;
    return false;
  }

  analysis::Analyzer arith_;
  std::vector<ExprPtr> facts_;                       // enclosing if conditions
  std::unordered_map<const Var*, ExprPtr> dropped_;  // a dropped store's result -> its dst
};

}  // namespace

FunctionPtr guardEmptyStores(const FunctionPtr& f) {
  LaneVars lanes;
  lanes.visitStmt(f->body);
  StoreGuard guard(lanes.vars);
  StmtPtr body = guard.mutateStmt(f->body);
  if (!guard.changed) return f;
  return withBody(*f, body, f->attrs);
}

}  // namespace ptoc::split
