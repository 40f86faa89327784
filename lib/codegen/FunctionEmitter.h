// Internal to lib/codegen: the state of emitting one function (names of SSA values, the
// buffers of tiles, the views of tensors) and the helpers every op emitter uses.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "ptoc/codegen/PtoEmitter.h"
#include "ptoc/ir/Function.h"
#include "ptoc/ir/Type.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::codegen {

/// An emitted value: a scalar / register / mask SSA name, a tile's buffer, or a tensor's view.
struct Value {
  enum class Kind : uint8_t { None, Scalar, Tile, Tensor, VReg, Mask };
  Value() = default;
  Value(Kind k, std::string n, std::string t, const ir::Type* it = nullptr, std::string p = {})
      : kind(k), name(std::move(n)), type(std::move(t)), irType(it), ptr(std::move(p)) {}
  Kind kind = Kind::None;
  std::string name;  // "%x"
  std::string type;  // MLIR type text
  const ir::Type* irType = nullptr;
  std::string ptr;  // a tensor's GM pointer (the kernel parameter)
};

/// MLIR spelling of a dtype ("f32", "i32", "index", ...).
std::string mlirDType(ir::DType d);
/// The MLIR type of a scalar value of dtype `d` (index stays index).
std::string scalarType(ir::DType d);
/// `!pto.tile_buf<...>` of a tile type; dynamic valid extents print as `?`. On A5 a Left
/// tile with the A2/A3 "ZZ" layout (row_major / row_major, the IR's default) is written NZ
/// (col_major / row_major), which PTOAS's A5 verifier requires (ptoas-facts §1.2).
std::string tileBufType(const ir::TileType& t, target::Arch arch);
/// Whether the tile's valid extents are dynamic (alloc_tile takes valid_row / valid_col).
bool hasDynamicValid(const ir::TileType& t);
/// Rows and columns of a tile (a 1-D tile is one row).
std::pair<int64_t, int64_t> tileRowsCols(const ir::TileType& t);
/// `!pto.tensor_view<64x128xf32>` (a 1-D tensor is viewed as 1 x N).
std::string tensorViewType(const ir::TensorType& t);
std::vector<int64_t> tensorViewShape(const ir::TensorType& t);
std::string vregType(const ir::VRegType& t);
std::string maskType(const ir::MaskType& t);
/// `vec`, `mat`, `left`, ... (the tile_buf loc).
std::string_view locName(ir::MemorySpace m);

/// Per-module facts the function emitters share.
struct ModuleState {
  const ir::Program* program = nullptr;
  target::Arch arch = target::Arch::A5;
  DiagnosticEngine* diag = nullptr;
  /// Functions that get the A2/A3 GM slot-buffer parameter (kernels with a pipe, and the
  /// Group entries that call them).
  std::set<std::string> gmSlotFunctions;
};

class FunctionEmitter {
 public:
  FunctionEmitter(ModuleState& m, const ir::Function& f) : module(m), fn(f) {}

  /// The whole `func.func ... { ... }` text.
  std::string emit();

  // ---- output -------------------------------------------------------------------------
  void line(const std::string& text);
  /// Nests (+1) or un-nests (-1) the lines that follow (an op emitted as a `scf.if`).
  void indent(int delta) { indent_ += delta; }
  /// A fresh SSA name from a hint ("%t", "%t_1", ...).
  std::string fresh(std::string_view hint);
  /// A constant of the function's entry block (cached).
  std::string constant(int64_t v, ir::DType d);
  std::string constantFloat(double v, ir::DType d);
  std::string constIndex(int64_t v) { return constant(v, ir::DType::Index); }

  // ---- values -------------------------------------------------------------------------
  /// Emits `e` (a variable, a constant, scalar arithmetic or an op call) and returns it.
  Value value(const ir::ExprPtr& e);
  /// A scalar expression converted to dtype `d`.
  std::string scalarAs(const ir::ExprPtr& e, ir::DType d);
  std::string index(const ir::ExprPtr& e) { return scalarAs(e, ir::DType::Index); }
  /// Converts an emitted scalar between dtypes.
  std::string convert(const std::string& v, ir::DType from, ir::DType to);
  Value tile(const ir::ExprPtr& e, Span at);
  Value tensor(const ir::ExprPtr& e, Span at);
  /// `pto.alloc_tile` of `t` (valid_row / valid_col operands where dynamic).
  Value allocTile(const ir::TileType& t, std::string_view hint);
  /// The elements of a `[a, b]` list argument.
  std::vector<ir::ExprPtr> listElements(const ir::ExprPtr& e, Span at);
  void bind(const ir::Var* v, Value val) { values_[v] = std::move(val); }
  /// Keeps a type the emitter made (a Value's irType) alive while the function is emitted.
  const ir::TileType& keep(std::shared_ptr<const ir::TileType> t) {
    kept_.push_back(t);
    return *t;
  }

  [[noreturn]] void fail(Span at, const std::string& message, std::string hint = {});

  /// The result name hint of the statement being emitted.
  std::string hint = "t";
  /// The A2/A3 GM slot buffer parameter (empty on A5 / without pipes).
  std::string gmSlotBuffer;
  ModuleState& module;
  const ir::Function& fn;

 private:
  void emitStmt(const ir::StmtPtr& s);
  void emitFor(const ir::ForStmt& f);
  void emitIf(const ir::IfStmt& s);
  void emitWhile(const ir::WhileStmt& w);
  Value emitFunctionCall(const ir::Call& c, Span at);
  std::string scalarExpr(const ir::Expr& e, ir::DType& dtype);
  std::string signature();

  std::ostringstream prologue_;
  std::ostringstream body_;
  int indent_ = 2;
  std::set<std::string> used_;
  std::map<std::string, std::string> constants_;
  std::unordered_map<const ir::Var*, Value> values_;
  std::vector<std::shared_ptr<const ir::TileType>> kept_;
  /// How a `yield` of the innermost loop / if is emitted.
  std::vector<std::function<void(const ir::YieldStmt&)>> yieldSinks_;
};

class FunctionEmitter;
/// Emits one call of the op and returns its value (Kind::None for ops without a result).
using OpEmitFn = std::function<Value(FunctionEmitter&, const ir::Call&)>;

/// The emitters, one per registered op, keyed by OpDef (lib/codegen/*Ops.cpp register them
/// per family).
class OpEmitterTable {
 public:
  static const OpEmitterTable& instance();
  const OpEmitFn* find(const OpDef* op) const;
  std::vector<std::string> missing() const;
  /// Ops whose emitter reports a diagnostic (no PTO form emitted).
  std::vector<std::string> notEmitted() const;
  void add(std::string_view opName, OpEmitFn fn);  // registration only
  /// An emitter that reports `message` / `hint` at the call (registration only).
  void addNotEmitted(std::string_view opName, std::string message, std::string hint);

 private:
  std::unordered_map<const OpDef*, OpEmitFn> table_;
  std::vector<std::string> notEmitted_;
};

/// Registration entry points, one per op family file.
void registerTileEmitters(OpEmitterTable& t);
void registerCrossCoreEmitters(OpEmitterTable& t);
void registerVmiEmitters(OpEmitterTable& t);
void registerPlExtraEmitters(OpEmitterTable& t);
void registerArithExtraEmitters(OpEmitterTable& t);
void registerGatherSortEmitters(OpEmitterTable& t);
void registerNotEmitted(OpEmitterTable& t);

/// The op's PTO spelling from its registration (internal error when it has none).
const std::string& ptoName(FunctionEmitter& fe, const ir::Call& c);
/// The tile type of a tile op's result (an internal error at the call when it has none).
const ir::TileType& resultTile(FunctionEmitter& fe, const ir::Call& c);

/// Rejects an in-place update (a ReadWrite tile operand, emitted in destination-passing style)
/// whose operand's old value is still read afterwards (InPlaceUpdates.cpp).
void checkInPlaceUpdates(FunctionEmitter& fe, const ir::Function& f);

}  // namespace ptoc::codegen
