// Builders of small IR operands for unit tests (a base of the ops and sim-kernel
// fixtures): variables, integer / float constants and integer lists.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ptoc/ir/Expr.h"
#include "ptoc/ir/Type.h"

namespace ptoc {

struct IrTestBuilders {
  static ir::ExprPtr var(std::string name, ir::TypePtr t) {
    return std::make_shared<ir::Var>(std::move(name), std::move(t), Span{});
  }
  static ir::ExprPtr idx(int64_t v) {
    return std::make_shared<ir::ConstInt>(v, ir::DType::Index, Span{});
  }
  static ir::ExprPtr i32(int64_t v) {
    return std::make_shared<ir::ConstInt>(v, ir::DType::Int32, Span{});
  }
  static ir::ExprPtr f32(double v) {
    return std::make_shared<ir::ConstFloat>(v, ir::DType::FP32, Span{});
  }
  /// A tuple of `es` (the list form of offsets, shapes, ...).
  static ir::ExprPtr listOf(std::vector<ir::ExprPtr> es) {
    std::vector<ir::TypePtr> ts;
    for (const auto& e : es) ts.push_back(e->type);
    return std::make_shared<ir::MakeTuple>(std::move(es), ir::TupleType::get(std::move(ts)),
                                           Span{});
  }
  /// A tuple of Index constants.
  static ir::ExprPtr list(std::vector<int64_t> vs) {
    std::vector<ir::ExprPtr> es;
    for (int64_t v : vs) es.push_back(idx(v));
    return listOf(std::move(es));
  }
};

}  // namespace ptoc
