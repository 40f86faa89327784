// The mutator's dispatch lists every node kind (no default: a new kind fails to
// compile here); rewriting is generic over each node's fields() and rebuild().
#include "ptoc/ir/Mutator.h"

#include "ptoc/support/Diagnostics.h"

namespace ptoc::ir {

template <typename T>
static std::shared_ptr<const T> cast(const ExprPtr& e) {
  return std::static_pointer_cast<const T>(e);
}
template <typename T>
static std::shared_ptr<const T> cast(const StmtPtr& s) {
  return std::static_pointer_cast<const T>(s);
}

/// A rewritten list field: refers to the original list until an element changes, so
/// an unchanged node allocates no new list (the list is copied only to rebuild the
/// node because another field changed).
template <class T>
struct LazyList {
  const std::vector<T>* orig;
  std::vector<T> fresh;
  bool copied = false;
  std::vector<T> take() && { return copied ? std::move(fresh) : *orig; }
};

/// `f` applied to each element of `in`; sets `changed` when any result differs.
template <class T, class F>
static LazyList<T> rewriteList(const std::vector<T>& in, bool& changed, F&& f) {
  LazyList<T> r{&in, {}, false};
  for (size_t i = 0; i < in.size(); ++i) {
    T x = f(in[i]);
    if (!r.copied) {
      if (x == in[i]) continue;
      r.fresh.reserve(in.size());
      r.fresh.assign(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(i));
      r.copied = true;
      changed = true;
    }
    r.fresh.push_back(std::move(x));
  }
  return r;
}

template <class T>
static T&& unwrap(T&& v) {
  return std::forward<T>(v);
}
template <class T>
static std::vector<T> unwrap(LazyList<T>&& v) {
  return std::move(v).take();
}

/// Rewrites one field with the mutator's own (overridable) methods; `changed` is set
/// when any rewritten value is a different node.
struct IRMutator::FieldRewriter {
  IRMutator& m;
  bool& changed;

  template <class T>
  const T& operator()(const field::Value<T>& d) const {
    return d.value;
  }
  std::string_view operator()(const field::Callee& d) const { return d.value; }
  ExprPtr operator()(const field::Use<ExprPtr>& d) const {
    ExprPtr r = m.mutateExpr(d.value);
    changed = changed || r != d.value;
    return r;
  }
  VarPtr operator()(const field::Use<VarPtr>& d) const {
    ExprPtr r = m.mutateExpr(d.value);
    if (r == d.value) return d.value;
    changed = true;
    if (!r || !r->isa<Var>())
      throw InternalError("IRMutator: variable '" + d.value->name +
                          "' read as a buffer was rewritten to a non-variable expression");
    return cast<Var>(r);
  }
  LazyList<ExprPtr> operator()(const field::Uses<ExprPtr>& d) const {
    return rewriteList(d.value, changed, [&](const ExprPtr& e) { return m.mutateExpr(e); });
  }
  VarPtr operator()(const field::Def<VarPtr>& d) const {
    VarPtr r = m.mutateDef(d.value);
    changed = changed || r != d.value;
    return r;
  }
  LazyList<VarPtr> operator()(const field::Defs<VarPtr>& d) const {
    return rewriteList(d.value, changed, [&](const VarPtr& v) { return m.mutateDef(v); });
  }
  std::vector<IterArgPtr> operator()(const field::IterArgs<IterArgPtr>& d) const {
    return m.mutateIterArgs(d.value, changed);
  }
  StmtPtr operator()(const field::Body<StmtPtr>& d) const {
    StmtPtr r = m.mutateStmt(d.value);
    changed = changed || r != d.value;
    return r;
  }
  LazyList<StmtPtr> operator()(const field::Stmts<StmtPtr>& d) const {
    return rewriteList(d.value, changed, [&](const StmtPtr& c) { return m.mutateStmt(c); });
  }
};

template <class Node>
ExprPtr IRMutator::mutateExprChildren(const std::shared_ptr<const Node>& e) {
  bool changed = false;
  FieldRewriter rw{*this, changed};
  // Braced initialization evaluates the fields left to right, in walk order.
  auto values = std::apply(
      [&](const auto&... d) { return std::tuple<decltype(rw(d))...>{rw(d)...}; }, e->fields());
  TypePtr type = mutateType(e->type);
  if (!changed && type == e->type) return e;
  return std::apply([&](auto&&... v) { return Node::rebuild(*e, type, unwrap(std::move(v))...); },
                    std::move(values));
}

template <class Node>
StmtPtr IRMutator::mutateStmtChildren(const std::shared_ptr<const Node>& s) {
  bool changed = false;
  FieldRewriter rw{*this, changed};
  auto values = std::apply(
      [&](const auto&... d) { return std::tuple<decltype(rw(d))...>{rw(d)...}; }, s->fields());
  if (!changed) return s;
  return std::apply([&](auto&&... v) { return Node::rebuild(*s, unwrap(std::move(v))...); },
                    std::move(values));
}

ExprPtr IRMutator::mutateExpr(const ExprPtr& e) {
  if (!e) return e;
  switch (e->kind) {
    case ExprKind::Var:
    case ExprKind::IterArg:
      return mutateVar(cast<Var>(e));
    case ExprKind::ConstInt:
    case ExprKind::ConstFloat:
    case ExprKind::ConstBool:
      return mutateConst(e);
    case ExprKind::Binary:
      return mutateBinary(cast<BinaryExpr>(e));
    case ExprKind::Unary:
      return mutateUnary(cast<UnaryExpr>(e));
    case ExprKind::Select:
      return mutateSelect(cast<SelectExpr>(e));
    case ExprKind::Call:
      return mutateCall(cast<Call>(e));
    case ExprKind::BufferLoad:
      return mutateBufferLoad(cast<BufferLoad>(e));
    case ExprKind::MakeTuple:
      return mutateMakeTuple(cast<MakeTuple>(e));
    case ExprKind::TupleGetItem:
      return mutateTupleGetItem(cast<TupleGetItem>(e));
  }
  throw InternalError("IRMutator: unknown expression kind");
}

StmtPtr IRMutator::mutateStmt(const StmtPtr& s) {
  if (!s) return s;
  switch (s->kind) {
#define PTOC_X(Kind, Class) \
  case StmtKind::Kind:      \
    return mutate##Kind(cast<Class>(s));
    PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
  }
  throw InternalError("IRMutator: unknown statement kind");
}

ExprPtr IRMutator::mutateConst(const ExprPtr& e) { return e; }

ExprPtr IRMutator::mutateBinary(const std::shared_ptr<const BinaryExpr>& e) {
  return mutateExprChildren(e);
}
ExprPtr IRMutator::mutateUnary(const std::shared_ptr<const UnaryExpr>& e) {
  return mutateExprChildren(e);
}
ExprPtr IRMutator::mutateSelect(const std::shared_ptr<const SelectExpr>& e) {
  return mutateExprChildren(e);
}
ExprPtr IRMutator::mutateCall(const std::shared_ptr<const Call>& e) {
  return mutateExprChildren(e);
}
ExprPtr IRMutator::mutateBufferLoad(const std::shared_ptr<const BufferLoad>& e) {
  return mutateExprChildren(e);
}
ExprPtr IRMutator::mutateMakeTuple(const std::shared_ptr<const MakeTuple>& e) {
  return mutateExprChildren(e);
}
ExprPtr IRMutator::mutateTupleGetItem(const std::shared_ptr<const TupleGetItem>& e) {
  return mutateExprChildren(e);
}

#define PTOC_X(Kind, Class)                                                \
  StmtPtr IRMutator::mutate##Kind(const std::shared_ptr<const Class>& s) { \
    return mutateStmtChildren(s);                                          \
  }
PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X

TypePtr IRMutator::mutateType(const TypePtr& t) {
  if (!t) return t;
  switch (t->kind) {
    case TypeKind::Unknown:
    case TypeKind::Scalar:
    case TypeKind::Tensor:
    case TypeKind::VReg:
    case TypeKind::Mask:
    case TypeKind::Handle:
      return t;
    case TypeKind::Tile: {
      const auto& tile = static_cast<const TileType&>(*t);
      if (!tile.view || tile.view->validShape.empty()) return t;
      bool changed = false;
      auto valid = rewriteList(tile.view->validShape, changed,
                               [&](const ExprPtr& e) { return mutateExpr(e); });
      if (!changed) return t;
      TileView view = *tile.view;
      view.validShape = std::move(valid).take();
      return TileType::get(tile.shape, tile.dtype, tile.memory, std::move(view));
    }
    case TypeKind::Tuple: {
      const auto& tuple = static_cast<const TupleType&>(*t);
      bool changed = false;  // the list is copied only when an element type changes
      auto types =
          rewriteList(tuple.types, changed, [&](const TypePtr& x) { return mutateType(x); });
      return changed ? TupleType::get(std::move(types).take()) : t;
    }
  }
  throw InternalError("IRMutator: unknown type kind");
}

VarPtr IRMutator::retypeVar(const VarPtr& v) {
  TypePtr t = mutateType(v->type);
  if (t == v->type) return v;
  VarPtr fresh = v->isa<IterArg>()
                     ? std::make_shared<IterArg>(v->name, t, cast<IterArg>(v)->init, v->span)
                     : std::make_shared<Var>(v->name, t, v->span);
  remap(v, fresh);
  return fresh;
}

ExprPtr IRMutator::mutateVar(const VarPtr& v) {
  const VarPtr* to = varMap_.find(v.get());
  return to ? *to : retypeVar(v);
}

VarPtr IRMutator::mutateDef(const VarPtr& v) {
  const VarPtr* to = varMap_.find(v.get());
  return to ? *to : retypeVar(v);
}

std::vector<ExprPtr> IRMutator::mutateExprs(const std::vector<ExprPtr>& es, bool& changed) {
  return rewriteList(es, changed, [&](const ExprPtr& e) { return mutateExpr(e); }).take();
}

ExprListRewrite IRMutator::mutateExprList(const std::vector<ExprPtr>& es) {
  ExprListRewrite out(es);
  for (size_t i = 0; i < es.size(); ++i) out.set(i, mutateExpr(es[i]));
  return out;
}

std::vector<VarPtr> IRMutator::mutateDefs(const std::vector<VarPtr>& vs, bool& changed) {
  return rewriteList(vs, changed, [&](const VarPtr& v) { return mutateDef(v); }).take();
}

std::vector<IterArgPtr> IRMutator::mutateIterArgs(const std::vector<IterArgPtr>& ias,
                                                  bool& changed) {
  std::vector<IterArgPtr> out;
  out.reserve(ias.size());
  for (const auto& ia : ias) {
    ExprPtr init = mutateExpr(ia->init);
    VarPtr def = mutateDef(ia);
    if (init == ia->init && def == ia) {
      out.push_back(ia);
      continue;
    }
    changed = true;
    auto fresh = std::make_shared<IterArg>(def->name, def->type, init, ia->span);
    remap(ia, fresh);
    out.push_back(fresh);
  }
  return out;
}

FunctionPtr IRMutator::mutateFunction(const FunctionPtr& f) {
  bool changed = false;
  auto params = mutateDefs(f->params, changed);
  std::vector<TypePtr> returnTypes;
  returnTypes.reserve(f->returnTypes.size());
  for (const auto& t : f->returnTypes) {
    returnTypes.push_back(mutateType(t));
    changed = changed || returnTypes.back() != t;
  }
  StmtPtr body = mutateStmt(f->body);
  if (!changed && body == f->body) return f;
  return std::make_shared<Function>(f->name, f->funcType, std::move(params), f->directions,
                                    std::move(returnTypes), body, f->attrs, f->span);
}

ProgramPtr IRMutator::mutateProgram(const ProgramPtr& p) {
  bool changed = false;
  std::vector<FunctionPtr> fs;
  fs.reserve(p->functions.size());
  for (const auto& f : p->functions) {
    fs.push_back(mutateFunction(f));
    if (fs.back() != f) changed = true;
  }
  if (!changed) return p;
  return std::make_shared<Program>(p->name, std::move(fs), p->isClass, p->span);
}

}  // namespace ptoc::ir
