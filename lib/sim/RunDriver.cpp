// `ptoc run` / `ptoc check` as library code: entry selection, inputs from .npy files
// or seeded random values, the run with its errors as diagnostics, outputs as .npy
// files, and the one-line summaries. Output comparison is in RunCompare.cpp.
#include "ptoc/sim/RunDriver.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
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
    if (c.isFunctionCall()) callees.emplace(c.callee);
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

namespace {

/// The sizes of the entry's dynamic tensor dimensions: pl.dynamic dims and the integer
/// scalar parameters a tensor type names, bound from --dim, input files and scalar inputs.
class DimBindings {
 public:
  DimBindings(DiagnosticEngine& diag) : diag_(diag) {}

  void bind(const ir::Var& v, int64_t value, const std::string& from, Span at) {
    auto [it, inserted] = sizes_.try_emplace(&v, value, from);
    if (inserted || it->second.first == value) return;
    fail(diag_, at,
         fmt::format("dimension '{}' is {} from {} but {} from {}", v.name, it->second.first,
                     it->second.second, value, from),
         "give every input the same size for one dynamic dimension");
  }

  std::optional<int64_t> eval(const ir::Expr& e) const {
    if (const auto* c = e.as<ir::ConstInt>()) return c->value;
    if (const auto* v = e.as<ir::Var>()) {
      auto it = sizes_.find(v);
      if (it == sizes_.end()) return std::nullopt;
      return it->second.first;
    }
    if (const auto* b = e.as<ir::BinaryExpr>()) {
      auto l = eval(*b->lhs), r = eval(*b->rhs);
      if (!l || !r) return std::nullopt;
      switch (b->op) {
        case ir::BinaryOp::Add:
          return *l + *r;
        case ir::BinaryOp::Sub:
          return *l - *r;
        case ir::BinaryOp::Mul:
          return *l * *r;
        case ir::BinaryOp::FloorDiv:
          if (*r == 0) return std::nullopt;
          return *l / *r - ((*l % *r != 0) && ((*l < 0) != (*r < 0)) ? 1 : 0);
        case ir::BinaryOp::FloorMod:
          if (*r == 0) return std::nullopt;
          return ((*l % *r) + *r) % *r;
        case ir::BinaryOp::Min:
          return std::min(*l, *r);
        case ir::BinaryOp::Max:
          return std::max(*l, *r);
        default:
          return std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// The names an extent depends on that have no size yet.
  void unbound(const ir::Expr& e, std::vector<std::string>& out) const {
    if (const auto* v = e.as<ir::Var>()) {
      if (!sizes_.count(v) && std::find(out.begin(), out.end(), v->name) == out.end())
        out.push_back(v->name);
    } else if (const auto* b = e.as<ir::BinaryExpr>()) {
      unbound(*b->lhs, out);
      unbound(*b->rhs, out);
    }
  }

 private:
  DiagnosticEngine& diag_;
  std::map<const ir::Var*, std::pair<int64_t, std::string>> sizes_;
};

/// The dynamic dims (pl.dynamic Vars) the entry's parameter types name.
void collectDynamicDims(const ir::Expr& e, std::vector<const ir::Var*>& out) {
  if (ir::isDynamicDimVar(e)) {
    const auto* v = e.as<ir::Var>();
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  } else if (const auto* b = e.as<ir::BinaryExpr>()) {
    collectDynamicDims(*b->lhs, out);
    collectDynamicDims(*b->rhs, out);
  }
}

}  // namespace

PreparedInputs prepareInputs(const ir::Function& entry, const RunOptions& options,
                             DiagnosticEngine& diag) {
  if (!options.inputsDir.empty() && !fs::is_directory(options.inputsDir))
    fail(diag, Span{}, fmt::format("input directory '{}' does not exist", options.inputsDir),
         "--inputs names a directory holding <parameter>.npy files");
  DimBindings dims(diag);
  std::vector<const ir::Var*> dynamicDims;
  for (const auto& p : entry.params)
    if (const auto* t = p->type->as<ir::TensorType>())
      for (const auto& d : t->dims)
        if (d) collectDynamicDims(*d, dynamicDims);
  for (const std::string& arg : options.dims) {
    size_t eq = arg.find('=');
    std::string name = arg.substr(0, eq);
    int64_t value = 0;
    bool ok = eq != std::string::npos && eq > 0 && eq + 1 < arg.size();
    if (ok) {
      try {
        size_t used = 0;
        value = std::stoll(arg.substr(eq + 1), &used);
        ok = used == arg.size() - eq - 1 && value > 0;
      } catch (const std::exception&) {
        ok = false;
      }
    }
    if (!ok)
      fail(diag, Span{}, fmt::format("--dim '{}' is not NAME=SIZE with a positive SIZE", arg),
           "e.g. --dim M=128");
    auto it = std::find_if(dynamicDims.begin(), dynamicDims.end(),
                           [&](const ir::Var* v) { return v->name == name; });
    if (it == dynamicDims.end()) {
      std::string known;
      for (const auto* v : dynamicDims) known += (known.empty() ? "" : ", ") + v->name;
      fail(diag, Span{},
           fmt::format("--dim {}: the parameters of '{}' have no dynamic dimension '{}'", arg,
                       entry.name, name),
           known.empty() ? std::string("the entry function's tensor types are all static")
                         : fmt::format("its dynamic dimensions: {}", known));
    }
    dims.bind(**it, value, "--dim " + arg, Span{});
  }

  // Pass 1: the input files; they bind the dynamic dims of their tensors and the scalars.
  PreparedInputs in;
  std::vector<std::optional<Value>> values(entry.params.size());
  std::vector<std::string> paths(entry.params.size());
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
    if (!options.inputsDir.empty())
      paths[i] = (fs::path(options.inputsDir) / (p.name + ".npy")).string();
    if (paths[i].empty() || !fs::exists(paths[i])) continue;
    npy::Array a;
    try {
      a = npy::readFile(paths[i]);
    } catch (const std::exception& e) {
      fail(diag, p.span,
           fmt::format("cannot read input '{}' from {}: {}", p.name, paths[i], e.what()));
    }
    const auto* t = p.type->as<ir::TensorType>();
    if (t && !t->isStatic() && a.shape.size() == t->shape.size()) {
      // A dynamic axis takes the array's extent; the static ones must match.
      std::vector<int64_t> want = a.shape;
      for (size_t k = 0; k < want.size(); ++k) {
        if (!t->isDynamic(k)) {
          want[k] = t->shape[k];
        } else if (const auto* v = t->dims[k]->as<ir::Var>()) {
          dims.bind(*v, a.shape[k], fmt::format("input '{}' ({} axis {})", p.name, paths[i], k),
                    p.span);
        }
      }
      ir::TypePtr concrete = ir::TensorType::get(want, t->dtype);
      ir::Var typed(p.name, concrete, p.span);
      values[i] = valueFromArray(a, typed, paths[i], diag);
    } else {
      values[i] = valueFromArray(a, p, paths[i], diag);
    }
    if (const auto* st = p.type->as<ir::ScalarType>(); st && ir::isInteger(st->dtype))
      dims.bind(p, values[i]->get<Scalar>().i, fmt::format("input '{}'", p.name), p.span);
  }
  // Pass 2: the remaining parameters get random contents or zeros, sized from the bindings.
  for (size_t i = 0; i < entry.params.size(); ++i) {
    const ir::Var& p = *entry.params[i];
    if (values[i]) continue;
    if (!options.randomMissing)
      fail(diag, p.span,
           fmt::format(
               "missing input for parameter '{}'{}", p.name,
               paths[i].empty() ? " (no --inputs directory)" : fmt::format(": no {}", paths[i])),
           fmt::format("write {}.npy ({}) into the --inputs directory, or allow random inputs",
                       p.name, ir::typeToString(*p.type)));
    if (!p.type->isa<ir::ScalarType>()) continue;
    values[i] = randomValue(*p.type, options.seed, i);
    if (const auto* st = p.type->as<ir::ScalarType>(); ir::isInteger(st->dtype))
      dims.bind(p, values[i]->get<Scalar>().i, fmt::format("the random value of '{}'", p.name),
                p.span);
  }
  in.sources.assign(entry.params.size(), InputSource::File);
  for (size_t i = 0; i < entry.params.size(); ++i) {
    const ir::Var& p = *entry.params[i];
    const auto* t = p.type->as<ir::TensorType>();
    bool fromFile = !paths[i].empty() && fs::exists(paths[i]);
    if (t && !t->isStatic()) {
      std::vector<int64_t> shape = t->shape;
      for (size_t k = 0; k < shape.size(); ++k) {
        if (!t->isDynamic(k)) continue;
        auto v = dims.eval(*t->dims[k]);
        if (!v) {
          std::vector<std::string> missing;
          dims.unbound(*t->dims[k], missing);
          std::string first = missing.empty() ? std::string("M") : missing[0];
          fail(diag, p.span,
               fmt::format("axis {} of parameter '{}' ({}) has no size: {} {} not bound", k, p.name,
                           ir::typeToString(*p.type), fmt::join(missing, ", "),
                           missing.size() == 1 ? "is" : "are"),
               fmt::format("pass --dim {}=SIZE, or give {}.npy in the --inputs directory", first,
                           p.name));
        }
        if (*v <= 0 || *v > (int64_t{1} << 31))
          fail(diag, p.span,
               fmt::format("axis {} of parameter '{}' ({}) has size {}", k, p.name,
                           ir::typeToString(*p.type), *v),
               "a dynamic dimension's size is in [1, 2^31]: fix the --dim or the scalar input");
        if (fromFile && values[i]->get<Tensor>().buf->shape[k] != *v)
          fail(diag, p.span,
               fmt::format("input '{}' ({}) has extent {} on axis {}, but the parameter's type "
                           "gives {}",
                           p.name, paths[i], values[i]->get<Tensor>().buf->shape[k], k, *v),
               fmt::format("the parameter is {}", ir::typeToString(*p.type)));
        shape[k] = *v;
      }
      if (!values[i]) {
        ir::TypePtr concrete = ir::TensorType::get(shape, t->dtype);
        ir::ParamDirection dir =
            i < entry.directions.size() ? entry.directions[i] : ir::ParamDirection::In;
        values[i] = dir == ir::ParamDirection::Out ? zeroValue(*concrete)
                                                   : randomValue(*concrete, options.seed, i);
      }
    }
    if (!values[i]) {
      ir::ParamDirection dir =
          i < entry.directions.size() ? entry.directions[i] : ir::ParamDirection::In;
      values[i] = dir == ir::ParamDirection::Out ? zeroValue(*p.type)
                                                 : randomValue(*p.type, options.seed, i);
    }
    ir::ParamDirection dir =
        i < entry.directions.size() ? entry.directions[i] : ir::ParamDirection::In;
    in.sources[i] = fromFile ? InputSource::File
                    : dir == ir::ParamDirection::Out && !p.type->isa<ir::ScalarType>()
                        ? InputSource::Zeros
                        : InputSource::Random;
    in.values.push_back(std::move(*values[i]));
  }
  return in;
}

RunResult runEntry(const ir::Program& program, const ir::Function& entry, std::vector<Value> inputs,
                   DiagnosticEngine& diag, const std::string& context,
                   InterpreterOptions interpreter) {
  Interpreter interp(program, interpreter);
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
    result = runEntry(program, entry, std::move(in.values), diag, {},
                      InterpreterOptions{.schedule = options.schedule});
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
  const InterpreterOptions sim{.schedule = options.schedule};
  RunResult rb = runEntry(before, entry, std::move(beforeArgs), diag, "before the passes: ", sim);
  RunResult ra =
      runEntry(after, *afterEntry, std::move(afterArgs), diag, "after the passes: ", sim);
  CompareResult cr =
      compareOutputs(collectOutputs(entry, rb), collectOutputs(*afterEntry, ra), compare);
  std::string mode =
      compare.rtol || compare.atol
          ? fmt::format("rtol={}, atol={}", compare.rtol.value_or(0.0), compare.atol.value_or(0.0))
          : "bit-exact";
  if (!cr.equal) {
    diag.error(
        cr.span, fmt::format("check failed after --passes={}: {}", passes, cr.message),
        fmt::format("compared {} (seed {}{}); print the IR with `ptoc opt --passes={} "
                    "--print-after-all`",
                    mode, options.seed,
                    options.schedule == Schedule::AivFirst ? ", schedule aiv-first" : "", passes));
    return 1;
  }
  out << fmt::format(
      "check ok: {} gives the same {} output(s) before and after --passes={} ({}, "
      "seed {}{})\n",
      entry.name, cr.outputsCompared, passes, mode, options.seed,
      options.schedule == Schedule::AivFirst ? ", schedule aiv-first" : "");
  return 0;
}

}  // namespace ptoc::sim
