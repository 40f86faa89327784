// Simulator throughput: an elementwise tile op (tile.add, FP32), an FP16 matmul (FP32
// accumulation), the scalar reference of a SIMD element loop (interpreter overhead per
// element) and a C->V pipe round trip through the core-group runtime (task switches).
// After the benchmarks, the same elementwise and matmul ops are timed with numpy in the
// same run (when a python3 with numpy is found) and the ratio ptoc / numpy is printed.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/sim/Interpreter.h"

namespace {

using namespace ptoc;

struct Loaded {
  SourceManager sm;
  DiagnosticEngine diag{sm};
  ir::ProgramPtr program;
};

std::unique_ptr<Loaded> load(const std::string& src) {
  auto l = std::make_unique<Loaded>();
  uint32_t id = l->sm.addBuffer("bench.py", "import pypto.language as pl\n\n" + src);
  l->program = frontend::parseProgram(l->sm, id, l->diag);
  return l;
}

sim::Value tileArg(const ir::Function& f, size_t i, uint64_t seed) {
  return sim::randomValue(*f.params[i]->type, seed, i);
}

void BM_SimElementwiseAdd(benchmark::State& state) {
  int64_t n = state.range(0);
  auto l = load(fmt::format(
      "@pl.function(type=pl.FunctionType.AIV)\n"
      "def add(a: pl.Tile[[{0}, {0}], pl.FP32, pl.Mem.Vec], b: pl.Tile[[{0}, {0}], pl.FP32, "
      "pl.Mem.Vec]) -> pl.Tile[[{0}, {0}], pl.FP32, pl.Mem.Vec]:\n"
      "    return pl.tile.add(a, b)\n",
      n));
  const ir::Function& f = *l->program->functions[0];
  sim::Interpreter interp(*l->program);
  std::vector<sim::Value> args = {tileArg(f, 0, 1), tileArg(f, 1, 1)};
  for (auto _ : state) {
    sim::RunResult r = interp.run(f, args);
    benchmark::DoNotOptimize(r.returns.data());
  }
  state.SetItemsProcessed(state.iterations() * n * n);
}
BENCHMARK(BM_SimElementwiseAdd)->Arg(128)->Arg(512)->Unit(benchmark::kMicrosecond);

void BM_SimMatmulFp16(benchmark::State& state) {
  int64_t n = state.range(0);
  auto l = load(fmt::format(
      "@pl.function(type=pl.FunctionType.AIC)\n"
      "def mm(a: pl.Tile[[{0}, {0}], pl.FP16, pl.Mem.Left], b: pl.Tile[[{0}, {0}], pl.FP16, "
      "pl.Mem.Right]) -> pl.Tile[[{0}, {0}], pl.FP32, pl.Mem.Acc]:\n"
      "    return pl.tile.matmul(a, b)\n",
      n));
  const ir::Function& f = *l->program->functions[0];
  sim::Interpreter interp(*l->program);
  std::vector<sim::Value> args = {tileArg(f, 0, 2), tileArg(f, 1, 2)};
  for (auto _ : state) {
    sim::RunResult r = interp.run(f, args);
    benchmark::DoNotOptimize(r.returns.data());
  }
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);  // flops
}
BENCHMARK(BM_SimMatmulFp16)->Arg(64)->Arg(128)->Arg(256)->Unit(benchmark::kMicrosecond);

void BM_SimSimdScalarLoop(benchmark::State& state) {
  auto l = load(
      "@pl.function(type=pl.FunctionType.AIV)\n"
      "def relu(a: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec], y: pl.Out[pl.Tile[[64, 64], pl.FP32, "
      "pl.Mem.Vec]]):\n"
      "    with pl.simd_vf(lanes=64):\n"
      "        for i in pl.parallel(64):\n"
      "            for j in pl.parallel(64):\n"
      "                v = a[i, j]\n"
      "                if v > 0.0:\n"
      "                    y[i, j] = v\n"
      "                else:\n"
      "                    y[i, j] = v * 0.01\n");
  const ir::Function& f = *l->program->functions[0];
  sim::Interpreter interp(*l->program);
  std::vector<sim::Value> args = {tileArg(f, 0, 3), tileArg(f, 1, 3)};
  for (auto _ : state) interp.run(f, args);
  state.SetItemsProcessed(state.iterations() * 64 * 64);
}
BENCHMARK(BM_SimSimdScalarLoop)->Unit(benchmark::kMicrosecond);

void BM_SimPipeRoundTrip(benchmark::State& state) {
  int64_t pushes = state.range(0);
  auto l = load(fmt::format(R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def g_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        c2v = pl.system.import_peer_buffer(name="c2v", peer_func="g_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        for i in pl.range({0}):
            pl.tile.tpush_to_aiv(t, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def g_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        for i in pl.range({0}):
            h: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
            pl.system.tfree_to_aic(h)

    @pl.function(type=pl.FunctionType.Group)
    def g(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.g_aic(x)
        self.g_aiv(x)
)",
                            pushes));
  const ir::Function& g = *l->program->find("g");
  sim::Interpreter interp(*l->program);
  std::vector<sim::Value> args = {sim::randomValue(*g.params[0]->type, 4, 0)};
  for (auto _ : state) interp.run(g, args);
  state.SetItemsProcessed(state.iterations() * pushes);  // transfers
}
BENCHMARK(BM_SimPipeRoundTrip)->Arg(64)->Unit(benchmark::kMicrosecond);

/// Keeps the mean real time per iteration (seconds) of every benchmark run.
class CapturingReporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> seconds;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs)
      if (r.run_type == Run::RT_Iteration && r.iterations > 0)
        seconds[r.benchmark_name()] = r.GetAdjustedRealTime() / 1e6;  // reported in us
    ConsoleReporter::ReportRuns(runs);
  }
};

const char* kNumpyScript = R"(
import sys, time
import numpy as np
def best(f, budget=0.3):
    f(); t_end = time.perf_counter() + budget; b = 1e9; n = 0
    while time.perf_counter() < t_end or n < 3:
        t = time.perf_counter(); f(); b = min(b, time.perf_counter() - t); n += 1
    return b
r = np.random.default_rng(0)
for n in (128, 512):
    a = r.uniform(-1, 1, (n, n)).astype(np.float32); b = r.uniform(-1, 1, (n, n)).astype(np.float32)
    print("BM_SimElementwiseAdd/%d %.9g" % (n, best(lambda: a + b)))
for n in (64, 128, 256):
    a = r.uniform(-1, 1, (n, n)).astype(np.float16); b = r.uniform(-1, 1, (n, n)).astype(np.float16)
    print("BM_SimMatmulFp16/%d %.9g" % (n, best(lambda: a.astype(np.float32) @ b.astype(np.float32))))
)";

/// Times the same ops with numpy (the first python3 that imports it) and prints ratios.
void compareWithNumpy(const std::map<std::string, double>& ours) {
  std::string path = "/tmp/ptoc_simbench_numpy.py";
  if (FILE* f = std::fopen(path.c_str(), "w")) {
    std::fputs(kNumpyScript, f);
    std::fclose(f);
  } else {
    return;
  }
  for (const char* py : {"python3", "/usr/bin/python3"}) {
    std::string cmd = fmt::format("{} {} 2>/dev/null", py, path);
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) continue;
    std::map<std::string, double> numpy;
    char name[128];
    double secs;
    while (std::fscanf(p, "%127s %lf", name, &secs) == 2) numpy[name] = secs;
    int rc = pclose(p);
    if (rc != 0 || numpy.empty()) continue;
    std::printf("\nptoc simulator vs numpy (%s), same op and size, time per call:\n", py);
    std::printf("%-28s %14s %14s %10s\n", "benchmark", "ptoc", "numpy", "ratio");
    for (const auto& [bench, np] : numpy) {
      auto it = ours.find(bench);
      if (it == ours.end()) continue;
      std::printf("%-28s %11.1f us %11.1f us %9.2fx\n", bench.c_str(), it->second * 1e6, np * 1e6,
                  it->second / np);
    }
    std::remove(path.c_str());
    return;
  }
  std::printf("\n(numpy comparison skipped: no python3 with numpy found)\n");
  std::remove(path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  CapturingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  compareWithNumpy(reporter.seconds);
  return 0;
}
