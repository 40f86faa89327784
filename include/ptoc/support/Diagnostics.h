// One diagnostics engine for the whole compiler. Errors a user can cause are
// reported here with a span, a message and optional notes/hints; rendering is
// text (file:line:col, source line, caret) or JSON.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "ptoc/support/SourceManager.h"

namespace ptoc {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  Span span;
  std::string message;
  std::vector<std::pair<Span, std::string>> notes;  // secondary locations
  std::string hint;                                 // "hint: ..." line, may be empty
};

enum class DiagnosticFormat { Text, Json };

class DiagnosticEngine {
 public:
  explicit DiagnosticEngine(const SourceManager& sm) : sm_(sm) {}

  void setFormat(DiagnosticFormat f) { format_ = f; }
  /// When false, diagnostics are only collected (used by tests and fuzzers).
  void setPrintImmediately(bool v) { printImmediately_ = v; }

  void report(Diagnostic d);
  void error(Span span, std::string message, std::string hint = {});
  void warning(Span span, std::string message, std::string hint = {});

  unsigned errorCount() const { return errors_; }
  const std::vector<Diagnostic>& diagnostics() const { return diags_; }

  /// Renders one diagnostic as text ("file:line:col: error: msg", line, caret, notes).
  std::string renderText(const Diagnostic& d) const;
  /// Renders all collected diagnostics as a JSON array.
  std::string renderJson() const;
  /// Flushes collected JSON output (text is printed as reported).
  void finish();

  std::string formatLocation(Span span) const;

 private:
  const SourceManager& sm_;
  DiagnosticFormat format_ = DiagnosticFormat::Text;
  bool printImmediately_ = true;
  unsigned errors_ = 0;
  std::vector<Diagnostic> diags_;
};

/// Thrown after an error diagnostic has been reported, to unwind to the driver.
class CompileError : public std::runtime_error {
 public:
  CompileError() : std::runtime_error("compilation failed") {}
};

/// A bug in ptoc itself. The driver prints "internal error: ..." and exits with 2.
class InternalError : public std::logic_error {
 public:
  explicit InternalError(const std::string& what) : std::logic_error(what) {}
};

#define PTOC_CHECK(cond, msg)                                            \
  do {                                                                   \
    if (!(cond))                                                         \
      throw ::ptoc::InternalError(std::string(msg) + " (" __FILE__ ":" + \
                                  std::to_string(__LINE__) + ")");       \
  } while (0)

}  // namespace ptoc
