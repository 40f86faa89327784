// SSAForm: every variable is defined exactly once, and a value defined inside a
// loop body, an if branch or a region is not used after it (only return_vars
// escape).
#include <fmt/format.h>

#include "ptoc/ir/Visitor.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class SSAChecker : public IRVisitor {
 public:
  explicit SSAChecker(DiagnosticEngine& d) : diag_(d) {}
  bool ok = true;

  void visitFunction(const FunctionPtr& f) override {
    definedIn_.clear();
    open_.assign(1, true);
    stack_.assign(1, 0);
    current_ = f.get();
    IRVisitor::visitFunction(f);
  }

 protected:
  void fail(Span span, const std::string& msg, std::string hint) {
    ok = false;
    diag_.error(span,
                fmt::format("property SSAForm violated in function '{}': {}", current_->name, msg),
                std::move(hint));
  }
  void visitDef(const VarPtr& v) override {
    if (!definedIn_.emplace(v.get(), stack_.back()).second)
      fail(defSite_.valid() ? defSite_ : v->span,
           fmt::format("'{}' is assigned more than once", v->name),
           "give each assignment a new name, or run convert-to-ssa first "
           "(--passes=convert-to-ssa,...)");
  }
  // A re-assignment is reported at the assigning statement (the Var's own span is its
  // first definition).
  void visitAssign(const AssignStmt& a) override {
    visitExpr(a.value);
    defSite_ = a.span;
    visitDef(a.var);
    defSite_ = Span{};
  }
  void visitVar(const Var& v) override {
    const uint32_t* scope = definedIn_.find(&v);
    if (scope && !open_[*scope])
      fail(v.span,
           fmt::format("'{}' is used outside the body that defines it; carry it out "
                       "with iter_args / pl.yield_",
                       v.name),
           fmt::format("add '{}' to the loop's init_values and pl.yield_ it, or run convert-to-ssa "
                       "first",
                       v.name));
  }
  void pushScope() {
    stack_.push_back(static_cast<uint32_t>(open_.size()));
    open_.push_back(true);
  }
  void popScope() {
    open_[stack_.back()] = false;
    stack_.pop_back();
  }
  void nested(const StmtPtr& body, std::vector<VarPtr> extra = {}) {
    pushScope();
    for (const auto& v : extra) visitDef(v);
    visitStmt(body);
    popScope();
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
    pushScope();
    for (const auto& ia : s.iterArgs) visitDef(ia);
    visitExpr(s.cond);
    visitStmt(s.body);
    popScope();
    for (const auto& v : s.returnVars) visitDef(v);
  }
  // Scopes execute once and are SSA-transparent: their defs stay visible.
  void visitSplitAivScope(const SplitAivScopeStmt& s) override {
    visitDef(s.laneVar);
    visitStmt(s.body);
  }

 private:
  DiagnosticEngine& diag_;
  // The body instance each variable was first defined in; a body closes for good
  // when its walk ends (a use after that is outside it).
  PtrMap<Var, uint32_t> definedIn_;
  std::vector<bool> open_;       // per body instance (0 = the function body)
  std::vector<uint32_t> stack_;  // the bodies being walked, innermost last
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
