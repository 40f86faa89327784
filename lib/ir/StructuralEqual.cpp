// Structural equality (first difference with a message and spans) and a hash
// consistent with it. Both walk the IR in the same order; variables are matched
// by a bijection (equality) or numbered by first appearance (hash).
#include "ptoc/ir/StructuralEqual.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <unordered_map>

#include "ptoc/ir/Printer.h"

namespace ptoc::ir {

namespace {

constexpr std::string_view kStmtKindNames[] = {
    "Assign", "Eval",   "BufferStore", "Seq",           "If",         "For", "While",
    "Yield",  "Return", "InCoreScope", "SplitAivScope", "SimdVfScope"};
constexpr std::string_view kExprKindNames[] = {
    "Var",   "IterArg", "ConstInt", "ConstFloat", "ConstBool", "Binary",
    "Unary", "Select",  "Call",     "BufferLoad", "MakeTuple", "TupleGetItem"};
constexpr std::string_view kDirectionNames[] = {"In", "Out", "InOut"};

std::string_view stmtKindName(StmtKind k) { return kStmtKindNames[static_cast<unsigned>(k)]; }
std::string_view exprKindName(ExprKind k) { return kExprKindNames[static_cast<unsigned>(k)]; }

void flattenInto(const Stmt* s, std::vector<const Stmt*>& out) {
  if (!s) return;
  if (const auto* seq = s->as<SeqStmt>()) {
    for (const auto& c : seq->stmts) flattenInto(c.get(), out);
  } else {
    out.push_back(s);
  }
}

bool floatEqual(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

uint64_t floatKey(double v) {
  if (std::isnan(v)) return 0x7ff8000000000000ULL;
  return std::bit_cast<uint64_t>(v);
}

bool attrEqual(const AttrValue& a, const AttrValue& b) {
  if (a.index() != b.index()) return false;
  if (const auto* da = std::get_if<double>(&a)) return floatEqual(*da, std::get<double>(b));
  return a == b;
}

bool isOpCall(const Call& c) { return c.op != nullptr || c.callee.find('.') != std::string::npos; }

bool isFullValidShape(const std::vector<ExprPtr>& valid, const std::vector<int64_t>& shape) {
  if (valid.size() != shape.size()) return false;
  for (size_t i = 0; i < valid.size(); ++i) {
    const auto* c = valid[i] ? valid[i]->as<ConstInt>() : nullptr;
    if (!c || c->value != shape[i]) return false;
  }
  return true;
}

/// The effective view of a tile type: layout fields plus the valid shape
/// (nullptr when it is the full shape, written or not).
struct TileViewKey {
  TileLayout blayout;
  TileLayout slayout;
  int64_t fractal;
  PadValue pad;
  const std::vector<ExprPtr>* valid;
};

TileViewKey tileViewKey(const TileType& t) {
  TileView implicit = implicitTileView(t.memory, t.shape);
  const TileView& v = t.view ? *t.view : implicit;
  const std::vector<ExprPtr>* valid = nullptr;
  if (t.view && !v.validShape.empty() && !isFullValidShape(v.validShape, t.shape))
    valid = &t.view->validShape;
  return {v.blayout, v.slayout, v.fractal, v.pad, valid};
}

std::string typeText(const TypePtr& t) { return t ? typeToString(*t) : std::string("<none>"); }

template <typename T>
std::string optText(const std::optional<T>& v) {
  if (!v) return "none";
  if constexpr (std::is_same_v<T, SplitMode>)
    return std::string(toString(*v));
  else
    return std::to_string(*v);
}

// ---------------------------------------------------------------------------
// Equality.

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

  bool stmt(const Stmt& a, const Stmt& b);
  bool var(const Var& a, const Var& b);
  bool typeEqual(const Type* a, const Type* b);
  bool exprs(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b, std::string_view what);
  bool defs(const std::vector<VarPtr>& a, const std::vector<VarPtr>& b, std::string_view what);
  bool iterArgs(const std::vector<IterArgPtr>& a, const std::vector<IterArgPtr>& b);
  bool attrs(const AttrList& a, const AttrList& b, std::string_view what);
  bool callExpr(const Call& a, const Call& b);

  std::unordered_map<const Var*, const Var*> l2r_, r2l_;
  Span lctx_, rctx_;
  std::string function_;
};

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
      return x->dtype == y->dtype && x->shape == y->shape;
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
  if (a == b && (!a || a->isa<ScalarType>() || a->isa<TensorType>())) return true;
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

bool EqualChecker::callExpr(const Call& a, const Call& b) {
  if (a.callee != b.callee) {
    if (isOpCall(a) && isOpCall(b)) return failf("op differs: {} vs {}", a.callee, b.callee);
    return failf("callee differs: {} vs {}", a.callee, b.callee);
  }
  return exprs(a.args, b.args, "argument") && attrs(a.kwargs, b.kwargs, "kwarg");
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
  switch (a->kind) {
    case ExprKind::Var:
    case ExprKind::IterArg:
      break;  // handled above
    case ExprKind::ConstInt: {
      int64_t x = a->as<ConstInt>()->value, y = b->as<ConstInt>()->value;
      if (x != y) return failf("constant differs: {} vs {}", x, y);
      break;
    }
    case ExprKind::ConstFloat: {
      double x = a->as<ConstFloat>()->value, y = b->as<ConstFloat>()->value;
      if (!floatEqual(x, y))
        return failf("constant differs: {} vs {}", formatFloat(x), formatFloat(y));
      break;
    }
    case ExprKind::ConstBool: {
      bool x = a->as<ConstBool>()->value, y = b->as<ConstBool>()->value;
      if (x != y)
        return failf("constant differs: {} vs {}", x ? "True" : "False", y ? "True" : "False");
      break;
    }
    case ExprKind::Binary: {
      const auto *x = a->as<BinaryExpr>(), *y = b->as<BinaryExpr>();
      if (x->op != y->op)
        return failf("binary op differs: {} vs {}", binaryOpName(x->op), binaryOpName(y->op));
      if (!expr(x->lhs.get(), y->lhs.get()) || !expr(x->rhs.get(), y->rhs.get())) return false;
      break;
    }
    case ExprKind::Unary: {
      const auto *x = a->as<UnaryExpr>(), *y = b->as<UnaryExpr>();
      if (x->op != y->op)
        return failf("unary op differs: {} vs {}", unaryOpName(x->op), unaryOpName(y->op));
      if (!expr(x->operand.get(), y->operand.get())) return false;
      break;
    }
    case ExprKind::Select: {
      const auto *x = a->as<SelectExpr>(), *y = b->as<SelectExpr>();
      if (!expr(x->cond.get(), y->cond.get()) || !expr(x->trueValue.get(), y->trueValue.get()) ||
          !expr(x->falseValue.get(), y->falseValue.get()))
        return false;
      break;
    }
    case ExprKind::Call:
      if (!callExpr(*a->as<Call>(), *b->as<Call>())) return false;
      break;
    case ExprKind::BufferLoad: {
      const auto *x = a->as<BufferLoad>(), *y = b->as<BufferLoad>();
      if (!expr(x->buffer.get(), y->buffer.get()) || !exprs(x->indices, y->indices, "index"))
        return false;
      break;
    }
    case ExprKind::MakeTuple:
      if (!exprs(a->as<MakeTuple>()->elements, b->as<MakeTuple>()->elements, "tuple element"))
        return false;
      break;
    case ExprKind::TupleGetItem: {
      const auto *x = a->as<TupleGetItem>(), *y = b->as<TupleGetItem>();
      if (x->index != y->index) return failf("tuple index differs: {} vs {}", x->index, y->index);
      if (!expr(x->tuple.get(), y->tuple.get())) return false;
      break;
    }
  }
  // Types last: a differing operand or op explains a differing result type better.
  return checkType(a->type, b->type);
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
    case StmtKind::Assign: {
      const auto &x = *a.as<AssignStmt>(), &y = *b.as<AssignStmt>();
      return expr(x.value.get(), y.value.get()) && var(*x.var, *y.var);
    }
    case StmtKind::Eval:
      return expr(a.as<EvalStmt>()->expr.get(), b.as<EvalStmt>()->expr.get());
    case StmtKind::BufferStore: {
      const auto &x = *a.as<BufferStoreStmt>(), &y = *b.as<BufferStoreStmt>();
      if (!var(*x.buffer, *y.buffer) || !exprs(x.indices, y.indices, "index") ||
          !expr(x.value.get(), y.value.get()))
        return false;
      if (!x.predicate != !y.predicate)
        return failf("store predicate differs: {} vs {}", x.predicate ? "present" : "absent",
                     y.predicate ? "present" : "absent");
      return expr(x.predicate.get(), y.predicate.get());
    }
    case StmtKind::Seq:
      return true;  // handled above
    case StmtKind::If: {
      const auto &x = *a.as<IfStmt>(), &y = *b.as<IfStmt>();
      return expr(x.cond.get(), y.cond.get()) && body(x.thenBody.get(), y.thenBody.get()) &&
             body(x.elseBody.get(), y.elseBody.get()) &&
             defs(x.returnVars, y.returnVars, "return var");
    }
    case StmtKind::For: {
      const auto &x = *a.as<ForStmt>(), &y = *b.as<ForStmt>();
      if (x.forKind != y.forKind)
        return failf("for kind differs: {} vs {}", toString(x.forKind), toString(y.forKind));
      if (!expr(x.start.get(), y.start.get()) || !expr(x.stop.get(), y.stop.get()) ||
          !expr(x.step.get(), y.step.get()) || !iterArgs(x.iterArgs, y.iterArgs) ||
          !var(*x.loopVar, *y.loopVar))
        return false;
      for (size_t i = 0; i < x.iterArgs.size(); ++i)
        if (!var(*x.iterArgs[i], *y.iterArgs[i])) return false;
      return body(x.body.get(), y.body.get()) && defs(x.returnVars, y.returnVars, "return var") &&
             attrs(x.attrs, y.attrs, "loop attr");
    }
    case StmtKind::While: {
      const auto &x = *a.as<WhileStmt>(), &y = *b.as<WhileStmt>();
      if (!iterArgs(x.iterArgs, y.iterArgs)) return false;
      for (size_t i = 0; i < x.iterArgs.size(); ++i)
        if (!var(*x.iterArgs[i], *y.iterArgs[i])) return false;
      return expr(x.cond.get(), y.cond.get()) && body(x.body.get(), y.body.get()) &&
             defs(x.returnVars, y.returnVars, "return var");
    }
    case StmtKind::Yield:
      return exprs(a.as<YieldStmt>()->values, b.as<YieldStmt>()->values, "yield value");
    case StmtKind::Return:
      return exprs(a.as<ReturnStmt>()->values, b.as<ReturnStmt>()->values, "return value");
    case StmtKind::InCoreScope: {
      const auto &x = *a.as<InCoreScopeStmt>(), &y = *b.as<InCoreScopeStmt>();
      if (x.split != y.split)
        return failf("scope split differs: {} vs {}", optText(x.split), optText(y.split));
      if (x.slotNum != y.slotNum)
        return failf("scope slot_num differs: {} vs {}", optText(x.slotNum), optText(y.slotNum));
      if (x.nameHint != y.nameHint)
        return failf("scope name_hint differs: {} vs {}", quoteString(x.nameHint),
                     quoteString(y.nameHint));
      return body(x.body.get(), y.body.get());
    }
    case StmtKind::SplitAivScope: {
      const auto &x = *a.as<SplitAivScopeStmt>(), &y = *b.as<SplitAivScopeStmt>();
      if (x.mode != y.mode)
        return failf("split_aiv mode differs: {} vs {}", toString(x.mode), toString(y.mode));
      if (x.count != y.count) return failf("split_aiv count differs: {} vs {}", x.count, y.count);
      return var(*x.laneVar, *y.laneVar) && body(x.body.get(), y.body.get());
    }
    case StmtKind::SimdVfScope: {
      const auto &x = *a.as<SimdVfScopeStmt>(), &y = *b.as<SimdVfScopeStmt>();
      if (x.lanes != y.lanes) return failf("simd_vf lanes differ: {} vs {}", x.lanes, y.lanes);
      return body(x.body.get(), y.body.get());
    }
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

// ---------------------------------------------------------------------------
// Hashing: the same walk as EqualChecker, mixing what it compares.

class Hasher {
 public:
  uint64_t value() const { return h_; }

  void program(const Program& p);
  void function(const Function& f);
  void body(const Stmt* s);
  void expr(const Expr* e);
  void type(const Type* t);

 private:
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
  void stmt(const Stmt& s);
  void var(const Var& v);
  void attrs(const AttrList& a);
  void exprs(const std::vector<ExprPtr>& es) {
    mix(es.size());
    for (const auto& e : es) expr(e.get());
  }

  uint64_t h_ = 0x243f6a8885a308d3ULL;
  std::unordered_map<const Var*, uint64_t> ids_;
};

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
      mix(static_cast<uint64_t>(x->dtype));
      mix(x->shape.size());
      for (int64_t d : x->shape) mix(static_cast<uint64_t>(d));
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
    case ExprKind::Var:
    case ExprKind::IterArg:
      break;
    case ExprKind::ConstInt:
      mix(static_cast<uint64_t>(e->as<ConstInt>()->value));
      break;
    case ExprKind::ConstFloat:
      mix(floatKey(e->as<ConstFloat>()->value));
      break;
    case ExprKind::ConstBool:
      mix(e->as<ConstBool>()->value ? 1 : 0);
      break;
    case ExprKind::Binary: {
      const auto* x = e->as<BinaryExpr>();
      mix(static_cast<uint64_t>(x->op));
      expr(x->lhs.get());
      expr(x->rhs.get());
      break;
    }
    case ExprKind::Unary: {
      const auto* x = e->as<UnaryExpr>();
      mix(static_cast<uint64_t>(x->op));
      expr(x->operand.get());
      break;
    }
    case ExprKind::Select: {
      const auto* x = e->as<SelectExpr>();
      expr(x->cond.get());
      expr(x->trueValue.get());
      expr(x->falseValue.get());
      break;
    }
    case ExprKind::Call: {
      const auto* x = e->as<Call>();
      str(x->callee);
      exprs(x->args);
      attrs(x->kwargs);
      break;
    }
    case ExprKind::BufferLoad: {
      const auto* x = e->as<BufferLoad>();
      expr(x->buffer.get());
      exprs(x->indices);
      break;
    }
    case ExprKind::MakeTuple:
      exprs(e->as<MakeTuple>()->elements);
      break;
    case ExprKind::TupleGetItem: {
      const auto* x = e->as<TupleGetItem>();
      mix(static_cast<uint64_t>(x->index));
      expr(x->tuple.get());
      break;
    }
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
  switch (s.kind) {
    case StmtKind::Assign: {
      const auto& x = *s.as<AssignStmt>();
      expr(x.value.get());
      var(*x.var);
      return;
    }
    case StmtKind::Eval:
      expr(s.as<EvalStmt>()->expr.get());
      return;
    case StmtKind::BufferStore: {
      const auto& x = *s.as<BufferStoreStmt>();
      var(*x.buffer);
      exprs(x.indices);
      expr(x.value.get());
      expr(x.predicate.get());
      return;
    }
    case StmtKind::Seq:
      return;  // flattened by body()
    case StmtKind::If: {
      const auto& x = *s.as<IfStmt>();
      expr(x.cond.get());
      body(x.thenBody.get());
      body(x.elseBody.get());
      mix(x.returnVars.size());
      for (const auto& v : x.returnVars) var(*v);
      return;
    }
    case StmtKind::For: {
      const auto& x = *s.as<ForStmt>();
      mix(static_cast<uint64_t>(x.forKind));
      expr(x.start.get());
      expr(x.stop.get());
      expr(x.step.get());
      mix(x.iterArgs.size());
      for (const auto& ia : x.iterArgs) expr(ia->init.get());
      var(*x.loopVar);
      for (const auto& ia : x.iterArgs) var(*ia);
      body(x.body.get());
      mix(x.returnVars.size());
      for (const auto& v : x.returnVars) var(*v);
      attrs(x.attrs);
      return;
    }
    case StmtKind::While: {
      const auto& x = *s.as<WhileStmt>();
      mix(x.iterArgs.size());
      for (const auto& ia : x.iterArgs) expr(ia->init.get());
      for (const auto& ia : x.iterArgs) var(*ia);
      expr(x.cond.get());
      body(x.body.get());
      mix(x.returnVars.size());
      for (const auto& v : x.returnVars) var(*v);
      return;
    }
    case StmtKind::Yield:
      exprs(s.as<YieldStmt>()->values);
      return;
    case StmtKind::Return:
      exprs(s.as<ReturnStmt>()->values);
      return;
    case StmtKind::InCoreScope: {
      const auto& x = *s.as<InCoreScopeStmt>();
      mix(x.split ? 1 + static_cast<uint64_t>(*x.split) : 0);
      mix(x.slotNum ? 1 : 0);
      mix(static_cast<uint64_t>(x.slotNum.value_or(0)));
      str(x.nameHint);
      body(x.body.get());
      return;
    }
    case StmtKind::SplitAivScope: {
      const auto& x = *s.as<SplitAivScopeStmt>();
      mix(static_cast<uint64_t>(x.mode));
      mix(static_cast<uint64_t>(x.count));
      var(*x.laneVar);
      body(x.body.get());
      return;
    }
    case StmtKind::SimdVfScope: {
      const auto& x = *s.as<SimdVfScopeStmt>();
      mix(static_cast<uint64_t>(x.lanes));
      body(x.body.get());
      return;
    }
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

// ---------------------------------------------------------------------------
// Public API.

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
