// The PlanMemory model (include/ptoc/target/PtoasPlanMemory.h; docs/ptoas-plan-memory.md).
// Written from reading PTOAS v0.27's lib/PTO/Transforms/PTOPlanMemory.cpp; the comments name
// the PTOAS function whose behaviour each step follows.
#include "ptoc/target/PtoasPlanMemory.h"

#include <algorithm>
#include <list>

namespace ptoc::target {

std::optional<PtoasSpace> parsePtoasSpace(std::string_view loc) {
  if (loc == "vec") return PtoasSpace::Vec;
  if (loc == "mat") return PtoasSpace::Mat;
  if (loc == "left") return PtoasSpace::Left;
  if (loc == "right") return PtoasSpace::Right;
  if (loc == "acc") return PtoasSpace::Acc;
  if (loc == "bias") return PtoasSpace::Bias;
  if (loc == "scaling") return PtoasSpace::Scaling;
  return std::nullopt;
}

std::string_view ptoasSpaceName(PtoasSpace s) {
  switch (s) {
    case PtoasSpace::Vec:
      return "vec";
    case PtoasSpace::Mat:
      return "mat";
    case PtoasSpace::Left:
      return "left";
    case PtoasSpace::Right:
      return "right";
    case PtoasSpace::Acc:
      return "acc";
    case PtoasSpace::Bias:
      return "bias";
    case PtoasSpace::Scaling:
      return "scaling";
  }
  return "?";
}

PtoasSpaceSpec ptoasSpaceSpec(Arch arch, PtoasSpace s) {
  // MemPlan::InitMemSpecsFromModule (kA3 for every arch but a5, kA5) in bytes; the reserve
  // alignment is getLocalMemSpec's 256 B, for vec and mat only.
  const bool a5 = arch == Arch::A5;
  switch (s) {
    case PtoasSpace::Vec:
      return {a5 ? 253952 : 196608, 32, 256};
    case PtoasSpace::Mat:
      return {524288, 32, 256};
    case PtoasSpace::Left:
      return {65536, 512, 0};
    case PtoasSpace::Right:
      return {65536, 512, 0};
    case PtoasSpace::Acc:
      return {a5 ? 262144 : 131072, 512, 0};
    case PtoasSpace::Bias:
      return {65536, 32, 0};
    case PtoasSpace::Scaling:
      return {a5 ? 253952 : 196608, 32, 0};
  }
  return {};
}

namespace {

int64_t alignUp(int64_t v, int64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

struct Life {
  int64_t gen = 0, kill = 0;
};

/// A stretch of the address space (PlanMemory's MemoryBound): the lives of every buffer
/// placed on it so far.
struct Bound {
  int64_t offset = 0, extent = 0;
  std::vector<Life> lives;
};

/// VerifyConflictStage0 / GetOverlapBufferLife: two lives conflict when their inclusive
/// intervals share an op.
bool conflicts(const Life& l, const std::vector<Life>& lives) {
  for (const Life& o : lives)
    if (std::max(l.gen, o.gen) <= std::min(l.kill, o.kill)) return true;
  return false;
}

}  // namespace

Placement planLocalMemory(const std::vector<PlanBuffer>& buffers, const PtoasSpaceSpec& spec) {
  Placement p;
  const size_t n = buffers.size();
  p.offsets.assign(n, -1);
  std::vector<int64_t> size(n);
  for (size_t i = 0; i < n; ++i) {
    size[i] = alignUp(buffers[i].bytes, spec.planAlignBytes);
    p.sideBySideBytes += size[i];
  }
  if (n == 0) {
    p.fits = true;
    return p;
  }
  // PlanMemAddressOfWholeLocalBuffer: one buffer goes to 0; IsEnoughForBuffersNoReuse: when
  // the aligned sizes add up to strictly less than the capacity, PlanBuffersWithoutReuse
  // lays them out side by side in storage-entry order, and nothing is reused.
  if (n == 1 || p.sideBySideBytes < spec.capacityBytes) {
    int64_t at = 0;
    for (size_t i = 0; i < n; ++i) {
      p.offsets[i] = at;
      at += size[i];
    }
    p.extent = at;
    p.fits = at <= spec.capacityBytes;
    return p;
  }
  // Otherwise SpecAlloc over an outline that starts as one empty bound of the whole space:
  // each entry, in order, takes the first run of consecutive bounds from a bound's start
  // that is large enough and whose bounds hold no life intersecting its own. The run becomes
  // one bound (the entry's size, carrying every life of the run plus its own: the outline is
  // not split) and the rest of the run's last bound a tail bound. For ptoc's kernels
  // SPEC_LEVEL_2 and 1 reduce to this (no DMA or scalar-touched buffers, no multi-buffer).
  p.reused = true;
  std::list<Bound> outline{{0, spec.capacityBytes, {}}};
  for (size_t i = 0; i < n; ++i) {
    const Life life{buffers[i].gen, buffers[i].kill};
    bool placed = false;
    for (auto start = outline.begin(); start != outline.end(); ++start) {
      int64_t run = 0;
      for (auto last = start; last != outline.end(); ++last) {
        run += last->extent;
        if (conflicts(life, last->lives)) {
          start = last;  // the next candidate start is after the conflicting bound
          break;
        }
        if (run < size[i]) continue;
        Bound merged{start->offset, size[i], {life}};
        for (auto b = start; b != std::next(last); ++b)
          merged.lives.insert(merged.lives.end(), b->lives.begin(), b->lives.end());
        const int64_t rest = run - size[i];
        std::optional<Bound> tail;
        if (rest > 0) tail = Bound{last->offset + last->extent - rest, rest, last->lives};
        p.offsets[i] = start->offset;
        auto after = outline.erase(start, std::next(last));
        if (tail) after = outline.insert(after, *tail);
        outline.insert(after, std::move(merged));
        placed = true;
        break;
      }
      if (placed) break;  // `start` was erased: leave before incrementing it
    }
    if (!placed) {
      // PTOAS now rolls back earlier entries and, failing that, restarts with a split
      // outline (ApplyFailStrategy); the model stops here and reports no fit.
      p.gaveUp = true;
      return p;
    }
    p.extent = std::max(p.extent, p.offsets[i] + size[i]);
  }
  p.fits = p.extent <= spec.capacityBytes;
  return p;
}

std::optional<int64_t> placeReservedBuffer(const std::vector<PlanBuffer>& buffers,
                                           const Placement& placement, const PtoasSpaceSpec& spec,
                                           int64_t ringBytes) {
  // assignAutoReserveBufferBase: every planned buffer occupies [offset, offset + its bytes
  // aligned up to 256 B); overlapping or touching ranges merge; the candidate starts at 0
  // and moves past each merged range until the aligned hole before the next one is large
  // enough; it must end within the capacity.
  const int64_t align = std::max<int64_t>(spec.reserveAlignBytes, 1);
  struct Range {
    int64_t begin, end;
  };
  std::vector<Range> occupied;
  for (size_t i = 0; i < buffers.size() && i < placement.offsets.size(); ++i)
    if (placement.offsets[i] >= 0)
      occupied.push_back(
          {placement.offsets[i], placement.offsets[i] + alignUp(buffers[i].bytes, align)});
  std::stable_sort(occupied.begin(), occupied.end(),
                   [](const Range& a, const Range& b) { return a.begin < b.begin; });
  std::vector<Range> merged;
  for (const Range& r : occupied) {
    if (merged.empty() || r.begin > merged.back().end)
      merged.push_back(r);
    else
      merged.back().end = std::max(merged.back().end, r.end);
  }
  int64_t base = 0;
  for (const Range& r : merged) {
    base = alignUp(base, align);
    if (base + ringBytes <= r.begin) break;
    base = std::max(base, r.end);
  }
  base = alignUp(base, align);
  if (base + ringBytes > spec.capacityBytes) return std::nullopt;
  return base;
}

}  // namespace ptoc::target
