#include "ptoc/ir/Mutator.h"

namespace ptoc::ir {

template <typename T>
static std::shared_ptr<const T> cast(const ExprPtr& e) {
  return std::static_pointer_cast<const T>(e);
}
template <typename T>
static std::shared_ptr<const T> cast(const StmtPtr& s) {
  return std::static_pointer_cast<const T>(s);
}

ExprPtr IRMutator::mutateExpr(const ExprPtr& e) {
  if (!e) return e;
  switch (e->kind) {
    case ExprKind::Var:
    case ExprKind::IterArg:
      return mutateVar(cast<Var>(e));
    case ExprKind::ConstInt:
    case ExprKind::ConstFloat:
    case ExprKind::ConstBool:
      return e;
    case ExprKind::Binary:
      return mutateBinary(cast<BinaryExpr>(e));
    case ExprKind::Unary:
      return mutateUnary(cast<UnaryExpr>(e));
    case ExprKind::Select:
      return mutateSelect(cast<SelectExpr>(e));
    case ExprKind::Call:
      return mutateCall(cast<Call>(e));
    case ExprKind::BufferLoad:
      return mutateBufferLoad(cast<BufferLoad>(e));
    case ExprKind::MakeTuple:
      return mutateMakeTuple(cast<MakeTuple>(e));
    case ExprKind::TupleGetItem:
      return mutateTupleGetItem(cast<TupleGetItem>(e));
  }
  return e;
}

ExprPtr IRMutator::mutateVar(const VarPtr& v) {
  auto it = varMap_.find(v.get());
  return it == varMap_.end() ? v : it->second;
}

VarPtr IRMutator::mutateDef(const VarPtr& v) {
  auto it = varMap_.find(v.get());
  return it == varMap_.end() ? v : it->second;
}

std::vector<ExprPtr> IRMutator::mutateExprs(const std::vector<ExprPtr>& es, bool& changed) {
  std::vector<ExprPtr> out;
  out.reserve(es.size());
  for (const auto& e : es) {
    out.push_back(mutateExpr(e));
    if (out.back() != e) changed = true;
  }
  return out;
}

std::vector<VarPtr> IRMutator::mutateDefs(const std::vector<VarPtr>& vs, bool& changed) {
  std::vector<VarPtr> out;
  out.reserve(vs.size());
  for (const auto& v : vs) {
    out.push_back(mutateDef(v));
    if (out.back() != v) changed = true;
  }
  return out;
}

std::vector<IterArgPtr> IRMutator::mutateIterArgs(const std::vector<IterArgPtr>& ias,
                                                  bool& changed) {
  std::vector<IterArgPtr> out;
  for (const auto& ia : ias) {
    ExprPtr init = mutateExpr(ia->init);
    VarPtr def = mutateDef(ia);
    if (init == ia->init && def == ia) {
      out.push_back(ia);
      continue;
    }
    changed = true;
    auto fresh = std::make_shared<IterArg>(def->name, def->type, init, ia->span);
    remap(ia, fresh);
    out.push_back(fresh);
  }
  return out;
}

ExprPtr IRMutator::mutateBinary(const std::shared_ptr<const BinaryExpr>& e) {
  ExprPtr l = mutateExpr(e->lhs), r = mutateExpr(e->rhs);
  if (l == e->lhs && r == e->rhs) return e;
  return std::make_shared<BinaryExpr>(e->op, l, r, e->type, e->span);
}
ExprPtr IRMutator::mutateUnary(const std::shared_ptr<const UnaryExpr>& e) {
  ExprPtr x = mutateExpr(e->operand);
  if (x == e->operand) return e;
  return std::make_shared<UnaryExpr>(e->op, x, e->type, e->span);
}
ExprPtr IRMutator::mutateSelect(const std::shared_ptr<const SelectExpr>& e) {
  ExprPtr c = mutateExpr(e->cond), t = mutateExpr(e->trueValue), f = mutateExpr(e->falseValue);
  if (c == e->cond && t == e->trueValue && f == e->falseValue) return e;
  return std::make_shared<SelectExpr>(c, t, f, e->type, e->span);
}
ExprPtr IRMutator::mutateCall(const std::shared_ptr<const Call>& e) {
  bool changed = false;
  auto args = mutateExprs(e->args, changed);
  if (!changed) return e;
  return std::make_shared<Call>(e->callee, e->op, std::move(args), e->kwargs, e->type, e->span);
}
ExprPtr IRMutator::mutateBufferLoad(const std::shared_ptr<const BufferLoad>& e) {
  bool changed = false;
  ExprPtr buf = mutateExpr(e->buffer);
  auto idx = mutateExprs(e->indices, changed);
  if (!changed && buf == e->buffer) return e;
  return std::make_shared<BufferLoad>(cast<Var>(buf), std::move(idx), e->type, e->span);
}
ExprPtr IRMutator::mutateMakeTuple(const std::shared_ptr<const MakeTuple>& e) {
  bool changed = false;
  auto els = mutateExprs(e->elements, changed);
  if (!changed) return e;
  return std::make_shared<MakeTuple>(std::move(els), e->type, e->span);
}
ExprPtr IRMutator::mutateTupleGetItem(const std::shared_ptr<const TupleGetItem>& e) {
  ExprPtr t = mutateExpr(e->tuple);
  if (t == e->tuple) return e;
  return std::make_shared<TupleGetItem>(t, e->index, e->type, e->span);
}

StmtPtr IRMutator::mutateStmt(const StmtPtr& s) {
  if (!s) return s;
  switch (s->kind) {
    case StmtKind::Assign:
      return mutateAssign(cast<AssignStmt>(s));
    case StmtKind::Eval:
      return mutateEval(cast<EvalStmt>(s));
    case StmtKind::BufferStore:
      return mutateBufferStore(cast<BufferStoreStmt>(s));
    case StmtKind::Seq:
      return mutateSeq(cast<SeqStmt>(s));
    case StmtKind::If:
      return mutateIf(cast<IfStmt>(s));
    case StmtKind::For:
      return mutateFor(cast<ForStmt>(s));
    case StmtKind::While:
      return mutateWhile(cast<WhileStmt>(s));
    case StmtKind::Yield:
      return mutateYield(cast<YieldStmt>(s));
    case StmtKind::Return:
      return mutateReturn(cast<ReturnStmt>(s));
    case StmtKind::InCoreScope:
      return mutateInCoreScope(cast<InCoreScopeStmt>(s));
    case StmtKind::SplitAivScope:
      return mutateSplitAivScope(cast<SplitAivScopeStmt>(s));
    case StmtKind::SimdVfScope:
      return mutateSimdVfScope(cast<SimdVfScopeStmt>(s));
  }
  return s;
}

StmtPtr IRMutator::mutateAssign(const std::shared_ptr<const AssignStmt>& s) {
  ExprPtr v = mutateExpr(s->value);
  VarPtr d = mutateDef(s->var);
  if (v == s->value && d == s->var) return s;
  return std::make_shared<AssignStmt>(d, v, s->span);
}
StmtPtr IRMutator::mutateEval(const std::shared_ptr<const EvalStmt>& s) {
  ExprPtr e = mutateExpr(s->expr);
  if (e == s->expr) return s;
  return std::make_shared<EvalStmt>(e, s->span);
}
StmtPtr IRMutator::mutateBufferStore(const std::shared_ptr<const BufferStoreStmt>& s) {
  bool changed = false;
  ExprPtr buf = mutateExpr(s->buffer);
  auto idx = mutateExprs(s->indices, changed);
  ExprPtr val = mutateExpr(s->value);
  ExprPtr pred = mutateExpr(s->predicate);
  if (!changed && buf == s->buffer && val == s->value && pred == s->predicate) return s;
  return std::make_shared<BufferStoreStmt>(cast<Var>(buf), std::move(idx), val, pred, s->span);
}
StmtPtr IRMutator::mutateSeq(const std::shared_ptr<const SeqStmt>& s) {
  bool changed = false;
  std::vector<StmtPtr> out;
  out.reserve(s->stmts.size());
  for (const auto& c : s->stmts) {
    out.push_back(mutateStmt(c));
    if (out.back() != c) changed = true;
  }
  if (!changed) return s;
  return makeSeq(std::move(out), s->span);
}
StmtPtr IRMutator::mutateIf(const std::shared_ptr<const IfStmt>& s) {
  bool changed = false;
  ExprPtr c = mutateExpr(s->cond);
  StmtPtr t = mutateStmt(s->thenBody);
  StmtPtr e = mutateStmt(s->elseBody);
  auto rv = mutateDefs(s->returnVars, changed);
  if (!changed && c == s->cond && t == s->thenBody && e == s->elseBody) return s;
  return std::make_shared<IfStmt>(c, t, e, std::move(rv), s->span);
}
StmtPtr IRMutator::mutateFor(const std::shared_ptr<const ForStmt>& s) {
  bool changed = false;
  ExprPtr b = mutateExpr(s->start), e = mutateExpr(s->stop), st = mutateExpr(s->step);
  auto ia = mutateIterArgs(s->iterArgs, changed);
  VarPtr lv = mutateDef(s->loopVar);
  StmtPtr body = mutateStmt(s->body);
  auto rv = mutateDefs(s->returnVars, changed);
  if (!changed && b == s->start && e == s->stop && st == s->step && lv == s->loopVar &&
      body == s->body)
    return s;
  return std::make_shared<ForStmt>(lv, b, e, st, s->forKind, std::move(ia), body, std::move(rv),
                                   s->attrs, s->span);
}
StmtPtr IRMutator::mutateWhile(const std::shared_ptr<const WhileStmt>& s) {
  bool changed = false;
  auto ia = mutateIterArgs(s->iterArgs, changed);
  ExprPtr c = mutateExpr(s->cond);
  StmtPtr body = mutateStmt(s->body);
  auto rv = mutateDefs(s->returnVars, changed);
  if (!changed && c == s->cond && body == s->body) return s;
  return std::make_shared<WhileStmt>(c, std::move(ia), body, std::move(rv), s->span);
}
StmtPtr IRMutator::mutateYield(const std::shared_ptr<const YieldStmt>& s) {
  bool changed = false;
  auto v = mutateExprs(s->values, changed);
  if (!changed) return s;
  return std::make_shared<YieldStmt>(std::move(v), s->span);
}
StmtPtr IRMutator::mutateReturn(const std::shared_ptr<const ReturnStmt>& s) {
  bool changed = false;
  auto v = mutateExprs(s->values, changed);
  if (!changed) return s;
  return std::make_shared<ReturnStmt>(std::move(v), s->span);
}
StmtPtr IRMutator::mutateInCoreScope(const std::shared_ptr<const InCoreScopeStmt>& s) {
  StmtPtr b = mutateStmt(s->body);
  if (b == s->body) return s;
  return std::make_shared<InCoreScopeStmt>(s->split, s->slotNum, s->nameHint, b, s->span);
}
StmtPtr IRMutator::mutateSplitAivScope(const std::shared_ptr<const SplitAivScopeStmt>& s) {
  VarPtr lv = mutateDef(s->laneVar);
  StmtPtr b = mutateStmt(s->body);
  if (b == s->body && lv == s->laneVar) return s;
  return std::make_shared<SplitAivScopeStmt>(s->mode, s->count, lv, b, s->span);
}
StmtPtr IRMutator::mutateSimdVfScope(const std::shared_ptr<const SimdVfScopeStmt>& s) {
  StmtPtr b = mutateStmt(s->body);
  if (b == s->body) return s;
  return std::make_shared<SimdVfScopeStmt>(s->lanes, b, s->span);
}

FunctionPtr IRMutator::mutateFunction(const FunctionPtr& f) {
  bool changed = false;
  auto params = mutateDefs(f->params, changed);
  StmtPtr body = mutateStmt(f->body);
  if (!changed && body == f->body) return f;
  return std::make_shared<Function>(f->name, f->funcType, std::move(params), f->directions,
                                    f->returnTypes, body, f->attrs, f->span);
}

ProgramPtr IRMutator::mutateProgram(const ProgramPtr& p) {
  bool changed = false;
  std::vector<FunctionPtr> fs;
  for (const auto& f : p->functions) {
    fs.push_back(mutateFunction(f));
    if (fs.back() != f) changed = true;
  }
  if (!changed) return p;
  return std::make_shared<Program>(p->name, std::move(fs), p->isClass, p->span);
}

}  // namespace ptoc::ir
