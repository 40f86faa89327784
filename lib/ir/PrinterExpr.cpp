// The IR printer, part 1: variable names, types (with the tile view fields that
// differ from the memory space's defaults) and expressions (Python precedence,
// minimal parentheses, bare literals only where they read back with their dtype).
#include <algorithm>
#include <cmath>

#include "PrintText.h"
#include "PrinterImpl.h"
#include "ptoc/ir/CallAttrs.h"

namespace ptoc::ir::print_detail {

int binaryPrec(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
      return kAdd;
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod:
      return kMul;
    case BinaryOp::Pow:
      return kPow;
    case BinaryOp::Min:
    case BinaryOp::Max:
      return kPrimary;
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge:
      return kCmp;
    case BinaryOp::And:
      return kAnd;
    case BinaryOp::Or:
      return kOr;
    case BinaryOp::BitAnd:
      return kBitAnd;
    case BinaryOp::BitOr:
      return kBitOr;
    case BinaryOp::BitXor:
      return kBitXor;
    case BinaryOp::Shl:
    case BinaryOp::Shr:
      return kShift;
  }
  return kPrimary;
}

bool isIndexConst(const ExprPtr& e, int64_t v) {
  if (!e) return true;  // absent start/step = the default
  const auto* c = e->as<ConstInt>();
  return c && c->value == v && c->dtype() == DType::Index;
}

int dtypeContext(const TypePtr& t) {
  const auto* s = t ? t->as<ScalarType>() : nullptr;
  return s ? static_cast<int>(s->dtype) : kNoContext;
}

namespace {

bool validShapeIsFull(const std::vector<ExprPtr>& valid, const std::vector<int64_t>& shape) {
  if (valid.size() != shape.size()) return false;
  for (size_t i = 0; i < valid.size(); ++i) {
    const auto* c = valid[i] ? valid[i]->as<ConstInt>() : nullptr;
    if (!c || c->value != shape[i]) return false;
  }
  return true;
}

/// Whether two tiles without a valid_shape print alike.
bool sameTileText(const TileType& a, const TileType& b) {
  if (a.dtype != b.dtype || a.memory != b.memory || a.shape != b.shape) return false;
  if (!a.view || !b.view) return !a.view && !b.view;
  const TileView& x = *a.view;
  const TileView& y = *b.view;
  return x.validShape.empty() && y.validShape.empty() && x.blayout == y.blayout &&
         x.slayout == y.slayout && x.fractal == y.fractal && x.pad == y.pad;
}

/// Whether the printer's default form of `e` is a bare literal (INDEX ints, finite FP32).
bool printsBare(const Expr& e) {
  if (const auto* c = e.as<ConstInt>()) return c->dtype() == DType::Index;
  if (const auto* c = e.as<ConstFloat>())
    return c->dtype() == DType::FP32 && std::isfinite(c->value);
  return false;
}

/// Whether a bare literal of `e`'s kind reads back with `e`'s dtype in `context`.
bool bareKeepsDType(const Expr& e, int context) {
  if (context == kNoContext) return true;
  if (context == kNeverBare) return false;
  auto d = static_cast<DType>(context);
  if (e.isa<ConstInt>()) return !isFloat(d) && (!isInteger(d) || d == DType::Index);
  return !isFloat(d) || d == DType::FP32;
}

bool isNonNegativeBare(const Expr& e) {
  if (!printsBare(e)) return false;
  if (const auto* c = e.as<ConstInt>()) return c->value >= 0;
  return !std::signbit(e.as<ConstFloat>()->value);
}

}  // namespace

void Printer::collectHints() {
  hintsCollected_ = true;
  HintCollector c(hints_, arena_);
  if (rootFunction_) {
    for (const auto& p : rootFunction_->params) c.add(*p);
    c.visitStmt(rootFunction_->body);
  }
  // The visitor takes shared_ptrs; wrap the roots without owning them.
  if (rootStmt_) c.visitStmt(StmtPtr(std::shared_ptr<const Stmt>(), rootStmt_));
  if (rootExpr_) c.visitExpr(ExprPtr(std::shared_ptr<const Expr>(), rootExpr_));
}

bool Printer::nameFree(std::string_view n, uint64_t h, bool checkHints) {
  if (taken_.contains(n, h) || isBlockedName(n, h) || blockedFunctions_.contains(n, h))
    return false;
  return !checkHints || !hints_.contains(n, h);
}

std::string_view Printer::name(const Var& v) {
  if (const std::string_view* recent = recent_.find(&v)) return *recent;
  std::string_view n = lookupName(v);
  recent_.set(&v, n);
  return n;
}

std::string_view Printer::lookupName(const Var& v) {
  std::string_view hint = v.name;  // a Var's name is immutable: views stay valid
  if (rawNames_) return hint.empty() ? std::string_view("v") : hint;
  // Most variables print as their own hint: the owner of that name in taken_ says
  // whether this one does, so only renamed variables need a map of their own.
  // The blocked names (keywords, function names) are taken by no variable, so one
  // probe checks all.
  if (isValidIdent(hint)) {
    if (!blockedTaken_) takeBlockedNames();
    if (taken_.findOrInsert(hint, nameHash(hint), &v) == &v) return hint;
  }
  if (const std::string_view* known = renamed_.find(&v)) return *known;
  std::string_view chosen = newName(v);
  renamed_.insert(&v, chosen);
  return chosen;
}

void Printer::takeBlockedNames() {
  blockedTaken_ = true;
  for (std::string_view k : kBlockedNames) taken_.findOrInsert(k, nameHash(k), nullptr);
  for (std::string_view f : blockedFunctionList_) taken_.findOrInsert(f, nameHash(f), nullptr);
}

std::string_view Printer::newName(const Var& v) {
  std::string_view base = v.name;
  if (!isValidIdent(base)) base = arena_.store(sanitizeName(base));
  uint64_t h = nameHash(base);
  if (!isBlockedName(base, h) && !blockedFunctions_.contains(base, h) &&
      taken_.findOrInsert(base, h, &v) == &v)
    return base;
  // A suffixed name must not be any variable's own hint, so it never steals a
  // name from a variable printed later.
  if (!hintsCollected_) collectHints();
  int64_t& next = nextSuffix_[base];  // resume where this base stopped
  std::string& cand = scratch_;
  for (int64_t k = next > 0 ? next : 1;; ++k) {
    cand.assign(base);
    cand += '_';
    appendInt(cand, k);
    h = nameHash(cand);
    if (nameFree(cand, h, true)) {
      next = k + 1;
      break;
    }
  }
  std::string_view chosen = arena_.store(cand);
  taken_.findOrInsert(chosen, h, &v);
  return chosen;
}

// ---------------------------------------------------------------------------
// Types.

void Printer::tileView(const TileType& t, bool full) {
  if (!t.view) return;
  const TileView& v = *t.view;
  TileView implicit = implicitTileView(t.memory, t.shape);
  bool hasValid = !v.validShape.empty() && !validShapeIsFull(v.validShape, t.shape);
  if (!hasValid && v.blayout == implicit.blayout && v.slayout == implicit.slayout &&
      v.fractal == implicit.fractal && v.pad == implicit.pad)
    return;
  out_ += full ? ", pl.TileView(" : ", TileView(";
  bool first = true;
  auto sep = [&] {
    if (!first) out_ += ", ";
    first = false;
  };
  if (hasValid) {
    sep();
    out_ += "valid_shape=[";
    exprList(v.validShape);
    out_ += ']';
  }
  if (v.blayout != implicit.blayout) {
    sep();
    out_ += full ? "blayout=pl.TileLayout." : "blayout=";
    out_ += toString(v.blayout);
  }
  if (v.slayout != implicit.slayout) {
    sep();
    out_ += full ? "slayout=pl.TileLayout." : "slayout=";
    out_ += toString(v.slayout);
  }
  if (v.fractal != implicit.fractal) {
    sep();
    out_ += "fractal=";
    appendInt(out_, v.fractal);
  }
  if (v.pad != implicit.pad) {
    sep();
    out_ += full ? "pad=pl.PadValue." : "pad=";
    out_ += toString(v.pad);
  }
  out_ += ')';
}

void Printer::blockDynamicDimNames(const Program& p) {
  auto walk = [this](auto& self, const Expr& e) -> void {
    if (isDynamicDimVar(e)) {
      std::string_view n = static_cast<const Var&>(e).name;  // interned: outlives the printer
      if (!blockedFunctions_.contains(n)) {
        blockedFunctions_.insert(n);
        blockedFunctionList_.push_back(n);
      }
    } else if (const auto* b = e.as<BinaryExpr>()) {
      self(self, *b->lhs);
      self(self, *b->rhs);
    }
  };
  auto type = [&](const TypePtr& t) {
    const auto* tt = t ? t->as<TensorType>() : nullptr;
    if (!tt) return;
    for (const auto& d : tt->dims)
      if (d) walk(walk, *d);
  };
  for (const auto& f : p.functions) {
    for (const auto& v : f->params) type(v->type);
    for (const auto& t : f->returnTypes) type(t);
  }
}

void Printer::tensorView(const TensorView& v, bool full) {
  // PyPTO's form: a bare layout when only the layout differs, else pl.TensorView(...).
  bool outer = inTensorType_;
  inTensorType_ = true;
  if (v.stride.empty() && v.validShape.empty() && v.pad == PadValue::Null &&
      v.layout != TensorLayout::DN) {  // PyPTO has no DN shorthand
    out_ += full ? ", pl." : ", ";
    out_ += toString(v.layout);
  } else {
    out_ += full ? ", pl.TensorView(" : ", TensorView(";
    out_ += "stride=[";
    exprList(v.stride);
    out_ += full ? "], layout=pl.TensorLayout." : "], layout=";
    out_ += toString(v.layout);
    if (!v.validShape.empty()) {
      out_ += ", valid_shape=[";
      exprList(v.validShape);
      out_ += ']';
    }
    if (v.pad != PadValue::Null) {
      out_ += full ? ", pad=pl.PadValue." : ", pad=";
      out_ += toString(v.pad);
    }
    out_ += ')';
  }
  inTensorType_ = outer;
}

void Printer::type(const Type& t, bool full) {
  auto shape = [this](const std::vector<int64_t>& s) {
    out_ += '[';
    for (size_t i = 0; i < s.size(); ++i) {
      if (i) out_ += ", ";
      appendInt(out_, s[i]);
    }
    out_ += ']';
  };
  const char* prefix = full ? "pl." : "";
  switch (t.kind) {
    case TypeKind::Unknown:
      out_ += prefix;
      out_ += "Unknown";
      return;
    case TypeKind::Scalar:
      out_ += prefix;
      out_ += "Scalar[";
      appendDType(out_, t.as<ScalarType>()->dtype, full);
      out_ += ']';
      return;
    case TypeKind::Tensor: {
      const auto* tt = t.as<TensorType>();
      if (tt->distributed) {
        out_ += full ? "pld.DistributedTensor[" : "DistributedTensor[";
        usesPld_ = usesPld_ || full;
      } else
        out_ += prefix, out_ += "Tensor[";
      if (tt->isStatic()) {
        shape(tt->shape);
      } else {
        bool outer = inTensorType_;
        inTensorType_ = true;
        out_ += '[';
        for (size_t i = 0; i < tt->shape.size(); ++i) {
          if (i) out_ += ", ";
          if (tt->isDynamic(i))
            expr(*tt->dims[i]);
          else
            appendInt(out_, tt->shape[i]);
        }
        out_ += ']';
        inTensorType_ = outer;
      }
      out_ += ", ";
      appendDType(out_, tt->dtype, full);
      if (tt->view) tensorView(*tt->view, full);
      out_ += ']';
      return;
    }
    case TypeKind::Tile: {
      const auto* tt = t.as<TileType>();
      // Most tiles of a function print alike (each statement has its own TileType):
      // reuse the text of the last one unless a valid_shape (expressions) is in it.
      TileText& last = lastTile_[full ? 1 : 0];
      bool cacheable = !tt->view || tt->view->validShape.empty();
      if (cacheable && last.key && sameTileText(*last.key, *tt)) {
        out_ += last.text;
        return;
      }
      size_t start = out_.size();
      out_ += prefix;
      out_ += "Tile[";
      shape(tt->shape);
      out_ += ", ";
      appendDType(out_, tt->dtype, full);
      if (tt->memory) {
        out_ += full ? ", pl.Mem." : ", ";
        out_ += toString(*tt->memory);
      }
      tileView(*tt, full);
      out_ += ']';
      if (cacheable) {
        last.key = tt;
        last.text.assign(out_, start);
      }
      return;
    }
    case TypeKind::VReg: {
      const auto* vt = t.as<VRegType>();
      out_ += prefix;
      out_ += "VReg[";
      appendInt(out_, vt->lanes);
      out_ += ", ";
      appendDType(out_, vt->dtype, full);
      out_ += ']';
      return;
    }
    case TypeKind::Mask:
      out_ += prefix;
      out_ += "Mask[";
      appendInt(out_, t.as<MaskType>()->lanes);
      out_ += ']';
      return;
    case TypeKind::Handle: {
      const auto* h = t.as<HandleType>();
      std::string_view name = handleKindName(h->handle);
      out_ += full ? name : name.substr(name.find('.') + 1);
      usesPld_ = usesPld_ || (full && name.starts_with("pld."));
      if (h->handle == HandleKind::Array) {
        out_ += '[';
        appendInt(out_, h->extent);
        out_ += ", ";
        appendDType(out_, h->dtype, full);
        out_ += ']';
      }
      return;
    }
    case TypeKind::Tuple: {
      out_ += "tuple[";
      const auto& ts = t.as<TupleType>()->types;
      if (ts.empty()) out_ += "()";  // `tuple[]` is not Python; `tuple[()]` is the empty tuple
      for (size_t i = 0; i < ts.size(); ++i) {
        if (i) out_ += ", ";
        // No value (the result of a kernel without results, e.g. `_, tid = pl.submit(...)` of
        // one): `None` in an annotation, which reads back as that.
        if (ts[i] && !(full && ts[i]->isa<UnknownType>()))
          type(*ts[i], full);
        else
          out_ += full ? "None" : "Unknown";
      }
      out_ += ']';
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// Expressions.

int Printer::precOf(const Expr& e, bool bareLiteral) const {
  switch (e.kind) {
    case ExprKind::ConstInt:
      return bareLiteral && static_cast<const ConstInt&>(e).value < 0 ? kUnary : kAtom;
    case ExprKind::ConstFloat:
      return bareLiteral && std::signbit(static_cast<const ConstFloat&>(e).value) ? kUnary : kAtom;
    case ExprKind::Binary:
      return binaryPrec(static_cast<const BinaryExpr&>(e).op);
    case ExprKind::Unary:
      switch (static_cast<const UnaryExpr&>(e).op) {
        case UnaryOp::Neg:
        case UnaryOp::BitNot:
          return kUnary;
        case UnaryOp::Not:
          return kNot;
        case UnaryOp::Abs:
        case UnaryOp::Cast:
          return kPrimary;
      }
      return kPrimary;
    case ExprKind::Select:
    case ExprKind::Call:
    case ExprKind::BufferLoad:
    case ExprKind::TupleGetItem:
      return kPrimary;
    case ExprKind::Var:
    case ExprKind::IterArg:
    case ExprKind::ConstBool:
    case ExprKind::MakeTuple:
      return kAtom;
  }
  return kAtom;
}

void Printer::exprList(const std::vector<ExprPtr>& es) {
  for (size_t i = 0; i < es.size(); ++i) {
    if (i) out_ += ", ";
    if (es[i])
      expr(*es[i]);
    else
      out_ += "None";
  }
}

void Printer::constInt(const ConstInt& c, bool bare) {
  DType d = c.dtype();
  if (bare) {
    appendInt(out_, c.value);
    return;
  }
  out_ += "pl.const(";
  appendInt(out_, c.value);
  out_ += ", ";
  appendDType(out_, d, true);
  out_ += ')';
}

void Printer::constFloat(const ConstFloat& c, bool bare) {
  DType d = c.dtype();
  bool finite = std::isfinite(c.value);
  if (bare) {
    appendFloatRepr(out_, c.value);
    return;
  }
  out_ += "pl.const(";
  if (finite) {
    appendFloatRepr(out_, c.value);
  } else {
    out_ += '"';
    appendFloatRepr(out_, c.value);
    out_ += '"';
  }
  out_ += ", ";
  appendDType(out_, d, true);
  out_ += ')';
}

void Printer::call(const Call& c) {
  if (c.callee.find('.') != std::string::npos) {
    // The ops of PyPTO's distributed module are spelled with their own prefix.
    if (!c.callee.starts_with("pld."))
      out_ += "pl.";
    else
      usesPld_ = true;
  } else if (classForm_) {
    out_ += "self.";
  }
  out_ += c.callee;
  out_ += '(';
  if (c.callee.find('.') != std::string::npos)
    opArgs(c.args);
  else
    functionArgs(c);
  bool first = c.args.empty();
  for (const auto& [name, value] : c.kwargs) {
    if (isCallAttr(name)) continue;
    if (!first) out_ += ", ";
    first = false;
    out_ += name;
    out_ += '=';
    appendAttrValue(out_, value);
  }
  callAttrDict(c.kwargs, first);
  out_ += ')';
}

void Printer::callAttrDict(const AttrList& kwargs, bool first) {
  bool any = false;
  for (const auto& [name, value] : kwargs) {
    if (!isCallAttr(name)) continue;
    if (!any) {
      if (!first) out_ += ", ";
      out_ += "attrs={";
    } else {
      out_ += ", ";
    }
    any = true;
    appendQuoted(out_, callAttrKey(name));
    out_ += ": ";
    const auto* text = std::get_if<std::string>(&value);
    if (name.starts_with(kCallAttrListPrefix) && text)
      out_ += *text;
    else
      appendAttrValue(out_, value);
  }
  if (any) out_ += '}';
}

void Printer::opArgs(const std::vector<ExprPtr>& args) {
  // As the binder: bare literals take the element dtype of the first tile /
  // tensor / vreg operand before them. INDEX integers print bare regardless: in
  // op calls they sit in integer positions (offsets, axes, counts), typed INDEX.
  int context = kNoContext;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) out_ += ", ";
    const Expr& a = *args[i];
    bool indexInt = a.isa<ConstInt>() && a.as<ConstInt>()->dtype() == DType::Index;
    expr(a, kLowest, indexInt ? kNoContext : context);
    if (context == kNoContext && a.type && !a.type->isa<ScalarType>())
      if (auto d = elementDType(*a.type)) context = static_cast<int>(*d);
  }
}

void Printer::functionArgs(const Call& c) {
  // Arguments are bound against the callee's parameter types.
  const Function* callee = nullptr;
  if (auto it = functions_.find(c.callee); it != functions_.end()) callee = it->second;
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (i) out_ += ", ";
    int context =
        callee && i < callee->params.size() ? dtypeContext(callee->params[i]->type) : kNoContext;
    expr(*c.args[i], kLowest, context);
  }
}

void Printer::expr(const Expr& e, int minPrec, int literalContext) {
  bool bare = printsBare(e) && bareKeepsDType(e, literalContext);
  bool parens = precOf(e, bare) < minPrec;
  if (parens) out_ += '(';
  switch (e.kind) {
    case ExprKind::Var:
    case ExprKind::IterArg:
      if ((inTensorType_ || anyDynamicDimVars()) && isDynamicDimVar(e)) {
        // A module-level pl.dynamic dim prints as its own name, declared at the top.
        const auto& v = static_cast<const Var&>(e);
        out_ += v.name;
        if (std::find(dynamicDims_.begin(), dynamicDims_.end(), v.name) == dynamicDims_.end())
          dynamicDims_.push_back(v.name);
      } else {
        varName(static_cast<const Var&>(e));
      }
      break;
    case ExprKind::ConstInt:
      constInt(static_cast<const ConstInt&>(e), bare);
      break;
    case ExprKind::ConstFloat:
      constFloat(static_cast<const ConstFloat&>(e), bare);
      break;
    case ExprKind::ConstBool:
      out_ += static_cast<const ConstBool&>(e).value ? "True" : "False";
      break;
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(e);
      int p = binaryPrec(b.op);
      // A bare literal meeting a non-literal operand takes that operand's dtype.
      bool lBare = printsBare(*b.lhs), rBare = printsBare(*b.rhs);
      int lc = lBare && !rBare ? dtypeContext(b.rhs->type) : kNoContext;
      int rc = rBare && !lBare ? dtypeContext(b.lhs->type) : kNoContext;
      if (b.op == BinaryOp::Min || b.op == BinaryOp::Max) {
        out_ += binaryOpSymbol(b.op);
        out_ += '(';
        expr(*b.lhs, kLowest, lc);
        out_ += ", ";
        expr(*b.rhs, kLowest, rc);
        out_ += ')';
      } else if (b.op == BinaryOp::Pow) {
        // Right-associative; the base must be a primary, the exponent may be unary.
        expr(*b.lhs, kPrimary, lc);
        out_ += ' ';
        out_ += binaryOpSymbol(b.op);
        out_ += ' ';
        expr(*b.rhs, kUnary, rc);
      } else if (p == kCmp) {
        // Comparisons chain in Python: parenthesize comparison operands.
        expr(*b.lhs, kCmp + 1, lc);
        out_ += ' ';
        out_ += binaryOpSymbol(b.op);
        out_ += ' ';
        expr(*b.rhs, kCmp + 1, rc);
      } else {
        expr(*b.lhs, p, lc);
        out_ += ' ';
        out_ += binaryOpSymbol(b.op);
        out_ += ' ';
        expr(*b.rhs, p + 1, rc);
      }
      break;
    }
    case ExprKind::Unary: {
      const auto& u = static_cast<const UnaryExpr&>(e);
      switch (u.op) {
        case UnaryOp::Neg:
        case UnaryOp::BitNot: {
          out_ += u.op == UnaryOp::Neg ? '-' : '~';
          // `-(-x)` reads better than `--x`; same value either way.
          size_t mark = out_.size();
          // `-5` would read back as the constant -5, not as a negation of 5.
          expr(*u.operand, kUnary, u.op == UnaryOp::Neg ? kNeverBare : kNoContext);
          if (u.op == UnaryOp::Neg && out_.size() > mark && out_[mark] == '-') {
            out_.insert(mark, 1, '(');
            out_ += ')';
          }
          break;
        }
        case UnaryOp::Not:
          out_ += "not ";
          expr(*u.operand, kNot);
          break;
        case UnaryOp::Abs:
          out_ += "pl.abs(";
          expr(*u.operand);
          out_ += ')';
          break;
        case UnaryOp::Cast: {
          out_ += "pl.cast(";
          expr(*u.operand);
          out_ += ", ";
          auto d = u.type ? elementDType(*u.type) : std::nullopt;
          if (d)
            appendDType(out_, *d, true);
          else if (u.type)
            type(*u.type, true);
          else
            out_ += "pl.Unknown";
          out_ += ')';
          break;
        }
      }
      break;
    }
    case ExprKind::Select: {
      const auto& s = static_cast<const SelectExpr&>(e);
      // The binder types the false value like the true one, then a plain literal
      // true value like the false one.
      out_ += "pl.select(";
      expr(*s.cond);
      out_ += ", ";
      expr(*s.trueValue, kLowest,
           isNonNegativeBare(*s.trueValue) ? dtypeContext(s.falseValue->type) : kNoContext);
      out_ += ", ";
      expr(*s.falseValue, kLowest, dtypeContext(s.trueValue->type));
      out_ += ')';
      break;
    }
    case ExprKind::Call:
      call(static_cast<const Call&>(e));
      break;
    case ExprKind::BufferLoad: {
      const auto& l = static_cast<const BufferLoad&>(e);
      varName(*l.buffer);
      out_ += '[';
      if (l.indices.empty())
        out_ += "()";
      else
        exprList(l.indices);
      out_ += ']';
      break;
    }
    case ExprKind::MakeTuple: {
      // A list `[a, b]` (shapes, offsets) reads back only with scalar elements; anything
      // else is a tuple `(x, (a, b))`, `(x,)`, `()`.
      const auto& elements = static_cast<const MakeTuple&>(e).elements;
      bool list =
          !elements.empty() && std::all_of(elements.begin(), elements.end(), [](const ExprPtr& x) {
            return x && x->type && x->type->isa<ScalarType>();
          });
      out_ += list ? '[' : '(';
      exprList(elements);
      if (!list && elements.size() == 1) out_ += ',';
      out_ += list ? ']' : ')';
      break;
    }
    case ExprKind::TupleGetItem: {
      const auto& g = static_cast<const TupleGetItem&>(e);
      expr(*g.tuple, kPrimary);
      out_ += '[';
      appendInt(out_, g.index);
      out_ += ']';
      break;
    }
  }
  if (parens) out_ += ')';
}

}  // namespace ptoc::ir::print_detail
