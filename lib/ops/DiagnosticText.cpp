// Message text of the op layer's diagnostics (see DiagnosticText.h).
#include "ptoc/ops/DiagnosticText.h"

#include <fmt/format.h>

#include <algorithm>

#include "ptoc/ir/Printer.h"

namespace ptoc::ops {

using namespace ir;

std::string formatShape(const std::vector<int64_t>& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) out += ", ";
    out += shape[i] == kDynamicDim ? std::string("?") : std::to_string(shape[i]);  // dynamic
  }
  return out + "]";
}

std::string describeType(const Type* t) { return t ? typeToString(*t) : "no type"; }

std::string exprText(const ExprPtr& e) { return e ? printExpr(*e) : "<null>"; }

std::string formatExprList(const std::vector<ExprPtr>& es) {
  std::vector<std::string> parts;
  parts.reserve(es.size());
  for (const auto& e : es) parts.push_back(exprText(e));
  return fmt::format("[{}]", fmt::join(parts, ", "));
}

std::string_view attrKindDescription(AttrKind k) {
  switch (k) {
    case AttrKind::Bool:
      return "a bool (True/False)";
    case AttrKind::Int:
      return "an integer";
    case AttrKind::Float:
      return "a number";
    case AttrKind::String:
      return "a string";
    case AttrKind::DType:
      return "a dtype (pl.FP32, pl.INT32, ...)";
    case AttrKind::MemorySpace:
      return "a memory space (pl.Mem.Vec, pl.Mem.Mat, ...)";
    case AttrKind::TileLayout:
      return "a tile layout (pl.TileLayout.row_major, ...)";
    case AttrKind::PadValue:
      return "a pad value (pl.PadValue.zero, ...)";
    case AttrKind::SplitMode:
      return "a split mode (pl.SplitMode.NONE|UP_DOWN|LEFT_RIGHT or 0/1/2)";
  }
  return "a value";
}

std::string_view argKindDescription(ArgKind k) {
  switch (k) {
    case ArgKind::Tile:
      return "a tile";
    case ArgKind::Tensor:
      return "a tensor";
    case ArgKind::TileOrTensor:
      return "a tile or a tensor";
    case ArgKind::Scalar:
      return "a scalar";
    case ArgKind::IntScalar:
      return "an integer scalar";
    case ArgKind::IntList:
      return "a list of integers";
    case ArgKind::VReg:
      return "a vector register";
    case ArgKind::Mask:
      return "a mask";
    case ArgKind::Any:
      return "a value";
  }
  return "a value";
}

std::string memorySpaceList(const std::vector<MemorySpace>& spaces) {
  std::string out;
  for (size_t i = 0; i < spaces.size(); ++i) {
    if (i > 0) out += i + 1 == spaces.size() ? " or " : ", ";
    out += toString(spaces[i]);
  }
  return out;
}

std::string ordinal(size_t n) {
  std::string_view suffix = "th";
  if (n % 100 < 11 || n % 100 > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return fmt::format("{}{}", n, suffix);
}

// ---- Hints ---------------------------------------------------------------------------------

std::string dslName(const OpDef& op) {
  std::string_view n = op.name;
  if (n.starts_with("tile.")) return fmt::format("pl.{}", n.substr(5));
  return fmt::format("pl.{}", n);
}

std::string signatureText(const OpDef& op) {
  if (op.name == "tile.cast") return "pl.cast(tile, pl.FP16)";
  std::vector<std::string> parts;
  for (const auto& a : op.args) parts.push_back(a.optional ? "[" + a.name + "]" : a.name);
  for (const auto& k : op.kwargs) {
    if (k.defaultValue)
      parts.push_back(fmt::format("{}={}", k.name, printAttrValue(*k.defaultValue)));
    else if (!k.allowed.empty())
      parts.push_back(fmt::format("{}={}", k.name, printAttrValue(k.allowed.front())));
    else
      parts.push_back(fmt::format("{}=...", k.name));
  }
  return fmt::format("{}({})", dslName(op), fmt::join(parts, ", "));
}

std::string argText(const OpCallContext& ctx, size_t i) {
  if (i < ctx.args.size() && ctx.args[i]) {
    // A variable or a short index expression; a call is named by the parameter instead.
    std::string s = exprText(ctx.args[i]);
    if (!ctx.args[i]->isa<Call>() && !s.empty() && s.size() <= 32) return s;
  }
  return i < ctx.op.args.size() ? ctx.op.args[i].name : "x";
}

std::string castText(const OpCallContext& ctx, size_t i, DType to) {
  return fmt::format("pl.cast({}, pl.{})", argText(ctx, i), dtypeName(to));
}

std::string loadFirstHint(const std::string& name, const TensorType& tensor,
                          const std::vector<MemorySpace>& memory) {
  std::vector<int64_t> zeros(tensor.shape.size(), 0);
  std::string window =
      fmt::format("pl.load({}, {}, {}", name, formatShape(zeros), formatShape(tensor.shape));
  auto allows = [&](MemorySpace m) {
    return memory.empty() || std::find(memory.begin(), memory.end(), m) != memory.end();
  };
  if (allows(MemorySpace::Vec)) return fmt::format("load it first: `{}_t = {})`", name, window);
  if (allows(MemorySpace::Mat))
    return fmt::format("load it first: `{}_t = {}, target_memory=pl.Mem.Mat)`", name, window);
  MemorySpace to = memory.front();
  return fmt::format(
      "load it into Mat and move it: `{}_t = pl.move({}, target_memory=pl.Mem.Mat), "
      "target_memory=pl.Mem.{})`",
      name, window, toString(to));
}

std::string reshapeToRankHint(const std::string& name, const std::vector<int64_t>& shape,
                              size_t rank) {
  if (rank == 0 || shape.empty()) return {};
  std::vector<int64_t> to;
  if (rank >= shape.size()) {
    to.assign(rank - shape.size(), 1);
    to.insert(to.end(), shape.begin(), shape.end());
  } else {
    size_t merged = shape.size() - rank + 1;
    int64_t lead = 1;
    for (size_t k = 0; k < merged; ++k)
      if (__builtin_mul_overflow(lead, shape[k], &lead)) return {};
    to.push_back(lead);
    to.insert(to.end(), shape.begin() + static_cast<std::ptrdiff_t>(merged), shape.end());
  }
  return fmt::format("reshape it to rank {}: pl.reshape({}, {})", rank, name, formatShape(to));
}

}  // namespace ptoc::ops
