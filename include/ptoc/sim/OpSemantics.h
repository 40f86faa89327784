// Reference semantics of ops: one kernel per registered op, keyed by its OpDef
// (the op registry is the single source of truth; the simulator hangs its
// kernels off the same registration, never off op-name switches in the
// interpreter). Kernels are registered per op family in lib/sim/kernels/.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "ptoc/ops/OpRegistry.h"
#include "ptoc/sim/Value.h"

namespace ptoc::sim {

/// Raised by a kernel or the runtime for an error in the simulated program
/// (out-of-bounds access, deadlock, slot size mismatch, ...). The driver reports
/// it as a diagnostic at `span` (exit status 1).
class SimError : public std::runtime_error {
 public:
  SimError(Span s, const std::string& msg, std::string hint = {})
      : std::runtime_error(msg), span(s), hint(std::move(hint)) {}
  Span span;
  std::string hint;
};

/// What the runtime offers to kernels that need more than their operands: the
/// lane, block index, and the cross-core pipes. Implemented by the core-group
/// runtime (lib/sim/CoreGroup*.cpp); a plain single-core run provides defaults.
class CoreServices {
 public:
  virtual ~CoreServices() = default;
  virtual int64_t subblockIdx() const { return 0; }
  virtual int64_t blockIdx() const { return 0; }
  virtual int64_t blockNum() const { return 1; }
  /// tpush / tpop / tfree; `toAiv` = cube→vector direction. `split` = pto-isa split code.
  /// `laneStride` is 0 when the call has no lane_stride kwarg.
  virtual void push(const ir::Call& call, bool toAiv, const Tile& tile, int64_t split,
                    int64_t laneStride);
  virtual Tile pop(const ir::Call& call, bool fromAic, const ir::TileType& type, int64_t split,
                   int64_t laneStride);
  virtual void free(const ir::Call& call, bool toAic, const Tile& tile);
  virtual Scalar reserveBuffer(const ir::Call& call);
  virtual Scalar importPeerBuffer(const ir::Call& call);
  virtual void initializePipe(const ir::Call& call, bool onAic, const std::vector<Value>& args);
  /// aiv_shard / aic_gather inside a split_aiv function run as two lanes; `mode` is the
  /// SplitMode code (0 NONE, 1 UP_DOWN, 2 LEFT_RIGHT), `laneStride` 0 when absent.
  virtual Tile aivShard(const ir::Call& call, const Tile& full, int64_t mode, int64_t laneStride);
  virtual Tile aicGather(const ir::Call& call, const Tile& half, int64_t mode);
  /// Whether this task's GM writes are checked against the other AIV lane's
  /// (noteTensorWrite): only then does a store list the elements it writes.
  virtual bool checksLaneWrites() const { return false; }
  /// A tile.store is about to write the elements `dstIndex[k]` of `dst` (flat row-major
  /// indices: any rank, a box or a reinterpreting partition) from the elements `srcIndex[k]`
  /// of `src` (flat indices into a buffer of the tensor's dtype). `adds`: atomic=1, the value
  /// is added into the element. In a core group with two AIV lanes the group checks that the
  /// lanes, which run concurrently on the NPU, never write one element with different values,
  /// nor add into an element the other lane overwrites (two adds are not a conflict).
  virtual void noteTensorWrite(const ir::Call&, const Buffer& /*src*/, const Tensor& /*dst*/,
                               const std::vector<int64_t>& /*srcIndex*/,
                               const std::vector<int64_t>& /*dstIndex*/, bool /*adds*/) {}
  /// A tile.load reads the elements `index[k]` of `src` (flat row-major indices). In a core
  /// group with two AIV lanes the group checks that no lane reads an element the other lane
  /// changed in this kernel, and that no lane changes an element the other lane read: the
  /// lanes run concurrently on the NPU, so the value read would depend on their timing.
  virtual void noteTensorRead(const ir::Call&, const Tensor& /*src*/,
                              const std::vector<int64_t>& /*index*/) {}
  /// Lane 1 of a split_aiv function or region, which runs the cube statements too, as a copy
  /// of lane 0's: on the NPU they run once, on the AIC, so a cube statement that reads and
  /// writes GM (an atomic store from Acc) must take effect once.
  virtual bool cubeReplica() const { return false; }
};

/// What a kernel sees: the call (kwargs canonical, result type), the evaluated positional
/// arguments and the runtime services. List arguments (`[a, b]`) arrive as a TupleValue of
/// Scalars; an omitted optional argument is simply absent (args.size() is smaller).
struct KernelContext {
  const ir::Call& call;            // kwargs (canonical) and the result type
  const std::vector<Value>& args;  // evaluated positional arguments
  CoreServices& core;

  /// kwarg as stored on the call, else the op's default.
  const ir::AttrValue* kwarg(std::string_view name) const;
  int64_t intKwarg(std::string_view name, int64_t dflt) const;
  /// A DType / string kwarg (an internal error when absent and without a default).
  DType dtypeKwarg(std::string_view name) const;
  std::string stringKwarg(std::string_view name) const;
  /// A SplitMode kwarg as its code 0/1/2 (an int kwarg is returned as is; absent = 0).
  int64_t splitKwarg(std::string_view name) const;

  bool hasArg(size_t i) const { return i < args.size(); }
  /// Typed positional arguments; fail() with a clear message on a kind mismatch.
  const Tile& tile(size_t i) const;
  const Tensor& tensor(size_t i) const;
  const Scalar& scalar(size_t i) const;
  int64_t intArg(size_t i) const;  // an integer scalar (floats truncate)
  std::vector<int64_t> intList(size_t i) const;
  const VReg& vreg(size_t i) const;
  const Mask& mask(size_t i) const;
  /// The call's result type as a tile (internal error if it is not one).
  const ir::TileType& resultTile() const;

  [[noreturn]] void fail(const std::string& message, std::string hint = {}) const {
    throw SimError(call.span, message, std::move(hint));
  }
  /// "tile.load" — for messages.
  std::string_view opName() const;
};

using OpKernel = std::function<Value(const KernelContext&)>;

class OpSemantics {
 public:
  /// The table with every kernel registered.
  static const OpSemantics& instance();
  const OpKernel* find(const OpDef* op) const;
  void add(std::string_view opName, OpKernel kernel);  // registration only; name must exist
  /// Runs the kernel of `call.op` (SimError when the op has none).
  Value evaluate(const ir::Call& call, const std::vector<Value>& args, CoreServices& core) const;
  /// Ops of the registry without a kernel (a unit test keeps this empty).
  std::vector<std::string> missing() const;

 private:
  std::unordered_map<const OpDef*, OpKernel> kernels_;
};

/// PyPTO's comparison codes (pl.CmpType, the cmp_mode / cmp_type kwargs): 0 EQ, 1 NE, 2 LT,
/// 3 LE, 4 GT, 5 (and any other) GE. Whether `a <code> b`; shared by every comparing kernel.
bool compareByCode(int64_t code, double a, double b);

/// Registration entry points, one per op family file in lib/sim/kernels/.
void registerMemoryKernels(OpSemantics& s);
void registerComputeKernels(OpSemantics& s);
void registerCrossCoreKernels(OpSemantics& s);
void registerVmiKernels(OpSemantics& s);
void registerTensorKernels(OpSemantics& s);
void registerPlExtraKernels(OpSemantics& s);
void registerRuntimeKernels(OpSemantics& s);
void registerGatherSortKernels(OpSemantics& s);

}  // namespace ptoc::sim
