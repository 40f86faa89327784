// Structural equality: the first difference, with a message and spans. Expressions
// and statements are compared field by field from their fields() descriptions
// (docs/ir.md); variables are matched by a bijection. StructuralHash.cpp mixes the
// same fields in the same order.
#include "ptoc/ir/StructuralEqual.h"

#include <fmt/format.h>

#include <unordered_map>

#include "StructuralCommon.h"
#include "ptoc/ir/Printer.h"

namespace ptoc::ir {

namespace {

using namespace structural;

constexpr std::string_view kDirectionNames[] = {"In", "Out", "InOut"};

bool isOpCall(std::string_view callee) { return callee.find('.') != std::string_view::npos; }

std::string typeText(const TypePtr& t) { return t ? typeToString(*t) : std::string("<none>"); }

// How a plain field value reads in a difference message.
std::string show(int64_t v) { return std::to_string(v); }
std::string show(bool v) { return v ? "True" : "False"; }
std::string show(double v) { return formatFloat(v); }
std::string show(const std::string& v) { return quoteString(v); }
std::string show(BinaryOp v) { return std::string(binaryOpName(v)); }
std::string show(UnaryOp v) { return std::string(unaryOpName(v)); }
std::string show(ForKind v) { return std::string(toString(v)); }
std::string show(SplitMode v) { return std::string(toString(v)); }
std::string show(RuntimeScopeKind v) { return std::string(toString(v)); }
template <typename T>
std::string show(const std::optional<T>& v) {
  return v ? show(*v) : std::string("none");
}

template <typename T>
bool valueEqual(const T& a, const T& b) {
  return a == b;
}
bool valueEqual(double a, double b) { return floatEqual(a, b); }

class EqualChecker {
 public:
  EqualResult result;

  bool program(const Program& a, const Program& b);
  bool function(const Function& a, const Function& b);
  bool body(const Stmt* a, const Stmt* b);
  bool expr(const Expr* a, const Expr* b);
  bool checkType(const TypePtr& a, const TypePtr& b, std::string_view what = "type differs");
  /// checkType without the difference message (no type printing on a mismatch).
  bool typesMatch(const Type& a, const Type& b) { return &a == &b || typeEqual(&a, &b); }

 private:
  struct FieldEqual;

  /// Makes the given spans the "nearest node" for failures below (when valid).
  class Ctx {
   public:
    Ctx(EqualChecker& c, Span a, Span b) : c_(c), savedL_(c.lctx_), savedR_(c.rctx_) {
      if (a.valid()) c.lctx_ = a;
      if (b.valid()) c.rctx_ = b;
    }
    ~Ctx() {
      c_.lctx_ = savedL_;
      c_.rctx_ = savedR_;
    }
    Ctx(const Ctx&) = delete;
    Ctx& operator=(const Ctx&) = delete;

   private:
    EqualChecker& c_;
    Span savedL_, savedR_;
  };

  bool fail(std::string message) { return failAt(std::move(message), Span{}, Span{}); }
  bool failAt(std::string message, Span l, Span r) {
    if (result.equal) {
      result.equal = false;
      result.message = std::move(message);
      result.lhsSpan = l.valid() ? l : lctx_;
      result.rhsSpan = r.valid() ? r : rctx_;
      result.function = function_;
    }
    return false;
  }
  template <typename... Args>
  bool failf(fmt::format_string<Args...> f, Args&&... args) {
    return fail(fmt::format(f, std::forward<Args>(args)...));
  }

  template <class Node>
  bool fields(const Node& a, const Node& b);
  bool stmt(const Stmt& a, const Stmt& b);
  bool var(const Var& a, const Var& b);
  bool typeEqual(const Type* a, const Type* b);
  bool exprs(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b, std::string_view what);
  bool defs(const std::vector<VarPtr>& a, const std::vector<VarPtr>& b, std::string_view what);
  bool iterArgs(const std::vector<IterArgPtr>& a, const std::vector<IterArgPtr>& b);
  bool attrs(const AttrList& a, const AttrList& b, std::string_view what);
  template <typename T>
  bool value(const T& a, const T& b, std::string_view label) {
    if constexpr (std::is_same_v<T, AttrList>) {
      return attrs(a, b, label);
    } else {
      if (valueEqual(a, b)) return true;
      return failf("{} differs: {} vs {}", label, show(a), show(b));
    }
  }
  bool callee(std::string_view a, std::string_view b) {
    if (a == b) return true;
    if (isOpCall(a) && isOpCall(b)) return failf("op differs: {} vs {}", a, b);
    return failf("callee differs: {} vs {}", a, b);
  }

  std::unordered_map<const Var*, const Var*> l2r_, r2l_;
  Span lctx_, rctx_;
  std::string function_;
};

/// Compares one field of two nodes of the same class.
struct EqualChecker::FieldEqual {
  EqualChecker& c;
  template <class T>
  bool operator()(const field::Value<T>& a, const field::Value<T>& b) const {
    return c.value(a.value, b.value, a.label);
  }
  bool operator()(const field::Callee& a, const field::Callee& b) const {
    return c.callee(a.value, b.value);
  }
  template <class P>
  bool operator()(const field::Use<P>& a, const field::Use<P>& b) const {
    if (!a.label.empty() && !a.value != !b.value)
      return c.failf("{} differs: {} vs {}", a.label, a.value ? "present" : "absent",
                     b.value ? "present" : "absent");
    return c.expr(a.value.get(), b.value.get());
  }
  bool operator()(const field::Uses<ExprPtr>& a, const field::Uses<ExprPtr>& b) const {
    return c.exprs(a.value, b.value, a.label);
  }
  bool operator()(const field::Def<VarPtr>& a, const field::Def<VarPtr>& b) const {
    return c.var(*a.value, *b.value);
  }
  bool operator()(const field::Defs<VarPtr>& a, const field::Defs<VarPtr>& b) const {
    return c.defs(a.value, b.value, a.label);
  }
  bool operator()(const field::IterArgs<IterArgPtr>& a,
                  const field::IterArgs<IterArgPtr>& b) const {
    if (!c.iterArgs(a.value, b.value)) return false;
    for (size_t i = 0; i < a.value.size(); ++i)
      if (!c.var(*a.value[i], *b.value[i])) return false;
    return true;
  }
  bool operator()(const field::Body<StmtPtr>& a, const field::Body<StmtPtr>& b) const {
    return c.body(a.value.get(), b.value.get());
  }
  bool operator()(const field::Stmts<StmtPtr>&, const field::Stmts<StmtPtr>&) const {
    throw InternalError("structural equality: a Seq is compared as a flattened body");
  }
};

template <class Node>
bool EqualChecker::fields(const Node& a, const Node& b) {
  return field::allOfPairs(a, b, FieldEqual{*this});
}

bool EqualChecker::var(const Var& a, const Var& b) {
  auto ia = l2r_.find(&a);
  auto ib = r2l_.find(&b);
  bool ma = ia != l2r_.end(), mb = ib != r2l_.end();
  if (ma && ia->second == &b) return true;
  if (ma)
    return failf("variable differs: {} corresponds to {}, not {}", a.name, ia->second->name,
                 b.name);
  if (mb)
    return failf("variable differs: {} corresponds to {}, not {}", b.name, ib->second->name,
                 a.name);
  if (a.kind != b.kind)
    return failf("variable kind differs: {} vs {}", exprKindName(a.kind), exprKindName(b.kind));
  l2r_.emplace(&a, &b);
  r2l_.emplace(&b, &a);
  return checkType(a.type, b.type);
}

bool EqualChecker::typeEqual(const Type* a, const Type* b) {
  if (!a || !b) return a == b;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
    case TypeKind::Unknown:
      return true;
    case TypeKind::Scalar:
      return a->as<ScalarType>()->dtype == b->as<ScalarType>()->dtype;
    case TypeKind::Tensor: {
      const auto *x = a->as<TensorType>(), *y = b->as<TensorType>();
      if (x->dtype != y->dtype || x->shape != y->shape || x->distributed != y->distributed ||
          x->dims.size() != y->dims.size() || x->view.has_value() != y->view.has_value())
        return false;
      auto exprs = [this](const std::vector<ExprPtr>& p, const std::vector<ExprPtr>& q) {
        if (p.size() != q.size()) return false;
        for (size_t i = 0; i < p.size(); ++i)
          if (!expr(p[i].get(), q[i].get())) return false;
        return true;
      };
      if (!exprs(x->dims, y->dims)) return false;
      if (!x->view) return true;
      return x->view->layout == y->view->layout && x->view->pad == y->view->pad &&
             exprs(x->view->stride, y->view->stride) &&
             exprs(x->view->validShape, y->view->validShape);
    }
    case TypeKind::Tile: {
      const auto *x = a->as<TileType>(), *y = b->as<TileType>();
      if (x->dtype != y->dtype || x->shape != y->shape || x->memory != y->memory) return false;
      TileViewKey kx = tileViewKey(*x), ky = tileViewKey(*y);
      if (kx.blayout != ky.blayout || kx.slayout != ky.slayout || kx.fractal != ky.fractal ||
          kx.pad != ky.pad)
        return false;
      if (!kx.valid || !ky.valid) return kx.valid == ky.valid;
      if (kx.valid->size() != ky.valid->size()) return false;
      for (size_t i = 0; i < kx.valid->size(); ++i)
        if (!expr((*kx.valid)[i].get(), (*ky.valid)[i].get())) return false;
      return true;
    }
    case TypeKind::VReg: {
      const auto *x = a->as<VRegType>(), *y = b->as<VRegType>();
      return x->lanes == y->lanes && x->dtype == y->dtype;
    }
    case TypeKind::Mask:
      return a->as<MaskType>()->lanes == b->as<MaskType>()->lanes;
    case TypeKind::Handle: {
      const auto *x = a->as<HandleType>(), *y = b->as<HandleType>();
      return x->handle == y->handle && x->dtype == y->dtype && x->extent == y->extent;
    }
    case TypeKind::Tuple: {
      const auto &x = a->as<TupleType>()->types, &y = b->as<TupleType>()->types;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!typeEqual(x[i].get(), y[i].get())) return false;
      return true;
    }
  }
  return false;
}

bool EqualChecker::checkType(const TypePtr& a, const TypePtr& b, std::string_view what) {
  if (a == b &&
      (!a || a->isa<ScalarType>() ||
       (a->isa<TensorType>() && a->as<TensorType>()->isStatic() && !a->as<TensorType>()->view)))
    return true;
  if (typeEqual(a.get(), b.get())) return true;
  // A valid_shape expression may have recorded its own message: report the type.
  result = EqualResult{};
  return failf("{}: {} vs {}", what, typeText(a), typeText(b));
}

bool EqualChecker::exprs(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b,
                         std::string_view what) {
  if (a.size() != b.size()) return failf("{} count differs: {} vs {}", what, a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (!expr(a[i].get(), b[i].get())) return false;
  return true;
}

bool EqualChecker::defs(const std::vector<VarPtr>& a, const std::vector<VarPtr>& b,
                        std::string_view what) {
  if (a.size() != b.size()) return failf("{} count differs: {} vs {}", what, a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (!var(*a[i], *b[i])) return false;
  return true;
}

bool EqualChecker::iterArgs(const std::vector<IterArgPtr>& a, const std::vector<IterArgPtr>& b) {
  if (a.size() != b.size()) return failf("iter_arg count differs: {} vs {}", a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (!expr(a[i]->init.get(), b[i]->init.get())) return false;
  return true;
}

bool EqualChecker::attrs(const AttrList& a, const AttrList& b, std::string_view what) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (a[i].first != b[i].first)
      return failf("{} name differs: {} vs {}", what, a[i].first, b[i].first);
    if (!attrEqual(a[i].second, b[i].second))
      return failf("{} value differs for '{}': {} vs {}", what, a[i].first,
                   printAttrValue(a[i].second), printAttrValue(b[i].second));
  }
  if (a.size() != b.size()) return failf("{} count differs: {} vs {}", what, a.size(), b.size());
  return true;
}

bool EqualChecker::expr(const Expr* a, const Expr* b) {
  if (!a || !b) {
    if (a == b) return true;
    return failf("expression presence differs: {} vs {}", a ? "present" : "absent",
                 b ? "present" : "absent");
  }
  bool aVar = a->isa<Var>(), bVar = b->isa<Var>();
  if (aVar && bVar) return var(static_cast<const Var&>(*a), static_cast<const Var&>(*b));
  Ctx ctx(*this, a->span, b->span);
  if (a->kind != b->kind)
    return failf("expression kind differs: {} vs {}", exprKindName(a->kind), exprKindName(b->kind));
  bool same = true;
  switch (a->kind) {
#define PTOC_X(Kind, Class)                                                      \
  case ExprKind::Kind:                                                           \
    same = fields(static_cast<const Class&>(*a), static_cast<const Class&>(*b)); \
    break;
    PTOC_EXPR_NODES(PTOC_X)
#undef PTOC_X
  }
  // Types last: a differing operand or op explains a differing result type better.
  return same && checkType(a->type, b->type);
}

bool EqualChecker::body(const Stmt* a, const Stmt* b) {
  std::vector<const Stmt*> la, lb;
  flattenInto(a, la);
  flattenInto(b, lb);
  size_t n = std::min(la.size(), lb.size());
  for (size_t i = 0; i < n; ++i)
    if (!stmt(*la[i], *lb[i])) return false;
  if (la.size() != lb.size()) {
    Span l = la.size() > n ? la[n]->span : Span{};
    Span r = lb.size() > n ? lb[n]->span : Span{};
    return failAt(fmt::format("statement count differs: {} vs {}", la.size(), lb.size()), l, r);
  }
  return true;
}

bool EqualChecker::stmt(const Stmt& a, const Stmt& b) {
  Ctx ctx(*this, a.span, b.span);
  if (a.kind == StmtKind::Seq || b.kind == StmtKind::Seq) return body(&a, &b);
  if (a.kind != b.kind)
    return failf("statement kind differs: {} vs {}", stmtKindName(a.kind), stmtKindName(b.kind));
  switch (a.kind) {
#define PTOC_X(Kind, Class) \
  case StmtKind::Kind:      \
    return fields(static_cast<const Class&>(a), static_cast<const Class&>(b));
    PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
  }
  return true;
}

bool EqualChecker::function(const Function& a, const Function& b) {
  Ctx ctx(*this, a.span, b.span);
  l2r_.clear();
  r2l_.clear();
  function_ = a.name;
  if (a.name != b.name) return failf("function name differs: {} vs {}", a.name, b.name);
  if (a.funcType != b.funcType)
    return failf("function type differs: {} vs {}", toString(a.funcType), toString(b.funcType));
  if (!attrs(a.attrs, b.attrs, "function attr")) return false;
  if (a.params.size() != b.params.size())
    return failf("parameter count differs: {} vs {}", a.params.size(), b.params.size());
  for (size_t i = 0; i < a.params.size(); ++i) {
    ParamDirection da = i < a.directions.size() ? a.directions[i] : ParamDirection::In;
    ParamDirection db = i < b.directions.size() ? b.directions[i] : ParamDirection::In;
    if (da != db)
      return failf("parameter direction differs for {}: {} vs {}", a.params[i]->name,
                   kDirectionNames[static_cast<unsigned>(da)],
                   kDirectionNames[static_cast<unsigned>(db)]);
    if (!var(*a.params[i], *b.params[i])) return false;
  }
  if (a.returnTypes.size() != b.returnTypes.size())
    return failf("return type count differs: {} vs {}", a.returnTypes.size(), b.returnTypes.size());
  for (size_t i = 0; i < a.returnTypes.size(); ++i)
    if (!checkType(a.returnTypes[i], b.returnTypes[i], "return type differs")) return false;
  return body(a.body.get(), b.body.get());
}

bool EqualChecker::program(const Program& a, const Program& b) {
  Ctx ctx(*this, a.span, b.span);
  if (a.functions.size() != b.functions.size())
    return failf("function count differs: {} vs {}", a.functions.size(), b.functions.size());
  for (size_t i = 0; i < a.functions.size(); ++i)
    if (!function(*a.functions[i], *b.functions[i])) return false;
  return true;
}

}  // namespace

EqualResult structuralEqual(const Program& lhs, const Program& rhs) {
  EqualChecker c;
  c.program(lhs, rhs);
  return std::move(c.result);
}

EqualResult structuralEqual(const Function& lhs, const Function& rhs) {
  EqualChecker c;
  c.function(lhs, rhs);
  return std::move(c.result);
}

EqualResult structuralEqual(const Stmt& lhs, const Stmt& rhs) {
  EqualChecker c;
  c.body(&lhs, &rhs);
  return std::move(c.result);
}

EqualResult structuralEqual(const Expr& lhs, const Expr& rhs) {
  EqualChecker c;
  c.expr(&lhs, &rhs);
  return std::move(c.result);
}

EqualResult structuralEqual(const Type& lhs, const Type& rhs) {
  EqualChecker c;
  // Non-owning handles: checkType only needs pointers for its messages.
  c.checkType(TypePtr(TypePtr(), &lhs), TypePtr(TypePtr(), &rhs));
  return std::move(c.result);
}

bool typesEqual(const Type& lhs, const Type& rhs) {
  EqualChecker c;
  return c.typesMatch(lhs, rhs);
}

bool tileFitsDeclared(const Type& value, const Type& declared) {
  const auto* v = value.as<TileType>();
  const auto* d = declared.as<TileType>();
  if (!v || !d || d->memory) return typesEqual(value, declared);
  return v->shape == d->shape && v->dtype == d->dtype &&
         (!d->view || typesEqual(value, *TileType::get(d->shape, d->dtype, v->memory, d->view)));
}

}  // namespace ptoc::ir
