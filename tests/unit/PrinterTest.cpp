// Unit tests of the IR printer (exact `pl` text per docs/ir-text-format.md) and of
// the Builder helpers (dtype promotion, result types).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"

using namespace ptoc;
using namespace ptoc::ir;

namespace {

TypePtr tensorT(std::vector<int64_t> shape, DType d = DType::FP32) {
  return TensorType::get(std::move(shape), d);
}
TypePtr tileT(std::vector<int64_t> shape, DType d = DType::FP32,
              std::optional<MemorySpace> m = MemorySpace::Vec) {
  return TileType::get(std::move(shape), d, m);
}
TypePtr idxT() { return ScalarType::get(DType::Index); }
ExprPtr list(std::vector<int64_t> xs) {
  std::vector<ExprPtr> es;
  for (int64_t x : xs) es.push_back(constIndex(x));
  return makeTuple(std::move(es));
}
FunctionPtr makeFunction(std::string name, std::vector<VarPtr> params, StmtPtr body,
                         std::vector<TypePtr> rets = {}, FunctionType ft = FunctionType::Opaque,
                         std::vector<ParamDirection> dirs = {}, AttrList attrs = {}) {
  if (dirs.empty()) dirs.assign(params.size(), ParamDirection::In);
  return std::make_shared<Function>(std::move(name), ft, std::move(params), std::move(dirs),
                                    std::move(rets), std::move(body), std::move(attrs), Span{});
}
std::string printBody(StmtPtr body, std::vector<VarPtr> params = {}) {
  // The body of `def f(...)`, de-indented, without the header lines.
  auto f = makeFunction("f", std::move(params), std::move(body));
  std::string text = printFunction(*f);
  size_t pos = text.find(":\n");
  std::string out;
  for (size_t i = pos + 2; i < text.size();) {
    size_t eol = text.find('\n', i);
    out += text.substr(i + 4, eol - i - 4 + 1);
    i = eol + 1;
  }
  return out;
}

TEST(PrinterTest, ContractExampleProgram) {
  auto tT = tensorT({16, 16});
  auto tile = tileT({16, 16});
  VarPtr a = var("a", tT), out = var("out", tT), t = var("t", tile), out1 = var("out", tT);
  auto load = callOp("tile.load", {a, list({0, 0}), list({16, 16})},
                     {{"target_memory", MemorySpace::Vec}}, tile);
  auto store = callOp("tile.store", {t, list({0, 0}), out}, {}, tT);
  auto f =
      makeFunction("f", {a, out}, seq({assign(t, load), assign(out1, store), returnStmt({out1})}),
                   {tT}, FunctionType::InCore, {ParamDirection::In, ParamDirection::Out},
                   {{"split", SplitMode::UpDown}, {"split_aiv", true}});
  Program p("Name", {f}, true, Span{});
  EXPECT_EQ(printProgram(p),
            "import pypto.language as pl\n"
            "\n"
            "@pl.program\n"
            "class Name:\n"
            "    @pl.function(type=pl.FunctionType.InCore)\n"
            "    def f(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], "
            "pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
            "        pl.func_attr({\"split\": pl.SplitMode.UP_DOWN, \"split_aiv\": True})\n"
            "        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16], "
            "target_memory=pl.Mem.Vec)\n"
            "        out_1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t, [0, 0], out)\n"
            "        return out_1\n");
}

TEST(PrinterTest, ClassAndTopLevelForms) {
  auto s = idxT();
  VarPtr x = var("x", s);
  auto g = makeFunction("g", {x}, returnStmt({x}), {s});
  VarPtr y = var("y", s), r = var("r", s);
  auto f = makeFunction("f", {y}, seq({assign(r, callFunction(*g, {y})), returnStmt({r})}), {s},
                        FunctionType::Orchestration);
  Program cls("P", {g, f}, true, Span{});
  EXPECT_EQ(printProgram(cls),
            "import pypto.language as pl\n\n"
            "@pl.program\n"
            "class P:\n"
            "    @pl.function\n"
            "    def g(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "        return x\n"
            "\n"
            "    @pl.function(type=pl.FunctionType.Orchestration)\n"
            "    def f(self, y: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "        r: pl.Scalar[pl.INDEX] = self.g(y)\n"
            "        return r\n");
  Program top("P", {g, f}, false, Span{});
  EXPECT_EQ(printProgram(top),
            "import pypto.language as pl\n\n"
            "@pl.function\n"
            "def g(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "    return x\n"
            "\n"
            "@pl.function(type=pl.FunctionType.Orchestration)\n"
            "def f(y: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "    r: pl.Scalar[pl.INDEX] = g(y)\n"
            "    return r\n");
  Program empty("E", {}, true, Span{});
  EXPECT_EQ(printProgram(empty),
            "import pypto.language as pl\n\n@pl.program\nclass E:\n    pass\n");
}

TEST(PrinterTest, TopLevelVarsAvoidFunctionNames) {
  auto s = idxT();
  VarPtr x = var("x", s);
  auto g = makeFunction("g", {x}, returnStmt({x}), {s});
  VarPtr gv = var("g", s);
  auto f = makeFunction(
      "f", {}, seq({assign(gv, callFunction(*g, {constIndex(1)})), returnStmt({gv})}), {s});
  Program top("P", {g, f}, false, Span{});
  EXPECT_NE(printProgram(top).find("    g_1: pl.Scalar[pl.INDEX] = g(1)\n    return g_1\n"),
            std::string::npos);
}

TEST(PrinterTest, SignatureForms) {
  VarPtr a = var("a", tensorT({4}, DType::FP16)), b = var("b", tensorT({4})),
         c = var("c", ScalarType::get(DType::FP32));
  auto f = makeFunction("k", {a, b, c}, nullptr, {tensorT({4}), idxT()}, FunctionType::AIV,
                        {ParamDirection::In, ParamDirection::InOut, ParamDirection::In});
  EXPECT_EQ(printFunction(*f),
            "@pl.function(type=pl.FunctionType.AIV)\n"
            "def k(a: pl.Tensor[[4], pl.FP16], b: pl.InOut[pl.Tensor[[4], pl.FP32]], "
            "c: pl.Scalar[pl.FP32]) -> tuple[pl.Tensor[[4], pl.FP32], pl.Scalar[pl.INDEX]]:\n"
            "    pass\n");
  auto g = makeFunction("h", {}, returnStmt({}), {}, FunctionType::AIC, {},
                        {{"slot_num", int64_t{4}}, {"split", SplitMode::None}});
  EXPECT_EQ(printFunction(*g, /*asMethod=*/true),
            "    @pl.function(type=pl.FunctionType.AIC)\n"
            "    def h(self):\n"
            "        pl.func_attr({\"slot_num\": 4, \"split\": pl.SplitMode.NONE})\n"
            "        return\n");
}

TEST(PrinterTest, Types) {
  EXPECT_EQ(printType(*ScalarType::get(DType::FP32)), "pl.Scalar[pl.FP32]");
  EXPECT_EQ(printType(*tensorT({16, 16})), "pl.Tensor[[16, 16], pl.FP32]");
  EXPECT_EQ(printType(*tileT({16, 16})), "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]");
  EXPECT_EQ(printType(*tileT({16, 16}, DType::BF16, std::nullopt)), "pl.Tile[[16, 16], pl.BF16]");
  EXPECT_EQ(printType(*VRegType::get(64, DType::FP32)), "pl.VReg[64, pl.FP32]");
  EXPECT_EQ(printType(*MaskType::get(64)), "pl.Mask[64]");
  EXPECT_EQ(printType(*TupleType::get({idxT(), MaskType::get(8)})),
            "tuple[pl.Scalar[pl.INDEX], pl.Mask[8]]");

  VarPtr n = var("n", idxT());
  TileView v;
  v.validShape = {constIndex(8), n};
  v.blayout = TileLayout::ColMajor;
  v.slayout = TileLayout::RowMajor;
  v.fractal = 1024;
  v.pad = PadValue::Zero;
  auto viewed = TileType::get({16, 16}, DType::FP32, MemorySpace::Vec, v);
  EXPECT_EQ(printType(*viewed),
            "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, n], "
            "blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024, "
            "pad=pl.PadValue.zero)]");
  EXPECT_EQ(typeToString(*viewed),
            "Tile[[16, 16], FP32, Vec, TileView(valid_shape=[8, n], blayout=col_major, "
            "slayout=row_major, fractal=1024, pad=zero)]");

  // Only fields that differ from the memory space's implicit view print.
  TileView accLike;
  accLike.blayout = TileLayout::ColMajor;
  accLike.slayout = TileLayout::RowMajor;
  accLike.fractal = 1024;
  EXPECT_EQ(printType(*TileType::get({16, 16}, DType::FP32, MemorySpace::Acc, accLike)),
            "pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc]");
  TileView padded = implicitTileView(MemorySpace::Acc, {16, 16});
  padded.pad = PadValue::Max;
  EXPECT_EQ(printType(*TileType::get({16, 16}, DType::FP32, MemorySpace::Acc, padded)),
            "pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc, pl.TileView(pad=pl.PadValue.max)]");
  // A non-canonical view equal to the implicit one (built without TileType::get).
  auto raw = std::make_shared<TileType>(std::vector<int64_t>{4, 4}, DType::FP32, MemorySpace::Vec,
                                        TileView{{constIndex(4), constIndex(4)}});
  EXPECT_EQ(printType(*raw), "pl.Tile[[4, 4], pl.FP32, pl.Mem.Vec]");

  EXPECT_EQ(typeToString(*tileT({16, 16})), "Tile[[16, 16], FP32, Vec]");
  EXPECT_EQ(typeToString(*idxT()), "Scalar[INDEX]");
  EXPECT_EQ(typeToString(*tensorT({4}, DType::FP16)), "Tensor[[4], FP16]");
  EXPECT_EQ(typeToString(*VRegType::get(128, DType::FP16)), "VReg[128, FP16]");
  EXPECT_EQ(typeToString(*MaskType::get(64)), "Mask[64]");
  EXPECT_EQ(typeToString(*UnknownType::get()), "Unknown");
  EXPECT_EQ(typeToString(*TupleType::get({idxT(), tileT({1, 8})})),
            "tuple[Scalar[INDEX], Tile[[1, 8], FP32, Vec]]");
}

TEST(PrinterTest, Constants) {
  EXPECT_EQ(printExpr(*constIndex(5)), "5");
  EXPECT_EQ(printExpr(*constIndex(-5)), "-5");
  EXPECT_EQ(printExpr(*constInt(5, DType::Int32)), "pl.const(5, pl.INT32)");
  EXPECT_EQ(printExpr(*constInt(-7, DType::UInt8)), "pl.const(-7, pl.UINT8)");
  EXPECT_EQ(printExpr(*constFloat(1.0)), "1.0");
  EXPECT_EQ(printExpr(*constFloat(0.1)), "0.1");
  EXPECT_EQ(printExpr(*constFloat(1e-05)), "1e-05");
  EXPECT_EQ(printExpr(*constFloat(-2.5)), "-2.5");
  EXPECT_EQ(printExpr(*constFloat(1.5, DType::FP16)), "pl.const(1.5, pl.FP16)");
  EXPECT_EQ(printExpr(*constFloat(2.0, DType::BF16)), "pl.const(2.0, pl.BF16)");
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(printExpr(*constFloat(inf)), "pl.const(\"inf\", pl.FP32)");
  EXPECT_EQ(printExpr(*constFloat(-inf)), "pl.const(\"-inf\", pl.FP32)");
  EXPECT_EQ(printExpr(*constFloat(std::nan(""), DType::FP16)), "pl.const(\"nan\", pl.FP16)");
  EXPECT_EQ(printExpr(*constBool(true)), "True");
  EXPECT_EQ(printExpr(*constBool(false)), "False");
}

TEST(PrinterTest, FloatFormatting) {
  EXPECT_EQ(formatFloat(1.0), "1.0");
  EXPECT_EQ(formatFloat(0.1), "0.1");
  EXPECT_EQ(formatFloat(1e-05), "1e-05");
  EXPECT_EQ(formatFloat(0.0001), "0.0001");
  EXPECT_EQ(formatFloat(100.0), "100.0");
  EXPECT_EQ(formatFloat(123.456), "123.456");
  EXPECT_EQ(formatFloat(1e15), "1000000000000000.0");
  EXPECT_EQ(formatFloat(1e16), "1e+16");
  EXPECT_EQ(formatFloat(1.5e300), "1.5e+300");
  EXPECT_EQ(formatFloat(0.0), "0.0");
  EXPECT_EQ(formatFloat(-0.0), "-0.0");
  EXPECT_EQ(formatFloat(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(formatFloat(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(formatFloat(5e-324), "5e-324");
  EXPECT_EQ(formatFloat(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(formatFloat(3.4028234663852886e+38), "3.4028234663852886e+38");
  EXPECT_EQ(formatFloat(-1.25e-7), "-1.25e-07");

  std::mt19937_64 rng(42);
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d)) continue;
    std::string s = formatFloat(d);
    ASSERT_TRUE(s.find_first_of(".e") != std::string::npos) << s;
    ASSERT_EQ(std::strtod(s.c_str(), nullptr), d) << s;
  }
  std::uniform_real_distribution<double> u(-1000, 1000);
  for (int i = 0; i < 20000; ++i) {
    double d = u(rng);
    std::string s = formatFloat(d);
    ASSERT_EQ(std::strtod(s.c_str(), nullptr), d) << s;
  }
}

TEST(PrinterTest, AttrValuesAndStrings) {
  EXPECT_EQ(printAttrValue(true), "True");
  EXPECT_EQ(printAttrValue(int64_t{3}), "3");
  EXPECT_EQ(printAttrValue(1.5), "1.5");
  EXPECT_EQ(printAttrValue(std::string("lt")), "\"lt\"");
  EXPECT_EQ(printAttrValue(DType::FP16), "pl.FP16");
  EXPECT_EQ(printAttrValue(MemorySpace::Vec), "pl.Mem.Vec");
  EXPECT_EQ(printAttrValue(TileLayout::RowMajor), "pl.TileLayout.row_major");
  EXPECT_EQ(printAttrValue(PadValue::Zero), "pl.PadValue.zero");
  EXPECT_EQ(printAttrValue(SplitMode::UpDown), "pl.SplitMode.UP_DOWN");
  EXPECT_EQ(quoteString("a\"b\\c\n\t\r\x01\x7f\xc3\xa9"),
            "\"a\\\"b\\\\c\\n\\t\\r\\x01\\x7f\xc3\xa9\"");
}

TEST(PrinterTest, Precedence) {
  VarPtr a = var("a", idxT()), b = var("b", idxT()), c = var("c", idxT());
  VarPtr p = var("p", ScalarType::get(DType::Bool)), q = var("q", ScalarType::get(DType::Bool));
  auto P = [](const ExprPtr& e) { return printExpr(*e); };
  EXPECT_EQ(P(mul(add(a, b), c)), "(a + b) * c");
  EXPECT_EQ(P(add(mul(a, b), c)), "a * b + c");
  EXPECT_EQ(P(add(a, mul(b, c))), "a + b * c");
  EXPECT_EQ(P(sub(a, sub(b, c))), "a - (b - c)");
  EXPECT_EQ(P(sub(sub(a, b), c)), "a - b - c");
  EXPECT_EQ(P(add(a, add(b, c))), "a + (b + c)");
  EXPECT_EQ(P(neg(add(a, b))), "-(a + b)");
  EXPECT_EQ(P(neg(a)), "-a");
  EXPECT_EQ(P(neg(neg(a))), "-(-a)");
  // Unary minus of a literal: a bare `-5` / `--5` would read back as a constant.
  EXPECT_EQ(P(neg(constIndex(-5))), "-pl.const(-5, pl.INDEX)");
  EXPECT_EQ(P(neg(constIndex(5))), "-pl.const(5, pl.INDEX)");
  EXPECT_EQ(P(neg(constFloat(2.5))), "-pl.const(2.5, pl.FP32)");
  EXPECT_EQ(P(sub(a, constIndex(-5))), "a - -5");
  EXPECT_EQ(P(binary(BinaryOp::Pow, a, neg(b))), "a ** -b");
  EXPECT_EQ(P(binary(BinaryOp::Pow, neg(a), b)), "(-a) ** b");
  EXPECT_EQ(P(neg(binary(BinaryOp::Pow, a, b))), "-a ** b");
  EXPECT_EQ(P(binary(BinaryOp::Pow, a, binary(BinaryOp::Pow, b, c))), "a ** b ** c");
  EXPECT_EQ(P(binary(BinaryOp::Pow, binary(BinaryOp::Pow, a, b), c)), "(a ** b) ** c");
  EXPECT_EQ(P(binary(BinaryOp::Pow, constIndex(-2), a)), "(-2) ** a");
  EXPECT_EQ(P(binary(BinaryOp::Pow, constFloat(-2.0), a)), "(-2.0) ** a");
  EXPECT_EQ(P(floorDiv(a, mul(b, c))), "a // (b * c)");
  EXPECT_EQ(P(floorMod(floorDiv(a, b), c)), "a // b % c");
  EXPECT_EQ(P(div(a, b)), "a / b");
  EXPECT_EQ(P(lt(add(a, b), c)), "a + b < c");
  EXPECT_EQ(P(eq(lt(a, b), p)), "(a < b) == p");
  EXPECT_EQ(P(logicalAnd(lt(a, b), logicalOr(p, q))), "a < b and (p or q)");
  EXPECT_EQ(P(logicalOr(logicalAnd(p, q), p)), "p and q or p");
  EXPECT_EQ(P(logicalAnd(p, logicalAnd(q, p))), "p and (q and p)");
  EXPECT_EQ(P(logicalNot(logicalAnd(p, q))), "not (p and q)");
  EXPECT_EQ(P(logicalNot(lt(a, b))), "not a < b");
  EXPECT_EQ(P(logicalAnd(p, logicalNot(q))), "p and not q");
  EXPECT_EQ(P(eq(p, logicalNot(q))), "p == (not q)");
  EXPECT_EQ(P(neg(logicalNot(p))), "-(not p)");
  EXPECT_EQ(P(binary(BinaryOp::BitAnd, binary(BinaryOp::BitOr, a, b), c)), "(a | b) & c");
  EXPECT_EQ(P(binary(BinaryOp::BitOr, a, binary(BinaryOp::BitXor, b, c))), "a | b ^ c");
  EXPECT_EQ(P(binary(BinaryOp::Shl, add(a, b), c)), "a + b << c");
  EXPECT_EQ(P(binary(BinaryOp::BitAnd, a, binary(BinaryOp::Shr, b, c))), "a & b >> c");
  EXPECT_EQ(P(unary(UnaryOp::BitNot, add(a, b))), "~(a + b)");
  EXPECT_EQ(P(mul(minExpr(a, add(b, c)), maxExpr(a, b))), "pl.min(a, b + c) * pl.max(a, b)");
  EXPECT_EQ(P(unary(UnaryOp::Abs, sub(a, b))), "pl.abs(a - b)");
  EXPECT_EQ(P(cast(add(a, b), DType::Int32)), "pl.cast(a + b, pl.INT32)");
  EXPECT_EQ(P(select(lt(a, b), a, b)), "pl.select(a < b, a, b)");
  EXPECT_EQ(P(mul(select(p, a, b), c)), "pl.select(p, a, b) * c");

  auto tup = var("r", TupleType::get({idxT(), idxT()}));
  EXPECT_EQ(P(add(tupleGetItem(tup, 1), a)), "r[1] + a");
  auto callTuple = callOp("tile.pair", {a}, {}, TupleType::get({idxT(), idxT()}));
  EXPECT_EQ(P(tupleGetItem(callTuple, 0)), "pl.tile.pair(a)[0]");
  auto t = var("t", tileT({16, 16}));
  EXPECT_EQ(P(mul(bufferLoad(t, {a, add(b, constIndex(1))}), constFloat(2.0))),
            "t[a, b + 1] * 2.0");
}

TEST(PrinterTest, LiteralsKeepTheirDType) {
  // The binder gives a bare literal the dtype of the value it meets; where that
  // differs from the constant's own dtype the printer spells it pl.const(...).
  VarPtr c = scalarVar("c", DType::Int32), h = scalarVar("h", DType::FP16),
         x = scalarVar("x", DType::FP32), i = scalarVar("i", DType::Index),
         p = scalarVar("p", DType::Bool);
  auto P = [](const ExprPtr& e) { return printExpr(*e); };
  EXPECT_EQ(P(add(c, constIndex(1))), "c + pl.const(1, pl.INDEX)");
  EXPECT_EQ(P(add(constIndex(1), c)), "pl.const(1, pl.INDEX) + c");
  EXPECT_EQ(P(add(i, constIndex(1))), "i + 1");
  EXPECT_EQ(P(add(x, constIndex(1))), "x + pl.const(1, pl.INDEX)");
  EXPECT_EQ(P(mul(h, constFloat(0.5))), "h * pl.const(0.5, pl.FP32)");
  EXPECT_EQ(P(mul(x, constFloat(0.5))), "x * 0.5");
  EXPECT_EQ(P(mul(i, constFloat(-0.5))), "i * -0.5");            // a float literal stays FP32 here
  EXPECT_EQ(P(add(constIndex(1), constFloat(2.0))), "1 + 2.0");  // two literals: no context
  EXPECT_EQ(P(lt(c, constIndex(-3))), "c < pl.const(-3, pl.INDEX)");
  EXPECT_EQ(P(eq(p, constIndex(1))), "p == 1");  // BOOL does not retype literals
  EXPECT_EQ(P(maxExpr(h, constFloat(0.0))), "pl.max(h, pl.const(0.0, pl.FP32))");
  EXPECT_EQ(P(select(p, constIndex(1), c)), "pl.select(p, pl.const(1, pl.INDEX), c)");
  EXPECT_EQ(P(select(p, c, constIndex(1))), "pl.select(p, c, pl.const(1, pl.INDEX))");
  EXPECT_EQ(P(select(p, constIndex(1), constIndex(2))), "pl.select(p, 1, 2)");

  VarPtr t16 = var("t", tileT({16, 16}, DType::FP16)), t32 = var("u", tileT({16, 16}));
  EXPECT_EQ(P(callOp("tile.adds", {t16, constFloat(2.0)}, {}, t16->type)),
            "pl.tile.adds(t, pl.const(2.0, pl.FP32))");
  EXPECT_EQ(P(callOp("tile.adds", {t32, constFloat(2.0)}, {}, t32->type)), "pl.tile.adds(u, 2.0)");
  EXPECT_EQ(P(callOp("tile.extract", {t16, constIndex(0), constIndex(8)}, {}, t16->type)),
            "pl.tile.extract(t, 0, 8)");
  EXPECT_EQ(P(callOp("tile.full", {list({16, 16}), constFloat(1.0)}, {}, t32->type)),
            "pl.tile.full([16, 16], 1.0)");

  VarPtr k = scalarVar("k", DType::Int32);
  EXPECT_EQ(printBody(seq({assign(k, constIndex(3)), bufferStore(t16, {i, i}, constFloat(1.0)),
                           bufferStore(t32, {i, i}, constFloat(1.0)),
                           bufferStore(t16, {i, i}, constFloat(1.0), p)}),
                      {t16, t32, i, p}),
            "k: pl.Scalar[pl.INT32] = pl.const(3, pl.INDEX)\n"
            "t[i, i] = pl.const(1.0, pl.FP32)\n"
            "u[i, i] = 1.0\n"
            "pl.store_if(p, t, [i, i], pl.const(1.0, pl.FP32))\n");
  // Returned literals meet the declared result types; function arguments the parameters'.
  auto g = makeFunction("g", {c}, returnStmt({constIndex(0), constIndex(1)}),
                        {ScalarType::get(DType::Int32), idxT()});
  EXPECT_NE(printFunction(*g).find("    return pl.const(0, pl.INDEX), 1\n"), std::string::npos);
  VarPtr r = var("r", TupleType::get({ScalarType::get(DType::Int32), idxT()}));
  auto f = makeFunction("f", {}, seq({assign(r, callFunction(*g, {constIndex(7)}))}));
  Program prog("P", {g, f}, true, Span{});
  EXPECT_NE(printProgram(prog).find("= self.g(pl.const(7, pl.INDEX))\n"), std::string::npos);
}

TEST(PrinterTest, CallsAndKwargs) {
  VarPtr a = var("a", tileT({16, 16})), b = var("b", tileT({16, 16}));
  auto P = [](const ExprPtr& e) { return printExpr(*e); };
  EXPECT_EQ(P(callOp("tile.add", {a, b}, {}, tileT({16, 16}))), "pl.tile.add(a, b)");
  EXPECT_EQ(P(callOp("system.tfree_to_aic", {a}, {}, nullptr)), "pl.system.tfree_to_aic(a)");
  EXPECT_EQ(P(callOp("vmi.vcmp", {a, b, a}, {{"cmp", std::string("lt")}}, nullptr)),
            "pl.vmi.vcmp(a, b, a, cmp=\"lt\")");
  EXPECT_EQ(P(callOp("tile.tpop_from_aic", {}, {{"split", int64_t{1}}}, nullptr)),
            "pl.tile.tpop_from_aic(split=1)");
  EXPECT_EQ(P(callOp("tile.get_subblock_idx", {}, {}, idxT())), "pl.tile.get_subblock_idx()");
  EXPECT_EQ(P(callOp("tile.cast", {a},
                     {{"dtype", DType::FP16},
                      {"mode", std::string("round")},
                      {"x", 0.5},
                      {"flag", false},
                      {"blayout", TileLayout::ColMajor},
                      {"pad", PadValue::Min},
                      {"split", SplitMode::LeftRight}},
                     nullptr)),
            "pl.tile.cast(a, dtype=pl.FP16, mode=\"round\", x=0.5, flag=False, "
            "blayout=pl.TileLayout.col_major, pad=pl.PadValue.min, "
            "split=pl.SplitMode.LEFT_RIGHT)");
  // Function calls (no '.' in the callee) print bare outside a class.
  auto f = makeFunction("helper", {}, nullptr);
  EXPECT_EQ(P(callFunction(*f, {a, constIndex(3)})), "helper(a, 3)");
}

TEST(PrinterTest, SimpleStatements) {
  VarPtr t = var("t", tileT({16, 16})), i = var("i", idxT()), x = var("x", idxT());
  VarPtr u = var("u", UnknownType::get());
  VarPtr p = var("p", ScalarType::get(DType::Bool));
  auto store = bufferStore(t, {i, constIndex(0)}, constFloat(1.0));
  auto pstore = bufferStore(t, {i, constIndex(0)}, constFloat(1.0), p);
  EXPECT_EQ(printBody(seq({assign(x, add(i, constIndex(1))),
                           assign(u, callOp("tile.tpop_from_aic", {}, {{"split", int64_t{0}}},
                                            UnknownType::get())),
                           evalStmt(callOp("system.tfree_to_aic", {t}, {}, nullptr)), store, pstore,
                           returnStmt({x, i})}),
                      {t, i, p}),
            "x: pl.Scalar[pl.INDEX] = i + 1\n"
            "u = pl.tile.tpop_from_aic(split=0)\n"
            "pl.system.tfree_to_aic(t)\n"
            "t[i, 0] = 1.0\n"
            "pl.store_if(p, t, [i, 0], 1.0)\n"
            "return x, i\n");
  EXPECT_EQ(printBody(nullptr), "pass\n");
  EXPECT_EQ(printBody(seq({})), "pass\n");
  EXPECT_EQ(printStmt(*returnStmt({}), 2), "        return\n");
  EXPECT_EQ(printStmt(*seq({assign(x, i), assign(x, constIndex(2))})),
            "x: pl.Scalar[pl.INDEX] = i\nx: pl.Scalar[pl.INDEX] = 2\n");
}

TEST(PrinterTest, IfForms) {
  VarPtr c = var("c", ScalarType::get(DType::Bool)), a = var("a", idxT()), b = var("b", idxT());
  VarPtr v = var("v", idxT()), w = var("w", idxT());
  auto plain = ifStmt(c, evalStmt(callOp("tile.f", {a}, {}, nullptr)));
  EXPECT_EQ(printStmt(*plain), "if c:\n    pl.tile.f(a)\n");
  auto emptyElse = ifStmt(c, evalStmt(a), seq({}));
  EXPECT_EQ(printStmt(*emptyElse), "if c:\n    a\n");
  auto phi = ifStmt(c, yieldStmt({a, b}), yieldStmt({b, a}), {v, w});
  EXPECT_EQ(printBody(seq({phi, returnStmt({add(v, w)})}), {c, a, b}),
            "if c:\n"
            "    v, w = pl.yield_(a, b)\n"
            "else:\n"
            "    v, w = pl.yield_(b, a)\n"
            "return v + w\n");
  auto nested = ifStmt(c, seq({}), ifStmt(logicalNot(c), yieldStmt({a}), nullptr, {v}));
  EXPECT_EQ(printStmt(*nested),
            "if c:\n"
            "    pass\n"
            "else:\n"
            "    if not c:\n"
            "        v = pl.yield_(a)\n");
  // A yield outside any control statement prints without targets.
  EXPECT_EQ(printStmt(*yieldStmt({a})), "pl.yield_(a)\n");
}

TEST(PrinterTest, ForForms) {
  VarPtr i = var("i", idxT()), n = var("n", idxT());
  auto body = evalStmt(callOp("tile.f", {i}, {}, nullptr));
  EXPECT_EQ(printStmt(*forStmt(i, nullptr, n, nullptr, body)),
            "for i in pl.range(n):\n    pl.tile.f(i)\n");
  EXPECT_EQ(printStmt(*forStmt(i, constIndex(2), n, constIndex(1), body)),
            "for i in pl.range(2, n):\n    pl.tile.f(i)\n");
  EXPECT_EQ(printStmt(*forStmt(i, constIndex(0), n, constIndex(2), body)),
            "for i in pl.range(0, n, 2):\n    pl.tile.f(i)\n");
  // Start/step elided only when they are INDEX constants.
  EXPECT_EQ(printStmt(*forStmt(i, constInt(0, DType::Int32), n, constIndex(1), body)),
            "for i in pl.range(pl.const(0, pl.INT32), n):\n    pl.tile.f(i)\n");
  EXPECT_EQ(printStmt(*forStmt(i, nullptr, constIndex(8), nullptr, body, ForKind::Parallel)),
            "for i in pl.parallel(8):\n    pl.tile.f(i)\n");
  EXPECT_EQ(printStmt(*forStmt(i, nullptr, constIndex(8), nullptr, body, ForKind::Unroll)),
            "for i in pl.unroll(8):\n    pl.tile.f(i)\n");
  EXPECT_EQ(printStmt(*forStmt(i, nullptr, constIndex(8), nullptr, body, ForKind::Pipeline, {}, {},
                               {{"stage", int64_t{2}}})),
            "for i in pl.pipeline(8, stage=2):\n    pl.tile.f(i)\n");
  EXPECT_EQ(printStmt(*forStmt(i, nullptr, n, nullptr, seq({}))),
            "for i in pl.range(n):\n    pass\n");
  // Built directly (the builder fills start/step in): an absent start is 0.
  auto raw = std::make_shared<ForStmt>(i, nullptr, n, constIndex(2), ForKind::Serial,
                                       std::vector<IterArgPtr>{}, body, std::vector<VarPtr>{},
                                       AttrList{}, Span{});
  EXPECT_EQ(printStmt(*raw), "for i in pl.range(0, n, 2):\n    pl.tile.f(i)\n");

  // Iter args: one prints as `(acc,)`; the yield names the return vars.
  VarPtr acc0 = var("acc", tileT({16, 16})), x = var("x", tileT({16, 16}));
  auto acc = iterArg("acc", tileT({16, 16}), acc0);
  VarPtr accNext = var("acc_next", tileT({16, 16})), accOut = var("acc", tileT({16, 16}));
  auto loop = forStmt(i, nullptr, constIndex(4), nullptr,
                      seq({assign(accNext, callOp("tile.add", {acc, x}, {}, tileT({16, 16}))),
                           yieldStmt({accNext})}),
                      ForKind::Serial, {acc}, {accOut});
  EXPECT_EQ(printBody(seq({loop, returnStmt({accOut})}), {acc0, x}),
            "for i, (acc_1,) in pl.range(4, init_values=(acc,)):\n"
            "    acc_next: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc_1, x)\n"
            "    acc_2 = pl.yield_(acc_next)\n"
            "return acc_2\n");

  VarPtr s0 = var("s0", idxT()), s1 = var("s1", idxT());
  auto ia = iterArg("a", idxT(), s0), ib = iterArg("b", idxT(), s1);
  VarPtr ra = var("ra", idxT()), rb = var("rb", idxT());
  auto loop2 = forStmt(i, constIndex(1), n, constIndex(1), yieldStmt({ib, ia}), ForKind::Pipeline,
                       {ia, ib}, {ra, rb}, {{"stage", int64_t{3}}});
  EXPECT_EQ(printStmt(*loop2),
            "for i, (a, b) in pl.pipeline(1, n, init_values=(s0, s1), stage=3):\n"
            "    ra, rb = pl.yield_(b, a)\n");
}

TEST(PrinterTest, WhileForms) {
  VarPtr c = var("c", ScalarType::get(DType::Bool)), x = var("x", idxT());
  EXPECT_EQ(printStmt(*whileStmt(c, evalStmt(x))), "while c:\n    x\n");
  auto a = iterArg("a", idxT(), x);
  VarPtr a1 = var("a1", idxT()), aOut = var("a_out", idxT());
  auto w = whileStmt(lt(a, constIndex(10)),
                     seq({assign(a1, add(a, constIndex(1))), yieldStmt({a1})}), {a}, {aOut});
  EXPECT_EQ(printStmt(*w),
            "for (a,) in pl.while_(init_values=(x,)):\n"
            "    pl.cond(a < 10)\n"
            "    a1: pl.Scalar[pl.INDEX] = a + 1\n"
            "    a_out = pl.yield_(a1)\n");
}

TEST(PrinterTest, Scopes) {
  VarPtr x = var("x", idxT());
  auto body = evalStmt(x);
  EXPECT_EQ(
      printStmt(*std::make_shared<InCoreScopeStmt>(std::nullopt, std::nullopt, "", body, Span{})),
      "with pl.at(level=pl.Level.CORE_GROUP):\n    x\n");
  EXPECT_EQ(printStmt(*std::make_shared<InCoreScopeStmt>(SplitMode::UpDown, 4, "qk", body, Span{})),
            "with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), "
            "pl.cross_core_slot(slot_num=4)], name_hint=\"qk\"):\n    x\n");
  EXPECT_EQ(printStmt(*std::make_shared<InCoreScopeStmt>(std::nullopt, 2, "", body, Span{})),
            "with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=2)]):"
            "\n    x\n");
  EXPECT_EQ(printStmt(*std::make_shared<InCoreScopeStmt>(SplitMode::None, std::nullopt, "a\"b",
                                                         seq({}), Span{})),
            "with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE)], "
            "name_hint=\"a\\\"b\"):\n    pass\n");
  VarPtr lane = var("aiv_id", idxT());
  EXPECT_EQ(printStmt(*std::make_shared<SplitAivScopeStmt>(SplitMode::LeftRight, 2, lane,
                                                           evalStmt(lane), Span{})),
            "for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):\n    aiv_id\n");
  EXPECT_EQ(printStmt(*std::make_shared<SimdVfScopeStmt>(64, body, Span{}), 1),
            "    with pl.simd_vf(lanes=64):\n        x\n");
}

TEST(PrinterTest, NameUniquing) {
  auto s = idxT();
  VarPtr x0 = var("x", s), x1 = var("x", s), x2 = var("x", s), xh = var("x_1", s);
  // x1 cannot take x_1: a later variable's own hint is x_1.
  EXPECT_EQ(
      printBody(seq({assign(x1, x0), assign(x2, x1), assign(xh, x2), returnStmt({x0, x1, x2, xh})}),
                {x0}),
      "x_2: pl.Scalar[pl.INDEX] = x\n"
      "x_3: pl.Scalar[pl.INDEX] = x_2\n"
      "x_1: pl.Scalar[pl.INDEX] = x_3\n"
      "return x, x_2, x_3, x_1\n");
  // Keywords, reserved names, invalid and empty hints.
  VarPtr kw = var("in", s), slf = var("self", s), plv = var("pl", s), bad = var("a.b", s),
         digit = var("0x", s), empty = var("", s), tup = var("tuple", s);
  EXPECT_EQ(
      printBody(seq({assign(kw, constIndex(1)), assign(slf, kw), assign(plv, slf), assign(bad, plv),
                     assign(digit, bad), assign(empty, digit), assign(tup, empty)})),
      "in_1: pl.Scalar[pl.INDEX] = 1\n"
      "self_1: pl.Scalar[pl.INDEX] = in_1\n"
      "pl_1: pl.Scalar[pl.INDEX] = self_1\n"
      "a_b: pl.Scalar[pl.INDEX] = pl_1\n"
      "_0x: pl.Scalar[pl.INDEX] = a_b\n"
      "v: pl.Scalar[pl.INDEX] = _0x\n"
      "tuple_1: pl.Scalar[pl.INDEX] = v\n");
  // Names restart in every function; a free variable gets a name too.
  VarPtr free = var("x", s);
  auto f1 = makeFunction("f1", {x0}, seq({assign(x1, add(x0, free))}));
  auto f2 = makeFunction("f2", {x1}, seq({assign(x2, x1)}));
  Program p("P", {f1, f2}, true, Span{});
  std::string text = printProgram(p);
  EXPECT_NE(text.find("def f1(self, x: pl.Scalar[pl.INDEX]):\n        x_1: pl.Scalar[pl.INDEX] = "
                      "x + x_2\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("def f2(self, x: pl.Scalar[pl.INDEX]):\n        x_1: pl.Scalar[pl.INDEX] = "
                      "x\n"),
            std::string::npos)
      << text;
}

TEST(PrinterTest, ImportsPldOnlyForItsNames) {
  // The printer imports PyPTO's distributed module when it printed a `pld.` type or op
  // (recorded while printing), not when some other text happens to contain "pld.".
  const std::string kImport = "import pypto.language.distributed as pld\n";
  auto programText = [](StmtPtr body, std::vector<VarPtr> params) {
    Program p("P", {makeFunction("f", std::move(params), std::move(body))}, true, Span{});
    return printProgram(p);
  };
  VarPtr x = var("x", TensorType::get({16, 64}, DType::FP32, /*distributed=*/true));
  std::string typed = programText(seq({returnStmt({})}), {x});
  EXPECT_NE(typed.find("import pypto.language as pl\n" + kImport), std::string::npos) << typed;
  VarPtr ctx = var("ctx", HandleType::get(HandleKind::CommCtx));
  EXPECT_NE(programText(seq({returnStmt({})}), {ctx}).find(kImport), std::string::npos);
  VarPtr n = var("n", idxT());
  std::string op = programText(
      seq({assign(n, callOp("pld.system.world_size", {}, {}, idxT())), returnStmt({})}), {});
  EXPECT_NE(op.find(kImport), std::string::npos) << op;
  EXPECT_NE(op.find("= pld.system.world_size()"), std::string::npos) << op;
  std::string text =
      programText(seq({assign(n, callOp("tile.note", {}, {{"text", std::string("pld.x")}}, idxT())),
                       returnStmt({})}),
                  {});
  EXPECT_EQ(text.find(kImport), std::string::npos) << text;
  EXPECT_NE(text.find("\"pld.x\""), std::string::npos) << text;
}

TEST(PrinterTest, LargeFlatProgram) {
  constexpr int kCount = 100000;
  auto s = idxT();
  VarPtr n = var("n", s);
  std::vector<StmtPtr> stmts;
  stmts.reserve(kCount + 1);
  VarPtr prev = n;
  for (int k = 0; k < kCount; ++k) {
    VarPtr v = var("v", s);  // all share one hint: v, v_1, v_2, ...
    stmts.push_back(assign(v, add(prev, constIndex(1))));
    prev = v;
  }
  stmts.push_back(returnStmt({prev}));
  auto f = makeFunction("big", {n}, seq(std::move(stmts)), {s});
  Program p("Big", {f}, false, Span{});
  std::string text = printProgram(p);
  size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  EXPECT_EQ(lines, 2u + 2u + kCount + 1u);
  EXPECT_NE(text.find("    v_99999: pl.Scalar[pl.INDEX] = v_99998 + 1\n    return v_99999\n"),
            std::string::npos);
  // Deeply nested Seqs are fine too.
  StmtPtr nested = assign(var("z", s), constIndex(0));
  for (int k = 0; k < 1000; ++k)
    nested = std::make_shared<SeqStmt>(std::vector<StmtPtr>{nested}, Span{});
  EXPECT_EQ(printStmt(*nested), "z: pl.Scalar[pl.INDEX] = 0\n");
}

TEST(BuilderTest, DTypePromotion) {
  using D = DType;
  EXPECT_EQ(promoteDTypes(D::Index, D::Int32), D::Index);
  EXPECT_EQ(promoteDTypes(D::Int32, D::Index), D::Index);
  EXPECT_EQ(promoteDTypes(D::Index, D::UInt64), D::Index);
  EXPECT_EQ(promoteDTypes(D::Int32, D::FP16), D::FP16);
  EXPECT_EQ(promoteDTypes(D::Index, D::FP32), D::FP32);
  EXPECT_EQ(promoteDTypes(D::FP16, D::FP32), D::FP32);
  EXPECT_EQ(promoteDTypes(D::BF16, D::FP8E4M3FN), D::BF16);
  EXPECT_EQ(promoteDTypes(D::FP16, D::BF16), D::FP32);
  EXPECT_EQ(promoteDTypes(D::FP8E4M3FN, D::FP8E5M2), D::FP16);
  EXPECT_EQ(promoteDTypes(D::Int8, D::Int32), D::Int32);
  EXPECT_EQ(promoteDTypes(D::Int64, D::UInt16), D::Int64);
  EXPECT_EQ(promoteDTypes(D::Int32, D::UInt32), D::UInt32);
  EXPECT_EQ(promoteDTypes(D::Bool, D::Int8), D::Int8);
  EXPECT_EQ(promoteDTypes(D::Bool, D::Bool), D::Bool);
  EXPECT_EQ(binaryResultDType(BinaryOp::Lt, D::FP32, D::FP32), D::Bool);
  EXPECT_EQ(binaryResultDType(BinaryOp::And, D::Bool, D::Bool), D::Bool);
  EXPECT_EQ(binaryResultDType(BinaryOp::Div, D::Int32, D::Int32), D::FP32);
  EXPECT_EQ(binaryResultDType(BinaryOp::Div, D::Index, D::Index), D::FP32);
  EXPECT_EQ(binaryResultDType(BinaryOp::Div, D::FP16, D::Int32), D::FP16);
  EXPECT_EQ(binaryResultDType(BinaryOp::FloorDiv, D::Index, D::Int32), D::Index);
  EXPECT_EQ(binaryResultDType(BinaryOp::Max, D::Int8, D::FP16), D::FP16);
}

TEST(BuilderTest, ResultTypes) {
  VarPtr i = scalarVar("i", DType::Index), j = scalarVar("j", DType::Int32);
  EXPECT_EQ(typeToString(*add(i, j)->type), "Scalar[INDEX]");
  EXPECT_EQ(typeToString(*div(i, j)->type), "Scalar[FP32]");
  EXPECT_EQ(typeToString(*lt(i, j)->type), "Scalar[BOOL]");
  EXPECT_EQ(typeToString(*logicalNot(lt(i, j))->type), "Scalar[BOOL]");
  EXPECT_EQ(typeToString(*neg(j)->type), "Scalar[INT32]");
  EXPECT_EQ(typeToString(*cast(i, DType::FP16)->type), "Scalar[FP16]");
  EXPECT_EQ(typeToString(*add(i, var("u", UnknownType::get()))->type), "Unknown");
  EXPECT_EQ(typeToString(*makeTuple({i, j})->type), "tuple[Scalar[INDEX], Scalar[INT32]]");
  EXPECT_EQ(typeToString(*tupleGetItem(makeTuple({i, j}), 1)->type), "Scalar[INT32]");
  EXPECT_EQ(typeToString(*bufferLoad(var("t", tileT({8, 8}, DType::FP16)), {i, i})->type),
            "Scalar[FP16]");
  auto f2 = makeFunction("f2", {}, nullptr, {idxT(), tensorT({4})});
  EXPECT_EQ(typeToString(*callFunction(*f2, {})->type), "tuple[Scalar[INDEX], Tensor[[4], FP32]]");
  auto f0 = makeFunction("f0", {}, nullptr);
  EXPECT_EQ(typeToString(*callFunction(*f0, {})->type), "Unknown");
  VarPtr out;
  auto st = assignNew("k", add(i, constIndex(1)), out);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->name, "k");
  EXPECT_EQ(st->as<AssignStmt>()->var, out);
  auto loop = forStmt(i, nullptr, constIndex(4), nullptr, seq({}));
  EXPECT_EQ(printExpr(*loop->as<ForStmt>()->start), "0");
  EXPECT_EQ(printExpr(*loop->as<ForStmt>()->step), "1");
}

}  // namespace
