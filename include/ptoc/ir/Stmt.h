// IR statements (architecture §4): assignments, element stores, control flow with
// iter_args / return_vars / yields, and the three scopes (InCore, SplitAiv, SimdVf).
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include "ptoc/ir/Expr.h"

namespace ptoc::ir {

enum class StmtKind : uint8_t {
#define PTOC_X(Kind, Class) Kind,
  PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
};
/// "Assign", "For", ... (the enumerator's name).
std::string_view stmtKindName(StmtKind k);

class Stmt {
 public:
  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
  const Span span;

  template <typename T>
  const T* as() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
  template <typename T>
  bool isa() const {
    return kind == T::kKind;
  }
};
using StmtPtr = std::shared_ptr<const Stmt>;

class AssignStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Assign;
  AssignStmt(VarPtr v, ExprPtr e, Span s)
      : Stmt(kKind, s), var(std::move(v)), value(std::move(e)) {}
  const VarPtr var;  // definition site (re-assigned in natural, pre-SSA code)
  const ExprPtr value;
  auto fields() const { return std::tuple{field::Use{value}, field::Def{var}}; }
  static StmtPtr rebuild(const AssignStmt& o, ExprPtr value, VarPtr var) {
    return std::make_shared<AssignStmt>(std::move(var), std::move(value), o.span);
  }
};

class EvalStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Eval;
  EvalStmt(ExprPtr e, Span s) : Stmt(kKind, s), expr(std::move(e)) {}
  const ExprPtr expr;
  auto fields() const { return std::tuple{field::Use{expr}}; }
  static StmtPtr rebuild(const EvalStmt& o, ExprPtr e) {
    return std::make_shared<EvalStmt>(std::move(e), o.span);
  }
};

/// `buffer[indices] = value`, optionally only where `predicate` holds. A memory effect.
class BufferStoreStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::BufferStore;
  BufferStoreStmt(VarPtr b, std::vector<ExprPtr> i, ExprPtr v, ExprPtr p, Span s)
      : Stmt(kKind, s),
        buffer(std::move(b)),
        indices(std::move(i)),
        value(std::move(v)),
        predicate(std::move(p)) {}
  const VarPtr buffer;
  const std::vector<ExprPtr> indices;
  const ExprPtr value;
  const ExprPtr predicate;  // may be null
  auto fields() const {
    return std::tuple{field::Use{buffer}, field::Uses{indices, "index"}, field::Use{value},
                      field::Use{predicate, "store predicate"}};
  }
  static StmtPtr rebuild(const BufferStoreStmt& o, VarPtr b, std::vector<ExprPtr> i, ExprPtr v,
                         ExprPtr p) {
    return std::make_shared<BufferStoreStmt>(std::move(b), std::move(i), std::move(v), std::move(p),
                                             o.span);
  }
};

class SeqStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Seq;
  SeqStmt(std::vector<StmtPtr> b, Span s) : Stmt(kKind, s), stmts(std::move(b)) {}
  const std::vector<StmtPtr> stmts;
  auto fields() const { return std::tuple{field::Stmts{stmts}}; }
  static StmtPtr rebuild(const SeqStmt& o, std::vector<StmtPtr> stmts);  // may flatten
};

class IfStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::If;
  IfStmt(ExprPtr c, StmtPtr t, StmtPtr e, std::vector<VarPtr> rv, Span s)
      : Stmt(kKind, s),
        cond(std::move(c)),
        thenBody(std::move(t)),
        elseBody(std::move(e)),
        returnVars(std::move(rv)) {}
  const ExprPtr cond;
  const StmtPtr thenBody;
  const StmtPtr elseBody;  // may be null
  const std::vector<VarPtr> returnVars;
  auto fields() const {
    return std::tuple{field::Use{cond}, field::Body{thenBody}, field::Body{elseBody},
                      field::Defs{returnVars, "return var"}};
  }
  static StmtPtr rebuild(const IfStmt& o, ExprPtr c, StmtPtr t, StmtPtr e, std::vector<VarPtr> rv) {
    return std::make_shared<IfStmt>(std::move(c), std::move(t), std::move(e), std::move(rv),
                                    o.span);
  }
};

class ForStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::For;
  ForStmt(VarPtr lv, ExprPtr b, ExprPtr e, ExprPtr st, ForKind k, std::vector<IterArgPtr> ia,
          StmtPtr body, std::vector<VarPtr> rv, AttrList a, Span s)
      : Stmt(kKind, s),
        loopVar(std::move(lv)),
        start(std::move(b)),
        stop(std::move(e)),
        step(std::move(st)),
        forKind(k),
        iterArgs(std::move(ia)),
        body(std::move(body)),
        returnVars(std::move(rv)),
        attrs(std::move(a)) {}
  const VarPtr loopVar;
  const ExprPtr start, stop, step;
  const ForKind forKind;
  const std::vector<IterArgPtr> iterArgs;
  const StmtPtr body;
  const std::vector<VarPtr> returnVars;
  const AttrList attrs;  // e.g. {"stage": n} for pipeline loops
  auto fields() const {
    return std::tuple{field::Value{forKind, "for kind"},
                      field::Use{start},
                      field::Use{stop},
                      field::Use{step},
                      field::Def{loopVar},
                      field::IterArgs{iterArgs},
                      field::Body{body},
                      field::Defs{returnVars, "return var"},
                      field::Value{attrs, "loop attr"}};
  }
  static StmtPtr rebuild(const ForStmt& o, ForKind k, ExprPtr b, ExprPtr e, ExprPtr st, VarPtr lv,
                         std::vector<IterArgPtr> ia, StmtPtr body, std::vector<VarPtr> rv,
                         const AttrList& attrs) {
    return std::make_shared<ForStmt>(std::move(lv), std::move(b), std::move(e), std::move(st), k,
                                     std::move(ia), std::move(body), std::move(rv), attrs, o.span);
  }
};

class WhileStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::While;
  WhileStmt(ExprPtr c, std::vector<IterArgPtr> ia, StmtPtr b, std::vector<VarPtr> rv, Span s)
      : Stmt(kKind, s),
        cond(std::move(c)),
        iterArgs(std::move(ia)),
        body(std::move(b)),
        returnVars(std::move(rv)) {}
  const ExprPtr cond;  // may read the iter_args
  const std::vector<IterArgPtr> iterArgs;
  const StmtPtr body;
  const std::vector<VarPtr> returnVars;
  auto fields() const {
    return std::tuple{field::IterArgs{iterArgs}, field::Use{cond}, field::Body{body},
                      field::Defs{returnVars, "return var"}};
  }
  static StmtPtr rebuild(const WhileStmt& o, std::vector<IterArgPtr> ia, ExprPtr c, StmtPtr body,
                         std::vector<VarPtr> rv) {
    return std::make_shared<WhileStmt>(std::move(c), std::move(ia), std::move(body), std::move(rv),
                                       o.span);
  }
};

/// Trailing statement of a For/While/If body that has return_vars.
class YieldStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Yield;
  YieldStmt(std::vector<ExprPtr> v, Span s) : Stmt(kKind, s), values(std::move(v)) {}
  const std::vector<ExprPtr> values;
  auto fields() const { return std::tuple{field::Uses{values, "yield value"}}; }
  static StmtPtr rebuild(const YieldStmt& o, std::vector<ExprPtr> v) {
    return std::make_shared<YieldStmt>(std::move(v), o.span);
  }
};

class ReturnStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Return;
  ReturnStmt(std::vector<ExprPtr> v, Span s) : Stmt(kKind, s), values(std::move(v)) {}
  const std::vector<ExprPtr> values;
  auto fields() const { return std::tuple{field::Uses{values, "return value"}}; }
  static StmtPtr rebuild(const ReturnStmt& o, std::vector<ExprPtr> v) {
    return std::make_shared<ReturnStmt>(std::move(v), o.span);
  }
};

/// `with pl.at(level=pl.Level.CORE_GROUP, optimizations=[...], name_hint=...) [as tid]`.
/// The task keywords of PyPTO: `deps=[...]` (producer task ids the scope's task waits for:
/// a tuple of Scalar[TASK_ID] / Array[N, TASK_ID] values), `no_dep_args=[t, ...]` (captured
/// tensors exempt from dependency tracking) and `dumps=[t, ...]` (tensors to dump), each a
/// MakeTuple or null; `attrs` holds allow_early_resolve and windowize (bools, stored when
/// True); `taskId` is empty or the one `as tid` variable: the Scalar[TASK_ID] of the scope's
/// task, defined by the scope and visible after it.
class InCoreScopeStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::InCoreScope;
  InCoreScopeStmt(std::optional<SplitMode> sp, std::optional<int64_t> slots, std::string nh,
                  StmtPtr b, Span s)
      : InCoreScopeStmt(sp, slots, std::move(nh), {}, nullptr, nullptr, nullptr, std::move(b), {},
                        s) {}
  InCoreScopeStmt(std::optional<SplitMode> sp, std::optional<int64_t> slots, std::string nh,
                  AttrList a, ExprPtr d, ExprPtr nd, ExprPtr du, StmtPtr b, std::vector<VarPtr> tid,
                  Span s)
      : Stmt(kKind, s),
        split(sp),
        slotNum(slots),
        nameHint(std::move(nh)),
        attrs(std::move(a)),
        deps(std::move(d)),
        noDepArgs(std::move(nd)),
        dumps(std::move(du)),
        body(std::move(b)),
        taskId(std::move(tid)) {}
  const std::optional<SplitMode> split;  // from pl.split(MODE)
  const std::optional<int64_t> slotNum;  // from pl.cross_core_slot(slot_num=N)
  const std::string nameHint;
  const AttrList attrs;
  const ExprPtr deps, noDepArgs, dumps;
  const StmtPtr body;
  const std::vector<VarPtr> taskId;
  /// Whether the scope carries any task keyword (deps, no_dep_args, dumps, attrs, `as`).
  bool hasTaskOptions() const {
    return !attrs.empty() || deps || noDepArgs || dumps || !taskId.empty();
  }
  auto fields() const {
    return std::tuple{field::Value{split, "scope split"},
                      field::Value{slotNum, "scope slot_num"},
                      field::Value{nameHint, "scope name_hint"},
                      field::Value{attrs, "scope attr"},
                      field::Use{deps, "scope deps"},
                      field::Use{noDepArgs, "scope no_dep_args"},
                      field::Use{dumps, "scope dumps"},
                      field::Body{body},
                      field::Defs{taskId, "scope task id"}};
  }
  static StmtPtr rebuild(const InCoreScopeStmt& o, std::optional<SplitMode> sp,
                         std::optional<int64_t> slots, const std::string& nh, const AttrList& a,
                         ExprPtr d, ExprPtr nd, ExprPtr du, StmtPtr b, std::vector<VarPtr> tid) {
    return std::make_shared<InCoreScopeStmt>(sp, slots, nh, a, std::move(d), std::move(nd),
                                             std::move(du), std::move(b), std::move(tid), o.span);
  }
};

/// `for aiv_id in pl.split_aiv(2, mode=M):` — an explicit AIV-split region.
class SplitAivScopeStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::SplitAivScope;
  SplitAivScopeStmt(SplitMode m, int64_t c, VarPtr lv, StmtPtr b, Span s)
      : Stmt(kKind, s), mode(m), count(c), laneVar(std::move(lv)), body(std::move(b)) {}
  const SplitMode mode;
  const int64_t count;   // always 2
  const VarPtr laneVar;  // the region's aiv_id (= tile.get_subblock_idx())
  const StmtPtr body;
  auto fields() const {
    return std::tuple{field::Value{mode, "split_aiv mode"}, field::Value{count, "split_aiv count"},
                      field::Def{laneVar}, field::Body{body}};
  }
  static StmtPtr rebuild(const SplitAivScopeStmt& o, SplitMode m, int64_t c, VarPtr lv, StmtPtr b) {
    return std::make_shared<SplitAivScopeStmt>(m, c, std::move(lv), std::move(b), o.span);
  }
};

/// `with pl.simd_vf(lanes=L):` / `with T.SimdVF(lanes=L):`.
class SimdVfScopeStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::SimdVfScope;
  SimdVfScopeStmt(int64_t l, StmtPtr b, Span s) : Stmt(kKind, s), lanes(l), body(std::move(b)) {}
  const int64_t lanes;
  const StmtPtr body;
  auto fields() const {
    return std::tuple{field::Value{lanes, "simd_vf lanes"}, field::Body{body}};
  }
  static StmtPtr rebuild(const SimdVfScopeStmt& o, int64_t l, StmtPtr b) {
    return std::make_shared<SimdVfScopeStmt>(l, std::move(b), o.span);
  }
};

/// `with pl.scope():` / `pl.manual_scope()` / `pl.spmd(n, ...)` / `pl.cluster()`: a runtime
/// task scope of orchestration code (PyPTO); `with pl.at(level=pl.Level.HOST, role=...)` (any
/// level but CORE_GROUP): a hierarchy scope, code that runs at that level (attrs "level" and
/// "role": the member names). `count` is the block count of an SPMD scope (null otherwise);
/// `attrs` its keyword options (sync_start, name_hint, ...); `deps` the producer task ids of
/// `deps=[...]` (a MakeTuple, or null) and `taskId` empty or the `as tid` variable
/// (Scalar[TASK_ID], defined by the scope, visible after it): SPMD and hierarchy scopes only.
class RuntimeScopeStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::RuntimeScope;
  RuntimeScopeStmt(RuntimeScopeKind k, ExprPtr c, AttrList a, StmtPtr b, Span s)
      : RuntimeScopeStmt(k, std::move(c), std::move(a), nullptr, std::move(b), {}, s) {}
  RuntimeScopeStmt(RuntimeScopeKind k, ExprPtr c, AttrList a, ExprPtr d, StmtPtr b,
                   std::vector<VarPtr> tid, Span s)
      : Stmt(kKind, s),
        kind(k),
        count(std::move(c)),
        attrs(std::move(a)),
        deps(std::move(d)),
        body(std::move(b)),
        taskId(std::move(tid)) {}
  const RuntimeScopeKind kind;
  const ExprPtr count;
  const AttrList attrs;
  const ExprPtr deps;
  const StmtPtr body;
  const std::vector<VarPtr> taskId;
  auto fields() const {
    return std::tuple{field::Value{kind, "runtime scope kind"},
                      field::Use{count, "spmd count"},
                      field::Value{attrs, "scope attr"},
                      field::Use{deps, "scope deps"},
                      field::Body{body},
                      field::Defs{taskId, "scope task id"}};
  }
  static StmtPtr rebuild(const RuntimeScopeStmt& o, RuntimeScopeKind k, ExprPtr c,
                         const AttrList& a, ExprPtr d, StmtPtr b, std::vector<VarPtr> tid) {
    return std::make_shared<RuntimeScopeStmt>(k, std::move(c), a, std::move(d), std::move(b),
                                              std::move(tid), o.span);
  }
};

/// `break` in a sequential loop (pl.range, pl.while_, `while`): leaves the innermost loop; an
/// SSA loop's results are then the current values of its iter_args.
class BreakStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Break;
  explicit BreakStmt(Span s) : Stmt(kKind, s) {}
  std::tuple<> fields() const { return {}; }
  static StmtPtr rebuild(const BreakStmt& o) { return std::make_shared<BreakStmt>(o.span); }
};

/// `continue` in a sequential loop: starts the next iteration; an SSA loop's iter_args keep
/// their current values.
class ContinueStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Continue;
  explicit ContinueStmt(Span s) : Stmt(kKind, s) {}
  std::tuple<> fields() const { return {}; }
  static StmtPtr rebuild(const ContinueStmt& o) { return std::make_shared<ContinueStmt>(o.span); }
};

#ifdef PTOC_CHECK_DUMMY_NODE
/// A statement kind that no walker knows (see scripts/check-node-kinds.sh).
class DummyStmt final : public Stmt {
 public:
  static constexpr StmtKind kKind = StmtKind::Dummy;
  explicit DummyStmt(Span s) : Stmt(kKind, s) {}
  std::tuple<> fields() const { return {}; }
  static StmtPtr rebuild(const DummyStmt& o) { return std::make_shared<DummyStmt>(o.span); }
};
#endif

/// Flattens nested Seq and returns the statements of `s` as a list.
std::vector<StmtPtr> flattenStmts(const StmtPtr& s);
/// The last statement of `s` in flattened order (nested Seqs looked into, empty ones and
/// null statements skipped), or null: flattenStmts(s).back() without copying the body.
const Stmt* lastFlatStmt(const Stmt* s);
/// The YieldStmt that ends `body` in flattened order, or null (the results of a loop or
/// if body).
inline const YieldStmt* trailingYield(const StmtPtr& body) {
  const Stmt* last = lastFlatStmt(body.get());
  return last ? last->as<YieldStmt>() : nullptr;
}
/// Builds a Seq (or the single statement) from a list.
StmtPtr makeSeq(std::vector<StmtPtr> stmts, Span span);

}  // namespace ptoc::ir
