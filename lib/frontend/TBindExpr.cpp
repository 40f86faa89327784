// The `T` dialect front end, expressions: Python constants (folded), dtypes, the element
// builtins (T.Select / T.min / T.max / T.cast / T.Cast / T.infinity / typed literals) and
// the syntax-tree builders of the `pl` form. See TBind.h.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "PlBinder.h"
#include "TBind.h"

namespace ptoc::frontend {

void TLowering::fail(Span span, const std::string& message, std::string hint) const {
  diag_.error(span, message, std::move(hint));
  throw CompileError();
}

std::string TLowering::tName(const Expr& e) const {
  std::string d = dottedName(e);
  return d.rfind("T.", 0) == 0 ? d : std::string();
}

void TLowering::unsupported(const Expr& e, std::string_view name) const {
  static const std::pair<std::string_view, std::string_view> kLater[] = {
      {"T.reduce",
       "cross-lane reduce is not supported (cross-lane reductions, T.reduce_*, belong to a later "
       "milestone: M3)"},
      {"T.alloc_fragment",
       "fragment access is rejected on this branch (fragment buffers / slot storage belong to a "
       "later milestone: M4)"},
      {"T.alloc_local", "local buffers belong to a later milestone (M4)"},
      {"T.gemm", "T.gemm (cube matmul) is not part of ptoc's T subset"},
      {"T.atomic", "atomics are not part of ptoc's T subset"},
      {"T.ascend", "hand-written AscendC SIMD is not part of ptoc's T subset"},
      {"T.tile", "hand-written AscendC tile intrinsics are not part of ptoc's T subset"},
  };
  for (const auto& [prefix, why] : kLater)
    if (name.rfind(prefix, 0) == 0)
      fail(e.span, fmt::format("{} is not supported: {}", name, why),
           "ptoc's T subset is listed in docs/dsl.md §6; write this part in the pl dialect");
  fail(e.span, fmt::format("{} is not supported by ptoc's T dialect", name),
       "ptoc's T subset is listed in docs/dsl.md §6");
}

// ---- constants -------------------------------------------------------------------------

std::optional<ir::DType> TLowering::tryDType(const Expr& e) const {
  if (const auto* s = e.as<StrLit>()) {
    if (s->value == "float") return ir::DType::FP32;
    if (s->value == "float8_e4m3") return ir::DType::FP8E4M3FN;
    return ir::dtypeFromLongName(s->value);
  }
  if (const auto* a = e.as<AttributeExpr>()) {
    std::string d = dottedName(e);
    if (d.rfind("T.", 0) != 0 || d.find('.', 2) != std::string::npos) return std::nullopt;
    if (a->attr == "float8_e4m3") return ir::DType::FP8E4M3FN;
    return ir::dtypeFromLongName(a->attr);
  }
  if (const auto* n = e.as<NameExpr>()) {
    for (auto it = consts_.rbegin(); it != consts_.rend(); ++it)
      if (auto f = it->find(n->id); f != it->end()) {
        if (f->second.kind == Const::DType) return f->second.dt;
        if (f->second.kind == Const::Str) return ir::dtypeFromLongName(f->second.s);
        return std::nullopt;
      }
  }
  return std::nullopt;
}

ir::DType TLowering::dtypeOf(const Expr& e) const {
  if (auto d = tryDType(e)) return *d;
  fail(e.span, "expected a dtype (\"float32\", T.float16, ...)",
       "dtypes: float32 float16 bfloat16 int32 int16 int8 uint8 bool float8_e4m3fn "
       "float8_e5m2");
}

std::optional<TLowering::Const> TLowering::evalConst(const Expr& e) const {
  auto num = [](const Const& c) { return c.kind == Const::Float ? c.f : double(c.i); };
  auto mkInt = [](int64_t v) {
    Const c;
    c.kind = Const::Int;
    c.i = v;
    return c;
  };
  auto mkFloat = [](double v) {
    Const c;
    c.kind = Const::Float;
    c.f = v;
    return c;
  };
  auto mkBool = [](bool v) {
    Const c;
    c.kind = Const::Bool;
    c.b = v;
    c.i = v;
    return c;
  };
  switch (e.kind) {
    case ExprKind::IntLit:
      return mkInt(e.cast<IntLit>().value);
    case ExprKind::FloatLit:
      return mkFloat(e.cast<FloatLit>().value);
    case ExprKind::BoolLit:
      return mkBool(e.cast<BoolLit>().value);
    case ExprKind::StrLit: {
      Const c;
      c.kind = Const::Str;
      c.s = e.cast<StrLit>().value;
      return c;
    }
    case ExprKind::Name: {
      const auto& n = e.cast<NameExpr>();
      for (auto it = consts_.rbegin(); it != consts_.rend(); ++it)
        if (auto f = it->find(n.id); f != it->end()) return f->second;
      return std::nullopt;
    }
    case ExprKind::Attribute: {
      if (auto d = tryDType(e)) {
        Const c;
        c.kind = Const::DType;
        c.dt = *d;
        return c;
      }
      return std::nullopt;
    }
    case ExprKind::UnaryOp: {
      const auto& u = e.cast<UnaryOpExpr>();
      auto v = evalConst(*u.operand);
      if (!v || v->kind == Const::Str || v->kind == Const::DType) return std::nullopt;
      if (u.op == UnaryOpKind::Not) return mkBool(num(*v) == 0);
      if (u.op == UnaryOpKind::Pos) return v;
      if (u.op == UnaryOpKind::Neg) return v->kind == Const::Float ? mkFloat(-v->f) : mkInt(-v->i);
      if (v->kind == Const::Int) return mkInt(~v->i);
      return std::nullopt;
    }
    case ExprKind::BinOp: {
      const auto& b = e.cast<BinOpExpr>();
      auto l = evalConst(*b.lhs);
      auto r = l ? evalConst(*b.rhs) : std::nullopt;
      if (!l || !r) return std::nullopt;
      bool numeric = l->kind <= Const::Bool && r->kind <= Const::Bool;
      if (!numeric) return std::nullopt;
      bool ints = l->kind != Const::Float && r->kind != Const::Float;
      int64_t a = l->i, c = r->i;
      double x = num(*l), y = num(*r);
      switch (b.op) {
        case BinOpKind::Add:
          return ints ? mkInt(a + c) : mkFloat(x + y);
        case BinOpKind::Sub:
          return ints ? mkInt(a - c) : mkFloat(x - y);
        case BinOpKind::Mul:
          return ints ? mkInt(a * c) : mkFloat(x * y);
        case BinOpKind::Div:
          if (y == 0) return std::nullopt;
          return mkFloat(x / y);
        case BinOpKind::FloorDiv:
          if (y == 0) return std::nullopt;
          if (ints) {
            int64_t q = a / c;
            if ((a % c != 0) && ((a < 0) != (c < 0))) --q;
            return mkInt(q);
          }
          return mkFloat(std::floor(x / y));
        case BinOpKind::Mod:
          if (y == 0) return std::nullopt;
          if (ints) {
            int64_t m = a % c;
            if (m != 0 && ((m < 0) != (c < 0))) m += c;
            return mkInt(m);
          }
          return mkFloat(x - std::floor(x / y) * y);
        case BinOpKind::Pow:
          if (ints && c >= 0) {
            int64_t p = 1;
            for (int64_t k = 0; k < c && k < 64; ++k) p *= a;
            return mkInt(p);
          }
          return mkFloat(std::pow(x, y));
        case BinOpKind::BitAnd:
          return ints ? std::optional(mkInt(a & c)) : std::nullopt;
        case BinOpKind::BitOr:
          return ints ? std::optional(mkInt(a | c)) : std::nullopt;
        case BinOpKind::LShift:
          return ints ? std::optional(mkInt(a << c)) : std::nullopt;
        case BinOpKind::RShift:
          return ints ? std::optional(mkInt(a >> c)) : std::nullopt;
        default:
          return std::nullopt;
      }
    }
    case ExprKind::BoolOp: {
      const auto& b = e.cast<BoolOpExpr>();
      bool acc = b.op == BoolOpKind::And;
      for (const auto& v : b.values) {
        auto c = evalConst(*v);
        if (!c || c->kind == Const::DType) return std::nullopt;
        bool t = c->kind == Const::Str ? !c->s.empty() : num(*c) != 0;
        acc = b.op == BoolOpKind::And ? (acc && t) : (acc || t);
      }
      return mkBool(acc);
    }
    case ExprKind::Compare: {
      const auto& c = e.cast<CompareExpr>();
      auto l = evalConst(*c.left);
      if (!l) return std::nullopt;
      bool acc = true;
      for (size_t k = 0; k < c.ops.size(); ++k) {
        auto r = evalConst(*c.comparators[k]);
        if (!r) return std::nullopt;
        int cmp;
        if (l->kind == Const::Str && r->kind == Const::Str)
          cmp = l->s.compare(r->s);
        else if (l->kind == Const::DType && r->kind == Const::DType)
          cmp = l->dt == r->dt ? 0 : 1;
        else if (l->kind <= Const::Bool && r->kind <= Const::Bool)
          cmp = num(*l) < num(*r) ? -1 : num(*l) > num(*r) ? 1 : 0;
        else
          return std::nullopt;
        bool t;
        switch (c.ops[k]) {
          case CmpOpKind::Eq:
          case CmpOpKind::Is:
            t = cmp == 0;
            break;
          case CmpOpKind::NotEq:
          case CmpOpKind::IsNot:
            t = cmp != 0;
            break;
          case CmpOpKind::Lt:
            t = cmp < 0;
            break;
          case CmpOpKind::LtE:
            t = cmp <= 0;
            break;
          case CmpOpKind::Gt:
            t = cmp > 0;
            break;
          case CmpOpKind::GtE:
            t = cmp >= 0;
            break;
          default:
            return std::nullopt;
        }
        acc = acc && t;
        l = r;
      }
      return mkBool(acc);
    }
    case ExprKind::IfExpr: {
      const auto& i = e.cast<IfExpr>();
      auto t = evalConst(*i.test);
      if (!t || t->kind > Const::Bool) return std::nullopt;
      return evalConst(num(*t) != 0 ? *i.body : *i.orelse);
    }
    case ExprKind::Call: {
      const auto& c = e.cast<CallExpr>();
      const auto* f = c.func->as<NameExpr>();
      if (!f || !c.keywords.empty() || c.args.empty()) return std::nullopt;
      std::vector<Const> vs;
      for (const auto& a : c.args) {
        auto v = evalConst(*a);
        if (!v || v->kind > Const::Bool) return std::nullopt;
        vs.push_back(*v);
      }
      if ((f->id == "min" || f->id == "max") && vs.size() >= 2) {
        Const best = vs[0];
        for (const auto& v : vs)
          if (f->id == "min" ? num(v) < num(best) : num(v) > num(best)) best = v;
        return best;
      }
      if (f->id == "int" && vs.size() == 1) return mkInt(static_cast<int64_t>(num(vs[0])));
      if (f->id == "float" && vs.size() == 1) return mkFloat(num(vs[0]));
      if (f->id == "abs" && vs.size() == 1)
        return vs[0].kind == Const::Float ? mkFloat(std::fabs(vs[0].f)) : mkInt(std::abs(vs[0].i));
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

std::optional<int64_t> TLowering::evalInt(const Expr& e) const {
  auto c = evalConst(e);
  if (!c || (c->kind != Const::Int && c->kind != Const::Bool)) return std::nullopt;
  return c->i;
}

std::vector<int64_t> TLowering::shapeOf(const Expr& e, const char* what) const {
  std::vector<int64_t> shape;
  auto one = [&](const Expr& d) {
    auto v = evalInt(d);
    if (!v || *v <= 0)
      fail(d.span, fmt::format("{} must be positive compile-time constants", what),
           "fill in the kernel parameters: ptoc reads the kernel with its Python constants "
           "known");
    shape.push_back(*v);
  };
  if (const auto* t = e.as<TupleExpr>())
    for (const auto& d : t->elts) one(*d);
  else if (const auto* l = e.as<ListExpr>())
    for (const auto& d : l->elts) one(*d);
  else
    one(e);
  if (shape.empty()) fail(e.span, fmt::format("{} must have at least one dimension", what));
  return shape;
}

// ---- builders --------------------------------------------------------------------------

std::string_view TLowering::keep(std::string s) {
  strings_.push_back(std::move(s));
  return strings_.back();
}

ExprPtr TLowering::name(std::string_view id, Span s) {
  auto* n = make<NameExpr>(s);
  n->id = id;
  return n;
}

ExprPtr TLowering::path(std::string_view dotted, Span s) {
  size_t dot = dotted.rfind('.');
  if (dot == std::string_view::npos) return name(dotted, s);
  auto* a = make<AttributeExpr>(s);
  a->value = path(dotted.substr(0, dot), s);
  a->attr = dotted.substr(dot + 1);
  a->attrSpan = s;
  return a;
}

ExprPtr TLowering::call(ExprPtr func, std::vector<ExprPtr> args, std::vector<Keyword> kws, Span s) {
  auto* c = make<CallExpr>(s);
  c->func = func;
  c->args = list(std::move(args));
  c->keywords = list(std::move(kws));
  return c;
}

Keyword TLowering::kw(std::string_view n, ExprPtr v, Span s) { return Keyword{n, s, v, s}; }

ExprPtr TLowering::intLit(int64_t v, Span s) {
  auto* l = make<IntLit>(s);
  l->value = v;
  return l;
}

ExprPtr TLowering::listOf(std::vector<ExprPtr> elts, Span s) {
  auto* l = make<ListExpr>(s);
  l->elts = list(std::move(elts));
  return l;
}

ExprPtr TLowering::shapeList(const std::vector<int64_t>& shape, Span s) {
  std::vector<ExprPtr> e;
  for (int64_t d : shape) e.push_back(intLit(d, s));
  return listOf(std::move(e), s);
}

ExprPtr TLowering::dtypeExpr(ir::DType d, Span s) {
  return path(keep(fmt::format("pl.{}", ir::dtypeName(d))), s);
}

ExprPtr TLowering::constExpr(const Const& c, Span s) {
  switch (c.kind) {
    case Const::Int:
      if (c.i < 0) {
        auto* u = make<UnaryOpExpr>(s);
        u->op = UnaryOpKind::Neg;
        u->operand = intLit(-c.i, s);
        return u;
      }
      return intLit(c.i, s);
    case Const::Float: {
      if (std::isinf(c.f) || std::isnan(c.f))
        fail(s, "a non-finite Python float cannot be written as a literal",
             "use T.infinity(dtype) or -T.infinity(dtype)");
      auto* l = make<FloatLit>(s);
      l->value = std::fabs(c.f);
      if (!std::signbit(c.f)) return l;
      auto* u = make<UnaryOpExpr>(s);
      u->op = UnaryOpKind::Neg;
      u->operand = l;
      return u;
    }
    case Const::Bool: {
      auto* l = make<BoolLit>(s);
      l->value = c.b;
      return l;
    }
    case Const::Str: {
      auto* l = make<StrLit>(s);
      l->value = c.s;
      return l;
    }
    case Const::DType:
      return dtypeExpr(c.dt, s);
  }
  return nullptr;
}

ExprPtr TLowering::binop(BinOpKind op, ExprPtr a, ExprPtr b, Span s) {
  auto* e = make<BinOpExpr>(s);
  e->op = op;
  e->opSpan = s;
  e->lhs = a;
  e->rhs = b;
  e->height = static_cast<uint16_t>(std::max(a->height, b->height) + 1);
  return e;
}

StmtPtr TLowering::assign(ExprPtr target, ExprPtr value, Span s) {
  auto* a = make<AssignStmt>(s);
  a->target = target;
  a->value = value;
  return a;
}

StmtPtr TLowering::exprStmt(ExprPtr e, Span s) {
  auto* x = make<ExprStmt>(s);
  x->value = e;
  return x;
}

// ---- expressions -----------------------------------------------------------------------

ExprPtr TLowering::lowerExpr(const Expr& e) {
  // Constant arithmetic (shapes, extents, `P * 2`) folds to a literal.
  if (!e.is<IntLit>() && !e.is<FloatLit>() && !e.is<StrLit>() && !e.is<BoolLit>() &&
      !e.is<AttributeExpr>())
    if (auto c = evalConst(e); c && c->kind != Const::DType) return constExpr(*c, e.span);
  switch (e.kind) {
    case ExprKind::Name: {
      std::string_view id = e.cast<NameExpr>().id;
      bool loopVar = std::find(loopVars_.begin(), loopVars_.end(), id) != loopVars_.end();
      if (loopVar && !inIndex_)
        return call(path("pl.cast", e.span),
                    {name(id, e.span), dtypeExpr(ir::DType::Int32, e.span)}, {}, e.span);
      return name(id, e.span);
    }
    case ExprKind::IntLit:
      return intLit(e.cast<IntLit>().value, e.span);
    case ExprKind::FloatLit: {
      auto* l = make<FloatLit>(e.span);
      l->value = e.cast<FloatLit>().value;
      return l;
    }
    case ExprKind::BoolLit: {
      auto* l = make<BoolLit>(e.span);
      l->value = e.cast<BoolLit>().value;
      return l;
    }
    case ExprKind::StrLit: {
      auto* l = make<StrLit>(e.span);
      l->value = e.cast<StrLit>().value;
      return l;
    }
    case ExprKind::NoneLit:
      return make<NoneLit>(e.span);
    case ExprKind::EllipsisLit:
      return make<EllipsisLit>(e.span);
    case ExprKind::Attribute: {
      if (auto d = tryDType(e)) return dtypeExpr(*d, e.span);
      std::string t = tName(e);
      if (!t.empty()) unsupported(e, t);
      fail(e.span, fmt::format("attribute '{}' is not supported in a T kernel", dottedName(e)),
           "ptoc's T subset is listed in docs/dsl.md §6");
    }
    case ExprKind::Call:
      return lowerCall(e.cast<CallExpr>());
    case ExprKind::Subscript: {
      const auto& s = e.cast<SubscriptExpr>();
      if (const auto* n = s.value->as<NameExpr>()) {
        auto it = buffers_.find(n->id);
        if (it != buffers_.end() && it->second.gm) {
          if (simdDepth_ > 0)
            fail(e.span,
                 fmt::format("SIMD_VF block must not access GM directly (buffer `{}` has scope "
                             "global); stage through UB first",
                             n->id),
                 "T.copy the tensor into a T.alloc_shared buffer before the region");
          return lowerGlobalLoad(s);
        }
      }
      auto* o = make<SubscriptExpr>(e.span);
      o->value = lowerExpr(*s.value);
      bool saved = inIndex_;
      inIndex_ = true;
      o->index = lowerExpr(*s.index);
      inIndex_ = saved;
      o->height = e.height;
      return o;
    }
    case ExprKind::Slice: {
      const auto& s = e.cast<SliceExpr>();
      auto* o = make<SliceExpr>(e.span);
      if (s.lower) o->lower = lowerExpr(*s.lower);
      if (s.upper) o->upper = lowerExpr(*s.upper);
      if (s.step) o->step = lowerExpr(*s.step);
      return o;
    }
    case ExprKind::List:
    case ExprKind::Tuple: {
      const ExprList& elts = e.is<ListExpr>() ? e.cast<ListExpr>().elts : e.cast<TupleExpr>().elts;
      std::vector<ExprPtr> out;
      for (const auto& x : elts) out.push_back(lowerExpr(*x));
      if (e.is<ListExpr>()) return listOf(std::move(out), e.span);
      auto* t = make<TupleExpr>(e.span);
      t->elts = list(std::move(out));
      t->parenthesized = e.cast<TupleExpr>().parenthesized;
      t->height = e.height;
      return t;
    }
    case ExprKind::Dict:
      fail(e.span, "a dict is not supported in a T kernel");
    case ExprKind::ListComp:
      fail(e.span, "a list comprehension is not supported in a T kernel",
           "write the elements out explicitly");
    case ExprKind::BinOp: {
      const auto& b = e.cast<BinOpExpr>();
      auto* o = make<BinOpExpr>(e.span);
      o->op = b.op;
      o->opSpan = b.opSpan;
      o->lhs = lowerExpr(*b.lhs);
      o->rhs = lowerExpr(*b.rhs);
      o->height = e.height;
      return o;
    }
    case ExprKind::UnaryOp: {
      const auto& u = e.cast<UnaryOpExpr>();
      auto* o = make<UnaryOpExpr>(e.span);
      o->op = u.op;
      o->operand = lowerExpr(*u.operand);
      o->height = e.height;
      return o;
    }
    case ExprKind::BoolOp: {
      const auto& b = e.cast<BoolOpExpr>();
      auto* o = make<BoolOpExpr>(e.span);
      o->op = b.op;
      std::vector<ExprPtr> vs;
      for (const auto& v : b.values) vs.push_back(lowerExpr(*v));
      o->values = list(std::move(vs));
      o->height = e.height;
      return o;
    }
    case ExprKind::Compare: {
      const auto& c = e.cast<CompareExpr>();
      auto* o = make<CompareExpr>(e.span);
      o->left = lowerExpr(*c.left);
      std::vector<CmpOpKind> ops(c.ops.begin(), c.ops.end());
      o->ops = list(std::move(ops));
      std::vector<ExprPtr> cs;
      for (const auto& v : c.comparators) cs.push_back(lowerExpr(*v));
      o->comparators = list(std::move(cs));
      o->height = e.height;
      return o;
    }
    case ExprKind::IfExpr: {
      const auto& i = e.cast<IfExpr>();
      return call(path("pl.select", e.span),
                  {lowerExpr(*i.test), lowerExpr(*i.body), lowerExpr(*i.orelse)}, {}, e.span);
    }
  }
  fail(e.span, "internal error: unhandled T expression");
}

void TLowering::checkCastOptions(const CallExpr& c, ir::DType to) const {
  // ptoc's conversions (docs/simulator-semantics.md §2): round to nearest even; integers
  // truncate (no saturation), float8_e4m3fn saturates to ±448, the other floats overflow to ±Inf.
  bool saturates = to == ir::DType::FP8E4M3FN;
  for (const auto& k : c.keywords) {
    if (k.name == "round" || k.name == "rounding") {
      auto v = evalConst(*k.value);
      std::string mode = v && v->kind == Const::Str ? v->s : std::string("?");
      std::string m = mode;
      for (auto& ch : m) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      if (m != "R" && m != "RN" && m != "RNE")
        fail(k.value->span,
             fmt::format("rounding mode '{}' is not supported: ptoc's conversions round to nearest "
                         "even",
                         mode),
             "drop the option, or write round=\"rn\"");
    } else if (k.name == "sat" || k.name == "saturate") {
      auto v = evalConst(*k.value);
      bool sat;
      if (v && v->kind == Const::Bool)
        sat = v->b;
      else if (v && v->kind == Const::Str && (v->s == "SAT" || v->s == "NOSAT"))
        sat = v->s == "SAT";
      else
        fail(k.value->span, "sat= takes True / False (or \"SAT\" / \"NOSAT\")");
      if (sat != saturates)
        fail(k.value->span,
             fmt::format("sat={} is not supported for a conversion to {}: ptoc's conversion {}",
                         sat ? "True" : "False", ir::dtypeLongName(to),
                         saturates ? "saturates to the largest finite value"
                                   : "does not saturate (integers wrap, floats overflow to Inf)"),
             "drop the option");
    }
  }
}

ExprPtr TLowering::lowerCall(const CallExpr& c) {
  std::string t = tName(*c.func);
  auto args = [&](size_t n, const char* form) {
    if (c.args.size() != n)
      fail(c.span, fmt::format("{} takes {} argument{}", t, n, n == 1 ? "" : "s"),
           fmt::format("write {}", form));
  };
  auto noKeywords = [&](const char* form) {
    if (!c.keywords.empty())
      fail(c.keywords[0].nameSpan, fmt::format("{} has no keyword '{}'", t, c.keywords[0].name),
           fmt::format("write {}", form));
  };
  if (t.empty()) {
    std::string f = dottedName(*c.func);
    fail(c.span,
         f.empty() ? std::string("this call is not supported in a T kernel")
                   : fmt::format("call of '{}' is not supported in a T kernel", f),
         "T kernels call T.* builtins (docs/dsl.md §6); Python helpers must be constant");
  }
  Span s = c.span;
  if (t == "T.Select" || t == "T.if_then_else") {
    args(3, "T.Select(cond, a, b)");
    noKeywords("T.Select(cond, a, b)");
    return call(path("pl.select", s),
                {lowerExpr(*c.args[0]), lowerExpr(*c.args[1]), lowerExpr(*c.args[2])}, {}, s);
  }
  if (t == "T.min" || t == "T.max") {
    args(2, "T.max(a, b)");
    noKeywords("T.max(a, b)");
    return call(path(t == "T.min" ? "pl.min" : "pl.max", s),
                {lowerExpr(*c.args[0]), lowerExpr(*c.args[1])}, {}, s);
  }
  if (t == "T.cast" || t == "T.Cast") {
    // T.cast(x, dtype) / T.Cast(dtype, x); rounding and saturation options must name what
    // ptoc's conversion does (checkCastOptions).
    for (const auto& k : c.keywords)
      if (k.name != "round" && k.name != "rounding" && k.name != "sat" && k.name != "saturate" &&
          k.name != "dtype")
        fail(k.nameSpan, fmt::format("{} has no keyword '{}'", t, k.name),
             "the options are round= and sat=");
    const Expr* value = nullptr;
    const Expr* dt = nullptr;
    for (const auto& k : c.keywords)
      if (k.name == "dtype") dt = k.value.get();
    if (t == "T.cast") {
      if (c.args.empty()) fail(s, "T.cast takes (value, dtype)", "write T.cast(x, \"float32\")");
      value = c.args[0].get();
      if (c.args.size() > 1) dt = c.args[1].get();
    } else {
      if (c.args.size() != 2)
        fail(s, "T.Cast takes (dtype, value)", "write T.Cast(\"float32\", x)");
      dt = c.args[0].get();
      value = c.args[1].get();
    }
    if (!dt) fail(s, fmt::format("{} needs a dtype", t), "write T.cast(x, \"float32\")");
    checkCastOptions(c, dtypeOf(*dt));
    return call(path("pl.cast", s), {lowerExpr(*value), dtypeExpr(dtypeOf(*dt), dt->span)}, {}, s);
  }
  if (t == "T.infinity" || t == "T.ninf") {
    args(1, "T.infinity(\"float32\")");
    ir::DType d = dtypeOf(*c.args[0]);
    if (!ir::isFloat(d))
      fail(c.args[0]->span, fmt::format("{} needs a float dtype", t),
           "e.g. T.infinity(\"float32\")");
    auto* inf = make<StrLit>(s);
    inf->value = t == "T.infinity" ? "inf" : "-inf";
    return call(path("pl.const", s), {inf, dtypeExpr(d, s)}, {}, s);
  }
  if (auto d = tryDType(*c.func)) {
    // A typed literal T.float32(x) (or a conversion T.int32(expr)).
    args(1, fmt::format("T.{}(value)", ir::dtypeLongName(*d)).c_str());
    noKeywords("T.float32(value)");
    const Expr& v = *c.args[0];
    auto k = evalConst(v);
    if (k && k->kind <= Const::Float) {
      if (ir::isFloat(*d) && (k->kind == Const::Float ? std::isinf(k->f) : false)) {
        auto* inf = make<StrLit>(s);
        inf->value = k->f > 0 ? "inf" : "-inf";
        return call(path("pl.const", s), {inf, dtypeExpr(*d, s)}, {}, s);
      }
      Const lit = *k;
      if (ir::isFloat(*d) && lit.kind != Const::Float) {
        lit.kind = Const::Float;
        lit.f = double(lit.i);
      }
      if (!ir::isFloat(*d) && lit.kind == Const::Float) {
        lit.kind = Const::Int;
        lit.i = static_cast<int64_t>(lit.f);
      }
      if (lit.kind == Const::Bool) lit.kind = Const::Int;
      return call(path("pl.const", s), {constExpr(lit, v.span), dtypeExpr(*d, s)}, {}, s);
    }
    return call(path("pl.cast", s), {lowerExpr(v), dtypeExpr(*d, s)}, {}, s);
  }
  if (t.rfind("T.vmi.", 0) == 0) return lowerVmiCall(c, t.substr(6));
  unsupported(c, t);
}

ExprPtr TLowering::lowerVmiCall(const CallExpr& c, std::string_view op) {
  // Hand-written VMI: T.vmi.X(...) is pl.vmi.X(...); a buffer element operand of vload /
  // vstore (`a[0]`, `b[i, j]`) is the buffer and its flat element offset.
  Span s = c.span;
  size_t elementArg = op == "vload" ? 0 : op == "vstore" ? 1 : SIZE_MAX;
  std::vector<ExprPtr> args;
  for (size_t k = 0; k < c.args.size(); ++k) {
    const auto* sub = c.args[k]->as<SubscriptExpr>();
    const auto* buf = sub ? sub->value->as<NameExpr>() : nullptr;
    auto it = buf ? buffers_.find(buf->id) : buffers_.end();
    if (k != elementArg || it == buffers_.end()) {
      args.push_back(lowerExpr(*c.args[k]));
      continue;
    }
    if (it->second.gm)
      fail(sub->span,
           fmt::format("SIMD_VF block must not access GM directly (buffer `{}` has scope global); "
                       "stage through UB first",
                       buf->id));
    std::vector<const Expr*> dims;
    if (const auto* tup = sub->index->as<TupleExpr>(); tup && !tup->parenthesized)
      for (const auto& d : tup->elts) dims.push_back(d.get());
    else
      dims.push_back(sub->index.get());
    const auto& shape = it->second.shape;
    if (dims.size() != shape.size())
      fail(sub->index->span, fmt::format("'{}' has {} dimensions but {} indices are given", buf->id,
                                         shape.size(), dims.size()));
    bool saved = inIndex_;
    inIndex_ = true;
    ExprPtr flat;
    int64_t stride = 1;
    for (size_t d = dims.size(); d-- > 0;) {
      ExprPtr i = lowerExpr(*dims[d]);
      ExprPtr term = stride == 1 ? i : binop(BinOpKind::Mul, i, intLit(stride, s), s);
      flat = flat ? binop(BinOpKind::Add, term, flat, s) : term;
      stride *= shape[d];
    }
    inIndex_ = saved;
    args.push_back(name(buf->id, sub->value->span));
    args.push_back(flat);
  }
  std::vector<Keyword> kws;
  for (const auto& k : c.keywords) kws.push_back(kw(k.name, lowerExpr(*k.value), k.span));
  return call(path(keep(fmt::format("pl.vmi.{}", op)), s), std::move(args), std::move(kws), s);
}

}  // namespace ptoc::frontend
