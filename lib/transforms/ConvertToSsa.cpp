// `convert-to-ssa`: natural Python-style code -> SSA (pypto-facts §3.3).
//
// Contract: every variable definition gets its own Var (the first definition of a
// Var keeps the node; later ones get fresh Vars with the same name hint, which the
// printer disambiguates); an if that changes live variables gets return_vars and a
// trailing pl.yield_ in both arms (a missing else is created); a loop that changes
// live variables gets iter_args (init = the version before the loop), a trailing
// yield and return_vars, and later uses read the return_vars; natural `while` loops
// become SSA while loops whose condition reads the iter_args. A variable first
// defined inside a loop and used after it is promoted to an iter_arg when a stand-in
// init exists (the destination of the write that defines it, e.g. the tensor of a
// tile.store); a variable defined in both arms of an if gets a return var; otherwise
// a use where the variable is not defined on every path is an error.
// A pl.unroll loop that carries values is unrolled (pl.unroll cannot carry
// iter_args). Scopes (pl.at, pl.split_aiv, pl.simd_vf) run once and are transparent.
// Existing SSA constructs are kept; an SSA program comes out structurally equal.
//
// Properties: requires nothing, produces SSAForm, invalidates nothing.
// Cost: O(program size x nesting depth) (ConvertToSsaScan.h); no rescans.
#include <fmt/format.h>

#include <deque>
#include <optional>
#include <unordered_set>

#include "ConvertToSsaScan.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

/// The first `break` / `continue` of a loop body that leaves or restarts this loop (nested
/// loops' own jumps are theirs), or null.
const Stmt* findLoopJump(const StmtPtr& s) {
  if (!s) return nullptr;
  switch (s->kind) {
    case StmtKind::Break:
    case StmtKind::Continue:
      return s.get();
    case StmtKind::Seq:
      for (const auto& c : s->as<SeqStmt>()->stmts)
        if (const Stmt* j = findLoopJump(c)) return j;
      return nullptr;
    case StmtKind::If: {
      const auto& i = *s->as<IfStmt>();
      if (const Stmt* j = findLoopJump(i.thenBody)) return j;
      return findLoopJump(i.elseBody);
    }
    case StmtKind::RuntimeScope:
      return findLoopJump(s->as<RuntimeScopeStmt>()->body);
    default:  // nested loops, scopes a jump cannot cross, plain statements
      return nullptr;
  }
}

constexpr int64_t kMaxUnrollTrips = 1024;

/// Why a variable has no value on some path (for the diagnostic at a later use; the
/// message is formatted only when such a use is reported).
struct Undefined {
  enum class Kind : uint8_t { SomePathsOfIf, InsideLoop };
  Span defSpan;  // where the variable is assigned
  Kind kind;
  Span construct;  // the if / the loop
};

/// Current version of a variable: a value, or "undefined on some path".
struct Version {
  ExprPtr value;
  const Undefined* undefined = nullptr;
  bool operator==(const Version& o) const { return value == o.value && undefined == o.undefined; }
};

class SsaRewriter;

/// Rewrites the uses inside an expression to the current versions.
class UseRenamer final : public IRMutator {
 public:
  explicit UseRenamer(SsaRewriter& r) : rewriter_(r) {}

 protected:
  ExprPtr mutateVar(const VarPtr& v) override;

 private:
  SsaRewriter& rewriter_;
};

class SsaRewriter {
 public:
  SsaRewriter(PassContext& ctx, const SsaScan& scan) : ctx_(ctx), scan_(scan), renamer_(*this) {}

  FunctionPtr run(const FunctionPtr& f) {
    for (const auto& p : f->params) {
      defined_.insert(p.get());
      bind(p.get(), Version{p});
    }
    std::vector<StmtPtr> out;
    rewriteBlock(f->body, out, nullptr);
    return std::make_shared<Function>(f->name, f->funcType, f->params, f->directions,
                                      f->returnTypes, seq(std::move(out), f->body->span), f->attrs,
                                      f->span);
  }

  /// The current version of `v` at a use; an error when it is not defined on every path.
  ExprPtr use(const Var* v) {
    const Version* cur = env_.find(v);
    if (cur && cur->value) return cur->value;
    Diagnostic d;
    d.span = stmtSpan_;
    d.message = fmt::format("'{}' is not defined on every path to this use", v->name);
    if (cur && cur->undefined) {
      const Undefined& u = *cur->undefined;
      std::string loc = ctx_.diag.formatLocation(u.construct);
      bool loop = u.kind == Undefined::Kind::InsideLoop;
      std::string where = loop ? fmt::format("inside the loop at {}, which may run zero times", loc)
                               : fmt::format("only on some paths through the if at {}", loc);
      d.notes.emplace_back(u.defSpan, fmt::format("'{}' is assigned here, {}", v->name, where));
      d.hint = loop ? fmt::format(
                          "assign '{}' before the loop (an initial value) so it is "
                          "carried out of the loop",
                          v->name)
                    : fmt::format("assign '{}' before the if, or in both branches", v->name);
      // The name was assigned before, with another type: a type change starts a new variable
      // (the binder's rule), so that earlier value is not carried. Say so.
      if (const Var* other = sameNameOtherType(v)) {
        d.notes.emplace_back(
            other->span, fmt::format("this '{}' has type {}, the one in the loop {}: a new "
                                     "type makes a new variable",
                                     v->name, typeToString(*other->type), typeToString(*v->type)));
        const auto* t = v->type->as<TileType>();
        d.hint =
            t && t->memory == MemorySpace::Acc
                ? fmt::format(
                      "give the initial value the accumulator's type: `{}: {} = "
                      "pl.tile.full(...)` (a zero fill in Acc becomes the first "
                      "matmul's overwrite), or start it with pl.matmul",
                      v->name,
                      printType(*TileType::get(t->shape, t->dtype, MemorySpace::Acc, std::nullopt)))
                : fmt::format("give '{}' one type before and inside the loop", v->name);
      }
    } else {
      d.notes.emplace_back(v->span, fmt::format("'{}' is assigned here", v->name));
      d.hint = fmt::format("assign '{}' before this point on every path", v->name);
    }
    ctx_.diag.report(std::move(d));
    throw CompileError();
  }

 private:
  /// A variable bound now with `v`'s name but another type, or null (error path only).
  const Var* sameNameOtherType(const Var* v) const {
    const Var* found = nullptr;
    env_.forEach([&](const Var* o, const Version& ver) {
      if (!found && o != v && o->name == v->name && ver.value && o->type && v->type &&
          !sameType(o->type, v->type))
        found = o;
    });
    return found;
  }

  // ---- environment with an undo log ------------------------------------------------
  void bind(const Var* v, Version val) {
    Version* cur = env_.find(v);
    if (!cur) {
      log_.emplace_back(v, std::nullopt);
      env_.emplace(v, std::move(val));
    } else {
      log_.emplace_back(v, *cur);
      *cur = std::move(val);
    }
  }
  void rollback(size_t mark) {
    while (log_.size() > mark) {
      auto& [v, old] = log_.back();
      if (old)
        env_[v] = *old;
      else
        env_.erase(v);
      log_.pop_back();
    }
  }
  std::optional<Version> lookup(const Var* v) const {
    const Version* cur = env_.find(v);
    if (!cur) return std::nullopt;
    return *cur;
  }
  const Undefined* undefined(Span defSpan, Undefined::Kind kind, Span construct) {
    undefineds_.push_back(Undefined{defSpan, kind, construct});
    return &undefineds_.back();
  }

  // ---- definitions ---------------------------------------------------------------------
  /// A Var for a definition site of `v`: the node itself the first time, else a fresh one.
  VarPtr define(const VarPtr& v) {
    VarPtr out = defined_.insert(v.get()) ? v : fresh(*v);
    bind(v.get(), Version{out});
    return out;
  }
  static VarPtr fresh(const Var& v) { return var(v.name, v.type, v.span); }

  bool carriedOutside(const Var* v) const {
    const int* count = carried_.find(v);
    return count && *count > 0;
  }
  bool liveAfter(const Var* v, const SsaScan::Region& r) const {
    return scan_.lastUseOf(v) > r.end || carriedOutside(v);
  }
  /// A stand-in for `v` on paths where it is not assigned: the current version of the
  /// destination its first assignment writes (tile.store's tensor, an accumulator).
  ExprPtr writeDestination(const Var* v) const {
    const ExprPtr* first = scan_.firstValue.find(v);
    if (!first) return nullptr;
    const auto* call = (*first)->as<Call>();
    if (!call || !call->op) return nullptr;
    for (size_t i = 0; i < call->args.size() && i < call->op->args.size(); ++i) {
      if (!writesMemory(argEffect(*call, i))) continue;
      const auto* dest = call->args[i]->as<Var>();
      if (!dest || !sameType(dest->type, v->type)) continue;
      auto cur = lookup(dest);
      if (cur && cur->value) return cur->value;
    }
    return nullptr;
  }

  ExprPtr rewrite(const ExprPtr& e) { return e ? renamer_.mutateExpr(e) : e; }
  std::vector<ExprPtr> rewrite(const std::vector<ExprPtr>& es) {
    std::vector<ExprPtr> out;
    out.reserve(es.size());
    for (const auto& e : es) out.push_back(rewrite(e));
    return out;
  }

  // ---- statements -----------------------------------------------------------------------
  /// Rewrites the statements of a body into `out`. A trailing yield is not emitted: its
  /// rewritten values go to `*yield` (the owner appends the carried values).
  bool rewriteBlock(const StmtPtr& body, std::vector<StmtPtr>& out, std::vector<ExprPtr>* yield) {
    if (!body) return false;
    auto stmts = flattenStmts(body);
    bool hasYield = false;
    for (size_t i = 0; i < stmts.size(); ++i) {
      if (const auto* y = stmts[i]->as<YieldStmt>(); y && yield && i + 1 == stmts.size()) {
        stmtSpan_ = y->span;
        *yield = rewrite(y->values);
        hasYield = true;
        yieldSpan_ = y->span;
      } else {
        rewriteStmt(stmts[i], out);
      }
    }
    return hasYield;
  }

  void rewriteStmt(const StmtPtr& s, std::vector<StmtPtr>& out) {
    stmtSpan_ = s->span;
    switch (s->kind) {
      case StmtKind::Assign: {
        const auto& a = *s->as<AssignStmt>();
        ExprPtr value = rewrite(a.value);
        VarPtr v = define(a.var);
        out.push_back(v == a.var && value == a.value ? s : assign(v, value, s->span));
        return;
      }
      case StmtKind::Eval: {
        ExprPtr e = rewrite(s->as<EvalStmt>()->expr);
        out.push_back(e == s->as<EvalStmt>()->expr ? s : evalStmt(e, s->span));
        return;
      }
      case StmtKind::BufferStore: {
        // A memory effect on the tile's storage, not a redefinition of the tile.
        const auto& b = *s->as<BufferStoreStmt>();
        auto buffer = std::static_pointer_cast<const Var>(rewrite(b.buffer));
        out.push_back(std::make_shared<BufferStoreStmt>(
            buffer, rewrite(b.indices), rewrite(b.value), rewrite(b.predicate), s->span));
        return;
      }
      case StmtKind::Seq:
        for (const auto& c : s->as<SeqStmt>()->stmts) rewriteStmt(c, out);
        return;
      case StmtKind::Return:
        out.push_back(returnStmt(rewrite(s->as<ReturnStmt>()->values), s->span));
        return;
      case StmtKind::Break:
      case StmtKind::Continue:
        out.push_back(s);
        return;
      case StmtKind::Yield:
        throw InternalError("convert-to-ssa: pl.yield_ that does not end a loop or if body");
      case StmtKind::If:
        return rewriteIf(s, out);
      case StmtKind::For:
        return rewriteFor(s, out);
      case StmtKind::While:
        return rewriteWhile(s, out);
      case StmtKind::InCoreScope: {
        const auto& x = *s->as<InCoreScopeStmt>();
        ExprPtr deps = rewrite(x.deps), noDep = rewrite(x.noDepArgs), dumps = rewrite(x.dumps);
        std::vector<StmtPtr> body;
        rewriteBlock(x.body, body, nullptr);
        std::vector<VarPtr> tid;  // the scope's task id: defined when the scope is done
        for (const auto& v : x.taskId) tid.push_back(define(v));
        out.push_back(std::make_shared<InCoreScopeStmt>(
            x.split, x.slotNum, x.nameHint, x.attrs, std::move(deps), std::move(noDep),
            std::move(dumps), seq(std::move(body), x.body->span), std::move(tid), s->span));
        return;
      }
      case StmtKind::SplitAivScope: {
        const auto& x = *s->as<SplitAivScopeStmt>();
        VarPtr lane = define(x.laneVar);
        std::vector<StmtPtr> body;
        rewriteBlock(x.body, body, nullptr);
        out.push_back(std::make_shared<SplitAivScopeStmt>(
            x.mode, x.count, lane, seq(std::move(body), x.body->span), s->span));
        return;
      }
      case StmtKind::RuntimeScope: {
        const auto& x = *s->as<RuntimeScopeStmt>();
        ExprPtr count = rewrite(x.count);
        ExprPtr deps = rewrite(x.deps);
        std::vector<StmtPtr> body;
        rewriteBlock(x.body, body, nullptr);
        std::vector<VarPtr> tid;
        for (const auto& v : x.taskId) tid.push_back(define(v));
        out.push_back(std::make_shared<RuntimeScopeStmt>(
            x.kind, std::move(count), x.attrs, std::move(deps), seq(std::move(body), x.body->span),
            std::move(tid), s->span));
        return;
      }
      case StmtKind::SimdVfScope: {
        const auto& x = *s->as<SimdVfScopeStmt>();
        std::vector<StmtPtr> body;
        rewriteBlock(x.body, body, nullptr);
        out.push_back(std::make_shared<SimdVfScopeStmt>(x.lanes, seq(std::move(body), x.body->span),
                                                        s->span));
        return;
      }
    }
  }

  void rewriteIf(const StmtPtr& s, std::vector<StmtPtr>& out) {
    const auto& x = *s->as<IfStmt>();
    const SsaScan::Region& region = scan_.region(s.get());
    ExprPtr cond = rewrite(x.cond);
    const size_t mark = log_.size();

    std::vector<StmtPtr> thenOut, elseOut;
    std::vector<ExprPtr> thenYield, elseYield;
    rewriteBlock(x.thenBody, thenOut, &thenYield);
    std::vector<std::optional<Version>> thenVersions;
    for (const Var* v : region.modified) thenVersions.push_back(lookup(v));
    rollback(mark);
    if (x.elseBody) rewriteBlock(x.elseBody, elseOut, &elseYield);
    std::vector<std::optional<Version>> elseVersions;
    for (const Var* v : region.modified) elseVersions.push_back(lookup(v));
    rollback(mark);

    std::vector<VarPtr> returnVars;
    for (const auto& rv : x.returnVars) returnVars.push_back(define(rv));
    for (size_t i = 0; i < region.modified.size(); ++i) {
      const Var* v = region.modified[i];
      std::optional<Version> before = lookup(v);
      const auto& t = thenVersions[i];
      const auto& e = elseVersions[i];
      if (t == before && e == before) continue;
      auto undefinedHere = [&] {
        return undefined(v->span, Undefined::Kind::SomePathsOfIf, x.span);
      };
      if (!liveAfter(v, region)) {
        bind(v, Version{nullptr, undefinedHere()});
        continue;
      }
      ExprPtr tv = t && t->value ? t->value : nullptr;
      ExprPtr ev = e && e->value ? e->value : nullptr;
      if (!tv || !ev) {  // not assigned on one path: a use after the if is an error
        const Undefined* why = (t && t->undefined)   ? t->undefined
                               : (e && e->undefined) ? e->undefined
                                                     : undefinedHere();
        bind(v, Version{nullptr, why});
        continue;
      }
      if (tv == ev) {
        bind(v, Version{tv});
        continue;
      }
      VarPtr phi = fresh(*v);
      thenYield.push_back(tv);
      elseYield.push_back(ev);
      returnVars.push_back(phi);
      bind(v, Version{phi});
    }

    if (!returnVars.empty()) {
      thenOut.push_back(yieldStmt(std::move(thenYield), x.thenBody->span));
      elseOut.push_back(yieldStmt(std::move(elseYield), x.elseBody ? x.elseBody->span : x.span));
    }
    StmtPtr elseBody = (x.elseBody || !returnVars.empty())
                           ? seq(std::move(elseOut), x.elseBody ? x.elseBody->span : x.span)
                           : nullptr;
    out.push_back(ifStmt(cond, seq(std::move(thenOut), x.thenBody->span), elseBody,
                         std::move(returnVars), x.span));
  }

  /// Loop-carried variables of a loop: changed inside and read inside or after it, with
  /// their init values. Variables assigned inside that are not carried are returned in
  /// `local`.
  struct Carried {
    std::vector<const Var*> vars;
    std::vector<ExprPtr> inits;
    std::vector<const Var*> local;
  };
  Carried classifyLoopVars(const SsaScan::Region& region, bool allowStandIn) {
    Carried c;
    for (const Var* v : region.modified) {
      auto before = lookup(v);
      if (before && before->value) {
        if (scan_.lastUseOf(v) >= region.begin || carriedOutside(v)) {
          c.vars.push_back(v);
          c.inits.push_back(before->value);
          continue;
        }
      } else if (allowStandIn && liveAfter(v, region)) {
        if (ExprPtr standIn = writeDestination(v)) {
          c.vars.push_back(v);
          c.inits.push_back(standIn);
          continue;
        }
      }
      c.local.push_back(v);
    }
    return c;
  }

  /// After a loop: carried variables read the return vars, the others are undefined.
  void bindAfterLoop(const Carried& c, const std::vector<VarPtr>& carriedResults, Span loopSpan) {
    for (size_t i = 0; i < c.vars.size(); ++i) bind(c.vars[i], Version{carriedResults[i]});
    for (const Var* v : c.local)
      bind(v, Version{nullptr, undefined(v->span, Undefined::Kind::InsideLoop, loopSpan)});
  }

  /// Shared by for and while: binds the iter_args, rewrites the condition (while) and
  /// the body, and returns the new iter_args / body / return vars.
  struct LoopParts {
    VarPtr loopVar;
    std::vector<IterArgPtr> iterArgs;
    ExprPtr cond;
    StmtPtr body;
    std::vector<VarPtr> returnVars;
  };
  LoopParts rewriteLoop(const StmtPtr& s, const std::vector<IterArgPtr>& oldIterArgs,
                        const VarPtr& loopVar, const ExprPtr& oldCond, const StmtPtr& oldBody,
                        const std::vector<VarPtr>& oldReturnVars) {
    const SsaScan::Region& region = scan_.region(s.get());
    LoopParts parts;
    std::vector<ExprPtr> oldInits;
    for (const auto& ia : oldIterArgs) oldInits.push_back(rewrite(ia->init));
    Carried carried = classifyLoopVars(region, true);
    if (!carried.vars.empty()) {
      if (const Stmt* jump = findLoopJump(oldBody)) {
        // The values a jump leaves with are those of the point it is taken: that needs a
        // yield at each jump (PyPTO's CtrlFlowTransform), which this pass does not build.
        ctx_.diag.error(jump->span,
                        fmt::format("'{}' in a loop that changes '{}' is not supported by "
                                    "convert-to-ssa",
                                    jump->kind == StmtKind::Break ? "break" : "continue",
                                    carried.vars.front()->name),
                        "carry the value explicitly (init_values=... and pl.yield_), or "
                        "replace the jump with a condition");
        throw CompileError();
      }
    }

    const size_t mark = log_.size();
    for (size_t i = 0; i < oldIterArgs.size(); ++i) {
      const auto& ia = oldIterArgs[i];
      bool first = defined_.insert(ia.get());
      IterArgPtr nia = first && oldInits[i] == ia->init
                           ? ia
                           : iterArg(ia->name, ia->type, oldInits[i], ia->span);
      bind(ia.get(), Version{nia});
      parts.iterArgs.push_back(nia);
    }
    for (size_t i = 0; i < carried.vars.size(); ++i) {
      const Var* v = carried.vars[i];
      auto nia = iterArg(v->name, v->type, carried.inits[i], v->span);
      bind(v, Version{nia});
      parts.iterArgs.push_back(nia);
      ++carried_[v];
    }
    if (loopVar) parts.loopVar = define(loopVar);
    stmtSpan_ = s->span;
    parts.cond = rewrite(oldCond);

    std::vector<StmtPtr> body;
    std::vector<ExprPtr> yield;
    bool hasYield = rewriteBlock(oldBody, body, &yield);
    if (!oldIterArgs.empty() && !hasYield)
      throw InternalError("convert-to-ssa: a loop with iter_args does not end with a yield");
    stmtSpan_ = hasYield ? yieldSpan_ : s->span;
    for (const Var* v : carried.vars) {
      auto cur = lookup(v);
      yield.push_back(cur && cur->value ? cur->value : use(v));
      --carried_[v];
    }
    if (!yield.empty())
      body.push_back(yieldStmt(std::move(yield), hasYield ? yieldSpan_ : s->span));
    parts.body = seq(std::move(body), oldBody ? oldBody->span : s->span);
    rollback(mark);

    for (const auto& rv : oldReturnVars) parts.returnVars.push_back(define(rv));
    std::vector<VarPtr> carriedResults;
    for (const Var* v : carried.vars) {
      carriedResults.push_back(fresh(*v));
      parts.returnVars.push_back(carriedResults.back());
    }
    bindAfterLoop(carried, carriedResults, s->span);
    return parts;
  }

  void rewriteFor(const StmtPtr& s, std::vector<StmtPtr>& out) {
    const auto& x = *s->as<ForStmt>();
    ExprPtr start = rewrite(x.start), stop = rewrite(x.stop), step = rewrite(x.step);
    if (x.forKind == ForKind::Unroll && x.iterArgs.empty() &&
        unrollIfCarrying(s, start, stop, step, out))
      return;
    LoopParts p = rewriteLoop(s, x.iterArgs, x.loopVar, nullptr, x.body, x.returnVars);
    out.push_back(std::make_shared<ForStmt>(p.loopVar, start, stop, step, x.forKind,
                                            std::move(p.iterArgs), p.body, std::move(p.returnVars),
                                            x.attrs, s->span));
  }

  void rewriteWhile(const StmtPtr& s, std::vector<StmtPtr>& out) {
    const auto& x = *s->as<WhileStmt>();
    LoopParts p = rewriteLoop(s, x.iterArgs, nullptr, x.cond, x.body, x.returnVars);
    out.push_back(std::make_shared<WhileStmt>(p.cond, std::move(p.iterArgs), p.body,
                                              std::move(p.returnVars), s->span));
  }

  /// pl.unroll loops cannot carry iter_args: one that changes a variable read later is
  /// unrolled (constant bounds required). Returns false when the loop carries nothing.
  bool unrollIfCarrying(const StmtPtr& s, const ExprPtr& start, const ExprPtr& stop,
                        const ExprPtr& step, std::vector<StmtPtr>& out) {
    const auto& x = *s->as<ForStmt>();
    const SsaScan::Region& region = scan_.region(s.get());
    Carried carried = classifyLoopVars(region, false);
    const Var* escaping = nullptr;
    for (const Var* v : carried.local) {
      auto before = lookup(v);
      if ((!before || !before->value) && liveAfter(v, region) && !escaping) escaping = v;
    }
    if (carried.vars.empty() && !escaping) return false;
    const Var* reason = carried.vars.empty() ? escaping : carried.vars.front();
    const auto* c0 = start->as<ConstInt>();
    const auto* c1 = stop->as<ConstInt>();
    const auto* c2 = step->as<ConstInt>();
    if (!c0 || !c1 || !c2) {
      ctx_.diag.error(x.span,
                      fmt::format("this pl.unroll loop changes '{}', which is read after the "
                                  "iteration; that needs constant bounds to unroll",
                                  reason->name),
                      "use pl.range(...) for a loop with run-time bounds");
      throw CompileError();
    }
    int64_t trips = 0;
    if (c2->value > 0 && c1->value > c0->value)
      trips = (c1->value - c0->value + c2->value - 1) / c2->value;
    else if (c2->value < 0 && c1->value < c0->value)
      trips = (c0->value - c1->value - c2->value - 1) / -c2->value;
    if (trips > kMaxUnrollTrips) {
      ctx_.diag.error(x.span,
                      fmt::format("this pl.unroll loop changes '{}' and would unroll into {} "
                                  "copies (at most {})",
                                  reason->name, trips, kMaxUnrollTrips),
                      "use pl.range(...) to carry the value in a loop");
      throw CompileError();
    }
    for (const Var* v : carried.vars) ++carried_[v];
    for (int64_t k = 0; k < trips; ++k) {
      bind(x.loopVar.get(),
           Version{constInt(c0->value + k * c2->value, DType::Index, x.loopVar->span)});
      rewriteBlock(x.body, out, nullptr);
    }
    for (const Var* v : carried.vars) --carried_[v];
    bind(x.loopVar.get(), Version{});
    return true;
  }

  PassContext& ctx_;
  const SsaScan& scan_;
  UseRenamer renamer_;
  // Flat tables: looked up at every use and definition.
  PtrMap<Var, Version> env_;
  std::vector<std::pair<const Var*, std::optional<Version>>> log_;
  PtrSet<Var> defined_;       // Vars already used for a definition
  PtrMap<Var, int> carried_;  // carried by an enclosing loop (count)
  std::deque<Undefined> undefineds_;
  Span stmtSpan_;  // the statement being rewritten: the location of a bad use
  Span yieldSpan_;
};

ExprPtr UseRenamer::mutateVar(const VarPtr& v) {
  // A module-level pl.dynamic dim (tensor.dim of a dynamic axis may fold to it) is never
  // assigned: it keeps its Var.
  if (isDynamicDimVar(*v)) return v;
  return rewriter_.use(v.get());
}

class ConvertToSsaPass final : public Pass {
 public:
  std::string_view name() const override { return "convert-to-ssa"; }
  std::string_view description() const override {
    return "natural code -> SSA (renaming, if-merges, loop iter_args / return_vars)";
  }
  IRPropertySet required() const override { return {}; }
  IRPropertySet produced() const override { return {IRProperty::SSAForm}; }
  IRPropertySet invalidated() const override { return {}; }
  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext& ctx) override {
    return mapFunctions(program, [&](const FunctionPtr& f) {
      SsaScan scan = scanForSsa(*f);
      SsaRewriter rewriter(ctx, scan);
      return rewriter.run(f);
    });
  }
};

}  // namespace

void registerConvertToSsaPass() {
  PassRegistry::instance().add("convert-to-ssa",
                               [] { return std::make_unique<ConvertToSsaPass>(); });
}

}  // namespace ptoc
