// Definite assignment of vector values inside one SIMD_VF region. See VectorDefs.h.
#include "ptoc/analysis/VectorDefs.h"

#include <set>

#include "ptoc/ir/Visitor.h"

namespace ptoc::analysis {

using namespace ir;

namespace {

bool isVector(const Var& v) {
  return v.type && (v.type->isa<VRegType>() || v.type->isa<MaskType>());
}

class DefiniteAssignment {
 public:
  std::optional<UndefinedVectorUse> found;
  std::set<const Var*> assignedAnywhere;

  using Defs = std::set<const Var*>;

  /// Walks `s` with the values defined on entry; returns those defined on exit.
  Defs walk(const StmtPtr& s, Defs d) {
    if (!s || found) return d;
    switch (s->kind) {
      case StmtKind::Seq:
        for (const auto& x : s->as<SeqStmt>()->stmts) d = walk(x, std::move(d));
        return d;
      case StmtKind::Assign: {
        const auto& a = *s->as<AssignStmt>();
        uses(a.value, d, s->span);
        d.insert(a.var.get());
        return d;
      }
      case StmtKind::If: {
        const auto& i = *s->as<IfStmt>();
        uses(i.cond, d, s->span);
        Defs t = walk(i.thenBody, d);
        Defs e = i.elseBody ? walk(i.elseBody, d) : d;
        Defs both;
        for (const Var* v : t)
          if (e.count(v)) both.insert(v);
        for (const auto& v : i.returnVars) both.insert(v.get());
        return both;
      }
      case StmtKind::For: {
        const auto& f = *s->as<ForStmt>();
        uses(f.start, d, s->span);
        uses(f.stop, d, s->span);
        uses(f.step, d, s->span);
        Defs in = d;
        in.insert(f.loopVar.get());
        for (const auto& ia : f.iterArgs) {
          uses(ia->init, d, s->span);
          in.insert(ia.get());
        }
        Defs body = walk(f.body, in);
        const auto* lo = f.start->as<ConstInt>();
        const auto* hi = f.stop->as<ConstInt>();
        const auto* st = f.step->as<ConstInt>();
        bool runs = lo && hi && st && st->value > 0 && hi->value > lo->value;
        Defs out = runs ? body : d;
        out.erase(f.loopVar.get());
        for (const auto& v : f.returnVars) out.insert(v.get());
        return out;
      }
      case StmtKind::While: {
        const auto& w = *s->as<WhileStmt>();
        Defs in = d;
        for (const auto& ia : w.iterArgs) {
          uses(ia->init, d, s->span);
          in.insert(ia.get());
        }
        uses(w.cond, in, s->span);
        walk(w.body, in);
        for (const auto& v : w.returnVars) d.insert(v.get());
        return d;
      }
      default: {
        // Any other statement: every value it reads must be defined.
        struct V : IRVisitor {
          DefiniteAssignment& self;
          const Defs& d;
          Span at;
          V(DefiniteAssignment& s, const Defs& x, Span a) : self(s), d(x), at(a) {}
          void visitVar(const Var& v) override { self.use(v, d, at); }
        } v(*this, d, s->span);
        v.visitStmt(s);
        return d;
      }
    }
  }

  void use(const Var& v, const Defs& d, Span at) {
    if (found || !isVector(v) || d.count(&v)) return;
    found = UndefinedVectorUse{&v, at, assignedAnywhere.count(&v) > 0};
  }

 private:
  void uses(const ExprPtr& e, const Defs& d, Span at) {
    if (!e) return;
    struct V : IRVisitor {
      DefiniteAssignment& self;
      const Defs& d;
      Span at;
      V(DefiniteAssignment& s, const Defs& x, Span a) : self(s), d(x), at(a) {}
      void visitVar(const Var& v) override { self.use(v, d, at); }
    } v(*this, d, at);
    v.visitExpr(e);
  }
};

}  // namespace

std::optional<UndefinedVectorUse> firstUndefinedVectorUse(const SimdVfScopeStmt& region) {
  DefiniteAssignment da;
  struct Assigned : IRVisitor {
    std::set<const Var*>& out;
    explicit Assigned(std::set<const Var*>& o) : out(o) {}
    void visitDef(const VarPtr& v) override { out.insert(v.get()); }
  } a(da.assignedAnywhere);
  a.visitStmt(region.body);
  da.walk(region.body, {});
  return da.found;
}

}  // namespace ptoc::analysis
