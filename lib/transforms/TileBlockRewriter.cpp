// TileBlockRewriter: statement lists, insertion before a statement, per-list caches, and
// type repair where values meet fixed types (see TileBlockRewriter.h).
#include "TileBlockRewriter.h"

#include <fmt/format.h>

#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"

namespace ptoc {

using namespace ir;

bool isKernelFunction(const Function& f) {
  return f.funcType == FunctionType::InCore || f.funcType == FunctionType::AIC ||
         f.funcType == FunctionType::AIV;
}

FunctionPtr TileBlockRewriter::rewrite(const FunctionPtr& f) {
  function_ = f.get();
  return mutateFunction(f);
}

VarPtr TileBlockRewriter::insertBefore(const std::string& name, const CallPtr& call, Span at) {
  auto v = std::make_shared<Var>(name, call->type, at);
  pending_->push_back(std::make_shared<AssignStmt>(v, call, at));
  return v;
}

VarPtr TileBlockRewriter::cached(const Var* v, const std::string& key) const {
  if (!v || !cache_) return nullptr;
  auto it = cache_->find({v, key});
  if (it != cache_->end()) return it->second;
  // A conversion made in an enclosing list before this one dominates it: an if arm reuses
  // it. Not across a loop's body: a later element store in the body would make it stale
  // for the next iteration.
  const size_t floor = loopFloors_.empty() ? 0 : loopFloors_.back();
  for (size_t i = openCaches_.size(); i-- > floor;) {
    if (openCaches_[i] == cache_) continue;
    auto hit = openCaches_[i]->find({v, key});
    if (hit != openCaches_[i]->end()) return hit->second;
  }
  return nullptr;
}

void TileBlockRewriter::forgetConversions(const Var* v) {
  for (auto* c : openCaches_)
    for (auto it = c->begin(); it != c->end();)
      it = it->first.first == v ? c->erase(it) : std::next(it);
}

void TileBlockRewriter::cache(const Var* v, const std::string& key, VarPtr result) {
  if (v && cache_) cache_->emplace(std::make_pair(v, key), std::move(result));
}

CallPtr TileBlockRewriter::rebuild(const Call& call, std::vector<ExprPtr> args,
                                   const TypePtr& annotated) {
  if (!call.op)
    return std::make_shared<Call>(Call::StableName{call.callee}, nullptr, std::move(args),
                                  call.kwargs, call.type, call.span);
  return createOpCall(*call.op, std::move(args), call.kwargs, call.span, diag_, {}, {},
                      call.op->typeFromAnnotation ? annotated : nullptr);
}

ExprPtr TileBlockRewriter::coerce(const ExprPtr& value, const TypePtr& expected, Span at) {
  const TileType* have = tileTypeOf(value);
  const TileType* want = expected ? expected->as<TileType>() : nullptr;
  if (!have || !want || sameType(value->type, expected)) return value;
  const auto* v = value->as<Var>();
  std::string name = v ? v->name : std::string("tile");
  TileView view = want->effectiveView();
  MemorySpace target = want->memory.value_or(MemorySpace::Vec);
  std::string key = "coerce:" + typeToString(*expected);
  if (VarPtr hit = cached(v, key)) return hit;
  if (have->memory &&
      (*have->memory == MemorySpace::Left || *have->memory == MemorySpace::Right ||
       *have->memory == MemorySpace::Bias || *have->memory == MemorySpace::LeftScale ||
       *have->memory == MemorySpace::RightScale)) {
    diag_.error(at,
                fmt::format("'{}' lives in {}, which no data path leaves, but must be {} here",
                            name, toString(*have->memory), typeToString(*expected)),
                "compute the value in the memory space the loop, branch or function carries");
    throw CompileError();
  }
  AttrList kwargs = {
      {"target_memory", target}, {"blayout", view.blayout}, {"slayout", view.slayout}};
  auto move = createOpCall(OpRegistry::instance().get(OpId::Move), {value}, kwargs, at, diag_);
  if (!sameType(move->type, expected)) {
    diag_.error(at,
                fmt::format("cannot convert '{}' of type {} to {}", name,
                            typeToString(*value->type), typeToString(*expected)),
                "make both values the same type before they meet");
    throw CompileError();
  }
  VarPtr out = insertBefore(name + "_" + std::string(toString(target)), move, at);
  cache(v, key, out);
  return out;
}

StmtPtr TileBlockRewriter::mutateStmt(const StmtPtr& s) {
  if (!s) return s;
  if (s->kind != StmtKind::Seq && !inBlock_) return rewriteBlock({s}, s->span);
  return IRMutator::mutateStmt(s);
}

StmtPtr TileBlockRewriter::mutateSeq(const std::shared_ptr<const SeqStmt>& s) {
  bool flat = true;
  for (const auto& c : s->stmts) flat = flat && c && c->kind != StmtKind::Seq;
  if (!flat) return rewriteBlock(flattenStmts(s), s->span);
  bool changed = false;
  StmtPtr r = rewriteBlock(s->stmts, s->span, &changed);
  return changed ? r : s;  // an unchanged flat list keeps its node
}

StmtPtr TileBlockRewriter::rewriteBlock(const std::vector<StmtPtr>& stmts, Span span,
                                        bool* changed) {
  std::vector<StmtPtr> out;
  out.reserve(stmts.size());
  std::map<std::pair<const Var*, std::string>, VarPtr> localCache;
  auto* savedPending = pending_;
  auto* savedCache = cache_;
  bool savedInBlock = inBlock_;
  openCaches_.push_back(&localCache);
  for (const auto& st : stmts) {
    pending_ = &out;
    cache_ = &localCache;
    bool leaf = st->kind == StmtKind::Assign || st->kind == StmtKind::Eval ||
                st->kind == StmtKind::Yield || st->kind == StmtKind::Return ||
                st->kind == StmtKind::BufferStore;
    inBlock_ = leaf;  // the bodies of a compound statement are lists of their own
    StmtPtr r = IRMutator::mutateStmt(st);
    if (const auto* bs = r->as<BufferStoreStmt>()) {
      // An element store changes the tile: a conversion made before it (a moved or
      // reshaped copy, in this list or an enclosing one) is stale.
      forgetConversions(bs->buffer.get());
      forgetConversions(st->as<BufferStoreStmt>()->buffer.get());
    }
    if (changed && (r != st || out.size() != static_cast<size_t>(&st - stmts.data())))
      *changed = true;
    out.push_back(r);
  }
  openCaches_.pop_back();
  pending_ = savedPending;
  cache_ = savedCache;
  inBlock_ = savedInBlock;
  return makeSeq(std::move(out), span);
}

StmtPtr TileBlockRewriter::mutateAssign(const std::shared_ptr<const AssignStmt>& s) {
  const auto* call = s->value ? s->value->as<Call>() : nullptr;
  VarPtr def;
  ExprPtr value;
  if (!call) {
    value = mutateExpr(s->value);
    def = mutateDef(s->var);
  } else {
    def = mutateDef(s->var);
    value = rewriteCall(*call, s->value, def->type, s->span);
  }
  if (value->type && !sameType(value->type, def->type) &&
      (def->type->isa<TileType>() || value->type->isa<TileType>())) {
    def = std::make_shared<Var>(def->name, value->type, def->span);
    remap(s->var, def);
  }
  if (def == s->var && value == s->value) return s;
  return std::make_shared<AssignStmt>(def, value, s->span);
}

StmtPtr TileBlockRewriter::mutateEval(const std::shared_ptr<const EvalStmt>& s) {
  const auto* call = s->expr ? s->expr->as<Call>() : nullptr;
  if (!call) return IRMutator::mutateEval(s);
  ExprPtr e = rewriteCall(*call, s->expr, nullptr, s->span);
  if (e == s->expr) return s;
  return std::make_shared<EvalStmt>(e, s->span);
}

StmtPtr TileBlockRewriter::mutateYield(const std::shared_ptr<const YieldStmt>& s) {
  bool changed = false;
  std::vector<ExprPtr> values = mutateExprs(s->values, changed);
  if (!yieldTargets_.empty())
    for (size_t k = 0; k < values.size() && k < yieldTargets_.back().size(); ++k)
      values[k] = coerce(values[k], yieldTargets_.back()[k], s->span);
  return std::make_shared<YieldStmt>(std::move(values), s->span);
}

StmtPtr TileBlockRewriter::mutateReturn(const std::shared_ptr<const ReturnStmt>& s) {
  bool changed = false;
  std::vector<ExprPtr> values = mutateExprs(s->values, changed);
  for (size_t k = 0; k < values.size() && k < function_->returnTypes.size(); ++k)
    values[k] = coerce(values[k], function_->returnTypes[k], s->span);
  return std::make_shared<ReturnStmt>(std::move(values), s->span);
}

std::vector<IterArgPtr> TileBlockRewriter::rewriteIterArgs(const std::vector<IterArgPtr>& ias,
                                                           Span at, std::vector<TypePtr>& carried) {
  std::vector<IterArgPtr> out;
  for (const auto& ia : ias) {
    ExprPtr init = mutateExpr(ia->init);
    VarPtr def = mutateDef(ia);
    init = coerce(init, def->type, at);
    auto fresh = std::make_shared<IterArg>(def->name, def->type, init, ia->span);
    remap(ia, fresh);
    out.push_back(fresh);
    carried.push_back(def->type);
  }
  return out;
}

StmtPtr TileBlockRewriter::mutateFor(const std::shared_ptr<const ForStmt>& s) {
  ExprPtr b = mutateExpr(s->start), e = mutateExpr(s->stop), st = mutateExpr(s->step);
  std::vector<TypePtr> carried;
  auto ias = rewriteIterArgs(s->iterArgs, s->span, carried);
  VarPtr lv = mutateDef(s->loopVar);
  yieldTargets_.push_back(carried);
  loopFloors_.push_back(openCaches_.size());
  StmtPtr body = mutateStmt(s->body);
  loopFloors_.pop_back();
  yieldTargets_.pop_back();
  bool changed = false;
  auto rvs = mutateDefs(s->returnVars, changed);
  return std::make_shared<ForStmt>(lv, b, e, st, s->forKind, std::move(ias), body, std::move(rvs),
                                   s->attrs, s->span);
}

StmtPtr TileBlockRewriter::mutateWhile(const std::shared_ptr<const WhileStmt>& s) {
  std::vector<TypePtr> carried;
  auto ias = rewriteIterArgs(s->iterArgs, s->span, carried);
  ExprPtr c = mutateExpr(s->cond);
  yieldTargets_.push_back(carried);
  loopFloors_.push_back(openCaches_.size());
  StmtPtr body = mutateStmt(s->body);
  loopFloors_.pop_back();
  yieldTargets_.pop_back();
  bool changed = false;
  auto rvs = mutateDefs(s->returnVars, changed);
  return std::make_shared<WhileStmt>(c, std::move(ias), body, std::move(rvs), s->span);
}

namespace {

/// Same shape, dtype and memory: the types differ at most in their layout.
bool sameButLayout(const TypePtr& a, const TypePtr& b) {
  const auto* x = a ? a->as<TileType>() : nullptr;
  const auto* y = b ? b->as<TileType>() : nullptr;
  return x && y && x->shape == y->shape && x->dtype == y->dtype && x->memory == y->memory;
}

}  // namespace

StmtPtr TileBlockRewriter::coerceYields(const StmtPtr& arm, const std::vector<TypePtr>& want) {
  std::vector<StmtPtr> stmts = arm ? flattenStmts(arm) : std::vector<StmtPtr>{};
  const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
  if (!y) return arm;
  std::vector<StmtPtr> moves;
  auto* savedPending = pending_;
  auto* savedCache = cache_;
  pending_ = &moves;
  cache_ = nullptr;
  std::vector<ExprPtr> values = y->values;
  for (size_t k = 0; k < values.size() && k < want.size(); ++k)
    values[k] = coerce(values[k], want[k], y->span);
  pending_ = savedPending;
  cache_ = savedCache;
  if (moves.empty()) return arm;
  Span span = y->span;
  stmts.pop_back();
  for (auto& m : moves) stmts.push_back(std::move(m));
  stmts.push_back(std::make_shared<YieldStmt>(std::move(values), span));
  return makeSeq(std::move(stmts), arm->span);
}

StmtPtr TileBlockRewriter::mutateIf(const std::shared_ptr<const IfStmt>& s) {
  ExprPtr c = mutateExpr(s->cond);
  bool changed = false;
  auto rvs = mutateDefs(s->returnVars, changed);
  // The arms first, their yields as they come (no target yet).
  yieldTargets_.emplace_back(rvs.size());
  StmtPtr t = mutateStmt(s->thenBody);
  StmtPtr e = mutateStmt(s->elseBody);
  yieldTargets_.pop_back();
  // A result both arms yield with the same new layout (a repaired, row-major value) takes
  // that type, and later uses follow; otherwise each arm's value is moved back to the
  // result's type before its yield.
  const YieldStmt* ty = trailingYield(t);
  const YieldStmt* ey = trailingYield(e);
  std::vector<TypePtr> want;
  for (size_t k = 0; k < rvs.size(); ++k) {
    TypePtr a = ty && k < ty->values.size() ? ty->values[k]->type : nullptr;
    TypePtr b = ey && k < ey->values.size() ? ey->values[k]->type : nullptr;
    if (a && b && sameType(a, b) && !sameType(a, rvs[k]->type) && sameButLayout(a, rvs[k]->type) &&
        k < s->returnVars.size()) {
      auto nv = std::make_shared<Var>(rvs[k]->name, a, rvs[k]->span);
      remap(s->returnVars[k], nv);
      rvs[k] = nv;
    }
    want.push_back(rvs[k]->type);
  }
  t = coerceYields(t, want);
  e = coerceYields(e, want);
  return std::make_shared<IfStmt>(c, t, e, std::move(rvs), s->span);
}

}  // namespace ptoc
