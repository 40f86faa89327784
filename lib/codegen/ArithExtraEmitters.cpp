// Emitters of the element-wise and layout ops of lib/ops/GatherSortOps.cpp that PTO has a
// counterpart for (docs/codegen.md §Tile ops): fmod / rem, the fused three-operand adds and
// subtractions, leaky relu, scalar broadcast, the triangular mask and column concatenation.
// Each keeps the op's meaning as the simulator computes it; where PTO's instruction computes
// something else (tsubc / tsubsc: src0 - src1 + src2), the emitter composes other ones.
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

using Fe = FunctionEmitter;

const TileType& resultTile(Fe& fe, const Call& c) {
  const auto* t = c.type ? c.type->as<TileType>() : nullptr;
  if (!t) fe.fail(c.span, "internal error: a tile op without a tile result", "report this");
  return *t;
}

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

}  // namespace

void registerArithExtraEmitters(OpEmitterTable& t) {
  for (const char* n : {"tile.fmod", "tile.rem", "tile.addc", "tile.concat"}) t.add(n, emitTiles);
  for (const char* n : {"tile.fmods", "tile.rems", "tile.addsc"}) t.add(n, emitWithScalar);
  t.add("tile.lrelu", emitLrelu);
  t.add("tile.expands", emitExpands);
  t.add("tile.tri", emitTri);
  t.add("tile.subc", emitSubChain);
  t.add("tile.subsc", emitSubChain);
}

}  // namespace ptoc::codegen
