// verify-codegen-legality (architecture §5.2): the final IR of the SIMD-VF pipeline is
// emittable. Inside every SIMD_VF region no parallel loop is left; every register or mask value
// (VReg / Mask type) is defined and used inside one region (a pto.vecscope is resultless, so a
// vector value may not escape it, ptoas-facts §2.3); every vmi call's operands are typed.
#include <fmt/format.h>

#include <map>

#include "SimdVfAnalysis.h"
#include "ptoc/analysis/VectorDefs.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {

using namespace ir;

namespace {

constexpr std::string_view kPrefix = "VerifyPTOCodegenLegality";

bool isVectorType(const TypePtr& t) { return t->isa<VRegType>() || t->isa<MaskType>(); }

class Legality final : public IRVisitor {
 public:
  explicit Legality(DiagnosticEngine& diag) : diag_(diag) {}

  void visitStmt(const StmtPtr& s) override {
    if (!s) return;  // an `if` without `else`
    Span saved = at_;
    at_ = s->span;
    IRVisitor::visitStmt(s);
    at_ = saved;
  }
  void visitSimdVfScope(const SimdVfScopeStmt& s) override {
    int saved = region_;
    region_ = next_++;
    IRVisitor::visitSimdVfScope(s);
    // A value assigned in the region, but not on every path before a read: the read would need
    // the register of an earlier execution of the region (the escape check finds the others).
    if (auto u = analysis::firstUndefinedVectorUse(s); u && u->assignedInside)
      fail(fmt::format("vector value `{}` ({}) of region #{} is read before it is assigned on "
                       "every path from the start of the region; registers do not survive the "
                       "end of a vecscope",
                       u->var->name, typeToString(*u->var->type), region_),
           u->use);
    region_ = saved;
  }
  void visitFor(const ForStmt& f) override {
    if (region_ >= 0 && f.forKind == ForKind::Parallel)
      fail(fmt::format("a parallel loop (`{}`) is left in region #{}; codegen emits only VMI "
                       "inside a vecscope (run vectorize-parallel)",
                       f.loopVar->name, region_),
           f.span);
    IRVisitor::visitFor(f);
  }
  void visitDef(const VarPtr& v) override {
    if (!isVectorType(v->type)) return;
    if (region_ < 0)
      fail(fmt::format("vector value `{}` ({}) is defined outside a SIMD_VF region", v->name,
                       typeToString(*v->type)),
           v->span);
    home_[v.get()] = region_;
  }
  void visitVar(const Var& v) override {
    if (!isVectorType(v.type)) return;
    auto it = home_.find(&v);
    if (it != home_.end() && it->second != region_)
      fail(fmt::format("vector value `{}` ({}) of region #{} escapes its vecscope (used {}); a "
                       "pto.vecscope is resultless",
                       v.name, typeToString(*v.type), it->second,
                       region_ < 0 ? std::string("outside any region")
                                   : fmt::format("in region #{}", region_)),
           at_);
  }
  void visitCall(const Call& c) override {
    if (c.op && c.op->vmi != VmiCategory::None)
      for (const auto& a : c.args)
        if (a->type->isa<UnknownType>())
          fail(fmt::format("an operand of {} has no type", c.callee), c.span);
    IRVisitor::visitCall(c);
  }

 private:
  [[noreturn]] void fail(std::string msg, Span span) {
    simdvf::report(diag_, kPrefix, {"", std::move(msg), span, ""});
  }
  DiagnosticEngine& diag_;
  int region_ = -1, next_ = 0;
  Span at_;  // the statement being checked
  std::map<const Var*, int> home_;
};

class VerifyCodegenLegalityPass final : public Pass {
 public:
  std::string_view name() const override { return "verify-codegen-legality"; }
  std::string_view description() const override {
    return "the SIMD-VF output is emittable: no parallel loop left in a region, no vector value "
           "escaping its vecscope, typed vmi operands";
  }
  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    for (const auto& f : program->functions) {
      Legality l(ctx.diag);
      l.visitStmt(f->body);
    }
    return program;
  }
};

}  // namespace

void registerVerifyCodegenLegalityPass() {
  PassRegistry::instance().add("verify-codegen-legality",
                               [] { return std::make_unique<VerifyCodegenLegalityPass>(); });
}

}  // namespace ptoc
