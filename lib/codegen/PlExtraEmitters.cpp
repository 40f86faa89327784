// Emitters of the pl ops beyond the original tile catalog (lib/ops/PlExtraOps.cpp and
// tile.slice; docs/codegen.md §Tile ops): the broadcasts and reductions PTO has, padding
// fills, prelu, the bias / vector matmuls, element access, tile assembly, sub-tile views and
// the pipe barriers. The pl ops without a PTO v0.27 counterpart get a diagnostic here, each
// with its reason.
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

using Fe = FunctionEmitter;

const TileType& tileOf(Fe& fe, const Value& v, Span at) {
  const auto* t = dynamic_cast<const TileType*>(v.irType);
  if (!t) fe.fail(at, "internal error: a tile operand without a tile type", "report this");
  return *t;
}

std::string insOuts(Fe& fe, const Call& c, const std::vector<Value>& ins, const Value& d) {
  std::vector<std::string> names, types;
  for (const auto& v : ins) {
    names.push_back(v.name);
    types.push_back(v.type);
  }
  // The gemv family's accumulation phase: PTO's accPhase attribute, left out when unspecified.
  const auto* phase = getAttr<std::string>(c.kwargs, "acc_phase");
  std::string attr = phase && *phase != "unspecified"
                         ? fmt::format(" {{accPhase = #pto<acc_phase {}>}}", *phase)
                         : std::string();
  return fmt::format("{} ins({} : {}) outs({} : {}){}", ptoName(fe, c), fmt::join(names, ", "),
                     fmt::join(types, ", "), d.name, d.type, attr);
}

/// `P ins(ins...) outs(%d)` into a fresh buffer of the result type.
Value dps(Fe& fe, const Call& c, const std::vector<Value>& ins) {
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(insOuts(fe, c, ins, d));
  return d;
}

/// The tile operands that are given (optional ones left out).
Value emitTileArgs(Fe& fe, const Call& c) {
  std::vector<Value> ins;
  for (const auto& a : c.args)
    if (a) ins.push_back(fe.tile(a, c.span));
  return dps(fe, c, ins);
}

/// col_expand(tile, row) / row_expand(tile, col): the tile only gives the result's shape;
/// PTO broadcasts the vector into the destination.
Value emitExpand(Fe& fe, const Call& c) { return dps(fe, c, {fe.tile(c.args[1], c.span)}); }

/// The expand ops broadcast within one [M, N] matrix: a tile of rank > 2 (one row / column
/// per matrix of its leading axes) has no single tcolexpand / trowexpand.
OpEmitFn matrixExpand(OpEmitFn emit) {
  return [emit](Fe& fe, const Call& c) -> Value {
    if (resultTile(fe, c).shape.size() > 2)
      fe.fail(c.span,
              fmt::format("{} of a rank-{} tile has no PTO emitter: PTO's expand ops broadcast "
                          "within one 2-D matrix",
                          c.op->name, resultTile(fe, c).shape.size()),
              "loop over the leading axes and expand [M, N] slices");
    return emit(fe, c);
  };
}

/// row_prod takes a scratch tile (a call without one gets one of the source's type).
Value emitRowProd(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  Value tmp = c.args.size() > 1 && c.args[1]
                  ? fe.tile(c.args[1], c.span)
                  : fe.allocTile(tileOf(fe, src, c.span), fe.hint + "_tmp");
  return dps(fe, c, {src, tmp});
}

Value emitColProd(Fe& fe, const Call& c) { return dps(fe, c, {fe.tile(c.args[0], c.span)}); }

/// fillpad / fillpad_expand: PTO reads the fill value from the destination's `pad` field.
Value emitFillpad(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  const TileType& rt = resultTile(fe, c);
  const AttrValue* pv = c.op->kwargValue(c.kwargs, "pad_value");
  const PadValue* pad = pv ? std::get_if<PadValue>(pv) : nullptr;
  TileView view = rt.effectiveView();
  view.pad = pad ? *pad : PadValue::Zero;
  if (view.pad == PadValue::Null)
    fe.fail(c.span, fmt::format("{} needs a fill value (pad_value=null fills nothing)", c.op->name),
            "pass pad_value=pl.PadValue.zero, max or min");
  auto dt = TileType::get(rt.shape, rt.dtype, rt.memory, view);
  const TileType& kept = fe.keep(dt);
  Value d = fe.allocTile(kept, fe.hint);
  fe.line(insOuts(fe, c, {src}, d));
  return d;
}

/// The accumulator is updated in place (DPS): the result is the input's buffer.
Value emitGemvAcc(Fe& fe, const Call& c) {
  Value acc = fe.tile(c.args[0], c.span);
  Value l = fe.tile(c.args[1], c.span), r = fe.tile(c.args[2], c.span);
  fe.line(insOuts(fe, c, {acc, l, r}, acc));
  return acc;
}

/// prelu's scratch tile: PTO wants one of the source's shape in ui8 (pto-isa TPreluCheck).
Value emitPrelu(Fe& fe, const Call& c) {
  Value x = fe.tile(c.args[0], c.span), slope = fe.tile(c.args[1], c.span);
  const TileType& xt = tileOf(fe, x, c.span);
  Value tmp;
  if (c.args.size() > 2 && c.args[2]) {
    tmp = fe.tile(c.args[2], c.span);
  } else {
    const TileType& t = fe.keep(TileType::get(xt.shape, DType::UInt8, MemorySpace::Vec));
    tmp = fe.allocTile(t, fe.hint + "_tmp");
  }
  return dps(fe, c, {x, slope, tmp});
}

/// The linear element offset PTO's tgetval / tsetval take: row-major storage r * cols + c,
/// column-major c * rows + r. Fractal (boxed) tiles have no such offset.
std::string linearOffset(Fe& fe, const Call& c, const TileType& t) {
  std::vector<ExprPtr> idx = fe.listElements(c.args[1], c.span);
  TileView v = t.effectiveView();
  if (v.slayout != TileLayout::NoneBox || t.memory != MemorySpace::Vec)
    fe.fail(c.span,
            fmt::format("{} of a fractal or non-Vec tile has no PTO form (tgetval / tsetval "
                        "address Vec tiles by a linear offset)",
                        c.op->name),
            "move the tile to Vec with an ND layout (blayout row_major, slayout none_box) first");
  auto [rows, cols] = tileRowsCols(t);
  std::string r = idx.size() >= 2 ? fe.index(idx[idx.size() - 2]) : fe.constIndex(0);
  std::string col = fe.index(idx.back());
  const bool colMajor = v.blayout == TileLayout::ColMajor;
  std::string m = fe.fresh(fe.hint + "_off");
  fe.line(fmt::format("{} = arith.muli {}, {} : index", m, colMajor ? col : r,
                      fe.constIndex(colMajor ? rows : cols)));
  std::string off = fe.fresh(fe.hint + "_off");
  fe.line(fmt::format("{} = arith.addi {}, {} : index", off, m, colMajor ? r : col));
  return off;
}

Value emitRead(Fe& fe, const Call& c) {
  Value t = fe.tile(c.args[0], c.span);
  const TileType& tt = tileOf(fe, t, c.span);
  std::string off = linearOffset(fe, c, tt);
  std::string r = fe.fresh(fe.hint);
  std::string ty = scalarType(tt.dtype);
  fe.line(fmt::format("{} = {} ins({}, {} : {}, index) outs : {}", r, ptoName(fe, c), t.name, off,
                      t.type, ty));
  return {Value::Kind::Scalar, r, ty, c.type.get()};
}

/// tile.write updates the tile in place (its operand is written): the result is its buffer.
Value emitWrite(Fe& fe, const Call& c) {
  Value t = fe.tile(c.args[0], c.span);
  const TileType& tt = tileOf(fe, t, c.span);
  std::string off = linearOffset(fe, c, tt);
  std::string v = fe.scalarAs(c.args[2], tt.dtype);
  fe.line(fmt::format("{} ins({}, {} : index, {}) outs({} : {})", ptoName(fe, c), off, v,
                      scalarType(tt.dtype), t.name, t.type));
  return t;
}

/// tile.assemble(target, source, offset) writes the source into the target in place.
Value emitAssemble(Fe& fe, const Call& c) {
  Value dst = fe.tile(c.args[0], c.span), src = fe.tile(c.args[1], c.span);
  if (fe.module.arch == target::Arch::A2A3 &&
      !(tileOf(fe, src, c.span).memory == MemorySpace::Acc &&
        tileOf(fe, dst, c.span).memory == MemorySpace::Mat))
    fe.fail(c.span, "tile.assemble on a2a3 moves an Acc tile into a Mat tile only (PTO tinsert)",
            "assemble Vec tiles on a5, or store the parts to GM and load the whole");
  std::vector<ExprPtr> off = fe.listElements(c.args[2], c.span);
  std::string r = off.size() >= 2 ? fe.index(off[off.size() - 2]) : fe.constIndex(0);
  std::string col = fe.index(off.back());
  fe.line(fmt::format("{} ins({}, {}, {} : {}, index, index) outs({} : {})", ptoName(fe, c),
                      src.name, r, col, src.type, dst.name, dst.type));
  return dst;
}

/// tile.slice -> `%r = pto.subset %src[%i, %j] sizes [R, C] : T`. PTOAS infers the result:
/// the source's layout, valid extents min(size, valid - offset) for constant offsets, `?`
/// for dynamic ones. Where that differs from the IR's type the window is copied (pto.tmov)
/// into a buffer of the IR's type (tile values are immutable, so the copy is exact).
Value emitSlice(Fe& fe, const Call& c) {
  if (c.op->kwargValue(c.kwargs, "pad_value"))
    fe.fail(c.span, "tile.slice with pad_value has no PTO form (pto.subset keeps the pad)",
            "slice without pad_value and fill with pl.tile.fillpad");
  Value src = fe.tile(c.args[0], c.span);
  const TileType& st = tileOf(fe, src, c.span);
  const TileType& rt = resultTile(fe, c);
  std::vector<ExprPtr> offs = fe.listElements(c.args[2], c.span);
  auto [rows, cols] = tileRowsCols(rt);
  std::vector<ExprPtr> o2 = offs;
  if (o2.size() == 1) o2.insert(o2.begin(), nullptr);
  std::vector<std::string> names;
  std::vector<std::optional<int64_t>> constOff;
  for (const auto& e : o2) {
    names.push_back(e ? fe.index(e) : fe.constIndex(0));
    const auto* ci = e ? e->as<ConstInt>() : nullptr;
    constOff.push_back(e ? (ci ? std::optional<int64_t>(ci->value) : std::nullopt)
                         : std::optional<int64_t>(0));
  }
  // The valid extents PTOAS infers (PTO.cpp SubsetOp::inferReturnTypes).
  std::vector<ExprPtr> srcValid = st.validShape();
  if (srcValid.size() == 1) srcValid.insert(srcValid.begin(), nullptr);
  const int64_t size[2] = {rows, cols};
  std::optional<int64_t> valid[2];
  for (int k = 0; k < 2; ++k) {
    const auto* pv = srcValid[k] ? srcValid[k]->as<ConstInt>() : nullptr;
    const int64_t pvVal = srcValid[k] ? (pv ? pv->value : -1) : 1;
    if (pvVal < 0 || !constOff[k]) continue;  // dynamic: `?`
    int64_t m = pvVal > 0 ? *constOff[k] % pvVal : 0;
    if (m < 0) m += pvVal;
    valid[k] = std::min(size[k], pvVal - m);
  }
  // Printed per extent (PTOAS keeps `16x?`); the emitter's own tile types print both
  // extents `?` once one is dynamic, so the text is built here.
  TileView view = st.effectiveView();
  view.validShape.clear();
  const TileType& inferred = fe.keep(TileType::get({rows, cols}, rt.dtype, st.memory, view));
  std::string ity = tileBufType(inferred, fe.module.arch);
  auto setValid = [&](const char* key, int64_t full, std::optional<int64_t> v) {
    std::string from = fmt::format("{}={},", key, full);
    ity.replace(ity.find(from), from.size(),
                fmt::format("{}={},", key, v ? std::to_string(*v) : std::string("?")));
  };
  setValid("v_row", rows, valid[0]);
  setValid("v_col", cols, valid[1]);
  std::string r = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = {} {}[{}] sizes [{}, {}] : {}", r, ptoName(fe, c), src.name,
                      fmt::join(names, ", "), rows, cols, src.type));
  Value sub{Value::Kind::Tile, r, ity, &inferred};
  if (ity == tileBufType(rt, fe.module.arch)) return {Value::Kind::Tile, r, ity, &rt};
  Value d = fe.allocTile(rt, fe.hint + "_copy");
  fe.line(fmt::format("pto.tmov ins({} : {}) outs({} : {})", sub.name, sub.type, d.name, d.type));
  return d;
}

/// bar_v / bar_m / bar_all: a same-pipe barrier, `pto.barrier <PIPE_X>`.
OpEmitFn barrier(const char* pipe) {
  return [pipe](Fe& fe, const Call& c) {
    fe.line(fmt::format("{} <{}>", ptoName(fe, c), pipe));
    return Value{};
  };
}

}  // namespace

void registerPlExtraEmitters(OpEmitterTable& t) {
  t.add("tile.slice", emitSlice);
  t.add("tile.col_expand", matrixExpand(emitExpand));
  t.add("tile.row_expand", matrixExpand(emitExpand));
  for (const char* n : {"add", "sub", "mul", "div", "max", "min", "expdif"})
    t.add(fmt::format("tile.col_expand_{}", n), matrixExpand(emitTileArgs));
  for (const char* n : {"max", "min", "expdif"})
    t.add(fmt::format("tile.row_expand_{}", n), matrixExpand(emitTileArgs));
  t.add("tile.row_prod", emitRowProd);
  t.add("tile.col_prod", emitColProd);
  for (const char* n : {"tile.fillpad", "tile.fillpad_inplace", "tile.fillpad_expand"})
    t.add(n, emitFillpad);
  t.add("tile.prelu", emitPrelu);
  for (const char* n : {"tile.matmul_bias", "tile.gemv", "tile.gemv_bias"}) t.add(n, emitTileArgs);
  t.add("tile.gemv_acc", emitGemvAcc);
  t.add("tile.read", emitRead);
  t.add("tile.write", emitWrite);
  t.add("tile.assemble", emitAssemble);
  t.add("system.bar_v", barrier("PIPE_V"));
  t.add("system.bar_m", barrier("PIPE_M"));
  t.add("system.bar_all", barrier("PIPE_ALL"));

  // pl ops with no PTO v0.27 counterpart (PTOAS include/PTO/IR/PTOOps.td).
  for (const char* n : {"tile.cmp", "tile.cmps"})
    t.addNotEmitted(n,
                    "the IR's packed UINT8 mask is PyPTO's layout, but the PTO spelling of "
                    "tcmp / tcmps (its compare-mode attribute) is not established yet",
                    "compare inside `with pl.simd_vf(lanes=L):` (pto.vmi.vcmp masks), or select "
                    "with arithmetic (pl.maximum / pl.minimum)");
  for (const char* n : {"tile.sel", "tile.sels"})
    t.addNotEmitted(n,
                    "PTO's tsel / tsels read tcmp's packed mask, whose emission (tile.cmp) is not "
                    "established yet",
                    "select inside `with pl.simd_vf(lanes=L):` (pto.vmi.vsel), or with "
                    "arithmetic (mask * a + (1 - mask) * b)");
  for (const char* n : {"tile.sin", "tile.cos"})
    t.addNotEmitted(n, "PTO (v0.27) has no sine / cosine tile op",
                    "compute it on the host, or with a polynomial of pl.mul / pl.add");
  t.addNotEmitted("tile.transpose_view",
                  "PTO has no transposed view of a tile (pto.ttrans copies with a scratch tile)",
                  "use pl.transpose (pto.ttrans)");
  for (const char* n : {"system.syncall", "system.fence", "system.cacheinvalid"})
    t.addNotEmitted(n, "PTO (v0.27) has no such synchronization op",
                    "PTOAS inserts the intra-core flags itself (--enable-insert-sync); "
                    "cross-core order goes through tpush / tpop");
}

}  // namespace ptoc::codegen
