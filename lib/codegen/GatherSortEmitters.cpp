// Emitters of the gather / scatter / sort ops of lib/ops/GatherSortOps.cpp that PTO has a
// counterpart for (docs/codegen.md §Tile ops): tgatherb, tsort32 and tgather (index and
// mask-pattern forms), and tmrgsort (both formats). Each emits only where PTO's instruction
// computes the op's meaning; elsewhere (and for the operand forms PTOAS does not take) the emitter
// is a diagnostic giving the reason.
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

using Fe = FunctionEmitter;

const TileType& tileTypeOf(const Value& v) { return *static_cast<const TileType*>(v.irType); }

/// `op ins(ins... : types...) outs(%d : T) attrs`.
void insOuts(Fe& fe, std::string_view op, const std::vector<Value>& ins, const Value& d,
             std::string_view attrs = {}) {
  std::vector<std::string> names, types;
  for (const auto& v : ins) {
    names.push_back(v.name);
    types.push_back(v.type);
  }
  fe.line(fmt::format("{} ins({} : {}) outs({} : {}){}", op, fmt::join(names, ", "),
                      fmt::join(types, ", "), d.name, d.type, attrs));
}

/// Into a fresh buffer of the result type, with the op's own spelling.
Value dps(Fe& fe, const Call& c, const std::vector<Value>& ins) {
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  insOuts(fe, ptoName(fe, c), ins, d);
  return d;
}

/// pto.tgatherb: dst[i, j] = the element at byte offset offset[...] of src, one 32-byte
/// block per offset, as tile.gatherb.
Value emitGatherb(Fe& fe, const Call& c) {
  return dps(fe, c, {fe.tile(c.args[0], c.span), fe.tile(c.args[1], c.span)});
}

/// pto.tsort32 ins(src, idx) outs(dst): each 32-element block sorted into (value, index)
/// pairs. PTOAS takes the indices as ui32 only.
Value emitSort32(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span), idx = fe.tile(c.args[1], c.span);
  if (tileTypeOf(idx).dtype != DType::UInt32)
    fe.fail(
        c.span,
        fmt::format("PTO's tsort32 takes UINT32 indices, got {}", dtypeName(tileTypeOf(idx).dtype)),
        "build the index tile as pl.UINT32");
  return dps(fe, c, {src, idx});
}

/// pto.tgather ins(src, indices, tmp) outs(dst): dst[i, j] = src (flattened) [indices[i, j]]
/// (pto-isa TGATHER's index form), as tile.gather. A2/A3 takes 32-bit indices and a tmp of
/// the indices' dtype and valid shape.
Value emitGather(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span), idx = fe.tile(c.args[1], c.span),
        tmp = fe.tile(c.args[2], c.span);
  const TileType &it = tileTypeOf(idx), &tt = tileTypeOf(tmp);
  if (fe.module.arch != target::Arch::A5) {
    if (dtypeBits(it.dtype) != 32)
      fe.fail(
          c.span,
          fmt::format("PTO's tgather takes 32-bit indices on a2a3, got {}", dtypeName(it.dtype)),
          "build the index tile as pl.INT32 (16-bit indices are A5 only)");
    if (tt.dtype != it.dtype || tt.shape != it.shape)
      fe.fail(c.span, "PTO's tgather on a2a3 needs the tmp tile of the indices' dtype and shape",
              "create tmp with the index tile's shape and dtype");
  }
  return dps(fe, c, {src, idx, tmp});
}

/// pto.tgather ins(src, {maskPattern = #pto.mask_pattern<P...>}) outs(dst): the elements of
/// each row the pattern keeps, packed (pto-isa TGATHER's mask form; P0101 keeps the even
/// columns, P1010 the odd ones, P0001..P1000 one of four, P1111 all), as tile.gather_mask.
Value emitGatherMask(Fe& fe, const Call& c) {
  static const char* kPattern[] = {"",      "P0101", "P1010", "P0001",
                                   "P0010", "P0100", "P1000", "P1111"};
  const int64_t* p = getAttr<int64_t>(c.kwargs, "mask_pattern");
  if (!p || *p < 1 || *p > 7)
    fe.fail(c.span, "internal error: tile.gather_mask without a mask_pattern in 1..7",
            "report this with the input");
  Value src = fe.tile(c.args[0], c.span);
  if (fe.module.arch != target::Arch::A5 && dtypeBits(tileTypeOf(src).dtype) < 16)
    fe.fail(c.span, "PTO's mask-pattern tgather takes 2- or 4-byte elements on a2a3",
            "gather a 16- or 32-bit tile (8-bit elements are A5 only)");
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format("{} ins({}, {{maskPattern = #pto.mask_pattern<{}>}} : {}) outs({} : {})",
                      ptoName(fe, c), src.name, kPattern[*p], src.type, d.name, d.type));
  return d;
}

/// pto.tmrgsort format1, ins(src, blockLen : T, i32) outs(dst): merges the sorted runs of
/// block_len (value, index) pairs of one row (PTOAS takes a single-row src and dst).
Value emitMrgSort1(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  if (tileRowsCols(tileTypeOf(src)).first != 1)
    fe.fail(c.span, "PTO's tmrgsort (format1) merges the runs of a single row",
            "sort a [1, N] tile (one row per call)");
  // A constant block length stays an i32 constant (PTOAS checks it: > 0, a multiple of 64).
  const auto* k = c.args[1]->as<ConstInt>();
  std::string len = k ? fe.constant(k->value, DType::Int32) : fe.scalarAs(c.args[1], DType::Int32);
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format("{} ins({}, {} : {}, i32) outs({} : {})", ptoName(fe, c), src.name, len,
                      src.type, d.name, d.type));
  return d;
}

/// pto.tmrgsort format2, ins(src0, src1[, src2, src3], tmp {exhausted = B}) outs(dst, executed):
/// merges 2 to 4 sorted lists; the last tile given is the scratch `tmp` (the result has its
/// shape), and `executed` is PTO's vector<4xi16> status operand (not an IR value).
Value emitMrgSort2(Fe& fe, const Call& c) {
  std::vector<Value> tiles;
  for (const auto& a : c.args)
    if (a) tiles.push_back(fe.tile(a, c.span));
  if (tiles.size() < 3)
    fe.fail(c.span, "PTO's tmrgsort (format2) needs a scratch tile after the sorted lists",
            "pass tmp=, a tile of the merged result's shape");
  Value tmp = tiles.back();
  tiles.pop_back();
  const bool* exhausted = getAttr<bool>(c.kwargs, "exhausted");
  std::string executed = fe.fresh("executed");
  fe.line(fmt::format("{} = arith.constant dense<0> : vector<4xi16>", executed));
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  std::vector<std::string> names, types;
  for (const auto& v : tiles) {
    names.push_back(v.name);
    types.push_back(v.type);
  }
  fe.line(fmt::format(
      "{} ins({}, {} {{exhausted = {}}} : {}, {}) outs({}, {} : {}, "
      "vector<4xi16>)",
      ptoName(fe, c), fmt::join(names, ", "), tmp.name, exhausted && *exhausted ? "true" : "false",
      fmt::join(types, ", "), tmp.type, d.name, executed, d.type));
  return d;
}

}  // namespace

void registerGatherSortEmitters(OpEmitterTable& t) {
  t.add("tile.gatherb", emitGatherb);
  t.add("tile.sort32", emitSort32);
  t.add("tile.gather", emitGather);
  t.add("tile.gather_mask", emitGatherMask);
  t.add("tile.mrgsort_format1", emitMrgSort1);
  t.add("tile.mrgsort_format2", emitMrgSort2);
  // PTOAS v0.27 rejects every pto.mgather / pto.mscatter of a text input: their verifiers
  // read the A5 target from the enclosing module at parse time and fail even with
  // `pto.target_arch = "a5"` and --pto-arch=a5 (its own samples build them in Python).
  const char* mgs =
      "PTOAS v0.27 rejects pto.mgather / pto.mscatter in a .pto input (its A5-only check fails "
      "at parse time whatever the target arch), so no text form is accepted yet";
  t.addNotEmitted("tile.mgather", mgs, "load the rows with pl.load at computed offsets");
  t.addNotEmitted("tile.mscatter", mgs, "store the rows with pl.store at computed offsets");
  t.addNotEmitted("tile.scatter",
                  "PTO's tscatter writes dst[indexes[i, j], j] (a destination row per element, "
                  "pto-isa TSCATTER), tile.scatter a flat index dst.flat[indexes[i]]",
                  "scatter with pl.store / tile.assemble at computed offsets");
}

}  // namespace ptoc::codegen
