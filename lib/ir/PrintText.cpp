// Text helpers of the IR printer (see PrintText.h).
#include "PrintText.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

#include "ptoc/ir/Printer.h"

namespace ptoc::ir::print_detail {

// ---------------------------------------------------------------------------
// Small formatting helpers.

void appendInt(std::string& out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof(buf), v);
  out.append(buf, r.ptr);
}

void appendFloatRepr(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "nan";
    return;
  }
  if (std::isinf(v)) {
    out += v < 0 ? "-inf" : "inf";
    return;
  }
  // Integral values below 2^53 (ulp <= 1): the integer's digits are the shortest
  // round-trip form, so repr is the integer and ".0" (-0.0 takes the general path).
  if (v == std::trunc(v) && std::fabs(v) < 1e15 && (v != 0 || !std::signbit(v))) {
    appendInt(out, static_cast<int64_t>(v));
    out += ".0";
    return;
  }
  // Shortest round-trip digits in scientific form: [-]d[.ddd]e[+-]XX.
  char buf[40];
  auto r = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(r.ptr - buf));
  bool negative = !sci.empty() && sci[0] == '-';
  if (negative) sci.remove_prefix(1);
  size_t ePos = sci.find('e');
  std::string_view mant = sci.substr(0, ePos);
  int exp10 = 0;
  std::from_chars(sci.data() + ePos + 1 + (sci[ePos + 1] == '+' ? 1 : 0), sci.data() + sci.size(),
                  exp10);
  char digits[24];
  size_t nd = 0;
  for (char c : mant)
    if (c != '.') digits[nd++] = c;
  if (negative) out += '-';
  if (exp10 >= -4 && exp10 < 16) {
    // Positional, as Python's repr: at least one digit on each side of the point.
    if (exp10 >= 0) {
      size_t intDigits = static_cast<size_t>(exp10) + 1;
      for (size_t i = 0; i < intDigits; ++i) out += i < nd ? digits[i] : '0';
      out += '.';
      if (nd > intDigits)
        out.append(digits + intDigits, nd - intDigits);
      else
        out += '0';
    } else {
      out += "0.";
      out.append(static_cast<size_t>(-exp10 - 1), '0');
      out.append(digits, nd);
    }
    return;
  }
  out += digits[0];
  if (nd > 1) {
    out += '.';
    out.append(digits + 1, nd - 1);
  }
  out += 'e';
  out += exp10 < 0 ? '-' : '+';
  int a = exp10 < 0 ? -exp10 : exp10;
  if (a < 10) out += '0';
  appendInt(out, a);
}

void appendQuoted(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (u < 0x20 || u == 0x7f) {
          out += "\\x";
          out += kHex[u >> 4];
          out += kHex[u & 15];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void appendDType(std::string& out, DType d, bool full) {
  if (full) out += "pl.";
  out += dtypeName(d);
}

void appendAttrValue(std::string& out, const AttrValue& v) {
  std::visit(
      [&out](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>) {
          out += x ? "True" : "False";
        } else if constexpr (std::is_same_v<T, int64_t>) {
          appendInt(out, x);
        } else if constexpr (std::is_same_v<T, double>) {
          if (std::isfinite(x)) {
            appendFloatRepr(out, x);
          } else {
            out += "pl.const(";
            appendQuoted(out, std::isnan(x) ? "nan" : (x < 0 ? "-inf" : "inf"));
            out += ", pl.FP32)";
          }
        } else if constexpr (std::is_same_v<T, std::string>) {
          appendQuoted(out, x);
        } else if constexpr (std::is_same_v<T, DType>) {
          appendDType(out, x, true);
        } else if constexpr (std::is_same_v<T, MemorySpace>) {
          out += "pl.Mem.";
          out += toString(x);
        } else if constexpr (std::is_same_v<T, TileLayout>) {
          out += "pl.TileLayout.";
          out += toString(x);
        } else if constexpr (std::is_same_v<T, PadValue>) {
          out += "pl.PadValue.";
          out += toString(x);
        } else {
          static_assert(std::is_same_v<T, SplitMode>);
          out += "pl.SplitMode.";
          out += toString(x);
        }
      },
      v);
}

}  // namespace ptoc::ir::print_detail
