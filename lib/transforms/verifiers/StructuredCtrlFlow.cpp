// StructuredCtrlFlow: a For/While/If with return_vars ends each body with a yield
// of exactly that many values (matching the iter_args of loops, with equal
// types); a body without return_vars yields nothing; a yield appears nowhere else.
#include <fmt/format.h>

#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class CtrlFlowChecker : public IRVisitor {
 public:
  explicit CtrlFlowChecker(DiagnosticEngine& d) : diag_(d) {}
  bool ok = true;
  const Function* current = nullptr;
  // Control flow lives in statements only: the walk skips expressions.
  void visitExpr(const ExprPtr&) override {}

 protected:
  void fail(Span span, const std::string& msg, std::string hint) {
    ok = false;
    diag_.error(span,
                fmt::format("property StructuredCtrlFlow violated in function '{}': {}",
                            current->name, msg),
                std::move(hint));
  }

  // Checks the body of a construct that has `expected` return values.
  void checkBody(const StmtPtr& body, size_t expected, Span owner, const char* what,
                 const std::vector<TypePtr>& types) {
    auto stmts = flattenStmts(body);
    const YieldStmt* last = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
    if (expected == 0) {
      if (last)
        fail(last->span, fmt::format("{} has no results but its body ends with a yield", what),
             "remove the pl.yield_, or give the construct results (`x = pl.yield_(...)`)");
    } else if (!last) {
      fail(owner,
           fmt::format("{} has {} result(s) but its body does not end with pl.yield_", what,
                       expected),
           "end the body with `names = pl.yield_(...)`, one value per result");
    } else if (last->values.size() != expected) {
      fail(last->span,
           fmt::format("{} has {} result(s) but yields {} value(s)", what, expected,
                       last->values.size()),
           "yield one value per result");
    } else {
      for (size_t i = 0; i < expected && i < types.size(); ++i)
        if (types[i] && last->values[i]->type &&
            !tileFitsDeclared(*last->values[i]->type, *types[i]))
          fail(last->values[i]->span.valid() ? last->values[i]->span : last->span,
               fmt::format("yielded value {} has type {} but {} result {} has type {}", i,
                           typeToString(*last->values[i]->type), what, i, typeToString(*types[i])),
               "yield a value of the result's type (a loop result has the type of its init "
               "value)");
    }
    for (size_t i = 0; i + 1 < stmts.size(); ++i)
      if (stmts[i]->isa<YieldStmt>())
        fail(stmts[i]->span, "pl.yield_ must be the last statement of its body",
             "move the statements after it before the pl.yield_");
    for (const auto& s : stmts)
      if (!s->isa<YieldStmt>()) visitStmt(s);
  }

  void visitSeq(const SeqStmt& s) override {
    for (const auto& c : s.stmts) {
      if (c->isa<YieldStmt>())
        fail(c->span, "pl.yield_ outside the body of a loop or if with results",
             "remove it, or give the enclosing loop init_values / the if results");
      else
        visitStmt(c);
    }
  }
  void visitIf(const IfStmt& s) override {
    std::vector<TypePtr> types;
    for (const auto& v : s.returnVars) types.push_back(v->type);
    checkBody(s.thenBody, s.returnVars.size(), s.span, "if", types);
    if (s.elseBody)
      checkBody(s.elseBody, s.returnVars.size(), s.span, "else", types);
    else if (!s.returnVars.empty())
      fail(s.span, "an if with results needs an else branch that yields them",
           "add `else:` ending with `names = pl.yield_(...)`");
  }
  void checkLoop(const std::vector<IterArgPtr>& ias, const std::vector<VarPtr>& rvs,
                 const StmtPtr& body, Span span, const char* what) {
    if (ias.size() != rvs.size())
      fail(span,
           fmt::format("{} has {} iter_args but {} return vars", what, ias.size(), rvs.size()),
           "name one result per init value");
    std::vector<TypePtr> types;
    for (const auto& ia : ias) {
      types.push_back(ia->type);
      if (ia->init && ia->init->type && !structuralEqual(*ia->type, *ia->init->type))
        fail(ia->init->span.valid() ? ia->init->span : span,
             fmt::format("init value of iter_arg '{}' has type {} but the iter_arg has type {}",
                         ia->name, typeToString(*ia->init->type), typeToString(*ia->type)),
             "make the init value and the iter_arg the same type");
    }
    checkBody(body, ias.size(), span, what, types);
  }
  void visitFor(const ForStmt& s) override {
    checkLoop(s.iterArgs, s.returnVars, s.body, s.span, "for loop");
  }
  void visitWhile(const WhileStmt& s) override {
    checkLoop(s.iterArgs, s.returnVars, s.body, s.span, "while loop");
  }
  void visitInCoreScope(const InCoreScopeStmt& s) override {
    checkBody(s.body, 0, s.span, "scope", {});
  }
  void visitSplitAivScope(const SplitAivScopeStmt& s) override {
    checkBody(s.body, 0, s.span, "split_aiv region", {});
  }
  void visitSimdVfScope(const SimdVfScopeStmt& s) override {
    checkBody(s.body, 0, s.span, "simd_vf region", {});
  }
  void visitRuntimeScope(const RuntimeScopeStmt& s) override {
    checkBody(s.body, 0, s.span, "runtime scope", {});
  }
  void visitYield(const YieldStmt& s) override {
    fail(s.span, "pl.yield_ outside the body of a loop or if with results",
         "remove it, or give the enclosing loop init_values / the if results");
  }

 private:
  DiagnosticEngine& diag_;
};

}  // namespace

bool verifyStructuredCtrlFlow(const Program& program, DiagnosticEngine& diag) {
  CtrlFlowChecker c(diag);
  for (const auto& f : program.functions) {
    c.current = f.get();
    c.visitStmt(f->body);
  }
  return c.ok;
}

}  // namespace ptoc
