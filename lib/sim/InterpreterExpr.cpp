// Expression evaluation of the interpreter: variables, constants, scalar operators,
// select, op calls (through OpSemantics: the registry's kernels, no op-name switches),
// function calls, element reads of tiles and tensors, lists and tuple elements.
#include <fmt/format.h>

#include "InterpreterImpl.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/sim/Timing.h"

namespace ptoc::sim::detail {

namespace {

DType scalarDTypeOf(const ir::Expr& e, DType fallback) {
  const auto* st = e.type ? e.type->as<ir::ScalarType>() : nullptr;
  return st ? st->dtype : fallback;
}

}  // namespace

Value Executor::eval(const ir::Expr& e, Frame& f) {
  switch (e.kind) {
    case ir::ExprKind::Var:
    case ir::ExprKind::IterArg: {
      const auto& v = static_cast<const ir::Var&>(e);
      if (const Value* x = f.find(&v)) return *x;
      if (ir::isDynamicDimVar(v)) {
        // A pl.dynamic dim read as a value (the extent of a window that keeps a whole dynamic
        // axis): the run-time extent of a tensor parameter whose type names it.
        if (f.fn)
          for (const auto& p : f.fn->params) {
            const auto* t = p->type ? p->type->as<ir::TensorType>() : nullptr;
            const Value* x = t && !t->isStatic() ? f.find(p.get()) : nullptr;
            const Tensor* tensor = x && x->is<Tensor>() ? &x->get<Tensor>() : nullptr;
            if (!tensor || !tensor->buf) continue;
            for (size_t k = 0; k < t->dims.size() && k < tensor->buf->shape.size(); ++k)
              if (t->dims[k].get() == &v) return Scalar::ofInt(DType::Index, tensor->buf->shape[k]);
          }
        throw SimError(e.span,
                       fmt::format("the simulator does not model the pl.dynamic dimension '{}' "
                                   "used as a value",
                                   v.name),
                       "read the extent from a tensor: pl.tensor.dim(t, axis)");
      }
      throw SimError(e.span, fmt::format("'{}' is read before it has a value", v.name),
                     "assign it on every path that reaches this use");
    }
    case ir::ExprKind::ConstInt: {
      const auto& c = static_cast<const ir::ConstInt&>(e);
      DType d = scalarDTypeOf(e, DType::Index);
      return d == DType::Bool ? Scalar::ofBool(c.value != 0)
             : ir::isFloat(d) ? Scalar::ofFloat(d, static_cast<double>(c.value))
                              : Scalar::ofInt(d, c.value);
    }
    case ir::ExprKind::ConstFloat: {
      const auto& c = static_cast<const ir::ConstFloat&>(e);
      DType d = scalarDTypeOf(e, DType::FP32);
      if (!ir::isFloat(d)) return castScalar(Scalar::ofFloat(DType::FP32, c.value), d);
      return Scalar::ofFloat(d, c.value);
    }
    case ir::ExprKind::ConstBool:
      return Scalar::ofBool(static_cast<const ir::ConstBool&>(e).value);
    case ir::ExprKind::Binary: {
      const auto& b = static_cast<const ir::BinaryExpr&>(e);
      Scalar lhs = evalScalar(*b.lhs, f);
      // `and` / `or` short-circuit as in Python.
      if (b.op == ir::BinaryOp::And && !lhs.asBool()) return Scalar::ofBool(false);
      if (b.op == ir::BinaryOp::Or && lhs.asBool()) return Scalar::ofBool(true);
      Scalar rhs = evalScalar(*b.rhs, f);
      DType r = scalarDTypeOf(e, ir::binaryResultDType(b.op, lhs.dtype, rhs.dtype));
      return binaryScalar(b.op, lhs, rhs, r, e.span);
    }
    case ir::ExprKind::Unary: {
      const auto& u = static_cast<const ir::UnaryExpr&>(e);
      Scalar x = evalScalar(*u.operand, f);
      DType fallback = u.op == ir::UnaryOp::Not ? DType::Bool : x.dtype;
      return unaryScalar(u.op, x, scalarDTypeOf(e, fallback), e.span);
    }
    case ir::ExprKind::Select: {
      const auto& s = static_cast<const ir::SelectExpr&>(e);
      bool c = evalScalar(*s.cond, f).asBool();
      return conformTo(eval(c ? *s.trueValue : *s.falseValue, f), e.type);
    }
    case ir::ExprKind::Call:
      return evalCall(static_cast<const ir::Call&>(e), f);
    case ir::ExprKind::BufferLoad:
      return evalBufferLoad(static_cast<const ir::BufferLoad&>(e), f);
    case ir::ExprKind::MakeTuple: {
      const auto& t = static_cast<const ir::MakeTuple&>(e);
      TupleValue out;
      out.elements.reserve(t.elements.size());
      for (const auto& x : t.elements) out.elements.push_back(eval(*x, f));
      return out;
    }
    case ir::ExprKind::TupleGetItem: {
      const auto& g = static_cast<const ir::TupleGetItem&>(e);
      Value t = eval(*g.tuple, f);
      if (!t.is<TupleValue>())
        throw SimError(e.span, fmt::format("element {} of {}: not a tuple", g.index, t.describe()),
                       "index tuples only: r[k] of a function or op result with several values");
      auto& elems = t.get<TupleValue>().elements;
      if (g.index < 0 || g.index >= static_cast<int64_t>(elems.size()))
        throw SimError(e.span,
                       fmt::format("tuple index {} out of range (the tuple has {} "
                                   "elements)",
                                   g.index, elems.size()),
                       fmt::format("use an index in [0, {})", elems.size()));
      return std::move(elems[g.index]);
    }
  }
  throw SimError(e.span, "internal error: unknown expression kind");
}

Scalar Executor::evalScalar(const ir::Expr& e, Frame& f) {
  if (e.kind == ir::ExprKind::Var || e.kind == ir::ExprKind::IterArg) {
    // Fast path: no copy of the Value.
    const Value* x = f.find(static_cast<const ir::Var*>(&e));
    if (x && x->is<Scalar>()) return x->get<Scalar>();
  }
  Value v = eval(e, f);
  if (!v.is<Scalar>())
    throw SimError(e.span, fmt::format("expected a scalar here, got {}", v.describe()),
                   "pass a scalar value here (read one element of a tile with t[i, j])");
  return v.get<Scalar>();
}

int64_t Executor::evalInt(const ir::Expr& e, Frame& f) {
  Scalar s = evalScalar(e, f);
  if (s.isFloat())
    throw SimError(e.span,
                   fmt::format("expected an integer here, got {} {}", ir::dtypeName(s.dtype), s.f),
                   "cast it: pl.cast(x, pl.INDEX)");
  return s.i;
}

/// In the AIC / AIV functions expand-mixed-kernel makes (what the hardware runs), a store of a
/// tile with an empty valid region is outside the PTO ISA's contract: pto-isa's TSTORE asserts
/// valid rows and columns > 0 (a release build moves nothing, a debug or CA-model build traps).
/// The split lowering guards the stores of a lane that can be empty (docs/passes/
/// lower-auto-vector-split.md, "Empty lanes"); an author-level function (InCore, a split_aiv
/// kernel before lowering) keeps the abstract meaning, an empty store writes nothing.
void Executor::checkStoreNotEmpty(const ir::Call& c, const std::vector<Value>& args, Frame& f) {
  if (!f.fn || (f.fn->funcType != ir::FunctionType::AIC && f.fn->funcType != ir::FunctionType::AIV))
    return;
  if (args.empty() || !args[0].is<Tile>()) return;
  const std::vector<int64_t>& valid = args[0].get<Tile>().valid;
  for (size_t k = 0; k < valid.size(); ++k)
    if (valid[k] == 0)
      throw SimError(c.span,
                     fmt::format("{} stores a tile whose valid region is empty (extent 0 on axis "
                                 "{}) in {} '{}': outside the PTO ISA contract (TSTORE requires "
                                 "valid rows and columns > 0)",
                                 c.callee, k, ir::toString(f.fn->funcType), f.fn->name),
                     "guard the store with an `if` on the valid extent (lower-auto-vector-split "
                     "does this for a lane that can be empty)");
}

Value Executor::evalCall(const ir::Call& c, Frame& f) {
  std::vector<Value> args;
  args.reserve(c.args.size());
  for (const auto& a : c.args) args.push_back(eval(*a, f));
  if (c.op) {
    if (c.op->id == ptoc::OpId::Store) checkStoreNotEmpty(c, args, f);
    if (!timing::activeTimeline()) return OpSemantics::instance().evaluate(c, args, core_);
    Value v = OpSemantics::instance().evaluate(c, args, core_);
    timing::recordCall(c, args, v);  // the cycle model observes; it never changes `v`
    return v;
  }
  const ir::FunctionPtr callee = program_.find(c.callee);
  if (!callee)
    throw SimError(c.span,
                   fmt::format("call of '{}', which is not a function of the program", c.callee),
                   "define the function in the program, or call an op as pl.NAME(...)");
  return packResults(invoke(*callee, std::move(args), c.span));
}

namespace {

/// Element indices without a heap allocation for the usual ranks.
class Indices {
 public:
  void push_back(int64_t v) {
    if (n_ < kInline)
      inline_[n_] = v;
    else
      spill_.push_back(v);
    ++n_;
  }
  size_t size() const { return n_; }
  int64_t operator[](size_t k) const { return k < kInline ? inline_[k] : spill_[k - kInline]; }

 private:
  static constexpr size_t kInline = 6;
  int64_t inline_[kInline] = {};
  std::vector<int64_t> spill_;
  size_t n_ = 0;
};

/// Row-major offset of `idx` in `shape`; SimError when out of bounds.
int64_t flatIndex(const std::vector<int64_t>& shape, const Indices& idx, const ir::Var& buffer,
                  Span span) {
  if (idx.size() != shape.size())
    throw SimError(span,
                   fmt::format("'{}' has rank {}, but {} indices are given", buffer.name,
                               shape.size(), idx.size()),
                   "give one index per axis");
  int64_t off = 0;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (idx[k] < 0 || idx[k] >= shape[k]) {
      std::string at, dims;
      for (size_t j = 0; j < idx.size(); ++j) {
        at += (j ? ", " : "") + std::to_string(idx[j]);
        dims += (j ? ", " : "") + std::to_string(shape[j]);
      }
      throw SimError(
          span,
          fmt::format("index [{}] is out of bounds of '{}' with shape [{}]", at, buffer.name, dims),
          "each index must be in [0, extent) of its axis: check the loop bounds and offsets that "
          "compute it");
    }
    off = off * shape[k] + idx[k];
  }
  return off;
}

Buffer& bufferOf(const Value& v, const ir::Var& var, Span span) {
  if (v.is<Tile>() && v.get<Tile>().buf) return *v.get<Tile>().buf;
  if (v.is<Tensor>() && v.get<Tensor>().buf) return *v.get<Tensor>().buf;
  throw SimError(
      span, fmt::format("'{}' is {}, not a tile or tensor with elements", var.name, v.describe()),
      "index a tile or tensor variable that holds data");
}

}  // namespace

Value Executor::evalBufferLoad(const ir::BufferLoad& e, Frame& f) {
  timing::recordElementAccess(false, e.span);
  Indices idx;
  for (const auto& i : e.indices) idx.push_back(evalInt(*i, f));
  const Value* held = f.find(e.buffer.get());
  if (!held)
    throw SimError(e.span, fmt::format("'{}' is read before it has a value", e.buffer->name),
                   "assign the tile (pl.load / pl.full / pl.tile.create) before reading its "
                   "elements");
  Buffer& b = bufferOf(*held, *e.buffer, e.span);
  int64_t off = flatIndex(b.shape, idx, *e.buffer, e.span);
  if (b.dtype == DType::Bool) return Scalar::ofBool(b.getI(off) != 0);
  if (ir::isFloat(b.dtype)) return Scalar::ofFloat(b.dtype, b.getF(off));
  return Scalar::ofInt(b.dtype, b.getI(off));
}

void Executor::execBufferStore(const ir::BufferStoreStmt& s, Frame& f) {
  if (s.predicate && !evalScalar(*s.predicate, f).asBool()) return;
  timing::recordElementAccess(true, s.span);
  Indices idx;
  for (const auto& i : s.indices) idx.push_back(evalInt(*i, f));
  Scalar v = evalScalar(*s.value, f);
  const Value* held = f.find(s.buffer.get());
  if (!held)
    throw SimError(s.span, fmt::format("'{}' is written before it has a value", s.buffer->name),
                   "create the tile first, e.g. t = pl.tile.create([16, 64], dtype=pl.FP32)");
  Buffer& b = bufferOf(*held, *s.buffer, s.span);
  int64_t off = flatIndex(b.shape, idx, *s.buffer, s.span);
  Scalar c = v.dtype == b.dtype ? v : castScalar(v, b.dtype);
  if (ir::isFloat(b.dtype))
    b.setF(off, c.f);
  else
    b.setI(off, c.i);
}

Value packResults(std::vector<Value> results) {
  if (results.empty()) return Value{};
  if (results.size() == 1) return std::move(results[0]);
  return TupleValue{std::move(results)};
}

}  // namespace ptoc::sim::detail
