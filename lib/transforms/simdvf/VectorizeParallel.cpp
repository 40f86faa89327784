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

#include <cstdint>
#include <map>
#include <set>

#include "SimdVfConvert.h"
#include "SimdVfSplit.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {

using namespace ir;

namespace {

constexpr std::string_view kPrefix = "VectorizeParallelToPTO";

class RegionVectorizer final : public IRMutator {
 public:
  RegionVectorizer(std::map<const SimdVfScopeStmt*, const simdvf::Region*> regions,
                   const ir::Function& f, DiagnosticEngine& diag)
      : regions_(std::move(regions)), distinct_(simdvf::distinctBuffers(f)), diag_(diag) {
    // Where each variable is read: in which SIMD_VF region (nullptr: outside every region).
    struct V : IRVisitor {
      std::map<const Var*, std::set<const SimdVfScopeStmt*>>& readIn;
      const SimdVfScopeStmt* in = nullptr;
      explicit V(std::map<const Var*, std::set<const SimdVfScopeStmt*>>& r) : readIn(r) {}
      void visitSimdVfScope(const SimdVfScopeStmt& s) override {
        in = &s;
        IRVisitor::visitSimdVfScope(s);
        in = nullptr;
      }
      void visitVar(const Var& v) override { readIn[&v].insert(in); }
    } v(readIn_);
    v.visitStmt(f.body);
  }

  StmtPtr mutateSimdVfScope(const std::shared_ptr<const SimdVfScopeStmt>& s) override {
    auto it = regions_.find(s.get());
    if (it == regions_.end() || !it->second->converting) return s;
    region_ = it->second;
    units_.clear();
    std::set<const ForStmt*> unitLoops;
    for (const auto& u : region_->units) {
      units_[u.outer] = &u;
      unitLoops.insert(u.outer);
    }
    std::vector<StmtPtr> top = flattenStmts(s->body);
    // Exactly one carrier carrying one buffer that fits: Plan B. Any other carrier: Plan A.
    bool nested = false;
    std::vector<const ForStmt*> carriers = simdvf::topCarriers(top, unitLoops, nested);
    size_t seedAt = SIZE_MAX;
    if (carriers.size() == 1 && !nested && simdvf::carriedBuffers(carriers[0]->body).size() == 1)
      seedAt = planB(top, *s);
    StmtPtr out;
    if (seedAt == SIZE_MAX && !carriers.empty()) {
      std::vector<simdvf::Problem> problems;
      out = simdvf::splitRegion(
          *region_, top, unitLoops,
          [&](std::vector<StmtPtr> part, Span sp) {
            return lowerPart(s->lanes, part, SIZE_MAX, sp);
          },
          problems);
      if (!out) simdvf::report(diag_, kPrefix, problems.front());
    } else {
      out = lowerPart(s->lanes, top, seedAt, s->span);
    }
    carried_.clear();
    region_ = nullptr;
    return out;
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
    // Plan B: the units from the seed on use the register; those before it read the buffer.
    conv.setRegionCarried(carryActive_ && !carried_.empty() ? &carried_ : nullptr);
    conv.setDistinct(&distinct_);
    std::vector<StmtPtr> prologue, keptPrologue;
    conv.setPrologue(&prologue);
    conv.setKeptPrologue(u.keptVar ? &keptPrologue : nullptr);
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
    unit.insert(unit.begin(), keptPrologue.begin(), keptPrologue.end());
    StmtPtr out = makeSeq(std::move(unit), sp);
    if (u.keptVar)
      out = forStmt(u.keptVar, constIndex(0), constIndex(u.keptExtent), constIndex(1), out,
                    ForKind::Serial, {}, {}, {}, sp);
    before.push_back(out);
    prologue.insert(prologue.end(), before.begin(), before.end());
    return makeSeq(std::move(prologue), sp);
  }

  /// One SIMD_VF region made of the region statements `top` (the whole region, or one part of
  /// a Plan A split); `seedAt` is Plan B's seed unit (SIZE_MAX: none).
  StmtPtr lowerPart(int64_t lanes, const std::vector<StmtPtr>& top, size_t seedAt, Span span) {
    struct Divisible : IRVisitor {
      const std::map<const ForStmt*, const simdvf::Unit*>& units;
      bool any = false;
      explicit Divisible(const std::map<const ForStmt*, const simdvf::Unit*>& u) : units(u) {}
      void visitFor(const ForStmt& f) override {
        auto it = units.find(&f);
        if (it != units.end())
          any = any || !it->second->tail();
        else
          IRVisitor::visitFor(f);
      }
    } div(units_);
    for (const auto& st : top) div.visitStmt(st);
    fullMask_ = nullptr;
    std::vector<StmtPtr> body;
    if (div.any) {
      auto call = createOpCall(OpRegistry::instance().get("vmi.create_mask"),
                               {constInt(lanes, DType::Int32)},
                               {{"size", AttrValue(int64_t{lanes})}}, span, diag_);
      VarPtr m = var("mask", call->type, span);
      body.push_back(assign(m, call, span));
      fullMask_ = m;
    }
    carryActive_ = false;
    for (size_t k = 0; k < top.size(); ++k) {
      if (k == seedAt) {
        body.push_back(seedStmt_);
        carryActive_ = true;
        continue;
      }
      body.push_back(mutateStmt(top[k]));
      if (seedAt != SIZE_MAX && k == seedAt + 1 && writeBack_) {
        auto st = createOpCall(OpRegistry::instance().get("vmi.vstore"),
                               {carried_.begin()->second, writeBack_, constIndex(0), fullMask_}, {},
                               writeBackSpan_, diag_);
        body.push_back(evalStmt(st, writeBackSpan_));
      }
    }
    return std::make_shared<SimdVfScopeStmt>(lanes, makeSeq(std::move(body), span), span);
  }

  /// Plan B (seed 003 §2.5): `<seed unit B[i] = s>; for t in serial { units RMW B[i] }; units
  /// reading B[i]` where B is exactly one lane vector wide, the seed lane-invariant, and every
  /// access of B in the region is at the own lane index of a one-chunk 1-D unit (writes only
  /// before the end of the loop). B then lives in a register: the seed unit becomes one
  /// broadcast, the units read and assign the register, one vstore writes it back after the
  /// loop. Returns the index of the seed unit in `top` (SIZE_MAX: no promotion).
  size_t planB(const std::vector<StmtPtr>& top, const SimdVfScopeStmt& scope) {
    for (size_t k = 0; k + 1 < top.size(); ++k) {
      const auto* f0 = top[k]->as<ForStmt>();
      const auto* loop = top[k + 1]->as<ForStmt>();
      auto it = f0 ? units_.find(f0) : units_.end();
      if (it == units_.end() || !loop || loop->forKind != ForKind::Serial || units_.count(loop))
        continue;
      const simdvf::Unit& u0 = *it->second;
      std::vector<StmtPtr> b0 = flattenStmts(u0.body);
      const auto* seed = b0.size() == 1 ? b0[0]->as<BufferStoreStmt>() : nullptr;
      if (u0.is2d() || u0.extent != u0.lanes || !seed || seed->predicate || !ownLane(*seed, u0))
        continue;
      const auto* tile = seed->buffer->type->as<TileType>();
      if (!tile || tile->shape != std::vector<int64_t>{u0.lanes} || mentionsLoad(seed->value) ||
          simdvf::mentions(seed->value, u0.vecVar.get()))
        continue;
      if (!onlyOwnLane(top, k, seed->buffer.get()) ||
          simdvf::carriedBuffers(loop->body) != std::set<const Var*>{seed->buffer.get()})
        continue;
      Span sp = seed->span;
      VarPtr carry = var(seed->buffer->name + "_carry", VRegType::get(u0.lanes, tile->dtype), sp);
      ExprPtr v = seed->value;
      if (const auto* c = v->as<ConstFloat>())
        v = isFloat(tile->dtype) ? constFloat(c->value, tile->dtype, sp) : cast(v, tile->dtype, sp);
      else if (const auto* c = v->as<ConstInt>())
        v = isFloat(tile->dtype) ? constFloat(double(c->value), tile->dtype, sp)
                                 : constInt(c->value, tile->dtype, sp);
      else if (const auto* st = v->type->as<ScalarType>(); st && st->dtype != tile->dtype)
        v = cast(v, tile->dtype, sp);
      auto brc = createOpCall(OpRegistry::instance().get("vmi.vbrc"), {v},
                              {{"size", AttrValue(int64_t{u0.lanes})}}, sp, diag_);
      seedStmt_ = assign(carry, brc, sp);
      // The write-back after the loop, unless nothing outside this region reads the buffer
      // (the region reads the register after the seed).
      bool readBefore = false;
      for (size_t j = 0; j < k; ++j)
        readBefore = readBefore || mentionsVar(top[j], seed->buffer.get());
      writeBack_ = readOutside(seed->buffer.get(), &scope) || readBefore ? seed->buffer : nullptr;
      writeBackSpan_ = sp;
      carried_[seed->buffer.get()] = carry;
      return k;
    }
    return SIZE_MAX;
  }

  static bool ownLane(const BufferStoreStmt& s, const simdvf::Unit& u) {
    return s.indices.size() == 1 && s.indices[0].get() == u.vecVar.get();
  }
  static bool mentionsVar(const StmtPtr& s, const Var* b) {
    struct V : IRVisitor {
      const Var* b;
      bool found = false;
      explicit V(const Var* x) : b(x) {}
      void visitVar(const Var& v) override { found = found || &v == b; }
    } v(b);
    v.visitStmt(s);
    return v.found;
  }
  static bool mentionsLoad(const ExprPtr& e) {
    struct V : IRVisitor {
      bool found = false;
      void visitBufferLoad(const BufferLoad&) override { found = true; }
    } v;
    v.visitExpr(e);
    return v.found;
  }

  /// Every access of `b` in the region statements `top` is inside a one-chunk 1-D unit at its
  /// own lane index; the units after top[k + 1] only read it.
  bool onlyOwnLane(const std::vector<StmtPtr>& top, size_t k, const Var* b) const {
    struct V : IRVisitor {
      const std::map<const ForStmt*, const simdvf::Unit*>& units;
      const Var* b;
      const simdvf::Unit* unit = nullptr;
      bool ok = true, wrote = false;
      V(const std::map<const ForStmt*, const simdvf::Unit*>& u, const Var* x) : units(u), b(x) {}
      void visitStmt(const StmtPtr& s) override {
        if (!s) return;
        const auto* f = s->as<ForStmt>();
        auto it = f ? units.find(f) : units.end();
        if (it != units.end()) {
          const simdvf::Unit* saved = unit;
          unit = it->second;
          if (unit->is2d() || unit->extent != unit->lanes) unit = nullptr;
          IRVisitor::visitStmt(s);
          unit = saved;
          return;
        }
        const auto* st = s->as<BufferStoreStmt>();
        if (st && st->buffer.get() == b) {
          wrote = true;
          if (!unit || !ownLane(*st, *unit)) ok = false;
        }
        bool saved = inAccess;
        inAccess = inAccess || (st && st->buffer.get() == b);
        IRVisitor::visitStmt(s);
        inAccess = saved;
      }
      void visitBufferLoad(const BufferLoad& l) override {
        if (l.buffer.get() == b &&
            (!unit || l.indices.size() != 1 || l.indices[0].get() != unit->vecVar.get()))
          ok = false;
        bool saved = inAccess;
        inAccess = true;
        IRVisitor::visitBufferLoad(l);
        inAccess = saved;
      }
      void visitVar(const Var& v) override {
        // The buffer passed anywhere else (a tile op, a call) is not tracked.
        if (&v == b && !inAccess) ok = false;
      }
      bool inAccess = false;
    } v(units_, b);
    for (size_t j = 0; j < top.size() && v.ok; ++j) {
      if (j == k) continue;
      v.wrote = false;
      v.visitStmt(top[j]);
      if (j < k && (v.wrote || !v.ok)) return false;
      if (j > k + 1 && v.wrote) return false;
    }
    return v.ok;
  }

  bool readOutside(const Var* b, const SimdVfScopeStmt* scope) const {
    auto it = readIn_.find(b);
    if (it == readIn_.end()) return false;
    return it->second.size() > 1 || !it->second.count(scope);
  }

  std::map<const Var*, VarPtr> carried_;
  bool carryActive_ = false;  // Plan B: the seed has been emitted
  StmtPtr seedStmt_;
  VarPtr writeBack_;  // Plan B: the buffer the register is written back to (null: dead)
  Span writeBackSpan_;
  std::map<const SimdVfScopeStmt*, const simdvf::Region*> regions_;
  std::set<const Var*> distinct_;
  std::map<const Var*, std::set<const SimdVfScopeStmt*>> readIn_;
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
      RegionVectorizer v(std::move(byScope), *f, ctx.diag);
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
