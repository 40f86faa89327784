// Lane-localized valid extents of author-written tile.aiv_shard calls (ShardValid.h).
#include "ShardValid.h"

#include <unordered_set>

#include "../TileBlockRewriter.h"
#include "SplitUtils.h"
#include "ptoc/ir/FunctionBuilder.h"
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

class ShardLocalizer final : public TileBlockRewriter {
 public:
  ShardLocalizer(ExprPtr lane, DiagnosticEngine& d) : TileBlockRewriter(d), lane_(std::move(lane)) {}

 protected:
  ExprPtr rewriteCall(const Call& call, const ExprPtr& original, const TypePtr& resultType,
                      Span at) override {
    const Call* keep = nullptr;
    if (isOp(call, OpId::SetValidShape) && !call.args.empty())
      keep = call.args[0]->as<Call>();  // already localized (by its author or the AUTO arm)
    const Call* savedKeep = keep_;
    keep_ = keep;
    bool changed = false;
    std::vector<ExprPtr> args = mutateExprs(call.args, changed);
    keep_ = savedKeep;
    ExprPtr out = changed ? ExprPtr(rebuild(call, std::move(args), resultType)) : original;
    const auto* c = out->as<Call>();
    if (!c || &call == keep_) return out;
    std::optional<ShardSplit> split = raggedShard(*c);
    if (!split) return out;
    const TileType* src = tileTypeOf(c->args[0]);
    std::vector<ExprPtr> valid = src->validShape();
    valid[split->axis] = laneExtent(valid[split->axis], *split);
    return createOpCall(OpRegistry::instance().get(OpId::SetValidShape),
                        {out, valid[0], valid[1]}, {}, at, diag_);
  }

 private:
  /// min(max(V, idx * S) - idx * S, S); S itself for a static V covering both lanes' boxes.
  ExprPtr laneExtent(const ExprPtr& v, const ShardSplit& s) const {
    if (auto c = ops::constIntValue(v); c && !s.balanced && *c >= 2 * s.stride)
      return constIndex(s.stride);
    ExprPtr start = mul(lane_, constIndex(s.stride));
    return minExpr(sub(maxExpr(v, start), start), constIndex(s.stride));
  }

  ExprPtr lane_;
  const Call* keep_ = nullptr;
};

}  // namespace

FunctionPtr localizeExplicitShards(const FunctionPtr& f, DiagnosticEngine& diag) {
  NeedsLocalizing scan;
  scan.visitStmt(f->body);
  if (!scan.found) return f;
  std::unordered_set<std::string> names = definedNamesWithPrefix(*f, "subblock_idx");
  auto lane = std::make_shared<Var>(freshName(names, "subblock_idx"),
                                    ScalarType::get(DType::Index), f->body->span);
  ShardLocalizer localizer(lane, diag);
  FunctionPtr out = localizer.rewrite(f);
  ExprPtr idx = createOpCall(OpRegistry::instance().get(OpId::GetSubblockIdx), {}, {},
                             f->body->span, diag);
  std::vector<StmtPtr> body{std::make_shared<AssignStmt>(lane, idx, f->body->span)};
  for (auto& s : flattenStmts(out->body)) body.push_back(std::move(s));
  return withBody(*out, makeSeq(std::move(body), out->body->span), out->attrs);
}

}  // namespace ptoc::split
