// expand-mixed-kernel: the deferred-completion waiter contract (DeferredWaiter.h).
#include "DeferredWaiter.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/ExtentArith.h"

namespace ptoc::expand {

using namespace ir;

namespace {

constexpr std::string_view kDeferWait = "pld.system.defer_wait";

class DeferWaitFinder : public IRVisitor {
 public:
  const Call* found = nullptr;

 protected:
  void visitCall(const Call& c) override {
    if (!found && c.callee == kDeferWait && !c.isFunctionCall()) found = &c;
    IRVisitor::visitCall(c);
  }
};

/// Every launch of a waiter: a plain call `self.w(...)` or a pl.submit / pl.spmd_submit of it.
class WaiterCalls : public IRVisitor {
 public:
  explicit WaiterCalls(const std::set<std::string>& waiters) : waiters_(waiters) {}
  std::vector<std::pair<std::string, const Call*>> calls;

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (c.isFunctionCall()) {
      if (waiters_.count(std::string(c.callee))) calls.emplace_back(std::string(c.callee), &c);
    } else if (c.callee == "system.submit") {
      if (const auto* k = getAttr<std::string>(c.kwargs, "kernel"); k && waiters_.count(*k))
        calls.emplace_back(*k, &c);
    }
  }

 private:
  const std::set<std::string>& waiters_;
};

/// The first statement of a waiter's body that is not registration-only: a tile or tensor
/// it defines, or a return with values.
class PayloadFinder : public IRVisitor {
 public:
  const Stmt* found = nullptr;
  std::string what;

 protected:
  void visitAssign(const AssignStmt& s) override {
    if (!found && s.var && s.var->type &&
        (s.var->type->isa<TileType>() || s.var->type->isa<TensorType>())) {
      found = &s;
      what = fmt::format("it defines the {} '{}'", s.var->type->isa<TileType>() ? "tile" : "tensor",
                         s.var->name);
    }
    IRVisitor::visitAssign(s);
  }
  void visitReturn(const ReturnStmt& s) override {
    if (!found && !s.values.empty()) {
      found = &s;
      what = "it returns a value";
    }
    IRVisitor::visitReturn(s);
  }
};

[[noreturn]] void reject(DiagnosticEngine& diag, const Span& span, std::string msg,
                         std::string hint) {
  diag.error(span, "expand-mixed-kernel: " + msg, std::move(hint));
  throw CompileError();
}

/// The calls of one expression, innermost first (the order they run).
class CallsOf : public IRVisitor {
 public:
  std::vector<const Call*> calls;

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    calls.push_back(&c);
  }
};

/// The waiter contract's registration rules (pypto-facts §3.8; the reference checks them when
/// it outlines the waiter): before the first registration a waiter may read tensors
/// (`pl.tensor.read`) and compute scalars; from the first registration on, only registrations
/// and scalar bookkeeping follow — a loop holding a registration runs its other iterations
/// after it, so its tensor reads count as following it. No helper function is called (it could
/// hide any side effect). A registration loop has a statically known positive trip count, and
/// the waiter registers at most kMaxConditions conditions on any path.
class RegistrationScan {
 public:
  static constexpr int64_t kMaxConditions = 64;
  RegistrationScan(const Function& f, DiagnosticEngine& d) : f_(f), diag_(d) {}

  /// The most registrations `s` can make; `registered` says whether one may have happened
  /// before it, and is updated past it.
  int64_t scan(const StmtPtr& s, bool& registered) {
    if (!s) return 0;
    switch (s->kind) {
      case StmtKind::Seq: {
        int64_t n = 0;
        for (const auto& c : s->as<SeqStmt>()->stmts) n += scan(c, registered);
        return n;
      }
      case StmtKind::Assign:
        return scanExpr(s->as<AssignStmt>()->value, registered);
      case StmtKind::Eval:
        return scanExpr(s->as<EvalStmt>()->expr, registered);
      case StmtKind::If: {
        const auto* i = s->as<IfStmt>();
        int64_t n = scanExpr(i->cond, registered);
        bool t = registered, e = registered;
        int64_t nt = scan(i->thenBody, t), ne = scan(i->elseBody, e);
        registered = t || e;
        return n + std::max(nt, ne);
      }
      case StmtKind::For: {
        const auto* f = s->as<ForStmt>();
        bool inside = registered;
        int64_t body = scan(f->body, inside);
        if (body == 0) return 0;
        // Every iteration after the first follows a registration.
        bool later = true;
        scan(f->body, later);
        registered = true;
        auto a = ops::constIntValue(f->start), b = ops::constIntValue(f->stop),
             st = ops::constIntValue(f->step);
        int64_t trips = (a && b && st && *st > 0 && *b > *a) ? (*b - *a + *st - 1) / *st : 0;
        if (trips <= 0)
          reject(diag_, f->span,
                 fmt::format("deferred waiter '{}' registers pld.system.defer_wait conditions in "
                             "a loop without a statically known positive trip count: the waiter "
                             "must know how many conditions it holds",
                             f_.name),
                 "give the loop constant bounds with at least one iteration (the runtime holds "
                 "at most 64 conditions per waiter)");
        return body * trips;
      }
      case StmtKind::While: {
        const auto* w = s->as<WhileStmt>();
        bool inside = registered;
        if (scan(w->body, inside) > 0)
          reject(diag_, w->span,
                 fmt::format("deferred waiter '{}' registers pld.system.defer_wait conditions in "
                             "a while loop, which has no statically known positive trip count",
                             f_.name),
                 "register them in a pl.range loop with constant bounds");
        return 0;
      }
      default:
        return 0;
    }
  }

 private:
  int64_t scanExpr(const ExprPtr& e, bool& registered) {
    if (!e) return 0;
    CallsOf calls;
    calls.visitExpr(e);
    int64_t n = 0;
    for (const Call* c : calls.calls) {
      if (c->isFunctionCall())
        reject(diag_, c->span,
               fmt::format("deferred waiter '{}' calls function '{}': a waiter registers its "
                           "conditions and computes scalars, and supports only a "
                           "pre-registration tensor.read besides; a helper could hide any side "
                           "effect",
                           f_.name, c->callee),
               "compute the value in the waiter itself, or in an earlier task whose result "
               "the waiter reads with pl.tensor.read before its first registration");
      if (c->callee == kDeferWait) {
        ++n;
        registered = true;
        continue;
      }
      const bool tensorRead = c->callee == "tensor.read";
      const bool sideEffect = c->callee.rfind("pld.", 0) == 0 || c->callee.rfind("system.", 0) == 0;
      if (registered && (tensorRead || sideEffect))
        reject(diag_, c->span,
               fmt::format("deferred waiter '{}' cannot execute {} after its first "
                           "pld.system.defer_wait registration (in a loop that registers, every "
                           "iteration after the first runs after one): only registrations and "
                           "scalar bookkeeping may follow it",
                           f_.name, tensorRead ? "tensor reads (pl.tensor.read)" : c->callee),
               tensorRead ? "read the tensor values into scalars before the first registration "
                            "(e.g. in a loop of their own before the registration loop)"
                          : "move this work to another task, given the waiter's task id in "
                            "deps=[...] if it must wait for the signal");
    }
    return n;
  }

  const Function& f_;
  DiagnosticEngine& diag_;
};

bool isWaiter(const Function& f) {
  const bool* w = getAttr<bool>(f.attrs, fnattr::kDeferredCompletionWaiter);
  return w && *w;
}

}  // namespace

const Call* findDeferWait(const StmtPtr& s) {
  DeferWaitFinder f;
  f.visitStmt(s);
  return f.found;
}

void checkDeferredWaiters(const std::vector<FunctionPtr>& fns, DiagnosticEngine& diag) {
  std::set<std::string> waiters;
  std::map<std::string, const Function*> byName;
  for (const auto& f : fns) {
    const Call* w = findDeferWait(f->body);
    if (!w) continue;
    if (!isWaiter(*f))
      reject(diag, w->span,
             fmt::format("pld.system.defer_wait in function '{}' bypasses the deferred-waiter "
                         "task contract: a deferred wait holds its task open until the signal "
                         "holds, so it must be a task of its own",
                         f->name),
             "put the wait in a task-level `with pl.at(level=pl.Level.CORE_GROUP):` scope of "
             "an Orchestration function; give its task id to deps=[...] of a later task only "
             "when that task must wait for the signal");
    if (f->funcType != FunctionType::InCore && f->funcType != FunctionType::AIV)
      reject(diag, f->span,
             fmt::format("deferred waiter '{}' has type {}; a waiter is an outlined InCore "
                         "function or the pure AIV kernel expand-mixed-kernel made of one",
                         f->name, toString(f->funcType)),
             "write the wait in a `with pl.at(level=pl.Level.CORE_GROUP):` scope instead");
    PayloadFinder payload;
    payload.visitStmt(f->body);
    if (payload.found)
      reject(diag, payload.found->span,
             fmt::format("deferred waiter '{}' is registration-only, but {}: a waiter registers "
                         "its pld.system.defer_wait conditions and computes nothing else",
                         f->name, payload.what),
             "move the payload work to another task (another pl.at scope), and give that "
             "task the waiter's task id in deps=[...] if it must wait for the signal");
    bool registered = false;
    const int64_t conditions = RegistrationScan(*f, diag).scan(f->body, registered);
    if (conditions > RegistrationScan::kMaxConditions)
      reject(diag, w->span,
             fmt::format("deferred waiter '{}' registers up to {} pld.system.defer_wait "
                         "conditions; a waiter holds at most {} conditions",
                         f->name, conditions, RegistrationScan::kMaxConditions),
             "split the wait over several waiter tasks (several pl.at scopes), each with at "
             "most 64 conditions, and give a later task all their task ids in deps=[...]");
    waiters.insert(f->name);
    byName[f->name] = f.get();
  }
  if (waiters.empty()) return;
  std::set<std::string> launched;
  for (const auto& f : fns) {
    WaiterCalls scan(waiters);
    scan.visitStmt(f->body);
    for (const auto& [name, c] : scan.calls) {
      if (f->funcType != FunctionType::Orchestration)
        reject(diag, c->span,
               fmt::format("deferred waiter '{}' is launched from '{}' (type {}); it must be "
                           "launched directly by an Orchestration function",
                           name, f->name, toString(f->funcType)),
               "write the wait in a `with pl.at(level=pl.Level.CORE_GROUP):` scope of the "
               "Orchestration function");
      if (const bool* e = getAttr<bool>(c->kwargs, "allow_early_resolve"); e && *e)
        reject(diag, c->span,
               fmt::format("deferred waiter '{}' cannot be launched with "
                           "allow_early_resolve=True: its task id must stay unresolved until "
                           "the signal holds",
                           name),
               "drop allow_early_resolve=True");
      if (const int64_t* n = getAttr<int64_t>(c->kwargs, "core_num"); n && *n > 0)
        reject(diag, c->span,
               fmt::format("deferred waiter '{}' must be a single-block task, but this launch "
                           "runs it on core_num={} blocks",
                           name, *n),
               "launch it with pl.submit (one block), not pl.spmd_submit");
      // Launch attributes written as call attributes (`attrs={...}`, ir/CallAttrs.h).
      if (findAttr(c->kwargs, "attrs.predicate"))
        reject(diag, c->span,
               fmt::format("deferred waiter '{}' cannot use a dispatch predicate: every "
                           "launched waiter must run, or its task id never resolves",
                           name),
               "drop the predicate; put the condition around the producer of the signal instead");
      const bool* syncStart = getAttr<bool>(c->kwargs, "attrs.sync_start");
      const int64_t* coreNum = getAttr<int64_t>(c->kwargs, "attrs.core_num");
      if ((syncStart && *syncStart) || coreNum)
        reject(diag, c->span,
               fmt::format("deferred waiter '{}' must be a single-block task and cannot use "
                           "core_num or sync_start",
                           name),
               "drop the launch attribute: the waiter runs on one block");
      launched.insert(name);
    }
  }
  for (const auto& name : waiters)
    if (!launched.count(name))
      reject(diag, byName.at(name)->span,
             fmt::format("deferred waiter '{}' has no task-level Orchestration call site; the "
                         "printable \"{}\" attribute alone is not a deferred-completion contract",
                         name, fnattr::kDeferredCompletionWaiter),
             "launch it from an Orchestration function (write the wait in a `with "
             "pl.at(level=pl.Level.CORE_GROUP):` scope), or drop the wait");
}

}  // namespace ptoc::expand
