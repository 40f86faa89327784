// Values of op keyword arguments and function attributes: a closed variant, so
// printer, parser, equality and hashing handle every kind explicitly.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ptoc/ir/DType.h"
#include "ptoc/ir/Enums.h"

namespace ptoc::ir {

using AttrValue = std::variant<bool, int64_t, double, std::string, DType, MemorySpace, TileLayout,
                               PadValue, SplitMode>;

/// Ordered (name, value) list: order is preserved by printer and parser.
using AttrList = std::vector<std::pair<std::string, AttrValue>>;

const AttrValue* findAttr(const AttrList& attrs, std::string_view name);

template <typename T>
const T* getAttr(const AttrList& attrs, std::string_view name) {
  const AttrValue* v = findAttr(attrs, name);
  return v ? std::get_if<T>(v) : nullptr;
}

/// Returns a copy of `attrs` with `name` set to `value` (replaced in place or appended).
AttrList withAttr(AttrList attrs, std::string name, AttrValue value);

}  // namespace ptoc::ir
