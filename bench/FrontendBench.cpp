// Front-end throughput: parse + bind + print of a generated `pl` program with N
// statements (tile ops, scalar arithmetic, loops with iter_args, ifs). Reports
// statements/s (items) and source MB/s (bytes); compare N and 4N for linearity.
//
// Allocator effects: the largest sizes run a single (cold) iteration, and after
// the smaller sizes have run, glibc's dynamic trim threshold makes it hand the
// freed heap back to the kernel after every large iteration, so each one pays
// page faults for its whole working set (up to a third of the CPU time at
// 400000). To measure the front end alone, keep freed memory in the process:
//   GLIBC_TUNABLES=glibc.malloc.trim_threshold=4294967295:glibc.malloc.mmap_threshold=4294967295
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "ptoc/frontend/Frontend.h"
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

void BM_ParseBindPrint(benchmark::State& state) {
  int statements = 0;
  std::string src = generateProgram(static_cast<int>(state.range(0)), statements);
  size_t printed = 0;
  for (auto _ : state) {
    ptoc::SourceManager sm;
    ptoc::DiagnosticEngine diag(sm);
    uint32_t id = sm.addBuffer("gen.py", src);
    auto program = ptoc::frontend::parseProgram(sm, id, diag);
    std::string out = ptoc::ir::printProgram(*program);
    printed = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * statements);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(src.size()));
  state.counters["statements"] = statements;
  state.counters["printed_bytes"] = static_cast<double>(printed);
}

void BM_ParseOnly(benchmark::State& state) {
  int statements = 0;
  std::string src = generateProgram(static_cast<int>(state.range(0)), statements);
  for (auto _ : state) {
    ptoc::SourceManager sm;
    ptoc::DiagnosticEngine diag(sm);
    uint32_t id = sm.addBuffer("gen.py", src);
    auto program = ptoc::frontend::parseProgram(sm, id, diag);
    benchmark::DoNotOptimize(program.get());
  }
  state.SetItemsProcessed(state.iterations() * statements);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(src.size()));
}

}  // namespace

BENCHMARK(BM_ParseBindPrint)->Arg(25000)->Arg(100000)->Arg(400000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseOnly)->Arg(100000)->Arg(400000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
