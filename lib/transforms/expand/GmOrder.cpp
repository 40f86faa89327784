// The vector -> cube order through GM (docs/passes/expand-mixed-kernel.md, "GM-mediated
// syncs"): after the split the AIC and the AIV run concurrently, and only the cube -> vector
// direction is fenced (a cube store a later vector op reads). A cube op that writes a tensor
// the vector side accessed earlier in program order has nothing ordering it after that
// access, so the result depends on the cores' timing: after a vector store, the cube's store
// (the later write must win) or atomic add (it reads the destination: OpDef::argEffect); after
// a vector load, any cube write (the load must see the value from before it, and the cube
// can run ahead). Rejected when the two GM windows may overlap (GmFence.h), unless a
// vector -> cube boundary (tile.aic_gather, a move into cube memory) lies between them, whose
// pipe transfer the cube waits for. A cube *load* after a vector store is accepted unfenced,
// as the reference does (its own tests expect it; the documented departure).
#include <fmt/format.h>

#include <map>
#include <set>

#include "Expand.h"
#include "GmWindows.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DiagnosticText.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

using namespace ir;

namespace {

class GmOrder final : public IRVisitor {
 public:
  GmOrder(const TensorOrigins& o, DiagnosticEngine& d) : origins_(o), diag_(d) {}

 protected:
  void visitAssign(const AssignStmt& s) override {
    if (const auto* c = s.value->as<Call>(); c && isOp(*c, OpId::GetSubblockIdx))
      facts_.lane(s.var);
    IRVisitor::visitAssign(s);
  }
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (!c.op) return;
    if (isOp(c, OpId::AicGather) ||
        analysis::classifyMoveDirection(c) == analysis::CVDirection::VectorToCube) {
      pending_.clear();  // the cube waits for this transfer, pushed after the accesses
      return;
    }
    const CoreAffinity aff = classifyCallAffinity(c);
    if (aff != CoreAffinity::Vector && aff != CoreAffinity::Cube) return;
    for (size_t i = 0; i < c.args.size(); ++i) {
      const MemoryEffect e = argEffect(c, i);
      if (e == MemoryEffect::None) continue;
      const auto* v = c.args[i]->as<Var>();
      if (!v || !v->type || !v->type->isa<TensorType>()) continue;
      VarPtr o = origins_.origin(v);
      if (!o) continue;
      if (aff == CoreAffinity::Vector) {
        pending_[o.get()].add(gmAccessOf(c, writesMemory(e), facts_));
        if (readsMemory(e)) vectorReads_.insert(o.get());
        continue;
      }
      if (!writesMemory(e)) continue;
      auto it = pending_.find(o.get());
      if (it == pending_.end()) continue;
      GmAccess cube = gmAccessOf(c, true, facts_);
      it->second.forEach([&](const GmAccess& p) {  // the latest first
        // Across the back edge (second walk of a loop body) a store-store pairing of the
        // same window matters only when the vector side reads the tensor in the loop: the
        // vector store comes after the cube store in the body (else the first walk paired
        // them), is fenced after it, and rewrites the same rows in every iteration, so the
        // last value is the last vector store's either way. Windows that differ (a vector
        // store of one iteration under the cube store of the next) are compared.
        if (p.write && backEdge_ && !loopVectorReads_.count(o.get()) && gmSameWindow(p, cube))
          return;
        if (gmAccessesMayOverlap(p, cube, backEdge_ ? &edge_ : nullptr, facts_))
          reject(c, e, *o, p);
      });
    }
  }
  // A loop body runs again after itself: walk it a second time with the vector stores still
  // unordered at its end (the back edge), unless the loop runs at most once.
  void visitFor(const ForStmt& s) override {
    facts_.loop(s);
    LoopScope scope(*this);
    IRVisitor::visitFor(s);
    const auto* a = s.start->as<ConstInt>();
    const auto* b = s.stop->as<ConstInt>();
    const auto* st = s.step->as<ConstInt>();
    if (a && b && st && st->value > 0 && b->value - a->value <= st->value) return;
    walkBackEdge(s.body, &s);
  }
  void visitWhile(const WhileStmt& s) override {
    LoopScope scope(*this);
    IRVisitor::visitWhile(s);
    walkBackEdge(s.body, nullptr);
  }
  void visitIf(const IfStmt& s) override {
    visitExpr(s.cond);
    auto before = pending_;
    visitStmt(s.thenBody);
    auto afterThen = pending_;
    pending_ = before;
    visitStmt(s.elseBody);
    for (const auto& [o, list] : afterThen) pending_[o].merge(list);  // either arm's
  }

 private:
  /// Collects the vector reads of one loop (nested loops add theirs to the outer one's).
  struct LoopScope {
    GmOrder& g;
    std::set<const Var*> saved;
    explicit LoopScope(GmOrder& o) : g(o), saved(std::move(o.vectorReads_)) {
      g.vectorReads_.clear();
    }
    ~LoopScope() { g.vectorReads_.insert(saved.begin(), saved.end()); }
  };
  void walkBackEdge(const StmtPtr& body, const ForStmt* loop) {
    // Inside an outer loop's back-edge walk an inner loop is not walked twice again (that
    // would be exponential in the nesting depth): its own back edge was checked in the first
    // walk of the outer body, with the same outer stores pending.
    if (pending_.empty() || backEdge_) return;
    bool wasBackEdge = backEdge_;
    std::set<const Var*> outer = std::move(loopVectorReads_);
    loopVectorReads_ = vectorReads_;
    backEdge_ = true;
    edge_ = GmBackEdge{loop};
    visitStmt(body);
    backEdge_ = wasBackEdge;
    loopVectorReads_ = std::move(outer);
  }

  [[noreturn]] void reject(const Call& c, MemoryEffect e, const Var& o, const GmAccess& p) {
    Diagnostic d;
    d.span = c.span;
    d.message = fmt::format(
        "expand-mixed-kernel: this cube {} {} '{}', which the vector side {} {}; after the "
        "split the AIC and the AIV run concurrently and nothing orders the cube access after "
        "the vector {}, so the result depends on their timing",
        c.callee, e == MemoryEffect::ReadWrite ? "adds into" : "stores into", o.name,
        p.write ? "stored" : "read",
        !backEdge_ ? "earlier"
        : !p.write ? "in the previous iteration"
        : loopVectorReads_.count(&o)
            ? "in the previous iteration (the vector side reads it in the loop)"
            : "in the previous iteration, at rows this store writes too",
        p.write ? "store" : "load");
    d.notes.emplace_back(p.span,
                         fmt::format("the vector {} of '{}'", p.write ? "store" : "load", o.name));
    d.hint = p.write ? "hand the vector result to the cube with a tile.move into cube memory (a "
                       "V->C boundary, which orders them) instead of through GM, or do the cube "
                       "access in a later kernel"
                     : "let the cube store into another tensor (or rows the vector side does not "
                       "read), or put a V->C boundary (a tile.move of a vector tile into cube "
                       "memory) between the load and the store, or do the store in a later kernel";
    diag_.report(std::move(d));
    throw CompileError();
  }

  const TensorOrigins& origins_;
  DiagnosticEngine& diag_;
  std::map<const Var*, GmAccessList> pending_;  // origin -> vector accesses not yet ordered
  std::set<const Var*> vectorReads_;            // origins the vector side reads in the current loop
  std::set<const Var*> loopVectorReads_;        // those of the loop whose back edge is walked
  bool backEdge_ = false;
  GmBackEdge edge_{nullptr};  // the loop whose back edge is walked
  GmFacts facts_;             // lane indices and loops, for the window comparisons
};

}  // namespace

void rejectUnorderedVectorToCubeGm(const Function& f, const TensorOrigins& origins,
                                   DiagnosticEngine& diag) {
  GmOrder g(origins, diag);
  g.visitStmt(f.body);
}

}  // namespace ptoc::expand
