// The `pl` binder: turns the syntax tree of a `pl` program into IR. Natural
// (non-SSA) code is represented faithfully: re-assigning a name with the same type
// re-defines the same Var, so a later convert-to-ssa pass sees the original
// data flow. Private to the front end; split over PlBind*.cpp by concern.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "ptoc/frontend/Ast.h"
#include "ptoc/ir/Function.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/FlatStringMap.h"

namespace ptoc::frontend {

class PlBinder {
 public:
  PlBinder(const SourceManager& sm, DiagnosticEngine& diag);

  ir::ProgramPtr bindModule(const Module& module);
  /// `ptoc --define NAME=VALUE`: each module holds one `NAME = VALUE` assignment. A define
  /// sets a builder function's parameter or overrides a module-level constant.
  void setDefines(std::span<const Module* const> defines);

 private:
  struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  // ---- errors ------------------------------------------------------------------------
  [[noreturn]] void fail(Span span, const std::string& message, std::string hint = {}) const;

  // ---- program / functions (PlBindProgram.cpp) ---------------------------------------
  struct Signature {
    const FunctionDef* def = nullptr;
    std::string name;
    ir::FunctionType type = ir::FunctionType::Opaque;
    std::vector<ir::VarPtr> params;
    std::vector<ir::ParamDirection> directions;
    std::vector<ir::TypePtr> returnTypes;
    ir::AttrList attrs;
    /// No `->` annotation: the result types are those of the first return (PyPTO infers them).
    bool inferReturns = false;
    bool returnsInferred = false;  // the first return has been bound
    /// strict_ssa=True (on the function or the program): every name is assigned once.
    bool strictSsa = false;
    /// auto_scope=True (the default): the compiler places AUTO runtime scopes.
    bool autoScope = true;
    /// A module-level @pl.function next to the @pl.program class: PyPTO adds it to the
    /// program; the class calls it by its bare name.
    bool moduleLevel = false;
  };
  /// `@pl.program(strict_ssa=True)`: PyPTO's keyword argument (every function is strict SSA).
  void bindProgramDecorator(const CallExpr& call);
  void collectSignature(const FunctionDef& def, bool inClass);
  ir::FunctionPtr bindFunctionBody(Signature& sig);
  ir::FunctionPtr bindFunctionBodyOnce(Signature& sig);
  ir::AttrList bindFuncAttrDict(const Expr& dict);
  ir::FunctionType bindFunctionDecorator(const FunctionDef& def, ir::AttrList& attrs);

  // ---- module-level names (PlBindConst.cpp) -----------------------------------------
  using ConstValue = std::variant<int64_t, double>;
  struct ModuleConst {
    std::optional<ConstValue> value;  // a number (`BLOCK = 64`, `N = BLOCK * 2`)
    const Expr* alias = nullptr;      // `DT = pl.FP16`: the expression it stands for
    bool dynamic = false;             // `M = pl.dynamic("M")`
    /// A builder parameter without a default or a --define, or a name computed from one:
    /// the parameter's name (it has no value).
    std::string unboundParam;
  };
  void bindModuleAssign(const AssignStmt& s);
  /// The constant `name = v` defines (a --define of `name` wins over `v`).
  ModuleConst evalModuleValue(std::string_view name, const Expr& v);
  /// The module constant named by `e` (a Name not shadowed by a kernel value), or null.
  const ModuleConst* moduleConst(const Expr& e) const;
  /// The first builder parameter without a value that `e` uses, or "".
  std::string unboundParamIn(const Expr& e) const;
  [[noreturn]] void failUnboundParam(const Expr& e, const std::string& param,
                                     std::string_view where) const;

  // ---- builder functions (PlBindBuilder.cpp) -----------------------------------------
  /// What the top level of a file (or of a builder function's body) declares.
  struct TopLevel {
    std::vector<const FunctionDef*> defs;
    /// Module-level @pl.function's of a file that also holds a @pl.program class.
    std::vector<const FunctionDef*> moduleDefs;
    std::string programName = "main";
    Span programSpan;
    bool sawClass = false, sawFunction = false;
  };
  void bindTopLevel(const StmtList& body, TopLevel& top);
  void bindProgramClass(const ClassDef& cls, TopLevel& top);
  /// A plain Python function around the program (`def build(rows, cols=64): @pl.program
  /// class ...; return P`): its parameters are constants (defaults / --define).
  static bool isBuilder(const FunctionDef& f);
  void bindBuilder(const FunctionDef& f, TopLevel& top);
  struct Define {
    const Expr* value;
    Span span;
    bool used = false;
  };
  std::unordered_map<std::string, Define, StringHash, std::equal_to<>> defines_;
  const FunctionDef* builder_ = nullptr;
  /// The value of a constant expression of literals and module constants, or nullopt.
  std::optional<ConstValue> evalConst(const Expr& e) const;
  /// Whether `e` (arithmetic of names and literals) names a module constant.
  bool usesModuleName(const Expr& e) const;
  /// A comparison chain / boolean of constant expressions, or nullopt.
  std::optional<bool> evalConstBool(const Expr& e) const;
  /// `e` is a module-level name standing for an enum member / dtype: that expression.
  const Expr* moduleAlias(const Expr& e) const;
  /// `e`, or the list / tuple a module-level name stands for (`SHAPE = [128, 64]`).
  const Expr& listValue(const Expr& e) const;
  bool isDynamicDim(const Expr& e) const;
  /// A use of module constants in a kernel: the folded literal (typed like a bare literal).
  ir::ExprPtr bindModuleConst(const Expr& e, const ir::TypePtr& expected);

  // ---- types (PlBindType.cpp) --------------------------------------------------------
  struct BoundAnnotation {
    ir::TypePtr type;
    ir::ParamDirection direction = ir::ParamDirection::In;
    bool hasView = true;    // false: pl.Tile without a TileView (view merges from deduction)
    bool hasMemory = true;  // false: pl.Tile without a memory space
    /// The pl.TileView(...) fields as written (the others come from the memory space's
    /// defaults; without a memory space, from the deduced one when merging).
    std::optional<ir::TileViewFields> viewFields;
  };
  BoundAnnotation bindAnnotation(const Expr& e, bool allowDirection);
  ir::TypePtr bindType(const Expr& e) { return bindAnnotation(e, false).type; }
  ir::DType bindDType(const Expr& e);
  std::vector<int64_t> bindStaticShape(const Expr& e, const char* what);
  /// A tensor shape: one extent per axis, a constant or a symbolic extent (a module-level
  /// pl.dynamic dim, an integer scalar in scope, arithmetic of them).
  std::vector<ir::ExprPtr> bindTensorShape(const Expr& e);
  /// One integer extent in a tensor type (shape, stride, valid_shape entries).
  ir::ExprPtr bindTensorExtent(const Expr& d, const char* what);
  ir::TileViewFields bindTileView(const CallExpr& call);
  /// `pl.MemRef(...)` in a type: a memory-planning detail ptoc reads and drops.
  bool isMemRef(const Expr& e) const;
  /// The slot rules of a pl.MemRef in a type (PlBindMemRef.cpp): at least one slot; only a
  /// MemRef of several slots is subscripted, within its slots; the declarations of one named
  /// buffer agree on its slot count.
  void checkMemRef(const Expr& e);
  std::unordered_map<std::string, int64_t, StringHash, std::equal_to<>> memRefSlots_;
  /// The items of pl.Tensor[...] after the dtype: a layout, pl.TensorView(...), pl.MemRef.
  /// The items after a tensor type's dtype: a layout, a pl.TensorView(...), a pl.MemRef(...)
  /// (read and dropped). Returns the view they give (nullopt: none).
  void bindTensorExtra(const Expr& e, std::optional<ir::TensorView>& view);
  /// Applies an annotation to a deduced type (annotation wins where it specifies a
  /// field; the rest must agree). Reports a mismatch at `span`.
  ir::TypePtr mergeAnnotation(const BoundAnnotation& ann, const ir::TypePtr& deduced, Span span);

  // ---- statements (PlBindStmt.cpp) ---------------------------------------------------
  /// Pending `a, b = pl.yield_(...)`: the LHS names of the yield that ends a body.
  struct YieldInfo {
    std::vector<std::string> names;
    std::vector<Span> nameSpans;
    std::vector<ir::TypePtr> types;
    std::vector<std::string> valueTexts;  // how each value is written (for hints)
    Span span;
  };
  ir::StmtPtr bindBlock(const StmtList& body, Span span, std::optional<YieldInfo>* yieldOut);
  ir::StmtPtr bindStmt(const Stmt& s, std::optional<YieldInfo>* yieldOut, bool isLast);
  ir::StmtPtr bindAssign(const AssignStmt& s, std::optional<YieldInfo>* yieldOut, bool isLast);
  /// PyPTO's fold in an Orchestration body: `n = pl.tensor.dim(x, 0)` where x's extent on that
  /// axis is a dynamic dimension of the signature binds `n` to the dimension itself (no
  /// statement); a later assignment to `n` makes a new variable. False when it does not apply.
  bool foldTensorDim(const AssignStmt& s, const NameExpr& target);
  ir::StmtPtr bindAugAssign(const AugAssignStmt& s);
  ir::StmtPtr bindExprStmt(const ExprStmt& s);
  ir::StmtPtr bindReturn(const ReturnStmt& s);
  /// Checks the values of a return against the declared results.
  ir::StmtPtr bindReturnValues(std::vector<ir::ExprPtr> values,
                               const std::vector<const Expr*>& asts, const ReturnStmt& s);
  ir::StmtPtr bindIf(const IfStmt& s);
  ir::StmtPtr bindFor(const ForStmt& s);
  ir::StmtPtr bindWhileLoop(const WhileStmt& s);
  /// `init_values=(a, b)` of a loop header.
  std::vector<ir::ExprPtr> bindInitValues(const Expr& value);
  /// Checks a loop's trailing yield against its iter_args and defines the results.
  std::vector<ir::VarPtr> bindLoopResults(const YieldInfo& y,
                                          const std::vector<ir::IterArgPtr>& iterArgs);
  ir::StmtPtr bindWhileIterLoop(const ForStmt& s, const CallExpr& call);
  ir::StmtPtr bindSplitAiv(const ForStmt& s, const CallExpr& call);
  /// `yieldOut`: set when the statement ends a loop / if body; the trailing pl.yield_ of an
  /// AUTO / MANUAL scope's body then yields for that body (it is moved after the scope).
  ir::StmtPtr bindWith(const WithStmt& s, std::optional<YieldInfo>* yieldOut = nullptr);
  /// `with pl.at(level=..., role=..., ...) [as tid]:` (PlBindAt.cpp): an InCore scope at
  /// CORE_GROUP, a hierarchy scope at any other level.
  ir::StmtPtr bindAt(const WithStmt& s, const CallExpr& call, const Expr* target);
  /// `optimizations=[pl.split(MODE), pl.cross_core_slot(slot_num=N)]` of pl.at / pl.spmd.
  void bindOptimizations(const Keyword& kw, std::string_view form,
                         std::optional<ir::SplitMode>& split, std::optional<int64_t>& slots);
  /// `deps=[tid, arr, None, ...]`: the producer task ids of a scope (a MakeTuple of
  /// Scalar[TASK_ID] / Array[N, TASK_ID] values).
  ir::ExprPtr bindScopeDeps(const Keyword& kw, std::string_view form);
  /// `no_dep_args=[t, ...]` / `dumps=[t, ...]`: distinct tensor names of the function.
  ir::ExprPtr bindScopeTensorList(const Keyword& kw, std::string_view form);
  /// The `as tid` variable of a task scope (a plain name; Scalar[TASK_ID]).
  ir::VarPtr bindScopeTaskId(const Expr& target, std::string_view form);
  /// pl.scope / pl.manual_scope / pl.spmd / pl.cluster.
  /// `blockVar`: the loop form `for i in pl.spmd(n):`, whose `i` is the block index (bound to
  /// pl.tile.get_block_idx() at the top of the body).
  /// `asTarget`: the `as tid` of `with pl.spmd(n) as tid:`.
  ir::StmtPtr bindRuntimeScope(Span span, const StmtList& stmts, const CallExpr& call,
                               std::string_view path, const NameExpr* blockVar = nullptr,
                               const Expr* asTarget = nullptr,
                               std::optional<YieldInfo>* yieldOut = nullptr);
  /// The placement rules of runtime scopes (manual in manual, AUTO scopes and auto_scope=,
  /// pl.spmd in pl.cluster, a pl.spmd body that tells its blocks apart).
  void checkRuntimeScopePlacement(Span span, const StmtList& stmts, const CallExpr& call,
                                  ir::RuntimeScopeKind kind, const ir::AttrList& attrs,
                                  const NameExpr* blockVar);
  // Stores and augmented assignment (PlBindStore.cpp): bindElementStore, bindWindowStore,
  // bindAugAssign.
  ir::StmtPtr bindElementStore(const SubscriptExpr& target, const Expr& value, Span span,
                               ir::ExprPtr predicate);
  /// `dst[a:b, i] = src` on a tensor (or a tile, with a slice): PyPTO's window write,
  /// `dst = assemble(dst, src, offsets)`; an integer index drops its axis from the window
  /// (the source is reshaped up to the target's rank).
  ir::StmtPtr bindWindowStore(const SubscriptExpr& target, const ir::ExprPtr& base,
                              const Expr& value, Span span);
  /// Defines (or re-defines, in natural code) `name` with a value of `type`.
  ir::VarPtr defineAssigned(std::string_view name, const ir::TypePtr& type, Span span);
  std::vector<ir::VarPtr> defineReturnVars(const YieldInfo& y);

  // ---- expressions (PlBindExpr.cpp) --------------------------------------------------
  ir::ExprPtr bindExpr(const Expr& e, const ir::TypePtr& expected = nullptr);
  ir::ExprPtr bindName(const NameExpr& e);
  ir::ExprPtr bindCall(const CallExpr& e, const BoundAnnotation* annotation = nullptr);
  ir::ExprPtr bindOpCall(const OpDef& op, const CallExpr& e, const BoundAnnotation* annotation,
                         size_t skipArgs = 0);
  ir::ExprPtr bindFunctionCall(const Signature& sig, const CallExpr& e);
  /// `attrs={...}` on a call (PlBindCallAttrs.cpp): the call-site attributes as kwargs
  /// (ir/CallAttrs.h). `numArgs`: the call's argument count (arg_directions has one each).
  ir::AttrList bindCallAttrs(const Keyword& kw, std::string_view callee, size_t numArgs,
                             bool functionCall);
  ir::ExprPtr bindScalarHelper(std::string_view name, const CallExpr& e, bool& handled);
  ir::ExprPtr bindBinOp(const BinOpExpr& e, const ir::TypePtr& literalType = nullptr);
  ir::ExprPtr bindUnary(const UnaryOpExpr& e);
  ir::ExprPtr bindCompare(const CompareExpr& e);
  ir::ExprPtr bindBoolOp(const BoolOpExpr& e);
  ir::ExprPtr bindSubscript(const SubscriptExpr& e);
  /// x[i, j] on a tensor (tensor.read), and windows x[a:b, :] / x[i, :] of tensors and tiles
  /// (tensor.slice / tile.slice, + reshape for an axis dropped by an integer index).
  ir::ExprPtr bindWindowSubscript(const SubscriptExpr& e, const ir::ExprPtr& base,
                                  const std::vector<int64_t>& dims, bool isTile);
  ir::ExprPtr bindList(const ListExpr& e);
  /// `[elt for k in range(a, b, s) if cond]` with constant bounds: the elements, bound with
  /// k = a, a+s, ... (index-typed like a list of extents unless `anyElements`).
  ir::ExprPtr bindListComp(const ListCompExpr& c, bool anyElements);
  /// `[a, b]` of any values (the `deps=` task ids, the arguments of a submit), or one value.
  ir::ExprPtr bindAnyList(const Expr& e);
  /// `out, tid = pl.submit(self.kernel, args..., deps=[...])` (and pl.spmd_submit).
  ir::ExprPtr bindSubmit(const CallExpr& e, bool spmd);
  /// `dumps=[x, y]` of a submit: distinct tensor variables among its arguments (a MakeTuple).
  ir::ExprPtr bindSubmitDumps(const Keyword& kw, std::string_view form,
                              const std::vector<ir::ExprPtr>& args);
  /// `predicate=(t[i, j] > 0)` of a submit: one comparison of a signed-integer tensor element
  /// with an integer literal (what the runtime's dispatch predicate expresses).
  ir::ExprPtr bindSubmitPredicate(const Keyword& kw, std::string_view form);
  /// `self.kernel(args..., device=r)`: the kernel run on another rank (system.dispatch).
  ir::ExprPtr bindDeviceCall(const Signature& sig, const CallExpr& e);
  /// The result type of a kernel launch op (system.submit / system.dispatch) whose `kernel=`
  /// names a function of the program, or null.
  ir::TypePtr kernelLaunchType(const OpDef& op, const ir::AttrList& kwargs) const;
  /// `pld.X.Y(...)`: the ops of PyPTO's distributed module (`path` without "pld.").
  ir::ExprPtr bindPldCall(const CallExpr& e, std::string_view path,
                          const BoundAnnotation* annotation);
  /// pld ops that only the HOST orchestrator runs (pld.system.world_size,
  /// pld.tensor.alloc_window_buffer): the function is level=HOST and the call is outside
  /// every device scope (pl.at, pl.spmd).
  void checkHostContext(const CallExpr& e, std::string_view opName);
  /// pld.tensor.alloc_window_buffer: the value of `name = ...` (the buffer takes the
  /// name, unique in the program), no explicit name=.
  void checkAllocWindowBuffer(const CallExpr& e);
  ir::ExprPtr bindConst(const CallExpr& e);
  ir::ExprPtr makeScalarBinary(ir::BinaryOp op, const Expr& lhsAst, const Expr& rhsAst,
                               ir::ExprPtr lhs, ir::ExprPtr rhs, Span span);
  std::vector<ir::ExprPtr> bindIndices(const Expr& index, size_t rank, Span span);
  ir::AttrValue bindAttrValue(const Expr& e);
  /// Whether the first operand of a call (positional, or `input=` / `lhs=`) is a tensor.
  bool firstArgIsTensor(const CallExpr& e);
  const OpDef* resolveOp(const CallExpr& e, std::string_view dotted, bool& isTileArith);

  /// `pl.A.B` → "A.B" (the dotted path after `pl.`), or nullopt.
  std::optional<std::string> plPath(const Expr& e) const;
  /// `self.f` or `f` naming a function of the program.
  const Signature* functionCallee(const Expr& func) const;

  // ---- @pl.inline functions (PlBindInline.cpp) ---------------------------------------
  /// Registers `f` when it is decorated with @pl.inline; false otherwise.
  bool registerInline(const FunctionDef& f);
  /// The @pl.inline function a call's callee names (a bare name no local hides), or null.
  const FunctionDef* inlineCallee(const Expr& func) const;
  /// `f(args)` of a @pl.inline function: its body is bound in place (its statements go to
  /// hoisted_, before the statement holding the call). The value of its final return
  /// (a MakeTuple for several), or null when it returns nothing.
  ir::ExprPtr expandInline(const FunctionDef& def, const CallExpr& e);
  std::unordered_map<std::string_view, const FunctionDef*> inlineDefs_;
  std::vector<const FunctionDef*> inlineStack_;  // the inline expansions under way
  std::vector<std::string_view> inlineParams_;   // the parameters of the innermost one
  /// Statements that must precede the statement being bound (inline expansions); null
  /// outside a function body's statements.
  std::vector<ir::StmtPtr>* hoisted_ = nullptr;

  // ---- scopes ------------------------------------------------------------------------
  // names_ maps each visible name to its Var. An entry's key is a view of its Var's
  // own name (Var::name is immutable), so the table never copies or owns text.
  ir::VarPtr lookup(std::string_view name) const {
    const ir::VarPtr* v = names_.find(name);
    return v ? *v : nullptr;
  }
  /// Makes `v` visible under its name, hiding any previous binding of the name.
  void bindVar(ir::VarPtr v) {
    std::string_view key = v->name;
    names_.insertOrAssign(key, std::move(v));
  }
  /// Saves the current bindings of `names` and restores them on destruction. The
  /// names must outlive the guard (they are views into the source or into Vars).
  struct ScopeGuard {
    PlBinder& b;
    std::vector<std::pair<std::string_view, ir::VarPtr>> saved;
    ScopeGuard(PlBinder& binder, std::span<const std::string_view> names);
    ~ScopeGuard();
  };

  // ---- a zero accumulator's start (PyPTO's Qwen3Scope1 spelling) -----------------------
  // `acc = pl.tile.full(...)` without a memory space types Vec. When the code then makes it
  // the start of an Acc accumulation (a loop yields an Acc matmul_acc result into its carry,
  // or natural code writes `acc = pl.matmul_acc(acc, ...)`), PyPTO retypes the fill to Acc.
  // The binder does the same by binding the function again with that fill in Acc (its
  // target_memory): a value is typed once, and the first pass could not know.
  struct RetypeFillToAcc {
    uint32_t at;  // the fill call's span begin
  };
  std::unordered_map<const ir::Var*, uint32_t> softFills_;  // unannotated Vec fills
  std::unordered_set<uint32_t> accFills_;                   // fills to bind in Acc
  /// Throws RetypeFillToAcc when `start` is an unannotated fill and `acc` the same tile in Acc.
  void retypeFillIfAccumulated(const ir::Var* start, const ir::Type& acc);

  const SourceManager& sm_;
  DiagnosticEngine& diag_;
  ir::TypePtr callExpected_;  // the type the context expects of the call being bound
  const OpRegistry& ops_;
  /// The unified short forms of tile arithmetic (`pl.add`): the op for a tile
  /// right operand (tile.add) and for a scalar one (tile.adds; null if none).
  struct TileArithOps {
    std::string_view name;
    const OpDef* tileRhs;
    const OpDef* scalarRhs;
  };
  std::vector<TileArithOps> tileArith_;
  /// Ops bindCall treats specially, looked up once (a pointer compare per call).
  const OpDef* tileCast_;
  const OpDef* tensorCast_;
  const OpDef* dumpTag_;
  bool isClassProgram_ = false;
  std::unordered_map<std::string, ModuleConst, StringHash, std::equal_to<>> moduleConsts_;
  std::vector<Signature> signatures_;
  std::unordered_map<std::string, size_t, StringHash, std::equal_to<>> signatureIndex_;
  Signature* current_ = nullptr;
  FlatStringMap<ir::VarPtr> names_;
  // Context of the statement being bound.
  std::optional<ir::SplitMode> regionMode_;  // inside a pl.split_aiv region
  int incoreDepth_ = 0;                      // inside a pl.at scope
  int simdDepth_ = 0;                        // inside a pl.simd_vf region
  int loopDepth_ = 0;
  /// What `break` / `continue` would leave: "" (no loop), "range" (pl.range, pl.pipeline),
  /// "while", "parallel", "unroll", or a scope they cannot cross ("split_aiv", "pl.at",
  /// "pl.simd_vf"). Saved and restored around each loop / scope body.
  std::string_view jumpContext_;
  struct JumpContext {
    std::string_view& ref;
    std::string_view saved;
    JumpContext(std::string_view& r, std::string_view kind) : ref(r), saved(r) { r = kind; }
    ~JumpContext() { ref = saved; }
  };
  ir::StmtPtr bindLoopJump(const Stmt& s);
  int splitAivRegions_ = 0;   // pl.split_aiv regions bound so far
  int spmdDepth_ = 0;         // inside a pl.spmd scope
  int manualScopeDepth_ = 0;  // inside a manual runtime scope
  int clusterDepth_ = 0;      // inside a pl.cluster scope
  bool strictSsaProgram_ = false;
  bool dynamicDimsAsValues_ = false;  // binding a tensor extent: pl.dynamic dims are values
  bool declStrictSsa_ = false;        // strict_ssa= of the decorator being read
  /// The names assigned by the block being bound (views into the source); filled only in a
  /// strict_ssa function. A hash set: a block may assign a hundred thousand names.
  std::unordered_set<std::string_view>* blockNames_ = nullptr;
  /// Opens a block for blockNames_ (strict_ssa: a nested block may assign a name again).
  struct BlockNames {
    std::unordered_set<std::string_view>*& ref;
    std::unordered_set<std::string_view>* saved;
    std::unordered_set<std::string_view> names;
    explicit BlockNames(std::unordered_set<std::string_view>*& r) : ref(r), saved(r) {
      ref = &names;
    }
    ~BlockNames() { ref = saved; }
    BlockNames(const BlockNames&) = delete;
    BlockNames& operator=(const BlockNames&) = delete;
  };
  /// The value of the simple assignment `name = CALL` being bound, and its name.
  const Expr* assignValue_ = nullptr;
  /// The value of the two-name assignment `a, b = CALL` being bound (pl.submit's form).
  const Expr* unpackValue_ = nullptr;
  std::string_view assignName_;
  /// The window buffers of the program (pld.alloc_window_buffer): name -> where declared.
  std::unordered_map<std::string, Span, StringHash, std::equal_to<>> windowBuffers_;
};

/// True if `e` is `pl.NAME` with the given path, e.g. isPl(e, "range").
bool isPlPath(const Expr& e, std::string_view path);
/// True if the attribute chain `e` spells `dotted` ("math.inf"), root included; builds
/// no string (dottedName(e) == dotted without the allocation).
bool isDottedName(const Expr& e, std::string_view dotted);
/// True if `e` is an attribute chain `root.X...` (at least one attribute) rooted at the
/// name `root`, e.g. chainRootedAt(e, "pld") for `pld.tensor.put`.
bool chainRootedAt(const Expr& e, std::string_view root);

/// PyPTO's hierarchy levels (pl.Level.X; aliases included) and roles (pl.Role.X).
inline constexpr std::string_view kLevelNames[] = {
    "AIV",       "AIC",       "CORE_GROUP", "CHIP_DIE", "CHIP",    "HOST",
    "CLUSTER_0", "CLUSTER_1", "CLUSTER_2",  "GLOBAL",   "L2CACHE", "PROCESSOR",
    "UMA",       "NODE",      "POD",        "CLOS1",    "CLOS2"};
inline constexpr std::string_view kRoleNames[] = {"Orchestrator", "SubWorker"};
/// Whether a level is HOST or above (PyPTO's Linqu level 3 and up).
bool isHostLevelOrAbove(std::string_view level);
std::string dottedName(const Expr& e);
/// A value whose dtype follows its context: a bare numeric literal (possibly negated), a
/// pl.select / conditional expression of two such values, or `+ - *` of two such values.
bool isLiteralLike(const Expr& e);
/// The IR operator of a scalar binary operator of the syntax tree (nullopt for `@`).
std::optional<ir::BinaryOp> scalarBinaryOp(BinOpKind k);
/// The candidate closest to `name` by edit distance (empty when none is close).
std::string closestName(std::string_view name,
                        const std::vector<std::string>&
                            candidates);  // "pl.tile.add" for an attribute chain, "" otherwise

/// The hint for a value of type `from` used where `to` is required: the conversion that gets
/// there (pl.cast / pl.move / pl.load / pl.store / pl.reshape / pl.slice) applied to
/// `valueText`, then "; or " + `alternative` (e.g. changing the annotation). Just
/// `alternative` when no conversion applies.
std::string conversionHint(const ir::Type& from, const ir::Type& to, std::string_view valueText,
                           std::string_view alternative);
/// PyPTO's implicit integer conversion of a scalar argument: an INDEX value passed for an
/// integer scalar parameter of another width (or the reverse) is cast to the parameter's
/// dtype, as an integer annotation on an INDEX value is. Other values are returned as they are.
ir::ExprPtr convertIndexArgument(ir::ExprPtr a, const ir::Type& param);
/// How an argument expression is written, for hints: the name of a NameExpr, else `fallback`.
std::string exprText(const Expr& e, std::string_view fallback = "x");

}  // namespace ptoc::frontend
