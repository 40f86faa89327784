// Statement-level core affinity rollup and tile.move direction.
#include "ptoc/analysis/CoreAffinity.h"

#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::analysis {

using namespace ir;

CVDirection classifyMoveDirection(const Call& call) {
  if (!isOp(call, OpId::Move) || call.args.empty()) return CVDirection::None;
  const auto* src = call.args[0]->type ? call.args[0]->type->as<TileType>() : nullptr;
  std::optional<MemorySpace> target = call.op->deduceOutputMemory(call.args, call.kwargs);
  if (!src || !src->memory || !target) return CVDirection::None;
  bool srcCube = isCubeMemorySpace(*src->memory), dstCube = isCubeMemorySpace(*target);
  if (srcCube && !dstCube) return CVDirection::CubeToVector;
  if (!srcCube && dstCube) return CVDirection::VectorToCube;
  return CVDirection::None;
}

namespace {

class AffinityRollup : public IRVisitor {
 public:
  CoreAffinity result = CoreAffinity::Shared;

  // Mixed absorbs every other affinity: stop walking once it is reached.
  void visitExpr(const ExprPtr& e) override {
    if (result != CoreAffinity::Mixed) IRVisitor::visitExpr(e);
  }
  void visitStmt(const StmtPtr& s) override {
    if (result != CoreAffinity::Mixed) IRVisitor::visitStmt(s);
  }

 protected:
  void visitCall(const Call& c) override {
    result = combineAffinity(result, classifyCallAffinity(c));
    IRVisitor::visitCall(c);
  }
};

}  // namespace

CoreAffinity exprAffinity(const ExprPtr& e) {
  AffinityRollup r;
  if (e) r.visitExpr(e);
  return r.result;
}

CoreAffinity stmtAffinity(const StmtPtr& s) {
  AffinityRollup r;
  if (s) r.visitStmt(s);
  return r.result;
}

const Call* leafCall(const Stmt& s) {
  if (const auto* a = s.as<AssignStmt>()) return a->value ? a->value->as<Call>() : nullptr;
  if (const auto* e = s.as<EvalStmt>()) return e->expr ? e->expr->as<Call>() : nullptr;
  return nullptr;
}

}  // namespace ptoc::analysis
