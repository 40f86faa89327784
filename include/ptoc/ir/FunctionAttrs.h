// The function attributes (Function::attrs) ptoc knows: one named constant per key, so
// no pass, verifier, binder or simulator spells the string itself. The binder checks the
// values of kAllFunctionAttrs (pl.func_attr({...})) and keeps other keys with a literal value;
// the printer prints attrs in stored order.
#pragma once

#include <array>
#include <string_view>

namespace ptoc::ir::fnattr {

/// pl.SplitMode: the AUTO split mode of a mixed InCore function (lower-auto-vector-split
/// halves its vector work along this axis); set by outline-incore-scopes from pl.split(...).
inline constexpr char kSplit[] = "split";
/// bool: the function is in the explicit split_aiv form (per-lane vector code, or
/// pl.split_aiv regions outline-incore-scopes lifted out of a scope).
inline constexpr char kSplitAiv[] = "split_aiv";
/// bool: lower-auto-vector-split lowered and validated the function's pl.split_aiv regions.
inline constexpr char kSplitAivRegionValidated[] = "split_aiv_region_validated";
/// bool: an AIV function dispatched to both AIV lanes although it has no split mode.
inline constexpr char kDualAivDispatch[] = "dual_aiv_dispatch";
/// int > 0: slots of the cross-core pipe (pl.cross_core_slot(slot_num=N) on the scope).
inline constexpr char kSlotNum[] = "slot_num";

/// string: PyPTO's hierarchy level of the function (`@pl.function(level=pl.Level.HOST)`):
/// the member name, e.g. "HOST", "CHIP", "GLOBAL". Printed in the decorator.
inline constexpr char kLevel[] = "level";
/// string: PyPTO's role at the L3+ levels (`role=pl.Role.Orchestrator`): "Orchestrator" or
/// "SubWorker". Printed in the decorator.
inline constexpr char kRole[] = "role";

/// bool, only stored when False: `@pl.function(auto_scope=False)`, PyPTO's switch that hands
/// the placement of AUTO runtime scopes (`with pl.scope():`) to the author. Printed in the
/// decorator.
inline constexpr char kAutoScope[] = "auto_scope";

/// bool: the function is a deferred-completion waiter (its body registers
/// pld.system.defer_wait conditions): set by outline-incore-scopes on the scope that holds the
/// defer_wait; expand-mixed-kernel checks the contract (expand/DeferredWaiter.h).
inline constexpr char kDeferredCompletionWaiter[] = "deferred_completion_waiter";

/// string: the source file of an externally compiled kernel
/// (`@pl.function(type=..., external_source="k.cpp")` with `...` as its body): the function
/// is a signature only; passes keep its (empty) body. Printed in the decorator.
inline constexpr char kExternalSource[] = "external_source";

/// bool: PyPTO's explicit permission to windowize the InCore kernel's tensors locally
/// (`attrs={"windowize": True}`, or `pl.at(..., windowize=True)` on the scope it is outlined
/// from). A code generation hint: ptoc keeps and prints it.
inline constexpr char kWindowize[] = "windowize";
/// int > 0: the block count of a pl.FunctionType.Spmd function (PyPTO's outlined pl.spmd
/// scope). Kept and printed.
inline constexpr char kCoreNum[] = "core_num";
/// bool: PyPTO's mark of a Group function whose nested SPMD scope was unwrapped. Kept and
/// printed.
inline constexpr char kSpmdUnwrapped[] = "spmd_unwrapped";

/// Every key ptoc knows, in the order diagnostics list them. Other keys with a literal value
/// (bool, number or string) are kept as they are, as PyPTO keeps them.
inline constexpr std::array<std::string_view, 13> kAllFunctionAttrs = {
    kSplit,        kSplitAiv,  kSplitAivRegionValidated,  kDualAivDispatch, kSlotNum,   kLevel,
    kRole,         kAutoScope, kDeferredCompletionWaiter, kExternalSource,  kWindowize, kCoreNum,
    kSpmdUnwrapped};

}  // namespace ptoc::ir::fnattr
