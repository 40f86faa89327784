// convert-to-ssa: natural code -> SSA (renaming, if-merges, loop iter_args / return_vars).
// SKELETON — being implemented (issue 4); currently returns the program unchanged.
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

class ConvertToSsaPass final : public Pass {
 public:
  std::string_view name() const override { return "convert-to-ssa"; }
  std::string_view description() const override {
    return "natural code -> SSA (renaming, if-merges, loop iter_args / return_vars)";
  }
  IRPropertySet required() const override { return {}; }
  IRPropertySet produced() const override { return {IRProperty::SSAForm}; }
  IRPropertySet invalidated() const override { return {}; }
  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext&) override { return program; }
};

}  // namespace

void registerConvertToSsaPass() {
  PassRegistry::instance().add("convert-to-ssa",
                               [] { return std::make_unique<ConvertToSsaPass>(); });
}

}  // namespace ptoc
