// Hand-written lexer for the DSL's Python subset: see Lexer.h. Single pass over
// the buffer, no allocation per token (tokens are string_views into the source).
#include "ptoc/frontend/Lexer.h"

#include <fmt/format.h>

#include <array>

namespace ptoc::frontend {

namespace {

constexpr uint32_t kMaxIndentCol = 1u << 30;  // clamp so tab expansion cannot overflow

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isOctDigit(char c) { return c >= '0' && c <= '7'; }
bool isBinDigit(char c) { return c == '0' || c == '1'; }
bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
/// ASCII letters, digits and '_': one load per character in the identifier loop.
constexpr auto kIdentChar = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  return t;
}();
bool isIdentChar(char c) { return kIdentChar[static_cast<unsigned char>(c)]; }

uint32_t hexValue(char c) {
  if (isDigit(c)) return static_cast<uint32_t>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<uint32_t>(c - 'a' + 10);
  return static_cast<uint32_t>(c - 'A' + 10);
}

TokenKind keywordKind(std::string_view s) {
  using K = TokenKind;
  switch (s.size()) {
    case 2:
      if (s == "if") return K::KwIf;
      if (s == "in") return K::KwIn;
      if (s == "as") return K::KwAs;
      if (s == "or") return K::KwOr;
      if (s == "is") return K::KwIs;
      break;
    case 3:
      if (s == "def") return K::KwDef;
      if (s == "for") return K::KwFor;
      if (s == "and") return K::KwAnd;
      if (s == "not") return K::KwNot;
      break;
    case 4:
      if (s == "elif") return K::KwElif;
      if (s == "else") return K::KwElse;
      if (s == "with") return K::KwWith;
      if (s == "pass") return K::KwPass;
      if (s == "from") return K::KwFrom;
      if (s == "True") return K::KwTrue;
      if (s == "None") return K::KwNone;
      break;
    case 5:
      if (s == "class") return K::KwClass;
      if (s == "while") return K::KwWhile;
      if (s == "break") return K::KwBreak;
      if (s == "False") return K::KwFalse;
      break;
    case 6:
      if (s == "return") return K::KwReturn;
      if (s == "import") return K::KwImport;
      if (s == "lambda") return K::KwLambda;
      break;
    case 8:
      if (s == "continue") return K::KwContinue;
      break;
    default:
      break;
  }
  return K::Identifier;
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace

const char* tokenKindName(TokenKind kind) {
  using K = TokenKind;
  switch (kind) {
    case K::Eof:
      return "end of file";
    case K::Newline:
      return "newline";
    case K::Indent:
      return "indent";
    case K::Dedent:
      return "dedent";
    case K::Identifier:
      return "identifier";
    case K::Int:
      return "integer literal";
    case K::Float:
      return "float literal";
    case K::String:
      return "string literal";
    case K::KwDef:
      return "def";
    case K::KwClass:
      return "class";
    case K::KwIf:
      return "if";
    case K::KwElif:
      return "elif";
    case K::KwElse:
      return "else";
    case K::KwFor:
      return "for";
    case K::KwIn:
      return "in";
    case K::KwWhile:
      return "while";
    case K::KwWith:
      return "with";
    case K::KwAs:
      return "as";
    case K::KwReturn:
      return "return";
    case K::KwPass:
      return "pass";
    case K::KwBreak:
      return "break";
    case K::KwContinue:
      return "continue";
    case K::KwImport:
      return "import";
    case K::KwFrom:
      return "from";
    case K::KwAnd:
      return "and";
    case K::KwOr:
      return "or";
    case K::KwNot:
      return "not";
    case K::KwTrue:
      return "True";
    case K::KwFalse:
      return "False";
    case K::KwNone:
      return "None";
    case K::KwIs:
      return "is";
    case K::KwLambda:
      return "lambda";
    case K::Plus:
      return "+";
    case K::Minus:
      return "-";
    case K::Star:
      return "*";
    case K::Slash:
      return "/";
    case K::DoubleSlash:
      return "//";
    case K::Percent:
      return "%";
    case K::DoubleStar:
      return "**";
    case K::At:
      return "@";
    case K::Amp:
      return "&";
    case K::Pipe:
      return "|";
    case K::Caret:
      return "^";
    case K::Tilde:
      return "~";
    case K::LShift:
      return "<<";
    case K::RShift:
      return ">>";
    case K::Less:
      return "<";
    case K::Greater:
      return ">";
    case K::LessEq:
      return "<=";
    case K::GreaterEq:
      return ">=";
    case K::EqEq:
      return "==";
    case K::NotEq:
      return "!=";
    case K::Assign:
      return "=";
    case K::PlusEq:
      return "+=";
    case K::MinusEq:
      return "-=";
    case K::StarEq:
      return "*=";
    case K::SlashEq:
      return "/=";
    case K::DoubleSlashEq:
      return "//=";
    case K::PercentEq:
      return "%=";
    case K::DoubleStarEq:
      return "**=";
    case K::AtEq:
      return "@=";
    case K::AmpEq:
      return "&=";
    case K::PipeEq:
      return "|=";
    case K::CaretEq:
      return "^=";
    case K::LShiftEq:
      return "<<=";
    case K::RShiftEq:
      return ">>=";
    case K::Arrow:
      return "->";
    case K::Colon:
      return ":";
    case K::Comma:
      return ",";
    case K::Dot:
      return ".";
    case K::Ellipsis:
      return "...";
    case K::Semicolon:
      return ";";
    case K::LParen:
      return "(";
    case K::RParen:
      return ")";
    case K::LBracket:
      return "[";
    case K::RBracket:
      return "]";
    case K::LBrace:
      return "{";
    case K::RBrace:
      return "}";
  }
  return "token";
}

Lexer::Lexer(const SourceManager& sm, uint32_t fileId, DiagnosticEngine& diags)
    : diags_(diags), fileId_(fileId), src_(sm.text(fileId)) {
  PTOC_CHECK(src_.size() < UINT32_MAX, "source buffer too large");
  size_ = static_cast<uint32_t>(src_.size());
  indents_.push_back(0);
  // Skip a UTF-8 byte order mark, as Python does.
  if (src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
}

void Lexer::fail(uint32_t begin, uint32_t end, std::string message, std::string hint) {
  diags_.error(Span{fileId_, begin, end}, std::move(message), std::move(hint));
  throw CompileError();
}

void Lexer::failInvalidChar(uint32_t pos) {
  unsigned char u = static_cast<unsigned char>(src_[pos]);
  std::string shown =
      (u >= 0x21 && u <= 0x7e) ? std::string(1, static_cast<char>(u)) : fmt::format("\\x{:02x}", u);
  std::string hint;
  if (u >= 0x80)
    hint = "non-ASCII characters are only allowed inside strings and comments";
  else
    hint = "remove the character (it has no meaning in Python syntax outside strings)";
  fail(pos, pos + 1, "invalid character '" + shown + "' in source", std::move(hint));
}

std::vector<Token> Lexer::tokenize() {
  std::vector<Token> out;
  out.reserve(size_ / 4 + 4);
  for (;;) {
    out.push_back(next());
    if (out.back().kind == TokenKind::Eof) return out;
  }
}

// At the start of a physical line outside brackets: skips blank and comment-only
// lines, then measures indentation and emits INDENT/DEDENT as needed. Returns
// false when the line keeps the current indentation (or the input ended).
bool Lexer::lexLineStart(Lexeme& out) {
  for (;;) {
    uint32_t col = 0;
    uint32_t i = pos_;
    for (; i < size_; ++i) {
      char c = src_[i];
      if (c == ' ') {
        ++col;
      } else if (c == '\t') {
        col = (col / 8 + 1) * 8;
      } else if (c == '\f') {
        col = 0;
      } else {
        break;
      }
      if (col > kMaxIndentCol) col = kMaxIndentCol;
    }
    pos_ = i;
    if (i >= size_) {
      atLineStart_ = false;
      return false;
    }
    char c = src_[i];
    if (c == '#') {
      while (pos_ < size_ && src_[pos_] != '\n') ++pos_;
      if (pos_ < size_) ++pos_;
      continue;
    }
    if (c == '\n') {
      pos_ = i + 1;
      continue;
    }
    if (c == '\r' && at(i + 1) == '\n') {
      pos_ = i + 2;
      continue;
    }
    atLineStart_ = false;
    if (col > indents_.back()) {
      indents_.push_back(col);
      out = make(TokenKind::Indent, i, i);
      return true;
    }
    if (col < indents_.back()) {
      uint32_t n = 0;
      // indents_[0] == 0 <= col, so the stack never empties.
      while (indents_.back() > col) {
        indents_.pop_back();
        ++n;
      }
      if (indents_.back() != col)
        fail(i, i + 1, "unindent does not match any outer indentation level",
             "indent this line to the same column as an enclosing block");
      pendingDedents_ = n - 1;
      out = make(TokenKind::Dedent, i, i);
      return true;
    }
    return false;
  }
}

Lexer::Lexeme Lexer::lexEof() {
  if (lastKind_ != TokenKind::Newline && lastKind_ != TokenKind::Dedent &&
      lastKind_ != TokenKind::Eof)
    return make(TokenKind::Newline, size_, size_);
  if (indents_.size() > 1) {
    indents_.pop_back();
    return make(TokenKind::Dedent, size_, size_);
  }
  return make(TokenKind::Eof, size_, size_);
}

Lexer::Lexeme Lexer::lex() {
  if (pendingDedents_ > 0) {
    --pendingDedents_;
    return make(TokenKind::Dedent, pos_, pos_);
  }
  if (atLineStart_ && parenDepth_ == 0) {
    Lexeme t;
    if (lexLineStart(t)) return t;
  }
  // Skip whitespace, comments and line continuations; handle newlines.
  for (;;) {
    if (pos_ >= size_) return lexEof();
    char c = src_[pos_];
    if (c == ' ' || c == '\t' || c == '\f') {
      ++pos_;
      continue;
    }
    if (c == '#') {
      while (pos_ < size_ && src_[pos_] != '\n') ++pos_;
      continue;
    }
    if (c == '\\') {
      if (at(pos_ + 1) == '\n') {
        pos_ += 2;
        continue;
      }
      if (at(pos_ + 1) == '\r' && at(pos_ + 2) == '\n') {
        pos_ += 3;
        continue;
      }
      if (pos_ + 1 >= size_)
        fail(pos_, pos_ + 1, "unexpected end of file after line continuation character",
             "remove the trailing backslash");
      fail(pos_, pos_ + 1, "unexpected character after line continuation character",
           "'\\' must be the last character on the line");
    }
    if (c == '\n' || (c == '\r' && at(pos_ + 1) == '\n')) {
      uint32_t len = c == '\r' ? 2 : 1;
      if (parenDepth_ > 0 || lastKind_ == TokenKind::Newline) {
        // Implicit line joining, or a line that held only a continuation.
        pos_ += len;
        if (parenDepth_ == 0) atLineStart_ = true;
        if (atLineStart_) {
          Lexeme t;
          if (lexLineStart(t)) return t;
        }
        continue;
      }
      Lexeme t = make(TokenKind::Newline, pos_, pos_ + len);
      pos_ += len;
      atLineStart_ = true;
      return t;
    }
    break;
  }

  uint32_t start = pos_;
  char c = src_[start];
  if (isIdentStart(c)) return lexIdentifier(start);
  if (isDigit(c) || (c == '.' && isDigit(at(start + 1)))) return lexNumber(start);
  if (c == '"' || c == '\'') return lexString(start);

  char n1 = at(start + 1);
  char n2 = at(start + 2);
  auto op = [&](TokenKind k, uint32_t len) {
    pos_ = start + len;
    return make(k, start, pos_);
  };
  using K = TokenKind;
  switch (c) {
    case '(':
      ++parenDepth_;
      return op(K::LParen, 1);
    case '[':
      ++parenDepth_;
      return op(K::LBracket, 1);
    case '{':
      ++parenDepth_;
      return op(K::LBrace, 1);
    case ')':
      if (parenDepth_ > 0) --parenDepth_;
      return op(K::RParen, 1);
    case ']':
      if (parenDepth_ > 0) --parenDepth_;
      return op(K::RBracket, 1);
    case '}':
      if (parenDepth_ > 0) --parenDepth_;
      return op(K::RBrace, 1);
    case '+':
      return n1 == '=' ? op(K::PlusEq, 2) : op(K::Plus, 1);
    case '-':
      if (n1 == '=') return op(K::MinusEq, 2);
      if (n1 == '>') return op(K::Arrow, 2);
      return op(K::Minus, 1);
    case '*':
      if (n1 == '*') return n2 == '=' ? op(K::DoubleStarEq, 3) : op(K::DoubleStar, 2);
      return n1 == '=' ? op(K::StarEq, 2) : op(K::Star, 1);
    case '/':
      if (n1 == '/') return n2 == '=' ? op(K::DoubleSlashEq, 3) : op(K::DoubleSlash, 2);
      return n1 == '=' ? op(K::SlashEq, 2) : op(K::Slash, 1);
    case '%':
      return n1 == '=' ? op(K::PercentEq, 2) : op(K::Percent, 1);
    case '@':
      return n1 == '=' ? op(K::AtEq, 2) : op(K::At, 1);
    case '&':
      return n1 == '=' ? op(K::AmpEq, 2) : op(K::Amp, 1);
    case '|':
      return n1 == '=' ? op(K::PipeEq, 2) : op(K::Pipe, 1);
    case '^':
      return n1 == '=' ? op(K::CaretEq, 2) : op(K::Caret, 1);
    case '~':
      return op(K::Tilde, 1);
    case '<':
      if (n1 == '<') return n2 == '=' ? op(K::LShiftEq, 3) : op(K::LShift, 2);
      return n1 == '=' ? op(K::LessEq, 2) : op(K::Less, 1);
    case '>':
      if (n1 == '>') return n2 == '=' ? op(K::RShiftEq, 3) : op(K::RShift, 2);
      return n1 == '=' ? op(K::GreaterEq, 2) : op(K::Greater, 1);
    case '=':
      return n1 == '=' ? op(K::EqEq, 2) : op(K::Assign, 1);
    case '!':
      if (n1 == '=') return op(K::NotEq, 2);
      break;
    case ':':
      return op(K::Colon, 1);
    case ',':
      return op(K::Comma, 1);
    case '.':
      if (n1 == '.' && at(start + 2) == '.') return op(K::Ellipsis, 3);
      return op(K::Dot, 1);
    case ';':
      return op(K::Semicolon, 1);
    default:
      break;
  }
  failInvalidChar(start);
}

Lexer::Lexeme Lexer::lexIdentifier(uint32_t start) {
  uint32_t p = start + 1;
  while (p < size_ && isIdentChar(src_[p])) ++p;
  pos_ = p;
  return make(keywordKind(src_.substr(start, p - start)), start, p);
}

Lexer::Lexeme Lexer::lexNumber(uint32_t start) {
  uint32_t p = start;
  // Digits with single underscores between them (PEP 515).
  auto scanDigits = [&](bool (*isDig)(char), bool allowLeadingUnderscore) {
    uint32_t n = 0;
    for (;;) {
      char ch = at(p);
      if (isDig(ch)) {
        ++p;
        ++n;
      } else if (ch == '_' && (n > 0 || allowLeadingUnderscore) && isDig(at(p + 1))) {
        ++p;
      } else {
        return n;
      }
    }
  };
  auto failBad = [&](const char* what) {
    while (isIdentChar(at(p))) ++p;
    if (p == start) p = start + 1;
    fail(start, p, fmt::format("invalid {} literal", what),
         "write a number such as 16, 0x10 or 1.5");
  };

  char c1 = at(start + 1);
  if (src_[start] == '0' &&
      (c1 == 'x' || c1 == 'X' || c1 == 'o' || c1 == 'O' || c1 == 'b' || c1 == 'B')) {
    bool (*pred)(char) = isHexDigit;
    const char* what = "hexadecimal";
    if (c1 == 'o' || c1 == 'O') {
      pred = isOctDigit;
      what = "octal";
    } else if (c1 == 'b' || c1 == 'B') {
      pred = isBinDigit;
      what = "binary";
    }
    p = start + 2;
    uint32_t n = scanDigits(pred, true);
    if (n == 0 || isIdentChar(at(p))) failBad(what);
    pos_ = p;
    return make(TokenKind::Int, start, p);
  }

  bool isFloat = false;
  scanDigits(isDigit, false);
  if (at(p) == '.') {
    isFloat = true;
    ++p;
    if (isDigit(at(p))) scanDigits(isDigit, false);
  }
  if (at(p) == 'e' || at(p) == 'E') {
    uint32_t q = p + 1;
    if (at(q) == '+' || at(q) == '-') ++q;
    if (isDigit(at(q))) {
      p = q;
      scanDigits(isDigit, false);
      isFloat = true;
    }
  }
  if (isIdentChar(at(p))) failBad("decimal");
  if (!isFloat && src_[start] == '0') {
    for (uint32_t i = start; i < p; ++i)
      if (src_[i] != '0' && src_[i] != '_')
        fail(start, p, "leading zeros in decimal integer literals are not permitted",
             "use an 0o prefix for octal integers");
  }
  pos_ = p;
  return make(isFloat ? TokenKind::Float : TokenKind::Int, start, p);
}

// Validates one escape sequence starting at the backslash; advances pos past it.
void Lexer::checkEscape(uint32_t backslash, uint32_t& pos) {
  uint32_t e = backslash + 1;  // caller guarantees e < size_
  char k = src_[e];
  auto needHex = [&](uint32_t count, const char* name) {
    uint32_t value = 0;
    for (uint32_t i = 0; i < count; ++i) {
      char h = at(e + 1 + i);
      if (e + 1 + i >= size_ || !isHexDigit(h))
        fail(backslash, e + 1 + i,
             fmt::format("invalid \\{} escape: expected {} hex digits", name, count));
      value = value * 16 + hexValue(h);
    }
    pos = e + 1 + count;
    return value;
  };
  switch (k) {
    case 'x':
      needHex(2, "x");
      return;
    case 'u':
      needHex(4, "u");
      return;
    case 'U':
      if (needHex(8, "U") > 0x10FFFF)
        fail(backslash, e + 9, "invalid \\U escape: code point is above U+10FFFF",
             "use a code point up to \\U0010FFFF");
      return;
    case 'N':
      fail(backslash, e + 1, "\\N{...} escapes are not supported",
           "write the character directly or use a \\u escape");
    case '\r':
      pos = at(e + 1) == '\n' ? e + 2 : e + 1;
      return;
    case '\0':
      failInvalidChar(e);
    default:
      pos = e + 1;
      return;
  }
}

Lexer::Lexeme Lexer::lexString(uint32_t start) {
  char q = src_[start];
  bool triple = at(start + 1) == q && at(start + 2) == q;
  uint32_t openLen = triple ? 3 : 1;
  uint32_t p = start + openLen;
  auto unterminated = [&]() {
    fail(start, start + openLen, "unterminated string literal",
         triple ? "this triple-quoted string is never closed"
                : "close the string with a matching quote on the same line");
  };
  for (;;) {
    if (p >= size_) unterminated();
    char c = src_[p];
    if (c == '\\') {
      if (p + 1 >= size_) unterminated();
      checkEscape(p, p);
      continue;
    }
    if (c == q) {
      if (!triple) {
        ++p;
        break;
      }
      if (at(p + 1) == q && at(p + 2) == q) {
        p += 3;
        break;
      }
      ++p;
      continue;
    }
    if (c == '\n' && !triple) unterminated();
    if (c == '\0') failInvalidChar(p);
    ++p;
  }
  pos_ = p;
  return make(TokenKind::String, start, p);
}

std::string Lexer::decodeString(std::string_view lit) {
  std::string out;
  if (lit.size() < 2) return out;
  char q = lit[0];
  size_t open = (lit.size() >= 6 && lit[1] == q && lit[2] == q) ? 3 : 1;
  std::string_view body = lit.substr(open, lit.size() - 2 * open);
  out.reserve(body.size());
  size_t n = body.size();
  auto parseHex = [&](size_t from, size_t count, uint32_t& value) {
    if (from + count > n) return false;
    value = 0;
    for (size_t j = 0; j < count; ++j) {
      if (!isHexDigit(body[from + j])) return false;
      value = value * 16 + hexValue(body[from + j]);
    }
    return true;
  };
  for (size_t i = 0; i < n;) {
    char c = body[i];
    if (c == '\r' && i + 1 < n && body[i + 1] == '\n') {
      ++i;
      continue;
    }
    if (c != '\\' || i + 1 >= n) {
      out.push_back(c);
      ++i;
      continue;
    }
    char k = body[i + 1];
    i += 2;
    switch (k) {
      case '\n':
        break;
      case '\r':
        if (i < n && body[i] == '\n') ++i;
        break;
      case '\\':
        out.push_back('\\');
        break;
      case '\'':
        out.push_back('\'');
        break;
      case '"':
        out.push_back('"');
        break;
      case 'a':
        out.push_back('\a');
        break;
      case 'b':
        out.push_back('\b');
        break;
      case 'f':
        out.push_back('\f');
        break;
      case 'n':
        out.push_back('\n');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case 't':
        out.push_back('\t');
        break;
      case 'v':
        out.push_back('\v');
        break;
      case 'x':
      case 'u':
      case 'U': {
        size_t count = k == 'x' ? 2 : k == 'u' ? 4 : 8;
        uint32_t cp = 0;
        if (parseHex(i, count, cp) && cp <= 0x10FFFF) {
          appendUtf8(out, cp);
          i += count;
        } else {
          out.push_back('\\');
          out.push_back(k);
        }
        break;
      }
      default:
        if (isOctDigit(k)) {
          uint32_t cp = static_cast<uint32_t>(k - '0');
          for (int j = 0; j < 2 && i < n && isOctDigit(body[i]); ++j, ++i)
            cp = cp * 8 + static_cast<uint32_t>(body[i] - '0');
          appendUtf8(out, cp);
        } else {
          out.push_back('\\');
          out.push_back(k);
        }
        break;
    }
  }
  return out;
}

}  // namespace ptoc::frontend
