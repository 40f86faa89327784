// simdvf-layout-inference (architecture §5.2; tilelang-pto-facts §5.2-5.3): the lane layout
// of every parallel unit of a converting SIMD_VF region. lane = index mod L and chunk =
// index div L over the padded extent P = ceil(E / L) * L; the inverse mapping is
// index = chunk * L + lane. A 2-D unit chooses its vectorized dimension from its accesses
// (every access continuous, or a lane-uniform load); the layout is recorded by loop order:
// when the outer loop is chosen, the two parallel loops are interchanged (parallel loops
// commute), so the vectorized loop is always the innermost one afterwards.
#include <fmt/format.h>

#include <set>

#include "SimdVfAnalysis.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {

using namespace ir;

namespace {

constexpr std::string_view kPrefix = "PTO layout inference";

/// Layers of parallel loops nested in `f` (1 for a loop with none inside).
int parallelLayers(const ForStmt& f) {
  int inner = 0;
  struct V : IRVisitor {
    int& best;
    explicit V(int& b) : best(b) {}
    void visitFor(const ForStmt& g) override {
      if (g.forKind == ForKind::Parallel)
        best = std::max(best, parallelLayers(g));
      else
        IRVisitor::visitFor(g);
    }
  } v(inner);
  v.visitStmt(f.body);
  return 1 + inner;
}

class Interchange final : public IRMutator {
 public:
  explicit Interchange(std::set<const ForStmt*> swap) : swap_(std::move(swap)) {}
  StmtPtr mutateFor(const std::shared_ptr<const ForStmt>& s) override {
    if (!swap_.count(s.get())) return IRMutator::mutateFor(s);
    const auto* in = flattenStmts(s->body)[0]->as<ForStmt>();
    StmtPtr newInner = forStmt(s->loopVar, s->start, s->stop, s->step, in->body, ForKind::Parallel,
                               {}, {}, s->attrs, s->span);
    return forStmt(in->loopVar, in->start, in->stop, in->step, newInner, ForKind::Parallel, {}, {},
                   in->attrs, in->span);
  }

 private:
  std::set<const ForStmt*> swap_;
};

class SimdVfLayoutInferencePass final : public Pass {
 public:
  std::string_view name() const override { return "simdvf-layout-inference"; }
  std::string_view description() const override {
    return "lane layout of each parallel unit of a SIMD_VF region (lane = index mod L, chunk = "
           "index div L); a 2-D unit's vectorized loop becomes the inner one";
  }
  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    std::vector<FunctionPtr> functions;
    bool changed = false;
    for (const auto& f : program->functions) {
      std::vector<simdvf::Problem> scanProblems, problems;
      std::vector<simdvf::Region> regions = simdvf::scanRegions(*f, scanProblems);
      // Nest depth first: the reference reports it from layout inference.
      struct V : IRVisitor {
        std::vector<const ForStmt*> outer;
        bool inRegion = false;
        void visitSimdVfScope(const SimdVfScopeStmt& s) override {
          inRegion = true;
          IRVisitor::visitSimdVfScope(s);
          inRegion = false;
        }
        void visitFor(const ForStmt& g) override {
          if (inRegion && g.forKind == ForKind::Parallel) {
            outer.push_back(&g);
            return;
          }
          IRVisitor::visitFor(g);
        }
      } v;
      v.visitStmt(f->body);
      for (const ForStmt* g : v.outer)
        if (int n = parallelLayers(*g); n >= 3)
          simdvf::report(ctx.diag, kPrefix,
                         {"", fmt::format("a T.Parallel nest with {} layers is not supported", n),
                          g->span, ""});
      std::set<const ForStmt*> swap;
      for (const auto& r : regions)
        for (const auto& u : r.units) {
          if (!u.is2d()) continue;
          auto inner = simdvf::chooseVectorDim(u, r.index, problems);
          if (!inner) simdvf::report(ctx.diag, kPrefix, problems.front());
          if (!*inner) swap.insert(u.outer);
        }
      if (swap.empty()) {
        functions.push_back(f);
        continue;
      }
      Interchange m(std::move(swap));
      functions.push_back(m.mutateFunction(f));
      changed = true;
    }
    if (!changed) return program;
    return std::make_shared<Program>(program->name, std::move(functions), program->isClass,
                                     program->span);
  }
};

}  // namespace

void registerSimdVfLayoutInferencePass() {
  PassRegistry::instance().add("simdvf-layout-inference",
                               [] { return std::make_unique<SimdVfLayoutInferencePass>(); });
}

}  // namespace ptoc
