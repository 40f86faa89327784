// Emitters of the element-wise and layout ops of lib/ops/ElementwiseLayoutOps.cpp that PTO has a
// counterpart for (docs/codegen.md §Tile ops): fmod / rem, the fused three-operand adds and
// subtractions, leaky relu, scalar broadcast, the triangular mask and column concatenation.
// Each keeps the op's meaning as the simulator computes it; where PTO's instruction computes
// something else (tsubc / tsubsc: src0 - src1 + src2), the emitter composes other ones.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

using Fe = FunctionEmitter;

/// `op ins(ins... : types...) outs(%d : T)`.
void insOuts(Fe& fe, std::string_view op, const std::vector<Value>& ins, const Value& d) {
  std::vector<std::string> names, types;
  for (const auto& v : ins) {
    names.push_back(v.name);
    types.push_back(v.type);
  }
  fe.line(fmt::format("{} ins({} : {}) outs({} : {})", op, fmt::join(names, ", "),
                      fmt::join(types, ", "), d.name, d.type));
}

/// Into a fresh buffer of the result type, with the op's own spelling.
Value dps(Fe& fe, const Call& c, const std::vector<Value>& ins) {
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  insOuts(fe, ptoName(fe, c), ins, d);
  return d;
}

/// Argument `i` as a scalar of the result's dtype (PTO's ScalarType operands).
Value scalarOfResult(Fe& fe, const Call& c, size_t i) {
  DType d = resultTile(fe, c).dtype;
  return {Value::Kind::Scalar, fe.scalarAs(c.args[i], d), scalarType(d)};
}

/// Every operand a tile, in order: tfmod, trem (lhs, rhs, tmp), taddc, tconcat.
Value emitTiles(Fe& fe, const Call& c) {
  std::vector<Value> ins;
  for (const auto& a : c.args) ins.push_back(fe.tile(a, c.span));
  return dps(fe, c, ins);
}

/// A scalar operand in position `s` among tiles: tfmods (t, s), trems (t, s, tmp),
/// taddsc (t, s, t2).
Value emitWithScalar(Fe& fe, const Call& c) {
  std::vector<Value> ins;
  for (size_t i = 0; i < c.args.size(); ++i)
    ins.push_back(i == 1 ? scalarOfResult(fe, c, i) : fe.tile(c.args[i], c.span));
  return dps(fe, c, ins);
}

/// tlrelu takes its slope as f32 whatever the tile's dtype (PTOAS `F32:$slope`).
Value emitLrelu(Fe& fe, const Call& c) {
  Value x = fe.tile(c.args[0], c.span);
  Value slope{Value::Kind::Scalar, fe.scalarAs(c.args[1], DType::FP32), "f32"};
  return dps(fe, c, {x, slope});
}

/// texpands: the target only gives the result's shape.
Value emitExpands(Fe& fe, const Call& c) { return dps(fe, c, {scalarOfResult(fe, c, 1)}); }

/// `pto.ttri ins(%d {upperOrLower = 1} : i32) outs(...)`: 1 where col <= row + d (lower)
/// or col >= row + d (upper), as the simulator's tile.tri.
Value emitTri(Fe& fe, const Call& c) {
  std::string d = fe.scalarAs(c.args[0], DType::Int32);
  const bool* upper = getAttr<bool>(c.kwargs, "upper");
  Value dst = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format("{} ins({}{} : i32) outs({} : {})", ptoName(fe, c), d,
                      upper && *upper ? " {upperOrLower = 1 : i32}" : "", dst.name, dst.type));
  return dst;
}

/// lhs - rhs - rhs2 (tile.subc) and lhs - scalar - rhs2 (tile.subsc) as two subtractions in
/// the simulator's order: PTO's tsubc / tsubsc add their third operand.
Value emitSubChain(Fe& fe, const Call& c) {
  bool scalar = c.op->name == "tile.subsc";
  Value lhs = fe.tile(c.args[0], c.span);
  Value rhs = scalar ? scalarOfResult(fe, c, 1) : fe.tile(c.args[1], c.span);
  Value rhs2 = fe.tile(c.args[2], c.span);
  Value partial = fe.allocTile(resultTile(fe, c), fe.hint + "_partial");
  insOuts(fe, ptoName(fe, c), {lhs, rhs}, partial);  // pto.tsubs / pto.tsub
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  insOuts(fe, "pto.tsub", {partial, rhs2}, d);
  return d;
}

/// The scratch operand at `i` (PTO's txor / txors / t*argmax take one), or a fresh tile of
/// the type of argument `like` when the call leaves it out.
Value scratch(Fe& fe, const Call& c, size_t i, size_t like) {
  if (i < c.args.size() && c.args[i]) return fe.tile(c.args[i], c.span);
  const auto* t = c.args[like]->type ? c.args[like]->type->as<TileType>() : nullptr;
  if (!t) fe.fail(c.span, "internal error: a scratch tile of a non-tile", "report this");
  return fe.allocTile(*t, fe.hint + "_tmp");
}

/// PTOAS's element types for the bitwise ops, per arch (its verifiers in lib/PTO/IR/PTO.cpp):
/// a diagnostic here instead of a .pto that PTOAS rejects.
void checkBitwiseDType(Fe& fe, const Call& c, DType d) {
  bool a2a3 = fe.module.arch == target::Arch::A2A3;
  std::string_view op = c.op->name;
  std::vector<unsigned> widths{8, 16, 32};
  if (a2a3 && (op == "tile.not_"))
    widths = {16};
  else if (a2a3 && op == "tile.shrs")
    widths = {16, 32};
  else if (a2a3 && !op.starts_with("tile.sh"))
    widths = {8, 16};
  bool ok = isInteger(d) && d != DType::Index &&
            std::find(widths.begin(), widths.end(), dtypeBits(d)) != widths.end();
  if (!ok)
    fe.fail(c.span,
            fmt::format("{} ({}) on {} takes integer tiles of {} bits, got {}", op, ptoName(fe, c),
                        a2a3 ? "a2a3" : "a5", fmt::join(widths, " / "), dtypeName(d)),
            a2a3 ? "cast the tile to INT16 (pl.cast) first, or compile for a5"
                 : "cast the tile to an 8-, 16- or 32-bit integer type first");
}

/// tand / tor / tshl / tshr (two tiles), txor (+ scratch); tands / tors / tshls / tshrs
/// (tile, integer scalar of the tile's dtype), txors (+ scratch).
Value emitBitwise(Fe& fe, const Call& c) {
  checkBitwiseDType(fe, c, resultTile(fe, c).dtype);
  bool scalar = c.args[1]->type && c.args[1]->type->isa<ScalarType>();
  if (!scalar && c.args[1]->type && c.args[1]->type->isa<TileType>() &&
      c.args[1]->type->as<TileType>()->dtype != resultTile(fe, c).dtype)
    fe.fail(c.span,
            fmt::format("{} with a shift tile of another dtype has no PTO emitter: PTO's binary "
                        "tile ops take operands of one dtype",
                        c.op->name),
            "cast the shift tile to the value's dtype first (pl.cast)");
  std::vector<Value> ins{fe.tile(c.args[0], c.span),
                         scalar ? scalarOfResult(fe, c, 1) : fe.tile(c.args[1], c.span)};
  if (c.op->name == "tile.xor" || c.op->name == "tile.xors") ins.push_back(scratch(fe, c, 2, 0));
  return dps(fe, c, ins);
}

/// tnot is a bitwise complement: of a BOOL tile (one byte per value) it would give 0xFE /
/// 0xFF, not the logical not the op computes there.
Value emitNot(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  if (resultTile(fe, c).dtype == DType::Bool)
    fe.fail(c.span, "tile.not_ of a BOOL tile is a logical not; PTO's tnot complements every bit",
            "compute it as 1 - x on an integer tile, or compare with pl.cmps");
  checkBitwiseDType(fe, c, resultTile(fe, c).dtype);
  return dps(fe, c, {src});
}

/// trowargmax ... take a scratch tile (of the source's type when the call gives none).
Value emitArgReduce(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  // PTOAS: trowarg* reads i16 / i32 / f16 / f32 (A2/A3: of the result's dtype, INT32),
  // tcolarg* f16 / f32.
  DType d = static_cast<const TileType*>(src.irType)->dtype;
  bool row = c.op->name.starts_with("tile.row_");
  bool a2a3 = fe.module.arch == target::Arch::A2A3;
  bool ok =
      row ? (a2a3 ? d == DType::Int32
                  : d == DType::Int16 || d == DType::Int32 || d == DType::FP16 || d == DType::FP32)
          : d == DType::FP16 || d == DType::FP32;
  if (!ok)
    fe.fail(c.span,
            fmt::format("{} ({}) on {} does not read {} tiles (it takes {})", c.op->name,
                        ptoName(fe, c), a2a3 ? "a2a3" : "a5", dtypeName(d),
                        row ? (a2a3 ? "INT32" : "INT16 / INT32 / FP16 / FP32") : "FP16 / FP32"),
            "cast the source first (pl.cast)");
  return dps(fe, c, {src, scratch(fe, c, 1, 0)});
}

}  // namespace

void registerArithExtraEmitters(OpEmitterTable& t) {
  for (const char* n : {"tile.fmod", "tile.rem", "tile.addc", "tile.concat"}) t.add(n, emitTiles);
  for (const char* n : {"tile.fmods", "tile.rems", "tile.addsc"}) t.add(n, emitWithScalar);
  t.add("tile.lrelu", emitLrelu);
  t.add("tile.expands", emitExpands);
  t.add("tile.tri", emitTri);
  t.add("tile.subc", emitSubChain);
  t.add("tile.subsc", emitSubChain);
  for (const char* n : {"tile.and_", "tile.or_", "tile.xor", "tile.shl", "tile.shr", "tile.ands",
                        "tile.ors", "tile.xors", "tile.shls", "tile.shrs"})
    t.add(n, emitBitwise);
  t.add("tile.not_", emitNot);
  for (const char* n : {"tile.row_argmax", "tile.row_argmin", "tile.col_argmax", "tile.col_argmin"})
    t.add(n, emitArgReduce);
}

}  // namespace ptoc::codegen
