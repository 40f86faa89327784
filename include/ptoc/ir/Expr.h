// IR expressions (architecture §4). Nodes are immutable, shared, carry a span and
// a type. A Var's identity is the node, never its name.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "ptoc/ir/Attr.h"
#include "ptoc/ir/Fields.h"
#include "ptoc/ir/NodeList.h"
#include "ptoc/ir/Type.h"
#include "ptoc/support/SourceManager.h"

namespace ptoc {
class OpDef;  // defined by the ops layer; the IR only stores the pointer
}

namespace ptoc::ir {

enum class ExprKind : uint8_t {
#define PTOC_X(Kind, Class) Kind,
  PTOC_EXPR_NODES(PTOC_X)
#undef PTOC_X
};
/// "Var", "Binary", ... (the enumerator's name).
std::string_view exprKindName(ExprKind k);

class Expr {
 public:
  Expr(ExprKind k, TypePtr t, Span s) : type(std::move(t)), span(s), kind(k) {}
  virtual ~Expr() = default;
  // `kind` last: it fills the tail padding after `span`, so every node is 8 bytes
  // smaller than with the kind first (ConstInt and MakeTuple then fit a smaller
  // allocation size class; bench/README.md, "Session 11").
  const TypePtr type;
  const Span span;
  const ExprKind kind;

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
  /// No fields: a variable is its identity (walkers treat uses and definitions specially).
  std::tuple<> fields() const { return {}; }

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
  const ExprPtr init;  // walked as part of the loop's IterArgs field
};
using IterArgPtr = std::shared_ptr<const IterArg>;

class ConstInt final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::ConstInt; }
  ConstInt(int64_t v, DType d, Span s)
      : Expr(ExprKind::ConstInt, ScalarType::get(d), s), value(v) {}
  DType dtype() const;
  const int64_t value;
  auto fields() const { return std::tuple{field::Value{value, "constant"}}; }
  static ExprPtr rebuild(const ConstInt& o, const TypePtr&, int64_t v) {
    return std::make_shared<ConstInt>(v, o.dtype(), o.span);
  }
};

class ConstFloat final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::ConstFloat; }
  ConstFloat(double v, DType d, Span s)
      : Expr(ExprKind::ConstFloat, ScalarType::get(d), s), value(v) {}
  DType dtype() const;
  const double value;
  auto fields() const { return std::tuple{field::Value{value, "constant"}}; }
  static ExprPtr rebuild(const ConstFloat& o, const TypePtr&, double v) {
    return std::make_shared<ConstFloat>(v, o.dtype(), o.span);
  }
};

class ConstBool final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::ConstBool; }
  ConstBool(bool v, Span s)
      : Expr(ExprKind::ConstBool, ScalarType::get(DType::Bool), s), value(v) {}
  const bool value;
  auto fields() const { return std::tuple{field::Value{value, "constant"}}; }
  static ExprPtr rebuild(const ConstBool& o, const TypePtr&, bool v) {
    return std::make_shared<ConstBool>(v, o.span);
  }
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
  auto fields() const {
    return std::tuple{field::Value{op, "binary op"}, field::Use{lhs}, field::Use{rhs}};
  }
  static ExprPtr rebuild(const BinaryExpr& o, TypePtr t, BinaryOp op, ExprPtr l, ExprPtr r) {
    return std::make_shared<BinaryExpr>(op, std::move(l), std::move(r), std::move(t), o.span);
  }
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
  auto fields() const { return std::tuple{field::Value{op, "unary op"}, field::Use{operand}}; }
  static ExprPtr rebuild(const UnaryExpr& o, TypePtr t, UnaryOp op, ExprPtr x) {
    return std::make_shared<UnaryExpr>(op, std::move(x), std::move(t), o.span);
  }
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
  auto fields() const {
    return std::tuple{field::Use{cond}, field::Use{trueValue}, field::Use{falseValue}};
  }
  static ExprPtr rebuild(const SelectExpr& o, TypePtr t, ExprPtr c, ExprPtr a, ExprPtr b) {
    return std::make_shared<SelectExpr>(std::move(c), std::move(a), std::move(b), std::move(t),
                                        o.span);
  }
};

/// `name` interned for the process: the same text always gives the same view, which
/// stays valid until exit. Callee names are few (the ops and the functions of the
/// programs compiled), so the pool stays small; a Call then copies no string.
std::string_view internCalleeName(std::string_view name);

/// A call of a registered op (`op` set, `callee` = "tile.add") or of a function of
/// the program (`op` null, `callee` = the function's name). `callee` views the
/// interned text (internCalleeName).
class Call final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::Call; }
  /// Text that lives as long as the process: an OpDef's name, or another Call's callee.
  /// Passing it skips the interning (a hash of the name per call built).
  struct StableName {
    std::string_view text;
  };
  Call(StableName c, const OpDef* o, std::vector<ExprPtr> a, AttrList kw, TypePtr t, Span s)
      : Expr(ExprKind::Call, std::move(t), s),
        callee(c.text),
        op(o),
        args(std::move(a)),
        kwargs(std::move(kw)) {}
  Call(std::string_view c, const OpDef* o, std::vector<ExprPtr> a, AttrList kw, TypePtr t, Span s)
      : Call(StableName{internCalleeName(c)}, o, std::move(a), std::move(kw), std::move(t), s) {}
  bool isFunctionCall() const { return op == nullptr; }
  const std::string_view callee;
  const OpDef* const op;
  const std::vector<ExprPtr> args;
  const AttrList kwargs;
  auto fields() const {
    return std::tuple{field::Callee{callee}, field::Uses{args, "argument"},
                      field::Value{kwargs, "kwarg"}};
  }
  /// `callee` is the field's own value (the walkers rewrite no callee), so it is stable.
  static ExprPtr rebuild(const Call& o, TypePtr t, std::string_view callee,
                         std::vector<ExprPtr> args, const AttrList& kwargs) {
    return std::make_shared<Call>(StableName{callee}, o.op, std::move(args), kwargs, std::move(t),
                                  o.span);
  }
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
  auto fields() const { return std::tuple{field::Use{buffer}, field::Uses{indices, "index"}}; }
  static ExprPtr rebuild(const BufferLoad& o, TypePtr t, VarPtr b, std::vector<ExprPtr> i) {
    return std::make_shared<BufferLoad>(std::move(b), std::move(i), std::move(t), o.span);
  }
};

/// `[a, b]` shape/offset lists passed to ops.
class MakeTuple final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::MakeTuple; }
  MakeTuple(std::vector<ExprPtr> e, TypePtr t, Span s)
      : Expr(ExprKind::MakeTuple, std::move(t), s), elements(std::move(e)) {}
  const std::vector<ExprPtr> elements;
  auto fields() const { return std::tuple{field::Uses{elements, "tuple element"}}; }
  static ExprPtr rebuild(const MakeTuple& o, TypePtr t, std::vector<ExprPtr> e) {
    return std::make_shared<MakeTuple>(std::move(e), std::move(t), o.span);
  }
};

class TupleGetItem final : public Expr {
 public:
  static bool classof(ExprKind k) { return k == ExprKind::TupleGetItem; }
  TupleGetItem(ExprPtr t, int64_t i, TypePtr ty, Span s)
      : Expr(ExprKind::TupleGetItem, std::move(ty), s), tuple(std::move(t)), index(i) {}
  const ExprPtr tuple;
  const int64_t index;
  auto fields() const { return std::tuple{field::Value{index, "tuple index"}, field::Use{tuple}}; }
  static ExprPtr rebuild(const TupleGetItem& o, TypePtr t, int64_t i, ExprPtr x) {
    return std::make_shared<TupleGetItem>(std::move(x), i, std::move(t), o.span);
  }
};

/// The tile type of an expression, or null when it is not a tile.
inline const TileType* tileTypeOf(const ExprPtr& e) {
  return e && e->type ? e->type->as<TileType>() : nullptr;
}

}  // namespace ptoc::ir
