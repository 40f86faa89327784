// `pl` binder, orchestration and distributed calls: `pl.submit` / `pl.spmd_submit` (a kernel
// launch that yields its task id: the op system.submit) and the `pld.*` ops of PyPTO's
// distributed module, with its short forms (`pld.window`, `pld.remote_store`, ...).
#include <fmt/format.h>

#include <algorithm>

#include "PlBinder.h"
#include "TensorExtents.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"

namespace ptoc::frontend {

ir::ExprPtr PlBinder::bindAnyList(const Expr& written) {
  const Expr& e = listValue(written);
  if (const auto* c = e.as<ListCompExpr>()) return bindListComp(*c, true);
  const auto* l = e.as<ListExpr>();
  if (!l) return bindExpr(e);
  std::vector<ir::ExprPtr> elts;
  for (const auto& x : l->elts) {
    if (x->is<ListExpr>())
      fail(x->span, "nested lists are not supported", "write one flat list, e.g. deps=[a, b]");
    elts.push_back(bindExpr(*x));
  }
  return ir::makeTuple(std::move(elts), e.span);
}

static ir::TypePtr resultTypeOf(const std::vector<ir::TypePtr>& returns);

ir::ExprPtr PlBinder::bindSubmit(const CallExpr& e, bool spmd) {
  const char* form = spmd ? "pl.spmd_submit" : "pl.submit";
  if (unpackValue_ != &e && assignValue_ != &e)
    fail(e.span,
         fmt::format("{} gives the kernel's result and its task id: assign it, unpacked into "
                     "two names",
                     form),
         fmt::format("write `out, tid = {}(self.kernel, ...)` (`_` for a part you do not use)",
                     form));
  const Signature* sig = e.args.empty() ? nullptr : functionCallee(*e.args[0]);
  if (!sig)
    fail(e.args.empty() ? e.span : e.args[0]->span,
         fmt::format("{} launches a function of the program, given first", form),
         fmt::format("write `out, tid = {}(self.kernel, args..., deps=[...])`", form));
  if (e.args.size() - 1 != sig->params.size())
    fail(e.span,
         fmt::format("'{}' expects {} argument(s), got {}", sig->name, sig->params.size(),
                     e.args.size() - 1),
         fmt::format("pass the kernel's arguments after it: {}(self.{}, ...)", form, sig->name));
  std::vector<ir::ExprPtr> args;
  for (size_t i = 1; i < e.args.size(); ++i) {
    const ir::VarPtr& p = sig->params[i - 1];
    ir::ExprPtr a = convertIndexArgument(bindExpr(*e.args[i], p->type), *p->type);
    ExtentBindings extents;  // shape polymorphism of the kernel's tensor parameters
    if (!extentsFit(*a->type, *p->type, extents))
      fail(e.args[i]->span,
           fmt::format("argument {} of '{}' has type {} but parameter '{}' has type {}", i,
                       sig->name, ir::typeToString(*a->type), p->name, ir::typeToString(*p->type)),
           "pass a value of the parameter's type");
    args.push_back(a);
  }
  ir::ExprPtr deps = ir::makeTuple({}, e.span);
  ir::ExprPtr dumps, predicate;
  ir::AttrList kwargs{{"kernel", sig->name}};
  std::vector<Span> kwargSpans{e.args[0]->span};
  bool hasCoreNum = false;
  for (const auto& kw : e.keywords) {
    if (kw.name == "dumps") {
      dumps = bindSubmitDumps(kw, form, args);
      continue;
    }
    if (kw.name == "predicate") {
      predicate = bindSubmitPredicate(kw, form);
      continue;
    }
    if (kw.name == "attrs") {  // PyPTO's call-site attributes, as on a function call
      for (auto& a : bindCallAttrs(kw, sig->name, args.size(), true)) {
        kwargs.push_back(std::move(a));
        kwargSpans.push_back(kw.span);
      }
      continue;
    }
    if (kw.name == "allow_early_resolve" || kw.name == "sync_start") {
      const auto* b = kw.value->as<BoolLit>();
      if (!b)
        fail(kw.value->span, fmt::format("{}= of {} must be True or False", kw.name, form),
             fmt::format("write {}=True", kw.name));
    }
    if (spmd && kw.name == "core_num") {
      hasCoreNum = true;
      if (const auto* i = kw.value->as<IntLit>(); i && i->value <= 0)
        fail(kw.value->span, "core_num of pl.spmd_submit must be positive",
             "the kernel runs on core_num blocks, e.g. core_num=4");
    }
    if (kw.name == "deps") {
      deps = bindAnyList(*kw.value);
      // PyPTO: a whole pl.Array of task ids and per-element reads arr[i] do not mix.
      if (const auto* list = deps->as<ir::MakeTuple>(); list && kw.value->is<ListExpr>()) {
        bool whole = false, element = false;
        const auto& elts = kw.value->as<ListExpr>()->elts;
        for (size_t i = 0; i < list->elements.size() && i < elts.size(); ++i) {
          const ir::Expr& d = *list->elements[i];
          const auto* h = d.type->as<ir::HandleType>();
          const auto* c = d.as<ir::Call>();
          bool isWhole = h && h->handle == ir::HandleKind::Array;
          bool isElement = c && c->op && c->op->name == "array.get_element";
          if ((isWhole && element) || (isElement && whole))
            fail(elts[i]->span,
                 "deps= cannot mix a whole task-id array with per-element entries arr[i]",
                 "pass the array alone (deps=[arr]) to wait for every slot, or list the slots "
                 "(deps=[arr[0], arr[1]])");
          whole = whole || isWhole;
          element = element || isElement;
        }
      }
    } else if (kw.name == "allow_early_resolve" ||
               (spmd && (kw.name == "core_num" || kw.name == "sync_start"))) {
      kwargs.emplace_back(std::string(kw.name), bindAttrValue(*kw.value));
      kwargSpans.push_back(kw.span);
    } else {
      fail(kw.nameSpan, fmt::format("{} has no keyword argument '{}' here", form, kw.name),
           "ptoc reads deps=[...], dumps=[...], predicate=, attrs={...}, allow_early_resolve= "
           "and (pl.spmd_submit) core_num=, sync_start=");
    }
  }
  if (spmd && !hasCoreNum)
    fail(e.span, "pl.spmd_submit needs core_num=: the number of blocks the kernel runs on",
         fmt::format("write `out, tid = pl.spmd_submit(self.{}, ..., core_num=4)`", sig->name));
  ir::TypePtr type =
      ir::TupleType::get({resultTypeOf(sig->returnTypes), ir::ScalarType::get(ir::DType::TaskId)});
  const OpDef& op = ops_.get(OpId::Submit);
  std::vector<ir::ExprPtr> operands{ir::makeTuple(std::move(args), e.span), deps};
  if (dumps || predicate) operands.push_back(dumps ? dumps : ir::makeTuple({}, e.span));
  if (predicate) operands.push_back(predicate);
  return createOpCall(op, std::move(operands), kwargs, e.span, diag_,
                      {e.span, e.span, e.span, e.span}, kwargSpans, type);
}

ir::ExprPtr PlBinder::bindSubmitDumps(const Keyword& kw, std::string_view form,
                                      const std::vector<ir::ExprPtr>& args) {
  const auto* list = kw.value->as<ListExpr>();
  const auto* tuple = kw.value->as<TupleExpr>();
  if (!list && !tuple)
    fail(kw.value->span, fmt::format("{} dumps= must be a list of tensor arguments", form),
         "write dumps=[x, y] listing tensors passed to this submit");
  std::vector<ir::ExprPtr> out;
  for (const auto& el : list ? list->elts : tuple->elts) {
    ir::ExprPtr v = el->is<NameExpr>() ? bindExpr(*el) : nullptr;
    if (!v || !v->isa<ir::Var>() || !v->type->isa<ir::TensorType>())
      fail(el->span,
           fmt::format("{} dumps= entries must be tensor variables, got '{}'", form,
                       exprText(*el, "an expression")),
           "list tensors passed to this submit, e.g. dumps=[x]");
    if (std::none_of(args.begin(), args.end(), [&](const ir::ExprPtr& a) { return a == v; }))
      fail(el->span,
           fmt::format("{} dumps= entry '{}' is not an argument of this submit", form,
                       exprText(*el)),
           "dumps= may only name tensors passed positionally to the submitted kernel");
    if (std::none_of(out.begin(), out.end(), [&](const ir::ExprPtr& a) { return a == v; }))
      out.push_back(v);  // a repeated entry is recorded once (PyPTO)
  }
  return ir::makeTuple(std::move(out), kw.value->span);
}

ir::ExprPtr PlBinder::bindSubmitPredicate(const Keyword& kw, std::string_view form) {
  const std::string hint =
      "use predicate=(tensor[i0, ...] > 0): one comparison against an integer literal";
  // The runtime evaluates one comparison of one tensor element with one constant.
  const auto* cmp = kw.value->as<CompareExpr>();
  if (!cmp || cmp->ops.size() != 1)
    fail(kw.value->span,
         fmt::format("{} predicate must be a single comparison (==, !=, >, <, >=, <=)", form),
         hint);
  auto isIntLit = [](const Expr& x) {
    if (x.is<IntLit>()) return true;
    const auto* u = x.as<UnaryOpExpr>();
    return u && u->op == UnaryOpKind::Neg && u->operand->is<IntLit>();
  };
  const Expr* element = nullptr;
  if (cmp->left->is<SubscriptExpr>() && isIntLit(*cmp->comparators[0]))
    element = cmp->left.get();
  else if (cmp->comparators[0]->is<SubscriptExpr>() && isIntLit(*cmp->left))
    element = cmp->comparators[0].get();
  if (!element)
    fail(kw.value->span,
         fmt::format("{} predicate must compare one tensor element (e.g. t[i]) with an integer "
                     "literal",
                     form),
         hint);
  const auto& sub = element->cast<SubscriptExpr>();
  ir::ExprPtr base = bindExpr(*sub.value);
  const auto* tensor = base->type->as<ir::TensorType>();
  if (!tensor)
    fail(sub.value->span,
         fmt::format("the predicate operand must be a tensor, got {}",
                     ir::typeToString(*base->type)),
         hint);
  int bits = ir::dtypeBits(tensor->dtype);
  if (!ir::isSignedInteger(tensor->dtype) || (bits != 8 && bits != 16 && bits != 32 && bits != 64))
    fail(sub.value->span,
         fmt::format("the predicate operand must be a signed 8/16/32/64-bit integer tensor, got "
                     "{} (the runtime sign-extends the element it reads)",
                     ir::dtypeName(tensor->dtype)),
         hint);
  const auto* idx = sub.index->as<TupleExpr>();
  size_t count = idx ? idx->elts.size() : 1;
  if (count != tensor->shape.size())
    fail(sub.index->span,
         fmt::format("the predicate needs {} index(es) to locate one element of a rank-{} tensor, "
                     "got {}",
                     tensor->shape.size(), tensor->shape.size(), count),
         hint);
  return bindExpr(*kw.value);
}

ir::ExprPtr PlBinder::bindPldCall(const CallExpr& e, std::string_view path,
                                  const BoundAnnotation* annotation) {
  const OpDef* op = ops_.find("pld." + std::string(path));
  if (!op && path.find('.') == std::string_view::npos) {
    // Short forms: pld.window is pld.tensor.window; pld.remote_store picks the tile or the
    // tensor op by its source.
    static constexpr std::string_view kTensorFirst[] = {"tensor.", "tile.", "system."};
    static constexpr std::string_view kTileFirst[] = {"tile.", "tensor.", "system."};
    for (std::string_view ns : firstArgIsTensor(e) ? kTensorFirst : kTileFirst)
      if (!op) op = ops_.find("pld." + std::string(ns) + std::string(path));
  }
  if (!op) {
    std::vector<std::string> names;
    for (const OpDef* d : ops_.all())
      if (d->name.starts_with("pld.")) names.push_back(d->name);
    std::string best = closestName("pld." + std::string(path), names);
    fail(e.func->span, fmt::format("unknown op 'pld.{}'", path),
         best.empty() ? "`ptoc ops` lists the pld ops" : fmt::format("did you mean {}?", best));
  }
  if (op->name == "pld.system.world_size") checkHostContext(e, op->name);
  if (op->name == "pld.tensor.alloc_window_buffer") checkAllocWindowBuffer(e);
  return bindOpCall(*op, e, annotation);
}

void PlBinder::checkHostContext(const CallExpr& e, std::string_view opName) {
  const std::string* level =
      current_ ? ir::getAttr<std::string>(current_->attrs, ir::fnattr::kLevel) : nullptr;
  if (!level || *level != "HOST")
    fail(e.func->span,
         fmt::format(
             "{} runs on the HOST orchestrator, but '{}' is {}", opName,
             current_ ? current_->name : std::string("this function"),
             level ? fmt::format("at level {}", *level) : std::string("not a HOST function")),
         "call it in a function declared @pl.function(level=pl.Level.HOST, "
         "role=pl.Role.Orchestrator)");
  if (incoreDepth_ > 0 || spmdDepth_ > 0 || regionMode_ || simdDepth_ > 0)
    fail(e.func->span,
         fmt::format("{} runs on the HOST orchestrator, not inside a device scope (pl.at / "
                     "InCore, pl.spmd)",
                     opName),
         "call it in the HOST function's body, outside the scope, and pass the result in");
}

void PlBinder::checkAllocWindowBuffer(const CallExpr& e) {
  static constexpr std::string_view kOp = "pld.tensor.alloc_window_buffer";
  if (assignValue_ != &e)
    fail(e.span,
         fmt::format("{} names its buffer after the variable it is assigned to, so it must be "
                     "the whole value of `name = ...`",
                     kOp),
         "write `buf = pld.alloc_window_buffer(N)` (one name; no tuple, no nesting, not a bare "
         "statement)");
  checkHostContext(e, kOp);
  for (const auto& kw : e.keywords)
    if (kw.name == "name")
      fail(kw.nameSpan,
           fmt::format("{} takes its name from the assigned variable ('{}'); name= is not "
                       "accepted",
                       kOp, assignName_),
           "drop name=...; rename the variable to rename the buffer");
  auto [it, inserted] = windowBuffers_.try_emplace(std::string(assignName_), e.span);
  if (!inserted)
    fail(e.span,
         fmt::format("window buffer '{}' is already declared in this program (at line {})",
                     assignName_, sm_.lineCol(it->second.file, it->second.begin).line),
         "window buffer names are global to the @pl.program: give each buffer its own name");
}

static ir::TypePtr resultTypeOf(const std::vector<ir::TypePtr>& returns) {
  if (returns.empty()) return ir::UnknownType::get();
  return returns.size() == 1 ? returns[0] : ir::TupleType::get(returns);
}

ir::TypePtr PlBinder::kernelLaunchType(const OpDef& op, const ir::AttrList& kwargs) const {
  if (!op.typeFromAnnotation) return nullptr;
  const auto* kernel = ir::getAttr<std::string>(kwargs, "kernel");
  auto it = kernel ? signatureIndex_.find(*kernel) : signatureIndex_.end();
  if (it == signatureIndex_.end()) return nullptr;
  ir::TypePtr ret = resultTypeOf(signatures_[it->second].returnTypes);
  if (op.id == OpId::Submit)
    return ir::TupleType::get({ret, ir::ScalarType::get(ir::DType::TaskId)});
  return ret;
}

ir::ExprPtr PlBinder::bindDeviceCall(const Signature& sig, const CallExpr& e) {
  // device= picks the rank an orchestrator runs on; a kernel has no rank of its own.
  const std::string* role = ir::getAttr<std::string>(sig.attrs, ir::fnattr::kRole);
  if (sig.type != ir::FunctionType::Orchestration && !(role && *role == "Orchestrator"))
    for (const auto& kw : e.keywords)
      if (kw.name == "device")
        fail(kw.nameSpan,
             fmt::format("'{}' takes no keyword argument 'device': only an orchestrator "
                         "(type=pl.FunctionType.Orchestration or role=pl.Role.Orchestrator) is "
                         "dispatched to a rank",
                         sig.name),
             fmt::format("drop device=, or declare '{}' as an orchestrator that launches the "
                         "kernel",
                         sig.name));
  for (const auto& kw : e.keywords)
    if (kw.name != "device")
      fail(kw.nameSpan,
           fmt::format("a call with device= passes the arguments of '{}' by position", sig.name),
           fmt::format("write self.{}(args..., device=RANK)", sig.name));
  if (e.args.size() != sig.params.size())
    fail(e.span,
         fmt::format("'{}' expects {} argument(s), got {}", sig.name, sig.params.size(),
                     e.args.size()),
         "pass the arguments by position, then device=RANK");
  std::vector<ir::ExprPtr> args;
  for (size_t i = 0; i < e.args.size(); ++i) {
    const ir::VarPtr& p = sig.params[i];
    ir::ExprPtr a = convertIndexArgument(bindExpr(*e.args[i], p->type), *p->type);
    ExtentBindings extents;  // shape polymorphism of the kernel's tensor parameters
    if (!extentsFit(*a->type, *p->type, extents))
      fail(e.args[i]->span,
           fmt::format("argument {} of '{}' has type {} but parameter '{}' has type {}", i + 1,
                       sig.name, ir::typeToString(*a->type), p->name, ir::typeToString(*p->type)),
           "pass a value of the parameter's type");
    args.push_back(a);
  }
  ir::ExprPtr device;
  Span deviceSpan = e.span;
  for (const auto& kw : e.keywords) {
    device = bindExpr(*kw.value, ir::ScalarType::get(ir::DType::Index));
    deviceSpan = kw.value->span;
  }
  ir::AttrList kwargs{{"kernel", sig.name}};
  const OpDef& op = ops_.get("system.dispatch");
  return createOpCall(op, {ir::makeTuple(std::move(args), e.span), device}, kwargs, e.span, diag_,
                      {e.span, deviceSpan}, {e.span}, kernelLaunchType(op, kwargs));
}

}  // namespace ptoc::frontend
