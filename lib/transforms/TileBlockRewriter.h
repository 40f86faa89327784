// TileBlockRewriter: the statement-list machinery shared by infer-tile-memory-space and
// resolve-backend-op-layouts. It walks a function as nested statement lists; a call
// statement is rewritten by the subclass (rewriteCall), which may insert statements right
// before it (insertBefore, e.g. a tile.move of an operand) — with a per-list cache so one
// list moves a value once (then/else arms are lists of their own, and reuse a conversion
// made before the if; a loop body does not reuse one made before the loop). When a
// rewritten call's result type changes, its variable is re-created and every later use
// follows (IRMutator remap). Where a value meets a fixed type — a loop's init and yield (the
// iter_arg's type), a return (the function's return type) — a value whose type changed is
// converted back with a tile.move (coerce). An if's result takes the type both arms yield
// when they agree on a new layout; otherwise each arm's value is converted back.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ptoc/ir/Mutator.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc {

bool isKernelFunction(const ir::Function& f);  // InCore, AIC or AIV

class TileBlockRewriter : public ir::IRMutator {
 public:
  explicit TileBlockRewriter(DiagnosticEngine& d) : diag_(d) {}
  ir::FunctionPtr rewrite(const ir::FunctionPtr& f);

 protected:
  /// The rewritten call (or `original` when nothing changed). `resultType` is the type of the
  /// assigned variable after mutateDef (null for an evaluated call).
  virtual ir::ExprPtr rewriteCall(const ir::Call& call, const ir::ExprPtr& original,
                                  const ir::TypePtr& resultType, Span at) = 0;

  /// Inserts `name = call` before the current statement and returns the new variable.
  ir::VarPtr insertBefore(const std::string& name, const ir::CallPtr& call, Span at);
  /// The cached result of converting `v` under `key` in the current statement list.
  ir::VarPtr cached(const ir::Var* v, const std::string& key) const;
  void cache(const ir::Var* v, const std::string& key, ir::VarPtr result);
  /// Drops every cached conversion of `v` (in the open statement lists): `v` was written.
  void forgetConversions(const ir::Var* v);
  /// `value` converted to `expected` (same shape and dtype) by a tile.move before the
  /// current statement; a diagnostic when the move cannot produce that type.
  ir::ExprPtr coerce(const ir::ExprPtr& value, const ir::TypePtr& expected, Span at);
  /// Rebuilds `call` through the registry with new arguments (result type re-deduced).
  ir::CallPtr rebuild(const ir::Call& call, std::vector<ir::ExprPtr> args,
                      const ir::TypePtr& annotated = nullptr);

  /// A call nested in another call's arguments goes through rewriteCall too, so its
  /// result type is re-deduced from rewritten operands (no annotation: resultType null).
  ir::ExprPtr mutateCall(const std::shared_ptr<const ir::Call>& e) override {
    return rewriteCall(*e, e, nullptr, e->span);
  }
  ir::StmtPtr mutateStmt(const ir::StmtPtr& s) override;
  ir::StmtPtr mutateSeq(const std::shared_ptr<const ir::SeqStmt>& s) override;
  ir::StmtPtr mutateAssign(const std::shared_ptr<const ir::AssignStmt>& s) override;
  ir::StmtPtr mutateEval(const std::shared_ptr<const ir::EvalStmt>& s) override;
  ir::StmtPtr mutateYield(const std::shared_ptr<const ir::YieldStmt>& s) override;
  ir::StmtPtr mutateReturn(const std::shared_ptr<const ir::ReturnStmt>& s) override;
  ir::StmtPtr mutateFor(const std::shared_ptr<const ir::ForStmt>& s) override;
  ir::StmtPtr mutateWhile(const std::shared_ptr<const ir::WhileStmt>& s) override;
  ir::StmtPtr mutateIf(const std::shared_ptr<const ir::IfStmt>& s) override;

  DiagnosticEngine& diag_;

 private:
  /// The statements rewritten, with moves inserted before them; `*changed` (if given) is
  /// set when the result differs from `stmts`.
  ir::StmtPtr rewriteBlock(const std::vector<ir::StmtPtr>& stmts, Span span,
                           bool* changed = nullptr);
  /// `arm` with its final yield's values moved to `want` (statements before the yield).
  ir::StmtPtr coerceYields(const ir::StmtPtr& arm, const std::vector<ir::TypePtr>& want);
  std::vector<ir::IterArgPtr> rewriteIterArgs(const std::vector<ir::IterArgPtr>& ias, Span at,
                                              std::vector<ir::TypePtr>& carried);

  const ir::Function* function_ = nullptr;
  bool inBlock_ = false;
  std::vector<ir::StmtPtr>* pending_ = nullptr;
  std::map<std::pair<const ir::Var*, std::string>, ir::VarPtr>* cache_ = nullptr;
  std::vector<std::map<std::pair<const ir::Var*, std::string>, ir::VarPtr>*> openCaches_;
  std::vector<std::vector<ir::TypePtr>> yieldTargets_;
  /// openCaches_.size() at each enclosing loop body: conversions are not reused across it.
  std::vector<size_t> loopFloors_;
};

}  // namespace ptoc
