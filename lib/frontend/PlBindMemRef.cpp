// `pl` binder, memory references in types: `pl.MemRef("buf", slots=2)[i]` in a tile or
// tensor type names where PyPTO's memory planner puts the value. ptoc does not plan
// memory from them (see bindTensorExtra), but it rejects the declarations PyPTO rejects,
// where they are written.
#include <fmt/format.h>

#include "PlBinder.h"

namespace ptoc::frontend {

void PlBinder::checkMemRef(const Expr& e) {
  const Expr* base = &e;
  const Expr* index = nullptr;
  if (const auto* s = e.as<SubscriptExpr>()) {
    base = s->value.get();
    index = s->index.get();
  }
  const Expr* decl = base;
  if (const Expr* a = moduleAlias(*base)) decl = a;
  const auto* call = decl->as<CallExpr>();
  if (!call || !isPlPath(*call->func, "MemRef")) return;
  int64_t slots = 1;
  for (const auto& kw : call->keywords) {
    if (kw.name != "slots") continue;
    auto v = evalConst(*kw.value);
    const int64_t* n = v ? std::get_if<int64_t>(&*v) : nullptr;
    if (!n)
      fail(kw.value->span, "slots= of a pl.MemRef must be an integer constant", "e.g. slots=2");
    if (*n < 1)
      fail(kw.value->span, fmt::format("a pl.MemRef needs at least one slot, got slots={}", *n),
           "write slots=1 or more, or leave slots= out (one slot)");
    slots = *n;
  }
  if (!call->args.empty())
    if (const auto* name = call->args[0]->as<StrLit>()) {
      auto [it, inserted] = memRefSlots_.try_emplace(std::string(name->value), slots);
      if (!inserted && it->second != slots)
        fail(call->span,
             fmt::format("the declarations of pl.MemRef(\"{}\") disagree on how many slots it "
                         "has: {} here, {} before",
                         name->value, slots, it->second),
             "give every declaration of the buffer the same slots=");
    }
  if (!index) return;
  if (slots == 1)
    fail(index->span, "this pl.MemRef has a single slot: it cannot be subscripted",
         "declare it with slots=N to pick one of N slots, or drop the subscript");
  if (auto v = evalConst(*index))
    if (const int64_t* k = std::get_if<int64_t>(&*v); k && (*k < 0 || *k >= slots))
      fail(index->span,
           fmt::format("slot {} is out of range for a pl.MemRef of {} slots", *k, slots),
           fmt::format("use a slot in [0, {})", slots));
}

}  // namespace ptoc::frontend
