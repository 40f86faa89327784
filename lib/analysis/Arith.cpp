// analysis/Arith: the Analyzer (facts, queries, and the case split of tryProve). See Arith.h
// for the model and the complexity, ArithDetail.h for the data structures.
#include "ptoc/analysis/Arith.h"

#include <unordered_set>

#include "ArithDetail.h"
#include "ptoc/ir/Builder.h"

namespace ptoc::analysis {

using namespace ir;
using detail::Lin;
using detail::VarFact;

namespace detail {

const VarFact* ArithState::factOf(const Var* v) const {
  auto it = facts.find(v);
  return it == facts.end() ? nullptr : &it->second;
}

void ArithState::setFact(VarFact f) {
  const Var* key = f.var.get();
  facts.insert_or_assign(key, std::move(f));
  invalidate();
}

void ArithState::invalidate() {
  linMemo.clear();
  boolMemo.clear();
  atomBounds.clear();
  atomMods.clear();
  linBoundMemo.clear();
}

}  // namespace detail

namespace {

constexpr int64_t kMaxSplitValues = 4;  // a variable with at most this many values is split on
constexpr int64_t kMaxSplitCases = 16;

DType dtypeOfVar(const VarPtr& v) {
  const auto* s = v && v->type ? v->type->as<ScalarType>() : nullptr;
  return s ? s->dtype : DType::Index;
}

/// Moves [lo, hi] inward to the values congruent to m.base modulo m.coeff.
Interval alignTo(Interval r, const detail::Modular& m) {
  if (m.coeff <= 1) return r;
  auto mod = [&](__int128 v) {
    __int128 c = m.coeff, x = v % c;
    return x < 0 ? x + c : x;
  };
  if (r.hasLower()) {
    __int128 lo = static_cast<__int128>(r.lo) + mod(static_cast<__int128>(m.base) - r.lo);
    r.lo = lo > Interval::kPosInf ? Interval::kPosInf : static_cast<int64_t>(lo);
  }
  if (r.hasUpper()) {
    __int128 hi = static_cast<__int128>(r.hi) - mod(static_cast<__int128>(r.hi) - m.base);
    r.hi = hi < Interval::kNegInf ? Interval::kNegInf : static_cast<int64_t>(hi);
  }
  return r;
}

/// Whether `v` occurs in `e` (through integer and bool operators).
bool mentions(const ExprPtr& e, const Var* v) {
  std::vector<const Expr*> stack{e.get()};
  std::unordered_set<const Expr*> seen;
  while (!stack.empty()) {
    const Expr* x = stack.back();
    stack.pop_back();
    if (!x || !seen.insert(x).second) continue;
    if (x == v) return true;
    if (const auto* b = x->as<BinaryExpr>()) {
      stack.push_back(b->lhs.get());
      stack.push_back(b->rhs.get());
    } else if (const auto* u = x->as<UnaryExpr>()) {
      stack.push_back(u->operand.get());
    } else if (const auto* s = x->as<SelectExpr>()) {
      stack.push_back(s->cond.get());
      stack.push_back(s->trueValue.get());
      stack.push_back(s->falseValue.get());
    }
  }
  return false;
}

/// The variables of `e` (first-seen order) that have few enough values to split on.
std::vector<VarPtr> splittableVars(const ExprPtr& e, detail::ArithState& st) {
  std::vector<VarPtr> out;
  std::vector<ExprPtr> stack{e};
  std::unordered_set<const Expr*> seen;
  while (!stack.empty()) {
    ExprPtr x = stack.back();
    stack.pop_back();
    if (!x || !seen.insert(x.get()).second) continue;
    if (const auto* v = x->as<Var>()) {
      const VarFact* f = st.factOf(v);
      if (f && f->range.hasLower() && f->range.hasUpper() && !f->range.isPoint() &&
          f->range.lo <= f->range.hi &&
          (static_cast<uint64_t>(f->range.hi) - static_cast<uint64_t>(f->range.lo)) /
                  static_cast<uint64_t>(f->mod.coeff) <
              static_cast<uint64_t>(kMaxSplitValues))
        out.push_back(f->var);
    } else if (const auto* b = x->as<BinaryExpr>()) {
      stack.push_back(b->rhs);
      stack.push_back(b->lhs);
    } else if (const auto* u = x->as<UnaryExpr>()) {
      stack.push_back(u->operand);
    } else if (const auto* s = x->as<SelectExpr>()) {
      stack.push_back(s->falseValue);
      stack.push_back(s->trueValue);
      stack.push_back(s->cond);
    }
  }
  return out;
}

}  // namespace

Analyzer::Analyzer() : state_(std::make_unique<detail::ArithState>()) {}
Analyzer::~Analyzer() = default;

void Analyzer::bind(const VarPtr& v, int64_t lo, int64_t hi) { bind(v, Interval{lo, hi}); }

void Analyzer::bind(const VarPtr& v, Interval range) {
  VarFact f;
  if (const VarFact* old = state_->factOf(v.get())) f = *old;
  f.var = v;
  f.range = alignTo(f.range.intersect(range).intersect(detail::dtypeRange(dtypeOfVar(v))), f.mod);
  state_->leafAtom(detail::AtomKind::Var, v, dtypeOfVar(v));  // bound variables order first
  state_->setFact(std::move(f));
}

void Analyzer::bindLoop(const VarPtr& v, int64_t start, int64_t stop, int64_t step) {
  if (step == 0) return;  // not a loop
  Interval r;
  if (step > 0) {
    r.lo = start;
    if (__builtin_sub_overflow(stop, 1, &r.hi)) return;
  } else {
    if (__builtin_add_overflow(stop, 1, &r.lo)) return;
    r.hi = start;
  }
  VarFact f;
  if (const VarFact* old = state_->factOf(v.get())) f = *old;
  if (step != 1 && step != -1 && step != Interval::kNegInf) {
    int64_t s = step < 0 ? -step : step;
    detail::Modular m{s, floorModInt(start, s)};
    if (f.mod.coeff <= 1) f.mod = m;  // keep an earlier congruence otherwise
  }
  f.var = v;
  f.range = alignTo(f.range.intersect(r).intersect(detail::dtypeRange(dtypeOfVar(v))), f.mod);
  state_->leafAtom(detail::AtomKind::Var, v, dtypeOfVar(v));
  state_->setFact(std::move(f));
}

void Analyzer::bindLoop(const VarPtr& v, const ExprPtr& start, const ExprPtr& stop,
                        const ExprPtr& step) {
  if (!detail::isModeledIntExpr(start) || !detail::isModeledIntExpr(stop)) return;
  Interval s = step ? boundOf(step) : Interval::point(1);
  if (s.lo <= 0 && s.hi >= 0) return;  // direction unknown (or not a loop)
  bool up = s.lo > 0;
  Interval b0 = boundOf(start), b1 = boundOf(stop);
  if (s.isPoint() && b0.isPoint() && b1.isPoint()) return bindLoop(v, b0.lo, b1.lo, s.lo);
  Interval r = up ? Interval{b0.lo, b1.hi} : Interval{b1.lo, b0.hi};
  if (up && r.hasUpper()) r.hi -= 1;  // v < stop
  if (!up && r.hasLower() && r.lo != Interval::kPosInf) r.lo += 1;
  if (s.isPoint() && b0.isPoint() && s.lo != 1 && s.lo != -1 && s.lo != Interval::kNegInf) {
    // v = start (mod |step|), recorded before bind() aligns the range to it
    VarFact f;
    if (const VarFact* old = state_->factOf(v.get())) f = *old;
    f.var = v;
    int64_t step = s.lo < 0 ? -s.lo : s.lo;
    if (f.mod.coeff <= 1) f.mod = {step, floorModInt(b0.lo, step)};
    state_->setFact(std::move(f));
  }
  bind(v, r);
  if (mentions(start, v.get()) || mentions(stop, v.get())) return;
  VarFact f = *state_->factOf(v.get());
  try {
    Lin lo = state_->canon(start), hi = detail::linAdd(state_->canon(stop), detail::linConst(-1));
    if (!up) {
      lo = detail::linAdd(state_->canon(stop), detail::linConst(1));
      hi = state_->canon(start);
    }
    f.symLo = lo;
    f.symHi = hi;
  } catch (const detail::Overflow&) {
    return;
  }
  state_->setFact(std::move(f));
}

Interval Analyzer::rangeOf(const VarPtr& v) {
  if (const VarFact* f = state_->factOf(v.get())) return f->range;
  return detail::dtypeRange(dtypeOfVar(v));
}

ExprPtr Analyzer::simplify(const ExprPtr& e) {
  if (detail::isModeledIntExpr(e)) return state_->simplifyInt(e);
  if (detail::isBoolExpr(e)) return state_->simplifyBool(e);
  return e;
}

AffineForm Analyzer::toAffine(const ExprPtr& e) {
  AffineForm out;
  if (!detail::isModeledIntExpr(e)) {
    out.terms.push_back({e, 1});
    return out;
  }
  Lin l = state_->canon(e);
  for (const auto& [id, c] : l.terms) out.terms.push_back({state_->rebuildAtom(id), c});
  out.constant = l.k;
  return out;
}

Interval Analyzer::boundOf(const ExprPtr& e) {
  if (!detail::isModeledIntExpr(e)) return Interval::everything();
  return state_->boundLin(state_->canon(e));
}

std::optional<bool> Analyzer::tryProve(const ExprPtr& cond) {
  if (!detail::isBoolExpr(cond)) return std::nullopt;
  if (const auto* c = state_->simplifyBool(cond)->as<ConstBool>()) return c->value;

  // Case split on the variables with few values (e.g. subblock_idx in {0, 1}).
  std::vector<VarPtr> vars;
  int64_t cases = 1;
  for (const VarPtr& v : splittableVars(cond, *state_)) {
    const VarFact* f = state_->factOf(v.get());
    int64_t n = (f->range.hi - f->range.lo) / f->mod.coeff + 1;
    if (cases * n > kMaxSplitCases) continue;
    cases *= n;
    vars.push_back(v);
  }
  if (vars.empty()) return std::nullopt;
  std::vector<VarFact> saved;
  for (const VarPtr& v : vars) saved.push_back(*state_->factOf(v.get()));
  std::vector<int64_t> value;
  for (const VarFact& f : saved) value.push_back(f.range.lo);
  bool anyTrue = false, anyFalse = false;
  while (!(anyTrue && anyFalse)) {
    for (size_t i = 0; i < vars.size(); ++i) {
      VarFact f = saved[i];
      f.range = Interval::point(value[i]);
      state_->facts.insert_or_assign(vars[i].get(), std::move(f));
    }
    state_->invalidate();
    const auto* c = state_->simplifyBool(cond)->as<ConstBool>();
    if (!c) anyTrue = anyFalse = true;  // unknown in one case: unknown overall
    (c && c->value ? anyTrue : anyFalse) = true;
    // the next assignment (odometer over the variables' values)
    size_t i = 0;
    for (; i < vars.size(); ++i) {
      int64_t next = 0;
      if (!__builtin_add_overflow(value[i], saved[i].mod.coeff, &next) &&
          next <= saved[i].range.hi) {
        value[i] = next;
        break;
      }
      value[i] = saved[i].range.lo;
    }
    if (i == vars.size()) break;
  }
  for (VarFact& f : saved) state_->facts.insert_or_assign(f.var.get(), std::move(f));
  state_->invalidate();
  if (anyTrue == anyFalse) return std::nullopt;
  return anyTrue;
}

bool Analyzer::canProveLE(const ExprPtr& a, const ExprPtr& b) { return canProve(le(a, b)); }
bool Analyzer::canProveLT(const ExprPtr& a, const ExprPtr& b) { return canProve(lt(a, b)); }
bool Analyzer::canProveEQ(const ExprPtr& a, const ExprPtr& b) { return canProve(eq(a, b)); }

}  // namespace ptoc::analysis
