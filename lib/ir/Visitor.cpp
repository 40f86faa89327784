#include "ptoc/ir/Visitor.h"

namespace ptoc::ir {

void IRVisitor::visitExpr(const ExprPtr& e) {
  if (!e) return;
  switch (e->kind) {
    case ExprKind::Var:
    case ExprKind::IterArg:
      visitVar(std::static_pointer_cast<const Var>(e));
      return;
    case ExprKind::ConstInt:
    case ExprKind::ConstFloat:
    case ExprKind::ConstBool:
      visitConst(e);
      return;
    case ExprKind::Binary:
      visitBinary(*e->as<BinaryExpr>());
      return;
    case ExprKind::Unary:
      visitUnary(*e->as<UnaryExpr>());
      return;
    case ExprKind::Select:
      visitSelect(*e->as<SelectExpr>());
      return;
    case ExprKind::Call:
      visitCall(*e->as<Call>());
      return;
    case ExprKind::BufferLoad:
      visitBufferLoad(*e->as<BufferLoad>());
      return;
    case ExprKind::MakeTuple:
      visitMakeTuple(*e->as<MakeTuple>());
      return;
    case ExprKind::TupleGetItem:
      visitTupleGetItem(*e->as<TupleGetItem>());
      return;
  }
}

void IRVisitor::visitBinary(const BinaryExpr& e) {
  visitExpr(e.lhs);
  visitExpr(e.rhs);
}
void IRVisitor::visitUnary(const UnaryExpr& e) { visitExpr(e.operand); }
void IRVisitor::visitSelect(const SelectExpr& e) {
  visitExpr(e.cond);
  visitExpr(e.trueValue);
  visitExpr(e.falseValue);
}
void IRVisitor::visitCall(const Call& e) {
  for (const auto& a : e.args) visitExpr(a);
}
void IRVisitor::visitBufferLoad(const BufferLoad& e) {
  visitExpr(e.buffer);
  for (const auto& i : e.indices) visitExpr(i);
}
void IRVisitor::visitMakeTuple(const MakeTuple& e) {
  for (const auto& x : e.elements) visitExpr(x);
}
void IRVisitor::visitTupleGetItem(const TupleGetItem& e) { visitExpr(e.tuple); }

void IRVisitor::visitStmt(const StmtPtr& s) {
  if (!s) return;
  switch (s->kind) {
    case StmtKind::Assign:
      visitAssign(*s->as<AssignStmt>());
      return;
    case StmtKind::Eval:
      visitEval(*s->as<EvalStmt>());
      return;
    case StmtKind::BufferStore:
      visitBufferStore(*s->as<BufferStoreStmt>());
      return;
    case StmtKind::Seq:
      visitSeq(*s->as<SeqStmt>());
      return;
    case StmtKind::If:
      visitIf(*s->as<IfStmt>());
      return;
    case StmtKind::For:
      visitFor(*s->as<ForStmt>());
      return;
    case StmtKind::While:
      visitWhile(*s->as<WhileStmt>());
      return;
    case StmtKind::Yield:
      visitYield(*s->as<YieldStmt>());
      return;
    case StmtKind::Return:
      visitReturn(*s->as<ReturnStmt>());
      return;
    case StmtKind::InCoreScope:
      visitInCoreScope(*s->as<InCoreScopeStmt>());
      return;
    case StmtKind::SplitAivScope:
      visitSplitAivScope(*s->as<SplitAivScopeStmt>());
      return;
    case StmtKind::SimdVfScope:
      visitSimdVfScope(*s->as<SimdVfScopeStmt>());
      return;
  }
}

void IRVisitor::visitAssign(const AssignStmt& s) {
  visitExpr(s.value);
  visitDef(s.var);
}
void IRVisitor::visitEval(const EvalStmt& s) { visitExpr(s.expr); }
void IRVisitor::visitBufferStore(const BufferStoreStmt& s) {
  visitExpr(s.buffer);
  for (const auto& i : s.indices) visitExpr(i);
  visitExpr(s.value);
  visitExpr(s.predicate);
}
void IRVisitor::visitSeq(const SeqStmt& s) {
  for (const auto& c : s.stmts) visitStmt(c);
}
void IRVisitor::visitIf(const IfStmt& s) {
  visitExpr(s.cond);
  visitStmt(s.thenBody);
  visitStmt(s.elseBody);
  for (const auto& v : s.returnVars) visitDef(v);
}
void IRVisitor::visitFor(const ForStmt& s) {
  visitExpr(s.start);
  visitExpr(s.stop);
  visitExpr(s.step);
  for (const auto& ia : s.iterArgs) visitExpr(ia->init);
  visitDef(s.loopVar);
  for (const auto& ia : s.iterArgs) visitDef(ia);
  visitStmt(s.body);
  for (const auto& v : s.returnVars) visitDef(v);
}
void IRVisitor::visitWhile(const WhileStmt& s) {
  for (const auto& ia : s.iterArgs) visitExpr(ia->init);
  for (const auto& ia : s.iterArgs) visitDef(ia);
  visitExpr(s.cond);
  visitStmt(s.body);
  for (const auto& v : s.returnVars) visitDef(v);
}
void IRVisitor::visitYield(const YieldStmt& s) {
  for (const auto& v : s.values) visitExpr(v);
}
void IRVisitor::visitReturn(const ReturnStmt& s) {
  for (const auto& v : s.values) visitExpr(v);
}
void IRVisitor::visitInCoreScope(const InCoreScopeStmt& s) { visitStmt(s.body); }
void IRVisitor::visitSplitAivScope(const SplitAivScopeStmt& s) {
  visitDef(s.laneVar);
  visitStmt(s.body);
}
void IRVisitor::visitSimdVfScope(const SimdVfScopeStmt& s) { visitStmt(s.body); }

void IRVisitor::visitFunction(const FunctionPtr& f) {
  for (const auto& p : f->params) visitDef(p);
  visitStmt(f->body);
}

void IRVisitor::visitProgram(const ProgramPtr& p) {
  for (const auto& f : p->functions) visitFunction(f);
}

}  // namespace ptoc::ir
