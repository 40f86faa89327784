// Validation of explicit-boundary pl.split_aiv regions (see ExplicitRegion.h).
#include "ExplicitRegion.h"

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;

namespace {

class BoundaryFinder : public IRVisitor {
 public:
  const Call* found = nullptr;

 protected:
  void visitCall(const Call& c) override {
    if (!found && (isOp(c, OpId::AivShard) || isOp(c, OpId::AicGather))) found = &c;
    IRVisitor::visitCall(c);
  }
};

/// Does `e` read any variable of `vars`?
class ReadsAny : public IRVisitor {
 public:
  explicit ReadsAny(const std::unordered_set<const Var*>& v) : vars_(v) {}
  bool hit = false;

 protected:
  void visitVar(const Var& v) override { hit |= vars_.count(&v) > 0; }

 private:
  const std::unordered_set<const Var*>& vars_;
};

bool reads(const ExprPtr& e, const std::unordered_set<const Var*>& vars) {
  ReadsAny r(vars);
  if (e) r.visitExpr(e);
  return r.hit;
}

class RegionChecker : public IRVisitor {
 public:
  explicit RegionChecker(const SplitAivScopeStmt& r) { laneDerived_.insert(r.laneVar.get()); }
  struct Offender {
    const Call* call;
    Span span;
  };
  std::vector<Offender> offenders;

 protected:
  void visitAssign(const AssignStmt& a) override {
    stmtSpan_ = a.span;
    bool perLane = exprPerLane(a.value);
    const auto* st = a.var->type ? a.var->type->as<ScalarType>() : nullptr;
    if (perLane) perLane_.insert(a.var.get());
    if (generated(a.value)) generated_.insert(a.var.get());
    if (st && reads(a.value, laneDerived_)) laneDerived_.insert(a.var.get());
  }
  void visitEval(const EvalStmt& e) override {
    stmtSpan_ = e.span;
    exprPerLane(e.expr);
  }
  void visitFor(const ForStmt& f) override {
    for (const auto& ia : f.iterArgs) {
      if (exprPerLane(ia->init)) perLane_.insert(ia.get());
      if (reads(ia->init, laneDerived_)) laneDerived_.insert(ia.get());
    }
    if (reads(f.start, laneDerived_) || reads(f.stop, laneDerived_) || reads(f.step, laneDerived_))
      laneDerived_.insert(f.loopVar.get());
    visitStmt(f.body);
    carryResults(f.body, f.returnVars);
  }
  void visitWhile(const WhileStmt& w) override {
    for (const auto& ia : w.iterArgs)
      if (exprPerLane(ia->init)) perLane_.insert(ia.get());
    visitStmt(w.body);
    carryResults(w.body, w.returnVars);
  }
  void visitIf(const IfStmt& i) override {
    visitStmt(i.thenBody);
    if (i.elseBody) visitStmt(i.elseBody);
    carryResults(i.thenBody, i.returnVars);
  }

 private:
  void carryResults(const StmtPtr& body, const std::vector<VarPtr>& rvs) {
    auto stmts = flattenStmts(body);
    const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
    if (!y) return;
    for (size_t k = 0; k < rvs.size() && k < y->values.size(); ++k)
      if (exprPerLane(y->values[k])) perLane_.insert(rvs[k].get());
  }

  /// Whether the value of `e` is per-lane; records offending calls on the way.
  bool exprPerLane(const ExprPtr& e) {
    if (!e) return false;
    if (const auto* v = e->as<Var>()) return perLane_.count(v) > 0;
    const auto* c = e->as<Call>();
    if (!c) return false;
    bool anyPerLane = false;
    for (const auto& a : c->args) anyPerLane |= exprPerLane(a);
    const OpId id = opIdOf(*c);
    if (id == OpId::AivShard) return true;
    const bool producesTile = c->type && c->type->isa<TileType>();
    if (!producesTile || classifyCallAffinity(*c) != CoreAffinity::Vector) return anyPerLane;
    if (anyPerLane) return true;
    if (generated(e)) return false;  // accepted for itself only
    if (addressedByLane(*c)) return true;
    offenders.push_back({c, stmtSpan_});
    return false;
  }

  /// Whether `e` is a pure generator (tile.full / create / ci / random), or a view of one
  /// that only reshapes, moves or re-validates it (resolve-backend-op-layouts' [1, N] view of
  /// a generated column): its value is a function of its attributes, so per-lane replication
  /// is correct at whatever extent it has.
  bool generated(const ExprPtr& e) const {
    if (!e) return false;
    if (const auto* v = e->as<Var>()) return generated_.count(v) > 0;
    const auto* c = e->as<Call>();
    if (!c) return false;
    const OpId id = opIdOf(*c);
    if (id == OpId::Full || id == OpId::Create || hasTrait(*c, OpTrait::PositionalGenerator))
      return true;
    if (id == OpId::Reshape || id == OpId::Move || id == OpId::SetValidShape)
      return !c->args.empty() && generated(c->args[0]);
    return false;
  }

  /// Whether the call's window offsets (OpDef::window: an offsets list, or the index
  /// scalars from firstIndex on) read the lane index.
  bool addressedByLane(const Call& c) const {
    if (!c.op) return false;
    const WindowArgs& w = c.op->window;
    auto readsLane = [&](size_t i) { return i < c.args.size() && reads(c.args[i], laneDerived_); };
    if (w.offsets >= 0 && readsLane(static_cast<size_t>(w.offsets))) return true;
    if (w.firstIndex >= 0)
      for (size_t i = static_cast<size_t>(w.firstIndex);
           i < c.op->args.size() && c.op->args[i].kind == ArgKind::IntScalar; ++i)
        if (readsLane(i)) return true;
    return false;
  }

  std::unordered_set<const Var*> perLane_;
  std::unordered_set<const Var*> generated_;
  std::unordered_set<const Var*> laneDerived_;
  Span stmtSpan_;
};

class ReadFinder : public IRVisitor {
 public:
  explicit ReadFinder(const Var* v) : v_(v) {}
  const Stmt* found = nullptr;
  void visitStmt(const StmtPtr& s) override {
    if (found || !s) return;
    const Stmt* saved = current_;
    if (!s->isa<SeqStmt>()) current_ = s.get();
    IRVisitor::visitStmt(s);
    current_ = saved;
  }

 protected:
  void visitVar(const Var& v) override {
    if (!found && &v == v_) found = current_;
  }

 private:
  const Var* v_;
  const Stmt* current_ = nullptr;
};

/// Follows tensors back to the parameter they write and records which are stored
/// inside / outside the regions.
class StoreRoots : public IRVisitor {
 public:
  struct Store {
    const Var* root;
    Span span;
  };
  std::vector<Store> outside;
  std::unordered_set<const Var*> inside;
  std::vector<Span> atomicOutside;  // vector atomic stores outside the regions

 protected:
  const Var* rootOf(const ExprPtr& e) const {
    const auto* v = e ? e->as<Var>() : nullptr;
    if (!v) return nullptr;
    auto it = root_.find(v);
    return it == root_.end() ? v : it->second;
  }
  void link(const Var* v, const ExprPtr& from) {
    if (const Var* r = rootOf(from)) root_[v] = r;
  }
  void visitSplitAivScope(const SplitAivScopeStmt& r) override {
    ++depth_;
    IRVisitor::visitSplitAivScope(r);
    --depth_;
  }
  void visitAssign(const AssignStmt& a) override {
    span_ = a.span;
    IRVisitor::visitAssign(a);
    if (!a.var->type || !a.var->type->isa<TensorType>()) return;
    const auto* c = a.value ? a.value->as<Call>() : nullptr;
    if (c && isOp(*c, OpId::Store) && c->args.size() > 2)
      link(a.var.get(), c->args[2]);
    else if (a.value && a.value->isa<Var>())
      link(a.var.get(), a.value);
  }
  void visitEval(const EvalStmt& e) override {
    span_ = e.span;
    IRVisitor::visitEval(e);
  }
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (!isOp(c, OpId::Store) || c.args.size() < 3) return;
    // An atomic store (it reads its destination) outside the regions: both lanes add.
    if (depth_ == 0 && readsMemory(argEffect(c, 2)) &&
        classifyCallAffinity(c) == CoreAffinity::Vector && atomicOutside.empty())
      atomicOutside.push_back(span_);
    const Var* r = rootOf(c.args[2]);
    if (!r) return;
    if (depth_ > 0)
      inside.insert(r);
    else
      outside.push_back({r, span_});
  }
  void visitFor(const ForStmt& f) override {
    for (const auto& ia : f.iterArgs) link(ia.get(), ia->init);
    IRVisitor::visitFor(f);
    for (size_t i = 0; i < f.returnVars.size() && i < f.iterArgs.size(); ++i)
      link(f.returnVars[i].get(), f.iterArgs[i]);
  }
  void visitWhile(const WhileStmt& w) override {
    for (const auto& ia : w.iterArgs) link(ia.get(), ia->init);
    IRVisitor::visitWhile(w);
    for (size_t i = 0; i < w.returnVars.size() && i < w.iterArgs.size(); ++i)
      link(w.returnVars[i].get(), w.iterArgs[i]);
  }
  void visitIf(const IfStmt& i) override {
    IRVisitor::visitIf(i);
    auto stmts = flattenStmts(i.thenBody);
    const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
    for (size_t k = 0; y && k < i.returnVars.size() && k < y->values.size(); ++k)
      link(i.returnVars[k].get(), y->values[k]);
  }

 private:
  std::unordered_map<const Var*, const Var*> root_;
  int depth_ = 0;
  Span span_;
};

}  // namespace

const Stmt* findReadOf(const StmtPtr& body, const Var* v) {
  ReadFinder f(v);
  f.visitStmt(body);
  return f.found;
}

void checkRegionStoreRaces(const Function& f, DiagnosticEngine& diag) {
  StoreRoots roots;
  roots.visitStmt(f.body);
  if (!roots.atomicOutside.empty()) {
    diag.error(roots.atomicOutside.front(),
               "lower-auto-vector-split: this atomic tile.store (atomic=1) sits outside the "
               "pl.split_aiv regions; statements outside the regions run on both AIV lanes, so "
               "each lane would add the tile: twice the sum",
               "move the store into a region (a NONE region can add from one lane: "
               "`if aiv_id == 0:`), or store a value the region computed per lane");
    throw CompileError();
  }
  for (const auto& st : roots.outside) {
    if (!roots.inside.count(st.root)) continue;
    diag.error(st.span,
               fmt::format("lower-auto-vector-split: '{}' is stored here, outside the "
                           "pl.split_aiv regions, and also inside a region; statements outside "
                           "the regions run on both AIV lanes, so the two lanes' writes of '{}' "
                           "would race",
                           st.root->name, st.root->name),
               "move this store into the region (a NONE region can write it from one lane: "
               "`if aiv_id == 0:`), or store to a different tensor");
    throw CompileError();
  }
}

const Call* findBoundaryOp(const StmtPtr& body) {
  BoundaryFinder f;
  if (body) f.visitStmt(body);
  return f.found;
}

void validateExplicitBoundaryRegion(const SplitAivScopeStmt& region, DiagnosticEngine& diag) {
  RegionChecker checker(region);
  checker.visitStmt(region.body);
  if (checker.offenders.empty()) return;
  std::string names;
  Diagnostic d;
  d.span = checker.offenders.front().span;
  for (size_t k = 0; k < checker.offenders.size(); ++k) {
    const Call* c = checker.offenders[k].call;
    if (names.find(c->callee) == std::string::npos)
      names += (names.empty() ? "" : ", ") + std::string(c->callee);
    if (k > 0)
      d.notes.emplace_back(checker.offenders[k].span,
                           std::string(c->callee) + " is full width too");
  }
  d.message = fmt::format(
      "lower-auto-vector-split: this pl.split_aiv region ({}) mixes explicit tile.aiv_shard / "
      "tile.aic_gather boundaries with full-width vector op(s): {}. The body is used as written, "
      "so every vector op must already work on this lane's half",
      toString(region.mode), names);
  d.hint =
      "derive the value from a pl.aiv_shard result, load / slice it at an offset that uses the "
      "region's lane index (e.g. [base + aiv_id * HALF, 0]), or drop the explicit boundary ops "
      "and let the pass halve the full-width body";
  diag.report(std::move(d));
  throw CompileError();
}

}  // namespace ptoc::split
