// The core_placement stamp of pl.split_aiv regions (CorePlacement.h).
#include "CorePlacement.h"

#include "ptoc/ir/Mutator.h"
#include "ptoc/ops/CorePlacement.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;

namespace {

class Stamper : public IRMutator {
 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& e) override {
    ExprPtr m = IRMutator::mutateCall(e);
    const auto* c = m->as<Call>();
    if (!c || !c->op || !c->op->findKwarg(kCorePlacementKwarg) || c->op->declaredAffinity ||
        classifyCallAffinity(*c) != CoreAffinity::Shared)
      return m;
    AttrList kwargs = c->kwargs;
    kwargs.emplace_back(std::string(kCorePlacementKwarg), std::string("aiv"));
    return Call::rebuild(*c, c->type, c->callee, c->args, kwargs);
  }
};

class Stripper : public IRMutator {
 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& e) override {
    ExprPtr m = IRMutator::mutateCall(e);
    const auto* c = m->as<Call>();
    if (!c || !findAttr(c->kwargs, kCorePlacementKwarg)) return m;
    AttrList kwargs;
    for (const auto& kv : c->kwargs)
      if (kv.first != kCorePlacementKwarg) kwargs.push_back(kv);
    return Call::rebuild(*c, c->type, c->callee, c->args, kwargs);
  }
};

}  // namespace

StmtPtr stampCorePlacement(const StmtPtr& s) {
  Stamper st;
  return st.mutateStmt(s);
}

FunctionPtr stripCorePlacement(const FunctionPtr& f) {
  Stripper st;
  return st.mutateFunction(f);
}

}  // namespace ptoc::split
