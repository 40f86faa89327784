// UseAfterDef: every variable use is preceded by a definition that is in scope.
// Scoping follows the IR: loop vars and iter_args live in their loop body, a
// region's lane var in its region; plain assignments stay visible after the
// compound statement that holds them (natural, pre-SSA code relies on that;
// SSAForm checks the stricter rule).
#include <fmt/format.h>

#include "ptoc/ir/Visitor.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class UseAfterDefChecker : public IRVisitor {
 public:
  explicit UseAfterDefChecker(DiagnosticEngine& d) : diag_(d) {}
  bool ok = true;

  void visitFunction(const FunctionPtr& f) override {
    defined_.clear();
    current_ = f.get();
    IRVisitor::visitFunction(f);
  }

 protected:
  void visitStmt(const StmtPtr& s) override {
    const Stmt* saved = stmt_;
    stmt_ = s.get();
    IRVisitor::visitStmt(s);
    stmt_ = saved;
  }
  void visitVar(const Var& v) override {
    // A module-level pl.dynamic dim is defined everywhere (a pass may fold tensor.dim of a
    // dynamic axis to it; the simulator reads it from a parameter's extent).
    if (defined_.count(&v) || isDynamicDimVar(v)) return;
    ok = false;
    diag_.error(
        v.span.valid() ? v.span : (stmt_ ? stmt_->span : Span{}),
        fmt::format("property UseAfterDef violated in function '{}': '{}' is used before "
                    "its definition or outside its scope",
                    current_->name, v.name),
        fmt::format("define '{}' before this use, in this scope or an enclosing one", v.name));
  }
  void visitDef(const VarPtr& v) override { defined_.insert(v.get()); }

  void visitFor(const ForStmt& s) override {
    visitExpr(s.start);
    visitExpr(s.stop);
    visitExpr(s.step);
    for (const auto& ia : s.iterArgs) visitExpr(ia->init);
    withScope({s.loopVar}, s.iterArgs, [&] { visitStmt(s.body); });
    for (const auto& v : s.returnVars) visitDef(v);
  }
  void visitWhile(const WhileStmt& s) override {
    for (const auto& ia : s.iterArgs) visitExpr(ia->init);
    withScope({}, s.iterArgs, [&] {
      visitExpr(s.cond);
      visitStmt(s.body);
    });
    for (const auto& v : s.returnVars) visitDef(v);
  }
  void visitSplitAivScope(const SplitAivScopeStmt& s) override {
    withScope({s.laneVar}, {}, [&] { visitStmt(s.body); });
  }

 private:
  template <typename F>
  void withScope(std::vector<VarPtr> vars, const std::vector<IterArgPtr>& ias, F body) {
    for (const auto& v : vars) defined_.insert(v.get());
    for (const auto& v : ias) defined_.insert(v.get());
    body();
    for (const auto& v : vars) defined_.erase(v.get());
    for (const auto& v : ias) defined_.erase(v.get());
  }

  DiagnosticEngine& diag_;
  PtrSet<Var> defined_;
  const Function* current_ = nullptr;
  const Stmt* stmt_ = nullptr;
};

}  // namespace

bool verifyUseAfterDef(const Program& program, DiagnosticEngine& diag) {
  UseAfterDefChecker c(diag);
  for (const auto& f : program.functions) c.visitFunction(f);
  return c.ok;
}

}  // namespace ptoc
