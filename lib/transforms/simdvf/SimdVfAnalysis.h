// The analysis shared by the SIMD-VF passes (architecture §5.2; tilelang-pto-facts §5):
// region and unit discovery, the lane layout of a unit, access classification and the
// value admission of a unit body. verify-parallel reports what it finds; vectorize-parallel
// converts only what it admits, through the same functions, so the two cannot drift apart.
//
// Vocabulary: a *region* is a SimdVfScope; it is *converting* when it holds a parallel loop.
// A *unit* is an outermost parallel loop of a region (1-D), or such a loop whose body is
// exactly one more parallel loop (2-D). Its *vectorized* loop runs over the lanes: for an
// extent E and L lanes, index = chunk * L + lane over the padded extent P = ceil(E / L) * L,
// Q = P / L chunks. A 2-D unit's other loop is *kept* as a serial loop. After
// simdvf-layout-inference the vectorized loop of a 2-D unit is the inner one (canonical
// order): the layout is recorded by the loop order.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/ir/Stmt.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::simdvf {

/// A rejection: `[<pass>] <category>: <message> [at <context>]` at `span`.
struct Problem {
  std::string category;
  std::string message;
  Span span;
  std::string context;    // "region #0, unit #1 (loop var `i`, extent 150, lanes 128)"
  std::string pass = {};  // overrides the reporting pass's prefix (legalize's own rejections)
};

struct Unit {
  const ir::ForStmt* outer = nullptr;  // the outermost parallel loop
  const ir::ForStmt* inner = nullptr;  // 2-D: the second parallel layer
  int index = 0;                       // in its region, program order
  int64_t lanes = 0;
  ir::VarPtr vecVar, keptVar;  // keptVar: 2-D only
  int64_t extent = 0;          // E of the vectorized loop
  int64_t keptExtent = 1;      // K
  int64_t padded = 0;          // P
  int64_t chunks = 0;          // Q
  bool is2d() const { return inner != nullptr; }
  bool tail() const { return extent % lanes != 0; }
  /// The statements of the innermost loop body.
  ir::StmtPtr body;
  std::string context(int region) const;
};

struct Region {
  const ir::SimdVfScopeStmt* scope = nullptr;
  int index = 0;
  std::vector<Unit> units;
  bool converting = false;
};

/// How a buffer access moves with the lane.
enum class AccessKind { Continuous, Uniform };
struct Access {
  AccessKind kind = AccessKind::Uniform;
  /// The flat element offset of lane 0 of chunk `chunkBase` (continuous), or the scalar
  /// indices of the access with the vectorized variable at `chunkBase` (uniform).
  ir::ExprPtr start;
  std::vector<ir::ExprPtr> indices;
};

/// The cast plan (tilelang-pto-facts §5.6): whether a conversion `from` -> `to` has a VMI
/// equivalent; nullopt when it does, else the reason.
std::optional<std::string> planCast(ir::DType from, ir::DType to);

/// Scans the regions of a function. Problems of the scan itself (lanes, nest depth,
/// parallel loops under control flow) are appended to `problems`.
std::vector<Region> scanRegions(const ir::Function& f, std::vector<Problem>& problems);

/// The 2-D layout choice (tilelang-pto-facts §5.2): which of the two loops every access can
/// vectorize. Returns true for the inner loop, false for the outer one, nullopt (and a
/// problem) when neither works.
std::optional<bool> chooseVectorDim(const Unit& u, int region, std::vector<Problem>& problems);

/// Fills in the layout fields of a unit whose vectorized loop is `vec` (and kept `kept`).
void setLayout(Unit& u, const ir::ForStmt* vec, const ir::ForStmt* kept);

/// The admission of one unit: a dry run of the conversion (SimdVfConvert.h) over every
/// statement, value and access of its body. Appends the problem found (verify-parallel reports
/// it; vectorize-parallel meets it again in the real run).
void checkUnit(const Unit& u, int region, DiagnosticEngine& diag, std::vector<Problem>& problems,
               const std::set<const ir::Var*>* distinct = nullptr);

/// The tile variables of `f` that are separate buffers: every definition of each is a fresh
/// allocation (tile.create / tile.load / tile.full), never a view or another variable, so no
/// two of them alias.
std::set<const ir::Var*> distinctBuffers(const ir::Function& f);

/// Classifies an access of `buffer[indices]` in unit `u` with the vectorized variable at
/// `chunkBase` (an index expression: q * L); `aliases` maps unit-local index binds to their
/// values. On failure returns nullopt and fills `why`.
std::optional<Access> classifyAccess(const Unit& u, const ir::VarPtr& buffer,
                                     const std::vector<ir::ExprPtr>& indices,
                                     const ir::ExprPtr& chunkBase,
                                     const std::map<const ir::Var*, ir::ExprPtr>& aliases,
                                     std::string& why);

/// True if the expression mentions `v`.
bool mentions(const ir::ExprPtr& e, const ir::Var* v);
/// `e` with the variables of `subst` replaced.
ir::ExprPtr substitute(const ir::ExprPtr& e, const std::map<const ir::Var*, ir::ExprPtr>& subst);

/// Reports `p` as `[<pass>] <category>: <message> [at <context>]` and throws CompileError.
[[noreturn]] void report(DiagnosticEngine& diag, std::string_view pass, const Problem& p);

}  // namespace ptoc::simdvf
