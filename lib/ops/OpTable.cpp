// Table-driven registration (OpTable.h) and the deduction helpers of the table families.
#include "OpTable.h"

#include <fmt/format.h>

namespace ptoc::ops {

using namespace ir;

void registerRows(OpRegistry& r, const std::vector<OpRow>& rows) {
  for (const OpRow& row : rows) {
    OpBuilder b = r.add(row.name);
    for (const ArgRow& a : row.args) {
      if (a.optional)
        b.optionalArg(a.name, a.kind);
      else
        b.arg(a.name, a.kind, {}, a.effect);
    }
    for (const KwargRow& k : row.kwargs) {
      if (k.required)
        b.requiredKwarg(k.name, k.kind, k.allowed);
      else
        b.kwarg(k.name, k.kind, k.dflt, false, k.allowed);
      for (const auto& [written, canonical] : k.spellings)
        b.kwargSpelling(k.name, written, canonical);
    }
    b.deduce(row.deduce).pipes(row.pipes).doc(row.doc);
    if (row.sideEffects) b.sideEffects();
    if (row.affinity) b.affinity(*row.affinity);
    if (row.outputMemory) b.outputMemoryFixed(*row.outputMemory);
    if (row.id != OpId::Other) b.id(row.id);
    if (row.typeFromAnnotation) b.typeFromAnnotation();
    if (row.literalDTypeArg) b.literalDTypeFrom(*row.literalDTypeArg);
    if (row.window) b.window(*row.window);
    if (!row.pto.empty()) b.pto(row.pto);
  }
}

const HandleType& handleArgRef(const OpCallContext& ctx, size_t i, HandleKind k) {
  const HandleType* h = i < ctx.args.size() ? ctx.args[i]->type->as<HandleType>() : nullptr;
  if (!h || h->handle != k)
    ctx.fail(
        static_cast<int>(i),
        fmt::format("argument {} ('{}') of {} must be a {}, got {}", i + 1, ctx.op.args[i].name,
                    ctx.op.name, handleKindName(k), describeType(ctx.args[i]->type)),
        fmt::format("the signature is {}", signatureText(ctx.op)));
  return *h;
}

const TensorType& distributedArgRef(const OpCallContext& ctx, size_t i) {
  const TensorType* t = i < ctx.args.size() ? ctx.args[i]->type->as<TensorType>() : nullptr;
  if (!t || !t->distributed)
    ctx.fail(static_cast<int>(i),
             fmt::format("argument {} ('{}') of {} must be a pld.DistributedTensor, got {}", i + 1,
                         ctx.op.args[i].name, ctx.op.name, describeType(ctx.args[i]->type)),
             "declare the parameter as pld.DistributedTensor[...] or make it with pld.window(...)");
  return *t;
}

void requireIntScalar(const OpCallContext& ctx, size_t i) {
  DType d = scalarArgDType(ctx, i);
  if (!isInteger(d))
    ctx.fail(static_cast<int>(i),
             fmt::format("argument {} ('{}') of {} must be an integer scalar, got Scalar[{}]",
                         i + 1, ctx.op.args[i].name, ctx.op.name, dtypeName(d)),
             "pass an INDEX or INT32 value");
}

std::vector<int64_t> staticTensorShapeArg(const OpCallContext& ctx, size_t i) {
  return staticShapeArg(ctx, i, "shape");
}

std::vector<ExprPtr> tensorExtentsArg(const OpCallContext& ctx, size_t i) {
  std::vector<ExprPtr> elems = listArgElements(ctx, i);
  if (elems.empty())
    ctx.fail(static_cast<int>(i), fmt::format("the shape of {} is empty", ctx.op.name),
             "give one extent per axis, e.g. [64, 64]");
  for (size_t k = 0; k < elems.size(); ++k) {
    if (auto v = foldConstInt(elems[k])) {
      if (*v <= 0 || *v > kMaxDimension)
        ctx.fail(static_cast<int>(i),
                 fmt::format("extent {} of the shape of {} must be in [1, 2^31], got {}", k,
                             ctx.op.name, *v),
                 "every static extent is positive");
      elems[k] = indexConst(*v);
      continue;
    }
    const auto* st = elems[k]->type ? elems[k]->type->as<ScalarType>() : nullptr;
    if (!st || !isInteger(st->dtype))
      ctx.fail(static_cast<int>(i),
               fmt::format("extent {} of the shape of {} must be an integer, got {}", k,
                           ctx.op.name, describeType(elems[k]->type)),
               "write an integer literal or an integer scalar");
  }
  return elems;
}

Operand operandOf(const OpCallContext& ctx, size_t i) {
  const Type& t = *ctx.args[i]->type;
  if (const auto* x = t.as<TileType>()) return {x->dtype, x->shape, true};
  if (const auto* x = t.as<TensorType>()) return {x->dtype, x->shape, false};
  ctx.fail(static_cast<int>(i),
           fmt::format("argument {} ('{}') of {} must be a tile or a tensor, got {}", i + 1,
                       ctx.op.args[i].name, ctx.op.name, describeType(ctx.args[i]->type)));
}

TypePtr resultLike(const OpCallContext& ctx, size_t like, std::vector<int64_t> shape, DType d) {
  if (operandOf(ctx, like).tile) return makeTile(std::move(shape), d, MemorySpace::Vec);
  return TensorType::get(std::move(shape), d);
}

DeduceTypeFn resultNone() {
  return [](const OpCallContext&) { return UnknownType::get(); };
}
DeduceTypeFn resultScalar(DType d) {
  return [d](const OpCallContext&) { return ScalarType::get(d); };
}
DeduceTypeFn resultHandle(HandleKind k) {
  return [k](const OpCallContext&) { return HandleType::get(k); };
}
DeduceTypeFn resultSameAs(size_t i) {
  return [i](const OpCallContext& ctx) { return ctx.args[i]->type; };
}

}  // namespace ptoc::ops
