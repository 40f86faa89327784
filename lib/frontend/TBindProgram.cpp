// The `T` dialect front end, program and statements: @T.prim_func signatures (tensor
// parameters become pl.Tensor / pl.Out / pl.InOut by how the body uses them), T.Kernel,
// buffers, T.copy in both directions (slices included), T.SimdVF, T.Parallel, T.serial and
// Python-constant `if`. See TBind.h.
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "PlBinder.h"
#include "TBind.h"

namespace ptoc::frontend {

namespace {

bool isPrimFuncDecorator(const Expr& d) {
  const Expr* callee = &d;
  if (const auto* c = d.as<CallExpr>()) callee = c->func.get();
  return dottedName(*callee) == "T.prim_func";
}

/// The root buffer name of `x` or `x[...]`.
std::string_view rootName(const Expr& e) {
  if (const auto* n = e.as<NameExpr>()) return n->id;
  if (const auto* s = e.as<SubscriptExpr>()) return rootName(*s->value);
  return {};
}

}  // namespace

bool usesTDialect(const Module& m) {
  for (const auto& s : m.body) {
    if (const auto* i = s->as<ImportStmt>())
      for (const auto& n : i->names)
        if (n.name.rfind("tilelang", 0) == 0) return true;
    if (const auto* i = s->as<ImportFromStmt>(); i && i->module.rfind("tilelang", 0) == 0)
      return true;
  }
  for (const auto& s : m.body)
    if (const auto* f = s->as<FunctionDef>())
      for (const auto& d : f->decorators)
        if (isPrimFuncDecorator(*d)) return true;
  return false;
}

void TLowering::lowerModule(const Module& m) {
  out_.fileId = m.fileId;
  consts_.emplace_back();
  std::vector<StmtPtr> body;
  for (const auto& s : m.body) {
    if (s->is<ImportStmt>() || s->is<ImportFromStmt>() || s->is<PassStmt>()) continue;
    if (const auto* a = s->as<AssignStmt>()) {
      const auto* n = a->target->as<NameExpr>();
      auto c = n && a->value ? evalConst(*a->value) : std::nullopt;
      if (!c)
        fail(s->span, "a module-level statement of a T file must be a Python constant",
             "write `N = 256` constants; everything else goes inside the @T.prim_func kernel");
      consts_.back()[std::string(n->id)] = *c;
      continue;
    }
    if (const auto* e = s->as<ExprStmt>(); e && e->value->is<StrLit>()) continue;  // docstring
    const auto* f = s->as<FunctionDef>();
    bool prim = false;
    if (f)
      for (const auto& d : f->decorators) prim = prim || isPrimFuncDecorator(*d);
    if (!prim)
      fail(s->span,
           f ? fmt::format("function '{}' is not a @T.prim_func kernel", f->name)
             : std::string("only constants and @T.prim_func kernels may appear at module level "
                           "of a T file"),
           "a kernel factory must be called: write the kernel with its parameters filled in");
    body.push_back(lowerFunction(*f));
  }
  out_.body = list(std::move(body));
}

void TLowering::scanDirections(const StmtList& body) {
  // Reads: any mention of a tensor parameter except as the destination of T.copy or the
  // root of an element-store target.
  std::function<void(const Expr&)> reads = [&](const Expr& e) {
    switch (e.kind) {
      case ExprKind::Name:
        gmRead_.insert(std::string(e.cast<NameExpr>().id));
        return;
      case ExprKind::Attribute:
        return reads(*e.cast<AttributeExpr>().value);
      case ExprKind::Call: {
        const auto& c = e.cast<CallExpr>();
        bool copy = dottedName(*c.func) == "T.copy" && c.args.size() == 2;
        for (size_t k = 0; k < c.args.size(); ++k) {
          if (copy && k == 1) {
            gmWritten_.insert(std::string(rootName(*c.args[1])));
            if (const auto* s = c.args[1]->as<SubscriptExpr>()) reads(*s->index);
            continue;
          }
          reads(*c.args[k]);
        }
        for (const auto& k : c.keywords) reads(*k.value);
        return;
      }
      case ExprKind::Subscript:
        reads(*e.cast<SubscriptExpr>().value);
        return reads(*e.cast<SubscriptExpr>().index);
      case ExprKind::Slice: {
        const auto& s = e.cast<SliceExpr>();
        for (const auto* p : {s.lower.get(), s.upper.get(), s.step.get()})
          if (p) reads(*p);
        return;
      }
      case ExprKind::List:
        for (const auto& x : e.cast<ListExpr>().elts) reads(*x);
        return;
      case ExprKind::Tuple:
        for (const auto& x : e.cast<TupleExpr>().elts) reads(*x);
        return;
      case ExprKind::BinOp:
        reads(*e.cast<BinOpExpr>().lhs);
        return reads(*e.cast<BinOpExpr>().rhs);
      case ExprKind::UnaryOp:
        return reads(*e.cast<UnaryOpExpr>().operand);
      case ExprKind::BoolOp:
        for (const auto& x : e.cast<BoolOpExpr>().values) reads(*x);
        return;
      case ExprKind::Compare:
        reads(*e.cast<CompareExpr>().left);
        for (const auto& x : e.cast<CompareExpr>().comparators) reads(*x);
        return;
      case ExprKind::IfExpr:
        reads(*e.cast<IfExpr>().test);
        reads(*e.cast<IfExpr>().body);
        return reads(*e.cast<IfExpr>().orelse);
      default:
        return;
    }
  };
  std::function<void(const StmtList&)> walk = [&](const StmtList& ss) {
    for (const auto& s : ss) {
      if (const auto* a = s->as<AssignStmt>()) {
        if (const auto* n = a->target->as<NameExpr>()) ++nameAssigns_[std::string(n->id)];
        if (const auto* t = a->target->as<SubscriptExpr>()) {
          gmWritten_.insert(std::string(rootName(*t)));
          reads(*t->index);
        }
        if (a->value) reads(*a->value);
      } else if (const auto* g = s->as<AugAssignStmt>()) {
        if (const auto* n = g->target->as<NameExpr>()) nameAssigns_[std::string(n->id)] += 2;
        if (g->target->is<SubscriptExpr>()) gmWritten_.insert(std::string(rootName(*g->target)));
        reads(*g->target);
        reads(*g->value);
      } else if (const auto* x = s->as<ExprStmt>()) {
        reads(*x->value);
      } else if (const auto* i = s->as<IfStmt>()) {
        reads(*i->test);
        walk(i->body);
        walk(i->orelse);
      } else if (const auto* f = s->as<ForStmt>()) {
        reads(*f->iter);
        walk(f->body);
      } else if (const auto* w = s->as<WhileStmt>()) {
        reads(*w->test);
        walk(w->body);
      } else if (const auto* ws = s->as<WithStmt>()) {
        for (const auto& it : ws->items) reads(*it.context);
        walk(ws->body);
      }
    }
  };
  walk(body);
}

StmtPtr TLowering::lowerFunction(const FunctionDef& def) {
  consts_.emplace_back();
  buffers_.clear();
  gmRead_.clear();
  gmWritten_.clear();
  nameAssigns_.clear();
  scanDirections(def.body);
  Span s = def.span;
  std::vector<Param> params;
  for (const auto& p : def.params) {
    if (!p.annotation)
      fail(p.nameSpan, fmt::format("parameter '{}' needs a T.Tensor or scalar annotation", p.name),
           "write `A: T.Tensor((128,), \"float32\")` or `n: T.int32`");
    Param q = p;
    q.defaultValue = nullptr;
    const Expr& a = *p.annotation;
    const Expr* shapeE = nullptr;
    const Expr* dtypeE = nullptr;
    std::string head;
    if (const auto* c = a.as<CallExpr>()) {
      head = dottedName(*c->func);
      if (!c->args.empty()) shapeE = c->args[0].get();
      if (c->args.size() > 1) dtypeE = c->args[1].get();
      for (const auto& k : c->keywords)
        if (k.name == "dtype")
          dtypeE = k.value.get();
        else if (k.name == "shape")
          shapeE = k.value.get();
    } else if (const auto* sub = a.as<SubscriptExpr>()) {
      head = dottedName(*sub->value);
      if (const auto* t = sub->index->as<TupleExpr>(); t && t->elts.size() == 2) {
        shapeE = t->elts[0].get();
        dtypeE = t->elts[1].get();
      }
    }
    if (head == "T.Tensor" || head == "T.Buffer") {
      if (!shapeE)
        fail(a.span, fmt::format("{} needs a shape", head),
             fmt::format("write {}((128,), \"float32\")", head));
      BufferInfo info;
      info.gm = true;
      info.shape = shapeOf(*shapeE, "tensor dimensions");
      info.dtype = dtypeE ? dtypeOf(*dtypeE) : ir::DType::FP32;
      std::string n(p.name);
      ExprPtr ty = make<SubscriptExpr>(a.span);
      auto* sub = static_cast<SubscriptExpr*>(ty.get());
      sub->value = path("pl.Tensor", a.span);
      auto* idx = make<TupleExpr>(a.span);
      idx->elts =
          list(std::vector<ExprPtr>{shapeList(info.shape, a.span), dtypeExpr(info.dtype, a.span)});
      idx->height = 3;
      sub->index = idx;
      sub->height = 4;
      bool w = gmWritten_.count(n) > 0, r = gmRead_.count(n) > 0;
      if (w) {
        auto* o = make<SubscriptExpr>(a.span);
        o->value = path(r ? "pl.InOut" : "pl.Out", a.span);
        o->index = ty;
        o->height = 5;
        ty = o;
      }
      q.annotation = ty;
      buffers_[n] = info;
    } else if (auto d = tryDType(a)) {
      auto* sub = make<SubscriptExpr>(a.span);
      sub->value = path("pl.Scalar", a.span);
      sub->index = dtypeExpr(*d, a.span);
      sub->height = 3;
      q.annotation = sub;
    } else {
      fail(a.span, fmt::format("unsupported parameter annotation for '{}'", p.name),
           "parameters are T.Tensor(shape, dtype), T.Buffer(shape, dtype) or a scalar dtype "
           "(T.int32, T.float32, T.bool)");
    }
    params.push_back(q);
  }
  auto* f = make<FunctionDef>(s);
  f->name = def.name;
  f->nameSpan = def.nameSpan;
  f->params = list(std::move(params));
  auto* fnType = path("pl.FunctionType.AIV", s).get();
  f->decorators =
      list(std::vector<ExprPtr>{call(path("pl.function", s), {}, {kw("type", fnType, s)}, s)});
  std::vector<StmtPtr> body = lowerBlock(def.body);
  if (body.empty()) body.push_back(make<PassStmt>(s));
  f->body = list(std::move(body));
  consts_.pop_back();
  return f;
}

std::vector<StmtPtr> TLowering::lowerBlock(const StmtList& body) {
  std::vector<StmtPtr> out;
  for (const auto& s : body) lowerStmt(*s, out);
  return out;
}

void TLowering::lowerStmt(const Stmt& s, std::vector<StmtPtr>& out) {
  // Temporaries of element accesses to global tensors go before the statement.
  std::vector<StmtPtr>* saved = pendingOut_;
  pendingOut_ = &out;
  lowerStmtImpl(s, out);
  pendingOut_ = saved;
}

void TLowering::lowerStmtImpl(const Stmt& s, std::vector<StmtPtr>& out) {
  switch (s.kind) {
    case StmtKind::Assign:
      return lowerAssign(s.cast<AssignStmt>(), out);
    case StmtKind::AugAssign: {
      const auto& a = s.cast<AugAssignStmt>();
      if (const auto* sub = a.target->as<SubscriptExpr>(); sub && simdDepth_ == 0)
        if (const auto* n = sub->value->as<NameExpr>()) {
          auto it = buffers_.find(n->id);
          if (it != buffers_.end() && it->second.gm) {
            // A[i] += v on a global tensor: A[i] = A[i] + v through one-element tiles.
            auto* sum = make<BinOpExpr>(s.span);
            sum->op = a.op;
            sum->opSpan = a.opSpan;
            sum->lhs = a.target;
            sum->rhs = a.value;
            sum->height = static_cast<uint16_t>(std::max(a.target->height, a.value->height) + 1);
            return lowerGlobalStore(*sub, *sum, out);
          }
        }
      auto* o = make<AugAssignStmt>(s.span);
      o->target = lowerExpr(*a.target);
      o->op = a.op;
      o->opSpan = a.opSpan;
      o->value = lowerExpr(*a.value);
      out.push_back(o);
      return;
    }
    case StmtKind::Expr: {
      const Expr& v = *s.cast<ExprStmt>().value;
      if (v.is<StrLit>()) return;  // docstring
      if (const auto* c = v.as<CallExpr>(); c && tName(*c->func) == "T.copy")
        return lowerCopy(*c, out);
      if (const auto* c = v.as<CallExpr>();
          c && (tName(*c->func) == "T.fill" || tName(*c->func) == "T.clear"))
        return lowerFill(*c, out);
      if (const auto* c = v.as<CallExpr>()) {
        std::string t = tName(*c->func);
        if (!t.empty() && t.rfind("T.vmi.", 0) != 0) unsupported(*c->func, t);
      }
      out.push_back(exprStmt(lowerExpr(v), s.span));
      return;
    }
    case StmtKind::Return:
      if (s.cast<ReturnStmt>().value)
        fail(s.span, "a T kernel returns no value",
             "write the results into tensor parameters with T.copy");
      return;
    case StmtKind::If: {
      const auto& i = s.cast<IfStmt>();
      if (auto c = evalConst(*i.test); c && c->kind <= Const::Bool) {
        // A Python-constant `if`: keep the taken branch.
        bool taken = c->kind == Const::Float ? c->f != 0 : c->i != 0;
        for (const auto& x : taken ? i.body : i.orelse) lowerStmt(*x, out);
        return;
      }
      auto* o = make<IfStmt>(s.span);
      o->test = lowerExpr(*i.test);
      o->body = list(lowerBlock(i.body));
      o->orelse = list(lowerBlock(i.orelse));
      o->isElif = i.isElif;
      out.push_back(o);
      return;
    }
    case StmtKind::For:
      return lowerFor(s.cast<ForStmt>(), out);
    case StmtKind::While: {
      const auto& w = s.cast<WhileStmt>();
      auto* o = make<WhileStmt>(s.span);
      size_t before = out.size();
      o->test = lowerExpr(*w.test);
      if (out.size() != before)
        fail(w.test->span, "a while condition cannot read a global tensor element",
             "copy the tensor into a T.alloc_shared buffer first");
      o->body = list(lowerBlock(w.body));
      out.push_back(o);
      return;
    }
    case StmtKind::With:
      return lowerWith(s.cast<WithStmt>(), 0, out);
    case StmtKind::Pass:
      return;
    case StmtKind::Break:
    case StmtKind::Continue:
      fail(s.span, fmt::format("'{}' is not supported in a T kernel", stmtKindName(s.kind)),
           "loops of a T kernel run their whole range");
    case StmtKind::Import:
    case StmtKind::ImportFrom:
    case StmtKind::FunctionDef:
    case StmtKind::ClassDef:
      fail(s.span,
           fmt::format("a {} statement is not supported inside a T kernel", stmtKindName(s.kind)),
           "a @T.prim_func body holds buffers, copies, loops and element code");
  }
}

void TLowering::lowerAssign(const AssignStmt& s, std::vector<StmtPtr>& out) {
  if (!s.value) fail(s.span, "a bare annotation is not supported in a T kernel");
  const auto* target = s.target->as<NameExpr>();
  const auto* call = s.value->as<CallExpr>();
  std::string t = call ? tName(*call->func) : std::string();
  if (target && t.rfind("T.alloc_", 0) == 0) {
    Span sp = s.span;
    if (t == "T.alloc_shared" || t == "T.alloc_ub") {
      if (call->args.size() < 2 && call->keywords.empty())
        fail(call->span, fmt::format("{} takes (shape, dtype)", t),
             fmt::format("write {}((128,), \"float32\")", t));
      const Expr* shapeE = call->args.empty() ? nullptr : call->args[0].get();
      const Expr* dtypeE = call->args.size() > 1 ? call->args[1].get() : nullptr;
      for (const auto& k : call->keywords)
        if (k.name == "dtype")
          dtypeE = k.value.get();
        else if (k.name == "shape")
          shapeE = k.value.get();
        else if (k.name != "scope")
          fail(k.nameSpan, fmt::format("{} has no keyword '{}'", t, k.name));
      if (!shapeE || !dtypeE) fail(call->span, fmt::format("{} takes (shape, dtype)", t));
      BufferInfo info;
      info.shape = shapeOf(*shapeE, "buffer dimensions");
      info.dtype = dtypeOf(*dtypeE);
      buffers_[std::string(target->id)] = info;
      out.push_back(
          assign(name(target->id, s.target->span),
                 this->call(path("pl.tile.create", sp), {shapeList(info.shape, shapeE->span)},
                            {kw("dtype", dtypeExpr(info.dtype, dtypeE->span), sp),
                             kw("target_memory", path("pl.Mem.Vec", sp), sp)},
                            sp),
                 sp));
      return;
    }
    if (t == "T.alloc_var") {
      const Expr* dtypeE = call->args.empty() ? nullptr : call->args[0].get();
      const Expr* init = call->args.size() > 1 ? call->args[1].get() : nullptr;
      for (const auto& k : call->keywords)
        if (k.name == "init")
          init = k.value.get();
        else if (k.name == "dtype")
          dtypeE = k.value.get();
        else if (k.name != "scope")
          fail(k.nameSpan, fmt::format("T.alloc_var has no keyword '{}'", k.name));
      if (!dtypeE) fail(call->span, "T.alloc_var needs a dtype", "write T.alloc_var(\"float32\")");
      ir::DType d = dtypeOf(*dtypeE);
      Const zero;
      zero.kind = ir::isFloat(d) ? Const::Float : Const::Int;
      ExprPtr v;
      auto k = init ? evalConst(*init) : std::optional(zero);
      if (k && k->kind <= Const::Float) {
        Const lit = *k;
        if (ir::isFloat(d) && lit.kind != Const::Float) {
          lit.kind = Const::Float;
          lit.f = double(k->i);
        }
        if (!ir::isFloat(d) && lit.kind == Const::Float) {
          lit.kind = Const::Int;
          lit.i = static_cast<int64_t>(k->f);
        }
        if (lit.kind == Const::Bool) lit.kind = Const::Int;
        v = this->call(path("pl.const", sp), {constExpr(lit, sp), dtypeExpr(d, sp)}, {}, sp);
      } else {
        v = this->call(path("pl.cast", sp), {lowerExpr(*init), dtypeExpr(d, sp)}, {}, sp);
      }
      out.push_back(assign(name(target->id, s.target->span), v, sp));
      return;
    }
    unsupported(*call->func, t);
  }
  // A name assigned once to a constant is a Python constant; one assigned again (v = 0.0,
  // then v = a[i] in an if arm) is a variable.
  if (target && !call && nameAssigns_[std::string(target->id)] <= 1) {
    if (auto c = evalConst(*s.value)) {
      consts_.back()[std::string(target->id)] = *c;  // a Python constant
      return;
    }
  }
  if (s.annotation)
    fail(s.annotation->span, "annotated assignments are not supported in a T kernel");
  if (const auto* sub = s.target->as<SubscriptExpr>(); sub && simdDepth_ == 0)
    if (const auto* n = sub->value->as<NameExpr>()) {
      auto it = buffers_.find(n->id);
      if (it != buffers_.end() && it->second.gm) return lowerGlobalStore(*sub, *s.value, out);
    }
  out.push_back(assign(lowerExpr(*s.target), lowerExpr(*s.value), s.span));
}

void TLowering::lowerWith(const WithStmt& s, size_t item, std::vector<StmtPtr>& out) {
  if (item == s.items.size()) {
    for (const auto& x : s.body) lowerStmt(*x, out);
    return;
  }
  const WithItem& it = s.items[item];
  const auto* c = it.context->as<CallExpr>();
  std::string t = c ? tName(*c->func) : std::string();
  Span sp = it.span;
  if (t == "T.Kernel") {
    bool npu = false;
    for (const auto& k : c->keywords) npu = npu || k.name == "is_npu";
    std::vector<ExprPtr> targets;
    if (it.target) {
      if (const auto* tup = it.target->as<TupleExpr>())
        targets.assign(tup->elts.begin(), tup->elts.end());
      else
        targets.push_back(it.target);
    }
    std::vector<int64_t> grid;
    for (const auto& a : c->args) {
      auto v = evalInt(*a);
      if (!v || *v <= 0) fail(a->span, "T.Kernel extents must be positive compile-time constants");
      grid.push_back(*v);
    }
    if (grid.empty()) fail(c->span, "T.Kernel needs a block count", "write T.Kernel(1)");
    ExprPtr bid = call(path("pl.tile.get_block_idx", sp), {}, {}, sp);
    for (size_t k = 0; k < targets.size(); ++k) {
      const auto* n = targets[k]->as<NameExpr>();
      if (!n) fail(targets[k]->span, "T.Kernel binds names", "write `as bx` or `as (bx, by)`");
      ExprPtr v;
      if (npu && k == 1)
        v = call(path("pl.tile.get_subblock_idx", sp), {}, {}, sp);
      else if (npu || grid.size() == 1)
        v = bid;
      else if (k < grid.size()) {
        int64_t stride = 1;
        for (size_t d = 0; d < k; ++d) stride *= grid[d];
        v = bid;
        if (stride > 1) v = binop(BinOpKind::FloorDiv, v, intLit(stride, sp), sp);
        if (k + 1 < grid.size()) v = binop(BinOpKind::Mod, v, intLit(grid[k], sp), sp);
      } else {
        fail(targets[k]->span, "more names than T.Kernel extents");
      }
      out.push_back(assign(name(n->id, n->span), v, sp));
    }
    return lowerWith(s, item + 1, out);
  }
  if (t == "T.SimdVF") {
    int64_t lanes = 128;  // the reference's default
    for (const auto& k : c->keywords) {
      if (k.name == "latency") continue;
      if (k.name != "lanes")
        fail(k.nameSpan, fmt::format("T.SimdVF has no keyword '{}'", k.name),
             "write T.SimdVF(lanes=128)");
      auto v = evalConst(*k.value);
      if (!v || v->kind != Const::Int)
        fail(k.value->span, "T.SimdVF requires lanes to be an int", "write T.SimdVF(lanes=128)");
      lanes = v->i;
      if (lanes != 64 && lanes != 128 && lanes != 256)
        fail(k.value->span,
             fmt::format("T.SimdVF lanes must be one of (64, 128, 256), got {}", lanes),
             "a SIMD_VF region has 64, 128 or 256 lanes");
    }
    if (!c->args.empty())
      fail(c->args[0]->span, "T.SimdVF takes keyword arguments", "write T.SimdVF(lanes=128)");
    std::vector<StmtPtr> inner;
    ++simdDepth_;
    lowerWith(s, item + 1, inner);
    --simdDepth_;
    auto* w = make<WithStmt>(s.span);
    auto* lit = intLit(lanes, sp).get();
    w->items = list(std::vector<WithItem>{
        WithItem{call(path("pl.simd_vf", sp), {}, {kw("lanes", lit, sp)}, sp), nullptr, sp}});
    w->body = list(std::move(inner));
    out.push_back(w);
    return;
  }
  if (t == "T.Parallel") {
    std::vector<ExprPtr> targets;
    if (!it.target) fail(sp, "T.Parallel in a with statement needs `as i` or `as (i, j)`");
    if (const auto* tup = it.target->as<TupleExpr>())
      targets.assign(tup->elts.begin(), tup->elts.end());
    else
      targets.push_back(it.target);
    std::vector<StmtPtr> inner;
    size_t mark = pushLoopVars(targets);
    lowerWith(s, item + 1, inner);
    loopVars_.resize(mark);
    std::vector<ExprPtr> extents(c->args.begin(), c->args.end());
    out.push_back(nestLoops(targets, extents, "pl.parallel", list(std::move(inner)), s.span));
    return;
  }
  if (t == "T.launch_thread" && simdDepth_ > 0) {
    const auto* n = it.target ? it.target->as<NameExpr>() : nullptr;
    fail(it.context->span,
         fmt::format("thread bindings are not allowed inside a converting SIMD_VF block (found "
                     "`thread_extent` on binding `{}`)",
                     n ? std::string(n->id) : std::string("?")),
         "the lanes of a SIMD_VF region are its T.Parallel loops: write `for i in T.Parallel(n)`");
  }
  if (t == "T.attr" && simdDepth_ > 0 && c->args.size() >= 2)
    if (const auto* key = c->args[1]->as<StrLit>(); key && key->value == "volatile_scope")
      fail(it.context->span,
           "volatile_scope attribute inside a converting region marks accesses volatile; volatile "
           "accesses are not supported in the first version",
           "stage the volatile data through a plain UB buffer outside the SIMD_VF region");
  if (!t.empty()) unsupported(*c->func, t);
  fail(it.context->span, "unsupported with statement in a T kernel",
       "T kernels use `with T.Kernel(...)`, `with T.SimdVF(lanes=L)` and `with T.Parallel(...)`");
}

size_t TLowering::pushLoopVars(const std::vector<ExprPtr>& targets) {
  size_t mark = loopVars_.size();
  for (const auto& t : targets)
    if (const auto* n = t->as<NameExpr>()) loopVars_.push_back(n->id);
  return mark;
}

StmtPtr TLowering::nestLoops(const std::vector<ExprPtr>& targets,
                             const std::vector<ExprPtr>& extents, std::string_view plKind,
                             StmtList body, Span span) {
  if (targets.size() != extents.size())
    fail(span, fmt::format("{} loop variables for {} extents", targets.size(), extents.size()),
         "write one name per extent: `for i, j in T.Parallel(M, N)`");
  StmtList cur = body;
  StmtPtr loop;
  for (size_t k = targets.size(); k-- > 0;) {
    const auto* n = targets[k]->as<NameExpr>();
    if (!n) fail(targets[k]->span, "a loop variable must be a name");
    auto* f = make<ForStmt>(span);
    f->target = name(n->id, n->span);
    bool saved = inIndex_;
    inIndex_ = true;
    f->iter = call(path(plKind, extents[k]->span), {lowerExpr(*extents[k])}, {}, extents[k]->span);
    inIndex_ = saved;
    f->body = cur;
    loop = f;
    cur = list(std::vector<StmtPtr>{loop});
  }
  return loop;
}

void TLowering::lowerFor(const ForStmt& s, std::vector<StmtPtr>& out) {
  const auto* c = s.iter->as<CallExpr>();
  std::string t = c ? tName(*c->func) : std::string();
  std::string f = c ? dottedName(*c->func) : std::string();
  std::vector<ExprPtr> targets;
  if (const auto* tup = s.target->as<TupleExpr>())
    targets.assign(tup->elts.begin(), tup->elts.end());
  else
    targets.push_back(s.target);
  if (t == "T.Parallel" || t == "T.grid") {
    for (const auto& k : c->keywords)
      fail(k.nameSpan, fmt::format("{} has no keyword '{}' in ptoc's T subset", t, k.name));
    std::vector<ExprPtr> extents(c->args.begin(), c->args.end());
    size_t mark = pushLoopVars(targets);
    StmtList body = list(lowerBlock(s.body));
    loopVars_.resize(mark);
    out.push_back(
        nestLoops(targets, extents, t == "T.Parallel" ? "pl.parallel" : "pl.range", body, s.span));
    return;
  }
  if (t == "T.serial" || t == "T.unroll" || t == "T.Pipelined" || f == "range") {
    if (targets.size() != 1) fail(s.target->span, "a serial loop has one loop variable");
    std::vector<ExprPtr> args;
    bool saved = inIndex_;
    inIndex_ = true;
    for (const auto& a : c->args) args.push_back(lowerExpr(*a));
    inIndex_ = saved;
    std::vector<Keyword> kws;
    for (const auto& k : c->keywords)
      if (k.name != "num_stages" && k.name != "step")
        fail(k.nameSpan, fmt::format("{} has no keyword '{}' in ptoc's T subset", f, k.name));
      else if (k.name == "step")
        args.push_back(lowerExpr(*k.value));
      else if (t == "T.Pipelined")
        kws.push_back(kw("stage", lowerExpr(*k.value), k.value->span));
    // T.Pipelined is a pipeline loop (pl.pipeline, stage = num_stages, 2 by default).
    if (t == "T.Pipelined" && kws.empty()) {
      Const two;
      two.kind = Const::Int;
      two.i = 2;
      kws.push_back(kw("stage", constExpr(two, c->span), c->span));
    }
    if (args.empty() || args.size() > 3) fail(c->span, fmt::format("{} takes 1 to 3 bounds", f));
    auto* loop = make<ForStmt>(s.span);
    const auto* v = s.target->as<NameExpr>();
    if (!v) fail(s.target->span, "a loop variable must be a name");
    loop->target = name(v->id, v->span);
    loop->iter = call(path(t == "T.unroll"      ? "pl.unroll"
                           : t == "T.Pipelined" ? "pl.pipeline"
                                                : "pl.range",
                           c->span),
                      std::move(args), std::move(kws), c->span);
    size_t mark = pushLoopVars({s.target});
    loop->body = list(lowerBlock(s.body));
    loopVars_.resize(mark);
    out.push_back(loop);
    return;
  }
  if (t == "T.thread_binding" && simdDepth_ > 0) {
    // seed 003 §5.2: a SIMD_VF region's lanes are its T.Parallel loops, not threads.
    std::string thread = "a thread";
    for (const auto& k : c->keywords)
      if (const auto* str = k.value->as<StrLit>(); k.name == "thread" && str)
        thread = std::string(str->value);
    if (c->args.size() > 1)
      if (const auto* str = c->args.back()->as<StrLit>()) thread = std::string(str->value);
    const auto* v = s.target->as<NameExpr>();
    fail(s.span,
         fmt::format("thread bindings are not allowed inside a converting SIMD_VF block (found "
                     "ThreadBinding loop on `{}` bound to {})",
                     v ? std::string(v->id) : std::string("?"), thread),
         "the lanes of a SIMD_VF region are its T.Parallel loops: write `for i in T.Parallel(n)`");
  }
  if (!t.empty()) unsupported(*c->func, t);
  fail(s.iter->span, "unsupported loop in a T kernel",
       "loops are T.Parallel(...), T.serial(n) or range(n)");
}

}  // namespace ptoc::frontend
