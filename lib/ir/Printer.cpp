// The IR printer: emits canonical `pl` text into one output buffer (no stream per
// node). Follows docs/ir-text-format.md: annotations on assignments, per-function
// unique names, Python precedence with minimal parentheses, round-trip floats.
#include "ptoc/ir/Printer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>
#include <unordered_map>

#include "PrintNames.h"
#include "PrintText.h"
#include "ptoc/ir/Visitor.h"

namespace ptoc::ir {

using namespace print_detail;

namespace {

// ---------------------------------------------------------------------------
// Precedence (Python, low to high).

enum Prec : int {
  kLowest = 0,
  kOr = 3,
  kAnd = 4,
  kNot = 5,
  kCmp = 6,
  kBitOr = 7,
  kBitXor = 8,
  kBitAnd = 9,
  kShift = 10,
  kAdd = 11,
  kMul = 12,
  kUnary = 13,
  kPow = 14,
  kPrimary = 15,
  kAtom = 16,
};

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

std::string_view binarySymbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return " + ";
    case BinaryOp::Sub:
      return " - ";
    case BinaryOp::Mul:
      return " * ";
    case BinaryOp::Div:
      return " / ";
    case BinaryOp::FloorDiv:
      return " // ";
    case BinaryOp::FloorMod:
      return " % ";
    case BinaryOp::Pow:
      return " ** ";
    case BinaryOp::Min:
      return "pl.min";
    case BinaryOp::Max:
      return "pl.max";
    case BinaryOp::Eq:
      return " == ";
    case BinaryOp::Ne:
      return " != ";
    case BinaryOp::Lt:
      return " < ";
    case BinaryOp::Le:
      return " <= ";
    case BinaryOp::Gt:
      return " > ";
    case BinaryOp::Ge:
      return " >= ";
    case BinaryOp::And:
      return " and ";
    case BinaryOp::Or:
      return " or ";
    case BinaryOp::BitAnd:
      return " & ";
    case BinaryOp::BitOr:
      return " | ";
    case BinaryOp::BitXor:
      return " ^ ";
    case BinaryOp::Shl:
      return " << ";
    case BinaryOp::Shr:
      return " >> ";
  }
  return " ? ";
}

bool isIndexConst(const ExprPtr& e, int64_t v) {
  if (!e) return true;  // absent start/step = the default
  const auto* c = e->as<ConstInt>();
  return c && c->value == v && c->dtype() == DType::Index;
}

bool validShapeIsFull(const std::vector<ExprPtr>& valid, const std::vector<int64_t>& shape) {
  if (valid.size() != shape.size()) return false;
  for (size_t i = 0; i < valid.size(); ++i) {
    const auto* c = valid[i] ? valid[i]->as<ConstInt>() : nullptr;
    if (!c || c->value != shape[i]) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Bare literals. The binder gives a bare literal (`5`, `-2.5`) the dtype of the
// value it meets (the other operand of a scalar operator, the annotation of an
// assignment, the element dtype of a store, the tile operand of an op call, ...).
// The printer mirrors that: a constant prints bare only where the binder will
// give it back its own dtype, and as `pl.const(v, pl.DT)` elsewhere.

/// The literal context of an expression position: none, a dtype, or "never bare"
/// (the operand of unary minus, which the binder would fold into the literal).
constexpr int kNoContext = -1;
constexpr int kNeverBare = -2;

int dtypeContext(const TypePtr& t) {
  const auto* s = t ? t->as<ScalarType>() : nullptr;
  return s ? static_cast<int>(s->dtype) : kNoContext;
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

// ---------------------------------------------------------------------------
// The printer.

class Printer {
 public:
  explicit Printer(std::string& out) : out_(out) {}

  void program(const Program& p);
  void function(const Function& f, int indent);
  /// Prints a statement (a Seq: all of them) as lines at `indent`.
  void stmts(const Stmt* s, int indent);
  /// `literalContext`: see kNoContext / kNeverBare / dtypeContext.
  void expr(const Expr& e, int minPrec = kLowest, int literalContext = kNoContext);
  void type(const Type& t, bool full);

  /// Starts a new naming scope rooted at `root` (hints collected lazily from it).
  void beginNames(const Function* f, const Stmt* s, const Expr* e) {
    names_.clear();
    taken_.clear();
    hints_.clear();
    nextSuffix_.clear();
    hintsCollected_ = false;
    rootFunction_ = f;
    rootStmt_ = s;
    rootExpr_ = e;
  }
  void setClassForm(bool classForm) { classForm_ = classForm; }
  void blockFunctionNames(const Program& p) {
    for (const auto& f : p.functions) blockedFunctions_.insert(f->name);
  }
  void setRawNames(bool raw) { rawNames_ = raw; }

 private:
  void indent(int n) { out_.append(static_cast<size_t>(n) * 4, ' '); }
  void body(const StmtPtr& s, int indent);
  void stmt(const Stmt& s, int indent);
  void exprList(const std::vector<ExprPtr>& es);
  void varName(const Var& v) { out_ += name(v); }
  std::string_view name(const Var& v);
  bool nameFree(std::string_view n, bool checkHints);
  void collectHints();
  void call(const Call& c);
  void constInt(const ConstInt& c, bool bare);
  void constFloat(const ConstFloat& c, bool bare);
  void opArgs(const std::vector<ExprPtr>& args);
  void functionArgs(const Call& c);
  int precOf(const Expr& e, bool bareLiteral) const;
  template <typename VarPtrT>
  void tupleTargets(const std::vector<VarPtrT>& vs);
  void initValues(const std::vector<IterArgPtr>& ias);
  void yieldStmt(const YieldStmt& y);
  void forStmt(const ForStmt& f, int ind);
  void whileStmt(const WhileStmt& w, int ind);
  void inCoreScope(const InCoreScopeStmt& s, int ind);
  void tileView(const TileType& t, bool full);

  std::string& out_;
  bool classForm_ = false;
  bool rawNames_ = false;  // short type forms: hints as they are, no uniquing
  VarNameMap names_;
  TakenNames taken_;
  ViewSet hints_;
  NameArena arena_;
  std::unordered_map<std::string_view, int64_t> nextSuffix_;  // views stable names
  ViewSet blockedFunctions_;  // views Function names (they outlive the printer)
  bool hintsCollected_ = false;
  const Function* rootFunction_ = nullptr;
  const Stmt* rootStmt_ = nullptr;
  const Expr* rootExpr_ = nullptr;
  std::vector<const std::vector<VarPtr>*> yieldTargets_;
  const Function* currentFunction_ = nullptr;
  std::unordered_map<std::string_view, const Function*> functions_;  // of the program
};

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

bool Printer::nameFree(std::string_view n, bool checkHints) {
  if (taken_.contains(n) || isBlockedName(n) || blockedFunctions_.contains(n)) return false;
  return !checkHints || !hints_.contains(n);
}

std::string_view Printer::name(const Var& v) {
  if (const std::string_view* known = names_.find(&v)) return *known;
  std::string_view chosen;
  if (rawNames_) {
    chosen = v.name.empty() ? std::string_view("v") : std::string_view(v.name);
    names_.insert(&v, chosen);
    return chosen;
  }
  std::string_view base = v.name;  // a Var's name is immutable: views stay valid
  if (!isValidIdent(base)) base = arena_.store(sanitizeName(base));
  if (!isBlockedName(base) && !blockedFunctions_.contains(base) && taken_.insertIfAbsent(base)) {
    chosen = base;
  } else {
    // A suffixed name must not be any variable's own hint, so it never steals a
    // name from a variable printed later.
    if (!hintsCollected_) collectHints();
    int64_t& next = nextSuffix_[base];  // resume where this base stopped
    std::string cand;
    for (int64_t k = next > 0 ? next : 1;; ++k) {
      cand = base;
      cand += '_';
      appendInt(cand, k);
      if (nameFree(cand, true)) {
        next = k + 1;
        break;
      }
    }
    chosen = arena_.store(cand);
    taken_.insertIfAbsent(chosen);
  }
  names_.insert(&v, chosen);
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
      out_ += prefix;
      out_ += "Tensor[";
      shape(tt->shape);
      out_ += ", ";
      appendDType(out_, tt->dtype, full);
      out_ += ']';
      return;
    }
    case TypeKind::Tile: {
      const auto* tt = t.as<TileType>();
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
    case TypeKind::Tuple: {
      out_ += "tuple[";
      const auto& ts = t.as<TupleType>()->types;
      if (ts.empty()) out_ += "()";  // `tuple[]` is not Python; `tuple[()]` is the empty tuple
      for (size_t i = 0; i < ts.size(); ++i) {
        if (i) out_ += ", ";
        if (ts[i])
          type(*ts[i], full);
        else
          out_ += full ? "pl.Unknown" : "Unknown";
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
    out_ += "pl.";
  } else if (classForm_) {
    out_ += "self.";
  }
  out_ += c.callee;
  out_ += '(';
  if (c.callee.find('.') != std::string::npos)
    opArgs(c.args);
  else
    functionArgs(c);
  for (size_t i = 0; i < c.kwargs.size(); ++i) {
    if (i || !c.args.empty()) out_ += ", ";
    out_ += c.kwargs[i].first;
    out_ += '=';
    appendAttrValue(out_, c.kwargs[i].second);
  }
  out_ += ')';
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
      varName(static_cast<const Var&>(e));
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
        out_ += binarySymbol(b.op);
        out_ += '(';
        expr(*b.lhs, kLowest, lc);
        out_ += ", ";
        expr(*b.rhs, kLowest, rc);
        out_ += ')';
      } else if (b.op == BinaryOp::Pow) {
        // Right-associative; the base must be a primary, the exponent may be unary.
        expr(*b.lhs, kPrimary, lc);
        out_ += binarySymbol(b.op);
        expr(*b.rhs, kUnary, rc);
      } else if (p == kCmp) {
        // Comparisons chain in Python: parenthesize comparison operands.
        expr(*b.lhs, kCmp + 1, lc);
        out_ += binarySymbol(b.op);
        expr(*b.rhs, kCmp + 1, rc);
      } else {
        expr(*b.lhs, p, lc);
        out_ += binarySymbol(b.op);
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

// ---------------------------------------------------------------------------
// Statements.

void Printer::stmts(const Stmt* s, int ind) {
  if (!s) return;
  if (const auto* seq = s->as<SeqStmt>()) {
    for (const auto& c : seq->stmts) stmts(c.get(), ind);
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
    out_ += ", ";
    out_ += k;
    out_ += '=';
    appendAttrValue(out_, v);
  }
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
  out_ += "):\n";
  body(s.body, ind + 1);
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
  }
}

// ---------------------------------------------------------------------------
// Functions and programs.

void Printer::function(const Function& f, int ind) {
  beginNames(&f, nullptr, nullptr);
  currentFunction_ = &f;
  indent(ind);
  out_ += "@pl.function";
  if (f.funcType != FunctionType::Opaque) {
    out_ += "(type=pl.FunctionType.";
    out_ += toString(f.funcType);
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
  if (!f.attrs.empty()) {
    indent(ind + 1);
    out_ += "pl.func_attr({";
    for (size_t i = 0; i < f.attrs.size(); ++i) {
      if (i) out_ += ", ";
      appendQuoted(out_, f.attrs[i].first);
      out_ += ": ";
      appendAttrValue(out_, f.attrs[i].second);
    }
    out_ += "})\n";
    stmts(f.body.get(), ind + 1);
  } else {
    body(f.body, ind + 1);
  }
}

void Printer::program(const Program& p) {
  out_ += "import pypto.language as pl\n\n";
  classForm_ = p.isClass;
  if (!classForm_) blockFunctionNames(p);
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

}  // namespace

// ---------------------------------------------------------------------------
// Public API.

void printProgramTo(const Program& program, std::string& out) {
  Printer p(out);
  p.program(program);
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
