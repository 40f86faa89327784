// The tile-level form of each tensor-level op (the `tensor.*` family), used by
// convert-tensor-to-tile-ops and by the IncoreTileOps verifier. One table, keyed by the
// tensor op's OpDef: a converter receives the call's operands (already converted where they
// were tensor values computed in the kernel; GM tensors stay tensors) and builds the tile
// expression through a TileConversionContext, which loads GM operands and inserts helper
// statements before the statement being converted.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/ir/Function.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc {

/// What the pass offers a converter.
class TileConversionContext {
 public:
  virtual ~TileConversionContext() = default;
  /// `e` as a tile: a tile stays as it is, a GM tensor is loaded whole into `space`.
  virtual ir::ExprPtr asTile(const ir::ExprPtr& e, ir::MemorySpace space) = 0;
  /// Binds `call` to a fresh variable named after `name`, before the converted statement.
  virtual ir::VarPtr emit(const std::string& name, const ir::CallPtr& call) = 0;
  /// The memory space the consumers of the converted value need (Mat: a matmul operand).
  virtual ir::MemorySpace resultDemand() const = 0;
  virtual DiagnosticEngine& diag() = 0;
  /// The location of the tensor op being converted.
  virtual Span at() const = 0;

  /// A call of the registered op `name` (type deduced by the registry).
  ir::CallPtr call(std::string_view name, std::vector<ir::ExprPtr> args,
                   const ir::AttrList& kwargs = {});
  /// Reports that the op cannot be converted here and stops the pass.
  [[noreturn]] void fail(const std::string& message, const std::string& hint);
};

using TileConverter = std::function<ir::ExprPtr(
    const ir::Call& original, std::vector<ir::ExprPtr> args, TileConversionContext& ctx)>;

/// Whether `op` belongs to the tensor-level family (operates on whole tensors).
bool isTensorLevelOp(const OpDef& op);
/// The converter of a tensor-level op; null when the op has no tile-level form.
const TileConverter* findTileConversion(const OpDef& op);
/// A tensor-level call that may stay in a converted InCore function: an element read or
/// write of a GM tensor, or a view of one (scalar / descriptor work, no tile data).
bool keepsGmForm(const ir::Call& call);
/// Whether argument `arg` of a tensor-level call is a matmul operand (its tile lives in Mat).
bool isCubeOperand(const ir::Call& call, size_t arg);
/// Whether the call is an element write (tensor.write) into a GM tensor.
bool isGmElementWrite(const ir::Call& call);
/// Reports (and stops) when a GM tensor of `f` is written both by tile.store and by
/// tensor.write (MixedGmStores.cpp).
void rejectMixedGmStores(const ir::Function& f, DiagnosticEngine& diag);

}  // namespace ptoc
