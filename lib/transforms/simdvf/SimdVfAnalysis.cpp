// The analysis shared by the SIMD-VF passes: scan, layout, access classification, admission.
// See SimdVfAnalysis.h.
#include "SimdVfAnalysis.h"

#include <fmt/format.h>

#include <set>

#include "ptoc/analysis/Arith.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/target/Target.h"

namespace ptoc::simdvf {

using namespace ir;

std::string Unit::context(int region) const {
  return fmt::format("region #{}, unit #{} (loop var `{}`, extent {}, lanes {})", region, index,
                     vecVar ? vecVar->name : std::string("?"), extent, lanes);
}

void report(DiagnosticEngine& diag, std::string_view pass, const Problem& p) {
  diag.error(p.span, fmt::format("[{}] {}{}{}", p.pass.empty() ? pass : std::string_view(p.pass),
                                 p.category.empty() ? "" : p.category + ": ", p.message,
                                 p.context.empty() ? std::string() : " [at " + p.context + "]"));
  throw CompileError();
}

// ---- small expression utilities ---------------------------------------------------------

namespace {

class Mentions : public IRVisitor {
 public:
  explicit Mentions(const Var* v) : v_(v) {}
  bool found = false;
  void visitVar(const Var& v) override { found = found || &v == v_; }

 private:
  const Var* v_;
};

class Subst : public IRMutator {
 public:
  explicit Subst(const std::map<const Var*, ExprPtr>& m) : m_(m) {}
  ExprPtr mutateVar(const VarPtr& v) override {
    auto it = m_.find(v.get());
    return it == m_.end() ? v : it->second;
  }

 private:
  const std::map<const Var*, ExprPtr>& m_;
};

/// Finds buffer loads and calls (with their spans) in an expression.
class Finder : public IRVisitor {
 public:
  std::vector<const BufferLoad*> loads;
  std::vector<const Call*> calls;
  void visitBufferLoad(const BufferLoad& e) override {
    loads.push_back(&e);
    IRVisitor::visitBufferLoad(e);
  }
  void visitCall(const Call& e) override {
    calls.push_back(&e);
    IRVisitor::visitCall(e);
  }
};

std::optional<int64_t> constOf(const ExprPtr& e) {
  if (const auto* c = e->as<ConstInt>()) return c->value;
  return std::nullopt;
}

std::string text(const ExprPtr& e) { return printExpr(*e); }

}  // namespace

bool mentions(const ExprPtr& e, const Var* v) {
  Mentions m(v);
  m.visitExpr(e);
  return m.found;
}

ExprPtr substitute(const ExprPtr& e, const std::map<const Var*, ExprPtr>& subst) {
  Subst s(subst);
  return s.mutateExpr(e);
}

// ---- cast plan ----------------------------------------------------------------------------

std::optional<std::string> planCast(DType from, DType to) {
  if (from == to) return std::nullopt;
  auto isFp8 = [](DType d) { return d == DType::FP8E4M3FN || d == DType::FP8E5M2; };
  auto plainInt = [](DType d) { return isInteger(d) && d != DType::Index && dtypeBits(d) <= 32; };
  if (from == DType::Index || to == DType::Index || from == DType::Bool || to == DType::Bool ||
      dtypeBits(from) > 32 || dtypeBits(to) > 32)
    return std::string("only 8/16/32-bit numeric elements have vector conversions");
  if (plainInt(from) && plainInt(to)) {
    if (dtypeBits(from) == dtypeBits(to))
      return std::string("a same-width int <-> uint reinterpretation is not a conversion");
    return std::nullopt;  // widening, or narrowing with truncation (saturate="NOSAT")
  }
  if (isFloat(from) != isFloat(to))
    return std::string("float <-> int conversions are outside the supported conversion set");
  if (isFp8(from) && isFp8(to)) return std::string("FP8 <-> FP8 conversions are not supported");
  if (isFp8(to) && from != DType::FP32)
    return std::string(
        "an FP8 result needs a float32 source (convert to float32 explicitly first)");
  if (isFp8(from))
    return to == DType::FP32 ? std::nullopt
                             : std::optional<std::string>("FP8 widens to float32 only");
  if (to == DType::FP32 && (from == DType::FP16 || from == DType::BF16)) return std::nullopt;
  if (to == DType::FP8E4M3FN || to == DType::FP8E5M2) return std::nullopt;
  return std::string("float narrowing has no validated rounding semantics");
}

// ---- scan ---------------------------------------------------------------------------------

namespace {

bool isParallel(const StmtPtr& s) {
  const auto* f = s->as<ForStmt>();
  return f && f->forKind == ForKind::Parallel;
}

bool containsParallel(const StmtPtr& s) {
  bool found = false;
  struct V : IRVisitor {
    bool& found;
    explicit V(bool& f) : found(f) {}
    void visitFor(const ForStmt& f) override {
      if (f.forKind == ForKind::Parallel) found = true;
      IRVisitor::visitFor(f);
    }
  } v(found);
  v.visitStmt(s);
  return found;
}

class RegionScanner {
 public:
  RegionScanner(Region& r, std::vector<Problem>& problems) : r_(r), problems_(problems) {}

  void scan(const StmtPtr& s, const char* under) {
    switch (s->kind) {
      case StmtKind::Seq:
        for (const auto& x : s->as<SeqStmt>()->stmts) scan(x, under);
        return;
      case StmtKind::For: {
        const auto& f = *s->as<ForStmt>();
        if (f.forKind != ForKind::Parallel) return scan(f.body, under);
        if (under) {
          problem("loop structure", fmt::format("T.Parallel under {} is not yet supported", under),
                  s->span);
          return;
        }
        return addUnit(f);
      }
      case StmtKind::If: {
        const auto& i = *s->as<IfStmt>();
        scan(i.thenBody, "a conditional branch");
        if (i.elseBody) scan(i.elseBody, "a conditional branch");
        return;
      }
      case StmtKind::While:
        return scan(s->as<WhileStmt>()->body, "a while loop");
      default:
        return;
    }
  }

 private:
  void problem(std::string cat, std::string msg, Span span, std::string ctx = {}) {
    if (ctx.empty()) ctx = fmt::format("region #{} (lanes {})", r_.index, r_.scope->lanes);
    problems_.push_back({std::move(cat), std::move(msg), span, std::move(ctx)});
  }

  bool checkRange(const ForStmt& f) {
    auto lo = constOf(f.start), st = constOf(f.step), hi = constOf(f.stop);
    if (!lo || *lo != 0) {
      problem("loop range", fmt::format("loop min must be 0, got {}", text(f.start)), f.span);
      return false;
    }
    if (!st || *st != 1) {
      problem("loop range",
              fmt::format("T.Parallel step must be 1 in the first version, got {}", text(f.step)),
              f.span);
      return false;
    }
    if (!hi || *hi <= 0) {
      problem(
          "loop range",
          fmt::format("loop extent must be a positive compile-time constant, got {}", text(f.stop)),
          f.span);
      return false;
    }
    return true;
  }

  void addUnit(const ForStmt& outer) {
    Unit u;
    u.outer = &outer;
    u.index = static_cast<int>(r_.units.size());
    u.lanes = r_.scope->lanes;
    std::vector<StmtPtr> body = flattenStmts(outer.body);
    if (body.size() == 1 && isParallel(body[0])) u.inner = body[0]->as<ForStmt>();
    if (!u.inner) {
      for (const auto& s : body)
        if (containsParallel(s)) {
          problem("loop structure",
                  "a T.Parallel whose body mixes other statements with an inner T.Parallel (a "
                  "non-adjacent nest) is not supported in the first version",
                  s->span);
          return;
        }
    } else if (containsParallel(u.inner->body)) {
      problem("loop structure",
              "three or more nested parallel layers are not supported in the first version",
              outer.span);
      return;
    }
    if (!checkRange(outer) || (u.inner && !checkRange(*u.inner))) return;
    setLayout(u, u.inner ? u.inner : &outer, u.inner ? &outer : nullptr);
    r_.units.push_back(std::move(u));
  }

  Region& r_;
  std::vector<Problem>& problems_;
};

}  // namespace

void setLayout(Unit& u, const ForStmt* vec, const ForStmt* kept) {
  u.vecVar = vec->loopVar;
  u.extent = constOf(vec->stop).value_or(0);
  u.keptVar = kept ? kept->loopVar : nullptr;
  u.keptExtent = kept ? constOf(kept->stop).value_or(1) : 1;
  u.padded = (u.extent + u.lanes - 1) / u.lanes * u.lanes;
  u.chunks = u.padded / u.lanes;
  const ForStmt* innermost = u.inner ? u.inner : u.outer;
  u.body = innermost->body;
}

std::set<const Var*> distinctBuffers(const Function& f) {
  struct V : IRVisitor {
    std::map<const Var*, int> defs, fresh;
    void visitStmt(const StmtPtr& s) override {
      if (!s) return;
      if (const auto* a = s->as<AssignStmt>(); a && a->var->type->isa<TileType>()) {
        const auto* c = a->value->as<Call>();
        if (c &&
            (c->callee == "tile.create" || c->callee == "tile.load" || c->callee == "tile.full"))
          ++fresh[a->var.get()];
      }
      IRVisitor::visitStmt(s);
    }
    // Every definition (assignments, loop and if results, iter_args) is counted.
    void visitDef(const VarPtr& v) override {
      if (v->type->isa<TileType>()) ++defs[v.get()];
    }
  } v;
  v.visitStmt(f.body);
  std::set<const Var*> out;
  for (const auto& [x, n] : v.fresh)
    if (v.defs[x] == n) out.insert(x);
  return out;
}

std::vector<Region> scanRegions(const Function& f, std::vector<Problem>& problems) {
  std::vector<Region> regions;
  struct V : IRVisitor {
    std::vector<const SimdVfScopeStmt*> scopes;
    void visitSimdVfScope(const SimdVfScopeStmt& s) override { scopes.push_back(&s); }
  } v;
  v.visitStmt(f.body);
  for (const SimdVfScopeStmt* s : v.scopes) {
    Region r;
    r.scope = s;
    r.index = static_cast<int>(regions.size());
    r.converting = containsParallel(s->body);
    if (r.converting) {
      std::string ctx = fmt::format("region #{} (lanes {})", r.index, s->lanes);
      if (!target::isRegisterLaneCount(s->lanes))
        problems.push_back(
            {"lanes",
             fmt::format("T.SimdVF lanes must be one of {{64, 128, 256}}, got {}", s->lanes),
             s->span, ctx});
      // Hand-written vmi calls may not share a region with parallel units.
      Finder calls;
      calls.visitStmt(s->body);
      for (const Call* c : calls.calls)
        if (c->op && c->op->vmi != VmiCategory::None) {
          problems.push_back({"mixing",
                              "hand-written tl.vmi.* calls cannot be mixed with T.Parallel inside "
                              "a converting SIMD_VF block",
                              c->span, ctx});
          break;
        }
      RegionScanner(r, problems).scan(s->body, nullptr);
    }
    regions.push_back(std::move(r));
  }
  // A variable declared at region level (T.alloc_var outside the units) and assigned inside a
  // unit would be one scalar shared by all lanes.
  for (const auto& r : regions) {
    if (!r.converting || !problems.empty()) continue;
    std::set<const ForStmt*> loops;
    for (const auto& u : r.units) loops.insert(u.outer);
    struct Outer : IRVisitor {
      const std::set<const ForStmt*>& skip;
      std::set<const Var*> vars;
      explicit Outer(const std::set<const ForStmt*>& s) : skip(s) {}
      void visitStmt(const StmtPtr& st) override {
        if (!st) return;
        if (const auto* f = st->as<ForStmt>(); f && skip.count(f)) return;
        if (const auto* a = st->as<AssignStmt>()) vars.insert(a->var.get());
        IRVisitor::visitStmt(st);
      }
    } outer(loops);
    outer.visitStmt(r.scope->body);
    for (const auto& u : r.units) {
      struct Inner : IRVisitor {
        const std::set<const Var*>& vars;
        const AssignStmt* found = nullptr;
        explicit Inner(const std::set<const Var*>& v) : vars(v) {}
        void visitStmt(const StmtPtr& st) override {
          if (!st) return;
          if (const auto* a = st->as<AssignStmt>(); a && !found && vars.count(a->var.get()))
            found = a;
          IRVisitor::visitStmt(st);
        }
      } inner(outer.vars);
      inner.visitStmt(u.body);
      if (inner.found) {
        problems.push_back(
            {"local.var",
             fmt::format("only a single-element local.var inside a converting T.Parallel unit is "
                         "supported: `{}` is declared at region level and assigned inside the "
                         "unit (declare it with T.alloc_var inside the T.Parallel loop)",
                         inner.found->var->name),
             inner.found->span, u.context(r.index)});
        break;
      }
    }
  }
  // A value bound inside a unit has one value per lane: it cannot be read outside the unit.
  std::map<const Var*, std::pair<const Region*, const Unit*>> local;
  std::map<const Var*, Span> localAt;  // the first assignment inside the unit
  std::set<const ForStmt*> unitLoops;
  for (const auto& r : regions)
    for (const auto& u : r.units) {
      unitLoops.insert(u.outer);
      // Every bind of the body, also inside if arms and loop shells, and the results an
      // if names with pl.yield_.
      struct Binds : IRVisitor {
        std::vector<const Var*> vars;
        std::map<const Var*, Span> at;
        void visitAssign(const AssignStmt& a) override {
          vars.push_back(a.var.get());
          at.emplace(a.var.get(), a.span);
          IRVisitor::visitAssign(a);
        }
        void visitIf(const IfStmt& i) override {
          for (const auto& v : i.returnVars) vars.push_back(v.get());
          IRVisitor::visitIf(i);
        }
      } binds;
      binds.visitStmt(u.body);
      for (const Var* v : binds.vars) local[v] = {&r, &u};
      for (const auto& [v, sp] : binds.at) localAt.emplace(v, sp);
    }
  for (const auto& p : f.params)
    if (auto it = local.find(p.get()); it != local.end() && problems.empty())
      problems.push_back(
          {"expression",
           fmt::format("`{}` is a parameter of the function and assigned inside a T.Parallel unit "
                       "(one value per lane cannot update a scalar shared by all lanes; bind a "
                       "new name inside the unit)",
                       p->name),
           localAt.at(p.get()), it->second.second->context(it->second.first->index)});
  if (!local.empty()) {
    struct Uses : IRVisitor {
      const std::map<const Var*, std::pair<const Region*, const Unit*>>& local;
      const std::set<const ForStmt*>& skip;
      std::vector<Problem>& problems;
      const std::map<const Var*, Span>& localAt;
      Span at;
      Uses(const std::map<const Var*, std::pair<const Region*, const Unit*>>& l,
           const std::set<const ForStmt*>& s, std::vector<Problem>& p,
           const std::map<const Var*, Span>& la)
          : local(l), skip(s), problems(p), localAt(la) {}
      void visitStmt(const StmtPtr& st) override {
        if (const auto* f = st->as<ForStmt>(); f && skip.count(f)) return;
        Span saved = at;
        at = st->span;
        IRVisitor::visitStmt(st);
        at = saved;
      }
      void visitDef(const VarPtr& v) override {
        auto it = local.find(v.get());
        if (it == local.end() || !problems.empty()) return;
        problems.push_back(
            {"expression",
             fmt::format("`{}` is defined outside the T.Parallel unit and assigned inside it (one "
                         "value per lane cannot update a scalar shared by all lanes; bind a new "
                         "name inside the unit)",
                         v->name),
             localAt.count(v.get()) ? localAt.at(v.get()) : at,
             it->second.second->context(it->second.first->index)});
      }
      void visitVar(const Var& v) override {
        auto it = local.find(&v);
        if (it == local.end() || !problems.empty()) return;
        problems.push_back(
            {"expression",
             fmt::format("`{}` is bound inside a T.Parallel unit and read after it (a per-lane "
                         "value has no single value outside its unit)",
                         v.name),
             at, it->second.second->context(it->second.first->index)});
      }
    } uses(local, unitLoops, problems, localAt);
    if (problems.empty()) uses.visitStmt(f.body);
  }
  return regions;
}

// ---- access classification ----------------------------------------------------------------

std::optional<Access> classifyAccess(const Unit& u, const VarPtr& buffer,
                                     const std::vector<ExprPtr>& indices, const ExprPtr& chunkBase,
                                     const std::map<const Var*, ExprPtr>& aliases,
                                     std::string& why) {
  const auto* tile = buffer->type->as<TileType>();
  std::vector<ExprPtr> idx;
  for (ExprPtr e : indices) {
    for (int depth = 0; depth < 8; ++depth) {
      ExprPtr next = substitute(e, aliases);
      if (next == e) break;
      e = next;
    }
    Finder f;
    f.visitExpr(e);
    if (!f.loads.empty()) {
      why = fmt::format(
          "buffer `{}`: bind alias chain in index is too deep, cyclic, or depends on a loaded "
          "value (data-dependent addresses are not supported in the first version)",
          buffer->name);
      return std::nullopt;
    }
    if (!f.calls.empty()) {
      why = fmt::format(
          "buffer `{}`: address expression contains an unsupported call (opaque/extern calls "
          "cannot appear in addresses; they would be evaluated once per chunk instead of per "
          "element)",
          buffer->name);
      return std::nullopt;
    }
    for (const auto& [v, _] : aliases)
      if (mentions(e, v)) {
        why = fmt::format(
            "buffer `{}`: bind alias chain in index is too deep, cyclic, or depends "
            "on a loaded value (data-dependent addresses are not supported in the "
            "first version)",
            buffer->name);
        return std::nullopt;
      }
    idx.push_back(e);
  }
  if (idx.size() != tile->shape.size()) {
    why = fmt::format("buffer `{}` is indexed with {} indices but has {} dimensions", buffer->name,
                      idx.size(), tile->shape.size());
    return std::nullopt;
  }
  ExprPtr flat;
  int64_t stride = 1;
  for (size_t d = idx.size(); d-- > 0;) {
    ExprPtr term = stride == 1 ? idx[d] : mul(idx[d], constIndex(stride));
    flat = flat ? add(term, flat) : term;
    stride *= tile->shape[d];
  }
  VarPtr lane = scalarVar("lane", DType::Index);
  std::map<const Var*, ExprPtr> sub{{u.vecVar.get(), add(chunkBase, lane)}};
  ExprPtr at = substitute(flat, sub);
  analysis::Analyzer az;
  az.bind(lane, 0, u.lanes - 1);
  analysis::AffineForm aff = az.toAffine(at);
  int64_t laneCoeff = 0;
  bool linear = true;
  for (const auto& t : aff.terms) {
    if (t.term.get() == lane.get())
      laneCoeff = t.coeff;
    else if (mentions(t.term, lane.get()))
      linear = false;
  }
  if (!linear || (laneCoeff != 0 && laneCoeff != 1)) {
    why = fmt::format(
        "buffer `{}`: cannot prove the address is continuous (data_offset == start + lane over "
        "the full lane range) or lane-uniform; first version supports only these two patterns",
        buffer->name);
    return std::nullopt;
  }
  Access a;
  a.kind = laneCoeff == 1 ? AccessKind::Continuous : AccessKind::Uniform;
  std::map<const Var*, ExprPtr> atChunk{{u.vecVar.get(), chunkBase}};
  a.start = az.simplify(substitute(flat, atChunk));
  for (const auto& e : idx) a.indices.push_back(az.simplify(substitute(e, atChunk)));
  return a;
}

}  // namespace ptoc::simdvf

namespace ptoc::simdvf {

using namespace ir;

std::optional<bool> chooseVectorDim(const Unit& u, int region, std::vector<Problem>& problems) {
  // Every access of the body (with the unit-local binds as index aliases).
  struct Acc {
    VarPtr buffer;
    std::vector<ExprPtr> indices;
    bool store;
  };
  std::vector<Acc> accs;
  std::map<const Var*, ExprPtr> aliases;
  struct Loads : IRVisitor {
    std::vector<Acc>& accs;
    explicit Loads(std::vector<Acc>& a) : accs(a) {}
    void visitBufferLoad(const BufferLoad& l) override {
      if (l.buffer->type->isa<TileType>()) accs.push_back({l.buffer, l.indices, false});
      IRVisitor::visitBufferLoad(l);
    }
  } loads(accs);
  for (const auto& s : flattenStmts(u.body)) {
    if (const auto* a = s->as<AssignStmt>()) aliases[a->var.get()] = a->value;
    if (const auto* st = s->as<BufferStoreStmt>(); st && st->buffer->type->isa<TileType>())
      accs.push_back({st->buffer, st->indices, true});
    loads.visitStmt(s);
  }
  VarPtr q = scalarVar("q", DType::Index);
  auto legal = [&](bool innerSel, std::string& why) {
    Unit c = u;
    setLayout(c, innerSel ? u.inner : u.outer, innerSel ? u.outer : u.inner);
    for (const auto& a : accs) {
      auto r = classifyAccess(c, a.buffer, a.indices, mul(q, constIndex(u.lanes)), aliases, why);
      if (!r) return false;
      if (a.store && r->kind != AccessKind::Continuous) {
        why = fmt::format("buffer `{}`: lane-uniform store", a.buffer->name);
        return false;
      }
    }
    return true;
  };
  std::string whyInner, whyOuter;
  bool inner = legal(true, whyInner), outer = legal(false, whyOuter);
  int64_t m = constOf(u.outer->stop).value_or(0), n = constOf(u.inner->stop).value_or(0);
  if (inner && outer && n == 1 && m > 1) return false;
  if (inner) return true;
  if (outer) return false;
  problems.push_back(
      {"layout",
       fmt::format("the 2D unit has no vectorizable dimension (M={}, N={}, L={}): inner ({}) -> "
                   "{}; outer ({}) -> {}",
                   m, n, u.lanes, u.inner->loopVar->name, whyInner, u.outer->loopVar->name,
                   whyOuter),
       u.outer->span, u.context(region)});
  return std::nullopt;
}

}  // namespace ptoc::simdvf
