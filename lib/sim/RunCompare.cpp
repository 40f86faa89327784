// Element-wise comparison of two runs' outputs for `ptoc check`: bit-exact by
// default, numpy.allclose-style with --rtol / --atol for floats; the first
// mismatching element is reported with its multi-dimensional index.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <cstring>

#include "ptoc/sim/RunDriver.h"

namespace ptoc::sim {

namespace {

std::vector<int64_t> unravel(int64_t flat, const std::vector<int64_t>& shape) {
  std::vector<int64_t> idx(shape.size(), 0);
  for (size_t k = shape.size(); k-- > 0;) {
    if (shape[k] == 0) continue;
    idx[k] = flat % shape[k];
    flat /= shape[k];
  }
  return idx;
}

std::string elementText(const Buffer& b, int64_t i) {
  if (ir::isFloat(b.dtype)) {
    uint64_t bits = 0;
    std::memcpy(&bits, b.bytes.data() + i * b.elemSize(), b.elemSize());
    return fmt::format("{} (bits 0x{:0{}x})", b.getF(i), bits, b.elemSize() * 2);
  }
  if (b.dtype == DType::UInt64) return fmt::format("{}", static_cast<uint64_t>(b.getI(i)));
  return fmt::format("{}", b.getI(i));
}

bool elementsMatch(const Buffer& a, const Buffer& b, int64_t i, const CompareOptions& o) {
  size_t n = a.elemSize();
  if (std::memcmp(a.bytes.data() + i * n, b.bytes.data() + i * n, n) == 0) return true;
  if (!(o.rtol || o.atol) || !ir::isFloat(a.dtype)) return false;
  double x = a.getF(i), y = b.getF(i);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  if (std::isinf(x) || std::isinf(y)) return x == y;
  return std::fabs(y - x) <= o.atol.value_or(0.0) + o.rtol.value_or(0.0) * std::fabs(x);
}

std::string shapeText(const std::vector<int64_t>& s) {
  return fmt::format("[{}]", fmt::join(s, ", "));
}

}  // namespace

CompareResult compareOutputs(const std::vector<NamedOutput>& before,
                             const std::vector<NamedOutput>& after, const CompareOptions& options) {
  CompareResult r;
  auto fail = [&](Span span, std::string msg) {
    r.equal = false;
    r.span = span;
    r.message = std::move(msg);
    return r;
  };
  for (const NamedOutput& b : before) {
    const NamedOutput* a = nullptr;
    for (const auto& x : after)
      if (x.name == b.name) a = &x;
    if (!a) return fail(b.span, fmt::format("output '{}' is missing after the passes", b.name));
    std::optional<Buffer> bb = bufferOfValue(b.value), ab = bufferOfValue(a->value);
    if (!bb || !ab) {
      if (!bb && !ab) continue;
      return fail(b.span, fmt::format("output '{}' is {} before and {} after the passes", b.name,
                                      b.value.describe(), a->value.describe()));
    }
    if (bb->dtype != ab->dtype || bb->shape != ab->shape)
      return fail(b.span, fmt::format("output '{}' is {} {} before and {} {} after the passes",
                                      b.name, shapeText(bb->shape), ir::dtypeName(bb->dtype),
                                      shapeText(ab->shape), ir::dtypeName(ab->dtype)));
    ++r.outputsCompared;
    int64_t n = bb->numel(), bad = 0, first = -1;
    for (int64_t i = 0; i < n; ++i)
      if (!elementsMatch(*bb, *ab, i, options)) {
        if (first < 0) first = i;
        ++bad;
      }
    if (bad)
      return fail(b.span, fmt::format("output '{}' differs at index {}: before {}, after {} ({} of "
                                      "{} elements differ)",
                                      b.name, shapeText(unravel(first, bb->shape)),
                                      elementText(*bb, first), elementText(*ab, first), bad, n));
  }
  for (const NamedOutput& a : after) {
    bool known = false;
    for (const auto& b : before) known = known || b.name == a.name;
    if (!known)
      return fail(a.span, fmt::format("output '{}' appears only after the passes", a.name));
  }
  return r;
}

}  // namespace ptoc::sim
