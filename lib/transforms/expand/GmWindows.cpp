// The GM windows of the split's accesses and whether two may meet (GmWindows.h).
#include "GmWindows.h"

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Type.h"
#include "ptoc/ops/ExtentArith.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

using namespace ir;
using analysis::Interval;

namespace {

/// The elements of a tuple argument (the offsets or shapes of a load or store).
const std::vector<ExprPtr>* tupleElements(const ExprPtr& e) {
  const auto* t = e ? e->as<MakeTuple>() : nullptr;
  return t ? &t->elements : nullptr;
}

/// Binds what `facts` know about the variables of `f` (only those: a program has thousands
/// of loops, and a comparison sees a few variables).
void bindFacts(analysis::Analyzer& arith, const analysis::AffineForm& f, const GmFacts& facts) {
  for (const auto& t : f.terms) {
    const auto* v = t.term ? t.term->as<Var>() : nullptr;
    if (!v) continue;
    VarPtr p = std::static_pointer_cast<const Var>(t.term);
    if (facts.lanes.count(v)) arith.bind(p, 0, 1);
    auto loop = facts.loops.find(v);
    if (loop != facts.loops.end())
      arith.bindLoop(p, loop->second->start, loop->second->stop, loop->second->step);
  }
}

/// Whether every term of `f` is `loopVar` or a lane index (so the form is the same function of
/// the iteration on both sides of a back edge).
bool onlyLoopAndLanes(const analysis::AffineForm& f, const Var* loopVar, const GmFacts& facts) {
  for (const auto& t : f.terms) {
    const auto* v = t.term ? t.term->as<Var>() : nullptr;
    if (!v || (v != loopVar && !facts.lanes.count(v))) return false;
  }
  return true;
}

int64_t coefficientOf(const analysis::AffineForm& f, const Var* v) {
  for (const auto& t : f.terms)
    if (t.term.get() == v) return t.coeff;
  return 0;
}

bool apart(const Interval& a, const Interval& b) {
  return (a.hasUpper() && b.hasLower() && a.hi < b.lo) ||
         (b.hasUpper() && a.hasLower() && b.hi < a.lo);
}

bool boxesApart(const GmAccess& a, const GmAccess& b) {
  if (a.box.empty() || a.box.size() != b.box.size()) return false;
  for (size_t i = 0; i < a.box.size(); ++i)
    if (apart(a.box[i], b.box[i])) return true;
  return false;
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

GmAccess gmAccessOf(const Call& c, bool write, const GmFacts& facts) {
  GmAccess a{c.span, gmWindowOf(c), {}, write};
  if (!a.window) return a;
  analysis::Analyzer arith;
  for (size_t i = 0; i < a.window->offsets.size(); ++i) {
    const ExprPtr& off = a.window->offsets[i];
    bindFacts(arith, arith.toAffine(off), facts);
    Interval b = arith.boundOf(off);
    const std::optional<int64_t>& ext = a.window->extents[i];
    if (!ext || !b.hasUpper() || b.hi > Interval::kPosInf - *ext)
      b.hi = Interval::kPosInf;
    else
      b.hi += *ext - 1;
    a.box.push_back(b);
  }
  return a;
}

bool gmAccessesMayOverlap(const GmAccess& earlier, const GmAccess& later,
                          const GmBackEdge* backEdge, const GmFacts& facts) {
  if (boxesApart(earlier, later)) return false;  // apart whatever the iterations
  const auto& we = earlier.window;
  const auto& wl = later.window;
  if (!we || !wl || we->offsets.size() != wl->offsets.size()) return true;
  analysis::Analyzer arith;
  // Across a for loop's back edge with a constant positive step, `later` runs m >= 1 steps
  // later: its offset with the loop variable advanced by m (a fresh variable).
  const ForStmt* loop = backEdge ? backEdge->loop : nullptr;
  std::optional<int64_t> step = loop ? ops::constIntValue(loop->step) : std::nullopt;
  VarPtr shift;
  if (loop && step && *step > 0) {
    shift = std::make_shared<Var>("gm_shift", ScalarType::get(DType::Index), Span{});
    arith.bind(shift, 1, Interval::kPosInf / 4);
  }
  // `lo`'s window (of `extent`) ends before `hi` begins, for every value of the variables.
  auto before = [&](const ExprPtr& lo, int64_t extent, const ExprPtr& hi) {
    return arith.canProveLE(binary(BinaryOp::Add, lo, constInt(extent)), hi);
  };
  for (size_t i = 0; i < we->offsets.size(); ++i) {
    if (!we->extents[i] || !wl->extents[i]) continue;
    const ExprPtr& e = we->offsets[i];
    const ExprPtr& l = wl->offsets[i];
    int64_t ee = *we->extents[i], el = *wl->extents[i];
    analysis::AffineForm fe = arith.toAffine(e), fl = arith.toAffine(l);
    bindFacts(arith, fe, facts);
    bindFacts(arith, fl, facts);
    if (!backEdge) {
      if (before(e, ee, l) || before(l, el, e)) return false;
      continue;
    }
    if (!shift || !onlyLoopAndLanes(fe, loop->loopVar.get(), facts) ||
        !onlyLoopAndLanes(fl, loop->loopVar.get(), facts))
      continue;
    int64_t c = coefficientOf(fl, loop->loopVar.get());
    ExprPtr advanced =
        c == 0 ? l : binary(BinaryOp::Add, l, binary(BinaryOp::Mul, constInt(c), shift));
    if (before(e, ee, advanced) || before(advanced, el, e)) return false;
  }
  return true;
}

void GmAccessList::add(GmAccess a) {
  if (precise_.size() == kPrecise) {
    GmAccess oldest = std::move(precise_.front());
    precise_.erase(precise_.begin());
    if (!summary_) {
      summary_ = std::move(oldest);
      summary_->window.reset();  // a summary has only its box
    } else {
      if (summary_->box.size() != oldest.box.size() || oldest.box.empty()) summary_->box.clear();
      for (size_t i = 0; i < summary_->box.size(); ++i)
        summary_->box[i] = summary_->box[i].unite(oldest.box[i]);
      summary_->span = oldest.span;
      summary_->write = summary_->write && oldest.write;  // a store only if all were
    }
  }
  precise_.push_back(std::move(a));
}

bool GmAccessList::contains(const Span& s) const {
  bool found = false;
  forEach([&](const GmAccess& a) {
    found = found || (a.span.file == s.file && a.span.begin == s.begin && a.span.end == s.end);
  });
  return found;
}

void GmAccessList::merge(const GmAccessList& other) {
  other.forEach([&](const GmAccess& a) {
    if (!contains(a.span)) add(a);
  });
}

}  // namespace ptoc::expand
