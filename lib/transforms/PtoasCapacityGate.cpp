// ptoasPlacesPair (lib/transforms/PtoasCapacityGate.h).
#include "PtoasCapacityGate.h"

#include <cstdlib>
#include <string_view>

#include "ptoc/analysis/BufferDemand.h"
#include "ptoc/codegen/PtoEmitter.h"
#include "ptoc/support/SourceManager.h"
#include "ptoc/target/PtoasPlacement.h"

namespace ptoc {

using namespace ir;

namespace {

/// The side-by-side bound (every tile of the function, none sharing space, plus the ring):
/// safe, loose; for programs the emitter cannot write.
bool fitsSideBySide(const Function& aic, const Function& aiv, target::Arch arch) {
  auto fits = [&](const Function& f, MemorySpace space, target::Buffer buf) {
    const analysis::BufferDemand d = analysis::bufferDemand(f, space, buf);
    return d.allTileBytes + d.ringBytes <= target::bufferBytes(arch, buf);
  };
  return fits(aiv, MemorySpace::Vec, target::Buffer::UB) &&
         fits(aic, MemorySpace::Mat, target::Buffer::L1) &&
         fits(aic, MemorySpace::Left, target::Buffer::L0A) &&
         fits(aic, MemorySpace::Right, target::Buffer::L0B) &&
         fits(aic, MemorySpace::Acc, target::Buffer::L0C);
}

/// The PTO text of `program` after the rest of `compile`, or an empty string when the
/// emitter reports a diagnostic (collected here, never printed).
std::string emitAsCompiled(const ProgramPtr& program, PassContext& ctx) {
  SourceManager sm;
  DiagnosticEngine diag(sm);
  diag.setPrintImmediately(false);
  PassContext quiet{diag, ctx.arch};
  try {
    ProgramPtr p = program;
    if (auto sched = PassRegistry::instance().create("schedule-cross-core"))
      p = sched->run(p, quiet);
    auto text = codegen::emitPto(*p, {ctx.arch}, diag);
    return text ? *text : std::string();
  } catch (const std::exception&) {
    // A diagnostic (CompileError) or an emitter failure: no PTO form to judge here; the
    // real emission reports it where it applies.
    return {};
  }
}

}  // namespace

GateVerdict ptoasPlacesPair(const ProgramPtr& program, const FunctionPtr& aic,
                            const FunctionPtr& aiv, PassContext& ctx) {
  if (const char* e = std::getenv("PTOC_ROTATION_GATE"); e && std::string_view(e) == "off")
    return GateVerdict::Fits;
  ProgramPtr candidate = mapFunctions(program, [&](const FunctionPtr& f) -> FunctionPtr {
    if (f->name == aic->name) return aic;
    if (f->name == aiv->name) return aiv;
    return f;
  });
  const std::string text = emitAsCompiled(candidate, ctx);
  if (text.empty())
    return fitsSideBySide(*aic, *aiv, ctx.arch) ? GateVerdict::Fits : GateVerdict::DoesNotFit;
  for (const auto& f : target::predictPtoasPlacement(text, ctx.arch))
    if ((f.name == aic->name || f.name == aiv->name) && !f.accepted())
      return GateVerdict::DoesNotFit;
  return GateVerdict::Fits;
}

}  // namespace ptoc
