// TileMemoryInferred: in every InCore/AIC/AIV function (1) every tile-typed variable
// has a memory space and (2) every tile argument of an op call whose registry entry
// constrains its memory (OpDef::args[i].memory) lives in one of the allowed spaces.
// The front end accepts misplaced operands (e.g. tile.matmul of two Vec tiles);
// infer-tile-memory-space inserts the tile.move, this verifier rejects what is left.
#include <fmt/format.h>

#include <algorithm>

#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"
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

  void visitCall(const Call& call) override {
    IRVisitor::visitCall(call);
    if (!call.op) return;
    for (size_t i = 0; i < call.args.size() && i < call.op->args.size(); ++i) {
      const ArgSpec& spec = call.op->args[i];
      const ExprPtr& arg = call.args[i];
      const auto* t = arg && arg->type ? arg->type->as<TileType>() : nullptr;
      if (!t || !t->memory || spec.memory.empty()) continue;
      if (std::find(spec.memory.begin(), spec.memory.end(), *t->memory) != spec.memory.end())
        continue;
      ok = false;
      const auto* v = arg->as<Var>();
      std::string name = v ? v->name : spec.name;
      diag_.error(call.span,
                  fmt::format("property TileMemoryInferred violated in function '{}': argument "
                              "'{}' ({}) of {} must be in {} memory, got {}",
                              current->name, spec.name, name, call.op->name,
                              ops::memorySpaceList(spec.memory), toString(*t->memory)),
                  fmt::format("run infer-tile-memory-space, or insert pl.move({}, "
                              "target_memory=pl.Mem.{})",
                              name, toString(spec.memory.front())));
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
