// MixedKernelExpanded (pypto-facts §3.8): after expand-mixed-kernel no InCore function mixes
// cube and vector work; each pipe op runs on its own core (tpush_to_aiv / tpop_from_aiv /
// tfree_to_aiv on the AIC, the mirror ops on the AIV); a function with pipe ops sets the
// pipe up, with one buffer (reserved on the consumer side, imported on the producer side) per
// initialized pipe direction; every tpop'd tile is released by exactly one tfree on each path.
#include <fmt/format.h>

#include <unordered_set>

#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

class PipeOpScan : public IRVisitor {
 public:
  std::vector<const Call*> pipeOps;
  bool hasSetup = false;
  std::vector<std::pair<const Var*, Span>> pops;
  std::unordered_set<const Var*> freed;
  std::vector<std::pair<const Var*, const Call*>> frees;        // tfree -> its tile
  std::vector<std::pair<const Var*, const Call*>> doubleFrees;  // a tile released again
  const Call* firstPipeOp = nullptr;                            // before any set-up
  const Call* firstSetup = nullptr;
  int reserves = 0, imports = 0;
  int c2vInits = 0, v2cInits = 0;  // initialize_pipe calls with the direction's bit set

 protected:
  // The tiles released so far on the current path: a branch's releases count after the if only
  // when both branches made them.
  std::unordered_set<const Var*> released_;
  void visitIf(const IfStmt& s) override {
    visitExpr(s.cond);
    const auto before = released_;
    visitStmt(s.thenBody);
    auto afterThen = std::move(released_);
    released_ = before;
    if (s.elseBody) visitStmt(s.elseBody);
    std::unordered_set<const Var*> both;
    for (const Var* v : afterThen)
      if (released_.count(v)) both.insert(v);
    released_ = std::move(both);
  }
  void visitAssign(const AssignStmt& a) override {
    IRVisitor::visitAssign(a);
    const auto* c = a.value ? a.value->as<Call>() : nullptr;
    if (c && (c->callee == "tile.tpop_from_aic" || c->callee == "tile.tpop_from_aiv"))
      pops.emplace_back(a.var.get(), c->span);
  }
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    std::string_view n = c.callee;
    if (n.rfind("tile.tpush_", 0) == 0 || n.rfind("tile.tpop_", 0) == 0 ||
        n.rfind("system.tfree_", 0) == 0) {
      pipeOps.push_back(&c);
      if (!hasSetup && !firstPipeOp) firstPipeOp = &c;
    }
    if (n == "system.aic_initialize_pipe" || n == "system.aiv_initialize_pipe") {
      hasSetup = true;
      if (!firstSetup) firstSetup = &c;
      const auto* mask = getAttr<int64_t>(c.kwargs, "dir_mask");
      if (mask && (*mask & 1)) ++c2vInits;
      if (mask && (*mask & 2)) ++v2cInits;
    }
    if (n == "system.reserve_buffer") ++reserves;
    if (n == "system.import_peer_buffer") ++imports;
    if ((n == "system.tfree_to_aic" || n == "system.tfree_to_aiv") && !c.args.empty())
      if (const auto* v = c.args[0]->as<Var>()) {
        freed.insert(v);
        frees.emplace_back(v, &c);
        if (!released_.insert(v).second) doubleFrees.emplace_back(v, &c);
      }
  }
};

bool aicOp(std::string_view n) {
  return n == "tile.tpush_to_aiv" || n == "tile.tpop_from_aiv" || n == "system.tfree_to_aiv";
}

}  // namespace

bool verifyMixedKernelExpanded(const Program& program, DiagnosticEngine& diag) {
  bool ok = true;
  auto fail = [&](Span span, std::string msg, std::string hint) {
    ok = false;
    diag.error(span, "property MixedKernelExpanded violated: " + std::move(msg), std::move(hint));
  };
  for (const auto& f : program.functions) {
    if (f->funcType == FunctionType::InCore) {
      if (analysis::stmtAffinity(f->body) == CoreAffinity::Mixed)
        fail(f->span,
             fmt::format("the InCore function '{}' still mixes cube and vector work", f->name),
             "run expand-mixed-kernel");
      continue;
    }
    if (f->funcType != FunctionType::AIC && f->funcType != FunctionType::AIV) continue;
    PipeOpScan scan;
    scan.visitStmt(f->body);
    const bool isAic = f->funcType == FunctionType::AIC;
    for (const Call* c : scan.pipeOps)
      if (aicOp(c->callee) != isAic)
        fail(c->span,
             fmt::format("{} in the {} function '{}' belongs on the {}", c->callee,
                         isAic ? "AIC" : "AIV", f->name, isAic ? "AIV" : "AIC"),
             "move the op to the function of the other core");
    if (!scan.pipeOps.empty() && !scan.hasSetup)
      fail(scan.pipeOps.front()->span,
           fmt::format("'{}' uses a cross-core pipe but never sets it up", f->name),
           fmt::format("call pl.system.{}_initialize_pipe(...) first", isAic ? "aic" : "aiv"));
    else if (scan.firstPipeOp)
      fail(scan.firstPipeOp->span,
           fmt::format("{} in '{}' uses the pipe before the function sets it up",
                       scan.firstPipeOp->callee, f->name),
           fmt::format("move pl.system.{}_initialize_pipe(...) before the first pipe op",
                       isAic ? "aic" : "aiv"));
    std::unordered_set<const Var*> popped;
    for (const auto& p : scan.pops) popped.insert(p.first);
    for (const auto& [v, c] : scan.frees)
      if (!popped.count(v))
        fail(c->span,
             fmt::format("{} in '{}' releases '{}', which no tpop of the function produced",
                         c->callee, f->name, v->name),
             "release the variable a tpop assigned, once, after its last use");
    for (const auto& [v, c] : scan.doubleFrees)
      fail(c->span,
           fmt::format("{} in '{}' releases '{}' a second time (its slot is already free)",
                       c->callee, f->name, v->name),
           "release each popped tile once, after its last use");
    // One slot buffer per initialized direction: the consumer of a direction reserves it (the
    // AIV for C->V, the AIC for V->C), the producer imports the peer's.
    if (scan.firstSetup) {
      const int needReserve = isAic ? scan.v2cInits : scan.c2vInits;
      const int needImport = isAic ? scan.c2vInits : scan.v2cInits;
      auto count = [&](const char* op, int have, int need) {
        if (have != need)
          fail(scan.firstSetup->span,
               fmt::format("'{}' has {} {} call(s), but its initialized pipe directions need {}",
                           f->name, have, op, need),
               "one pl.system.reserve_buffer per direction the function consumes, one "
               "pl.system.import_peer_buffer per direction it produces");
      };
      count("system.reserve_buffer", scan.reserves, needReserve);
      count("system.import_peer_buffer", scan.imports, needImport);
    }
    for (const auto& [v, span] : scan.pops)
      if (!scan.freed.count(v))
        fail(span, fmt::format("the tile '{}' popped in '{}' is never released", v->name, f->name),
             fmt::format("call pl.system.{}({}) after its last use",
                         isAic ? "tfree_to_aiv" : "tfree_to_aic", v->name));
  }
  return ok;
}

bool verifyVectorKernelSplit(const Program& program, DiagnosticEngine& diag) {
  bool ok = true;
  for (const auto& f : program.functions) {
    if (f->funcType != FunctionType::AIV) continue;
    const bool* aiv = getAttr<bool>(f->attrs, fnattr::kSplitAiv);
    const SplitMode* m = getAttr<SplitMode>(f->attrs, fnattr::kSplit);
    const bool* dual = getAttr<bool>(f->attrs, fnattr::kDualAivDispatch);
    if (aiv && *aiv && m && *m != SplitMode::None && !(dual && *dual)) {
      ok = false;
      diag.error(f->span,
                 fmt::format("property VectorKernelSplit violated: the split AIV function '{}' "
                             "is not stamped dual_aiv_dispatch",
                             f->name),
                 "run split-vector-kernel");
    }
  }
  return ok;
}

}  // namespace ptoc
