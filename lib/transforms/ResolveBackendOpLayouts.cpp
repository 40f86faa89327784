// resolve-backend-op-layouts: row-major repair of elementwise operands and results.
// SKELETON — being implemented (issue 4); currently returns the program unchanged.
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

class ResolveBackendOpLayoutsPass final : public Pass {
 public:
  std::string_view name() const override { return "resolve-backend-op-layouts"; }
  std::string_view description() const override {
    return "row-major repair of elementwise operands and results";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch};
  }
  IRPropertySet produced() const override { return {IRProperty::SSAForm}; }
  IRPropertySet invalidated() const override { return {}; }
  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext&) override { return program; }
};

}  // namespace

void registerResolveBackendOpLayoutsPass() {
  PassRegistry::instance().add("resolve-backend-op-layouts",
                               [] { return std::make_unique<ResolveBackendOpLayoutsPass>(); });
}

}  // namespace ptoc
