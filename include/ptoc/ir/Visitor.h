// Read-only traversal of the IR (TVM ExprFunctor/StmtFunctor style): one visit
// method per node kind; the defaults recurse into the node's fields() (docs/ir.md),
// so a field added to a node is visited without touching this class.
// For a walk that returns a value, or that must handle every kind explicitly, use
// ExprFunctor / StmtFunctor (ir/Functor.h).
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
  /// Every variable read (a Var, or an IterArg used as a value). It gets the node, not its
  /// shared pointer, so a walk costs no reference-count traffic; a walk that keeps the
  /// variables it meets overrides visitExpr and takes the pointer there (see Liveness.cpp).
  virtual void visitVar(const Var&) {}
  virtual void visitConst(const ExprPtr&) {}
  virtual void visitBinary(const BinaryExpr& e);
  virtual void visitUnary(const UnaryExpr& e);
  virtual void visitSelect(const SelectExpr& e);
  virtual void visitCall(const Call& e);
  virtual void visitBufferLoad(const BufferLoad& e);
  virtual void visitMakeTuple(const MakeTuple& e);
  virtual void visitTupleGetItem(const TupleGetItem& e);

#define PTOC_X(Kind, Class) virtual void visit##Kind(const Class& s);
  PTOC_STMT_NODES(PTOC_X)  // visitAssign, visitEval, ..., visitSimdVfScope
#undef PTOC_X

  /// Called for every variable definition site (assign, loop var, iter arg, return var, param).
  virtual void visitDef(const VarPtr&) {}

 private:
  struct FieldWalker;
  /// The default of every visit method: visits the node's fields in walk order.
  template <class Node>
  void visitChildren(const Node& n);
};

}  // namespace ptoc::ir
