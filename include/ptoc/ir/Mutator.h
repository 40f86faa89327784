// Copy-on-write rewriting of the IR (TVM StmtMutator style): every mutate method
// returns the same node when nothing below it changed. Variables can be remapped
// through `remap`; a rebuilt IterArg (new init) is remapped automatically so its
// uses in the loop body follow.
#pragma once

#include <unordered_map>

#include "ptoc/ir/Function.h"

namespace ptoc::ir {

class IRMutator {
 public:
  virtual ~IRMutator() = default;

  virtual ExprPtr mutateExpr(const ExprPtr& e);
  virtual StmtPtr mutateStmt(const StmtPtr& s);
  virtual FunctionPtr mutateFunction(const FunctionPtr& f);
  ProgramPtr mutateProgram(const ProgramPtr& p);

  /// Every later use of `from` becomes `to`.
  void remap(const VarPtr& from, VarPtr to) { varMap_[from.get()] = std::move(to); }

 protected:
  virtual ExprPtr mutateVar(const VarPtr& v);
  virtual ExprPtr mutateBinary(const std::shared_ptr<const BinaryExpr>& e);
  virtual ExprPtr mutateUnary(const std::shared_ptr<const UnaryExpr>& e);
  virtual ExprPtr mutateSelect(const std::shared_ptr<const SelectExpr>& e);
  virtual ExprPtr mutateCall(const std::shared_ptr<const Call>& e);
  virtual ExprPtr mutateBufferLoad(const std::shared_ptr<const BufferLoad>& e);
  virtual ExprPtr mutateMakeTuple(const std::shared_ptr<const MakeTuple>& e);
  virtual ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem>& e);

  virtual StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s);
  virtual StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s);
  virtual StmtPtr mutateBufferStore(const std::shared_ptr<const BufferStoreStmt>& s);
  virtual StmtPtr mutateSeq(const std::shared_ptr<const SeqStmt>& s);
  virtual StmtPtr mutateIf(const std::shared_ptr<const IfStmt>& s);
  virtual StmtPtr mutateFor(const std::shared_ptr<const ForStmt>& s);
  virtual StmtPtr mutateWhile(const std::shared_ptr<const WhileStmt>& s);
  virtual StmtPtr mutateYield(const std::shared_ptr<const YieldStmt>& s);
  virtual StmtPtr mutateReturn(const std::shared_ptr<const ReturnStmt>& s);
  virtual StmtPtr mutateInCoreScope(const std::shared_ptr<const InCoreScopeStmt>& s);
  virtual StmtPtr mutateSplitAivScope(const std::shared_ptr<const SplitAivScopeStmt>& s);
  virtual StmtPtr mutateSimdVfScope(const std::shared_ptr<const SimdVfScopeStmt>& s);

  /// A definition site; the default applies the remap table.
  virtual VarPtr mutateDef(const VarPtr& v);
  std::vector<ExprPtr> mutateExprs(const std::vector<ExprPtr>& es, bool& changed);
  std::vector<IterArgPtr> mutateIterArgs(const std::vector<IterArgPtr>& ias, bool& changed);
  std::vector<VarPtr> mutateDefs(const std::vector<VarPtr>& vs, bool& changed);

  std::unordered_map<const Var*, VarPtr> varMap_;
};

}  // namespace ptoc::ir
