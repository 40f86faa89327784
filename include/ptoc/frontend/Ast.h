// Syntax tree for the DSL's Python subset, produced by the parser (Parser.h).
// Plain structs with exact source spans. All nodes live in an Arena (the Module's)
// and are freed with it: children are non-owning ExprPtr / StmtPtr (null =
// absent) and sequences are read-only AstLists (spans) of arena memory. Each node
// has a kind tag (ExprKind / StmtKind) and `as<T>()` / `is<T>()` / `cast<T>()`
// helpers, so a binder can switch over `kind` and downcast:
//
//   switch (e.kind) {
//     case ExprKind::Call: { const CallExpr& c = e.cast<CallExpr>(); ... }
//   }
//   if (auto* n = e.as<NameExpr>()) use(n->id);
//
// Identifier text (NameExpr::id, AttributeExpr::attr, ...) is a string_view into
// the SourceManager buffer, so a Module must not outlive its SourceManager.
// Every Expr subtree is at most kMaxNestingDepth (Parser.h) high, so recursive
// walks over parser output cannot exhaust the stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "ptoc/support/Arena.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/support/SourceManager.h"

namespace ptoc::frontend {

/// A non-owning, nullable pointer to a syntax tree node (nodes are owned by an
/// Arena). Spelled like a smart pointer: get(), ->, *, comparison with nullptr;
/// converts implicitly like a raw pointer (from T*, nullptr, derived to base).
template <class T>
class AstPtr {
 public:
  AstPtr() = default;
  AstPtr(std::nullptr_t) {}
  AstPtr(T* p) : p_(p) {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  AstPtr(AstPtr<U> other) : p_(other.get()) {}

  T* get() const { return p_; }
  T& operator*() const { return *p_; }
  T* operator->() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }
  friend bool operator==(AstPtr a, std::nullptr_t) { return a.p_ == nullptr; }

 private:
  T* p_ = nullptr;
};

/// A sequence of child nodes or items, stored in the arena.
template <class T>
using AstList = std::span<const T>;

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------

enum class ExprKind : uint8_t {
  Name,
  Attribute,
  Call,
  Subscript,
  Slice,
  IntLit,
  FloatLit,
  StrLit,
  BoolLit,
  NoneLit,
  EllipsisLit,
  List,
  Tuple,
  Dict,
  BinOp,
  UnaryOp,
  BoolOp,
  Compare,
  IfExpr,
  ListComp,
};

enum class BinOpKind : uint8_t {
  Add,       // +
  Sub,       // -
  Mul,       // *
  Div,       // /
  FloorDiv,  // //
  Mod,       // %
  Pow,       // **
  MatMul,    // @
  BitAnd,    // &
  BitOr,     // |
  BitXor,    // ^
  LShift,    // <<
  RShift,    // >>
};

enum class UnaryOpKind : uint8_t { Neg, Pos, Invert, Not };  // - + ~ not
enum class BoolOpKind : uint8_t { And, Or };
enum class CmpOpKind : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

const char* exprKindName(ExprKind k);
const char* binOpSymbol(BinOpKind k);      // "+", "//", ...
const char* unaryOpSymbol(UnaryOpKind k);  // "-", "+", "~", "not"
const char* boolOpSymbol(BoolOpKind k);    // "and", "or"
const char* cmpOpSymbol(CmpOpKind k);      // "==", "is not", "not in", ...

struct Expr {
  const ExprKind kind;
  /// Height of this subtree (1 for leaves). Maintained by the parser, which
  /// rejects trees deeper than its nesting limit, so recursive walks are safe.
  uint16_t height = 1;
  Span span;

  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

  template <class T>
  bool is() const {
    return kind == T::kKind;
  }
  template <class T>
  T* as() {
    return kind == T::kKind ? static_cast<T*>(this) : nullptr;
  }
  template <class T>
  const T* as() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
  /// Checked downcast; throws InternalError on a kind mismatch.
  template <class T>
  T& cast() {
    PTOC_CHECK(kind == T::kKind, "bad AST expression cast");
    return static_cast<T&>(*this);
  }
  template <class T>
  const T& cast() const {
    PTOC_CHECK(kind == T::kKind, "bad AST expression cast");
    return static_cast<const T&>(*this);
  }

 protected:
  Expr(ExprKind k, Span s) : kind(k), span(s) {}
  ~Expr() = default;  // nodes are destroyed by their arena, as their concrete type
};

using ExprPtr = AstPtr<Expr>;
using ExprList = AstList<ExprPtr>;

/// `x`
struct NameExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Name;
  explicit NameExpr(Span s) : Expr(kKind, s) {}
  std::string_view id;
};

/// `value.attr`
struct AttributeExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Attribute;
  explicit AttributeExpr(Span s) : Expr(kKind, s) {}
  ExprPtr value;
  std::string_view attr;
  Span attrSpan;  // just the attribute name
};

/// `name=value` inside a call.
struct Keyword {
  std::string_view name;
  Span nameSpan;
  ExprPtr value;
  Span span;  // `name=value`
};

/// `func(args..., name=value...)`. Positional args always precede keywords.
struct CallExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Call;
  explicit CallExpr(Span s) : Expr(kKind, s) {}
  ExprPtr func;
  ExprList args;
  AstList<Keyword> keywords;
};

/// `value[index]`. `t[i, j]` has a TupleExpr index (parenthesized=false);
/// `t[a:b]` has a SliceExpr index; `t[:, 0]` a TupleExpr holding a SliceExpr.
struct SubscriptExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Subscript;
  explicit SubscriptExpr(Span s) : Expr(kKind, s) {}
  ExprPtr value;
  ExprPtr index;
};

/// `lower:upper:step` (only inside a subscript); each part may be null.
struct SliceExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Slice;
  explicit SliceExpr(Span s) : Expr(kKind, s) {}
  ExprPtr lower;
  ExprPtr upper;
  ExprPtr step;
};

/// Integer literal. A negated literal `-9223372036854775808` is folded into one
/// IntLit (INT64_MIN) spanning the '-'; every other `-N` is UnaryOp(Neg, IntLit).
struct IntLit final : Expr {
  static constexpr ExprKind kKind = ExprKind::IntLit;
  explicit IntLit(Span s) : Expr(kKind, s) {}
  int64_t value = 0;
};

struct FloatLit final : Expr {
  static constexpr ExprKind kKind = ExprKind::FloatLit;
  explicit FloatLit(Span s) : Expr(kKind, s) {}
  double value = 0;
};

/// String literal (adjacent literals are concatenated), escapes decoded, UTF-8.
struct StrLit final : Expr {
  static constexpr ExprKind kKind = ExprKind::StrLit;
  explicit StrLit(Span s) : Expr(kKind, s) {}
  std::string value;
};

struct BoolLit final : Expr {
  static constexpr ExprKind kKind = ExprKind::BoolLit;
  explicit BoolLit(Span s) : Expr(kKind, s) {}
  bool value = false;
};

struct NoneLit final : Expr {
  static constexpr ExprKind kKind = ExprKind::NoneLit;
  explicit NoneLit(Span s) : Expr(kKind, s) {}
};

/// `...`: the body of a function whose code is an external source (external_source=).
struct EllipsisLit final : Expr {
  static constexpr ExprKind kKind = ExprKind::EllipsisLit;
  explicit EllipsisLit(Span s) : Expr(kKind, s) {}
};

/// `[a, b]`
struct ListExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::List;
  explicit ListExpr(Span s) : Expr(kKind, s) {}
  ExprList elts;
};

/// `(a, b)`, `(a,)`, `()` (parenthesized), or bare `a, b` in an assignment,
/// return, for-target or subscript. The span of a parenthesized tuple includes
/// the parentheses. (A parenthesized non-tuple `(x)` is just `x`, with x's span.)
struct TupleExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Tuple;
  explicit TupleExpr(Span s) : Expr(kKind, s) {}
  ExprList elts;
  bool parenthesized = false;
};

/// `[elt for target in iter if cond ...]` (one `for`; PyPTO's front end expands it while it
/// parses, ptoc's binder too).
struct ListCompExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::ListComp;
  explicit ListCompExpr(Span s) : Expr(kKind, s) {}
  ExprPtr elt;
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
};

/// `{k: v, ...}`; keys.size() == values.size().
struct DictExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Dict;
  explicit DictExpr(Span s) : Expr(kKind, s) {}
  ExprList keys;
  ExprList values;
};

struct BinOpExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::BinOp;
  explicit BinOpExpr(Span s) : Expr(kKind, s) {}
  BinOpKind op = BinOpKind::Add;
  Span opSpan;  // the operator token
  ExprPtr lhs;
  ExprPtr rhs;
};

struct UnaryOpExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::UnaryOp;
  explicit UnaryOpExpr(Span s) : Expr(kKind, s) {}
  UnaryOpKind op = UnaryOpKind::Neg;
  ExprPtr operand;
};

/// `a and b and c` -> one BoolOpExpr with values {a, b, c} (always >= 2).
struct BoolOpExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::BoolOp;
  explicit BoolOpExpr(Span s) : Expr(kKind, s) {}
  BoolOpKind op = BoolOpKind::And;
  ExprList values;
};

/// `left op0 c0 op1 c1 ...`; ops.size() == comparators.size() >= 1.
struct CompareExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Compare;
  explicit CompareExpr(Span s) : Expr(kKind, s) {}
  ExprPtr left;
  AstList<CmpOpKind> ops;
  ExprList comparators;
};

/// `body if test else orelse`
struct IfExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::IfExpr;
  explicit IfExpr(Span s) : Expr(kKind, s) {}
  ExprPtr test;
  ExprPtr body;
  ExprPtr orelse;
};

// ---------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------

enum class StmtKind : uint8_t {
  Assign,
  AugAssign,
  Expr,
  Return,
  If,
  For,
  While,
  With,
  Pass,
  Break,
  Continue,
  Import,
  ImportFrom,
  FunctionDef,
  ClassDef,
};

const char* stmtKindName(StmtKind k);
/// A return / break / continue: Python never runs the statements after it in the same block
/// (PyPTO's inliner drops them as dead), so the binders do not bind them.
inline bool endsBlock(StmtKind k) {
  return k == StmtKind::Return || k == StmtKind::Break || k == StmtKind::Continue;
}

struct Stmt {
  const StmtKind kind;
  /// Whole statement; for compound statements from the keyword to the end of the body.
  Span span;

  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  template <class T>
  bool is() const {
    return kind == T::kKind;
  }
  template <class T>
  T* as() {
    return kind == T::kKind ? static_cast<T*>(this) : nullptr;
  }
  template <class T>
  const T* as() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
  template <class T>
  T& cast() {
    PTOC_CHECK(kind == T::kKind, "bad AST statement cast");
    return static_cast<T&>(*this);
  }
  template <class T>
  const T& cast() const {
    PTOC_CHECK(kind == T::kKind, "bad AST statement cast");
    return static_cast<const T&>(*this);
  }

 protected:
  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
  ~Stmt() = default;  // nodes are destroyed by their arena, as their concrete type
};

using StmtPtr = AstPtr<Stmt>;
using StmtList = AstList<StmtPtr>;

/// `target = value`, `target: annotation = value`, or bare `target: annotation`
/// (value null). The target is a NameExpr, AttributeExpr, SubscriptExpr, or a
/// TupleExpr/ListExpr of targets (nested). Annotated targets are never tuples.
struct AssignStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Assign;
  explicit AssignStmt(Span s) : Stmt(kKind, s) {}
  ExprPtr target;
  ExprPtr annotation;  // may be null
  ExprPtr value;       // null only for a bare annotation
};

/// `target op= value`; target is a Name, Attribute or Subscript.
struct AugAssignStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::AugAssign;
  explicit AugAssignStmt(Span s) : Stmt(kKind, s) {}
  ExprPtr target;
  BinOpKind op = BinOpKind::Add;
  Span opSpan;
  ExprPtr value;
};

struct ExprStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Expr;
  explicit ExprStmt(Span s) : Stmt(kKind, s) {}
  ExprPtr value;
};

/// `return`, `return x`, `return a, b` (bare TupleExpr).
struct ReturnStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Return;
  explicit ReturnStmt(Span s) : Stmt(kKind, s) {}
  ExprPtr value;  // may be null
};

/// `if test: body else: orelse`. An `elif` becomes a single IfStmt (isElif=true)
/// in the orelse of the preceding one.
struct IfStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::If;
  explicit IfStmt(Span s) : Stmt(kKind, s) {}
  ExprPtr test;
  StmtList body;
  StmtList orelse;
  bool isElif = false;
};

/// `for target in iter: body`. Target: Name, or (nested) TupleExpr/ListExpr of
/// targets, e.g. `i, (acc,)` -> Tuple[Name i, Tuple(parenthesized)[Name acc]].
struct ForStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::For;
  explicit ForStmt(Span s) : Stmt(kKind, s) {}
  ExprPtr target;
  ExprPtr iter;
  StmtList body;
};

struct WhileStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::While;
  explicit WhileStmt(Span s) : Stmt(kKind, s) {}
  ExprPtr test;
  StmtList body;
};

/// One `context [as target]` item of a with statement.
struct WithItem {
  ExprPtr context;
  ExprPtr target;  // may be null
  Span span;
};

struct WithStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::With;
  explicit WithStmt(Span s) : Stmt(kKind, s) {}
  AstList<WithItem> items;  // at least one
  StmtList body;
};

struct PassStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Pass;
  explicit PassStmt(Span s) : Stmt(kKind, s) {}
};

struct BreakStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Break;
  explicit BreakStmt(Span s) : Stmt(kKind, s) {}
};

struct ContinueStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Continue;
  explicit ContinueStmt(Span s) : Stmt(kKind, s) {}
};

/// `a.b.c as d` in an import; name is the dotted name with no spaces.
struct ImportAlias {
  std::string name;
  std::string_view asname;  // empty if absent
  Span span;
};

/// `import a.b as c, d`
struct ImportStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Import;
  explicit ImportStmt(Span s) : Stmt(kKind, s) {}
  AstList<ImportAlias> names;
};

/// `from ..a.b import x as y, z` (level = number of leading dots) or `import *`
/// (a single alias named "*").
struct ImportFromStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::ImportFrom;
  explicit ImportFromStmt(Span s) : Stmt(kKind, s) {}
  std::string module;  // may be empty for `from . import x`
  uint32_t level = 0;
  AstList<ImportAlias> names;
};

/// `name[: annotation][= defaultValue]` in a def.
struct Param {
  std::string_view name;
  Span nameSpan;
  ExprPtr annotation;    // may be null
  ExprPtr defaultValue;  // may be null
  Span span;             // the whole parameter
};

/// `@decorators... def name(params) -> returns: body`. The span starts at `def`;
/// decorators keep their own spans (the expression after '@').
struct FunctionDef final : Stmt {
  static constexpr StmtKind kKind = StmtKind::FunctionDef;
  explicit FunctionDef(Span s) : Stmt(kKind, s) {}
  ExprList decorators;
  std::string_view name;
  Span nameSpan;
  AstList<Param> params;
  ExprPtr returns;  // may be null
  StmtList body;
};

/// `@decorators... class name(bases): body`. The span starts at `class`.
struct ClassDef final : Stmt {
  static constexpr StmtKind kKind = StmtKind::ClassDef;
  explicit ClassDef(Span s) : Stmt(kKind, s) {}
  ExprList decorators;
  std::string_view name;
  Span nameSpan;
  ExprList bases;
  StmtList body;
};

/// A parsed file. Owns every node of its tree (through `arena`).
struct Module {
  Arena arena;
  uint32_t fileId = 0;
  StmtList body;
};

/// Debug dump as S-expressions (one statement per line, blocks indented). Used
/// by tests; the format is not stable API. Examples:
///   (= x_12 (call (. pl add) a b))
///   (call (. pl at) [level=(. (. pl Level) CORE_GROUP)])
std::string dumpExpr(const Expr& e);
std::string dumpStmt(const Stmt& s, int indent = 0);
std::string dumpModule(const Module& m);

}  // namespace ptoc::frontend
