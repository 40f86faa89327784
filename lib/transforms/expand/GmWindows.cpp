// The GM windows of the split's accesses and whether two may meet (GmWindows.h).
#include "GmWindows.h"

#include <unordered_set>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Type.h"
#include "ptoc/ir/Visitor.h"
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

/// Whether `e` mentions one of `vars`.
class VarFinder : public IRVisitor {
 public:
  explicit VarFinder(const std::unordered_map<const Var*, VarPtr>& vars) : vars_(vars) {}
  bool found = false;

 protected:
  void visitVar(const Var& v) override { found = found || vars_.count(&v); }

 private:
  const std::unordered_map<const Var*, VarPtr>& vars_;
};

bool mentions(const ExprPtr& e, const std::unordered_map<const Var*, VarPtr>& vars) {
  VarFinder f(vars);
  f.visitExpr(e);
  return f.found;
}

/// Binds what `facts` know about every variable inside `e` (also inside min / max terms).
class FactBinder : public IRVisitor {
 public:
  FactBinder(analysis::Analyzer& a, const GmFacts& f) : arith_(a), facts_(f) {}

 protected:
  void visitVar(const Var& v) override {
    if (!seen_.insert(&v).second) return;
    if (facts_.lanes.count(&v)) arith_.bind(shared(v), 0, 1);
    auto loop = facts_.loops.find(&v);
    if (loop != facts_.loops.end())
      arith_.bindLoop(shared(v), loop->second->start, loop->second->stop, loop->second->step);
  }

 private:
  /// The loop's or the lane assignment's own pointer to `v`.
  VarPtr shared(const Var& v) {
    auto loop = facts_.loops.find(&v);
    if (loop != facts_.loops.end()) return loop->second->loopVar;
    auto lane = facts_.lanes.find(&v);
    return lane != facts_.lanes.end() ? lane->second : nullptr;
  }
  analysis::Analyzer& arith_;
  const GmFacts& facts_;
  std::unordered_set<const Var*> seen_;
};

void bindVarsIn(analysis::Analyzer& arith, const ExprPtr& e, const GmFacts& facts) {
  FactBinder b(arith, facts);
  b.visitExpr(e);
}

/// The box of `w` under `facts`.
std::vector<Interval> boxOf(const GmWindow& w, const GmFacts& facts) {
  std::vector<Interval> box;
  analysis::Analyzer arith;
  for (size_t i = 0; i < w.offsets.size(); ++i) {
    const ExprPtr& off = w.offsets[i];
    bindVarsIn(arith, off, facts);
    Interval b = arith.boundOf(off);
    const std::optional<int64_t>& ext = w.extents[i];
    if (!ext || !b.hasUpper() || b.hi > Interval::kPosInf - *ext)
      b.hi = Interval::kPosInf;
    else
      b.hi += *ext - 1;
    box.push_back(b);
  }
  return box;
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
  GmWindow w{*offsets, {}, {}};
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

/// Narrows `w`'s extents to the bounds of its valid extents, with the lane indices bound to
/// `lane` (or to {0, 1} when negative).
void narrowToValid(GmWindow& w, const GmFacts& facts, int64_t lane) {
  if (w.valid.empty()) return;
  analysis::Analyzer arith;
  for (const auto& [v, owned] : facts.lanes)
    arith.bind(owned, lane < 0 ? 0 : lane, lane < 0 ? 1 : lane);
  for (size_t i = 0; i < w.extents.size() && i < w.valid.size(); ++i) {
    const ExprPtr& v = w.valid[i];
    if (!v || !w.extents[i]) continue;
    bindVarsIn(arith, v, facts);
    Interval b = arith.boundOf(v);
    if (b.hasUpper() && b.hi >= 0 && b.hi < *w.extents[i]) w.extents[i] = b.hi;
  }
}

GmAccess gmAccessOf(const Call& c, bool write, const GmFacts& facts) {
  GmAccess a{c.span, gmWindowOf(c), {}, write};
  if (!a.window) return a;
  // A store writes the tile's valid part: an extent no larger than the bound of its valid
  // shape (a split tile's valid rows depend on the lane; here the larger lane's count).
  const auto* t =
      isOp(c, OpId::Store) && c.args[0]->type ? c.args[0]->type->as<TileType>() : nullptr;
  if (t && t->view && t->view->validShape.size() == a.window->extents.size())
    a.window->valid = t->view->validShape;
  narrowToValid(*a.window, facts, -1);
  a.box = boxOf(*a.window, facts);
  return a;
}

bool gmAccessIsLaneSplit(const GmAccess& a, const GmFacts& facts) {
  if (!a.window) return false;
  for (const ExprPtr& off : a.window->offsets)
    if (mentions(off, facts.lanes)) return true;
  return false;
}

std::optional<GmAccess> gmAccessOnLane(const GmAccess& a, int64_t lane, const GmFacts& facts) {
  if (!a.window) return a;
  GmAccess out = a;
  analysis::Analyzer arith;
  for (ExprPtr& off : out.window->offsets) {
    if (!mentions(off, facts.lanes)) continue;
    analysis::AffineForm f = arith.toAffine(off);
    int64_t laneTerms = 0;  // sum of the lane coefficients
    std::vector<std::pair<ExprPtr, int64_t>> lanes;
    for (const auto& t : f.terms) {
      const auto* v = t.term ? t.term->as<Var>() : nullptr;
      if (v && facts.lanes.count(v)) {
        lanes.emplace_back(t.term, t.coeff);
        laneTerms += t.coeff;
      } else if (mentions(t.term, facts.lanes)) {
        return std::nullopt;  // a lane index inside a non-affine term
      }
    }
    // off - sum(c * lane_k) + (sum c) * lane
    for (const auto& [v, c] : lanes)
      off = binary(BinaryOp::Sub, off, binary(BinaryOp::Mul, constInt(c), v));
    off = binary(BinaryOp::Add, off, constInt(laneTerms * lane));
  }
  narrowToValid(*out.window, facts, lane);
  out.box = boxOf(*out.window, facts);
  return out;
}

namespace {

/// The windows of the same iteration, apart for every value of the loop variables in their
/// offsets taken one by one (for loops with constant bounds and at most 64 combinations):
/// disjointness that needs a case split (rows [64 j, 64 j + 64) and [128, 192) for j in
/// {0, 1, 3}), which one proof over the whole range cannot show.
bool apartInEveryIteration(const GmWindow& a, const GmWindow& b, const GmFacts& facts) {
  struct Enumerated {
    VarPtr var;
    int64_t start, stop, step;
  };
  std::vector<Enumerated> vars;
  int64_t combos = 1;
  analysis::Analyzer probe;
  for (const GmWindow* w : {&a, &b})
    for (const ExprPtr& off : w->offsets)
      for (const auto& t : probe.toAffine(off).terms) {
        const auto* v = t.term ? t.term->as<Var>() : nullptr;
        auto loop = v ? facts.loops.find(v) : facts.loops.end();
        if (loop == facts.loops.end()) continue;
        bool seen = false;
        for (const Enumerated& e : vars) seen = seen || e.var.get() == v;
        if (seen) continue;
        const ForStmt& f = *loop->second;
        auto start = ops::constIntValue(f.start), stop = ops::constIntValue(f.stop),
             step = f.step ? ops::constIntValue(f.step) : std::optional<int64_t>(1);
        if (!start || !stop || !step || *step <= 0) return false;
        int64_t trips = *stop > *start ? (*stop - *start + *step - 1) / *step : 0;
        combos *= std::max<int64_t>(trips, 1);
        if (combos > 64) return false;
        vars.push_back({f.loopVar, *start, *stop, *step});
      }
  if (vars.empty()) return false;
  std::vector<int64_t> value(vars.size());
  for (size_t k = 0; k < vars.size(); ++k) value[k] = vars[k].start;
  while (true) {
    analysis::Analyzer arith;
    for (size_t k = 0; k < vars.size(); ++k) arith.bind(vars[k].var, value[k], value[k]);
    bool apart = false;
    for (size_t i = 0; i < a.offsets.size() && !apart; ++i) {
      if (!a.extents[i] || !b.extents[i]) continue;
      bindVarsIn(arith, a.offsets[i], facts);
      bindVarsIn(arith, b.offsets[i], facts);
      apart = arith.canProveLE(binary(BinaryOp::Add, a.offsets[i], constInt(*a.extents[i])),
                               b.offsets[i]) ||
              arith.canProveLE(binary(BinaryOp::Add, b.offsets[i], constInt(*b.extents[i])),
                               a.offsets[i]);
    }
    if (!apart) return false;
    size_t k = 0;  // the next combination
    for (; k < vars.size(); ++k) {
      value[k] += vars[k].step;
      if (value[k] < vars[k].stop) break;
      value[k] = vars[k].start;
    }
    if (k == vars.size()) return true;
  }
}

}  // namespace

bool gmAccessesMayOverlap(const GmAccess& earlier, const GmAccess& later,
                          const GmBackEdge* backEdge, const GmFacts& facts) {
  if (boxesApart(earlier, later)) return false;  // apart whatever the iterations
  const auto& we = earlier.window;
  const auto& wl = later.window;
  if (!we || !wl || we->offsets.size() != wl->offsets.size()) return true;
  analysis::Analyzer arith;
  // An earlier window that is the same in every iteration (constant but for the lane index:
  // e.g. an access before the loop) meets the later one across the back edge exactly when
  // it meets it in some iteration: the same-iteration comparison (for every value of the
  // later one's variables) decides.
  if (backEdge) {
    bool fixed = true;
    for (const ExprPtr& off : we->offsets)
      fixed = fixed && onlyLoopAndLanes(arith.toAffine(off), nullptr, facts);
    if (fixed) backEdge = nullptr;
  }
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
    bindVarsIn(arith, e, facts);
    bindVarsIn(arith, l, facts);
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
  return backEdge || !apartInEveryIteration(*we, *wl, facts);
}

bool gmBoxesApart(const GmAccess& a, const GmAccess& b) { return boxesApart(a, b); }

bool gmSameWindow(const GmAccess& a, const GmAccess& b) {
  if (!a.window || !b.window || a.window->offsets.size() != b.window->offsets.size()) return false;
  analysis::Analyzer arith;
  for (size_t i = 0; i < a.window->offsets.size(); ++i) {
    if (!a.window->extents[i] || a.window->extents[i] != b.window->extents[i]) return false;
    if (!arith.canProveEQ(a.window->offsets[i], b.window->offsets[i])) return false;
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
      summary_->write = summary_->write || oldest.write;  // some folded access writes
      // (adds: only if all were adds; a window-less summary never counts as the same window)
      summary_->adds = summary_->adds && oldest.adds;
      summary_->laneSplit = summary_->laneSplit || oldest.laneSplit;
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
