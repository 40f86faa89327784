// Expressions of the recursive-descent parser (ParserImpl.h).
// Precedence, lowest first: conditional `a if c else b`, or, and, not,
// comparisons (chained), |, ^, &, << >>, + -, * / // % @, unary (- + ~), **,
// postfix (call, attribute, subscript). Binary operators use precedence climbing.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "ParserImpl.h"

namespace ptoc::frontend::detail {

namespace {

/// Binary operator precedence for precedence climbing (0 = not a binary operator).
int binaryPrec(TokenKind k, BinOpKind& op) {
  switch (k) {
    case K::Pipe:
      op = BinOpKind::BitOr;
      return 1;
    case K::Caret:
      op = BinOpKind::BitXor;
      return 2;
    case K::Amp:
      op = BinOpKind::BitAnd;
      return 3;
    case K::LShift:
      op = BinOpKind::LShift;
      return 4;
    case K::RShift:
      op = BinOpKind::RShift;
      return 4;
    case K::Plus:
      op = BinOpKind::Add;
      return 5;
    case K::Minus:
      op = BinOpKind::Sub;
      return 5;
    case K::Star:
      op = BinOpKind::Mul;
      return 6;
    case K::Slash:
      op = BinOpKind::Div;
      return 6;
    case K::DoubleSlash:
      op = BinOpKind::FloorDiv;
      return 6;
    case K::Percent:
      op = BinOpKind::Mod;
      return 6;
    case K::At:
      op = BinOpKind::MatMul;
      return 6;
    default:
      return 0;
  }
}

/// Parses an Int token's text (validated by the lexer). False on uint64 overflow.
bool parseIntText(std::string_view text, uint64_t& out) {
  uint64_t base = 10;
  size_t i = 0;
  if (text.size() > 1 && text[0] == '0') {
    char p = text[1];
    if (p == 'x' || p == 'X') base = 16;
    if (p == 'o' || p == 'O') base = 8;
    if (p == 'b' || p == 'B') base = 2;
    if (base != 10) i = 2;
  }
  uint64_t v = 0;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c == '_') continue;
    uint64_t d = (c >= '0' && c <= '9')   ? static_cast<uint64_t>(c - '0')
                 : (c >= 'a' && c <= 'f') ? static_cast<uint64_t>(c - 'a' + 10)
                                          : static_cast<uint64_t>(c - 'A' + 10);
    if (v > (std::numeric_limits<uint64_t>::max() - d) / base) return false;
    v = v * base + d;
  }
  out = v;
  return true;
}

uint32_t heightOf(const ExprPtr& e) { return e ? e->height : 0; }

}  // namespace

/// Builds a bare (unparenthesized) tuple `first, e2, ...` with an optional
/// trailing comma. The current token is the first ','.
template <class ParseElem>
ExprPtr Parser::finishBareTuple(ExprPtr first, uint32_t begin, ParseElem parseElem) {
  auto t = node<TupleExpr>(begin);
  size_t mark = exprScratch_.size();
  uint32_t h = first->height;
  exprScratch_.push_back(std::move(first));
  while (accept(K::Comma)) {
    if (!startsExpr(tok_.kind)) break;
    ExprPtr e = parseElem();
    h = std::max<uint32_t>(h, e->height);
    exprScratch_.push_back(std::move(e));
  }
  t->elts = commit(exprScratch_, mark);
  finishExpr(*t, h);
  return t;
}

/// expr (',' expr)* [','] -- a bare tuple when there is a comma.
ExprPtr Parser::parseTestList() {
  uint32_t begin = tok_.begin;
  ExprPtr first = parseExpr();
  if (!at(K::Comma)) return first;
  return finishBareTuple(std::move(first), begin, [this] { return parseExpr(); });
}

/// For-loop targets: or_expr (',' or_expr)* [','] (stops before 'in').
ExprPtr Parser::parseTargetList() {
  uint32_t begin = tok_.begin;
  ExprPtr first = parseBinary(1);
  if (!at(K::Comma)) return first;
  return finishBareTuple(std::move(first), begin, [this] { return parseBinary(1); });
}

/// Whether `k` ends an expression whatever precedes it (no operator, call,
/// attribute, subscript or conditional can follow).
bool Parser::endsExpr(TokenKind k) {
  switch (k) {
    case K::Comma:
    case K::RParen:
    case K::RBracket:
    case K::RBrace:
    case K::Colon:
    case K::Assign:
    case K::Newline:
      return true;
    default:
      return false;
  }
}

/// Conditional expression: or_test ['if' or_test 'else' expr].
ExprPtr Parser::parseExpr() {
  DepthGuard guard(*this);
  if (at(K::KwLambda))
    fail(tokSpan(), "lambda expressions are not supported", "define a @pl.function instead");
  // Fast path: a lone name (most call arguments and assignment targets) needs
  // no trip down the precedence levels. (Not for literals: their range errors
  // must be reported before the next token is lexed.)
  if (at(K::Identifier) && endsExpr(peek().kind)) return parseAtom();
  uint32_t begin = tok_.begin;
  ExprPtr body = parseOr();
  if (!at(K::KwIf)) return body;
  advance();
  auto n = node<IfExpr>(begin);
  n->body = std::move(body);
  n->test = parseOr();
  if (!accept(K::KwElse))
    fail(errSpan(), "expected 'else' in conditional expression", "write `a if cond else b`");
  n->orelse = parseExpr();
  finishExpr(*n, std::max<uint32_t>({n->body->height, n->test->height, n->orelse->height}));
  return n;
}

template <class Sub>
ExprPtr Parser::parseBoolChain(TokenKind opTok, BoolOpKind op, Sub sub) {
  uint32_t begin = tok_.begin;
  ExprPtr first = sub();
  if (!at(opTok)) return first;
  auto n = node<BoolOpExpr>(begin);
  n->op = op;
  size_t mark = exprScratch_.size();
  uint32_t h = first->height;
  exprScratch_.push_back(std::move(first));
  while (accept(opTok)) {
    ExprPtr e = sub();
    h = std::max<uint32_t>(h, e->height);
    exprScratch_.push_back(std::move(e));
  }
  n->values = commit(exprScratch_, mark);
  finishExpr(*n, h);
  return n;
}

ExprPtr Parser::parseOr() {
  return parseBoolChain(K::KwOr, BoolOpKind::Or, [this] { return parseAnd(); });
}

ExprPtr Parser::parseAnd() {
  return parseBoolChain(K::KwAnd, BoolOpKind::And, [this] { return parseNot(); });
}

ExprPtr Parser::parseNot() {
  if (!at(K::KwNot)) return parseCompare();
  DepthGuard guard(*this);
  uint32_t begin = tok_.begin;
  advance();
  auto n = node<UnaryOpExpr>(begin);
  n->op = UnaryOpKind::Not;
  n->operand = parseNot();
  finishExpr(*n, n->operand->height);
  return n;
}

/// Consumes a comparison operator if there is one.
bool Parser::acceptCmpOp(CmpOpKind& op) {
  switch (tok_.kind) {
    case K::EqEq:
      op = CmpOpKind::Eq;
      break;
    case K::NotEq:
      op = CmpOpKind::NotEq;
      break;
    case K::Less:
      op = CmpOpKind::Lt;
      break;
    case K::LessEq:
      op = CmpOpKind::LtE;
      break;
    case K::Greater:
      op = CmpOpKind::Gt;
      break;
    case K::GreaterEq:
      op = CmpOpKind::GtE;
      break;
    case K::KwIn:
      op = CmpOpKind::In;
      break;
    case K::KwIs:
      advance();
      op = accept(K::KwNot) ? CmpOpKind::IsNot : CmpOpKind::Is;
      return true;
    case K::KwNot:
      if (peek().kind != K::KwIn) return false;
      advance();
      op = CmpOpKind::NotIn;
      break;
    default:
      return false;
  }
  advance();
  return true;
}

ExprPtr Parser::parseCompare() {
  uint32_t begin = tok_.begin;
  ExprPtr left = parseBinary(1);
  CmpOpKind op;
  if (!acceptCmpOp(op)) return left;
  auto n = node<CompareExpr>(begin);
  uint32_t h = left->height;
  n->left = std::move(left);
  size_t opMark = cmpScratch_.size();
  size_t mark = exprScratch_.size();
  do {
    cmpScratch_.push_back(op);
    ExprPtr e = parseBinary(1);
    h = std::max<uint32_t>(h, e->height);
    exprScratch_.push_back(std::move(e));
  } while (acceptCmpOp(op));
  n->ops = commit(cmpScratch_, opMark);
  n->comparators = commit(exprScratch_, mark);
  finishExpr(*n, h);
  return n;
}

/// Binary operators | ^ & << >> + - * / // % @ by precedence climbing.
ExprPtr Parser::parseBinary(int minPrec) {
  uint32_t begin = tok_.begin;
  ExprPtr lhs = parseUnary();
  for (;;) {
    BinOpKind op;
    int prec = binaryPrec(tok_.kind, op);
    if (prec == 0 || prec < minPrec) return lhs;
    auto n = node<BinOpExpr>(begin);
    n->op = op;
    n->opSpan = tokSpan();
    advance();
    n->lhs = std::move(lhs);
    n->rhs = parseBinary(prec + 1);
    finishExpr(*n, std::max<uint32_t>(n->lhs->height, n->rhs->height));
    lhs = std::move(n);
  }
}

ExprPtr Parser::parseUnary() {
  UnaryOpKind op;
  switch (tok_.kind) {
    case K::Minus:
      op = UnaryOpKind::Neg;
      break;
    case K::Plus:
      op = UnaryOpKind::Pos;
      break;
    case K::Tilde:
      op = UnaryOpKind::Invert;
      break;
    default:
      return parsePower();
  }
  DepthGuard guard(*this);
  uint32_t begin = tok_.begin;
  advance();
  if (op == UnaryOpKind::Neg && at(K::Int)) {
    // -9223372036854775808 is representable although its magnitude is not.
    uint64_t v = 0;
    if (parseIntText(tok_.text, v) && v == (uint64_t{1} << 63)) {
      TokenKind next = peek().kind;
      if (next != K::DoubleStar && next != K::Dot && next != K::LParen && next != K::LBracket) {
        advance();
        auto lit = node<IntLit>(begin);
        lit->value = std::numeric_limits<int64_t>::min();
        finishExpr(*lit, 0);
        return lit;
      }
    }
  }
  auto n = node<UnaryOpExpr>(begin);
  n->op = op;
  n->operand = parseUnary();
  finishExpr(*n, n->operand->height);
  return n;
}

ExprPtr Parser::parsePower() {
  uint32_t begin = tok_.begin;
  ExprPtr base = parsePostfix();
  if (!at(K::DoubleStar)) return base;
  DepthGuard guard(*this);
  auto n = node<BinOpExpr>(begin);
  n->op = BinOpKind::Pow;
  n->opSpan = tokSpan();
  advance();
  n->lhs = std::move(base);
  n->rhs = parseUnary();  // right-associative; `a ** -b` is allowed
  finishExpr(*n, std::max<uint32_t>(n->lhs->height, n->rhs->height));
  return n;
}

ExprPtr Parser::parsePostfix() {
  uint32_t begin = tok_.begin;
  ExprPtr e = parseAtom();
  for (;;) {
    switch (tok_.kind) {
      case K::Dot: {
        advance();
        if (!at(K::Identifier))
          fail(errSpan(), "expected an attribute name after '.'", "e.g. pl.FP32");
        auto a = node<AttributeExpr>(begin);
        a->attr = tok_.text;
        a->attrSpan = tokSpan();
        advance();
        a->value = std::move(e);
        finishExpr(*a, a->value->height);
        e = std::move(a);
        break;
      }
      case K::LParen:
        e = parseCall(std::move(e), begin);
        break;
      case K::LBracket:
        e = parseSubscript(std::move(e), begin);
        break;
      default:
        return e;
    }
  }
}

ExprPtr Parser::parseCall(ExprPtr func, uint32_t begin) {
  Token open = tok_;
  openers_.push_back(open);
  advance();
  auto c = node<CallExpr>(begin);
  uint32_t h = func->height;
  c->func = std::move(func);
  size_t mark = exprScratch_.size();
  size_t kwMark = kwScratch_.size();
  while (!at(K::RParen)) {
    if (at(K::Star) || at(K::DoubleStar))
      fail(tokSpan(), "'*' and '**' arguments are not supported", "pass every argument explicitly");
    if (at(K::Identifier) && peek().kind == K::Assign) {
      Keyword k;
      uint32_t kb = tok_.begin;
      k.name = tok_.text;
      k.nameSpan = tokSpan();
      advance();
      advance();
      k.value = parseExpr();
      if (at(K::KwFor)) failComprehension();
      k.span = span(kb, prevEnd_);
      h = std::max<uint32_t>(h, k.value->height);
      kwScratch_.push_back(std::move(k));
    } else {
      ExprPtr e = parseExpr();
      if (at(K::KwFor)) failComprehension();
      if (at(K::Assign))
        fail(tokSpan(), "invalid syntax: a keyword argument name must be a plain identifier",
             "write name=value, e.g. target_memory=pl.Mem.Vec");
      if (kwScratch_.size() != kwMark)
        fail(e->span, "positional argument follows keyword argument",
             "put positional arguments before keyword arguments");
      h = std::max<uint32_t>(h, e->height);
      exprScratch_.push_back(std::move(e));
    }
    if (!accept(K::Comma)) break;
  }
  c->args = commit(exprScratch_, mark);
  c->keywords = commit(kwScratch_, kwMark);
  expectCloseAfterElement(K::RParen, open);
  finishExpr(*c, h);
  return c;
}

/// One subscript element: an expression or a slice `[lower]:[upper][:[step]]`.
ExprPtr Parser::parseSliceItem() {
  uint32_t begin = tok_.begin;
  ExprPtr lower;
  if (!at(K::Colon)) {
    lower = parseExpr();
    if (!at(K::Colon)) return lower;
  }
  advance();
  auto s = node<SliceExpr>(begin);
  s->lower = std::move(lower);
  if (startsExpr(tok_.kind)) s->upper = parseExpr();
  if (accept(K::Colon) && startsExpr(tok_.kind)) s->step = parseExpr();
  finishExpr(*s, std::max<uint32_t>({heightOf(s->lower), heightOf(s->upper), heightOf(s->step)}));
  return s;
}

ExprPtr Parser::parseSubscript(ExprPtr value, uint32_t begin) {
  Token open = tok_;
  openers_.push_back(open);
  advance();
  auto s = node<SubscriptExpr>(begin);
  s->value = std::move(value);
  if (at(K::RBracket)) fail(tokSpan(), "expected an index or slice inside '[]'", "e.g. t[i, j]");
  uint32_t ib = tok_.begin;
  ExprPtr first = parseSliceItem();
  if (at(K::Comma)) {
    auto t = node<TupleExpr>(ib);
    size_t mark = exprScratch_.size();
    uint32_t th = first->height;
    exprScratch_.push_back(std::move(first));
    while (accept(K::Comma)) {
      if (at(K::RBracket)) break;
      ExprPtr e = parseSliceItem();
      th = std::max<uint32_t>(th, e->height);
      exprScratch_.push_back(std::move(e));
    }
    t->elts = commit(exprScratch_, mark);
    finishExpr(*t, th);
    s->index = std::move(t);
  } else {
    s->index = std::move(first);
  }
  expectCloseAfterElement(K::RBracket, open);
  finishExpr(*s, std::max<uint32_t>(s->value->height, s->index->height));
  return s;
}

ExprPtr Parser::parseAtom() {
  uint32_t begin = tok_.begin;
  switch (tok_.kind) {
    case K::Identifier: {
      auto n = node<NameExpr>(begin);
      n->id = tok_.text;
      advance();
      finish(*n);
      return n;
    }
    case K::Int: {
      uint64_t v = 0;
      if (!parseIntText(tok_.text, v) ||
          v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        fail(tokSpan(), "integer literal is too large",
             "integer literals must fit in a signed 64-bit integer");
      auto n = node<IntLit>(begin);
      n->value = static_cast<int64_t>(v);
      advance();
      finish(*n);
      return n;
    }
    case K::Float:
      return parseFloat();
    case K::String:
      return parseString();
    case K::KwTrue:
    case K::KwFalse: {
      auto n = node<BoolLit>(begin);
      n->value = at(K::KwTrue);
      advance();
      finish(*n);
      return n;
    }
    case K::KwNone: {
      auto n = node<NoneLit>(begin);
      advance();
      finish(*n);
      return n;
    }
    case K::Ellipsis: {
      auto n = node<EllipsisLit>(begin);
      advance();
      finish(*n);
      return n;
    }
    case K::LParen:
      return parseParen();
    case K::LBracket:
      return parseList();
    case K::LBrace:
      return parseDict();
    default:
      failExpectedExpr();
  }
}

/// One or more adjacent string literals (concatenated).
ExprPtr Parser::parseString() {
  auto n = node<StrLit>(tok_.begin);
  n->value = Lexer::decodeString(tok_.text);
  advance();
  while (at(K::String)) {
    n->value += Lexer::decodeString(tok_.text);
    advance();
  }
  finish(*n);
  return n;
}

ExprPtr Parser::parseFloat() {
  std::string buf;
  buf.reserve(tok_.text.size());
  for (char c : tok_.text)
    if (c != '_') buf.push_back(c);
  double v = 0;
  auto [ptr, ec] = std::from_chars(buf.data(), buf.data() + buf.size(), v);
  if (ec == std::errc::result_out_of_range) {
    v = std::strtod(buf.c_str(), nullptr);  // underflow rounds to 0 / a denormal
    if (std::isinf(v))
      fail(tokSpan(), "float literal is too large",
           "use a value within the double range, or pl.const(\"inf\", pl.FP32)");
  } else if (ec != std::errc() || ptr != buf.data() + buf.size()) {
    throw InternalError("lexer produced an invalid float literal");
  }
  auto n = node<FloatLit>(tok_.begin);
  n->value = v;
  advance();
  finish(*n);
  return n;
}

ExprPtr Parser::parseParen() {
  Token open = tok_;
  openers_.push_back(open);
  advance();
  if (at(K::RParen)) {
    expectClose(K::RParen, open);
    auto t = node<TupleExpr>(open.begin);
    t->parenthesized = true;
    finishExpr(*t, 0);
    return t;
  }
  ExprPtr first = parseExpr();
  if (at(K::KwFor)) failComprehension();
  if (!at(K::Comma)) {
    expectCloseAfterElement(K::RParen, open);
    return first;  // a parenthesized expression keeps its own span
  }
  auto t = node<TupleExpr>(open.begin);
  t->parenthesized = true;
  size_t mark = exprScratch_.size();
  uint32_t h = first->height;
  exprScratch_.push_back(std::move(first));
  while (accept(K::Comma)) {
    if (at(K::RParen)) break;
    ExprPtr e = parseExpr();
    h = std::max<uint32_t>(h, e->height);
    exprScratch_.push_back(std::move(e));
  }
  t->elts = commit(exprScratch_, mark);
  expectCloseAfterElement(K::RParen, open);
  finishExpr(*t, h);
  return t;
}

ExprPtr Parser::parseList() {
  Token open = tok_;
  openers_.push_back(open);
  advance();
  auto l = node<ListExpr>(open.begin);
  size_t mark = exprScratch_.size();
  uint32_t h = 0;
  while (!at(K::RBracket)) {
    ExprPtr e = parseExpr();
    if (at(K::KwFor) && exprScratch_.size() == mark) {
      // `[elt for x in iter if cond]`: one `for` clause (PyPTO expands it at parse time).
      auto c = node<ListCompExpr>(open.begin);
      advance();
      c->target = parseTargetList();
      expect(K::KwIn, "expected 'in' in the list comprehension");
      c->iter = parseOr();
      size_t ifMark = exprScratch_.size();
      uint32_t ch = std::max<uint32_t>(e->height, c->iter->height);
      while (accept(K::KwIf)) {
        ExprPtr cond = parseOr();
        ch = std::max<uint32_t>(ch, cond->height);
        exprScratch_.push_back(std::move(cond));
      }
      c->ifs = commit(exprScratch_, ifMark);
      if (at(K::KwFor)) failComprehension();
      c->elt = std::move(e);
      expectCloseAfterElement(K::RBracket, open);
      finishExpr(*c, ch);
      return c;
    }
    if (at(K::KwFor)) failComprehension();
    h = std::max<uint32_t>(h, e->height);
    exprScratch_.push_back(std::move(e));
    if (!accept(K::Comma)) break;
  }
  l->elts = commit(exprScratch_, mark);
  expectCloseAfterElement(K::RBracket, open);
  finishExpr(*l, h);
  return l;
}

ExprPtr Parser::parseDict() {
  Token open = tok_;
  openers_.push_back(open);
  advance();
  auto d = node<DictExpr>(open.begin);
  size_t mark = exprScratch_.size();
  uint32_t h = 0;
  // Keys and values are pushed interleaved, then split.
  while (!at(K::RBrace)) {
    if (at(K::DoubleStar))
      fail(tokSpan(), "'**' in dict literals is not supported", "write every key: value pair out");
    ExprPtr key = parseExpr();
    if (!at(K::Colon)) {
      if (exprScratch_.size() == mark && (at(K::Comma) || at(K::RBrace) || at(K::KwFor)))
        fail(open.span(file_), "set literals are not supported",
             "use a list [a, b] for shapes and offsets, or a dict {\"key\": value} for "
             "pl.func_attr");
      if (at(K::Newline) || at(K::Eof)) expectClose(K::RBrace, open);
      fail(errSpan(), "expected ':' after dict key", "write {\"key\": value}");
    }
    advance();
    ExprPtr value = parseExpr();
    if (at(K::KwFor)) failComprehension();
    h = std::max<uint32_t>({h, key->height, value->height});
    exprScratch_.push_back(std::move(key));
    exprScratch_.push_back(std::move(value));
    if (!accept(K::Comma)) break;
  }
  size_t n = (exprScratch_.size() - mark) / 2;
  for (size_t i = 0; i < n; ++i) {  // deinterleave: keys then values
    splitScratch_.push_back(std::move(exprScratch_[mark + 2 * i + 1]));
    exprScratch_[mark + i] = std::move(exprScratch_[mark + 2 * i]);
  }
  exprScratch_.erase(exprScratch_.begin() + static_cast<std::ptrdiff_t>(mark + n),
                     exprScratch_.end());
  d->keys = commit(exprScratch_, mark);
  d->values = commit(splitScratch_, splitScratch_.size() - n);
  expectCloseAfterElement(K::RBrace, open);
  finishExpr(*d, h);
  return d;
}

}  // namespace ptoc::frontend::detail
