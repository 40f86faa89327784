// Cross-lane write conflicts: the two AIV lanes of a core group run concurrently on the
// NPU, so when both write one GM element with different values during one kernel the
// element's final value is undefined. The simulator runs the lanes one after the other,
// which would hide that; it remembers, per tensor element, the lane that last wrote it
// (and whether that write added into it, atomic=1) and reports a store that overwrites the
// other lane's different value, or an add and an overwrite of one element by the two lanes.
// Writes of equal values (e.g. statements both lanes run on the same data) are benign, and
// so are two adds (atomic adds do not lose each other). The store kernels pass the written
// elements as flat tensor indices, so box stores, partition stores and stores of a lower-rank
// tile are compared alike. docs/simulator.md §3.4.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>

#include "CoreGroup.h"
#include "ptoc/ops/DiagnosticText.h"

namespace ptoc::sim {

namespace {

/// The hint of both cross-lane read-write race reports.
constexpr const char* kCrossLaneHint =
    "give each lane's loads and stores the same split windows (or disjoint ones), or write the "
    "result to another tensor";

/// The multi-index of flat element `flat` of a row-major `shape`.
std::vector<int64_t> unflatten(int64_t flat, const std::vector<int64_t>& shape) {
  std::vector<int64_t> at(shape.size(), 0);
  for (size_t k = shape.size(); k-- > 0;) {
    if (shape[k] <= 0) continue;
    at[k] = flat % shape[k];
    flat /= shape[k];
  }
  return at;
}

}  // namespace

void CoreGroup::noteTensorWrite(const TaskInfo& t, const ir::Call& call, const Buffer& s,
                                const Tensor& dst, const std::vector<int64_t>& srcIndex,
                                const std::vector<int64_t>& dstIndex, bool adds) {
  if (!checksLaneWrites(t) || !dst.buf) return;
  const Buffer& d = *dst.buf;
  const int64_t numel = d.numel();
  LaneWrites& w = writers_[&d];
  w.init(numel);
  const size_t item = d.elemSize();
  const auto lane = static_cast<int8_t>(t.lane);
  const size_t n = std::min(srcIndex.size(), dstIndex.size());
  for (size_t k = 0; k < n; ++k) {
    const int64_t dof = dstIndex[k], so = srcIndex[k];
    if (dof < 0 || dof >= numel || so < 0 || so >= s.numel()) continue;  // bounds: the kernel's
    int8_t& owner = w.lane[static_cast<size_t>(dof)];
    uint8_t& added = w.added[static_cast<size_t>(dof)];
    if (owner >= 0 && owner != lane) {
      bool conflict = adds || added ? !(adds && added)
                                    : std::memcmp(d.bytes.data() + dof * item,
                                                  s.bytes.data() + so * item, item) != 0;
      if (conflict) {
        std::string target = call.args.size() > 2 ? ops::exprText(call.args[2]) : "the tensor";
        std::string at = fmt::format("{}[{}]", target, fmt::join(unflatten(dof, d.shape), ", "));
        std::string what;
        if (adds)
          what = fmt::format(
              "AIV lane {} adds {} into {} (atomic), but lane {} overwrote that "
              "element in this kernel; the lanes run concurrently, so the add "
              "and the overwrite happen in either order",
              t.lane, s.getF(so), at, owner);
        else if (added)
          what = fmt::format(
              "AIV lane {} writes {} = {}, but lane {} added into that element "
              "(atomic) in this kernel; the lanes run concurrently, so the "
              "overwrite may come before or after the add",
              t.lane, at, s.getF(so), owner);
        else
          what = fmt::format(
              "AIV lane {} writes {} = {}, but lane {} wrote {} there in this "
              "kernel; the lanes run concurrently, so the element's final value "
              "is undefined",
              t.lane, at, s.getF(so), owner, d.getF(dof));
        throw SimError(call.span,
                       fmt::format("cross-lane write conflict in {}: {}", t.fn->name, what),
                       "make the lanes' store windows disjoint (localize the offset with the lane "
                       "index, or split a loop's iterations so their windows do not overlap), or "
                       "store from one lane only");
      }
    }
    const bool changes =
        adds || std::memcmp(d.bytes.data() + dof * item, s.bytes.data() + so * item, item) != 0;
    const uint8_t otherReaders = w.readers[static_cast<size_t>(dof)] & ~(1u << lane);
    if (changes && otherReaders) {
      int other = (otherReaders & 1u) ? 0 : 1;
      std::string target = call.args.size() > 2 ? ops::exprText(call.args[2]) : "the tensor";
      std::string at = fmt::format("{}[{}]", target, fmt::join(unflatten(dof, d.shape), ", "));
      throw SimError(call.span,
                     fmt::format("cross-lane read-write race in {}: AIV lane {} changes {} "
                                 "(from {} to {}), but lane {} read that element earlier in "
                                 "this kernel; the lanes run concurrently, so that read may see "
                                 "either value",
                                 t.fn->name, t.lane, at, d.getF(dof),
                                 adds ? d.getF(dof) + s.getF(so) : s.getF(so), other),
                     kCrossLaneHint);
    }
    w.changed[static_cast<size_t>(dof)] = changes ? 1 : 0;
    owner = lane;
    added = adds ? 1 : 0;
  }
}

void CoreGroup::noteTensorRead(const TaskInfo& t, const ir::Call& call, const Tensor& src,
                               const std::vector<int64_t>& index) {
  if (!checksLaneWrites(t) || !src.buf) return;
  const Buffer& b = *src.buf;
  const int64_t numel = b.numel();
  LaneWrites& w = writers_[&b];
  w.init(numel);
  const auto lane = static_cast<int8_t>(t.lane);
  for (int64_t flat : index) {
    if (flat < 0 || flat >= numel) continue;
    const auto k = static_cast<size_t>(flat);
    const int8_t owner = w.lane[k];
    if (owner >= 0 && owner != lane && w.changed[k]) {
      std::string source = !call.args.empty() ? ops::exprText(call.args[0]) : "the tensor";
      throw SimError(
          call.span,
          fmt::format("cross-lane read-write race in {}: AIV lane {} reads {}[{}] = {}, which "
                      "lane {} changed earlier in this kernel; the lanes run concurrently, so "
                      "the read may see the value from before that write",
                      t.fn->name, t.lane, source, fmt::join(unflatten(flat, b.shape), ", "),
                      b.getF(flat), owner),
          kCrossLaneHint);
    }
    w.readers[k] |= static_cast<uint8_t>(1u << lane);
  }
}

}  // namespace ptoc::sim
