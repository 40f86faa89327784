// Lane-localized valid extents of author-written tile.aiv_shard calls (ShardValid.h).
#include "ShardValid.h"

#include <fmt/format.h>

#include <unordered_set>

#include "SplitUtils.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::split {

using namespace ir;

namespace {

struct ShardSplit {
  size_t axis;
  int64_t stride;  // each lane owns `stride` elements from idx * stride
  bool balanced;   // lane_stride given
};

/// The split of a shard whose lanes do not fill their halves alike (an odd box, or a valid
/// extent that is not the whole box), or nothing.
std::optional<ShardSplit> raggedShard(const Call& c) {
  if (!isOp(c, OpId::AivShard) || c.args.empty()) return std::nullopt;
  const auto* mode = getAttr<SplitMode>(c.kwargs, "split");
  const TileType* src = tileTypeOf(c.args[0]);
  if (!mode || *mode == SplitMode::None || !src || src->shape.size() != 2) return std::nullopt;
  const size_t axis = *mode == SplitMode::UpDown ? 0 : 1;
  const int64_t full = src->shape[axis];
  auto valid = ops::constIntValue(src->validShape()[axis]);
  if (full % 2 == 0 && valid && *valid == full) return std::nullopt;
  const auto* given = getAttr<int64_t>(c.kwargs, "lane_stride");
  const int64_t laneStride = given ? *given : 0;
  return ShardSplit{axis, laneStride ? laneStride : ops::ceilHalf(full), laneStride != 0};
}

/// Whether the function holds a ragged shard that no tile.set_validshape wraps.
class NeedsLocalizing : public IRVisitor {
 public:
  bool found = false;

 protected:
  void visitCall(const Call& c) override {
    if (isOp(c, OpId::SetValidShape) && !c.args.empty())
      if (const auto* inner = c.args[0]->as<Call>(); inner && raggedShard(*inner)) {
        wrapped_.insert(inner);
      }
    if (!wrapped_.count(&c) && raggedShard(c)) found = true;
    IRVisitor::visitCall(c);
  }

 private:
  std::unordered_set<const Call*> wrapped_;
};

/// Wraps ragged shards in the set_validshape of the lane's extent and re-deduces every later
/// type: an assigned variable, a loop's iter_args and return vars and an if's results take the
/// type of the (rewritten) value that now defines them.
class ShardLocalizer final : public IRMutator {
 public:
  ShardLocalizer(ExprPtr lane, DiagnosticEngine& d) : lane_(std::move(lane)), diag_(d) {}

 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& e) override {
    const Call* saved = keep_;
    // The operand of a set_validshape is already localized (by its author or the AUTO arm).
    keep_ = isOp(*e, OpId::SetValidShape) && !e->args.empty() ? e->args[0]->as<Call>() : nullptr;
    bool changed = false;
    std::vector<ExprPtr> args = mutateExprs(e->args, changed);
    keep_ = saved;
    ExprPtr out = e;
    if (changed)
      out = e->op ? ExprPtr(createOpCall(*e->op, std::move(args), e->kwargs, e->span, diag_, {}, {},
                                         e->op->typeFromAnnotation ? e->type : nullptr))
                  : ExprPtr(std::make_shared<Call>(e->callee, nullptr, std::move(args), e->kwargs,
                                                   e->type, e->span));
    if (e.get() == keep_) return out;
    const auto* c = out->as<Call>();
    std::optional<ShardSplit> split = c ? raggedShard(*c) : std::nullopt;
    if (!split) return out;
    std::vector<ExprPtr> valid = tileTypeOf(c->args[0])->validShape();
    valid[split->axis] = laneExtent(valid[split->axis], *split);
    return createOpCall(OpRegistry::instance().get(OpId::SetValidShape), {out, valid[0], valid[1]},
                        {}, e->span, diag_);
  }

  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    ExprPtr value = mutateExpr(s->value);
    VarPtr def = follow(s->var, value->type);
    if (def == s->var && value == s->value) return s;
    return std::make_shared<AssignStmt>(def, value, s->span);
  }

  StmtPtr mutateFor(const std::shared_ptr<const ForStmt>& s) override {
    ExprPtr b = mutateExpr(s->start), e = mutateExpr(s->stop), st = mutateExpr(s->step);
    std::vector<IterArgPtr> ias = carry(s->iterArgs);
    VarPtr lv = mutateDef(s->loopVar);
    StmtPtr body = mutateStmt(s->body);
    std::vector<VarPtr> rvs = results(s->returnVars, body, nullptr, s->span, &ias);
    return std::make_shared<ForStmt>(lv, b, e, st, s->forKind, std::move(ias), body, std::move(rvs),
                                     s->attrs, s->span);
  }

  StmtPtr mutateWhile(const std::shared_ptr<const WhileStmt>& s) override {
    std::vector<IterArgPtr> ias = carry(s->iterArgs);
    ExprPtr c = mutateExpr(s->cond);
    StmtPtr body = mutateStmt(s->body);
    std::vector<VarPtr> rvs = results(s->returnVars, body, nullptr, s->span, &ias);
    return std::make_shared<WhileStmt>(c, std::move(ias), body, std::move(rvs), s->span);
  }

  StmtPtr mutateIf(const std::shared_ptr<const IfStmt>& s) override {
    ExprPtr c = mutateExpr(s->cond);
    StmtPtr t = mutateStmt(s->thenBody), e = s->elseBody ? mutateStmt(s->elseBody) : nullptr;
    std::vector<VarPtr> rvs = results(s->returnVars, t, e.get(), s->span, nullptr);
    return std::make_shared<IfStmt>(c, t, e, std::move(rvs), s->span);
  }

 private:
  static bool isTile(const TypePtr& t) { return t && t->isa<TileType>(); }

  /// `v`, or a fresh variable of `type` (remapped) when a tile's type changed.
  VarPtr follow(const VarPtr& v, const TypePtr& type) {
    VarPtr def = mutateDef(v);
    if (!isTile(type) || !isTile(def->type) || sameType(type, def->type)) return def;
    auto fresh = std::make_shared<Var>(def->name, type, def->span);
    remap(v, fresh);
    return fresh;
  }

  /// The iter_args with their inits rewritten; a tile iter_arg takes its init's new type.
  std::vector<IterArgPtr> carry(const std::vector<IterArgPtr>& ias) {
    std::vector<IterArgPtr> out;
    for (const auto& ia : ias) {
      ExprPtr init = mutateExpr(ia->init);
      TypePtr t = ia->type;
      if (isTile(t) && isTile(init->type) && !sameType(t, init->type)) t = init->type;
      auto fresh = std::make_shared<IterArg>(ia->name, t, init, ia->span);
      remap(ia, fresh);
      out.push_back(fresh);
    }
    return out;
  }

  static const YieldStmt* yieldOf(const Stmt* body) {
    if (!body) return nullptr;
    if (const auto* y = body->as<YieldStmt>()) return y;
    const auto* seq = body->as<SeqStmt>();
    return seq && !seq->stmts.empty() ? yieldOf(seq->stmts.back().get()) : nullptr;
  }

  /// The return vars of a loop (typed as its iter_args) or an if (typed as its yields). A
  /// yielded tile whose type is not the carried one cannot be localized here.
  std::vector<VarPtr> results(const std::vector<VarPtr>& rvs, const StmtPtr& body,
                              const Stmt* other, Span at, const std::vector<IterArgPtr>* ias) {
    std::vector<VarPtr> out;
    const YieldStmt* y = yieldOf(body.get());
    const YieldStmt* y2 = yieldOf(other);
    for (size_t i = 0; i < rvs.size(); ++i) {
      TypePtr want = ias && i < ias->size()      ? (*ias)[i]->type
                     : y && i < y->values.size() ? y->values[i]->type
                                                 : rvs[i]->type;
      for (const YieldStmt* yy : {y, y2}) {
        if (!yy || i >= yy->values.size()) continue;
        const TypePtr& got = yy->values[i]->type;
        if (isTile(got) && isTile(want) && !sameType(got, want)) {
          diag_.error(at,
                      fmt::format("lower-auto-vector-split: '{}' carries a shard's lane extent "
                                  "({}) on one path and {} on another",
                                  rvs[i]->name, typeToString(*want), typeToString(*got)),
                      "give every path the same valid shape (e.g. tile.set_validshape the "
                      "other value to the shard's lane extent)");
          throw CompileError();
        }
      }
      out.push_back(follow(rvs[i], want));
    }
    return out;
  }

  /// min(max(V, idx * S) - idx * S, S); S itself for a static V covering both lanes' boxes.
  ExprPtr laneExtent(const ExprPtr& v, const ShardSplit& s) const {
    if (auto c = ops::constIntValue(v); c && !s.balanced && *c >= 2 * s.stride)
      return constIndex(s.stride);
    ExprPtr start = mul(lane_, constIndex(s.stride));
    return minExpr(sub(maxExpr(v, start), start), constIndex(s.stride));
  }

  ExprPtr lane_;
  DiagnosticEngine& diag_;
  const Call* keep_ = nullptr;
};

}  // namespace

FunctionPtr localizeExplicitShards(const FunctionPtr& f, DiagnosticEngine& diag) {
  NeedsLocalizing scan;
  scan.visitStmt(f->body);
  if (!scan.found) return f;
  std::unordered_set<std::string> names = definedNamesWithPrefix(*f, "subblock_idx");
  auto lane = std::make_shared<Var>(freshName(names, "subblock_idx"), ScalarType::get(DType::Index),
                                    f->body->span);
  ShardLocalizer localizer(lane, diag);
  FunctionPtr out = localizer.mutateFunction(f);
  ExprPtr idx =
      createOpCall(OpRegistry::instance().get(OpId::GetSubblockIdx), {}, {}, f->body->span, diag);
  std::vector<StmtPtr> body{std::make_shared<AssignStmt>(lane, idx, f->body->span)};
  for (auto& s : flattenStmts(out->body)) body.push_back(std::move(s));
  return withBody(*out, makeSeq(std::move(body), out->body->span), out->attrs);
}

}  // namespace ptoc::split
