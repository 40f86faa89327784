// expand-mixed-kernel, one side after the split (pypto-facts §3.8 "loop-state repair, DCE"):
//  1. a tensor value defined on the other side (a store's result) is replaced by its
//     origin — both sides address the same GM tensor;
//  2. mark and sweep: a statement is live when it has an effect (a store, a pipe op, a
//     call, a return) or defines a live value; a loop's or if's slot (iter_arg, yield value,
//     return var) is live when its iter_arg or return var is; dead statements, slots and
//     empty loops / ifs are removed;
//  3. a value still read but defined only on the other side is an error: only tiles cross.
#include <fmt/format.h>

#include "Expand.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc::expand {

using namespace ir;

namespace {

/// Every variable a statement defines and every one it reads that is not defined before
/// the read (types' valid shapes included). Flat tables: a side of a large kernel has
/// hundreds of thousands of variables, and node-based sets made this walk superlinear.
class DefUse : public IRVisitor {
 public:
  PtrSet<Var> defs;
  std::vector<std::pair<VarPtr, Span>> uses;  // in walk order, undefined when read
  Span at;

  void visitStmt(const StmtPtr& s) override {
    Span saved = at;
    if (s) at = s->span;
    IRVisitor::visitStmt(s);
    at = saved;
  }
  void visitExpr(const ExprPtr& e) override {
    if (e && e->isa<Var>()) {
      if (!defs.contains(static_cast<const Var*>(e.get())))
        uses.emplace_back(std::static_pointer_cast<const Var>(e), at);
    } else {
      IRVisitor::visitExpr(e);
    }
  }

 protected:
  void visitDef(const VarPtr& v) override {
    defs.insert(v.get());
    if (const auto* t = v->type ? v->type->as<TileType>() : nullptr; t && t->view)
      for (const auto& e : t->view->validShape) visitExpr(e);
  }
};

bool hasEffects(const ExprPtr& e) {
  struct Finder : IRVisitor {
    bool found = false;
    void visitCall(const Call& c) override {
      if (!c.op || c.op->hasSideEffects) found = true;
      IRVisitor::visitCall(c);
    }
  } f;
  f.visitExpr(e);
  return f.found;
}

/// Marks every variable an expression or statement reads (valid shapes of definitions
/// included) in the live set, recording whether one was new.
class UseMarker : public IRVisitor {
 public:
  UseMarker(PtrSet<Var>& live, bool& changed) : live_(live), changed_(changed) {}

 protected:
  void visitVar(const Var& v) override {
    if (live_.insert(&v)) changed_ = true;
  }
  void visitDef(const VarPtr& v) override {
    if (const auto* t = v->type ? v->type->as<TileType>() : nullptr; t && t->view)
      for (const auto& e : t->view->validShape) visitExpr(e);
  }

 private:
  PtrSet<Var>& live_;
  bool& changed_;
};

/// Whether makeSeq(flattenStmts(body)) gives `body` back unchanged: a single statement, or a
/// flat Seq of other than one statement.
bool isCanonicalBody(const StmtPtr& body) {
  const auto* seq = body ? body->as<SeqStmt>() : nullptr;
  if (!seq) return body != nullptr;
  if (seq->stmts.size() == 1) return false;
  for (const auto& c : seq->stmts)
    if (!c || c->isa<SeqStmt>()) return false;
  return true;
}

bool hasValidShapeExprs(const TypePtr& t) {
  const auto* tt = t ? t->as<TileType>() : nullptr;
  return tt && tt->view && !tt->view->validShape.empty();
}

class Liveness {
 public:
  PtrSet<Var> live;
  /// Set by sweep when a kept loop or if defines a variable (loop var, return var) whose type
  /// reads values (a valid shape): those reads are not marked live.
  bool unmarkedTypeUses = false;

  void run(const StmtPtr& body) {
    do {
      changed_ = false;
      walk(body);
    } while (changed_);
  }

  StmtPtr sweep(const StmtPtr& s) {
    switch (s->kind) {
      case StmtKind::Assign: {
        const auto* a = s->as<AssignStmt>();
        return live.count(a->var.get()) || hasEffects(a->value) ? s : nullptr;
      }
      // A statement nothing was removed from is kept as it is (no copy of the tree).
      case StmtKind::Seq: {
        std::vector<StmtPtr> out;
        bool same = true;
        for (const auto& c : s->as<SeqStmt>()->stmts) {
          StmtPtr k = sweep(c);
          same &= k == c;
          if (k) out.push_back(std::move(k));
        }
        if (same && isCanonicalBody(s)) return s;
        return makeSeq(std::move(out), s->span);
      }
      case StmtKind::For: {
        const auto* f = s->as<ForStmt>();
        std::vector<bool> m = slotMask(f->iterArgs, f->returnVars);
        StmtPtr body = sweepBody(f->body, m);
        if (isEmpty(body) && !any(m)) return nullptr;
        noteTypeUses(f->loopVar->type);
        for (size_t k = 0; k < f->returnVars.size() && k < m.size(); ++k)
          if (m[k]) noteTypeUses(f->returnVars[k]->type);
        if (body == f->body && all(m) && f->returnVars.size() == m.size()) return s;
        return std::make_shared<ForStmt>(f->loopVar, f->start, f->stop, f->step, f->forKind,
                                         pick(f->iterArgs, m), body, pick(f->returnVars, m),
                                         f->attrs, f->span);
      }
      case StmtKind::While: {
        const auto* w = s->as<WhileStmt>();
        std::vector<bool> m = slotMask(w->iterArgs, w->returnVars);
        StmtPtr body = sweepBody(w->body, m);
        if (isEmpty(body) && !any(m)) return nullptr;
        for (size_t k = 0; k < w->returnVars.size() && k < m.size(); ++k)
          if (m[k]) noteTypeUses(w->returnVars[k]->type);
        if (body == w->body && all(m) && w->returnVars.size() == m.size()) return s;
        return std::make_shared<WhileStmt>(w->cond, pick(w->iterArgs, m), body,
                                           pick(w->returnVars, m), w->span);
      }
      case StmtKind::If: {
        const auto* i = s->as<IfStmt>();
        std::vector<bool> m;
        for (const auto& r : i->returnVars) m.push_back(live.count(r.get()) > 0);
        StmtPtr t = sweepBody(i->thenBody, m);
        StmtPtr e = i->elseBody ? sweepBody(i->elseBody, m) : nullptr;
        if (isEmpty(t) && (!e || isEmpty(e)) && !any(m)) return nullptr;
        if (e && isEmpty(e) && !any(m)) e = nullptr;
        for (size_t k = 0; k < i->returnVars.size(); ++k)
          if (m[k]) noteTypeUses(i->returnVars[k]->type);
        if (t == i->thenBody && e == i->elseBody && all(m)) return s;
        return std::make_shared<IfStmt>(i->cond, t, e, pick(i->returnVars, m), i->span);
      }
      default:
        return s;
    }
  }

 private:
  void mark(const VarPtr& v) {
    if (v && live.insert(v.get())) changed_ = true;
  }
  void markUses(const ExprPtr& e) {
    if (!e) return;
    UseMarker m(live, changed_);
    m.visitExpr(e);
  }
  void markAll(const StmtPtr& s) {
    UseMarker m(live, changed_);
    m.visitStmt(s);
  }
  void markTypeUses(const TypePtr& t) {
    if (const auto* tt = t ? t->as<TileType>() : nullptr; tt && tt->view)
      for (const auto& e : tt->view->validShape) markUses(e);
  }
  template <class IA>
  void slots(const IA& ias, const std::vector<VarPtr>& rvs, const StmtPtr& body) {
    const YieldStmt* y = trailingYield(body);
    for (size_t i = 0; i < ias.size(); ++i) {
      const bool isLive = live.count(ias[i].get()) || (i < rvs.size() && live.count(rvs[i].get()));
      if (!isLive) continue;
      mark(ias[i]);
      if (i < rvs.size()) mark(rvs[i]);
      markUses(ias[i]->init);
      markTypeUses(ias[i]->type);
      if (y && i < y->values.size()) markUses(y->values[i]);
    }
  }
  void walk(const StmtPtr& s) {
    if (!s) return;
    switch (s->kind) {
      case StmtKind::Assign: {
        const auto* a = s->as<AssignStmt>();
        if (live.count(a->var.get()) || hasEffects(a->value)) {
          mark(a->var);
          markUses(a->value);
          markTypeUses(a->var->type);
        }
        return;
      }
      case StmtKind::Seq: {
        // Backwards: a use marks its definition live before the walk reaches it, so a
        // straight-line def-use chain settles in one walk (forwards, one link per walk).
        const auto& stmts = s->as<SeqStmt>()->stmts;
        for (auto it = stmts.rbegin(); it != stmts.rend(); ++it) walk(*it);
        return;
      }
      case StmtKind::Yield:
        return;  // its values are live through the slots of the enclosing statement
      case StmtKind::For: {
        const auto* f = s->as<ForStmt>();
        markUses(f->start);
        markUses(f->stop);
        markUses(f->step);
        slots(f->iterArgs, f->returnVars, f->body);
        walk(f->body);
        return;
      }
      case StmtKind::While: {
        const auto* w = s->as<WhileStmt>();
        markUses(w->cond);
        slots(w->iterArgs, w->returnVars, w->body);
        walk(w->body);
        return;
      }
      case StmtKind::If: {
        const auto* i = s->as<IfStmt>();
        markUses(i->cond);
        const YieldStmt* ty = trailingYield(i->thenBody);
        const YieldStmt* ey = trailingYield(i->elseBody);
        for (size_t k = 0; k < i->returnVars.size(); ++k) {
          if (!live.count(i->returnVars[k].get())) continue;
          if (ty && k < ty->values.size()) markUses(ty->values[k]);
          if (ey && k < ey->values.size()) markUses(ey->values[k]);
        }
        walk(i->thenBody);
        walk(i->elseBody);
        return;
      }
      default:
        markAll(s);  // effects: eval, element store, return, scopes
        return;
    }
  }

  template <class IA>
  std::vector<bool> slotMask(const IA& ias, const std::vector<VarPtr>& rvs) const {
    std::vector<bool> m;
    for (size_t i = 0; i < ias.size(); ++i)
      m.push_back(live.count(ias[i].get()) || (i < rvs.size() && live.count(rvs[i].get())));
    return m;
  }
  void noteTypeUses(const TypePtr& t) {
    if (hasValidShapeExprs(t)) unmarkedTypeUses = true;
  }
  static bool all(const std::vector<bool>& m) {
    for (bool b : m)
      if (!b) return false;
    return true;
  }
  static bool any(const std::vector<bool>& m) {
    for (bool b : m)
      if (b) return true;
    return false;
  }
  template <class T>
  static std::vector<T> pick(const std::vector<T>& xs, const std::vector<bool>& m) {
    std::vector<T> out;
    for (size_t i = 0; i < xs.size() && i < m.size(); ++i)
      if (m[i]) out.push_back(xs[i]);
    return out;
  }
  StmtPtr sweepBody(const StmtPtr& body, const std::vector<bool>& m) {
    std::vector<StmtPtr> out;
    bool same = true;
    for (const auto& c : flattenStmts(body)) {
      if (const auto* y = c->as<YieldStmt>()) {
        if (!any(m)) {
          same = false;  // the yield goes
        } else if (all(m) && y->values.size() == m.size()) {
          out.push_back(c);
        } else {
          out.push_back(yieldStmt(pick(y->values, m), y->span));
          same = false;
        }
        continue;
      }
      StmtPtr k = sweep(c);
      same &= k == c;
      if (k) out.push_back(std::move(k));
    }
    if (same && isCanonicalBody(body)) return body;
    return makeSeq(std::move(out), body ? body->span : Span{});
  }
  static bool isEmpty(const StmtPtr& body) {
    for (const auto& c : flattenStmts(body)) {
      const auto* y = c->as<YieldStmt>();
      if (!y || !y->values.empty()) return false;
    }
    return true;
  }

  bool changed_ = false;
};

/// Step 1's remap, which can tell whether its walk also replaced variables (a variable whose
/// type names a remapped one gets a fresh node).
class OriginRemap : public IRMutator {
 public:
  size_t entries() const { return varMap_.size(); }
};

const char* sideName(Side s) { return s == Side::Aic ? "cube (AIC)" : "vector (AIV)"; }

}  // namespace

StmtPtr cleanupSide(const StmtPtr& body, Side side, const Function& f, const TensorOrigins& origins,
                    DiagnosticEngine& diag) {
  auto undefinedUses = [&](const StmtPtr& b) {
    DefUse du;
    for (const auto& p : f.params) du.defs.insert(p.get());
    du.visitStmt(b);
    std::vector<std::pair<VarPtr, Span>> out;
    for (auto& u : du.uses)
      if (!du.defs.contains(u.first.get())) out.push_back(std::move(u));
    return out;
  };
  // 1. Tensor values of the other side -> their origin.
  OriginRemap remap;
  bool any = false;
  std::vector<const Var*> crossing;  // the values read and not defined: v, or its origin
  for (const auto& [v, span] : undefinedUses(body)) {
    crossing.push_back(v.get());
    if (v->type && v->type->isa<TensorType>())
      if (VarPtr o = origins.origin(v.get()); o && o != v) {
        remap.remap(v, o);
        crossing.back() = o.get();
        any = true;
      }
  }
  const size_t remapped = remap.entries();
  StmtPtr out = any ? remap.mutateStmt(body) : body;
  const bool retyped = remap.entries() != remapped;  // fresh variables: not in `crossing`
  // 2. Dead code and dead loop state.
  Liveness lv;
  lv.run(out);
  out = lv.sweep(out);
  if (!out) out = makeSeq({}, body->span);
  // 3. Values still crossing. Only a value of `crossing` can be read and not defined now, and
  // only if the cleanup kept a read of it: a read the liveness walk marked, or one in the type
  // of a loop or if result (not marked); or a variable step 1 replaced by a retyped one.
  // Usually none is the case, and the walk that finds the first such read for the message is
  // not needed.
  // (A tensor's origin is usually a parameter: defined on both sides.)
  PtrSet<Var> params;
  for (const auto& p : f.params) params.insert(p.get());
  bool mayCross = lv.unmarkedTypeUses || retyped;
  for (const Var* v : crossing) mayCross = mayCross || (lv.live.contains(v) && !params.contains(v));
  if (!mayCross) return out;
  for (const auto& [v, span] : undefinedUses(out)) {
    std::string hint =
        v->type && v->type->isa<TileType>()
            ? fmt::format(
                  "move the tile across with pl.move({}, target_memory=pl.Mem.{}) first, "
                  "and read that",
                  v->name, side == Side::Aiv ? "Vec" : "Mat")
            : "compute the value on both sides from shared values (parameters, loop indices, "
              "scalars), or move it to a tile and across with pl.move";
    diag.error(span,
               fmt::format("expand-mixed-kernel: '{}' is computed on the {} side of '{}' but "
                           "read on the {} side; only tiles cross between the cores (through "
                           "tpush / tpop)",
                           v->name, sideName(side == Side::Aic ? Side::Aiv : Side::Aic), f.name,
                           sideName(side)),
               std::move(hint));
    throw CompileError();
  }
  return out;
}

}  // namespace ptoc::expand
