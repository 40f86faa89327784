// expand-mixed-kernel, the pipe: tfree placement (FinalizeTpopTfrees, pypto-facts §3.8) and
// the automatic pipe set-up of each side:
//
//   consumer side of a direction  h = system.reserve_buffer(name="<f>_c2v_slot_buffer",
//                                                            size=slot_num * slot_size, base=-1)
//   producer side                 h = system.import_peer_buffer(name=..., peer_func=<peer>)
//   both sides                    system.aic|aiv_initialize_pipe(c2v, v2c, dir_mask=1|2|3,
//                                                                slot_size=, slot_num=)
//
// with pl.const(0, pl.INT32) for a direction the function does not use.
#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "Expand.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc::expand {

using namespace ir;

namespace {

bool isCall(const StmtPtr& s, std::string_view name, const Var** result = nullptr) {
  const auto* a = s ? s->as<AssignStmt>() : nullptr;
  const Call* c = a && a->value ? a->value->as<Call>() : nullptr;
  if (!c || c->callee != name) return false;
  if (result) *result = a->var.get();
  return true;
}

/// Every variable a statement reads (with repeats).
class UseCollector : public IRVisitor {
 public:
  explicit UseCollector(std::vector<const Var*>& out) : out_(out) {}

 protected:
  void visitVar(const Var& v) override { out_.push_back(&v); }

 private:
  std::vector<const Var*>& out_;
};

bool isTfree(const Call& c) {
  return c.callee == "system.tfree_to_aic" || c.callee == "system.tfree_to_aiv";
}

/// The tiles a tfree already releases (hand-written or a GM sync token).
class FreedTiles : public IRVisitor {
 public:
  std::unordered_set<const Var*> freed;

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (isTfree(c) && !c.args.empty())
      if (const auto* v = c.args[0]->as<Var>()) freed.insert(v);
  }
};

/// The variables a statement defines as another name of an outer variable (alias -> source):
/// `a = b`, and an if's return var when a branch yields the outer tile itself or a plain alias of
/// it (`kept = t; yield kept`). Their uses read the source's pipe slot too.
std::vector<std::pair<const Var*, const Var*>> aliasesOf(const StmtPtr& s) {
  std::vector<std::pair<const Var*, const Var*>> out;
  if (const auto* a = s->as<AssignStmt>()) {
    if (const auto* v = a->value ? a->value->as<Var>() : nullptr) out.emplace_back(a->var.get(), v);
    return out;
  }
  const auto* ifs = s->as<IfStmt>();
  if (!ifs || ifs->returnVars.empty()) return out;
  for (const StmtPtr& branch : {ifs->thenBody, ifs->elseBody}) {
    if (!branch) continue;
    const auto stmts = flattenStmts(branch);
    const auto* y = stmts.empty() ? nullptr : stmts.back()->as<YieldStmt>();
    if (!y) continue;
    std::unordered_map<const Var*, const Var*> local;  // branch-local plain aliases
    for (const auto& st : stmts)
      if (const auto* a = st->as<AssignStmt>())
        if (const auto* v = a->value ? a->value->as<Var>() : nullptr) local[a->var.get()] = v;
    for (size_t p = 0; p < y->values.size() && p < ifs->returnVars.size(); ++p) {
      const auto* v = y->values[p] ? y->values[p]->as<Var>() : nullptr;
      for (auto it = local.find(v); v && it != local.end(); it = local.find(v)) v = it->second;
      if (v && !v->type->as<TileType>()) v = nullptr;
      if (v) out.emplace_back(ifs->returnVars[p].get(), v);
    }
  }
  return out;
}

class TfreeInserter {
 public:
  TfreeInserter(Side side, DiagnosticEngine& diag, std::unordered_set<const Var*> freed)
      : side_(side), diag_(diag), freed_(std::move(freed)) {}

  /// `b` with the tfrees placed; `b` itself when there is none to place in it.
  StmtPtr body(const StmtPtr& b) {
    if (!b) return b;
    std::vector<StmtPtr> in = flattenStmts(b);
    const auto* seq = b->as<SeqStmt>();
    bool changed = seq ? !std::equal(in.begin(), in.end(), seq->stmts.begin(), seq->stmts.end())
                       : in.size() != 1 || in[0] != b;
    std::vector<StmtPtr> out = list(std::move(in), changed);
    return changed ? makeSeq(std::move(out), b->span) : b;
  }

 private:
  /// Sets `changed` when a statement of `in` changed or a tfree was inserted.
  std::vector<StmtPtr> list(std::vector<StmtPtr> in, bool& changed) {
    for (auto& s : in) {
      StmtPtr n = nested(s);
      changed = changed || n != s;
      s = std::move(n);
    }
    const char* popOp = side_ == Side::Aiv ? "tile.tpop_from_aic" : "tile.tpop_from_aiv";
    const char* freeOp = side_ == Side::Aiv ? "system.tfree_to_aic" : "system.tfree_to_aiv";
    // tfrees inserted after / before stmt i (resize: GCC 12 at -O3 warns about the size
    // constructor here, -Walloc-size-larger-than, a false positive)
    std::vector<std::vector<StmtPtr>> after, before;
    after.resize(in.size() + 1);
    before.resize(in.size());
    // The last statement that uses each variable, a view's uses counting for its source
    // (a view of the popped tile reads the slot too): one walk of the block, not one per pop.
    PtrMap<Var, size_t> lastUse;
    bool computed = false;
    auto computeLastUses = [&] {
      computed = true;
      std::vector<const Var*> uses;
      for (size_t j = 0; j < in.size(); ++j) {
        uses.clear();
        UseCollector uc(uses);
        uc.visitStmt(in[j]);
        for (const Var* v : uses) lastUse[v] = j;
      }
      for (size_t j = in.size(); j-- > 0;) {
        for (const auto& [alias, source] : aliasesOf(in[j])) {
          const size_t* w = lastUse.find(alias);
          if (!w) continue;
          const size_t aliasLast = *w;  // before lastUse[] below, which may move the entries
          size_t& l = lastUse[source];
          l = std::max(l, aliasLast);
        }
        const Var* view = nullptr;
        if (!(isCall(in[j], "tile.set_validshape", &view) || isCall(in[j], "tile.reshape", &view) ||
              isCall(in[j], "tile.slice", &view)))
          continue;
        const size_t* w = lastUse.find(view);
        if (!w) continue;
        const size_t viewLast = *w;
        uses.clear();  // the view statement's reads, collected again (few statements are views)
        UseCollector uc(uses);
        uc.visitStmt(in[j]);
        for (const Var* u : uses) {
          size_t& l = lastUse[u];
          l = std::max(l, viewLast);
        }
      }
    };
    for (size_t i = 0; i < in.size(); ++i) {
      const Var* popped = nullptr;
      if (!isCall(in[i], popOp, &popped) || freed_.count(popped)) continue;
      if (!computed) computeLastUses();
      const auto& var = in[i]->as<AssignStmt>()->var;
      const size_t* used = lastUse.find(popped);
      const size_t last = used ? std::max(i, *used) : i;
      changed = true;
      StmtPtr free =
          evalStmt(createOpCall(OpRegistry::instance().get(freeOp), {var}, {}, in[i]->span, diag_),
                   in[i]->span);
      const StmtKind k = in[last]->kind;
      if (last > i && (k == StmtKind::Yield || k == StmtKind::Return))
        before[last].push_back(free);
      else
        after[last].push_back(free);
    }
    std::vector<StmtPtr> out;
    for (size_t i = 0; i < in.size(); ++i) {
      for (auto& f : before[i]) out.push_back(f);
      out.push_back(in[i]);
      for (auto& f : after[i]) out.push_back(f);
    }
    return out;
  }

  /// `s` with the tfrees of its bodies placed (`s` itself when none changed).
  StmtPtr nested(const StmtPtr& s) {
    if (const auto* f = s->as<ForStmt>()) {
      StmtPtr b = body(f->body);
      if (b == f->body) return s;
      return std::make_shared<ForStmt>(f->loopVar, f->start, f->stop, f->step, f->forKind,
                                       f->iterArgs, std::move(b), f->returnVars, f->attrs, f->span);
    }
    if (const auto* w = s->as<WhileStmt>()) {
      StmtPtr b = body(w->body);
      if (b == w->body) return s;
      return std::make_shared<WhileStmt>(w->cond, w->iterArgs, std::move(b), w->returnVars,
                                         w->span);
    }
    if (const auto* i = s->as<IfStmt>()) {
      StmtPtr t = body(i->thenBody), e = i->elseBody ? body(i->elseBody) : nullptr;
      if (t == i->thenBody && e == i->elseBody) return s;
      return std::make_shared<IfStmt>(i->cond, std::move(t), std::move(e), i->returnVars, i->span);
    }
    return s;
  }

  Side side_;
  DiagnosticEngine& diag_;
  std::unordered_set<const Var*> freed_;
};

int64_t tileBytes(const TypePtr& t) {
  const auto* tt = t ? t->as<TileType>() : nullptr;
  if (!tt) return 0;
  int64_t n = dtypeBytes(tt->dtype);
  for (int64_t d : tt->shape) n *= d;
  return n;
}

class PipeScan : public IRVisitor {
 public:
  PipeUse use;

 protected:
  /// Popped tiles held at once, in program order (the branches of an if counted one after
  /// the other: an over-estimate). A pop needs a free slot while the others are held.
  void hold(int dir, int delta) {
    held_[dir] += delta;
    use.peakHeld = std::max(use.peakHeld, held_[dir]);
  }
  int64_t held_[2] = {0, 0};

  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    if (c.callee == "tile.tpush_to_aiv" || c.callee == "tile.tpop_from_aic" ||
        c.callee == "tile.tpush_to_aic" || c.callee == "tile.tpop_from_aiv") {
      const AttrValue* split = findAttr(c.kwargs, "split");
      const auto* code = split ? std::get_if<int64_t>(split) : nullptr;
      const auto* mode = split ? std::get_if<SplitMode>(split) : nullptr;
      use.splitCoded |= (code && *code != 0) || (mode && *mode != SplitMode::None);
    }
    if (c.callee == "tile.tpush_to_aiv") {
      use.dirMask |= 1;
      use.slotSize = std::max(use.slotSize, tileBytes(c.args[0]->type));
    } else if (c.callee == "tile.tpop_from_aic") {
      use.dirMask |= 1;
      hold(0, +1);
    } else if (c.callee == "tile.tpush_to_aic") {
      use.dirMask |= 2;
    } else if (c.callee == "tile.tpop_from_aiv") {
      use.dirMask |= 2;
      use.slotSize = std::max(use.slotSize, tileBytes(c.type));
      hold(1, +1);
    } else if (c.callee == "system.tfree_to_aic") {
      hold(0, -1);
    } else if (c.callee == "system.tfree_to_aiv") {
      hold(1, -1);
    } else if (c.callee == "system.aic_initialize_pipe" ||
               c.callee == "system.aiv_initialize_pipe") {
      use.hasSetup = true;
    }
  }
};

}  // namespace

/// A hand-written tfree of a plain alias of a tile (`a = t; tfree(a)`) releases the tile
/// itself: its argument becomes the aliased variable, its kwargs (split, id) are kept.
class TfreeAliasResolver : public IRMutator {
 public:
  explicit TfreeAliasResolver(const StmtPtr& body) {
    struct Aliases : IRVisitor {
      TfreeAliasResolver* self;
      void visitAssign(const AssignStmt& a) override {
        IRVisitor::visitAssign(a);
        if (a.value && a.value->as<Var>())
          self->source_[a.var.get()] = std::static_pointer_cast<const Var>(a.value);
      }
      void visitCall(const Call& c) override {
        IRVisitor::visitCall(c);
        self->hasTfree_ = self->hasTfree_ || isTfree(c);
      }
    } scan;
    scan.self = this;
    scan.visitStmt(body);
  }

  /// `body` with the aliases resolved: `body` itself, without a walk, when it has no
  /// tfree or no alias (the usual case: the tfrees are placed after this).
  StmtPtr resolve(const StmtPtr& body) {
    return hasTfree_ && !source_.empty() ? mutateStmt(body) : body;
  }
  bool hasTfree() const { return hasTfree_; }

 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& c) override {
    auto e = IRMutator::mutateCall(c);
    const auto* call = e->as<Call>();
    if (source_.empty() || !call || !isTfree(*call) || call->args.empty()) return e;
    const auto* v = call->args[0]->as<Var>();
    VarPtr resolved;
    for (auto it = source_.find(v); it != source_.end(); it = source_.find(v)) {
      resolved = it->second;
      v = resolved.get();
    }
    if (!resolved) return e;
    auto args = call->args;
    args[0] = resolved;
    return Call::rebuild(*call, call->type, call->callee, std::move(args), call->kwargs);
  }

 private:
  std::unordered_map<const Var*, VarPtr> source_;
  bool hasTfree_ = false;
};

StmtPtr finalizeTfrees(const StmtPtr& bodyIn, Side side, DiagnosticEngine& diag) {
  TfreeAliasResolver resolver(bodyIn);
  const StmtPtr body = resolver.resolve(bodyIn);
  FreedTiles ft;
  if (resolver.hasTfree()) ft.visitStmt(body);  // else no tile is freed yet: no walk
  TfreeInserter ins(side, diag, std::move(ft.freed));
  return ins.body(body);
}

PipeUse scanPipeUse(const StmtPtr& body) {
  PipeScan s;
  s.visitStmt(body);
  return s.use;
}

StmtPtr addPipeSetup(const StmtPtr& body, Side side, const std::string& fname, int dirMask,
                     int64_t slotSize, int64_t slotNum, DiagnosticEngine& diag) {
  const OpRegistry& reg = OpRegistry::instance();
  const Span span = body->span;
  std::vector<StmtPtr> out;
  auto reserve = [&](const std::string& name) -> ExprPtr {
    auto call = createOpCall(reg.get("system.reserve_buffer"), {},
                             {{"name", name}, {"size", slotNum * slotSize}, {"base", int64_t{-1}}},
                             span, diag);
    VarPtr v = std::make_shared<Var>(name, call->type, span);
    out.push_back(assign(v, call, span));
    return v;
  };
  auto import = [&](const std::string& name, const std::string& peer) -> ExprPtr {
    auto call = createOpCall(reg.get("system.import_peer_buffer"), {},
                             {{"name", name}, {"peer_func", peer}}, span, diag);
    VarPtr v = std::make_shared<Var>(name + "_import", call->type, span);
    out.push_back(assign(v, call, span));
    return v;
  };
  const std::string c2v = fname + "_c2v_slot_buffer", v2c = fname + "_v2c_slot_buffer";
  ExprPtr c2vBuf = constInt(0, DType::Int32, span), v2cBuf = constInt(0, DType::Int32, span);
  // The V->C buffer first, then the C->V one (the reference's order).
  if (side == Side::Aiv) {
    if (dirMask & 2) v2cBuf = import(v2c, fname + "_aic");
    if (dirMask & 1) c2vBuf = reserve(c2v);
  } else {
    if (dirMask & 2) v2cBuf = reserve(v2c);
    if (dirMask & 1) c2vBuf = import(c2v, fname + "_aiv");
  }
  auto init = createOpCall(
      reg.get(side == Side::Aic ? "system.aic_initialize_pipe" : "system.aiv_initialize_pipe"),
      {c2vBuf, v2cBuf},
      {{"dir_mask", int64_t{dirMask}}, {"slot_size", slotSize}, {"slot_num", slotNum}}, span, diag);
  out.push_back(evalStmt(init, span));
  for (auto& s : flattenStmts(body)) out.push_back(std::move(s));
  return makeSeq(std::move(out), span);
}

}  // namespace ptoc::expand
