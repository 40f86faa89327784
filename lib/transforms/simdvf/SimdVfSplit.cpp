// Plan A of vectorize-parallel (seed 003 §2.5): a region whose carried buffers Plan B does not
// promote (not one full lane vector, more than one carrier, nested or sibling carriers) is split
// into one SIMD_VF region per part, with the carrier loops outside the regions, so that a scope
// transition separates consecutive iterations. Region-local allocations are hoisted so every part
// shares one allocation. Fail-closed rejections (seed §5.2): a carrier that also carries scalars
// (iter_args), a carrier reading a value bound outside it in the region, and a region-level bind
// read by a statement that lands in another part.
#include "SimdVfSplit.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Visitor.h"

namespace ptoc::simdvf {

using namespace ir;

namespace {

bool isAllocation(const StmtPtr& s) {
  const auto* a = s->as<AssignStmt>();
  if (!a || !a->var->type->isa<TileType>()) return false;
  const auto* c = a->value->as<Call>();
  return c && c->callee == "tile.create";
}

bool holdsUnit(const StmtPtr& s, const std::set<const ForStmt*>& units) {
  struct V : IRVisitor {
    const std::set<const ForStmt*>& units;
    bool found = false;
    explicit V(const std::set<const ForStmt*>& u) : units(u) {}
    void visitFor(const ForStmt& f) override {
      if (units.count(&f)) found = true;
      if (!found) IRVisitor::visitFor(f);
    }
  } v(units);
  v.visitStmt(s);
  return v.found;
}

/// The splitter: builds the parts and records, per part, the region-level binds it defines and
/// the variables it reads, then checks that no bind crosses a part boundary.
class Splitter {
 public:
  Splitter(const Region& r, const std::set<const ForStmt*>& units,
           const std::function<StmtPtr(std::vector<StmtPtr>, Span)>& lowerPart)
      : region_(r), units_(units), lowerPart_(lowerPart) {}

  std::vector<StmtPtr> split(const std::vector<StmtPtr>& list) {
    std::vector<StmtPtr> out, cur;
    // Allocations of this level first: every part of this level (and below) shares them.
    for (const auto& st : list)
      if (isAllocation(st)) out.push_back(st);
    auto flush = [&] {
      if (cur.empty()) return;
      record(cur);
      Span span = cur.front()->span;  // before the move: argument order is unspecified
      out.push_back(lowerPart_(std::move(cur), span));
      cur.clear();
    };
    for (const auto& st : list) {
      if (isAllocation(st)) continue;
      if (!isCarrier(st, units_)) {
        cur.push_back(st);
        continue;
      }
      flush();
      const auto& f = *st->as<ForStmt>();
      if (!f.iterArgs.empty() && !problem_) {
        std::set<const Var*> carried = carriedBuffers(f.body);
        problem_ = Problem{
            "loop shell",
            fmt::format("ambiguous multi-carrier shape: the loop `{}` carries scalar values "
                        "(`{}`, through iter_args) as well as buffer `{}` through its units; Plan "
                        "B does not promote it and the vecscope split (Plan A) cannot carry a "
                        "scalar across the region boundary of each iteration (fail-closed)",
                        f.loopVar->name, f.iterArgs.front()->name, (*carried.begin())->name),
            f.span, context()};
      }
      for (const auto& e : {f.start, f.stop, f.step}) headerUses(e, f);
      carriers_.push_back(&f);
      std::vector<StmtPtr> body = split(flattenStmts(f.body));
      carriers_.pop_back();
      out.push_back(forStmt(f.loopVar, f.start, f.stop, f.step, makeSeq(std::move(body), f.span),
                            f.forKind, {}, {}, f.attrs, f.span));
    }
    flush();
    return out;
  }

  std::optional<Problem> check() {
    if (problem_) return problem_;
    for (const auto& u : uses_) {
      auto it = defs_.find(u.var);
      if (it == defs_.end() || it->second.part == u.part) continue;
      const Def& d = it->second;
      // The innermost carrier around the use that does not hold the bind.
      const ForStmt* loop = nullptr;
      for (const ForStmt* c : u.carriers)
        if (std::find(d.carriers.begin(), d.carriers.end(), c) == d.carriers.end()) {
          loop = c;
          break;
        }
      if (loop)
        return Problem{"loop shell",
                       fmt::format("the carried loop `{}` reads `{}`, which is bound outside the "
                                   "loop in the same SIMD_VF region; the vecscope split (Plan A) "
                                   "gives each iteration its own region and a bound value cannot "
                                   "cross a region boundary (bind it inside the loop, or before "
                                   "the SIMD_VF region) (fail-closed)",
                                   loop->loopVar->name, u.var->name),
                       u.span, context()};
      return Problem{"loop shell",
                     fmt::format("cross-statement bind: `{}` is bound at region level and read "
                                 "by a statement that the vecscope split (Plan A) puts in another "
                                 "region; a bound value cannot cross a region boundary (bind it "
                                 "next to its use, or before the SIMD_VF region) (fail-closed)",
                                 u.var->name),
                     u.span, context()};
    }
    return std::nullopt;
  }

 private:
  struct Def {
    int part;
    std::vector<const ForStmt*> carriers;
  };
  struct Use {
    const Var* var;
    int part;
    std::vector<const ForStmt*> carriers;  // innermost first
    Span span;
  };

  std::string context() const {
    return fmt::format("region #{} (lanes {})", region_.index, region_.scope->lanes);
  }

  void headerUses(const ExprPtr& e, const ForStmt& f) {
    struct V : IRVisitor {
      std::vector<const Var*> vars;
      void visitVar(const Var& v) override { vars.push_back(&v); }
    } v;
    v.visitExpr(e);
    std::vector<const ForStmt*> chain(carriers_.rbegin(), carriers_.rend());
    chain.insert(chain.begin(), &f);
    for (const Var* x : v.vars) uses_.push_back({x, -1, chain, f.span});
  }

  /// Binds and reads of one part (the statements `list`, in one region).
  void record(const std::vector<StmtPtr>& list) {
    int part = parts_++;
    std::vector<const ForStmt*> chain(carriers_.rbegin(), carriers_.rend());
    struct V : IRVisitor {
      const std::set<const ForStmt*>& units;
      std::map<const Var*, Def>& defs;
      std::vector<Use>& uses;
      int part;
      const std::vector<const ForStmt*>& chain;
      int inUnit = 0;
      Span at;
      V(const std::set<const ForStmt*>& u, std::map<const Var*, Def>& d, std::vector<Use>& us,
        int p, const std::vector<const ForStmt*>& c)
          : units(u), defs(d), uses(us), part(p), chain(c) {}
      void visitStmt(const StmtPtr& s) override {
        if (!s) return;
        const auto* f = s->as<ForStmt>();
        bool unit = f && units.count(f);
        inUnit += unit;
        if (const auto* a = s->as<AssignStmt>(); a && !inUnit) defs[a->var.get()] = {part, chain};
        if (f && !inUnit) defs[f->loopVar.get()] = {part, chain};
        Span saved = at;
        at = s->span;
        IRVisitor::visitStmt(s);
        at = saved;
        inUnit -= unit;
      }
      void visitVar(const Var& v) override { uses.push_back({&v, part, chain, at}); }
    } v(units_, defs_, uses_, part, chain);
    for (const auto& s : list) v.visitStmt(s);
  }

  const Region& region_;
  const std::set<const ForStmt*>& units_;
  const std::function<StmtPtr(std::vector<StmtPtr>, Span)>& lowerPart_;
  std::vector<const ForStmt*> carriers_;  // the carriers around the current level, outermost first
  std::map<const Var*, Def> defs_;
  std::vector<Use> uses_;
  int parts_ = 0;
  std::optional<Problem> problem_;
};

}  // namespace

std::set<const Var*> carriedBuffers(const StmtPtr& s) {
  struct V : IRVisitor {
    std::set<const Var*> stored, loaded;
    void visitStmt(const StmtPtr& st) override {
      if (!st) return;
      if (const auto* b = st->as<BufferStoreStmt>()) stored.insert(b->buffer.get());
      IRVisitor::visitStmt(st);
    }
    void visitBufferLoad(const BufferLoad& l) override {
      loaded.insert(l.buffer.get());
      IRVisitor::visitBufferLoad(l);
    }
  } v;
  v.visitStmt(s);
  std::set<const Var*> out;
  for (const Var* b : v.stored)
    if (v.loaded.count(b)) out.insert(b);
  return out;
}

bool isCarrier(const StmtPtr& s, const std::set<const ForStmt*>& units) {
  const auto* f = s->as<ForStmt>();
  return f && !units.count(f) && holdsUnit(s, units) && !carriedBuffers(f->body).empty();
}

std::vector<const ForStmt*> topCarriers(const std::vector<StmtPtr>& top,
                                        const std::set<const ForStmt*>& units, bool& nested) {
  std::vector<const ForStmt*> out;
  nested = false;
  for (const auto& s : top)
    if (isCarrier(s, units)) {
      out.push_back(s->as<ForStmt>());
      struct V : IRVisitor {
        const std::set<const ForStmt*>& units;
        bool found = false;
        explicit V(const std::set<const ForStmt*>& u) : units(u) {}
        void visitStmt(const StmtPtr& st) override {
          if (!st || found || (st->as<ForStmt>() && units.count(st->as<ForStmt>()))) return;
          if (isCarrier(st, units)) found = true;
          IRVisitor::visitStmt(st);
        }
      } v(units);
      v.visitStmt(s->as<ForStmt>()->body);
      nested = nested || v.found;
    }
  return out;
}

StmtPtr splitRegion(const Region& r, const std::vector<StmtPtr>& top,
                    const std::set<const ForStmt*>& units,
                    const std::function<StmtPtr(std::vector<StmtPtr>, Span)>& lowerPart,
                    std::vector<Problem>& problems) {
  Splitter sp(r, units, lowerPart);
  std::vector<StmtPtr> out = sp.split(top);
  if (auto p = sp.check()) {
    problems.push_back(*p);
    return nullptr;
  }
  return makeSeq(std::move(out), r.scope->span);
}

}  // namespace ptoc::simdvf
