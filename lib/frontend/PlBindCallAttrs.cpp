// `pl` binder, call-site attributes: `attrs={...}` on a call of a program function
// (`self.kernel(x, out, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing]})`)
// or of an op (`attrs={"pipeline_membership": "0:0"}`). PyPTO keeps them for its
// orchestration codegen and passes; ptoc checks their form, keeps them on the call
// (ir/CallAttrs.h) and prints them back. They do not change what a program computes.
#include <fmt/format.h>

#include "PlBinder.h"
#include "ptoc/ir/CallAttrs.h"

namespace ptoc::frontend {

namespace {
/// PyPTO's argument directions (`pl.adir.X`).
constexpr std::string_view kDirections[] = {"input", "output", "output_existing",
                                            "inout", "no_dep", "scalar"};

/// `pl.adir.X`: X, or "" when `e` has another form.
std::string_view adirMember(const Expr& e) {
  const auto* a = e.as<AttributeExpr>();
  if (!a) return {};
  const auto* mid = a->value->as<AttributeExpr>();
  if (!mid || mid->attr != "adir") return {};
  const auto* base = mid->value->as<NameExpr>();
  if (!base || base->id != "pl") return {};
  return a->attr;
}
}  // namespace

ir::AttrList PlBinder::bindCallAttrs(const Keyword& kw, std::string_view callee, size_t numArgs,
                                     bool functionCall) {
  const auto* dict = kw.value->as<DictExpr>();
  if (!dict)
    fail(kw.value->span, fmt::format("'attrs=' on the call of '{}' must be a dict literal", callee),
         "e.g. attrs={\"arg_directions\": [pl.adir.input, pl.adir.output_existing]}");
  ir::AttrList out;
  for (size_t i = 0; i < dict->keys.size(); ++i) {
    const auto* key = dict->keys[i]->as<StrLit>();
    if (!key)
      fail(dict->keys[i]->span,
           fmt::format("the keys of 'attrs=' on the call of '{}' must be string literals", callee),
           "write attrs={\"name\": value}");
    for (const auto& [name, v] : out)
      if (ir::callAttrKey(name) == key->value)
        fail(dict->keys[i]->span, fmt::format("attrs key \"{}\" is given twice", key->value),
             "keep one");
    const Expr& v = *dict->values[i];
    if (const auto* list = v.as<ListExpr>()) {
      // A list: all pl.adir.X (directions), all integer literals, or empty.
      std::string text = "[";
      bool dirs = !list->elts.empty(), ints = !list->elts.empty();
      for (const auto& el : list->elts) {
        dirs = dirs && !adirMember(*el).empty();
        ints = ints && el->is<IntLit>();
      }
      if (!list->elts.empty() && !dirs && !ints)
        fail(
            v.span,
            fmt::format("attrs[\"{}\"] on the call of '{}' lists values ptoc does not keep: a list "
                        "attribute holds all pl.adir.X directions or all integer literals",
                        key->value, callee),
            "call attributes that name values (task ids, variables) are not modeled; drop the "
            "key or write the list with literals");
      for (size_t k = 0; k < list->elts.size(); ++k) {
        const Expr& el = *list->elts[k];
        if (k) text += ", ";
        if (dirs) {
          std::string_view m = adirMember(el);
          if (std::find(std::begin(kDirections), std::end(kDirections), m) == std::end(kDirections))
            fail(el.span, fmt::format("unknown argument direction 'pl.adir.{}'", m),
                 fmt::format("expected pl.adir.X with X one of: {}", fmt::join(kDirections, ", ")));
          text += fmt::format("pl.adir.{}", m);
        } else {
          text += std::to_string(el.as<IntLit>()->value);
        }
      }
      text += "]";
      if (key->value == "arg_directions") {
        if (!dirs && !list->elts.empty())
          fail(v.span, "arg_directions lists one pl.adir.X per argument",
               "e.g. [pl.adir.input, pl.adir.output_existing]");
        if (functionCall && list->elts.size() != numArgs)
          fail(v.span,
               fmt::format("arg_directions of the call of '{}' has {} entries for {} argument(s)",
                           callee, list->elts.size(), numArgs),
               "give one direction per argument, in order");
      }
      out.emplace_back(std::string(ir::kCallAttrListPrefix) + std::string(key->value), text);
      continue;
    }
    if (key->value == "arg_directions")
      fail(v.span, "arg_directions lists one pl.adir.X per argument",
           "e.g. [pl.adir.input, pl.adir.output_existing]");
    // A scalar: a literal or an enum member (a name or an expression is a runtime value).
    bool literal = v.is<IntLit>() || v.is<FloatLit>() || v.is<StrLit>() || v.is<BoolLit>() ||
                   (v.is<UnaryOpExpr>() && (v.as<UnaryOpExpr>()->operand->is<IntLit>() ||
                                            v.as<UnaryOpExpr>()->operand->is<FloatLit>())) ||
                   plPath(v).has_value() || moduleAlias(v) || evalConst(v).has_value();
    if (!literal)
      fail(v.span,
           fmt::format("attrs[\"{}\"] on the call of '{}' is a runtime value; ptoc keeps literal "
                       "call attributes only",
                       key->value, callee),
           "call attributes that hold expressions (a predicate, a task id) are not modeled; write "
           "a literal, or express the condition in the program (an if around the call)");
    out.emplace_back(std::string(ir::kCallAttrPrefix) + std::string(key->value), bindAttrValue(v));
  }
  return out;
}

}  // namespace ptoc::frontend
