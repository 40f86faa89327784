// Unit tests of structural equality (first-difference messages and spans) and of
// the structural hash's consistency with it.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"

using namespace ptoc;
using namespace ptoc::ir;

namespace {

TypePtr idxT() { return ScalarType::get(DType::Index); }
TypePtr tileT(std::vector<int64_t> shape = {16, 16}, DType d = DType::FP32,
              std::optional<MemorySpace> m = MemorySpace::Vec) {
  return TileType::get(std::move(shape), d, m);
}
TypePtr tensorT(std::vector<int64_t> shape = {16, 16}) {
  return TensorType::get(std::move(shape), DType::FP32);
}
ExprPtr list(std::vector<int64_t> xs) {
  std::vector<ExprPtr> es;
  for (int64_t x : xs) es.push_back(constIndex(x));
  return makeTuple(std::move(es));
}
Span sp(uint32_t begin) { return Span{1, begin, begin + 1}; }

/// Knobs for building variants of one program; the default builds the base program.
struct Variant {
  std::string suffix;  // appended to every variable name (renaming)
  std::string addOp = "tile.add";
  std::vector<int64_t> tileShape = {16, 16};
  MemorySpace loadMemory = MemorySpace::Vec;
  int functionCount = 2;
  bool evalInsteadOfAssign = false;
  bool swapAddOperands = false;
  int64_t loopStop = 4;
  ForKind loopKind = ForKind::Serial;
  ParamDirection outDirection = ParamDirection::Out;
  std::string calleeName = "kernel";
  AttrList funcAttrs = {{"split", SplitMode::UpDown}};
  int64_t lanes = 64;
  std::optional<int64_t> slots = 4;
  bool extraStmt = false;
  double scale = 0.5;
  bool nestSeq = false;
  bool spans = false;
};

ProgramPtr build(const Variant& v) {
  auto nm = [&](const char* n) { return std::string(n) + v.suffix; };
  auto S = [&](uint32_t b) { return v.spans ? sp(b) : Span{}; };
  auto tile = tileT(v.tileShape);
  VarPtr a = var(nm("a"), tensorT(), S(1)), out = var(nm("out"), tensorT(), S(2));
  VarPtr t = var(nm("t"), tile, S(3)), u = var(nm("u"), tile, S(4));
  VarPtr i = var(nm("i"), idxT(), S(5));
  auto acc0 = u;
  auto acc = iterArg(nm("acc"), tile, acc0, S(6));
  VarPtr accN = var(nm("acc_next"), tile, S(7)), accOut = var(nm("acc_out"), tile, S(8));
  VarPtr res = var(nm("res"), tensorT(), S(9));

  auto load = callOp("tile.load", {a, list({0, 0}), list({16, 16})},
                     {{"target_memory", v.loadMemory}}, tile, nullptr, S(20));
  ExprPtr lhs = v.swapAddOperands ? ExprPtr(t) : ExprPtr(acc);
  ExprPtr rhs = v.swapAddOperands ? ExprPtr(acc) : ExprPtr(t);
  auto addCall = callOp(v.addOp, {lhs, rhs}, {}, tile, nullptr, S(21));
  auto muls = callOp("tile.muls", {addCall, constFloat(v.scale)}, {}, tile, nullptr, S(22));
  std::vector<StmtPtr> loopBody = {assign(accN, muls, S(23)), yieldStmt({accN}, S(24))};
  StmtPtr loopBodyStmt = seq(loopBody);
  if (v.nestSeq)
    loopBodyStmt = std::make_shared<SeqStmt>(
        std::vector<StmtPtr>{std::make_shared<SeqStmt>(std::vector<StmtPtr>{loopBody[0]}, Span{}),
                             loopBody[1]},
        Span{});
  auto loop = forStmt(i, nullptr, constIndex(v.loopStop), nullptr, loopBodyStmt, v.loopKind, {acc},
                      {accOut}, {}, S(25));
  auto scope = std::make_shared<SimdVfScopeStmt>(
      v.lanes,
      evalStmt(callOp("system.tfree_to_aic", {accOut}, {}, nullptr, nullptr, S(26)), S(27)), S(28));
  auto incore = std::make_shared<InCoreScopeStmt>(SplitMode::UpDown, v.slots, "qk", scope, S(29));
  std::vector<StmtPtr> body;
  body.push_back(assign(t, load, S(30)));
  if (v.evalInsteadOfAssign)
    body.push_back(evalStmt(callOp("tile.exp", {t}, {}, tile, nullptr, S(31)), S(32)));
  else
    body.push_back(assign(u, callOp("tile.exp", {t}, {}, tile, nullptr, S(31)), S(32)));
  body.push_back(loop);
  body.push_back(incore);
  if (v.extraStmt) body.push_back(evalStmt(callOp("system.barrier", {}, {}, nullptr), S(33)));
  body.push_back(
      assign(res, callOp("tile.store", {accOut, list({0, 0}), out}, {}, tensorT(), nullptr, S(34)),
             S(35)));
  body.push_back(returnStmt({res}, S(36)));
  auto kernel =
      std::make_shared<Function>(v.calleeName, FunctionType::InCore, std::vector<VarPtr>{a, out},
                                 std::vector<ParamDirection>{ParamDirection::In, v.outDirection},
                                 std::vector<TypePtr>{tensorT()}, seq(body), v.funcAttrs, S(40));
  std::vector<FunctionPtr> fs = {kernel};
  if (v.functionCount > 1) {
    VarPtr x = var(nm("x"), tensorT()), y = var(nm("y"), tensorT()), r = var(nm("r"), tensorT());
    auto orch = std::make_shared<Function>(
        "main", FunctionType::Orchestration, std::vector<VarPtr>{x, y},
        std::vector<ParamDirection>{ParamDirection::In, ParamDirection::Out},
        std::vector<TypePtr>{tensorT()},
        seq({assign(r, callFunction(*kernel, {x, y})), returnStmt({r})}), AttrList{}, S(41));
    fs.push_back(orch);
  }
  return std::make_shared<Program>("P" + v.suffix, std::move(fs), true, S(50));
}

EqualResult diff(const Variant& a, const Variant& b) {
  return structuralEqual(*build(a), *build(b));
}

TEST(StructuralEqualTest, EqualUnderRenaming) {
  Variant base, renamed;
  renamed.suffix = "_renamed";
  auto p1 = build(base), p2 = build(renamed);
  EqualResult r = structuralEqual(*p1, *p2);
  EXPECT_TRUE(r.equal) << r.message;
  EXPECT_TRUE(static_cast<bool>(r));
  EXPECT_EQ(structuralHash(*p1), structuralHash(*p2));
  // Building twice gives distinct objects that are equal, with equal hashes.
  EXPECT_TRUE(structuralEqual(*p1, *build(base)).equal);
  EXPECT_EQ(structuralHash(*p1), structuralHash(*build(base)));
  // Nested Seqs compare as their flattened list.
  Variant nested;
  nested.nestSeq = true;
  EXPECT_TRUE(diff(base, nested).equal) << diff(base, nested).message;
  EXPECT_EQ(structuralHash(*build(base)), structuralHash(*build(nested)));
  // Spans, program names and the class form are cosmetic.
  Variant withSpans;
  withSpans.spans = true;
  EXPECT_TRUE(diff(base, withSpans).equal);
  auto topLevel = std::make_shared<Program>("Other", p1->functions, false, Span{});
  EXPECT_TRUE(structuralEqual(*p1, *topLevel).equal);
  EXPECT_EQ(structuralHash(*p1), structuralHash(*topLevel));
}

struct DiffCase {
  const char* name;
  std::function<void(Variant&)> change;
  std::string message;
  std::string function;
};

TEST(StructuralEqualTest, FirstDifferenceMessages) {
  std::vector<DiffCase> cases = {
      {"op", [](Variant& v) { v.addOp = "tile.sub"; }, "op differs: tile.add vs tile.sub",
       "kernel"},
      {"type",
       [](Variant& v) {
         v.tileShape = {16, 8};
       },
       "type differs: Tile[[16, 16], FP32, Vec] vs Tile[[16, 8], FP32, Vec]", "kernel"},
      {"function count", [](Variant& v) { v.functionCount = 1; }, "function count differs: 2 vs 1",
       ""},
      {"stmt kind", [](Variant& v) { v.evalInsteadOfAssign = true; },
       "statement kind differs: Assign vs Eval", "kernel"},
      {"kwarg", [](Variant& v) { v.loadMemory = MemorySpace::Mat; },
       "kwarg value differs for 'target_memory': pl.Mem.Vec vs pl.Mem.Mat", "kernel"},
      {"var mapping", [](Variant& v) { v.swapAddOperands = true; },
       "variable differs: acc corresponds to acc, not t", "kernel"},
      {"constant", [](Variant& v) { v.loopStop = 8; }, "constant differs: 4 vs 8", "kernel"},
      {"float constant", [](Variant& v) { v.scale = 0.25; }, "constant differs: 0.5 vs 0.25",
       "kernel"},
      {"for kind", [](Variant& v) { v.loopKind = ForKind::Unroll; },
       "for kind differs: range vs unroll", "kernel"},
      {"direction", [](Variant& v) { v.outDirection = ParamDirection::InOut; },
       "parameter direction differs for out: Out vs InOut", "kernel"},
      {"function name", [](Variant& v) { v.calleeName = "kern"; },
       "function name differs: kernel vs kern", "kernel"},
      {"attr value",
       [](Variant& v) {
         v.funcAttrs = {{"split", SplitMode::LeftRight}};
       },
       "function attr value differs for 'split': pl.SplitMode.UP_DOWN vs "
       "pl.SplitMode.LEFT_RIGHT",
       "kernel"},
      {"attr count", [](Variant& v) { v.funcAttrs.emplace_back("split_aiv", true); },
       "function attr count differs: 1 vs 2", "kernel"},
      {"attr name",
       [](Variant& v) {
         v.funcAttrs = {{"splits", SplitMode::UpDown}};
       },
       "function attr name differs: split vs splits", "kernel"},
      {"lanes", [](Variant& v) { v.lanes = 128; }, "simd_vf lanes differs: 64 vs 128", "kernel"},
      {"slots", [](Variant& v) { v.slots = std::nullopt; }, "scope slot_num differs: 4 vs none",
       "kernel"},
      {"extra stmt", [](Variant& v) { v.extraStmt = true; },
       "statement kind differs: Assign vs Eval", "kernel"},
  };
  Variant base;
  uint64_t baseHash = structuralHash(*build(base));
  std::set<uint64_t> hashes = {baseHash};
  for (const auto& c : cases) {
    Variant changed;
    c.change(changed);
    EqualResult r = diff(base, changed);
    EXPECT_FALSE(r.equal) << c.name;
    EXPECT_EQ(r.message, c.message) << c.name;
    EXPECT_EQ(r.function, c.function) << c.name;
    hashes.insert(structuralHash(*build(changed)));
    // Symmetric: the reverse comparison fails too.
    EXPECT_FALSE(structuralEqual(*build(changed), *build(base)).equal) << c.name;
  }
  // Different programs (almost always) hash differently.
  EXPECT_EQ(hashes.size(), cases.size() + 1);
}

TEST(StructuralEqualTest, SpansOfFirstDifference) {
  Variant a, b;
  a.spans = b.spans = true;
  b.addOp = "tile.sub";
  EqualResult r = diff(a, b);
  ASSERT_FALSE(r.equal);
  EXPECT_EQ(r.lhsSpan.begin, 21u);  // the differing call
  EXPECT_EQ(r.rhsSpan.begin, 21u);
  // A constant without a span reports its nearest enclosing node (the loop).
  Variant c;
  c.spans = true;
  c.loopStop = 5;
  r = diff(a, c);
  ASSERT_FALSE(r.equal);
  EXPECT_EQ(r.lhsSpan.begin, 25u);
  // Extra statement: the first extra statement's span on its side.
  Variant d;
  d.spans = true;
  d.extraStmt = true;
  r = diff(a, d);
  ASSERT_FALSE(r.equal);
  EXPECT_EQ(r.lhsSpan.begin, 35u);  // Assign res = ... on the left
  EXPECT_EQ(r.rhsSpan.begin, 33u);  // the inserted Eval on the right
  // Without any span on one side, the other still reports its own.
  Variant e;
  e.addOp = "tile.mul";
  r = diff(a, e);
  EXPECT_TRUE(r.lhsSpan.valid());
  EXPECT_FALSE(r.rhsSpan.valid());
}

TEST(StructuralEqualTest, StatementCountAndBodies) {
  VarPtr x = var("x", idxT());
  auto s1 = seq({assign(x, constIndex(1)), returnStmt({x})});
  VarPtr y = var("y", idxT());
  auto s2 = seq({assign(y, constIndex(1)), returnStmt({y}), returnStmt({y})});
  EqualResult r = structuralEqual(*s1, *s2);
  EXPECT_FALSE(r.equal);
  EXPECT_EQ(r.message, "statement count differs: 2 vs 3");
  // An absent else equals an empty one.
  VarPtr c = var("c", ScalarType::get(DType::Bool));
  auto i1 = ifStmt(c, evalStmt(c), nullptr);
  auto i2 = ifStmt(c, evalStmt(c), seq({}));
  EXPECT_TRUE(structuralEqual(*i1, *i2).equal);
  EXPECT_EQ(structuralHash(*i1), structuralHash(*i2));
  // A single statement equals a one-statement Seq.
  auto one = assign(x, constIndex(1));
  auto wrapped = std::make_shared<SeqStmt>(std::vector<StmtPtr>{one}, Span{});
  EXPECT_TRUE(structuralEqual(*one, *wrapped).equal);
  EXPECT_EQ(structuralHash(*one), structuralHash(*wrapped));
}

TEST(StructuralEqualTest, LargeFlatBodies) {
  // 100k statements: no recursion per statement; the difference at the end is found.
  auto build = [](int n, int64_t last) {
    std::vector<StmtPtr> stmts;
    VarPtr prev = var("n", idxT());
    for (int k = 0; k < n; ++k) {
      VarPtr v = var("v", idxT());
      stmts.push_back(assign(v, add(prev, constIndex(k + 1 == n ? last : 1))));
      prev = v;
    }
    return seq(std::move(stmts));
  };
  auto a = build(100000, 1), b = build(100000, 1), c = build(100000, 2);
  EXPECT_TRUE(structuralEqual(*a, *b).equal);
  EXPECT_EQ(structuralHash(*a), structuralHash(*b));
  EqualResult r = structuralEqual(*a, *c);
  EXPECT_EQ(r.message, "constant differs: 1 vs 2");
  EXPECT_NE(structuralHash(*a), structuralHash(*c));
}

TEST(StructuralEqualTest, VariableBijection) {
  auto s = idxT();
  VarPtr a = var("a", s), b = var("b", s), p = var("p", s), q = var("q", s);
  // Free variables map consistently: a+a vs p+p equal, a+b vs p+p not, a+a vs p+q not.
  EXPECT_TRUE(structuralEqual(*add(a, a), *add(p, p)).equal);
  EqualResult r = structuralEqual(*add(a, b), *add(p, p));
  EXPECT_FALSE(r.equal);
  EXPECT_EQ(r.message, "variable differs: p corresponds to a, not b");
  r = structuralEqual(*add(a, a), *add(p, q));
  EXPECT_FALSE(r.equal);
  EXPECT_EQ(r.message, "variable differs: a corresponds to p, not q");
  EXPECT_TRUE(structuralEqual(*add(a, b), *add(q, p)).equal);
  EXPECT_EQ(structuralHash(*add(a, b)), structuralHash(*add(q, p)));
  EXPECT_NE(structuralHash(*add(a, a)), structuralHash(*add(a, b)));
  EXPECT_EQ(structuralHash(*add(a, a)), structuralHash(*add(b, b)));
  // Variable types are compared where the variables are first matched.
  VarPtr f = var("f", ScalarType::get(DType::FP32));
  r = structuralEqual(*add(a, constIndex(1)), *add(f, constIndex(1)));
  EXPECT_FALSE(r.equal);
  EXPECT_EQ(r.message, "type differs: Scalar[INDEX] vs Scalar[FP32]");
  // Definitions: same def object on both sides maps consistently (re-assignment).
  auto s1 = seq({assign(a, constIndex(1)), assign(a, add(a, constIndex(1))), returnStmt({a})});
  auto s2 = seq({assign(p, constIndex(1)), assign(p, add(p, constIndex(1))), returnStmt({p})});
  auto s3 = seq({assign(p, constIndex(1)), assign(q, add(p, constIndex(1))), returnStmt({q})});
  EXPECT_TRUE(structuralEqual(*s1, *s2).equal);
  r = structuralEqual(*s1, *s3);
  EXPECT_FALSE(r.equal);
  EXPECT_EQ(r.message, "variable differs: a corresponds to p, not q");
  EXPECT_NE(structuralHash(*s1), structuralHash(*s3));
  // A Var never equals an IterArg.
  auto ia = iterArg("a", s, constIndex(0));
  r = structuralEqual(*add(a, constIndex(0)), *add(ia, constIndex(0)));
  EXPECT_EQ(r.message, "variable kind differs: Var vs IterArg");
}

TEST(StructuralEqualTest, ExpressionDifferences) {
  auto s = idxT();
  VarPtr a = var("a", s), b = var("b", s);
  auto msg = [](const ExprPtr& x, const ExprPtr& y) { return structuralEqual(*x, *y).message; };
  EXPECT_EQ(msg(add(a, b), sub(a, b)), "binary op differs: add vs sub");
  EXPECT_EQ(msg(neg(a), unary(UnaryOp::BitNot, a)), "unary op differs: neg vs bitnot");
  EXPECT_EQ(msg(constInt(1, DType::Int32), constIndex(1)),
            "type differs: Scalar[INT32] vs Scalar[INDEX]");
  EXPECT_EQ(msg(cast(a, DType::FP16), cast(a, DType::FP32)),
            "type differs: Scalar[FP16] vs Scalar[FP32]");
  EXPECT_EQ(msg(constBool(true), constBool(false)), "constant differs: True vs False");
  EXPECT_EQ(msg(constFloat(0.0), constFloat(-0.0)), "constant differs: 0.0 vs -0.0");
  EXPECT_TRUE(structuralEqual(*constFloat(std::nan("")), *constFloat(std::nan(""))).equal);
  EXPECT_EQ(structuralHash(*constFloat(std::nan(""))), structuralHash(*constFloat(-std::nan(""))));
  EXPECT_EQ(msg(callOp("tile.add", {a, b}, {}, s), callOp("tile.add", {a}, {}, s)),
            "argument count differs: 2 vs 1");
  EXPECT_EQ(msg(callOp("tile.x", {a}, {{"k", int64_t{1}}}, s), callOp("tile.x", {a}, {}, s)),
            "kwarg count differs: 1 vs 0");
  EXPECT_EQ(
      msg(callOp("tile.x", {a}, {{"k", int64_t{1}}}, s), callOp("tile.x", {a}, {{"k", 1.0}}, s)),
      "kwarg value differs for 'k': 1 vs 1.0");
  auto fa = std::make_shared<Function>("fa", FunctionType::Opaque, std::vector<VarPtr>{},
                                       std::vector<ParamDirection>{}, std::vector<TypePtr>{s},
                                       nullptr, AttrList{}, Span{});
  auto fb = std::make_shared<Function>("fb", FunctionType::Opaque, std::vector<VarPtr>{},
                                       std::vector<ParamDirection>{}, std::vector<TypePtr>{s},
                                       nullptr, AttrList{}, Span{});
  EXPECT_EQ(msg(callFunction(*fa, {}), callFunction(*fb, {})), "callee differs: fa vs fb");
  EXPECT_EQ(msg(callFunction(*fa, {}), callOp("tile.fa", {}, {}, s)),
            "callee differs: fa vs tile.fa");
  EXPECT_EQ(msg(makeTuple({a, b}), makeTuple({a})), "tuple element count differs: 2 vs 1");
  auto tup = makeTuple({a, b});
  EXPECT_EQ(msg(tupleGetItem(tup, 0), tupleGetItem(tup, 1)), "tuple index differs: 0 vs 1");
  VarPtr t = var("t", tileT());
  EXPECT_EQ(msg(bufferLoad(t, {a, b}), bufferLoad(t, {a})), "index count differs: 2 vs 1");
  EXPECT_EQ(msg(select(constBool(true), a, b), select(constBool(true), a, constIndex(2))),
            "expression kind differs: Var vs ConstInt");
}

TEST(StructuralEqualTest, TypeDifferences) {
  auto msg = [](const TypePtr& x, const TypePtr& y) { return structuralEqual(*x, *y).message; };
  EXPECT_TRUE(structuralEqual(*tileT(), *tileT()).equal);
  EXPECT_EQ(msg(tileT(), tileT({16, 16}, DType::FP16)),
            "type differs: Tile[[16, 16], FP32, Vec] vs Tile[[16, 16], FP16, Vec]");
  EXPECT_EQ(msg(tileT(), tileT({16, 16}, DType::FP32, MemorySpace::Mat)),
            "type differs: Tile[[16, 16], FP32, Vec] vs Tile[[16, 16], FP32, Mat]");
  EXPECT_EQ(msg(tileT(), tileT({16, 16}, DType::FP32, std::nullopt)),
            "type differs: Tile[[16, 16], FP32, Vec] vs Tile[[16, 16], FP32]");
  EXPECT_EQ(msg(tensorT(), tileT()),
            "type differs: Tensor[[16, 16], FP32] vs Tile[[16, 16], FP32, Vec]");
  EXPECT_EQ(msg(VRegType::get(64, DType::FP32), VRegType::get(128, DType::FP32)),
            "type differs: VReg[64, FP32] vs VReg[128, FP32]");
  EXPECT_EQ(msg(MaskType::get(64), MaskType::get(32)), "type differs: Mask[64] vs Mask[32]");
  EXPECT_EQ(msg(TupleType::get({idxT()}), TupleType::get({idxT(), idxT()})),
            "type differs: tuple[Scalar[INDEX]] vs tuple[Scalar[INDEX], Scalar[INDEX]]");

  // Views: effective comparison; an explicit full valid_shape equals none.
  TileView pad;
  pad.pad = PadValue::Zero;
  EXPECT_EQ(msg(tileT(), TileType::get({16, 16}, DType::FP32, MemorySpace::Vec, pad)),
            "type differs: Tile[[16, 16], FP32, Vec] vs Tile[[16, 16], FP32, Vec, "
            "TileView(pad=zero)]");
  auto rawFull =
      std::make_shared<TileType>(std::vector<int64_t>{16, 16}, DType::FP32, MemorySpace::Vec,
                                 TileView{{constIndex(16), constIndex(16)}});
  EXPECT_TRUE(structuralEqual(*tileT(), *rawFull).equal);
  EXPECT_EQ(structuralHash(*tileT()), structuralHash(*rawFull));

  // valid_shape expressions compare under the variable mapping.
  VarPtr n = var("n", idxT()), m = var("m", idxT()), k = var("k", idxT());
  auto withValid = [](ExprPtr e) {
    TileView v;
    v.validShape = {constIndex(8), std::move(e)};
    return TileType::get({16, 16}, DType::FP32, MemorySpace::Vec, v);
  };
  VarPtr t1 = var("t", withValid(n)), t2 = var("t", withValid(m)), t3 = var("t", withValid(k));
  // n <-> m is established by the parameters; then t's types agree.
  auto fn = [&](VarPtr param, VarPtr t) {
    return std::make_shared<Function>(
        "f", FunctionType::Opaque, std::vector<VarPtr>{param},
        std::vector<ParamDirection>{ParamDirection::In}, std::vector<TypePtr>{},
        seq({assign(t, callOp("tile.make", {param}, {}, t->type))}), AttrList{}, Span{});
  };
  EXPECT_TRUE(structuralEqual(*fn(n, t1), *fn(m, t2)).equal);
  EXPECT_EQ(structuralHash(*fn(n, t1)), structuralHash(*fn(m, t2)));
  EqualResult r = structuralEqual(*fn(n, t1), *fn(m, t3));
  EXPECT_FALSE(r.equal);
  EXPECT_EQ(r.message,
            "type differs: Tile[[16, 16], FP32, Vec, TileView(valid_shape=[8, n])] vs "
            "Tile[[16, 16], FP32, Vec, TileView(valid_shape=[8, k])]");
  EXPECT_NE(structuralHash(*fn(n, t1)), structuralHash(*fn(m, t3)));
}

TEST(StructuralEqualTest, FunctionAndStatementFields) {
  auto s = idxT();
  auto mk = [&](std::vector<TypePtr> rets, FunctionType ft, size_t nParams, StmtPtr body) {
    std::vector<VarPtr> ps;
    for (size_t i = 0; i < nParams; ++i) ps.push_back(var("p", s));
    return std::make_shared<Function>("f", ft, ps, std::vector<ParamDirection>(nParams),
                                      std::move(rets), std::move(body), AttrList{}, Span{});
  };
  auto msg = [](const FunctionPtr& a, const FunctionPtr& b) {
    return structuralEqual(*a, *b).message;
  };
  EXPECT_EQ(msg(mk({s}, FunctionType::InCore, 1, nullptr), mk({s}, FunctionType::AIV, 1, nullptr)),
            "function type differs: InCore vs AIV");
  EXPECT_EQ(msg(mk({s}, FunctionType::AIC, 1, nullptr), mk({s}, FunctionType::AIC, 2, nullptr)),
            "parameter count differs: 1 vs 2");
  EXPECT_EQ(msg(mk({s}, FunctionType::AIC, 1, nullptr), mk({}, FunctionType::AIC, 1, nullptr)),
            "return type count differs: 1 vs 0");
  EXPECT_EQ(
      msg(mk({s}, FunctionType::AIC, 1, nullptr), mk({tensorT()}, FunctionType::AIC, 1, nullptr)),
      "return type differs: Scalar[INDEX] vs Tensor[[16, 16], FP32]");

  auto stmtMsg = [](const StmtPtr& a, const StmtPtr& b) { return structuralEqual(*a, *b).message; };
  VarPtr x = var("x", s);
  auto scope = [&](std::optional<SplitMode> m, std::string hint) {
    return std::make_shared<InCoreScopeStmt>(m, std::nullopt, std::move(hint), evalStmt(x), Span{});
  };
  EXPECT_EQ(stmtMsg(scope(SplitMode::UpDown, "a"), scope(std::nullopt, "a")),
            "scope split differs: UP_DOWN vs none");
  EXPECT_EQ(stmtMsg(scope(SplitMode::UpDown, "a"), scope(SplitMode::UpDown, "b")),
            "scope name_hint differs: \"a\" vs \"b\"");
  // PyPTO's task keywords of a scope: deps= (a tuple of task ids) and `as tid` (a definition).
  VarPtr tidT = var("t0", ScalarType::get(DType::TaskId));
  auto taskScope = [&](ExprPtr deps, bool named) {
    std::vector<VarPtr> tid;
    if (named) tid.push_back(var("tid", ScalarType::get(DType::TaskId)));
    return std::make_shared<InCoreScopeStmt>(std::nullopt, std::nullopt, "", AttrList{}, deps,
                                             nullptr, nullptr, evalStmt(x), std::move(tid), Span{});
  };
  EXPECT_EQ(stmtMsg(taskScope(makeTuple({tidT}, Span{}), false), taskScope(nullptr, false)),
            "scope deps differs: present vs absent");
  EXPECT_EQ(stmtMsg(taskScope(nullptr, true), taskScope(nullptr, false)),
            "scope task id count differs: 1 vs 0");
  EXPECT_TRUE(structuralEqual(*taskScope(makeTuple({tidT}, Span{}), true),
                              *taskScope(makeTuple({tidT}, Span{}), true))
                  .equal);
  auto hier = [&](std::string level) {
    return std::make_shared<RuntimeScopeStmt>(RuntimeScopeKind::Hierarchy, nullptr,
                                              AttrList{{"level", level}}, evalStmt(x), Span{});
  };
  EXPECT_EQ(stmtMsg(hier("HOST"), hier("CHIP")),
            "scope attr value differs for 'level': \"HOST\" vs \"CHIP\"");
  auto aiv = [&](SplitMode m, int64_t n) {
    return std::make_shared<SplitAivScopeStmt>(m, n, var("aiv_id", s), evalStmt(x), Span{});
  };
  EXPECT_EQ(stmtMsg(aiv(SplitMode::UpDown, 2), aiv(SplitMode::LeftRight, 2)),
            "split_aiv mode differs: UP_DOWN vs LEFT_RIGHT");
  EXPECT_EQ(stmtMsg(aiv(SplitMode::UpDown, 2), aiv(SplitMode::UpDown, 3)),
            "split_aiv count differs: 2 vs 3");
  EXPECT_TRUE(structuralEqual(*aiv(SplitMode::UpDown, 2), *aiv(SplitMode::UpDown, 2)).equal);
  VarPtr t = var("t", tileT());
  VarPtr p = var("p", ScalarType::get(DType::Bool));
  EXPECT_EQ(stmtMsg(bufferStore(t, {x}, constFloat(1.0), p), bufferStore(t, {x}, constFloat(1.0))),
            "store predicate differs: present vs absent");
  VarPtr r1 = var("r", s), r2 = var("r", s);
  EXPECT_EQ(stmtMsg(ifStmt(p, yieldStmt({x}), yieldStmt({x}), {r1}),
                    ifStmt(p, yieldStmt({x}), yieldStmt({x}), {r1, r2})),
            "return var count differs: 1 vs 2");
  EXPECT_EQ(stmtMsg(yieldStmt({x}), yieldStmt({x, x})), "yield value count differs: 1 vs 2");
  EXPECT_EQ(stmtMsg(returnStmt({x}), returnStmt({})), "return value count differs: 1 vs 0");
  VarPtr i = var("i", s);
  auto loop = [&](AttrList attrs, std::vector<IterArgPtr> ias) {
    return forStmt(i, nullptr, constIndex(4), nullptr, evalStmt(i), ForKind::Pipeline,
                   std::move(ias), {}, std::move(attrs));
  };
  EXPECT_EQ(stmtMsg(loop({{"stage", int64_t{2}}}, {}), loop({{"stage", int64_t{3}}}, {})),
            "loop attr value differs for 'stage': 2 vs 3");
  EXPECT_EQ(stmtMsg(loop({}, {iterArg("a", s, x)}), loop({}, {})),
            "iter_arg count differs: 1 vs 0");
  EXPECT_EQ(stmtMsg(loop({}, {iterArg("a", s, x)}), loop({}, {iterArg("a", s, constIndex(0))})),
            "expression kind differs: Var vs ConstInt");
  auto wl = [&](ExprPtr c) { return whileStmt(c, evalStmt(x)); };
  EXPECT_EQ(stmtMsg(wl(constBool(true)), wl(constBool(false))), "constant differs: True vs False");
}

}  // namespace
