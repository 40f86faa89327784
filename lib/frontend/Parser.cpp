// Recursive-descent parser for the DSL's Python subset (see Parser.h).
// Precedence, lowest first: conditional `a if c else b`, or, and, not,
// comparisons (chained), |, ^, &, << >>, + -, * / // % @, unary (- + ~), **,
// postfix (call, attribute, subscript). Binary operators use precedence climbing.
#include "ptoc/frontend/Parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "ptoc/frontend/Lexer.h"

namespace ptoc::frontend {

namespace {

using K = TokenKind;

bool startsExpr(TokenKind k) {
  switch (k) {
    case K::Identifier:
    case K::Int:
    case K::Float:
    case K::String:
    case K::KwTrue:
    case K::KwFalse:
    case K::KwNone:
    case K::KwNot:
    case K::KwLambda:
    case K::LParen:
    case K::LBracket:
    case K::LBrace:
    case K::Minus:
    case K::Plus:
    case K::Tilde:
      return true;
    default:
      return false;
  }
}

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

bool augAssignOp(TokenKind k, BinOpKind& op) {
  switch (k) {
    case K::PlusEq:
      op = BinOpKind::Add;
      return true;
    case K::MinusEq:
      op = BinOpKind::Sub;
      return true;
    case K::StarEq:
      op = BinOpKind::Mul;
      return true;
    case K::SlashEq:
      op = BinOpKind::Div;
      return true;
    case K::DoubleSlashEq:
      op = BinOpKind::FloorDiv;
      return true;
    case K::PercentEq:
      op = BinOpKind::Mod;
      return true;
    case K::DoubleStarEq:
      op = BinOpKind::Pow;
      return true;
    case K::AtEq:
      op = BinOpKind::MatMul;
      return true;
    case K::AmpEq:
      op = BinOpKind::BitAnd;
      return true;
    case K::PipeEq:
      op = BinOpKind::BitOr;
      return true;
    case K::CaretEq:
      op = BinOpKind::BitXor;
      return true;
    case K::LShiftEq:
      op = BinOpKind::LShift;
      return true;
    case K::RShiftEq:
      op = BinOpKind::RShift;
      return true;
    default:
      return false;
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

/// What an invalid assignment target is, for "cannot assign to ...".
const char* targetDescription(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Call:
      return "function call";
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::StrLit:
    case ExprKind::BoolLit:
    case ExprKind::NoneLit:
      return "literal";
    case ExprKind::Dict:
      return "dict literal";
    case ExprKind::Compare:
      return "comparison";
    case ExprKind::IfExpr:
      return "conditional expression";
    case ExprKind::Slice:
      return "slice";
    case ExprKind::List:
      return "list";
    case ExprKind::Tuple:
      return "tuple";
    default:
      return "expression";
  }
}

class Parser {
 public:
  Parser(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diags, Arena& arena)
      : sm_(sm), lex_(sm, fileId, diags), diags_(diags), arena_(arena), file_(fileId) {
    tok_ = lex_.next();
  }

  StmtList parseFile() {
    while (!at(K::Eof)) parseStatement();
    return commit(stmtScratch_, 0);
  }

  ExprPtr parseStandaloneExpression() {
    if (at(K::Indent))
      fail(tokSpan(), "unexpected indent",
           "indent only the body of a def, class, if, for, while or with");
    ExprPtr e = parseTestList();
    accept(K::Newline);
    if (!at(K::Eof)) failUnexpected();
    return e;
  }

 private:
  // ---- Tokens ------------------------------------------------------------

  bool at(TokenKind k) const { return tok_.kind == k; }

  void advance() {
    switch (tok_.kind) {
      case K::Newline:
      case K::Indent:
      case K::Dedent:
      case K::Eof:
        break;
      default:
        prevEnd_ = tok_.end();
    }
    if (hasAhead_) {
      tok_ = ahead_;
      hasAhead_ = false;
    } else {
      tok_ = lex_.next();
    }
  }

  bool accept(TokenKind k) {
    if (!at(k)) return false;
    advance();
    return true;
  }

  const Token& peek() {
    if (!hasAhead_) {
      ahead_ = lex_.next();
      hasAhead_ = true;
    }
    return ahead_;
  }

  Span span(uint32_t begin, uint32_t end) const { return Span{file_, begin, end}; }
  Span tokSpan() const { return tok_.span(file_); }
  /// Where to point for "expected X": the current token, or just after the
  /// previous one when the line (or file) ended.
  Span errSpan() const {
    if (at(K::Newline) || at(K::Eof)) return span(prevEnd_, prevEnd_);
    return tokSpan();
  }
  uint32_t lineOf(uint32_t offset) const { return sm_.lineCol(file_, offset).line; }

  template <class T>
  T* node(uint32_t begin) {
    return arena_.make<T>(span(begin, begin));
  }

  /// Moves scratch[mark..] into an exact-size array in the arena. Lists are
  /// collected on scratch stacks that nest like the parse (each list is committed
  /// before its parent continues), so building a list allocates nothing else.
  template <class T>
  AstList<T> commit(std::vector<T>& scratch, size_t mark) {
    std::span<T> out = arena_.moveArray(scratch.data() + mark, scratch.size() - mark);
    scratch.erase(scratch.begin() + static_cast<std::ptrdiff_t>(mark), scratch.end());
    return out;
  }
  /// Closes a node's span at the end of the last consumed token.
  template <class T>
  void finish(T& n) {
    n.span.end = std::max<uint32_t>(prevEnd_, n.span.begin);
  }
  void finishExpr(Expr& e, uint32_t childHeight) {
    finish(e);
    if (childHeight + 1 > kMaxNestingDepth) failTooDeep(e.span);
    e.height = static_cast<uint16_t>(childHeight + 1);
  }

  // ---- Errors ------------------------------------------------------------

  [[noreturn]] void fail(Span s, std::string message, std::string hint = {}) {
    // Inside brackets the lexer emits NEWLINE only at the end of the input, so an
    // error there is best explained by the innermost bracket never being closed.
    if (!openers_.empty() && (at(K::Newline) || at(K::Eof))) {
      const Token& o = openers_.back();
      diags_.error(o.span(file_), fmt::format("'{}' was never closed", tokenKindName(o.kind)),
                   fmt::format("add the matching '{}'", closerOf(o.kind)));
      throw CompileError();
    }
    diags_.error(s, std::move(message), std::move(hint));
    throw CompileError();
  }

  static const char* closerOf(TokenKind k) {
    switch (k) {
      case K::LParen:
        return ")";
      case K::LBracket:
        return "]";
      case K::LBrace:
        return "}";
      default:
        return "closing bracket";
    }
  }

  [[noreturn]] void failTooDeep(Span s) {
    fail(s, "nesting too deep",
         fmt::format("expressions and blocks may nest at most {} levels", kMaxNestingDepth));
  }

  [[noreturn]] void failUnexpected() {
    switch (tok_.kind) {
      case K::Indent:
        fail(tokSpan(), "unexpected indent",
             "indent only the body of a def, class, if, for, while or with");
      case K::Dedent:
        fail(tokSpan(), "invalid syntax: unexpected dedent",
             "align the line with the statements of its block");
      case K::Newline:
        fail(errSpan(), "invalid syntax: unexpected end of line",
             "the statement is incomplete: finish the expression on this line");
      case K::Eof:
        fail(errSpan(), "invalid syntax: unexpected end of file",
             "the last statement is incomplete");
      default:
        break;
    }
    std::string shown(tok_.text.substr(0, 40));
    if (tok_.text.size() > 40) shown += "...";
    fail(tokSpan(), fmt::format("invalid syntax: unexpected token '{}'", shown),
         "check the line for a missing operator, comma or bracket");
  }

  [[noreturn]] void failExpectedExpr() {
    if (at(K::Newline) || at(K::Eof))
      fail(errSpan(), "invalid syntax: expected an expression",
           "write a value, a name or a call here");
    if (at(K::KwLambda))
      fail(tokSpan(), "lambda expressions are not supported", "define a @pl.function instead");
    failUnexpected();
  }

  void expect(TokenKind k, const char* message) {
    if (!accept(k)) fail(errSpan(), message, fmt::format("add '{}' here", tokenKindName(k)));
  }

  void expectColon(const char* message) {
    if (accept(K::Colon)) return;
    fail(errSpan(), message,
         at(K::Assign) ? "use '==' to compare values" : "end the header line with ':'");
  }

  /// Expects the closing bracket for `opener`.
  /// Pops `opener` from openers_ (pushed when the bracket was consumed).
  void expectClose(TokenKind closer, const Token& opener) {
    if (accept(closer)) {
      openers_.pop_back();
      return;
    }
    const char* o = tokenKindName(opener.kind);
    // Inside brackets the lexer emits no NEWLINE/INDENT/DEDENT except at end of input.
    if (at(K::Newline) || at(K::Eof) || at(K::Dedent) || at(K::Indent))
      fail(opener.span(file_), fmt::format("'{}' was never closed", o),
           fmt::format("add the matching '{}'", tokenKindName(closer)));
    if (!openers_.empty() && (at(K::Newline) || at(K::Eof))) fail(tokSpan(), "");
    Diagnostic d;
    d.severity = Severity::Error;
    d.span = tokSpan();
    d.message = fmt::format("expected '{}' to close '{}' opened here", tokenKindName(closer), o);
    d.notes.emplace_back(opener.span(file_), fmt::format("'{}' opened here", o));
    d.hint = fmt::format("close the '{}' with '{}' before this token", o, tokenKindName(closer));
    diags_.report(std::move(d));
    throw CompileError();
  }

  /// After an element of a bracketed sequence: a missing comma gets its own message.
  void expectCloseAfterElement(TokenKind closer, const Token& opener) {
    if (!at(closer) && startsExpr(tok_.kind))
      fail(tokSpan(), "invalid syntax: perhaps you forgot a comma?",
           "separate the elements with ','");
    expectClose(closer, opener);
  }

  [[noreturn]] void failComprehension() {
    fail(tokSpan(), "comprehensions and generator expressions are not supported",
         "write the elements out explicitly");
  }

  struct DepthGuard {
    Parser& p;
    explicit DepthGuard(Parser& parser) : p(parser) {
      if (++p.depth_ > kMaxNestingDepth) {
        --p.depth_;
        p.failTooDeep(p.tokSpan());
      }
    }
    ~DepthGuard() { --p.depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
  };

  /// Checks an assignment / for / with-as target. `single` forbids tuples and
  /// lists (annotated and augmented assignment).
  void checkTarget(const Expr& e, bool single, const char* what) {
    switch (e.kind) {
      case ExprKind::Name:
      case ExprKind::Attribute:
      case ExprKind::Subscript:
        return;
      case ExprKind::Tuple:
      case ExprKind::List: {
        if (single) break;
        const ExprList& elts =
            e.kind == ExprKind::Tuple ? e.cast<TupleExpr>().elts : e.cast<ListExpr>().elts;
        for (const auto& x : elts) checkTarget(*x, false, what);
        return;
      }
      default:
        break;
    }
    if (single && (e.kind == ExprKind::Tuple || e.kind == ExprKind::List))
      fail(e.span,
           fmt::format("only a single name, attribute or subscript can be the target of {}", what),
           "assign to one name, e.g. `x = ...`");
    fail(e.span, fmt::format("cannot assign to {}", targetDescription(e)),
         e.kind == ExprKind::Compare ? "did you mean '=' instead of '=='?"
                                     : "assign to a name, an attribute or a subscript (t[i, j])");
  }

  // ---- Statements ----------------------------------------------------------

  /// Parses one statement line or compound statement onto stmtScratch_.
  void parseStatement() {
    switch (tok_.kind) {
      case K::At:
      case K::KwDef:
      case K::KwClass:
        stmtScratch_.push_back(parseDecorated());
        return;
      case K::KwIf:
        stmtScratch_.push_back(parseIf(false));
        return;
      case K::KwFor:
        stmtScratch_.push_back(parseFor());
        return;
      case K::KwWhile:
        stmtScratch_.push_back(parseWhile());
        return;
      case K::KwWith:
        stmtScratch_.push_back(parseWith());
        return;
      case K::Indent:
      case K::Dedent:
        failUnexpected();
      case K::KwElif:
      case K::KwElse:
        fail(tokSpan(), fmt::format("invalid syntax: '{}' without a matching 'if'", tok_.text),
             "start the chain with an if statement");
      default:
        parseSimpleLine();
        return;
    }
  }

  /// simple_stmt (';' simple_stmt)* [';'] NEWLINE
  void parseSimpleLine() {
    for (;;) {
      stmtScratch_.push_back(parseSmallStmt());
      if (!accept(K::Semicolon) || at(K::Newline)) break;
    }
    if (!at(K::Newline)) failUnexpected();
    advance();
  }

  StmtPtr parseSmallStmt() {
    uint32_t begin = tok_.begin;
    switch (tok_.kind) {
      case K::KwPass:
        return simple<PassStmt>(begin);
      case K::KwBreak:
        return simple<BreakStmt>(begin);
      case K::KwContinue:
        return simple<ContinueStmt>(begin);
      case K::KwReturn: {
        advance();
        auto r = node<ReturnStmt>(begin);
        if (startsExpr(tok_.kind)) r->value = parseTestList();
        finish(*r);
        return r;
      }
      case K::KwImport:
        return parseImport();
      case K::KwFrom:
        return parseFromImport();
      default:
        return parseExprOrAssign();
    }
  }

  template <class T>
  StmtPtr simple(uint32_t begin) {
    advance();
    auto s = node<T>(begin);
    finish(*s);
    return s;
  }

  StmtPtr parseExprOrAssign() {
    uint32_t begin = tok_.begin;
    ExprPtr first = parseTestList();
    if (at(K::Colon)) {
      checkTarget(*first, true, "an annotated assignment");
      advance();
      auto a = node<AssignStmt>(begin);
      a->target = std::move(first);
      a->annotation = parseExpr();
      if (accept(K::Assign)) a->value = parseTestList();
      finish(*a);
      return a;
    }
    BinOpKind op;
    if (augAssignOp(tok_.kind, op)) {
      checkTarget(*first, true, "an augmented assignment");
      auto a = node<AugAssignStmt>(begin);
      a->target = std::move(first);
      a->op = op;
      a->opSpan = tokSpan();
      advance();
      a->value = parseTestList();
      finish(*a);
      return a;
    }
    if (at(K::Assign)) {
      checkTarget(*first, false, "an assignment");
      advance();
      auto a = node<AssignStmt>(begin);
      a->target = std::move(first);
      a->value = parseTestList();
      if (at(K::Assign))
        fail(tokSpan(), "chained assignment is not supported",
             "split it into separate assignments");
      finish(*a);
      return a;
    }
    auto s = node<ExprStmt>(begin);
    s->value = std::move(first);
    finish(*s);
    return s;
  }

  /// ':' already consumed by the caller. Either NEWLINE INDENT stmt+ DEDENT, or
  /// simple statements on the same line.
  StmtList parseBlock(const char* what, uint32_t headerBegin) {
    DepthGuard guard(*this);
    size_t mark = stmtScratch_.size();
    if (!at(K::Newline)) {
      parseSimpleLine();
      return commit(stmtScratch_, mark);
    }
    advance();
    if (!at(K::Indent))
      fail(tokSpan(),
           fmt::format("expected an indented block after {} on line {}", what, lineOf(headerBegin)),
           "indent the body (4 spaces), or write `pass` for an empty one");
    advance();
    while (!at(K::Dedent) && !at(K::Eof)) parseStatement();
    if (!accept(K::Dedent)) failUnexpected();
    return commit(stmtScratch_, mark);
  }

  StmtPtr parseIf(bool isElif) {
    DepthGuard guard(*this);  // an elif chain nests in the else branch
    uint32_t begin = tok_.begin;
    advance();
    auto s = node<IfStmt>(begin);
    s->isElif = isElif;
    s->test = parseExpr();
    expectColon(isElif ? "expected ':' after 'elif' condition"
                       : "expected ':' after 'if' condition");
    s->body = parseBlock(isElif ? "'elif' statement" : "'if' statement", begin);
    if (at(K::KwElif)) {
      size_t mark = stmtScratch_.size();
      stmtScratch_.push_back(parseIf(true));
      s->orelse = commit(stmtScratch_, mark);
    } else if (at(K::KwElse)) {
      uint32_t elseBegin = tok_.begin;
      advance();
      expectColon("expected ':' after 'else'");
      s->orelse = parseBlock("'else' statement", elseBegin);
    }
    finish(*s);
    return s;
  }

  void rejectLoopElse(const char* loop) {
    if (at(K::KwElse))
      fail(tokSpan(), fmt::format("'else' clauses on '{}' loops are not supported", loop),
           "move the else body after the loop");
  }

  StmtPtr parseFor() {
    uint32_t begin = tok_.begin;
    advance();
    auto s = node<ForStmt>(begin);
    s->target = parseTargetList();
    checkTarget(*s->target, false, "a for loop");
    if (!accept(K::KwIn))
      fail(errSpan(), "expected 'in' after 'for' loop target",
           "e.g. `for i in pl.range(0, n, 1):`");
    s->iter = parseTestList();
    expectColon("expected ':' after 'for' loop header");
    s->body = parseBlock("'for' statement", begin);
    rejectLoopElse("for");
    finish(*s);
    return s;
  }

  StmtPtr parseWhile() {
    uint32_t begin = tok_.begin;
    advance();
    auto s = node<WhileStmt>(begin);
    s->test = parseExpr();
    expectColon("expected ':' after 'while' condition");
    s->body = parseBlock("'while' statement", begin);
    rejectLoopElse("while");
    finish(*s);
    return s;
  }

  StmtPtr parseWith() {
    uint32_t begin = tok_.begin;
    advance();
    auto s = node<WithStmt>(begin);
    size_t mark = withScratch_.size();
    do {
      WithItem item;
      uint32_t itemBegin = tok_.begin;
      item.context = parseExpr();
      if (accept(K::KwAs)) {
        item.target = parseBinary(1);
        checkTarget(*item.target, false, "a with statement");
      }
      item.span = span(itemBegin, prevEnd_);
      withScratch_.push_back(std::move(item));
    } while (accept(K::Comma));
    s->items = commit(withScratch_, mark);
    expectColon("expected ':' after 'with' items");
    s->body = parseBlock("'with' statement", begin);
    finish(*s);
    return s;
  }

  StmtPtr parseDecorated() {
    size_t mark = exprScratch_.size();
    while (at(K::At)) {
      advance();
      exprScratch_.push_back(parseExpr());
      if (!at(K::Newline)) failUnexpected();
      advance();
    }
    ExprList decorators = commit(exprScratch_, mark);
    if (at(K::KwDef)) return parseFunctionDef(std::move(decorators));
    if (at(K::KwClass)) return parseClassDef(std::move(decorators));
    if (at(K::Indent))
      fail(tokSpan(), "unexpected indent",
           "indent only the body of a def, class, if, for, while or with");
    fail(errSpan(), "expected 'def' or 'class' after decorator",
         "a decorator must be followed by a function or class definition");
  }

  StmtPtr parseFunctionDef(ExprList decorators) {
    uint32_t begin = tok_.begin;
    advance();
    auto f = node<FunctionDef>(begin);
    f->decorators = std::move(decorators);
    if (!at(K::Identifier))
      fail(errSpan(), "expected function name after 'def'",
           "e.g. `def main(self, x: pl.Tensor[[16, 16], pl.FP32]):`");
    f->name = tok_.text;
    f->nameSpan = tokSpan();
    advance();
    Token open = tok_;
    expect(K::LParen, "expected '(' after function name");
    openers_.push_back(open);
    bool sawDefault = false;
    size_t mark = paramScratch_.size();
    while (!at(K::RParen)) {
      if (at(K::Star) || at(K::DoubleStar) || at(K::Slash))
        fail(tokSpan(), "'*', '**' and '/' parameters are not supported",
             "list every parameter by name with its annotation");
      if (!at(K::Identifier)) {
        if (at(K::Newline) || at(K::Eof)) expectClose(K::RParen, open);
        fail(errSpan(), "expected parameter name", "e.g. `x: pl.Tensor[[16, 16], pl.FP32]`");
      }
      Param p;
      uint32_t pb = tok_.begin;
      p.name = tok_.text;
      p.nameSpan = tokSpan();
      advance();
      if (accept(K::Colon)) p.annotation = parseExpr();
      if (accept(K::Assign)) {
        p.defaultValue = parseExpr();
        sawDefault = true;
      } else if (sawDefault) {
        fail(p.nameSpan, "parameter without a default follows parameter with a default",
             "remove the default values: kernel parameters have none");
      }
      p.span = span(pb, prevEnd_);
      paramScratch_.push_back(std::move(p));
      if (!accept(K::Comma)) break;
    }
    f->params = commit(paramScratch_, mark);
    if (!at(K::RParen) && at(K::Identifier))
      fail(tokSpan(), "invalid syntax: perhaps you forgot a comma?",
           "separate the elements with ','");
    expectClose(K::RParen, open);
    if (accept(K::Arrow)) f->returns = parseExpr();
    expectColon("expected ':' after function signature");
    f->body = parseBlock("function definition", begin);
    finish(*f);
    return f;
  }

  StmtPtr parseClassDef(ExprList decorators) {
    uint32_t begin = tok_.begin;
    advance();
    auto c = node<ClassDef>(begin);
    c->decorators = std::move(decorators);
    if (!at(K::Identifier))
      fail(errSpan(), "expected class name after 'class'", "e.g. `class Kernel:`");
    c->name = tok_.text;
    c->nameSpan = tokSpan();
    advance();
    if (at(K::LParen)) {
      Token open = tok_;
      openers_.push_back(open);
      advance();
      size_t mark = exprScratch_.size();
      while (!at(K::RParen)) {
        if (at(K::Identifier) && peek().kind == K::Assign)
          fail(tokSpan(), "class keyword arguments are not supported", "write `class Kernel:`");
        if (at(K::Star) || at(K::DoubleStar))
          fail(tokSpan(), "'*' and '**' arguments are not supported",
               "pass every argument explicitly");
        exprScratch_.push_back(parseExpr());
        if (!accept(K::Comma)) break;
      }
      c->bases = commit(exprScratch_, mark);
      expectCloseAfterElement(K::RParen, open);
    }
    expectColon("expected ':' after class header");
    c->body = parseBlock("class definition", begin);
    finish(*c);
    return c;
  }

  std::string parseDottedName() {
    if (!at(K::Identifier))
      fail(errSpan(), "expected a module name", "e.g. `import pypto.language as pl`");
    std::string name(tok_.text);
    advance();
    while (accept(K::Dot)) {
      if (!at(K::Identifier))
        fail(errSpan(), "expected a name after '.'", "e.g. `import pypto.language as pl`");
      name += '.';
      name += tok_.text;
      advance();
    }
    return name;
  }

  ImportAlias parseAlias(bool dotted) {
    ImportAlias a;
    uint32_t b = tok_.begin;
    if (dotted) {
      a.name = parseDottedName();
    } else {
      if (!at(K::Identifier))
        fail(errSpan(), "expected a name to import", "e.g. `import pypto.language as pl`");
      a.name = std::string(tok_.text);
      advance();
    }
    if (accept(K::KwAs)) {
      if (!at(K::Identifier))
        fail(errSpan(), "expected a name after 'as'", "e.g. `import pypto.language as pl`");
      a.asname = tok_.text;
      advance();
    }
    a.span = span(b, prevEnd_);
    return a;
  }

  StmtPtr parseImport() {
    uint32_t begin = tok_.begin;
    advance();
    auto s = node<ImportStmt>(begin);
    size_t mark = aliasScratch_.size();
    do {
      aliasScratch_.push_back(parseAlias(true));
    } while (accept(K::Comma));
    s->names = commit(aliasScratch_, mark);
    finish(*s);
    return s;
  }

  StmtPtr parseFromImport() {
    uint32_t begin = tok_.begin;
    advance();
    auto s = node<ImportFromStmt>(begin);
    while (at(K::Dot)) {
      ++s->level;
      advance();
    }
    if (at(K::Identifier) || s->level == 0) s->module = parseDottedName();
    expect(K::KwImport, "expected 'import' in 'from' statement");
    size_t mark = aliasScratch_.size();
    if (at(K::Star)) {
      ImportAlias a;
      a.name = "*";
      a.span = tokSpan();
      advance();
      aliasScratch_.push_back(std::move(a));
    } else if (at(K::LParen)) {
      Token open = tok_;
      openers_.push_back(open);
      advance();
      do {
        if (at(K::RParen)) break;
        aliasScratch_.push_back(parseAlias(false));
      } while (accept(K::Comma));
      if (aliasScratch_.size() == mark)
        fail(errSpan(), "expected a name to import", "e.g. `import pypto.language as pl`");
      expectClose(K::RParen, open);
    } else {
      do {
        aliasScratch_.push_back(parseAlias(false));
      } while (accept(K::Comma));
    }
    s->names = commit(aliasScratch_, mark);
    finish(*s);
    return s;
  }

  // ---- Expressions -------------------------------------------------------

  /// Builds a bare (unparenthesized) tuple `first, e2, ...` with an optional
  /// trailing comma. The current token is the first ','.
  template <class ParseElem>
  ExprPtr finishBareTuple(ExprPtr first, uint32_t begin, ParseElem parseElem) {
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
  ExprPtr parseTestList() {
    uint32_t begin = tok_.begin;
    ExprPtr first = parseExpr();
    if (!at(K::Comma)) return first;
    return finishBareTuple(std::move(first), begin, [this] { return parseExpr(); });
  }

  /// For-loop targets: or_expr (',' or_expr)* [','] (stops before 'in').
  ExprPtr parseTargetList() {
    uint32_t begin = tok_.begin;
    ExprPtr first = parseBinary(1);
    if (!at(K::Comma)) return first;
    return finishBareTuple(std::move(first), begin, [this] { return parseBinary(1); });
  }

  /// Whether `k` ends an expression whatever precedes it (no operator, call,
  /// attribute, subscript or conditional can follow).
  static bool endsExpr(TokenKind k) {
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
  ExprPtr parseExpr() {
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
  ExprPtr parseBoolChain(TokenKind opTok, BoolOpKind op, Sub sub) {
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

  ExprPtr parseOr() {
    return parseBoolChain(K::KwOr, BoolOpKind::Or, [this] { return parseAnd(); });
  }
  ExprPtr parseAnd() {
    return parseBoolChain(K::KwAnd, BoolOpKind::And, [this] { return parseNot(); });
  }

  ExprPtr parseNot() {
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
  bool acceptCmpOp(CmpOpKind& op) {
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

  ExprPtr parseCompare() {
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
  ExprPtr parseBinary(int minPrec) {
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

  ExprPtr parseUnary() {
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

  ExprPtr parsePower() {
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

  ExprPtr parsePostfix() {
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

  ExprPtr parseCall(ExprPtr func, uint32_t begin) {
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
        fail(tokSpan(), "'*' and '**' arguments are not supported",
             "pass every argument explicitly");
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
  ExprPtr parseSliceItem() {
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

  ExprPtr parseSubscript(ExprPtr value, uint32_t begin) {
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

  ExprPtr parseAtom() {
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
  ExprPtr parseString() {
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

  ExprPtr parseFloat() {
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

  ExprPtr parseParen() {
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

  ExprPtr parseList() {
    Token open = tok_;
    openers_.push_back(open);
    advance();
    auto l = node<ListExpr>(open.begin);
    size_t mark = exprScratch_.size();
    uint32_t h = 0;
    while (!at(K::RBracket)) {
      ExprPtr e = parseExpr();
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

  ExprPtr parseDict() {
    Token open = tok_;
    openers_.push_back(open);
    advance();
    auto d = node<DictExpr>(open.begin);
    size_t mark = exprScratch_.size();
    uint32_t h = 0;
    // Keys and values are pushed interleaved, then split.
    while (!at(K::RBrace)) {
      if (at(K::DoubleStar))
        fail(tokSpan(), "'**' in dict literals is not supported",
             "write every key: value pair out");
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

  const SourceManager& sm_;
  Lexer lex_;
  DiagnosticEngine& diags_;
  Arena& arena_;
  uint32_t file_;
  Token tok_;
  Token ahead_;
  bool hasAhead_ = false;
  uint32_t prevEnd_ = 0;
  uint32_t depth_ = 0;
  std::vector<Token> openers_;  // brackets currently open (innermost last)
  // Scratch stacks for building lists; see commit().
  std::vector<ExprPtr> exprScratch_;
  std::vector<ExprPtr> splitScratch_;
  std::vector<StmtPtr> stmtScratch_;
  std::vector<Keyword> kwScratch_;
  std::vector<Param> paramScratch_;
  std::vector<WithItem> withScratch_;
  std::vector<ImportAlias> aliasScratch_;
  std::vector<CmpOpKind> cmpScratch_;
};

}  // namespace

std::unique_ptr<Module> parseModule(const SourceManager& sm, uint32_t fileId,
                                    DiagnosticEngine& diags) {
  auto m = std::make_unique<Module>();
  m->fileId = fileId;
  Parser p(sm, fileId, diags, m->arena);
  m->body = p.parseFile();
  return m;
}

ExprPtr parseExpression(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diags,
                        Arena& arena) {
  Parser p(sm, fileId, diags, arena);
  return p.parseStandaloneExpression();
}

}  // namespace ptoc::frontend
