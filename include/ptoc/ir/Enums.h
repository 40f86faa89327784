// Small enumerations of the IR and their `pl` spellings (the member names after
// `pl.Mem.`, `pl.SplitMode.`, ...). One table per enum, used by the printer and binder.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace ptoc::ir {

/// LeftScale / RightScale: the L0A- / L0B-side buffers of the MX block scales (A5) that
/// tile.matmul_mx reads beside its Left / Right operands.
enum class MemorySpace : uint8_t { DDR, Vec, Mat, Left, Right, Acc, Bias, LeftScale, RightScale };
enum class TileLayout : uint8_t { NoneBox, RowMajor, ColMajor };
enum class PadValue : uint8_t { Null, Zero, Max, Min };
/// Element order of a tensor in GM (PyPTO's pl.TensorLayout): ND = row-major.
enum class TensorLayout : uint8_t { ND, DN, NZ, MX_A_ZZ, MX_B_NN };
enum class SplitMode : uint8_t { None, UpDown, LeftRight };
enum class FunctionType : uint8_t {
  Opaque,
  Orchestration,
  InCore,
  AIC,
  AIV,
  Group,
  Spmd,    // SPMD data-parallel dispatch (PyPTO)
  Inline,  // substituted at every call site (PyPTO's inline-functions pass)
  Graph,   // a callable orchestration fragment launched as one task
};
/// The runtime task scopes of orchestration code: `pl.scope()` (AUTO dependencies),
/// `pl.manual_scope()`, `pl.spmd(n)` (n blocks), `pl.cluster()`.
/// Hierarchy: `with pl.at(level=L)` at any level L but CORE_GROUP (printed as pl.at).
enum class RuntimeScopeKind : uint8_t { Auto, Manual, Spmd, Cluster, Hierarchy };
enum class ParamDirection : uint8_t { In, Out, InOut };
enum class ForKind : uint8_t { Serial, Parallel, Unroll, Pipeline };
enum class CoreAffinity : uint8_t { Cube, Vector, Shared, Mixed };

/// Name tables: index = enum value.
std::span<const std::string_view> memorySpaceNames();   // "DDR", "Vec", ...
std::span<const std::string_view> tileLayoutNames();    // "none_box", "row_major", "col_major"
std::span<const std::string_view> padValueNames();      // "null", "zero", "max", "min"
std::span<const std::string_view> tensorLayoutNames();  // "ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"
std::span<const std::string_view> splitModeNames();     // "NONE", "UP_DOWN", "LEFT_RIGHT"
std::span<const std::string_view> functionTypeNames();  // "Opaque", ...
std::span<const std::string_view> forKindNames();       // "range", "parallel", "unroll", "pipeline"
std::span<const std::string_view> coreAffinityNames();  // "CUBE", "VECTOR", "SHARED", "MIXED"
std::span<const std::string_view> runtimeScopeKindNames();  // "scope", "manual_scope", ...

template <typename E>
std::string_view enumName(std::span<const std::string_view> names, E e) {
  return names[static_cast<unsigned>(e)];
}
template <typename E>
std::optional<E> enumFromName(std::span<const std::string_view> names, std::string_view n) {
  for (unsigned i = 0; i < names.size(); ++i)
    if (names[i] == n) return static_cast<E>(i);
  return std::nullopt;
}

inline std::string_view toString(MemorySpace e) { return enumName(memorySpaceNames(), e); }
inline std::string_view toString(TileLayout e) { return enumName(tileLayoutNames(), e); }
inline std::string_view toString(PadValue e) { return enumName(padValueNames(), e); }
inline std::string_view toString(TensorLayout e) { return enumName(tensorLayoutNames(), e); }
inline std::string_view toString(SplitMode e) { return enumName(splitModeNames(), e); }
inline std::string_view toString(FunctionType e) { return enumName(functionTypeNames(), e); }
inline std::string_view toString(ForKind e) { return enumName(forKindNames(), e); }
inline std::string_view toString(CoreAffinity e) { return enumName(coreAffinityNames(), e); }
inline std::string_view toString(RuntimeScopeKind e) {
  return enumName(runtimeScopeKindNames(), e);
}

/// Cube side = every on-chip space but Vec (DDR is neither side).
inline bool isCubeMemorySpace(MemorySpace m) {
  return m != MemorySpace::DDR && m != MemorySpace::Vec;
}

/// The axis a split mode divides between the two AIV lanes: UP_DOWN rows (0), LEFT_RIGHT
/// columns (1); nullopt for NONE.
inline std::optional<size_t> splitAxis(SplitMode m) {
  if (m == SplitMode::UpDown) return 0;
  if (m == SplitMode::LeftRight) return 1;
  return std::nullopt;
}
/// The mode that splits axis `axis` of a 2-D tile (0 -> UP_DOWN, 1 -> LEFT_RIGHT).
inline std::optional<SplitMode> splitModeOfAxis(size_t axis) {
  if (axis == 0) return SplitMode::UpDown;
  if (axis == 1) return SplitMode::LeftRight;
  return std::nullopt;
}
/// The axis of a pto-isa split code (the `split` kwarg of tpush / tpop / tfree): 1 and 3
/// rows, 2 and 4 columns, 0 none.
inline std::optional<size_t> splitCodeAxis(int64_t code) {
  if (code == 1 || code == 3) return 0;
  if (code == 2 || code == 4) return 1;
  return std::nullopt;
}

/// SHARED is the identity; equal affinities stay; anything else is MIXED.
inline CoreAffinity combineAffinity(CoreAffinity a, CoreAffinity b) {
  if (a == CoreAffinity::Shared) return b;
  if (b == CoreAffinity::Shared) return a;
  return a == b ? a : CoreAffinity::Mixed;
}

}  // namespace ptoc::ir
