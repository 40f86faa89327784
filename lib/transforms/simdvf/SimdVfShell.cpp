// The statement-level part of the unit conversion (see SimdVfConvert.h): statement lists
// (unused binds dropped), loop shells (a constant-bound T.serial inside a unit is kept and its
// body converted), the canonical carry (a seed store right before a shell whose body is
// exactly one same-index read-modify-write: the carried value lives in a register across the
// loop, written back once after it) and per-lane scalars (a variable assigned more than once in
// a unit, T.alloc_var: one lane vector `<name>_lane`).
#include <fmt/format.h>

#include <set>
#include <utility>

#include "SimdVfConvert.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DeduceUtils.h"

namespace ptoc::simdvf {

using namespace ir;

namespace {

/// The variables some statement reads.
std::set<const Var*> usedVars(const std::vector<StmtPtr>& body) {
  struct V : IRVisitor {
    std::set<const Var*> used;
    void visitVar(const Var& v) override { used.insert(&v); }
  } v;
  for (const auto& s : body) v.visitStmt(s);
  return v.used;
}

/// Buffer loads of an expression or statement, as (buffer, indices).
struct LoadsOf : IRVisitor {
  std::vector<const BufferLoad*> loads;
  void visitBufferLoad(const BufferLoad& l) override {
    loads.push_back(&l);
    IRVisitor::visitBufferLoad(l);
  }
};

std::optional<int64_t> constOf(const ExprPtr& e) {
  if (const auto* c = e->as<ConstInt>()) return c->value;
  return std::nullopt;
}

const char* kShellShape =
    "the body of a T.serial inside T.Parallel must be the canonical carry (a seed store "
    "immediately before the loop that does not read the carried buffer, then exactly one "
    "same-index read-modify-write of it) or must not read a buffer it writes";

}  // namespace

std::string UnitConverter::addressKey(const VarPtr& b, const std::vector<ExprPtr>& idx) {
  std::string k = fmt::format("{}@{}[", b->name, static_cast<const void*>(b.get()));
  for (const auto& e : idx) k += printExpr(*e) + ",";
  return k + "]";
}

void UnitConverter::checkIndices(const std::vector<ExprPtr>& indices, Span span) const {
  for (const auto& e : indices)
    for (const auto& [v, _] : laneScalars_)
      if (mentions(e, v))
        reject("memory access",
               fmt::format("`{}` is a per-lane scalar (one value per lane) and cannot be part of "
                           "an address",
                           v->name),
               span);
}

void UnitConverter::findLaneScalars(const StmtPtr& body) {
  std::map<const Var*, int> count;
  std::map<const Var*, VarPtr> vars;
  struct V : IRVisitor {
    std::map<const Var*, int>& count;
    std::map<const Var*, VarPtr>& vars;
    V(std::map<const Var*, int>& c, std::map<const Var*, VarPtr>& v) : count(c), vars(v) {}
    void visitStmt(const StmtPtr& s) override {
      if (!s) return;
      if (const auto* a = s->as<AssignStmt>()) {
        ++count[a->var.get()];
        vars[a->var.get()] = a->var;
      }
      IRVisitor::visitStmt(s);
    }
  } v(count, vars);
  v.visitStmt(body);
  for (const auto& [p, n] : count) {
    if (n < 2) continue;
    const VarPtr& var = vars[p];
    const auto* st = var->type->as<ScalarType>();
    if (!st || !ops::isVRegElementType(st->dtype))
      reject("expression",
             fmt::format("`{}` is assigned more than once in a T.Parallel unit; a per-lane scalar "
                         "(T.alloc_var) must have an 8/16/32-bit numeric dtype",
                         var->name),
             var->span);
    laneScalars_[p] = ir::var(var->name + "_lane", VRegType::get(u_.lanes, st->dtype), var->span);
  }
}

void UnitConverter::assignLaneScalar(const AssignStmt& a) {
  const VarPtr& lane = laneScalars_.at(a.var.get());
  DType d = a.var->type->as<ScalarType>()->dtype;
  // A scalar seed is broadcast (in place: `lane = vbrc(seed)`), a lane-varying one stored as
  // it is.
  std::vector<StmtPtr>* prologue = std::exchange(prologue_, nullptr);
  assignTo(lane, toVector(convert(a.value), d, a.span), a.span);
  prologue_ = prologue;
  values_[a.var.get()] = {lane, true};
  memo_.clear();
}

void UnitConverter::assignTo(const VarPtr& dst, const ExprPtr& v, Span span) {
  // The value just computed is written straight into the register (no copy), unless a cached
  // load still names it or it is itself a register that keeps its value (`w = v` of two
  // per-lane scalars must not move v's last assignment into w).
  bool cached = false;
  for (const auto& [_, l] : loads_) cached = cached || l == v;
  for (const auto& [_, val] : values_) cached = cached || val.e == v;  // a bind's value (`w = v`)
  if (const auto* a = out_->empty() ? nullptr : out_->back()->as<AssignStmt>();
      a && a->var == v && !cached && !reassigned(v)) {
    out_->back() = assign(dst, a->value, a->span);
    memo_.clear();
    return;
  }
  out_->push_back(assign(dst, v, span));
}

void UnitConverter::convertList(const std::vector<StmtPtr>& body, bool top) {
  // A bind that no statement reads is dropped (tilelang-pto-facts §5.8), but its value is
  // still admitted.
  std::set<const Var*> used = top ? usedVars(body) : std::set<const Var*>{};
  for (size_t k = 0; k < body.size(); ++k) {
    const StmtPtr& s = body[k];
    if (k + 1 < body.size() && tryCarry(s, body[k + 1])) {
      ++k;
      continue;
    }
    const auto* a = s->as<AssignStmt>();
    if (top && a && !used.count(a->var.get()) && !laneScalars_.count(a->var.get())) {
      std::vector<StmtPtr> scratch;
      std::swap(scratch, *out_);
      convertStmt(s);
      std::swap(scratch, *out_);
      memo_.clear();  // what it emitted is dropped
      loads_.clear();
      continue;
    }
    convertStmt(s);
  }
}

void UnitConverter::convertShell(const ForStmt& f) {
  Span sp = f.span;
  if (f.forKind != ForKind::Serial)
    reject("loop structure",
           fmt::format("only T.serial loops inside T.Parallel are supported (found a {} loop)",
                       toString(f.forKind)),
           sp);
  auto lo = constOf(f.start), hi = constOf(f.stop), st = constOf(f.step);
  if (!lo || !hi || !st || *st != 1 || *hi <= *lo || !f.iterArgs.empty())
    reject("loop structure",
           fmt::format("T.serial loops inside T.Parallel must have constant bounds and a positive "
                       "extent (got range({}, {}, {}))",
                       printExpr(*f.start), printExpr(*f.stop), printExpr(*f.step)),
           sp);
  // Without a canonical carry the body must not read what it writes: each iteration's
  // accesses are then independent of the previous iteration's stores.
  std::vector<StmtPtr> body = flattenStmts(f.body);
  std::set<const Var*> written;
  for (const auto& s : body)
    if (const auto* b = s->as<BufferStoreStmt>()) written.insert(b->buffer.get());
  LoadsOf loads;
  for (const auto& s : body) loads.visitStmt(s);
  for (const BufferLoad* l : loads.loads)
    if (written.count(l->buffer.get()))
      reject("loop shell",
             fmt::format("{}; buffer `{}` is read and written in the loop without that shape "
                         "(fail-closed)",
                         kShellShape, l->buffer->name),
             l->span);
  std::set<const Var*> stored = hoistInvariantLoads(f, body);
  auto savedLoads = loads_;
  auto savedBuffers = loadBuffer_;
  std::vector<StmtPtr> inner;
  std::swap(inner, *out_);
  for (const Var* b : stored) forgetLoads(b);  // what the loop writes is reloaded in it
  memo_.clear();
  predMasks_.clear();
  convertList(body, false);
  std::swap(inner, *out_);
  loads_ = std::move(savedLoads);  // loads made in the loop do not outlive it
  loadBuffer_ = std::move(savedBuffers);
  for (const Var* b : stored) forgetLoads(b);
  memo_.clear();
  predMasks_.clear();
  out_->push_back(forStmt(f.loopVar, f.start, f.stop, f.step, makeSeq(std::move(inner), sp),
                          ForKind::Serial, {}, {}, {}, sp));
}

std::set<const Var*> UnitConverter::hoistInvariantLoads(const ForStmt& loop,
                                                        const std::vector<StmtPtr>& body) {
  struct Scan : IRVisitor {
    std::set<const Var*> stored, assigned;
    std::vector<const BufferLoad*> loads;
    void visitStmt(const StmtPtr& s) override {
      if (!s) return;
      if (const auto* b = s->as<BufferStoreStmt>()) stored.insert(b->buffer.get());
      if (const auto* a = s->as<AssignStmt>()) assigned.insert(a->var.get());
      if (const auto* f = s->as<ForStmt>()) assigned.insert(f->loopVar.get());
      IRVisitor::visitStmt(s);
    }
    void visitBufferLoad(const BufferLoad& l) override {
      loads.push_back(&l);
      IRVisitor::visitBufferLoad(l);
    }
  } scan;
  for (const auto& s : body) scan.visitStmt(s);
  scan.assigned.insert(loop.loopVar.get());
  for (const BufferLoad* l : scan.loads) {
    bool invariant = true;
    for (const Var* st : scan.stored) invariant = invariant && !mayAlias(l->buffer.get(), st);
    for (const auto& e : l->indices) {
      for (const Var* v : scan.assigned) invariant = invariant && !mentions(e, v);
      for (const auto& [v, _] : laneScalars_) invariant = invariant && !mentions(e, v);
    }
    if (!invariant) continue;
    // Continuous loads only: a lane-uniform load stays a scalar load where it is.
    std::string why;
    auto a = classifyAccess(u_, l->buffer, l->indices, chunkBase_, defs_, why);
    if (a && a->kind == AccessKind::Continuous) convertLoad(*l);
  }
  return scan.stored;
}

bool UnitConverter::tryCarry(const StmtPtr& seedStmt, const StmtPtr& loopStmt) {
  const auto* seed = seedStmt->as<BufferStoreStmt>();
  const auto* loop = loopStmt->as<ForStmt>();
  if (!seed || !loop || seed->predicate || loop->forKind != ForKind::Serial) return false;
  std::vector<StmtPtr> body = flattenStmts(loop->body);
  if (body.size() != 1) return false;
  const auto* rmw = body[0]->as<BufferStoreStmt>();
  if (!rmw || rmw->predicate || rmw->buffer.get() != seed->buffer.get()) return false;
  std::string key = addressKey(seed->buffer, seed->indices);
  if (addressKey(rmw->buffer, rmw->indices) != key) return false;
  LoadsOf seedLoads, bodyLoads;
  seedLoads.visitExpr(seed->value);
  bodyLoads.visitExpr(rmw->value);
  for (const BufferLoad* l : seedLoads.loads)
    if (l->buffer.get() == seed->buffer.get()) return false;
  bool self = false;
  for (const BufferLoad* l : bodyLoads.loads)
    if (l->buffer.get() == seed->buffer.get()) {
      if (addressKey(l->buffer, l->indices) != key) return false;
      self = true;
    }
  if (!self) return false;
  for (const auto& e : seed->indices)
    if (mentions(e, loop->loopVar.get())) return false;
  // The loop itself must be a shell.
  auto lo = constOf(loop->start), hi = constOf(loop->stop), st = constOf(loop->step);
  if (!lo || !hi || !st || *st != 1 || *hi <= *lo || !loop->iterArgs.empty()) return false;
  // seed: carry = seed value (broadcast when uniform); loop: carry = f(carry); write-back.
  Span sp = seed->span;
  checkBuffer(seed->buffer, sp);
  checkIndices(seed->indices, sp);
  std::string why;
  auto a = classifyAccess(u_, seed->buffer, seed->indices, chunkBase_, defs_, why);
  if (!a) reject("memory access", why, sp);
  if (a->kind != AccessKind::Continuous)
    reject("loop shell",
           fmt::format("the carried buffer `{}` must be stored at a continuous address",
                       seed->buffer->name),
           sp);
  DType d = seed->buffer->type->as<TileType>()->dtype;
  VarPtr carry = var(seed->buffer->name + "_carry", VRegType::get(u_.lanes, d), sp);
  std::vector<StmtPtr>* prologue = std::exchange(prologue_, nullptr);
  assignTo(carry, toVector(convert(seed->value), d, sp), sp);
  prologue_ = prologue;
  std::set<const Var*> stored = hoistInvariantLoads(*loop, body);
  auto savedLoads = loads_;
  auto savedBuffers = loadBuffer_;
  std::vector<StmtPtr> inner;
  std::swap(inner, *out_);
  for (const Var* b : stored) forgetLoads(b);
  memo_.clear();
  carried_[key] = carry;
  ExprPtr next = toVector(convert(rmw->value), d, rmw->span);
  assignTo(carry, next, rmw->span);
  carried_.erase(key);
  std::swap(inner, *out_);
  loads_ = std::move(savedLoads);
  loadBuffer_ = std::move(savedBuffers);
  for (const Var* b : stored) forgetLoads(b);
  memo_.clear();
  out_->push_back(forStmt(loop->loopVar, loop->start, loop->stop, loop->step,
                          makeSeq(std::move(inner), loop->span), ForKind::Serial, {}, {}, {},
                          loop->span));
  emitEffect("vmi.vstore", {carry, seed->buffer, a->start, mask_}, sp);
  return true;
}

}  // namespace ptoc::simdvf
