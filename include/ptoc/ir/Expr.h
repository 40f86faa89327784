// IR expressions (architecture §4). Nodes are immutable, shared, carry a span and
// a type. A Var's identity is the node, never its name.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ptoc/ir/Attr.h"
#include "ptoc/ir/Type.h"
#include "ptoc/support/SourceManager.h"

namespace ptoc {
class OpDef;  // defined by the ops layer; the IR only stores the pointer
}

namespace ptoc::ir {

enum class ExprKind : uint8_t {
  Var,
  IterArg,
  ConstInt,
  ConstFloat,
  ConstBool,
  Binary,
  Unary,
  Select,
  Call,
  BufferLoad,
  MakeTuple,
  TupleGetItem,
};

class Expr {
 public:
  Expr(ExprKind k, TypePtr t, Span s) : kind(k), type(std::move(t)), span(s) {}
  virtual ~Expr() = default;
  const ExprKind kind;
  const TypePtr type;
  const Span span;

  template <typename T>
  const T* as() const {
    return T::classof(kind) ? static_cast<const T*>(this) : nullptr;
  }
  template <typename T>
  bool isa() const {
    return T::classof(kind);
  }
};

class Var : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::Var || k == ExprKind::IterArg; }
  Var(std::string n, TypePtr t, Span s)
      : Expr(ExprKind::Var, std::move(t), s), name(std::move(n)) {}
  const std::string name;  // a hint: cosmetic, ignored by structural equality

 protected:
  Var(ExprKind k, std::string n, TypePtr t, Span s)
      : Expr(k, std::move(t), s), name(std::move(n)) {}
};
using VarPtr = std::shared_ptr<const Var>;

/// Loop-carried value of a For/While: visible in the body, initialized by `init`.
class IterArg final : public Var {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::IterArg; }
  IterArg(std::string n, TypePtr t, ExprPtr i, Span s)
      : Var(ExprKind::IterArg, std::move(n), std::move(t), s), init(std::move(i)) {}
  const ExprPtr init;
};
using IterArgPtr = std::shared_ptr<const IterArg>;

class ConstInt final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::ConstInt; }
  ConstInt(int64_t v, DType d, Span s)
      : Expr(ExprKind::ConstInt, ScalarType::get(d), s), value(v) {}
  DType dtype() const;
  const int64_t value;
};

class ConstFloat final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::ConstFloat; }
  ConstFloat(double v, DType d, Span s)
      : Expr(ExprKind::ConstFloat, ScalarType::get(d), s), value(v) {}
  DType dtype() const;
  const double value;
};

class ConstBool final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::ConstBool; }
  ConstBool(bool v, Span s)
      : Expr(ExprKind::ConstBool, ScalarType::get(DType::Bool), s), value(v) {}
  const bool value;
};

enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,  // true division
  FloorDiv,
  FloorMod,
  Pow,
  Min,
  Max,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
  BitAnd,
  BitOr,
  BitXor,
  Shl,
  Shr,
};
std::string_view binaryOpName(BinaryOp op);  // "add", "floordiv", ...
/// The `pl` spelling of the operator: the infix symbol without spaces ("+", "//", "**",
/// "<=", "and", "<<", ...), or for Min / Max the function "pl.min" / "pl.max".
std::string_view binaryOpSymbol(BinaryOp op);
bool isComparison(BinaryOp op);
bool isLogical(BinaryOp op);  // And, Or

class BinaryExpr final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::Binary; }
  BinaryExpr(BinaryOp o, ExprPtr l, ExprPtr r, TypePtr t, Span s)
      : Expr(ExprKind::Binary, std::move(t), s), op(o), lhs(std::move(l)), rhs(std::move(r)) {}
  const BinaryOp op;
  const ExprPtr lhs, rhs;
};

enum class UnaryOp : uint8_t { Neg, Not, Abs, BitNot, Cast };
std::string_view unaryOpName(UnaryOp op);

class UnaryExpr final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::Unary; }
  UnaryExpr(UnaryOp o, ExprPtr x, TypePtr t, Span s)
      : Expr(ExprKind::Unary, std::move(t), s), op(o), operand(std::move(x)) {}
  const UnaryOp op;  // Cast: the target dtype is the expression's type
  const ExprPtr operand;
};

class SelectExpr final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::Select; }
  SelectExpr(ExprPtr c, ExprPtr t, ExprPtr f, TypePtr ty, Span s)
      : Expr(ExprKind::Select, std::move(ty), s),
        cond(std::move(c)),
        trueValue(std::move(t)),
        falseValue(std::move(f)) {}
  const ExprPtr cond, trueValue, falseValue;
};

/// A call of a registered op (`op` set, `callee` = "tile.add") or of a function of
/// the program (`op` null, `callee` = the function's name).
class Call final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::Call; }
  Call(std::string c, const OpDef* o, std::vector<ExprPtr> a, AttrList kw, TypePtr t, Span s)
      : Expr(ExprKind::Call, std::move(t), s),
        callee(std::move(c)),
        op(o),
        args(std::move(a)),
        kwargs(std::move(kw)) {}
  bool isFunctionCall() const { return op == nullptr; }
  const std::string callee;
  const OpDef* const op;
  const std::vector<ExprPtr> args;
  const AttrList kwargs;
};
using CallPtr = std::shared_ptr<const Call>;

/// Element read `buffer[i, j]` of a tile (inside SIMD regions).
class BufferLoad final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::BufferLoad; }
  BufferLoad(VarPtr b, std::vector<ExprPtr> i, TypePtr t, Span s)
      : Expr(ExprKind::BufferLoad, std::move(t), s), buffer(std::move(b)), indices(std::move(i)) {}
  const VarPtr buffer;
  const std::vector<ExprPtr> indices;
};

/// `[a, b]` shape/offset lists passed to ops.
class MakeTuple final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::MakeTuple; }
  MakeTuple(std::vector<ExprPtr> e, TypePtr t, Span s)
      : Expr(ExprKind::MakeTuple, std::move(t), s), elements(std::move(e)) {}
  const std::vector<ExprPtr> elements;
};

class TupleGetItem final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::TupleGetItem; }
  TupleGetItem(ExprPtr t, int64_t i, TypePtr ty, Span s)
      : Expr(ExprKind::TupleGetItem, std::move(ty), s), tuple(std::move(t)), index(i) {}
  const ExprPtr tuple;
  const int64_t index;
};

/// The tile type of an expression, or null when it is not a tile.
inline const TileType* tileTypeOf(const ExprPtr& e) {
  return e && e->type ? e->type->as<TileType>() : nullptr;
}

}  // namespace ptoc::ir
