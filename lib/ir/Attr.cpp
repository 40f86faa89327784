#include "ptoc/ir/Attr.h"

namespace ptoc::ir {

const AttrValue* findAttr(const AttrList& attrs, std::string_view name) {
  for (const auto& [k, v] : attrs)
    if (k == name) return &v;
  return nullptr;
}

AttrList withAttr(AttrList attrs, std::string name, AttrValue value) {
  for (auto& [k, v] : attrs)
    if (k == name) {
      v = std::move(value);
      return attrs;
    }
  attrs.emplace_back(std::move(name), std::move(value));
  return attrs;
}

}  // namespace ptoc::ir
