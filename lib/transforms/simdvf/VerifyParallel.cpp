// verify-parallel (architecture §5.2; tilelang-pto-facts §1.3, §6): the read-only admission
// contract of the SIMD-VF vectorizer. For every converting SIMD_VF region: lanes, loop
// structure and ranges, the layout (a 2-D unit's vectorized loop is the inner one), and a
// dry run of the unit conversion (access classification, value whitelist, dtypes, the cast
// plan, GM / mixing rules). The first problem is reported as
// `[VerifyParallelToPTO] <category>: <message> [at region #N, unit #K (...)]`.
#include <fmt/format.h>

#include "SimdVfAnalysis.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {

using namespace ir;

namespace {

constexpr std::string_view kPrefix = "VerifyParallelToPTO";

class VerifyParallelPass final : public Pass {
 public:
  std::string_view name() const override { return "verify-parallel"; }
  std::string_view description() const override {
    return "admission contract of the SIMD-VF vectorizer (read-only): regions, units, layout, "
           "accesses, values, dtypes";
  }
  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    for (const auto& f : program->functions) {
      std::vector<simdvf::Problem> problems;
      std::vector<simdvf::Region> regions = simdvf::scanRegions(*f, problems);
      if (!problems.empty()) simdvf::report(ctx.diag, kPrefix, problems.front());
      std::set<const ir::Var*> distinct = simdvf::distinctBuffers(*f);
      for (const auto& r : regions)
        for (const auto& u : r.units) {
          if (u.is2d()) {
            std::vector<simdvf::Problem> lp;
            auto inner = simdvf::chooseVectorDim(u, r.index, lp);
            if (!inner) simdvf::report(ctx.diag, kPrefix, lp.front());
            if (!*inner)
              simdvf::report(ctx.diag, kPrefix,
                             {"layout",
                              fmt::format("the vectorized dimension of this 2-D unit is the outer "
                                          "loop `{}`; run simdvf-layout-inference first",
                                          u.outer->loopVar->name),
                              u.outer->span, u.context(r.index)});
          }
          simdvf::checkUnit(u, r.index, ctx.diag, problems, &distinct);
          if (!problems.empty()) simdvf::report(ctx.diag, kPrefix, problems.front());
        }
    }
    return program;
  }
};

}  // namespace

void registerVerifyParallelPass() {
  PassRegistry::instance().add("verify-parallel",
                               [] { return std::make_unique<VerifyParallelPass>(); });
}

}  // namespace ptoc
