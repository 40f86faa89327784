// Property test of the text round trip for types (docs/ir-text-format.md): every
// tile type over every memory space × view field (blayout, slayout, fractal, pad) ×
// valid_shape (none, static, dynamic naming a scalar parameter), every scalar and
// tensor type and every tuple form (empty, one, nested, mixed) is put into a small
// program as a parameter / return / annotated-assignment type; the program is
// printed, parsed back and compared with structuralEqual, and printing the parsed
// program again gives the same text.
#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/transforms/PassManager.h"

using namespace ptoc;
using namespace ptoc::ir;

namespace {

TypePtr idxT() { return ScalarType::get(DType::Index); }

FunctionPtr makeFunction(std::vector<VarPtr> params, std::vector<StmtPtr> body,
                         std::vector<TypePtr> rets) {
  std::vector<ParamDirection> dirs(params.size(), ParamDirection::In);
  return std::make_shared<Function>("f", FunctionType::InCore, std::move(params), std::move(dirs),
                                    std::move(rets), seq(std::move(body)), AttrList{}, Span{});
}

ProgramPtr makeProgram(FunctionPtr f) {
  return std::make_shared<Program>("P", std::vector<FunctionPtr>{std::move(f)}, true, Span{});
}

/// Prints `p`, parses the text back and compares; empty when the round trip holds,
/// else what broke (with the printed text).
std::string roundTripFailure(const Program& p) {
  std::string text = printProgram(p);
  SourceManager sm;
  uint32_t file = sm.addBuffer("rt.py", text);
  DiagnosticEngine diag(sm);
  diag.setPrintImmediately(false);
  ProgramPtr back;
  try {
    back = frontend::parseProgram(sm, file, diag);
  } catch (const CompileError&) {
    std::string msg = "does not parse back:\n";
    for (const auto& d : diag.diagnostics()) msg += diag.renderText(d);
    return msg + "\n--- printed:\n" + text;
  }
  EqualResult eq = structuralEqual(p, *back);
  if (!eq) return "parses back to a different program: " + eq.message + "\n--- printed:\n" + text;
  std::string again = printProgram(*back);
  if (again != text)
    return "printing the parsed program differs:\n" + again + "\n--- first:\n" + text;
  return {};
}

/// A program that uses a tile / tensor / scalar type `t` as a parameter, an
/// annotated assignment and the result: `def f(self, n: INDEX, x: t) -> t: y: t = x; return y`.
/// `n` is the scalar a dynamic valid_shape names.
ProgramPtr paramProgram(const VarPtr& n, const TypePtr& t) {
  VarPtr x = var("x", t), y = var("y", t);
  return makeProgram(makeFunction({n, x}, {assign(y, x), returnStmt({y})}, {t}));
}

std::vector<std::optional<MemorySpace>> tileMemories() {
  // DDR is not a tile memory: the binder rejects pl.Mem.DDR on a tile and no pass makes one.
  return {std::nullopt,       MemorySpace::Vec, MemorySpace::Mat, MemorySpace::Left,
          MemorySpace::Right, MemorySpace::Acc, MemorySpace::Bias};
}

constexpr TileLayout kLayouts[] = {TileLayout::NoneBox, TileLayout::RowMajor, TileLayout::ColMajor};
constexpr PadValue kPads[] = {PadValue::Null, PadValue::Zero, PadValue::Max, PadValue::Min};
constexpr int64_t kFractals[] = {512, 1024, 32};

std::string describe(const Type& t) { return printType(t); }

TEST(TypeRoundTripTest, TileTypesOverEveryMemoryViewFieldAndValidShape) {
  size_t count = 0, failures = 0;
  std::string firstFailures;
  // [1, 32] is the single-row shape whose Mat view differs from [16, 32]'s.
  for (std::vector<int64_t> shape : {std::vector<int64_t>{16, 32}, std::vector<int64_t>{1, 32}}) {
    for (auto mem : tileMemories()) {
      for (TileLayout bl : kLayouts)
        for (TileLayout sl : kLayouts)
          for (int64_t fr : kFractals)
            for (PadValue pad : kPads)
              for (int valid = 0; valid < 4; ++valid) {
                VarPtr n = var("n", idxT());
                TileView v;
                v.blayout = bl;
                v.slayout = sl;
                v.fractal = fr;
                v.pad = pad;
                if (valid == 1) v.validShape = {constIndex(1), constIndex(8)};  // static
                if (valid == 2) v.validShape = {n, constIndex(8)};              // dynamic
                if (valid == 3) v.validShape = {constIndex(shape[0]), constIndex(shape[1])};
                TypePtr t = TileType::get(shape, DType::FP16, mem, v);
                ++count;
                std::string why = roundTripFailure(*paramProgram(n, t));
                if (!why.empty()) {
                  if (++failures <= 3) firstFailures += describe(*t) + ": " + why + "\n";
                }
              }
    }
  }
  EXPECT_EQ(failures, 0u) << failures << " of " << count << " tile types break the round trip; "
                          << "the first ones:\n"
                          << firstFailures;
}

TEST(TypeRoundTripTest, OtherRanksAndValidShapeExpressions) {
  // Rank 1 and 3 (no single-row rule), and valid_shape entries that are expressions
  // over the parameter or non-INDEX integer constants, on every memory space.
  for (auto mem : tileMemories()) {
    for (TileLayout bl : kLayouts) {
      VarPtr n = var("n", idxT());
      VarPtr m = var("m", ScalarType::get(DType::Int32));
      auto check = [&](std::vector<int64_t> shape, std::vector<ExprPtr> valid) {
        TileView v = implicitTileView(mem, shape);
        v.blayout = bl;
        v.validShape = std::move(valid);
        TypePtr t = TileType::get(shape, DType::FP32, mem, v);
        VarPtr x = var("x", t), y = var("y", t);
        auto p = makeProgram(makeFunction({n, m, x}, {assign(y, x), returnStmt({y})}, {t}));
        EXPECT_EQ(roundTripFailure(*p), "") << describe(*t);
      };
      check({64}, {});
      check({64}, {add(n, constIndex(40))});
      check({4, 16, 32}, {constIndex(2), mul(n, constIndex(2)), constIndex(32)});
      check({16, 32}, {m, constInt(8, DType::Int32)});
      check({16, 32}, {minExpr(n, constIndex(16)), cast(m, DType::Index)});
    }
  }
}

TEST(TypeRoundTripTest, TileWithoutViewAndWithImplicitView) {
  for (auto mem : tileMemories()) {
    VarPtr n = var("n", idxT());
    TypePtr plain = TileType::get({16, 32}, DType::FP32, mem);
    EXPECT_EQ(roundTripFailure(*paramProgram(n, plain)), "") << describe(*plain);
    // A view written out equal to the memory's defaults is the plain tile.
    TypePtr same = TileType::get({16, 32}, DType::FP32, mem, implicitTileView(mem, {16, 32}));
    EXPECT_TRUE(structuralEqual(*plain, *same)) << describe(*same);
    EXPECT_EQ(printType(*plain), printType(*same));
  }
}

TEST(TypeRoundTripTest, ScalarAndTensorTypes) {
  for (DType d : kAllDTypes) {
    VarPtr n = var("n", idxT());
    TypePtr s = ScalarType::get(d);
    EXPECT_EQ(roundTripFailure(*paramProgram(n, s)), "") << describe(*s);
    TypePtr t = TensorType::get({4, 8}, d);
    EXPECT_EQ(roundTripFailure(*paramProgram(n, t)), "") << describe(*t);
  }
}

/// Tuple forms. Parameters: a tile `x` (a Mat tile with a dynamic valid shape, so
/// that the view rules meet the tuple rules), a scalar `n`, a tensor `a`.
struct TupleFixture {
  VarPtr n = var("n", idxT());
  TypePtr tileType = TileType::get(
      {16, 32}, DType::FP16, MemorySpace::Mat,
      TileView{{n, constIndex(8)}, TileLayout::RowMajor, TileLayout::NoneBox, 512, PadValue::Null});
  VarPtr x = var("x", tileType);
  VarPtr a = var("a", TensorType::get({16, 32}, DType::FP16));
  std::vector<VarPtr> params() const { return {n, x, a}; }

  /// Every tuple form as a value: empty, one element (tile / scalar / literal),
  /// nested, mixed, an all-scalar list, a tuple holding an empty tuple.
  std::vector<ExprPtr> values() const {
    return {
        makeTuple({}),
        makeTuple({x}),
        makeTuple({n}),
        makeTuple({constIndex(3)}),
        makeTuple({x, n}),
        makeTuple({n, constIndex(1), constFloat(2.5)}),
        makeTuple({x, n, a}),
        makeTuple({makeTuple({n, constIndex(1)}), x}),
        makeTuple({makeTuple({makeTuple({x})}), makeTuple({})}),
        makeTuple({makeTuple({}), a, makeTuple({n})}),
        makeTuple({constInt(5, DType::Int32), constFloat(1.5, DType::FP16), constBool(true)}),
    };
  }
};

TEST(TypeRoundTripTest, DynamicTensorDimsStridesAndLayouts) {
  // Dynamic dims: a module-level pl.dynamic dim, a scalar parameter, arithmetic of both;
  // views: every layout, strides (static and symbolic), a valid_shape with a pad value.
  VarPtr n = var("n", idxT());
  ExprPtr m = dynamicDimVar("M"), k = dynamicDimVar("K");
  ExprPtr c64 = constInt(64), c1 = constInt(1);
  std::vector<std::vector<ExprPtr>> shapes = {{m, c64},
                                              {c64, m},
                                              {m, k},
                                              {n, c64},
                                              {binary(BinaryOp::Mul, m, constInt(2)), c64},
                                              {binary(BinaryOp::Add, n, m), c64},
                                              {c64, c64}};
  std::vector<std::optional<TensorView>> views = {std::nullopt};
  for (TensorLayout l : {TensorLayout::ND, TensorLayout::DN, TensorLayout::NZ,
                         TensorLayout::MX_A_ZZ, TensorLayout::MX_B_NN}) {
    TensorView v;
    v.layout = l;
    views.push_back(v);
    v.stride = {c64, c1};
    views.push_back(v);
  }
  TensorView symbolic;
  symbolic.stride = {m, c1};
  symbolic.validShape = {n, c64};
  symbolic.pad = PadValue::Zero;
  views.push_back(symbolic);
  for (const auto& shape : shapes)
    for (const auto& view : views) {
      for (bool dist : {false, true}) {
        TypePtr t = TensorType::get(shape, DType::FP32, dist, view);
        std::string failure = roundTripFailure(*paramProgram(n, t));
        EXPECT_TRUE(failure.empty()) << typeToString(*t) << ": " << failure;
      }
    }
}

TEST(TypeRoundTripTest, DynamicTensorTypeStoresSentinelAndExtents) {
  ExprPtr m = dynamicDimVar("M");
  EXPECT_EQ(dynamicDimVar("M").get(), m.get());  // interned per name
  EXPECT_TRUE(isDynamicDimVar(*m));
  EXPECT_FALSE(isDynamicDimVar(*var("M", idxT())));
  TypePtr t = TensorType::get({m, constInt(64)}, DType::FP16, false, std::nullopt);
  const auto& tt = *t->as<TensorType>();
  ASSERT_EQ(tt.shape.size(), 2u);
  EXPECT_EQ(tt.shape[0], kDynamicDim);
  EXPECT_EQ(tt.shape[1], 64);
  EXPECT_FALSE(tt.isStatic());
  EXPECT_EQ(tt.dims[0].get(), m.get());
  EXPECT_EQ(tt.dims[1], nullptr);
  EXPECT_EQ(tt.firstDynamicDimText(), "M");
  // All-constant extents and a default view make the plain static type.
  TensorView nd;
  TypePtr s = TensorType::get({constInt(4), constInt(8)}, DType::FP16, false, nd);
  EXPECT_TRUE(s->as<TensorType>()->isStatic());
  EXPECT_FALSE(s->as<TensorType>()->view.has_value());
  EXPECT_TRUE(structuralEqual(*s, *TensorType::get({4, 8}, DType::FP16)));
  // Equality and hashing see the symbolic extents and the view.
  TypePtr k = TensorType::get({dynamicDimVar("K"), constInt(64)}, DType::FP16, false, std::nullopt);
  TypePtr t2 = TensorType::get({m, constInt(64)}, DType::FP16, false, std::nullopt);
  EXPECT_TRUE(structuralEqual(*t, *t2));
  EXPECT_EQ(structuralHash(*t), structuralHash(*t2));
  EXPECT_FALSE(structuralEqual(*t, *TensorType::get({128, 64}, DType::FP16)));
  TensorView dn;
  dn.layout = TensorLayout::DN;
  TypePtr tdn = TensorType::get({m, constInt(64)}, DType::FP16, false, dn);
  EXPECT_FALSE(structuralEqual(*t, *tdn));
  EXPECT_NE(structuralHash(*t), structuralHash(*tdn));
  EXPECT_EQ(typeToString(*tdn), "Tensor[[M, 64], FP16, TensorView(stride=[], layout=DN)]");
  EXPECT_EQ(printType(*tdn),
            "pl.Tensor[[M, 64], pl.FP16, pl.TensorView(stride=[], layout=pl.TensorLayout.DN)]");
  TensorView nz;
  nz.layout = TensorLayout::NZ;
  EXPECT_EQ(printType(*TensorType::get({m, constInt(64)}, DType::FP16, false, nz)),
            "pl.Tensor[[M, 64], pl.FP16, pl.NZ]");
  (void)k;
}

TEST(TypeRoundTripTest, TupleValuesAsAnnotatedAssignments) {
  TupleFixture fx;
  for (const ExprPtr& value : fx.values()) {
    VarPtr t = var("t", value->type);
    std::vector<StmtPtr> body = {assign(t, value)};
    // Read every element back (r[k]), nested ones too.
    const auto* tt = value->type->as<TupleType>();
    for (size_t k = 0; k < tt->types.size(); ++k) {
      VarPtr e = var("e", tt->types[k]);
      body.push_back(assign(e, tupleGetItem(t, static_cast<int64_t>(k))));
    }
    body.push_back(returnStmt({}));
    auto p = makeProgram(makeFunction(fx.params(), std::move(body), {}));
    EXPECT_EQ(roundTripFailure(*p), "") << describe(*value->type);
  }
}

TEST(TypeRoundTripTest, UnderscoreEmptyTuple) {
  // `_ = ()` in the source.
  VarPtr u = var("_", makeTuple({})->type);
  auto p = makeProgram(makeFunction({}, {assign(u, makeTuple({})), returnStmt({})}, {}));
  EXPECT_EQ(roundTripFailure(*p), "");
}

TEST(TypeRoundTripTest, TupleValuesAsResults) {
  TupleFixture fx;
  for (const ExprPtr& value : fx.values()) {
    // One result of a tuple type: `-> tuple[tuple[...]]`, `return (x, n)`.
    auto one = makeProgram(makeFunction(fx.params(), {returnStmt({value})}, {value->type}));
    EXPECT_EQ(roundTripFailure(*one), "") << "one tuple result " << describe(*value->type);
    // The tuple's elements as several results: `-> tuple[T1, T2]`, `return x, n`.
    const auto& elems = value->as<MakeTuple>()->elements;
    if (elems.size() < 2) continue;
    std::vector<TypePtr> rets;
    for (const auto& e : elems) rets.push_back(e->type);
    auto several = makeProgram(makeFunction(fx.params(), {returnStmt(elems)}, rets));
    EXPECT_EQ(roundTripFailure(*several), "") << "several results " << describe(*value->type);
  }
}

TEST(TypeRoundTripTest, TupleResultOfACall) {
  // g returns a tuple; f assigns `r = self.g(n, x, a)` and returns r. Each function has
  // its own parameters: g's result type names g's `n`, and so does the call's type (the
  // callee's declared result type), while r's annotation names f's `n`.
  TupleFixture gx, fx;
  auto gValues = gx.values(), fValues = fx.values();
  for (size_t i = 0; i < gValues.size(); ++i) {
    const TypePtr& gType = gValues[i]->type;
    const TypePtr& fType = fValues[i]->type;
    auto g = std::make_shared<Function>(
        "g", FunctionType::InCore, gx.params(), std::vector<ParamDirection>(3, ParamDirection::In),
        std::vector<TypePtr>{gType}, seq({returnStmt({gValues[i]})}), AttrList{}, Span{});
    VarPtr r = var("r", fType);
    auto call = callFunction(*g, {fx.n, fx.x, fx.a});
    auto f = std::make_shared<Function>(
        "f", FunctionType::Orchestration, fx.params(),
        std::vector<ParamDirection>(3, ParamDirection::In), std::vector<TypePtr>{fType},
        seq({assign(r, call), returnStmt({r})}), AttrList{}, Span{});
    auto p = std::make_shared<Program>("P", std::vector<FunctionPtr>{g, f}, true, Span{});
    EXPECT_EQ(roundTripFailure(*p), "") << describe(*fType);
  }
}

// ---------------------------------------------------------------------------
// The --verify-roundtrip hook of the pass manager.

/// A program whose text does not parse back: a tile in DDR has no spelling.
ProgramPtr unparsableProgram() {
  VarPtr n = var("n", idxT());
  return paramProgram(n, TileType::get({16, 16}, DType::FP32, MemorySpace::DDR));
}

/// A program that parses back to a different one: an op call whose stored result type
/// is not the one the registry deduces (the statement prints no type to check).
ProgramPtr mistypedProgram() {
  VarPtr x = var("x", TileType::get({16, 16}, DType::FP32, MemorySpace::Vec));
  auto wrong = TileType::get({16, 16}, DType::FP16, MemorySpace::Vec);
  auto body = std::vector<StmtPtr>{evalStmt(callOp("tile.exp", {x}, {}, wrong)), returnStmt({})};
  return makeProgram(makeFunction({x}, std::move(body), {}));
}

std::string roundTripError(const Program& p, std::string_view after) {
  try {
    verifyRoundTrip(p, after);
  } catch (const InternalError& e) {
    return e.what();
  }
  return {};
}

TEST(TypeRoundTripTest, VerifyRoundTripAcceptsEveryTupleForm) {
  TupleFixture fx;
  for (const ExprPtr& value : fx.values()) {
    auto p = makeProgram(makeFunction(fx.params(), {returnStmt({value})}, {value->type}));
    EXPECT_EQ(roundTripError(*p, "input"), "") << describe(*value->type);
  }
}

TEST(TypeRoundTripTest, VerifyRoundTripReportsTextThatDoesNotParseBack) {
  std::string e = roundTripError(*unparsableProgram(), "my-pass");
  EXPECT_NE(e.find("round trip broken after pass 'my-pass': the printed IR does not parse back"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("unknown memory space 'pl.Mem.DDR'"), std::string::npos) << e;
}

TEST(TypeRoundTripTest, VerifyRoundTripReportsTheFirstDifference) {
  std::string e = roundTripError(*mistypedProgram(), "input");
  EXPECT_NE(e.find("round trip broken on the input: the printed IR parses back to a different "
                   "program in function 'f'"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("line 7 of the printed IR: pl.tile.exp(x)"), std::string::npos) << e;
}

/// A pass that replaces the program with a fixed one.
class ReplacePass final : public Pass {
 public:
  explicit ReplacePass(ProgramPtr p) : p_(std::move(p)) {}
  std::string_view name() const override { return "replace-for-test"; }
  std::string_view description() const override { return "test"; }
  ProgramPtr run(const ProgramPtr&, PassContext&) override { return p_; }

 private:
  ProgramPtr p_;
};

TEST(TypeRoundTripTest, PassManagerChecksAfterEveryPassOnlyWhenAsked) {
  VarPtr n = var("n", idxT());
  ProgramPtr input = paramProgram(n, ScalarType::get(DType::FP32));
  SourceManager sm;
  DiagnosticEngine diag(sm);
  diag.setPrintImmediately(false);
  std::ostringstream dump;
  for (bool on : {false, true}) {
    PassManagerOptions opts;
    opts.verifyRoundTrip = on;
    PassManager pm(opts, dump);
    pm.addPass(std::make_unique<ReplacePass>(mistypedProgram()));
    if (!on) {
      EXPECT_NO_THROW(pm.run(input, diag));
      continue;
    }
    try {
      pm.run(input, diag);
      ADD_FAILURE() << "no internal error with verifyRoundTrip";
    } catch (const InternalError& e) {
      EXPECT_NE(std::string(e.what()).find("after pass 'replace-for-test'"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
