// Pre-pass of convert-to-ssa; see ConvertToSsaScan.h for the contract.
#include "ConvertToSsaScan.h"

#include "ptoc/ir/Visitor.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc {
namespace {

using namespace ir;

class Scanner : public IRVisitor {
 public:
  explicit Scanner(SsaScan& out) : out_(out) {}

  void scanStmt(const StmtPtr& s) {
    if (!s) return;
    index_ = ++counter_;
    switch (s->kind) {
      case StmtKind::Assign: {
        const auto& a = *s->as<AssignStmt>();
        visitExpr(a.value);
        if (!out_.firstValue.contains(a.var.get())) out_.firstValue.emplace(a.var.get(), a.value);
        define(a.var.get());
        return;
      }
      case StmtKind::Seq:
        for (const auto& c : s->as<SeqStmt>()->stmts) scanStmt(c);
        return;
      case StmtKind::If: {
        const auto& x = *s->as<IfStmt>();
        visitExpr(x.cond);
        enter(s.get());
        scanStmt(x.thenBody);
        scanStmt(x.elseBody);
        leave();
        for (const auto& v : x.returnVars) define(v.get());
        return;
      }
      case StmtKind::For: {
        const auto& x = *s->as<ForStmt>();
        visitExpr(x.start);
        visitExpr(x.stop);
        visitExpr(x.step);
        for (const auto& ia : x.iterArgs) visitExpr(ia->init);
        enter(s.get());
        scanStmt(x.body);
        leave();
        for (const auto& v : x.returnVars) define(v.get());
        return;
      }
      case StmtKind::While: {
        const auto& x = *s->as<WhileStmt>();
        for (const auto& ia : x.iterArgs) visitExpr(ia->init);
        visitExpr(x.cond);  // evaluated every iteration: a use at the loop head
        enter(s.get());
        scanStmt(x.body);
        leave();
        for (const auto& v : x.returnVars) define(v.get());
        return;
      }
      case StmtKind::InCoreScope: {
        const auto& x = *s->as<InCoreScopeStmt>();
        for (const auto& e : {x.deps, x.noDepArgs, x.dumps})
          if (e) visitExpr(e);
        scanStmt(x.body);
        for (const auto& v : x.taskId) define(v.get());
        return;
      }
      case StmtKind::SplitAivScope:
        scanStmt(s->as<SplitAivScopeStmt>()->body);
        return;
      case StmtKind::SimdVfScope:
        scanStmt(s->as<SimdVfScopeStmt>()->body);
        return;
      case StmtKind::RuntimeScope: {
        const auto& x = *s->as<RuntimeScopeStmt>();
        if (x.count) visitExpr(x.count);
        if (x.deps) visitExpr(x.deps);
        scanStmt(x.body);
        for (const auto& v : x.taskId) define(v.get());
        return;
      }
      case StmtKind::Eval:
      case StmtKind::BufferStore:
      case StmtKind::Yield:
      case StmtKind::Return:
      case StmtKind::Break:
      case StmtKind::Continue:
        visitStmt(s);  // uses only
        return;
    }
  }

 protected:
  void visitVar(const Var& v) override { out_.lastUse[&v] = index_; }

 private:
  struct Open {
    uint32_t region;  // index into out_.regionList (which grows while regions are open)
    PtrSet<Var> seen;
  };
  void enter(const Stmt* s) {
    auto [index, fresh] = out_.regionIndex.emplace(s, uint32_t(out_.regionList.size()));
    if (fresh) out_.regionList.emplace_back();
    SsaScan::Region& r = out_.regionList[*index];
    r = SsaScan::Region{};
    r.begin = counter_;
    stack_.push_back(Open{*index, {}});
  }
  void leave() {
    out_.regionList[stack_.back().region].end = counter_;
    stack_.pop_back();
  }
  void define(const Var* v) {
    for (auto& open : stack_)
      if (open.seen.insert(v)) out_.regionList[open.region].modified.push_back(v);
  }

  SsaScan& out_;
  uint32_t counter_ = 0;
  uint32_t index_ = 0;
  std::vector<Open> stack_;
};

}  // namespace

const SsaScan::Region& SsaScan::region(const ir::Stmt* s) const {
  const uint32_t* index = regionIndex.find(s);
  if (!index) throw InternalError("convert-to-ssa: statement missing from the scan");
  return regionList[*index];
}

SsaScan scanForSsa(const ir::Function& f) {
  SsaScan out;
  Scanner scanner(out);
  scanner.scanStmt(f.body);
  return out;
}

}  // namespace ptoc
