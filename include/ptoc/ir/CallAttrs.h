// The call-site attributes of PyPTO (`self.kernel(x, y, attrs={"arg_directions": [...]})`,
// `pl.tile.move(t, ..., attrs={"pipeline_membership": "0:0"})`): metadata for the
// orchestration codegen and PyPTO's own passes. ptoc keeps them on the call's kwarg list
// under a reserved prefix, so every pass that rebuilds a call carries them, and the printer
// writes them back as one `attrs={...}` dict. Ops do not validate them (they are not op
// keyword arguments); the front end checks their form.
#pragma once

#include <string_view>

namespace ptoc::ir {

/// A scalar call attribute: the kwarg "attrs.KEY" holds its value.
inline constexpr std::string_view kCallAttrPrefix = "attrs.";
/// A list call attribute (`[pl.adir.input, pl.adir.inout]`, `[0, 1]`): the kwarg
/// "attrs[].KEY" holds the canonical text of the list as a string.
inline constexpr std::string_view kCallAttrListPrefix = "attrs[].";

inline bool isCallAttr(std::string_view kwargName) {
  return kwargName.starts_with(kCallAttrPrefix) || kwargName.starts_with(kCallAttrListPrefix);
}

/// The key of a call attribute as written in `attrs={...}`.
inline std::string_view callAttrKey(std::string_view kwargName) {
  if (kwargName.starts_with(kCallAttrListPrefix))
    return kwargName.substr(kCallAttrListPrefix.size());
  return kwargName.substr(kCallAttrPrefix.size());
}

}  // namespace ptoc::ir
