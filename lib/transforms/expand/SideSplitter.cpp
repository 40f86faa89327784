// expand-mixed-kernel, the side split: every statement of a mixed InCore function goes to
// the AIC body (CUBE), the AIV body (VECTOR) or both (SHARED); a compound statement holding
// both recurses and is rebuilt on each side with the loop state of that side. Each C/V
// boundary becomes a tpush on the producing side and a tpop on the consuming side:
//
//   boundary                 AIC side                               AIV side
//   tile.move Acc/Mat -> Vec tpush_to_aiv(src, split=0)             dst = tpop_from_aic(split=0)
//   tile.move Vec -> cube    dst_mat = tpop_from_aiv(split=0) (Mat) [NZ adapter move]
//                            [dst = tile.move(dst_mat, target)]     tpush_to_aic(src, split=0)
//   tile.aiv_shard(full, m)  tpush_to_aiv(full, split=CODE[, ls])   half = tpop_from_aic(CODE)
//   tile.aic_gather(half, m) full = tpop_from_aiv(split=CODE)       [NZ adapter (A5)]
//                                                                   tpush_to_aic(half, CODE)
//
// CODE is the pto-isa split code: 1 / 2 (UP_DOWN / LEFT_RIGHT) when the lanes hold equal
// extents (or lane 1 nothing), 3 / 4 when lane 0 holds one more; other shapes are rejected.
// A cube tile.store followed, in the same body, by a vector tile.load of the same tensor is
// fenced: the AIC pushes the stored tile after the store, the AIV pops and frees it before
// the load (a GM-mediated sync).
#include <fmt/format.h>

#include <functional>
#include <unordered_set>

#include "Expand.h"
#include "GmFence.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

using namespace ir;

/// A tile.extract reading a cube tile (Mat / Acc) into Vec: the cube extracts in its own
/// memory and pushes the window to the vector side.
bool isCubeToVectorExtract(const Call& c) {
  if (!isOp(c, OpId::Extract) || c.args.empty()) return false;
  const TileType* src = tileTypeOf(c.args[0]);
  const auto* dst = c.type ? c.type->as<TileType>() : nullptr;
  return src && dst && src->memory && dst->memory && *dst->memory == MemorySpace::Vec &&
         (*src->memory == MemorySpace::Mat || *src->memory == MemorySpace::Acc);
}

bool isBoundaryCall(const Call& c) {
  if (isOp(c, OpId::AivShard) || isOp(c, OpId::AicGather)) return true;
  if (isCubeToVectorExtract(c)) return true;
  return analysis::classifyMoveDirection(c) != analysis::CVDirection::None;
}

// ---- tensor origins ------------------------------------------------------------------------

namespace {

class OriginScan : public IRVisitor {
 public:
  std::unordered_map<const Var*, VarPtr>& parent;
  explicit OriginScan(std::unordered_map<const Var*, VarPtr>& p) : parent(p) {}
  void visitExpr(const ExprPtr&) override {}  // statements only: it reads values directly

 protected:
  void visitAssign(const AssignStmt& a) override {
    IRVisitor::visitAssign(a);
    if (!a.var->type || !a.var->type->isa<TensorType>()) return;
    if (const auto* c = a.value->as<Call>(); c && isOp(*c, OpId::Store) && c->args.size() > 2)
      if (auto d = std::dynamic_pointer_cast<const Var>(c->args[2])) parent[a.var.get()] = d;
    if (auto v = std::dynamic_pointer_cast<const Var>(a.value)) parent[a.var.get()] = v;
  }
  void visitFor(const ForStmt& f) override {
    IRVisitor::visitFor(f);
    loopState(f.iterArgs, f.returnVars);
  }
  void visitWhile(const WhileStmt& w) override {
    IRVisitor::visitWhile(w);
    loopState(w.iterArgs, w.returnVars);
  }
  // A tensor result of an if aliases what its branches yield, when both yield the same tensor
  // (decided once every alias is known: TensorOrigins' constructor).
  void visitIf(const IfStmt& s) override {
    IRVisitor::visitIf(s);
    auto yielded = [](const StmtPtr& b, size_t i) -> VarPtr {
      const auto stmts = b ? flattenStmts(b) : std::vector<StmtPtr>{};
      const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
      return y && i < y->values.size() ? std::dynamic_pointer_cast<const Var>(y->values[i])
                                       : nullptr;
    };
    for (size_t i = 0; i < s.returnVars.size(); ++i) {
      if (!s.returnVars[i]->type || !s.returnVars[i]->type->isa<TensorType>()) continue;
      VarPtr t = yielded(s.thenBody, i), e = yielded(s.elseBody, i);
      if (t && e) ifResults.push_back({s.returnVars[i].get(), t, e});
    }
  }

 public:
  struct IfResult {
    const Var* result;
    VarPtr thenValue, elseValue;
  };
  std::vector<IfResult> ifResults;  // inner ifs first

 private:
  void loopState(const std::vector<IterArgPtr>& ias, const std::vector<VarPtr>& rvs) {
    for (size_t i = 0; i < ias.size(); ++i) {
      if (!ias[i]->type || !ias[i]->type->isa<TensorType>()) continue;
      if (auto init = std::dynamic_pointer_cast<const Var>(ias[i]->init)) {
        parent[ias[i].get()] = init;
        if (i < rvs.size()) parent[rvs[i].get()] = init;
      }
    }
  }
};

}  // namespace

TensorOrigins::TensorOrigins(const Function& f) {
  OriginScan scan(parent_);
  scan.visitStmt(f.body);
  for (const auto& p : f.params) self_[p.get()] = p;
  for (const auto& r : scan.ifResults) {
    VarPtr o = origin(r.thenValue.get());
    if (o && o == origin(r.elseValue.get())) {
      parent_[r.result] = r.thenValue;
      memo_.clear();
    }
  }
}

VarPtr TensorOrigins::origin(const Var* v) const {
  // Follow the alias chain (a store's result -> the tensor it stores to -> ...), then remember
  // the answer for every value on it: a chain of N stores costs O(N) over all queries.
  std::vector<const Var*> path;
  VarPtr result;
  for (size_t guard = 0; v && guard <= parent_.size(); ++guard) {
    if (auto m = memo_.find(v); m != memo_.end()) {
      result = m->second;
      break;
    }
    auto it = parent_.find(v);
    if (it == parent_.end()) {
      if (auto s = self_.find(v); s != self_.end())
        result = s->second;
      else if (!path.empty())
        result = parent_.at(path.back());
      break;
    }
    path.push_back(v);
    v = it->second.get();
  }
  for (const Var* p : path) memo_[p] = result;
  return result;
}

// ---- the splitter --------------------------------------------------------------------------

namespace {

class BoundaryFinder : public IRVisitor {
 public:
  bool found = false;

 protected:
  void visitCall(const Call& c) override {
    if (isBoundaryCall(c)) found = true;
    IRVisitor::visitCall(c);
  }
};

bool containsBoundary(const StmtPtr& s) {
  BoundaryFinder f;
  f.visitStmt(s);
  return f.found;
}

/// The side a loop-carried value lives on: a tile lives where its memory is; anything else
/// (scalars, tensors) is kept on both sides until dead-code elimination decides.
std::optional<Side> sideOfType(const TypePtr& t) {
  const auto* tt = t ? t->as<TileType>() : nullptr;
  if (!tt || !tt->memory) return std::nullopt;
  return isCubeMemorySpace(*tt->memory) ? Side::Aic : Side::Aiv;
}

class Splitter;

/// Replaces every boundary call of one statement by the variable the consuming side binds,
/// emitting the producing side's push and the consuming side's pop.
class BoundaryHoister : public IRMutator {
 public:
  BoundaryHoister(Splitter& s, const Call* top, VarPtr topDest, std::string base)
      : s_(s), top_(top), dest_(std::move(topDest)), base_(std::move(base)) {}

 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& e) override;

 private:
  Splitter& s_;
  const Call* top_;
  VarPtr dest_;
  std::string base_;                // name hint of the variables it binds
  const Expr* narrowed_ = nullptr;  // the tile argument of the enclosing set_validshape
};

class Splitter {
 public:
  Splitter(const Function& f, const TensorOrigins& origins, const SplitterOptions& opt,
           DiagnosticEngine& diag)
      : f_(f), opt_(opt), diag_(diag), origins_(origins), names_(takenNames(f)) {}

  void splitList(const std::vector<StmtPtr>& in, std::vector<StmtPtr>& aic,
                 std::vector<StmtPtr>& aiv);
  /// `narrowed`: the boundary is the tile of a tile.set_validshape, which sets the valid
  /// extents the consuming side sees (lower-auto-vector-split's form).
  VarPtr lowerBoundary(const Call& c, const VarPtr& dest, const std::string& base,
                       bool narrowed = false);

  std::vector<StmtPtr>* aic_ = nullptr;
  std::vector<StmtPtr>* aiv_ = nullptr;

 private:
  void splitLeaf(const StmtPtr& s);
  void splitCompound(const StmtPtr& s);
  void place(const StmtPtr& s, CoreAffinity aff);

  VarPtr fresh(const std::string& base, TypePtr type, Span span) {
    return std::make_shared<Var>(names_.fresh(base), std::move(type), span);
  }
  /// `e` as a variable of the producing side `out` (a temporary when it is no variable).
  VarPtr materialize(const ExprPtr& e, const std::string& base, std::vector<StmtPtr>& out);
  StmtPtr push(std::string_view op, const VarPtr& tile, int64_t code,
               const std::optional<int64_t>& laneStride, Span span);
  VarPtr pop(std::string_view op, TypePtr type, VarPtr dest, const std::string& base, int64_t code,
             const std::optional<int64_t>& laneStride, Span span, std::vector<StmtPtr>& out);
  VarPtr nzAdapter(const VarPtr& v, TileLayout b, TileLayout s, Span span);
  /// The pto-isa code of a shard / gather. `widen` (when not null) lets a ragged box partition
  /// through: it is set when the boundary must transport the whole box instead.
  int64_t splitCode(const Call& c, bool shard, bool* widen);
  VarPtr widenValid(const VarPtr& v, size_t axis, int64_t extent, std::vector<StmtPtr>& out,
                    Span span);
  /// What gmSyncAfter asks of one statement list, computed once per list (on its first cube
  /// store) instead of one scan of the list per store: the cube tile.stores per origin, and
  /// the last statement holding a vector tile.load of each origin.
  struct ListIndex {
    bool built = false;
    std::unordered_map<const Var*, size_t> cubeStores;
    std::unordered_map<const Var*, size_t> lastVectorAccess;
  };
  void buildIndex(const std::vector<StmtPtr>& in, ListIndex& index);
  void gmSyncBefore(const std::vector<StmtPtr>& in, size_t i);
  void gmSyncAfter(const std::vector<StmtPtr>& in, size_t i, ListIndex& index);

  const Function& f_;
  SplitterOptions opt_;
  DiagnosticEngine& diag_;
  const TensorOrigins& origins_;
  TakenNames names_;       // borrows the names of f's variables
  IRMutator rewrite_;      // later uses of variables rebound by the split
  bool remapped_ = false;  // whether rewrite_ has a remap (else it is the identity: no walk)
  void remap(const VarPtr& from, VarPtr to) {
    rewrite_.remap(from, std::move(to));
    remapped_ = true;
  }
  StmtPtr rewritten(const StmtPtr& s) { return remapped_ ? rewrite_.mutateStmt(s) : s; }
  ExprPtr rewritten(const ExprPtr& e) { return remapped_ && e ? rewrite_.mutateExpr(e) : e; }
  // GM-mediated syncs pending in the current list: origin -> the stored tile's type.
  std::vector<std::pair<const Var*, TypePtr>> pendingSync_;
  UnfencedCubeStores unfenced_{origins_, diag_};  // cube stores no sync orders: see GmFence.h
};

ExprPtr BoundaryHoister::mutateCall(const std::shared_ptr<const Call>& e) {
  const Expr* outerNarrowed = narrowed_;
  if (isOp(*e, OpId::SetValidShape) && !e->args.empty()) narrowed_ = e->args[0].get();
  const bool narrowed = outerNarrowed == e.get();
  ExprPtr m = IRMutator::mutateCall(e);
  narrowed_ = outerNarrowed;
  const auto* c = m->as<Call>();
  if (!c || !isBoundaryCall(*c)) return m;
  return s_.lowerBoundary(*c, e.get() == top_ ? dest_ : nullptr, base_, narrowed);
}

VarPtr Splitter::materialize(const ExprPtr& e, const std::string& base, std::vector<StmtPtr>& out) {
  if (auto v = std::dynamic_pointer_cast<const Var>(e)) return v;
  VarPtr t = fresh(base, e->type, e->span);
  out.push_back(assign(t, e, e->span));
  return t;
}

StmtPtr Splitter::push(std::string_view op, const VarPtr& tile, int64_t code,
                       const std::optional<int64_t>& laneStride, Span span) {
  AttrList kw{{"split", code}};
  if (laneStride) kw.emplace_back("lane_stride", *laneStride);
  return evalStmt(createOpCall(OpRegistry::instance().get(op), {tile}, kw, span, diag_), span);
}

VarPtr Splitter::pop(std::string_view op, TypePtr type, VarPtr dest, const std::string& base,
                     int64_t code, const std::optional<int64_t>& laneStride, Span span,
                     std::vector<StmtPtr>& out) {
  AttrList kw{{"split", code}};
  if (laneStride) kw.emplace_back("lane_stride", *laneStride);
  auto call = createOpCall(OpRegistry::instance().get(op), {}, kw, span, diag_, {}, {}, type);
  if (!dest) dest = fresh(base, call->type, span);
  out.push_back(assign(dest, call, span));
  return dest;
}

VarPtr Splitter::nzAdapter(const VarPtr& v, TileLayout b, TileLayout s, Span span) {
  AttrList kw{{"target_memory", MemorySpace::Vec}, {"blayout", b}, {"slayout", s}};
  auto call = createOpCall(OpRegistry::instance().get(OpId::Move), {v}, kw, span, diag_);
  VarPtr out = fresh(v->name + "_nz", call->type, span);
  aiv_->push_back(assign(out, call, span));
  return out;
}

int64_t Splitter::splitCode(const Call& c, bool shard, bool* widen) {
  const auto* m = getAttr<SplitMode>(c.kwargs, "split");
  SplitMode mode = m ? *m : SplitMode::None;
  std::optional<size_t> axis = splitAxis(mode);
  if (!axis) return 0;
  const int64_t even = mode == SplitMode::UpDown ? 1 : 2;
  const TileType* full = shard ? tileTypeOf(c.args[0]) : c.type->as<TileType>();
  if (!full || full->shape.size() <= *axis) return even;
  const int64_t box = ops::ceilHalf(full->shape[*axis]);
  const auto* ls = shard ? getAttr<int64_t>(c.kwargs, "lane_stride") : nullptr;
  const int64_t stride = ls ? *ls : box;
  std::optional<int64_t> valid = ops::constIntValue(full->validShape()[*axis]);
  if (!valid && widen && !shard && !ls) {
    // A gather whose lanes hold runtime extents that the lowering narrows after it: the lanes
    // push whole boxes (the cube side cannot read the vector lanes' extents).
    *widen = true;
    return even;
  }
  if (!valid) return even;  // a runtime extent: the even code (pypto-facts §3.8)
  const int64_t l0 = std::clamp<int64_t>(*valid, 0, stride);
  const int64_t l1 = std::clamp<int64_t>(*valid - stride, 0, stride);
  if (l0 == l1 || l1 == 0) return even;
  if (shard && l0 == l1 + 1) return even + 2;
  if (widen && !ls) {
    // A box partition the lowering narrows right after the boundary: transport the whole box
    // (the pushing side widens its valid extent), the receiving side's set_validshape narrows.
    *widen = true;
    const int64_t extent = shard ? full->shape[*axis] : 2 * box;
    return extent - box == box ? even : even + 2;
  }
  diag_.error(
      c.span,
      fmt::format("expand-mixed-kernel: the {} boundary '{}' leaves the two AIV lanes {} "
                  "and {} cells of its split axis (dim {}, valid extent {} of {}); the "
                  "lanes must hold equal extents{}",
                  shard ? "cube -> vector" : "vector -> cube", c.callee, l0, l1, *axis, *valid,
                  full->shape[*axis],
                  shard ? ", lane 0 exactly one more (the odd split codes), or lane 1 "
                          "nothing"
                        : " or lane 1 nothing (a gather has no odd form)"),
      shard ? fmt::format(
                  "the lanes are rebalanced automatically only when the whole "
                  "split body derives from this boundary: move the values split "
                  "on their own (a load, a generator, a full-width operand) out "
                  "of the split scope, widen the valid extent to {} or {} (or "
                  "narrow it to at most {}) with pl.tile.set_validshape, or, in a "
                  "hand-written split kernel, write lane_stride={}, or narrow the shard to the "
                  "lane's rows: pl.tile.set_validshape(pl.tile.aiv_shard(...), "
                  "...)",
                  2 * box, 2 * box - 1, box, ops::ceilHalf(*valid))
            : fmt::format("pad the split axis to {} and narrow the cube-side result with "
                          "pl.tile.set_validshape",
                          2 * box));
  throw CompileError();
}

VarPtr Splitter::widenValid(const VarPtr& v, size_t axis, int64_t extent, std::vector<StmtPtr>& out,
                            Span span) {
  const auto* t = v->type->as<TileType>();
  PTOC_CHECK(t && t->shape.size() == 2, "expand-mixed-kernel: widening a non 2-D boundary tile");
  std::vector<ExprPtr> valid = t->validShape();
  std::vector<ExprPtr> args{v, valid[0], valid[1]};
  args[1 + axis] = constInt(extent);
  auto call = createOpCall(OpRegistry::instance().get(OpId::SetValidShape), args, {}, span, diag_);
  VarPtr box = fresh(v->name + "_box", call->type, span);
  out.push_back(assign(box, call, span));
  return box;
}

/// `type` with the valid extent of `axis` set to the whole extent.
TypePtr withWholeAxis(const TypePtr& type, size_t axis) {
  const auto* t = type->as<TileType>();
  TileView view = t->effectiveView();
  std::vector<ExprPtr> valid = t->validShape();
  valid[axis] = constInt(t->shape[axis]);
  view.validShape = std::move(valid);
  return TileType::get(t->shape, t->dtype, t->memory, std::move(view));
}

VarPtr Splitter::lowerBoundary(const Call& c, const VarPtr& dest, const std::string& base,
                               bool narrowed) {
  auto& aic = *aic_;
  auto& aiv = *aiv_;
  const auto* ls = getAttr<int64_t>(c.kwargs, "lane_stride");
  std::optional<int64_t> laneStride = ls ? std::optional<int64_t>(*ls) : std::nullopt;
  if (isCubeToVectorExtract(c)) {
    // The window is cut on the cube side (in the source's memory) and pushed whole: each
    // AIV lane receives all of it (split=0). A window at a runtime offset (e.g. a lane's half,
    // offset by subblock_idx, which the cube cannot read) is cut on the vector side instead:
    // the cube pushes the whole source tile and each lane slices its window.
    const bool staticWindow = ops::constIntValue(c.args[1]) && ops::constIntValue(c.args[2]);
    if (!staticWindow) {
      VarPtr whole = materialize(c.args[0], base + "_src", aic);
      aic.push_back(push("tile.tpush_to_aiv", whole, 0, std::nullopt, c.span));
      const auto* wt = whole->type->as<TileType>();
      TypePtr vecType = ops::makeTile(wt->shape, wt->dtype, MemorySpace::Vec,
                                      ops::explicitValidOf(*wt), wt->effectiveView().pad);
      VarPtr got = pop("tile.tpop_from_aic", vecType, nullptr, base + "_whole", 0, std::nullopt,
                       c.span, aiv);
      auto cut = createOpCall(OpRegistry::instance().get(OpId::Slice),
                              {got, c.args[3], makeTuple({c.args[1], c.args[2]}, c.span)}, {},
                              c.span, diag_);
      VarPtr out = dest;
      if (!out || !(out->type && typesEqual(*out->type, *cut->type))) {
        out = fresh(base, cut->type, c.span);
        if (dest) remap(dest, out);
      }
      aiv.push_back(assign(out, cut, c.span));
      return out;
    }
    AttrList kw = c.kwargs;
    for (auto& [k, v] : kw)
      if (k == "target_memory") v = *tileTypeOf(c.args[0])->memory;
    auto cut = createOpCall(OpRegistry::instance().get(OpId::Extract), c.args, kw, c.span, diag_);
    VarPtr win = fresh(base + "_win", cut->type, c.span);
    aic.push_back(assign(win, cut, c.span));
    aic.push_back(push("tile.tpush_to_aiv", win, 0, std::nullopt, c.span));
    return pop("tile.tpop_from_aic", c.type, dest, base, 0, std::nullopt, c.span, aiv);
  }
  if (isOp(c, OpId::AivShard) ||
      analysis::classifyMoveDirection(c) == analysis::CVDirection::CubeToVector) {
    const bool shard = isOp(c, OpId::AivShard);
    const TileType* from = tileTypeOf(c.args[0]);
    if (from && from->memory && *from->memory != MemorySpace::Acc &&
        *from->memory != MemorySpace::Mat) {
      diag_.error(c.span,
                  fmt::format("expand-mixed-kernel: this cube -> vector boundary moves a {} tile; "
                              "the cube pushes only Acc (L0C) or Mat (L1) tiles to the vector "
                              "cores",
                              toString(*from->memory)),
                  "move the Mat tile it was loaded into (or the matmul's Acc result) instead");
      throw CompileError();
    }
    bool widen = false;
    int64_t code = shard ? splitCode(c, true, narrowed ? &widen : nullptr) : 0;
    VarPtr src = materialize(c.args[0], base + "_src", aic);
    if (!widen) {
      aic.push_back(push("tile.tpush_to_aiv", src, code, laneStride, c.span));
      return pop("tile.tpop_from_aic", c.type, dest, base, code, laneStride, c.span, aiv);
    }
    const size_t axis = *splitAxis(*getAttr<SplitMode>(c.kwargs, "split"));
    VarPtr box = widenValid(src, axis, tileTypeOf(c.args[0])->shape[axis], aic, c.span);
    aic.push_back(push("tile.tpush_to_aiv", box, code, laneStride, c.span));
    return pop("tile.tpop_from_aic", withWholeAxis(c.type, axis), nullptr, base, code, laneStride,
               c.span, aiv);
  }
  const bool gather = isOp(c, OpId::AicGather);
  // A split_aiv kernel runs its AIV side on both lanes: each lane would push its own tile
  // with split=0 to the one cube core, which pops once (lane 1's push would be left in the
  // ring, and the cube would compute with lane 0's tile only).
  if (const bool* dual = getAttr<bool>(f_.attrs, ir::fnattr::kSplitAiv); !gather && dual && *dual) {
    diag_.error(c.span,
                fmt::format("expand-mixed-kernel: '{}' runs on both AIV lanes (split_aiv), but "
                            "this vector -> cube move sends one lane's tile: the cube core "
                            "receives one tile, not one per lane",
                            f_.name),
                "gather the lanes' tiles first (x = pl.aic_gather(t) inside a pl.split_aiv "
                "region) and move the gathered tile, or keep the value on the vector side");
    throw CompileError();
  }
  const TileType* srcType = tileTypeOf(c.args[0]);
  const TileType* dstType = c.type->as<TileType>();
  PTOC_CHECK(srcType && dstType && dstType->memory, "expand-mixed-kernel: untyped boundary");
  bool widen = false;
  int64_t code = gather ? splitCode(c, false, narrowed ? &widen : nullptr) : 0;
  VarPtr src = materialize(c.args[0], base + "_src", aiv);
  std::optional<size_t> widenAxis;
  if (widen) {
    widenAxis = *splitAxis(*getAttr<SplitMode>(c.kwargs, "split"));
    src = widenValid(src, *widenAxis, srcType->shape[*widenAxis], aiv, c.span);
  }
  VarPtr pushed = src;
  const MemorySpace target = *dstType->memory;
  // A2/A3 pushes through GM (UB -> GM is ND): no adapter there, whatever the destination.
  if (!target::gatherNeedsNzAdapter(opt_.arch)) {
  } else if (gather) {
    pushed = nzAdapter(src, TileLayout::ColMajor, TileLayout::RowMajor, c.span);
  } else if (target == MemorySpace::Left || target == MemorySpace::Right) {
    pushed = nzAdapter(src, TileLayout::ColMajor, TileLayout::RowMajor, c.span);
  } else if (findAttr(c.kwargs, "blayout") || findAttr(c.kwargs, "slayout")) {
    const auto* b = getAttr<TileLayout>(c.kwargs, "blayout");
    const auto* s = getAttr<TileLayout>(c.kwargs, "slayout");
    pushed = nzAdapter(src, b ? *b : TileLayout::ColMajor, s ? *s : TileLayout::RowMajor, c.span);
  }
  aiv.push_back(push("tile.tpush_to_aic", pushed, code, std::nullopt, c.span));
  if (gather || target == MemorySpace::Mat) {
    if (gather && widenAxis)
      return pop("tile.tpop_from_aiv", withWholeAxis(c.type, *widenAxis), nullptr, base, code, {},
                 c.span, aic);
    if (gather) return pop("tile.tpop_from_aiv", c.type, dest, base, code, {}, c.span, aic);
    // A plain move into Mat: the pop lands in Mat with the move's own layout.
    return pop("tile.tpop_from_aiv", c.type, dest, base, 0, {}, c.span, aic);
  }
  TypePtr matType = ops::makeTile(srcType->shape, srcType->dtype, MemorySpace::Mat,
                                  ops::explicitValidOf(*srcType));
  VarPtr mat = pop("tile.tpop_from_aiv", matType, nullptr, base + "_mat", 0, {}, c.span, aic);
  auto moved = createOpCall(OpRegistry::instance().get(OpId::Move), {mat}, c.kwargs, c.span, diag_);
  VarPtr out = dest;
  if (!out || !(out->type && moved->type && typesEqual(*out->type, *moved->type))) {
    out = fresh(base, moved->type, c.span);
    if (dest) remap(dest, out);
  }
  aic.push_back(assign(out, moved, c.span));
  return out;
}

void Splitter::place(const StmtPtr& s, CoreAffinity aff) {
  switch (aff) {
    case CoreAffinity::Cube:
      aic_->push_back(s);
      return;
    case CoreAffinity::Vector:
      aiv_->push_back(s);
      return;
    case CoreAffinity::Shared:
      aic_->push_back(s);
      aiv_->push_back(s);
      return;
    case CoreAffinity::Mixed:
      break;
  }
  diag_.error(s->span,
              "expand-mixed-kernel: this statement mixes cube and vector work without a "
              "boundary between them",
              "split it into one statement per side, with a pl.move between the cube and the "
              "vector tile");
  throw CompileError();
}

void Splitter::splitLeaf(const StmtPtr& orig) {
  StmtPtr s = rewritten(orig);
  if (s->kind == StmtKind::Return) {
    aiv_->push_back(s);
    return;
  }
  if (!containsBoundary(s)) {
    if (const auto* b = s->as<BufferStoreStmt>()) {
      std::optional<Side> side = sideOfType(b->buffer->type);
      place(s, !side ? CoreAffinity::Shared
                     : (*side == Side::Aic ? CoreAffinity::Cube : CoreAffinity::Vector));
      return;
    }
    place(s, analysis::stmtAffinity(s));
    return;
  }
  const Call* top = analysis::leafCall(*s);
  const auto* a = s->as<AssignStmt>();
  BoundaryHoister hoister(*this, top, a ? a->var : nullptr, a ? a->var->name : "cv");
  if (a) {
    ExprPtr v = hoister.mutateExpr(a->value);
    if (v == a->var) return;  // the boundary was the whole value: the pop binds the variable
    place(assign(a->var, v, s->span), analysis::exprAffinity(v));
    return;
  }
  if (const auto* e = s->as<EvalStmt>()) {
    ExprPtr v = hoister.mutateExpr(e->expr);
    if (v->isa<Var>()) return;
    place(evalStmt(v, s->span), analysis::exprAffinity(v));
    return;
  }
  diag_.error(s->span, "expand-mixed-kernel: a C/V boundary in this statement cannot be split",
              "assign the boundary pl.move / pl.aiv_shard / pl.aic_gather to a variable");
  throw CompileError();
}

void Splitter::splitCompound(const StmtPtr& s) {
  CoreAffinity aff = analysis::stmtAffinity(s);
  if (aff != CoreAffinity::Mixed) {
    if (aff == CoreAffinity::Cube) unfenced_.recordStoresIn(s);  // no sync inside it
    place(rewritten(s), aff);
    return;
  }
  auto splitBody = [&](const StmtPtr& body, std::vector<StmtPtr>& a, std::vector<StmtPtr>& v) {
    auto* sa = aic_;
    auto* sv = aiv_;
    splitList(body ? flattenStmts(body) : std::vector<StmtPtr>{}, a, v);
    aic_ = sa;
    aiv_ = sv;
  };
  auto masks = [](const auto& vars) {
    std::vector<bool> onAic, onAiv;
    for (const auto& v : vars) {
      std::optional<Side> side = sideOfType(v->type);
      onAic.push_back(!side || *side == Side::Aic);
      onAiv.push_back(!side || *side == Side::Aiv);
    }
    return std::pair{onAic, onAiv};
  };
  auto filter = [](const auto& xs, const std::vector<bool>& m) {
    std::decay_t<decltype(xs)> out;
    for (size_t i = 0; i < xs.size() && i < m.size(); ++i)
      if (m[i]) out.push_back(xs[i]);
    return out;
  };
  auto withYield = [&](std::vector<StmtPtr> body, const std::vector<bool>& m, Span span) {
    if (!body.empty())
      if (const auto* y = body.back()->as<YieldStmt>())
        body.back() = yieldStmt(filter(y->values, m), y->span);
    return makeSeq(std::move(body), span);
  };
  auto iterArgs = [&](const std::vector<IterArgPtr>& ias, const std::vector<bool>& m) {
    std::vector<IterArgPtr> out;
    for (size_t i = 0; i < ias.size(); ++i) {
      if (!m[i]) continue;
      ExprPtr init = rewritten(ias[i]->init);
      out.push_back(init == ias[i]->init ? ias[i]
                                         : std::make_shared<IterArg>(ias[i]->name, ias[i]->type,
                                                                     init, ias[i]->span));
    }
    return out;
  };
  if (const auto* f = s->as<ForStmt>()) {
    std::vector<StmtPtr> a, v;
    unfenced_.loop(*f);
    UnfencedCubeStores::Stores before = unfenced_.stores();
    splitBody(f->body, a, v);
    unfenced_.checkBackEdge(before, f->body, f);
    auto [ma, mv] = masks(f->iterArgs);
    ExprPtr b = rewritten(f->start), e = rewritten(f->stop), st = rewritten(f->step);
    aic_->push_back(std::make_shared<ForStmt>(f->loopVar, b, e, st, f->forKind,
                                              iterArgs(f->iterArgs, ma), withYield(a, ma, f->span),
                                              filter(f->returnVars, ma), f->attrs, f->span));
    aiv_->push_back(std::make_shared<ForStmt>(f->loopVar, b, e, st, f->forKind,
                                              iterArgs(f->iterArgs, mv), withYield(v, mv, f->span),
                                              filter(f->returnVars, mv), f->attrs, f->span));
    return;
  }
  if (const auto* w = s->as<WhileStmt>()) {
    std::vector<StmtPtr> a, v;
    UnfencedCubeStores::Stores before = unfenced_.stores();
    splitBody(w->body, a, v);
    unfenced_.checkBackEdge(before, w->body, nullptr);
    auto [ma, mv] = masks(w->iterArgs);
    ExprPtr c = rewritten(w->cond);
    aic_->push_back(std::make_shared<WhileStmt>(c, iterArgs(w->iterArgs, ma),
                                                withYield(a, ma, w->span),
                                                filter(w->returnVars, ma), w->span));
    aiv_->push_back(std::make_shared<WhileStmt>(c, iterArgs(w->iterArgs, mv),
                                                withYield(v, mv, w->span),
                                                filter(w->returnVars, mv), w->span));
    return;
  }
  if (const auto* i = s->as<IfStmt>()) {
    std::vector<StmtPtr> ta, tv, ea, ev;
    // The branches exclude each other: a store in one is no store before the other.
    UnfencedCubeStores::Stores before = unfenced_.stores();
    splitBody(i->thenBody, ta, tv);
    UnfencedCubeStores::Stores afterThen = unfenced_.stores();
    unfenced_.reset(before);
    if (i->elseBody) splitBody(i->elseBody, ea, ev);
    unfenced_.merge(afterThen);
    auto [ma, mv] = masks(i->returnVars);
    ExprPtr c = rewritten(i->cond);
    auto elseOf = [&](std::vector<StmtPtr>& body, const std::vector<bool>& m) -> StmtPtr {
      return i->elseBody ? withYield(body, m, i->elseBody->span) : nullptr;
    };
    aic_->push_back(std::make_shared<IfStmt>(c, withYield(ta, ma, i->span), elseOf(ea, ma),
                                             filter(i->returnVars, ma), i->span));
    aiv_->push_back(std::make_shared<IfStmt>(c, withYield(tv, mv, i->span), elseOf(ev, mv),
                                             filter(i->returnVars, mv), i->span));
    return;
  }
  diag_.error(s->span,
              "expand-mixed-kernel: this scope holds both cube and vector work, which cannot "
              "be split across the cores",
              "keep the scope on one side: move its cube (or vector) statements out of it");
  throw CompileError();
}

void Splitter::buildIndex(const std::vector<StmtPtr>& in, ListIndex& index) {
  index.built = true;
  for (const auto& s : in) {
    const Call* o = analysis::leafCall(*s);
    if (o && isOp(*o, OpId::Store) && o->args.size() > 2 &&
        classifyCallAffinity(*o) == CoreAffinity::Cube)
      if (const auto* d = o->args[2]->as<Var>())
        if (VarPtr origin = origins_.origin(d)) ++index.cubeStores[origin.get()];
  }
  for (size_t j = 0; j < in.size(); ++j) {
    TensorAccessFinder finder(
        origins_, [&](const Var* origin, const Call&) { index.lastVectorAccess[origin] = j; });
    finder.visitStmt(in[j]);
  }
}

/// A unique cube tile.store of this list whose tensor a later vector op reads or writes (a
/// tile.load, a tile.store, an atomic tile.store adding into it).
void Splitter::gmSyncAfter(const std::vector<StmtPtr>& in, size_t i, ListIndex& index) {
  const auto* a = in[i]->as<AssignStmt>();
  const Call* c = analysis::leafCall(*in[i]);
  if (!c || !isOp(*c, OpId::Store) || c->args.size() < 3) return;
  if (classifyCallAffinity(*c) != CoreAffinity::Cube) return;
  const auto* dst = c->args[2]->as<Var>();
  auto tile = std::dynamic_pointer_cast<const Var>(c->args[0]);
  VarPtr origin = dst ? origins_.origin(dst) : nullptr;
  if (!origin) return;
  unfenced_.unfenced(origin.get(), *c);  // until the sync below orders it
  if (!tile || !a) return;
  if (!index.built) buildIndex(in, index);
  // Unique: no other cube store to this tensor in the list.
  if (index.cubeStores[origin.get()] > 1) return;
  auto load = index.lastVectorAccess.find(origin.get());
  if (load == index.lastVectorAccess.end() || load->second <= i) return;
  aic_->push_back(push("tile.tpush_to_aiv", tile, 0, std::nullopt, in[i]->span));
  pendingSync_.emplace_back(origin.get(), tile->type);
  unfenced_.fenced(origin.get());
}

void Splitter::gmSyncBefore(const std::vector<StmtPtr>& in, size_t i) {
  for (auto it = pendingSync_.begin(); it != pendingSync_.end();) {
    TensorAccessFinder finder(origins_, it->first);
    finder.visitStmt(in[i]);
    if (!finder.found) {
      ++it;
      continue;
    }
    const auto* t = it->second->as<TileType>();
    TypePtr vec = ops::makeTile(t->shape, t->dtype, MemorySpace::Vec);
    VarPtr tok = pop("tile.tpop_from_aic", vec, nullptr, "gm_sync", 0, {}, in[i]->span, *aiv_);
    aiv_->push_back(evalStmt(createOpCall(OpRegistry::instance().get("system.tfree_to_aic"), {tok},
                                          {}, in[i]->span, diag_),
                             in[i]->span));
    it = pendingSync_.erase(it);
  }
}

void Splitter::splitList(const std::vector<StmtPtr>& in, std::vector<StmtPtr>& aic,
                         std::vector<StmtPtr>& aiv) {
  auto* sa = aic_;
  auto* sv = aiv_;
  aic_ = &aic;
  aiv_ = &aiv;
  auto pending = std::move(pendingSync_);
  pendingSync_.clear();
  ListIndex index;
  for (size_t i = 0; i < in.size(); ++i) {
    const StmtPtr& s = in[i];
    gmSyncBefore(in, i);
    unfenced_.checkAccesses(s);
    switch (s->kind) {
      case StmtKind::For:
      case StmtKind::While:
      case StmtKind::If:
      case StmtKind::InCoreScope:
      case StmtKind::SplitAivScope:
      case StmtKind::SimdVfScope:
        splitCompound(s);
        break;
      case StmtKind::Seq:
        splitList(flattenStmts(s), aic, aiv);
        aic_ = &aic;
        aiv_ = &aiv;
        break;
      default:
        if (const auto* a = s->as<AssignStmt>())
          if (const auto* c = a->value->as<Call>(); c && isOp(*c, OpId::GetSubblockIdx))
            unfenced_.laneIndex(a->var);
        splitLeaf(s);
        gmSyncAfter(in, i, index);
        break;
    }
  }
  pendingSync_ = std::move(pending);
  aic_ = sa;
  aiv_ = sv;
}

}  // namespace

SideBodies splitSides(const Function& f, const TensorOrigins& origins, const SplitterOptions& opt,
                      DiagnosticEngine& diag) {
  Splitter s(f, origins, opt, diag);
  std::vector<StmtPtr> aic, aiv;
  s.splitList(flattenStmts(f.body), aic, aiv);
  return {makeSeq(std::move(aic), f.body->span), makeSeq(std::move(aiv), f.body->span)};
}

}  // namespace ptoc::expand
