// expand-mixed-kernel: the deferred-completion waiter contract (DeferredWaiter.h).
#include "DeferredWaiter.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Visitor.h"

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
      if (waiters_.count(c.callee)) calls.emplace_back(c.callee, &c);
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

bool isWaiter(const Function& f) {
  const bool* w = getAttr<bool>(f.attrs, fnattr::kDeferredCompletionWaiter);
  return w && *w;
}

[[noreturn]] void reject(DiagnosticEngine& diag, const Span& span, std::string msg,
                         std::string hint) {
  diag.error(span, "expand-mixed-kernel: " + msg, std::move(hint));
  throw CompileError();
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
