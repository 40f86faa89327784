// `pl` binder, calls: registered ops (namespaced `pl.tile.add` and unified short
// forms `pl.add`), scalar helpers (pl.min / max / abs / cast / select / const),
// and calls of the program's functions (`self.f(...)` or `f(...)`).
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "PlBinder.h"
#include "TensorExtents.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/support/FlatStringMap.h"

namespace ptoc::frontend {

namespace {
/// Syntax-level names that are not ops and are only valid in one position.
constexpr std::string_view kPositional[] = {"range",           "parallel", "unroll",  "pipeline",
                                            "split_aiv",       "while_",   "yield_",  "cond",
                                            "func_attr",       "at",       "simd_vf", "split",
                                            "cross_core_slot", "store_if", "program", "function"};
constexpr std::string_view kTileArith[] = {"add", "sub", "mul", "div", "maximum", "minimum"};
/// The `pl.` paths bindCall treats before op resolution (bindScalarHelper's names).
constexpr std::string_view kScalarHelpers[] = {"min", "max", "abs", "cast", "select", "const"};

/// What bindCall must check for a `pl.` path before resolving it as an op.
enum class SpecialPath : uint8_t { None, Positional, ScalarHelper, Dynamic, Submit };

/// One hash probe instead of a chain of string comparisons per call.
SpecialPath specialPath(std::string_view path) {
  static const FlatStringMap<SpecialPath> table = [] {
    FlatStringMap<SpecialPath> t;
    for (std::string_view p : kPositional) t.insertOrAssign(p, SpecialPath::Positional);
    for (std::string_view p : kScalarHelpers) t.insertOrAssign(p, SpecialPath::ScalarHelper);
    t.insertOrAssign("dynamic", SpecialPath::Dynamic);
    t.insertOrAssign("submit", SpecialPath::Submit);
    t.insertOrAssign("spmd_submit", SpecialPath::Submit);
    return t;
  }();
  const SpecialPath* k = table.find(path);
  return k ? *k : SpecialPath::None;
}
}  // namespace

PlBinder::PlBinder(const SourceManager& sm, DiagnosticEngine& diag)
    : sm_(sm),
      diag_(diag),
      ops_(OpRegistry::instance()),
      tileCast_(ops_.find("tile.cast")),
      tensorCast_(ops_.find("tensor.cast")),
      dumpTag_(ops_.find("tensor.dump_tag")) {
  for (std::string_view n : kTileArith) {
    std::string op = "tile." + std::string(n);
    tileArith_.push_back({n, ops_.find(op), ops_.find(op + "s")});
  }
}

const PlBinder::Signature* PlBinder::functionCallee(const Expr& func) const {
  std::string_view name;
  if (const auto* a = func.as<AttributeExpr>()) {
    const auto* base = a->value->as<NameExpr>();
    if (!base || base->id != "self") return nullptr;
    name = a->attr;
  } else if (const auto* n = func.as<NameExpr>()) {
    name = n->id;
  } else {
    return nullptr;
  }
  auto it = signatureIndex_.find(name);
  return it == signatureIndex_.end() ? nullptr : &signatures_[it->second];
}

/// PyPTO's short names that are not `tile.NAME` / `tensor.NAME`.
static std::string_view shortFormAlias(std::string_view path) {
  if (path == "create_tensor") return "tensor.create";
  if (path == "create_tile") return "tile.create";
  if (path == "tile.arange") return "tile.ci";
  if (path == "tensor.arange" || path == "arange") return "tensor.ci";
  return {};
}

static bool hasKeyword(const CallExpr& e, std::string_view name) {
  for (const auto& kw : e.keywords)
    if (kw.name == name) return true;
  return false;
}

/// PyPTO's Python wrappers that pick one of several ops by their arguments: gather / scatter
/// with mask_pattern= are the mask forms, mrgsort with block_len= (or one list) format1,
/// else format2. `path` is without `pl.`; returns the op's base name or empty.
static std::string overloadedOp(const CallExpr& e, std::string_view path) {
  std::string_view ns, base = path;
  if (auto dot = path.find('.'); dot != std::string_view::npos) {
    ns = path.substr(0, dot + 1);
    base = path.substr(dot + 1);
  }
  if ((base == "gather" || base == "scatter") && hasKeyword(e, "mask_pattern"))
    return std::string(ns) + std::string(base) + "_mask";
  if (base == "mrgsort")
    return std::string(ns) + (hasKeyword(e, "block_len") || e.args.size() == 1 ? "mrgsort_format1"
                                                                               : "mrgsort_format2");
  return {};
}

/// A conversion's rounding mode given as PyPTO's integer code: its name.
static ir::AttrValue castModeName(ir::AttrValue v) {
  static constexpr std::string_view kNames[] = {"none", "rint",  "round", "floor",
                                                "ceil", "trunc", "odd"};
  if (const auto* i = std::get_if<int64_t>(&v); i && *i >= 0 && *i < 7)
    return std::string(kNames[*i]);
  return v;
}

bool PlBinder::firstArgIsTensor(const CallExpr& e) {
  const Expr* first = !e.args.empty() ? e.args[0].get() : nullptr;
  if (!first)
    for (const auto& kw : e.keywords)
      if (kw.name == "input" || kw.name == "lhs" || kw.name == "tensor") first = kw.value.get();
  if (!first || first->is<ListExpr>() || first->is<IntLit>() || first->is<FloatLit>()) return false;
  if (const auto* n = first->as<NameExpr>()) {
    ir::VarPtr v = lookup(n->id);
    return v && v->type->isa<ir::TensorType>();
  }
  return bindExpr(*first)->type->isa<ir::TensorType>();
}

const OpDef* PlBinder::resolveOp(const CallExpr& e, std::string_view path, bool& isTileArith) {
  isTileArith = false;
  if (std::string_view alias = shortFormAlias(path); !alias.empty()) return ops_.find(alias);
  if (std::string over = overloadedOp(e, path); !over.empty() && over != path)
    return resolveOp(e, over, isTileArith);
  if (path.find('.') != std::string_view::npos) {
    // pl.tensor.and_ / pl.tile.or_: PyPTO's Python spelling of the keyword-named ops.
    if (!path.empty() && path.back() == '_' && !ops_.find(path))
      return ops_.find(path.substr(0, path.size() - 1));
    const OpDef* op = ops_.find(path);
    // pl.tensor.add(t, s) / pl.tile.mul(t, s) with a scalar s: PyPTO canonicalizes to the
    // op's scalar form (tensor.adds, tile.muls) where the registry has one.
    if (op && e.args.size() >= 2 && op->args.size() >= 2 &&
        (op->args[1].kind == ArgKind::Tensor || op->args[1].kind == ArgKind::Tile))
      if (const OpDef* s = ops_.find(std::string(path) + "s");
          s && s->args.size() >= 2 && s->args[1].kind == ArgKind::Scalar &&
          bindExpr(*e.args[1])->type->isa<ir::ScalarType>())
        return s;
    return op;
  }
  // A short form on a tensor operand is the tensor op: pl.add(a, b) with tensors a, b is
  // tensor.add (tensor.adds for a scalar b), pl.exp(t) tensor.exp.
  if (firstArgIsTensor(e)) {
    std::string base(path);
    if (!base.empty() && base.back() == '_') base.pop_back();
    if (base == "max" || base == "min") base += "imum";
    const OpDef* op = ops_.find("tensor." + base);
    if (op && e.args.size() >= 2 && op->args.size() >= 2 && op->args[1].kind == ArgKind::Tensor) {
      // rhs a scalar: the tensor/scalar form, when there is one.
      if (!bindExpr(*e.args[1])->type->isa<ir::TensorType>())
        if (const OpDef* s = ops_.find("tensor." + base + "s")) op = s;
    }
    if (op) return op;
  }
  for (const TileArithOps& arith : tileArith_) {
    if (arith.name != path) continue;
    isTileArith = true;
    // pl.add(a, b): tile.add, or tile.adds when b is a scalar.
    bool scalarRhs = false;
    if (e.args.size() >= 2) {
      const Expr& rhs = *e.args[1];
      if (rhs.is<IntLit>() || rhs.is<FloatLit>() || rhs.is<UnaryOpExpr>())
        scalarRhs = true;
      else if (const auto* n = rhs.as<NameExpr>()) {
        const ir::VarPtr* v = names_.find(n->id);
        scalarRhs = v ? (*v)->type->isa<ir::ScalarType>() : evalConst(rhs).has_value();
      }
      if (!scalarRhs && !rhs.is<NameExpr>()) {
        // A computed operand: bind it once to learn its kind (binding has no side effects).
        ir::ExprPtr probe = bindExpr(rhs);
        scalarRhs = probe->type->isa<ir::ScalarType>();
      }
    }
    return scalarRhs ? arith.scalarRhs : arith.tileRhs;
  }
  for (std::string_view ns : {"tile.", "system.", "tensor."}) {
    std::string full(ns);
    full += path;
    if (!full.empty() && full.back() == '_' && !ops_.find(full)) full.pop_back();
    if (const OpDef* op = ops_.find(full)) return op;
  }
  return nullptr;
}

ir::ExprPtr PlBinder::bindConst(const CallExpr& e) {
  if (e.args.size() != 2 || !e.keywords.empty())
    fail(e.span, "pl.const expects (value, dtype), e.g. pl.const(5, pl.INT32)",
         "write the value first and the dtype second, e.g. pl.const(0.5, pl.FP32)");
  ir::DType dt = bindDType(*e.args[1]);
  const Expr& v = *e.args[0];
  if (const auto* s = v.as<StrLit>()) {
    double d;
    if (s->value == "inf")
      d = std::numeric_limits<double>::infinity();
    else if (s->value == "-inf")
      d = -std::numeric_limits<double>::infinity();
    else if (s->value == "nan")
      d = std::numeric_limits<double>::quiet_NaN();
    else
      fail(v.span, "pl.const string values are \"inf\", \"-inf\" and \"nan\"",
           "e.g. pl.const(\"-inf\", pl.FP32); write numbers as literals");
    if (!ir::isFloat(dt))
      fail(e.args[1]->span, "infinities and NaN need a float dtype",
           "use pl.FP32, pl.FP16 or pl.BF16");
    return ir::constFloat(d, dt, e.span);
  }
  if (const auto* b = v.as<BoolLit>()) {
    if (dt != ir::DType::Bool)
      fail(e.args[1]->span, "a boolean constant has dtype pl.BOOL",
           "write pl.const(True, pl.BOOL), or a number for a numeric dtype");
    return ir::constBool(b->value, e.span);
  }
  ir::ExprPtr c = bindExpr(v, ir::ScalarType::get(dt));
  if (!c->isa<ir::ConstInt>() && !c->isa<ir::ConstFloat>())
    fail(v.span, "pl.const expects a number literal",
         "write e.g. pl.const(1, pl.INT32); for a runtime value use pl.cast(x, pl.INT32)");
  if (const auto* ci = c->as<ir::ConstInt>(); ci && ci->dtype() != dt)
    fail(v.span, fmt::format("an integer literal cannot have dtype pl.{}", ir::dtypeName(dt)),
         "write a float literal (1.0) or an integer dtype");
  if (const auto* cf = c->as<ir::ConstFloat>(); cf && cf->dtype() != dt)
    fail(v.span, fmt::format("a float literal cannot have dtype pl.{}", ir::dtypeName(dt)),
         "use a float dtype");
  if (const auto* ci = c->as<ir::ConstInt>()) {
    // Range check against the dtype.
    unsigned bits = ir::dtypeBits(dt);
    if (bits < 64) {
      int64_t lo = ir::isSignedInteger(dt) ? -(int64_t{1} << (bits - 1)) : 0;
      int64_t hi =
          ir::isSignedInteger(dt) ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
      if (ci->value < lo || ci->value > hi)
        fail(v.span, fmt::format("{} does not fit in pl.{}", ci->value, ir::dtypeName(dt)),
             fmt::format("use a value in the range of pl.{} or a wider dtype", ir::dtypeName(dt)));
    } else if (!ir::isSignedInteger(dt) && ci->value < 0) {
      fail(v.span, fmt::format("{} does not fit in pl.{}", ci->value, ir::dtypeName(dt)),
           fmt::format("use a value in the range of pl.{} or a wider dtype", ir::dtypeName(dt)));
    }
  }
  return c;
}

ir::ExprPtr PlBinder::bindScalarHelper(std::string_view name, const CallExpr& e, bool& handled) {
  handled = false;
  auto needArgs = [&](size_t n, const char* form) {
    if (e.args.size() != n || !e.keywords.empty())
      fail(e.span, fmt::format("pl.{} expects {}", name, form),
           fmt::format("e.g. pl.{}{}", name, form));
  };
  auto firstIsScalar = [&]() {
    if (e.args.empty()) return false;
    ir::ExprPtr probe = bindExpr(*e.args[0]);
    return probe->type->isa<ir::ScalarType>();
  };
  if (name == "min" || name == "max") {
    if (e.args.size() == 2 && e.keywords.empty() && firstIsScalar()) {
      handled = true;
      ir::ExprPtr a = bindExpr(*e.args[0]);
      ir::ExprPtr b = bindExpr(*e.args[1]);
      return makeScalarBinary(name == "min" ? ir::BinaryOp::Min : ir::BinaryOp::Max, *e.args[0],
                              *e.args[1], a, b, e.span);
    }
    return nullptr;
  }
  if (name == "abs") {
    if (e.args.size() == 1 && e.keywords.empty() && firstIsScalar()) {
      handled = true;
      ir::ExprPtr a = bindExpr(*e.args[0]);
      if (a->type->as<ir::ScalarType>()->dtype == ir::DType::Bool)
        fail(e.span, "pl.abs needs a number",
             "pl.abs takes an integer or float scalar (or a tile)");
      return ir::unary(ir::UnaryOp::Abs, a, e.span);
    }
    return nullptr;
  }
  if (name == "cast") {
    if (!e.args.empty() && firstIsScalar()) {
      handled = true;
      // The dtype by keyword, as PyPTO allows: pl.cast(x, target_type=pl.INDEX) (or dtype=).
      if (e.args.size() == 1 && e.keywords.size() == 1 &&
          (e.keywords[0].name == "target_type" || e.keywords[0].name == "dtype"))
        return ir::cast(bindExpr(*e.args[0]), bindDType(*e.keywords[0].value), e.span);
      needArgs(2, "(value, dtype)");
      ir::ExprPtr a = bindExpr(*e.args[0]);
      return ir::cast(a, bindDType(*e.args[1]), e.span);
    }
    return nullptr;
  }
  if (name == "select") {
    handled = true;
    needArgs(3, "(condition, true_value, false_value)");
    ir::ExprPtr c = bindExpr(*e.args[0]);
    const auto* ct = c->type->as<ir::ScalarType>();
    if (!ct || ct->dtype != ir::DType::Bool)
      fail(e.args[0]->span, "pl.select needs a BOOL condition",
           "compare to get one, e.g. pl.select(x > 0, a, b)");
    // A literal value takes the other value's type; two literals take the type the context
    // expects (`a[i] + pl.select(flag, 1, 0)` with an INT32 `a`).
    ir::TypePtr expected = callExpected_;
    ir::ExprPtr a, b;
    if (isLiteralLike(*e.args[1]) && !isLiteralLike(*e.args[2])) {
      b = bindExpr(*e.args[2]);
      a = bindExpr(*e.args[1], b->type);
    } else {
      a = bindExpr(*e.args[1], expected);
      b = bindExpr(*e.args[2], a->type);
    }
    if (!a->type->isa<ir::ScalarType>() || !ir::structuralEqual(*a->type, *b->type))
      fail(e.span,
           fmt::format("pl.select needs two scalars of one type, got {} and {}",
                       ir::typeToString(*a->type), ir::typeToString(*b->type)),
           "cast one value: pl.select(c, a, pl.cast(b, <dtype of a>))");
    return ir::select(c, a, b, e.span);
  }
  if (name == "const") {
    handled = true;
    return bindConst(e);
  }
  return nullptr;
}

ir::ExprPtr PlBinder::bindCall(const CallExpr& e, const BoundAnnotation* annotation) {
  if (const FunctionDef* def = inlineCallee(*e.func)) {
    ir::ExprPtr v = expandInline(*def, e);
    if (!v)
      fail(e.span, fmt::format("@pl.inline function '{}' returns no value", def->name),
           "call it as a statement of its own");
    return v;
  }
  if (const Signature* sig = functionCallee(*e.func)) {
    // In a class program a bare `f(x)` names a Python-level function, never the method `f`
    // (PyPTO reports the clash).
    if (isClassProgram_ && e.func->is<NameExpr>() && !sig->moduleLevel)
      fail(e.func->span,
           fmt::format("'{}' is a function of the program: a bare call names an external "
                       "function of the same name, which clashes with it",
                       sig->name),
           fmt::format("call the program's function as self.{}(...)", sig->name));
    return bindFunctionCall(*sig, e);
  }
  if (chainRootedAt(*e.func, "pld")) {
    std::string name = dottedName(*e.func);
    return bindPldCall(e, std::string_view(name).substr(4), annotation);
  }
  auto path = plPath(*e.func);
  SpecialPath special = path ? specialPath(*path) : SpecialPath::None;
  // `pl.dynamic("M")` as a value (an entry of a module-level list written where a list goes):
  // the run-time extent of that dimension, as the name M would be.
  if (special == SpecialPath::Dynamic && e.args.size() == 1 && e.keywords.empty())
    if (const auto* name = e.args[0]->as<StrLit>(); name && !name->value.empty())
      return ir::dynamicDimVar(name->value);
  if (special == SpecialPath::Submit) return bindSubmit(e, *path == "spmd_submit");
  // pl.FP32.get_byte(): the element size in bytes (window buffer sizes).
  if (path && path->ends_with(".get_byte") && e.args.empty() && e.keywords.empty())
    if (auto d = ir::dtypeFromName(path->substr(0, path->size() - 9)))
      return ir::constInt((ir::dtypeBits(*d) + 7) / 8, ir::DType::Index, e.span);
  if (!path) {
    std::string name = dottedName(*e.func);
    if (const auto* a = e.func->as<AttributeExpr>();
        a && a->value->is<NameExpr>() && a->value->as<NameExpr>()->id == "self")
      fail(e.func->span, fmt::format("the program has no function '{}'", a->attr),
           "define it with @pl.function in the same @pl.program class");
    fail(e.func->span, fmt::format("unknown function '{}'", name.empty() ? "expression" : name),
         "ops are called as pl.tile.NAME(...), pl.system.NAME(...), pl.vmi.NAME(...) or "
         "pl.NAME(...)");
  }
  if (special == SpecialPath::Positional)
    fail(e.func->span, fmt::format("pl.{} cannot be used here", *path),
         *path == "yield_" ? "write `x = pl.yield_(...)` as the last statement of a loop or if body"
                           : "see the DSL reference (docs/dsl.md) for where it is allowed");
  if (special == SpecialPath::ScalarHelper) {
    bool handled = false;
    if (ir::ExprPtr r = bindScalarHelper(*path, e, handled); handled) return r;
  }
  bool tileArith = false;
  const OpDef* op = resolveOp(e, *path, tileArith);
  if (!op && (*path == "cast" || *path == "abs")) op = ops_.find("tile." + *path);
  if (op && (op == tileCast_ || op == tensorCast_) && e.args.size() == 2) {
    // pl.cast(tile, pl.FP16): the dtype is tile.cast's `dtype` keyword.
    ir::ExprPtr src = bindExpr(*e.args[0]);
    ir::AttrList kwargs{{"dtype", bindDType(*e.args[1])}};
    for (const auto& kw : e.keywords)
      if (kw.name == "mode")
        kwargs.emplace_back("mode", castModeName(bindAttrValue(*kw.value)));
      else
        fail(kw.nameSpan, fmt::format("pl.cast(tile, dtype) has no keyword argument '{}'", kw.name),
             "write pl.cast(t, pl.FP16)");
    return createOpCall(*op, {src}, kwargs, e.span, diag_, {e.args[0]->span}, {e.args[1]->span});
  }
  if (!op && (*path == "min" || *path == "max"))
    op = ops_.find(*path == "min" ? "tile.minimum" : "tile.maximum");
  if (!op) {
    std::string hint;
    std::string shortName =
        path->substr(path->rfind('.') == std::string::npos ? 0 : path->rfind('.') + 1);
    for (const OpDef* d : ops_.all()) {
      if (d->name.substr(d->name.find('.') + 1) == shortName) {
        hint = fmt::format("did you mean pl.{}?", d->name);
        break;
      }
    }
    if (hint.empty()) {
      bool qualified = path->find('.') != std::string::npos;
      std::vector<std::string> candidates;
      for (const OpDef* d : ops_.all())
        candidates.push_back(qualified ? d->name : d->name.substr(d->name.find('.') + 1));
      std::string best = closestName(*path, candidates);
      if (!best.empty()) {
        for (const OpDef* d : ops_.all())
          if (d->name == best || d->name.substr(d->name.find('.') + 1) == best) best = d->name;
        hint = fmt::format("did you mean pl.{}?", best);
      } else {
        hint = "`ptoc ops` lists every op";
      }
    }
    fail(e.func->span, fmt::format("unknown op 'pl.{}'", *path), hint);
  }
  if (op == dumpTag_ && current_ && current_->type != ir::FunctionType::Orchestration &&
      current_->type != ir::FunctionType::Inline)
    fail(e.span,
         fmt::format("pl.dump_tag marks the tensors an orchestration dumps; '{}' is not an "
                     "Orchestration or Inline function",
                     current_->name),
         "move pl.dump_tag(...) into the orchestration function that launches the kernel");
  return bindOpCall(*op, e, annotation);
}

ir::ExprPtr PlBinder::bindOpCall(const OpDef& op, const CallExpr& e,
                                 const BoundAnnotation* annotation, size_t skipArgs) {
  std::vector<ir::ExprPtr> args;
  std::vector<Span> argSpans;
  // PyPTO lets every parameter be passed by keyword (`offsets=[0, 0]`, `value=0.0`): a keyword
  // naming a positional argument of the op takes that argument's place.
  // Attribute arguments: the keywords that are not positional arguments of the op, and the
  // dtypes / memory spaces passed positionally (`pl.array.create(4, pl.TASK_ID)`,
  // `pl.tile.alloc(pl.Mem.Vec, 1024)`), which fill the op's first keyword of their kind.
  struct AttrArg {
    std::string_view name;
    const Expr* value;
    Span nameSpan, span;
  };
  std::vector<AttrArg> attrKeywords;
  std::vector<const Expr*> positional;
  positional.reserve(std::max(e.args.size(), op.args.size()));
  const Keyword* callAttrs = nullptr;
  const Keyword* popShape = nullptr;
  const Keyword* popDType = nullptr;
  for (size_t i = skipArgs; i < e.args.size(); ++i) {
    const Expr& a = *e.args[i];
    const Expr* aliased = moduleAlias(a) ? moduleAlias(a) : &a;
    auto path = plPath(*aliased);
    std::optional<AttrKind> kind;
    const auto* neg = aliased->as<UnaryOpExpr>();
    bool inf = isDottedName(*aliased, "math.inf") ||
               (neg && neg->op == UnaryOpKind::Neg && isDottedName(*neg->operand, "math.inf"));
    if (path && ir::dtypeFromName(*path))
      kind = AttrKind::DType;
    else if (path && (path->starts_with("Mem.") || path->starts_with("MemorySpace.")))
      kind = AttrKind::MemorySpace;
    else if ((path && path->starts_with("PadValue.")) || inf ||
             ((aliased->is<IntLit>() || aliased->is<FloatLit>()) &&
              positional.size() >= op.args.size()))
      kind = AttrKind::PadValue;  // PyPTO's pad_value by position: pl.fillpad(t, pl.PadValue.max)
    const KwargSpec* target = nullptr;
    if (kind)
      for (const KwargSpec& k : op.kwargs)
        if (k.kind == *kind && !hasKeyword(e, k.name) && !target) {
          bool taken = false;
          for (const AttrArg& x : attrKeywords) taken = taken || x.name == k.name;
          if (!taken) target = &k;
        }
    if (target)
      attrKeywords.push_back({target->name, &a, a.span, a.span});
    else
      positional.push_back(&a);
  }
  {
    // The arguments given by keyword, by position (allocated only when there are keywords).
    std::vector<const Keyword*> byIndex;
    if (!e.keywords.empty()) byIndex.assign(op.args.size(), nullptr);
    auto keywordAt = [&](size_t k) { return byIndex.empty() ? nullptr : byIndex[k]; };
    for (const auto& kw : e.keywords) {
      std::string_view name = kw.name;
      if (name == "attrs" && !op.findKwarg(name)) {
        callAttrs = &kw;  // PyPTO's call-site attributes
        continue;
      }
      if (op.typeFromAnnotation && (name == "shape" || name == "dtype") && !op.findKwarg(name)) {
        // pl.tpop_from_aic(shape=[16, 16], dtype=pl.FP32): the result type, written on the
        // call instead of (or as well as) the annotation.
        (name == "shape" ? popShape : popDType) = &kw;
        continue;
      }
      if (name == "valid_shapes") name = "valid_shape";
      size_t idx = op.args.size();
      if (!op.findKwarg(kw.name))
        for (size_t k = 0; k < op.args.size(); ++k)
          if (op.args[k].name == name) idx = k;
      if (idx == op.args.size()) {
        attrKeywords.push_back({kw.name, kw.value.get(), kw.nameSpan, kw.span});
        continue;
      }
      if (idx < positional.size() || byIndex[idx])
        fail(kw.nameSpan, fmt::format("argument '{}' of {} is given twice", kw.name, op.name),
             "pass it either by position or by keyword");
      byIndex[idx] = &kw;
    }
    // The last argument given: arguments left out before it take PyPTO's default (an
    // argument without one is an error); trailing ones left out are checked by the op.
    size_t given = positional.size();
    for (size_t k = positional.size(); k < op.args.size(); ++k)
      if (keywordAt(k)) given = k + 1;
    for (size_t k = positional.size(); k < op.args.size(); ++k) {
      if (!keywordAt(k) && op.args[k].defaultInt && k < std::max(given, op.minArgs())) {
        positional.push_back(nullptr);  // the default
        continue;
      }
      if (!keywordAt(k)) {
        for (size_t j = k + 1; j < byIndex.size(); ++j)
          if (byIndex[j])
            fail(byIndex[j]->nameSpan,
                 fmt::format("{} is given '{}' but not '{}' before it", op.name, op.args[j].name,
                             op.args[k].name),
                 fmt::format("pass '{}' too (by position or keyword)", op.args[k].name));
        break;
      }
      positional.push_back(byIndex[k]->value.get());
    }
  }
  args.reserve(positional.size());
  argSpans.reserve(positional.size());
  ir::TypePtr literalType;  // bare scalar literals take the element dtype of the first operand
  for (size_t i = 0; i < positional.size(); ++i) {
    if (!positional[i]) {
      args.push_back(
          std::make_shared<ir::ConstInt>(*op.args[i].defaultInt, ir::DType::Index, e.span));
      argSpans.push_back(e.span);
      continue;
    }
    const Expr& a = *positional[i];
    ir::TypePtr expected;
    size_t specIndex = i;
    bool wantsInt = specIndex < op.args.size() && (op.args[specIndex].kind == ArgKind::IntScalar ||
                                                   op.args[specIndex].kind == ArgKind::IntList);
    if (wantsInt)
      expected = ir::ScalarType::get(ir::DType::Index);
    else if (literalType)
      expected = literalType;
    bool anyList = specIndex < op.args.size() && op.args[specIndex].kind == ArgKind::Any &&
                   listValue(a).is<ListExpr>();
    args.push_back(anyList ? bindAnyList(a) : bindExpr(a, expected));
    // PyPTO's read / write take a bare index for a 1-D access: `indices` given as one integer
    // is the one-element list.
    if (specIndex < op.args.size() && op.args[specIndex].kind == ArgKind::IntList &&
        op.args[specIndex].name == "indices" && args.back()->type->isa<ir::ScalarType>() &&
        ir::isInteger(args.back()->type->as<ir::ScalarType>()->dtype))
      args.back() = ir::makeTuple({args.back()}, a.span);
    argSpans.push_back(a.span);
    if (!literalType && (!op.literalDTypeArg || *op.literalDTypeArg == i)) {
      if (auto dt = ir::elementDType(*args.back()->type);
          dt && !args.back()->type->isa<ir::ScalarType>())
        literalType = ir::ScalarType::get(*dt);
    }
  }
  ir::AttrList kwargs;
  std::vector<Span> kwargSpans;
  for (const AttrArg& kw : attrKeywords) {
    // PyPTO's spelling of a keyword ptoc names otherwise.
    std::string name(kw.name);
    if (name == "target_type" && !op.findKwarg(name) && op.findKwarg("dtype")) name = "dtype";
    if (ir::findAttr(kwargs, name))
      fail(kw.nameSpan, fmt::format("keyword argument '{}' is given twice", kw.name),
           "remove one of them");
    ir::AttrValue v;
    if (name == "dtype" || name == "to_dtype" || name == "target_type") {
      v = bindDType(*kw.value);
    } else {
      v = bindAttrValue(*kw.value);
    }
    if (name == "mode" && op.name.ends_with(".cast")) v = castModeName(v);
    kwargs.emplace_back(std::move(name), std::move(v));
    kwargSpans.push_back(kw.span);
  }
  if (callAttrs)
    for (auto& a : bindCallAttrs(*callAttrs, op.name, args.size(), false)) {
      kwargs.push_back(std::move(a));
      kwargSpans.push_back(callAttrs->span);
    }
  // Inside a pl.split_aiv region, pl.aiv_shard(x) / pl.aic_gather(x) take the region's mode.
  if (regionMode_ && (op.name == "tile.aiv_shard" || op.name == "tile.aic_gather") &&
      !ir::findAttr(kwargs, "split")) {
    kwargs.emplace_back("split", static_cast<int64_t>(*regionMode_));
    kwargSpans.push_back(e.span);
  }
  // A zero fill that starts an Acc accumulation (retypeFillIfAccumulated): bound in Acc.
  if (op.id == OpId::Full && !accFills_.empty() && accFills_.count(e.span.begin) &&
      !ir::findAttr(kwargs, "target_memory")) {
    kwargs.emplace_back("target_memory", ir::MemorySpace::Acc);
    kwargSpans.push_back(e.span);
  }
  ir::TypePtr annotated = annotation ? annotation->type : nullptr;
  if (popShape || popDType) {
    if (!popShape || !popDType)
      fail((popShape ? popShape : popDType)->span,
           fmt::format("{} takes the result type as shape= and dtype= together", op.name),
           fmt::format("write pl.{}(shape=[16, 16], dtype=pl.FP32, ...), or annotate the result",
                       op.name));
    ir::TypePtr written = ir::TileType::get(bindStaticShape(*popShape->value, "tile shape"),
                                            bindDType(*popDType->value), std::nullopt);
    if (!annotated) {
      annotated = written;
    } else {
      const auto* a = annotated->as<ir::TileType>();
      const auto* w = written->as<ir::TileType>();
      if (a && (a->shape != w->shape || a->dtype != w->dtype))
        fail(popShape->span,
             fmt::format("shape= and dtype= of {} give {}, but the annotation says {}", op.name,
                         ir::typeToString(*written), ir::typeToString(*annotated)),
             "make them agree, or drop shape= / dtype=");
    }
  }
  if (ir::TypePtr launched = kernelLaunchType(op, kwargs)) annotated = launched;
  return createOpCall(op, std::move(args), kwargs, e.span, diag_, argSpans, kwargSpans, annotated);
}

/// "self.f(a, b)" (a method of a class program) or "f(a, b)".
static std::string signatureTextOf(const std::string& name, const std::vector<ir::VarPtr>& params,
                                   bool inClass) {
  std::vector<std::string_view> names;
  for (const auto& p : params) names.push_back(p->name);
  return fmt::format("{}{}({})", inClass ? "self." : "", name, fmt::join(names, ", "));
}

ir::ExprPtr PlBinder::bindFunctionCall(const Signature& sig, const CallExpr& e) {
  if (hasKeyword(e, "device")) {
    bool isParam = false;
    for (const auto& p : sig.params) isParam = isParam || p->name == "device";
    if (!isParam) return bindDeviceCall(sig, e);
  }
  auto signatureText = [&](const Signature& s) {
    return signatureTextOf(s.name, s.params, isClassProgram_);
  };
  // Arguments by position, then by parameter name (`self.k(x, out=y)`); `attrs={...}` are
  // PyPTO's call-site attributes (unless the function has a parameter of that name).
  std::vector<const Expr*> given(e.args.size());
  for (size_t i = 0; i < e.args.size(); ++i) given[i] = e.args[i].get();
  const Keyword* callAttrs = nullptr;
  for (const auto& kw : e.keywords)
    if (kw.name == "attrs") {
      bool isParam = false;
      for (const auto& p : sig.params) isParam = isParam || p->name == "attrs";
      if (!isParam) callAttrs = &kw;
    }
  if (e.keywords.size() > (callAttrs ? 1u : 0u)) {
    given.resize(std::max(given.size(), sig.params.size()), nullptr);
    for (const auto& kw : e.keywords) {
      if (&kw == callAttrs) continue;
      size_t idx = sig.params.size();
      for (size_t k = 0; k < sig.params.size(); ++k)
        if (sig.params[k]->name == kw.name) idx = k;
      if (idx == sig.params.size())
        fail(kw.nameSpan, fmt::format("'{}' has no parameter '{}'", sig.name, kw.name),
             fmt::format("the signature is {}", signatureText(sig)));
      if (given[idx])
        fail(kw.nameSpan, fmt::format("argument '{}' of '{}' is given twice", kw.name, sig.name),
             "pass it either by position or by name");
      given[idx] = kw.value.get();
    }
    for (size_t k = 0; k < given.size(); ++k)
      if (!given[k])
        fail(e.span,
             fmt::format("'{}' is called without argument '{}'", sig.name, sig.params[k]->name),
             fmt::format("the signature is {}", signatureText(sig)));
  }
  if (given.size() != sig.params.size())
    fail(e.span,
         fmt::format("'{}' expects {} argument(s), got {}", sig.name, sig.params.size(),
                     given.size()),
         fmt::format("the signature is {}", signatureText(sig)));
  std::vector<ir::ExprPtr> args;
  ExtentBindings extents;  // the callee's symbolic extents at this call
  for (size_t i = 0; i < given.size(); ++i) {
    const Expr& argAst = *given[i];
    ir::ExprPtr a =
        convertIndexArgument(bindExpr(argAst, sig.params[i]->type), *sig.params[i]->type);
    ir::TypePtr want = substituteExtents(sig.params[i]->type, extents);
    if (sig.params[i]->type->isa<ir::ScalarType>()) extents.emplace(sig.params[i].get(), a);
    if (!extentsFit(*a->type, *want, extents))
      fail(argAst.span,
           fmt::format("argument {} of '{}' has type {} but parameter '{}' has type {}", i + 1,
                       sig.name, ir::typeToString(*a->type), sig.params[i]->name,
                       ir::typeToString(*want)),
           conversionHint(
               *a->type, *want, exprText(argAst),
               fmt::format("pass a value of that type; the signature is {}", signatureText(sig))));
    args.push_back(a);
  }
  ir::TypePtr type;
  if (sig.returnTypes.empty())
    type = ir::UnknownType::get();
  else if (sig.returnTypes.size() == 1)
    type = sig.returnTypes[0];
  else
    type = ir::TupleType::get(sig.returnTypes);
  type = substituteExtents(type, extents);  // in the caller's terms
  ir::AttrList attrs;
  if (callAttrs) attrs = bindCallAttrs(*callAttrs, sig.name, args.size(), true);
  return std::make_shared<ir::Call>(sig.name, nullptr, std::move(args), std::move(attrs), type,
                                    e.span);
}

}  // namespace ptoc::frontend
