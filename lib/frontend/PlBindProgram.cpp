// `pl` binder, program level: the @pl.program class or top-level functions,
// @pl.function decorators, signatures (collected first so functions may call each
// other in any order), pl.func_attr prologues.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "PlBinder.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Printer.h"

namespace ptoc::frontend {

using ir::AttrValue;

void PlBinder::fail(Span span, const std::string& message, std::string hint) const {
  diag_.error(span, message, std::move(hint));
  throw CompileError();
}

namespace {

/// The root of an attribute chain `a.b.c` (the NameExpr `a`; `e` itself for a bare
/// name), or null when the chain is not rooted at a name. `dottedSize` receives
/// the length of the chain's dotted text.
const NameExpr* chainRoot(const Expr& e, size_t& dottedSize) {
  dottedSize = 0;
  const Expr* cur = &e;
  while (const auto* a = cur->as<AttributeExpr>()) {
    dottedSize += a->attr.size() + 1;
    cur = a->value.get();
  }
  const auto* root = cur->as<NameExpr>();
  if (root) dottedSize += root->id.size();
  return root;
}

/// The last `size` characters of the dotted text of the chain `e`, built in place.
std::string dottedSuffix(const Expr& e, size_t size) {
  std::string out(size, '.');
  size_t end = size;
  for (const Expr* cur = &e; end > 0;) {
    std::string_view part;
    if (const auto* a = cur->as<AttributeExpr>()) {
      part = a->attr;
      cur = a->value.get();
    } else {
      part = cur->cast<NameExpr>().id;
    }
    size_t n = std::min(part.size(), end);
    part.substr(part.size() - n).copy(out.data() + end - n, n);
    end -= n;
    if (end > 0) --end;  // the '.' before this part
  }
  return out;
}

}  // namespace

std::string dottedName(const Expr& e) {
  size_t size;
  return chainRoot(e, size) ? dottedSuffix(e, size) : std::string();
}

bool isPlPath(const Expr& e, std::string_view path) {
  // Match the chain against `path` from its last component to the root `pl`.
  const Expr* cur = &e;
  for (;;) {
    const auto* a = cur->as<AttributeExpr>();
    if (!a) return false;
    size_t dot = path.rfind('.');
    if (a->attr != (dot == std::string_view::npos ? path : path.substr(dot + 1))) return false;
    cur = a->value.get();
    if (dot == std::string_view::npos) break;
    path = path.substr(0, dot);
  }
  const auto* root = cur->as<NameExpr>();
  return root && root->id == "pl";
}

bool isDottedName(const Expr& e, std::string_view dotted) {
  // Match from the last component to the root, as isPlPath does.
  const Expr* cur = &e;
  while (const auto* a = cur->as<AttributeExpr>()) {
    size_t dot = dotted.rfind('.');
    if (dot == std::string_view::npos || a->attr != dotted.substr(dot + 1)) return false;
    dotted = dotted.substr(0, dot);
    cur = a->value.get();
  }
  const auto* root = cur->as<NameExpr>();
  return root && root->id == dotted;
}

bool chainRootedAt(const Expr& e, std::string_view root) {
  if (!e.is<AttributeExpr>()) return false;
  const Expr* cur = &e;
  while (const auto* a = cur->as<AttributeExpr>()) cur = a->value.get();
  const auto* n = cur->as<NameExpr>();
  return n && n->id == root;
}

std::optional<std::string> PlBinder::plPath(const Expr& e) const {
  size_t size;
  const NameExpr* root = chainRoot(e, size);
  if (!root || root->id != "pl" || !e.is<AttributeExpr>()) return std::nullopt;
  return dottedSuffix(e, size - 3);  // without the "pl."
}

/// Whether every path through `s` ends in a return (PyPTO's rule for the end of a function
/// with results): a return; a runtime scope whose body ends so (`with pl.scope(): ...
/// return out`); an if whose two branches do.
static bool endsInReturn(const ir::Stmt& s) {
  if (s.isa<ir::ReturnStmt>()) return true;
  auto last = [](const ir::StmtPtr& body) -> const ir::Stmt* {
    const ir::Stmt* b = body.get();
    while (b && b->isa<ir::SeqStmt>()) {
      const auto& v = b->as<ir::SeqStmt>()->stmts;
      b = v.empty() ? nullptr : v.back().get();
    }
    return b;
  };
  if (const auto* r = s.as<ir::RuntimeScopeStmt>()) {
    const ir::Stmt* l = last(r->body);
    return l && endsInReturn(*l);
  }
  if (const auto* i = s.as<ir::IfStmt>()) {
    const ir::Stmt* t = last(i->thenBody);
    const ir::Stmt* e = i->elseBody ? last(i->elseBody) : nullptr;
    return t && e && endsInReturn(*t) && endsInReturn(*e);
  }
  return false;
}

static const CallExpr* asCallTo(const Expr& e, std::string_view plName) {
  const auto* c = e.as<CallExpr>();
  return c && isPlPath(*c->func, plName) ? c : nullptr;
}

ir::ProgramPtr PlBinder::bindModule(const Module& module) {
  TopLevel top;
  bindTopLevel(module.body, top);
  for (const auto& [name, d] : defines_)
    if (!d.used)
      fail(d.span, fmt::format("--define '{}' names no builder parameter or module constant", name),
           "--define sets a parameter of the function around the @pl.program class, or a "
           "module-level NAME = value");
  std::vector<const FunctionDef*>& defs = top.defs;
  bool sawClass = top.sawClass;
  std::string programName = top.programName;
  Span programSpan = top.programSpan;
  if (defs.empty()) {
    Span where{module.fileId, 0, 0};
    fail(where, "the program has no functions",
         "define a @pl.program class with @pl.function methods, or top-level @pl.function's");
  }
  isClassProgram_ = sawClass;
  for (const FunctionDef* d : top.moduleDefs) {
    collectSignature(*d, false);
    signatures_.back().moduleLevel = true;
  }
  for (const FunctionDef* d : defs) collectSignature(*d, sawClass);
  // Functions without a `->` annotation first: their result types (inferred from their
  // returns) are then known at the calls in the others.
  std::vector<ir::FunctionPtr> functions(signatures_.size());
  for (bool inferred : {true, false})
    for (size_t i = 0; i < signatures_.size(); ++i)
      if (signatures_[i].inferReturns == inferred) functions[i] = bindFunctionBody(signatures_[i]);
  return std::make_shared<ir::Program>(programName, std::move(functions), sawClass, programSpan);
}

ir::FunctionType PlBinder::bindFunctionDecorator(const FunctionDef& def, ir::AttrList& attrs) {
  ir::FunctionType type = ir::FunctionType::Opaque;
  bool found = false;
  for (const auto& d : def.decorators) {
    const Expr* callee = d.get();
    const CallExpr* call = d->as<CallExpr>();
    if (call) callee = call->func.get();
    if (!isPlPath(*callee, "function"))
      fail(d->span, fmt::format("unknown decorator '{}'", dottedName(*callee)),
           "functions are decorated with @pl.function or @pl.function(type=pl.FunctionType.X)");
    if (found) fail(d->span, "duplicate @pl.function decorator", "keep one @pl.function(...)");
    found = true;
    if (!call) continue;
    if (!call->args.empty())
      fail(call->args[0]->span, "@pl.function takes keyword arguments only",
           "write @pl.function(type=pl.FunctionType.InCore)");
    for (const auto& kw : call->keywords) {
      if (kw.name == "type") {
        auto path = plPath(*kw.value);
        std::string member = path && path->rfind("FunctionType.", 0) == 0 ? path->substr(13) : "";
        auto t = ir::enumFromName<ir::FunctionType>(ir::functionTypeNames(), member);
        if (!t) {
          std::string expected;
          for (auto n : ir::functionTypeNames())
            expected += (expected.empty() ? "" : ", ") + std::string(n);
          fail(kw.value->span, fmt::format("unknown function type '{}'", dottedName(*kw.value)),
               fmt::format("expected pl.FunctionType.X with X one of: {}", expected));
        }
        type = *t;
      } else if (kw.name == "attrs") {
        for (auto& [k, v] : bindFuncAttrDict(*kw.value)) attrs = ir::withAttr(attrs, k, v);
      } else if (kw.name == "level" || kw.name == "role") {
        bool isLevel = kw.name == "level";
        std::string prefix = isLevel ? "Level." : "Role.";
        auto path = plPath(*kw.value);
        std::string member =
            path && path->rfind(prefix, 0) == 0 ? path->substr(prefix.size()) : std::string();
        std::span<const std::string_view> known =
            isLevel ? std::span<const std::string_view>(kLevelNames) : kRoleNames;
        if (std::find(known.begin(), known.end(), member) == known.end())
          fail(kw.value->span, fmt::format("unknown {} '{}'", kw.name, dottedName(*kw.value)),
               fmt::format("expected pl.{}X with X one of: {}", prefix, fmt::join(known, ", ")));
        attrs = ir::withAttr(attrs, isLevel ? ir::fnattr::kLevel : ir::fnattr::kRole, member);
      } else if (kw.name == "auto_scope") {
        // Only False is kept: the default (True) has the compiler place AUTO scopes, and a
        // hand-written `with pl.scope():` is then an error.
        const auto* b = kw.value->as<BoolLit>();
        if (!b) fail(kw.value->span, "auto_scope must be True or False", "write auto_scope=False");
        if (!b->value) attrs = ir::withAttr(attrs, ir::fnattr::kAutoScope, false);
      } else if (kw.name == "external_source") {
        // PyPTO's externally compiled kernels: the body is `...` (bindFunctionBody).
        const auto* path = kw.value->as<StrLit>();
        if (!path || path->value.empty())
          fail(kw.value->span,
               "external_source must be a non-empty string: the kernel's source file",
               "e.g. external_source=\"kernels/add.cpp\"");
        attrs = ir::withAttr(attrs, ir::fnattr::kExternalSource, path->value);
      } else if (kw.name == "strict_ssa") {
        const auto* b = kw.value->as<BoolLit>();
        if (!b) fail(kw.value->span, "strict_ssa must be True or False", "write strict_ssa=True");
        declStrictSsa_ = b->value;
      } else {
        fail(kw.nameSpan, fmt::format("@pl.function has no keyword argument '{}'", kw.name),
             "expected one of: type, level, role, attrs, auto_scope, external_source");
      }
    }
  }
  if (!found)
    fail(def.nameSpan, fmt::format("function '{}' is not decorated with @pl.function", def.name),
         "add @pl.function (or @pl.function(type=pl.FunctionType.InCore)) above the def");
  return type;
}

ir::AttrList PlBinder::bindFuncAttrDict(const Expr& e) {
  const auto* dict = e.as<DictExpr>();
  if (!dict)
    fail(e.span, "function attributes must be a dict literal {\"key\": value, ...}",
         "e.g. pl.func_attr({\"split\": pl.SplitMode.UP_DOWN})");
  ir::AttrList out;
  for (size_t i = 0; i < dict->keys.size(); ++i) {
    const auto* key = dict->keys[i]->as<StrLit>();
    if (!key)
      fail(dict->keys[i]->span, "function attribute keys must be string literals",
           "quote the key: {\"split\": ...}");
    const Expr& val = *dict->values[i];
    AttrValue v = bindAttrValue(val);
    const std::string& k = key->value;
    namespace fa = ir::fnattr;
    if (k == fa::kSplit) {
      if (auto* iv = std::get_if<int64_t>(&v); iv && *iv >= 0 && *iv <= 2)
        v = static_cast<ir::SplitMode>(*iv);
      if (!std::holds_alternative<ir::SplitMode>(v))
        fail(val.span, "function attribute \"split\" must be a pl.SplitMode",
             "e.g. {\"split\": pl.SplitMode.UP_DOWN}");
    } else if (k == fa::kSplitAiv || k == fa::kSplitAivRegionValidated ||
               k == fa::kDualAivDispatch || k == fa::kDeferredCompletionWaiter) {
      if (!std::holds_alternative<bool>(v))
        fail(val.span, fmt::format("function attribute \"{}\" must be True or False", k),
             fmt::format("e.g. {{\"{}\": True}}", k));
    } else if (k == fa::kAutoScope) {
      if (!std::holds_alternative<bool>(v))
        fail(val.span, "function attribute \"auto_scope\" must be True or False",
             "write it in the decorator: @pl.function(auto_scope=False)");
    } else if (k == fa::kLevel || k == fa::kRole) {
      if (!std::holds_alternative<std::string>(v))
        fail(val.span, fmt::format("function attribute \"{}\" must be a string", k),
             fmt::format("write it in the decorator: @pl.function({}=...)", k));
    } else if (k == fa::kExternalSource) {
      fail(key->span, "\"external_source\" is written in the decorator",
           "write @pl.function(type=pl.FunctionType.AIV, external_source=\"k.cpp\")");
    } else if (k == fa::kSlotNum) {
      auto* iv = std::get_if<int64_t>(&v);
      if (!iv || *iv <= 0)
        fail(val.span, "function attribute \"slot_num\" must be a positive integer",
             "e.g. {\"slot_num\": 2}");
    } else if (k == fa::kWindowize || k == fa::kSpmdUnwrapped) {
      if (!std::holds_alternative<bool>(v))
        fail(val.span, fmt::format("function attribute \"{}\" must be True or False", k),
             fmt::format("e.g. {{\"{}\": True}}", k));
    } else if (k == fa::kCoreNum) {
      auto* iv = std::get_if<int64_t>(&v);
      if (!iv || *iv <= 0)
        fail(val.span, "function attribute \"core_num\" must be a positive integer",
             "the block count of the SPMD function, e.g. {\"core_num\": 4}");
    } else if (!(val.is<BoolLit>() || val.is<IntLit>() || val.is<FloatLit>() || val.is<StrLit>()) ||
               !(std::holds_alternative<bool>(v) || std::holds_alternative<int64_t>(v) ||
                 std::holds_alternative<double>(v) || std::holds_alternative<std::string>(v))) {
      // PyPTO keeps any other key whose value is a literal; so does ptoc (no pass reads it).
      fail(
          val.span,
          fmt::format("the value of function attribute \"{}\" must be a literal (a bool, a "
                      "number or a string)",
                      k),
          fmt::format("the attributes ptoc knows are: {}", fmt::join(fa::kAllFunctionAttrs, ", ")));
    }
    if (ir::findAttr(out, k))
      fail(key->span, fmt::format("duplicate function attribute \"{}\"", k),
           "keep one entry per key");
    out.emplace_back(k, std::move(v));
  }
  return out;
}

namespace {
/// The names an annotation mentions (`M` in `pl.Tensor[[M, 64], pl.FP32]`), with their spans.
void namesIn(const Expr& e, std::vector<const NameExpr*>& out) {
  auto all = [&](const ExprList& l) {
    for (const auto& x : l) namesIn(*x, out);
  };
  if (const auto* n = e.as<NameExpr>())
    out.push_back(n);
  else if (const auto* a = e.as<AttributeExpr>())
    namesIn(*a->value, out);
  else if (const auto* s = e.as<SubscriptExpr>()) {
    namesIn(*s->value, out);
    namesIn(*s->index, out);
  } else if (const auto* c = e.as<CallExpr>()) {
    all(c->args);
    for (const auto& k : c->keywords) namesIn(*k.value, out);
  } else if (const auto* l = e.as<ListExpr>())
    all(l->elts);
  else if (const auto* t = e.as<TupleExpr>())
    all(t->elts);
  else if (const auto* b = e.as<BinOpExpr>()) {
    namesIn(*b->lhs, out);
    namesIn(*b->rhs, out);
  } else if (const auto* u = e.as<UnaryOpExpr>())
    namesIn(*u->operand, out);
}
}  // namespace

void PlBinder::collectSignature(const FunctionDef& def, bool inClass) {
  Signature sig;
  sig.def = &def;
  sig.name = std::string(def.name);
  if (signatureIndex_.count(sig.name))
    fail(def.nameSpan, fmt::format("function '{}' is defined twice", sig.name),
         "rename one of the functions");
  declStrictSsa_ = strictSsaProgram_;
  sig.type = bindFunctionDecorator(def, sig.attrs);
  sig.strictSsa = declStrictSsa_;
  names_.clear();
  size_t first = 0;
  if (!def.params.empty() && def.params[0].name == "self") {
    if (def.params[0].annotation)
      fail(def.params[0].span, "'self' must not be annotated", "write `def f(self, x: ...)`");
    first = 1;
  }
  (void)inClass;
  // pl.dynamic dims the annotations of earlier parameters read: a later parameter of the
  // same name would rebind a symbol they already used (PyPTO reports it).
  std::vector<const NameExpr*> dimsRead;
  for (size_t i = first; i < def.params.size(); ++i) {
    const Param& p = def.params[i];
    if (!p.annotation)
      fail(p.nameSpan, fmt::format("parameter '{}' needs a type annotation", p.name),
           "e.g. x: pl.Tensor[[16, 16], pl.FP32]");
    for (const NameExpr* d : dimsRead)
      if (d->id == p.name) {
        Diagnostic diag;
        diag.severity = Severity::Error;
        diag.span = p.nameSpan;
        diag.message = fmt::format(
            "parameter '{}' names the pl.dynamic dimension '{}' that the annotation of an "
            "earlier parameter already read",
            p.name, p.name);
        diag.notes.emplace_back(d->span, "the earlier parameter's annotation reads it here");
        diag.hint =
            fmt::format("move '{}' before the parameters whose types use it, or rename it", p.name);
        diag_.report(std::move(diag));
        throw CompileError();
      }
    std::vector<const NameExpr*> names;
    namesIn(*p.annotation, names);
    for (const NameExpr* n : names)
      if (isDynamicDim(*n)) dimsRead.push_back(n);
    if (p.defaultValue)
      fail(p.defaultValue->span, "parameters cannot have default values",
           "remove the default and pass the value at every call");
    if (lookup(p.name))
      fail(p.nameSpan, fmt::format("duplicate parameter '{}'", p.name),
           "rename one of the parameters");
    BoundAnnotation ann = bindAnnotation(*p.annotation, true);
    if (ann.type->isa<ir::UnknownType>() || ann.type->isa<ir::TupleType>())
      fail(p.annotation->span, "a parameter must be a tensor, tile or scalar",
           "e.g. x: pl.Tensor[[16, 16], pl.FP32] or n: pl.Scalar[pl.INDEX]");
    if (ann.direction != ir::ParamDirection::In && ann.type->isa<ir::ScalarType>())
      fail(p.annotation->span, "a scalar parameter cannot be pl.Out or pl.InOut",
           "return the scalar instead, or drop pl.Out / pl.InOut");
    auto v = std::make_shared<ir::Var>(std::string(p.name), ann.type, p.nameSpan);
    bindVar(v);
    sig.params.push_back(v);
    sig.directions.push_back(ann.direction);
  }
  sig.inferReturns = !def.returns;
  if (def.returns) {
    ir::TypePtr rt = bindType(*def.returns);
    if (const auto* tt = rt->as<ir::TupleType>())
      sig.returnTypes = tt->types;
    else if (!(def.returns->is<NoneLit>()))
      sig.returnTypes.push_back(rt);
  }
  signatureIndex_[sig.name] = signatures_.size();
  signatures_.push_back(std::move(sig));
}

ir::FunctionPtr PlBinder::bindFunctionBody(Signature& sig) {
  // Binding again starts from the state binding started from: the signature (func_attr
  // attributes, inferred results) and the binder's statement context, which the abandoned
  // attempt may have left anywhere (RetypeFillToAcc unwinds past their restores).
  const Signature before = sig;
  const auto region = regionMode_;
  const int incore = incoreDepth_, simd = simdDepth_, loop = loopDepth_, aiv = splitAivRegions_,
            spmd = spmdDepth_, manual = manualScopeDepth_, cluster = clusterDepth_;
  const std::string_view jump = jumpContext_, assignName = assignName_;
  const bool dynamicDims = dynamicDimsAsValues_;
  auto* const block = blockNames_;
  auto* const hoisted = hoisted_;
  const Expr *assignValue = assignValue_, *unpackValue = unpackValue_;
  const auto inlineStack = inlineStack_;
  const auto inlineParams = inlineParams_;
  const auto windows = windowBuffers_;
  const auto memRefs = memRefSlots_;
  const ir::TypePtr expected = callExpected_;
  for (;;) {
    try {
      softFills_.clear();
      return bindFunctionBodyOnce(sig);
    } catch (const RetypeFillToAcc& r) {
      PTOC_CHECK(accFills_.insert(r.at).second,
                 "binder: a fill retyped to Acc is retyped again (" + sig.name + ")");
      sig = before;
      regionMode_ = region;
      incoreDepth_ = incore, simdDepth_ = simd, loopDepth_ = loop, splitAivRegions_ = aiv;
      spmdDepth_ = spmd, manualScopeDepth_ = manual, clusterDepth_ = cluster;
      jumpContext_ = jump, assignName_ = assignName;
      dynamicDimsAsValues_ = dynamicDims;
      blockNames_ = block, hoisted_ = hoisted;
      assignValue_ = assignValue, unpackValue_ = unpackValue;
      inlineStack_ = inlineStack, inlineParams_ = inlineParams;
      windowBuffers_ = windows, memRefSlots_ = memRefs;
      callExpected_ = expected;
    }
  }
}

void PlBinder::retypeFillIfAccumulated(const ir::Var* start, const ir::Type& acc) {
  auto it = start ? softFills_.find(start) : softFills_.end();
  if (it == softFills_.end()) return;
  const auto* s = start->type ? start->type->as<ir::TileType>() : nullptr;
  const auto* a = acc.as<ir::TileType>();
  if (s && a && a->memory == ir::MemorySpace::Acc && s->memory == ir::MemorySpace::Vec &&
      s->shape == a->shape && s->dtype == a->dtype)
    throw RetypeFillToAcc{it->second};
}

ir::FunctionPtr PlBinder::bindFunctionBodyOnce(Signature& sig) {
  current_ = &sig;
  const FunctionDef& def = *sig.def;
  names_.clear();
  names_.reserve(sig.params.size() + def.body.size());  // about one name per statement
  for (const auto& p : sig.params) bindVar(p);
  size_t start = 0;
  // Docstring, then an optional pl.func_attr({...}) prologue (several calls merge, as in
  // PyPTO; a key set twice is reported).
  if (start < def.body.size())
    if (const auto* e = def.body[start]->as<ExprStmt>(); e && e->value->is<StrLit>()) ++start;
  while (start < def.body.size()) {
    const CallExpr* c = nullptr;
    if (const auto* e = def.body[start]->as<ExprStmt>()) c = asCallTo(*e->value, "func_attr");
    if (!c) break;
    if (c->args.size() != 1 || !c->keywords.empty())
      fail(c->span, "pl.func_attr takes one dict argument",
           "write pl.func_attr({\"split\": pl.SplitMode.UP_DOWN})");
    for (auto& [k, v] : bindFuncAttrDict(*c->args[0])) {
      if (ir::findAttr(sig.attrs, k))
        fail(c->args[0]->span, fmt::format("function attribute \"{}\" is set twice", k),
             "set each attribute once");
      sig.attrs.emplace_back(k, v);
    }
    ++start;
  }
  const auto* role = ir::getAttr<std::string>(sig.attrs, ir::fnattr::kRole);
  if (role && *role == "SubWorker" && start + 1 == def.body.size())
    if (const auto* e = def.body[start]->as<ExprStmt>(); e && e->value->is<EllipsisLit>()) {
      // PyPTO's host sub-worker declared by its signature (its code is a host callable):
      // a function without a body, printed back with `...`.
      auto fn = std::make_shared<ir::Function>(sig.name, sig.type, sig.params, sig.directions,
                                               sig.returnTypes, ir::flatSeq({}, def.span),
                                               sig.attrs, def.nameSpan);
      current_ = nullptr;
      return fn;
    }
  if (ir::findAttr(sig.attrs, ir::fnattr::kExternalSource)) {
    // The code is the external source: the body is `...` and nothing else.
    const auto* e = start + 1 == def.body.size() ? def.body[start]->as<ExprStmt>() : nullptr;
    if (!e || !e->value->is<EllipsisLit>())
      fail(start < def.body.size() ? def.body[start]->span : def.nameSpan,
           fmt::format("function '{}' has external_source=: its body must be `...` (the "
                       "external source is its code)",
                       sig.name),
           "write `...` as the whole body (after an optional pl.func_attr), or drop "
           "external_source=");
    auto fn = std::make_shared<ir::Function>(sig.name, sig.type, sig.params, sig.directions,
                                             sig.returnTypes, ir::flatSeq({}, def.span), sig.attrs,
                                             def.nameSpan);
    current_ = nullptr;
    return fn;
  }
  std::vector<ir::StmtPtr> stmts;
  stmts.reserve(def.body.size() - start);
  BlockNames block(blockNames_);  // strict_ssa: the names the body's block assigns
  bool flat = true;               // checked here, while each new statement is in the cache
  for (size_t i = start; i < def.body.size(); ++i) {
    const Stmt& s = *def.body[i];
    if (const auto* e = s.as<ExprStmt>(); e && asCallTo(*e->value, "func_attr"))
      fail(s.span, "pl.func_attr must be the first statement of the function body",
           "move it to the top of the body, or merge it into the first pl.func_attr({...})");
    std::vector<ir::StmtPtr> pre;  // the expansions of @pl.inline calls in the statement
    hoisted_ = &pre;
    ir::StmtPtr bound = bindStmt(s, nullptr, false);
    hoisted_ = nullptr;
    for (auto& p : pre) {
      flat = flat && !p->isa<ir::SeqStmt>();
      stmts.push_back(std::move(p));
    }
    if (endsBlock(s.kind)) i = def.body.size();  // the rest is dead (Ast.h)
    if (!bound) continue;
    if (const auto* seq = bound->as<ir::SeqStmt>()) {  // e.g. a return that unpacks a tuple
      for (const auto& inner : seq->stmts) {
        flat = flat && !inner->isa<ir::SeqStmt>();
        stmts.push_back(inner);
      }
    } else {
      stmts.push_back(std::move(bound));
    }
  }
  if (!sig.returnTypes.empty() && (stmts.empty() || !endsInReturn(*stmts.back())))
    fail(def.nameSpan,
         fmt::format("function '{}' declares a result but does not end with a return statement",
                     sig.name),
         "add `return <value>` as the last statement");
  ir::StmtPtr body =
      flat ? ir::flatSeq(std::move(stmts), def.span) : ir::makeSeq(std::move(stmts), def.span);
  auto fn = std::make_shared<ir::Function>(sig.name, sig.type, sig.params, sig.directions,
                                           sig.returnTypes, body, sig.attrs, def.nameSpan);
  current_ = nullptr;
  return fn;
}

}  // namespace ptoc::frontend
