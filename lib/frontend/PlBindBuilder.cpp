// `pl` binder, the top level of a file: imports, module-level constants, the
// @pl.program class or top-level @pl.function's, and builder functions — a plain
// Python function around the program whose parameters fill in its shapes and dtypes:
//
//   def build(rows: int, cols: int = 64):
//       half = rows // 2
//       @pl.program
//       class P: ...
//       return P
//
// PyPTO runs the builder; ptoc reads it: each parameter is a module-level constant with
// the value of `ptoc --define NAME=VALUE`, else its default. A parameter with neither has
// no value; a use of it (or of a constant computed from it) is reported at the use.
#include <fmt/format.h>

#include <algorithm>

#include "PlBinder.h"

namespace ptoc::frontend {

void PlBinder::setDefines(std::span<const Module* const> defines) {
  for (const Module* m : defines) {
    const auto* a = m->body.size() == 1 ? m->body[0]->as<AssignStmt>() : nullptr;
    const auto* n = a ? a->target->as<NameExpr>() : nullptr;
    PTOC_CHECK(n && a->value, "a --define module holds one NAME = VALUE assignment");
    defines_[std::string(n->id)] = Define{a->value.get(), a->span};
  }
}

void PlBinder::bindProgramClass(const ClassDef& cls, TopLevel& top) {
  if (top.sawClass)
    fail(cls.nameSpan, "a file holds one @pl.program class",
         "move the functions of both classes into one, or write two files");
  // Module-level @pl.function's before the class (also those of a builder function's body):
  // PyPTO adds the functions the program calls to the program.
  top.moduleDefs = std::move(top.defs);
  top.defs.clear();
  top.sawFunction = false;
  bool decorated = false;
  for (const auto& d : cls.decorators) {
    const CallExpr* call = d->as<CallExpr>();
    const Expr& callee = call ? *call->func : *d;
    if (!isPlPath(callee, "program"))
      fail(d->span, fmt::format("unknown class decorator '{}'", dottedName(callee)),
           "a program class is decorated with @pl.program");
    decorated = true;
    if (call) bindProgramDecorator(*call);
  }
  if (!decorated)
    fail(cls.nameSpan, fmt::format("class '{}' is not decorated with @pl.program", cls.name),
         "add @pl.program above the class");
  top.sawClass = true;
  top.programName = std::string(cls.name);
  top.programSpan = cls.span;
  for (const auto& m : cls.body) {
    if (m->is<PassStmt>()) continue;
    if (const auto* e = m->as<ExprStmt>(); e && e->value->is<StrLit>()) continue;  // docstring
    const auto* f = m->as<FunctionDef>();
    if (!f)
      fail(m->span, "a @pl.program class may only hold @pl.function methods",
           "move other code into a @pl.function method, or out of the class");
    top.defs.push_back(f);
  }
}

bool PlBinder::isBuilder(const FunctionDef& f) {
  if (!f.decorators.empty()) return false;
  for (const auto& s : f.body) {
    if (const auto* c = s->as<ClassDef>(); c && !c->decorators.empty()) return true;
    if (const auto* g = s->as<FunctionDef>(); g && !g->decorators.empty()) return true;
  }
  return false;
}

void PlBinder::bindBuilder(const FunctionDef& f, TopLevel& top) {
  if (builder_)
    fail(f.nameSpan,
         fmt::format("builder function '{}' is inside builder function '{}'", f.name,
                     builder_->name),
         "keep one function around the @pl.program class");
  if (top.sawClass || top.sawFunction)
    fail(f.nameSpan, fmt::format("a file holds one program; '{}' builds another one", f.name),
         "keep one @pl.program class (or one builder function) per file");
  builder_ = &f;
  for (const Param& p : f.params) {
    if (p.name == "self") continue;  // a method of a Python class building the program
    ModuleConst c;
    auto d = defines_.find(p.name);
    if (d != defines_.end() || p.defaultValue) {
      c = evalModuleValue(p.name, p.defaultValue ? *p.defaultValue : *d->second.value);
    } else {
      c.unboundParam = std::string(p.name);
    }
    moduleConsts_[std::string(p.name)] = std::move(c);
  }
  // The body: constants, the program, and `return` of what it built.
  for (size_t i = 0; i < f.body.size(); ++i) {
    const Stmt& s = *f.body[i];
    if (const auto* r = s.as<ReturnStmt>()) {
      if (i + 1 != f.body.size())
        fail(s.span, "`return` must end the builder function",
             "return the @pl.program class after building it");
      if (r->value) {
        const auto* n = r->value->as<NameExpr>();
        bool known = n && (n->id == top.programName ||
                           std::any_of(top.defs.begin(), top.defs.end(),
                                       [&](const FunctionDef* d) { return d->name == n->id; }));
        if (!known)
          fail(r->value->span,
               "a builder function returns the program it built: `return ProgramClass`",
               "ptoc reads the @pl.program class of the builder; it does not run other Python "
               "code");
      }
      continue;
    }
    if (const auto* g = s.as<FunctionDef>(); g && registerInline(*g)) continue;
    if (const auto* g = s.as<FunctionDef>(); g && !g->decorators.empty()) {
      if (top.sawClass) {
        top.moduleDefs.push_back(g);  // after the class: also a function of the program
        continue;
      }
      top.sawFunction = true;
      top.defs.push_back(g);
      if (!top.programSpan.valid()) top.programSpan = g->span;
      continue;
    }
    if (s.is<ImportStmt>() || s.is<ImportFromStmt>() || s.is<PassStmt>()) continue;
    if (const auto* e = s.as<ExprStmt>(); e && e->value->is<StrLit>()) continue;  // docstring
    if (const auto* a = s.as<AssignStmt>()) {
      bindModuleAssign(*a);
      continue;
    }
    if (const auto* cls = s.as<ClassDef>()) {
      bindProgramClass(*cls, top);
      continue;
    }
    fail(s.span,
         fmt::format("unexpected {} in builder function '{}'", stmtKindName(s.kind), f.name),
         "ptoc reads a builder's constant assignments (NAME = value), its @pl.program class "
         "and its return; it does not run other Python code");
  }
}

void PlBinder::bindTopLevel(const StmtList& body, TopLevel& top) {
  for (const auto& s : body) {
    if (s->is<ImportStmt>() || s->is<ImportFromStmt>() || s->is<PassStmt>()) continue;
    if (const auto* a = s->as<AssignStmt>()) {
      bindModuleAssign(*a);
      continue;
    }
    if (const auto* cls = s->as<ClassDef>()) {
      bindProgramClass(*cls, top);
      continue;
    }
    if (const auto* f = s->as<FunctionDef>()) {
      if (registerInline(*f)) continue;  // expanded at its calls, not a program function
      if (isBuilder(*f)) {
        bindBuilder(*f, top);
        continue;
      }
      if (top.sawClass && !builder_) {
        top.moduleDefs.push_back(f);  // PyPTO adds a module-level function to the program
        continue;
      }
      if (top.sawClass || builder_)
        fail(f->nameSpan,
             "a file holds one @pl.program class or top-level @pl.function's, not both",
             "move the functions into the class");
      top.sawFunction = true;
      top.defs.push_back(f);
      if (!top.programSpan.valid()) top.programSpan = f->span;
      continue;
    }
    if (const auto* e = s->as<ExprStmt>(); e && e->value->is<StrLit>()) continue;  // docstring
    fail(s->span, fmt::format("unexpected {} at the top level of a program", stmtKindName(s->kind)),
         "a file holds imports and one @pl.program class or @pl.function definitions");
  }
}

}  // namespace ptoc::frontend
