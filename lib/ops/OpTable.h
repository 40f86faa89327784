// Table-driven registration: one row per op (arguments, kwargs, type deduction, pipes,
// effects, doc) instead of one OpBuilder chain per op. Used by the op families whose ops
// differ mostly in their signature (DistributedOps.cpp, RuntimeOps.cpp, GatherSortOps.cpp,
// ElementwiseLayoutOps.cpp). Also the deduction helpers these families share (handle,
// distributed-tensor and tile-or-tensor operands).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::ops {

struct ArgRow {
  std::string name;
  ArgKind kind = ArgKind::Any;
  bool optional = false;
  MemoryEffect effect = MemoryEffect::Read;
};

struct KwargRow {
  std::string name;
  AttrKind kind = AttrKind::Int;
  std::optional<ir::AttrValue> dflt = std::nullopt;
  bool required = false;
  std::vector<ir::AttrValue> allowed = {};
  /// {written, canonical}: PyPTO's other spellings of a value (KwargSpec::spellings).
  std::vector<std::pair<ir::AttrValue, ir::AttrValue>> spellings = {};
};

struct OpRow {
  std::string name;
  std::vector<ArgRow> args;
  std::vector<KwargRow> kwargs;
  DeduceTypeFn deduce;
  PipeSet pipes;
  std::string doc;
  bool sideEffects = false;
  std::optional<ir::CoreAffinity> affinity = std::nullopt;
  std::optional<ir::MemorySpace> outputMemory = std::nullopt;
  OpId id = OpId::Other;
  bool typeFromAnnotation = false;
  /// OpDef::literalDTypeArg, unset for most rows.
  std::optional<size_t> literalDTypeArg = std::nullopt;
  /// The window parts of an addressing op (OpDef::window), unset for the others.
  std::optional<WindowArgs> window = std::nullopt;
  /// The PTO spelling (OpDef::pto), empty when the op has no PTO counterpart.
  std::string pto = {};
};

/// Registers every row (an optional argument must follow the required ones).
void registerRows(OpRegistry& r, const std::vector<OpRow>& rows);

// ---- Deduction helpers of the table families ------------------------------------------------

/// Argument i must be a handle of kind `k` (e.g. the pl.Ptr of pld.tensor.window).
const ir::HandleType& handleArgRef(const OpCallContext& ctx, size_t i, ir::HandleKind k);
/// Argument i must be a pld.DistributedTensor.
const ir::TensorType& distributedArgRef(const OpCallContext& ctx, size_t i);
/// Argument i must be an integer (or INDEX) scalar.
void requireIntScalar(const OpCallContext& ctx, size_t i);
/// A static shape list argument as a tensor shape (dynamic entries are rejected: ptoc's
/// tensor shapes are static).
std::vector<int64_t> staticTensorShapeArg(const OpCallContext& ctx, size_t i);
/// The extents of a tensor shape argument `[a, b]`: positive integer constants or integer
/// scalars (dynamic dimensions, e.g. pld.world_size()); docs/ir.md "Dynamic tensor dimensions".
std::vector<ir::ExprPtr> tensorExtentsArg(const OpCallContext& ctx, size_t i);

/// The element type and shape of a tile or tensor argument.
struct Operand {
  ir::DType dtype;
  std::vector<int64_t> shape;
  bool tile;
};
/// Argument i as an Operand (anything but a tile or a tensor is diagnosed).
Operand operandOf(const OpCallContext& ctx, size_t i);
/// A result of the family of argument `like`: a Vec tile or a tensor.
ir::TypePtr resultLike(const OpCallContext& ctx, size_t like, std::vector<int64_t> shape,
                       ir::DType d);

/// Deductions that only name the result.
DeduceTypeFn resultNone();
DeduceTypeFn resultScalar(ir::DType d);
DeduceTypeFn resultHandle(ir::HandleKind k);
DeduceTypeFn resultSameAs(size_t i);

}  // namespace ptoc::ops
