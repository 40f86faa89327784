// The tile-level form of every tensor-level op (see TensorToTileConversions.h and
// docs/passes/convert-tensor-to-tile-ops.md, "Op by op").
#include "TensorToTileConversions.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>

#include "ptoc/ir/Builder.h"
#include "ptoc/ops/DiagnosticText.h"
#include "ptoc/ops/ExtentArith.h"

namespace ptoc {

using namespace ir;

namespace {

constexpr std::string_view kTensorPrefix = "tensor.";

const std::vector<int64_t>* shapeOf(const ExprPtr& e) {
  if (!e || !e->type) return nullptr;
  if (const auto* t = e->type->as<TileType>()) return &t->shape;
  if (const auto* t = e->type->as<TensorType>()) return &t->shape;
  return nullptr;
}

bool isTensorValue(const ExprPtr& e) { return e && e->type && e->type->isa<TensorType>(); }
bool isTileValue(const ExprPtr& e) { return e && e->type && e->type->isa<TileType>(); }

std::string bareName(const OpDef& op) { return op.name.substr(kTensorPrefix.size()); }

/// The registered tile op `tile.<name>` (or without a trailing '_': tensor.and_ -> tile.and).
const OpDef* tileCounterpart(const std::string& name) {
  const OpRegistry& reg = OpRegistry::instance();
  if (const OpDef* d = reg.find("tile." + name)) return d;
  if (!name.empty() && name.back() == '_')
    return reg.find("tile." + name.substr(0, name.size() - 1));
  return nullptr;
}

[[noreturn]] void failNoTileOp(TileConversionContext& ctx, const OpDef& op,
                               const std::string& tile) {
  ctx.fail(fmt::format("{} has no tile-level form: the registry has no {}", op.name, tile),
           "compute it with tile ops that exist, or keep the op outside the pl.at scope "
           "(orchestration code keeps tensor ops)");
}

/// The tensor op's kwargs the tile op also takes, with the tensor op's value (stored or
/// default) so a required tile kwarg is always given. Other kwargs (high_precision) are
/// dropped: the tile ops compute in full precision.
AttrList kwargsFor(const Call& original, const OpDef& tile) {
  AttrList out;
  for (const KwargSpec& k : tile.kwargs) {
    if (!original.op->findKwarg(k.name)) continue;
    if (const AttrValue* v = original.op->kwargValue(original.kwargs, k.name))
      out.emplace_back(k.name, *v);
  }
  return out;
}

std::vector<ExprPtr> vecTiles(std::vector<ExprPtr> args, TileConversionContext& ctx) {
  for (auto& a : args)
    if (isTensorValue(a)) a = ctx.asTile(a, MemorySpace::Vec);
  return args;
}

/// tensor.X -> tile.X, every tensor operand as a Vec tile.
TileConverter simple() {
  return [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
    std::string name = bareName(*c.op);
    const OpDef* tile = tileCounterpart(name);
    if (!tile) failNoTileOp(ctx, *c.op, "tile." + name);
    return ctx.call(tile->name, vecTiles(std::move(args), ctx), kwargsFor(c, *tile));
  };
}

/// The broadcasting binary ops: equal shapes -> tile.X; a rank-2 operand against a [M, 1]
/// column -> tile.row_expand_S, against a [1, N] row -> tile.col_expand_S. A narrow lhs of
/// a commutative op swaps; of sub / div it is first expanded to the full shape.
TileConverter broadcastBinary(std::string tileOp, std::string suffix, bool commutative) {
  return [=](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
    args = vecTiles(std::move(args), ctx);
    const auto& a = *shapeOf(args[0]);
    const auto& b = *shapeOf(args[1]);
    if (a == b) return ctx.call(tileOp, args, kwargsFor(c, OpRegistry::instance().get(tileOp)));
    const auto* out = c.type->as<TensorType>();
    auto kind = [&](const std::vector<int64_t>& s) -> std::optional<std::string> {
      if (s.size() != 2 || out->shape.size() != 2) return std::nullopt;
      if (s[0] == out->shape[0] && s[1] == 1) return std::string("row");
      if (s[0] == 1 && s[1] == out->shape[1]) return std::string("col");
      return std::nullopt;
    };
    if (a == out->shape) {
      if (auto k = kind(b)) return ctx.call(fmt::format("tile.{}_expand_{}", *k, suffix), args);
    } else if (b == out->shape) {
      if (auto k = kind(a)) {
        if (commutative)
          return ctx.call(fmt::format("tile.{}_expand_{}", *k, suffix), {args[1], args[0]});
        VarPtr full =
            ctx.emit("bcast", ctx.call(fmt::format("tile.{}_expand", *k), {args[1], args[0]}));
        return ctx.call(tileOp, {full, args[1]});
      }
    }
    ctx.fail(fmt::format("{}: operands {} and {} broadcast in a way no tile op expresses",
                         c.op->name, ops::formatShape(a), ops::formatShape(b)),
             "tile ops broadcast a [M, 1] column or a [1, N] row against a rank-2 operand; "
             "expand the operand first (pl.tensor.expand_clone)");
  };
}

/// A matmul operand in Mat; a transposed one becomes a transpose_view of the Mat tile.
ExprPtr matmulOperand(const ExprPtr& x, bool trans, TileConversionContext& ctx) {
  ExprPtr m = isTensorValue(x) ? ctx.asTile(x, MemorySpace::Mat) : x;
  if (!trans) return m;
  const auto* t = m->type->as<TileType>();
  if (t->memory != MemorySpace::Mat)
    m = ctx.emit("operand_mat", ctx.call("tile.move", {m}, {{"target_memory", MemorySpace::Mat}}));
  return ctx.call("tile.transpose_view", {m});
}

ExprPtr convertMatmul(const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx,
                      bool acc) {
  if (!acc && c.op->kwargValue(c.kwargs, "c_matrix_nz") &&
      std::get<bool>(*c.op->kwargValue(c.kwargs, "c_matrix_nz")))
    ctx.fail("tensor.matmul: c_matrix_nz=True has no tile-level form",
             "drop c_matrix_nz; the accumulator layout is chosen by the later passes");
  size_t l = acc ? 1 : 0;
  if (c.type->as<TensorType>()->shape.size() > 2)
    ctx.fail(fmt::format("{} of rank-{} operands (a batch matmul) has no tile-level form here yet",
                         c.op->name, c.type->as<TensorType>()->shape.size()),
             "loop over the batch axis and multiply [M, K] x [K, N] slices");
  bool ta = std::get<bool>(*c.op->kwargValue(c.kwargs, "a_trans"));
  bool tb = std::get<bool>(*c.op->kwargValue(c.kwargs, "b_trans"));
  ExprPtr lhs = matmulOperand(args[l], ta, ctx);
  ExprPtr rhs = matmulOperand(args[l + 1], tb, ctx);
  CallPtr r =
      acc ? ctx.call("tile.matmul_acc",
                     {isTensorValue(args[0]) ? ctx.asTile(args[0], MemorySpace::Vec) : args[0], lhs,
                      rhs})
          : ctx.call("tile.matmul", {lhs, rhs});
  DType want = c.type->as<TensorType>()->dtype;
  DType got = r->type->as<TileType>()->dtype;
  if (want != got)
    ctx.fail(fmt::format("{} with out_dtype={} has no tile-level form: tile.matmul gives {}",
                         c.op->name, dtypeName(want), dtypeName(got)),
             fmt::format("drop out_dtype and cast the product: pl.cast(c, {})", dtypeName(want)));
  return r;
}

ExprPtr keepTensorOp(const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) {
  return ctx.call(c.op->name, std::move(args), c.kwargs);
}

ExprPtr convertSlice(const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) {
  if (isTensorValue(args[0])) {
    std::vector<ExprPtr> load = {args[0], args[2], args[1]};
    if (args.size() > 3) load.push_back(args[3]);
    return ctx.call("tile.load", load, {{"target_memory", ctx.resultDemand()}});
  }
  return ctx.call("tile.slice", std::move(args),
                  kwargsFor(c, OpRegistry::instance().get("tile.slice")));
}

ExprPtr convertAssemble(const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) {
  bool atomic = std::get<int64_t>(*c.op->kwargValue(c.kwargs, "atomic")) != 0;
  ExprPtr src = isTensorValue(args[1]) ? ctx.asTile(args[1], MemorySpace::Vec) : args[1];
  if (isTensorValue(args[0])) {
    const OpDef& store = OpRegistry::instance().get("tile.store");
    AttrList kw;
    if (atomic) {
      if (!store.findKwarg("atomic"))
        ctx.fail(
            "tensor.assemble(atomic=pl.AtomicType.Add) has no tile-level form: tile.store has no "
            "atomic mode",
            "accumulate in a tile and store once");
      kw.emplace_back("atomic", true);
    }
    return ctx.call("tile.store", {src, args[2], args[0]}, kw);
  }
  if (atomic)
    ctx.fail(
        "tensor.assemble(atomic=pl.AtomicType.Add) into an on-chip value has no tile-level form",
        "atomic accumulation needs a GM target (a function output tensor)");
  return ctx.call("tile.assemble", {args[0], src, args[2]});
}

ExprPtr convertDim(const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) {
  const auto& shape = *shapeOf(args[0]);
  if (const auto* k = args[1]->as<ConstInt>()) {
    int64_t r = static_cast<int64_t>(shape.size());
    int64_t axis = k->value < 0 ? k->value + r : k->value;
    // A dynamic axis has no constant extent: the tensor op stays (the GM tensor knows it).
    if (shape[static_cast<size_t>(axis)] == kDynamicDim && isTensorValue(args[0]))
      return keepTensorOp(c, std::move(args), ctx);
    return constIndex(shape[static_cast<size_t>(axis)], c.span);
  }
  if (isTensorValue(args[0])) return keepTensorOp(c, std::move(args), ctx);
  ctx.fail("tensor.dim of a computed value needs a literal axis",
           "write the axis as an integer literal (shapes are static)");
}

ExprPtr convertExpandClone(const Call&, std::vector<ExprPtr> args, TileConversionContext& ctx) {
  args = vecTiles(std::move(args), ctx);
  const auto& in = *shapeOf(args[0]);
  const auto& out = *shapeOf(args[1]);
  if (in == out) return args[0];
  if (in.size() == 2 && out.size() == 2) {
    if (in[0] == out[0] && in[1] == 1) return ctx.call("tile.row_expand", {args[1], args[0]});
    if (in[0] == 1 && in[1] == out[1]) return ctx.call("tile.col_expand", {args[1], args[0]});
  }
  ctx.fail(fmt::format("tensor.expand_clone from {} to {} has no tile-level form",
                       ops::formatShape(in), ops::formatShape(out)),
           "tiles broadcast a [M, 1] column or a [1, N] row of a rank-2 target");
}

struct Table {
  std::map<const OpDef*, TileConverter> convert;
  std::set<const OpDef*> gmForms;  // may stay on a GM operand (keepsGmForm)
  const OpDef* matmul = nullptr;
  const OpDef* matmulAcc = nullptr;
  const OpDef* write = nullptr;
};

Table buildTable() {
  const OpRegistry& reg = OpRegistry::instance();
  Table table;
  auto& t = table.convert;
  auto put = [&](const std::string& name, TileConverter fn) {
    if (const OpDef* d = reg.find("tensor." + name)) t[d] = std::move(fn);
  };
  for (const char* n : {"adds",       "subs",       "muls",
                        "divs",       "fmods",      "maximums",
                        "minimums",   "ands",       "ors",
                        "xors",       "shls",       "shrs",
                        "exp",        "log",        "sqrt",
                        "rsqrt",      "recip",      "sin",
                        "cos",        "abs",        "neg",
                        "relu",       "not_",       "cast",
                        "fmod",       "part_add",   "part_mul",
                        "part_max",   "part_min",   "and_",
                        "or_",        "xor",        "shl",
                        "shr",        "row_sum",    "row_max",
                        "row_min",    "row_prod",   "col_sum",
                        "col_max",    "col_min",    "col_prod",
                        "row_argmax", "row_argmin", "col_argmax",
                        "col_argmin", "reshape",    "transpose",
                        "concat",     "fillpad",    "set_validshape",
                        "full",       "ci"})
    put(n, simple());
  for (const char* s : {"", "_add", "_sub", "_mul", "_div", "_max", "_min", "_expdif"}) {
    put(fmt::format("row_expand{}", s), simple());
    put(fmt::format("col_expand{}", s), simple());
  }
  put("add", broadcastBinary("tile.add", "add", true));
  put("sub", broadcastBinary("tile.sub", "sub", false));
  put("mul", broadcastBinary("tile.mul", "mul", true));
  put("div", broadcastBinary("tile.div", "div", false));
  put("maximum", broadcastBinary("tile.maximum", "max", true));
  put("minimum", broadcastBinary("tile.minimum", "min", true));
  put("cmp", [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
    args = vecTiles(std::move(args), ctx);
    bool tile = isTileValue(args[1]);
    if (tile && *shapeOf(args[0]) != *shapeOf(args[1]))
      ctx.fail(
          fmt::format("tensor.cmp of {} and {} has no tile-level form (tile.cmp compares "
                      "equal shapes)",
                      ops::formatShape(*shapeOf(args[0])), ops::formatShape(*shapeOf(args[1]))),
          "expand the narrow operand first (pl.tensor.expand_clone)");
    const OpDef& op = OpRegistry::instance().get(tile ? "tile.cmp" : "tile.cmps");
    // tile.cmp writes a packed predicate mask; the tensor's 0 / 1 values come from selecting
    // between a tile of ones and a tile of zeros by it (tile.sel, with its [1, 32] scratch).
    ExprPtr mask = ctx.call(op.name, args, kwargsFor(c, op));
    const auto& shape = *shapeOf(args[0]);
    DType d = c.type->as<TensorType>()->dtype;
    std::vector<ExprPtr> dims;
    for (int64_t e : shape) dims.push_back(constIndex(e, ctx.at()));
    auto fill = [&](int64_t v) {
      ExprPtr value =
          isFloat(d) ? constFloat(static_cast<double>(v), d, ctx.at()) : constInt(v, d, ctx.at());
      return ctx.call("tile.full", {makeTuple(dims, ctx.at()), value}, {{"dtype", d}});
    };
    ExprPtr ones = fill(1), zeros = fill(0);
    ExprPtr tmp = ctx.call(
        "tile.create",
        {makeTuple({constIndex(1, ctx.at()), constIndex(ops::kMaskRowAlignBytes, ctx.at())},
                   ctx.at())},
        {{"dtype", DType::UInt8}, {"target_memory", MemorySpace::Vec}});
    return ctx.call("tile.sel", {mask, ones, zeros, tmp});
  });
  put("expands", [](const Call&, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
    const auto& shape = *shapeOf(args[0]);
    std::vector<ExprPtr> dims;
    for (int64_t d : shape) dims.push_back(constIndex(d, ctx.at()));
    DType d = isTensorValue(args[0]) ? args[0]->type->as<TensorType>()->dtype
                                     : args[0]->type->as<TileType>()->dtype;
    return ctx.call("tile.full", {makeTuple(dims, ctx.at()), args[1]}, {{"dtype", d}});
  });
  put("expand_clone", convertExpandClone);
  put("create",
      [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
        DType d = c.type->as<TensorType>()->dtype;
        if (const auto* v = getAttr<double>(c.kwargs, "init_value")) {
          // The runtime's pre-fill becomes a tile filled with the value.
          ExprPtr value = isFloat(d) ? constFloat(*v, d, ctx.at())
                                     : constInt(static_cast<int64_t>(*v), d, ctx.at());
          return ctx.call("tile.full", {args[0], value}, {{"dtype", d}});
        }
        return ctx.call(
            "tile.create", args,
            {{"dtype", c.type->as<TensorType>()->dtype}, {"target_memory", ctx.resultDemand()}});
      });
  put("read", [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
    if (isTensorValue(args[0])) return keepTensorOp(c, std::move(args), ctx);
    return ctx.call("tile.read", std::move(args));
  });
  put("write", [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
    if (isTensorValue(args[0])) return keepTensorOp(c, std::move(args), ctx);
    return ctx.call("tile.write", std::move(args));
  });
  put("view", [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) -> ExprPtr {
    if (isTensorValue(args[0])) return keepTensorOp(c, std::move(args), ctx);
    return ctx.call("tile.slice", std::move(args));
  });
  put("dim", convertDim);
  for (const char* n : {"read", "write", "view", "dim"})
    if (const OpDef* d = reg.find(fmt::format("tensor.{}", n))) table.gmForms.insert(d);
  put("slice", convertSlice);
  put("assemble", convertAssemble);
  put("matmul", [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) {
    return convertMatmul(c, std::move(args), ctx, false);
  });
  put("matmul_acc", [](const Call& c, std::vector<ExprPtr> args, TileConversionContext& ctx) {
    return convertMatmul(c, std::move(args), ctx, true);
  });
  table.matmul = reg.find("tensor.matmul");
  table.matmulAcc = reg.find("tensor.matmul_acc");
  table.write = reg.find("tensor.write");
  return table;
}

const Table& table() {
  static const Table t = buildTable();
  return t;
}

}  // namespace

CallPtr TileConversionContext::call(std::string_view name, std::vector<ExprPtr> args,
                                    const AttrList& kwargs) {
  const OpDef* op = OpRegistry::instance().find(name);
  if (!op) fail(fmt::format("the registry has no {}", name), "internal: conversion table");
  return createOpCall(*op, std::move(args), kwargs, at(), diag());
}

void TileConversionContext::fail(const std::string& message, const std::string& hint) {
  diag().error(at(), "convert-tensor-to-tile-ops: " + message, hint);
  throw CompileError();
}

bool isTensorLevelOp(const OpDef& op) { return op.name.rfind(kTensorPrefix, 0) == 0; }

const TileConverter* findTileConversion(const OpDef& op) {
  auto it = table().convert.find(&op);
  return it == table().convert.end() ? nullptr : &it->second;
}

bool keepsGmForm(const Call& call) {
  return call.op && table().gmForms.count(call.op) && !call.args.empty() &&
         isTensorValue(call.args[0]);
}

bool isGmElementWrite(const Call& call) {
  return call.op && call.op == table().write && !call.args.empty() && isTensorValue(call.args[0]);
}

bool isCubeOperand(const Call& call, size_t arg) {
  if (!call.op) return false;
  if (call.op == table().matmul) return arg == 0 || arg == 1;
  if (call.op == table().matmulAcc) return arg == 1 || arg == 2;
  return false;
}

}  // namespace ptoc
