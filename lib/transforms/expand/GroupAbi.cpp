// expand-mixed-kernel, last phase: hand-written Groups' member signatures (GroupAbi.h).
#include "GroupAbi.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/CallAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"

namespace ptoc::expand {

using namespace ir;

namespace {

/// A launch of a program function: a plain call `self.f(args)`, or a task launch
/// `pl.submit(self.f, args...)` (system.submit: the arguments are its first operand).
struct MemberCall {
  const Call* call;
  std::string callee;
  std::vector<ExprPtr> args;
};

/// The argument as the callee receives it: pl.no_dep(x) is x (the marker only tells the
/// runtime not to track the dependency).
ExprPtr unwrapNoDep(const ExprPtr& a) {
  const auto* c = a->as<Call>();
  return c && c->callee == "tensor.no_dep" && c->args.size() == 1 ? c->args[0] : a;
}

/// Every launch of a program function, in order.
class FunctionCalls : public IRVisitor {
 public:
  std::vector<MemberCall> calls;

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (c.isFunctionCall()) calls.push_back({&c, std::string(c.callee), c.args});
    if (c.callee != "system.submit" || c.args.empty()) return;
    const auto* k = getAttr<std::string>(c.kwargs, "kernel");
    const auto* t = c.args[0]->as<MakeTuple>();
    if (k && t) calls.push_back({&c, *k, t->elements});
  }
};

/// The variables an expression reads.
class VarUses : public IRVisitor {
 public:
  std::vector<VarPtr> vars;

  void visitExpr(const ExprPtr& e) override {
    if (e && e->isa<Var>())
      vars.push_back(std::static_pointer_cast<const Var>(e));
    else
      IRVisitor::visitExpr(e);
  }
};

/// A member's body with its parameters replaced by the Group's arguments and its peer_func
/// names renamed.
class Rebind : public IRMutator {
 public:
  Rebind(std::map<const Var*, ExprPtr> args, const std::map<std::string, std::string>& peers)
      : args_(std::move(args)), peers_(peers) {}

 protected:
  ExprPtr mutateVar(const VarPtr& v) override {
    auto it = args_.find(v.get());
    return it != args_.end() ? it->second : IRMutator::mutateVar(v);
  }
  ExprPtr mutateCall(const std::shared_ptr<const Call>& c) override {
    ExprPtr e = IRMutator::mutateCall(c);
    const auto* call = e->as<Call>();
    if (!call || call->callee != "system.import_peer_buffer") return e;
    const auto* peer = getAttr<std::string>(call->kwargs, "peer_func");
    auto it = peer ? peers_.find(*peer) : peers_.end();
    if (it == peers_.end()) return e;
    AttrList kw = withAttr(call->kwargs, "peer_func", it->second);
    return std::make_shared<Call>(call->callee, call->op, call->args, std::move(kw), call->type,
                                  call->span);
  }

 private:
  std::map<const Var*, ExprPtr> args_;
  const std::map<std::string, std::string>& peers_;
};

/// The positions an `attrs={"arg_direction_overrides": [...]}` list names ("[1, 3]").
std::set<size_t> overridePositions(const AttrList& kwargs) {
  std::set<size_t> out;
  const std::string key = std::string(kCallAttrListPrefix) + "arg_direction_overrides";
  for (const auto& [name, v] : kwargs) {
    if (name != key) continue;
    const auto* text = std::get_if<std::string>(&v);
    if (!text) continue;
    size_t value = 0;
    bool digit = false;
    for (char ch : *text) {
      if (ch >= '0' && ch <= '9') {
        value = value * 10 + static_cast<size_t>(ch - '0');
        digit = true;
      } else if (digit) {
        out.insert(value);
        value = 0;
        digit = false;
      }
    }
  }
  return out;
}

/// The Group's member launches renamed and given the Group's parameters, as the reference
/// widens them: the arguments are the bare parameters; an argument the Group passed as
/// pl.no_dep(p) (or one an earlier override named) becomes the position of p in
/// `attrs={"arg_direction_overrides": [...]}`, and the member's own `arg_directions` (one per
/// old argument) are dropped: the widened launch's directions are the callee's.
class Recall : public IRMutator {
 public:
  Recall(const std::map<std::string, std::string>& names, const Function& g)
      : names_(names), g_(g) {}

 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& c) override {
    FunctionCalls one;
    one.visitExpr(c);
    const MemberCall* m =
        one.calls.empty() || one.calls.back().call != c.get() ? nullptr : &one.calls.back();
    auto it = m ? names_.find(m->callee) : names_.end();
    if (it == names_.end()) return IRMutator::mutateCall(c);
    std::vector<ExprPtr> args(g_.params.begin(), g_.params.end());
    const std::set<size_t> old = overridePositions(c->kwargs);
    std::set<size_t> overrides;
    for (size_t i = 0; i < m->args.size(); ++i) {
      const ExprPtr& a = m->args[i];
      if (a == unwrapNoDep(a) && !old.count(i)) continue;
      for (size_t j = 0; j < args.size(); ++j)
        if (unwrapNoDep(a).get() == g_.params[j].get()) overrides.insert(j);
    }
    AttrList kwargs;
    for (const auto& [name, v] : c->kwargs)
      if (!isCallAttr(name) ||
          (callAttrKey(name) != "arg_directions" && callAttrKey(name) != "arg_direction_overrides"))
        kwargs.emplace_back(name, v);
    if (!overrides.empty())
      kwargs.emplace_back(std::string(kCallAttrListPrefix) + "arg_direction_overrides",
                          fmt::format("[{}]", fmt::join(overrides, ", ")));
    if (c->isFunctionCall())
      return std::make_shared<Call>(it->second, nullptr, std::move(args), std::move(kwargs),
                                    c->type, c->span);
    std::vector<ExprPtr> operands = c->args;
    operands[0] = makeTuple(std::move(args), c->args[0]->span);
    return Call::rebuild(*c, c->type, c->callee, std::move(operands),
                         withAttr(std::move(kwargs), "kernel", it->second));
  }

 private:
  const std::map<std::string, std::string>& names_;
  const Function& g_;
};

bool canonical(const MemberCall& c, const Function& callee, const Function& g) {
  if (c.args.size() != g.params.size() || callee.params.size() != g.params.size()) return false;
  for (size_t i = 0; i < g.params.size(); ++i)
    if (unwrapNoDep(c.args[i]).get() != g.params[i].get() ||
        callee.directions[i] != g.directions[i])
      return false;
  return true;
}

std::string reserve(std::set<std::string>& used, const std::string& base) {
  if (used.insert(base).second) return base;
  for (size_t k = 1;; ++k)
    if (std::string n = fmt::format("{}_{}", base, k); used.insert(n).second) return n;
}

}  // namespace

bool normalizeGroupAbis(std::vector<FunctionPtr>& fns, DiagnosticEngine& diag) {
  std::map<std::string, FunctionPtr> byName;
  std::map<std::string, size_t> callCount;
  std::set<std::string> used;
  for (const auto& f : fns) {
    byName[f->name] = f;
    used.insert(f->name);
    FunctionCalls calls;
    calls.visitStmt(f->body);
    for (const MemberCall& c : calls.calls) ++callCount[c.callee];
  }
  std::map<std::string, FunctionPtr> replaced;
  std::vector<FunctionPtr> adapters;
  for (const auto& g : fns) {
    if (g->funcType != FunctionType::Group) continue;
    FunctionCalls calls;
    calls.visitStmt(g->body);
    const MemberCall *aicCall = nullptr, *aivCall = nullptr;
    FunctionPtr aic, aiv;
    for (const MemberCall& c : calls.calls) {
      auto it = byName.find(c.callee);
      if (it == byName.end()) continue;
      if (it->second->funcType == FunctionType::AIC && !aicCall) aicCall = &c, aic = it->second;
      if (it->second->funcType == FunctionType::AIV && !aivCall) aivCall = &c, aiv = it->second;
    }
    if (!aicCall || !aivCall) continue;
    if (canonical(*aicCall, *aic, *g) && canonical(*aivCall, *aiv, *g)) continue;

    const bool exclusive = callCount[aic->name] == 1 && callCount[aiv->name] == 1;
    std::map<std::string, std::string> names{
        {aic->name, exclusive ? aic->name : reserve(used, g->name + "_aic_adapter")},
        {aiv->name, exclusive ? aiv->name : reserve(used, g->name + "_aiv_adapter")}};
    std::set<const Var*> groupParams;
    for (const auto& p : g->params) groupParams.insert(p.get());
    auto rebuild = [&](const Function& m, const MemberCall& c) -> FunctionPtr {
      std::map<const Var*, ExprPtr> args;
      for (size_t i = 0; i < m.params.size() && i < c.args.size(); ++i) {
        VarUses uses;
        uses.visitExpr(c.args[i]);
        for (const auto& v : uses.vars)
          if (!groupParams.count(v.get())) {
            diag.error(c.call->span,
                       fmt::format("expand-mixed-kernel: Group '{}' passes '{}' to its member "
                                   "'{}', but '{}' is computed in the Group: the AIC and AIV "
                                   "members of a Group run with one argument array, the "
                                   "Group's parameters",
                                   g->name, printExpr(*c.args[i]), m.name, v->name),
                       fmt::format("compute '{}' inside '{}', or make it a parameter of '{}'",
                                   v->name, m.name, g->name));
            throw CompileError();
          }
        args[m.params[i].get()] = unwrapNoDep(c.args[i]);
      }
      Rebind rebind(std::move(args), names);
      StmtPtr body = rebind.mutateStmt(m.body);
      return std::make_shared<Function>(names.at(m.name), m.funcType, g->params, g->directions,
                                        m.returnTypes, body, m.attrs, m.span);
    };
    FunctionPtr newAic = rebuild(*aic, *aicCall), newAiv = rebuild(*aiv, *aivCall);
    if (exclusive) {
      replaced[aic->name] = newAic;
      replaced[aiv->name] = newAiv;
    } else {
      adapters.push_back(newAic);
      adapters.push_back(newAiv);
    }
    Recall recall(names, *g);
    replaced[g->name] = withBody(*g, recall.mutateStmt(g->body), g->attrs);
  }
  if (replaced.empty()) return false;
  for (auto& f : fns)
    if (auto it = replaced.find(f->name); it != replaced.end()) f = it->second;
  fns.insert(fns.begin(), adapters.begin(), adapters.end());
  return true;
}

}  // namespace ptoc::expand
