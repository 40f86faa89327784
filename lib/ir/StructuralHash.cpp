// Structural hashing, consistent with structuralEqual (StructuralEqual.cpp): the
// same fields() of every node in the same order; variables are numbered by first
// appearance, never by name or address.
#include <unordered_map>

#include "StructuralCommon.h"
#include "ptoc/ir/StructuralEqual.h"

namespace ptoc::ir {

namespace {

using namespace structural;

class Hasher {
 public:
  uint64_t value() const { return h_; }

  void program(const Program& p);
  void function(const Function& f);
  void body(const Stmt* s);
  void expr(const Expr* e);
  void type(const Type* t);

 private:
  struct FieldHash;

  static uint64_t fmix(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
  }
  void mix(uint64_t v) { h_ = fmix(h_ ^ (v + 0x9e3779b97f4a7c15ULL + (h_ << 6) + (h_ >> 2))); }
  void str(std::string_view s) {
    uint64_t f = 0xcbf29ce484222325ULL;
    for (char c : s) f = (f ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    mix(s.size());
    mix(f);
  }
  template <typename T>
  void value(const T& v) {
    if constexpr (std::is_same_v<T, AttrList>) {
      attrs(v);
    } else if constexpr (std::is_same_v<T, std::string>) {
      str(v);
    } else if constexpr (std::is_same_v<T, double>) {
      mix(floatKey(v));
    } else if constexpr (requires { v.has_value(); }) {
      mix(v ? 1 : 0);
      if (v) value(*v);
    } else {
      mix(static_cast<uint64_t>(v));
    }
  }
  template <class Node>
  void fields(const Node& n);
  void stmt(const Stmt& s);
  void var(const Var& v);
  void attrs(const AttrList& a);
  void exprs(const std::vector<ExprPtr>& es) {
    mix(es.size());
    for (const auto& e : es) expr(e.get());
  }
  void vars(const std::vector<VarPtr>& vs) {
    mix(vs.size());
    for (const auto& v : vs) var(*v);
  }

  uint64_t h_ = 0x243f6a8885a308d3ULL;
  std::unordered_map<const Var*, uint64_t> ids_;
};

/// Mixes one field of a node.
struct Hasher::FieldHash {
  Hasher& h;
  template <class T>
  void operator()(const field::Value<T>& d) const {
    h.value(d.value);
  }
  void operator()(const field::Callee& d) const { h.str(d.value); }
  template <class P>
  void operator()(const field::Use<P>& d) const {
    h.expr(d.value.get());
  }
  void operator()(const field::Uses<ExprPtr>& d) const { h.exprs(d.value); }
  void operator()(const field::Def<VarPtr>& d) const { h.var(*d.value); }
  void operator()(const field::Defs<VarPtr>& d) const { h.vars(d.value); }
  void operator()(const field::IterArgs<IterArgPtr>& d) const {
    h.mix(d.value.size());
    for (const auto& ia : d.value) h.expr(ia->init.get());
    for (const auto& ia : d.value) h.var(*ia);
  }
  void operator()(const field::Body<StmtPtr>& d) const { h.body(d.value.get()); }
  void operator()(const field::Stmts<StmtPtr>&) const {
    throw InternalError("structural hash: a Seq is hashed as a flattened body");
  }
};

template <class Node>
void Hasher::fields(const Node& n) {
  field::forEach(n, FieldHash{*this});
}

void Hasher::var(const Var& v) {
  auto [it, inserted] = ids_.try_emplace(&v, ids_.size());
  mix(0x5641ULL);
  mix(it->second);
  if (inserted) {
    mix(static_cast<uint64_t>(v.kind));
    type(v.type.get());
  }
}

void Hasher::type(const Type* t) {
  if (!t) {
    mix(0xdeadULL);
    return;
  }
  mix(0x7000ULL + static_cast<uint64_t>(t->kind));
  switch (t->kind) {
    case TypeKind::Unknown:
      return;
    case TypeKind::Scalar:
      mix(static_cast<uint64_t>(t->as<ScalarType>()->dtype));
      return;
    case TypeKind::Tensor: {
      const auto* x = t->as<TensorType>();
      mix(static_cast<uint64_t>(x->dtype) + (x->distributed ? 0x100 : 0));
      mix(x->shape.size());
      for (int64_t d : x->shape) mix(static_cast<uint64_t>(d));
      for (const ExprPtr& d : x->dims) expr(d.get());
      if (x->view) {
        mix(0x7e00ULL + static_cast<uint64_t>(x->view->layout) * 8 +
            static_cast<uint64_t>(x->view->pad));
        mix(x->view->stride.size());
        for (const ExprPtr& d : x->view->stride) expr(d.get());
        mix(x->view->validShape.size());
        for (const ExprPtr& d : x->view->validShape) expr(d.get());
      }
      return;
    }
    case TypeKind::Tile: {
      const auto* x = t->as<TileType>();
      mix(static_cast<uint64_t>(x->dtype));
      mix(x->shape.size());
      for (int64_t d : x->shape) mix(static_cast<uint64_t>(d));
      mix(x->memory ? 1 + static_cast<uint64_t>(*x->memory) : 0);
      TileViewKey k = tileViewKey(*x);
      mix(static_cast<uint64_t>(k.blayout));
      mix(static_cast<uint64_t>(k.slayout));
      mix(static_cast<uint64_t>(k.fractal));
      mix(static_cast<uint64_t>(k.pad));
      if (k.valid)
        exprs(*k.valid);
      else
        mix(0xf111ULL);
      return;
    }
    case TypeKind::VReg: {
      const auto* x = t->as<VRegType>();
      mix(static_cast<uint64_t>(x->lanes));
      mix(static_cast<uint64_t>(x->dtype));
      return;
    }
    case TypeKind::Mask:
      mix(static_cast<uint64_t>(t->as<MaskType>()->lanes));
      return;
    case TypeKind::Handle: {
      const auto* x = t->as<HandleType>();
      mix(static_cast<uint64_t>(x->handle));
      mix(static_cast<uint64_t>(x->dtype));
      mix(static_cast<uint64_t>(x->extent));
      return;
    }
    case TypeKind::Tuple: {
      const auto& ts = t->as<TupleType>()->types;
      mix(ts.size());
      for (const auto& x : ts) type(x.get());
      return;
    }
  }
}

void Hasher::attrs(const AttrList& a) {
  mix(a.size());
  for (const auto& [k, v] : a) {
    str(k);
    mix(v.index());
    std::visit(
        [this](const auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, std::string>)
            str(x);
          else if constexpr (std::is_same_v<T, double>)
            mix(floatKey(x));
          else
            mix(static_cast<uint64_t>(x));
        },
        v);
  }
}

void Hasher::expr(const Expr* e) {
  if (!e) {
    mix(0xe0e0ULL);
    return;
  }
  if (const auto* v = e->as<Var>()) {
    var(*v);
    return;
  }
  mix(0xe000ULL + static_cast<uint64_t>(e->kind));
  switch (e->kind) {
#define PTOC_X(Kind, Class)                \
  case ExprKind::Kind:                     \
    fields(static_cast<const Class&>(*e)); \
    break;
    PTOC_EXPR_NODES(PTOC_X)
#undef PTOC_X
  }
  type(e->type.get());
}

void Hasher::body(const Stmt* s) {
  std::vector<const Stmt*> list;
  flattenInto(s, list);
  mix(list.size());
  for (const Stmt* c : list) stmt(*c);
}

void Hasher::stmt(const Stmt& s) {
  mix(0x5000ULL + static_cast<uint64_t>(s.kind));
  if (s.kind == StmtKind::Seq) return;  // flattened by body()
  switch (s.kind) {
#define PTOC_X(Kind, Class)               \
  case StmtKind::Kind:                    \
    fields(static_cast<const Class&>(s)); \
    return;
    PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
  }
}

void Hasher::function(const Function& f) {
  ids_.clear();
  str(f.name);
  mix(static_cast<uint64_t>(f.funcType));
  attrs(f.attrs);
  mix(f.params.size());
  for (size_t i = 0; i < f.params.size(); ++i) {
    mix(static_cast<uint64_t>(i < f.directions.size() ? f.directions[i] : ParamDirection::In));
    var(*f.params[i]);
  }
  mix(f.returnTypes.size());
  for (const auto& t : f.returnTypes) type(t.get());
  body(f.body.get());
}

void Hasher::program(const Program& p) {
  mix(p.functions.size());
  for (const auto& f : p.functions) function(*f);
}

}  // namespace

uint64_t structuralHash(const Program& program) {
  Hasher h;
  h.program(program);
  return h.value();
}

uint64_t structuralHash(const Function& function) {
  Hasher h;
  h.function(function);
  return h.value();
}

uint64_t structuralHash(const Stmt& stmt) {
  Hasher h;
  h.body(&stmt);
  return h.value();
}

uint64_t structuralHash(const Expr& expr) {
  Hasher h;
  h.expr(&expr);
  return h.value();
}

uint64_t structuralHash(const Type& type) {
  Hasher h;
  h.type(&type);
  return h.value();
}

}  // namespace ptoc::ir
