// Statements of the recursive-descent parser (ParserImpl.h): simple statements,
// blocks, if / for / while / with, decorated def and class, imports.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ParserImpl.h"

namespace ptoc::frontend::detail {

namespace {

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

}  // namespace

/// Parses one statement line or compound statement onto stmtScratch_.
void Parser::parseStatement() {
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
void Parser::parseSimpleLine() {
  for (;;) {
    stmtScratch_.push_back(parseSmallStmt());
    if (!accept(K::Semicolon) || at(K::Newline)) break;
  }
  if (!at(K::Newline)) failUnexpected();
  advance();
}

template <class T>
StmtPtr Parser::simple(uint32_t begin) {
  advance();
  auto s = node<T>(begin);
  finish(*s);
  return s;
}

StmtPtr Parser::parseSmallStmt() {
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

StmtPtr Parser::parseExprOrAssign() {
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
      fail(tokSpan(), "chained assignment is not supported", "split it into separate assignments");
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
StmtList Parser::parseBlock(const char* what, uint32_t headerBegin) {
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

StmtPtr Parser::parseIf(bool isElif) {
  DepthGuard guard(*this);  // an elif chain nests in the else branch
  uint32_t begin = tok_.begin;
  advance();
  auto s = node<IfStmt>(begin);
  s->isElif = isElif;
  s->test = parseExpr();
  expectColon(isElif ? "expected ':' after 'elif' condition" : "expected ':' after 'if' condition");
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

void Parser::rejectLoopElse(const char* loop) {
  if (at(K::KwElse))
    fail(tokSpan(), fmt::format("'else' clauses on '{}' loops are not supported", loop),
         "move the else body after the loop");
}

StmtPtr Parser::parseFor() {
  uint32_t begin = tok_.begin;
  advance();
  auto s = node<ForStmt>(begin);
  s->target = parseTargetList();
  checkTarget(*s->target, false, "a for loop");
  if (!accept(K::KwIn))
    fail(errSpan(), "expected 'in' after 'for' loop target", "e.g. `for i in pl.range(0, n, 1):`");
  s->iter = parseTestList();
  expectColon("expected ':' after 'for' loop header");
  s->body = parseBlock("'for' statement", begin);
  rejectLoopElse("for");
  finish(*s);
  return s;
}

StmtPtr Parser::parseWhile() {
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

StmtPtr Parser::parseWith() {
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

StmtPtr Parser::parseDecorated() {
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

StmtPtr Parser::parseFunctionDef(ExprList decorators) {
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

StmtPtr Parser::parseClassDef(ExprList decorators) {
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

std::string Parser::parseDottedName() {
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

ImportAlias Parser::parseAlias(bool dotted) {
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

StmtPtr Parser::parseImport() {
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

StmtPtr Parser::parseFromImport() {
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

}  // namespace ptoc::frontend::detail
