// split-vector-kernel, arm 2 (pypto-facts §3.9 arm 4): the lane-1 replay of an A2/A3 AIV
// function that is dispatched to both vector lanes although the kernel has no split mode.
// Lane 0 runs the kernel; lane 1 must perform the same pipe handshakes (every tpush, tpop and
// tfree — the AIC expects them from both lanes) but compute and write nothing:
//
//   subblock_idx = pl.tile.get_subblock_idx()
//   <the pipe set-up prefix, hoisted: reserve_buffer / import_peer_buffer / initialize_pipe>
//   if subblock_idx == 0: <the body>;  yield <its results>
//   else:                 <the replay>; yield <its results>
//   return <the if's results>
//
// The replay is a copy of the body with fresh variables in which every tile.store is
// dropped (an assigned store passes its destination tensor through) and every tile is empty
// (valid_shape all 0), as in the reference: a tile.load, tile.slice or tile.transpose becomes
// a tile.create of its result shape, a set_validshape sets 0 x 0, a tpop / tile.full /
// tile.create is annotated empty, an elementwise / row-broadcast op or a move of empty tiles
// stays (its deduced type is empty); any other tile-producing op (a reduction, a reshape, a
// generator whose deduction cannot be empty) becomes a tile.create of its result shape.
// ptoc's IR returns only at the end of a function, so the branches yield to one return.
#include "SplitVec.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::splitvec {

using namespace ir;

namespace {

bool isSetup(const StmtPtr& s) {
  const Call* c = nullptr;
  if (const auto* a = s->as<AssignStmt>()) c = a->value ? a->value->as<Call>() : nullptr;
  if (const auto* e = s->as<EvalStmt>()) c = e->expr ? e->expr->as<Call>() : nullptr;
  if (!c) return false;
  return c->callee == "system.reserve_buffer" || c->callee == "system.import_peer_buffer" ||
         c->callee == "system.aiv_initialize_pipe";
}

const Call* storeCall(const ExprPtr& e) {
  const auto* c = e ? e->as<Call>() : nullptr;
  return c && isOp(*c, OpId::Store) && c->args.size() > 2 ? c : nullptr;
}

/// `t` with every valid extent 0 (tiles only).
TypePtr emptyOf(const TypePtr& t) {
  const auto* tile = t ? t->as<TileType>() : nullptr;
  if (!tile) return t;
  TileView view = tile->effectiveView();
  view.validShape.assign(tile->shape.size(), constIndex(0));
  return TileType::get(tile->shape, tile->dtype, tile->memory, std::move(view));
}

/// The lane-1 copy: fresh variables, no stores, empty tiles.
class Replay : public IRMutator {
 public:
  explicit Replay(DiagnosticEngine& diag) : diag_(diag) {}

 protected:
  VarPtr mutateDef(const VarPtr& v) override {
    if (const VarPtr* to = varMap_.find(v.get())) return *to;
    auto fresh = std::make_shared<Var>(v->name, emptyOf(v->type), v->span);
    remap(v, fresh);
    return fresh;
  }
  /// A variable defined before the replay (a parameter, the pipe set-up) keeps its type.
  ExprPtr mutateVar(const VarPtr& v) override {
    const VarPtr* to = varMap_.find(v.get());
    return to ? *to : v;
  }
  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    if (const Call* c = storeCall(s->value)) {
      ExprPtr dst = mutateExpr(c->args[2]);
      return assign(mutateDef(s->var), dst, s->span);
    }
    top_ = s->value.get();
    ExprPtr value = mutateExpr(s->value);
    StmtPtr out;
    if (value->type && value->type->as<TileType>()) {
      auto fresh = std::make_shared<Var>(s->var->name, value->type, s->var->span);
      remap(s->var, fresh);
      out = assign(fresh, value, s->span);
    } else {
      out = assign(mutateDef(s->var), value, s->span);
    }
    return withHoisted(out);
  }
  StmtPtr mutateEval(const std::shared_ptr<const EvalStmt>& s) override {
    if (storeCall(s->expr)) return makeSeq({}, s->span);
    top_ = s->expr.get();
    return withHoisted(IRMutator::mutateEval(s));
  }
  ExprPtr mutateCall(const std::shared_ptr<const Call>& c) override {
    const bool nested = c.get() != top_;
    ExprPtr e = rewriteCall(c);
    // An empty tile.create / tile.full takes its valid shape from its annotation, which a
    // call nested in another's arguments does not have: it gets its own statement.
    const auto* call = e->as<Call>();
    if (nested && call && (isOp(*call, OpId::Create) || isOp(*call, OpId::Full)) &&
        e->type != c->type) {
      auto v = std::make_shared<Var>("empty", e->type, c->span);
      hoisted_.push_back(assign(v, e, c->span));
      return v;
    }
    return e;
  }

 private:
  StmtPtr withHoisted(StmtPtr s) {
    top_ = nullptr;
    if (hoisted_.empty()) return s;
    std::vector<StmtPtr> seq = std::move(hoisted_);
    hoisted_.clear();
    const Span span = s->span;
    seq.push_back(std::move(s));
    return makeSeq(std::move(seq), span);
  }
  ExprPtr rewriteCall(const std::shared_ptr<const Call>& c) {
    ExprPtr e = IRMutator::mutateCall(c);
    const auto* call = e->as<Call>();
    if (!call || !call->op || !call->type || !call->type->as<TileType>()) return e;
    TypePtr empty = emptyOf(call->type);
    const OpDef& op = *call->op;
    std::vector<ExprPtr> args = call->args;
    bool keep = op.typeFromAnnotation || isOp(*call, OpId::Full) || isOp(*call, OpId::Create) ||
                isOp(*call, OpId::Move) || hasTrait(*call, OpTrait::Elementwise) ||
                hasTrait(*call, OpTrait::RowBroadcast);
    if (isOp(*call, OpId::SetValidShape) && args.size() == 3) {
      args[1] = constIndex(0, call->span);
      args[2] = constIndex(0, call->span);
      keep = true;
    }
    if (keep) {
      auto kept = createOpCall(op, std::move(args), call->kwargs, call->span, diag_, {}, {}, empty);
      if (sameType(kept->type, empty)) return kept;
    }
    const auto& tile = *empty->as<TileType>();
    std::vector<ExprPtr> dims;
    for (int64_t d : tile.shape) dims.push_back(constIndex(d, call->span));
    AttrList kw{{"dtype", tile.dtype}};
    if (tile.memory) kw.emplace_back("target_memory", *tile.memory);
    return createOpCall(OpRegistry::instance().get(OpId::Create), {makeTuple(dims, call->span)}, kw,
                        call->span, diag_, {}, {}, empty);
  }

  DiagnosticEngine& diag_;
  const Expr* top_ = nullptr;  // the value of the statement being rewritten
  std::vector<StmtPtr> hoisted_;
};

}  // namespace

FunctionPtr replayNoSplitDualAiv(const Function& f, DiagnosticEngine& diag) {
  const Span span = f.body->span;
  std::vector<StmtPtr> prefix, rest;
  bool inPrefix = true;
  for (const auto& s : flattenStmts(f.body)) {
    if (inPrefix && isSetup(s)) {
      prefix.push_back(s);
      continue;
    }
    inPrefix = false;
    rest.push_back(s);
  }
  const ReturnStmt* ret = nullptr;
  if (!rest.empty() && (ret = rest.back()->as<ReturnStmt>())) rest.pop_back();

  std::unordered_set<std::string> names = definedNamesWithPrefix(f, "subblock_idx");
  auto sb =
      std::make_shared<Var>(freshName(names, "subblock_idx"), ScalarType::get(DType::Index), span);
  std::vector<StmtPtr> body{
      assign(sb, createOpCall(OpRegistry::instance().get(OpId::GetSubblockIdx), {}, {}, span, diag),
             span)};
  for (auto& s : prefix) body.push_back(s);

  StmtPtr lane0 = makeSeq(rest, span);
  Replay replay(diag);
  StmtPtr lane1 = replay.mutateStmt(lane0);
  std::vector<VarPtr> rvs;
  if (ret && !ret->values.empty()) {
    std::vector<ExprPtr> y1;
    for (const auto& v : ret->values) {
      y1.push_back(replay.mutateExpr(v));
      rvs.push_back(std::make_shared<Var>(
          v->as<Var>() ? v->as<Var>()->name + "_lane" : std::string("ret_lane"), v->type, span));
    }
    std::vector<StmtPtr> t = flattenStmts(lane0), e = flattenStmts(lane1);
    t.push_back(yieldStmt(ret->values, span));
    e.push_back(yieldStmt(std::move(y1), span));
    lane0 = makeSeq(std::move(t), span);
    lane1 = makeSeq(std::move(e), span);
  }
  body.push_back(ifStmt(eq(sb, constIndex(0, span), span), lane0, lane1, rvs, span));
  if (ret) {
    std::vector<ExprPtr> vals(rvs.begin(), rvs.end());
    body.push_back(returnStmt(std::move(vals), ret->span));
  }
  return withBody(f, makeSeq(std::move(body), span), f.attrs);
}

}  // namespace ptoc::splitvec
