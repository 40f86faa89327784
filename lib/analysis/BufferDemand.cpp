// bufferDemand (include/ptoc/analysis/BufferDemand.h).
#include "ptoc/analysis/BufferDemand.h"

#include "ptoc/ir/Visitor.h"

namespace ptoc::analysis {

using namespace ir;

int64_t ptoasRingSlots(int64_t dirMask) { return dirMask == 3 ? 4 : 8; }

namespace {

int64_t alignUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

int64_t intKwargOr(const Call& c, std::string_view name, int64_t dflt) {
  for (const auto& [k, v] : c.kwargs)
    if (k == name)
      if (const auto* i = std::get_if<int64_t>(&v)) return *i;
  return dflt;
}

/// A tile's bytes in its buffer: its contiguous axis (the last for a row-major box, the
/// first for a column-major one) padded to a 32-byte block, as a tile_buf is laid out (a
/// [32, 1] FP32 tile takes 32 rows of 32 bytes), the whole aligned to the buffer.
constexpr int64_t kBlockBytes = 32;

int64_t paddedBytesOf(const TileType& t, int64_t alignment) {
  const int64_t elem = dtypeBytes(t.dtype);
  const bool colMajor = t.effectiveView().blayout == TileLayout::ColMajor && t.shape.size() == 2;
  const size_t inner = colMajor ? 0 : t.shape.size() - 1;
  int64_t bytes = alignUp(t.shape[inner] * elem, kBlockBytes);
  for (size_t i = 0; i < t.shape.size(); ++i)
    if (i != inner) bytes *= t.shape[i];
  return alignUp(bytes, alignment);
}

class DemandScan : public IRVisitor {
 public:
  DemandScan(MemorySpace space, int64_t alignment) : space_(space), alignment_(alignment) {}
  BufferDemand d;

 protected:
  void visitCall(const Call& c) override {
    IRVisitor::visitCall(c);
    std::string_view n = c.callee;
    if (!d.init && (n == "system.aic_initialize_pipe" || n == "system.aiv_initialize_pipe"))
      d.init = &c;
    const bool pop = n == "tile.tpop_from_aic" || n == "tile.tpop_from_aiv";
    if (pop && !d.firstPop) d.firstPop = &c;
    if (n == "tile.reshape" || n == "tile.slice" || n == "tile.transpose_view") return;
    const auto* t = c.type ? c.type->as<TileType>() : nullptr;
    if (!t || t->memory != space_ || t->shape.empty()) return;
    const int64_t bytes = paddedBytes(*t);
    d.allTileBytes += bytes;  // codegen gives a popped tile its own buffer too
    if (pop) return;          // ... but the capacity check counts it in the ring
    if (bytes > d.largestTileBytes) d.largestTileBytes = bytes, d.largestCall = &c;
  }

 private:
  int64_t paddedBytes(const TileType& t) const { return paddedBytesOf(t, alignment_); }
  MemorySpace space_;
  int64_t alignment_;
};

}  // namespace

BufferDemand bufferDemand(const Function& f, MemorySpace space, target::Buffer buffer) {
  DemandScan scan(space, target::bufferAlignment(buffer));
  scan.visitStmt(f.body);
  BufferDemand d = scan.d;
  const bool consumer = (f.funcType == FunctionType::AIV && buffer == target::Buffer::UB) ||
                        (f.funcType == FunctionType::AIC && buffer == target::Buffer::L1);
  if (d.init && consumer)
    d.ringBytes =
        ptoasRingSlots(intKwargOr(*d.init, "dir_mask", 1)) * intKwargOr(*d.init, "slot_size", 0);
  return d;
}

}  // namespace ptoc::analysis
