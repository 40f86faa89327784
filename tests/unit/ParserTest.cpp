// Unit tests for the DSL parser: parse trees of representative DSL snippets
// (checked through the S-expression dump and through the typed node API),
// exact spans, operator precedence, syntax errors (message and line:col), the
// nesting limit, and robustness on random / mutated input.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ptoc/frontend/Parser.h"

using namespace ptoc;
using namespace ptoc::frontend;

namespace {

struct ParseResult {
  std::unique_ptr<SourceManager> sm;  // outlives the module (names are views into it)
  uint32_t file = 0;
  std::unique_ptr<Module> module;
  bool ok = false;
  std::string message;  // first diagnostic
  uint32_t line = 0, col = 0;
  std::vector<Diagnostic> diags;

  std::string text(Span s) const {
    return std::string(sm->text(file).substr(s.begin, s.end - s.begin));
  }
  LineCol lc(uint32_t offset) const { return sm->lineCol(file, offset); }
};

ParseResult parse(const std::string& src) {
  ParseResult r;
  r.sm = std::make_unique<SourceManager>();
  r.file = r.sm->addBuffer("t.py", src);
  DiagnosticEngine diags(*r.sm);
  diags.setPrintImmediately(false);
  try {
    r.module = parseModule(*r.sm, r.file, diags);
    r.ok = true;
  } catch (const CompileError&) {
    r.ok = false;
  }
  r.diags = diags.diagnostics();
  if (!r.diags.empty()) {
    r.message = r.diags.front().message;
    LineCol lc = r.sm->lineCol(r.diags.front().span.file, r.diags.front().span.begin);
    r.line = lc.line;
    r.col = lc.col;
  }
  return r;
}

std::string dump(const std::string& src) {
  ParseResult r = parse(src);
  EXPECT_TRUE(r.ok) << "unexpected error: " << r.message << " at " << r.line << ":" << r.col
                    << "\nsource:\n"
                    << src;
  return r.ok ? dumpModule(*r.module) : "";
}

/// Dump of a single expression (parsed as an expression statement).
std::string expr(const std::string& src) {
  std::string d = dump(src + "\n");
  // "(expr X)\n" -> "X"
  if (d.rfind("(expr ", 0) == 0 && d.size() >= 8) return d.substr(6, d.size() - 8);
  return d;
}

void expectError(const std::string& src, const std::string& message, uint32_t line, uint32_t col) {
  ParseResult r = parse(src);
  EXPECT_FALSE(r.ok) << "expected an error for:\n" << src;
  EXPECT_EQ(r.diags.size(), 1u);
  EXPECT_EQ(r.message, message) << "source:\n" << src;
  EXPECT_EQ(r.line, line) << "source:\n" << src;
  EXPECT_EQ(r.col, col) << "source:\n" << src;
}

const char* kProgram = R"(import pypto.language as pl

@pl.program
class Attention:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: pl.Tensor[[128, 64], pl.FP16],
           out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        t: pl.Tile[[128, 64], pl.FP16, pl.Mem.Vec] = pl.load(q, [0, 0], [128, 64])
        return out

    @pl.function
    def main(self, x: pl.Tensor[[16], pl.FP32]):
        y = self.qk(x, x)
        return y
)";

}  // namespace

// ---------------------------------------------------------------------------
// Whole programs and statements
// ---------------------------------------------------------------------------

TEST(Parser, EmptyInputGivesEmptyModule) {
  for (const char* src : {"", "\n\n", "# just a comment\n", "   \n\t\n"}) {
    ParseResult r = parse(src);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_TRUE(r.module->body.empty());
    EXPECT_EQ(r.module->fileId, r.file);
  }
}

TEST(Parser, ProgramClassWithMethods) {
  ParseResult r = parse(kProgram);
  ASSERT_TRUE(r.ok) << r.message << " at " << r.line << ":" << r.col;
  EXPECT_EQ(dumpModule(*r.module),
            "(import (as pypto.language pl))\n"
            "(class Attention @(. pl program) (bases)\n"
            "  (def qk @(call (. pl function) type=(. (. pl FunctionType) InCore)) (self (q : (sub "
            "(. pl Tensor) (tuple (list 128 64) (. pl FP16)))) (out : (sub (. pl Out) (sub (. pl "
            "Tensor) (tuple (list 128 128) (. pl FP32)))))) -> (sub (. pl Tensor) (tuple (list "
            "128 128) (. pl FP32)))\n"
            "    (expr (call (. pl func_attr) (dict (\"split\" (. (. pl SplitMode) UP_DOWN)) "
            "(\"split_aiv\" True))))\n"
            "    (=: t (sub (. pl Tile) (tuple (list 128 64) (. pl FP16) (. (. pl Mem) Vec))) "
            "(call (. pl load) q (list 0 0) (list 128 64)))\n"
            "    (return out))\n"
            "  (def main @(. pl function) (self (x : (sub (. pl Tensor) (tuple (list 16) (. pl "
            "FP32)))))\n"
            "    (= y (call (. self qk) x x))\n"
            "    (return y)))\n");

  // The same tree through the typed API.
  ASSERT_EQ(r.module->body.size(), 2u);
  EXPECT_EQ(r.module->body[0]->kind, StmtKind::Import);
  const ClassDef* cls = r.module->body[1]->as<ClassDef>();
  ASSERT_NE(cls, nullptr);
  EXPECT_EQ(cls->name, "Attention");
  EXPECT_EQ(r.text(cls->nameSpan), "Attention");
  ASSERT_EQ(cls->decorators.size(), 1u);
  EXPECT_EQ(r.text(cls->decorators[0]->span), "pl.program");
  EXPECT_EQ(r.lc(cls->span.begin).line, 4u);  // span starts at 'class'
  ASSERT_EQ(cls->body.size(), 2u);

  const FunctionDef& qk = cls->body[0]->cast<FunctionDef>();
  EXPECT_EQ(qk.name, "qk");
  ASSERT_EQ(qk.params.size(), 3u);
  EXPECT_EQ(qk.params[0].name, "self");
  EXPECT_EQ(qk.params[0].annotation, nullptr);
  EXPECT_EQ(qk.params[1].name, "q");
  EXPECT_EQ(r.text(qk.params[1].span), "q: pl.Tensor[[128, 64], pl.FP16]");
  EXPECT_EQ(r.text(qk.params[2].annotation->span), "pl.Out[pl.Tensor[[128, 128], pl.FP32]]");
  ASSERT_NE(qk.returns, nullptr);
  EXPECT_EQ(r.text(qk.returns->span), "pl.Tensor[[128, 128], pl.FP32]");
  const CallExpr& deco = qk.decorators[0]->cast<CallExpr>();
  ASSERT_EQ(deco.keywords.size(), 1u);
  EXPECT_EQ(deco.keywords[0].name, "type");
  EXPECT_EQ(r.text(deco.keywords[0].span), "type=pl.FunctionType.InCore");
  EXPECT_EQ(r.text(deco.keywords[0].nameSpan), "type");
  EXPECT_EQ(r.text(deco.keywords[0].value->span), "pl.FunctionType.InCore");

  ASSERT_EQ(qk.body.size(), 3u);
  const AssignStmt& t = qk.body[1]->cast<AssignStmt>();
  ASSERT_NE(t.annotation, nullptr);
  EXPECT_EQ(t.target->cast<NameExpr>().id, "t");
  EXPECT_EQ(r.text(t.span),
            "t: pl.Tile[[128, 64], pl.FP16, pl.Mem.Vec] = pl.load(q, [0, 0], [128, 64])");
  // A compound statement's span runs from its keyword to the end of its body.
  EXPECT_EQ(r.text(qk.span).substr(0, 7), "def qk(");
  EXPECT_EQ(r.text(qk.span).substr(r.text(qk.span).size() - 10), "return out");
}

TEST(Parser, ForWithInitValues) {
  ParseResult r = parse(
      "for i, (acc,) in pl.range(4, init_values=(x,)):\n"
      "    acc_next = pl.add(acc, x)\n"
      "    acc_out = pl.yield_(acc_next)\n");
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(dumpModule(*r.module),
            "(for (tuple i (tuple acc)) (call (. pl range) 4 init_values=(tuple x))\n"
            "  (= acc_next (call (. pl add) acc x))\n"
            "  (= acc_out (call (. pl yield_) acc_next)))\n");
  const ForStmt& f = r.module->body[0]->cast<ForStmt>();
  const TupleExpr& target = f.target->cast<TupleExpr>();
  EXPECT_FALSE(target.parenthesized);
  EXPECT_EQ(r.text(target.span), "i, (acc,)");
  ASSERT_EQ(target.elts.size(), 2u);
  EXPECT_EQ(target.elts[0]->cast<NameExpr>().id, "i");
  const TupleExpr& inner = target.elts[1]->cast<TupleExpr>();
  EXPECT_TRUE(inner.parenthesized);
  EXPECT_EQ(r.text(inner.span), "(acc,)");
  ASSERT_EQ(inner.elts.size(), 1u);
  const CallExpr& range = f.iter->cast<CallExpr>();
  EXPECT_EQ(range.args.size(), 1u);
  ASSERT_EQ(range.keywords.size(), 1u);
  const TupleExpr& init = range.keywords[0].value->cast<TupleExpr>();
  EXPECT_TRUE(init.parenthesized);
  EXPECT_EQ(init.elts.size(), 1u);
  EXPECT_EQ(f.body.size(), 2u);

  EXPECT_EQ(dump("for (a, b) in pl.range(2):\n  pass\n"),
            "(for (tuple a b) (call (. pl range) 2)\n  (pass))\n");
  EXPECT_EQ(dump("for a, in x: pass\n"), "(for (tuple a) x\n  (pass))\n");
}

TEST(Parser, WithStatement) {
  ParseResult r = parse(
      "with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):\n"
      "    pass\n"
      "with T.Kernel(1) as bx, b:\n"
      "    pass\n");
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(dumpModule(*r.module),
            "(with (call (. pl at) level=(. (. pl Level) CORE_GROUP) optimizations=(list (call (. "
            "pl split) (. (. pl SplitMode) UP_DOWN))))\n"
            "  (pass))\n"
            "(with (as (call (. T Kernel) 1) bx) b\n"
            "  (pass))\n");
  const WithStmt& w = r.module->body[0]->cast<WithStmt>();
  ASSERT_EQ(w.items.size(), 1u);
  EXPECT_EQ(w.items[0].target, nullptr);
  const CallExpr& at = w.items[0].context->cast<CallExpr>();
  EXPECT_TRUE(at.args.empty());
  ASSERT_EQ(at.keywords.size(), 2u);
  EXPECT_EQ(at.keywords[1].name, "optimizations");
  EXPECT_EQ(at.keywords[1].value->cast<ListExpr>().elts.size(), 1u);
  const WithStmt& w2 = r.module->body[1]->cast<WithStmt>();
  ASSERT_EQ(w2.items.size(), 2u);
  EXPECT_EQ(w2.items[0].target->cast<NameExpr>().id, "bx");
  EXPECT_EQ(r.text(w2.items[0].span), "T.Kernel(1) as bx");
}

TEST(Parser, SubscriptsAndSlices) {
  EXPECT_EQ(dump("t[i, j] = a[i] * 2.0\n"), "(= (sub t (tuple i j)) (* (sub a i) 2.0))\n");
  EXPECT_EQ(expr("x[1:2]"), "(sub x (slice 1 2 _))");
  EXPECT_EQ(expr("x[:]"), "(sub x (slice _ _ _))");
  EXPECT_EQ(expr("x[::2]"), "(sub x (slice _ _ 2))");
  EXPECT_EQ(expr("x[a:b:c, :, 0]"), "(sub x (tuple (slice a b c) (slice _ _ _) 0))");
  EXPECT_EQ(expr("x[i,]"), "(sub x (tuple i))");
  EXPECT_EQ(expr("out[:]"), "(sub out (slice _ _ _))");
  EXPECT_EQ(expr("x[1][2]"), "(sub (sub x 1) 2)");

  ParseResult r = parse("t[i, j] = e\n");
  ASSERT_TRUE(r.ok);
  const AssignStmt& a = r.module->body[0]->cast<AssignStmt>();
  const SubscriptExpr& s = a.target->cast<SubscriptExpr>();
  EXPECT_EQ(r.text(s.span), "t[i, j]");
  const TupleExpr& idx = s.index->cast<TupleExpr>();
  EXPECT_FALSE(idx.parenthesized);
  EXPECT_EQ(r.text(idx.span), "i, j");
}

TEST(Parser, DictLiteral) {
  EXPECT_EQ(expr("pl.func_attr({\"split\": pl.SplitMode.UP_DOWN, \"slot_num\": 4,})"),
            "(call (. pl func_attr) (dict (\"split\" (. (. pl SplitMode) UP_DOWN)) "
            "(\"slot_num\" 4)))");
  EXPECT_EQ(expr("{}"), "(dict)");
  EXPECT_EQ(expr("{1: {2: 3}, 4: [5]}"), "(dict (1 (dict (2 3))) (4 (list 5)))");
  ParseResult r = parse("d = {'a': 1, 'b': 2}\n");
  ASSERT_TRUE(r.ok);
  const DictExpr& d = r.module->body[0]->cast<AssignStmt>().value->cast<DictExpr>();
  ASSERT_EQ(d.keys.size(), 2u);
  ASSERT_EQ(d.values.size(), 2u);
  EXPECT_EQ(d.keys[1]->cast<StrLit>().value, "b");
  EXPECT_EQ(d.values[1]->cast<IntLit>().value, 2);
  EXPECT_EQ(r.text(d.span), "{'a': 1, 'b': 2}");
}

TEST(Parser, IfElifElse) {
  ParseResult r = parse(
      "if a:\n"
      "    v = pl.yield_(x)\n"
      "elif b:\n"
      "    v = pl.yield_(y)\n"
      "elif c:\n"
      "    pass\n"
      "else:\n"
      "    v = pl.yield_(z)\n");
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(dumpModule(*r.module),
            "(if a\n"
            "  (= v (call (. pl yield_) x))\n"
            "else\n"
            "  (elif b\n"
            "    (= v (call (. pl yield_) y))\n"
            "  else\n"
            "    (elif c\n"
            "      (pass)\n"
            "    else\n"
            "      (= v (call (. pl yield_) z)))))\n");
  const IfStmt& i = r.module->body[0]->cast<IfStmt>();
  EXPECT_FALSE(i.isElif);
  ASSERT_EQ(i.orelse.size(), 1u);
  const IfStmt& e1 = i.orelse[0]->cast<IfStmt>();
  EXPECT_TRUE(e1.isElif);
  EXPECT_EQ(r.lc(e1.span.begin).line, 3u);
  EXPECT_EQ(dump("if a: x = 1; y = 2\nelse: pass\n"),
            "(if a\n  (= x 1)\n  (= y 2)\nelse\n  (pass))\n");
}

TEST(Parser, SimpleStatements) {
  EXPECT_EQ(dump("return\n"), "(return)\n");
  EXPECT_EQ(dump("return a, b\n"), "(return (tuple a b))\n");
  EXPECT_EQ(dump("return (a, b)\n"), "(return (tuple a b))\n");
  EXPECT_EQ(dump("pass; break; continue;\n"), "(pass)\n(break)\n(continue)\n");
  EXPECT_EQ(dump("x: pl.Scalar[pl.INDEX]\n"), "(: x (sub (. pl Scalar) (. pl INDEX)))\n");
  EXPECT_EQ(dump("x: int = 1, 2\n"), "(=: x int (tuple 1 2))\n");
  EXPECT_EQ(dump("a, b = pl.yield_(x, y)\n"), "(= (tuple a b) (call (. pl yield_) x y))\n");
  EXPECT_EQ(dump("[a, b] = c\n"), "(= (list a b) c)\n");
  EXPECT_EQ(dump("self.x = 1\n"), "(= (. self x) 1)\n");
  EXPECT_EQ(dump("x += 1\nx -= 1\nx *= 2\nx /= 2\nx //= 2\nx %= 2\nx **= 2\nx <<= 1\n"),
            "(+= x 1)\n(-= x 1)\n(*= x 2)\n(/= x 2)\n(//= x 2)\n(%= x 2)\n(**= x 2)\n(<<= x 1)\n");
  EXPECT_EQ(dump("while i < n:\n    i = i + 1\n"), "(while (cmp i < n)\n  (= i (+ i 1)))\n");
  EXPECT_EQ(dump("'''docstring'''\n"), "(expr \"docstring\")\n");

  ParseResult r = parse("x: T\n");
  ASSERT_TRUE(r.ok);
  const AssignStmt& a = r.module->body[0]->cast<AssignStmt>();
  EXPECT_EQ(a.value, nullptr);
  EXPECT_NE(a.annotation, nullptr);
  r = parse("x  +=  y # c\n");
  ASSERT_TRUE(r.ok);
  const AugAssignStmt& aug = r.module->body[0]->cast<AugAssignStmt>();
  EXPECT_EQ(aug.op, BinOpKind::Add);
  EXPECT_EQ(r.text(aug.opSpan), "+=");
  EXPECT_EQ(r.text(aug.span), "x  +=  y");
}

TEST(Parser, Imports) {
  EXPECT_EQ(dump("import pypto.language as pl, os\n"), "(import (as pypto.language pl) os)\n");
  EXPECT_EQ(dump("import tilelang.language as T\n"), "(import (as tilelang.language T))\n");
  EXPECT_EQ(dump("from a.b import c as d, e\n"), "(from a.b (as c d) e)\n");
  EXPECT_EQ(dump("from .. import (x,\n  y,)\n"), "(from .. x y)\n");
  EXPECT_EQ(dump("from m import *\n"), "(from m *)\n");
  EXPECT_EQ(dump("from . x import y\n"), "(from .x y)\n");  // same as `from .x import y`
  expectError("from import y\n", "expected a module name", 1, 6);
}

TEST(Parser, TDialectKernel) {
  const char* src = R"(import tilelang.language as T

@T.prim_func
def main(A: T.Tensor((128,), "float32"), flag: T.bool):
    with T.Kernel(1):
        a = T.alloc_shared((128,), "float32")
        with T.SimdVF(lanes=64):
            for i in T.Parallel(128):
                m = T.alloc_var("float32", init=0.0)
                if flag and not m > -1:
                    y[i] = m
                else:
                    y[i] = a[i] * 2.0 + T.infinity("float32")
)";
  ParseResult r = parse(src);
  ASSERT_TRUE(r.ok) << r.message << " at " << r.line << ":" << r.col;
  const FunctionDef& f = r.module->body[1]->cast<FunctionDef>();
  EXPECT_EQ(f.name, "main");
  EXPECT_EQ(r.text(f.params[0].annotation->span), "T.Tensor((128,), \"float32\")");
  EXPECT_EQ(f.params[0].annotation->cast<CallExpr>().args[0]->cast<TupleExpr>().elts.size(), 1u);
}

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------

TEST(Parser, Precedence) {
  EXPECT_EQ(expr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(expr("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(expr("a ** b ** c"), "(** a (** b c))");
  EXPECT_EQ(expr("-a ** b"), "(neg (** a b))");
  EXPECT_EQ(expr("a ** -b"), "(** a (neg b))");
  EXPECT_EQ(expr("-a * b"), "(* (neg a) b)");
  EXPECT_EQ(expr("~a + +b"), "(+ (~ a) (pos b))");
  EXPECT_EQ(expr("a // b % c @ d / e"), "(/ (@ (% (// a b) c) d) e)");
  EXPECT_EQ(expr("a << b + c"), "(<< a (+ b c))");
  EXPECT_EQ(expr("a & b << c"), "(& a (<< b c))");
  EXPECT_EQ(expr("a ^ b & c"), "(^ a (& b c))");
  EXPECT_EQ(expr("a | b ^ c"), "(| a (^ b c))");
  EXPECT_EQ(expr("a | b < c | d"), "(cmp (| a b) < (| c d))");
  EXPECT_EQ(expr("not a < b"), "(not (cmp a < b))");
  EXPECT_EQ(expr("not not a"), "(not (not a))");
  EXPECT_EQ(expr("a and not b or c"), "(or (and a (not b)) c)");
  EXPECT_EQ(expr("a or b or c"), "(or a b c)");
  EXPECT_EQ(expr("a and b and c"), "(and a b c)");
  EXPECT_EQ(expr("x if c else y"), "(ifexp c x y)");
  EXPECT_EQ(expr("x if c else y if d else z"), "(ifexp c x (ifexp d y z))");
  EXPECT_EQ(expr("a or b if c or d else e"), "(ifexp (or c d) (or a b) e)");
  EXPECT_EQ(expr("(a + b) * c"), "(* (+ a b) c)");
  EXPECT_EQ(expr("f(a)(b).c[d]"), "(sub (. (call (call f a) b) c) d)");
  EXPECT_EQ(expr("-x.y"), "(neg (. x y))");
}

TEST(Parser, Comparisons) {
  EXPECT_EQ(expr("a < b <= c == d != e > f >= g"), "(cmp a < b <= c == d != e > f >= g)");
  EXPECT_EQ(expr("a is b"), "(cmp a is b)");
  EXPECT_EQ(expr("a is not None"), "(cmp a is not None)");
  EXPECT_EQ(expr("a in b"), "(cmp a in b)");
  EXPECT_EQ(expr("a not in b"), "(cmp a not in b)");
  ParseResult r = parse("a < b < c\n");
  ASSERT_TRUE(r.ok);
  const CompareExpr& c = r.module->body[0]->cast<ExprStmt>().value->cast<CompareExpr>();
  ASSERT_EQ(c.ops.size(), 2u);
  ASSERT_EQ(c.comparators.size(), 2u);
  EXPECT_EQ(c.ops[0], CmpOpKind::Lt);
}

TEST(Parser, Literals) {
  EXPECT_EQ(expr("[0x_ff, 1_000, 0o17, 0b11, 9223372036854775807]"),
            "(list 255 1000 15 3 9223372036854775807)");
  EXPECT_EQ(expr("-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(expr("-5"), "(neg 5)");
  EXPECT_EQ(expr("(1.0, 1e-3, .5, 1., 2.5e2)"), "(tuple 1.0 0.001 0.5 1.0 250.0)");
  EXPECT_EQ(expr("1e-400"), "0.0");
  EXPECT_EQ(expr("'a' \"b\" '''c'''"), "\"abc\"");
  EXPECT_EQ(expr("'\\n\\t\\x41'"), "\"\\n\\tA\"");
  EXPECT_EQ(expr("(True, False, None)"), "(tuple True False None)");
  EXPECT_EQ(expr("()"), "(tuple)");
  EXPECT_EQ(expr("[]"), "(list)");
  EXPECT_EQ(expr("(a)"), "a");
  EXPECT_EQ(expr("(a,)"), "(tuple a)");
  EXPECT_EQ(expr("[a, b,]"), "(list a b)");

  ParseResult r = parse("x = -9223372036854775808\ny = 3.25\n");
  ASSERT_TRUE(r.ok);
  const IntLit& i = r.module->body[0]->cast<AssignStmt>().value->cast<IntLit>();
  EXPECT_EQ(i.value, INT64_MIN);
  EXPECT_EQ(r.text(i.span), "-9223372036854775808");
  EXPECT_EQ(r.module->body[1]->cast<AssignStmt>().value->cast<FloatLit>().value, 3.25);
}

TEST(Parser, CallArguments) {
  EXPECT_EQ(expr("f()"), "(call f)");
  EXPECT_EQ(expr("f(a, b,)"), "(call f a b)");
  EXPECT_EQ(expr("f(a, k=1, j=x + 1)"), "(call f a k=1 j=(+ x 1))");
  EXPECT_EQ(expr("f(a == b)"), "(call f (cmp a == b))");
  ParseResult r = parse("pl.add(a,  b, k = 2)\n");
  ASSERT_TRUE(r.ok);
  const CallExpr& c = r.module->body[0]->cast<ExprStmt>().value->cast<CallExpr>();
  EXPECT_EQ(r.text(c.span), "pl.add(a,  b, k = 2)");
  EXPECT_EQ(r.text(c.func->span), "pl.add");
  EXPECT_EQ(r.text(c.func->cast<AttributeExpr>().attrSpan), "add");
  ASSERT_EQ(c.args.size(), 2u);
  EXPECT_EQ(r.text(c.args[1]->span), "b");
  ASSERT_EQ(c.keywords.size(), 1u);
  EXPECT_EQ(r.text(c.keywords[0].span), "k = 2");
}

TEST(Parser, ExactSpans) {
  ParseResult r = parse("y = (a + b) * -c  # tail\n");
  ASSERT_TRUE(r.ok);
  const AssignStmt& a = r.module->body[0]->cast<AssignStmt>();
  EXPECT_EQ(r.text(a.span), "y = (a + b) * -c");
  const BinOpExpr& mul = a.value->cast<BinOpExpr>();
  EXPECT_EQ(r.text(mul.span), "(a + b) * -c");
  EXPECT_EQ(r.text(mul.opSpan), "*");
  EXPECT_EQ(r.text(mul.lhs->span), "a + b");  // parentheses are not part of the inner span
  EXPECT_EQ(r.text(mul.rhs->span), "-c");
  EXPECT_EQ(mul.height, 3u);

  r = parse("if x:\n    y = 1\n\n# trailing comment\nz = 2\n");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.text(r.module->body[0]->span), "if x:\n    y = 1");
  EXPECT_EQ(r.text(r.module->body[1]->span), "z = 2");
}

TEST(Parser, DowncastHelpers) {
  ParseResult r = parse("x = f(1)\n");
  ASSERT_TRUE(r.ok);
  const Stmt& s = *r.module->body[0];
  EXPECT_TRUE(s.is<AssignStmt>());
  EXPECT_EQ(s.as<ExprStmt>(), nullptr);
  const Expr& v = *s.cast<AssignStmt>().value;
  EXPECT_TRUE(v.is<CallExpr>());
  EXPECT_EQ(v.as<NameExpr>(), nullptr);
  EXPECT_THROW((void)v.cast<NameExpr>(), InternalError);
  EXPECT_STREQ(exprKindName(v.kind), "Call");
  EXPECT_STREQ(stmtKindName(s.kind), "Assign");
}

TEST(Parser, ParseExpressionApi) {
  SourceManager sm;
  uint32_t f = sm.addBuffer("e", "pl.Tensor[[128, 64], pl.FP16]\n");
  DiagnosticEngine diags(sm);
  Arena arena;
  ExprPtr e = parseExpression(sm, f, diags, arena);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(dumpExpr(*e), "(sub (. pl Tensor) (tuple (list 128 64) (. pl FP16)))");
  uint32_t c = sm.addBuffer("c", "[t[k] for k in range(4) if k > 1]\n");
  ExprPtr comp = parseExpression(sm, c, diags, arena);
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(dumpExpr(*comp), "(listcomp (sub t k) for k in (call range 4) if (cmp k > 1))");
  uint32_t g = sm.addBuffer("e2", "a b");
  diags.setPrintImmediately(false);
  EXPECT_THROW(parseExpression(sm, g, diags, arena), CompileError);
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

TEST(ParserErrors, LexicalErrorsSurface) {
  expectError("x = 1\ny = 'abc\n", "unterminated string literal", 2, 5);
  expectError("if a:\n    b = 1\n  c = 2\n", "unindent does not match any outer indentation level",
              3, 3);
  expectError("x = 1 $ 2\n", "invalid character '$' in source", 1, 7);
  expectError("x = \x80\n", "invalid character '\\x80' in source", 1, 5);
}

TEST(ParserErrors, MissingColon) {
  expectError("if x\n    pass\n", "expected ':' after 'if' condition", 1, 5);
  expectError("if x  # comment\n    pass\n", "expected ':' after 'if' condition", 1, 5);
  expectError("if x y:\n    pass\n", "expected ':' after 'if' condition", 1, 6);
  expectError("if a:\n  pass\nelif b\n  pass\n", "expected ':' after 'elif' condition", 3, 7);
  expectError("if a:\n  pass\nelse\n  pass\n", "expected ':' after 'else'", 3, 5);
  expectError("for i in x\n  pass\n", "expected ':' after 'for' loop header", 1, 11);
  expectError("while x\n  pass\n", "expected ':' after 'while' condition", 1, 8);
  expectError("with a\n  pass\n", "expected ':' after 'with' items", 1, 7);
  expectError("def f()\n  pass\n", "expected ':' after function signature", 1, 8);
  expectError("class A\n  pass\n", "expected ':' after class header", 1, 8);
  ParseResult r = parse("if x = 1:\n  pass\n");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.diags[0].hint, "use '==' to compare values");
}

TEST(ParserErrors, Brackets) {
  expectError("f(a, b\n", "'(' was never closed", 1, 2);
  expectError("x = [1,\n  2,\n", "'[' was never closed", 1, 5);
  expectError("x = {'a': (1,\n", "'(' was never closed", 1, 11);
  expectError("x = (", "'(' was never closed", 1, 5);
  expectError("x = f(a +\n", "'(' was never closed", 1, 6);
  expectError("x = ]\n", "invalid syntax: unexpected token ']'", 1, 5);
  expectError("f(a))\n", "invalid syntax: unexpected token ')'", 1, 5);
  expectError("f(a b)\n", "invalid syntax: perhaps you forgot a comma?", 1, 5);
  // Errors after a bracket was closed are reported normally.
  expectError("x = f(a)[\n", "'[' was never closed", 1, 9);
  expectError("x = (a) if\n", "invalid syntax: expected an expression", 1, 11);
  expectError("x = ()\ny = (\n", "'(' was never closed", 2, 5);

  ParseResult r = parse("x = f(a,\n      b]\n");
  ASSERT_FALSE(r.ok);
  ASSERT_EQ(r.diags.size(), 1u);
  EXPECT_EQ(r.message, "expected ')' to close '(' opened here");
  EXPECT_EQ(r.line, 2u);
  EXPECT_EQ(r.col, 8u);
  ASSERT_EQ(r.diags[0].notes.size(), 1u);
  EXPECT_EQ(r.diags[0].notes[0].second, "'(' opened here");
  LineCol opener = r.lc(r.diags[0].notes[0].first.begin);
  EXPECT_EQ(opener.line, 1u);
  EXPECT_EQ(opener.col, 6u);
}

TEST(ParserErrors, Blocks) {
  expectError("def f():\nreturn 1\n",
              "expected an indented block after function definition on line 1", 2, 1);
  expectError("if a:\n\nx = 1\n", "expected an indented block after 'if' statement on line 1", 3,
              1);
  expectError("class A:\n", "expected an indented block after class definition on line 1", 2, 1);
  expectError("x = 1\n    y = 2\n", "unexpected indent", 2, 5);
  expectError("  x = 1\n", "unexpected indent", 1, 3);
  expectError("@pl.function\nx = 1\n", "expected 'def' or 'class' after decorator", 2, 1);
  expectError("@pl.function\n", "expected 'def' or 'class' after decorator", 1, 13);
  expectError("else:\n  pass\n", "invalid syntax: 'else' without a matching 'if'", 1, 1);
  expectError("for x in y:\n  pass\nelse:\n  pass\n",
              "'else' clauses on 'for' loops are not supported", 3, 1);
}

TEST(ParserErrors, InvalidSyntax) {
  expectError("x = \n", "invalid syntax: expected an expression", 1, 4);
  expectError("x = 1 2\n", "invalid syntax: unexpected token '2'", 1, 7);
  expectError("x = )\n", "invalid syntax: unexpected token ')'", 1, 5);
  expectError("f() = 1\n", "cannot assign to function call", 1, 1);
  expectError("1 = x\n", "cannot assign to literal", 1, 1);
  expectError("a + b += 1\n", "cannot assign to expression", 1, 1);
  expectError("a, b += 1\n",
              "only a single name, attribute or subscript can be the target of an augmented "
              "assignment",
              1, 1);
  expectError("a, b: int = 1, 2\n",
              "only a single name, attribute or subscript can be the target of an annotated "
              "assignment",
              1, 1);
  expectError("for f() in x:\n  pass\n", "cannot assign to function call", 1, 5);
  expectError("a = b = c\n", "chained assignment is not supported", 1, 7);
  expectError("x = 99999999999999999999\n", "integer literal is too large", 1, 5);
  expectError("x = 9223372036854775808\n", "integer literal is too large", 1, 5);
  expectError("x = 1e400\n", "float literal is too large", 1, 5);
  expectError("f(k=1, a)\n", "positional argument follows keyword argument", 1, 8);
  expectError("f(*a)\n", "'*' and '**' arguments are not supported", 1, 3);
  expectError("def f(*a): pass\n", "'*', '**' and '/' parameters are not supported", 1, 7);
  expectError("def f(a=1, b): pass\n",
              "parameter without a default follows parameter with a default", 1, 12);
  expectError("x = (i for i in y)\n", "only a list comprehension with one `for` is supported here",
              1, 8);
  expectError("x = [i for i in y for j in z]\n",
              "only a list comprehension with one `for` is supported here", 1, 19);
  expectError("x = {a, b}\n", "set literals are not supported", 1, 5);
  expectError("x = lambda: 1\n", "lambda expressions are not supported", 1, 5);
  expectError("x = a if b\n", "expected 'else' in conditional expression", 1, 11);
  expectError("x = a.\n", "expected an attribute name after '.'", 1, 7);
  expectError("x = a[]\n", "expected an index or slice inside '[]'", 1, 7);
  expectError("def (): pass\n", "expected function name after 'def'", 1, 5);
  expectError("import\n", "expected a module name", 1, 7);
  expectError("from x\n", "expected 'import' in 'from' statement", 1, 7);
}

TEST(ParserErrors, NestingTooDeep) {
  // Within the limit.
  EXPECT_TRUE(parse("x = " + std::string(150, '(') + "1" + std::string(150, ')') + "\n").ok);
  // Parentheses, brackets, unary chains, power chains, not chains, left-deep
  // operator chains, attribute chains, elif chains, and nested blocks.
  std::vector<std::string> deep = {
      "x = " + std::string(100000, '(') + "1" + std::string(100000, ')') + "\n",
      "x = " + std::string(100000, '[') + "\n",
      "x = " + std::string(5000, '-') + "1\n",
      "x = 1" +
          [] {
            std::string s;
            for (int i = 0; i < 5000; ++i) s += " ** 1";
            return s;
          }() +
          "\n",
      [] {
        std::string s = "x = ";
        for (int i = 0; i < 5000; ++i) s += "not ";
        return s + "a\n";
      }(),
      [] {
        std::string s = "x = a";
        for (int i = 0; i < 100000; ++i) s += " + a";
        return s + "\n";
      }(),
      [] {
        std::string s = "x = a";
        for (int i = 0; i < 100000; ++i) s += ".b";
        return s + "\n";
      }(),
      [] {
        std::string s = "x = f";
        for (int i = 0; i < 100000; ++i) s += "()";
        return s + "\n";
      }(),
      [] {
        std::string s = "if a:\n  pass\n";
        for (int i = 0; i < 5000; ++i) s += "elif a:\n  pass\n";
        return s;
      }(),
      [] {
        std::string s;
        for (int i = 0; i < 1000; ++i) s += std::string(i, ' ') + "if a:\n";
        return s + std::string(1000, ' ') + "pass\n";
      }(),
      [] {
        std::string s = "x = 1";
        for (int i = 0; i < 3000; ++i) s += " if a else 1";
        return s + "\n";
      }(),
  };
  for (const std::string& src : deep) {
    ParseResult r = parse(src);
    EXPECT_FALSE(r.ok) << src.substr(0, 60);
    EXPECT_EQ(r.message, "nesting too deep") << src.substr(0, 60);
  }
  // Long but flat constructs are fine.
  std::string flat = "x = [";
  for (int i = 0; i < 100000; ++i) flat += "1, ";
  EXPECT_TRUE(parse(flat + "]\n").ok);
  std::string chain = "x = a";
  for (int i = 0; i < 150; ++i) chain += " + a";
  EXPECT_TRUE(parse(chain + "\n").ok);
}

// ---------------------------------------------------------------------------
// Robustness: random and mutated input never crashes, hangs or throws
// anything but CompileError (run under ASan/UBSan).
// ---------------------------------------------------------------------------

TEST(ParserRobustness, RandomTokenSoup) {
  const char* pieces[] = {
      "x",   "pl",    ".",  "(",      ")",      "[",    "]",    "{",    "}",    ",",
      ":",   "=",     "+",  "-",      "*",      "**",   "if",   "else", "for",  "in",
      "def", "class", "@",  "return", "1",      "2.5",  "'s'",  "\n",   "    ", "\t",
      "not", "and",   "#c", "\\\n",   "with",   "as",   "elif", ";",    "'''",  "\"",
      "<",   "==",    "is", "lambda", "import", "from", "0x",   "1_",   "\x80", "\r"};
  std::mt19937 rng(12345);
  std::uniform_int_distribution<size_t> pick(0, std::size(pieces) - 1);
  std::uniform_int_distribution<int> len(0, 40);
  int ok = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::string src;
    int n = len(rng);
    for (int i = 0; i < n; ++i) {
      src += pieces[pick(rng)];
      if (rng() % 3 == 0) src += ' ';
    }
    ParseResult r = parse(src);  // must not crash; CompileError is fine
    if (r.ok) {
      ++ok;
      EXPECT_TRUE(r.diags.empty());
    } else {
      EXPECT_EQ(r.diags.size(), 1u) << src;
    }
  }
  EXPECT_GT(ok, 0);
}

TEST(ParserRobustness, MutatedProgram) {
  std::string base = kProgram;
  std::mt19937 rng(777);
  for (int iter = 0; iter < 3000; ++iter) {
    std::string src = base;
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % src.size();
      switch (rng() % 3) {
        case 0:
          src[pos] = static_cast<char>(rng() % 256);
          break;
        case 1:
          src.erase(pos, 1 + rng() % 8);
          break;
        default:
          src.insert(pos, 1, "()[]{}:,\n \t'\"#\\="[rng() % 17]);
          break;
      }
      if (src.empty()) src = "x";
    }
    ParseResult r = parse(src);
    if (!r.ok) {
      EXPECT_EQ(r.diags.size(), 1u);
    }
  }
}

TEST(ParserRobustness, EveryPrefixOfProgram) {
  std::string base = kProgram;
  for (size_t n = 0; n <= base.size(); ++n) {
    ParseResult r = parse(base.substr(0, n));
    if (!r.ok) {
      EXPECT_EQ(r.diags.size(), 1u);
    }
  }
}
