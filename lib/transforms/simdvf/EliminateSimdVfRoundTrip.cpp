// eliminate-simdvf-roundtrip (seed 003 §2.7): removes region-local staging buffers of a
// converting SIMD_VF region before vectorize-parallel, so no vstore -> vload pair of a staging
// buffer is left inside a vecscope. It is an optimization (fewer instructions, less UB); it
// changes no result. The review thread of the seed removed its synchronization motive (PTOAS
// inserts mem_bar inside a vecscope); the rewrite itself stays.
//
// Two rules on adjacent top-level 1-D units U1; U2 of one region, iterated to a fixpoint:
//   forward re-addressing   U1: T[i] = e;  U2: OUT[i] = T[i]   ->  U1: OUT[i] = e  (U2 dropped)
//   backward copy propagation  U1: T[i] = S[i];  U2 reads T[i]  ->  U2 reads S[i]  (U1 dropped)
// then allocations of the region that nothing mentions any more are pruned. Conservatively
// skipped (§2.7): units inside serial wrappers (only top-level units are paired), staging
// buffers read or written outside the region, more than one writer or reader, extent or dtype
// mismatch, tails, 2-D units, predicated accesses, non-identity indices.
#include <map>
#include <set>

#include "SimdVfAnalysis.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {

using namespace ir;

namespace {

/// Accesses of one buffer in a statement: stores, loads, and the loads at index [v] exactly.
struct AccessCount : IRVisitor {
  const Var* b;
  const Var* idx = nullptr;  // the identity index variable, when counting identity loads
  int stores = 0, loads = 0, identityLoads = 0, mentions = 0;
  explicit AccessCount(const Var* buffer, const Var* index = nullptr) : b(buffer), idx(index) {}
  void visitStmt(const StmtPtr& s) override {
    if (!s) return;
    if (const auto* st = s->as<BufferStoreStmt>(); st && st->buffer.get() == b) ++stores;
    IRVisitor::visitStmt(s);
  }
  void visitBufferLoad(const BufferLoad& l) override {
    if (l.buffer.get() == b) {
      ++loads;
      if (idx && l.indices.size() == 1 && l.indices[0].get() == idx) ++identityLoads;
    }
    IRVisitor::visitBufferLoad(l);
  }
  void visitVar(const Var& v) override { mentions += &v == b; }
  /// Every mention is a load or a store (the buffer is not passed anywhere else).
  bool onlyAccesses() const { return mentions == stores + loads; }
};

AccessCount count(const Var* b, const StmtPtr& s, const Var* idx = nullptr) {
  AccessCount c(b, idx);
  c.visitStmt(s);
  return c;
}

/// A top-level 1-D unit without a tail.
struct Unit1D {
  const ForStmt* loop = nullptr;
  int64_t extent = 0;
  std::vector<StmtPtr> body;
};

std::optional<Unit1D> unitOf(const StmtPtr& s, int64_t lanes) {
  const auto* f = s->as<ForStmt>();
  if (!f || f->forKind != ForKind::Parallel) return std::nullopt;
  const auto* lo = f->start->as<ConstInt>();
  const auto* hi = f->stop->as<ConstInt>();
  const auto* st = f->step->as<ConstInt>();
  if (!lo || !hi || !st || lo->value != 0 || st->value != 1 || hi->value <= 0) return std::nullopt;
  if (hi->value % lanes != 0) return std::nullopt;  // tails: skipped
  Unit1D u{f, hi->value, flattenStmts(f->body)};
  for (const auto& x : u.body)
    if (const auto* g = x->as<ForStmt>(); g && g->forKind == ForKind::Parallel)
      return std::nullopt;  // 2-D: skipped
  return u;
}

bool identity(const std::vector<ExprPtr>& idx, const Var* v) {
  return idx.size() == 1 && idx[0].get() == v;
}

DType elementOf(const VarPtr& b) {
  const auto* t = b->type->as<TileType>();
  return t ? t->dtype : DType::Bool;
}

StmtPtr withBody(const ForStmt& f, std::vector<StmtPtr> body) {
  return forStmt(f.loopVar, f.start, f.stop, f.step, makeSeq(std::move(body), f.body->span),
                 f.forKind, f.iterArgs, f.returnVars, f.attrs, f.span);
}

class ReplaceLoads final : public IRMutator {
 public:
  ReplaceLoads(const Var* from, VarPtr to) : from_(from), to_(std::move(to)) {}
  ExprPtr mutateBufferLoad(const std::shared_ptr<const BufferLoad>& e) override {
    ExprPtr r = IRMutator::mutateBufferLoad(e);
    const auto* l = r->as<BufferLoad>();
    if (!l || l->buffer.get() != from_) return r;
    return bufferLoad(to_, l->indices, r->span);
  }

 private:
  const Var* from_;
  VarPtr to_;
};

class RoundTrip final : public IRMutator {
 public:
  explicit RoundTrip(const Function& f) {
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
    } v(mentionedIn_);
    v.visitStmt(f.body);
  }
  int rewrites = 0;

  StmtPtr mutateSimdVfScope(const std::shared_ptr<const SimdVfScopeStmt>& s) override {
    scope_ = s.get();
    std::vector<StmtPtr> list = flattenStmts(s->body);
    bool any = false;
    while (step(list, s->lanes)) any = true;
    if (!any) return s;
    prune(list);
    return std::make_shared<SimdVfScopeStmt>(s->lanes, makeSeq(std::move(list), s->body->span),
                                             s->span);
  }

 private:
  /// The allocation statement of a region-local staging buffer (a `tile.create` at the top
  /// of the region, mentioned nowhere outside it), else -1.
  int localAllocation(const std::vector<StmtPtr>& list, const Var* b) const {
    auto it = mentionedIn_.find(b);
    if (it != mentionedIn_.end() && (it->second.size() != 1 || !it->second.count(scope_)))
      return -1;
    for (size_t k = 0; k < list.size(); ++k)
      if (const auto* a = list[k]->as<AssignStmt>(); a && a->var.get() == b) {
        const auto* c = a->value->as<Call>();
        return c && c->callee == "tile.create" ? static_cast<int>(k) : -1;
      }
    return -1;
  }

  /// `b` has exactly `stores` stores and `loads` loads in the region statements other than
  /// list[skip1], list[skip2] (which the caller counts), and no other mention.
  bool quietElsewhere(const std::vector<StmtPtr>& list, const Var* b, size_t u1, size_t u2) const {
    for (size_t k = 0; k < list.size(); ++k) {
      if (k == u1 || k == u2) continue;
      if (const auto* a = list[k]->as<AssignStmt>(); a && a->var.get() == b) continue;
      if (count(b, list[k]).mentions) return false;
    }
    return true;
  }

  bool step(std::vector<StmtPtr>& list, int64_t lanes) {
    for (size_t k = 0; k + 1 < list.size(); ++k) {
      auto u1 = unitOf(list[k], lanes), u2 = unitOf(list[k + 1], lanes);
      if (!u1 || !u2 || u1->extent != u2->extent) continue;
      if (forward(list, k, *u1, *u2) || backward(list, k, *u1, *u2)) {
        ++rewrites;
        return true;
      }
    }
    return false;
  }

  /// U1: T[i] = e (the one store of T, not read in U1, OUT not touched); U2: OUT[j] = T[j].
  bool forward(std::vector<StmtPtr>& list, size_t k, const Unit1D& u1, const Unit1D& u2) {
    if (u2.body.size() != 1) return false;
    const auto* copy = u2.body[0]->as<BufferStoreStmt>();
    if (!copy || copy->predicate || !identity(copy->indices, u2.loop->loopVar.get())) return false;
    const auto* src = copy->value->as<BufferLoad>();
    if (!src || !identity(src->indices, u2.loop->loopVar.get())) return false;
    const VarPtr& t = src->buffer;
    const VarPtr& out = copy->buffer;
    if (t.get() == out.get() || elementOf(t) != elementOf(out)) return false;
    if (localAllocation(list, t.get()) < 0 || !quietElsewhere(list, t.get(), k, k + 1))
      return false;
    if (count(out.get(), list[k]).mentions) return false;
    // The one store of T in U1, at the top of its body, unpredicated, at [i]; no load of T.
    AccessCount c = count(t.get(), list[k]);
    if (c.stores != 1 || c.loads != 0 || !c.onlyAccesses()) return false;
    std::vector<StmtPtr> body = u1.body;
    bool done = false;
    for (auto& st : body) {
      const auto* w = st->as<BufferStoreStmt>();
      if (!w || w->buffer.get() != t.get()) continue;
      if (w->predicate || !identity(w->indices, u1.loop->loopVar.get())) return false;
      st = bufferStore(out, w->indices, w->value, nullptr, w->span);
      done = true;
    }
    if (!done) return false;  // the store is inside a loop shell
    list[k] = withBody(*u1.loop, std::move(body));
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(k) + 1);
    return true;
  }

  /// U1: T[i] = S[i] (its only statement); U2 reads T only at [j]; S never written in the
  /// region.
  bool backward(std::vector<StmtPtr>& list, size_t k, const Unit1D& u1, const Unit1D& u2) {
    if (u1.body.size() != 1) return false;
    const auto* copy = u1.body[0]->as<BufferStoreStmt>();
    if (!copy || copy->predicate || !identity(copy->indices, u1.loop->loopVar.get())) return false;
    const auto* src = copy->value->as<BufferLoad>();
    if (!src || !identity(src->indices, u1.loop->loopVar.get())) return false;
    const VarPtr& t = copy->buffer;
    const VarPtr& s = src->buffer;
    if (t.get() == s.get() || elementOf(t) != elementOf(s)) return false;
    if (localAllocation(list, t.get()) < 0 || !quietElsewhere(list, t.get(), k, k + 1))
      return false;
    for (const auto& st : list)
      if (count(s.get(), st).stores) return false;
    AccessCount c = count(t.get(), list[k + 1], u2.loop->loopVar.get());
    if (c.stores != 0 || c.loads == 0 || c.identityLoads != c.loads || !c.onlyAccesses())
      return false;
    // A predicated store in U2 whose predicate reads T is still an identity load: fine.
    ReplaceLoads r(t.get(), s);
    list[k + 1] = r.mutateStmt(list[k + 1]);
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(k));
    return true;
  }

  /// Region-local allocations that nothing in the region mentions any more.
  void prune(std::vector<StmtPtr>& list) const {
    for (size_t k = 0; k < list.size();) {
      const auto* a = list[k]->as<AssignStmt>();
      const auto* c = a ? a->value->as<Call>() : nullptr;
      bool dead = c && c->callee == "tile.create" && localAllocation(list, a->var.get()) >= 0;
      for (size_t j = 0; dead && j < list.size(); ++j)
        if (j != k && count(a->var.get(), list[j]).mentions) dead = false;
      if (dead)
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(k));
      else
        ++k;
    }
  }

  std::map<const Var*, std::set<const SimdVfScopeStmt*>> mentionedIn_;
  const SimdVfScopeStmt* scope_ = nullptr;
};

class EliminateSimdVfRoundTripPass final : public Pass {
 public:
  std::string_view name() const override { return "eliminate-simdvf-roundtrip"; }
  std::string_view description() const override {
    return "region-local staging buffers of SIMD_VF regions removed before vectorize-parallel "
           "(forward re-addressing, backward copy propagation, dead allocations pruned)";
  }
  ProgramPtr run(const ProgramPtr& program, PassContext&) override {
    std::vector<FunctionPtr> functions;
    bool changed = false;
    for (const auto& f : program->functions) {
      RoundTrip r(*f);
      FunctionPtr g = r.mutateFunction(f);
      changed = changed || r.rewrites > 0;
      functions.push_back(r.rewrites ? g : f);
    }
    if (!changed) return program;
    return std::make_shared<Program>(program->name, std::move(functions), program->isClass,
                                     program->span);
  }
};

}  // namespace

void registerEliminateSimdVfRoundTripPass() {
  PassRegistry::instance().add("eliminate-simdvf-roundtrip",
                               [] { return std::make_unique<EliminateSimdVfRoundTripPass>(); });
}

}  // namespace ptoc
