#include "ptoc/ir/Expr.h"

#include <array>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_set>

namespace ptoc::ir {

std::string_view internCalleeName(std::string_view name) {
  // A per-thread direct-mapped cache in front of the process-wide pool, so the common
  // case (an op name this thread saw recently) takes no lock.
  constexpr size_t kSlots = 512;
  thread_local std::array<std::string_view, kSlots> recent{};
  std::string_view& slot = recent[std::hash<std::string_view>{}(name) % kSlots];
  if (slot == name && !slot.empty()) return slot;
  static std::mutex lock;
  // Never destroyed: Calls in static objects may outlive any destruction order.
  static auto* pool = new std::unordered_set<std::string>();  // node-based: stable text
  std::lock_guard<std::mutex> guard(lock);
  slot = *pool->emplace(name).first;
  return slot;
}

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

std::string_view binaryOpSymbol(BinaryOp op) {
  switch (op) {  // no default: a new operator must be spelled here
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Sub:
      return "-";
    case BinaryOp::Mul:
      return "*";
    case BinaryOp::Div:
      return "/";
    case BinaryOp::FloorDiv:
      return "//";
    case BinaryOp::FloorMod:
      return "%";
    case BinaryOp::Pow:
      return "**";
    case BinaryOp::Min:
      return "pl.min";
    case BinaryOp::Max:
      return "pl.max";
    case BinaryOp::Eq:
      return "==";
    case BinaryOp::Ne:
      return "!=";
    case BinaryOp::Lt:
      return "<";
    case BinaryOp::Le:
      return "<=";
    case BinaryOp::Gt:
      return ">";
    case BinaryOp::Ge:
      return ">=";
    case BinaryOp::And:
      return "and";
    case BinaryOp::Or:
      return "or";
    case BinaryOp::BitAnd:
      return "&";
    case BinaryOp::BitOr:
      return "|";
    case BinaryOp::BitXor:
      return "^";
    case BinaryOp::Shl:
      return "<<";
    case BinaryOp::Shr:
      return ">>";
  }
  return "?";
}

bool isComparison(BinaryOp op) { return op >= BinaryOp::Eq && op <= BinaryOp::Ge; }
bool isLogical(BinaryOp op) { return op == BinaryOp::And || op == BinaryOp::Or; }

std::string_view unaryOpName(UnaryOp op) {
  static constexpr std::string_view kNames[] = {"neg", "not", "abs", "bitnot", "cast"};
  return kNames[static_cast<unsigned>(op)];
}

}  // namespace ptoc::ir
