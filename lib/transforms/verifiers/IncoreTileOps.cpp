// IncoreTileOps: no InCore function computes on tensors. Every tensor-level call left in an
// InCore function is an element read / write or a view of a GM tensor (keepsGmForm); the
// rest are tile ops. convert-tensor-to-tile-ops establishes it.
#include <fmt/format.h>

#include "../TensorToTileConversions.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class TensorOpFinder : public IRVisitor {
 public:
  explicit TensorOpFinder(DiagnosticEngine& d) : diag_(d) {}
  bool ok = true;
  const Function* current = nullptr;

 protected:
  void visitCall(const Call& call) override {
    IRVisitor::visitCall(call);
    if (!call.op || !isTensorLevelOp(*call.op) || keepsGmForm(call)) return;
    ok = false;
    diag_.error(call.span,
                fmt::format("property IncoreTileOps violated in function '{}': {} computes on "
                            "tensors in an InCore function",
                            current->name, call.op->name),
                "run convert-tensor-to-tile-ops first");
  }

 private:
  DiagnosticEngine& diag_;
};

}  // namespace

bool verifyIncoreTileOps(const Program& program, DiagnosticEngine& diag) {
  TensorOpFinder finder(diag);
  for (const auto& f : program.functions) {
    if (f->funcType != FunctionType::InCore) continue;
    finder.current = f.get();
    finder.visitFunction(f);
  }
  return finder.ok;
}

}  // namespace ptoc
