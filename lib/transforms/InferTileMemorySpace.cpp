// infer-tile-memory-space: every tile gets a memory space; tile.move where an operand must live elsewhere.
// SKELETON — being implemented (issue 4); currently returns the program unchanged.
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

class InferTileMemorySpacePass final : public Pass {
 public:
  std::string_view name() const override { return "infer-tile-memory-space"; }
  std::string_view description() const override {
    return "every tile gets a memory space; tile.move where an operand must live elsewhere";
  }
  IRPropertySet required() const override { return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch}; }
  IRPropertySet produced() const override { return {IRProperty::SSAForm, IRProperty::TileMemoryInferred, IRProperty::AivSplitValid}; }
  IRPropertySet invalidated() const override { return {IRProperty::AivSplitValid}; }
  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext&) override { return program; }
};

}  // namespace

void registerInferTileMemorySpacePass() {
  PassRegistry::instance().add("infer-tile-memory-space", [] { return std::make_unique<InferTileMemorySpacePass>(); });
}

}  // namespace ptoc
