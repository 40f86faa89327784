// Tile-level op emitters (docs/codegen.md §Tile ops): GM windows (make_tensor_view is in
// the signature; partition_view + tload / tstore here), allocation, the pto.t* compute ops
// in ins(...) outs(...) form, moves and matmuls, and the block queries.
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

using Fe = FunctionEmitter;

/// `%pv = pto.partition_view` of the window [offsets, sizes) of a tensor view.
Value partition(Fe& fe, const Value& tv, std::vector<ExprPtr> offsets, std::vector<ExprPtr> sizes,
                Span at) {
  const auto* tt = static_cast<const TensorType*>(tv.irType);
  size_t rank = tensorViewShape(*tt).size();
  while (offsets.size() < rank) offsets.insert(offsets.begin(), nullptr);
  while (sizes.size() < rank) sizes.insert(sizes.begin(), nullptr);
  if (offsets.size() != rank || sizes.size() != rank)
    fe.fail(at, "the window's rank does not match the tensor's",
            "give one offset and one size per tensor axis");
  std::vector<std::string> offs, szs, dims;
  for (size_t i = 0; i < rank; ++i) {
    offs.push_back(offsets[i] ? fe.index(offsets[i]) : fe.constIndex(0));
    if (!sizes[i]) {
      szs.push_back(fe.constIndex(1));
      dims.push_back("1");
    } else if (const auto* c = sizes[i]->as<ConstInt>()) {
      szs.push_back(fe.constIndex(c->value));
      dims.push_back(std::to_string(c->value));
    } else {
      szs.push_back(fe.index(sizes[i]));
      dims.push_back("?");
    }
  }
  std::string ty =
      fmt::format("!pto.partition_tensor_view<{}x{}>", fmt::join(dims, "x"), mlirDType(tt->dtype));
  std::string pv = fe.fresh(fe.hint + "_pv");
  fe.line(fmt::format("{} = pto.partition_view {}, offsets = [{}], sizes = [{}] : {} -> {}", pv,
                      tv.name, fmt::join(offs, ", "), fmt::join(szs, ", "), tv.type, ty));
  return {Value::Kind::Tensor, pv, ty, tt, tv.ptr};
}

Value emitLoad(Fe& fe, const Call& c) {
  Value tv = fe.tensor(c.args[0], c.span);
  auto offsets = fe.listElements(c.args[1], c.span);
  auto sizes = fe.listElements(c.args.size() > 3 && c.args[3] ? c.args[3] : c.args[2], c.span);
  Value pv = partition(fe, tv, offsets, sizes, c.span);
  Value t = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format("{} ins({} : {}) outs({} : {})", ptoName(fe, c), pv.name, pv.type, t.name,
                      t.type));
  return t;
}

Value emitStore(Fe& fe, const Call& c) {
  Value t = fe.tile(c.args[0], c.span);
  auto offsets = fe.listElements(c.args[1], c.span);
  Value tv = fe.tensor(c.args[2], c.span);
  const auto& tt = *static_cast<const TileType*>(t.irType);
  // PyPTO's ND form: the `shapes` operand is the partition (a lower-rank tile's valid shape
  // is padded with leading unit axes by partition()).
  Value pv =
      partition(fe, tv, offsets,
                c.args.size() > 3 ? fe.listElements(c.args[3], c.span) : tt.validShape(), c.span);
  // atomic=pl.AtomicType.Add: the store adds into GM (PTO's atomicType attribute).
  const auto* atomic = getAttr<int64_t>(c.kwargs, "atomic");
  fe.line(fmt::format(
      "{} ins({} : {}) outs({} : {}){}", ptoName(fe, c), t.name, t.type, pv.name, pv.type,
      atomic && *atomic == 1 ? " {atomicType = #pto<atomic_type atomic_add>}" : ""));
  return tv;
}

/// `P ins(a, b, ... : Ta, Tb, ...) outs(d : Td)` into a fresh tile of the result type.
Value emitDps(Fe& fe, const Call& c, const std::vector<Value>& ins) {
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  std::vector<std::string> names, types;
  for (const auto& v : ins) {
    names.push_back(v.name);
    types.push_back(v.type);
  }
  fe.line(fmt::format("{} ins({} : {}) outs({} : {})", ptoName(fe, c), fmt::join(names, ", "),
                      fmt::join(types, ", "), d.name, d.type));
  return d;
}

Value emitTiles(Fe& fe, const Call& c) {
  std::vector<Value> ins;
  for (const auto& a : c.args)
    if (a) ins.push_back(fe.tile(a, c.span));
  return emitDps(fe, c, ins);
}

/// tdiv / tlog / trecip: high_precision=True appends PTO's precisionType attribute after the
/// outs clause (`{precisionType = #pto<div_precision high_precision>}`).
Value emitPrecision(Fe& fe, const Call& c, std::string_view kind) {
  const auto* hp = getAttr<bool>(c.kwargs, "high_precision");
  if (!hp || !*hp) return emitTiles(fe, c);
  std::vector<std::string> names, types;
  for (const auto& a : c.args) {
    if (!a) continue;
    Value v = fe.tile(a, c.span);
    names.push_back(v.name);
    types.push_back(v.type);
  }
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format(
      "{} ins({} : {}) outs({} : {}) {{precisionType = #pto<{}_precision "
      "high_precision>}}",
      ptoName(fe, c), fmt::join(names, ", "), fmt::join(types, ", "), d.name, d.type, kind));
  return d;
}

Value emitTileScalar(Fe& fe, const Call& c) {
  Value t = fe.tile(c.args[0], c.span);
  DType d = static_cast<const TileType*>(t.irType)->dtype;
  Value s{Value::Kind::Scalar, fe.scalarAs(c.args[1], d), scalarType(d)};
  return emitDps(fe, c, {t, s});
}

/// Reductions take a scratch tile; a call without one gets one of the source's type.
Value emitReduce(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  Value tmp = c.args.size() > 1 && c.args[1]
                  ? fe.tile(c.args[1], c.span)
                  : fe.allocTile(*static_cast<const TileType*>(src.irType), fe.hint + "_tmp");
  return emitDps(fe, c, {src, tmp});
}

Value emitColReduce(Fe& fe, const Call& c) {
  // tcolsum takes a scratch tile; tcolmax / tcolmin do not (PTO_IR_manual §tcol*). With the
  // scratch tile PTOAS requires the reduction order as `isBinary` (false: row after row, the
  // order the simulator sums in).
  if (c.op->pto != "pto.tcolsum") return emitDps(fe, c, {fe.tile(c.args[0], c.span)});
  Value src = fe.tile(c.args[0], c.span);
  Value tmp = fe.allocTile(*static_cast<const TileType*>(src.irType), fe.hint + "_tmp");
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format("{} ins({}, {} {{isBinary = false}} : {}, {}) outs({} : {})", ptoName(fe, c),
                      src.name, tmp.name, src.type, tmp.type, d.name, d.type));
  return d;
}

Value emitCreate(Fe& fe, const Call& c) { return fe.allocTile(resultTile(fe, c), fe.hint); }

Value emitFull(Fe& fe, const Call& c) {
  const TileType& t = resultTile(fe, c);
  if (t.memory == MemorySpace::Acc)  // pto.texpands fills Vec / Mat tiles only
    fe.fail(c.span, "a tile.full in Acc has no PTO form: the cube writes L0C only by a matmul",
            "run lower-acc-zero-init (ptoc compile does): a zero accumulator becomes the first "
            "matmul's overwrite");
  Value s{Value::Kind::Scalar, fe.scalarAs(c.args[1], t.dtype), scalarType(t.dtype)};
  return emitDps(fe, c, {s});
}

Value emitCi(Fe& fe, const Call& c) {
  const TileType& t = resultTile(fe, c);
  DType d = t.dtype;
  Value s{Value::Kind::Scalar, fe.scalarAs(c.args[0], d), scalarType(d)};
  Value dst = fe.allocTile(t, fe.hint);
  const bool* desc = getAttr<bool>(c.kwargs, "descending");
  fe.line(fmt::format("{} ins({} : {}) outs({} : {}){}", ptoName(fe, c), s.name, s.type, dst.name,
                      dst.type, desc && *desc ? " {descending = true}" : ""));
  return dst;
}

Value emitMatmulAcc(Fe& fe, const Call& c) {
  // The accumulator is updated in place (DPS): the result is the input's buffer. init_cond
  // (PyPTO's flag, lower-acc-zero-init's first iteration) picks the overwriting pto.tmatmul
  // where it holds: a constant picks one form, a runtime condition branches over the two
  // (both write the accumulator in place, so the branch has no result).
  Value acc = fe.tile(c.args[0], c.span);
  Value l = fe.tile(c.args[1], c.span), r = fe.tile(c.args[2], c.span);
  auto accumulate = [&] {
    fe.line(fmt::format("{} ins({}, {}, {} : {}, {}, {}) outs({} : {})", ptoName(fe, c), acc.name,
                        l.name, r.name, acc.type, l.type, r.type, acc.name, acc.type));
  };
  auto overwrite = [&] {
    fe.line(fmt::format("pto.tmatmul ins({}, {} : {}, {}) outs({} : {})", l.name, r.name, l.type,
                        r.type, acc.name, acc.type));
  };
  if (c.args.size() <= 3) {
    accumulate();
  } else if (const auto* b = c.args[3]->as<ConstBool>()) {
    b->value ? overwrite() : accumulate();
  } else {
    fe.line(fmt::format("scf.if {} {{", fe.scalarAs(c.args[3], DType::Bool)));
    fe.indent(1);
    overwrite();
    fe.indent(-1);
    fe.line("} else {");
    fe.indent(1);
    accumulate();
    fe.indent(-1);
    fe.line("}");
  }
  return acc;
}

Value emitTranspose(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  Value tmp = fe.allocTile(*static_cast<const TileType*>(src.irType), fe.hint + "_tmp");
  return emitDps(fe, c, {src, tmp});
}

Value emitExtract(Fe& fe, const Call& c) {
  if (resultTile(fe, c).memory == MemorySpace::Acc)
    fe.fail(c.span,
            "tile.extract into Acc has no PTO emitter: PTO's textract fills L0A / L0B / Vec "
            "tiles, and the Acc form is not established (docs/codegen.md)",
            "extract into pl.Mem.Left / Right / Vec, or produce the Acc tile with pl.matmul");
  Value src = fe.tile(c.args[0], c.span);
  std::string r = fe.index(c.args[1]), col = fe.index(c.args[2]);
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format("{} ins({}, {}, {} : {}, index, index) outs({} : {})", ptoName(fe, c),
                      src.name, r, col, src.type, d.name, d.type));
  return d;
}

/// `pto.treshape` is a view of the source's storage (SSA): `%r = pto.treshape %s : T -> T2`.
Value emitReshape(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  const TileType& t = resultTile(fe, c);
  std::string ty = tileBufType(t, fe.module.arch);
  std::string r = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = {} {} : {} -> {}", r, ptoName(fe, c), src.name, src.type, ty));
  return {Value::Kind::Tile, r, ty, &t};
}

/// A tile with a new valid shape: a buffer whose valid extents are the operands, filled
/// from the source (tile values are immutable, so a copy is exact).
Value emitSetValidShape(Fe& fe, const Call& c) {
  Value src = fe.tile(c.args[0], c.span);
  Value d = fe.allocTile(resultTile(fe, c), fe.hint);
  fe.line(fmt::format("pto.tmov ins({} : {}) outs({} : {})", src.name, src.type, d.name, d.type));
  return d;
}

Value emitQuery(Fe& fe, const Call& c) {
  std::string raw = fe.fresh(fe.hint + "_i64");
  fe.line(fmt::format("{} = {}", raw, ptoName(fe, c)));
  std::string v = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = arith.index_cast {} : i64 to index", v, raw));
  return {Value::Kind::Scalar, v, "index", c.type.get()};
}

}  // namespace

void registerTileEmitters(OpEmitterTable& t) {
  t.add("tile.load", emitLoad);
  t.add("tile.store", emitStore);
  t.add("tile.create", emitCreate);
  t.add("tile.full", emitFull);
  t.add("tile.ci", emitCi);
  t.add("tile.move", emitTiles);
  for (const char* n : {"add", "sub", "mul", "maximum", "minimum", "row_expand_add",
                        "row_expand_sub", "row_expand_mul", "row_expand_div", "exp", "sqrt",
                        "rsqrt", "abs", "neg", "relu", "cast", "matmul"})
    t.add(std::string("tile.") + n, emitTiles);
  for (const char* n : {"div", "log", "recip"})
    t.add(std::string("tile.") + n, [n](Fe& fe, const Call& c) { return emitPrecision(fe, c, n); });
  for (const char* n : {"adds", "subs", "muls", "divs", "maximums", "minimums"})
    t.add(std::string("tile.") + n, emitTileScalar);
  for (const char* n : {"row_sum", "row_max", "row_min"})
    t.add(std::string("tile.") + n, emitReduce);
  for (const char* n : {"col_sum", "col_max", "col_min"})
    t.add(std::string("tile.") + n, emitColReduce);
  t.add("tile.matmul_acc", emitMatmulAcc);
  // MX matmul: pto.tmatmul.mx / .mx.bias read every operand (DPS into a fresh Acc tile);
  // pto.tmatmul.mx.acc updates the accumulator in place, as tmatmul.acc.
  t.add("tile.matmul_mx", emitTiles);
  t.add("tile.matmul_mx_bias", emitTiles);
  t.add("tile.matmul_mx_acc", [](Fe& fe, const Call& c) {
    Value acc = fe.tile(c.args[0], c.span);
    std::vector<std::string> names{acc.name}, types{acc.type};
    for (size_t i = 1; i < c.args.size(); ++i) {
      Value v = fe.tile(c.args[i], c.span);
      names.push_back(v.name);
      types.push_back(v.type);
    }
    fe.line(fmt::format("{} ins({} : {}) outs({} : {})", ptoName(fe, c), fmt::join(names, ", "),
                        fmt::join(types, ", "), acc.name, acc.type));
    return acc;
  });
  t.add("tile.transpose", emitTranspose);
  t.add("tile.extract", emitExtract);
  t.add("tile.reshape", emitReshape);
  t.add("tile.set_validshape", emitSetValidShape);
  for (const char* n : {"get_block_idx", "get_block_num", "get_subblock_idx"})
    t.add(std::string("tile.") + n, emitQuery);
}

}  // namespace ptoc::codegen
