// The op-semantics table: one kernel per registered op, keyed by the op's OpDef
// (registered per family in lib/sim/kernels/), and the KernelContext accessors the
// kernels use to read their operands and kwargs with clear errors.
#include "ptoc/sim/OpSemantics.h"

#include <fmt/format.h>

#include "ptoc/ops/DeduceUtils.h"

namespace ptoc::sim {

namespace {

std::string_view kindName(const Value& v) {
  switch (v.v.index()) {
    case 0:
      return "None";
    case 1:
      return "a scalar";
    case 2:
      return "a tensor";
    case 3:
      return "a tile";
    case 4:
      return "a vector register";
    case 5:
      return "a mask";
    default:
      return "a tuple";
  }
}

}  // namespace

// ---- KernelContext --------------------------------------------------------------------------

std::string_view KernelContext::opName() const { return call.callee; }

const ir::AttrValue* KernelContext::kwarg(std::string_view name) const {
  if (call.op) return call.op->kwargValue(call.kwargs, name);
  return ir::findAttr(call.kwargs, name);
}

int64_t KernelContext::intKwarg(std::string_view name, int64_t dflt) const {
  const ir::AttrValue* v = kwarg(name);
  if (!v) return dflt;
  if (const auto* i = std::get_if<int64_t>(v)) return *i;
  if (const auto* b = std::get_if<bool>(v)) return *b ? 1 : 0;
  if (const auto* m = std::get_if<ir::SplitMode>(v)) return static_cast<int64_t>(*m);
  fail(fmt::format("internal error: kwarg '{}' of {} is not an integer", name, opName()));
}

DType KernelContext::dtypeKwarg(std::string_view name) const {
  const ir::AttrValue* v = kwarg(name);
  const auto* d = v ? std::get_if<DType>(v) : nullptr;
  if (!d) fail(fmt::format("internal error: {} has no dtype kwarg '{}'", opName(), name));
  return *d;
}

std::string KernelContext::stringKwarg(std::string_view name) const {
  const ir::AttrValue* v = kwarg(name);
  const auto* s = v ? std::get_if<std::string>(v) : nullptr;
  if (!s) fail(fmt::format("internal error: {} has no string kwarg '{}'", opName(), name));
  return *s;
}

int64_t KernelContext::splitKwarg(std::string_view name) const { return intKwarg(name, 0); }

namespace {
template <typename T>
const T& argAs(const KernelContext& ctx, size_t i, std::string_view what) {
  if (i >= ctx.args.size())
    ctx.fail(fmt::format("internal error: {} has no argument {}", ctx.opName(), i + 1));
  const Value& v = ctx.args[i];
  if (!v.is<T>())
    ctx.fail(fmt::format("argument {} of {} must be {} at run time, got {}", i + 1, ctx.opName(),
                         what, v.describe()),
             fmt::format("the signature is {}", ops::signatureText(*ctx.call.op)));
  return v.get<T>();
}
}  // namespace

const Tile& KernelContext::tile(size_t i) const {
  const Tile& t = argAs<Tile>(*this, i, "a tile");
  if (!t.buf)
    fail(fmt::format("argument {} of {} is an unallocated tile", i + 1, opName()),
         "create or load the tile before passing it");
  return t;
}

const Tensor& KernelContext::tensor(size_t i) const {
  const Tensor& t = argAs<Tensor>(*this, i, "a tensor");
  if (!t.buf)
    fail(fmt::format("argument {} of {} is an unallocated tensor", i + 1, opName()),
         "pass a tensor that holds data (a parameter or an allocated buffer)");
  return t;
}

const Scalar& KernelContext::scalar(size_t i) const { return argAs<Scalar>(*this, i, "a scalar"); }

int64_t KernelContext::intArg(size_t i) const { return scalar(i).asInt(); }

std::vector<int64_t> KernelContext::intList(size_t i) const {
  if (i >= args.size()) fail(fmt::format("internal error: {} has no argument {}", opName(), i + 1));
  const Value& v = args[i];
  std::vector<int64_t> out;
  if (v.is<Scalar>()) return {v.get<Scalar>().asInt()};
  if (!v.is<TupleValue>())
    fail(fmt::format("argument {} of {} must be a list of integers at run time, got {}", i + 1,
                     opName(), kindName(v)),
         "write the list as [a, b]");
  for (const Value& e : v.get<TupleValue>().elements) {
    if (!e.is<Scalar>())
      fail(fmt::format("argument {} of {} must be a list of integers, got an element {}", i + 1,
                       opName(), e.describe()),
           "use integer elements; cast others with pl.cast(x, pl.INDEX)");
    out.push_back(e.get<Scalar>().asInt());
  }
  return out;
}

const VReg& KernelContext::vreg(size_t i) const {
  return argAs<VReg>(*this, i, "a vector register");
}

const Mask& KernelContext::mask(size_t i) const { return argAs<Mask>(*this, i, "a mask"); }

const ir::TileType& KernelContext::resultTile() const {
  const auto* t = call.type ? call.type->as<ir::TileType>() : nullptr;
  if (!t) fail(fmt::format("internal error: the result of {} is not typed as a tile", opName()));
  return *t;
}

// ---- OpSemantics ----------------------------------------------------------------------------

const OpSemantics& OpSemantics::instance() {
  static const OpSemantics table = [] {
    OpSemantics s;
    registerMemoryKernels(s);
    registerComputeKernels(s);
    registerCrossCoreKernels(s);
    registerVmiKernels(s);
    registerTensorKernels(s);
    registerPlExtraKernels(s);
    registerRuntimeKernels(s);
    registerGatherSortKernels(s);
    return s;
  }();
  return table;
}

const OpKernel* OpSemantics::find(const OpDef* op) const {
  auto it = kernels_.find(op);
  return it == kernels_.end() ? nullptr : &it->second;
}

void OpSemantics::add(std::string_view opName, OpKernel kernel) {
  const OpDef* op = OpRegistry::instance().find(opName);
  if (!op)
    throw std::logic_error(fmt::format("internal error: a kernel for the unknown op '{}'", opName));
  if (!kernels_.emplace(op, std::move(kernel)).second)
    throw std::logic_error(fmt::format("internal error: two kernels for '{}'", opName));
}

Value OpSemantics::evaluate(const ir::Call& call, const std::vector<Value>& args,
                            CoreServices& core) const {
  const OpKernel* k = call.op ? find(call.op) : nullptr;
  if (!k)
    throw SimError(call.span, fmt::format("the simulator has no semantics for '{}'", call.callee),
                   "`ptoc ops` lists the ops; this one cannot run in the simulator");
  return (*k)(KernelContext{call, args, core});
}

std::vector<std::string> OpSemantics::missing() const {
  std::vector<std::string> out;
  for (const OpDef* op : OpRegistry::instance().all())
    if (!find(op)) out.push_back(op->name);
  return out;
}

bool compareByCode(int64_t code, double a, double b) {
  switch (code) {
    case 0:
      return a == b;
    case 1:
      return a != b;
    case 2:
      return a < b;
    case 3:
      return a <= b;
    case 4:
      return a > b;
    default:
      return a >= b;
  }
}

}  // namespace ptoc::sim
