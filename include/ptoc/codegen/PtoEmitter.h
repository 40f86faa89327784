// The PTO MLIR text emitter (docs/codegen.md): a lowered program (AIC / AIV / Group
// functions after `ptoc compile`'s pipeline, vectorized regions after `simdvf`) becomes
// one `module { ... }` that PTOAS reads: tile level (`pto.t*`, ins/outs form) and vmi
// level (`pto.vecscope { pto.vmi.* }`). The emitter of each op is keyed by its OpDef, like
// the simulator's kernels; its PTO spelling comes from the op's registration.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/target/Target.h"

namespace ptoc {
class OpDef;
}

namespace ptoc::codegen {

struct PtoOptions {
  target::Arch arch = target::Arch::A5;
};

/// The program as PTO text, or nullopt after reporting a diagnostic (an unsupported
/// construct is reported at its statement; no partial text is returned).
std::optional<std::string> emitPto(const ir::Program& program, const PtoOptions& options,
                                   DiagnosticEngine& diag);

/// Registered ops that have no PTO emitter (a unit test keeps this empty: every op that can
/// reach codegen has one, possibly one that reports why it has no PTO form).
std::vector<std::string> opsWithoutPtoEmitter();
/// Registered ops whose emitter reports a diagnostic instead of text (docs/codegen.md
/// §Not emitted): an explicit list (lib/codegen/NotEmitted.cpp), not a fallback.
std::vector<std::string> opsNotEmitted();

}  // namespace ptoc::codegen
