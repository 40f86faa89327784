#include "ptoc/ir/Expr.h"

namespace ptoc::ir {

std::string_view exprKindName(ExprKind k) {
  switch (k) {
#define PTOC_X(Kind, Class) \
  case ExprKind::Kind:      \
    return #Kind;
    PTOC_EXPR_NODES(PTOC_X)
#undef PTOC_X
  }
  return "?";
}


DType ConstInt::dtype() const { return type->as<ScalarType>()->dtype; }
DType ConstFloat::dtype() const { return type->as<ScalarType>()->dtype; }

std::string_view binaryOpName(BinaryOp op) {
  static constexpr std::string_view kNames[] = {
      "add", "sub",    "mul",   "div",    "floordiv", "floormod", "pow", "min",
      "max", "eq",     "ne",    "lt",     "le",       "gt",       "ge",  "and",
      "or",  "bitand", "bitor", "bitxor", "shl",      "shr"};
  return kNames[static_cast<unsigned>(op)];
}

bool isComparison(BinaryOp op) { return op >= BinaryOp::Eq && op <= BinaryOp::Ge; }
bool isLogical(BinaryOp op) { return op == BinaryOp::And || op == BinaryOp::Or; }

std::string_view unaryOpName(UnaryOp op) {
  static constexpr std::string_view kNames[] = {"neg", "not", "abs", "bitnot", "cast"};
  return kNames[static_cast<unsigned>(op)];
}

}  // namespace ptoc::ir
