// Hand-written lexer for the Python subset read by the DSL front end.
// Produces Python-style NEWLINE/INDENT/DEDENT tokens (indentation stack, tabs to
// the next multiple of 8), joins lines inside brackets and after '\', skips
// comments and blank lines. Tokens are produced on demand by next(); the first
// lexical error is reported to the DiagnosticEngine and CompileError is thrown.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ptoc/frontend/Token.h"
#include "ptoc/support/Diagnostics.h"
#include "ptoc/support/SourceManager.h"

namespace ptoc::frontend {

class Lexer {
 public:
  Lexer(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diags);

  /// Returns the next token. After the end of input it keeps returning Eof.
  /// Throws CompileError (after reporting a diagnostic) on a lexical error.
  Token next() {
    Lexeme l = lex();
    lastKind_ = l.kind;
    return Token{l.kind, l.begin, std::string_view(src_.data() + l.begin, l.end - l.begin)};
  }

  /// Lexes the whole buffer; the last token is Eof.
  std::vector<Token> tokenize();

  uint32_t fileId() const { return fileId_; }
  std::string_view source() const { return src_; }

  /// Decodes a String token's text (including its quotes) into its value.
  /// The literal must have been produced by this lexer (escapes validated).
  /// Escapes yield Unicode code points encoded as UTF-8; unknown escapes keep
  /// the backslash (as Python does); "\r\n" inside the literal becomes "\n".
  static std::string decodeString(std::string_view literal);

 private:
  /// A token as the scanner produces it: small enough to come back in registers
  /// (next() makes the Token inline, so a token is never copied through memory).
  struct Lexeme {
    TokenKind kind;
    uint32_t begin;
    uint32_t end;
  };

  Lexeme lex();
  bool lexLineStart(Lexeme& out);
  Lexeme lexEof();
  Lexeme lexNumber(uint32_t start);
  Lexeme lexString(uint32_t start);
  Lexeme lexIdentifier(uint32_t start);
  void checkEscape(uint32_t backslash, uint32_t& pos);
  [[noreturn]] void fail(uint32_t begin, uint32_t end, std::string message, std::string hint = {});
  [[noreturn]] void failInvalidChar(uint32_t pos);

  char at(uint32_t i) const { return i < size_ ? src_[i] : '\0'; }
  static Lexeme make(TokenKind kind, uint32_t begin, uint32_t end) { return {kind, begin, end}; }

  DiagnosticEngine& diags_;
  uint32_t fileId_;
  std::string_view src_;
  uint32_t size_;
  uint32_t pos_ = 0;
  std::vector<uint32_t> indents_;  // indentation stack, starts as {0}
  uint32_t pendingDedents_ = 0;
  uint32_t parenDepth_ = 0;
  bool atLineStart_ = true;
  TokenKind lastKind_ = TokenKind::Newline;
};

}  // namespace ptoc::frontend
