// resolve-backend-op-layouts: vector ops that read their operands row by row get row-major
// operands (pypto-facts §3.6). Applies to InCore/AIC/AIV functions; others are unchanged.
//
// Row-major operands (blayout row_major, slayout none_box) are required of
//   the tile arguments an op lists in OpDef::rowMajorArgs: every tile operand of an
//   elementwise op (add, muls, exp, cast, ...), the data operand (argument 0) of a reduction
//   or a row_expand_* op. The [M, 1] column operand of a row_expand_* op is read one element
//   per row and may keep its layout (a column load is col_major by default), and a
//   reduction's tmp is scratch.
// Repairs:
//   - an elementwise op producing an [N, 1] column with a non-row-major operand computes on
//     [1, N] rows instead: every tile operand is `tile.reshape(x, [1, N])`, the op produces
//     `<v>_row`, and `v = tile.reshape(<v>_row, [N, 1])` follows;
//   - any other non-row-major operand `x` becomes
//     `x_row_major = tile.move(x, target_memory=<its space>, blayout=row_major, slayout=none_box)`
//     right before the op (once per statement list);
//   - except when `x` is the result of a fixpipe move (`tile.move` of an Acc tile to Vec, no
//     layout kwargs): the fixpipe converts L0C's NZ to ND on its way out (ptoas-facts §4.5),
//     so that move itself gets `blayout=row_major, slayout=none_box` and no repair move
//     follows (after expand-mixed-kernel the move is the C->V tpush / tpop, whose popped
//     tile is then row-major with no Vec -> Vec copy after it).
// The rebuilt op's result is row-major; later uses follow the new type (calls re-deduce),
// and where the value meets a fixed type (loop-carried value, if result, function return)
// it is moved back to that type. Idempotent: a second run finds every operand row-major.
#include <fmt/format.h>

#include <array>

#include "TileBlockRewriter.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/support/PtrTable.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

bool isRowMajor(const TileType& t) {
  TileView v = t.effectiveView();
  return v.blayout == TileLayout::RowMajor && v.slayout == TileLayout::NoneBox;
}

/// Which tile arguments of a call must be row-major (empty = none), without allocating
/// (asked of every call).
struct RowMajorOperands {
  std::array<size_t, 8> index{};
  size_t count = 0;
  const size_t* begin() const { return index.data(); }
  const size_t* end() const { return index.data() + count; }
  bool empty() const { return count == 0; }
};
RowMajorOperands rowMajorOperands(const Call& call) {
  RowMajorOperands out;
  if (!call.op) return out;
  for (size_t i : call.op->rowMajorArgs) {
    if (i >= call.args.size() || !tileTypeOf(call.args[i])) continue;
    if (out.count == out.index.size())
      throw InternalError(std::string(call.callee) +
                          ": more row-major operands than rowMajorOperands holds");
    out.index[out.count++] = i;
  }
  return out;
}

bool isColumn(const std::vector<int64_t>& shape) {
  return shape.size() == 2 && shape[1] == 1 && shape[0] > 1;
}

ExprPtr shapeList(const std::vector<int64_t>& shape, Span at) {
  std::vector<ExprPtr> elems;
  for (int64_t d : shape) elems.push_back(constIndex(d, at));
  return makeTuple(std::move(elems), at);
}

std::string nameOf(const ExprPtr& e, const char* fallback) {
  const auto* v = e->as<Var>();
  return v ? v->name : fallback;
}

/// A fixpipe move: `tile.move(x, target_memory=Vec)` of an Acc tile with no layout kwargs,
/// whose result is not row-major (it keeps L0C's NZ view).
bool isNzFixpipeMove(const Call& call) {
  if (!isOp(call, OpId::Move) || call.args.empty()) return false;
  const TileType* src = tileTypeOf(call.args[0]);
  const TileType* dst = call.type ? call.type->as<TileType>() : nullptr;
  if (!src || !dst || src->memory != MemorySpace::Acc || dst->memory != MemorySpace::Vec)
    return false;
  if (findAttr(call.kwargs, "blayout") || findAttr(call.kwargs, "slayout")) return false;
  return !isRowMajor(*dst);
}

/// The fixpipe moves whose result some op reads as a row-major operand (directly, or through
/// the variable the move assigns): those moves deliver row-major instead.
class FixpipeMoveScan : public IRVisitor {
 public:
  std::vector<const Call*> scan(const Function& f) {
    visitStmt(f.body);
    std::vector<const Call*> out;
    for (const Expr* e : operands_) {
      const Call* c = e->as<Call>();
      if (!c)
        if (const Call* const* def = defs_.find(static_cast<const Var*>(e))) c = *def;
      if (c && isNzFixpipeMove(*c)) out.push_back(c);
    }
    return out;
  }

 protected:
  void visitAssign(const AssignStmt& s) override {
    if (const auto* c = s.value ? s.value->as<Call>() : nullptr) defs_.emplace(s.var.get(), c);
    IRVisitor::visitAssign(s);
  }
  void visitCall(const Call& call) override {
    for (size_t i : rowMajorOperands(call)) {
      const ExprPtr& a = call.args[i];
      if (a->as<Var>() || a->as<Call>()) operands_.push_back(a.get());
    }
    IRVisitor::visitCall(call);
  }

 private:
  PtrMap<Var, const Call*> defs_;
  std::vector<const Expr*> operands_;
};

class LayoutRewriter : public TileBlockRewriter {
 public:
  using TileBlockRewriter::TileBlockRewriter;

  FunctionPtr run(const FunctionPtr& f) {
    for (const Call* c : FixpipeMoveScan().scan(*f)) ndMoves_.insert(c);
    return rewrite(f);
  }

 protected:
  ExprPtr rewriteCall(const Call& call, const ExprPtr& original, const TypePtr& resultType,
                      Span at) override {
    if (ndMoves_.contains(&call)) {
      // The fixpipe writes ND: the move delivers the row-major tile its readers need.
      bool changed = false;
      std::vector<ExprPtr> args = mutateExprs(call.args, changed);
      AttrList kwargs = call.kwargs;
      kwargs.emplace_back("blayout", TileLayout::RowMajor);
      kwargs.emplace_back("slayout", TileLayout::NoneBox);
      return createOpCall(*call.op, std::move(args), std::move(kwargs), at, diag_);
    }
    ExprListRewrite args = mutateExprList(call.args);
    if (!call.op) return args.changed() ? rebuild(call, std::move(args).take()) : original;
    // Re-deduce with the (possibly retyped) operands first: the row-major check is on them.
    RowMajorOperands need = rowMajorOperands(call);
    bool misplaced = false;
    for (size_t i : need) misplaced = misplaced || !isRowMajor(*tileTypeOf(args[i]));
    if (!misplaced)
      return args.changed() ? rebuild(call, std::move(args).take(), resultType) : original;

    const TileType* result = call.type ? call.type->as<TileType>() : nullptr;
    if (hasTrait(call, OpTrait::Elementwise) && result && isColumn(result->shape) && resultType) {
      // Compute on [1, N] rows; mutateAssign adds the reshape back to [N, 1].
      std::vector<int64_t> row = {1, result->shape[0]};
      for (size_t i : need) args.set(i, toRow(args[i], row, at));
      auto rowCall = rebuild(call, std::move(args).take());
      columnResult_ = result->shape;
      return rowCall;
    }
    for (size_t i : need)
      if (!isRowMajor(*tileTypeOf(args[i]))) args.set(i, toRowMajor(args[i], at));
    return rebuild(call, std::move(args).take(), resultType);
  }

  StmtPtr mutateAssign(const std::shared_ptr<const AssignStmt>& s) override {
    StmtPtr r = TileBlockRewriter::mutateAssign(s);
    if (columnResult_.empty()) return r;
    // The op computed `<v>_row` on [1, N]; `v` is that row reshaped back to the column.
    std::vector<int64_t> column = std::move(columnResult_);
    columnResult_.clear();
    const auto* a = r->as<AssignStmt>();
    if (!a) throw InternalError("resolve-backend-op-layouts: a column op lost its assignment");
    auto rowVar = std::make_shared<Var>(s->var->name + "_row", a->var->type, s->span);
    auto back = createOpCall(OpRegistry::instance().get(OpId::Reshape),
                             {rowVar, shapeList(column, s->span)}, {}, s->span, diag_);
    auto colVar = std::make_shared<Var>(s->var->name, back->type, s->span);
    remap(s->var, colVar);
    cache(colVar.get(), "row", rowVar);  // a later column op reads the row directly
    return makeSeq({std::make_shared<AssignStmt>(rowVar, a->value, s->span),
                    std::make_shared<AssignStmt>(colVar, back, s->span)},
                   s->span);
  }

 private:
  ExprPtr toRow(const ExprPtr& x, const std::vector<int64_t>& row, Span at) {
    const TileType* t = tileTypeOf(x);
    if (t->shape == row) return x;
    const auto* v = x->as<Var>();
    if (VarPtr hit = cached(v, "row")) return hit;
    auto call = createOpCall(OpRegistry::instance().get(OpId::Reshape), {x, shapeList(row, at)}, {},
                             at, diag_);
    VarPtr out = insertBefore(nameOf(x, "tile") + "_row", call, at);
    cache(v, "row", out);
    return out;
  }

  ExprPtr toRowMajor(const ExprPtr& x, Span at) {
    const auto* v = x->as<Var>();
    if (VarPtr hit = cached(v, "row_major")) return hit;
    const TileType* t = tileTypeOf(x);
    AttrList kwargs = {{"target_memory", t->memory.value_or(MemorySpace::Vec)},
                       {"blayout", TileLayout::RowMajor},
                       {"slayout", TileLayout::NoneBox}};
    auto call = createOpCall(OpRegistry::instance().get(OpId::Move), {x}, kwargs, at, diag_);
    VarPtr out = insertBefore(nameOf(x, "tile") + "_row_major", call, at);
    cache(v, "row_major", out);
    return out;
  }

  std::vector<int64_t> columnResult_;  // set by rewriteCall for a column op
  PtrSet<Call> ndMoves_;               // fixpipe moves that deliver row-major (FixpipeMoveScan)
};

class ResolveBackendOpLayoutsPass final : public Pass {
 public:
  std::string_view name() const override { return "resolve-backend-op-layouts"; }
  std::string_view description() const override {
    return "row-major repair of elementwise operands and results";
  }
  IRPropertySet required() const override {
    return {IRProperty::SSAForm, IRProperty::SplitIncoreOrch};
  }
  IRPropertySet produced() const override { return {IRProperty::SSAForm}; }
  IRPropertySet invalidated() const override { return {}; }

  ir::ProgramPtr run(const ir::ProgramPtr& program, PassContext& ctx) override {
    return mapFunctions(program, [&](const FunctionPtr& f) {
      if (!isKernelFunction(*f)) return f;
      LayoutRewriter rewriter(ctx.diag);
      return rewriter.run(f);
    });
  }
};

}  // namespace

void registerResolveBackendOpLayoutsPass() {
  PassRegistry::instance().add("resolve-backend-op-layouts",
                               [] { return std::make_unique<ResolveBackendOpLayoutsPass>(); });
}

}  // namespace ptoc
