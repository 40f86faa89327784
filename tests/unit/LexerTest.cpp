// Unit tests for the DSL lexer: token streams for tricky inputs (indentation,
// continuation lines, literal forms, strings), exact spans, and lexical errors
// (message and line:col).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ptoc/frontend/Lexer.h"

using namespace ptoc;
using namespace ptoc::frontend;

namespace {

struct LexResult {
  std::unique_ptr<SourceManager> sm;  // owns the text the tokens point into
  std::vector<Token> tokens;
  bool ok = true;
  std::string message;  // first diagnostic
  uint32_t line = 0, col = 0;
  Span span;
};

LexResult lexAll(const std::string& src) {
  LexResult r;
  r.sm = std::make_unique<SourceManager>();
  SourceManager& sm = *r.sm;
  uint32_t file = sm.addBuffer("t.py", src);
  DiagnosticEngine diags(sm);
  diags.setPrintImmediately(false);
  try {
    Lexer lex(sm, file, diags);
    r.tokens = lex.tokenize();
  } catch (const CompileError&) {
    r.ok = false;
  }
  if (!diags.diagnostics().empty()) {
    const Diagnostic& d = diags.diagnostics().front();
    r.message = d.message;
    r.span = d.span;
    LineCol lc = sm.lineCol(d.span.file, d.span.begin);
    r.line = lc.line;
    r.col = lc.col;
  }
  return r;
}

/// Compact rendering: NL IN DE EOF, id:x int:1 float:1.5 str:"..", else the spelling.
std::string render(const std::vector<Token>& toks) {
  std::string out;
  for (const Token& t : toks) {
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case TokenKind::Newline:
        out += "NL";
        break;
      case TokenKind::Indent:
        out += "IN";
        break;
      case TokenKind::Dedent:
        out += "DE";
        break;
      case TokenKind::Eof:
        out += "EOF";
        break;
      case TokenKind::Identifier:
        out += "id:" + std::string(t.text);
        break;
      case TokenKind::Int:
        out += "int:" + std::string(t.text);
        break;
      case TokenKind::Float:
        out += "float:" + std::string(t.text);
        break;
      case TokenKind::String:
        out += "str:" + std::string(t.text);
        break;
      default:
        out += tokenKindName(t.kind);
        break;
    }
  }
  return out;
}

std::string lexRender(const std::string& src) {
  LexResult r = lexAll(src);
  EXPECT_TRUE(r.ok) << "unexpected error: " << r.message << " at " << r.line << ":" << r.col;
  return render(r.tokens);
}

void expectLexError(const std::string& src, const std::string& message, uint32_t line,
                    uint32_t col) {
  LexResult r = lexAll(src);
  EXPECT_FALSE(r.ok) << "expected an error for: " << src;
  EXPECT_EQ(r.message, message) << "source: " << src;
  EXPECT_EQ(r.line, line) << "source: " << src;
  EXPECT_EQ(r.col, col) << "source: " << src;
}

std::string decoded(const std::string& src) {
  LexResult r = lexAll(src);
  EXPECT_TRUE(r.ok) << r.message;
  EXPECT_GE(r.tokens.size(), 1u);
  EXPECT_EQ(r.tokens[0].kind, TokenKind::String);
  return Lexer::decodeString(r.tokens[0].text);
}

}  // namespace

TEST(Lexer, EmptyInputIsJustEof) {
  EXPECT_EQ(lexRender(""), "EOF");
  EXPECT_EQ(lexRender("\n\n   \n"), "EOF");
  EXPECT_EQ(lexRender("# only a comment"), "EOF");
  EXPECT_EQ(lexRender("  # indented comment\n\t\n"), "EOF");
}

TEST(Lexer, SimpleStatement) {
  EXPECT_EQ(lexRender("x_12 = pl.add(a, b)\n"), "id:x_12 = id:pl . id:add ( id:a , id:b ) NL EOF");
  // Missing final newline still yields NEWLINE before EOF.
  EXPECT_EQ(lexRender("x = 1"), "id:x = int:1 NL EOF");
}

TEST(Lexer, ExactSpans) {
  std::string src = "ab  = 0x1F  # c\n  \n";
  LexResult r = lexAll(src);
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.tokens.size(), 5u);
  EXPECT_EQ(r.tokens[0].begin, 0u);
  EXPECT_EQ(r.tokens[0].end(), 2u);
  EXPECT_EQ(r.tokens[1].begin, 4u);
  EXPECT_EQ(r.tokens[1].text, "=");
  EXPECT_EQ(r.tokens[2].begin, 6u);
  EXPECT_EQ(r.tokens[2].text, "0x1F");
  EXPECT_EQ(r.tokens[3].kind, TokenKind::Newline);
  EXPECT_EQ(r.tokens[3].begin, 15u);  // the '\n' after the comment
  EXPECT_EQ(r.tokens[4].kind, TokenKind::Eof);
  EXPECT_EQ(r.tokens[4].begin, static_cast<uint32_t>(src.size()));
  Span s = r.tokens[2].span(7);
  EXPECT_EQ(s.file, 7u);
  EXPECT_EQ(s.begin, 6u);
  EXPECT_EQ(s.end, 10u);
}

TEST(Lexer, IndentDedent) {
  std::string src =
      "class A:\n"
      "    def f(self):\n"
      "\n"
      "        # comment at another level\n"
      "      \n"
      "        return 1\n"
      "    x = 2\n"
      "y = 3\n";
  EXPECT_EQ(lexRender(src),
            "class id:A : NL IN def id:f ( id:self ) : NL IN return int:1 NL DE id:x = int:2 NL "
            "DE id:y = int:3 NL EOF");
}

TEST(Lexer, DedentsAtEof) {
  EXPECT_EQ(lexRender("if a:\n  if b:\n    c"),
            "if id:a : NL IN if id:b : NL IN id:c NL DE DE EOF");
  // Multiple dedents at once in the middle of a file.
  EXPECT_EQ(lexRender("if a:\n  if b:\n    c\nd\n"),
            "if id:a : NL IN if id:b : NL IN id:c NL DE DE id:d NL EOF");
}

TEST(Lexer, IndentTokensAreZeroWidthAtFirstToken) {
  LexResult r = lexAll("if a:\n    b\nc\n");
  ASSERT_TRUE(r.ok);
  // if a : NL IN b NL DE c NL EOF
  ASSERT_EQ(r.tokens[4].kind, TokenKind::Indent);
  EXPECT_EQ(r.tokens[4].begin, 10u);
  EXPECT_TRUE(r.tokens[4].text.empty());
  ASSERT_EQ(r.tokens[7].kind, TokenKind::Dedent);
  EXPECT_EQ(r.tokens[7].begin, 12u);
}

TEST(Lexer, TabsCountToNextMultipleOfEight) {
  // A tab and eight spaces are the same indentation; "  \t" is also column 8.
  EXPECT_EQ(lexRender("if a:\n\tb\n        c\n  \td\n"),
            "if id:a : NL IN id:b NL id:c NL id:d NL DE EOF");
}

TEST(Lexer, InconsistentDedentIsAnError) {
  expectLexError("if a:\n    b\n  c\n", "unindent does not match any outer indentation level", 3,
                 3);
  expectLexError("if a:\n  if b:\n      c\n    d\n",
                 "unindent does not match any outer indentation level", 4, 5);
}

TEST(Lexer, ImplicitLineJoiningInBrackets) {
  std::string src =
      "x = f(a,\n"
      "        b,   # comment\n"
      "\n"
      "  [1,\n"
      "2], {\n"
      "   'k': 3})\n"
      "y = 1\n";
  EXPECT_EQ(lexRender(src),
            "id:x = id:f ( id:a , id:b , [ int:1 , int:2 ] , { str:'k' : int:3 } ) NL id:y = "
            "int:1 NL EOF");
}

TEST(Lexer, BackslashContinuation) {
  EXPECT_EQ(lexRender("x = 1 + \\\n      2\ny = 3\n"),
            "id:x = int:1 + int:2 NL id:y = int:3 NL EOF");
  // CRLF after the backslash.
  EXPECT_EQ(lexRender("x = 1 + \\\r\n2\r\n"), "id:x = int:1 + int:2 NL EOF");
  expectLexError("x = 1 \\ 2\n", "unexpected character after line continuation character", 1, 7);
  expectLexError("x = 1 \\", "unexpected end of file after line continuation character", 1, 7);
}

TEST(Lexer, CrLfLineEndings) {
  EXPECT_EQ(lexRender("if a:\r\n    b\r\n\r\nc\r\n"), "if id:a : NL IN id:b NL DE id:c NL EOF");
  expectLexError("x = 1\ry = 2\n", "invalid character '\\x0d' in source", 1, 6);
}

TEST(Lexer, IntegerLiterals) {
  EXPECT_EQ(lexRender("0 7 123 1_000_000 0x1F 0XfF 0x_ff 0o17 0b1010 00 0_0"),
            "int:0 int:7 int:123 int:1_000_000 int:0x1F int:0XfF int:0x_ff int:0o17 int:0b1010 "
            "int:00 int:0_0 NL EOF");
  expectLexError("x = 1__0", "invalid decimal literal", 1, 5);
  expectLexError("x = 1_", "invalid decimal literal", 1, 5);
  expectLexError("x = 12abc", "invalid decimal literal", 1, 5);
  expectLexError("x = 0x", "invalid hexadecimal literal", 1, 5);
  expectLexError("x = 0xfg", "invalid hexadecimal literal", 1, 5);
  expectLexError("x = 0o8", "invalid octal literal", 1, 5);
  expectLexError("x = 0b2", "invalid binary literal", 1, 5);
  expectLexError("x = 012", "leading zeros in decimal integer literals are not permitted", 1, 5);
}

TEST(Lexer, FloatLiterals) {
  EXPECT_EQ(lexRender("1.0 1e-3 .5 1. 1E+3 1_000.5 2.5e10 0.0 01.5 1e5"),
            "float:1.0 float:1e-3 float:.5 float:1. float:1E+3 float:1_000.5 float:2.5e10 "
            "float:0.0 float:01.5 float:1e5 NL EOF");
  // `1.` followed by an attribute-like dot, and a lone dot.
  EXPECT_EQ(lexRender("a.b"), "id:a . id:b NL EOF");
  EXPECT_EQ(lexRender("x[1:2]"), "id:x [ int:1 : int:2 ] NL EOF");
  expectLexError("x = 1e", "invalid decimal literal", 1, 5);
  expectLexError("x = 1.5j", "invalid decimal literal", 1, 5);
}

TEST(Lexer, Strings) {
  EXPECT_EQ(lexRender("'a' \"b\" '' \"\" '''c''' \"\"\"d\"\"\""),
            "str:'a' str:\"b\" str:'' str:\"\" str:'''c''' str:\"\"\"d\"\"\" NL EOF");
  // Triple-quoted strings span lines and do not produce NEWLINE/INDENT inside.
  EXPECT_EQ(lexRender("x = '''line1\n    line2'''\ny\n"),
            "id:x = str:'''line1\n    line2''' NL id:y NL EOF");
  // Escaped quotes do not terminate.
  EXPECT_EQ(lexRender("'it\\'s' \"say \\\"hi\\\"\""), "str:'it\\'s' str:\"say \\\"hi\\\"\" NL EOF");
  // Non-ASCII bytes are fine inside strings and comments.
  EXPECT_EQ(lexRender("s = 'h\xc3\xa9llo'  # caf\xc3\xa9\n"), "id:s = str:'h\xc3\xa9llo' NL EOF");
}

TEST(Lexer, StringEscapesDecode) {
  EXPECT_EQ(decoded("'a\\nb\\tc\\\\d'"), "a\nb\tc\\d");
  EXPECT_EQ(decoded("'\\'\\\"'"), "'\"");
  EXPECT_EQ(decoded("'\\x41\\101\\0'"), std::string("AA\0", 3));
  EXPECT_EQ(decoded("'\\u00e9'"), "\xc3\xa9");
  EXPECT_EQ(decoded("'\\U0001F600'"), "\xf0\x9f\x98\x80");
  EXPECT_EQ(decoded("'\\a\\b\\f\\r\\v'"), "\a\b\f\r\v");
  EXPECT_EQ(decoded("'keep \\q unknown'"), "keep \\q unknown");
  EXPECT_EQ(decoded("'line \\\ncontinued'"), "line continued");
  EXPECT_EQ(decoded("'''a\r\nb'''"), "a\nb");
  EXPECT_EQ(decoded("\"\"\"q\"q\"\"\""), "q\"q");
  EXPECT_EQ(decoded("''"), "");
}

TEST(Lexer, StringErrors) {
  expectLexError("x = 'abc\n", "unterminated string literal", 1, 5);
  expectLexError("x = \"abc", "unterminated string literal", 1, 5);
  expectLexError("a = 1\nx = '''abc\n\nmore", "unterminated string literal", 2, 5);
  expectLexError("x = 'abc\\", "unterminated string literal", 1, 5);
  expectLexError("x = '\\xZZ'", "invalid \\x escape: expected 2 hex digits", 1, 6);
  expectLexError("x = '\\u12'", "invalid \\u escape: expected 4 hex digits", 1, 6);
  expectLexError("x = '\\U00110000'", "invalid \\U escape: code point is above U+10FFFF", 1, 6);
  expectLexError("x = '\\N{DASH}'", "\\N{...} escapes are not supported", 1, 6);
  expectLexError(std::string("x = 'a\0b'", 9), "invalid character '\\x00' in source", 1, 7);
}

TEST(Lexer, Operators) {
  EXPECT_EQ(lexRender("+ - * / // % ** @ & | ^ ~ << >> < > <= >= == != = += -= *= /= //= %= -> : , "
                      ". ; ( ) [ ] { } **= @= &= |= ^= <<= >>="),
            "+ - * / // % ** @ & | ^ ~ << >> < > <= >= == != = += -= *= /= //= %= -> : , . ; ( "
            ") [ ] { } **= @= &= |= ^= <<= >>= NL EOF");
  // Longest match without spaces.
  EXPECT_EQ(lexRender("a**-b//=c->d<=e"), "id:a ** - id:b //= id:c -> id:d <= id:e NL EOF");
}

TEST(Lexer, KeywordsAndIdentifiers) {
  EXPECT_EQ(lexRender("def class if elif else for in while with as return pass break continue"),
            "def class if elif else for in while with as return pass break continue NL EOF");
  EXPECT_EQ(lexRender("import from and or not True False None is lambda"),
            "import from and or not True False None is lambda NL EOF");
  LexResult r = lexAll("True none yield_ _x Def");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.tokens[0].kind, TokenKind::KwTrue);
  EXPECT_EQ(r.tokens[1].kind, TokenKind::Identifier);
  EXPECT_EQ(r.tokens[2].kind, TokenKind::Identifier);
  EXPECT_EQ(r.tokens[3].kind, TokenKind::Identifier);
  EXPECT_EQ(r.tokens[4].kind, TokenKind::Identifier);
}

TEST(Lexer, InvalidCharacters) {
  expectLexError("x = 1 $ 2", "invalid character '$' in source", 1, 7);
  expectLexError("x = a ? b", "invalid character '?' in source", 1, 7);
  expectLexError("x = !a", "invalid character '!' in source", 1, 5);
  expectLexError("x = `a`", "invalid character '`' in source", 1, 5);
  expectLexError("a\nx = \x01", "invalid character '\\x01' in source", 2, 5);
  expectLexError("x = \x7f", "invalid character '\\x7f' in source", 1, 5);
  expectLexError("x = \xc3\xa9", "invalid character '\\xc3' in source", 1, 5);
  expectLexError("caf\xc3\xa9 = 1", "invalid character '\\xc3' in source", 1, 4);
  expectLexError("x = 1\v", "invalid character '\\x0b' in source", 1, 6);
}

TEST(Lexer, ByteOrderMarkIsSkipped) {
  EXPECT_EQ(lexRender("\xEF\xBB\xBFx = 1\n"), "id:x = int:1 NL EOF");
}

TEST(Lexer, EofIsSticky) {
  SourceManager sm;
  uint32_t file = sm.addBuffer("t.py", "x");
  DiagnosticEngine diags(sm);
  Lexer lex(sm, file, diags);
  EXPECT_EQ(lex.next().kind, TokenKind::Identifier);
  EXPECT_EQ(lex.next().kind, TokenKind::Newline);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(lex.next().kind, TokenKind::Eof);
}

TEST(Lexer, AllByteValuesNeverCrash) {
  // Every single byte, and every byte after a few prefixes, either lexes or
  // reports exactly one diagnostic.
  const char* prefixes[] = {"", "x", "'", "\"\"\"", "0x", "1e", "\\", "(", "  ", "#"};
  for (const char* prefix : prefixes) {
    for (int b = 0; b < 256; ++b) {
      std::string src = std::string(prefix) + static_cast<char>(b) + "z";
      LexResult r = lexAll(src);
      if (!r.ok) {
        EXPECT_FALSE(r.message.empty());
      } else {
        ASSERT_FALSE(r.tokens.empty());
        EXPECT_EQ(r.tokens.back().kind, TokenKind::Eof);
      }
    }
  }
}
