// The IR printer's private interface, shared by its two files: PrinterExpr.cpp
// (names, types, expressions) and Printer.cpp (statements, functions, programs and
// the public API of ptoc/ir/Printer.h). Private to lib/ir.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "PrintNames.h"
#include "ptoc/ir/Function.h"

namespace ptoc::ir {
/// Has any pl.dynamic dim been interned (Type.cpp)? Until then no Var is one.
bool anyDynamicDimVars();
}  // namespace ptoc::ir

namespace ptoc::ir::print_detail {

// ---------------------------------------------------------------------------
// Precedence (Python, low to high).

enum Prec : int {
  kLowest = 0,
  kOr = 3,
  kAnd = 4,
  kNot = 5,
  kCmp = 6,
  kBitOr = 7,
  kBitXor = 8,
  kBitAnd = 9,
  kShift = 10,
  kAdd = 11,
  kMul = 12,
  kUnary = 13,
  kPow = 14,
  kPrimary = 15,
  kAtom = 16,
};

int binaryPrec(BinaryOp op);

/// Whether `e` is absent or the INDEX constant `v` (a default loop bound / step).
bool isIndexConst(const ExprPtr& e, int64_t v);

// ---------------------------------------------------------------------------
// Bare literals. The binder gives a bare literal (`5`, `-2.5`) the dtype of the
// value it meets (the other operand of a scalar operator, the annotation of an
// assignment, the element dtype of a store, the tile operand of an op call, ...).
// The printer mirrors that: a constant prints bare only where the binder will
// give it back its own dtype, and as `pl.const(v, pl.DT)` elsewhere.

/// The literal context of an expression position: none, a dtype, or "never bare"
/// (the operand of unary minus, which the binder would fold into the literal).
constexpr int kNoContext = -1;
constexpr int kNeverBare = -2;

/// The literal context of a position bound against type `t` (its scalar dtype).
int dtypeContext(const TypePtr& t);

// ---------------------------------------------------------------------------
// The printer.

class Printer {
 public:
  explicit Printer(std::string& out) : out_(out) {}

  void program(const Program& p);
  void function(const Function& f, int indent);
  /// Prints a statement (a Seq: all of them) as lines at `indent`.
  void stmts(const Stmt* s, int indent);
  /// `literalContext`: see kNoContext / kNeverBare / dtypeContext.
  void expr(const Expr& e, int minPrec = kLowest, int literalContext = kNoContext);
  void type(const Type& t, bool full);

  /// Starts a new naming scope rooted at `root` (hints collected lazily from it).
  void beginNames(const Function* f, const Stmt* s, const Expr* e) {
    recent_.clear();
    renamed_.clear();
    taken_.clear();
    hints_.clear();
    nextSuffix_.clear();
    hintsCollected_ = false;
    blockedTaken_ = false;
    rootFunction_ = f;
    rootStmt_ = s;
    rootExpr_ = e;
  }
  void setClassForm(bool classForm) { classForm_ = classForm; }
  void blockFunctionNames(const Program& p) {
    for (const auto& f : p.functions) {
      blockedFunctions_.insert(f->name);
      blockedFunctionList_.push_back(f->name);
    }
  }
  void setRawNames(bool raw) { rawNames_ = raw; }
  /// No variable takes the name of a pl.dynamic dim a signature's tensor type names
  /// (`M = pl.dynamic("M")` is declared at the top; a variable `M` would shadow it).
  void blockDynamicDimNames(const Program& p);
  /// The module-level pl.dynamic dims the printed types named, in order of first use.
  const std::vector<std::string>& dynamicDims() const { return dynamicDims_; }
  /// Whether the text names PyPTO's distributed module (`pld.` types or ops): the
  /// program then imports it. Recorded while printing, so the text is not searched.
  bool usesPld() const { return usesPld_; }

 private:
  /// Sizes the name table and the output for printing `f`.
  void reserveFor(const Function& f);
  void indent(int n) { out_.append(static_cast<size_t>(n) * 4, ' '); }
  void body(const StmtPtr& s, int indent);
  /// `, deps=[...], no_dep_args=[...], dumps=[...], key=value...` of a task scope.
  void taskKeywords(const ExprPtr& deps, const ExprPtr& noDepArgs, const ExprPtr& dumps,
                    const AttrList& attrs);
  /// ` as tid` when the scope defines its task id.
  void taskIdTarget(const std::vector<VarPtr>& taskId);
  void stmt(const Stmt& s, int indent);
  void exprList(const std::vector<ExprPtr>& es);
  void varName(const Var& v) { out_ += name(v); }
  std::string_view name(const Var& v);
  std::string_view lookupName(const Var& v);
  std::string_view newName(const Var& v);
  /// Enters the blocked names into taken_, owned by no variable.
  void takeBlockedNames();
  bool nameFree(std::string_view n, uint64_t h, bool checkHints);
  void collectHints();
  void call(const Call& c);
  void constInt(const ConstInt& c, bool bare);
  void constFloat(const ConstFloat& c, bool bare);
  void opArgs(const std::vector<ExprPtr>& args);
  /// PyPTO's call-site attributes of `kwargs` (CallAttrs.h) as one `attrs={...}` dict, after
  /// ", " unless `first`; nothing when there are none.
  void callAttrDict(const AttrList& kwargs, bool first);
  void functionArgs(const Call& c);
  int precOf(const Expr& e, bool bareLiteral) const;
  template <typename VarPtrT>
  void tupleTargets(const std::vector<VarPtrT>& vs);
  void initValues(const std::vector<IterArgPtr>& ias);
  void yieldStmt(const YieldStmt& y);
  void forStmt(const ForStmt& f, int ind);
  void whileStmt(const WhileStmt& w, int ind);
  void inCoreScope(const InCoreScopeStmt& s, int ind);
  void tileView(const TileType& t, bool full);
  void tensorView(const TensorView& v, bool full);

  std::string& out_;
  bool inTensorType_ = false;  // printing a tensor type's extents / view
  bool usesPld_ = false;       // printed a `pld.` name (usesPld())
  std::vector<std::string> dynamicDims_;
  bool classForm_ = false;
  bool rawNames_ = false;  // short type forms: hints as they are, no uniquing
  RecentNames recent_;
  VarNameMap renamed_;  // the variables not printed as their own hint
  TakenNames taken_;
  ViewSet hints_;
  NameArena arena_;
  std::unordered_map<std::string_view, int64_t> nextSuffix_;  // views stable names
  std::string scratch_;                                       // a candidate name being built
  struct TileText {
    const TileType* key = nullptr;  // the last tile printed (it outlives the printer)
    std::string text;
  };
  TileText lastTile_[2];      // per `full`
  ViewSet blockedFunctions_;  // views Function names (they outlive the printer)
  std::vector<std::string_view> blockedFunctionList_;  // the same names
  bool blockedTaken_ = false;                          // whether taken_ holds the blocked names
  bool hintsCollected_ = false;
  const Function* rootFunction_ = nullptr;
  const Stmt* rootStmt_ = nullptr;
  const Expr* rootExpr_ = nullptr;
  std::vector<const std::vector<VarPtr>*> yieldTargets_;
  const Function* currentFunction_ = nullptr;
  std::unordered_map<std::string_view, const Function*> functions_;  // of the program
};

}  // namespace ptoc::ir::print_detail
