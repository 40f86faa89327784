// schedule-cross-core (docs/passes/schedule-cross-core.md): in AIC and AIV functions, issues
// independent work ahead of the cross-core transfers that may wait on the peer core.
//
// A tpop waits until the peer has pushed; a tpush waits for a free slot. On A5 the wait
// stalls the pipe it is issued on (ptoas-facts §4.7), and every pipe runs its queue in
// order, so work written after a transfer in program order cannot start before it even when
// it does not need the transferred tile: in flash attention the AIC's load of V_j sits behind
// the pop of P_j, and the AIV's rescale of the running output behind the pop of P_j V_j.
// expand-mixed-kernel emits each core's statements in the source order; this pass reorders
// them, in every statement list (function bodies, loop bodies, branches):
//
//  - a *movable* statement (an assignment whose calls have no side effects, write nothing in
//    place and read no tensor but an `In` parameter, which no core of the kernel writes) is
//    moved up to just before the earliest transfer it can pass: it passes a statement when it
//    reads nothing that statement defines or writes in place; it never passes control flow
//    (for / if / while / scopes), an element store or an in-place tile write;
//  - a call nested in a statement that cannot move (its outer call needs the transferred
//    tile) is split out into its own assignment when it alone can pass a transfer;
//  - then each push goes up, with the statements it needs, ahead of the pure assignments
//    since the previous transfer that it does not need (they move to just after it): the
//    tile leaves for the peer as soon as it is computed, so the peer's wait (a round trip
//    through it, in flash attention) does not include work the push does not need.
//
// The transfers keep their order (each pipe is a FIFO on both cores), so the handshake and
// the deadlock behaviour do not change; only pure work moves, so the values do not either
// (`ptoc check --passes=compile` stays bit-exact). A statement that cannot pass a transfer
// keeps its place.
// Properties: requires MixedKernelExpanded; produces, invalidates nothing.
#include <fmt/format.h>

#include <unordered_set>

#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

using VarSet = std::unordered_set<const Var*>;

/// Every variable an expression (or statement) reads, including those inside the types of
/// the values it names (a tile's valid_shape).
class ReadCollector : public IRVisitor {
 public:
  VarSet reads;
  void typeExprs(const TypePtr& t) {
    const auto* tt = t ? t->as<TileType>() : nullptr;
    if (!tt || !tt->view) return;
    for (const auto& e : tt->view->validShape)
      if (e) visitExpr(e);
  }

 protected:
  void visitVar(const Var& v) override {
    if (reads.insert(&v).second) typeExprs(v.type);
  }
  void visitCall(const Call& c) override {
    typeExprs(c.type);
    IRVisitor::visitCall(c);
  }
};

/// What the reordering needs to know about one statement of a list.
struct StmtInfo {
  enum Kind : uint8_t { Plain, Transfer, Stop } kind = Plain;
  bool movable = false;
  bool push = false;      // a tpush_to_aic / tpush_to_aiv
  bool release = false;   // a tfree: the slot of the tile it names is the peer's again
  bool sinkable = false;  // a pure assignment: may go after a push it does not feed
  VarSet reads, defs, writes;
};

class Scheduler : public IRMutator {
 public:
  Scheduler(const Function& f) {
    for (size_t i = 0; i < f.params.size(); ++i)
      if (i < f.directions.size() && f.directions[i] == ParamDirection::In)
        readOnly_.insert(f.params[i].get());
    NameCollector names;
    names.visitStmt(f.body);
    for (const auto& p : f.params) names.used.insert(p->name);
    names_ = std::move(names.used);
  }
  int moved = 0;

 protected:
  StmtPtr mutateSeq(const std::shared_ptr<const SeqStmt>& s) override {
    StmtPtr m = IRMutator::mutateSeq(s);
    const auto* seq = m->as<SeqStmt>();
    if (!seq) return m;
    std::vector<StmtPtr> out;
    std::vector<StmtInfo> infos;
    bool changed = false;
    for (const StmtPtr& st : seq->stmts) {
      StmtPtr cur = st;
      StmtInfo info = describe(*cur);
      size_t at = out.size();
      if (info.movable) at = placement(info, infos);
      if (at == out.size()) {
        // The statement stays: split out the nested calls that could pass a transfer.
        cur = extractNested(cur, out, infos, changed);
        info = describe(*cur);
        at = out.size();
      } else {
        changed = true;
        ++moved;
      }
      out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), cur);
      infos.insert(infos.begin() + static_cast<std::ptrdiff_t>(at), std::move(info));
    }
    if (pushEarly(out, infos)) changed = true;
    if (!changed) return m;
    return SeqStmt::rebuild(*seq, std::move(out));
  }

 private:
  struct NameCollector : IRVisitor {
    std::unordered_set<std::string> used;
    void visitDef(const VarPtr& v) override { used.insert(v->name); }
  };

  /// A call the pass may evaluate earlier: no side effects, no in-place write, no cross-core
  /// traffic, no function call, and tensors read only through `In` parameters.
  bool pureCall(const Call& c) const {
    if (!c.op || c.op->hasSideEffects || c.op->has(OpTrait::CrossCore)) return false;
    for (size_t i = 0; i < c.args.size(); ++i) {
      if (writesMemory(argEffect(c, i))) return false;
      const ExprPtr& a = c.args[i];
      if (a->type && a->type->as<TensorType>()) {
        const auto* v = a->as<Var>();
        if (!v || !readOnly_.count(v)) return false;
      }
      if (const auto* inner = a->as<Call>(); inner && !pureCall(*inner)) return false;
    }
    return true;
  }

  /// An expression whose calls are all pure and that reads no tile element.
  bool pureExpr(const ExprPtr& e) const {
    struct Check : IRVisitor {
      const Scheduler& self;
      bool pure = true;
      explicit Check(const Scheduler& s) : self(s) {}
      void visitCall(const Call& c) override { pure = pure && self.pureCall(c); }
      void visitBufferLoad(const BufferLoad&) override { pure = false; }
    } check(*this);
    check.visitExpr(e);
    return check.pure;
  }

  /// Whether a call tree occupies a pipe other than the scalar unit.
  static bool busy(const Call& c) {
    if (c.op)
      for (Pipe p : c.op->pipes.values())
        if (p != Pipe::Scalar) return true;
    for (const ExprPtr& a : c.args)
      if (const auto* inner = a->as<Call>(); inner && busy(*inner)) return true;
    return false;
  }

  static bool isTransfer(const Call& c) {
    return c.op && c.op->has(OpTrait::CrossCore) && !c.op->pipes.has(Pipe::Scalar);
  }

  /// In-place writes of a call tree (the variables passed to a Write / ReadWrite argument).
  static void collectWrites(const Expr& e, VarSet& writes, bool& tileWrite) {
    const auto* c = e.as<Call>();
    if (!c) return;
    for (size_t i = 0; i < c->args.size(); ++i) {
      if (writesMemory(argEffect(*c, i))) {
        if (const auto* v = c->args[i]->as<Var>()) writes.insert(v);
        if (c->args[i]->type && c->args[i]->type->as<TileType>()) tileWrite = true;
      }
      collectWrites(*c->args[i], writes, tileWrite);
    }
  }

  StmtInfo describe(const Stmt& s) const {
    StmtInfo info;
    ExprPtr value;
    if (const auto* a = s.as<AssignStmt>()) {
      value = a->value;
      info.defs.insert(a->var.get());
    } else if (const auto* ev = s.as<EvalStmt>()) {
      value = ev->expr;
    } else {
      info.kind = StmtInfo::Stop;  // control flow, scopes, element stores, yield, return
      return info;
    }
    ReadCollector rc;
    rc.visitExpr(value);
    if (const auto* a = s.as<AssignStmt>()) rc.typeExprs(a->var->type);
    info.reads = std::move(rc.reads);
    bool tileWrite = false;
    collectWrites(*value, info.writes, tileWrite);
    if (tileWrite) info.kind = StmtInfo::Stop;  // views may alias the written tile
    const auto* c = value->as<Call>();
    if (c && isTransfer(*c)) {
      info.kind = StmtInfo::Transfer;
      info.push = c->callee == "tile.tpush_to_aic" || c->callee == "tile.tpush_to_aiv";
    }
    info.release = c && (c->callee == "system.tfree_to_aic" || c->callee == "system.tfree_to_aiv");
    info.sinkable = s.as<AssignStmt>() && info.kind == StmtInfo::Plain && pureExpr(value);
    // Only work on a data pipe is worth moving: not a copy of a variable, scalar arithmetic
    // or a view (the scalar unit issues it in a cycle).
    info.movable =
        s.as<AssignStmt>() && info.kind == StmtInfo::Plain && c && pureExpr(value) && busy(*c);
    return info;
  }

  static bool dependsOn(const VarSet& reads, const StmtInfo& t) {
    for (const Var* v : reads)
      if (t.defs.count(v) || t.writes.count(v)) return true;
    return false;
  }

  /// Where a movable statement reading `reads` goes among `infos`: before the earliest
  /// transfer it can pass, else at the end (it stays).
  static size_t placement(const StmtInfo& info, const std::vector<StmtInfo>& infos) {
    size_t at = infos.size();
    for (size_t i = infos.size(); i-- > 0;) {
      const StmtInfo& t = infos[i];
      if (t.kind == StmtInfo::Stop || dependsOn(info.reads, t)) break;
      if (t.kind == StmtInfo::Transfer) at = i;
    }
    return at;
  }

  /// Moves each push ahead of the pure assignments since the previous transfer or stop that
  /// it does not need, directly or through a statement that stays, and that read no tile a
  /// tfree before the push releases: those go, in their order, to just after the push.
  /// Whether anything moved.
  bool pushEarly(std::vector<StmtPtr>& out, std::vector<StmtInfo>& infos) {
    bool any = false;
    for (size_t p = 0; p < out.size(); ++p) {
      if (!infos[p].push) continue;
      size_t w = p;
      while (w > 0 && infos[w - 1].kind == StmtInfo::Plain) --w;
      // Backwards from the push: a statement stays when it cannot be sunk, defines something
      // the push or a statement that stays reads, or reads a popped tile a later tfree
      // releases (after the tfree the peer may overwrite the slot).
      VarSet need = infos[p].reads, released;
      std::vector<bool> stay(p - w, false);
      bool sinks = false;
      for (size_t i = p; i-- > w;) {
        const StmtInfo& t = infos[i];
        bool keep = !t.sinkable;
        for (const Var* d : t.defs)
          if (need.count(d)) keep = true;
        for (const Var* r : t.reads)
          if (released.count(r)) keep = true;
        if (t.release) released.insert(t.reads.begin(), t.reads.end());
        stay[i - w] = keep;
        if (keep)
          need.insert(t.reads.begin(), t.reads.end());
        else
          sinks = true;
      }
      if (!sinks) continue;
      std::vector<StmtPtr> kept, sunk;
      std::vector<StmtInfo> keptI, sunkI;
      for (size_t i = w; i < p; ++i) {
        (stay[i - w] ? kept : sunk).push_back(out[i]);
        (stay[i - w] ? keptI : sunkI).push_back(std::move(infos[i]));
      }
      size_t at = w;
      auto put = [&](StmtPtr st, StmtInfo info) {
        out[at] = std::move(st);
        infos[at] = std::move(info);
        ++at;
      };
      for (size_t i = 0; i < kept.size(); ++i) put(kept[i], std::move(keptI[i]));
      StmtPtr push = out[p];
      StmtInfo pushI = std::move(infos[p]);
      put(push, std::move(pushI));
      for (size_t i = 0; i < sunk.size(); ++i) put(sunk[i], std::move(sunkI[i]));
      moved += static_cast<int>(sunk.size());
      any = true;
    }
    return any;
  }

  std::string freshName(const std::string& base) {
    std::string n = base;
    for (int k = 1; names_.count(n); ++k) n = fmt::format("{}_{}", base, k);
    names_.insert(n);
    return n;
  }

  /// Splits the nested calls of `st` that can pass a transfer into assignments placed there.
  StmtPtr extractNested(const StmtPtr& st, std::vector<StmtPtr>& out, std::vector<StmtInfo>& infos,
                        bool& changed) {
    ExprPtr value;
    std::string base = "early";
    if (const auto* a = st->as<AssignStmt>()) {
      value = a->value;
      base = a->var->name + "_early";
    } else if (const auto* ev = st->as<EvalStmt>()) {
      value = ev->expr;
    }
    const auto* top = value ? value->as<Call>() : nullptr;
    if (!top) return st;
    bool any = false;
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : top->args) {
      args.push_back(extractExpr(a, base, out, infos, any));
    }
    if (!any) return st;
    changed = true;
    ExprPtr call = Call::rebuild(*top, top->type, top->callee, std::move(args), top->kwargs);
    if (const auto* a = st->as<AssignStmt>()) return AssignStmt::rebuild(*a, call, a->var);
    return EvalStmt::rebuild(*st->as<EvalStmt>(), call);
  }

  ExprPtr extractExpr(const ExprPtr& e, const std::string& base, std::vector<StmtPtr>& out,
                      std::vector<StmtInfo>& infos, bool& any) {
    const auto* c = e->as<Call>();
    if (!c) return e;
    if (pureCall(*c) && busy(*c)) {
      StmtInfo info;
      ReadCollector rc;
      rc.visitExpr(e);
      info.reads = std::move(rc.reads);
      size_t at = placement(info, infos);
      if (at < infos.size()) {
        auto v = std::make_shared<Var>(freshName(base), c->type, c->span);
        info.defs.insert(v.get());
        info.movable = info.sinkable = true;
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(at),
                   std::make_shared<AssignStmt>(v, e, c->span));
        infos.insert(infos.begin() + static_cast<std::ptrdiff_t>(at), std::move(info));
        any = true;
        ++moved;
        return v;
      }
    }
    bool inner = false;
    std::vector<ExprPtr> args;
    for (const ExprPtr& a : c->args) args.push_back(extractExpr(a, base, out, infos, inner));
    if (!inner) return e;
    any = true;
    return Call::rebuild(*c, c->type, c->callee, std::move(args), c->kwargs);
  }

  VarSet readOnly_;
  std::unordered_set<std::string> names_;
};

class ScheduleCrossCorePass final : public Pass {
 public:
  std::string_view name() const override { return "schedule-cross-core"; }
  std::string_view description() const override {
    return "issues independent work of AIC / AIV functions ahead of the tpush / tpop that may "
           "wait on the peer core, and each tpush ahead of the work it does not need";
  }
  IRPropertySet required() const override { return {IRProperty::MixedKernelExpanded}; }

  ProgramPtr run(const ProgramPtr& program, PassContext&) override {
    return mapFunctions(program, [&](const FunctionPtr& f) -> FunctionPtr {
      if (f->funcType != FunctionType::AIC && f->funcType != FunctionType::AIV) return f;
      Scheduler s(*f);
      return s.mutateFunction(f);
    });
  }
};

}  // namespace

void registerScheduleCrossCorePass() {
  PassRegistry::instance().add("schedule-cross-core",
                               [] { return std::make_unique<ScheduleCrossCorePass>(); });
}

}  // namespace ptoc
