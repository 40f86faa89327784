// Pass registry, property sets and the pass manager's run loop (properties
// verified between passes, --print-after*, --time-passes, --verify-roundtrip).
#include "ptoc/transforms/PassManager.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ostream>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"

namespace ptoc {

std::string_view propertyName(IRProperty p) {
  static constexpr std::string_view kNames[] = {
      "UseAfterDef",         "StructuredCtrlFlow", "SSAForm",
      "TileMemoryInferred",  "SplitIncoreOrch",    "AivSplitValid",
      "MixedKernelExpanded", "VectorKernelSplit",  "IncoreTileOps"};
  static_assert(std::size(kNames) == static_cast<size_t>(IRProperty::kCount));
  return kNames[static_cast<size_t>(p)];
}

std::vector<IRProperty> IRPropertySet::list() const {
  std::vector<IRProperty> out;
  for (size_t i = 0; i < bits_.size(); ++i)
    if (bits_.test(i)) out.push_back(static_cast<IRProperty>(i));
  return out;
}

std::string IRPropertySet::toString() const {
  std::string out;
  for (IRProperty p : list()) {
    if (!out.empty()) out += ", ";
    out += propertyName(p);
  }
  return out.empty() ? "-" : out;
}

ir::ProgramPtr mapFunctions(const ir::ProgramPtr& program,
                            const std::function<ir::FunctionPtr(const ir::FunctionPtr&)>& fn) {
  std::vector<ir::FunctionPtr> functions;
  functions.reserve(program->functions.size());
  bool changed = false;
  for (const auto& f : program->functions) {
    functions.push_back(fn(f));
    changed |= functions.back() != f;
  }
  if (!changed) return program;
  return std::make_shared<ir::Program>(program->name, std::move(functions), program->isClass,
                                       program->span);
}

PassRegistry& PassRegistry::instance() {
  static PassRegistry r;
  return r;
}

void PassRegistry::add(std::string name, PassFactory factory) {
  factories_[std::move(name)] = std::move(factory);
}

std::unique_ptr<Pass> PassRegistry::create(std::string_view name) const {
  auto it = factories_.find(name);
  return it == factories_.end() ? nullptr : it->second();
}

void PassRegistry::addPipeline(std::string name, std::string description,
                               std::vector<std::string> passes) {
  pipelines_[std::move(name)] = Pipeline{std::move(description), std::move(passes)};
}

const PassRegistry::Pipeline* PassRegistry::findPipeline(std::string_view name) const {
  auto it = pipelines_.find(name);
  return it == pipelines_.end() ? nullptr : &it->second;
}

std::vector<std::string> PassRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& [n, f] : factories_) out.push_back(n);
  return out;
}

bool PassManager::addPasses(const std::vector<std::string>& names, DiagnosticEngine& diag) {
  for (const auto& n : names) {
    if (n.empty()) continue;
    if (const auto* pipeline = PassRegistry::instance().findPipeline(n)) {
      if (!addPasses(pipeline->passes, diag)) return false;
      continue;
    }
    auto pass = PassRegistry::instance().create(n);
    if (!pass) {
      std::string known;
      for (const auto& k : PassRegistry::instance().names())
        known += (known.empty() ? "" : ", ") + k;
      for (const auto& [k, p] : PassRegistry::instance().pipelines()) known += ", " + k;
      diag.error(Span{}, fmt::format("unknown pass '{}'", n),
                 fmt::format("known passes: {} (see `ptoc passes`)", known));
      return false;
    }
    passes_.push_back(std::move(pass));
  }
  return true;
}

/// "line N of the printed IR: <text>" for a span in the printed text, or empty.
static std::string printedLine(const SourceManager& sm, Span span) {
  if (!span.valid()) return {};
  LineCol lc = sm.lineCol(span.file, span.begin);
  std::string_view text = sm.lineText(span.file, lc.line);
  size_t first = text.find_first_not_of(' ');
  if (first != std::string_view::npos) text.remove_prefix(first);
  constexpr size_t kMax = 160;
  std::string shown(text.substr(0, kMax));
  if (text.size() > kMax) shown += " ...";
  return fmt::format("line {} of the printed IR: {}", lc.line, shown);
}

void verifyRoundTrip(const ir::Program& program, std::string_view after) {
  std::string what =
      after == "input" ? std::string("on the input") : fmt::format("after pass '{}'", after);
  std::string text = ir::printProgram(program);
  SourceManager sm;
  uint32_t file = sm.addBuffer(fmt::format("<IR printed {}>", what), text);
  DiagnosticEngine diag(sm);
  diag.setPrintImmediately(false);
  ir::ProgramPtr back;
  try {
    back = frontend::parseProgram(sm, file, diag);
  } catch (const CompileError&) {
    std::string why = diag.diagnostics().empty() ? std::string("(no diagnostic)")
                                                 : diag.renderText(diag.diagnostics().front());
    while (!why.empty() && why.back() == '\n') why.pop_back();
    throw InternalError(fmt::format(
        "round trip broken {}: the printed IR does not parse back (--verify-roundtrip):\n{}", what,
        why));
  }
  ir::EqualResult eq = ir::structuralEqual(program, *back);
  if (eq) {
    // The text is canonical: printing what it parses to gives the same bytes.
    std::string again = ir::printProgram(*back);
    if (again == text) return;
    size_t at =
        std::mismatch(text.begin(), text.end(), again.begin(), again.end()).first - text.begin();
    at = std::min(at, text.empty() ? 0 : text.size() - 1);
    std::string line = printedLine(sm, Span{file, static_cast<uint32_t>(at), 0});
    throw InternalError(
        fmt::format("round trip broken {}: printing the parsed IR again gives different text "
                    "(--verify-roundtrip){}",
                    what, line.empty() ? std::string() : "; first difference at " + line));
  }
  std::string where;
  if (!eq.function.empty()) where = fmt::format(" in function '{}'", eq.function);
  std::string line = printedLine(sm, eq.rhsSpan);
  throw InternalError(
      fmt::format("round trip broken {}: the printed IR parses back to a different program{} "
                  "(--verify-roundtrip): {}{}",
                  what, where, eq.message, line.empty() ? std::string() : "\n  at " + line));
}

ir::ProgramPtr PassManager::run(ir::ProgramPtr program, DiagnosticEngine& diag) {
  using Clock = std::chrono::steady_clock;
  IRPropertySet established;
  std::vector<std::pair<std::string, double>> timings;
  std::vector<std::pair<std::string, double>> verifications;  // for --time-passes
  // Runs one verifier; `where` says at which point of the run (--time-passes).
  auto timedVerify = [&](IRProperty p, std::string_view where) {
    auto t0 = Clock::now();
    bool ok = verifyProperty(p, *program, diag);
    verifications.emplace_back(
        fmt::format("{} {}", propertyName(p), where),
        std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    return ok;
  };
  // Structural properties hold for every program the front end accepts; check them
  // on the input so a hand-written lit input that breaks them is caught early.
  for (IRProperty p : {IRProperty::UseAfterDef, IRProperty::StructuredCtrlFlow}) {
    if (!timedVerify(p, "on the input")) throw CompileError();
    established.insert(p);
  }
  if (options_.verifyRoundTrip) verifyRoundTrip(*program, "input");
  PassContext ctx{diag, options_.arch};
  // Produced but not yet verified: a property a pass establishes anew is verified when
  // it is next relied on — required by a later pass, or held at the end of the run —
  // unless a pass invalidates it first (then its verification would be wasted work:
  // e.g. AivSplitValid from outline-incore-scopes, re-established by
  // infer-tile-memory-space). The check still runs on every program a pass relies on.
  IRPropertySet pending;
  auto verifyPending = [&](IRProperty p, std::string_view where) {
    if (!pending.contains(p)) return;
    if (!timedVerify(p, where)) throw CompileError();
    pending.erase(p);
  };
  for (const auto& pass : passes_) {
    std::string before = fmt::format("before {}", pass->name());
    for (IRProperty p : pass->required().list()) {
      verifyPending(p, before);
      if (established.contains(p)) continue;
      if (!timedVerify(p, before)) {
        // The verifier has reported the offending statements; this line names the pass
        // and the property (no location of its own).
        diag.error(Span{},
                   fmt::format("pass '{}' requires property {}, which the input does not satisfy",
                               pass->name(), propertyName(p)),
                   "run the pass that produces it first (see `ptoc passes`)");
        throw CompileError();
      }
      established.insert(p);
    }
    auto t0 = Clock::now();
    program = pass->run(program, ctx);
    if (!program) throw InternalError(fmt::format("pass '{}' returned no program", pass->name()));
    timings.emplace_back(std::string(pass->name()),
                         std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    // A produced property is verified when the pass establishes it anew: it did not
    // hold before the pass or the pass invalidated it. One that held and was not
    // invalidated is preserved like every other established property (trusted, not
    // re-walked; --verify-each re-checks all of them).
    IRPropertySet held = established;
    for (IRProperty p : pass->invalidated().list()) {
      established.erase(p);
      pending.erase(p);
    }
    if (options_.verifyEach) {
      for (IRProperty p : pass->produced().list()) established.insert(p);
      std::string after = fmt::format("after {}", pass->name());
      for (IRProperty p : established.list())
        if (!timedVerify(p, after)) throw CompileError();
      pending = IRPropertySet{};
    } else {
      for (IRProperty p : pass->produced().list()) {
        if (!established.contains(p) || !held.contains(p)) pending.insert(p);
        established.insert(p);
      }
    }
    if (options_.printAfterAll || options_.printAfter.count(pass->name())) {
      dump_ << "# IR after " << pass->name() << "\n" << ir::printProgram(*program) << "\n";
    }
    if (options_.verifyRoundTrip) verifyRoundTrip(*program, pass->name());
  }
  for (IRProperty p : pending.list()) verifyPending(p, "at the end");  // what the output claims
  if (options_.timePasses) {
    auto section = [&](const char* title, const auto& rows) {
      double total = 0;
      for (const auto& [n, ms] : rows) total += ms;
      dump_ << "# " << title << " (ms)\n";
      for (const auto& [n, ms] : rows) dump_ << fmt::format("#   {:>10.3f}  {}\n", ms, n);
      dump_ << fmt::format("#   {:>10.3f}  total\n", total);
    };
    section("pass timing", timings);
    section("property verification", verifications);
  }
  return program;
}

}  // namespace ptoc
