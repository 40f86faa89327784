// The GM store coherence rule of convert-tensor-to-tile-ops (PyPTO's restriction; docs/passes/
// convert-tensor-to-tile-ops.md, "Diagnostics"): an InCore function may not write one GM
// tensor both with a bulk store (tile.store: MTE3) and with element writes (tensor.write:
// the scalar D-cache path). The two paths give no cache-line coherence on A2/A3, so either
// write may be lost. Tensors are matched by their origin (expand::TensorOrigins: a store's
// result, an iter_arg and a loop result stand for the tensor they carry).
#include <fmt/format.h>

#include <map>

#include "TensorToTileConversions.h"
#include "expand/Expand.h"
#include "ptoc/ir/Visitor.h"

namespace ptoc {
namespace {

using namespace ir;

class GmWrites final : public IRVisitor {
 public:
  explicit GmWrites(const expand::TensorOrigins& o) : origins_(o) {}
  std::map<const Var*, Span> bulk;                         // origin -> first tile.store
  std::vector<std::pair<const Var*, const Call*>> scalar;  // origin, tensor.write

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (isOp(c, OpId::Store) && c.args.size() > 2) {
      if (const Var* o = originOf(c.args[2])) bulk.emplace(o, c.span);
    } else if (isGmElementWrite(c)) {
      if (const Var* o = originOf(c.args[0])) scalar.emplace_back(o, &c);
    }
  }

 private:
  const Var* originOf(const ExprPtr& e) const {
    const auto* v = e ? e->as<Var>() : nullptr;
    if (!v) return nullptr;
    VarPtr o = origins_.origin(v);
    return o ? o.get() : v;
  }
  const expand::TensorOrigins& origins_;
};

}  // namespace

void rejectMixedGmStores(const Function& f, DiagnosticEngine& diag) {
  expand::TensorOrigins origins(f);
  GmWrites w(origins);
  w.visitStmt(f.body);
  for (const auto& [origin, write] : w.scalar) {
    auto it = w.bulk.find(origin);
    if (it == w.bulk.end()) continue;
    diag.error(write->span,
               fmt::format("convert-tensor-to-tile-ops: '{}' is written both by a bulk store "
                           "(tile.store, from tensor.assemble) and by tensor.write in '{}': the "
                           "DMA and scalar store paths are not coherent, so a write may be lost",
                           origin->name, f.name),
               "stage the values in an on-chip tensor (pl.tensor.full, then pl.tensor.write on "
               "it) and assemble it once, or write every element with pl.tensor.write");
    throw CompileError();
  }
}

}  // namespace ptoc
