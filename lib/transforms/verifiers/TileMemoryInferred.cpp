// TileMemoryInferred: every tile-typed variable of an InCore/AIC/AIV function has a
// memory space.
#include <fmt/format.h>

#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class MemoryChecker : public IRVisitor {
 public:
  explicit MemoryChecker(DiagnosticEngine& d) : diag_(d) {}
  bool ok = true;
  const Function* current = nullptr;

 protected:
  void visitDef(const VarPtr& v) override {
    const auto* t = v->type ? v->type->as<TileType>() : nullptr;
    if (t && !t->memory) {
      ok = false;
      diag_.error(v->span,
                  fmt::format("property TileMemoryInferred violated in function '{}': tile "
                              "'{}' has no memory space",
                              current->name, v->name),
                  "run infer-tile-memory-space first");
    }
  }

 private:
  DiagnosticEngine& diag_;
};

}  // namespace

bool verifyTileMemoryInferred(const Program& program, DiagnosticEngine& diag) {
  MemoryChecker c(diag);
  for (const auto& f : program.functions) {
    if (f->funcType != FunctionType::InCore && f->funcType != FunctionType::AIC &&
        f->funcType != FunctionType::AIV)
      continue;
    c.current = f.get();
    c.visitFunction(f);
  }
  return c.ok;
}

}  // namespace ptoc
