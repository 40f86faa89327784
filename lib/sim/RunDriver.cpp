// `ptoc run` / `ptoc check` as library code: entry selection, inputs from .npy files
// or seeded random values, the run with its errors as diagnostics, outputs as .npy
// files, and the one-line summaries. Output comparison is in RunCompare.cpp.
#include "ptoc/sim/RunDriver.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <ostream>
#include <set>

#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/support/Npy.h"

namespace ptoc::sim {

namespace fs = std::filesystem;

namespace {

class CalleeCollector : public ir::IRVisitor {
 public:
  std::set<std::string> callees;

 protected:
  void visitCall(const ir::Call& c) override {
    if (c.isFunctionCall()) callees.insert(c.callee);
    IRVisitor::visitCall(c);
  }
};

std::string functionList(const std::vector<const ir::Function*>& fns) {
  std::string s;
  for (const auto* f : fns) s += (s.empty() ? "" : ", ") + f->name;
  return s;
}

std::string shapeText(const std::vector<int64_t>& shape) {
  return fmt::format("[{}]", fmt::join(shape, ", "));
}

[[noreturn]] void fail(DiagnosticEngine& diag, Span span, std::string msg, std::string hint = {}) {
  diag.error(span, std::move(msg), std::move(hint));
  throw CompileError();
}

/// A parameter's value from a .npy array (shape and dtype checked against its type).
Value valueFromArray(const npy::Array& a, const ir::Var& param, const std::string& path,
                     DiagnosticEngine& diag) {
  const ir::Type& type = *param.type;
  auto wrongShape = [&](const std::string& want) {
    fail(diag, param.span,
         fmt::format("input '{}' ({}) has shape {}, but the parameter needs {}", param.name, path,
                     a.shape.empty() ? "[] (0-d)" : shapeText(a.shape), want),
         fmt::format("the parameter is {}", ir::typeToString(type)));
  };
  auto toBuffer = [&](DType d) {
    try {
      return bufferFromNpy(a, d);
    } catch (const std::exception& e) {
      fail(diag, param.span, fmt::format("input '{}' ({}): {}", param.name, path, e.what()),
           fmt::format("the parameter is {}", ir::typeToString(type)));
    }
  };
  if (const auto* t = type.as<ir::TensorType>()) {
    if (a.shape != t->shape) wrongShape(shapeText(t->shape));
    return Tensor{std::make_shared<Buffer>(toBuffer(t->dtype))};
  }
  if (const auto* t = type.as<ir::TileType>()) {
    if (a.shape != t->shape) wrongShape(shapeText(t->shape));
    Tile tile = newTile(t->dtype, t->shape, {}, t->effectiveView().pad, t->memory);
    *tile.buf = toBuffer(t->dtype);
    return tile;
  }
  if (const auto* t = type.as<ir::ScalarType>()) {
    if (!a.shape.empty()) wrongShape("a 0-d array (a scalar)");
    Buffer b = toBuffer(t->dtype);
    if (t->dtype == DType::Bool) return Scalar::ofBool(b.getI(0) != 0);
    if (ir::isFloat(t->dtype)) return Scalar::ofFloat(t->dtype, b.getF(0));
    return Scalar::ofInt(t->dtype, b.getI(0));
  }
  fail(diag, param.span,
       fmt::format("parameter '{}' of type {} cannot be read from a .npy file", param.name,
                   ir::typeToString(type)));
}

void appendOutputs(std::vector<std::pair<std::string, Buffer>>& out, const std::string& name,
                   const Value& v) {
  if (v.is<TupleValue>()) {
    const auto& elems = v.get<TupleValue>().elements;
    for (size_t j = 0; j < elems.size(); ++j)
      appendOutputs(out, fmt::format("{}_{}", name, j), elems[j]);
    return;
  }
  if (auto b = bufferOfValue(v)) out.emplace_back(name, std::move(*b));
}

const char* sourceName(InputSource s) {
  switch (s) {
    case InputSource::File:
      return "file";
    case InputSource::Random:
      return "random";
    case InputSource::Zeros:
      return "zeros";
  }
  return "";
}

}  // namespace

const ir::Function& selectEntry(const ir::Program& program, const std::string& name,
                                DiagnosticEngine& diag) {
  std::vector<const ir::Function*> all;
  for (const auto& f : program.functions) all.push_back(f.get());
  if (!name.empty()) {
    if (auto f = program.find(name)) return *f;
    fail(diag, Span{}, fmt::format("the program has no function named '{}'", name),
         fmt::format("its functions: {}", functionList(all)));
  }
  if (all.empty())
    fail(diag, program.span, "the program has no function to run", "define a @pl.function to run");
  if (all.size() == 1) return *all[0];
  std::vector<const ir::Function*> orch, roots;
  CalleeCollector calls;
  for (const auto* f : all) {
    if (f->funcType == ir::FunctionType::Orchestration) orch.push_back(f);
    calls.visitStmt(f->body);
  }
  if (orch.size() == 1) return *orch[0];
  for (const auto* f : all)
    if (!calls.callees.count(f->name)) roots.push_back(f);
  if (roots.size() == 1) return *roots[0];
  const auto& candidates = roots.empty() ? all : roots;
  fail(diag, Span{},
       fmt::format("cannot choose the entry function: {} are not called by another function",
                   functionList(candidates)),
       "name it with --entry NAME");
}

PreparedInputs prepareInputs(const ir::Function& entry, const RunOptions& options,
                             DiagnosticEngine& diag) {
  if (!options.inputsDir.empty() && !fs::is_directory(options.inputsDir))
    fail(diag, Span{}, fmt::format("input directory '{}' does not exist", options.inputsDir),
         "--inputs names a directory holding <parameter>.npy files");
  PreparedInputs in;
  for (size_t i = 0; i < entry.params.size(); ++i) {
    const ir::Var& p = *entry.params[i];
    if (const auto* t = p.type->as<ir::TensorType>(); t && t->distributed)
      fail(diag, p.span,
           fmt::format("the simulator does not model distributed tensors (parameter '{}' is {})",
                       p.name, ir::typeToString(*p.type)),
           "simulate one rank's kernel with a pl.Tensor parameter instead");
    if (p.type->isa<ir::HandleType>() ||
        (ir::elementDType(*p.type) && ir::isUnmodeledDType(*ir::elementDType(*p.type))))
      fail(diag, p.span,
           fmt::format("the simulator does not model parameter '{}' of type {}", p.name,
                       ir::typeToString(*p.type)),
           "simulate a kernel whose parameters are tensors, tiles and scalars of modeled dtypes");
    ir::ParamDirection dir =
        i < entry.directions.size() ? entry.directions[i] : ir::ParamDirection::In;
    std::string path;
    if (!options.inputsDir.empty())
      path = (fs::path(options.inputsDir) / (p.name + ".npy")).string();
    if (!path.empty() && fs::exists(path)) {
      npy::Array a;
      try {
        a = npy::readFile(path);
      } catch (const std::exception& e) {
        fail(diag, p.span,
             fmt::format("cannot read input '{}' from {}: {}", p.name, path, e.what()));
      }
      in.values.push_back(valueFromArray(a, p, path, diag));
      in.sources.push_back(InputSource::File);
      continue;
    }
    if (!options.randomMissing)
      fail(diag, p.span,
           fmt::format("missing input for parameter '{}'{}", p.name,
                       path.empty() ? " (no --inputs directory)" : fmt::format(": no {}", path)),
           fmt::format("write {}.npy ({}) into the --inputs directory, or allow random inputs",
                       p.name, ir::typeToString(*p.type)));
    if (dir == ir::ParamDirection::Out) {
      in.values.push_back(zeroValue(*p.type));
      in.sources.push_back(InputSource::Zeros);
    } else {
      in.values.push_back(randomValue(*p.type, options.seed, i));
      in.sources.push_back(InputSource::Random);
    }
  }
  return in;
}

RunResult runEntry(const ir::Program& program, const ir::Function& entry, std::vector<Value> inputs,
                   DiagnosticEngine& diag, const std::string& context) {
  Interpreter interp(program);
  try {
    return interp.run(entry, std::move(inputs));
  } catch (const SimErrorWithNotes& e) {
    diag.report(Diagnostic{Severity::Error, e.span, context + e.what(), e.notes, e.hint});
  } catch (const SimError& e) {
    diag.report(Diagnostic{Severity::Error, e.span, context + e.what(), {}, e.hint});
  }
  throw CompileError();
}

std::vector<NamedOutput> collectOutputs(const ir::Function& entry, const RunResult& result) {
  std::vector<NamedOutput> out;
  for (size_t i = 0; i < entry.params.size() && i < result.params.size(); ++i) {
    ir::ParamDirection dir =
        i < entry.directions.size() ? entry.directions[i] : ir::ParamDirection::In;
    if (dir == ir::ParamDirection::In) continue;
    out.push_back({entry.params[i]->name, result.params[i], entry.params[i]->span});
  }
  for (size_t k = 0; k < result.returns.size(); ++k)
    out.push_back({fmt::format("return_{}", k), result.returns[k], entry.span});
  return out;
}

std::optional<Buffer> bufferOfValue(const Value& v) {
  if (v.is<Tensor>() && v.get<Tensor>().buf) return *v.get<Tensor>().buf;
  if (v.is<Tile>() && v.get<Tile>().buf) return *v.get<Tile>().buf;
  if (v.is<Scalar>()) {
    const Scalar& s = v.get<Scalar>();
    Buffer b(s.dtype, {});
    if (s.isFloat())
      b.setF(0, s.f);
    else
      b.setI(0, s.i);
    return b;
  }
  if (v.is<VReg>()) {
    const VReg& r = v.get<VReg>();
    Buffer b(r.dtype, {static_cast<int64_t>(r.lanes.size())});
    for (size_t i = 0; i < r.lanes.size(); ++i) b.setF(static_cast<int64_t>(i), r.lanes[i]);
    return b;
  }
  if (v.is<Mask>()) {
    const Mask& m = v.get<Mask>();
    Buffer b(DType::Bool, {static_cast<int64_t>(m.lanes.size())});
    for (size_t i = 0; i < m.lanes.size(); ++i) b.setI(static_cast<int64_t>(i), m.lanes[i]);
    return b;
  }
  return std::nullopt;
}

std::vector<std::string> writeOutputs(const std::vector<NamedOutput>& outputs,
                                      const std::string& outDir, DiagnosticEngine& diag) {
  std::error_code ec;
  fs::create_directories(outDir, ec);
  if (ec || !fs::is_directory(outDir))
    fail(diag, Span{},
         fmt::format("cannot create the output directory '{}': {}", outDir,
                     ec ? ec.message() : "not a directory"));
  std::vector<std::pair<std::string, Buffer>> arrays;
  for (const auto& o : outputs) appendOutputs(arrays, o.name, o.value);
  std::vector<std::string> written;
  for (const auto& [name, buf] : arrays) {
    std::string file = name + ".npy";
    try {
      npy::writeFile((fs::path(outDir) / file).string(), toNpy(buf));
    } catch (const std::exception& e) {
      fail(diag, Span{},
           fmt::format("cannot write {}: {}", (fs::path(outDir) / file).string(), e.what()));
    }
    written.push_back(file);
  }
  return written;
}

int runCommand(const ir::Program& program, const RunOptions& options, const std::string& outDir,
               DiagnosticEngine& diag, std::ostream& out) {
  const ir::Function& entry = selectEntry(program, options.entry, diag);
  PreparedInputs in = prepareInputs(entry, options, diag);
  auto t0 = std::chrono::steady_clock::now();
  RunResult result;
  if (options.timing())
    runTimed(program, entry, std::move(in.values), options, diag, out, &result);
  else
    result = runEntry(program, entry, std::move(in.values), diag);
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::vector<NamedOutput> outputs = collectOutputs(entry, result);

  std::string inputs;
  bool anyRandom = false;
  for (size_t i = 0; i < entry.params.size(); ++i) {
    anyRandom = anyRandom || in.sources[i] == InputSource::Random;
    inputs +=
        fmt::format("{}{} ({})", i ? ", " : "", entry.params[i]->name, sourceName(in.sources[i]));
  }
  std::string outs;
  if (outDir.empty()) {
    for (const auto& o : outputs) outs += (outs.empty() ? "" : ", ") + o.name;
    outs = outputs.empty() ? "no outputs" : "outputs " + outs + " (not written: no --out)";
  } else {
    std::vector<std::string> files = writeOutputs(outputs, outDir, diag);
    outs = files.empty() ? "no outputs"
                         : fmt::format("wrote {} to {}", fmt::join(files, ", "), outDir);
  }
  out << fmt::format("ran {} in {:.3f} ms; inputs: {}{}; {}\n", entry.name, ms,
                     inputs.empty() ? "none" : inputs,
                     anyRandom ? fmt::format(" [seed {}]", options.seed) : "", outs);
  return 0;
}

int checkCommand(const ir::Program& before, const ir::Program& after, const std::string& passes,
                 const RunOptions& options, const CompareOptions& compare, DiagnosticEngine& diag,
                 std::ostream& out) {
  const ir::Function& entry = selectEntry(before, options.entry, diag);
  ir::FunctionPtr afterEntry = after.find(entry.name);
  if (!afterEntry)
    fail(diag, entry.span,
         fmt::format("the program after the passes has no function '{}' to compare with",
                     entry.name),
         "name a function both programs have with --entry");
  PreparedInputs in = prepareInputs(entry, options, diag);

  // The same inputs for both runs, matched by parameter name (a pass may add parameters).
  std::vector<Value> beforeArgs, afterArgs;
  for (const auto& v : in.values) beforeArgs.push_back(deepCopy(v));
  for (size_t i = 0; i < afterEntry->params.size(); ++i) {
    const ir::Var& p = *afterEntry->params[i];
    std::optional<Value> match;
    for (size_t j = 0; j < entry.params.size(); ++j)
      if (entry.params[j]->name == p.name) match = deepCopy(in.values[j]);
    if (!match) {
      bool isOut =
          i < afterEntry->directions.size() && afterEntry->directions[i] == ir::ParamDirection::Out;
      match = isOut ? zeroValue(*p.type) : randomValue(*p.type, options.seed, 1000 + i);
    }
    afterArgs.push_back(std::move(*match));
  }
  RunResult rb = runEntry(before, entry, std::move(beforeArgs), diag, "before the passes: ");
  RunResult ra = runEntry(after, *afterEntry, std::move(afterArgs), diag, "after the passes: ");
  CompareResult cr =
      compareOutputs(collectOutputs(entry, rb), collectOutputs(*afterEntry, ra), compare);
  std::string mode =
      compare.rtol || compare.atol
          ? fmt::format("rtol={}, atol={}", compare.rtol.value_or(0.0), compare.atol.value_or(0.0))
          : "bit-exact";
  if (!cr.equal) {
    diag.error(cr.span, fmt::format("check failed after --passes={}: {}", passes, cr.message),
               fmt::format("compared {} (seed {}); print the IR with `ptoc opt --passes={} "
                           "--print-after-all`",
                           mode, options.seed, passes));
    return 1;
  }
  out << fmt::format(
      "check ok: {} gives the same {} output(s) before and after --passes={} ({}, "
      "seed {})\n",
      entry.name, cr.outputsCompared, passes, mode, options.seed);
  return 0;
}

}  // namespace ptoc::sim
