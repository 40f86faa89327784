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

#include <set>

#include "Expand.h"
#include "GmWalker.h"
#include "ptoc/analysis/CoreAffinity.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DiagnosticText.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::expand {

using namespace ir;

namespace {

class GmOrder final : public GmWalker<GmAccessMap> {
 public:
  GmOrder(const TensorOrigins& o, DiagnosticEngine& d) : GmWalker(o), diag_(d) {}

 protected:
  void vectorToCube() override {
    state_.lists.clear();  // the cube waits for this transfer, pushed after the accesses
  }
  void access(const Var& o, const Call& c, MemoryEffect e, CoreAffinity aff) override {
    if (aff == CoreAffinity::Vector) {
      state_.lists[&o].add(gmAccessOf(c, writesMemory(e), facts_));
      if (readsMemory(e)) vectorReads_.insert(&o);
      return;
    }
    const bool cubeWrites = writesMemory(e);
    auto it = state_.lists.find(&o);
    if (it == state_.lists.end()) return;
    GmAccess cube = gmAccessOf(c, cubeWrites, facts_);
    it->second.forEach([&](const GmAccess& p) {  // the latest first
      // A cube load meets only the vector side's stores (read after write: the load may run
      // before the store lands).
      if (!cubeWrites && !p.write) return;
      // Across the back edge (second walk of a loop body) a store-store pairing of the
      // same window matters only when the vector side reads the tensor in the loop: the
      // vector store comes after the cube store in the body (else the first walk paired
      // them), is fenced after it, and rewrites the same rows in every iteration, so the
      // last value is the last vector store's either way. Windows that differ (a vector
      // store of one iteration under the cube store of the next) are compared.
      if (p.write && backEdge() && !loopVectorReads_.count(&o) && gmSameWindow(p, cube)) return;
      if (gmAccessesMayOverlap(p, cube, backEdge(), facts_)) reject(c, e, o, p);
    });
  }
  // The vector reads of each loop (nested loops add theirs to the outer one's), and those of
  // the loop whose back edge is walked.
  void loopBegin() override {
    savedReads_.push_back(std::move(vectorReads_));
    vectorReads_.clear();
  }
  void loopEnd() override {
    vectorReads_.insert(savedReads_.back().begin(), savedReads_.back().end());
    savedReads_.pop_back();
  }
  void backEdgeBegin() override { loopVectorReads_ = vectorReads_; }
  void backEdgeEnd() override { loopVectorReads_.clear(); }

 private:
  [[noreturn]] void reject(const Call& c, MemoryEffect e, const Var& o, const GmAccess& p) {
    Diagnostic d;
    d.span = c.span;
    d.message = fmt::format(
        "expand-mixed-kernel: this cube {} {} '{}', which the vector side {} {}; after the "
        "split the AIC and the AIV run concurrently and nothing orders the cube access after "
        "the vector {}, so the result depends on their timing",
        c.callee,
        e == MemoryEffect::ReadWrite ? "adds into"
        : writesMemory(e)            ? "stores into"
                                     : "reads",
        o.name, p.write ? "stored" : "read",
        !backEdge() ? "earlier"
        : !p.write  ? "in the previous iteration"
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

  DiagnosticEngine& diag_;
  std::set<const Var*> vectorReads_;              // origins the vector side reads in the loop
  std::set<const Var*> loopVectorReads_;          // those of the loop whose back edge is walked
  std::vector<std::set<const Var*>> savedReads_;  // those of the enclosing loops
};

}  // namespace

void rejectUnorderedVectorToCubeGm(const Function& f, const TensorOrigins& origins,
                                   DiagnosticEngine& diag) {
  GmOrder g(origins, diag);
  g.visitStmt(f.body);
}

}  // namespace ptoc::expand
