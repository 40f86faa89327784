// The visitor's dispatch lists every node kind (no default: a new kind fails to
// compile here); the recursion into children is generic over each node's fields().
#include "ptoc/ir/Visitor.h"

namespace ptoc::ir {

/// Visits one field of a node with the visitor's own (overridable) methods.
struct IRVisitor::FieldWalker {
  IRVisitor& v;
  template <class T>
  void operator()(const field::Value<T>&) const {}
  void operator()(const field::Callee&) const {}
  template <class P>
  void operator()(const field::Use<P>& d) const {
    if (d.value) v.visitExpr(d.value);
  }
  template <class P>
  void operator()(const field::Uses<P>& d) const {
    for (const auto& e : d.value) v.visitExpr(e);
  }
  template <class P>
  void operator()(const field::Def<P>& d) const {
    v.visitDef(d.value);
  }
  template <class P>
  void operator()(const field::Defs<P>& d) const {
    for (const auto& x : d.value) v.visitDef(x);
  }
  template <class P>
  void operator()(const field::IterArgs<P>& d) const {
    for (const auto& ia : d.value) v.visitExpr(ia->init);
    for (const auto& ia : d.value) v.visitDef(ia);
  }
  template <class P>
  void operator()(const field::Body<P>& d) const {
    v.visitStmt(d.value);
  }
  template <class P>
  void operator()(const field::Stmts<P>& d) const {
    for (const auto& s : d.value) v.visitStmt(s);
  }
};

template <class Node>
void IRVisitor::visitChildren(const Node& n) {
  field::forEach(n, FieldWalker{*this});
}

void IRVisitor::visitExpr(const ExprPtr& e) {
  if (!e) return;
  switch (e->kind) {
    case ExprKind::Var:
    case ExprKind::IterArg:
      visitVar(static_cast<const Var&>(*e));
      return;
    case ExprKind::ConstInt:
    case ExprKind::ConstFloat:
    case ExprKind::ConstBool:
      visitConst(e);
      return;
    case ExprKind::Binary:
      visitBinary(static_cast<const BinaryExpr&>(*e));
      return;
    case ExprKind::Unary:
      visitUnary(static_cast<const UnaryExpr&>(*e));
      return;
    case ExprKind::Select:
      visitSelect(static_cast<const SelectExpr&>(*e));
      return;
    case ExprKind::Call:
      visitCall(static_cast<const Call&>(*e));
      return;
    case ExprKind::BufferLoad:
      visitBufferLoad(static_cast<const BufferLoad&>(*e));
      return;
    case ExprKind::MakeTuple:
      visitMakeTuple(static_cast<const MakeTuple&>(*e));
      return;
    case ExprKind::TupleGetItem:
      visitTupleGetItem(static_cast<const TupleGetItem&>(*e));
      return;
  }
}

void IRVisitor::visitStmt(const StmtPtr& s) {
  if (!s) return;
  switch (s->kind) {
#define PTOC_X(Kind, Class)                     \
  case StmtKind::Kind:                          \
    visit##Kind(static_cast<const Class&>(*s)); \
    return;
    PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
  }
}

void IRVisitor::visitBinary(const BinaryExpr& e) { visitChildren(e); }
void IRVisitor::visitUnary(const UnaryExpr& e) { visitChildren(e); }
void IRVisitor::visitSelect(const SelectExpr& e) { visitChildren(e); }
void IRVisitor::visitCall(const Call& e) { visitChildren(e); }
void IRVisitor::visitBufferLoad(const BufferLoad& e) { visitChildren(e); }
void IRVisitor::visitMakeTuple(const MakeTuple& e) { visitChildren(e); }
void IRVisitor::visitTupleGetItem(const TupleGetItem& e) { visitChildren(e); }

#define PTOC_X(Kind, Class) \
  void IRVisitor::visit##Kind(const Class& s) { visitChildren(s); }
PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X

void IRVisitor::visitFunction(const FunctionPtr& f) {
  for (const auto& p : f->params) visitDef(p);
  visitStmt(f->body);
}

void IRVisitor::visitProgram(const ProgramPtr& p) {
  for (const auto& f : p->functions) visitFunction(f);
}

}  // namespace ptoc::ir
