// Recursive-descent parser for the DSL's Python subset (see Parser.h and the
// private ParserImpl.h): entry points, error reporting and assignment targets.
// Statements are in ParserStmt.cpp, expressions in ParserExpr.cpp.
#include "ptoc/frontend/Parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ParserImpl.h"

namespace ptoc::frontend {

namespace detail {

namespace {

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
    case ExprKind::EllipsisLit:
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
    case ExprKind::ListComp:
      return "list comprehension";
    case ExprKind::Tuple:
      return "tuple";
    default:
      return "expression";
  }
}

}  // namespace

StmtList Parser::parseFile() {
  while (!at(K::Eof)) parseStatement();
  return commit(stmtScratch_, 0);
}

ExprPtr Parser::parseStandaloneExpression() {
  if (at(K::Indent))
    fail(tokSpan(), "unexpected indent",
         "indent only the body of a def, class, if, for, while or with");
  ExprPtr e = parseTestList();
  accept(K::Newline);
  if (!at(K::Eof)) failUnexpected();
  return e;
}

void Parser::fail(Span s, std::string message, std::string hint) {
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

const char* Parser::closerOf(TokenKind k) {
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

void Parser::failTooDeep(Span s) {
  fail(s, "nesting too deep",
       fmt::format("expressions and blocks may nest at most {} levels", kMaxNestingDepth));
}

void Parser::failUnexpected() {
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
      fail(errSpan(), "invalid syntax: unexpected end of file", "the last statement is incomplete");
    default:
      break;
  }
  std::string shown(tok_.text.substr(0, 40));
  if (tok_.text.size() > 40) shown += "...";
  fail(tokSpan(), fmt::format("invalid syntax: unexpected token '{}'", shown),
       "check the line for a missing operator, comma or bracket");
}

void Parser::failExpectedExpr() {
  if (at(K::Newline) || at(K::Eof))
    fail(errSpan(), "invalid syntax: expected an expression",
         "write a value, a name or a call here");
  if (at(K::KwLambda))
    fail(tokSpan(), "lambda expressions are not supported", "define a @pl.function instead");
  failUnexpected();
}

void Parser::expect(TokenKind k, const char* message) {
  if (!accept(k)) fail(errSpan(), message, fmt::format("add '{}' here", tokenKindName(k)));
}

void Parser::expectColon(const char* message) {
  if (accept(K::Colon)) return;
  fail(errSpan(), message,
       at(K::Assign) ? "use '==' to compare values" : "end the header line with ':'");
}

/// Expects the closing bracket for `opener`.
/// Pops `opener` from openers_ (pushed when the bracket was consumed).
void Parser::expectClose(TokenKind closer, const Token& opener) {
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
void Parser::expectCloseAfterElement(TokenKind closer, const Token& opener) {
  if (!at(closer) && startsExpr(tok_.kind))
    fail(tokSpan(), "invalid syntax: perhaps you forgot a comma?",
         "separate the elements with ','");
  expectClose(closer, opener);
}

void Parser::failComprehension() {
  fail(tokSpan(), "only a list comprehension with one `for` is supported here",
       "write [e for k in range(N)], or the elements out explicitly");
}

/// Checks an assignment / for / with-as target. `single` forbids tuples and
/// lists (annotated and augmented assignment).
void Parser::checkTarget(const Expr& e, bool single, const char* what) {
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

}  // namespace detail

std::unique_ptr<Module> parseModule(const SourceManager& sm, uint32_t fileId,
                                    DiagnosticEngine& diags) {
  auto m = std::make_unique<Module>();
  m->fileId = fileId;
  detail::Parser p(sm, fileId, diags, m->arena);
  m->body = p.parseFile();
  return m;
}

ExprPtr parseExpression(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diags,
                        Arena& arena) {
  detail::Parser p(sm, fileId, diags, arena);
  return p.parseStandaloneExpression();
}

}  // namespace ptoc::frontend
