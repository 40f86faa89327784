// The module: which functions are emitted, their signatures and attributes (kernel kind,
// the Group entry), tensor views of the parameters, the Group's calls, and the A2/A3
// pipe plumbing (the FFTS base and the GM slot-buffer parameter) (docs/codegen.md §Module).
#include <fmt/format.h>

#include "FunctionEmitter.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

bool isKernel(const Function& f) {
  return f.funcType == FunctionType::AIC || f.funcType == FunctionType::AIV;
}

/// Whether the function's body calls an op with the given PTO spelling prefix.
bool usesPipe(const Function& f) {
  bool found = false;
  std::function<void(const StmtPtr&)> walkStmt;
  std::function<void(const ExprPtr&)> walkExpr = [&](const ExprPtr& e) {
    if (!e || found) return;
    if (const auto* c = e->as<Call>()) {
      if (c->op && c->op->has(OpTrait::CrossCore)) found = true;
      for (const auto& a : c->args) walkExpr(a);
    }
  };
  walkStmt = [&](const StmtPtr& s) {
    if (!s || found) return;
    switch (s->kind) {
      case StmtKind::Seq:
        for (const auto& c : static_cast<const SeqStmt&>(*s).stmts) walkStmt(c);
        break;
      case StmtKind::Assign:
        walkExpr(static_cast<const AssignStmt&>(*s).value);
        break;
      case StmtKind::Eval:
        walkExpr(static_cast<const EvalStmt&>(*s).expr);
        break;
      case StmtKind::For:
        walkStmt(static_cast<const ForStmt&>(*s).body);
        break;
      case StmtKind::If:
        walkStmt(static_cast<const IfStmt&>(*s).thenBody);
        walkStmt(static_cast<const IfStmt&>(*s).elseBody);
        break;
      case StmtKind::SimdVfScope:
        walkStmt(static_cast<const SimdVfScopeStmt&>(*s).body);
        break;
      default:
        break;
    }
  };
  walkStmt(f.body);
  return found;
}

/// The functions a Group calls.
std::vector<std::string> callees(const Function& g) {
  std::vector<std::string> out;
  std::function<void(const StmtPtr&)> walk = [&](const StmtPtr& s) {
    if (!s) return;
    if (s->kind == StmtKind::Seq)
      for (const auto& c : static_cast<const SeqStmt&>(*s).stmts) walk(c);
    const Expr* e = nullptr;
    if (s->kind == StmtKind::Eval) e = static_cast<const EvalStmt&>(*s).expr.get();
    if (s->kind == StmtKind::Assign) e = static_cast<const AssignStmt&>(*s).value.get();
    if (e)
      if (const auto* c = e->as<Call>(); c && c->isFunctionCall()) out.emplace_back(c->callee);
  };
  walk(g.body);
  return out;
}

}  // namespace

std::string FunctionEmitter::signature() {
  std::vector<std::string> params;
  bool group = fn.funcType == FunctionType::Group;
  bool a2a3Pipes = module.gmSlotFunctions.count(fn.name) > 0;
  if (group && a2a3Pipes) {
    std::string ffts = fresh("ffts");
    params.push_back(ffts + ": memref<256xi64>");
    line(fmt::format("pto.set_ffts {} : memref<256xi64>", ffts));
  }
  for (const auto& p : fn.params) {
    std::string n = fresh(p->name);
    if (const auto* t = p->type->as<TensorType>()) {
      if (!t->isStatic())
        fail(p->span,
             fmt::format("PTO emission does not support the dynamic dimension {} of parameter "
                         "'{}' ({}) yet",
                         t->firstDynamicDimText(), p->name, typeToString(*t)),
             "emit the kernel for a static shape: give the extent as a constant "
             "(ptoc --define NAME=VALUE for a module-level name)");
      if (t->view && (t->view->layout != TensorLayout::ND || !t->view->stride.empty() ||
                      !t->view->validShape.empty()))
        fail(p->span,
             fmt::format("PTO emission models dense row-major tensors only; parameter '{}' is {}",
                         p->name, typeToString(*t)),
             "drop the layout / pl.TensorView(...) from the parameter's type");
      params.push_back(fmt::format("{}: !pto.ptr<{}>", n, mlirDType(t->dtype)));
      Value v{Value::Kind::Tensor, n, "", t, n};
      if (!group) {
        std::vector<int64_t> shape = tensorViewShape(*t);
        std::vector<std::string> dims, strides;
        int64_t stride = 1;
        std::vector<int64_t> st(shape.size());
        for (size_t i = shape.size(); i-- > 0;) {
          st[i] = stride;
          stride *= shape[i];
        }
        for (size_t i = 0; i < shape.size(); ++i) {
          dims.push_back(constIndex(shape[i]));
          strides.push_back(constIndex(st[i]));
        }
        v.name = fresh(p->name + "_view");
        v.type = tensorViewType(*t);
        line(fmt::format("{} = pto.make_tensor_view {}, shape = [{}], strides = [{}] : {}", v.name,
                         n, fmt::join(dims, ", "), fmt::join(strides, ", "), v.type));
      }
      bind(p.get(), v);
    } else if (const auto* s = p->type->as<ScalarType>()) {
      params.push_back(fmt::format("{}: {}", n, scalarType(s->dtype)));
      bind(p.get(), {Value::Kind::Scalar, n, scalarType(s->dtype), s});
    } else {
      fail(p->span, "this parameter type has no PTO form",
           "kernel parameters are GM tensors and scalars");
    }
  }
  if (a2a3Pipes) {
    gmSlotBuffer = fresh("gm_slot_buffer");
    params.push_back(gmSlotBuffer + ": !pto.ptr<f32>");
  }
  std::string attrs;
  if (fn.funcType == FunctionType::AIC)
    attrs = " attributes {pto.kernel_kind = #pto.kernel_kind<cube>}";
  else if (fn.funcType == FunctionType::AIV)
    attrs = " attributes {pto.kernel_kind = #pto.kernel_kind<vector>}";
  else if (group)
    attrs = " attributes {pto.entry}";
  return fmt::format("  func.func @{}({}){}", fn.name, fmt::join(params, ", "), attrs);
}

/// The parameter a function returns as its (single) result, when it returns one unchanged
/// (kernels return their output tensors).
static int returnedParam(const Function& f) {
  const StmtPtr* last = &f.body;
  while (*last && (*last)->kind == StmtKind::Seq) {
    const auto& seq = static_cast<const SeqStmt&>(**last);
    if (seq.stmts.empty()) return -1;
    last = &seq.stmts.back();
  }
  if (!*last || (*last)->kind != StmtKind::Return) return -1;
  const auto& r = static_cast<const ReturnStmt&>(**last);
  if (r.values.size() != 1) return -1;
  for (size_t i = 0; i < f.params.size(); ++i)
    if (r.values[0].get() == f.params[i].get()) return static_cast<int>(i);
  return -1;
}

Value FunctionEmitter::emitFunctionCall(const Call& c, Span at) {
  if (fn.funcType != FunctionType::Group)
    fail(at, "a function call inside a kernel has no PTO emitter yet",
         "inline the callee into the kernel, or call kernels from a Group / Orchestration "
         "function");
  FunctionPtr callee = module.program->find(c.callee);
  if (!callee) fail(at, fmt::format("internal error: no function '{}'", c.callee), "report this");
  std::vector<std::string> args, types;
  for (size_t i = 0; i < c.args.size() && i < callee->params.size(); ++i) {
    const Type& pt = *callee->params[i]->type;
    if (const auto* t = pt.as<TensorType>()) {
      Value v = tensor(c.args[i], at);
      args.push_back(v.ptr);
      types.push_back(fmt::format("!pto.ptr<{}>", mlirDType(t->dtype)));
    } else if (const auto* s = pt.as<ScalarType>()) {
      args.push_back(scalarAs(c.args[i], s->dtype));
      types.push_back(scalarType(s->dtype));
    }
  }
  if (module.gmSlotFunctions.count(std::string(c.callee))) {
    args.push_back(gmSlotBuffer);
    types.push_back("!pto.ptr<f32>");
  }
  line(fmt::format("func.call @{}({}) : ({}) -> ()", c.callee, fmt::join(args, ", "),
                   fmt::join(types, ", ")));
  int r = returnedParam(*callee);
  if (r >= 0 && static_cast<size_t>(r) < c.args.size() &&
      callee->params[static_cast<size_t>(r)]->type->isa<TensorType>())
    return value(c.args[static_cast<size_t>(r)]);
  return {};
}

std::optional<std::string> emitPto(const Program& program, const PtoOptions& options,
                                   DiagnosticEngine& diag) {
  ModuleState m;
  m.program = &program;
  m.arch = options.arch;
  m.diag = &diag;
  std::vector<const Function*> emitted;
  for (const auto& f : program.functions) {
    if (f->funcType == FunctionType::InCore || f->funcType == FunctionType::Opaque) {
      // An Opaque function is host code; an InCore one left by the pipeline is not a kernel
      // PTOAS can run. Report the second (it holds tile work).
      if (f->funcType == FunctionType::InCore) {
        diag.error(
            f->span,
            fmt::format("InCore function '{}' was not lowered to AIC / AIV kernels", f->name),
            "run `ptoc compile` (its pipeline types every InCore function)");
        return std::nullopt;
      }
      continue;
    }
    if (isKernel(*f) || f->funcType == FunctionType::Group) emitted.push_back(f.get());
  }
  if (emitted.empty()) {
    diag.error(program.span, "the program has no kernel (AIC / AIV / Group function) to emit",
               "write the kernel as @pl.function(type=pl.FunctionType.InCore) or inside "
               "`with pl.at(level=pl.Level.CORE_GROUP)`");
    return std::nullopt;
  }
  if (options.arch == target::Arch::A2A3) {
    for (const Function* f : emitted)
      if (isKernel(*f) && usesPipe(*f)) m.gmSlotFunctions.insert(f->name);
    for (const Function* f : emitted)
      if (f->funcType == FunctionType::Group)
        for (const auto& c : callees(*f))
          if (m.gmSlotFunctions.count(c)) m.gmSlotFunctions.insert(f->name);
  }
  std::string out = "module {\n";
  try {
    for (const Function* f : emitted) {
      FunctionEmitter fe(m, *f);
      out += fe.emit();
    }
  } catch (const CompileError&) {
    return std::nullopt;
  }
  out += "}\n";
  return out;
}

const OpEmitterTable& OpEmitterTable::instance() {
  static const OpEmitterTable t = [] {
    OpEmitterTable t;
    registerTileEmitters(t);
    registerCrossCoreEmitters(t);
    registerVmiEmitters(t);
    registerPlExtraEmitters(t);
    registerArithExtraEmitters(t);
    registerGatherSortEmitters(t);
    registerNotEmitted(t);
    return t;
  }();
  return t;
}

const OpEmitFn* OpEmitterTable::find(const OpDef* op) const {
  auto it = table_.find(op);
  return it == table_.end() ? nullptr : &it->second;
}

void OpEmitterTable::add(std::string_view opName, OpEmitFn fn) {
  table_[&OpRegistry::instance().get(opName)] = std::move(fn);
}

void OpEmitterTable::addNotEmitted(std::string_view opName, std::string message, std::string hint) {
  notEmitted_.emplace_back(opName);
  add(opName, [message, hint](FunctionEmitter& fe, const Call& c) -> Value {
    fe.fail(c.span, fmt::format("{} has no PTO emitter: {}", c.op->name, message), hint);
  });
}

std::vector<std::string> OpEmitterTable::notEmitted() const { return notEmitted_; }

std::vector<std::string> OpEmitterTable::missing() const {
  std::vector<std::string> out;
  for (const OpDef* d : OpRegistry::instance().all())
    if (!find(d)) out.push_back(d->name);
  return out;
}

std::vector<std::string> opsWithoutPtoEmitter() { return OpEmitterTable::instance().missing(); }
std::vector<std::string> opsNotEmitted() { return OpEmitterTable::instance().notEmitted(); }

}  // namespace ptoc::codegen
