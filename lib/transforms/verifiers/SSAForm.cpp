// SSAForm: every variable is defined exactly once, and a value defined inside a
// loop body, an if branch or a region is not used after it (only return_vars
// escape).
#include <fmt/format.h>

#include <unordered_set>

#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class SSAChecker : public IRVisitor {
 public:
  explicit SSAChecker(DiagnosticEngine& d) : diag_(d) {}
  bool ok = true;

  void visitFunction(const FunctionPtr& f) override {
    everDefined_.clear();
    scopes_.assign(1, {});
    current_ = f.get();
    IRVisitor::visitFunction(f);
  }

 protected:
  void fail(Span span, const std::string& msg) {
    ok = false;
    diag_.error(span,
                fmt::format("property SSAForm violated in function '{}': {}", current_->name, msg));
  }
  void visitDef(const VarPtr& v) override {
    if (!everDefined_.insert(v.get()).second)
      fail(defSite_.valid() ? defSite_ : v->span,
           fmt::format("'{}' is assigned more than once", v->name));
    scopes_.back().insert(v.get());
  }
  // A re-assignment is reported at the assigning statement (the Var's own span is its
  // first definition).
  void visitAssign(const AssignStmt& a) override {
    visitExpr(a.value);
    defSite_ = a.span;
    visitDef(a.var);
    defSite_ = Span{};
  }
  void visitVar(const VarPtr& v) override {
    for (const auto& s : scopes_)
      if (s.count(v.get())) return;
    if (everDefined_.count(v.get()))
      fail(v->span, fmt::format("'{}' is used outside the body that defines it; carry it out "
                                "with iter_args / pl.yield_",
                                v->name));
  }
  void nested(const StmtPtr& body, std::vector<VarPtr> extra = {}) {
    scopes_.emplace_back();
    for (const auto& v : extra) visitDef(v);
    visitStmt(body);
    scopes_.pop_back();
  }
  void visitIf(const IfStmt& s) override {
    visitExpr(s.cond);
    nested(s.thenBody);
    if (s.elseBody) nested(s.elseBody);
    for (const auto& v : s.returnVars) visitDef(v);
  }
  void visitFor(const ForStmt& s) override {
    visitExpr(s.start);
    visitExpr(s.stop);
    visitExpr(s.step);
    for (const auto& ia : s.iterArgs) visitExpr(ia->init);
    std::vector<VarPtr> defs{s.loopVar};
    defs.insert(defs.end(), s.iterArgs.begin(), s.iterArgs.end());
    nested(s.body, defs);
    for (const auto& v : s.returnVars) visitDef(v);
  }
  void visitWhile(const WhileStmt& s) override {
    for (const auto& ia : s.iterArgs) visitExpr(ia->init);
    scopes_.emplace_back();
    for (const auto& ia : s.iterArgs) visitDef(ia);
    visitExpr(s.cond);
    visitStmt(s.body);
    scopes_.pop_back();
    for (const auto& v : s.returnVars) visitDef(v);
  }
  // Scopes execute once and are SSA-transparent: their defs stay visible.
  void visitSplitAivScope(const SplitAivScopeStmt& s) override {
    visitDef(s.laneVar);
    visitStmt(s.body);
  }

 private:
  DiagnosticEngine& diag_;
  std::unordered_set<const Var*> everDefined_;
  std::vector<std::unordered_set<const Var*>> scopes_;
  const Function* current_ = nullptr;
  Span defSite_;
};

}  // namespace

bool verifySSAForm(const Program& program, DiagnosticEngine& diag) {
  SSAChecker c(diag);
  for (const auto& f : program.functions) c.visitFunction(f);
  return c.ok;
}

}  // namespace ptoc
