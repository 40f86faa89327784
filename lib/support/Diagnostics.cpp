#include "ptoc/support/Diagnostics.h"

#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

namespace ptoc {

static const char* severityName(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "error";
}

void DiagnosticEngine::report(Diagnostic d) {
  if (d.severity == Severity::Error) ++errors_;
  if (printImmediately_ && format_ == DiagnosticFormat::Text) std::cerr << renderText(d);
  diags_.push_back(std::move(d));
}

void DiagnosticEngine::error(Span span, std::string message, std::string hint) {
  report(Diagnostic{Severity::Error, span, std::move(message), {}, std::move(hint)});
}

void DiagnosticEngine::warning(Span span, std::string message, std::string hint) {
  report(Diagnostic{Severity::Warning, span, std::move(message), {}, std::move(hint)});
}

std::string DiagnosticEngine::formatLocation(Span span) const {
  if (!span.valid()) return "ptoc";  // no source location: name the tool, like other compilers
  LineCol lc = sm_.lineCol(span.file, span.begin);
  return fmt::format("{}:{}:{}", sm_.name(span.file), lc.line, lc.col);
}

static void appendSnippet(std::string& out, const SourceManager& sm, Span span) {
  if (!span.valid()) return;
  LineCol lc = sm.lineCol(span.file, span.begin);
  std::string_view line = sm.lineText(span.file, lc.line);
  std::string shown;
  for (char c : line) {
    unsigned char u = static_cast<unsigned char>(c);
    shown.push_back(c == '\t' ? ' ' : (u < 0x20 || u == 0x7f ? '?' : c));
  }
  out += shown + "\n";
  std::string caret(lc.col > 0 ? lc.col - 1 : 0, ' ');
  caret += '^';
  uint32_t lineEnd = static_cast<uint32_t>(line.size()) + 1;
  uint32_t width = 1;
  if (span.end > span.begin) {
    LineCol endLc = sm.lineCol(span.file, span.end);
    uint32_t endCol = endLc.line == lc.line ? endLc.col : lineEnd;
    if (endCol > lc.col + 1) width = endCol - lc.col;
  }
  if (width > 1) caret += std::string(width - 1, '~');
  out += caret + "\n";
}

std::string DiagnosticEngine::renderText(const Diagnostic& d) const {
  std::string out =
      fmt::format("{}: {}: {}\n", formatLocation(d.span), severityName(d.severity), d.message);
  appendSnippet(out, sm_, d.span);
  for (const auto& [span, msg] : d.notes) {
    out += fmt::format("{}: note: {}\n", formatLocation(span), msg);
    appendSnippet(out, sm_, span);
  }
  if (!d.hint.empty()) out += fmt::format("hint: {}\n", d.hint);
  return out;
}

std::string DiagnosticEngine::renderJson() const {
  nlohmann::json arr = nlohmann::json::array();
  auto loc = [&](Span s) {
    nlohmann::json j;
    if (!s.valid()) return j;
    LineCol b = sm_.lineCol(s.file, s.begin);
    j["file"] = sm_.name(s.file);
    j["line"] = b.line;
    j["column"] = b.col;
    return j;
  };
  for (const Diagnostic& d : diags_) {
    nlohmann::json j;
    j["severity"] = severityName(d.severity);
    j["message"] = d.message;
    j["location"] = loc(d.span);
    if (!d.hint.empty()) j["hint"] = d.hint;
    nlohmann::json notes = nlohmann::json::array();
    for (const auto& [span, msg] : d.notes)
      notes.push_back({{"message", msg}, {"location", loc(span)}});
    if (!notes.empty()) j["notes"] = notes;
    arr.push_back(j);
  }
  return arr.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

void DiagnosticEngine::finish() {
  if (format_ == DiagnosticFormat::Json) std::cerr << renderJson() << "\n";
}

}  // namespace ptoc
