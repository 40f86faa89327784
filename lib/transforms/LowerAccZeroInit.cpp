// lower-acc-zero-init: a zero-filled Acc tile (`acc: pl.Tile[..., pl.Mem.Acc] =
// pl.tile.full(..., 0.0)`, the start of a matmul_acc accumulation) becomes an uninitialized Acc
// tile (`tile.create`) whose first matmul_acc overwrites it (`init_cond`, PyPTO's flag: the
// MAD's "initialize" bit, `pto.tmatmul` instead of `pto.tmatmul.acc`). The cube unit writes
// L0C only through a matmul: there is no fill of an Acc tile (PTOAS v0.27 rejects
// `pto.texpands` into one), so this is how a zero accumulator reaches the hardware.
//
// Each use of the fill must be one of:
//   - the accumulator of a `tile.matmul_acc` (it gets `init_cond=True`: acc = lhs x rhs);
//   - the init of a for-loop carry whose only use in the body is the accumulator of one
//     `tile.matmul_acc` at the body's top level, in a loop with no break / continue that
//     provably runs at least once (the matmul_acc gets `init_cond=(i == start)`: its first
//     iteration overwrites, later ones accumulate; the loop's result is then defined).
// Anything else (a fill value other than 0, another use, a loop that may run zero times, a
// while loop) is rejected with a hint: a silently uninitialized accumulator would be worse.
//
// Numbers: matmul_acc(0, a, b) and matmul(a, b) start the sum from +0.0 alike (the simulator's
// matmul; the cube's MAD), so the lowering is bit-exact.
// Properties: requires SSAForm; keeps every property (runs after infer-tile-memory-space).
#include <fmt/format.h>

#include "ptoc/analysis/Arith.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/ExtentArith.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

bool isOpCall(const Call* c, OpId id) { return c && c->op && c->op->id == id; }

/// The statements of a body at its top level (nested Seqs flattened, nothing else entered).
void topLevel(const StmtPtr& s, std::vector<const Stmt*>& out) {
  if (!s) return;
  if (const auto* seq = s->as<SeqStmt>()) {
    for (const auto& c : seq->stmts) topLevel(c, out);
    return;
  }
  out.push_back(s.get());
}

/// A break / continue of this loop (not of a nested one).
bool hasLoopJump(const StmtPtr& s) {
  if (!s) return false;
  switch (s->kind) {
    case StmtKind::Break:
    case StmtKind::Continue:
      return true;
    case StmtKind::Seq:
      for (const auto& c : s->as<SeqStmt>()->stmts)
        if (hasLoopJump(c)) return true;
      return false;
    case StmtKind::If:
      return hasLoopJump(s->as<IfStmt>()->thenBody) || hasLoopJump(s->as<IfStmt>()->elseBody);
    default:
      return false;
  }
}

/// One Acc fill and what the analysis decided for it.
struct Fill {
  const Var* var = nullptr;
  const AssignStmt* def = nullptr;
  std::vector<const ForStmt*> inits;  // loops whose carry it starts (lowerable ones only)
  std::string whyNot;                 // the first reason it cannot be lowered
  Span whyNotAt;
};

class Analysis final : public IRVisitor {
 public:
  explicit Analysis(analysis::Analyzer& arith) : arith_(arith) {}

  std::vector<Fill> fills;  // in program order (diagnostics are deterministic)
  PtrMap<Var, size_t> fillIndex;
  Fill* fillOf(const Var* v) {
    const size_t* i = fillIndex.find(v);
    return i ? &fills[*i] : nullptr;
  }
  PtrMap<Var, int> uses;  // reads per variable (fills and loop carries)
  // matmul_acc calls reading a variable as the accumulator (fills and loop carries).
  PtrMap<Var, std::vector<const Call*>> accReads;
  struct LoopInit {
    const ForStmt* loop;
    size_t carry;
  };
  std::vector<std::pair<const Var*, LoopInit>> loopInits;  // a fill starting a loop carry
  std::vector<std::pair<const Var*, const WhileStmt*>> whileInits;

 protected:
  void visitVar(const Var& v) override {
    if (int* n = uses.find(&v)) ++*n;
  }
  void visitAssign(const AssignStmt& s) override {
    const Call* c = s.value ? s.value->as<Call>() : nullptr;
    const auto* t = s.var->type ? s.var->type->as<TileType>() : nullptr;
    if (isOpCall(c, OpId::Full) && t && t->memory == MemorySpace::Acc) {
      fillIndex.emplace(s.var.get(), fills.size());
      fills.push_back(Fill{s.var.get(), &s, {}, {}, {}});
      uses.emplace(s.var.get(), 0);
    }
    if (isOpCall(c, OpId::MatmulAcc) && !c->args.empty())
      if (const auto* acc = c->args[0]->as<Var>()) {
        auto [list, fresh] = accReads.emplace(acc, std::vector<const Call*>{});
        list->push_back(c);
      }
    IRVisitor::visitAssign(s);
  }
  void visitFor(const ForStmt& s) override {
    for (size_t k = 0; k < s.iterArgs.size(); ++k)
      if (const auto* init = s.iterArgs[k]->init ? s.iterArgs[k]->init->as<Var>() : nullptr;
          init && fillIndex.contains(init)) {
        loopInits.emplace_back(init, LoopInit{&s, k});
        uses.emplace(s.iterArgs[k].get(), 0);
      }
    arith_.bindLoop(s.loopVar, s.start, s.stop, s.step);
    IRVisitor::visitFor(s);
  }
  void visitWhile(const WhileStmt& s) override {
    for (const auto& ia : s.iterArgs)
      if (const auto* init = ia->init ? ia->init->as<Var>() : nullptr;
          init && fillIndex.contains(init))
        whileInits.emplace_back(init, &s);
    IRVisitor::visitWhile(s);
  }

 private:
  analysis::Analyzer& arith_;
};

class Lowering final : public IRMutator {
 public:
  Lowering(PtrMap<Call, ExprPtr>& initCond, PtrSet<AssignStmt>& fillDefs,
           PtrSet<AssignStmt>& deadFills, PtrSet<Call>& freshAcc, DiagnosticEngine& d)
      : initCond_(initCond),
        fillDefs_(fillDefs),
        deadFills_(deadFills),
        freshAcc_(freshAcc),
        diag_(d) {}

 protected:
  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    if (deadFills_.contains(s.get())) return seq({}, s->span);  // read only by fresh tiles
    if (!fillDefs_.contains(s.get())) return IRMutator::mutateAssign(s);
    return assign(mutateDef(s->var), uninitialized(*s->value->as<Call>(), s->var->type), s->span);
  }
  /// tile.create of the fill's type: the same shape, dtype, Acc and valid shape.
  ExprPtr uninitialized(const Call& fill, const TypePtr& type) {
    const auto& t = *type->as<TileType>();
    AttrList kwargs = {{"dtype", t.dtype}, {"target_memory", MemorySpace::Acc}};
    auto create = createOpCall(OpRegistry::instance().get(OpId::Create), {fill.args[0]}, kwargs,
                               fill.span, diag_, {}, {}, type);
    PTOC_CHECK(sameType(create->type, type),
               fmt::format("lower-acc-zero-init: the uninitialized accumulator {} does not have "
                           "the fill's type {}",
                           typeToString(*create->type), typeToString(*type)));
    return create;
  }
  ExprPtr mutateCall(const std::shared_ptr<const Call>& c) override {
    ExprPtr rewritten = IRMutator::mutateCall(c);
    const ExprPtr* cond = initCond_.find(c.get());
    if (!cond) return rewritten;
    const auto& call = *rewritten->as<Call>();
    std::vector<ExprPtr> args = call.args;
    // A direct read overwrites a tile of its own: matmul_acc updates its accumulator in place
    // (pto.tmatmul's dst), and the fill may have other readers.
    if (const Call* fill = freshAcc_.contains(c.get()) ? fillCallOf(args[0]) : nullptr)
      args[0] = uninitialized(*fill, args[0]->type);
    if (args.size() > 3)  // an accumulator that starts at zero: init_cond is moot, now True
      args[3] = *cond;
    else
      args.push_back(*cond);
    auto out = createOpCall(*call.op, std::move(args), call.kwargs, call.span, diag_);
    PTOC_CHECK(sameType(out->type, call.type),
               "lower-acc-zero-init: init_cond changed the type of tile.matmul_acc");
    return out;
  }

 private:
  const Call* fillCallOf(const ExprPtr& e) {
    const auto* v = e->as<Var>();
    const Call* const* c = v ? fillCalls.find(v) : nullptr;
    return c ? *c : nullptr;
  }

 public:
  PtrMap<Var, const Call*> fillCalls;  // every lowered fill's variable -> its tile.full

 private:
  PtrMap<Call, ExprPtr>& initCond_;
  PtrSet<AssignStmt>& fillDefs_;
  PtrSet<AssignStmt>& deadFills_;
  PtrSet<Call>& freshAcc_;
  DiagnosticEngine& diag_;
};

class LowerAccZeroInitPass final : public Pass {
 public:
  std::string_view name() const override { return "lower-acc-zero-init"; }
  std::string_view description() const override {
    return "a zero-filled Acc tile becomes an uninitialized one whose first matmul_acc "
           "overwrites it (init_cond)";
  }
  // Reads memory spaces from the types (a tile without one is not an Acc fill); keeps every
  // property (a tile.create of the fill's own type, an init_cond operand).
  IRPropertySet required() const override { return {IRProperty::SSAForm}; }

  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    return mapFunctions(program, [&](const FunctionPtr& f) { return lower(f, ctx.diag); });
  }

 private:
  static FunctionPtr lower(const FunctionPtr& f, DiagnosticEngine& diag) {
    analysis::Analyzer arith;
    Analysis a(arith);
    a.visitFunction(f);
    if (a.fills.empty()) return f;

    PtrMap<Call, ExprPtr> initCond;
    unsigned errorsBefore = diag.errorCount();
    auto reject = [&](Fill& fill, Span at, std::string why) {
      if (fill.whyNot.empty()) {
        fill.whyNot = std::move(why);
        fill.whyNotAt = at;
      }
    };
    auto accReadsOf = [&](const Var* v) -> const std::vector<const Call*>* {
      return a.accReads.find(v);
    };

    for (const auto& [var, li] : a.loopInits) {
      Fill& fill = *a.fillOf(var);
      const ForStmt& loop = *li.loop;
      const IterArgPtr& carry = loop.iterArgs[li.carry];
      const auto* reads = accReadsOf(carry.get());
      const Call* mm = reads && reads->size() == 1 ? reads->front() : nullptr;
      int carryUses = *a.uses.find(carry.get());
      bool topLevelStmt = false;
      if (mm) {
        std::vector<const Stmt*> body;
        topLevel(loop.body, body);
        for (const Stmt* s : body)
          if (const auto* as = s->as<AssignStmt>(); as && as->value.get() == mm)
            topLevelStmt = true;
      }
      std::string carryName = carry->name;
      if (mm && !topLevelStmt)
        reject(fill, mm->span,
               fmt::format("the tile.matmul_acc accumulating '{}' is inside an if or a nested "
                           "loop, so the first iteration may not reach it",
                           carryName));
      else if (!mm || carryUses != 1)
        reject(fill, loop.span,
               fmt::format("the loop-carried accumulator '{}' it starts is used other than as "
                           "the accumulator of one tile.matmul_acc",
                           carryName));
      else if (mm->args.size() > 3)
        reject(fill, mm->span, "the tile.matmul_acc accumulating it already has an init_cond");
      else if (hasLoopJump(loop.body))
        reject(fill, loop.span, "the loop it starts has a break or continue");
      else if (!(ops::constIntValue(loop.step).value_or(0) > 0 &&
                 arith.canProveLT(loop.start, loop.stop)))
        reject(fill, loop.span,
               "the loop it starts may run zero times (its result would be the uninitialized "
               "accumulator)");
      else {
        fill.inits.push_back(&loop);
        initCond.emplace(mm, eq(loop.loopVar, loop.start, mm->span));
      }
    }
    for (const auto& [var, loop] : a.whileInits)
      reject(*a.fillOf(var), loop->span,
             "it starts the carry of a while loop, which may run zero times");

    PtrSet<AssignStmt> fillDefs, deadFills;
    PtrSet<Call> freshAcc;
    PtrMap<Var, const Call*> fillCalls;
    for (Fill& fill : a.fills) {
      const Var* var = fill.var;
      const Call& call = *fill.def->value->as<Call>();
      const auto* v = call.args.size() > 1 ? call.args[1].get() : nullptr;
      bool zero = v && ((v->isa<ConstFloat>() && v->as<ConstFloat>()->value == 0.0) ||
                        (v->isa<ConstInt>() && v->as<ConstInt>()->value == 0));
      if (!zero)
        reject(fill, fill.def->span,
               fmt::format("it fills with {}, and an Acc tile can only start at zero (the first "
                           "matmul overwrites it)",
                           v ? printExpr(*v) : std::string("?")));
      const auto* direct = accReadsOf(var);
      size_t directUses = direct ? direct->size() : 0;
      if (static_cast<size_t>(*a.uses.find(var)) != directUses + fill.inits.size() &&
          fill.whyNot.empty())
        reject(fill, fill.def->span,
               "it is read other than as the accumulator of a tile.matmul_acc or the init of "
               "such an accumulation loop");
      if (!fill.whyNot.empty()) {
        Diagnostic d;
        d.span = fill.def->span;
        d.message = fmt::format(
            "lower-acc-zero-init: the Acc tile '{}' cannot start a matmul accumulation here: {}",
            var->name, fill.whyNot);
        if (fill.whyNotAt.valid() && fill.whyNotAt.begin != fill.def->span.begin)
          d.notes.emplace_back(fill.whyNotAt, "here");
        d.hint =
            "the cube writes Acc only through a matmul: start the accumulator with pl.matmul "
            "(or pl.tile.full(..., 0.0) in Acc used only as the accumulator of pl.matmul_acc, "
            "e.g. the carry of a loop that runs at least once); fill other constants in Vec";
        diag.report(std::move(d));
        continue;
      }
      (fill.inits.empty() ? deadFills : fillDefs).insert(fill.def);
      fillCalls.emplace(var, fill.def->value->as<Call>());
      if (direct)
        for (const Call* c : *direct) {
          initCond.emplace(c, constBool(true, c->span));
          freshAcc.insert(c);
        }
    }
    if (diag.errorCount() > errorsBefore) throw CompileError();
    Lowering lowering(initCond, fillDefs, deadFills, freshAcc, diag);
    fillCalls.forEach([&](const Var* v, const Call* c) { lowering.fillCalls.emplace(v, c); });
    return lowering.mutateFunction(f);
  }
};

}  // namespace

void registerLowerAccZeroInitPass() {
  PassRegistry::instance().add("lower-acc-zero-init",
                               [] { return std::make_unique<LowerAccZeroInitPass>(); });
}

}  // namespace ptoc
