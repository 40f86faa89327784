// ptoc — the command-line driver. Thin: parses flags, calls the library, maps
// outcomes to exit codes (0 ok, 1 error in the user's input, 2 internal error).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string_view>

#include "ptoc/codegen/PtoEmitter.h"
#include "ptoc/frontend/Frontend.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/StructuralEqual.h"
#include "ptoc/ops/OpCatalog.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/sim/RunDriver.h"
#include "ptoc/target/PtoasPlacement.h"
#include "ptoc/transforms/PassManager.h"

namespace {

using namespace ptoc;

std::vector<std::string> splitList(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (c != ' ') {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

struct Driver {
  SourceManager sm;
  DiagnosticEngine diag{sm};
  std::vector<std::string> defines;  // --define NAME=VALUE
  std::vector<std::unique_ptr<frontend::Module>> defineModules;

  ir::ProgramPtr load(const std::string& path) {
    std::string text;
    if (!readFileOrStdin(path, text)) {
      diag.error(Span{}, fmt::format("cannot read '{}'", path), "check the path");
      throw CompileError();
    }
    uint32_t id = sm.addBuffer(path == "-" ? "<stdin>" : path, std::move(text));
    if (defineModules.empty())
      for (const auto& s : defines) defineModules.push_back(frontend::parseDefine(sm, s, diag));
    std::vector<const frontend::Module*> mods;
    for (const auto& m : defineModules) mods.push_back(m.get());
    return frontend::parseProgram(sm, id, diag, mods);
  }
};

int runFmt(Driver& d, const std::string& file, bool verifyRoundTrip) {
  auto program = d.load(file);
  std::cout << ir::printProgram(*program);
  std::cout.flush();
  if (verifyRoundTrip) ptoc::verifyRoundTrip(*program, "input");
  return 0;
}

/// PTOC_VERIFY_ROUNDTRIP=1 in the environment turns --verify-roundtrip on (the lit suite
/// sets it for every test).
bool roundTripFromEnvironment() {
  const char* v = std::getenv("PTOC_VERIFY_ROUNDTRIP");
  return v && *v && std::string_view(v) != "0";
}

int runOpt(Driver& d, const std::string& file, const std::string& passes,
           const PassManagerOptions& opts) {
  auto program = d.load(file);
  PassManager pm(opts, std::cout);
  if (!pm.addPasses(splitList(passes), d.diag)) return 1;
  program = pm.run(program, d.diag);
  std::cout << ir::printProgram(*program);
  return 0;
}

/// Whether a statement tree holds a SIMD-VF region (`pl.simd_vf` / `T.SimdVF`).
bool hasSimdVfRegion(const ir::StmtPtr& s) {
  if (!s) return false;
  switch (s->kind) {
    case ir::StmtKind::SimdVfScope:
      return true;
    case ir::StmtKind::Seq:
      for (const auto& c : static_cast<const ir::SeqStmt&>(*s).stmts)
        if (hasSimdVfRegion(c)) return true;
      return false;
    case ir::StmtKind::For:
      return hasSimdVfRegion(static_cast<const ir::ForStmt&>(*s).body);
    case ir::StmtKind::While:
      return hasSimdVfRegion(static_cast<const ir::WhileStmt&>(*s).body);
    case ir::StmtKind::If:
      return hasSimdVfRegion(static_cast<const ir::IfStmt&>(*s).thenBody) ||
             hasSimdVfRegion(static_cast<const ir::IfStmt&>(*s).elseBody);
    case ir::StmtKind::InCoreScope:
      return hasSimdVfRegion(static_cast<const ir::InCoreScopeStmt&>(*s).body);
    case ir::StmtKind::SplitAivScope:
      return hasSimdVfRegion(static_cast<const ir::SplitAivScopeStmt&>(*s).body);
    default:
      return false;
  }
}

/// `ptoc compile`: the whole pipeline (`compile`), then the IR (--emit=ir) or the PTO MLIR
/// text (--emit=pto; a program with SIMD-VF regions is vectorized by `simdvf` first) to stdout
/// or to OUT.
int runCompile(Driver& d, const std::string& file, const PassManagerOptions& opts,
               const std::string& emit, const std::string& out) {
  auto program = d.load(file);
  PassManager pm(opts, std::cout);
  std::vector<std::string> pipeline = {"compile"};
  if (emit == "pto")
    for (const auto& f : program->functions)
      if (hasSimdVfRegion(f->body)) {
        pipeline.insert(pipeline.begin(), "simdvf");
        break;
      }
  if (!pm.addPasses(pipeline, d.diag)) return 1;
  program = pm.run(program, d.diag);
  std::string text;
  if (emit == "pto") {
    auto pto = codegen::emitPto(*program, {opts.arch}, d.diag);
    if (!pto) return 1;
    text = std::move(*pto);
  } else {
    text = ir::printProgram(*program);
  }
  if (out.empty() || out == "-") {
    std::cout << text;
    return 0;
  }
  std::ofstream os(out);
  if (!os || !(os << text)) {
    d.diag.error({}, fmt::format("ptoc compile: cannot write '{}'", out),
                 "check that the directory exists and is writable");
    return 1;
  }
  return 0;
}

/// `ptoc plan-memory FILE.pto`: where PTOAS v0.27's PlanMemory would place each function's
/// local buffers and its reserve_buffer (target/PtoasPlacement.h); exit 1 when some function
/// would be rejected.
int runPlanMemory(Driver& d, const std::string& file, target::Arch arch, bool verbose) {
  std::ifstream is(file);
  if (!is) {
    d.diag.error({}, fmt::format("ptoc plan-memory: cannot read '{}'", file),
                 "give a PTO file (ptoc compile --emit=pto -o FILE.pto)");
    return 1;
  }
  std::stringstream ss;
  ss << is.rdbuf();
  auto p = target::predictPtoasPlacement(ss.str(), arch);
  std::cout << target::renderPrediction(p, verbose);
  for (const auto& f : p)
    if (!f.accepted()) return 3;
  return 0;
}

int runRun(Driver& d, const std::string& file, const sim::RunOptions& opts,
           const std::string& outDir) {
  auto program = d.load(file);
  return sim::runCommand(*program, opts, outDir, d.diag, std::cout);
}

int runCheck(Driver& d, const std::string& file, const std::string& passes,
             const PassManagerOptions& pmOpts, const sim::RunOptions& opts,
             const sim::CompareOptions& cmp) {
  auto before = d.load(file);
  PassManager pm(pmOpts, std::cout);
  if (!pm.addPasses(splitList(passes), d.diag)) return 1;
  auto after = pm.run(before, d.diag);
  return sim::checkCommand(*before, *after, passes, opts, cmp, d.diag, std::cout);
}

/// `ptoc compare`: the program after `passes` against the program after `against` (of FILE,
/// or of `againstFile` when given), both timed by the cycle model.
int runCompare(Driver& d, const std::string& file, const std::string& passes,
               const std::string& against, const std::string& againstFile,
               const PassManagerOptions& pmOpts, const sim::RunOptions& opts) {
  auto lower = [&](const std::string& path, const std::string& list) {
    auto program = d.load(path);
    PassManager pm(pmOpts, std::cout);
    if (!list.empty() && !pm.addPasses(splitList(list), d.diag)) throw CompileError();
    return pm.run(program, d.diag);
  };
  auto a = lower(file, passes);
  auto b = lower(againstFile.empty() ? file : againstFile, against);
  auto label = [](const std::string& flag, const std::string& list, const std::string& f) {
    return fmt::format("{}{}", list.empty() ? "as written" : flag + "=" + list,
                       f.empty() ? "" : " of " + f);
  };
  std::string labelA = label("--passes", passes, "");
  std::string labelB = label("--against", against, againstFile);
  return sim::compareCommand(*a, labelA, *b, labelB, opts, d.diag, std::cout);
}

int runEqual(Driver& d, const std::string& a, const std::string& b) {
  auto pa = d.load(a);
  auto pb = d.load(b);
  ir::EqualResult r = ir::structuralEqual(*pa, *pb);
  if (r.equal) {
    std::cout << "equal\n";
    return 0;
  }
  std::cout << "not equal: " << r.message << "\n";
  std::cout << "  " << d.diag.formatLocation(r.lhsSpan) << ": left side\n";
  std::cout << "  " << d.diag.formatLocation(r.rhsSpan) << ": right side\n";
  return 1;
}

int runPasses() {
  for (const auto& n : PassRegistry::instance().names()) {
    auto p = PassRegistry::instance().create(n);
    std::cout << fmt::format("{}\n  {}\n  required:    {}\n  produced:    {}\n  invalidated: {}\n",
                             n, p->description(), p->required().toString(),
                             p->produced().toString(), p->invalidated().toString());
  }
  for (const auto& [n, p] : PassRegistry::instance().pipelines())
    std::cout << fmt::format("{} (pipeline)\n  {}\n  passes:      {}\n", n, p.description,
                             fmt::join(p.passes, ","));
  return 0;
}

int runOps(const std::string& format) {
  const OpRegistry& registry = OpRegistry::instance();
  std::cout << (format == "markdown" ? ops::opCatalogMarkdown(registry)
                                     : ops::opCatalogText(registry));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ptoc: compiler and simulator for PTO tile kernels"};
  app.require_subcommand(1);
  std::string diagFormat = "text";
  PassManagerOptions pmOpts;
  std::vector<std::string> printAfter;
  std::string arch = "a5";
  app.add_option("--diagnostics", diagFormat, "diagnostics format")
      ->check(CLI::IsMember({"text", "json"}));
  auto addPassFlags = [&](CLI::App* sub) {
    sub->add_flag("--print-after-all", pmOpts.printAfterAll, "print the IR after every pass");
    sub->add_option("--print-after", printAfter, "print the IR after the named pass(es)")
        ->delimiter(',');
    sub->add_flag("--verify-each", pmOpts.verifyEach,
                  "verify all established properties after every pass");
    sub->add_flag("--time-passes", pmOpts.timePasses, "report the time of each pass");
    sub->add_flag("--verify-roundtrip", pmOpts.verifyRoundTrip,
                  "after every pass, print the IR, parse it back and compare (internal error on "
                  "a difference)");
    sub->add_option("--diagnostics", diagFormat, "diagnostics format")
        ->check(CLI::IsMember({"text", "json"}));
    sub->add_option("--arch", arch, "target chip: a2a3 (910B / 910C) or a5 (Ascend 950, default)")
        ->check(CLI::IsMember({"a2a3", "a5"}));
  };

  std::string file, fileB, passes;
  std::vector<std::string> defines;
  auto addDefine = [&](CLI::App* sub) {
    sub->add_option("--define", defines,
                    "NAME=VALUE: a parameter of the builder function around the program, or a "
                    "module-level constant (repeatable)");
  };
  auto* fmtCmd = app.add_subcommand("fmt", "print the canonical form of a program");
  addDefine(fmtCmd);
  fmtCmd->add_option("file", file, "input file ('-' for stdin)")->required();
  fmtCmd->add_flag("--verify-roundtrip", pmOpts.verifyRoundTrip,
                   "parse the printed program back and compare (internal error on a difference)");
  fmtCmd->add_option("--diagnostics", diagFormat, "diagnostics format")
      ->check(CLI::IsMember({"text", "json"}));

  auto* optCmd = app.add_subcommand("opt", "run passes and print the result");
  addDefine(optCmd);
  optCmd->add_option("file", file, "input file ('-' for stdin)")->required();
  optCmd->add_option("--passes", passes, "comma-separated pass names");
  addPassFlags(optCmd);

  std::string emit = "ir", compileOut;
  auto* compileCmd = app.add_subcommand(
      "compile", "run the whole pipeline (natural kernel -> AIC + AIV + Group) and emit");
  addDefine(compileCmd);
  compileCmd->add_option("file", file, "input file ('-' for stdin)")->required();
  compileCmd
      ->add_option("--emit", emit,
                   "what to emit: ir (the lowered program as pl text) or pto (PTO MLIR for PTOAS)")
      ->check(CLI::IsMember({"ir", "pto"}));
  compileCmd->add_option("-o,--output", compileOut, "output file (default: stdout)");
  addPassFlags(compileCmd);

  auto* eqCmd = app.add_subcommand("equal", "structural equality of two programs (names ignored)");
  addDefine(eqCmd);
  eqCmd->add_option("a", file, "first program")->required();
  eqCmd->add_option("b", fileB, "second program")->required();
  eqCmd->add_option("--diagnostics", diagFormat, "diagnostics format")
      ->check(CLI::IsMember({"text", "json"}));

  sim::RunOptions runOpts;
  std::string scheduleName = "aic-first";
  std::string outDir;
  bool noRandom = false;
  auto addRunFlags = [&](CLI::App* sub) {
    sub->add_option("--entry", runOpts.entry, "the function to run (default: the program's entry)");
    sub->add_option("--inputs", runOpts.inputsDir, "directory of <parameter>.npy input files");
    sub->add_option("--seed", runOpts.seed, "seed of the random inputs (default 0)");
    sub->add_option("--dim", runOpts.dims,
                    "NAME=SIZE: the size of the pl.dynamic dimension NAME (repeatable)");
    sub->add_flag("--no-random-inputs", noRandom, "a parameter without an input file is an error");
    sub->add_option("--schedule", scheduleName,
                    "which core of a core group the simulator runs first: aic-first (default) or "
                    "aiv-first (exposes a vector access missing its order after a cube store); "
                    "check also takes both (each order in turn, both must match)")
        ->check(CLI::IsMember({"aic-first", "aiv-first", "both"}));
  };
  auto* runCmd = app.add_subcommand("run", "simulate a program on .npy or random inputs");
  addDefine(runCmd);
  runCmd->add_option("file", file, "input file ('-' for stdin)")->required();
  runCmd->add_option("--out", outDir, "write every output as OUT/<name>.npy");
  runCmd->add_flag("--stats", runOpts.stats,
                   "cycle model: total cycles, busy time per core and pipe, critical path, bytes");
  runCmd->add_option("--trace", runOpts.traceFile,
                     "cycle model: write a Chrome trace-event JSON file (Perfetto)");
  runCmd->add_option("--report", runOpts.reportFile,
                     "cycle model: write a self-contained HTML report");
  runCmd->add_option("--arch", arch, "cycle model target: a2a3 or a5 (default)")
      ->check(CLI::IsMember({"a2a3", "a5"}));
  runCmd->add_option("--diagnostics", diagFormat, "diagnostics format")
      ->check(CLI::IsMember({"text", "json"}));
  addRunFlags(runCmd);

  sim::CompareOptions cmpOpts;
  auto* checkCmd =
      app.add_subcommand("check", "run a program before and after passes and compare the outputs");
  addDefine(checkCmd);
  checkCmd->add_option("file", file, "input file ('-' for stdin)")->required();
  checkCmd->add_option("--passes", passes, "comma-separated pass names")->required();
  checkCmd->add_option("--rtol", cmpOpts.rtol,
                       "relative tolerance for floats (default: bit-exact)");
  checkCmd->add_option("--atol", cmpOpts.atol,
                       "absolute tolerance for floats (default: bit-exact)");
  addRunFlags(checkCmd);
  addPassFlags(checkCmd);

  std::string against, againstFile;
  auto* compareCmd = app.add_subcommand(
      "compare", "modeled cycles of two lowerings of one kernel side by side (cycle model)");
  addDefine(compareCmd);
  compareCmd->add_option("file", file, "input file ('-' for stdin)")->required();
  compareCmd->add_option("--passes", passes, "passes of the first lowering (may be empty)");
  compareCmd->add_option("--against", against, "passes of the second lowering (may be empty)");
  compareCmd->add_option("--against-file", againstFile,
                         "lower this file for the second lowering (default: FILE)");
  addRunFlags(compareCmd);
  addPassFlags(compareCmd);

  bool planVerbose = false;
  auto* planCmd = app.add_subcommand(
      "plan-memory",
      "predict PTOAS v0.27's placement of a PTO file's local buffers and pipe ring (exit 3: "
      "some function would be rejected)");
  planCmd->add_option("file", file, "PTO file (ptoc compile --emit=pto)")->required();
  planCmd->add_option("--arch", arch, "a2a3 or a5 (default)")->check(CLI::IsMember({"a2a3", "a5"}));
  planCmd->add_flag("--verbose", planVerbose, "one line per buffer: bytes, life, offset");

  auto* passesCmd = app.add_subcommand("passes", "list the passes and their properties");
  auto* opsCmd = app.add_subcommand("ops", "list the registered ops");
  std::string opsFormat = "text";
  opsCmd
      ->add_option("--format", opsFormat,
                   "text (one line per op) or markdown (docs/ops.md, generated from the registry)")
      ->check(CLI::IsMember({"text", "markdown"}));

  CLI11_PARSE(app, argc, argv);
  for (auto& p : printAfter) pmOpts.printAfter.insert(p);
  runOpts.randomMissing = !noRandom;
  runOpts.schedule =
      scheduleName == "aiv-first" ? sim::Schedule::AivFirst : sim::Schedule::AicFirst;
  const bool bothSchedules = scheduleName == "both";
  if (bothSchedules && !*checkCmd) {
    std::cerr << "error: --schedule=both runs a check once per order; `ptoc run` and `ptoc "
                 "compare` take one order\nhint: pass --schedule=aic-first or aiv-first\n";
    return 2;
  }
  if (roundTripFromEnvironment()) pmOpts.verifyRoundTrip = true;
  pmOpts.arch = *target::parseArch(arch);  // CLI11 checked the spelling
  runOpts.arch = pmOpts.arch;

  Driver d;
  d.defines = defines;
  d.diag.setFormat(diagFormat == "json" ? DiagnosticFormat::Json : DiagnosticFormat::Text);
  int rc = 0;
  try {
    registerAllPasses();
    if (*fmtCmd)
      rc = runFmt(d, file, pmOpts.verifyRoundTrip);
    else if (*optCmd)
      rc = runOpt(d, file, passes, pmOpts);
    else if (*compileCmd)
      rc = runCompile(d, file, pmOpts, emit, compileOut);
    else if (*runCmd) {
      runOpts.sources = &d.sm;
      rc = runRun(d, file, runOpts, outDir);
    } else if (*compareCmd) {
      runOpts.sources = &d.sm;
      rc = runCompare(d, file, passes, against, againstFile, pmOpts, runOpts);
    } else if (*checkCmd) {
      rc = runCheck(d, file, passes, pmOpts, runOpts, cmpOpts);
      if (rc == 0 && bothSchedules) {
        runOpts.schedule = sim::Schedule::AivFirst;
        rc = runCheck(d, file, passes, pmOpts, runOpts, cmpOpts);
      }
    } else if (*eqCmd)
      rc = runEqual(d, file, fileB);
    else if (*planCmd)
      rc = runPlanMemory(d, file, pmOpts.arch, planVerbose);
    else if (*passesCmd)
      rc = runPasses();
    else if (*opsCmd)
      rc = runOps(opsFormat);
  } catch (const CompileError&) {
    rc = 1;
  } catch (const InternalError& e) {
    std::cerr << "ptoc: internal error: " << e.what() << "\n";
    rc = 2;
  } catch (const std::exception& e) {
    std::cerr << "ptoc: internal error: unexpected exception: " << e.what() << "\n";
    rc = 2;
  }
  if (rc == 1 && d.diag.errorCount() == 0 && !*eqCmd) {
    std::cerr << "ptoc: internal error: failed without a diagnostic\n";
    rc = 2;
  }
  d.diag.finish();
  return rc;
}
