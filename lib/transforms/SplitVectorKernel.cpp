// split-vector-kernel (pypto-facts §3.9, §8.2): after expand-mixed-kernel, makes every AIV
// function that runs on both vector lanes say so, in source order:
//  1. AIC / AIV functions stamped split_aiv: the body is already per lane. A function-level
//     split mode is re-stamped first; an AIV function gets dual_aiv_dispatch=True (with or
//     without a mode: a multi-mode / NONE-region function runs on both lanes too).
//  2. Hand-written standalone split kernels (AIC / AIV, not split_aiv, whose `split` attr or
//     pipe split codes ask for a split): the AIV body is halved with lower-auto-vector-split's
//     machinery (splitvec/Standalone.cpp); an AIC function only gets its `split` stamped.
//     An AIV kernel already stamped dual_aiv_dispatch is per lane as written (hand-written
//     per lane, or halved by this pass before): only its `split` is stamped (a departure:
//     the reference would halve it again; the simulator runs it per lane, as ptoc does).
//  3. A2/A3 AIV functions stamped dual_aiv_dispatch without a split mode (a no-split mixed
//     kernel): the body becomes `if subblock_idx == 0: <body> else: <lane-1 replay>`
//     (splitvec/Replay.cpp) — lane 1 repeats every handshake and writes nothing.
//  4. Anything else passes through. An external_source kernel (its code is elsewhere) keeps
//     its body; an AIV one that asks for both lanes (split_aiv, a split mode,
//     dual_aiv_dispatch) is stamped dual_aiv_dispatch=True.
// Properties: requires MixedKernelExpanded; produces VectorKernelSplit.
#include <fmt/format.h>

#include "ptoc/ir/FunctionAttrs.h"
#include "ptoc/ir/FunctionBuilder.h"
#include "ptoc/transforms/Pass.h"
#include "splitvec/SplitVec.h"

namespace ptoc {

namespace {

using namespace ir;
using namespace splitvec;

class SplitVectorKernelPass final : public Pass {
 public:
  std::string_view name() const override { return "split-vector-kernel"; }
  std::string_view description() const override {
    return "stamps split / dual_aiv_dispatch on split_aiv AIC / AIV functions; the lane-1 "
           "replay of A2/A3 no-split dual-dispatch AIV functions";
  }
  IRPropertySet required() const override { return {IRProperty::MixedKernelExpanded}; }
  IRPropertySet produced() const override { return {IRProperty::VectorKernelSplit}; }

  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    return mapFunctions(program, [&](const FunctionPtr& f) -> FunctionPtr {
      if (f->funcType != FunctionType::AIC && f->funcType != FunctionType::AIV) return f;
      const bool* splitAiv = getAttr<bool>(f->attrs, fnattr::kSplitAiv);
      const SplitMode* mode = getAttr<SplitMode>(f->attrs, fnattr::kSplit);
      const bool hasMode = mode && *mode != SplitMode::None;
      const bool* dual = getAttr<bool>(f->attrs, fnattr::kDualAivDispatch);
      if (findAttr(f->attrs, fnattr::kExternalSource)) {
        // The code is elsewhere: no body to halve or replay; an AIV kernel that asks for
        // both lanes (split_aiv, a split mode, dual_aiv_dispatch) is dispatched to both.
        if (f->funcType != FunctionType::AIV ||
            !((splitAiv && *splitAiv) || hasMode || (dual && *dual)))
          return f;
        // In place (not restamped first): the decorator's external_source stays first.
        AttrList attrs = withAttr(f->attrs, fnattr::kDualAivDispatch, true);
        return attrs == f->attrs ? f : withBody(*f, f->body, std::move(attrs));
      }
      if (splitAiv && *splitAiv) {
        AttrList set;
        if (hasMode) set.emplace_back(fnattr::kSplit, *mode);
        if (f->funcType == FunctionType::AIV) set.emplace_back(fnattr::kDualAivDispatch, true);
        if (set.empty()) return f;
        AttrList attrs = restampAttrs(f->attrs, set, {});
        if (attrs == f->attrs) return f;
        return withBody(*f, f->body, std::move(attrs));
      }
      if (SplitMode m = standaloneSplitMode(*f, ctx.diag); m != SplitMode::None) {
        // An AIV kernel already marked dual_aiv_dispatch runs on both lanes as written (its
        // author wrote it per lane, or this pass halved it before): only `split` is stamped,
        // as the simulator runs it. Unmarked, it is written full width and halved.
        if (f->funcType == FunctionType::AIV && !(dual && *dual))
          return halveStandaloneAiv(*f, m, ctx.diag);
        AttrList attrs = restampAttrs(f->attrs, {{fnattr::kSplit, m}}, {});
        return attrs == f->attrs ? f : withBody(*f, f->body, std::move(attrs));
      }
      if (f->funcType == FunctionType::AIV && dual && *dual && !hasMode &&
          ctx.arch == target::Arch::A2A3)
        return replayNoSplitDualAiv(*f, ctx.diag);
      return f;
    });
  }
};

}  // namespace

void registerSplitVectorKernelPass() {
  PassRegistry::instance().add("split-vector-kernel",
                               [] { return std::make_unique<SplitVectorKernelPass>(); });
}

}  // namespace ptoc
