// The conversion of one chunk of a unit body into VMI (tilelang-pto-facts §5.5), shared by
// verify-parallel (a dry run whose rejections become its diagnostics) and vectorize-parallel
// (the real run). One code path decides both what is admitted and what is emitted.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "SimdVfAnalysis.h"

namespace ptoc::simdvf {

class UnitConverter {
 public:
  /// `qVar` is the chunk loop variable (bounds [0, chunks)); the chunk starts at qVar * L.
  UnitConverter(const Unit& u, int region, DiagnosticEngine& diag, ir::VarPtr qVar,
                ir::ExprPtr chunkBase)
      : u_(u),
        region_(region),
        diag_(diag),
        q_(std::move(qVar)),
        chunkBase_(std::move(chunkBase)) {}

  /// Appends the VMI statements of one chunk under `mask` to `out`. Returns false and appends
  /// the reason to `problems` when the unit is outside the admitted subset.
  bool convertChunk(const ir::ExprPtr& mask, std::vector<ir::StmtPtr>& out,
                    std::vector<Problem>& problems);

  /// Plan B: buffers of the region carried in registers (every access of them in this unit is
  /// at the unit's own lane index; vectorize-parallel checks that before it sets them).
  void setRegionCarried(const std::map<const ir::Var*, ir::VarPtr>* c) { regionCarried_ = c; }

  /// Buffers known not to alias one another (distinctBuffers): a store to one keeps the loaded
  /// vectors of the others, and loads of them that a loop shell does not write are hoisted
  /// before the loop. Null: every buffer may alias every other.
  void setDistinct(const std::set<const ir::Var*>* d) { distinct_ = d; }

  /// Where broadcasts of constants go: once per unit, before its loops (null: in place).
  void setPrologue(std::vector<ir::StmtPtr>* p) { prologue_ = p; }
  /// Where values that depend only on the kept (non-vectorized) coordinate of a 2-D unit go:
  /// once per kept row, before the chunk loop.
  void setKeptPrologue(std::vector<ir::StmtPtr>* p) { keptPrologue_ = p; }

 private:
  struct Val {
    ir::ExprPtr e;
    bool vec = false;  // a register or mask value; otherwise a lane-uniform scalar expression
  };
  struct Reject {
    Problem p;
  };
  [[noreturn]] void reject(std::string category, std::string message, Span span) const;

  void convertStmt(const ir::StmtPtr& s);
  // SimdVfShell.cpp: statement lists, loop shells, the canonical carry, per-lane scalars.
  void convertList(const std::vector<ir::StmtPtr>& body, bool top);
  void convertShell(const ir::ForStmt& f);
  /// Emits (before a loop shell) the vloads of its body that no iteration changes; returns
  /// the loaded vectors to keep and the buffers the body stores.
  std::set<const ir::Var*> hoistInvariantLoads(const ir::ForStmt& loop,
                                               const std::vector<ir::StmtPtr>& body);
  /// Forgets the loaded vectors a store to `b` may change.
  void forgetLoads(const ir::Var* b);
  /// A register that is assigned again later (per-lane scalar, carry): not a stable copy.
  bool reassigned(const ir::ExprPtr& v) const;
  static std::string loadKey(const ir::VarPtr& b, const ir::ExprPtr& start);
  bool mayAlias(const ir::Var* a, const ir::Var* b) const {
    return a == b || !distinct_ || !distinct_->count(a) || !distinct_->count(b);
  }
  bool tryCarry(const ir::StmtPtr& seed, const ir::StmtPtr& loop);
  void findLaneScalars(const ir::StmtPtr& body);
  void assignLaneScalar(const ir::AssignStmt& a);
  void assignTo(const ir::VarPtr& dst, const ir::ExprPtr& v, Span span);
  void checkIndices(const std::vector<ir::ExprPtr>& indices, Span span) const;
  static std::string addressKey(const ir::VarPtr& b, const std::vector<ir::ExprPtr>& idx);
  Val convert(const ir::ExprPtr& e);
  Val convertNode(const ir::ExprPtr& e);
  ir::ExprPtr storeMask(const ir::ExprPtr& pred, Span span);
  bool pure(const ir::ExprPtr& e) const;
  Val convertBinary(const ir::BinaryExpr& b, const ir::ExprPtr& e);
  Val convertLoad(const ir::BufferLoad& l);
  void checkBuffer(const ir::VarPtr& buffer, Span span) const;
  ir::ExprPtr emit(const char* kind, const char* op, std::vector<ir::ExprPtr> args,
                   ir::AttrList kwargs, Span span);
  void emitEffect(const char* op, std::vector<ir::ExprPtr> args, Span span);
  ir::ExprPtr toVector(const Val& v, ir::DType d, Span span);
  ir::ExprPtr toMask(const Val& v, Span span);
  /// Where the broadcast or mask of a lane-uniform scalar can be made once: the unit's
  /// prologue (it reads no variable of the unit and no memory), the kept row's (it reads the
  /// kept coordinate too), or null (in place).
  std::vector<ir::StmtPtr>* hoistTarget(const ir::ExprPtr& scalar);
  ir::ExprPtr emitHoisted(const char* kind, const char* op, const ir::ExprPtr& arg,
                          std::vector<ir::StmtPtr>* where, Span span);
  ir::ExprPtr castVector(const ir::ExprPtr& v, ir::DType to, Span span);
  ir::ExprPtr scalarAs(const ir::ExprPtr& s, ir::DType d) const;
  ir::DType dtypeOf(const ir::ExprPtr& e) const;
  ir::AttrList sizeKw() const;

  const Unit& u_;
  int region_;
  DiagnosticEngine& diag_;
  ir::VarPtr q_;
  ir::ExprPtr chunkBase_;
  ir::ExprPtr mask_;
  std::vector<ir::StmtPtr>* out_ = nullptr;
  std::map<const ir::Var*, ir::ExprPtr> defs_;        // unit-local binds (index aliases too)
  std::map<const ir::Var*, Val> values_;              // their converted values
  std::map<std::string, ir::ExprPtr> loads_;          // vloads of this chunk still valid
  std::map<std::string, const ir::Var*> loadBuffer_;  // their buffers
  std::map<const ir::Expr*, std::pair<Val, bool>>
      memo_;                                          // value, and whether it reads no memory
                                                      // converted expressions since the last store
  std::map<const ir::Var*, ir::VarPtr> laneScalars_;  // per-lane scalars -> their lane vector
  std::map<std::string, ir::ExprPtr> carried_;        // carried address -> its register
  std::map<std::string, ir::ExprPtr> predMasks_;      // store predicate -> its mask
  std::set<ir::ExprPtr> seeded_;                      // masks with no lane past the extent
  const std::map<const ir::Var*, ir::VarPtr>* regionCarried_ = nullptr;
  const std::set<const ir::Var*>* distinct_ = nullptr;
  std::vector<ir::StmtPtr>* prologue_ = nullptr;
  std::map<std::string, ir::ExprPtr> constBroadcasts_;  // constant (with dtype) -> its vbrc
  std::vector<ir::StmtPtr>* keptPrologue_ = nullptr;
  std::set<const ir::Var*> unitVars_;  // defined inside the unit (hoistTarget)
  bool unitVarsKnown_ = false;
  std::map<std::string, ir::ExprPtr> hoisted_;  // hoisted vbrc / mask -> its value
  int counter_ = 0;
};

}  // namespace ptoc::simdvf
