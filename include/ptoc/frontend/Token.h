// Tokens produced by the DSL lexer (a Python subset). A token is a kind plus
// the exact byte range of its text in the source buffer; the text is a
// string_view into the SourceManager-owned buffer (no per-token allocation).
#pragma once

#include <cstdint>
#include <string_view>

#include "ptoc/support/SourceManager.h"

namespace ptoc::frontend {

enum class TokenKind : uint8_t {
  // Structure.
  Eof,
  Newline,  // end of a logical line
  Indent,   // zero-width, at the first token of a more-indented line
  Dedent,   // zero-width, at the first token of a less-indented line (or at EOF)
  // Atoms.
  Identifier,
  Int,     // text is the literal as written (e.g. "0x_ff", "1_000")
  Float,   // text as written (e.g. ".5", "1e-3")
  String,  // text includes the quotes; decode with Lexer::decodeString
  // Keywords.
  KwDef,
  KwClass,
  KwIf,
  KwElif,
  KwElse,
  KwFor,
  KwIn,
  KwWhile,
  KwWith,
  KwAs,
  KwReturn,
  KwPass,
  KwBreak,
  KwContinue,
  KwImport,
  KwFrom,
  KwAnd,
  KwOr,
  KwNot,
  KwTrue,
  KwFalse,
  KwNone,
  KwIs,
  KwLambda,
  // Operators and delimiters.
  Plus,           // +
  Minus,          // -
  Star,           // *
  Slash,          // /
  DoubleSlash,    // //
  Percent,        // %
  DoubleStar,     // **
  At,             // @
  Amp,            // &
  Pipe,           // |
  Caret,          // ^
  Tilde,          // ~
  LShift,         // <<
  RShift,         // >>
  Less,           // <
  Greater,        // >
  LessEq,         // <=
  GreaterEq,      // >=
  EqEq,           // ==
  NotEq,          // !=
  Assign,         // =
  PlusEq,         // +=
  MinusEq,        // -=
  StarEq,         // *=
  SlashEq,        // /=
  DoubleSlashEq,  // //=
  PercentEq,      // %=
  DoubleStarEq,   // **=
  AtEq,           // @=
  AmpEq,          // &=
  PipeEq,         // |=
  CaretEq,        // ^=
  LShiftEq,       // <<=
  RShiftEq,       // >>=
  Arrow,          // ->
  Colon,          // :
  Comma,          // ,
  Dot,            // .
  Ellipsis,       // ...
  Semicolon,      // ;
  LParen,         // (
  RParen,         // )
  LBracket,       // [
  RBracket,       // ]
  LBrace,         // {
  RBrace,         // }
};

/// A short human-readable name: the spelling for keywords/operators ("def", "->"),
/// or a description for the others ("identifier", "newline", "end of file").
const char* tokenKindName(TokenKind kind);

struct Token {
  TokenKind kind = TokenKind::Eof;
  uint32_t begin = 0;     // byte offset of the first character
  std::string_view text;  // exact source text; empty for Indent/Dedent/Eof

  uint32_t end() const { return begin + static_cast<uint32_t>(text.size()); }
  Span span(uint32_t file) const { return Span{file, begin, end()}; }
  bool is(TokenKind k) const { return kind == k; }
};

}  // namespace ptoc::frontend
