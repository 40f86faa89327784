// Text helpers of the IR printer: integers, round-trip floats, quoted strings,
// dtypes and kwarg values appended to one output buffer. Private to lib/ir.
#pragma once

#include <string>
#include <string_view>

#include "ptoc/ir/Attr.h"

namespace ptoc::ir::print_detail {

void appendInt(std::string& out, int64_t v);
void appendFloatRepr(std::string& out, double v);
void appendQuoted(std::string& out, std::string_view s);
void appendDType(std::string& out, DType d, bool full);
void appendAttrValue(std::string& out, const AttrValue& v);

}  // namespace ptoc::ir::print_detail
