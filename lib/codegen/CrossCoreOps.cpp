// Cross-core op emitters (docs/codegen.md §Cross-core; ptoas-facts §1.7, §1.8): the pipe
// set-up (reserve_buffer / import_reserved_buffer / *_initialize_pipe), tpush / tpop with
// their split codes, tfree. A2/A3 pipes run through a GM ring buffer: every init gets the
// kernel's `gm_slot_buffer` parameter, offset per block; A5 pipes are core to core.
#include <fmt/format.h>

#include "FunctionEmitter.h"
#include "ptoc/analysis/BufferDemand.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/target/Target.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

using Fe = FunctionEmitter;

int64_t intKwarg(const Call& c, std::string_view name, int64_t dflt) {
  const AttrValue* v = c.op->kwargValue(c.kwargs, name);
  const int64_t* i = v ? std::get_if<int64_t>(v) : nullptr;
  return i ? *i : dflt;
}

std::string stringKwarg(const Call& c, std::string_view name) {
  const AttrValue* v = c.op->kwargValue(c.kwargs, name);
  const std::string* s = v ? std::get_if<std::string>(v) : nullptr;
  return s ? *s : std::string();
}

/// PTOAS v0.27 has one logical pipe per direction and function: a pipe id is not expressible.
void checkNoPipeId(Fe& fe, const Call& c) {
  if (intKwarg(c, "id", 0) != 0)
    fe.fail(c.span,
            fmt::format("{} with id={}: PTO (v0.27) has one pipe per direction and kernel",
                        c.op->name, intKwarg(c, "id", 0)),
            "use one C2V and one V2C pipe per kernel (drop id=), or split the kernel");
}

std::string splitAttr(const Call& c) {
  return fmt::format("{{split = {}}}", intKwarg(c, "split", 0));
}

/// The reserved size PTOAS v0.27 needs (its ring: analysis::ptoasRingSlots x slot_size)
/// after checking that it fits the consumer's buffer next to the kernel's largest tile.
int64_t reservedBytes(Fe& fe, const Call& c) {
  const bool cube = fe.fn.funcType == FunctionType::AIC;
  const MemorySpace space = cube ? MemorySpace::Mat : MemorySpace::Vec;
  const target::Buffer buf = cube ? target::Buffer::L1 : target::Buffer::UB;
  const analysis::BufferDemand p = analysis::bufferDemand(fe.fn, space, buf);
  if (!p.init) return intKwarg(c, "size", 0);  // no pipe here: the size as written
  const int64_t dir = intKwarg(*p.init, "dir_mask", 1);
  const int64_t slotSize = intKwarg(*p.init, "slot_size", 0);
  const int64_t slotNum = intKwarg(*p.init, "slot_num", target::kDefaultSlotNum);
  const int64_t slots = analysis::ptoasRingSlots(dir);
  const Span at = p.firstPop ? p.firstPop->span : c.span;
  const char* dirName = cube ? "V2C" : "C2V";
  if (slotNum > slots)
    fe.fail(at,
            fmt::format("the {} pipe of '{}' asks for slot_num={}, but PTOAS v0.27 fixes a pipe "
                        "with dir_mask={} at {} slots (its init ops have no slot_num)",
                        dirName, fe.fn.name, slotNum, dir, slots),
            fmt::format("use pl.cross_core_slot(slot_num=N) with N <= {}, or hold fewer popped "
                        "tiles at once",
                        slots));
  const int64_t size = slots * slotSize;
  const int64_t capacity = target::bufferBytes(fe.module.arch, buf);
  const int64_t tile = p.largestTileBytes;
  if (size + tile > capacity) {
    const char* bufName = cube ? "L1" : "UB";
    const int64_t fits = (capacity - tile) / slots;
    fe.fail(at,
            fmt::format("the {} pipe of '{}' does not fit in {}: PTOAS v0.27 keeps {} slots of "
                        "slot_size {} bytes (the unsplit tile; a split lane's half sits in a "
                        "full-size slot) = {} bytes{}, but {} has {} bytes on {}",
                        dirName, fe.fn.name, bufName, slots, slotSize, size,
                        tile ? fmt::format(" next to the kernel's {}-byte tile", tile) : "",
                        bufName, capacity, target::archName(fe.module.arch)),
            fmt::format("move at most {} bytes per transfer across the cube/vector boundary "
                        "(e.g. loop over row or column blocks of the tile), or keep the work "
                        "on one side",
                        std::max<int64_t>(fits, 0)));
  }
  return size;
}

Value emitReserve(Fe& fe, const Call& c) {
  std::string loc = fe.fn.funcType == FunctionType::AIC ? "mat" : "vec";
  int64_t base = intKwarg(c, "base", -1);
  std::string placement = base < 0 ? "auto = true" : fmt::format("auto = false, base = {}", base);
  const int64_t size = reservedBytes(fe, c);
  std::string r = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = {} {{name = \"{}\", size = {}, location = <{}>, {}}} -> i32", r,
                      ptoName(fe, c), stringKwarg(c, "name"), size, loc, placement));
  return {Value::Kind::Scalar, r, "i32", c.type.get()};
}

Value emitImport(Fe& fe, const Call& c) {
  std::string r = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = {} {{name = \"{}\", peer_func = @{}}} -> i32", r, ptoName(fe, c),
                      stringKwarg(c, "name"), stringKwarg(c, "peer_func")));
  return {Value::Kind::Scalar, r, "i32", c.type.get()};
}

Value emitInitPipe(Fe& fe, const Call& c) {
  checkNoPipeId(fe, c);
  std::string c2v = fe.scalarAs(c.args[0], DType::Int32);
  std::string v2c = fe.scalarAs(c.args[1], DType::Int32);
  int64_t dir = intKwarg(c, "dir_mask", 1), slot = intKwarg(c, "slot_size", 0);
  std::string gm;
  if (!fe.gmSlotBuffer.empty()) {
    // One ring per block: PTOAS's A2/A3 GM pipe holds 8 slots (4 per direction for both).
    int64_t perBlock = 8 * slot / 4;  // f32 elements
    std::string bi = fe.fresh("block_idx_i64");
    fe.line(fmt::format("{} = pto.get_block_idx", bi));
    std::string bix = fe.fresh("block_idx");
    fe.line(fmt::format("{} = arith.index_cast {} : i64 to index", bix, bi));
    std::string off = fe.fresh("slot_offset");
    fe.line(fmt::format("{} = arith.muli {}, {} : index", off, bix, fe.constIndex(perBlock)));
    std::string p = fe.fresh("gm_slots");
    fe.line(fmt::format("{} = pto.addptr {}, {} : <f32> -> <f32>", p, fe.gmSlotBuffer, off));
    gm = fmt::format("gm_slot_buffer = {} : !pto.ptr<f32>, ", p);
  }
  fe.line(
      fmt::format("{} {{dir_mask = {}, slot_size = {}}} ({}c2v_consumer_buf = {} : i32, "
                  "v2c_consumer_buf = {} : i32)",
                  ptoName(fe, c), dir, slot, gm, c2v, v2c));
  return {};
}

Value emitPush(Fe& fe, const Call& c) {
  checkNoPipeId(fe, c);
  Value t = fe.tile(c.args[0], c.span);
  fe.line(fmt::format("{}({} : {}) {}", ptoName(fe, c), t.name, t.type, splitAttr(c)));
  return {};
}

Value emitPop(Fe& fe, const Call& c) {
  checkNoPipeId(fe, c);
  const auto* tt = c.type ? c.type->as<TileType>() : nullptr;
  if (!tt) fe.fail(c.span, "internal error: a tpop without a tile type", "report this");
  std::string r = fe.fresh(fe.hint);
  std::string ty = tileBufType(*tt, fe.module.arch);
  std::string valid;  // a dynamic valid shape is given as (valid_row, valid_col) operands
  if (hasDynamicValid(*tt)) {
    std::vector<ExprPtr> v = tt->validShape();
    std::string vr = v.size() >= 2 ? fe.index(v[v.size() - 2]) : fe.constIndex(1);
    valid = fmt::format("({}, {}) ", vr, fe.index(v.back()));
  }
  fe.line(fmt::format("{} = {} {}{} -> {}", r, ptoName(fe, c), valid, splitAttr(c), ty));
  return {Value::Kind::Tile, r, ty, tt};
}

Value emitFree(Fe& fe, const Call& c) {
  checkNoPipeId(fe, c);
  fe.line(fmt::format("{} {}", ptoName(fe, c), splitAttr(c)));
  return {};
}

}  // namespace

void registerCrossCoreEmitters(OpEmitterTable& t) {
  t.add("system.reserve_buffer", emitReserve);
  t.add("system.import_peer_buffer", emitImport);
  t.add("system.aic_initialize_pipe", emitInitPipe);
  t.add("system.aiv_initialize_pipe", emitInitPipe);
  t.add("tile.tpush_to_aiv", emitPush);
  t.add("tile.tpush_to_aic", emitPush);
  t.add("tile.tpop_from_aic", emitPop);
  t.add("tile.tpop_from_aiv", emitPop);
  t.add("system.tfree_to_aic", emitFree);
  t.add("system.tfree_to_aiv", emitFree);
}

}  // namespace ptoc::codegen
