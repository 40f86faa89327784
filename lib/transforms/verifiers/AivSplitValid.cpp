// AivSplitValid: the explicit pl.split_aiv rules (pypto-facts §3.11), checked per
// "unit" — an InCore function body, or the body of a pl.at(CORE_GROUP) scope in any
// other function (the future InCore function). A unit holding a region is in manual
// mode.
//  (a) no CUBE op inside a region;
//  (b) no reduction collapsing the split axis inside an UP_DOWN / LEFT_RIGHT region;
//  (c) tile.aiv_shard / tile.aic_gather only inside a region — except in a function
//      already stamped split_aiv (the explicit form lower-auto-vector-split produces);
//  (d) boundary memory: aiv_shard reads a cube-side tile (Acc / Mat) and gives Vec,
//      aic_gather reads Vec and gives Mat (skipped while spaces are unresolved);
//  (e) manual mode: no VECTOR op outside every region, except tile.load / tile.store
//      and ops with a declared lane (e.g. tile.get_subblock_idx);
//  (f) a value defined in a region and read by the cube outside it is an aic_gather result;
//  (g) a cube value defined outside a region and read by vector code inside it comes in
//      through aiv_shard ((f) and (g) exempt tile.load / tile.store readers; a cross-side
//      tile.move reads on its target side);
//  (h) a region directly in an InCore function needs the split_aiv stamp of the outliner.
#include <fmt/format.h>

#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/analysis/SplitAxis.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Verifiers.h"

namespace ptoc {
namespace {

using namespace ir;

bool isCubeTile(const ExprPtr& e) {
  const auto* t = e && e->type ? e->type->as<TileType>() : nullptr;
  return t && t->memory && isCubeMemorySpace(*t->memory);
}

/// The side a call reads its tile operands on: a cross-side move reads on its target side.
CoreAffinity readerSide(const Call& c) {
  switch (analysis::classifyMoveDirection(c)) {
    case analysis::CVDirection::CubeToVector:
      return CoreAffinity::Vector;
    case analysis::CVDirection::VectorToCube:
      return CoreAffinity::Cube;
    case analysis::CVDirection::None:
      break;
  }
  return classifyCallAffinity(c);
}

class UnitChecker : public IRVisitor {
 public:
  UnitChecker(DiagnosticEngine& d, const Function& f, bool manual, bool stampedSplitAiv)
      : diag_(d), func_(f), manual_(manual), stamped_(stampedSplitAiv) {}
  bool ok = true;

  void visitStmt(const StmtPtr& s) override {
    if (!s) return;
    Span saved = stmtSpan_;
    if (!s->isa<SeqStmt>()) stmtSpan_ = s->span;
    IRVisitor::visitStmt(s);
    stmtSpan_ = saved;
  }

 protected:
  void visitSplitAivScope(const SplitAivScopeStmt& r) override {
    const SplitAivScopeStmt* outer = region_;
    region_ = &r;
    visitDef(r.laneVar);
    visitStmt(r.body);
    region_ = outer;
  }
  void visitInCoreScope(const InCoreScopeStmt&) override {}  // a unit of its own
  void visitAssign(const AssignStmt& a) override {
    visitExpr(a.value);
    defRegion_[a.var.get()] = region_;
    const auto* c = a.value ? a.value->as<Call>() : nullptr;
    if (c && isOp(*c, OpId::AicGather)) gathered_.insert(a.var.get());
  }
  void visitDef(const VarPtr& v) override { defRegion_.emplace(v.get(), region_); }

  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (!c.op) return;
    const OpId id = opIdOf(c);
    const bool boundary = id == OpId::AivShard || id == OpId::AicGather;
    const bool loadOrStore = id == OpId::Load || id == OpId::Store;
    const CoreAffinity aff = classifyCallAffinity(c);
    if (region_) {
      if (aff == CoreAffinity::Cube)
        fail(fmt::format("(a) cube op {} inside a pl.split_aiv region", c.callee),
             "move the cube op out of the region; regions hold vector work only");
      // A move into cube memory is consumed on the cube side: inside a region each lane
      // would push its own tile to the one cube core (expand-mixed-kernel pairs one pop with
      // one push), so only aic_gather may carry a lane's tile there.
      else if (!boundary &&
               analysis::classifyMoveDirection(c) == analysis::CVDirection::VectorToCube)
        fail(fmt::format("(a) {} into {} memory inside a pl.split_aiv region: the cube side "
                         "consumes it, and each lane holds only its own tile",
                         c.callee, toString(*c.type->as<TileType>()->memory)),
             "gather the lanes' tiles with x = pl.aic_gather(t) inside the region and move x "
             "to cube memory after it");
      std::optional<size_t> axis = splitAxis(region_->mode);
      if (axis && analysis::reducesSplitAxis(c, *axis))
        fail(fmt::format("(b) {} reduces the split axis of this {} region", c.callee,
                         toString(region_->mode)),
             "reduce the non-split axis, or gather the value to full width first");
    } else {
      if (boundary && !stamped_)
        fail(fmt::format("(c) {} outside a pl.split_aiv region", c.callee),
             "move the boundary op inside a `for aiv_id in pl.split_aiv(2, mode=...)` region");
      if (manual_ && aff == CoreAffinity::Vector && !loadOrStore && !c.op->declaredAffinity)
        fail(fmt::format("(e) vector op {} outside every pl.split_aiv region of a function that "
                         "uses regions",
                         c.callee),
             "wrap this phase in `for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE)` so both "
             "lanes run it explicitly");
    }
    checkBoundaryMemory(c, id);
    if (manual_ && !loadOrStore) checkCrossings(c, id);
  }

 private:
  void checkBoundaryMemory(const Call& c, OpId id) {
    if ((id != OpId::AivShard && id != OpId::AicGather) || c.args.empty()) return;
    const auto* in = c.args[0]->type ? c.args[0]->type->as<TileType>() : nullptr;
    const auto* out = c.type ? c.type->as<TileType>() : nullptr;
    if (!in || !out || !in->memory || !out->memory) return;
    if (id == OpId::AivShard &&
        (!isCubeMemorySpace(*in->memory) || *out->memory != MemorySpace::Vec))
      fail(fmt::format("(d) tile.aiv_shard must take a cube-side tile (Acc / Mat) to Vec, got "
                       "{} -> {}",
                       toString(*in->memory), toString(*out->memory)),
           "shard only cube values");
    if (id == OpId::AicGather &&
        (*in->memory != MemorySpace::Vec || *out->memory != MemorySpace::Mat))
      fail(fmt::format("(d) tile.aic_gather must take a Vec tile to Mat, got {} -> {}",
                       toString(*in->memory), toString(*out->memory)),
           "gather only per-lane vector values");
  }

  void checkCrossings(const Call& c, OpId id) {
    const CoreAffinity side = readerSide(c);
    for (const auto& a : c.args) {
      const auto* v = a ? a->as<Var>() : nullptr;
      if (!v || !v->type || !v->type->isa<TileType>()) continue;
      const SplitAivScopeStmt* const* it = defRegion_.find(v);
      const SplitAivScopeStmt* defIn = it ? *it : nullptr;
      if (defIn && !region_ && side == CoreAffinity::Cube && !gathered_.count(v))
        fail(fmt::format("(f) '{}' is defined in a pl.split_aiv region and read by the cube "
                         "({}) outside it without tile.aic_gather",
                         v->name, c.callee),
             fmt::format("write `{0} = pl.aic_gather({0})` inside the region", v->name));
      if (!defIn && region_ && side == CoreAffinity::Vector && id != OpId::AivShard &&
          isCubeTile(a))
        fail(fmt::format("(g) the cube value '{}' enters this pl.split_aiv region through {} "
                         "instead of tile.aiv_shard",
                         v->name, c.callee),
             fmt::format("read `pl.aiv_shard({})` at the top of the region", v->name));
    }
  }

  void fail(const std::string& msg, std::string hint) {
    ok = false;
    diag_.error(
        stmtSpan_,
        fmt::format("property AivSplitValid violated in function '{}': {}", func_.name, msg),
        std::move(hint));
  }

  DiagnosticEngine& diag_;
  const Function& func_;
  bool manual_, stamped_;
  const SplitAivScopeStmt* region_ = nullptr;
  Span stmtSpan_;
  PtrMap<Var, const SplitAivScopeStmt*> defRegion_;
  PtrSet<Var> gathered_;
};

class HasRegion : public IRVisitor {
 public:
  const SplitAivScopeStmt* found = nullptr;
  // A statement-level search: no region lives inside an expression; stop at the first.
  void visitExpr(const ExprPtr&) override {}
  void visitStmt(const StmtPtr& s) override {
    if (!found) IRVisitor::visitStmt(s);
  }

 protected:
  void visitSplitAivScope(const SplitAivScopeStmt& r) override {
    if (!found) found = &r;
  }
  void visitInCoreScope(const InCoreScopeStmt&) override {}
};

/// Visits the pl.at(CORE_GROUP) scopes of a non-InCore function as units.
class ScopeUnits : public IRVisitor {
 public:
  ScopeUnits(DiagnosticEngine& d, const Function& f) : diag_(d), func_(f) {}
  bool ok = true;
  void visitExpr(const ExprPtr&) override {}  // scopes are statements

 protected:
  void visitInCoreScope(const InCoreScopeStmt& s) override {
    HasRegion h;
    h.visitStmt(s.body);
    UnitChecker u(diag_, func_, h.found != nullptr, false);
    u.visitStmt(s.body);
    ok &= u.ok;
  }

 private:
  DiagnosticEngine& diag_;
  const Function& func_;
};

}  // namespace

bool verifyAivSplitValid(const Program& program, DiagnosticEngine& diag) {
  bool ok = true;
  for (const auto& f : program.functions) {
    if (f->funcType == FunctionType::InCore) {
      HasRegion h;
      h.visitStmt(f->body);
      const bool* stamp = getAttr<bool>(f->attrs, fnattr::kSplitAiv);
      const bool stamped = stamp && *stamp;
      if (h.found && !stamped) {
        ok = false;
        diag.error(h.found->span,
                   fmt::format("property AivSplitValid violated in function '{}': (h) a "
                               "pl.split_aiv region directly in an InCore function that "
                               "outline-incore-scopes did not produce (no split_aiv stamp)",
                               f->name),
                   "write the kernel as a plain @pl.function (Opaque) with the region inside "
                   "it, so outline-incore-scopes creates and stamps the InCore function");
      }
      UnitChecker u(diag, *f, h.found != nullptr, stamped);
      u.visitStmt(f->body);
      ok &= u.ok;
      ScopeUnits nested(diag, *f);  // scopes inside an InCore function are units too
      nested.visitStmt(f->body);
      ok &= nested.ok;
    } else {
      ScopeUnits units(diag, *f);
      units.visitStmt(f->body);
      ok &= units.ok;
    }
  }
  return ok;
}

}  // namespace ptoc
