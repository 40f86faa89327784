// Private to the parser: the recursive-descent Parser class behind Parser.h. Its
// members are defined by concern over three files: token handling, errors and
// assignment targets with the entry points (Parser.cpp), statements
// (ParserStmt.cpp) and expressions (ParserExpr.cpp). The token helpers used on
// every step (at, advance, accept, peek, node, commit, finish) stay inline here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ptoc/frontend/Ast.h"
#include "ptoc/frontend/Lexer.h"
#include "ptoc/frontend/Parser.h"
#include "ptoc/support/Arena.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/support/SourceManager.h"

namespace ptoc::frontend::detail {

using K = TokenKind;

/// Whether a token can start an expression.
inline bool startsExpr(TokenKind k) {
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

class Parser {
 public:
  Parser(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diags, Arena& arena)
      : sm_(sm), lex_(sm, fileId, diags), diags_(diags), arena_(arena), file_(fileId) {
    tok_ = lex_.next();
  }

  StmtList parseFile();
  ExprPtr parseStandaloneExpression();

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

  [[noreturn]] void fail(Span s, std::string message, std::string hint = {});
  static const char* closerOf(TokenKind k);
  [[noreturn]] void failTooDeep(Span s);
  [[noreturn]] void failUnexpected();
  [[noreturn]] void failExpectedExpr();
  void expect(TokenKind k, const char* message);
  void expectColon(const char* message);

  /// Expects the closing bracket for `opener`.
  /// Pops `opener` from openers_ (pushed when the bracket was consumed).
  void expectClose(TokenKind closer, const Token& opener);

  /// After an element of a bracketed sequence: a missing comma gets its own message.
  void expectCloseAfterElement(TokenKind closer, const Token& opener);
  [[noreturn]] void failComprehension();
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
  void checkTarget(const Expr& e, bool single, const char* what);

  // ---- Statements ----------------------------------------------------------

  /// Parses one statement line or compound statement onto stmtScratch_.
  void parseStatement();

  /// simple_stmt (';' simple_stmt)* [';'] NEWLINE
  void parseSimpleLine();
  StmtPtr parseSmallStmt();
  template <class T>
  StmtPtr simple(uint32_t begin);
  StmtPtr parseExprOrAssign();

  /// ':' already consumed by the caller. Either NEWLINE INDENT stmt+ DEDENT, or
  /// simple statements on the same line.
  StmtList parseBlock(const char* what, uint32_t headerBegin);
  StmtPtr parseIf(bool isElif);
  void rejectLoopElse(const char* loop);
  StmtPtr parseFor();
  StmtPtr parseWhile();
  StmtPtr parseWith();
  StmtPtr parseDecorated();
  StmtPtr parseFunctionDef(ExprList decorators);
  StmtPtr parseClassDef(ExprList decorators);
  std::string parseDottedName();
  ImportAlias parseAlias(bool dotted);
  StmtPtr parseImport();
  StmtPtr parseFromImport();

  // ---- Expressions -------------------------------------------------------

  /// Builds a bare (unparenthesized) tuple `first, e2, ...` with an optional
  /// trailing comma. The current token is the first ','.
  template <class ParseElem>
  ExprPtr finishBareTuple(ExprPtr first, uint32_t begin, ParseElem parseElem);

  /// expr (',' expr)* [','] -- a bare tuple when there is a comma.
  ExprPtr parseTestList();

  /// For-loop targets: or_expr (',' or_expr)* [','] (stops before 'in').
  ExprPtr parseTargetList();

  /// Whether `k` ends an expression whatever precedes it (no operator, call,
  /// attribute, subscript or conditional can follow).
  static bool endsExpr(TokenKind k);

  /// Conditional expression: or_test ['if' or_test 'else' expr].
  ExprPtr parseExpr();
  template <class Sub>
  ExprPtr parseBoolChain(TokenKind opTok, BoolOpKind op, Sub sub);
  ExprPtr parseOr();
  ExprPtr parseAnd();
  ExprPtr parseNot();

  /// Consumes a comparison operator if there is one.
  bool acceptCmpOp(CmpOpKind& op);
  ExprPtr parseCompare();

  /// Binary operators | ^ & << >> + - * / // % @ by precedence climbing.
  ExprPtr parseBinary(int minPrec);
  ExprPtr parseUnary();
  ExprPtr parsePower();
  ExprPtr parsePostfix();
  ExprPtr parseCall(ExprPtr func, uint32_t begin);

  /// One subscript element: an expression or a slice `[lower]:[upper][:[step]]`.
  ExprPtr parseSliceItem();
  ExprPtr parseSubscript(ExprPtr value, uint32_t begin);
  ExprPtr parseAtom();

  /// One or more adjacent string literals (concatenated).
  ExprPtr parseString();
  ExprPtr parseFloat();
  ExprPtr parseParen();
  ExprPtr parseList();
  ExprPtr parseDict();

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

}  // namespace ptoc::frontend::detail
