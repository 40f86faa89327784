// The IR printer, part 2: statements, functions and programs, and the public API
// (ptoc/ir/Printer.h). Emits canonical `pl` text into one output buffer (no stream
// per node) following docs/ir-text-format.md: annotations on assignments, per-function
// unique names; names, types and expressions are printed by PrinterExpr.cpp.
#include "ptoc/ir/Printer.h"

#include "PrintText.h"
#include "PrinterImpl.h"
#include "ptoc/ir/CallAttrs.h"
#include "ptoc/ir/FunctionAttrs.h"

namespace ptoc::ir {

namespace print_detail {

// ---------------------------------------------------------------------------
// Statements.

namespace {
// Prefetch distances (statements ahead) of stmts().
constexpr size_t kNear = 4, kMid = 10, kFar = 16;
}  // namespace

void Printer::stmts(const Stmt* s, int ind) {
  if (!s) return;
  if (const auto* seq = s->as<SeqStmt>()) {
    // Most statements define a new name: its probe in the (large) name table is a
    // cache miss, and so are the statement and the variable it reads the name from.
    // Three prefetch stages ahead of the statement printed hide them: the statement
    // node, then its variable, then the table slot of the variable's name.
    const std::vector<StmtPtr>& list = seq->stmts;
    size_t n = list.size();
    for (size_t i = 0; i < n; ++i) {
      if (n > kNear && !rawNames_) {
        if (i + kFar < n) __builtin_prefetch(list[i + kFar].get());
        if (i + kMid < n)
          if (const auto* a = list[i + kMid]->as<AssignStmt>()) __builtin_prefetch(&a->var->name);
        if (i + kNear < n)
          if (const auto* a = list[i + kNear]->as<AssignStmt>())
            taken_.prefetch(nameHash(a->var->name));
      }
      stmts(list[i].get(), ind);
    }
    return;
  }
  stmt(*s, ind);
}

void Printer::body(const StmtPtr& s, int ind) {
  size_t before = out_.size();
  stmts(s.get(), ind);
  if (out_.size() == before) {
    indent(ind);
    out_ += "pass\n";
  }
}

template <typename VarPtrT>
void Printer::tupleTargets(const std::vector<VarPtrT>& vs) {
  out_ += '(';
  for (size_t i = 0; i < vs.size(); ++i) {
    if (i) out_ += ", ";
    varName(*vs[i]);
  }
  if (vs.size() == 1) out_ += ',';
  out_ += ')';
}

void Printer::initValues(const std::vector<IterArgPtr>& ias) {
  out_ += "init_values=(";
  for (size_t i = 0; i < ias.size(); ++i) {
    if (i) out_ += ", ";
    if (ias[i]->init)
      expr(*ias[i]->init);
    else
      out_ += "None";
  }
  if (ias.size() == 1) out_ += ',';
  out_ += ')';
}

void Printer::yieldStmt(const YieldStmt& y) {
  const std::vector<VarPtr>* targets = yieldTargets_.empty() ? nullptr : yieldTargets_.back();
  if (targets && !targets->empty()) {
    for (size_t i = 0; i < targets->size(); ++i) {
      if (i) out_ += ", ";
      varName(*(*targets)[i]);
    }
    out_ += " = ";
  }
  out_ += "pl.yield_(";
  exprList(y.values);
  out_ += ")\n";
}

void Printer::forStmt(const ForStmt& f, int ind) {
  out_ += "for ";
  varName(*f.loopVar);
  if (!f.iterArgs.empty()) {
    out_ += ", ";
    tupleTargets(f.iterArgs);
  }
  out_ += " in pl.";
  out_ += toString(f.forKind);
  out_ += '(';
  if (!isIndexConst(f.step, 1)) {
    if (f.start)
      expr(*f.start);
    else
      out_ += '0';  // an absent start is the default 0
    out_ += ", ";
    expr(*f.stop);
    out_ += ", ";
    expr(*f.step);
  } else if (!isIndexConst(f.start, 0)) {
    expr(*f.start);
    out_ += ", ";
    expr(*f.stop);
  } else {
    expr(*f.stop);
  }
  if (!f.iterArgs.empty()) {
    out_ += ", ";
    initValues(f.iterArgs);
  }
  for (const auto& [k, v] : f.attrs) {
    if (isCallAttr(k)) continue;  // PyPTO's loop attrs={...}: one dict, below
    out_ += ", ";
    out_ += k;
    out_ += '=';
    appendAttrValue(out_, v);
  }
  callAttrDict(f.attrs, false);
  out_ += "):\n";
  yieldTargets_.push_back(&f.returnVars);
  body(f.body, ind + 1);
  yieldTargets_.pop_back();
}

void Printer::whileStmt(const WhileStmt& w, int ind) {
  yieldTargets_.push_back(&w.returnVars);
  if (w.iterArgs.empty()) {
    out_ += "while ";
    expr(*w.cond);
    out_ += ":\n";
    body(w.body, ind + 1);
  } else {
    out_ += "for ";
    tupleTargets(w.iterArgs);
    out_ += " in pl.while_(";
    initValues(w.iterArgs);
    out_ += "):\n";
    indent(ind + 1);
    out_ += "pl.cond(";
    expr(*w.cond);
    out_ += ")\n";
    stmts(w.body.get(), ind + 1);
  }
  yieldTargets_.pop_back();
}

void Printer::inCoreScope(const InCoreScopeStmt& s, int ind) {
  out_ += "with pl.at(level=pl.Level.CORE_GROUP";
  if (s.split || s.slotNum) {
    out_ += ", optimizations=[";
    if (s.split) {
      out_ += "pl.split(pl.SplitMode.";
      out_ += toString(*s.split);
      out_ += ')';
    }
    if (s.slotNum) {
      if (s.split) out_ += ", ";
      out_ += "pl.cross_core_slot(slot_num=";
      appendInt(out_, *s.slotNum);
      out_ += ')';
    }
    out_ += ']';
  }
  if (!s.nameHint.empty()) {
    out_ += ", name_hint=";
    appendQuoted(out_, s.nameHint);
  }
  taskKeywords(s.deps, s.noDepArgs, s.dumps, s.attrs);
  out_ += ')';
  taskIdTarget(s.taskId);
  out_ += ":\n";
  body(s.body, ind + 1);
}

void Printer::taskKeywords(const ExprPtr& deps, const ExprPtr& noDepArgs, const ExprPtr& dumps,
                           const AttrList& attrs) {
  auto list = [&](const char* key, const ExprPtr& e) {
    if (!e) return;
    out_ += ", ";
    out_ += key;
    out_ += "=[";
    if (const auto* t = e->as<MakeTuple>())
      exprList(t->elements);
    else
      expr(*e);
    out_ += ']';
  };
  list("deps", deps);
  list("no_dep_args", noDepArgs);
  list("dumps", dumps);
  for (const auto& [key, value] : attrs) {
    out_ += ", ";
    out_ += key;
    out_ += '=';
    appendAttrValue(out_, value);
  }
}

void Printer::taskIdTarget(const std::vector<VarPtr>& taskId) {
  for (const auto& v : taskId) {
    out_ += " as ";
    varName(*v);
  }
}

void Printer::stmt(const Stmt& s, int ind) {
  if (s.kind == StmtKind::Seq) {
    stmts(&s, ind);
    return;
  }
  indent(ind);
  switch (s.kind) {
    case StmtKind::Assign: {
      const auto& a = static_cast<const AssignStmt&>(s);
      varName(*a.var);
      if (a.var->type && !a.var->type->isa<UnknownType>()) {
        out_ += ": ";
        type(*a.var->type, true);
      }
      out_ += " = ";
      expr(*a.value, kLowest, dtypeContext(a.var->type));
      out_ += '\n';
      return;
    }
    case StmtKind::Eval:
      expr(*static_cast<const EvalStmt&>(s).expr);
      out_ += '\n';
      return;
    case StmtKind::BufferStore: {
      const auto& b = static_cast<const BufferStoreStmt&>(s);
      auto elem = b.buffer->type ? elementDType(*b.buffer->type) : std::nullopt;
      int storeContext = elem ? static_cast<int>(*elem) : kNoContext;
      if (b.predicate) {
        out_ += "pl.store_if(";
        expr(*b.predicate);
        out_ += ", ";
        varName(*b.buffer);
        out_ += ", [";
        exprList(b.indices);
        out_ += "], ";
        expr(*b.value, kLowest, storeContext);
        out_ += ")\n";
      } else {
        varName(*b.buffer);
        out_ += '[';
        if (b.indices.empty())
          out_ += "()";
        else
          exprList(b.indices);
        out_ += "] = ";
        expr(*b.value, kLowest, storeContext);
        out_ += '\n';
      }
      return;
    }
    case StmtKind::Seq:
      return;  // handled by stmts() before indenting
    case StmtKind::If: {
      const auto& i = static_cast<const IfStmt&>(s);
      out_ += "if ";
      expr(*i.cond);
      out_ += ":\n";
      yieldTargets_.push_back(&i.returnVars);
      body(i.thenBody, ind + 1);
      size_t mark = out_.size();
      indent(ind);
      out_ += "else:\n";
      size_t before = out_.size();
      stmts(i.elseBody.get(), ind + 1);
      if (out_.size() == before) out_.resize(mark);  // no (or an empty) else
      yieldTargets_.pop_back();
      return;
    }
    case StmtKind::For:
      forStmt(static_cast<const ForStmt&>(s), ind);
      return;
    case StmtKind::While:
      whileStmt(static_cast<const WhileStmt&>(s), ind);
      return;
    case StmtKind::Yield:
      yieldStmt(static_cast<const YieldStmt&>(s));
      return;
    case StmtKind::Break:
      out_ += "break\n";
      return;
    case StmtKind::Continue:
      out_ += "continue\n";
      return;
    case StmtKind::Return: {
      const auto& r = static_cast<const ReturnStmt&>(s);
      out_ += "return";
      const auto* rets = currentFunction_ ? &currentFunction_->returnTypes : nullptr;
      for (size_t k = 0; k < r.values.size(); ++k) {
        out_ += k ? ", " : " ";
        // Returned literals are bound against the declared result types.
        expr(*r.values[k], kLowest,
             rets && k < rets->size() ? dtypeContext((*rets)[k]) : kNoContext);
      }
      out_ += '\n';
      return;
    }
    case StmtKind::InCoreScope:
      inCoreScope(static_cast<const InCoreScopeStmt&>(s), ind);
      return;
    case StmtKind::SplitAivScope: {
      const auto& a = static_cast<const SplitAivScopeStmt&>(s);
      out_ += "for ";
      varName(*a.laneVar);
      out_ += " in pl.split_aiv(";
      appendInt(out_, a.count);
      out_ += ", mode=pl.SplitMode.";
      out_ += toString(a.mode);
      out_ += "):\n";
      body(a.body, ind + 1);
      return;
    }
    case StmtKind::SimdVfScope: {
      const auto& v = static_cast<const SimdVfScopeStmt&>(s);
      out_ += "with pl.simd_vf(lanes=";
      appendInt(out_, v.lanes);
      out_ += "):\n";
      body(v.body, ind + 1);
      return;
    }
    case StmtKind::RuntimeScope: {
      const auto& r = static_cast<const RuntimeScopeStmt&>(s);
      out_ += "with pl.";
      out_ += toString(r.kind);
      out_ += '(';
      bool first = true;
      if (r.count) {
        expr(*r.count);
        first = false;
      }
      for (const auto& [key, value] : r.attrs) {
        if (key == "slot_num" && findAttr(r.attrs, "split")) continue;  // printed with the split
        if (!first) out_ += ", ";
        first = false;
        if (r.kind == RuntimeScopeKind::Hierarchy && (key == "level" || key == "role")) {
          out_ += key;
          out_ += key == "level" ? "=pl.Level." : "=pl.Role.";
          out_ += std::get<std::string>(value);
          continue;
        }
        if (key == "split" || key == "slot_num") {  // PyPTO's spelling: optimizations=[...]
          out_ += "optimizations=[";
          if (const AttrValue* sp = findAttr(r.attrs, "split")) {
            out_ += "pl.split(";
            appendAttrValue(out_, *sp);
            out_ += ')';
          }
          if (const AttrValue* sl = findAttr(r.attrs, "slot_num")) {
            if (findAttr(r.attrs, "split")) out_ += ", ";
            out_ += "pl.cross_core_slot(slot_num=";
            appendAttrValue(out_, *sl);
            out_ += ')';
          }
          out_ += ']';
          continue;
        }
        out_ += key;
        out_ += '=';
        appendAttrValue(out_, value);
      }
      taskKeywords(r.deps, nullptr, nullptr, {});
      out_ += ')';
      taskIdTarget(r.taskId);
      out_ += ":\n";
      body(r.body, ind + 1);
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// Functions and programs.

namespace {

/// The variables `s` defines (assignments, loop variables, iter_args, return
/// variables) and its statements: sizes the name table and the output up front.
void countDefs(const Stmt* s, size_t& defs, size_t& statements) {
  if (!s) return;
  ++statements;
  switch (s->kind) {
    case StmtKind::Seq:
      for (const auto& c : static_cast<const SeqStmt*>(s)->stmts)
        countDefs(c.get(), defs, statements);
      return;
    case StmtKind::Assign:
      ++defs;
      return;
    case StmtKind::If: {
      const auto* i = static_cast<const IfStmt*>(s);
      defs += i->returnVars.size();
      countDefs(i->thenBody.get(), defs, statements);
      countDefs(i->elseBody.get(), defs, statements);
      return;
    }
    case StmtKind::For: {
      const auto* f = static_cast<const ForStmt*>(s);
      defs += 1 + f->iterArgs.size() + f->returnVars.size();
      countDefs(f->body.get(), defs, statements);
      return;
    }
    case StmtKind::While: {
      const auto* w = static_cast<const WhileStmt*>(s);
      defs += w->iterArgs.size() + w->returnVars.size();
      countDefs(w->body.get(), defs, statements);
      return;
    }
    case StmtKind::InCoreScope:
      defs += static_cast<const InCoreScopeStmt*>(s)->taskId.size();
      countDefs(static_cast<const InCoreScopeStmt*>(s)->body.get(), defs, statements);
      return;
    case StmtKind::SplitAivScope:
      ++defs;
      countDefs(static_cast<const SplitAivScopeStmt*>(s)->body.get(), defs, statements);
      return;
    case StmtKind::SimdVfScope:
      countDefs(static_cast<const SimdVfScopeStmt*>(s)->body.get(), defs, statements);
      return;
    case StmtKind::RuntimeScope:
      defs += static_cast<const RuntimeScopeStmt*>(s)->taskId.size();
      countDefs(static_cast<const RuntimeScopeStmt*>(s)->body.get(), defs, statements);
      return;
    default:
      return;
  }
}

}  // namespace

void Printer::reserveFor(const Function& f) {
  size_t defs = f.params.size(), statements = 0;
  countDefs(f.body.get(), defs, statements);
  taken_.reserve(defs);
  // About 64 bytes a statement; never below doubling, so that many small
  // functions do not reallocate the text once each.
  size_t want = out_.size() + statements * 64 + 256;
  if (want > out_.capacity()) out_.reserve(std::max(want, 2 * out_.capacity()));
}

void Printer::function(const Function& f, int ind) {
  beginNames(&f, nullptr, nullptr);
  reserveFor(f);
  currentFunction_ = &f;
  indent(ind);
  out_ += "@pl.function";
  // PyPTO's level= / role= are function attributes printed in the decorator.
  const AttrValue* level = findAttr(f.attrs, fnattr::kLevel);
  const AttrValue* role = findAttr(f.attrs, fnattr::kRole);
  const AttrValue* autoScope = findAttr(f.attrs, fnattr::kAutoScope);
  const AttrValue* external = findAttr(f.attrs, fnattr::kExternalSource);
  if (f.funcType != FunctionType::Opaque || level || role || autoScope || external) {
    const char* sep = "(";
    if (f.funcType != FunctionType::Opaque) {
      out_ += "(type=pl.FunctionType.";
      out_ += toString(f.funcType);
      sep = ", ";
    }
    for (auto [key, v, prefix] :
         {std::tuple{"level", level, "pl.Level."}, std::tuple{"role", role, "pl.Role."}}) {
      const auto* name = v ? std::get_if<std::string>(v) : nullptr;
      if (!name) continue;
      out_ += sep;
      out_ += key;
      out_ += '=';
      out_ += prefix;
      out_ += *name;
      sep = ", ";
    }
    if (autoScope) {
      const bool* b = std::get_if<bool>(autoScope);
      out_ += sep;
      out_ += (b && !*b) ? "auto_scope=False" : "auto_scope=True";
    }
    if (const auto* path = external ? std::get_if<std::string>(external) : nullptr) {
      out_ += sep;
      out_ += "external_source=";
      appendQuoted(out_, *path);
    }
    out_ += ')';
  }
  out_ += '\n';
  indent(ind);
  out_ += "def ";
  out_ += f.name;
  out_ += '(';
  bool first = true;
  if (classForm_) {
    out_ += "self";
    first = false;
  }
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (!first) out_ += ", ";
    first = false;
    const Var& p = *f.params[i];
    varName(p);
    out_ += ": ";
    ParamDirection d = i < f.directions.size() ? f.directions[i] : ParamDirection::In;
    if (d == ParamDirection::Out) out_ += "pl.Out[";
    if (d == ParamDirection::InOut) out_ += "pl.InOut[";
    if (p.type)
      type(*p.type, true);
    else
      out_ += "pl.Unknown";
    if (d != ParamDirection::In) out_ += ']';
  }
  out_ += ')';
  // One result of a tuple type prints as `-> tuple[tuple[...]]`: a bare `-> tuple[...]`
  // declares several results.
  if (f.returnTypes.size() == 1 && !f.returnTypes[0]->isa<TupleType>()) {
    out_ += " -> ";
    type(*f.returnTypes[0], true);
  } else if (!f.returnTypes.empty()) {
    out_ += " -> tuple[";
    for (size_t i = 0; i < f.returnTypes.size(); ++i) {
      if (i) out_ += ", ";
      type(*f.returnTypes[i], true);
    }
    out_ += ']';
  }
  out_ += ":\n";
  size_t bodyAttrs =
      f.attrs.size() - (level ? 1 : 0) - (role ? 1 : 0) - (autoScope ? 1 : 0) - (external ? 1 : 0);
  if (bodyAttrs > 0) {
    indent(ind + 1);
    out_ += "pl.func_attr({";
    bool firstAttr = true;
    for (size_t i = 0; i < f.attrs.size(); ++i) {
      if (f.attrs[i].first == fnattr::kLevel || f.attrs[i].first == fnattr::kRole ||
          f.attrs[i].first == fnattr::kAutoScope || f.attrs[i].first == fnattr::kExternalSource)
        continue;
      if (!firstAttr) out_ += ", ";
      firstAttr = false;
      appendQuoted(out_, f.attrs[i].first);
      out_ += ": ";
      appendAttrValue(out_, f.attrs[i].second);
    }
    out_ += "})\n";
  }
  const auto* bodySeq = f.body ? f.body->as<SeqStmt>() : nullptr;
  bool subWorkerSignature = role && std::holds_alternative<std::string>(*role) &&
                            std::get<std::string>(*role) == "SubWorker" && bodySeq &&
                            bodySeq->stmts.empty();
  if (external || subWorkerSignature) {  // the code is the external source / a host callable
    indent(ind + 1);
    out_ += "...\n";
  } else if (bodyAttrs > 0) {
    stmts(f.body.get(), ind + 1);
  } else {
    body(f.body, ind + 1);
  }
}

void Printer::program(const Program& p) {
  out_ += "import pypto.language as pl\n\n";
  classForm_ = p.isClass;
  if (!classForm_) blockFunctionNames(p);
  blockDynamicDimNames(p);
  for (const auto& f : p.functions) functions_.emplace(f->name, f.get());
  int ind = 0;
  if (p.isClass) {
    out_ += "@pl.program\nclass ";
    out_ += isValidIdent(p.name) ? p.name : sanitizeName(p.name);
    out_ += ":\n";
    ind = 1;
    if (p.functions.empty()) out_ += "    pass\n";
  }
  for (size_t i = 0; i < p.functions.size(); ++i) {
    if (i) out_ += '\n';
    function(*p.functions[i], ind);
  }
}

}  // namespace print_detail

using namespace print_detail;

// ---------------------------------------------------------------------------
// Public API.

void printProgramTo(const Program& program, std::string& out) {
  size_t start = out.size();
  Printer p(out);
  p.program(program);
  // The module-level dynamic dims the types name: `M = pl.dynamic("M")` after the imports.
  if (!p.dynamicDims().empty()) {
    std::string decls;
    for (const std::string& d : p.dynamicDims()) decls += d + " = pl.dynamic(\"" + d + "\")\n";
    out.insert(out.find("\n\n", start) + 2, decls + "\n");
  }
  // Programs with distributed types or ops import PyPTO's distributed module too.
  if (p.usesPld())
    out.insert(out.find('\n', start) + 1, "import pypto.language.distributed as pld\n");
}

std::string printProgram(const Program& program) {
  std::string out;
  out.reserve(4096);
  printProgramTo(program, out);
  return out;
}

std::string printFunction(const Function& function, bool asMethod) {
  std::string out;
  Printer p(out);
  p.setClassForm(asMethod);
  p.function(function, asMethod ? 1 : 0);
  return out;
}

std::string printStmt(const Stmt& stmt, int indentLevel) {
  std::string out;
  Printer p(out);
  p.beginNames(nullptr, &stmt, nullptr);
  p.stmts(&stmt, indentLevel);
  return out;
}

std::string printExpr(const Expr& expr) {
  std::string out;
  Printer p(out);
  p.beginNames(nullptr, nullptr, &expr);
  p.expr(expr);
  return out;
}

std::string printType(const Type& type) {
  std::string out;
  Printer p(out);
  p.beginNames(nullptr, nullptr, nullptr);
  p.type(type, true);
  return out;
}

std::string typeToString(const Type& type) {
  std::string out;
  Printer p(out);
  p.setRawNames(true);
  p.type(type, false);
  return out;
}

std::string printAttrValue(const AttrValue& value) {
  std::string out;
  appendAttrValue(out, value);
  return out;
}

std::string formatFloat(double value) {
  std::string out;
  appendFloatRepr(out, value);
  return out;
}

std::string quoteString(std::string_view s) {
  std::string out;
  appendQuoted(out, s);
  return out;
}

}  // namespace ptoc::ir
