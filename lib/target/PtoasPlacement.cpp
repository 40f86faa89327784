// predictPtoasPlacement (include/ptoc/target/PtoasPlacement.h).
#include "ptoc/target/PtoasPlacement.h"

#include <sstream>

namespace ptoc::target {

bool FunctionPrediction::accepted() const {
  for (const auto& s : spaces)
    if (!s.ok()) return false;
  return true;
}

std::vector<FunctionPrediction> predictPtoasPlacement(std::string_view ptoText, Arch arch) {
  std::vector<FunctionPrediction> out;
  for (PtoFunctionBuffers& f : scanPtoBuffers(ptoText)) {
    FunctionPrediction fp;
    fp.name = f.name;
    if (f.reserve && !f.buffers.count(f.reserve->space)) f.buffers[f.reserve->space];
    for (auto& [space, bufs] : f.buffers) {
      SpacePrediction sp;
      sp.space = space;
      sp.spec = ptoasSpaceSpec(arch, space);
      sp.buffers = std::move(bufs);
      sp.placement = planLocalMemory(sp.buffers, sp.spec);
      // PlanMemoryPass::runOnOperation: the reserve_buffer is placed after the buffers,
      // only when their plan succeeded.
      if (f.reserve && f.reserve->space == space) {
        sp.ringBytes = f.reserve->bytes;
        if (sp.placement.fits)
          sp.ringBase = placeReservedBuffer(sp.buffers, sp.placement, sp.spec, sp.ringBytes);
      }
      fp.spaces.push_back(std::move(sp));
    }
    out.push_back(std::move(fp));
  }
  return out;
}

std::string renderPrediction(const std::vector<FunctionPrediction>& p, bool verbose) {
  std::ostringstream os;
  for (const auto& f : p) {
    for (const auto& s : f.spaces) {
      const Placement& pl = s.placement;
      os << f.name << " " << ptoasSpaceName(s.space) << ": " << s.buffers.size() << " buffers "
         << (pl.reused ? "reused" : "side by side") << ", ";
      if (pl.gaveUp)
        os << "no first-pass plan (PTOAS would roll back)";
      else
        os << pl.extent << " of " << s.spec.capacityBytes << " B" << (pl.fits ? "" : " (overflow)");
      os << " (side by side " << pl.sideBySideBytes << " B)";
      if (s.ringBytes > 0) {
        os << "; ring " << s.ringBytes << " B ";
        if (s.ringBase)
          os << "at " << *s.ringBase;
        else
          os << "has no hole";
      }
      os << (s.ok() ? "" : " -- REJECTED") << "\n";
      if (!verbose) continue;
      for (size_t i = 0; i < s.buffers.size(); ++i) {
        const PlanBuffer& b = s.buffers[i];
        os << "  " << b.name << " " << b.bytes << " B life [" << b.gen << ", " << b.kill << "] at "
           << (i < pl.offsets.size() ? pl.offsets[i] : -1) << "\n";
      }
    }
    os << f.name << ": " << (f.accepted() ? "placed" : "rejected") << "\n";
  }
  return os.str();
}

}  // namespace ptoc::target
