// stamp-tfree-split (pypto-facts §3.10, §8.2): every system.tfree_to_aic / tfree_to_aiv gets
// the split code (and the pipe id, when the tpop names one) of the tpop that produced the
// tile it releases, so the free names the slot layout it releases. Errors: a tfree whose
// tile is not the result of a tpop of the same function, a tfree releasing toward the wrong
// core (tfree_to_aic frees a tile popped from the AIC, tfree_to_aiv one popped from the AIV),
// and a tfree whose own pipe id differs from its tpop's.
// Properties: none required (it checks its own pairing, so a hand-written program whose frees
// go the wrong way gets this pass's diagnostic), none produced or invalidated.
#include <fmt/format.h>

#include <unordered_map>

#include "ptoc/ir/Mutator.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/transforms/Pass.h"

namespace ptoc {
namespace {

using namespace ir;

struct PopInfo {
  bool fromAic = false;  // tpop_from_aic (AIV side) vs tpop_from_aiv (AIC side)
  int64_t split = 0;
  std::optional<int64_t> id;
  Span span;
};

class PopScan : public IRVisitor {
 public:
  std::unordered_map<const Var*, PopInfo> pops;

 protected:
  void visitAssign(const AssignStmt& a) override {
    IRVisitor::visitAssign(a);
    const auto* c = a.value ? a.value->as<Call>() : nullptr;
    if (!c || (c->callee != "tile.tpop_from_aic" && c->callee != "tile.tpop_from_aiv")) return;
    PopInfo info;
    info.fromAic = c->callee == "tile.tpop_from_aic";
    if (const auto* s = getAttr<int64_t>(c->kwargs, "split")) info.split = *s;
    if (const auto* id = getAttr<int64_t>(c->kwargs, "id")) info.id = *id;
    info.span = c->span;
    pops[a.var.get()] = info;
  }
};

class Stamper : public IRMutator {
  void reportWithNote(Span span, std::string msg, std::vector<std::pair<Span, std::string>> notes,
                      std::string hint) {
    Diagnostic d;
    d.span = span;
    d.message = std::move(msg);
    d.notes = std::move(notes);
    d.hint = std::move(hint);
    diag_.report(std::move(d));
  }

 public:
  Stamper(const Function& f, const std::unordered_map<const Var*, PopInfo>& pops,
          DiagnosticEngine& diag)
      : f_(f), pops_(pops), diag_(diag) {}

 protected:
  ExprPtr mutateCall(const std::shared_ptr<const Call>& e) override {
    ExprPtr m = IRMutator::mutateCall(e);
    const auto* c = m->as<Call>();
    if (!c || (c->callee != "system.tfree_to_aic" && c->callee != "system.tfree_to_aiv")) return m;
    const bool toAic = c->callee == "system.tfree_to_aic";
    const auto* v = c->args.empty() ? nullptr : c->args[0]->as<Var>();
    auto it = v ? pops_.find(v) : pops_.end();
    if (it == pops_.end()) {
      diag_.error(c->span,
                  fmt::format("stamp-tfree-split: {} in '{}' releases '{}', which is not the "
                              "result of a tpop in this function, so its slot is unknown",
                              c->callee, f_.name, v ? v->name : "a tile"),
                  fmt::format("pass the variable a pl.tile.{} call assigned",
                              toAic ? "tpop_from_aic" : "tpop_from_aiv"));
      throw CompileError();
    }
    const PopInfo& p = it->second;
    if (p.fromAic != toAic) {
      reportWithNote(
          c->span,
          fmt::format("stamp-tfree-split: {} releases '{}', but that tile was popped {} the "
                      "{}; the free must go back to the core that pushed it",
                      c->callee, v->name, "from", p.fromAic ? "AIC" : "AIV"),
          {{p.span, "popped here"}},
          fmt::format("use pl.system.{}", p.fromAic ? "tfree_to_aic" : "tfree_to_aiv"));
      throw CompileError();
    }
    const auto* id = getAttr<int64_t>(c->kwargs, "id");
    if (id && (!p.id || *p.id != *id)) {
      reportWithNote(
          c->span,
          fmt::format("stamp-tfree-split: {} releases '{}' on pipe id {}, but it was popped "
                      "from pipe id {}",
                      c->callee, v->name, *id, p.id ? *p.id : 0),
          {{p.span, "popped here"}}, "drop the id of the tfree, or make it the tpop's");
      throw CompileError();
    }
    AttrList kw{{"split", p.split}};
    if (p.id) kw.emplace_back("id", *p.id);
    return createOpCall(*c->op, c->args, kw, c->span, diag_);
  }

 private:
  const Function& f_;
  const std::unordered_map<const Var*, PopInfo>& pops_;
  DiagnosticEngine& diag_;
};

class StampTfreeSplitPass final : public Pass {
 public:
  std::string_view name() const override { return "stamp-tfree-split"; }
  std::string_view description() const override {
    return "copies each tpop's split code and pipe id onto the tfree that releases its tile";
  }

  ProgramPtr run(const ProgramPtr& program, PassContext& ctx) override {
    return mapFunctions(program, [&](const FunctionPtr& f) -> FunctionPtr {
      if (f->funcType != FunctionType::AIC && f->funcType != FunctionType::AIV) return f;
      PopScan scan;
      scan.visitStmt(f->body);
      Stamper st(*f, scan.pops, ctx.diag);
      return st.mutateFunction(f);
    });
  }
};

}  // namespace

void registerStampTfreeSplitPass() {
  PassRegistry::instance().add("stamp-tfree-split",
                               [] { return std::make_unique<StampTfreeSplitPass>(); });
}

}  // namespace ptoc
