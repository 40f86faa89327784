#include "ptoc/ir/Enums.h"

namespace ptoc::ir {

namespace {
constexpr std::string_view kMemorySpace[] = {"DDR", "Vec",  "Mat",       "Left",      "Right",
                                             "Acc", "Bias", "LeftScale", "RightScale"};
constexpr std::string_view kTileLayout[] = {"none_box", "row_major", "col_major"};
constexpr std::string_view kPadValue[] = {"null", "zero", "max", "min"};
constexpr std::string_view kTensorLayout[] = {"ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"};
constexpr std::string_view kSplitMode[] = {"NONE", "UP_DOWN", "LEFT_RIGHT"};
constexpr std::string_view kFunctionType[] = {"Opaque", "Orchestration", "InCore", "AIC",  "AIV",
                                              "Group",  "Spmd",          "Inline", "Graph"};
constexpr std::string_view kRuntimeScopeKind[] = {"scope", "manual_scope", "spmd", "cluster", "at"};
constexpr std::string_view kForKind[] = {"range", "parallel", "unroll", "pipeline"};
constexpr std::string_view kCoreAffinity[] = {"CUBE", "VECTOR", "SHARED", "MIXED"};
}  // namespace

std::span<const std::string_view> memorySpaceNames() { return kMemorySpace; }
std::span<const std::string_view> tileLayoutNames() { return kTileLayout; }
std::span<const std::string_view> padValueNames() { return kPadValue; }
std::span<const std::string_view> tensorLayoutNames() { return kTensorLayout; }
std::span<const std::string_view> splitModeNames() { return kSplitMode; }
std::span<const std::string_view> functionTypeNames() { return kFunctionType; }
std::span<const std::string_view> forKindNames() { return kForKind; }
std::span<const std::string_view> coreAffinityNames() { return kCoreAffinity; }
std::span<const std::string_view> runtimeScopeKindNames() { return kRuntimeScopeKind; }

}  // namespace ptoc::ir
