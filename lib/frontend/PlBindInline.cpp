// `@pl.inline` functions (PyPTO's inline expansion): a module-level function decorated with
// @pl.inline is not a function of the program. A call `f(a, b)` in a kernel binds f's body
// in place, with each parameter naming the caller's argument; the statements of the body go
// before the statement holding the call, and the call stands for the value of the body's
// final `return`. The names the body assigns are the caller's names afterwards (as in
// PyPTO, whose printer shows the expanded code).
#include <fmt/format.h>

#include <algorithm>

#include "PlBinder.h"
#include "ptoc/ir/Builder.h"

namespace ptoc::frontend {

bool PlBinder::registerInline(const FunctionDef& f) {
  bool isInline = false;
  for (const auto& d : f.decorators) isInline = isInline || isPlPath(*d, "inline");
  if (!isInline) return false;
  if (f.decorators.size() != 1)
    fail(f.decorators[0]->span, "@pl.inline is the only decorator of an inline function",
         "drop the other decorators");
  if (f.body.empty() || (!f.body.back()->is<ReturnStmt>() && f.returns))
    fail(f.nameSpan,
         fmt::format("@pl.inline function '{}' must end with its return statement", f.name),
         "end the body with `return value`");
  inlineDefs_[f.name] = &f;
  return true;
}

const FunctionDef* PlBinder::inlineCallee(const Expr& func) const {
  const auto* n = func.as<NameExpr>();
  if (!n || lookup(n->id)) return nullptr;
  auto it = inlineDefs_.find(n->id);
  return it == inlineDefs_.end() ? nullptr : it->second;
}

ir::ExprPtr PlBinder::expandInline(const FunctionDef& def, const CallExpr& e) {
  if (!hoisted_)
    fail(e.span, fmt::format("a call of @pl.inline function '{}' is not supported here", def.name),
         "call it in a statement of a function body, e.g. `y = f(x)`");
  if (std::find(inlineStack_.begin(), inlineStack_.end(), &def) != inlineStack_.end())
    fail(e.span, fmt::format("@pl.inline function '{}' calls itself", def.name),
         "an inline function is expanded in place, so it cannot recurse");
  // Arguments by position, then by parameter name.
  std::vector<const Expr*> given(def.params.size(), nullptr);
  if (e.args.size() > def.params.size())
    fail(e.span,
         fmt::format("@pl.inline function '{}' expects {} argument(s), got {}", def.name,
                     def.params.size(), e.args.size() + e.keywords.size()),
         "pass one argument per parameter");
  for (size_t i = 0; i < e.args.size(); ++i) given[i] = e.args[i].get();
  for (const auto& kw : e.keywords) {
    auto it = std::find_if(def.params.begin(), def.params.end(),
                           [&](const auto& p) { return p.name == kw.name; });
    if (it == def.params.end())
      fail(kw.nameSpan, fmt::format("'{}' has no parameter '{}'", def.name, kw.name),
           "name one of the inline function's parameters");
    size_t k = static_cast<size_t>(it - def.params.begin());
    if (given[k])
      fail(kw.nameSpan, fmt::format("argument '{}' of '{}' is given twice", kw.name, def.name),
           "pass it either by position or by name");
    given[k] = kw.value.get();
  }
  for (size_t k = 0; k < given.size(); ++k)
    if (!given[k]) {
      if (def.params[k].defaultValue) {
        given[k] = def.params[k].defaultValue.get();
        continue;
      }
      fail(e.span,
           fmt::format("@pl.inline function '{}' expects {} argument(s), got {}", def.name,
                       def.params.size(), e.args.size() + e.keywords.size()),
           fmt::format("argument '{}' is missing", def.params[k].name));
    }
  // The arguments are bound in the caller's scope, before the parameters hide any names.
  std::vector<ir::ExprPtr> args;
  for (size_t k = 0; k < given.size(); ++k) {
    ir::TypePtr want;
    if (def.params[k].annotation) want = bindType(*def.params[k].annotation);
    args.push_back(bindExpr(*given[k], want));
  }
  std::vector<std::string_view> paramNames;
  for (const auto& p : def.params) paramNames.push_back(p.name);
  ScopeGuard guard(*this, paramNames);
  for (size_t k = 0; k < args.size(); ++k) {
    std::string_view name = def.params[k].name;
    if (args[k]->isa<ir::Var>()) {
      // The parameter names the caller's variable itself (PyPTO substitutes it).
      names_.insertOrAssign(name, std::static_pointer_cast<const ir::Var>(args[k]));
      continue;
    }
    ir::VarPtr v = defineAssigned(name, args[k]->type, def.params[k].nameSpan);
    hoisted_->push_back(std::make_shared<ir::AssignStmt>(v, args[k], e.span));
  }
  inlineStack_.push_back(&def);
  std::vector<std::string_view> savedParams = std::move(inlineParams_);
  inlineParams_ = paramNames;
  std::vector<ir::StmtPtr>* outer = hoisted_;
  ir::ExprPtr result;
  for (size_t i = 0; i < def.body.size(); ++i) {
    const Stmt& s = *def.body[i];
    if (const auto* r = s.as<ReturnStmt>()) {
      if (i + 1 != def.body.size())
        fail(s.span, "a @pl.inline function returns only at the end of its body",
             "carry values out with pl.yield_ and return once, at the end");
      if (!r->value) break;
      std::vector<ir::StmtPtr> pre;
      hoisted_ = &pre;
      if (const auto* t = r->value->as<TupleExpr>()) {
        std::vector<ir::ExprPtr> parts;
        for (const auto& x : t->elts) parts.push_back(bindExpr(*x));
        result = ir::makeTuple(std::move(parts), r->value->span);
      } else {
        result = bindExpr(*r->value);
      }
      hoisted_ = outer;
      for (auto& p : pre) outer->push_back(std::move(p));
      break;
    }
    std::vector<ir::StmtPtr> pre;
    hoisted_ = &pre;
    ir::StmtPtr bound = bindStmt(s, nullptr, false);
    hoisted_ = outer;
    for (auto& p : pre) outer->push_back(std::move(p));
    if (bound) outer->push_back(std::move(bound));
  }
  inlineParams_ = std::move(savedParams);
  inlineStack_.pop_back();
  return result;
}

}  // namespace ptoc::frontend
