// Front-end throughput: parse + bind + print (+ free) of a generated `pl` program
// with N statements (tile ops, scalar arithmetic, loops with iter_args, ifs), each
// phase timed on its own with the thread's CPU clock. After the Google Benchmark
// output, main() prints per size the ms of each phase, their sum, statements/s and
// time(4N)/time(N), in two tables:
//  - warm: BM_Frontend, 3 runs in one process after an untimed warm-up;
//  - cold: one run per fresh process (`FrontendBench --once=N`, best of 3), as one
//    `ptoc` invocation pays it, with the resident memory parse and bind add.
// `--no-cold` skips the cold table. `--rounds=K [--sizes=...]` instead runs the sizes
// interleaved, K rounds, and prints medians (for this noisy shared machine: a burst of
// load then slows every size alike). Figures, profile and analysis: bench/README.md.
//
// Allocator effects: in the warm loop, after a large program is freed glibc's
// dynamic trim threshold can make it hand the freed heap back to the kernel, so
// the next run pays page faults for its whole IR again (79k faults per run at
// 400000 against 4.6k at 100000); the cold table pays them at every size. To see
// the front end without them, keep freed memory in the process:
//   GLIBC_TUNABLES=glibc.malloc.trim_threshold=4294967295:glibc.malloc.mmap_threshold=4294967295
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/frontend/Parser.h"
#include "ptoc/ir/Printer.h"

namespace {

/// A program of about `n` statements in one InCore function.
std::string generateProgram(int n, int& statements) {
  std::string s =
      "import pypto.language as pl\n\n@pl.program\nclass Gen:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def f(self, x: pl.Tensor[[16, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):\n"
      "        t0 = pl.load(x, [0, 0], [16, 64])\n        c0 = k + 1\n";
  statements = 2;
  int i = 1;
  while (statements < n) {
    if (i % 16 == 0) {
      s += fmt::format(
          "        for j{0}, (acc{0},) in pl.range(4, init_values=(t{1},)):\n"
          "            u{0} = pl.add(acc{0}, t{1})\n"
          "            acc_out{0} = pl.yield_(u{0})\n"
          "        if c{1} > 3:\n"
          "            w{0} = pl.yield_(c{1} * 2)\n"
          "        else:\n"
          "            w{0} = pl.yield_(c{1} + 5)\n"
          "        t{0} = pl.mul(acc_out{0}, t{1})\n        c{0} = w{0} // 2\n",
          i, i - 1);
      statements += 9;
    } else {
      s += fmt::format("        t{0} = pl.add(t{1}, 2.0)\n        c{0} = (c{1} + {0}) % 7\n", i,
                       i - 1);
      statements += 2;
    }
    ++i;
  }
  s += fmt::format("        return\n");
  return s;
}

/// CPU time of the calling thread in seconds (user + system, so page faults count;
/// other processes on a loaded machine do not).
double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

long minorFaults() {
  rusage ru{};
  getrusage(RUSAGE_THREAD, &ru);
  return ru.ru_minflt;
}

/// Seconds of thread CPU time per phase of one front-end run.
struct Phases {
  double parse = 0;  // source buffer + lexer + parser → syntax tree
  double bind = 0;   // syntax tree → IR program (name binding, type deduction)
  double print = 0;  // IR program → text
  double free = 0;   // releasing the syntax tree, the program and the text
  double faults = 0;
  double astBytes = 0;  // memory touched by parse (source copy, syntax tree); cold runs only
  double irBytes = 0;   // memory touched by bind (the IR program); cold runs only
  double sum() const { return parse + bind + print + free; }
};

/// Resident memory of the process in bytes. Its growth over a phase of a cold run
/// (a fresh process) is the memory the phase touched.
double residentBytes() {
  long pages = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE));
}

Phases runOnce(const std::string& src, size_t& printed) {
  Phases p;
  long f0 = minorFaults();
  double h0 = residentBytes();
  double t0 = threadCpuSeconds();
  {
    ptoc::SourceManager sm;
    ptoc::DiagnosticEngine diag(sm);
    uint32_t id = sm.addBuffer("gen.py", src);
    std::unique_ptr<ptoc::frontend::Module> module = ptoc::frontend::parseModule(sm, id, diag);
    p.parse = threadCpuSeconds() - t0;
    double h1 = residentBytes();  // (untimed)
    double t1 = threadCpuSeconds();
    ptoc::ir::ProgramPtr program = ptoc::frontend::bindProgram(sm, *module, diag);
    p.bind = threadCpuSeconds() - t1;
    double h2 = residentBytes();
    double t2 = threadCpuSeconds();
    std::string out = ptoc::ir::printProgram(*program);
    double t3 = threadCpuSeconds();
    p.print = t3 - t2;
    printed = out.size();
    benchmark::DoNotOptimize(out.data());
    p.astBytes = h1 - h0;
    p.irBytes = h2 - h1;
    t0 = t3;
  }
  p.free = threadCpuSeconds() - t0;
  p.faults = static_cast<double>(minorFaults() - f0);
  return p;
}

/// Per-size figures (phases, statements) for the summaries printed by main().
using Results = std::map<int64_t, std::pair<Phases, int>>;

/// The averages of the last BM_Frontend run of each size (warm: in-process repeats).
Results& results() {
  static Results r;
  return r;
}

/// parse + bind + print (+ free) of an N-statement program, each phase timed on
/// its own. One untimed warm-up run first, so every size is measured warm.
void BM_Frontend(benchmark::State& state) {
  int statements = 0;
  std::string src = generateProgram(static_cast<int>(state.range(0)), statements);
  size_t printed = 0;
  runOnce(src, printed);  // warm-up
  Phases total;
  for (auto _ : state) {
    Phases p = runOnce(src, printed);
    state.SetIterationTime(p.sum());
    total.parse += p.parse;
    total.bind += p.bind;
    total.print += p.print;
    total.free += p.free;
    total.faults += p.faults;
    total.astBytes = p.astBytes;
    total.irBytes = p.irBytes;
  }
  double n = static_cast<double>(state.iterations());
  Phases avg{total.parse / n,  total.bind / n, total.print / n, total.free / n,
             total.faults / n, total.astBytes, total.irBytes};
  results()[state.range(0)] = {avg, statements};
  state.SetItemsProcessed(state.iterations() * statements);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(src.size()));
  state.counters["parse_ms"] = avg.parse * 1e3;
  state.counters["bind_ms"] = avg.bind * 1e3;
  state.counters["print_ms"] = avg.print * 1e3;
  state.counters["free_ms"] = avg.free * 1e3;
  state.counters["faults"] = avg.faults;
  state.counters["statements"] = statements;
  state.counters["printed_bytes"] = static_cast<double>(printed);
}

/// The figures: per phase ms, statements/s of the sum, and time(4N)/time(N).
void printSummary(const Results& r, const char* title, bool withMemory) {
  if (r.empty()) return;
  auto row = [&](const char* name, double Phases::*field) {
    fmt::print("{:<18}", name);
    for (const auto& [n, p] : r)
      fmt::print("{:>10.1f}", field ? p.first.*field * 1e3 : p.first.sum() * 1e3);
    for (const auto& [n, p] : r) {
      auto four = r.find(4 * n);
      if (four == r.end()) continue;
      double a = field ? p.first.*field : p.first.sum();
      double b = field ? four->second.first.*field : four->second.first.sum();
      fmt::print("{:>10.2f}", a > 0 ? b / a : 0.0);
    }
    fmt::print("\n");
  };
  fmt::print("\nFront end, {}: thread CPU ms per run (N = statements)\n{:<18}", title, "phase");
  for (const auto& [n, p] : r) fmt::print("{:>10}", n);
  for (const auto& [n, p] : r)
    if (r.count(4 * n)) fmt::print("{:>10}", fmt::format("{}x/{}", 4 * n / 1000, n / 1000));
  fmt::print("\n");
  row("parse", &Phases::parse);
  row("bind", &Phases::bind);
  row("print", &Phases::print);
  row("free", &Phases::free);
  row("sum", nullptr);
  fmt::print("{:<18}", "M statements/s");
  for (const auto& [n, p] : r) fmt::print("{:>10.2f}", p.second / p.first.sum() * 1e-6);
  fmt::print("\n{:<18}", "page faults");
  for (const auto& [n, p] : r) fmt::print("{:>10.0f}", p.first.faults);
  if (withMemory) {
    fmt::print("\n{:<18}", "parse RSS B/stmt");
    for (const auto& [n, p] : r) fmt::print("{:>10.0f}", p.first.astBytes / p.second);
    fmt::print("\n{:<18}", "bind RSS B/stmt");
    for (const auto& [n, p] : r) fmt::print("{:>10.0f}", p.first.irBytes / p.second);
  }
  fmt::print("\n");
}

/// `--once=N`: one cold run (a fresh process, like one `ptoc` invocation) printed
/// as one line of numbers for runCold().
int runOnceMode(int n) {
  int statements = 0;
  std::string src = generateProgram(n, statements);
  size_t printed = 0;
  Phases p = runOnce(src, printed);
  fmt::print("{} {} {} {} {} {} {} {}\n", p.parse, p.bind, p.print, p.free, p.faults, p.astBytes,
             p.irBytes, statements);
  return 0;
}

/// Runs `self --once=N` `repeats` times per size and keeps the fastest run.
Results runCold(const char* self, const Results& sizes, int repeats) {
  Results out;
  for (const auto& [n, unused] : sizes) {
    for (int k = 0; k < repeats; ++k) {
      std::string cmd = fmt::format("'{}' --once={}", self, n);
      FILE* f = popen(cmd.c_str(), "r");
      if (!f) continue;
      Phases p;
      int statements = 0;
      int got = fscanf(f, "%lf %lf %lf %lf %lf %lf %lf %d", &p.parse, &p.bind, &p.print, &p.free,
                       &p.faults, &p.astBytes, &p.irBytes, &statements);
      pclose(f);
      if (got != 8) continue;
      auto it = out.find(n);
      if (it == out.end() || p.sum() < it->second.first.sum()) out[n] = {p, statements};
    }
  }
  return out;
}

/// `--rounds=K [--sizes=N1,N2,...]`: the sizes interleaved, K rounds of one warm run per
/// size (after one untimed run of each), so that a burst of load on this shared machine
/// hits every size alike instead of one size's consecutive runs. Prints per size the
/// median over the rounds of each phase and of parse + bind + print (the issue's
/// measure), and per round time(4N)/time(N) of parse + bind + print.
int runRounds(int rounds, std::vector<int> sizes) {
  struct Size {
    int n = 0;
    int statements = 0;
    std::string src;
    std::vector<Phases> runs;
  };
  std::vector<Size> all;
  size_t printed = 0;
  for (int n : sizes) {
    Size s;
    s.n = n;
    s.src = generateProgram(n, s.statements);
    runOnce(s.src, printed);  // warm-up
    all.push_back(std::move(s));
  }
  for (int r = 0; r < rounds; ++r)
    for (Size& s : all) s.runs.push_back(runOnce(s.src, printed));
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
  };
  auto pbp = [](const Phases& p) { return p.parse + p.bind + p.print; };
  auto column = [&](const Size& s, auto field) {
    std::vector<double> v;
    for (const Phases& p : s.runs) v.push_back(field(p));
    return median(v);
  };
  fmt::print(
      "Front end, interleaved ({} rounds, each size once per round, after a warm-up): "
      "median thread CPU ms per run\n{:<22}",
      rounds, "phase");
  for (const Size& s : all) fmt::print("{:>10}", s.n);
  fmt::print("\n");
  auto row = [&](const char* name, auto field) {
    fmt::print("{:<22}", name);
    for (const Size& s : all) fmt::print("{:>10.1f}", column(s, field) * 1e3);
    fmt::print("\n");
  };
  row("parse", [](const Phases& p) { return p.parse; });
  row("bind", [](const Phases& p) { return p.bind; });
  row("print", [](const Phases& p) { return p.print; });
  row("free", [](const Phases& p) { return p.free; });
  row("parse+bind+print", pbp);
  row("sum", [](const Phases& p) { return p.sum(); });
  fmt::print("{:<22}", "M stmt/s (p+b+p)");
  for (const Size& s : all) fmt::print("{:>10.2f}", s.statements / column(s, pbp) * 1e-6);
  fmt::print("\n");
  for (const Size& s : all)
    for (const Size& four : all) {
      if (four.n != 4 * s.n) continue;
      std::vector<double> ratios;
      for (int r = 0; r < rounds; ++r) ratios.push_back(pbp(four.runs[r]) / pbp(s.runs[r]));
      fmt::print("time({})/time({}) of parse+bind+print per round:", four.n, s.n);
      for (double x : ratios) fmt::print(" {:.2f}", x);
      fmt::print("  (median {:.2f})\n", median(ratios));
    }
  return 0;
}

}  // namespace

BENCHMARK(BM_Frontend)
    ->Arg(25000)
    ->Arg(100000)
    ->Arg(400000)
    ->Iterations(3)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
  if (argc == 2 && std::strncmp(argv[1], "--once=", 7) == 0)
    return runOnceMode(std::atoi(argv[1] + 7));
  if (argc >= 2 && std::strncmp(argv[1], "--rounds=", 9) == 0) {
    std::vector<int> sizes = {25000, 100000, 400000};
    if (argc == 3 && std::strncmp(argv[2], "--sizes=", 8) == 0) {
      sizes.clear();
      for (const char* p = argv[2] + 8; *p;) {
        sizes.push_back(std::atoi(p));
        while (*p && *p != ',') ++p;
        if (*p == ',') ++p;
      }
    }
    bool sizesOk =
        !sizes.empty() && std::all_of(sizes.begin(), sizes.end(), [](int n) { return n > 0; });
    if ((argc == 3 && std::strncmp(argv[2], "--sizes=", 8) != 0) || argc > 3 || !sizesOk) {
      std::fprintf(stderr, "usage: FrontendBench --rounds=K [--sizes=N1,N2,...] (N > 0)\n");
      return 1;
    }
    return runRounds(std::max(1, std::atoi(argv[1] + 9)), sizes);
  }
  bool cold = true;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--no-cold") == 0) {
      cold = false;
      for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
      --argc;
      break;
    }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::fflush(stdout);
  printSummary(results(), "warm (3 runs in one process after a warm-up)", false);
  if (cold) {
    std::fflush(stdout);
    printSummary(runCold(argv[0], results(), 3), "cold (one run per fresh process, best of 3)",
                 true);
  }
  return 0;
}
