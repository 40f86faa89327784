// IR building helpers and the scalar dtype promotion rule (see Builder.h).
#include "ptoc/ir/Builder.h"

namespace ptoc::ir {

DType promoteDTypes(DType a, DType b) {
  if (a == b) return a;
  bool fa = isFloat(a), fb = isFloat(b);
  if (fa != fb) return fa ? a : b;
  if (fa) {
    unsigned wa = dtypeBits(a), wb = dtypeBits(b);
    if (wa != wb) return wa > wb ? a : b;
    return wa == 8 ? DType::FP16 : DType::FP32;  // same width, different formats
  }
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (a == DType::Index || b == DType::Index) return DType::Index;
  unsigned wa = dtypeBits(a), wb = dtypeBits(b);
  if (wa != wb) return wa > wb ? a : b;
  return isSignedInteger(a) ? b : a;  // same width, mixed signedness: unsigned
}

DType binaryResultDType(BinaryOp op, DType a, DType b) {
  if (isComparison(op) || isLogical(op)) return DType::Bool;
  if (op == BinaryOp::Div && !isFloat(a) && !isFloat(b)) return DType::FP32;
  return promoteDTypes(a, b);
}

ExprPtr constInt(int64_t value, DType dtype, Span span) {
  return std::make_shared<ConstInt>(value, dtype, span);
}
ExprPtr constIndex(int64_t value, Span span) { return constInt(value, DType::Index, span); }
ExprPtr constFloat(double value, DType dtype, Span span) {
  return std::make_shared<ConstFloat>(value, dtype, span);
}
ExprPtr constBool(bool value, Span span) { return std::make_shared<ConstBool>(value, span); }

VarPtr var(std::string name, TypePtr type, Span span) {
  return std::make_shared<Var>(std::move(name), std::move(type), span);
}
VarPtr scalarVar(std::string name, DType dtype, Span span) {
  return var(std::move(name), ScalarType::get(dtype), span);
}
IterArgPtr iterArg(std::string name, TypePtr type, ExprPtr init, Span span) {
  return std::make_shared<IterArg>(std::move(name), std::move(type), std::move(init), span);
}

ExprPtr binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs, Span span) {
  auto da = lhs && lhs->type ? elementDType(*lhs->type) : std::nullopt;
  auto db = rhs && rhs->type ? elementDType(*rhs->type) : std::nullopt;
  TypePtr t = da && db ? ScalarType::get(binaryResultDType(op, *da, *db)) : UnknownType::get();
  return std::make_shared<BinaryExpr>(op, std::move(lhs), std::move(rhs), std::move(t), span);
}
ExprPtr add(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Add, std::move(a), std::move(b), s);
}
ExprPtr sub(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Sub, std::move(a), std::move(b), s);
}
ExprPtr mul(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Mul, std::move(a), std::move(b), s);
}
ExprPtr div(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Div, std::move(a), std::move(b), s);
}
ExprPtr floorDiv(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::FloorDiv, std::move(a), std::move(b), s);
}
ExprPtr floorMod(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::FloorMod, std::move(a), std::move(b), s);
}
ExprPtr minExpr(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Min, std::move(a), std::move(b), s);
}
ExprPtr maxExpr(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Max, std::move(a), std::move(b), s);
}
ExprPtr eq(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Eq, std::move(a), std::move(b), s);
}
ExprPtr ne(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Ne, std::move(a), std::move(b), s);
}
ExprPtr lt(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Lt, std::move(a), std::move(b), s);
}
ExprPtr le(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Le, std::move(a), std::move(b), s);
}
ExprPtr gt(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Gt, std::move(a), std::move(b), s);
}
ExprPtr ge(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Ge, std::move(a), std::move(b), s);
}
ExprPtr logicalAnd(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::And, std::move(a), std::move(b), s);
}
ExprPtr logicalOr(ExprPtr a, ExprPtr b, Span s) {
  return binary(BinaryOp::Or, std::move(a), std::move(b), s);
}

ExprPtr unary(UnaryOp op, ExprPtr operand, Span span) {
  TypePtr t = op == UnaryOp::Not         ? ScalarType::get(DType::Bool)
              : operand && operand->type ? operand->type
                                         : UnknownType::get();
  return std::make_shared<UnaryExpr>(op, std::move(operand), std::move(t), span);
}
ExprPtr neg(ExprPtr x, Span span) { return unary(UnaryOp::Neg, std::move(x), span); }
ExprPtr logicalNot(ExprPtr x, Span span) { return unary(UnaryOp::Not, std::move(x), span); }
ExprPtr cast(ExprPtr x, DType to, Span span) {
  return std::make_shared<UnaryExpr>(UnaryOp::Cast, std::move(x), ScalarType::get(to), span);
}
ExprPtr select(ExprPtr cond, ExprPtr trueValue, ExprPtr falseValue, Span span) {
  TypePtr t = trueValue && trueValue->type ? trueValue->type : UnknownType::get();
  return std::make_shared<SelectExpr>(std::move(cond), std::move(trueValue), std::move(falseValue),
                                      std::move(t), span);
}

CallPtr callOp(std::string name, std::vector<ExprPtr> args, AttrList kwargs, TypePtr resultType,
               const OpDef* op, Span span) {
  return std::make_shared<Call>(std::move(name), op, std::move(args), std::move(kwargs),
                                resultType ? std::move(resultType) : UnknownType::get(), span);
}

TypePtr functionResultType(const Function& f) {
  if (f.returnTypes.empty()) return UnknownType::get();
  if (f.returnTypes.size() == 1) return f.returnTypes.front();
  return TupleType::get(f.returnTypes);
}

CallPtr callFunction(const Function& f, std::vector<ExprPtr> args, Span span) {
  return std::make_shared<Call>(f.name, nullptr, std::move(args), AttrList{}, functionResultType(f),
                                span);
}

ExprPtr makeTuple(std::vector<ExprPtr> elements, Span span) {
  std::vector<TypePtr> types;
  types.reserve(elements.size());
  for (const auto& e : elements) types.push_back(e && e->type ? e->type : UnknownType::get());
  return std::make_shared<MakeTuple>(std::move(elements), TupleType::get(std::move(types)), span);
}

ExprPtr tupleGetItem(ExprPtr tuple, int64_t index, Span span) {
  TypePtr t = UnknownType::get();
  if (tuple && tuple->type)
    if (const auto* tt = tuple->type->as<TupleType>())
      if (index >= 0 && static_cast<size_t>(index) < tt->types.size())
        t = tt->types[static_cast<size_t>(index)];
  return std::make_shared<TupleGetItem>(std::move(tuple), index, std::move(t), span);
}

ExprPtr bufferLoad(VarPtr buffer, std::vector<ExprPtr> indices, Span span) {
  auto d = buffer && buffer->type ? elementDType(*buffer->type) : std::nullopt;
  TypePtr t = d ? ScalarType::get(*d) : UnknownType::get();
  return std::make_shared<BufferLoad>(std::move(buffer), std::move(indices), std::move(t), span);
}

StmtPtr assign(VarPtr v, ExprPtr value, Span span) {
  return std::make_shared<AssignStmt>(std::move(v), std::move(value), span);
}

StmtPtr assignNew(std::string name, ExprPtr value, VarPtr& out, Span span) {
  out = var(std::move(name), value && value->type ? value->type : UnknownType::get(), span);
  return assign(out, std::move(value), span);
}

StmtPtr evalStmt(ExprPtr e, Span span) { return std::make_shared<EvalStmt>(std::move(e), span); }

StmtPtr seq(std::vector<StmtPtr> stmts, Span span) { return makeSeq(std::move(stmts), span); }

StmtPtr flatSeq(std::vector<StmtPtr> stmts, Span span) {
  if (stmts.size() == 1) return std::move(stmts.front());
  return std::make_shared<SeqStmt>(std::move(stmts), span);
}

StmtPtr returnStmt(std::vector<ExprPtr> values, Span span) {
  return std::make_shared<ReturnStmt>(std::move(values), span);
}

StmtPtr yieldStmt(std::vector<ExprPtr> values, Span span) {
  return std::make_shared<YieldStmt>(std::move(values), span);
}

StmtPtr bufferStore(VarPtr buffer, std::vector<ExprPtr> indices, ExprPtr value, ExprPtr predicate,
                    Span span) {
  return std::make_shared<BufferStoreStmt>(std::move(buffer), std::move(indices), std::move(value),
                                           std::move(predicate), span);
}

StmtPtr ifStmt(ExprPtr cond, StmtPtr thenBody, StmtPtr elseBody, std::vector<VarPtr> returnVars,
               Span span) {
  return std::make_shared<IfStmt>(std::move(cond), std::move(thenBody), std::move(elseBody),
                                  std::move(returnVars), span);
}

StmtPtr forStmt(VarPtr loopVar, ExprPtr start, ExprPtr stop, ExprPtr step, StmtPtr body,
                ForKind kind, std::vector<IterArgPtr> iterArgs, std::vector<VarPtr> returnVars,
                AttrList attrs, Span span) {
  if (!start) start = constIndex(0);
  if (!step) step = constIndex(1);
  return std::make_shared<ForStmt>(std::move(loopVar), std::move(start), std::move(stop),
                                   std::move(step), kind, std::move(iterArgs), std::move(body),
                                   std::move(returnVars), std::move(attrs), span);
}

StmtPtr whileStmt(ExprPtr cond, StmtPtr body, std::vector<IterArgPtr> iterArgs,
                  std::vector<VarPtr> returnVars, Span span) {
  return std::make_shared<WhileStmt>(std::move(cond), std::move(iterArgs), std::move(body),
                                     std::move(returnVars), span);
}

}  // namespace ptoc::ir
