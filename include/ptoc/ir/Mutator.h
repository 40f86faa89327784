// Copy-on-write rewriting of the IR (TVM StmtMutator style): every mutate method
// returns the same node when nothing below it changed. The defaults rewrite the
// node's fields() (docs/ir.md) and rebuild it with Node::rebuild, so a field added
// to a node is rewritten without touching this class.
//
// Variables can be remapped through `remap`. Types are rewritten too: a tile type
// whose valid_shape names a remapped variable is rebuilt, and so is every
// expression and variable of that type (a variable whose type changes is replaced
// by a fresh one, remapped, so all its uses follow). A rebuilt IterArg (new init)
// is remapped automatically so its uses in the loop body follow.
#pragma once

#include "ptoc/ir/Function.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc::ir {

/// Rewritten operands that copy the original list only at the first change: most calls
/// keep all their operands, and copying every call's argument vector was one allocation
/// per call per pass. Read with [], replace with set(); the original must outlive it.
class ExprListRewrite {
 public:
  explicit ExprListRewrite(const std::vector<ExprPtr>& orig) : orig_(&orig) {}
  size_t size() const { return orig_->size(); }
  const ExprPtr& operator[](size_t i) const { return copied_ ? fresh_[i] : (*orig_)[i]; }
  /// Replaces element `i` (a no-op when `e` is the element already there).
  void set(size_t i, ExprPtr e) {
    if (!copied_) {
      if (e == (*orig_)[i]) return;
      fresh_ = *orig_;
      copied_ = true;
    }
    fresh_[i] = std::move(e);
  }
  bool changed() const { return copied_; }
  /// The list (a copy of the original when nothing changed).
  std::vector<ExprPtr> take() && { return copied_ ? std::move(fresh_) : *orig_; }

 private:
  const std::vector<ExprPtr>* orig_;
  std::vector<ExprPtr> fresh_;
  bool copied_ = false;
};

class IRMutator {
 public:
  virtual ~IRMutator() = default;

  virtual ExprPtr mutateExpr(const ExprPtr& e);
  /// mutateExpr of each element, copied only if one changes (see ExprListRewrite).
  ExprListRewrite mutateExprList(const std::vector<ExprPtr>& es);
  virtual StmtPtr mutateStmt(const StmtPtr& s);
  virtual FunctionPtr mutateFunction(const FunctionPtr& f);
  ProgramPtr mutateProgram(const ProgramPtr& p);
  /// The type with every expression inside it (a tile's valid_shape) mutated.
  virtual TypePtr mutateType(const TypePtr& t);

  /// Every later use of `from` becomes `to`.
  void remap(const VarPtr& from, VarPtr to) { varMap_[from.get()] = std::move(to); }

 protected:
  virtual ExprPtr mutateVar(const VarPtr& v);
  virtual ExprPtr mutateConst(const ExprPtr& e);
  virtual ExprPtr mutateBinary(const std::shared_ptr<const BinaryExpr>& e);
  virtual ExprPtr mutateUnary(const std::shared_ptr<const UnaryExpr>& e);
  virtual ExprPtr mutateSelect(const std::shared_ptr<const SelectExpr>& e);
  virtual ExprPtr mutateCall(const std::shared_ptr<const Call>& e);
  virtual ExprPtr mutateBufferLoad(const std::shared_ptr<const BufferLoad>& e);
  virtual ExprPtr mutateMakeTuple(const std::shared_ptr<const MakeTuple>& e);
  virtual ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem>& e);

#define PTOC_X(Kind, Class) virtual StmtPtr mutate##Kind(const std::shared_ptr<const Class>& s);
  PTOC_STMT_NODES(PTOC_X)  // mutateAssign, mutateEval, ..., mutateSimdVfScope
#undef PTOC_X

  /// A definition site; the default applies the remap table (and rewrites its type).
  virtual VarPtr mutateDef(const VarPtr& v);
  std::vector<ExprPtr> mutateExprs(const std::vector<ExprPtr>& es, bool& changed);
  std::vector<IterArgPtr> mutateIterArgs(const std::vector<IterArgPtr>& ias, bool& changed);
  std::vector<VarPtr> mutateDefs(const std::vector<VarPtr>& vs, bool& changed);

  /// A variable whose rewritten type differs is replaced by a fresh one (remapped).
  VarPtr retypeVar(const VarPtr& v);

  PtrMap<Var, VarPtr> varMap_;  // flat: looked up at every variable use and definition

 private:
  struct FieldRewriter;
  /// The default of every expression / statement mutate method: rewrites the node's
  /// fields in walk order (and an expression's type), rebuilds the node when any changed.
  template <class Node>
  ExprPtr mutateExprChildren(const std::shared_ptr<const Node>& e);
  template <class Node>
  StmtPtr mutateStmtChildren(const std::shared_ptr<const Node>& s);
};

}  // namespace ptoc::ir
