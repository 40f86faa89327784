// vectorize-parallel (architecture §5.2; tilelang-pto-facts §3.3, §5.4-5.6): every unit of a
// converting SIMD_VF region becomes VMI. A unit of extent E over L lanes runs Q = ceil(E / L)
// chunks; chunk q covers indices q * L + lane. Continuous accesses become vload / vstore at
// the chunk's flat offset, lane-uniform loads stay scalar loads, uniform values are broadcast
// (vbrc) or ride as the scalar of vadds / vmuls, the loop index as a value is a ramp (vci),
// casts go through the cast plan (vcvt). A divisible unit uses the region's full mask; a tail
// unit keeps one `remaining` counter (E, minus L per chunk) and masks each chunk with
// create_mask(remaining), so the stores of the last chunk leave the lanes past E untouched.
// A 2-D unit's kept loop becomes a serial loop around the chunk loop (remaining restarts per
// row). The conversion itself is SimdVfConvert.h, shared with verify-parallel.
#include <fmt/format.h>

#include <map>

#include "SimdVfConvert.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {

using namespace ir;

namespace {

constexpr std::string_view kPrefix = "VectorizeParallelToPTO";

class RegionVectorizer final : public IRMutator {
 public:
  RegionVectorizer(std::map<const SimdVfScopeStmt*, const simdvf::Region*> regions,
                   DiagnosticEngine& diag)
      : regions_(std::move(regions)), diag_(diag) {}

  StmtPtr mutateSimdVfScope(const std::shared_ptr<const SimdVfScopeStmt>& s) override {
    auto it = regions_.find(s.get());
    if (it == regions_.end() || !it->second->converting) return s;
    region_ = it->second;
    units_.clear();
    bool anyDivisible = false;
    for (const auto& u : region_->units) {
      units_[u.outer] = &u;
      anyDivisible = anyDivisible || !u.tail();
    }
    fullMask_ = nullptr;
    std::vector<StmtPtr> body;
    if (anyDivisible) {
      auto call = createOpCall(OpRegistry::instance().get("vmi.create_mask"),
                               {constInt(s->lanes, DType::Int32)},
                               {{"size", AttrValue(int64_t{s->lanes})}}, s->span, diag_);
      VarPtr m = var("mask", call->type, s->span);
      body.push_back(assign(m, call, s->span));
      fullMask_ = m;
    }
    body.push_back(mutateStmt(s->body));
    region_ = nullptr;
    return std::make_shared<SimdVfScopeStmt>(s->lanes, makeSeq(std::move(body), s->span), s->span);
  }

  StmtPtr mutateFor(const std::shared_ptr<const ForStmt>& s) override {
    auto it = region_ ? units_.find(s.get()) : units_.end();
    if (it == units_.end()) return IRMutator::mutateFor(s);
    return lowerUnit(*it->second);
  }

 private:
  StmtPtr lowerUnit(const simdvf::Unit& u) {
    Span sp = u.outer->span;
    int64_t L = u.lanes;
    VarPtr q = scalarVar("q", DType::Index, sp);
    ExprPtr chunkBase = u.chunks == 1 ? constIndex(0) : mul(q, constIndex(L));
    simdvf::UnitConverter conv(u, region_->index, diag_, q, chunkBase);
    std::vector<StmtPtr> chunk, unit, before;
    VarPtr remaining;
    ExprPtr mask = fullMask_;
    if (u.tail()) {
      // One chunk: a constant mask, made once (outside the kept loop of a 2-D unit). More
      // chunks: the `remaining` counter, one create_mask(remaining) per chunk.
      ExprPtr active = constInt(u.extent, DType::Int32);
      if (u.chunks > 1) {
        remaining = scalarVar("remaining", DType::Int32, sp);
        unit.push_back(assign(remaining, constInt(u.extent, DType::Int32), sp));
        active = remaining;
      }
      auto call = createOpCall(OpRegistry::instance().get("vmi.create_mask"), {active},
                               {{"size", AttrValue(int64_t{L})}}, sp, diag_);
      VarPtr m = var("mask", call->type, sp);
      (u.chunks > 1 ? chunk : before).push_back(assign(m, call, sp));
      mask = m;
    }
    std::vector<simdvf::Problem> problems;
    if (!conv.convertChunk(mask, chunk, problems)) simdvf::report(diag_, kPrefix, problems.front());
    if (remaining)
      chunk.push_back(assign(remaining, sub(remaining, constInt(L, DType::Int32)), sp));
    if (u.chunks == 1)
      unit.insert(unit.end(), chunk.begin(), chunk.end());
    else
      unit.push_back(forStmt(q, constIndex(0), constIndex(u.chunks), constIndex(1),
                             makeSeq(std::move(chunk), sp), ForKind::Serial, {}, {}, {}, sp));
    StmtPtr out = makeSeq(std::move(unit), sp);
    if (u.keptVar)
      out = forStmt(u.keptVar, constIndex(0), constIndex(u.keptExtent), constIndex(1), out,
                    ForKind::Serial, {}, {}, {}, sp);
    before.push_back(out);
    return makeSeq(std::move(before), sp);
  }

  std::map<const SimdVfScopeStmt*, const simdvf::Region*> regions_;
  DiagnosticEngine& diag_;
  const simdvf::Region* region_ = nullptr;
  std::map<const ForStmt*, const simdvf::Unit*> units_;
  ExprPtr fullMask_;
};

class VectorizeParallelPass final : public Pass {
 public:
  std::string_view name() const override { return "vectorize-parallel"; }
  std::string_view description() const override {
    return "parallel units of SIMD_VF regions -> VMI (vload/vstore, vbrc, vci, arithmetic, "
           "vcvt, vcmp/vsel; tails with remaining + create_mask)";
  }
  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    std::vector<FunctionPtr> functions;
    bool changed = false;
    for (const auto& f : program->functions) {
      std::vector<simdvf::Problem> problems;
      std::vector<simdvf::Region> regions = simdvf::scanRegions(*f, problems);
      if (!problems.empty()) simdvf::report(ctx.diag, kPrefix, problems.front());
      std::map<const SimdVfScopeStmt*, const simdvf::Region*> byScope;
      bool any = false;
      for (const auto& r : regions) {
        byScope[r.scope] = &r;
        any = any || r.converting;
      }
      if (!any) {
        functions.push_back(f);
        continue;
      }
      RegionVectorizer v(std::move(byScope), ctx.diag);
      functions.push_back(v.mutateFunction(f));
      changed = true;
    }
    if (!changed) return program;
    return std::make_shared<Program>(program->name, std::move(functions), program->isClass,
                                     program->span);
  }
};

}  // namespace

void registerVectorizeParallelPass() {
  PassRegistry::instance().add("vectorize-parallel",
                               [] { return std::make_unique<VectorizeParallelPass>(); });
}

}  // namespace ptoc
