// Small helpers shared by the split-lowering files: `[a, b]` list access and rebuilding,
// display names; the per-lane extent ops::ceilHalf.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/DiagnosticText.h"
#include "ptoc/ops/ExtentArith.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::split::detail {

using namespace ir;

using ops::ceilHalf;

inline const std::vector<ExprPtr>& listElements(const ExprPtr& e) {
  static const std::vector<ExprPtr> kEmpty;
  const auto* t = e ? e->as<MakeTuple>() : nullptr;
  return t ? t->elements : kEmpty;
}

/// Element `i` of a `[a, b]` list; an internal error when the list is shorter (the op's
/// type deduction has already checked every list against the tile's rank).
inline const ExprPtr& elementAt(const ExprPtr& list, size_t i) {
  const auto& els = listElements(list);
  if (i >= els.size())
    throw InternalError("lower-auto-vector-split: list argument has no element " +
                        std::to_string(i));
  return els[i];
}

inline std::optional<int64_t> staticAt(const ExprPtr& list, size_t i) {
  const auto& els = listElements(list);
  return i < els.size() ? ops::constIntValue(els[i]) : std::nullopt;
}

inline ExprPtr withElement(const ExprPtr& list, size_t i, ExprPtr value) {
  std::vector<ExprPtr> els = listElements(list);
  if (i < els.size()) els[i] = std::move(value);
  return makeTuple(std::move(els), list->span);
}

inline std::string displayName(const ExprPtr& e) {
  if (const auto* v = e ? e->as<Var>() : nullptr) return v->name;
  return ops::exprText(e);
}

}  // namespace ptoc::split::detail
