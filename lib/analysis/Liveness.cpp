// Liveness and def-use facts (see Liveness.h): upward-exposed uses with a
// definitely-defined set kept as an undo log (branches and loop bodies roll their
// definitions back, so the walk stays linear), definition lists, and a program-order
// index of last uses.
#include "ptoc/analysis/Liveness.h"

#include "ptoc/ir/Visitor.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::analysis {

using namespace ir;

namespace {

/// Calls `onUse` for every variable an expression reads (BufferLoad buffers included).
template <typename F>
class ExprUses final : public IRVisitor {
 public:
  explicit ExprUses(F& f) : onUse_(f) {}

  void visitExpr(const ExprPtr& e) override {
    if (e && e->isa<Var>())
      onUse_(std::static_pointer_cast<const Var>(e));
    else
      IRVisitor::visitExpr(e);
  }

 private:
  F& onUse_;
};

class LiveInCollector {
 public:
  std::vector<VarPtr> result;

  void stmt(const StmtPtr& s) {
    if (!s) return;
    switch (s->kind) {
      case StmtKind::Assign: {
        const auto& a = *s->as<AssignStmt>();
        uses(a.value);
        define(a.var);
        return;
      }
      case StmtKind::Eval:
        uses(s->as<EvalStmt>()->expr);
        return;
      case StmtKind::BufferStore: {
        const auto& b = *s->as<BufferStoreStmt>();
        uses(b.buffer);
        for (const auto& i : b.indices) uses(i);
        uses(b.value);
        uses(b.predicate);
        return;
      }
      case StmtKind::Seq:
        for (const auto& c : s->as<SeqStmt>()->stmts) stmt(c);
        return;
      case StmtKind::If: {
        const auto& i = *s->as<IfStmt>();
        uses(i.cond);
        size_t mark = log_.size();
        stmt(i.thenBody);
        std::vector<const Var*> thenDefs = rollback(mark);
        if (i.elseBody) {
          stmt(i.elseBody);
          std::vector<const Var*> elseDefs = rollback(mark);
          // Defined on both paths = defined after the if.
          PtrSet<Var> inElse;
          for (const Var* v : elseDefs) inElse.insert(v);
          for (const Var* v : thenDefs)
            if (inElse.contains(v)) defineRaw(v);
        }
        for (const auto& v : i.returnVars) define(v);
        return;
      }
      case StmtKind::For: {
        const auto& f = *s->as<ForStmt>();
        uses(f.start);
        uses(f.stop);
        uses(f.step);
        for (const auto& ia : f.iterArgs) uses(ia->init);
        size_t mark = log_.size();
        define(f.loopVar);
        for (const auto& ia : f.iterArgs) define(ia);
        stmt(f.body);  // may run zero times: nothing it defines is definite after it
        rollback(mark);
        for (const auto& v : f.returnVars) define(v);
        return;
      }
      case StmtKind::While: {
        const auto& w = *s->as<WhileStmt>();
        for (const auto& ia : w.iterArgs) uses(ia->init);
        size_t mark = log_.size();
        for (const auto& ia : w.iterArgs) define(ia);
        uses(w.cond);
        stmt(w.body);
        rollback(mark);
        for (const auto& v : w.returnVars) define(v);
        return;
      }
      case StmtKind::Yield:
        for (const auto& v : s->as<YieldStmt>()->values) uses(v);
        return;
      case StmtKind::Return:
        for (const auto& v : s->as<ReturnStmt>()->values) uses(v);
        return;
      // Jumps use and define nothing (the paths they cut off only make fewer names definite,
      // which the two-branch rule of `if` already assumes).
      case StmtKind::Break:
      case StmtKind::Continue:
        return;
      // Scopes run once and are transparent: their definitions stay visible.
      case StmtKind::InCoreScope: {
        const auto& x = *s->as<InCoreScopeStmt>();
        for (const auto& e : {x.deps, x.noDepArgs, x.dumps})
          if (e) uses(e);  // evaluated before the body
        stmt(x.body);
        for (const auto& v : x.taskId) define(v);
        return;
      }
      case StmtKind::SplitAivScope: {
        const auto& r = *s->as<SplitAivScopeStmt>();
        define(r.laneVar);
        stmt(r.body);
        return;
      }
      case StmtKind::SimdVfScope:
        stmt(s->as<SimdVfScopeStmt>()->body);
        return;
      case StmtKind::RuntimeScope: {
        const auto& x = *s->as<RuntimeScopeStmt>();
        if (x.count) uses(x.count);  // evaluated before the body
        if (x.deps) uses(x.deps);
        stmt(x.body);
        for (const auto& v : x.taskId) define(v);
        return;
      }
    }
    throw InternalError("liveIn: unhandled statement kind");
  }

 private:
  PtrSet<Var> defined_;
  std::vector<const Var*> log_;  // definitions in the order they entered defined_
  PtrSet<Var> reported_;

  void uses(const ExprPtr& e) {
    if (!e) return;
    auto onUse = [this](const VarPtr& v) {
      if (!defined_.contains(v.get()) && reported_.insert(v.get())) result.push_back(v);
    };
    ExprUses<decltype(onUse)> walker(onUse);
    walker.visitExpr(e);
  }
  void define(const VarPtr& v) { defineRaw(v.get()); }
  void defineRaw(const Var* v) {
    if (defined_.insert(v)) log_.push_back(v);
  }
  std::vector<const Var*> rollback(size_t mark) {
    std::vector<const Var*> undone(log_.begin() + static_cast<std::ptrdiff_t>(mark), log_.end());
    for (const Var* v : undone) defined_.erase(v);
    log_.resize(mark);
    return undone;
  }
};

class DefCollector final : public IRVisitor {
 public:
  std::vector<VarPtr> result;
  void visitExpr(const ExprPtr&) override {}  // expressions define no variables

 protected:
  void visitDef(const VarPtr& v) override {
    if (seen_.insert(v.get())) result.push_back(v);
  }

 private:
  PtrSet<Var> seen_;
};

}  // namespace

std::vector<VarPtr> liveIn(const StmtPtr& s) {
  LiveInCollector c;
  c.stmt(s);
  return std::move(c.result);
}

std::vector<VarPtr> definedVars(const StmtPtr& s) {
  DefCollector c;
  c.visitStmt(s);
  return std::move(c.result);
}

/// Numbers statements in program order: a statement's header expressions (conditions,
/// bounds, inits) are all visited before its children, so they share its position.
class UseOrderBuilder final : public IRVisitor {
 public:
  explicit UseOrderBuilder(UseOrder& o) : order_(o) {}
  void visitStmt(const StmtPtr& s) override {
    if (!s) return;
    ++position_;
    IRVisitor::visitStmt(s);
    order_.end_[s.get()] = position_;
  }

 protected:
  void visitVar(const Var& v) override { order_.lastUse_[&v] = position_; }

 private:
  UseOrder& order_;
  uint32_t position_ = 0;
};

UseOrder::UseOrder(const Function& f) {
  UseOrderBuilder b(*this);
  b.visitStmt(f.body);
}

bool UseOrder::usedAfter(const Var& v, const Stmt& s) const {
  const uint32_t* end = end_.find(&s);
  if (!end) throw InternalError("UseOrder::usedAfter: statement not in the function");
  const uint32_t* last = lastUse_.find(&v);
  return last && *last > *end;
}

}  // namespace ptoc::analysis
