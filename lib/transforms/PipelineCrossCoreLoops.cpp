// pipeline-cross-core-loops (docs/passes/pipeline-cross-core-loops.md): software-pipelines
// the loop pair of a mixed kernel whose cube side pushes a tile, waits for the vector side's
// answer and pushes a second tile per iteration (flash attention: S_j = Q K_j^T goes to the
// AIV, P_j comes back, P_j V_j goes to the AIV).
//
// As expand-mixed-kernel emits it, iteration j of the AIC is X(j) Y(j), with X = the work up
// to the first pop (it pushes S_j) and Y = the rest (pops P_j, pushes P_j V_j); iteration j
// of the AIV is A(j) B(j), with A = the work up to its first push to the AIC (pops S_j, the
// softmax, pushes P_j) and B = the rest (pops P_j V_j, updates the output). The AIV cannot
// start A(j+1) before the round trip of B(j), and the AIC cannot start X(j+1) before Y(j):
// the cores take turns. The pass rotates both loops by one stage, consistently:
//
//   AIC: X(0); for j < N-1: { X(j+1); Y(j) }; Y(N-1)
//   AIV: A(0); for 1 <= j < N: { A(j); B(j-1) }; B(N-1)
//
// so S_{j+1} is pushed before P_j V_j and popped in that order, and the AIV runs the softmax
// of block j+1 while the cube computes P_j V_j. With three iterations or more the rotation
// goes two stages deep (X(j+2) before Y(j), A(j) before B(j-2); B's inputs from A travel
// through two registers per value): the round trip P_j -> P_j V_j then has a whole AIV
// iteration to complete, which keeps an A2/A3 AIC's FIX pipe (two 404-cycle pushes per
// block) busy. Both functions change together or neither.
// Conditions (else the kernel is left as it is): one top-level loop with transfers in each
// function, no transfers outside it, the same constant bounds and at least depth + 1 iterations,
// no nested control flow in the loop bodies, the push / pop counts of the stages matching
// (X's pushes = A's pops, Y's pushes = B's pops, A's pushes = Y's pops, B pushes nothing),
// Y not reading X's values, A not reading a loop-carried value that B produces, no in-place
// tile writes, and X and A reading no tensor but an `In` parameter and writing none.
// Properties: requires MixedKernelExpanded; produces, invalidates nothing.
#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <string_view>
#include <unordered_set>

#include "PtoasCapacityGate.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;
using VarSet = std::unordered_set<const Var*>;

enum class Xfer : uint8_t { None, PushC2V, PopC2V, PushV2C, PopV2C, Free, Other };

const Call* topCall(const Stmt& s) {
  if (const auto* a = s.as<AssignStmt>()) return a->value ? a->value->as<Call>() : nullptr;
  if (const auto* e = s.as<EvalStmt>()) return e->expr ? e->expr->as<Call>() : nullptr;
  return nullptr;
}

Xfer xferOf(const Stmt& s) {
  const Call* c = topCall(s);
  if (!c || !c->op || !c->op->has(OpTrait::CrossCore)) return Xfer::None;
  std::string_view n = c->callee;
  if (n == "tile.tpush_to_aiv") return Xfer::PushC2V;
  if (n == "tile.tpop_from_aic") return Xfer::PopC2V;
  if (n == "tile.tpush_to_aic") return Xfer::PushV2C;
  if (n == "tile.tpop_from_aiv") return Xfer::PopV2C;
  if (n == "system.tfree_to_aic" || n == "system.tfree_to_aiv") return Xfer::Free;
  return Xfer::Other;
}

struct Counts {
  int pushC2V = 0, popC2V = 0, pushV2C = 0, popV2C = 0;
};

Counts countOf(const std::vector<StmtPtr>& ss) {
  Counts c;
  for (const auto& s : ss) switch (xferOf(*s)) {
      case Xfer::PushC2V:
        ++c.pushC2V;
        break;
      case Xfer::PopC2V:
        ++c.popC2V;
        break;
      case Xfer::PushV2C:
        ++c.pushV2C;
        break;
      case Xfer::PopV2C:
        ++c.popV2C;
        break;
      default:
        break;
    }
  return c;
}

/// Whether a statement holds a transfer anywhere inside (loops, branches).
bool hasTransfer(const StmtPtr& s) {
  struct V : IRVisitor {
    bool found = false;
    void visitCall(const Call& c) override {
      if (c.op && c.op->has(OpTrait::CrossCore) && !c.op->pipes.has(Pipe::Scalar)) found = true;
      IRVisitor::visitCall(c);
    }
  } v;
  v.visitStmt(s);
  return v.found;
}

struct Uses : IRVisitor {
  VarSet reads, defs;
  bool tensorReadOk = true, writes = false, tileWrite = false;
  const VarSet* readOnly = nullptr;
  void typeExprs(const TypePtr& t) {
    const auto* tt = t ? t->as<TileType>() : nullptr;
    if (!tt || !tt->view) return;
    for (const auto& e : tt->view->validShape)
      if (e) visitExpr(e);
  }
  void visitVar(const Var& v) override {
    if (reads.insert(&v).second) typeExprs(v.type);
  }
  void visitDef(const VarPtr& v) override {
    defs.insert(v.get());
    typeExprs(v->type);
  }
  void visitCall(const Call& c) override {
    typeExprs(c.type);
    if (c.op) {
      if (c.op->hasSideEffects && !c.op->has(OpTrait::CrossCore)) writes = true;
      for (size_t i = 0; i < c.args.size(); ++i) {
        if (writesMemory(argEffect(c, i))) {
          writes = true;
          if (c.args[i]->type && c.args[i]->type->as<TileType>()) tileWrite = true;
        }
        if (c.args[i]->type && c.args[i]->type->as<TensorType>()) {
          const auto* v = c.args[i]->as<Var>();
          if (!v || !readOnly || !readOnly->count(v)) tensorReadOk = false;
        }
      }
    } else {
      writes = true;  // a function call
    }
    IRVisitor::visitCall(c);
  }
};

Uses usesOf(const std::vector<StmtPtr>& ss, const VarSet* readOnly) {
  Uses u;
  u.readOnly = readOnly;
  for (const auto& s : ss) u.visitStmt(s);
  return u;
}

bool intersects(const VarSet& a, const VarSet& b) {
  for (const Var* v : a)
    if (b.count(v)) return true;
  return false;
}

/// A copy of statements with fresh variables; `bind` maps a variable to its replacement.
class Cloner : public IRMutator {
 public:
  void bind(const VarPtr& from, VarPtr to) { remap(from, std::move(to)); }
  VarPtr lookup(const VarPtr& v) {
    if (const VarPtr* to = varMap_.find(v.get())) return *to;
    return v;
  }
  ExprPtr value(const ExprPtr& e) { return mutateExpr(e); }
  std::vector<StmtPtr> clone(const std::vector<StmtPtr>& ss) {
    std::vector<StmtPtr> out;
    for (const auto& s : ss) out.push_back(mutateStmt(s));
    return out;
  }

 protected:
  VarPtr mutateDef(const VarPtr& v) override {
    if (const VarPtr* to = varMap_.find(v.get())) return *to;
    auto fresh = std::make_shared<Var>(v->name, mutateType(v->type), v->span);
    remap(v, fresh);
    return fresh;
  }
};

/// The one top-level loop of a function that holds transfers, if the function has no other.
struct LoopSite {
  size_t index = 0;
  const ForStmt* loop = nullptr;
  int64_t start = 0, stop = 0, step = 1;
  std::vector<StmtPtr> body;  // flattened, without the yield
  const YieldStmt* yield = nullptr;
};

std::optional<LoopSite> findLoop(const std::vector<StmtPtr>& top) {
  std::optional<LoopSite> site;
  for (size_t i = 0; i < top.size(); ++i) {
    if (!hasTransfer(top[i])) continue;
    const auto* f = top[i]->as<ForStmt>();
    if (!f || site) return std::nullopt;  // a transfer outside the loop, or two loops
    const auto* b = f->start->as<ConstInt>();
    const auto* e = f->stop->as<ConstInt>();
    const auto* st = f->step->as<ConstInt>();
    if (!b || !e || !st || st->value <= 0 || f->forKind != ForKind::Serial) return std::nullopt;
    LoopSite s;
    s.index = i;
    s.loop = f;
    s.start = b->value;
    s.stop = e->value;
    s.step = st->value;
    s.body = flattenStmts(f->body);
    if (!s.body.empty() && (s.yield = s.body.back()->as<YieldStmt>())) s.body.pop_back();
    for (const auto& x : s.body)
      if (!x->as<AssignStmt>() && !x->as<EvalStmt>()) return std::nullopt;  // nested control
    site = std::move(s);
  }
  return site;
}

int64_t tripCount(const LoopSite& s) {
  return s.stop > s.start ? (s.stop - s.start + s.step - 1) / s.step : 0;
}

VarSet readOnlyParams(const Function& f) {
  VarSet r;
  for (size_t i = 0; i < f.params.size() && i < f.directions.size(); ++i)
    if (f.directions[i] == ParamDirection::In) r.insert(f.params[i].get());
  return r;
}

/// `j := value` as an assignment to a fresh index variable, bound in `c`.
StmtPtr bindIndex(Cloner& c, const VarPtr& loopVar, ExprPtr value, Span span) {
  auto v = std::make_shared<Var>(loopVar->name, loopVar->type, span);
  c.bind(loopVar, v);
  return assign(v, std::move(value), span);
}

/// The rotated AIC, `depth` stages deep: X(0) .. X(depth-1); for j < N-depth:
/// { X(j+depth); Y(j) }; Y(N-depth) .. Y(N-1).
std::vector<StmtPtr> rotateAic(const LoopSite& s, const std::vector<StmtPtr>& x,
                               const std::vector<StmtPtr>& y, int64_t depth) {
  Span span = s.loop->span;
  const VarPtr& j = s.loop->loopVar;
  std::vector<StmtPtr> out;
  for (int64_t k = 0; k < depth; ++k) {
    Cloner pre;
    out.push_back(bindIndex(pre, j, constIndex(s.start + k * s.step, span), span));
    for (auto& st : pre.clone(x)) out.push_back(st);
  }

  auto jl = std::make_shared<Var>(j->name, j->type, span);
  std::vector<StmtPtr> body;
  Cloner next;
  body.push_back(bindIndex(next, j, add(jl, constIndex(depth * s.step, span), span), span));
  for (auto& st : next.clone(x)) body.push_back(st);
  Cloner cur;
  cur.bind(j, jl);
  for (auto& st : cur.clone(y)) body.push_back(st);
  out.push_back(forStmt(jl, constIndex(s.start, span),
                        constIndex(s.start + (tripCount(s) - depth) * s.step, span),
                        constIndex(s.step, span), makeSeq(std::move(body), span), ForKind::Serial,
                        {}, {}, s.loop->attrs, span));
  for (int64_t t = tripCount(s) - depth; t < tripCount(s); ++t) {
    Cloner post;
    out.push_back(bindIndex(post, j, constIndex(s.start + t * s.step, span), span));
    for (auto& st : post.clone(y)) out.push_back(st);
  }
  return out;
}

/// Follows `x = y` copies of `defsB` back to their source.
ExprPtr copySource(ExprPtr e, const std::map<const Var*, ExprPtr>& copies) {
  for (int guard = 0; guard < 64; ++guard) {
    const auto* v = e->as<Var>();
    auto it = v ? copies.find(v) : copies.end();
    if (it == copies.end()) return e;
    e = it->second;
  }
  return e;
}

struct AivPlan {
  std::vector<StmtPtr> a, b;
};

/// The name of the register that holds a value `d` iterations back: `x_prev`, `x_prev2`, ...
std::string prevName(const std::string& name, int64_t d) {
  return d == 1 ? name + "_prev" : fmt::format("{}_prev{}", name, d);
}

/// The rotated AIV, `depth` stages deep: A(0) .. A(depth-1); for depth <= j < N:
/// { A(j); B(j-depth) }; B(N-depth) .. B(N-1). Empty when the loop-carried values do not
/// allow it. B(j-depth) reads the iter args as of iteration j-depth and A(j-depth)'s values:
/// the loop carries each through `depth` registers (`_prev`, `_prev2`, ...), shifted every
/// iteration; an iter arg B produces is carried once (B's own chain).
std::optional<std::vector<StmtPtr>> rotateAiv(const LoopSite& s, const AivPlan& p, int64_t depth) {
  Span span = s.loop->span;
  const VarPtr& j = s.loop->loopVar;
  const auto& ias = s.loop->iterArgs;
  size_t n = ias.size();
  if (n && (!s.yield || s.yield->values.size() != n)) return std::nullopt;
  Uses ua = usesOf(p.a, nullptr), ub = usesOf(p.b, nullptr);
  std::map<const Var*, ExprPtr> copies;
  for (const auto& st : p.b)
    if (const auto* as = st->as<AssignStmt>(); as && as->value->as<Var>())
      copies[as->var.get()] = as->value;
  // Per iter arg: where its next value comes from (A or B).
  std::vector<ExprPtr> src(n);
  std::vector<bool> fromB(n, false);
  for (size_t i = 0; i < n; ++i) {
    src[i] = copySource(s.yield->values[i], copies);
    const auto* v = src[i]->as<Var>();
    fromB[i] = v && ub.defs.count(v);
    if (fromB[i] && ua.reads.count(ias[i].get())) return std::nullopt;  // A needs B's value
  }
  // A's values that B reads.
  std::vector<VarPtr> carried;
  for (const auto& st : p.a)
    if (const auto* as = st->as<AssignStmt>(); as && ub.reads.count(as->var.get()))
      carried.push_back(as->var);
  std::vector<bool> prevNeeded(n);
  for (size_t i = 0; i < n; ++i) prevNeeded[i] = fromB[i] || ub.reads.count(ias[i].get());
  // Registers per value: an A-sourced iter arg B reads and a carried A value need `depth`.
  auto regs = [&](size_t i) { return fromB[i] ? int64_t{1} : depth; };

  std::vector<StmtPtr> out;
  // Prologue: A(start) on the initial values, then A(start + k) on A(start + k - 1)'s.
  std::vector<Cloner> pre(static_cast<size_t>(depth));
  out.push_back(bindIndex(pre[0], j, constIndex(s.start, span), span));
  std::vector<ExprPtr> inits(n);
  for (size_t i = 0; i < n; ++i) {
    inits[i] = ias[i]->init;
    if (!inits[i]->as<Var>()) {
      auto v = std::make_shared<Var>(ias[i]->name + "_init", ias[i]->type, span);
      out.push_back(assign(v, inits[i], span));
      inits[i] = v;
    }
    pre[0].bind(ias[i], std::static_pointer_cast<const Var>(inits[i]));
  }
  for (auto& st : pre[0].clone(p.a)) out.push_back(st);
  for (int64_t k = 1; k < depth; ++k) {
    Cloner& c = pre[static_cast<size_t>(k)];
    out.push_back(bindIndex(c, j, constIndex(s.start + k * s.step, span), span));
    for (size_t i = 0; i < n; ++i) {
      if (fromB[i]) continue;  // A does not read it
      auto v = std::make_shared<Var>(ias[i]->name, ias[i]->type, span);
      out.push_back(assign(v, pre[static_cast<size_t>(k - 1)].value(src[i]), span));
      c.bind(ias[i], v);
    }
    for (auto& st : c.clone(p.a)) out.push_back(st);
  }
  // An A-sourced iter arg at the start of iteration `start + k` of the original loop.
  auto iterValue = [&](size_t i, int64_t k) -> ExprPtr {
    return k == 0 ? inits[i] : pre[static_cast<size_t>(k - 1)].value(src[i]);
  };

  // The rotated loop's carried values: cur_i (A-sourced iter args, at the start of j), the
  // registers of the iter args B reads or produces (at the start of j-1 .. j-depth; B's own
  // values once), the registers of the carried A values (A(j-1) .. A(j-depth)).
  std::vector<IterArgPtr> nias;
  std::vector<int> curIx(n, -1), prevIx(n, -1), carryIx(carried.size(), -1);
  for (size_t i = 0; i < n; ++i)
    if (!fromB[i]) {
      curIx[i] = static_cast<int>(nias.size());
      nias.push_back(iterArg(ias[i]->name, ias[i]->type, iterValue(i, depth), span));
    }
  for (size_t i = 0; i < n; ++i)
    if (prevNeeded[i]) {
      prevIx[i] = static_cast<int>(nias.size());
      for (int64_t d = 1; d <= regs(i); ++d)
        nias.push_back(iterArg(prevName(ias[i]->name, d), ias[i]->type,
                               fromB[i] ? inits[i] : iterValue(i, depth - d), span));
    }
  for (size_t k = 0; k < carried.size(); ++k) {
    carryIx[k] = static_cast<int>(nias.size());
    for (int64_t d = 1; d <= depth; ++d)
      nias.push_back(iterArg(prevName(carried[k]->name, d), carried[k]->type,
                             pre[static_cast<size_t>(depth - d)].lookup(carried[k]), span));
  }
  // Register d (1-based) of a value whose registers start at `ix`.
  auto reg = [&](int ix, int64_t d) { return static_cast<size_t>(ix + d - 1); };

  auto jl = std::make_shared<Var>(j->name, j->type, span);
  std::vector<StmtPtr> body;
  Cloner ca;
  ca.bind(j, jl);
  for (size_t i = 0; i < n; ++i)
    if (curIx[i] >= 0) ca.bind(ias[i], nias[curIx[i]]);
  for (auto& st : ca.clone(p.a)) body.push_back(st);
  Cloner cb;
  body.push_back(bindIndex(cb, j, sub(jl, constIndex(depth * s.step, span), span), span));
  for (size_t i = 0; i < n; ++i)
    if (prevIx[i] >= 0) cb.bind(ias[i], nias[reg(prevIx[i], regs(i))]);
  for (size_t k = 0; k < carried.size(); ++k) cb.bind(carried[k], nias[reg(carryIx[k], depth)]);
  for (auto& st : cb.clone(p.b)) body.push_back(st);
  std::vector<ExprPtr> ys(nias.size());
  for (size_t i = 0; i < n; ++i) {
    if (curIx[i] >= 0) ys[curIx[i]] = ca.value(src[i]);
    if (prevIx[i] < 0) continue;
    if (fromB[i]) {
      ys[prevIx[i]] = cb.value(src[i]);
      continue;
    }
    ys[reg(prevIx[i], 1)] = nias[curIx[i]];
    for (int64_t d = 2; d <= depth; ++d) ys[reg(prevIx[i], d)] = nias[reg(prevIx[i], d - 1)];
  }
  for (size_t k = 0; k < carried.size(); ++k) {
    ys[reg(carryIx[k], 1)] = ca.lookup(carried[k]);
    for (int64_t d = 2; d <= depth; ++d) ys[reg(carryIx[k], d)] = nias[reg(carryIx[k], d - 1)];
  }
  std::vector<VarPtr> rvs;
  for (const auto& ia : nias) rvs.push_back(std::make_shared<Var>(ia->name, ia->type, span));
  if (!nias.empty()) body.push_back(yieldStmt(std::move(ys), span));
  out.push_back(forStmt(jl, constIndex(s.start + depth * s.step, span), constIndex(s.stop, span),
                        constIndex(s.step, span), makeSeq(std::move(body), span), ForKind::Serial,
                        nias, rvs, s.loop->attrs, span));

  // Epilogue: B(N-depth) .. B(N-1) on the loop's results, then the original return vars. At
  // the loop's exit register d holds iteration N-d's values; B's own chain runs on.
  std::vector<Cloner> post(static_cast<size_t>(depth));
  for (int64_t e = 0; e < depth; ++e) {
    Cloner& c = post[static_cast<size_t>(e)];
    int64_t t = tripCount(s) - depth + e, d = depth - e;
    out.push_back(bindIndex(c, j, constIndex(s.start + t * s.step, span), span));
    for (size_t i = 0; i < n; ++i) {
      if (prevIx[i] < 0) continue;
      if (!fromB[i]) {
        c.bind(ias[i], rvs[reg(prevIx[i], d)]);
      } else if (e == 0) {
        c.bind(ias[i], rvs[prevIx[i]]);
      } else {
        auto v = std::make_shared<Var>(ias[i]->name, ias[i]->type, span);
        out.push_back(assign(v, post[static_cast<size_t>(e - 1)].value(src[i]), span));
        c.bind(ias[i], v);
      }
    }
    for (size_t k = 0; k < carried.size(); ++k) c.bind(carried[k], rvs[reg(carryIx[k], d)]);
    for (auto& st : c.clone(p.b)) out.push_back(st);
  }
  Cloner& last = post.back();
  for (size_t i = 0; i < n && i < s.loop->returnVars.size(); ++i)
    out.push_back(assign(s.loop->returnVars[i],
                         fromB[i] ? last.value(src[i]) : ExprPtr(rvs[curIx[i]]), span));
  return out;
}

/// `top` with its statement `s.index` replaced by `with`.
std::vector<StmtPtr> replaceAt(const std::vector<StmtPtr>& top, size_t index,
                               std::vector<StmtPtr> with) {
  std::vector<StmtPtr> out(top.begin(), top.begin() + static_cast<std::ptrdiff_t>(index));
  for (auto& st : with) out.push_back(std::move(st));
  for (size_t i = index + 1; i < top.size(); ++i) out.push_back(top[i]);
  return out;
}

/// The AIC side: its loop and the X / Y stages.
struct AicPlan {
  LoopSite site;
  std::vector<StmtPtr> x, y;
  Counts cx, cy;
  int64_t depth = 1;  // stages the rotation runs ahead
};

/// The AIV statement list `top` with its loop rotated against the AIC's plan, or nullopt.
std::optional<std::vector<StmtPtr>> rotateAivList(const std::vector<StmtPtr>& top, const AicPlan& c,
                                                  const VarSet& roV) {
  auto sv = findLoop(top);
  const LoopSite& sc = c.site;
  if (!sv || sc.start != sv->start || sc.stop != sv->stop || sc.step != sv->step)
    return std::nullopt;
  // A = up to the first push to the AIC (included); B = the rest.
  size_t vcut = 0;
  while (vcut < sv->body.size() && xferOf(*sv->body[vcut]) != Xfer::PushV2C) ++vcut;
  if (vcut == sv->body.size()) return std::nullopt;
  AivPlan plan;
  plan.a.assign(sv->body.begin(), sv->body.begin() + static_cast<std::ptrdiff_t>(vcut + 1));
  plan.b.assign(sv->body.begin() + static_cast<std::ptrdiff_t>(vcut + 1), sv->body.end());
  Counts ca = countOf(plan.a), cb = countOf(plan.b);
  if (c.cx.pushC2V != ca.popC2V || c.cy.pushC2V != cb.popC2V || ca.pushV2C != c.cy.popV2C ||
      cb.pushV2C != 0 || cb.popC2V == 0)
    return std::nullopt;
  for (const auto& st : sv->body)
    if (xferOf(*st) == Xfer::Other) return std::nullopt;
  Uses ua = usesOf(plan.a, &roV), ub = usesOf(plan.b, &roV);
  if (!ua.tensorReadOk || ua.writes || ub.tileWrite) return std::nullopt;
  // B's frees release B's pops only (A's tiles are freed in A).
  for (const auto& st : plan.b)
    if (xferOf(*st) == Xfer::Free) {
      const Call* call = topCall(*st);
      const auto* v = call && !call->args.empty() ? call->args[0]->as<Var>() : nullptr;
      if (!v || ua.defs.count(v)) return std::nullopt;
    }
  auto rotated = rotateAiv(*sv, plan, c.depth);
  if (!rotated) return std::nullopt;
  return replaceAt(top, sv->index, std::move(*rotated));
}

/// The rotated AIV body: its own loop, or (A2/A3 no-split dual dispatch) the loop of each
/// branch of the `if subblock_idx == 0: <body> else: <lane-1 replay>` that holds them.
std::optional<StmtPtr> rotateAivBody(const Function& aiv, const AicPlan& c) {
  VarSet roV = readOnlyParams(aiv);
  std::vector<StmtPtr> top = flattenStmts(aiv.body);
  if (auto r = rotateAivList(top, c, roV)) return makeSeq(std::move(*r), aiv.body->span);
  size_t at = top.size();
  for (size_t i = 0; i < top.size(); ++i)
    if (hasTransfer(top[i])) {
      if (at != top.size()) return std::nullopt;
      at = i;
    }
  const auto* br = at < top.size() ? top[at]->as<IfStmt>() : nullptr;
  if (!br || !br->elseBody) return std::nullopt;
  auto t = rotateAivList(flattenStmts(br->thenBody), c, roV);
  auto e = rotateAivList(flattenStmts(br->elseBody), c, roV);
  if (!t || !e) return std::nullopt;
  StmtPtr nif = IfStmt::rebuild(*br, br->cond, makeSeq(std::move(*t), br->thenBody->span),
                                makeSeq(std::move(*e), br->elseBody->span), br->returnVars);
  return makeSeq(replaceAt(top, at, {nif}), aiv.body->span);
}

/// Rotates the AIC / AIV pair, or returns nullopt when a condition does not hold.
std::optional<std::pair<FunctionPtr, FunctionPtr>> pipelinePair(const Function& aic,
                                                                const Function& aiv,
                                                                int64_t depth) {
  std::vector<StmtPtr> topC = flattenStmts(aic.body);
  auto sc = findLoop(topC);
  if (!sc || tripCount(*sc) < depth + 1 || !sc->loop->iterArgs.empty()) return std::nullopt;
  AicPlan c;
  c.site = *sc;
  c.depth = depth;
  // X = up to the first pop; Y = the rest.
  size_t cut = 0;
  while (cut < sc->body.size() && xferOf(*sc->body[cut]) != Xfer::PopV2C) ++cut;
  c.x.assign(sc->body.begin(), sc->body.begin() + static_cast<std::ptrdiff_t>(cut));
  c.y.assign(sc->body.begin() + static_cast<std::ptrdiff_t>(cut), sc->body.end());
  c.cx = countOf(c.x);
  c.cy = countOf(c.y);
  if (c.cx.pushC2V == 0 || c.cy.popV2C == 0) return std::nullopt;
  for (const auto& st : sc->body)
    if (xferOf(*st) == Xfer::Other) return std::nullopt;
  VarSet roC = readOnlyParams(aic);
  Uses ux = usesOf(c.x, &roC), uy = usesOf(c.y, &roC);
  // Y must not read X's values; X runs ahead of Y, so it must not see Y's writes either.
  if (intersects(uy.reads, ux.defs) || !ux.tensorReadOk || ux.writes || uy.tileWrite)
    return std::nullopt;
  auto body = rotateAivBody(aiv, c);
  if (!body) return std::nullopt;
  FunctionPtr newAic = withBody(
      aic, makeSeq(replaceAt(topC, sc->index, rotateAic(*sc, c.x, c.y, depth)), aic.body->span),
      aic.attrs);
  return std::make_pair(newAic, withBody(aiv, *body, aiv.attrs));
}

/// 2, or 1 with PTOC_ROTATION_DEPTH=1 (to run PTOAS on the one-stage form of a kernel that
/// fits two stages deep; docs/passes/pipeline-cross-core-loops.md, "Capacity").
int64_t maxRotationDepth() {
  const char* e = std::getenv("PTOC_ROTATION_DEPTH");
  return e && std::string_view(e) == "1" ? 1 : 2;
}

class PipelineCrossCoreLoopsPass final : public Pass {
 public:
  std::string_view name() const override { return "pipeline-cross-core-loops"; }
  std::string_view description() const override {
    return "rotates the AIC / AIV loop pair of a mixed kernel by one stage (two with three "
           "iterations or more) so the cube's next pushes overtake the round trip (flash "
           "attention: S_{j+2} before P_j V_j)";
  }
  IRPropertySet required() const override { return {IRProperty::MixedKernelExpanded}; }

  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    std::map<std::string, FunctionPtr> replaced;
    for (const auto& g : program->functions) {
      if (g->funcType != FunctionType::Group) continue;
      FunctionPtr aic, aiv;
      for (const auto& st : flattenStmts(g->body)) {
        const Call* c = topCall(*st);
        if (!c || !c->isFunctionCall()) continue;
        for (const auto& f : program->functions) {
          if (f->name != c->callee) continue;
          if (f->funcType == FunctionType::AIC) aic = f;
          if (f->funcType == FunctionType::AIV) aiv = f;
        }
      }
      if (!aic || !aiv || replaced.count(aic->name) || replaced.count(aiv->name)) continue;
      // Two stages deep when the loop runs at least three times and the deeper kernels
      // still fit on chip (PTOAS must place them: PtoasCapacityGate.h), else one.
      auto fits = [&](const auto& p) {
        return ptoasPlacesPair(program, p.first, p.second, ctx) == GateVerdict::Fits;
      };
      std::optional<std::pair<FunctionPtr, FunctionPtr>> pair;
      if (maxRotationDepth() >= 2) pair = pipelinePair(*aic, *aiv, 2);
      if (pair && !fits(*pair)) pair.reset();
      if (!pair) pair = pipelinePair(*aic, *aiv, 1);
      if (pair && !fits(*pair)) pair.reset();
      if (pair) {
        replaced[aic->name] = pair->first;
        replaced[aiv->name] = pair->second;
      }
    }
    if (replaced.empty()) return program;
    return mapFunctions(program, [&](const FunctionPtr& f) -> FunctionPtr {
      auto it = replaced.find(f->name);
      return it == replaced.end() ? f : it->second;
    });
  }
};

}  // namespace

void registerPipelineCrossCoreLoopsPass() {
  PassRegistry::instance().add("pipeline-cross-core-loops",
                               [] { return std::make_unique<PipelineCrossCoreLoopsPass>(); });
}

}  // namespace ptoc
