// legalize-parallel (architecture §5.2; seed 003 §2.1): control flow inside a T.Parallel unit
// becomes values and predicates; no VMI is emitted. An `if` whose arms are predicate-free
// stores merges into Select stores along one output plan that keeps both arms' store orders
// (a store only one arm makes keeps the old value elsewhere, at its own place); an arm with a
// predicated store, or arms whose common stores come in different orders, become the two
// arms as complementary predicated sequences (c / not c, conjoined with inner predicates),
// each in its own order. A single-sided `if` is Select(c, new, old) at the top of a unit and
// a predicated store inside another arm. min / max become compare + select. Conditions are
// bound once, before the first store of their `if`. A scalar assigned inside an arm (`v = x`,
// or `v = pl.yield_(x)` naming the `if`'s result) is a value item: both arms assign it ->
// `v = select(c, t, e)`; one arm only -> `v = select(c, new, v)` where `v` has a value before,
// else `v = new` (the other lanes never defined it). See docs/passes/legalize-parallel.md.
#include <fmt/format.h>

#include <map>
#include <set>

#include "SimdVfLegalize.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc::simdvf {

using namespace ir;

namespace {

/// min(a, b) -> select(a < b, a, b); max(a, b) -> select(a > b, a, b). The operands are the
/// same expression objects on both sides, so the conversion evaluates them once.
class MinMaxToSelect final : public IRMutator {
 public:
  ExprPtr mutateBinary(const std::shared_ptr<const BinaryExpr>& e) override {
    ExprPtr r = IRMutator::mutateBinary(e);
    const auto* b = r->as<BinaryExpr>();
    if (!b || (b->op != BinaryOp::Min && b->op != BinaryOp::Max)) return r;
    ExprPtr c = b->op == BinaryOp::Min ? lt(b->lhs, b->rhs, r->span) : gt(b->lhs, b->rhs, r->span);
    return select(c, b->lhs, b->rhs, r->span);
  }
};

/// One statement of a legalized arm: a bind, a store with an optional predicate, or (inside an
/// arm) a value item: `var = value`, merged like a store to the address `var`.
struct Item {
  StmtPtr bind;
  VarPtr var;  // a value item (an arm's scalar assignment); never predicated
  VarPtr buffer;
  std::vector<ExprPtr> indices;
  ExprPtr value, pred;
  // A value item that keeps the old value on some lanes (`value` = select(.., fresh, var)):
  // `fresh` alone where `var` has no value yet.
  bool keepsOld = false;
  ExprPtr fresh;
  Span span;
  std::string key;  // the address: buffer and printed indices
};

struct Reject {
  Problem p;
};

class Legalizer {
 public:
  Legalizer(const Unit& u, int region) : u_(u), region_(region) {}

  /// `yieldTo`: the results of the `if` whose arm this is (a `pl.yield_` assigns them).
  std::vector<Item> lower(const StmtPtr& s, bool inArm,
                          const std::vector<VarPtr>* yieldTo = nullptr) {
    std::vector<Item> out;
    for (const auto& st : flattenStmts(s)) lowerOne(st, inArm, yieldTo, out);
    return out;
  }

  static StmtPtr toStmt(const Item& it) {
    if (it.bind) return it.bind;
    if (it.var) return assign(it.var, it.value, it.span);
    return bufferStore(it.buffer, it.indices, it.value, it.pred, it.span);
  }

 private:
  [[noreturn]] void reject(std::string category, std::string message, Span span,
                           std::string pass = {}) const {
    throw Reject{
        {std::move(category), std::move(message), span, u_.context(region_), std::move(pass)}};
  }

  ExprPtr rw(const ExprPtr& e) { return e ? minmax_.mutateExpr(e) : e; }

  static Item valueItem(const VarPtr& v, ExprPtr value, Span span) {
    Item it;
    it.var = v;
    it.value = std::move(value);
    it.span = span;
    it.key = fmt::format("var {}@{}", v->name, static_cast<const void*>(v.get()));
    return it;
  }

  void lowerOne(const StmtPtr& s, bool inArm, const std::vector<VarPtr>* yieldTo,
                std::vector<Item>& out) {
    switch (s->kind) {
      case StmtKind::BufferStore: {
        const auto& b = *s->as<BufferStoreStmt>();
        Item it;
        it.buffer = b.buffer;
        it.indices = b.indices;
        it.value = rw(b.value);
        it.pred = rw(b.predicate);
        it.span = s->span;
        it.key = keyOf(b.buffer, b.indices);
        out.push_back(std::move(it));
        return;
      }
      case StmtKind::If:
        return lowerIf(*s->as<IfStmt>(), inArm, out);
      case StmtKind::Eval:
        if (inArm && s->as<EvalStmt>()->expr->kind == ExprKind::ConstInt) return;  // a no-op
        break;
      case StmtKind::Assign: {
        const auto& a = *s->as<AssignStmt>();
        if (!inArm) {
          defined_.insert(a.var.get());
          out.push_back(bindItem(assign(a.var, rw(a.value), s->span)));
          return;
        }
        if (!a.var->type->isa<ScalarType>()) break;
        defined_.insert(a.var.get());
        out.push_back(valueItem(a.var, rw(a.value), s->span));
        return;
      }
      case StmtKind::Yield: {
        // `v = pl.yield_(x)` ending an arm assigns the `if`'s result `v`.
        const auto& y = *s->as<YieldStmt>();
        if (!inArm || !yieldTo || y.values.size() != yieldTo->size()) break;
        bool scalars = true;
        for (const auto& r : *yieldTo) scalars = scalars && r->type->isa<ScalarType>();
        if (!scalars) break;
        for (size_t k = 0; k < y.values.size(); ++k) {
          defined_.insert((*yieldTo)[k].get());
          out.push_back(valueItem((*yieldTo)[k], rw(y.values[k]), s->span));
        }
        return;
      }
      case StmtKind::For: {
        if (inArm) break;
        // A loop shell: its body is legalized like a unit body; the loop itself is kept.
        const auto& f = *s->as<ForStmt>();
        std::vector<StmtPtr> body;
        for (const auto& it : lower(f.body, false)) body.push_back(toStmt(it));
        out.push_back(
            bindItem(forStmt(f.loopVar, f.start, f.stop, f.step, makeSeq(body, f.body->span),
                             f.forKind, f.iterArgs, f.returnVars, f.attrs, s->span)));
        return;
      }
      default:
        break;
    }
    if (inArm)
      reject("control flow",
             fmt::format("If branch statements inside T.Parallel must be buffer stores, nested "
                         "conditionals or no-ops (found a {} statement)",
                         stmtKindName(s->kind)),
             s->span);
    out.push_back(bindItem(s));
  }

  static Item bindItem(StmtPtr s) {
    Item it;
    it.span = s->span;
    it.bind = std::move(s);
    return it;
  }

  static std::string keyOf(const VarPtr& b, const std::vector<ExprPtr>& idx) {
    std::string k = fmt::format("{}@{}[", b->name, static_cast<const void*>(b.get()));
    for (const auto& e : idx) k += printExpr(*e) + ",";
    return k + "]";
  }

  /// The condition, bound once (a later store may change what it reads).
  ExprPtr bindCond(const ExprPtr& c, Span span, std::vector<Item>& out) {
    if (c->kind == ExprKind::Var || c->kind == ExprKind::ConstBool) return c;
    VarPtr v = scalarVar(fmt::format("cond_{}", counter_++), DType::Bool, span);
    out.push_back(bindItem(assign(v, c, span)));
    return v;
  }

  void lowerIf(const IfStmt& s, bool inArm, std::vector<Item>& out) {
    ExprPtr c = bindCond(rw(s.cond), s.span, out);
    // Each arm sees the values defined before the `if` and its own; the merged output walks
    // them again in its own order (`define`).
    std::set<const Var*> before = defined_;
    std::vector<Item> th = lower(s.thenBody, true, &s.returnVars);
    defined_ = before;
    std::vector<Item> el =
        s.elseBody ? lower(s.elseBody, true, &s.returnVars) : std::vector<Item>{};
    defined_ = before;
    checkDestinations(th, el);
    bool anyPred = false, anyElseStore = false;
    for (const auto* arm : {&th, &el})
      for (const auto& it : *arm) anyPred = anyPred || it.pred;
    for (const auto& it : el) anyElseStore = anyElseStore || (!it.bind && !it.var);
    size_t first = out.size();
    // A single-sided if inside another arm stays a predicated write: the outer merge must not
    // write the lanes where this condition is false.
    bool storesOnlyThen = inArm && !anyElseStore && hasStore(th);
    if (anyPred || storesOnlyThen || !merge(th, el, c, out)) {
      ExprPtr notC = logicalNot(c, s.span);
      for (auto [arm, pc] : {std::pair{&th, c}, std::pair{&el, notC}})
        for (Item it : *arm) {
          if (it.var)
            keepOld(it, pc, true);
          else if (!it.bind)
            it.pred = it.pred ? logicalAnd(pc, it.pred, it.span) : pc;
          out.push_back(std::move(it));
        }
    }
    define(out, first);
  }

  /// `var = select(c, new, var)` (`thenSide`) or `select(c, var, new)`.
  static void keepOld(Item& it, const ExprPtr& c, bool thenSide) {
    it.fresh = it.value;
    it.keepsOld = true;
    it.value =
        thenSide ? select(c, it.value, it.var, it.span) : select(c, it.var, it.value, it.span);
  }

  static bool hasStore(const std::vector<Item>& arm) {
    for (const auto& it : arm)
      if (!it.bind && !it.var) return true;
    return false;
  }

  /// Walks the output of one `if` in order: a value item keeping "the old value" of a scalar
  /// that has none yet on this path (`v = select(c, new, v)` with `v` first defined here)
  /// becomes `v = new`: the lanes that keep it never defined it.
  void define(std::vector<Item>& out, size_t first) {
    for (size_t k = first; k < out.size(); ++k) {
      Item& it = out[k];
      if (it.bind) {
        if (const auto* a = it.bind->as<AssignStmt>()) defined_.insert(a->var.get());
        continue;
      }
      if (!it.var) continue;
      if (!defined_.count(it.var.get()) && it.keepsOld) it.value = it.fresh;
      it.keepsOld = false;
      it.fresh = nullptr;
      defined_.insert(it.var.get());
    }
  }

  /// A buffer both arms store must be stored at the same indices: a "keep the old value"
  /// write of one lane to another lane's element would race with that lane's own write.
  void checkDestinations(const std::vector<Item>& th, const std::vector<Item>& el) const {
    std::map<const Var*, std::set<std::string>> tk, ek;
    for (const auto& it : th)
      if (!it.bind && !it.var) tk[it.buffer.get()].insert(it.key);
    for (const auto& it : el)
      if (!it.bind && !it.var) ek[it.buffer.get()].insert(it.key);
    for (const auto& it : el) {
      if (it.bind || it.var) continue;
      auto t = tk.find(it.buffer.get());
      if (t != tk.end() && t->second != ek[it.buffer.get()])
        reject("control flow",
               fmt::format("paired then/else stores must write the same buffer indices (buffer "
                           "`{}` is written at different indices in the two arms)",
                           it.buffer->name),
               it.span, "LegalizeParallelToPTO");
    }
  }

  /// One output plan for two predicate-free arms: the common stores (same address in both arms,
  /// once per arm) in the same relative order in both, the rest at their own places. Returns
  /// false when no such plan exists.
  bool merge(const std::vector<Item>& th, const std::vector<Item>& el, const ExprPtr& c,
             std::vector<Item>& out) {
    std::map<std::string, int> tc, ec;
    for (const auto& it : th)
      if (!it.bind) ++tc[it.key];
    for (const auto& it : el)
      if (!it.bind) ++ec[it.key];
    auto common = [&](const Item& it) { return !it.bind && tc.count(it.key) && ec.count(it.key); };
    std::vector<std::string> to, eo;
    for (const auto& it : th) {
      if (!it.bind && tc[it.key] > 1) return false;
      if (common(it)) to.push_back(it.key);
    }
    for (const auto& it : el) {
      if (!it.bind && ec[it.key] > 1) return false;
      if (common(it)) eo.push_back(it.key);
    }
    if (to != eo) return false;
    size_t i = 0, j = 0;
    auto old = [](const Item& it) { return bufferLoad(it.buffer, it.indices, it.span); };
    while (i < th.size() || j < el.size()) {
      if (i < th.size() && !common(th[i])) {
        Item it = th[i++];
        if (it.var)
          keepOld(it, c, true);
        else if (!it.bind)
          it.value = select(c, it.value, old(it), it.span);
        out.push_back(std::move(it));
      } else if (j < el.size() && !common(el[j])) {
        Item it = el[j++];
        if (it.var)
          keepOld(it, c, false);
        else if (!it.bind)
          it.value = select(c, old(it), it.value, it.span);
        out.push_back(std::move(it));
      } else {
        Item it = th[i++];
        it.value = select(c, it.value, el[j++].value, it.span);
        out.push_back(std::move(it));
      }
    }
    return true;
  }

  const Unit& u_;
  int region_;
  MinMaxToSelect minmax_;
  int counter_ = 0;
  std::set<const Var*> defined_;  // scalars with a value at this point of the unit body
};

}  // namespace

StmtPtr legalizeUnitBody(const Unit& u, int region, const StmtPtr& body,
                         std::vector<Problem>& problems) {
  try {
    Legalizer l(u, region);
    std::vector<StmtPtr> out;
    for (const auto& it : l.lower(body, false)) out.push_back(Legalizer::toStmt(it));
    return makeSeq(std::move(out), body->span);
  } catch (const Reject& r) {
    problems.push_back(r.p);
    return nullptr;
  }
}

}  // namespace ptoc::simdvf

namespace ptoc {

using namespace ir;

namespace {

constexpr std::string_view kPrefix = "LegalizeParallelToPTO";

class UnitBodies final : public IRMutator {
 public:
  explicit UnitBodies(std::map<const ForStmt*, StmtPtr> bodies) : bodies_(std::move(bodies)) {}
  StmtPtr mutateFor(const std::shared_ptr<const ForStmt>& s) override {
    auto it = bodies_.find(s.get());
    if (it == bodies_.end()) return IRMutator::mutateFor(s);
    return forStmt(s->loopVar, s->start, s->stop, s->step, it->second, s->forKind, s->iterArgs,
                   s->returnVars, s->attrs, s->span);
  }

 private:
  std::map<const ForStmt*, StmtPtr> bodies_;
};

class LegalizeParallelPass final : public Pass {
 public:
  std::string_view name() const override { return "legalize-parallel"; }
  std::string_view description() const override {
    return "control flow inside SIMD-VF parallel units -> select / predicated stores, min/max -> "
           "compare + select (expressions only, no VMI)";
  }
  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    std::vector<FunctionPtr> functions;
    bool changed = false;
    for (const auto& f : program->functions) {
      std::vector<simdvf::Problem> problems;
      std::vector<simdvf::Region> regions = simdvf::scanRegions(*f, problems);
      if (!problems.empty()) simdvf::report(ctx.diag, kPrefix, problems.front());
      std::map<const ForStmt*, StmtPtr> bodies;
      for (const auto& r : regions)
        for (const auto& u : r.units) {
          StmtPtr b = simdvf::legalizeUnitBody(u, r.index, u.body, problems);
          if (!b) simdvf::report(ctx.diag, kPrefix, problems.front());
          bodies[u.inner ? u.inner : u.outer] = b;
        }
      if (bodies.empty()) {
        functions.push_back(f);
        continue;
      }
      UnitBodies m(std::move(bodies));
      functions.push_back(m.mutateFunction(f));
      changed = true;
    }
    if (!changed) return program;
    return std::make_shared<Program>(program->name, std::move(functions), program->isClass,
                                     program->span);
  }
};

}  // namespace

void registerLegalizeParallelPass() {
  PassRegistry::instance().add("legalize-parallel",
                               [] { return std::make_unique<LegalizeParallelPass>(); });
}

}  // namespace ptoc
