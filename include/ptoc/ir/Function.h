// Functions and programs (architecture §4).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ptoc/ir/Stmt.h"

namespace ptoc::ir {

class Function {
 public:
  Function(std::string n, FunctionType t, std::vector<VarPtr> p, std::vector<ParamDirection> d,
           std::vector<TypePtr> r, StmtPtr b, AttrList a, Span s)
      : name(std::move(n)),
        funcType(t),
        params(std::move(p)),
        directions(std::move(d)),
        returnTypes(std::move(r)),
        body(std::move(b)),
        attrs(std::move(a)),
        span(s) {}
  const std::string name;
  const FunctionType funcType;
  const std::vector<VarPtr> params;
  const std::vector<ParamDirection> directions;  // one per param
  const std::vector<TypePtr> returnTypes;
  const StmtPtr body;
  const AttrList attrs;  // ordered: split, split_aiv, ... (participates in equality)
  const Span span;
};
using FunctionPtr = std::shared_ptr<const Function>;

class Program {
 public:
  Program(std::string n, std::vector<FunctionPtr> f, bool explicitClass, Span s)
      : name(std::move(n)), functions(std::move(f)), isClass(explicitClass), span(s) {}
  const std::string name;                    // cosmetic
  const std::vector<FunctionPtr> functions;  // in source order
  const bool isClass;  // written as a @pl.program class (else top-level functions)
  const Span span;

  FunctionPtr find(std::string_view fname) const {
    for (const auto& f : functions)
      if (f->name == fname) return f;
    return nullptr;
  }
};
using ProgramPtr = std::shared_ptr<const Program>;

}  // namespace ptoc::ir
