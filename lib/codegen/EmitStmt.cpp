// Statements and control flow of one function (docs/codegen.md §Control flow).
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

bool isScalarLike(const Type& t) {
  return t.isa<ScalarType>() || t.isa<VRegType>() || t.isa<MaskType>();
}

std::string typeText(const Type& t) {
  if (const auto* s = t.as<ScalarType>()) return scalarType(s->dtype);
  if (const auto* v = t.as<VRegType>()) return vregType(*v);
  if (const auto* m = t.as<MaskType>()) return maskType(*m);
  return "?";
}

Value::Kind kindOf(const Type& t) {
  if (t.isa<VRegType>()) return Value::Kind::VReg;
  if (t.isa<MaskType>()) return Value::Kind::Mask;
  return Value::Kind::Scalar;
}

}  // namespace

void FunctionEmitter::emitStmt(const StmtPtr& s) {
  if (!s) return;
  switch (s->kind) {
    case StmtKind::Seq:
      for (const auto& c : static_cast<const SeqStmt&>(*s).stmts) emitStmt(c);
      return;
    case StmtKind::Assign: {
      const auto& a = static_cast<const AssignStmt&>(*s);
      hint = a.var->name;
      Value v = value(a.value);
      hint = "t";
      // A Group's call of a kernel whose results are not its output tensors binds nothing;
      // a later use of the result is reported there.
      if (v.kind != Value::Kind::None) bind(a.var.get(), v);
      return;
    }
    case StmtKind::Eval:
      value(static_cast<const EvalStmt&>(*s).expr);
      return;
    case StmtKind::For:
      emitFor(static_cast<const ForStmt&>(*s));
      return;
    case StmtKind::If:
      emitIf(static_cast<const IfStmt&>(*s));
      return;
    case StmtKind::Yield:
      if (yieldSinks_.empty())
        fail(s->span, "internal error: a yield outside a loop or if", "report this");
      yieldSinks_.back()(static_cast<const YieldStmt&>(*s));
      return;
    case StmtKind::Return:
      return;  // kernels write their outputs through their parameters
    case StmtKind::SimdVfScope: {
      if (module.arch != target::Arch::A5)
        fail(s->span, "a SIMD vector-function region needs a5 (A2/A3 has no vector registers)",
             "compile with --arch=a5, or write the region with tile ops (pl.add, pl.muls, ...)");
      line("pto.vecscope {");
      ++indent_;
      emitStmt(static_cast<const SimdVfScopeStmt&>(*s).body);
      --indent_;
      line("}");
      return;
    }
    case StmtKind::BufferStore:
      fail(s->span, "an element store of a tile has no PTO form",
           "write it inside `with pl.simd_vf(lanes=L):` over a pl.parallel loop, so that "
           "the simdvf passes vectorize it into pto.vmi stores");
    case StmtKind::While:
      emitWhile(static_cast<const WhileStmt&>(*s));
      return;
    case StmtKind::InCoreScope:
    case StmtKind::SplitAivScope:
      fail(s->span, "internal error: a core-group scope reached the PTO emitter",
           "the compile pipeline outlines these scopes; report this with the input");
    case StmtKind::Break:
    case StmtKind::Continue:
      fail(s->span,
           fmt::format("'{}' has no PTO form (PTO loops are structured scf loops)",
                       s->kind == StmtKind::Break ? "break" : "continue"),
           "replace the jump with a condition (or carry a flag in the loop's init_values)");
    case StmtKind::RuntimeScope:
      fail(s->span,
           "a runtime task scope (pl.scope / pl.manual_scope / pl.spmd / pl.cluster) has no "
           "PTO form inside a kernel",
           "keep runtime scopes in the Orchestration function; a kernel's body is tile code");
  }
  fail(s->span, "internal error: an unknown statement kind reached the PTO emitter",
       "report this with the input");
}

void FunctionEmitter::emitFor(const ForStmt& f) {
  std::string lb = index(f.start), ub = index(f.stop), st = index(f.step);
  std::string iv = fresh(f.loopVar->name);
  // Carried scalars / registers become iter_args; tiles are one buffer (the init's),
  // tensors keep their view.
  std::vector<size_t> carried;
  std::vector<std::string> initNames, argNames;
  for (size_t i = 0; i < f.iterArgs.size(); ++i) {
    const auto& ia = f.iterArgs[i];
    Value init = value(ia->init);
    if (isScalarLike(*ia->type)) {
      carried.push_back(i);
      std::string n = fresh(ia->name);
      initNames.push_back(init.name);
      argNames.push_back(n);
      bind(ia.get(), {kindOf(*ia->type), n, typeText(*ia->type), ia->type.get()});
    } else {
      bind(ia.get(), init);
    }
  }
  std::string results;
  if (!carried.empty()) results = fresh(fmt::format("{}_res", f.loopVar->name));
  std::string head = fmt::format("scf.for {} = {} to {} step {}", iv, lb, ub, st);
  std::vector<std::string> types;
  if (!carried.empty()) {
    std::vector<std::string> pairs;
    for (size_t k = 0; k < carried.size(); ++k) {
      pairs.push_back(fmt::format("{} = {}", argNames[k], initNames[k]));
      types.push_back(typeText(*f.iterArgs[carried[k]]->type));
    }
    head = fmt::format("{}:{} = {} iter_args({}) -> ({})", results, carried.size(), head,
                       fmt::join(pairs, ", "), fmt::join(types, ", "));
  }
  bind(f.loopVar.get(), {Value::Kind::Scalar, iv, "index", f.loopVar->type.get()});
  // A loop variable of another dtype than index is converted where it is used (scalarAs).
  line(head + " {");
  ++indent_;
  yieldSinks_.push_back([&](const YieldStmt& y) {
    std::vector<std::string> vals;
    for (size_t i = 0; i < y.values.size() && i < f.iterArgs.size(); ++i) {
      const auto& ia = f.iterArgs[i];
      if (isScalarLike(*ia->type)) {
        if (ia->type->isa<ScalarType>())
          vals.push_back(scalarAs(y.values[i], ia->type->as<ScalarType>()->dtype));
        else
          vals.push_back(value(y.values[i]).name);
      } else if (ia->type->isa<TileType>()) {
        Value dst = value(ia);
        Value src = value(y.values[i]);
        if (src.name != dst.name)
          line(fmt::format("pto.tmov ins({} : {}) outs({} : {})", src.name, src.type, dst.name,
                           dst.type));
      }
    }
    if (!vals.empty())
      line(fmt::format("scf.yield {} : {}", fmt::join(vals, ", "), fmt::join(types, ", ")));
  });
  emitStmt(f.body);
  yieldSinks_.pop_back();
  --indent_;
  line("}");
  for (size_t i = 0, k = 0; i < f.returnVars.size() && i < f.iterArgs.size(); ++i) {
    const auto& ia = f.iterArgs[i];
    if (isScalarLike(*ia->type)) {
      bind(f.returnVars[i].get(), {kindOf(*ia->type), fmt::format("{}#{}", results, k++),
                                   typeText(*ia->type), ia->type.get()});
    } else {
      bind(f.returnVars[i].get(), value(ia));
    }
  }
}

/// `scf.while (%a = init, ...) : (T..) -> (T..) { cond; scf.condition(%c) %a.. } do {
/// ^bb0(%b..): body; scf.yield .. }`: carried scalars / registers are the operands of both
/// regions (the condition reads the `before` block's, the body the `after` block's); tiles
/// are one buffer as in scf.for.
void FunctionEmitter::emitWhile(const WhileStmt& w) {
  std::vector<size_t> carried;
  std::vector<std::string> inits, types;
  std::vector<Value> tileInit(w.iterArgs.size());
  for (size_t i = 0; i < w.iterArgs.size(); ++i) {
    const auto& ia = w.iterArgs[i];
    Value init = value(ia->init);
    if (isScalarLike(*ia->type)) {
      carried.push_back(i);
      inits.push_back(ia->type->isa<ScalarType>()
                          ? scalarAs(ia->init, ia->type->as<ScalarType>()->dtype)
                          : init.name);
      types.push_back(typeText(*ia->type));
    } else {
      tileInit[i] = init;
    }
  }
  auto bindArgs = [&](std::string_view suffix) {
    std::vector<std::string> names;
    for (size_t i = 0, k = 0; i < w.iterArgs.size(); ++i) {
      const auto& ia = w.iterArgs[i];
      if (!isScalarLike(*ia->type)) {
        bind(ia.get(), tileInit[i]);
        continue;
      }
      std::string n = fresh(ia->name + std::string(suffix));
      names.push_back(n);
      bind(ia.get(), {kindOf(*ia->type), n, types[k++], ia->type.get()});
    }
    return names;
  };
  std::string results = carried.empty() ? std::string() : fresh("while_res");
  std::vector<std::string> before = bindArgs("");
  std::vector<std::string> pairs;
  for (size_t k = 0; k < carried.size(); ++k)
    pairs.push_back(fmt::format("{} = {}", before[k], inits[k]));
  std::string tys = fmt::format("({})", fmt::join(types, ", "));
  line(fmt::format("{}scf.while ({}) : {} -> {} {{",
                   results.empty() ? "" : fmt::format("{}:{} = ", results, carried.size()),
                   fmt::join(pairs, ", "), tys, tys));
  ++indent_;
  std::string cond = scalarAs(w.cond, DType::Bool);
  line(fmt::format("scf.condition({}){}", cond,
                   before.empty()
                       ? std::string()
                       : fmt::format(" {} : {}", fmt::join(before, ", "), fmt::join(types, ", "))));
  --indent_;
  line("} do {");
  std::vector<std::string> after = bindArgs("_b");
  std::vector<std::string> params;
  for (size_t k = 0; k < after.size(); ++k)
    params.push_back(fmt::format("{}: {}", after[k], types[k]));
  line(fmt::format("^bb0({}):", fmt::join(params, ", ")));
  ++indent_;
  bool yielded = false;
  yieldSinks_.push_back([&](const YieldStmt& y) {
    yielded = true;
    std::vector<std::string> vals;
    for (size_t i = 0; i < y.values.size() && i < w.iterArgs.size(); ++i) {
      const auto& ia = w.iterArgs[i];
      if (isScalarLike(*ia->type)) {
        if (const auto* st = ia->type->as<ScalarType>())
          vals.push_back(scalarAs(y.values[i], st->dtype));
        else
          vals.push_back(value(y.values[i]).name);
      } else if (ia->type->isa<TileType>()) {
        Value src = value(y.values[i]);
        if (src.name != tileInit[i].name)
          line(fmt::format("pto.tmov ins({} : {}) outs({} : {})", src.name, src.type,
                           tileInit[i].name, tileInit[i].type));
      }
    }
    line(vals.empty()
             ? std::string("scf.yield")
             : fmt::format("scf.yield {} : {}", fmt::join(vals, ", "), fmt::join(types, ", ")));
  });
  emitStmt(w.body);
  yieldSinks_.pop_back();
  if (!yielded) line("scf.yield");
  --indent_;
  line("}");
  for (size_t i = 0, k = 0; i < w.returnVars.size() && i < w.iterArgs.size(); ++i) {
    const auto& ia = w.iterArgs[i];
    if (isScalarLike(*ia->type)) {
      const size_t r = k++;
      bind(w.returnVars[i].get(),
           {kindOf(*ia->type), fmt::format("{}#{}", results, r), types[r], ia->type.get()});
    } else
      bind(w.returnVars[i].get(), tileInit[i]);
  }
}

void FunctionEmitter::emitIf(const IfStmt& s) {
  std::string cond = scalarAs(s.cond, DType::Bool);
  std::vector<size_t> carried;
  std::vector<std::string> types;
  std::vector<Value> tileResults(s.returnVars.size());
  for (size_t i = 0; i < s.returnVars.size(); ++i) {
    const Type& t = *s.returnVars[i]->type;
    if (isScalarLike(t)) {
      carried.push_back(i);
      types.push_back(typeText(t));
    } else if (const auto* tt = t.as<TileType>()) {
      tileResults[i] = allocTile(*tt, s.returnVars[i]->name);
    } else if (!t.isa<TensorType>()) {
      fail(s.span, "this if result has no PTO form", "merge scalars, tiles or tensors only");
    }
  }
  std::string results;
  if (!carried.empty()) results = fresh("if_res");
  std::vector<Value> tensorResults(s.returnVars.size());
  auto sink = [&](const YieldStmt& y) {
    std::vector<std::string> vals;
    for (size_t i = 0; i < y.values.size() && i < s.returnVars.size(); ++i) {
      const Type& t = *s.returnVars[i]->type;
      if (isScalarLike(t)) {
        if (const auto* st = t.as<ScalarType>())
          vals.push_back(scalarAs(y.values[i], st->dtype));
        else
          vals.push_back(value(y.values[i]).name);
      } else if (t.isa<TileType>()) {
        Value src = value(y.values[i]);
        line(fmt::format("pto.tmov ins({} : {}) outs({} : {})", src.name, src.type,
                         tileResults[i].name, tileResults[i].type));
      } else {
        tensorResults[i] = value(y.values[i]);  // both branches name the same view
      }
    }
    if (!vals.empty())
      line(fmt::format("scf.yield {} : {}", fmt::join(vals, ", "), fmt::join(types, ", ")));
  };
  std::string head = fmt::format("scf.if {}", cond);
  if (!carried.empty())
    head = fmt::format("{}:{} = {} -> ({})", results, carried.size(), head, fmt::join(types, ", "));
  line(head + " {");
  ++indent_;
  yieldSinks_.push_back(sink);
  emitStmt(s.thenBody);
  --indent_;
  if (s.elseBody) {
    line("} else {");
    ++indent_;
    emitStmt(s.elseBody);
    --indent_;
  }
  yieldSinks_.pop_back();
  line("}");
  for (size_t i = 0, k = 0; i < s.returnVars.size(); ++i) {
    const Type& t = *s.returnVars[i]->type;
    if (isScalarLike(t))
      bind(s.returnVars[i].get(), {kindOf(t), fmt::format("{}#{}", results, k++), typeText(t), &t});
    else if (t.isa<TileType>())
      bind(s.returnVars[i].get(), tileResults[i]);
    else
      bind(s.returnVars[i].get(), tensorResults[i]);
  }
}

std::string FunctionEmitter::emit() {
  checkInPlaceUpdates(*this, fn);
  std::string sig = signature();
  emitStmt(fn.body);
  std::string out = sig + " {\n" + prologue_.str() + body_.str() + "    return\n  }\n";
  return out;
}

}  // namespace ptoc::codegen
