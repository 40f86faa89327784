// Vector-level (VMI) ops of the catalog (dsl.md §5), the output of vectorize-parallel:
// masks, vector loads/stores between registers and Vec tiles, broadcasts and ramps,
// lane-wise arithmetic, compares and selects, conversion and cross-lane reductions.
// Registers are VReg[lanes, dtype], masks Mask[lanes]; `size=` is the VMI vector's lane count
// (64, 128 or 256), laid out over as many 256-byte registers as it needs.
// Semantics: tilelang-pto-facts §3, ptoas-facts §2.2/§2.5. All run on the vector core.
#include <fmt/format.h>

#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;
using namespace ops;

namespace {

int64_t sizeKwarg(const OpCallContext& ctx) {
  const auto* s = getAttr<int64_t>(ctx.kwargs, "size");
  PTOC_CHECK(s, ctx.op.name + ": size kwarg missing after validation");
  return *s;
}

/// A register element dtype: typed (not INDEX, which a bare literal has) and not BOOL.
void requireVRegElement(const OpCallContext& ctx, int argIndex, DType d) {
  if (d == DType::Index)
    ctx.fail(
        argIndex,
        fmt::format("{} needs a typed scalar: INDEX is not a vector element type", ctx.op.name),
        "write pl.const(v, pl.INT32) or pl.cast(x, pl.INT32)");
  if (!isVRegElementType(d))
    ctx.fail(argIndex,
             fmt::format("{} is not a vector element type ({})", dtypeName(d), ctx.op.name),
             "registers hold numeric elements: cast the tile or scalar to e.g. pl.INT32 or "
             "pl.FP16 first");
}

/// `size=` of a register-producing op: a VMI vector of 64, 128 or 256 lanes, which PTOAS lays
/// out over ceil(size * bits / 2048) 256-byte registers (ptoas-facts §2.1): 64 fp32 lanes fill
/// one register, 128 fp32 lanes two, 256 int8 lanes one.
void checkRegisterSize(const OpCallContext& ctx, int64_t size, DType dtype) {
  if (!target::isRegisterLaneCount(size))
    ctx.failKwarg(
        "size",
        fmt::format("{} of {} elements must use size=64, 128 or 256 (a VMI vector's "
                    "lane count), got size={}",
                    ctx.op.name, dtypeName(dtype), size),
        fmt::format("write size={} (one {}-byte register of {}-bit lanes)", registerLanes(dtype),
                    target::kVectorRegisterBytes, dtypeBits(dtype)));
}

void checkMaskLanes(const OpCallContext& ctx, size_t maskArg, int64_t lanes) {
  const MaskType& m = maskArgRef(ctx, maskArg);
  if (m.lanes != lanes)
    ctx.fail(static_cast<int>(maskArg),
             fmt::format("the mask of {} has {} lanes but the operands have {}", ctx.op.name,
                         m.lanes, lanes),
             fmt::format("make a {}-lane mask, e.g. pl.vmi.create_mask({}, size={})", lanes, lanes,
                         lanes));
}

void requireSameVReg(const OpCallContext& ctx, size_t a, size_t b) {
  const VRegType& x = vregArgRef(ctx, a);
  const VRegType& y = vregArgRef(ctx, b);
  if (x.lanes != y.lanes || x.dtype != y.dtype)
    ctx.fail(static_cast<int>(b),
             fmt::format("the operands of {} must have the same type, got {} and {}", ctx.op.name,
                         describeType(&x), describeType(&y)),
             x.dtype != y.dtype
                 ? fmt::format("convert one register: pl.vmi.vcvt({}, to_dtype=pl.{})",
                               argText(ctx, b), dtypeName(x.dtype))
                 : std::string("load both registers with the same size="));
}

/// A static flat offset plus `lanes` must stay inside the tile.
void checkTileAccess(const OpCallContext& ctx, size_t tileArg, size_t offsetArg, int64_t lanes) {
  const TileType& t = tileArgRef(ctx, tileArg);
  auto off = constIntValue(ctx.args[offsetArg]);
  if (!off) return;
  int64_t n = elementCount(t.shape).value_or(0);
  if (*off < 0 || *off > n || lanes > n - *off)
    ctx.fail(static_cast<int>(offsetArg),
             fmt::format("{} accesses elements [{}, {}) of {}, which has {} elements", ctx.op.name,
                         *off, saturatingAdd(*off, lanes), describeType(&t), n),
             "pad the tile to a multiple of the register width");
}

TypePtr deduceCreateMask(const OpCallContext& ctx) {
  int64_t size = sizeKwarg(ctx);
  if (!isValidMaskLanes(size))
    ctx.failKwarg("size",
                  fmt::format("the size of {} must be {}, {} or {} lanes, got {}", ctx.op.name,
                              target::registerLanes(32), target::registerLanes(16),
                              target::registerLanes(8), size),
                  "use the lane count of the registers it masks (64 for 32-bit elements)");
  if (auto n = constIntValue(ctx.args[0]); n && (*n < 0 || *n > size))
    ctx.fail(0, fmt::format("{} activates {} lanes of a {}-lane mask", ctx.op.name, *n, size),
             fmt::format("use a lane count in [0, {}]", size));
  return MaskType::get(size);
}

TypePtr deduceVLoad(const OpCallContext& ctx) {
  const TileType& t = tileArgRef(ctx, 0);
  requireVRegElement(ctx, 0, t.dtype);
  int64_t size = sizeKwarg(ctx);
  checkRegisterSize(ctx, size, t.dtype);
  checkTileAccess(ctx, 0, 1, size);
  return VRegType::get(size, t.dtype);
}

TypePtr deduceVStore(const OpCallContext& ctx) {
  const VRegType& v = vregArgRef(ctx, 0);
  const TileType& t = tileArgRef(ctx, 1);
  if (v.dtype != t.dtype)
    ctx.fail(1,
             fmt::format("{} stores {} into a {} tile; the dtypes must match", ctx.op.name,
                         describeType(&v), dtypeName(t.dtype)),
             "convert the register first with pl.vmi.vcvt");
  checkMaskLanes(ctx, 3, v.lanes);
  checkTileAccess(ctx, 1, 2, v.lanes);
  return UnknownType::get();
}

TypePtr deduceVBrc(const OpCallContext& ctx) {
  const Type& in = *ctx.args[0]->type;
  DType d = DType::FP32;
  if (const auto* s = in.as<ScalarType>()) {
    d = s->dtype;
  } else if (const auto* v = in.as<VRegType>(); v && v->lanes == 1) {
    d = v->dtype;  // a cross-lane reduction result
  } else {
    ctx.fail(0,
             fmt::format("argument 1 of {} must be a scalar or a one-lane register, got {}",
                         ctx.op.name, describeType(&in)),
             "pass a typed scalar, e.g. pl.const(1.0, pl.FP32), or a reduction result "
             "(pl.vmi.vcadd)");
  }
  requireVRegElement(ctx, 0, d);
  int64_t size = sizeKwarg(ctx);
  checkRegisterSize(ctx, size, d);
  return VRegType::get(size, d);
}

TypePtr deduceVci(const OpCallContext& ctx) {
  DType d = scalarArgDType(ctx, 0);
  requireVRegElement(ctx, 0, d);
  int64_t size = sizeKwarg(ctx);
  checkRegisterSize(ctx, size, d);
  return VRegType::get(size, d);
}

TypePtr deduceVBinary(const OpCallContext& ctx) {
  requireSameVReg(ctx, 0, 1);
  const VRegType& a = vregArgRef(ctx, 0);
  checkMaskLanes(ctx, 2, a.lanes);
  return ctx.args[0]->type;
}

TypePtr deduceVScalar(const OpCallContext& ctx) {
  const VRegType& a = vregArgRef(ctx, 0);
  requireScalarCompatible(ctx, 1, scalarArgDType(ctx, 1), a.dtype);
  checkMaskLanes(ctx, 2, a.lanes);
  return ctx.args[0]->type;
}

TypePtr deduceVUnary(const OpCallContext& ctx) {
  checkMaskLanes(ctx, 1, vregArgRef(ctx, 0).lanes);
  return ctx.args[0]->type;
}

TypePtr deduceVUnaryFloat(const OpCallContext& ctx) {
  requireFloat(ctx, 0, vregArgRef(ctx, 0).dtype, "register");
  return deduceVUnary(ctx);
}

TypePtr deduceVCmp(const OpCallContext& ctx) {
  requireSameVReg(ctx, 0, 1);
  int64_t lanes = vregArgRef(ctx, 0).lanes;
  checkMaskLanes(ctx, 2, lanes);
  return MaskType::get(lanes);
}

TypePtr deduceVCmps(const OpCallContext& ctx) {
  const VRegType& a = vregArgRef(ctx, 0);
  requireScalarCompatible(ctx, 1, scalarArgDType(ctx, 1), a.dtype);
  checkMaskLanes(ctx, 2, a.lanes);
  return MaskType::get(a.lanes);
}

TypePtr deduceVSel(const OpCallContext& ctx) {
  requireSameVReg(ctx, 1, 2);
  checkMaskLanes(ctx, 0, vregArgRef(ctx, 1).lanes);
  return ctx.args[1]->type;
}

TypePtr deduceMaskBinary(const OpCallContext& ctx) {
  const MaskType& a = maskArgRef(ctx, 0);
  const MaskType& b = maskArgRef(ctx, 1);
  if (a.lanes != b.lanes)
    ctx.fail(1,
             fmt::format("the masks of {} must have the same lanes, got {} and {}", ctx.op.name,
                         describeType(&a), describeType(&b)),
             fmt::format("create both masks with size={}", a.lanes));
  return ctx.args[0]->type;
}

TypePtr deduceMaskNot(const OpCallContext& ctx) { return ctx.args[0]->type; }

TypePtr deduceVCvt(const OpCallContext& ctx) {
  const VRegType& a = vregArgRef(ctx, 0);
  const DType* to = getAttr<DType>(ctx.kwargs, "to_dtype");
  PTOC_CHECK(to, "vmi.vcvt: to_dtype missing after validation");
  if (!isVRegElementType(*to))
    ctx.failKwarg(
        "to_dtype",
        fmt::format("{} is not a vector element type ({} to_dtype=)", dtypeName(*to), ctx.op.name),
        "convert to a numeric dtype, e.g. to_dtype=pl.FP32");
  // The lane count is kept: a width-changing conversion uses the even/odd register parts.
  return VRegType::get(a.lanes, *to);
}

/// vcadd/vcmax/vcmin: a full cross-lane reduction gives a one-lane register.
TypePtr deduceVReduce(const OpCallContext& ctx) {
  const VRegType& a = vregArgRef(ctx, 0);
  checkMaskLanes(ctx, 1, a.lanes);
  return VRegType::get(1, a.dtype);
}

}  // namespace

void registerVmiOps(OpRegistry& r) {
  using K = ArgKind;
  using A = AttrKind;
  const std::vector<MemorySpace> vec = {MemorySpace::Vec};
  const std::vector<AttrValue> cmpModes = {std::string("lt"), std::string("le"), std::string("gt"),
                                           std::string("ge"), std::string("eq"), std::string("ne")};
  // Every vmi op runs on the AIV's vector unit (vlds / vsts included) and keeps its name in
  // PTO's vmi dialect (ptoas-facts §2.5): vmi.vadd is pto.vmi.vadd.
  auto add = [&](std::string name, VmiCategory category) {
    std::string pto = "pto." + name;
    OpBuilder b = r.add(std::move(name));
    b.affinity(CoreAffinity::Vector).vmi(category).pipes({Pipe::V}).pto(std::move(pto));
    return b;
  };
  using C = VmiCategory;

  add("vmi.create_mask", C::Mask)
      .arg("n", K::IntScalar)
      .requiredKwarg("size", A::Int)
      .deduce(deduceCreateMask)
      .doc("prefix mask: lanes [0, n) active; Mask[size], size in {64, 128, 256}");

  add("vmi.vload", C::Load)
      .arg("tile", K::Tile, vec)
      .arg("offset", K::IntScalar)
      .requiredKwarg("size", A::Int)
      .deduce(deduceVLoad)
      .doc("contiguous unmasked load at a flat element offset: VReg[size, tile dtype]");

  add("vmi.vstore", C::Store)
      .arg("value", K::VReg)
      .arg("tile", K::Tile, vec, MemoryEffect::Write)
      .arg("offset", K::IntScalar)
      .arg("mask", K::Mask)
      .deduce(deduceVStore)
      .sideEffects()
      .doc("no result; predicated store of the active lanes at a flat element offset of the tile");

  add("vmi.vbrc", C::Broadcast)
      .arg("scalar", K::Any)
      .requiredKwarg("size", A::Int)
      .deduce(deduceVBrc)
      .doc("broadcast a typed scalar (or a one-lane register): VReg[size, scalar dtype]");

  add("vmi.vci", C::Ramp)
      .arg("base", K::IntScalar)
      .requiredKwarg("size", A::Int)
      .deduce(deduceVci)
      .doc("ramp: lane k = base + k; VReg[size, base dtype]");

  for (const char* n : {"vadd", "vsub", "vmul", "vdiv", "vmax", "vmin"})
    add(std::string("vmi.") + n, C::LaneWise)
        .arg("a", K::VReg)
        .arg("b", K::VReg)
        .arg("mask", K::Mask)
        .trait(OpTrait::Elementwise)
        .deduce(deduceVBinary)
        .doc("lane-wise binary op under a mask (inactive lanes 0); the operands' type");

  for (const char* n : {"vadds", "vmuls"})
    add(std::string("vmi.") + n, C::LaneWise)
        .arg("a", K::VReg)
        .arg("scalar", K::Scalar)
        .arg("mask", K::Mask)
        .trait(OpTrait::Elementwise)
        .deduce(deduceVScalar)
        .doc("lane-wise op with a scalar under a mask; the register's type");

  for (const char* n : {"vexp", "vsqrt"})
    add(std::string("vmi.") + n, C::LaneWise)
        .arg("a", K::VReg)
        .arg("mask", K::Mask)
        .trait(OpTrait::Elementwise)
        .deduce(deduceVUnaryFloat)
        .doc("lane-wise float math under a mask; the register's type");

  for (const char* n : {"vabs", "vneg"})
    add(std::string("vmi.") + n, C::LaneWise)
        .arg("a", K::VReg)
        .arg("mask", K::Mask)
        .trait(OpTrait::Elementwise)
        .deduce(deduceVUnary)
        .doc("lane-wise unary op under a mask; the register's type");

  add("vmi.vcmp", C::Compare)
      .arg("a", K::VReg)
      .arg("b", K::VReg)
      .arg("seed", K::Mask)
      .requiredKwarg("cmp", A::String, cmpModes)
      .deduce(deduceVCmp)
      .doc("Mask[lanes]: lane = seed ? (a cmp b) : 0");

  add("vmi.vcmps", C::Compare)
      .arg("a", K::VReg)
      .arg("scalar", K::Scalar)
      .arg("seed", K::Mask)
      .requiredKwarg("cmp", A::String, cmpModes)
      .deduce(deduceVCmps)
      .doc("Mask[lanes]: lane = seed ? (a cmp scalar) : 0");

  add("vmi.vsel", C::Select)
      .arg("mask", K::Mask)
      .arg("t", K::VReg)
      .arg("f", K::VReg)
      .deduce(deduceVSel)
      .doc("the type of t: lane = mask ? t : f");

  for (const char* n : {"mask_and", "mask_or"})
    add(std::string("vmi.") + n, C::Mask)
        .arg("a", K::Mask)
        .arg("b", K::Mask)
        .trait(OpTrait::Elementwise)
        .pto(n == std::string_view("mask_and") ? "pto.vmi.vand" : "pto.vmi.vor")
        .deduce(deduceMaskBinary)
        .doc("Mask[lanes]: lane-wise mask logic");

  add("vmi.mask_not", C::Mask)
      .arg("a", K::Mask)
      .trait(OpTrait::Elementwise)
      .pto("pto.vmi.vnot")
      .deduce(deduceMaskNot)
      .doc("Mask[lanes]: lane-wise mask negation");

  add("vmi.vcvt", C::LaneWise)
      .arg("a", K::VReg)
      .trait(OpTrait::Elementwise)
      .requiredKwarg("to_dtype", A::DType)
      .deduce(deduceVCvt)
      .doc("lane-wise conversion: VReg[lanes, to_dtype]");

  for (const char* n : {"vcadd", "vcmax", "vcmin"})
    add(std::string("vmi.") + n, C::CrossLaneReduce)
        .arg("a", K::VReg)
        .arg("mask", K::Mask)
        .reduces(ReduceAxes::Lanes)
        .deduce(deduceVReduce)
        .doc("cross-lane reduction of the active lanes: VReg[1, dtype]");
}

}  // namespace ptoc
