// The conversion of a unit chunk into VMI, shared by verify-parallel and vectorize-parallel.
// See SimdVfConvert.h.
#include "SimdVfConvert.h"

#include <fmt/format.h>

#include <set>

#include "SimdVfLegalize.h"
#include "ptoc/analysis/Arith.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Printer.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/DeduceUtils.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::simdvf {

using namespace ir;

namespace {

const char* kAllowed =
    "(first version allows only buffer loads, constants, scalars, loop indices, Add, Sub, Mul, "
    "Div, Min, Max, Cast, Select and comparisons)";

const char* vmiName(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return "vmi.vadd";
    case BinaryOp::Sub:
      return "vmi.vsub";
    case BinaryOp::Mul:
      return "vmi.vmul";
    case BinaryOp::Div:
      return "vmi.vdiv";
    case BinaryOp::Min:
      return "vmi.vmin";
    case BinaryOp::Max:
      return "vmi.vmax";
    default:
      return nullptr;
  }
}

const char* cmpName(BinaryOp op) {
  switch (op) {
    case BinaryOp::Lt:
      return "lt";
    case BinaryOp::Le:
      return "le";
    case BinaryOp::Gt:
      return "gt";
    case BinaryOp::Ge:
      return "ge";
    case BinaryOp::Eq:
      return "eq";
    case BinaryOp::Ne:
      return "ne";
    default:
      return nullptr;
  }
}

/// `s OP v` == `v SWAP(OP) s`.
BinaryOp swapCmp(BinaryOp op) {
  switch (op) {
    case BinaryOp::Lt:
      return BinaryOp::Gt;
    case BinaryOp::Le:
      return BinaryOp::Ge;
    case BinaryOp::Gt:
      return BinaryOp::Lt;
    case BinaryOp::Ge:
      return BinaryOp::Le;
    default:
      return op;
  }
}

}  // namespace

void UnitConverter::reject(std::string category, std::string message, Span span) const {
  throw Reject{{std::move(category), std::move(message), span, u_.context(region_)}};
}

AttrList UnitConverter::sizeKw() const { return {{"size", AttrValue(int64_t{u_.lanes})}}; }

DType UnitConverter::dtypeOf(const ExprPtr& e) const {
  if (const auto* s = e->type->as<ScalarType>()) return s->dtype;
  if (const auto* v = e->type->as<VRegType>()) return v->dtype;
  return DType::Bool;
}

ExprPtr UnitConverter::emit(const char* kind, const char* op, std::vector<ExprPtr> args,
                            AttrList kwargs, Span span) {
  auto call = createOpCall(OpRegistry::instance().get(op), std::move(args), kwargs, span, diag_);
  VarPtr v = var(fmt::format("{}_{}", kind, counter_++), call->type, span);
  out_->push_back(assign(v, call, span));
  return v;
}

void UnitConverter::emitEffect(const char* op, std::vector<ExprPtr> args, Span span) {
  auto call = createOpCall(OpRegistry::instance().get(op), std::move(args), {}, span, diag_);
  out_->push_back(evalStmt(call, span));
}

ExprPtr UnitConverter::scalarAs(const ExprPtr& s, DType d) const {
  if (dtypeOf(s) == d) return s;
  if (const auto* c = s->as<ConstFloat>()) return constFloat(c->value, d, s->span);
  if (const auto* c = s->as<ConstInt>())
    return isFloat(d) ? constFloat(double(c->value), d, s->span) : constInt(c->value, d, s->span);
  return cast(s, d, s->span);
}

ExprPtr UnitConverter::castVector(const ExprPtr& v, DType to, Span span) {
  DType from = dtypeOf(v);
  if (from == to) return v;
  if (auto why = planCast(from, to))
    reject("dtype",
           fmt::format("Cast {} -> {} has no proven VMI-equivalent conversion: {}",
                       dtypeLongName(from), dtypeLongName(to), *why),
           span);
  return emit("vcvt", "vmi.vcvt", {v}, {{"to_dtype", AttrValue(to)}}, span);
}

ExprPtr UnitConverter::toVector(const Val& v, DType d, Span span) {
  if (v.vec) return castVector(v.e, d, span);
  if (!ops::isVRegElementType(d))
    reject("dtype", fmt::format("{} is not a vector element type", dtypeLongName(d)), span);
  if (prologue_ && (v.e->as<ConstInt>() || v.e->as<ConstFloat>())) {
    // A constant is broadcast once for the whole unit, before its loops.
    ExprPtr c = scalarAs(v.e, d);
    std::string key = printExpr(*c) + ":" + std::string(dtypeName(d));
    if (auto it = constBroadcasts_.find(key); it != constBroadcasts_.end()) return it->second;
    std::vector<StmtPtr>* saved = out_;
    out_ = prologue_;
    ExprPtr r = emit("vbrc", "vmi.vbrc", {c}, sizeKw(), span);
    out_ = saved;
    constBroadcasts_[key] = r;
    return r;
  }
  ExprPtr c = scalarAs(v.e, d);
  if (auto* where = hoistTarget(c)) return emitHoisted("vbrc", "vmi.vbrc", c, where, span);
  return emit("vbrc", "vmi.vbrc", {c}, sizeKw(), span);
}

ExprPtr UnitConverter::toMask(const Val& v, Span span) {
  if (v.vec) {
    if (!v.e->type->isa<MaskType>())
      reject("expression", "a condition must be a comparison or a boolean of comparisons", span);
    return v.e;
  }
  // A lane-uniform condition: all lanes or none.
  ExprPtr n = select(v.e, constInt(u_.lanes, DType::Int32), constInt(0, DType::Int32), span);
  if (auto* where = hoistTarget(n)) return emitHoisted("mask", "vmi.create_mask", n, where, span);
  return emit("mask", "vmi.create_mask", {n}, sizeKw(), span);
}

std::vector<StmtPtr>* UnitConverter::hoistTarget(const ExprPtr& scalar) {
  if (!prologue_) return nullptr;
  if (!unitVarsKnown_) {
    struct Defs : IRVisitor {
      std::set<const Var*>& vars;
      explicit Defs(std::set<const Var*>& v) : vars(v) {}
      void visitDef(const VarPtr& v) override { vars.insert(v.get()); }
    } defs(unitVars_);
    defs.visitStmt(u_.body);
    for (const ForStmt* f : {u_.outer, u_.inner})
      if (f && f->loopVar != u_.keptVar) unitVars_.insert(f->loopVar.get());
    unitVars_.insert(q_.get());
    unitVarsKnown_ = true;
  }
  // Only arithmetic on variables from outside the unit (and the kept coordinate): no memory,
  // no call.
  struct Reads : IRVisitor {
    const std::set<const Var*>& local;
    const Var* kept;
    bool ok = true, usesKept = false;
    Reads(const std::set<const Var*>& l, const Var* k) : local(l), kept(k) {}
    void visitVar(const Var& v) override {
      if (&v == kept)
        usesKept = true;
      else if (local.count(&v))
        ok = false;
    }
    void visitBufferLoad(const BufferLoad&) override { ok = false; }
    void visitCall(const Call&) override { ok = false; }
  } reads(unitVars_, u_.keptVar.get());
  reads.visitExpr(scalar);
  if (!reads.ok) return nullptr;
  if (!reads.usesKept) return prologue_;
  return keptPrologue_;
}

ExprPtr UnitConverter::emitHoisted(const char* kind, const char* op, const ExprPtr& arg,
                                   std::vector<StmtPtr>* where, Span span) {
  std::string key = std::string(kind) + ":" + printExpr(*arg) + ":" +
                    std::string(dtypeName(dtypeOf(arg))) + (where == prologue_ ? "" : ":kept");
  if (auto it = hoisted_.find(key); it != hoisted_.end()) return it->second;
  std::vector<StmtPtr>* saved = out_;
  out_ = where;
  ExprPtr r = emit(kind, op, {arg}, sizeKw(), span);
  out_ = saved;
  hoisted_[key] = r;
  return r;
}

void UnitConverter::checkBuffer(const VarPtr& buffer, Span span) const {
  if (buffer->type->isa<TensorType>())
    reject("memory access",
           fmt::format("SIMD_VF block must not access GM directly (buffer `{}` has scope global); "
                       "stage through UB first",
                       buffer->name),
           span);
  const auto* t = buffer->type->as<TileType>();
  if (!t) reject("memory access", fmt::format("`{}` is not a buffer", buffer->name), span);
  if (t->memory && *t->memory != MemorySpace::Vec)
    reject("memory access",
           fmt::format("buffer `{}` is in {}; a SIMD_VF region accesses UB (Vec) tiles only",
                       buffer->name, toString(*t->memory)),
           span);
  if (!ops::isVRegElementType(t->dtype))
    reject("dtype",
           fmt::format("buffer `{}` element dtype {} is not supported by the first-version unified "
                       "element addressing (no sub-byte packed types, no pre-vectorized elements, "
                       "no FP64, 8/16/32-bit widths only)",
                       buffer->name, dtypeLongName(t->dtype)),
           span);
}

UnitConverter::Val UnitConverter::convertLoad(const BufferLoad& l) {
  checkBuffer(l.buffer, l.span);
  checkIndices(l.indices, l.span);
  if (auto it = carried_.find(addressKey(l.buffer, l.indices)); it != carried_.end())
    return {it->second, true};
  if (regionCarried_)
    if (auto it = regionCarried_->find(l.buffer.get()); it != regionCarried_->end())
      return {it->second, true};
  std::string why;
  auto a = classifyAccess(u_, l.buffer, l.indices, chunkBase_, defs_, why);
  if (!a) reject("memory access", why, l.span);
  if (a->kind == AccessKind::Uniform) return {bufferLoad(l.buffer, a->indices, l.span), false};
  // Loads read the whole chunk: the padded range must be inside the buffer.
  const auto* t = l.buffer->type->as<TileType>();
  int64_t n = 1;
  for (int64_t d : t->shape) n *= d;
  analysis::Analyzer az;
  az.bind(q_, 0, u_.chunks - 1);
  if (u_.keptVar) az.bind(u_.keptVar, 0, u_.keptExtent - 1);
  analysis::Interval b = az.boundOf(a->start);
  if (b.hasUpper() && b.hi + u_.lanes > n)
    reject("memory access",
           fmt::format("buffer `{}`: a vector load reads elements up to {} but the buffer has {}; "
                       "loads read whole chunks, so the vectorized dimension must be padded to "
                       "ceil(E/L)*L = {}",
                       l.buffer->name, b.hi + u_.lanes, n, u_.padded),
           l.span);
  // One vload per address and chunk until the next store (a store may change the data).
  std::string key = loadKey(l.buffer, a->start);
  if (auto it = loads_.find(key); it != loads_.end()) return {it->second, true};
  ExprPtr v = emit("vload", "vmi.vload", {l.buffer, a->start}, sizeKw(), l.span);
  loads_[key] = v;
  loadBuffer_[key] = l.buffer.get();
  return {v, true};
}

UnitConverter::Val UnitConverter::convertBinary(const BinaryExpr& b, const ExprPtr& e) {
  Val x = convert(b.lhs), y = convert(b.rhs);
  if (!x.vec && !y.vec) return {binary(b.op, x.e, y.e, e->span), false};
  Span sp = e->span;
  if (const char* cmp = cmpName(b.op)) {
    DType d = x.vec ? dtypeOf(x.e) : dtypeOf(y.e);
    if (x.vec && y.vec) {
      DType rd = promoteDTypes(dtypeOf(x.e), dtypeOf(y.e));
      ExprPtr m =
          emit("vcmp", "vmi.vcmp", {castVector(x.e, rd, sp), castVector(y.e, rd, sp), mask_},
               {{"cmp", AttrValue(std::string(cmp))}}, sp);
      seeded_.insert(m);
      return {m, true};
    }
    BinaryOp op = x.vec ? b.op : swapCmp(b.op);
    const Val& v = x.vec ? x : y;
    const Val& s = x.vec ? y : x;
    if (v.e->type->isa<MaskType>())
      reject("expression", "comparisons of conditions are not supported", sp);
    ExprPtr m = emit("vcmps", "vmi.vcmps", {v.e, scalarAs(s.e, d), mask_},
                     {{"cmp", AttrValue(std::string(cmpName(op)))}}, sp);
    seeded_.insert(m);
    return {m, true};
  }
  bool boolOp =
      b.op == BinaryOp::And || b.op == BinaryOp::Or ||
      ((b.op == BinaryOp::BitAnd || b.op == BinaryOp::BitOr) && dtypeOf(e) == DType::Bool);
  if (boolOp) {
    bool isAnd = b.op == BinaryOp::And || b.op == BinaryOp::BitAnd;
    ExprPtr mx = toMask(x, sp), my = toMask(y, sp);
    // Seeded with the chunk mask (no lane past the extent): a comparison, an `and` with one,
    // an `or` of two.
    bool seeded =
        isAnd ? seeded_.count(mx) || seeded_.count(my) : seeded_.count(mx) && seeded_.count(my);
    ExprPtr m = emit(isAnd ? "mask_and" : "mask_or", isAnd ? "vmi.mask_and" : "vmi.mask_or",
                     {mx, my}, {}, sp);
    if (seeded) seeded_.insert(m);
    return {m, true};
  }
  const char* op = vmiName(b.op);
  if (!op)
    reject("expression",
           fmt::format("store value: unsupported expression node `{}` {}", binaryOpName(b.op),
                       kAllowed),
           sp);
  DType rd = dtypeOf(e);
  if (!ops::isVRegElementType(rd))
    reject("dtype", fmt::format("{} is not a vector element type", dtypeLongName(rd)), sp);
  if (b.op == BinaryOp::Mul && isInteger(rd) && dtypeBits(rd) == 8)
    reject("dtype",
           fmt::format("vmul on {} elements is not supported by the VMI operation matrix in the "
                       "first version",
                       dtypeLongName(rd)),
           sp);
  if (rd == DType::FP8E4M3FN || rd == DType::FP8E5M2)
    reject("dtype",
           fmt::format("{} on lane-varying {} is not supported (FP8 arithmetic is out of scope; "
                       "convert to float32 explicitly first)",
                       op + 4, dtypeLongName(rd)),
           sp);
  // A uniform operand of a commutative op (or the subtrahend) rides along as the scalar of
  // vadds / vmuls; otherwise it is broadcast.
  if (!y.vec || !x.vec) {
    const Val& v = x.vec ? x : y;
    const Val& s = x.vec ? y : x;
    bool scalarForm = b.op == BinaryOp::Add || b.op == BinaryOp::Mul ||
                      (b.op == BinaryOp::Sub && x.vec && !isInteger(rd));
    if (scalarForm) {
      ExprPtr sc = scalarAs(s.e, rd);
      if (b.op == BinaryOp::Sub)
        sc = sc->as<ConstFloat>() ? constFloat(-sc->as<ConstFloat>()->value, rd, sp) : neg(sc, sp);
      return {emit(b.op == BinaryOp::Mul ? "vmuls" : "vadds",
                   b.op == BinaryOp::Mul ? "vmi.vmuls" : "vmi.vadds",
                   {castVector(v.e, rd, sp), sc, mask_}, {}, sp),
              true};
    }
  }
  return {emit(op + 4, op, {toVector(x, rd, sp), toVector(y, rd, sp), mask_}, {}, sp), true};
}

UnitConverter::Val UnitConverter::convert(const ExprPtr& e) {
  // The same expression object (min / max operands after legalize-parallel) converts once
  // until the next store.
  bool memo =
      e->kind == ExprKind::Binary || e->kind == ExprKind::Unary || e->kind == ExprKind::Select;
  if (memo)
    if (auto it = memo_.find(e.get()); it != memo_.end()) return it->second.first;
  Val v = convertNode(e);
  if (memo) memo_[e.get()] = {v, pure(e)};
  return v;
}

bool UnitConverter::pure(const ExprPtr& e) const {
  struct V : IRVisitor {
    const std::map<const Var*, VarPtr>& lanes;
    bool impure = false;
    explicit V(const std::map<const Var*, VarPtr>& l) : lanes(l) {}
    void visitBufferLoad(const BufferLoad&) override { impure = true; }
    void visitVar(const Var& v) override { impure = impure || lanes.count(&v); }
  } v(laneScalars_);
  v.visitExpr(e);
  return !v.impure;
}

ExprPtr UnitConverter::storeMask(const ExprPtr& pred, Span span) {
  // The same predicate (over bound conditions, no loads) gives the same mask until the chunk
  // or shell ends.
  struct HasLoad : IRVisitor {
    bool found = false;
    void visitBufferLoad(const BufferLoad&) override { found = true; }
  } h;
  h.visitExpr(pred);
  std::string key = h.found ? std::string() : printExpr(*pred);
  if (!key.empty())
    if (auto it = predMasks_.find(key); it != predMasks_.end()) return it->second;
  ExprPtr m = toMask(convert(pred), span);
  // Anything not seeded with the chunk mask (not, a uniform condition) is conjoined with it so
  // the lanes past the extent stay off.
  if (!seeded_.count(m)) {
    m = emit("mask_and", "vmi.mask_and", {mask_, m}, {}, span);
    seeded_.insert(m);
  }
  if (!key.empty()) predMasks_[key] = m;
  return m;
}

UnitConverter::Val UnitConverter::convertNode(const ExprPtr& e) {
  Span sp = e->span;
  switch (e->kind) {
    case ExprKind::ConstInt:
    case ExprKind::ConstFloat:
    case ExprKind::ConstBool:
      return {e, false};
    case ExprKind::Var:
    case ExprKind::IterArg: {
      const Var* v = e->as<Var>();
      if (v == u_.vecVar.get())
        reject("expression",
               fmt::format("the loop index `{}` is used as an INDEX value; cast it to an integer "
                           "element type (pl.cast({}, pl.INT32))",
                           v->name, v->name),
               sp);
      if (auto it = values_.find(v); it != values_.end()) return it->second;
      if (!e->type->isa<ScalarType>())
        reject("expression",
               fmt::format("`{}` of type {} cannot be an element value", v->name,
                           typeToString(*e->type)),
               sp);
      return {e, false};
    }
    case ExprKind::BufferLoad:
      return convertLoad(*e->as<BufferLoad>());
    case ExprKind::Binary:
      return convertBinary(*e->as<BinaryExpr>(), e);
    case ExprKind::Unary: {
      const auto& u = *e->as<UnaryExpr>();
      DType to = dtypeOf(e);
      if (u.op == UnaryOp::Cast && u.operand.get() == u_.vecVar.get()) {
        // The loop index as a value: a ramp from the chunk's first index.
        if (!isInteger(to) || dtypeBits(to) > 32)
          reject("dtype",
                 fmt::format("Cast int32 -> {} has no proven VMI-equivalent conversion: the loop "
                             "index is an integer ramp (vci), and float <-> int conversions are "
                             "outside the supported conversion set",
                             dtypeLongName(to)),
                 sp);
        return {emit("vci", "vmi.vci", {cast(chunkBase_, to, sp)}, sizeKw(), sp), true};
      }
      Val x = convert(u.operand);
      if (!x.vec) return {u.op == UnaryOp::Cast ? cast(x.e, to, sp) : unary(u.op, x.e, sp), false};
      switch (u.op) {
        case UnaryOp::Cast:
          return {castVector(x.e, to, sp), true};
        case UnaryOp::Neg:
          return {emit("vneg", "vmi.vneg", {x.e, mask_}, {}, sp), true};
        case UnaryOp::Abs:
          return {emit("vabs", "vmi.vabs", {x.e, mask_}, {}, sp), true};
        case UnaryOp::Not:
          return {emit("mnot", "vmi.mask_not", {toMask(x, sp)}, {}, sp), true};
        case UnaryOp::BitNot:
          reject("expression",
                 fmt::format("store value: unsupported expression node `BitNot` {}", kAllowed), sp);
      }
      break;
    }
    case ExprKind::Select: {
      const auto& s = *e->as<SelectExpr>();
      Val c = convert(s.cond), t = convert(s.trueValue), f = convert(s.falseValue);
      if (!c.vec && !t.vec && !f.vec) return {select(c.e, t.e, f.e, sp), false};
      DType rd = dtypeOf(e);
      ExprPtr m = toMask(c, sp);
      return {emit("vsel", "vmi.vsel", {m, toVector(t, rd, sp), toVector(f, rd, sp)}, {}, sp),
              true};
    }
    case ExprKind::Call: {
      const auto& c = *e->as<Call>();
      reject("expression",
             fmt::format("unsupported Call `{}` (allows buffer loads, constants, scalars, loop "
                         "indices, Add, Sub, Mul, Div, Min, Max, Cast, Select, comparisons, "
                         "and/or/not)",
                         c.callee),
             sp);
    }
    case ExprKind::MakeTuple:
    case ExprKind::TupleGetItem:
      reject("expression", "tuples cannot be element values", sp);
  }
  reject("expression", "internal error: unhandled expression", sp);
}

bool UnitConverter::reassigned(const ExprPtr& v) const {
  for (const auto& [_, r] : laneScalars_)
    if (r == v) return true;
  for (const auto& [_, r] : carried_)
    if (r == v) return true;
  if (regionCarried_)
    for (const auto& [_, r] : *regionCarried_)
      if (r == v) return true;
  return false;
}

std::string UnitConverter::loadKey(const VarPtr& b, const ExprPtr& start) {
  return b->name + "@" + std::to_string(reinterpret_cast<uintptr_t>(b.get())) + ":" +
         printExpr(*start);
}

void UnitConverter::forgetLoads(const Var* b) {
  for (auto it = loads_.begin(); it != loads_.end();) {
    auto buf = loadBuffer_.find(it->first);
    if (buf == loadBuffer_.end() || mayAlias(buf->second, b)) {
      if (buf != loadBuffer_.end()) loadBuffer_.erase(buf);
      it = loads_.erase(it);
    } else {
      ++it;
    }
  }
}

void UnitConverter::convertStmt(const StmtPtr& s) {
  Span sp = s->span;
  switch (s->kind) {
    case StmtKind::Seq:
      return convertList(flattenStmts(s), false);
    case StmtKind::Assign: {
      const auto& a = *s->as<AssignStmt>();
      if (laneScalars_.count(a.var.get())) return assignLaneScalar(a);
      if (defs_.count(a.var.get()))
        reject("expression",
               fmt::format("`{}` is assigned more than once in a T.Parallel unit (per-lane carried "
                           "values belong to a later milestone)",
                           a.var->name),
               sp);
      if (!a.var->type->isa<ScalarType>())
        reject("expression",
               fmt::format("`{}` of type {} cannot be bound inside a T.Parallel unit", a.var->name,
                           typeToString(*a.var->type)),
               sp);
      defs_[a.var.get()] = a.value;
      values_[a.var.get()] = convert(a.value);  // in program order: before any later store
      return;
    }
    case StmtKind::BufferStore: {
      const auto& st = *s->as<BufferStoreStmt>();
      checkBuffer(st.buffer, sp);
      checkIndices(st.indices, sp);
      std::string why;
      auto a = classifyAccess(u_, st.buffer, st.indices, chunkBase_, defs_, why);
      if (!a) reject("memory access", why, sp);
      Val v = convert(st.value);
      if (a->kind == AccessKind::Uniform)
        reject("memory access",
               v.vec ? fmt::format("buffer `{}`: a lane-varying value stored to a lane-uniform "
                                   "address; lane-uniform stores are not supported in the first "
                                   "version",
                                   st.buffer->name)
                     : fmt::format("buffer `{}`: lane-uniform stores are not supported in the "
                                   "first version",
                                   st.buffer->name),
               sp);
      DType d = st.buffer->type->as<TileType>()->dtype;
      ExprPtr m = st.predicate ? storeMask(st.predicate, sp) : mask_;
      if (auto rc = regionCarried_ ? regionCarried_->find(st.buffer.get())
                                   : std::map<const Var*, VarPtr>::const_iterator{};
          regionCarried_ && rc != regionCarried_->end()) {
        // Plan B: the region-level carried buffer lives in its register.
        ExprPtr nv = toVector(v, d, sp);
        if (st.predicate) nv = emit("vsel", "vmi.vsel", {m, nv, rc->second}, {}, sp);
        assignTo(rc->second, nv, sp);
        memo_.clear();
        return;
      }
      ExprPtr stored = toVector(v, d, sp);
      emitEffect("vmi.vstore", {stored, st.buffer, a->start, m}, sp);
      forgetLoads(st.buffer.get());
      // A store under the chunk mask leaves the register's value in every lane a later store
      // can write: a load of the same address reads the register (no vstore -> vload pair).
      if (!st.predicate && !reassigned(stored)) {
        std::string key = loadKey(st.buffer, a->start);
        loads_[key] = stored;
        loadBuffer_[key] = st.buffer.get();
      }
      // What reads memory may change with the store; values of registers only stay.
      std::erase_if(memo_, [](const auto& kv) { return !kv.second.second; });
      return;
    }
    case StmtKind::If:
      reject("loop structure",
             "if/else inside T.Parallel reached the vectorizer; run legalize-parallel first", sp);
    case StmtKind::For:
      return convertShell(*s->as<ForStmt>());
    case StmtKind::While:
      reject("loop structure", "while loops inside T.Parallel are not yet supported", sp);
    case StmtKind::Eval:
      reject("expression", "evaluate statements inside T.Parallel are not supported", sp);
    case StmtKind::Break:
    case StmtKind::Continue:
      reject("loop structure", "break / continue inside T.Parallel are not supported", sp);
    case StmtKind::Yield:
    case StmtKind::Return:
    case StmtKind::InCoreScope:
    case StmtKind::SplitAivScope:
    case StmtKind::SimdVfScope:
    case StmtKind::RuntimeScope:
#ifdef PTOC_CHECK_DUMMY_NODE
    case StmtKind::Dummy:
#endif
      reject("loop structure",
             fmt::format("nested blocks inside T.Parallel are not yet supported (found a {} "
                         "statement)",
                         stmtKindName(s->kind)),
             sp);
  }
}

bool UnitConverter::convertChunk(const ExprPtr& mask, std::vector<StmtPtr>& out,
                                 std::vector<Problem>& problems) {
  mask_ = mask;
  out_ = &out;
  defs_.clear();
  values_.clear();
  loads_.clear();
  loadBuffer_.clear();
  memo_.clear();
  laneScalars_.clear();
  carried_.clear();
  predMasks_.clear();
  seeded_.clear();
  try {
    std::vector<StmtPtr> body = flattenStmts(u_.body);
    findLaneScalars(u_.body);
    convertList(body, true);
  } catch (const Reject& r) {
    problems.push_back(r.p);
    return false;
  }
  return true;
}

}  // namespace ptoc::simdvf

namespace ptoc::simdvf {

void checkUnit(const Unit& u, int region, DiagnosticEngine& diag, std::vector<Problem>& problems,
               const std::set<const Var*>* distinct) {
  // The dry run of the conversion: chunk variable and mask are placeholders.
  VarPtr q = scalarVar("q", DType::Index);
  VarPtr mask = var("mask", MaskType::get(u.lanes));
  // What legalize-parallel makes of the body is what vectorize-parallel meets.
  Unit legal = u;
  legal.body = legalizeUnitBody(u, region, u.body, problems);
  if (!legal.body) return;
  UnitConverter conv(legal, region, diag, q, mul(q, constIndex(u.lanes)));
  conv.setDistinct(distinct);
  std::vector<StmtPtr> scratch;
  conv.convertChunk(mask, scratch, problems);
}

}  // namespace ptoc::simdvf
