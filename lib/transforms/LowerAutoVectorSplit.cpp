// lower-auto-vector-split: AUTO pl.split mixed InCore functions and pl.split_aiv regions ->
// explicit split_aiv form. SKELETON — being implemented (issue 4); currently returns the program
// unchanged.
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

class LowerAutoVectorSplitPass final : public Pass {
 public:
  std::string_view name() const override { return "lower-auto-vector-split"; }
  std::string_view description() const override {
    return "AUTO pl.split mixed InCore functions and pl.split_aiv regions -> explicit split_aiv "
           "form";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::TileMemoryInferred,
            IRProperty::AivSplitValid};
  }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::TileMemoryInferred};
  }
  IRPropertySet invalidated() const override { return {IRProperty::AivSplitValid}; }
  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext&) override { return program; }
};

}  // namespace

void registerLowerAutoVectorSplitPass() {
  PassRegistry::instance().add("lower-auto-vector-split",
                               [] { return std::make_unique<LowerAutoVectorSplitPass>(); });
}

}  // namespace ptoc
