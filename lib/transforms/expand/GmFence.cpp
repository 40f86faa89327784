// Which vector calls access a GM tensor, and the cube stores no GM sync fences (GmFence.h).
#include "GmFence.h"

#include <fmt/format.h>

#include "ptoc/analysis/CoreAffinity.h"
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

/// The for loops inside a statement.
class LoopFinder : public IRVisitor {
 public:
  explicit LoopFinder(GmFacts& f) : facts_(f) {}

 protected:
  void visitFor(const ForStmt& f) override {
    facts_.loop(f);
    IRVisitor::visitFor(f);
  }

 private:
  GmFacts& facts_;
};

}  // namespace

void UnfencedCubeStores::unfenced(const Var* origin, const Call& store) {
  stores_[origin].add(gmAccessOf(store, true, facts_));
}

void UnfencedCubeStores::merge(const Stores& other) {
  for (const auto& [o, list] : other) stores_[o].merge(list);
}

void UnfencedCubeStores::recordStoresIn(const StmtPtr& s) {
  loopsIn(s);
  CubeStoreFinder finder(origins_, *this);
  finder.visitStmt(s);
}

void UnfencedCubeStores::loopsIn(const StmtPtr& s) {
  LoopFinder finder(facts_);
  finder.visitStmt(s);
}

void UnfencedCubeStores::checkAccesses(const StmtPtr& s) {
  if (stores_.empty()) return;
  loopsIn(s);
  TensorAccessFinder finder(origins_, [&](const Var* o, const Call& access) {
    auto it = stores_.find(o);
    if (it == stores_.end()) return;
    GmAccess a = gmAccessOf(access, false, facts_);
    it->second.forEach([&](const GmAccess& store) {  // the latest first
      if (gmAccessesMayOverlap(store, a, nullptr, facts_)) reject(access, *o, store.span, false);
    });
  });
  finder.visitStmt(s);
}

void UnfencedCubeStores::checkBackEdge(const Stores& before, const StmtPtr& body,
                                       const ForStmt* loop) {
  Stores added;
  for (const auto& entry : stores_) {
    const Var* o = entry.first;  // (not a structured binding: the lambda below captures it)
    const GmAccessList& list = entry.second;
    auto it = before.find(o);
    list.forEach([&](const GmAccess& s) {
      if (it == before.end() || !it->second.contains(s.span)) added[o].add(s);
    });
  }
  if (added.empty()) return;
  GmBackEdge edge{loop};
  TensorAccessFinder finder(origins_, [&](const Var* o, const Call& access) {
    auto it = added.find(o);
    if (it == added.end()) return;
    GmAccess a = gmAccessOf(access, false, facts_);
    it->second.forEach([&](const GmAccess& store) {
      if (gmAccessesMayOverlap(store, a, &edge, facts_)) reject(access, *o, store.span, true);
    });
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
