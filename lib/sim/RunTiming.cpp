// `ptoc run --stats / --trace / --report` and `ptoc compare` (docs/cost-model.md §4-5): a
// run with the cycle model recording, then the timed schedule, and what the user asked to
// see of it.
#include <fmt/format.h>

#include <fstream>
#include <ostream>

#include "ptoc/sim/RunDriver.h"
#include "ptoc/sim/Timing.h"

namespace ptoc::sim {

namespace {

void writeFile(const std::string& path, const std::string& text, const char* flag,
               DiagnosticEngine& diag) {
  std::ofstream os(path);
  if (!os || !(os << text)) {
    diag.error({}, fmt::format("ptoc run {}: cannot write '{}'", flag, path),
               "check that the directory exists and is writable");
    throw CompileError();
  }
}

}  // namespace

int64_t runTimed(const ir::Program& program, const ir::Function& entry, std::vector<Value> inputs,
                 const RunOptions& options, DiagnosticEngine& diag, std::ostream& out,
                 RunResult* result, const std::string& context) {
  timing::Timeline tl(options.arch);
  tl.mainCore = entry.funcType == ir::FunctionType::AIC ? timing::Core::AIC : timing::Core::AIV0;
  {
    timing::TimelineScope scope(&tl);
    RunResult r = runEntry(program, entry, std::move(inputs), diag, context);
    if (result) *result = std::move(r);
  }
  timing::Schedule sch = timing::schedule(tl.segments(), tl.table());
  if (!options.sources) return sch.total;
  const SourceManager& sm = *options.sources;
  timing::Stats st = timing::computeStats(tl.segments(), sch, sm);
  if (options.stats) {
    out << fmt::format("[{}] ", target::archName(options.arch));
    timing::printStats(out, st);
  }
  if (!options.traceFile.empty())
    writeFile(options.traceFile, timing::traceJson(tl.segments(), sch, sm), "--trace", diag);
  if (!options.reportFile.empty())
    writeFile(options.reportFile,
              timing::reportHtml(tl.segments(), sch, st, sm,
                                 fmt::format("ptoc cycle model: {} ({}, {} cycles)", entry.name,
                                             target::archName(options.arch), sch.total)),
              "--report", diag);
  return sch.total;
}

int compareCommand(const ir::Program& a, const std::string& labelA, const ir::Program& b,
                   const std::string& labelB, const RunOptions& options, DiagnosticEngine& diag,
                   std::ostream& out) {
  RunOptions quiet = options;
  quiet.stats = false;
  quiet.traceFile.clear();
  quiet.reportFile.clear();
  auto one = [&](const ir::Program& p, const std::string& label, int64_t* total) {
    const ir::Function& entry = selectEntry(p, options.entry, diag);
    PreparedInputs in = prepareInputs(entry, options, diag);
    timing::Timeline tl(options.arch);
    tl.mainCore = entry.funcType == ir::FunctionType::AIC ? timing::Core::AIC : timing::Core::AIV0;
    {
      timing::TimelineScope scope(&tl);
      runEntry(p, entry, std::move(in.values), diag, fmt::format("{}: ", label));
    }
    timing::Schedule sch = timing::schedule(tl.segments(), tl.table());
    *total = sch.total;
    if (options.sources) {
      timing::Stats st = timing::computeStats(tl.segments(), sch, *options.sources);
      std::string cores;
      for (int c = 0; c < timing::kCores; ++c)
        if (st.coreUsed[c])
          cores += fmt::format("  {} busy {} (V {}, M {}, path {})",
                               timing::coreName(static_cast<timing::Core>(c)), st.coreBusy[c],
                               st.pipeBusy[c][static_cast<int>(Pipe::V)],
                               st.pipeBusy[c][static_cast<int>(Pipe::M)], st.pathByCore[c]);
      out << fmt::format("{:<40} {:>9} cycles{}\n", label, sch.total, cores);
    }
    return entry.name;
  };
  int64_t ta = 0, tb = 0;
  std::string name = one(a, labelA, &ta);
  one(b, labelB, &tb);
  out << fmt::format("[{}] {}: {} cycles against {} cycles: speedup {:.2f}x\n",
                     target::archName(options.arch), name, ta, tb,
                     ta > 0 ? static_cast<double>(tb) / static_cast<double>(ta) : 0.0);
  return 0;
}

}  // namespace ptoc::sim
