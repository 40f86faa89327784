// outline-incore-scopes: pl.at(CORE_GROUP) scopes -> InCore functions; the caller becomes
// Orchestration. SKELETON — being implemented (issue 4); currently returns the program unchanged.
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

class OutlineIncoreScopesPass final : public Pass {
 public:
  std::string_view name() const override { return "outline-incore-scopes"; }
  std::string_view description() const override {
    return "pl.at(CORE_GROUP) scopes -> InCore functions; the caller becomes Orchestration";
  }
  IRPropertySet required() const override { return {IRProperty::SSAForm}; }
  IRPropertySet produced() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch, IRProperty::AivSplitValid};
  }
  IRPropertySet invalidated() const override { return {}; }
  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext&) override { return program; }
};

}  // namespace

void registerOutlineIncoreScopesPass() {
  PassRegistry::instance().add("outline-incore-scopes",
                               [] { return std::make_unique<OutlineIncoreScopesPass>(); });
}

}  // namespace ptoc
