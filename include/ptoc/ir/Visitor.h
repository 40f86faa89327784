// Read-only traversal of the IR (TVM ExprFunctor/StmtFunctor style): one visit
// method per node kind; the defaults recurse into children.
#pragma once

#include "ptoc/ir/Function.h"

namespace ptoc::ir {

class IRVisitor {
 public:
  virtual ~IRVisitor() = default;

  virtual void visitExpr(const ExprPtr& e);
  virtual void visitStmt(const StmtPtr& s);
  virtual void visitFunction(const FunctionPtr& f);
  virtual void visitProgram(const ProgramPtr& p);

 protected:
  virtual void visitVar(const VarPtr&) {}
  virtual void visitConst(const ExprPtr&) {}
  virtual void visitBinary(const BinaryExpr& e);
  virtual void visitUnary(const UnaryExpr& e);
  virtual void visitSelect(const SelectExpr& e);
  virtual void visitCall(const Call& e);
  virtual void visitBufferLoad(const BufferLoad& e);
  virtual void visitMakeTuple(const MakeTuple& e);
  virtual void visitTupleGetItem(const TupleGetItem& e);

  virtual void visitAssign(const AssignStmt& s);
  virtual void visitEval(const EvalStmt& s);
  virtual void visitBufferStore(const BufferStoreStmt& s);
  virtual void visitSeq(const SeqStmt& s);
  virtual void visitIf(const IfStmt& s);
  virtual void visitFor(const ForStmt& s);
  virtual void visitWhile(const WhileStmt& s);
  virtual void visitYield(const YieldStmt& s);
  virtual void visitReturn(const ReturnStmt& s);
  virtual void visitInCoreScope(const InCoreScopeStmt& s);
  virtual void visitSplitAivScope(const SplitAivScopeStmt& s);
  virtual void visitSimdVfScope(const SimdVfScopeStmt& s);
  /// Called for every variable definition site (assign, loop var, iter arg, return var, param).
  virtual void visitDef(const VarPtr&) {}
};

}  // namespace ptoc::ir
