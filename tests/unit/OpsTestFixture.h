// The fixture of the op registry's unit tests (OpRegistryTest.cpp, MemoryOpsTest.cpp,
// ComputeCrossCoreVmiOpsTest.cpp): typed operands, calls built with createOpCall, and the
// check that a contract violation gives exactly one error.
#pragma once

#include <gtest/gtest.h>

#include "IrTestBuilders.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

using namespace ir;

using Kw = AttrList;

class OpsTest : public ::testing::Test, protected IrTestBuilders {
 protected:
  SourceManager sm;
  DiagnosticEngine diag{sm};

  void SetUp() override { diag.setPrintImmediately(false); }

  static const OpDef& op(std::string_view name) {
    const OpDef* d = OpRegistry::instance().find(name);
    if (!d) throw std::runtime_error("op not registered: " + std::string(name));
    return *d;
  }

  static ExprPtr tile(std::vector<int64_t> shape, DType d = DType::FP32,
                      std::optional<MemorySpace> m = MemorySpace::Vec,
                      std::vector<ExprPtr> valid = {}, std::string name = "t") {
    return var(std::move(name), ops::makeTile(std::move(shape), d, m, std::move(valid)));
  }
  static ExprPtr tensor(std::vector<int64_t> shape, DType d = DType::FP32) {
    return var("x", TensorType::get(std::move(shape), d));
  }
  static ExprPtr scalar(DType d, std::string name = "s") {
    return var(std::move(name), ScalarType::get(d));
  }
  static ExprPtr vreg(int64_t lanes, DType d = DType::FP32) {
    return var("v", VRegType::get(lanes, d));
  }
  static ExprPtr mask(int64_t lanes) { return var("m", MaskType::get(lanes)); }

  CallPtr call(std::string_view name, std::vector<ExprPtr> args, const Kw& kw = {},
               TypePtr annotated = nullptr) {
    return createOpCall(op(name), std::move(args), kw, Span{}, diag, {}, {}, std::move(annotated));
  }
  static const TileType& tileOf(const CallPtr& c) {
    const auto* t = c->type->as<TileType>();
    if (!t) throw std::runtime_error("not a tile: " + ops::describeType(c->type));
    return *t;
  }

  /// The call must fail with exactly one error whose message contains `substr`.
  void expectError(std::string_view name, std::vector<ExprPtr> args, const Kw& kw,
                   std::string_view substr, TypePtr annotated = nullptr) {
    unsigned before = diag.errorCount();
    size_t nDiags = diag.diagnostics().size();
    EXPECT_THROW(call(name, std::move(args), kw, std::move(annotated)), CompileError) << name;
    EXPECT_EQ(diag.errorCount(), before + 1) << name;
    ASSERT_EQ(diag.diagnostics().size(), nDiags + 1) << name;
    EXPECT_NE(diag.diagnostics().back().message.find(substr), std::string::npos)
        << "message: " << diag.diagnostics().back().message << "\nexpected: " << substr;
  }
  const Diagnostic& last() const { return diag.diagnostics().back(); }
};

}  // namespace ptoc
