// The `T` (TileLang) dialect front end (dsl.md §6). A `T` kernel is rewritten, syntax tree
// to syntax tree, into the `pl` program it means; the `pl` binder then binds that program,
// so both dialects reach the same IR through one binder. The rewrite keeps the spans of
// the `T` source, so every diagnostic (its own and the binder's) points at the `T` text.
//
//   @T.prim_func def f(A: T.Tensor((n,), "float32"), ...)  ->  @pl.function(type=AIV) def f(...)
//   T.alloc_shared(shape, dtype)     ->  pl.tile.create(shape, dtype=, target_memory=pl.Mem.Vec)
//   T.copy(GM, ub) / T.copy(ub, GM)  ->  ub = pl.load(GM, off, shape) / GM = pl.store(ub, off, GM)
//   T.SimdVF(lanes=L), T.Parallel    ->  pl.simd_vf(lanes=L), pl.parallel
//   T.Select / T.min / T.max / T.cast / T.Cast / T.infinity / T.float32(x) -> pl.* forms
//
// Python constants (module-level or function-level `N = 256`, and the kernel factory
// parameters the harvest fills in) are folded: shapes, extents and `if` tests over them
// are evaluated here. Private to the front end.
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ptoc/frontend/Ast.h"
#include "ptoc/ir/DType.h"

namespace ptoc::frontend {

/// True if the module holds a `@T.prim_func` function.
bool usesTDialect(const Module& m);

class TLowering {
 public:
  TLowering(const SourceManager& sm, DiagnosticEngine& diag, Module& out)
      : sm_(sm), diag_(diag), out_(out) {}
  /// Fills `out` (given to the constructor) with the `pl` form of `m`.
  void lowerModule(const Module& m);

 private:
  /// A Python constant known at rewrite time.
  struct Const {
    enum Kind { Int, Float, Bool, Str, DType } kind = Int;
    int64_t i = 0;
    double f = 0;
    bool b = false;
    std::string s;  // Str
    ir::DType dt = ir::DType::FP32;
  };
  struct BufferInfo {
    bool gm = false;  // a tensor parameter (global memory), else a UB buffer
    std::vector<int64_t> shape;
    ir::DType dtype = ir::DType::FP32;
  };
  /// One side of a T.copy: a buffer and a box (offsets and extents; an extent may be
  /// unknown when the slice bounds are not constants).
  struct Region {
    std::string_view name;
    const BufferInfo* info = nullptr;
    std::vector<ExprPtr> offsets;
    std::vector<std::optional<int64_t>> extents;
    bool whole = true;
    Span span;
  };

  [[noreturn]] void fail(Span span, const std::string& message, std::string hint = {}) const;

  // ---- program (TBindProgram.cpp) ----------------------------------------------------
  StmtPtr lowerFunction(const FunctionDef& def);
  void scanDirections(const StmtList& body);
  std::vector<StmtPtr> lowerBlock(const StmtList& body);
  void lowerStmt(const Stmt& s, std::vector<StmtPtr>& out);
  void lowerStmtImpl(const Stmt& s, std::vector<StmtPtr>& out);
  /// T.fill(buf, v) / T.clear(buf) (TBindCopy.cpp).
  void lowerFill(const CallExpr& c, std::vector<StmtPtr>& out);
  /// `A[i] = v` / a read of `A[i]` for a global tensor A outside a region (TBindCopy.cpp):
  /// through a one-element tile.
  void lowerGlobalStore(const SubscriptExpr& target, const Expr& value, std::vector<StmtPtr>& out);
  ExprPtr lowerGlobalLoad(const SubscriptExpr& e);
  std::vector<ExprPtr> globalIndices(const SubscriptExpr& e, size_t rank);
  void lowerWith(const WithStmt& s, size_t item, std::vector<StmtPtr>& out);
  void lowerFor(const ForStmt& s, std::vector<StmtPtr>& out);
  void lowerAssign(const AssignStmt& s, std::vector<StmtPtr>& out);
  void lowerCopy(const CallExpr& c, std::vector<StmtPtr>& out);
  Region region(const Expr& e);
  /// `for i in T.Parallel(M, N)` style loops over `targets` (names) with pl.<kind>.
  size_t pushLoopVars(const std::vector<ExprPtr>& targets);
  StmtPtr nestLoops(const std::vector<ExprPtr>& targets, const std::vector<ExprPtr>& extents,
                    std::string_view plKind, StmtList body, Span span);

  // ---- expressions (TBindExpr.cpp) ---------------------------------------------------
  ExprPtr lowerExpr(const Expr& e);
  ExprPtr lowerCall(const CallExpr& c);
  ExprPtr lowerVmiCall(const CallExpr& c, std::string_view op);
  /// round= / sat= of a cast: accepted when they name what ptoc's conversion does.
  void checkCastOptions(const CallExpr& c, ir::DType to) const;
  std::optional<Const> evalConst(const Expr& e) const;
  std::optional<int64_t> evalInt(const Expr& e) const;
  ir::DType dtypeOf(const Expr& e) const;  // fails with a diagnostic
  std::optional<ir::DType> tryDType(const Expr& e) const;
  std::vector<int64_t> shapeOf(const Expr& e, const char* what) const;
  [[noreturn]] void unsupported(const Expr& e, std::string_view name) const;
  std::string tName(const Expr& e) const;  // "T.copy" for an attribute chain under T, else ""

  // ---- node builders (TBindExpr.cpp) -------------------------------------------------
  template <class T>
  T* make(Span s) {
    return out_.arena.make<T>(s);
  }
  template <class T>
  AstList<T> list(std::vector<T> v) {
    return out_.arena.moveArray(v.data(), v.size());
  }
  std::string_view keep(std::string s);  // stable storage for new identifier text
  ExprPtr name(std::string_view id, Span s);
  ExprPtr path(std::string_view dotted, Span s);  // "pl.tile.create" -> attribute chain
  ExprPtr call(ExprPtr func, std::vector<ExprPtr> args, std::vector<Keyword> kws, Span s);
  Keyword kw(std::string_view n, ExprPtr v, Span s);
  ExprPtr intLit(int64_t v, Span s);
  ExprPtr listOf(std::vector<ExprPtr> elts, Span s);
  ExprPtr shapeList(const std::vector<int64_t>& shape, Span s);
  ExprPtr dtypeExpr(ir::DType d, Span s);  // pl.FP32
  ExprPtr constExpr(const Const& c, Span s);
  ExprPtr binop(BinOpKind op, ExprPtr a, ExprPtr b, Span s);
  StmtPtr assign(ExprPtr target, ExprPtr value, Span s);
  StmtPtr exprStmt(ExprPtr e, Span s);

  const SourceManager& sm_;
  DiagnosticEngine& diag_;
  Module& out_;
  std::deque<std::string> strings_;
  /// Python constants by name; a function body shadows the module level.
  std::vector<std::map<std::string, Const, std::less<>>> consts_;
  std::map<std::string, BufferInfo, std::less<>> buffers_;
  std::set<std::string, std::less<>> gmRead_, gmWritten_;
  std::map<std::string, int, std::less<>> nameAssigns_;  // `name = ...` statements per name
  int tempCounter_ = 0;
  /// Loop variables in scope: TileLang loop variables are int32 values, so a use outside
  /// an index position reads as pl.cast(i, pl.INT32).
  std::vector<std::string_view> loopVars_;
  bool inIndex_ = false;
  int simdDepth_ = 0;                           // inside T.SimdVF
  std::vector<StmtPtr>* pendingOut_ = nullptr;  // the statement list being filled
};

}  // namespace ptoc::frontend
