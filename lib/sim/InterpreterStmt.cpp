// Statement execution of the interpreter: assignments, element stores, sequences,
// if / for / while with iter_args, return_vars and yields (SSA) or plain re-assignment
// (natural code), returns, and the scopes: InCore and SIMD scopes run their body in
// place (the SIMD body is its own scalar reference), a split_aiv region runs as two
// lanes (CoreGroup) unless it is a full-width region or already runs on a lane.
#include <fmt/format.h>

#include <limits>

#include "CoreGroup.h"
#include "InterpreterImpl.h"
#include "VmiRegion.h"
#include "ptoc/analysis/VectorDefs.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"

namespace ptoc::sim::detail {

/// A dtype of `t` (or of its tuple elements, or an array's) the simulator does not compute with.
static std::optional<DType> unmodeledDType(const ir::Type& t) {
  if (const auto* tu = t.as<ir::TupleType>()) {
    for (const auto& x : tu->types)
      if (auto d = unmodeledDType(*x)) return d;
    return std::nullopt;
  }
  std::optional<DType> d = ir::elementDType(t);
  if (const auto* h = t.as<ir::HandleType>(); h && h->handle == ir::HandleKind::Array) d = h->dtype;
  if (d && ir::isUnmodeledDType(*d)) return d;
  return std::nullopt;
}

void Executor::bind(Frame& f, const ir::Var& v, Value x) {
  f.set(&v, conformTo(std::move(x), v.type));
}

/// In the AIC / AIV functions expand-mixed-kernel makes (the code PTO is emitted from), a tile's
/// type states its valid region: the value computed at run time must have that region (a lane's
/// share of a ragged split included), or typed code (PTO's valid_row / valid_col) and the
/// simulator would disagree. Author-level forms (InCore functions, split_aiv regions) are not
/// checked: an explicit shard's deduced type is a guess until lower-auto-vector-split gives it
/// the lane's extent. An extent the frame cannot evaluate is not checked, nor a split pop itself.
void Executor::checkValidAgrees(const ir::AssignStmt& a, const Value& x, Frame& f) {
  if (!f.fn || (f.fn->funcType != ir::FunctionType::AIC && f.fn->funcType != ir::FunctionType::AIV))
    return;
  const auto* t = a.var->type ? a.var->type->as<ir::TileType>() : nullptr;
  if (!t || !x.is<Tile>()) return;
  // A split pop is typed as "a lane's half", which one static type cannot give for both lanes;
  // expand-mixed-kernel follows it with the set_validshape of the lane's extent.
  if (const auto* c = a.value->as<ir::Call>();
      c && (c->callee == "tile.tpop_from_aic" || c->callee == "tile.tpop_from_aiv")) {
    const ir::AttrValue* split = ir::findAttr(c->kwargs, "split");
    const auto* code = split ? std::get_if<int64_t>(split) : nullptr;
    const auto* mode = split ? std::get_if<ir::SplitMode>(split) : nullptr;
    if ((code && *code != 0) || (mode && *mode != ir::SplitMode::None)) return;
  }
  const Tile& tile = x.get<Tile>();
  // No valid shape in the type: the whole shape is valid.
  const bool viewed = t->view && !t->view->validShape.empty();
  const size_t rank = viewed ? t->view->validShape.size() : t->shape.size();
  if (rank != tile.valid.size()) return;
  for (size_t d = 0; d < rank; ++d) {
    int64_t want;
    const ir::ExprPtr* typed = viewed ? &t->view->validShape[d] : nullptr;
    if (!typed) {
      want = t->shape[d];
    } else if (!*typed) {
      continue;
    } else if (const auto* c = (*typed)->as<ir::ConstInt>()) {
      want = c->value;
    } else {
      try {
        want = evalInt(**typed, f);
      } catch (const SimError&) {
        continue;
      }
    }
    if (want == tile.valid[d]) continue;
    throw SimError(a.span,
                   fmt::format("'{}' is typed with {} valid element(s) on axis {} ({}), but its "
                               "value has {} there{}",
                               a.var->name, want, d, ir::typeToString(*a.var->type), tile.valid[d],
                               inLanes_ ? " on this AIV lane" : ""),
                   "internal error: the deduced type of a tile must give the valid region it "
                   "holds at run time; please report this program");
  }
}

Flow Executor::exec(const ir::Stmt& s, Frame& f) {
  switch (s.kind) {
    case ir::StmtKind::Assign: {
      const auto& a = static_cast<const ir::AssignStmt&>(s);
      if (auto d = unmodeledDType(*a.var->type))
        throw SimError(s.span,
                       fmt::format("the simulator does not model pl.{} values ('{}' is {})",
                                   ir::dtypeName(*d), a.var->name, ir::typeToString(*a.var->type)),
                       "simulate the kernels that compute in the modeled dtypes");
      Value x = eval(*a.value, f);
      checkValidAgrees(a, x, f);
      bind(f, *a.var, std::move(x));
      return Flow::Normal;
    }
    case ir::StmtKind::Eval:
      eval(*static_cast<const ir::EvalStmt&>(s).expr, f);
      return Flow::Normal;
    case ir::StmtKind::BufferStore:
      execBufferStore(static_cast<const ir::BufferStoreStmt&>(s), f);
      return Flow::Normal;
    case ir::StmtKind::Seq:
      for (const auto& x : static_cast<const ir::SeqStmt&>(s).stmts) {
        Flow fl;
        try {
          fl = exec(*x, f);
        } catch (SimError& e) {
          // An error of a node without a location (a pl.dynamic dim read as a value) is
          // reported at its statement.
          if (!e.span.valid()) e.span = x->span;
          throw;
        }
        if (fl != Flow::Normal) return fl;
      }
      return Flow::Normal;
    case ir::StmtKind::If:
      return execIf(static_cast<const ir::IfStmt&>(s), f);
    case ir::StmtKind::For:
      return execFor(static_cast<const ir::ForStmt&>(s), f);
    case ir::StmtKind::While:
      return execWhile(static_cast<const ir::WhileStmt&>(s), f);
    case ir::StmtKind::Yield: {
      const auto& y = static_cast<const ir::YieldStmt&>(s);
      std::vector<Value> vals;
      vals.reserve(y.values.size());
      for (const auto& v : y.values) vals.push_back(eval(*v, f));
      yielded_ = std::move(vals);
      return Flow::Yield;
    }
    case ir::StmtKind::Return: {
      const auto& r = static_cast<const ir::ReturnStmt&>(s);
      std::vector<Value> vals;
      vals.reserve(r.values.size());
      for (const auto& v : r.values) vals.push_back(eval(*v, f));
      returned_ = std::move(vals);
      return Flow::Return;
    }
    case ir::StmtKind::Break:
      return Flow::Break;
    case ir::StmtKind::Continue:
      return Flow::Continue;
    case ir::StmtKind::InCoreScope: {
      // The scope's task runs here, in program order: a schedule that meets every deps=
      // edge, so the deps need no evaluation; `as tid` names the task that just ran.
      const auto& r = static_cast<const ir::InCoreScopeStmt&>(s);
      Flow fl = exec(*r.body, f);
      for (const auto& v : r.taskId) bind(f, *v, Scalar::ofInt(ir::DType::TaskId, ++tasksRun_));
      return fl;
    }
    case ir::StmtKind::SimdVfScope: {
      // Register code runs on typed register slots (VmiRegion.h); anything else as it is.
      const auto& r = static_cast<const ir::SimdVfScopeStmt&>(s);
      if (vecscopesChecked_.insert(&r).second) checkVecscopeInputs(r);
      if (auto fl = runVmiRegion(*this, r, f)) return *fl;
      return exec(*r.body, f);
    }
    case ir::StmtKind::RuntimeScope: {
      // AUTO and MANUAL scopes only say how task dependencies are tracked: running the body
      // in program order is one valid schedule; a hierarchy scope's code runs at its level,
      // here in program order too. SPMD and cluster dispatch are not modeled.
      const auto& r = static_cast<const ir::RuntimeScopeStmt&>(s);
      if (r.kind == ir::RuntimeScopeKind::Spmd || r.kind == ir::RuntimeScopeKind::Cluster)
        throw SimError(s.span,
                       fmt::format("the simulator does not model pl.{} scopes (multi-block "
                                   "dispatch)",
                                   ir::toString(r.kind)),
                       "simulate the InCore kernel the scope dispatches on its own (--entry)");
      Flow fl = exec(*r.body, f);
      for (const auto& v : r.taskId) bind(f, *v, Scalar::ofInt(ir::DType::TaskId, ++tasksRun_));
      return fl;
    }
    case ir::StmtKind::SplitAivScope:
      return execSplitAivRegion(static_cast<const ir::SplitAivScopeStmt&>(s), f);
  }
  throw SimError(s.span, "internal error: unknown statement kind");
}

// A SIMD_VF region is one pto.vecscope: it is resultless and vector registers do not survive
// it, so a register or mask value it reads must be assigned inside it, on every path from the
// start of the region (a value from an earlier execution of the region is gone too). A program
// that would need a register across the boundary is an error, not a silent pass.
void Executor::checkVecscopeInputs(const ir::SimdVfScopeStmt& r) {
  auto u = analysis::firstUndefinedVectorUse(r);
  if (!u) return;
  std::string what =
      fmt::format("vector value `{}` ({})", u->var->name, ir::typeToString(*u->var->type));
  if (!u->assignedInside)
    throw SimError(u->use,
                   fmt::format("{} is defined outside this SIMD_VF region; a vecscope is "
                               "resultless and registers do not cross its boundary",
                               what),
                   "define the value inside the region (recompute or reload it from UB)");
  throw SimError(u->use,
                 fmt::format("{} is not assigned on every path from the start of this SIMD_VF "
                             "region before this read; registers do not survive the end of a "
                             "vecscope, so a value from an earlier execution of the region is "
                             "gone",
                             what),
                 "assign it on every path before the read (recompute or reload it from UB)");
}

Flow Executor::execIf(const ir::IfStmt& s, Frame& f) {
  bool c = evalScalar(*s.cond, f).asBool();
  const ir::StmtPtr& body = c ? s.thenBody : s.elseBody;
  if (!body) return Flow::Normal;
  Flow fl = exec(*body, f);
  if (fl != Flow::Yield || s.returnVars.empty()) return fl;
  if (yielded_.size() != s.returnVars.size())
    throw SimError(s.span,
                   fmt::format("the {} branch yields {} values for {} results", c ? "then" : "else",
                               yielded_.size(), s.returnVars.size()),
                   "yield one value per result in both branches");
  for (size_t k = 0; k < s.returnVars.size(); ++k)
    bind(f, *s.returnVars[k], std::move(yielded_[k]));
  yielded_.clear();
  return Flow::Normal;
}

namespace {

/// Binds the results of a loop with iter_args: each return var gets its iter arg's value.
void bindLoopResults(Frame& f, const std::vector<ir::IterArgPtr>& iterArgs,
                     const std::vector<ir::VarPtr>& returnVars, Span span) {
  if (returnVars.empty()) return;
  if (returnVars.size() != iterArgs.size())
    throw SimError(
        span,
        fmt::format("the loop has {} iter_args but {} results", iterArgs.size(), returnVars.size()),
        "name one result per init value");
  for (size_t k = 0; k < returnVars.size(); ++k) {
    const Value* v = f.find(iterArgs[k].get());
    if (v) f.set(returnVars[k].get(), *v);
  }
}

}  // namespace

Flow Executor::execFor(const ir::ForStmt& s, Frame& f) {
  int64_t start = s.start ? evalInt(*s.start, f) : 0;
  int64_t stop = evalInt(*s.stop, f);
  int64_t step = s.step ? evalInt(*s.step, f) : 1;
  if (step == 0) throw SimError(s.span, "the loop step is zero", "use a positive or negative step");
  std::vector<Value> inits;
  inits.reserve(s.iterArgs.size());
  for (const auto& ia : s.iterArgs) inits.push_back(eval(*ia->init, f));
  for (size_t k = 0; k < s.iterArgs.size(); ++k) bind(f, *s.iterArgs[k], std::move(inits[k]));
  for (int64_t i = start; step > 0 ? i < stop : i > stop;) {
    bind(f, *s.loopVar, Scalar::ofInt(DType::Index, i));
    Flow fl = exec(*s.body, f);
    if (fl == Flow::Return) return fl;
    if (fl == Flow::Break) break;  // the results are the current iter_args
    if (fl == Flow::Yield) {
      if (yielded_.size() != s.iterArgs.size())
        throw SimError(s.span,
                       fmt::format("the loop body yields {} values for {} iter_args",
                                   yielded_.size(), s.iterArgs.size()),
                       "yield one value per init value");
      for (size_t k = 0; k < s.iterArgs.size(); ++k)
        bind(f, *s.iterArgs[k], std::move(yielded_[k]));
      yielded_.clear();
    }
    if (step > 0 ? i > std::numeric_limits<int64_t>::max() - step
                 : i < std::numeric_limits<int64_t>::min() - step)
      break;
    i += step;
  }
  bindLoopResults(f, s.iterArgs, s.returnVars, s.span);
  return Flow::Normal;
}

Flow Executor::execWhile(const ir::WhileStmt& s, Frame& f) {
  std::vector<Value> inits;
  inits.reserve(s.iterArgs.size());
  for (const auto& ia : s.iterArgs) inits.push_back(eval(*ia->init, f));
  for (size_t k = 0; k < s.iterArgs.size(); ++k) bind(f, *s.iterArgs[k], std::move(inits[k]));
  while (evalScalar(*s.cond, f).asBool()) {
    Flow fl = exec(*s.body, f);
    if (fl == Flow::Return) return fl;
    if (fl == Flow::Break) break;  // the results are the current iter_args
    if (fl == Flow::Yield) {
      if (yielded_.size() != s.iterArgs.size())
        throw SimError(s.span,
                       fmt::format("the loop body yields {} values for {} iter_args",
                                   yielded_.size(), s.iterArgs.size()),
                       "yield one value per init value");
      for (size_t k = 0; k < s.iterArgs.size(); ++k)
        bind(f, *s.iterArgs[k], std::move(yielded_[k]));
      yielded_.clear();
    }
  }
  bindLoopResults(f, s.iterArgs, s.returnVars, s.span);
  return Flow::Normal;
}

namespace {

/// Whether a statement calls an op-driven C/V boundary (aiv_shard / aic_gather), found
/// through the registry's affinity rule.
class BoundaryFinder : public ir::IRVisitor {
 public:
  bool found = false;

 protected:
  void visitCall(const ir::Call& c) override {
    if (c.op && c.op->affinityRule == AffinityRule::CoreBoundary) found = true;
    IRVisitor::visitCall(c);
  }
};

}  // namespace

Flow Executor::execSplitAivRegion(const ir::SplitAivScopeStmt& s, Frame& f) {
  if (inLanes_) {
    // Already on a lane (split_aiv function, AIV lane of a group): the region is this lane.
    bind(f, *s.laneVar, Scalar::ofInt(DType::Index, core_.subblockIdx()));
    return exec(*s.body, f);
  }
  BoundaryFinder finder;
  finder.visitStmt(s.body);
  if (s.mode != ir::SplitMode::None && !finder.found) {
    // A full-width region: the author wrote the whole computation once; the lowering
    // splits it over the lanes. Its reference meaning is one run at full width.
    bind(f, *s.laneVar, Scalar::ofInt(DType::Index, 0));
    return exec(*s.body, f);
  }
  if (!f.fn) throw InternalError("a split_aiv region runs outside a function");
  std::string name = fmt::format("{} (split_aiv region)", f.fn->name);
  CoreGroup group(name, GroupKind::SplitLanes, 2, options_.schedule);
  Frame lanes[2] = {f, f};
  Flow flows[2] = {Flow::Normal, Flow::Normal};
  std::vector<Value> returned[2];
  for (int lane = 0; lane < 2; ++lane) {
    group.addTask(CoreRole::AIV, lane, *f.fn, [&, lane](CoreServices& svc) {
      Executor ex(program_, options_, svc, /*inLanes=*/true, depth_);
      ex.bind(lanes[lane], *s.laneVar, Scalar::ofInt(DType::Index, lane));
      flows[lane] = ex.exec(*s.body, lanes[lane]);
      returned[lane] = std::move(ex.returned_);
    });
  }
  group.run();
  f = std::move(lanes[0]);
  if (flows[0] == Flow::Return) returned_ = std::move(returned[0]);
  return flows[0] == Flow::Yield ? Flow::Normal : flows[0];
}

}  // namespace ptoc::sim::detail
