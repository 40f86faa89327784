// One function's emission: signature, tensor views, scalar arithmetic (arith), the
// statements and their control flow (scf.for / scf.if with iter_args and results,
// pto.vecscope). Tile values are buffers: a loop-carried or if-merged tile is one buffer
// that the branches / iterations move their value into (docs/codegen.md §Control flow).
#include "FunctionEmitter.h"

#include <fmt/format.h>

namespace ptoc::codegen {

using namespace ir;

void FunctionEmitter::line(const std::string& text) {
  body_ << std::string(static_cast<size_t>(indent_) * 2, ' ') << text << '\n';
}

std::string FunctionEmitter::fresh(std::string_view h) {
  std::string base;
  for (char c : h) base += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (base.empty() || std::isdigit(static_cast<unsigned char>(base[0]))) base = "v" + base;
  std::string name = base;
  for (int i = 1; used_.count(name); ++i) name = fmt::format("{}_{}", base, i);
  used_.insert(name);
  return "%" + name;
}

std::string FunctionEmitter::constant(int64_t v, DType d) {
  std::string ty = scalarType(d);
  if (d == DType::Bool) ty = "i1";
  std::string key = fmt::format("{}:{}", v, ty);
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  std::string mag = v < 0 ? "m" + std::to_string(-v) : std::to_string(v);
  std::string name =
      fresh(d == DType::Index ? fmt::format("c{}", mag) : fmt::format("c{}_{}", mag, ty));
  if (d == DType::Bool)
    prologue_ << fmt::format("    {} = arith.constant {}\n", name, v ? "true" : "false");
  else
    prologue_ << fmt::format("    {} = arith.constant {} : {}\n", name, v, ty);
  constants_[key] = name;
  return name;
}

std::string FunctionEmitter::constantFloat(double v, DType d) {
  std::string ty = scalarType(d);
  std::string key = fmt::format("{:e}:{}", v, ty);
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  std::string name = fresh("cst_" + ty);
  prologue_ << fmt::format("    {} = arith.constant {:e} : {}\n", name, v, ty);
  constants_[key] = name;
  return name;
}

void FunctionEmitter::fail(Span at, const std::string& message, std::string hint) {
  module.diag->error(at, message, std::move(hint));
  throw CompileError();
}

std::string FunctionEmitter::convert(const std::string& v, DType from, DType to) {
  if (scalarType(from) == scalarType(to)) return v;
  std::string ft = scalarType(from), tt = scalarType(to);
  std::string r = fresh("cast");
  auto intLike = [](DType d) { return isInteger(d) || d == DType::Bool; };
  std::string op;
  if (from == DType::Index || to == DType::Index) {
    if (isFloat(from) || isFloat(to)) {
      // index <-> float goes through i64.
      std::string mid = convert(v, from, DType::Int64);
      return convert(mid, DType::Int64, to);
    }
    op = "arith.index_cast";
  } else if (intLike(from) && intLike(to)) {
    op = dtypeBits(to) > dtypeBits(from) ? (from == DType::Bool ? "arith.extui" : "arith.extsi")
                                         : "arith.trunci";
  } else if (intLike(from) && isFloat(to)) {
    op = "arith.sitofp";
  } else if (isFloat(from) && intLike(to)) {
    op = "arith.fptosi";
  } else {
    op = dtypeBits(to) > dtypeBits(from) ? "arith.extf" : "arith.truncf";
  }
  line(fmt::format("{} = {} {} : {} to {}", r, op, v, ft, tt));
  return r;
}

static DType dtypeOfExpr(const Expr& e) {
  if (auto d = e.type ? elementDType(*e.type) : std::nullopt) return *d;
  return DType::Index;
}

std::string FunctionEmitter::scalarAs(const ExprPtr& e, DType d) {
  DType have = d;
  std::string v = scalarExpr(*e, have);
  return convert(v, have, d);
}

static const char* intCmp(BinaryOp op) {
  switch (op) {
    case BinaryOp::Eq:
      return "eq";
    case BinaryOp::Ne:
      return "ne";
    case BinaryOp::Lt:
      return "slt";
    case BinaryOp::Le:
      return "sle";
    case BinaryOp::Gt:
      return "sgt";
    case BinaryOp::Ge:
      return "sge";
    default:
      return nullptr;
  }
}
static const char* floatCmp(BinaryOp op) {
  switch (op) {
    case BinaryOp::Eq:
      return "oeq";
    case BinaryOp::Ne:
      return "une";
    case BinaryOp::Lt:
      return "olt";
    case BinaryOp::Le:
      return "ole";
    case BinaryOp::Gt:
      return "ogt";
    case BinaryOp::Ge:
      return "oge";
    default:
      return nullptr;
  }
}

/// Emits a scalar expression; `dtype` is set to the dtype of the returned value.
std::string FunctionEmitter::scalarExpr(const Expr& e, DType& dtype) {
  if (const auto* c = e.as<ConstInt>()) {
    dtype = c->dtype();
    return constant(c->value, dtype);
  }
  if (const auto* c = e.as<ConstFloat>()) {
    dtype = c->dtype();
    return constantFloat(c->value, dtype);
  }
  if (const auto* c = e.as<ConstBool>()) {
    dtype = DType::Bool;
    return constant(c->value ? 1 : 0, DType::Bool);
  }
  if (const auto* b = e.as<BinaryExpr>()) {
    DType rt = dtypeOfExpr(e);
    bool cmp = intCmp(b->op) != nullptr;
    DType ot = cmp ? dtypeOfExpr(*b->lhs) : rt;
    if (cmp && isFloat(dtypeOfExpr(*b->rhs)) && !isFloat(ot)) ot = dtypeOfExpr(*b->rhs);
    std::string l = scalarAs(b->lhs, ot), r = scalarAs(b->rhs, ot);
    std::string ty = scalarType(ot);
    bool fl = isFloat(ot);
    std::string res = fresh(cmp ? "cmp" : "v");
    dtype = cmp ? DType::Bool : rt;
    if (cmp) {
      line(fmt::format("{} = {} {}, {}, {} : {}", res, fl ? "arith.cmpf" : "arith.cmpi",
                       fl ? floatCmp(b->op) : intCmp(b->op), l, r, ty));
      return res;
    }
    const char* op = nullptr;
    switch (b->op) {
      case BinaryOp::Add:
        op = fl ? "arith.addf" : "arith.addi";
        break;
      case BinaryOp::Sub:
        op = fl ? "arith.subf" : "arith.subi";
        break;
      case BinaryOp::Mul:
        op = fl ? "arith.mulf" : "arith.muli";
        break;
      case BinaryOp::Div:
        op = fl ? "arith.divf" : "arith.divsi";
        break;
      case BinaryOp::FloorDiv:
        op = fl ? nullptr : "arith.floordivsi";
        break;
      case BinaryOp::FloorMod:
        op = fl ? nullptr : "arith.remsi";
        break;
      case BinaryOp::Min:
        op = fl ? "arith.minimumf" : "arith.minsi";
        break;
      case BinaryOp::Max:
        op = fl ? "arith.maximumf" : "arith.maxsi";
        break;
      case BinaryOp::And:
        op = "arith.andi";
        break;
      case BinaryOp::Or:
        op = "arith.ori";
        break;
      default:
        break;
    }
    if (!op)
      fail(e.span, "this scalar operator has no PTO (arith) spelling yet",
           "compute it with +, -, *, //, %, min or max on integers, or +, -, *, / on floats");
    line(fmt::format("{} = {} {}, {} : {}", res, op, l, r, ty));
    return res;
  }
  if (const auto* u = e.as<UnaryExpr>()) {
    DType rt = dtypeOfExpr(e);
    if (u->op == UnaryOp::Cast) {
      DType from = dtypeOfExpr(*u->operand);
      std::string v = scalarAs(u->operand, from);
      dtype = rt;
      return convert(v, from, rt);
    }
    std::string v = scalarAs(u->operand, rt);
    std::string res = fresh("v");
    dtype = rt;
    if (u->op == UnaryOp::Neg) {
      if (isFloat(rt))
        line(fmt::format("{} = arith.negf {} : {}", res, v, scalarType(rt)));
      else
        line(fmt::format("{} = arith.subi {}, {} : {}", res, constant(0, rt), v, scalarType(rt)));
      return res;
    }
    if (u->op == UnaryOp::Not) {
      line(fmt::format("{} = arith.xori {}, {} : i1", res, v, constant(1, DType::Bool)));
      return res;
    }
    fail(e.span, "this scalar operator has no PTO (arith) spelling yet",
         "compute it with -x, not x or a cast");
  }
  if (const auto* s = e.as<SelectExpr>()) {
    DType rt = dtypeOfExpr(e);
    std::string c = scalarAs(s->cond, DType::Bool);
    std::string t = scalarAs(s->trueValue, rt), f = scalarAs(s->falseValue, rt);
    std::string res = fresh("sel");
    line(fmt::format("{} = arith.select {}, {}, {} : {}", res, c, t, f, scalarType(rt)));
    dtype = rt;
    return res;
  }
  if (e.isa<Var>() || e.isa<Call>()) {
    Value v = value(std::static_pointer_cast<const Expr>(
        std::shared_ptr<const Expr>(std::shared_ptr<const Expr>{}, &e)));
    if (v.kind != Value::Kind::Scalar)
      fail(e.span, "expected a scalar here", "internal error: the IR is not well typed");
    dtype = dtypeOfExpr(e);
    return v.name;
  }
  fail(e.span, "this expression has no PTO spelling yet",
       "only scalar arithmetic, variables and op calls reach the PTO emitter");
}

Value FunctionEmitter::value(const ExprPtr& e) {
  if (const auto* v = e->as<Var>()) {
    auto it = values_.find(v);
    if (it == values_.end())
      fail(e->span, fmt::format("internal error: '{}' has no emitted value", v->name),
           "report this with the input program");
    return it->second;
  }
  if (const auto* c = e->as<Call>()) {
    if (c->isFunctionCall()) {
      return emitFunctionCall(*c, e->span);
    }
    const OpEmitFn* fn = OpEmitterTable::instance().find(c->op);
    if (!fn)
      fail(e->span, fmt::format("op {} has no PTO emitter", c->op->name),
           "internal error: every registered op has one (codegen unit test)");
    return (*fn)(*this, *c);
  }
  DType d = DType::Index;
  std::string n = scalarExpr(*e, d);
  return {Value::Kind::Scalar, n, scalarType(d), e->type.get()};
}

Value FunctionEmitter::tile(const ExprPtr& e, Span at) {
  Value v = value(e);
  if (v.kind != Value::Kind::Tile)
    fail(at, "expected a tile here", "internal error: the IR is not well typed");
  return v;
}

Value FunctionEmitter::tensor(const ExprPtr& e, Span at) {
  Value v = value(e);
  if (v.kind != Value::Kind::Tensor)
    fail(at, "expected a tensor here",
         "a GM tensor of the kernel's parameters (a tensor made inside a kernel has no PTO form)");
  return v;
}

std::vector<ExprPtr> FunctionEmitter::listElements(const ExprPtr& e, Span at) {
  if (const auto* t = e->as<MakeTuple>()) return t->elements;
  fail(at, "expected a [a, b] list here", "write the list literally in the call");
}

Value FunctionEmitter::allocTile(const TileType& t, std::string_view h) {
  std::string name = fresh(h);
  std::string ty = tileBufType(t, module.arch);
  if (hasDynamicValid(t)) {
    std::vector<ExprPtr> valid = t.validShape();
    std::string r = valid.size() >= 2 ? index(valid[valid.size() - 2]) : constIndex(1);
    std::string c = index(valid.back());
    line(fmt::format("{} = pto.alloc_tile valid_row = {} valid_col = {} : {}", name, r, c, ty));
  } else {
    line(fmt::format("{} = pto.alloc_tile : {}", name, ty));
  }
  return {Value::Kind::Tile, name, ty, &t};
}

const TileType& resultTile(FunctionEmitter& fe, const Call& c) {
  const auto* t = c.type ? c.type->as<TileType>() : nullptr;
  if (!t) fe.fail(c.span, "internal error: a tile op without a tile result", "report this");
  return *t;
}

const std::string& ptoName(FunctionEmitter& fe, const Call& c) {
  if (c.op->pto.empty())
    fe.fail(c.span, fmt::format("internal error: op {} has no PTO spelling", c.op->name),
            "fill the op's .pto(...) slot in lib/ops");
  return c.op->pto;
}

}  // namespace ptoc::codegen
