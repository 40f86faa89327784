// guard-empty-stores: the last pass of `compile`. Every store of a core function (InCore, AIC,
// AIV) whose tile's valid region can be empty at run time is wrapped in `if extent > 0:`, and
// a store whose tile is empty on every path is dropped (split/EmptyLaneGuard.h). TSTORE
// requires valid rows and columns > 0 and PTOAS rejects a static empty partition view, while
// an empty store of the author-level program writes nothing: after this pass, the compiled
// program writes nothing too. The split lowering guards its own stores already; this pass
// covers the stores the author wrote (a `pl.slice` past the valid region, a
// `set_validshape(t, n, 8)` with a runtime n that may be 0).
// Properties: requires SSAForm (the guard yields the store's result out of an `if`); keeps it.
#include "ptoc/transforms/Pass.h"
#include "split/EmptyLaneGuard.h"

namespace ptoc {
namespace {

using namespace ir;

class GuardEmptyStoresPass final : public Pass {
 public:
  std::string_view name() const override { return "guard-empty-stores"; }
  std::string_view description() const override {
    return "guards each store of a possibly empty tile with `if extent > 0` and drops the "
           "stores of tiles that are always empty";
  }

  IRPropertySet required() const override { return {IRProperty::SSAForm}; }
  IRPropertySet produced() const override { return {IRProperty::SSAForm}; }

  ProgramPtr run(const ProgramPtr& program, PassContext&) override {
    return mapFunctions(program, [&](const FunctionPtr& f) -> FunctionPtr {
      if (f->funcType != FunctionType::AIC && f->funcType != FunctionType::AIV &&
          f->funcType != FunctionType::InCore)
        return f;
      return split::guardEmptyStores(f);
    });
  }
};

}  // namespace

void registerGuardEmptyStoresPass() {
  PassRegistry::instance().add("guard-empty-stores",
                               [] { return std::make_unique<GuardEmptyStoresPass>(); });
}

}  // namespace ptoc
