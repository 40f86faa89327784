// SplitIncoreOrch: every `pl.at(level=pl.Level.CORE_GROUP)` scope of an Opaque or
// Orchestration function has been outlined into an InCore function.
#include <fmt/format.h>

#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class ScopeFinder : public IRVisitor {
 public:
  ScopeFinder(DiagnosticEngine& d, const Function& f) : diag_(d), func_(f) {}
  bool ok = true;

 protected:
  void visitInCoreScope(const InCoreScopeStmt& s) override {
    ok = false;
    diag_.error(s.span,
                fmt::format("property SplitIncoreOrch violated in function '{}': a "
                            "pl.at(CORE_GROUP) scope is still inline",
                            func_.name),
                "run outline-incore-scopes first");
  }

 private:
  DiagnosticEngine& diag_;
  const Function& func_;
};

}  // namespace

bool verifySplitIncoreOrch(const Program& program, DiagnosticEngine& diag) {
  bool ok = true;
  for (const auto& f : program.functions) {
    if (f->funcType != FunctionType::Opaque && f->funcType != FunctionType::Orchestration) continue;
    ScopeFinder finder(diag, *f);
    finder.visitFunction(f);
    ok &= finder.ok;
  }
  return ok;
}

}  // namespace ptoc
