// Which vector calls access a GM tensor, and the cube stores no GM sync fences (GmFence.h).
#include "GmFence.h"

#include <fmt/format.h>

#include "ptoc/analysis/Arith.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ops/ExtentArith.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

using namespace ir;

void TensorAccessFinder::visitCall(const Call& c) {
  IRVisitor::visitCall(c);
  if (!c.op || classifyCallAffinity(c) != CoreAffinity::Vector) return;
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (argEffect(c, i) == MemoryEffect::None) continue;
    const auto* v = c.args[i]->as<Var>();
    if (!v || !v->type || !v->type->isa<TensorType>()) continue;
    const Var* o = origins_.origin(v).get();
    if (each_) {
      if (o) each_(o, c);
    } else if (o == origin_) {
      found = true;
    }
  }
}

namespace {

/// The cube tile.stores inside a statement, with their tensors' origins.
class CubeStoreFinder : public IRVisitor {
 public:
  CubeStoreFinder(const TensorOrigins& o, UnfencedCubeStores& out) : origins_(o), out_(out) {}

 protected:
  void visitFor(const ForStmt& f) override {
    out_.loop(f);
    IRVisitor::visitFor(f);
  }
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (!isOp(c, OpId::Store) || c.args.size() < 3) return;
    if (classifyCallAffinity(c) != CoreAffinity::Cube) return;
    if (const auto* dst = c.args[2]->as<Var>())
      if (VarPtr o = origins_.origin(dst)) out_.unfenced(o.get(), c);
  }

 private:
  const TensorOrigins& origins_;
  UnfencedCubeStores& out_;
};

/// The elements of a tuple argument (the offsets or shapes of a load or store).
const std::vector<ExprPtr>* tupleElements(const ExprPtr& e) {
  const auto* t = e ? e->as<MakeTuple>() : nullptr;
  return t ? &t->elements : nullptr;
}

}  // namespace

std::optional<GmWindow> gmWindowOf(const Call& c) {
  bool load = isOp(c, OpId::Load), store = isOp(c, OpId::Store);
  if ((!load && !store) || c.args.size() < 3) return std::nullopt;
  const auto* offsets = tupleElements(c.args[1]);
  if (!offsets) return std::nullopt;
  GmWindow w{*offsets, {}};
  if (load) {
    const auto* shapes = tupleElements(c.args[2]);
    if (!shapes || shapes->size() != offsets->size()) return std::nullopt;
    for (const auto& e : *shapes) w.extents.push_back(ops::constIntValue(e));
  } else {
    const auto* t = c.args[0]->type ? c.args[0]->type->as<TileType>() : nullptr;
    if (!t || t->shape.size() != offsets->size()) return std::nullopt;
    for (int64_t d : t->shape) w.extents.emplace_back(d);
  }
  return w;
}

bool gmWindowsMayOverlap(const std::optional<GmWindow>& a, const std::optional<GmWindow>& b,
                         bool sameIteration, const GmFacts& facts) {
  if (!a || !b || a->offsets.size() != b->offsets.size()) return true;
  analysis::Analyzer arith;
  for (const VarPtr& lane : facts.lanes) arith.bind(lane, 0, 1);
  for (const ForStmt* f : facts.loops) arith.bindLoop(f->loopVar, f->start, f->stop, f->step);
  // `lo`'s window ends before `hi`'s begins.
  auto before = [&](const ExprPtr& lo, int64_t extent, const ExprPtr& hi) {
    if (sameIteration) return arith.canProveLE(binary(BinaryOp::Add, lo, constInt(extent)), hi);
    analysis::Interval l = arith.boundOf(lo), h = arith.boundOf(hi);
    return l.hasUpper() && h.hasLower() && l.hi <= analysis::Interval::kPosInf - extent &&
           l.hi + extent <= h.lo;
  };
  for (size_t i = 0; i < a->offsets.size(); ++i) {
    if (!a->extents[i] || !b->extents[i]) continue;
    if (before(a->offsets[i], *a->extents[i], b->offsets[i]) ||
        before(b->offsets[i], *b->extents[i], a->offsets[i]))
      return false;
  }
  return true;
}

void UnfencedCubeStores::unfenced(const Var* origin, const Call& store) {
  stores_[origin].push_back({store.span, gmWindowOf(store)});
}

void UnfencedCubeStores::merge(const Stores& other) {
  for (const auto& [o, list] : other) {
    auto& mine = stores_[o];
    for (const Store& s : list) {
      bool known = false;
      for (const Store& m : mine)
        known = known || (m.span.file == s.span.file && m.span.begin == s.span.begin);
      if (!known) mine.push_back(s);
    }
  }
}

void UnfencedCubeStores::recordStoresIn(const StmtPtr& s) {
  CubeStoreFinder finder(origins_, *this);
  finder.visitStmt(s);
}

void UnfencedCubeStores::checkAccesses(const StmtPtr& s) const {
  if (stores_.empty()) return;
  TensorAccessFinder finder(origins_, [&](const Var* o, const Call& access) {
    auto it = stores_.find(o);
    if (it == stores_.end()) return;
    std::optional<GmWindow> window = gmWindowOf(access);
    for (auto s = it->second.rbegin(); s != it->second.rend(); ++s)  // the latest first
      if (gmWindowsMayOverlap(s->window, window, true, facts_)) reject(access, *o, s->span, false);
  });
  finder.visitStmt(s);
}

void UnfencedCubeStores::checkBackEdge(const Stores& before, const StmtPtr& body) const {
  Stores added;
  for (const auto& [o, list] : stores_) {
    auto it = before.find(o);
    for (const Store& s : list) {
      bool old = false;
      if (it != before.end())
        for (const Store& b : it->second)
          old = old || (b.span.file == s.span.file && b.span.begin == s.span.begin);
      if (!old) added[o].push_back(s);
    }
  }
  if (added.empty()) return;
  TensorAccessFinder finder(origins_, [&](const Var* o, const Call& access) {
    auto it = added.find(o);
    if (it == added.end()) return;
    std::optional<GmWindow> window = gmWindowOf(access);
    for (auto s = it->second.rbegin(); s != it->second.rend(); ++s)  // the latest first
      if (gmWindowsMayOverlap(s->window, window, false, facts_)) reject(access, *o, s->span, true);
  });
  finder.visitStmt(body);
}

void UnfencedCubeStores::reject(const Call& access, const Var& origin, Span store,
                                bool nextIteration) const {
  Diagnostic d;
  d.span = access.span;
  d.message = fmt::format(
      "expand-mixed-kernel: this vector {} accesses '{}', which the cube stores {}; after the "
      "split the AIC and the AIV run concurrently, and nothing orders this access after that "
      "store (a cube store is fenced only against the vector accesses after it in the same "
      "block), so the result depends on their timing",
      access.callee, origin.name,
      nextIteration ? "later in this loop body (the access of the next iteration comes after it)"
                    : "in a loop or branch above, or more than once");
  d.notes.emplace_back(store, fmt::format("the cube store of '{}'", origin.name));
  d.hint =
      "store the cube result once, after the loop (or right before the vector access, in the "
      "same block), so the store can be fenced; or do the vector access in a later kernel";
  diag_.report(std::move(d));
  throw CompileError();
}

}  // namespace ptoc::expand
