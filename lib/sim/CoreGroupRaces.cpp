// Cross-lane write conflicts: the two AIV lanes of a core group run concurrently on the
// NPU, so when both write one GM element with different values during one kernel the
// element's final value is undefined. The simulator runs the lanes one after the other,
// which would hide that; it remembers, per tensor element, the lane that last wrote it
// and reports a store that overwrites the other lane's different value. Writes of equal
// values (e.g. statements both lanes run on the same data) are benign.
// docs/simulator-semantics.md §5.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>

#include "CoreGroup.h"
#include "ptoc/ops/DiagnosticText.h"

namespace ptoc::sim {

void CoreGroup::noteTensorWrite(const TaskInfo& t, const ir::Call& call, const Tile& src,
                                const Tensor& dst, const std::vector<int64_t>& offsets) {
  if (t.role != CoreRole::AIV || aivLanes_ != 2 || !src.buf || !dst.buf) return;
  const Buffer& s = *src.buf;
  const Buffer& d = *dst.buf;
  const size_t rank = d.shape.size();
  const std::vector<int64_t>& extents = src.valid;
  if (extents.size() != rank || offsets.size() != rank || s.shape.size() != rank || rank == 0)
    return;
  for (int64_t e : extents)
    if (e <= 0) return;
  std::vector<int8_t>& owner = writers_[&d];
  if (owner.empty()) owner.assign(static_cast<size_t>(d.numel()), -1);
  std::vector<int64_t> ss(rank, 1), ds(rank, 1);
  for (size_t k = rank - 1; k > 0; --k) {
    ss[k - 1] = ss[k] * s.shape[k];
    ds[k - 1] = ds[k] * d.shape[k];
  }
  const size_t item = d.elemSize();
  const auto lane = static_cast<int8_t>(t.lane);
  std::vector<int64_t> idx(rank, 0);
  while (true) {
    int64_t so = 0, dof = 0;
    for (size_t k = 0; k < rank; ++k) {
      so += idx[k] * ss[k];
      dof += (offsets[k] + idx[k]) * ds[k];
    }
    int8_t& w = owner[static_cast<size_t>(dof)];
    if (w >= 0 && w != lane &&
        std::memcmp(d.bytes.data() + dof * item, s.bytes.data() + so * item, item) != 0) {
      std::vector<int64_t> at(rank);
      for (size_t k = 0; k < rank; ++k) at[k] = offsets[k] + idx[k];
      std::string target = call.args.size() > 2 ? ops::exprText(call.args[2]) : "the tensor";
      throw SimError(
          call.span,
          fmt::format("cross-lane write conflict in {}: AIV lane {} writes {}[{}] = {}, "
                      "but lane {} wrote {} there in this kernel; the lanes run "
                      "concurrently, so the element's final value is undefined",
                      t.fn->name, t.lane, target, fmt::join(at, ", "), s.getF(so), w, d.getF(dof)),
          "make the lanes' store windows disjoint (localize the offset with the lane "
          "index, or split a loop's iterations so their windows do not overlap), or "
          "store from one lane only");
    }
    w = lane;
    size_t k = rank;
    while (true) {
      if (k == 0) return;
      --k;
      if (++idx[k] < extents[k]) break;
      idx[k] = 0;
    }
  }
}

}  // namespace ptoc::sim
