// Calls between functions: plain calls run in the caller's thread; a Group function
// runs its AIC call as one task and its AIV call as one or two lane tasks of a
// CoreGroup (joined at the end of the calls); an InCore function stamped split_aiv whose
// regions are lowered (and an AIV function stamped dual_aiv_dispatch / split, called outside a
// group) runs as two cooperating lanes. Also the public Interpreter::run.
#include <fmt/format.h>

#include <optional>

#include "CoreGroup.h"
#include "InterpreterImpl.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"

namespace ptoc::sim {

namespace detail {

namespace {

bool boolAttr(const ir::Function& fn, std::string_view key) {
  const bool* b = ir::getAttr<bool>(fn.attrs, key);
  return b && *b;
}

/// The function's split mode attribute (SplitMode or its integer code), 0 when absent.
int64_t splitAttr(const ir::Function& fn) {
  if (const auto* m = ir::getAttr<ir::SplitMode>(fn.attrs, ir::fnattr::kSplit))
    return static_cast<int64_t>(*m);
  if (const auto* i = ir::getAttr<int64_t>(fn.attrs, ir::fnattr::kSplit)) return *i;
  return 0;
}

/// Whether a body uses a pto-isa split code != 0 on a call (tpush / tpop / tfree).
class SplitCodeFinder : public ir::IRVisitor {
 public:
  bool found = false;

 protected:
  void visitCall(const ir::Call& c) override {
    if (const auto* s = ir::getAttr<int64_t>(c.kwargs, "split"); s && *s != 0) found = true;
    IRVisitor::visitCall(c);
  }
};

/// Whether a body still holds a pl.split_aiv region (not yet lowered).
class RegionFinder : public ir::IRVisitor {
 public:
  bool found = false;

 protected:
  void visitSplitAivScope(const ir::SplitAivScopeStmt& s) override {
    found = true;
    IRVisitor::visitSplitAivScope(s);
  }
};

bool holdsSplitAivRegion(const ir::Function& fn) {
  RegionFinder finder;
  finder.visitStmt(fn.body);
  return finder.found;
}

bool usesSplitCodes(const ir::Function& fn) {
  SplitCodeFinder finder;
  finder.visitStmt(fn.body);
  return finder.found;
}

/// A hand-written standalone split AIV kernel before split-vector-kernel: an AIV function with
/// a split (its `split` attr or the split codes of its pipe ops) that is neither split_aiv nor
/// dual_aiv_dispatch. It is written full width, as if one vector core held the whole tile
/// (pypto-facts §3.9, arm 3: split-vector-kernel halves it), so it runs once, on lane 0, and
/// its split-coded pops and pushes move whole tiles.
bool standaloneFullWidthAiv(const ir::Function& f) {
  return f.funcType == ir::FunctionType::AIV && !boolAttr(f, ir::fnattr::kSplitAiv) &&
         !boolAttr(f, ir::fnattr::kDualAivDispatch) && (splitAttr(f) != 0 || usesSplitCodes(f));
}

/// How many AIV lanes a Group runs (PyPTO's orchestration rule plus PTOAS's A5 rule for
/// no-split kernels): one for a standalone full-width AIV kernel (above); two when the group,
/// its AIC or AIV function carry a split mode, split_aiv or dual_aiv_dispatch, or when a pipe
/// op uses a split code; else only lane 0 runs (a no-split vector kernel is not duplicated).
int aivLaneCount(const ir::Function& group, const ir::Function* aic, const ir::Function* aiv) {
  if (aiv && standaloneFullWidthAiv(*aiv)) return 1;
  auto dual = [](const ir::Function* f) {
    return f && (splitAttr(*f) != 0 || boolAttr(*f, ir::fnattr::kSplitAiv) ||
                 boolAttr(*f, ir::fnattr::kDualAivDispatch));
  };
  if (dual(&group) || dual(aic) || dual(aiv)) return 2;
  if ((aiv && usesSplitCodes(*aiv)) || (aic && usesSplitCodes(*aic))) return 2;
  return 1;
}

/// A call of a function of the program at the top of a Group body: `self.f(...)` or
/// `x = self.f(...)`.
const ir::Call* topLevelFunctionCall(const ir::Stmt& s, const ir::Var** result) {
  const ir::Expr* e = nullptr;
  *result = nullptr;
  if (const auto* ev = s.as<ir::EvalStmt>()) e = ev->expr.get();
  if (const auto* as = s.as<ir::AssignStmt>()) {
    e = as->value.get();
    *result = as->var.get();
  }
  const auto* c = e ? e->as<ir::Call>() : nullptr;
  return c && c->isFunctionCall() ? c : nullptr;
}

}  // namespace

std::vector<Value> taskArgs(const ir::Function& fn, const std::vector<Value>& args) {
  std::vector<Value> out = args;
  for (size_t i = 0; i < out.size(); ++i) {
    bool in = i >= fn.directions.size() || fn.directions[i] == ir::ParamDirection::In;
    if (in && out[i].is<Tile>()) out[i] = deepCopy(out[i]);
  }
  return out;
}

std::vector<Value> Executor::invoke(const ir::Function& fn, std::vector<Value> args, Span site) {
  if (fn.funcType == ir::FunctionType::Group) return runGroup(fn, std::move(args), site);
  if (!inLanes_) {
    // An InCore split_aiv function whose regions are not lowered yet (the form
    // outline-incore-scopes prints) means what its scope meant before outlining: statements
    // outside the regions run once, and each region runs as execSplitAivRegion decides (a
    // full-width region once at full width). Only the lowered form runs as two lanes.
    bool splitAivInCore = fn.funcType == ir::FunctionType::InCore &&
                          boolAttr(fn, ir::fnattr::kSplitAiv) && !holdsSplitAivRegion(fn);
    // An AIV function runs on both lanes when it is a split kernel (a split mode, split_aiv:
    // split-vector-kernel stamps those dual_aiv_dispatch) or says so.
    bool dualAiv = fn.funcType == ir::FunctionType::AIV && !standaloneFullWidthAiv(fn) &&
                   (boolAttr(fn, ir::fnattr::kDualAivDispatch) || splitAttr(fn) != 0 ||
                    boolAttr(fn, ir::fnattr::kSplitAiv));
    if (splitAivInCore || dualAiv) return runLanes(fn, std::move(args), site);
  }
  return call(fn, std::move(args), site);
}

std::vector<Value> Executor::call(const ir::Function& fn, std::vector<Value> args, Span site) {
  if (args.size() != fn.params.size())
    throw SimError(site,
                   fmt::format("'{}' takes {} arguments, but {} are given", fn.name,
                               fn.params.size(), args.size()),
                   "pass one value per parameter");
  if (depth_ >= options_.maxCallDepth)
    throw SimError(
        site,
        fmt::format("calls nest deeper than {} (calling '{}')", options_.maxCallDepth, fn.name),
        "is the program recursive?");
  if (const auto* src = ir::getAttr<std::string>(fn.attrs, ir::fnattr::kExternalSource))
    throw SimError(site,
                   fmt::format("the simulator does not model externally compiled kernels ('{}' "
                               "is external_source=\"{}\": its code is not in the program)",
                               fn.name, *src),
                   "check a program whose kernels are written in pl");
  if (const auto* role = ir::getAttr<std::string>(fn.attrs, ir::fnattr::kRole);
      role && *role == "SubWorker" && !fn.returnTypes.empty() && fn.body &&
      fn.body->isa<ir::SeqStmt>() && fn.body->as<ir::SeqStmt>()->stmts.empty())
    throw SimError(site,
                   fmt::format("the simulator does not model host sub-workers declared by their "
                               "signature ('{}' has the body `...`: its code is a host callable)",
                               fn.name),
                   "write the sub-worker's body in pl, or simulate the kernels it feeds");
  // A tensor with a run-time extent may reach a static parameter axis (the front end lets it
  // through, as PyPTO does): its size is checked here.
  for (size_t i = 0; i < args.size(); ++i) {
    const auto* pt = fn.params[i]->type ? fn.params[i]->type->as<ir::TensorType>() : nullptr;
    const Tensor* t = args[i].is<Tensor>() ? &args[i].get<Tensor>() : nullptr;
    if (!pt || !t || !t->buf || t->buf->shape.size() != pt->shape.size()) continue;
    for (size_t k = 0; k < pt->shape.size(); ++k)
      if (!pt->isDynamic(k) && t->buf->shape[k] != pt->shape[k])
        throw SimError(site,
                       fmt::format("argument {} of '{}' has extent {} on axis {} at run time, but "
                                   "parameter '{}' is {}",
                                   i + 1, fn.name, t->buf->shape[k], k, fn.params[i]->name,
                                   ir::typeToString(*pt)),
                       "size the argument to the parameter's static shape, or give the "
                       "parameter a pl.dynamic extent");
  }
  Frame frame;
  frame.fn = &fn;
  for (size_t i = 0; i < args.size(); ++i) bind(frame, *fn.params[i], std::move(args[i]));
  ++depth_;
  Flow fl;
  try {
    fl = exec(*fn.body, frame);
  } catch (SimError& e) {
    --depth_;
    if (!e.span.valid()) e.span = fn.body->span.valid() ? fn.body->span : fn.span;
    throw;
  } catch (...) {
    --depth_;
    throw;
  }
  --depth_;
  if (fl == Flow::Return) return std::move(returned_);
  if (!fn.returnTypes.empty())
    throw SimError(fn.span,
                   fmt::format("'{}' ended without returning its {} result(s)", fn.name,
                               fn.returnTypes.size()),
                   "end every path of the function with a return statement");
  return {};
}

std::vector<Value> Executor::runLanes(const ir::Function& fn, std::vector<Value> args, Span) {
  CoreGroup group(fn.name, GroupKind::SplitLanes, 2, options_.schedule);
  std::vector<Value> results[2];
  for (int lane = 0; lane < 2; ++lane) {
    group.addTask(CoreRole::AIV, lane, fn, [&, lane](CoreServices& svc) {
      Executor ex(program_, options_, svc, /*inLanes=*/true, depth_ + 1);
      results[lane] = ex.call(fn, taskArgs(fn, args), fn.span);
    });
  }
  group.run();
  return std::move(results[0]);
}

namespace {

struct PendingCall {
  const ir::Function* fn = nullptr;
  const ir::Call* call = nullptr;
  const ir::Var* result = nullptr;
  std::vector<Value> args;
};

}  // namespace

std::vector<Value> Executor::runGroup(const ir::Function& g, std::vector<Value> args, Span site) {
  if (args.size() != g.params.size())
    throw SimError(site,
                   fmt::format("'{}' takes {} arguments, but {} are given", g.name, g.params.size(),
                               args.size()),
                   "pass one value per parameter");
  Frame frame;
  frame.fn = &g;
  for (size_t i = 0; i < args.size(); ++i) bind(frame, *g.params[i], std::move(args[i]));

  std::optional<PendingCall> aic, aiv;
  // Runs the collected AIC / AIV calls as one core group and binds their results.
  auto flush = [&] {
    if (!aic && !aiv) return;
    const ir::Function* aicFn = aic ? aic->fn : nullptr;
    const ir::Function* aivFn = aiv ? aiv->fn : nullptr;
    int lanes = aivLaneCount(g, aicFn, aivFn);
    CoreGroup group(g.name, GroupKind::CoreGroup, lanes, options_.schedule);
    std::vector<Value> aicResult, aivResult[2];
    if (aic)
      group.addTask(CoreRole::AIC, 0, *aicFn, [&](CoreServices& svc) {
        Executor ex(program_, options_, svc, /*inLanes=*/true, depth_ + 1);
        aicResult = ex.call(*aicFn, taskArgs(*aicFn, aic->args), aic->call->span);
      });
    if (aiv)
      for (int lane = 0; lane < lanes; ++lane)
        group.addTask(CoreRole::AIV, lane, *aivFn, [&, lane](CoreServices& svc) {
          Executor ex(program_, options_, svc, /*inLanes=*/true, depth_ + 1);
          aivResult[lane] = ex.call(*aivFn, taskArgs(*aivFn, aiv->args), aiv->call->span);
        });
    group.run();
    if (aic && aic->result) bind(frame, *aic->result, packResults(std::move(aicResult)));
    if (aiv && aiv->result) bind(frame, *aiv->result, packResults(std::move(aivResult[0])));
    aic.reset();
    aiv.reset();
  };

  std::vector<ir::StmtPtr> body = ir::flattenStmts(g.body);
  Flow fl = Flow::Normal;
  for (const auto& s : body) {
    const ir::Var* result = nullptr;
    const ir::Call* c = topLevelFunctionCall(*s, &result);
    ir::FunctionPtr callee = c ? program_.find(c->callee) : nullptr;
    bool isCore = callee && (callee->funcType == ir::FunctionType::AIC ||
                             callee->funcType == ir::FunctionType::AIV);
    if (!isCore) {
      flush();
      fl = exec(*s, frame);
      if (fl == Flow::Return) break;
      continue;
    }
    std::optional<PendingCall>& slot = callee->funcType == ir::FunctionType::AIC ? aic : aiv;
    if (slot) flush();  // a second AIC (or AIV) call starts the next core group run
    PendingCall p;
    p.fn = callee.get();
    p.call = c;
    p.result = result;
    for (const auto& a : c->args) p.args.push_back(eval(*a, frame));
    if (p.args.size() != callee->params.size())
      throw SimError(c->span,
                     fmt::format("'{}' takes {} arguments, but {} are given", callee->name,
                                 callee->params.size(), p.args.size()),
                     "pass one value per parameter");
    slot = std::move(p);
  }
  flush();
  if (fl == Flow::Return) return std::move(returned_);
  if (!g.returnTypes.empty())
    throw SimError(
        g.span,
        fmt::format("'{}' ended without returning its {} result(s)", g.name, g.returnTypes.size()),
        "end every path of the function with a return statement");
  return {};
}

}  // namespace detail

RunResult Interpreter::run(const ir::Function& entry, std::vector<Value> args) {
  CoreServices core;  // a plain single-core run
  detail::Executor ex(program_, options_, core, /*inLanes=*/false, 0);
  RunResult r;
  r.params = args;  // shares the buffers the run writes
  r.returns = ex.invoke(entry, std::move(args), entry.span);
  return r;
}

}  // namespace ptoc::sim
