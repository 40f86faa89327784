// Private helpers shared by structural equality (StructuralEqual.cpp) and hashing
// (StructuralHash.cpp): the two must agree on what is compared.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::ir::structural {

inline void flattenInto(const Stmt* s, std::vector<const Stmt*>& out) {
  if (!s) return;
  if (const auto* seq = s->as<SeqStmt>()) {
    for (const auto& c : seq->stmts) flattenInto(c.get(), out);
  } else {
    out.push_back(s);
  }
}

/// Float constants compare by value, -0.0 != 0.0, NaN == NaN.
inline bool floatEqual(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

inline uint64_t floatKey(double v) {
  if (std::isnan(v)) return 0x7ff8000000000000ULL;
  return std::bit_cast<uint64_t>(v);
}

inline bool attrEqual(const AttrValue& a, const AttrValue& b) {
  if (a.index() != b.index()) return false;
  if (const auto* da = std::get_if<double>(&a)) return floatEqual(*da, std::get<double>(b));
  return a == b;
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

inline bool isFullValidShape(const std::vector<ExprPtr>& valid, const std::vector<int64_t>& shape) {
  if (valid.size() != shape.size()) return false;
  for (size_t i = 0; i < valid.size(); ++i) {
    const auto* c = valid[i] ? valid[i]->as<ConstInt>() : nullptr;
    if (!c || c->value != shape[i]) return false;
  }
  return true;
}

inline TileViewKey tileViewKey(const TileType& t) {
  TileView implicit = implicitTileView(t.memory, t.shape);
  const TileView& v = t.view ? *t.view : implicit;
  const std::vector<ExprPtr>* valid = nullptr;
  if (t.view && !v.validShape.empty() && !isFullValidShape(v.validShape, t.shape))
    valid = &t.view->validShape;
  return {v.blayout, v.slayout, v.fractal, v.pad, valid};
}

}  // namespace ptoc::ir::structural
