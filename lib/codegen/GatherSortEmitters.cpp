// Emitters of the gather / scatter / sort ops of lib/ops/GatherSortOps.cpp that PTO has a
// counterpart for (docs/codegen.md §Tile ops): tgatherb and tsort32. Each emits only where PTO's instruction computes the
// op's meaning; elsewhere (and for the operand forms PTOAS does not take) the emitter is a
// diagnostic giving the reason.
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
    fe.fail(c.span,
            fmt::format("PTO's tsort32 takes UINT32 indices, got {}",
                        dtypeName(tileTypeOf(idx).dtype)),
            "build the index tile as pl.UINT32");
  return dps(fe, c, {src, idx});
}

}  // namespace

void registerGatherSortEmitters(OpEmitterTable& t) {
  t.add("tile.gatherb", emitGatherb);
  t.add("tile.sort32", emitSort32);
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
