// The `core_placement` kwarg: the lane a pl.split_aiv region decided for a shared op whose
// side effect must not run twice (the pld communication ops: a notify with AtomicAdd copied
// onto both lanes signals twice). Ops opt in by declaring the kwarg (DistributedOps.cpp).
// lower-auto-vector-split stamps "aiv" on such calls inside a region; classifyCallAffinity
// reads it as VECTOR, so expand-mixed-kernel places the call on the AIV function only and
// then strips the stamp (it never reaches a later pass or the printed result).
#pragma once

#include <string_view>

namespace ptoc {

inline constexpr std::string_view kCorePlacementKwarg = "core_placement";

}  // namespace ptoc
