// Split-pipeline throughput: lower-auto-vector-split and the passes and property
// verifiers around it, on a generated mixed cube/vector kernel of N statements.
//
// The kernel (generateKernel): a cube prologue (Mat loads, moves to Left/Right,
// matmul into Acc), the C->V boundary `h = pl.move(acc, target_memory=pl.Mem.Vec,
// ...)`, then N vector statements in SSA form cycling through vector loads at
// distinct row offsets, elementwise ops chaining the last few values, row
// reductions, row_expand ops, stores at distinct offsets, pl.range loops with an
// iter_arg, ifs with vector work in both arms, and every 64 statements a V->C
// round trip (cast, move to Left, matmul, store of the Acc result).
//  - InCore form: `@pl.function(type=InCore)` with `pl.func_attr({"split": UP_DOWN})`,
//    the direct input of lower-auto-vector-split.
//  - Opaque form: the same body inside `with pl.at(CORE_GROUP,
//    optimizations=[pl.split(UP_DOWN)])`, vector loads and the boundary move
//    without memory / layout keywords, the input of the whole pipeline.
// The program is parsed (and the earlier passes run) outside the timed region.
//
// Benchmarks (sizes N = 25k, 100k, 400k; items = statements, so items/s is
// statements/s; compare N and 4N for linearity — the time ratio should be ~4):
//  - BM_LowerAutoVectorSplit/N: the pass alone on the InCore form.
//  - BM_Pipeline_<pass>/N: each pass of convert-to-ssa, outline-incore-scopes,
//    infer-tile-memory-space, resolve-backend-op-layouts, lower-auto-vector-split
//    on the output of the previous ones (Opaque form), each timed separately.
//  - BM_Pipeline_{expand-mixed-kernel,split-vector-kernel,stamp-tfree-split}/N: the
//    passes after it (the `compile` pipeline), each on the previous ones' output;
//    BM_CompilePassManager/N: the whole `compile` pipeline through PassManager.
//  - BM_PipelinePassManager/N: the whole pipeline through PassManager, including
//    the property verification it does between passes (no --verify-each);
//    BM_PipelinePassManagerVerifyEach/N: the same with --verify-each.
//  - BM_Verify_<Property>_{in,out}/N: one property verifier on the input (InCore
//    form) or the output of lower-auto-vector-split.
// The output program of a timed run is released outside the timed region.
//
// Run:  build-rel/bench/PassBench --benchmark_filter=LowerAuto
//       (configure a separate build dir with -DCMAKE_BUILD_TYPE=Release -DPTOC_BENCH=ON).
// Other modes:
//  - `PassBench --emit=incore|opaque N` prints the generated kernel (for `ptoc opt`
//    / `ptoc check` on a small N).
//  - `PassBench --measure=WHAT[,WHAT...] N` prepares the inputs and runs each WHAT once
//    inside the function `ptoc_bench_measured` (prints wall / CPU ms and page faults);
//    under callgrind each WHAT is dumped as its own part (callgrind.h client requests),
//    for noise-free instruction counts:
//      valgrind --tool=callgrind --collect-atstart=no --toggle-collect=ptoc_bench_measured
//        build-rel/bench/PassBench --measure=lower-auto-vector-split 100000
//    WHAT is a pipeline pass name (`lower-auto-vector-split` runs on the InCore form,
//    the others on the Opaque form after the passes before them), `pipeline`
//    (PassManager), `pipeline-verify-each`, `compile` / `compile-verify-each` (the
//    whole `ptoc compile` pipeline), or `verify:<Property>:in|out`; `warm:WHAT` runs WHAT
//    once untimed first and releases its result. Each line gives wall and CPU time (and
//    the system part: page faults on this machine's fresh memory, bench/README.md
//    "Session 11"), page faults, and from jemalloc the bytes allocated, the peak of live
//    bytes, the bytes still held after it (the result), and the peak resident growth.
// Figures before / after the issue-8 speed work, and what changed: bench/README.md.
// Allocator effects as in FrontendBench.cpp: the largest sizes run one cold
// iteration; to keep freed memory in the process use
//   GLIBC_TUNABLES=glibc.malloc.trim_threshold=4294967295:glibc.malloc.mmap_threshold=4294967295
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <sys/resource.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define PTOC_BENCH_HAVE_CALLGRIND 1
#endif

#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>

#include "ptoc/frontend/Frontend.h"
#include "ptoc/transforms/Pass.h"
#include "ptoc/transforms/PassManager.h"

// jemalloc's control interface, when the executable runs on jemalloc (weak: sanitizer
// builds link no jemalloc, and the bench then reports no allocation volume).
extern "C" int mallctl(const char*, void*, size_t*, void*, size_t) __attribute__((weak));

namespace {

using ptoc::IRProperty;
using ptoc::ir::ProgramPtr;

constexpr int kTile = 64;  // vector tiles are [64, 64] FP32; UP_DOWN halves them to [32, 64]

/// Emits the vector part of the kernel: about `n` statements at `indent`.
class KernelWriter {
 public:
  KernelWriter(std::string indent, bool opaque) : in_(std::move(indent)), opaque_(opaque) {}

  std::string body;
  int statements = 0;
  int xRows = 0;  // rows of x the loads read
  int yRows = 0;  // rows of y the stores write
  std::string yLast = "y";

  void prologue() {
    line(
        "a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), "
        "target_memory=pl.Mem.Left)");
    line(
        "b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), "
        "target_memory=pl.Mem.Right)");
    line(
        "w_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), "
        "target_memory=pl.Mem.Right)");
    line("acc = pl.matmul(a_l, b_r)");
    line(opaque_ ? "h = pl.move(acc, target_memory=pl.Mem.Vec)"
                 : "h = pl.move(acc, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, "
                   "slayout=pl.TileLayout.none_box)");
    recent_ = {"h", "h", "h", "h"};
    col_ = "";
  }

  void vectorStatements(int n) {
    for (int i = 0; statements < n; ++i) unit(i);
  }

 private:
  void line(const std::string& s, int extraIndent = 0) {
    body += in_;
    body.append(static_cast<size_t>(extraIndent) * 4, ' ');
    body += s;
    body += '\n';
    ++statements;
  }
  const std::string& prev(int k = 0) const { return recent_[(head_ + 4 - k) % 4]; }
  void push(std::string v) {
    head_ = (head_ + 1) % 4;
    recent_[head_] = std::move(v);
  }
  std::string load(const std::string& row) {
    return fmt::format("pl.load(x, [{}, 0], [64, 64]{})", row,
                       opaque_ ? "" : ", target_memory=pl.Mem.Vec");
  }
  void store(const std::string& v, int i) {
    std::string y = fmt::format("y{}", i);
    line(fmt::format("{} = pl.store({}, [{}, 0], {})", y, v, yRows, yLast));
    yRows += kTile;
    yLast = y;
  }

  void unit(int i) {
    std::string v = fmt::format("v{}", i);
    switch (i % 16) {
      case 0:
      case 13:
        line(fmt::format("{} = {}", v, load(std::to_string(xRows))));
        xRows += kTile;
        push(v);
        return;
      case 1:
        line(fmt::format("{} = pl.add({}, {})", v, prev(), prev(1)));
        push(v);
        return;
      case 2:
        line(fmt::format("{} = pl.mul({}, 0.5)", v, prev()));
        push(v);
        return;
      case 3:
        col_ = fmt::format("c{}", i);
        line(fmt::format("{} = pl.row_max({})", col_, prev()));
        return;
      case 4:
        line(fmt::format("{} = pl.row_expand_sub({}, {})", v, prev(), col_));
        push(v);
        return;
      case 5:
        line(fmt::format("{} = pl.exp({})", v, prev()));
        push(v);
        return;
      case 6:
        col_ = fmt::format("c{}", i);
        line(fmt::format("{} = pl.row_sum({})", col_, prev()));
        return;
      case 7:
        line(fmt::format("{} = pl.row_expand_div({}, {})", v, prev(), col_));
        push(v);
        return;
      case 8:
        store(prev(), i);
        return;
      case 9: {
        // A loop carrying a vector accumulator; each iteration loads its own block.
        line(fmt::format("for j{0}, (s{0},) in pl.range(4, init_values=({1},)):", i, prev()));
        line(fmt::format("blk{} = {}", i, load(fmt::format("j{} * 64 + {}", i, xRows))), 1);
        line(fmt::format("nxt{0} = pl.add(s{0}, blk{0})", i), 1);
        line(fmt::format("{} = pl.yield_(nxt{})", v, i), 1);
        xRows += 4 * kTile;
        push(v);
        return;
      }
      case 10:
        line(fmt::format("{} = pl.maximum({}, {})", v, prev(), prev(2)));
        push(v);
        return;
      case 11:
        line("if flag:");
        line(fmt::format("t{} = pl.exp({})", i, prev()), 1);
        line(fmt::format("{} = pl.yield_(t{})", v, i), 1);
        body += in_ + "else:\n";
        line(fmt::format("f{} = pl.relu({})", i, prev()), 1);
        line(fmt::format("{} = pl.yield_(f{})", v, i), 1);
        push(v);
        return;
      case 12:
        line(fmt::format("{} = pl.sub({}, {})", v, prev(), prev(3)));
        push(v);
        return;
      case 14:
        line(fmt::format("{} = pl.mul({}, {})", v, prev(), prev(1)));
        push(v);
        return;
      case 15:
        if (i % 64 == 63) {
          // V->C round trip: gather to the cube, matmul, store the Acc result.
          line(fmt::format("p{} = pl.cast({}, pl.FP16)", i, prev()));
          line(fmt::format("pl{0} = pl.move(p{0}, target_memory=pl.Mem.Left)", i));
          line(fmt::format("o{0} = pl.matmul(pl{0}, w_r)", i));
          store(fmt::format("o{}", i), i);
          return;
        }
        line(fmt::format("{} = pl.relu({})", v, prev()));
        push(v);
        return;
    }
  }

  std::string in_;
  bool opaque_;
  std::array<std::string, 4> recent_;
  int head_ = 0;
  std::string col_;
};

/// The generated kernel with about `n` vector statements; `statements` gets the total.
std::string generateKernel(int n, bool opaque, int& statements) {
  KernelWriter w(opaque ? "            " : "        ", opaque);
  w.prologue();
  w.vectorStatements(n);
  statements = w.statements;
  std::string sig = fmt::format(
      "(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],\n"
      "          w: pl.Tensor[[64, 64], pl.FP16], x: pl.Tensor[[{0}, 64], pl.FP32],\n"
      "          flag: pl.Scalar[pl.BOOL],\n"
      "          y: pl.Out[pl.Tensor[[{1}, 64], pl.FP32]]) -> pl.Tensor[[{1}, 64], pl.FP32]:\n",
      std::max(w.xRows, kTile), std::max(w.yRows, kTile));
  std::string s = "import pypto.language as pl\n\n\n@pl.program\nclass Gen:\n";
  if (opaque) {
    s += "    @pl.function\n    def main" + sig;
    s += "        with pl.at(level=pl.Level.CORE_GROUP, "
         "optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):\n";
    s += w.body;
    s += fmt::format("        return {}\n", w.yLast);
  } else {
    s += "    @pl.function(type=pl.FunctionType.InCore)\n    def kernel" + sig;
    s += "        pl.func_attr({\"split\": pl.SplitMode.UP_DOWN})\n";
    s += w.body;
    s += fmt::format("        return {}\n", w.yLast);
  }
  return s;
}

const std::vector<std::string> kPipeline = {
    "convert-to-ssa",      "outline-incore-scopes",      "infer-tile-memory-space",
    "lower-acc-zero-init", "resolve-backend-op-layouts", "lower-auto-vector-split"};
/// The whole `compile` pipeline: kPipeline, then the expansion into AIC + AIV + Group.
const std::vector<std::string> kCompile = [] {
  std::vector<std::string> v = kPipeline;
  v.insert(v.end(), {"expand-mixed-kernel", "split-vector-kernel", "stamp-tfree-split"});
  return v;
}();

/// A parsed program that keeps its source alive (spans point into the buffer).
struct Parsed {
  std::unique_ptr<ptoc::SourceManager> sm = std::make_unique<ptoc::SourceManager>();
  std::unique_ptr<ptoc::DiagnosticEngine> diag = std::make_unique<ptoc::DiagnosticEngine>(*sm);
  ProgramPtr program;
  int statements = 0;
};

Parsed parseKernel(int n, bool opaque) {
  Parsed p;
  std::string src = generateKernel(n, opaque, p.statements);
  uint32_t id = p.sm->addBuffer(opaque ? "gen_opaque.py" : "gen_incore.py", src);
  p.program = ptoc::frontend::parseProgram(*p.sm, id, *p.diag);
  return p;
}

std::unique_ptr<ptoc::Pass> createPass(const std::string& name) {
  auto pass = ptoc::PassRegistry::instance().create(name);
  if (!pass) throw std::runtime_error("unknown pass " + name);
  return pass;
}

ProgramPtr runPass(const std::string& name, const ProgramPtr& in, ptoc::DiagnosticEngine& diag) {
  auto pass = createPass(name);
  ptoc::PassContext ctx{diag};
  return pass->run(in, ctx);
}

/// Inputs of each pipeline stage for one size, built on first use and reused by every
/// benchmark of that size (the benchmarks are registered size by size).
struct Stages {
  int n = -1;
  bool haveOpaque = false, haveIncore = false;
  Parsed opaque;  // stage k input = opaqueStages[k]
  std::vector<ProgramPtr> opaqueStages;
  Parsed incore;  // input of lower-auto-vector-split alone
  ProgramPtr incoreLowered;
};

Stages& stagesFor(int n, bool opaque) {
  static Stages s;
  if (s.n != n) {
    s = Stages{};
    s.n = n;
  }
  if (opaque && !s.haveOpaque) {
    s.opaque = parseKernel(n, true);
    s.opaqueStages = {s.opaque.program};
    for (size_t k = 0; k + 1 < kCompile.size(); ++k)
      s.opaqueStages.push_back(runPass(kCompile[k], s.opaqueStages.back(), *s.opaque.diag));
    s.haveOpaque = true;
  }
  if (!opaque && !s.haveIncore) {
    s.incore = parseKernel(n, false);
    s.incoreLowered = runPass("lower-auto-vector-split", s.incore.program, *s.incore.diag);
    s.haveIncore = true;
  }
  return s;
}

void setCounters(benchmark::State& state, int statements) {
  state.SetItemsProcessed(state.iterations() * statements);
  state.counters["statements"] = statements;
}

void timePass(benchmark::State& state, const std::string& name, const ProgramPtr& in,
              ptoc::DiagnosticEngine& diag, int statements) {
  auto pass = createPass(name);
  ptoc::PassContext ctx{diag};
  pass->run(in, ctx);  // untimed warm-up (see the header: cold vs warm)
  for (auto _ : state) {
    ProgramPtr out = pass->run(in, ctx);
    benchmark::DoNotOptimize(out.get());
    state.PauseTiming();
    out.reset();
    state.ResumeTiming();
  }
  setCounters(state, statements);
}

void BM_LowerAutoVectorSplit(benchmark::State& state) {
  Stages& s = stagesFor(static_cast<int>(state.range(0)), false);
  timePass(state, "lower-auto-vector-split", s.incore.program, *s.incore.diag, s.incore.statements);
}

void BM_PipelinePass(benchmark::State& state, size_t k) {
  Stages& s = stagesFor(static_cast<int>(state.range(0)), true);
  timePass(state, kCompile[k], s.opaqueStages[k], *s.opaque.diag, s.opaque.statements);
}

ProgramPtr runPassManager(const ProgramPtr& in, ptoc::DiagnosticEngine& diag,
                          bool verifyEach = false, bool compile = false) {
  std::ostringstream dump;
  ptoc::PassManagerOptions options;
  options.verifyEach = verifyEach;
  ptoc::PassManager pm(options, dump);
  if (!pm.addPasses(compile ? kCompile : kPipeline, diag)) throw std::runtime_error("bad pipeline");
  ProgramPtr out = pm.run(in, diag);
  if (!out) throw std::runtime_error("the pipeline failed: " + dump.str());
  return out;
}

void BM_PipelinePassManager(benchmark::State& state, bool verifyEach, bool compile = false) {
  Stages& s = stagesFor(static_cast<int>(state.range(0)), true);
  runPassManager(s.opaque.program, *s.opaque.diag, verifyEach, compile);  // untimed warm-up
  for (auto _ : state) {
    ProgramPtr out = runPassManager(s.opaque.program, *s.opaque.diag, verifyEach, compile);
    benchmark::DoNotOptimize(out.get());
    state.PauseTiming();
    out.reset();
    state.ResumeTiming();
  }
  setCounters(state, s.opaque.statements);
}

void BM_Verify(benchmark::State& state, IRProperty p, bool output) {
  Stages& s = stagesFor(static_cast<int>(state.range(0)), false);
  const ProgramPtr& prog = output ? s.incoreLowered : s.incore.program;
  ptoc::verifyProperty(p, *prog, *s.incore.diag);  // untimed warm-up
  for (auto _ : state) {
    bool ok = ptoc::verifyProperty(p, *prog, *s.incore.diag);
    if (!ok) {
      state.SkipWithError("verification failed");
      break;
    }
  }
  setCounters(state, s.incore.statements);
}

const std::vector<int> kSizes = {25000, 100000, 400000};
const std::vector<IRProperty> kVerified = {IRProperty::SSAForm, IRProperty::AivSplitValid,
                                           IRProperty::TileMemoryInferred, IRProperty::UseAfterDef,
                                           IRProperty::StructuredCtrlFlow};

void registerBenchmarks() {
  // Size-major order, so each size's stages are built once (see stagesFor).
  for (int n : kSizes) {
    auto reg = [n](const std::string& name, auto fn) {
      benchmark::RegisterBenchmark(name.c_str(), fn)->Arg(n)->Unit(benchmark::kMillisecond);
    };
    reg("BM_LowerAutoVectorSplit", BM_LowerAutoVectorSplit);
    for (size_t k = 0; k < kCompile.size(); ++k)
      reg("BM_Pipeline_" + kCompile[k], [k](benchmark::State& st) { BM_PipelinePass(st, k); });
    reg("BM_PipelinePassManager", [](benchmark::State& st) { BM_PipelinePassManager(st, false); });
    reg("BM_CompilePassManager",
        [](benchmark::State& st) { BM_PipelinePassManager(st, false, true); });
    reg("BM_PipelinePassManagerVerifyEach",
        [](benchmark::State& st) { BM_PipelinePassManager(st, true); });
    for (IRProperty p : kVerified)
      for (bool out : {false, true}) {
        // AivSplitValid is invalidated by the pass: only its input is verified.
        if (out && p == IRProperty::AivSplitValid) continue;
        reg(fmt::format("BM_Verify_{}_{}", ptoc::propertyName(p), out ? "out" : "in"),
            [p, out](benchmark::State& st) { BM_Verify(st, p, out); });
      }
  }
}

// ---- --measure: one run inside a named function (callgrind --toggle-collect) ----------------

std::function<void()> gMeasured;

}  // namespace

extern "C" __attribute__((noinline)) void ptoc_bench_measured() {
  gMeasured();
  asm volatile("" ::: "memory");
}

namespace {

int measureOne(const std::string& target, int n) {
  // "warm:WHAT" runs WHAT once untimed and releases its result first, so the measured run
  // reuses memory the process already has instead of faulting in fresh pages.
  const bool warm = target.rfind("warm:", 0) == 0;
  const std::string what = warm ? target.substr(5) : target;
  std::shared_ptr<const void> keep;  // the result, released after the measured region
  const bool opaque = what != "lower-auto-vector-split" && what.rfind("verify:", 0) != 0;
  Stages& s = stagesFor(n, opaque);
  if (what == "lower-auto-vector-split") {
    gMeasured = [&] { keep = runPass(what, s.incore.program, *s.incore.diag); };
  } else if (what == "pipeline") {
    gMeasured = [&] { keep = runPassManager(s.opaque.program, *s.opaque.diag); };
  } else if (what == "compile") {
    gMeasured = [&] { keep = runPassManager(s.opaque.program, *s.opaque.diag, false, true); };
  } else if (what == "compile-verify-each") {
    gMeasured = [&] { keep = runPassManager(s.opaque.program, *s.opaque.diag, true, true); };
  } else if (what == "pipeline-verify-each") {
    gMeasured = [&] { keep = runPassManager(s.opaque.program, *s.opaque.diag, true); };
  } else if (what.rfind("verify:", 0) == 0) {
    std::string rest = what.substr(7);
    bool out = rest.size() > 4 && rest.substr(rest.size() - 4) == ":out";
    std::string prop = rest.substr(0, rest.find(':'));
    const IRProperty* found = nullptr;
    for (const IRProperty& p : kVerified)
      if (ptoc::propertyName(p) == prop) found = &p;
    if (!found) {
      std::cerr << "unknown property " << prop << "\n";
      return 1;
    }
    IRProperty p = *found;
    const ProgramPtr& prog = out ? s.incoreLowered : s.incore.program;
    gMeasured = [&s, &prog, p] {
      if (!ptoc::verifyProperty(p, *prog, *s.incore.diag)) throw std::runtime_error("failed");
    };
  } else {
    size_t k = 0;
    while (k < kCompile.size() && kCompile[k] != what) ++k;
    if (k == kCompile.size()) {
      std::cerr << "unknown --measure target " << what << "\n";
      return 1;
    }
    gMeasured = [&, k] { keep = runPass(what, s.opaqueStages[k], *s.opaque.diag); };
  }
  auto cpuMs = [] {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 +
           (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
  };
  auto sysMs = [] {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_stime.tv_sec * 1e3 + u.ru_stime.tv_usec / 1e3;
  };
  // Bytes this thread allocated so far (jemalloc's thread.allocated), or 0.
  auto threadStat = [](const char* name) {
    uint64_t v = 0;
    size_t len = sizeof v;
    if (mallctl == nullptr || mallctl(name, &v, &len, nullptr, 0) != 0) return 0.0;
    return static_cast<double>(v);
  };
  auto allocated = [&] { return threadStat("thread.allocated"); };
  auto live = [&] { return allocated() - threadStat("thread.deallocated"); };
  // A field of /proc/self/status in MB (VmRSS: resident now, VmHWM: peak resident).
  auto statusMb = [](const char* field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
      if (line.rfind(field, 0) == 0) return std::stod(line.substr(std::strlen(field) + 1)) / 1024;
    return 0.0;
  };
  auto faults = [] {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt + u.ru_majflt;
  };
  if (warm) {
    gMeasured();
    keep.reset();
  }
#ifdef PTOC_BENCH_HAVE_CALLGRIND
  CALLGRIND_ZERO_STATS;
#endif
  auto t0 = std::chrono::steady_clock::now();
  double c0 = cpuMs();
  double s0 = sysMs();
  double a0 = allocated();
  double l0 = live();
  if (mallctl != nullptr) mallctl("thread.peak.reset", nullptr, nullptr, nullptr, 0);
  double rss0 = statusMb("VmRSS");
  std::ofstream("/proc/self/clear_refs") << "5";  // resets VmHWM to the current RSS
  long f0 = faults();
  ptoc_bench_measured();
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  double cpu = cpuMs() - c0;
  double sys = sysMs() - s0;
  double mb = (allocated() - a0) / (1 << 20);
  double kept = (live() - l0) / (1 << 20);  // the result (and anything else still held)
  double peak = statusMb("VmHWM") - rss0;
  double livePeak = 0;  // jemalloc's thread.peak: the highest allocated - deallocated since reset
  if (mallctl != nullptr) {
    uint64_t v = 0;
    size_t len = sizeof v;
    if (mallctl("thread.peak.read", &v, &len, nullptr, 0) == 0)
      livePeak = static_cast<double>(v) / (1 << 20);
  }
  long pf = faults() - f0;
#ifdef PTOC_BENCH_HAVE_CALLGRIND
  CALLGRIND_DUMP_STATS_AT(target.c_str());
#endif
  std::cout << fmt::format(
      "{} N={} statements={} : wall {:.1f} ms, cpu {:.1f} ms (system {:.1f}), {} page faults, "
      "{:.1f} MB allocated, peak live +{:.1f} MB, result {:.1f} MB, peak resident +{:.1f} MB\n",
      target, n, opaque ? s.opaque.statements : s.incore.statements, ms, cpu, sys, pf, mb, livePeak,
      kept, peak);
  return 0;
}

/// `targets` is a comma-separated list; each is measured (and, under callgrind, dumped
/// as its own profile part) in turn on inputs prepared once.
int measure(const std::string& targets, int n) {
  size_t start = 0;
  while (start <= targets.size()) {
    size_t end = targets.find(',', start);
    if (end == std::string::npos) end = targets.size();
    if (int rc = measureOne(targets.substr(start, end - start), n)) return rc;
    start = end + 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  ptoc::registerAllPasses();
  if (argc == 3 && std::strncmp(argv[1], "--emit=", 7) == 0) {
    int statements = 0;
    std::string mode = argv[1] + 7;
    std::cout << generateKernel(std::stoi(argv[2]), mode == "opaque", statements);
    std::cerr << statements << " statements\n";
    return 0;
  }
  if (argc == 3 && std::strncmp(argv[1], "--measure=", 10) == 0) {
    try {
      return measure(argv[1] + 10, std::stoi(argv[2]));
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << "\n";
      return 1;
    }
  }
  registerBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
