// Per-node field descriptions (docs/ir.md). Every expression and statement class
// lists its fields once, in walk order, as a tuple of the descriptors below:
//
//   auto fields() const { return std::tuple{field::Value{op, "binary op"},
//                                           field::Use{lhs}, field::Use{rhs}}; }
//
// and rebuilds itself from new field values in the same order (`rebuild`). The
// visitor, the mutator, structural equality and hashing are generic over these
// descriptions, so a field added to a node is walked, rewritten, compared and
// hashed everywhere at once. The role of a field says how walkers treat it:
//
//   Value   plain data (an op, a constant, a mode, attrs): compared and hashed by
//           value; `label` names it in difference messages ("<label> differs").
//   Use     a child expression that the node reads (may be null); a VarPtr field
//           that reads a variable (a buffer) is a Use too.
//   Uses    a list of child expressions; `label` names one element in messages.
//   Def     a variable definition site (assignment target, loop or lane variable).
//   Defs    a list of definition sites (return vars).
//   IterArgs loop-carried values: each init is a Use (read before the loop), each
//           IterArg a Def visible in the body.
//   Body    a nested statement (may be null; compared as a flattened list).
//   Stmts   a statement list (Seq).
//   Callee  the callee of a Call (an op name or a function name).
#pragma once

#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace ptoc::ir::field {

template <class T>
struct Value {
  const T& value;
  std::string_view label;
};
template <class T>
Value(const T&, const char*) -> Value<T>;

template <class P>
struct Use {
  const P& value;
  std::string_view label = {};  // names an optional child in "<label> differs: present vs absent"
};
template <class P>
Use(const P&) -> Use<P>;
template <class P>
Use(const P&, const char*) -> Use<P>;

template <class P>
struct Uses {
  const std::vector<P>& value;
  std::string_view label;
};
template <class P>
Uses(const std::vector<P>&, const char*) -> Uses<P>;

template <class P>
struct Def {
  const P& value;
};
template <class P>
Def(const P&) -> Def<P>;

template <class P>
struct Defs {
  const std::vector<P>& value;
  std::string_view label;
};
template <class P>
Defs(const std::vector<P>&, const char*) -> Defs<P>;

template <class P>
struct IterArgs {
  const std::vector<P>& value;
};
template <class P>
IterArgs(const std::vector<P>&) -> IterArgs<P>;

template <class P>
struct Body {
  const P& value;
};
template <class P>
Body(const P&) -> Body<P>;

template <class P>
struct Stmts {
  const std::vector<P>& value;
};
template <class P>
Stmts(const std::vector<P>&) -> Stmts<P>;

struct Callee {
  std::string_view value;
};

/// Calls `f(descriptor)` for each field of `node`, in walk order.
template <class Node, class F>
void forEach(const Node& node, F&& f) {
  std::apply([&](const auto&... d) { (f(d), ...); }, node.fields());
}

/// Calls `f(descriptorA, descriptorB)` for each field of two nodes of the same class, in
/// walk order, stopping at the first call that returns false. Returns false then.
template <class Node, class F>
bool allOfPairs(const Node& a, const Node& b, F&& f) {
  auto fa = a.fields();
  auto fb = b.fields();
  return [&]<size_t... I>(std::index_sequence<I...>) {
    return (f(std::get<I>(fa), std::get<I>(fb)) && ...);
  }
  (std::make_index_sequence<std::tuple_size_v<decltype(fa)>>{});
}

}  // namespace ptoc::ir::field
