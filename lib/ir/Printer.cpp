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

#include "ptoc/ir/Visitor.h"

namespace ptoc::ir {

namespace {

// ---------------------------------------------------------------------------
// Small formatting helpers.

void appendInt(std::string& out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof(buf), v);
  out.append(buf, r.ptr);
}

void appendFloatRepr(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "nan";
    return;
  }
  if (std::isinf(v)) {
    out += v < 0 ? "-inf" : "inf";
    return;
  }
  // Shortest round-trip digits in scientific form: [-]d[.ddd]e[+-]XX.
  char buf[40];
  auto r = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(r.ptr - buf));
  bool negative = !sci.empty() && sci[0] == '-';
  if (negative) sci.remove_prefix(1);
  size_t ePos = sci.find('e');
  std::string_view mant = sci.substr(0, ePos);
  int exp10 = 0;
  std::from_chars(sci.data() + ePos + 1 + (sci[ePos + 1] == '+' ? 1 : 0), sci.data() + sci.size(),
                  exp10);
  char digits[24];
  size_t nd = 0;
  for (char c : mant)
    if (c != '.') digits[nd++] = c;
  if (negative) out += '-';
  if (exp10 >= -4 && exp10 < 16) {
    // Positional, as Python's repr: at least one digit on each side of the point.
    if (exp10 >= 0) {
      size_t intDigits = static_cast<size_t>(exp10) + 1;
      for (size_t i = 0; i < intDigits; ++i) out += i < nd ? digits[i] : '0';
      out += '.';
      if (nd > intDigits)
        out.append(digits + intDigits, nd - intDigits);
      else
        out += '0';
    } else {
      out += "0.";
      out.append(static_cast<size_t>(-exp10 - 1), '0');
      out.append(digits, nd);
    }
    return;
  }
  out += digits[0];
  if (nd > 1) {
    out += '.';
    out.append(digits + 1, nd - 1);
  }
  out += 'e';
  out += exp10 < 0 ? '-' : '+';
  int a = exp10 < 0 ? -exp10 : exp10;
  if (a < 10) out += '0';
  appendInt(out, a);
}

void appendQuoted(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (u < 0x20 || u == 0x7f) {
          out += "\\x";
          out += kHex[u >> 4];
          out += kHex[u & 15];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void appendDType(std::string& out, DType d, bool full) {
  if (full) out += "pl.";
  out += dtypeName(d);
}

void appendAttrValue(std::string& out, const AttrValue& v) {
  std::visit(
      [&out](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>) {
          out += x ? "True" : "False";
        } else if constexpr (std::is_same_v<T, int64_t>) {
          appendInt(out, x);
        } else if constexpr (std::is_same_v<T, double>) {
          if (std::isfinite(x)) {
            appendFloatRepr(out, x);
          } else {
            out += "pl.const(";
            appendQuoted(out, std::isnan(x) ? "nan" : (x < 0 ? "-inf" : "inf"));
            out += ", pl.FP32)";
          }
        } else if constexpr (std::is_same_v<T, std::string>) {
          appendQuoted(out, x);
        } else if constexpr (std::is_same_v<T, DType>) {
          appendDType(out, x, true);
        } else if constexpr (std::is_same_v<T, MemorySpace>) {
          out += "pl.Mem.";
          out += toString(x);
        } else if constexpr (std::is_same_v<T, TileLayout>) {
          out += "pl.TileLayout.";
          out += toString(x);
        } else if constexpr (std::is_same_v<T, PadValue>) {
          out += "pl.PadValue.";
          out += toString(x);
        } else {
          static_assert(std::is_same_v<T, SplitMode>);
          out += "pl.SplitMode.";
          out += toString(x);
        }
      },
      v);
}

// ---------------------------------------------------------------------------
// Names.

bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

/// A valid ASCII identifier close to `hint` ("v" when empty).
std::string sanitizeName(std::string_view hint) {
  if (hint.empty()) return "v";
  std::string s;
  s.reserve(hint.size() + 1);
  if (!isIdentStart(hint[0])) s += '_';
  for (char c : hint) s += isIdentChar(c) ? c : '_';
  return s;
}

bool isValidIdent(std::string_view s) {
  if (s.empty() || !isIdentStart(s[0])) return false;
  for (char c : s)
    if (!isIdentChar(c)) return false;
  return true;
}

/// Open-addressing set of string_views (the viewed bytes must outlive the set).
/// The printer looks names up once per variable occurrence, so this is hot.
class ViewSet {
 public:
  static size_t hashOf(std::string_view s) { return std::hash<std::string_view>{}(s) | 1; }
  bool contains(std::string_view s) const { return contains(s, hashOf(s)); }
  bool contains(std::string_view s, size_t h) const {
    if (slots_.empty()) return false;
    size_t mask = slots_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.hash == 0) return false;
      if (slot.hash == h && slot.view == s) return true;
    }
  }
  /// Inserts `s` (the caller knows it is absent).
  void insertNew(std::string_view s, size_t h) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(s, h);
    ++size_;
  }
  void insert(std::string_view s) {
    size_t h = hashOf(s);
    if (!contains(s, h)) insertNew(s, h);
  }
  void clear() {
    if (size_ == 0) return;
    slots_.clear();
    size_ = 0;
  }

 private:
  struct Slot {
    size_t hash = 0;  // 0 = empty
    std::string_view view;
  };
  void place(std::string_view s, size_t h) {
    size_t mask = slots_.size() - 1;
    size_t i = h & mask;
    while (slots_[i].hash != 0) i = (i + 1) & mask;
    slots_[i] = Slot{h, s};
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    for (const Slot& slot : old)
      if (slot.hash) place(slot.view, slot.hash);
  }
  std::vector<Slot> slots_;
  size_t size_ = 0;
};

/// The names already given in a function: open addressing over 8-byte slots
/// (32-bit hash tag, index into `views_`) so that the table stays cache-sized.
class TakenNames {
 public:
  /// Inserts `s` unless present; returns whether it was inserted.
  bool insertIfAbsent(std::string_view s) {
    size_t h = std::hash<std::string_view>{}(s);
    if ((views_.size() + 1) * 2 > slots_.size()) grow();
    size_t mask = slots_.size() - 1;
    uint32_t tag = tagOf(h);
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      uint64_t slot = slots_[i];
      if (slot == 0) {
        views_.push_back(s);
        slots_[i] = (static_cast<uint64_t>(tag) << 32) | views_.size();
        return true;
      }
      if (static_cast<uint32_t>(slot >> 32) == tag && views_[(slot & 0xffffffffu) - 1] == s)
        return false;
    }
  }
  bool contains(std::string_view s) const {
    if (slots_.empty()) return false;
    size_t h = std::hash<std::string_view>{}(s);
    size_t mask = slots_.size() - 1;
    uint32_t tag = tagOf(h);
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      uint64_t slot = slots_[i];
      if (slot == 0) return false;
      if (static_cast<uint32_t>(slot >> 32) == tag && views_[(slot & 0xffffffffu) - 1] == s)
        return true;
    }
  }
  void clear() {
    if (views_.empty()) return;
    slots_.clear();
    views_.clear();
  }

 private:
  static uint32_t tagOf(size_t h) { return static_cast<uint32_t>(static_cast<uint64_t>(h) >> 32); }
  void grow() {
    std::vector<uint64_t> next(slots_.empty() ? 64 : slots_.size() * 2, 0);
    size_t mask = next.size() - 1;
    for (size_t k = 0; k < views_.size(); ++k) {
      size_t h = std::hash<std::string_view>{}(views_[k]);
      size_t i = h & mask;
      while (next[i] != 0) i = (i + 1) & mask;
      next[i] = (static_cast<uint64_t>(tagOf(h)) << 32) | (k + 1);
    }
    slots_ = std::move(next);
  }
  std::vector<uint64_t> slots_;
  std::vector<std::string_view> views_;
};

/// Open-addressing map from a variable to its printed name, with a small
/// direct-mapped cache of recent variables in front (most uses are of variables
/// defined shortly before, and a big table costs a cache miss per probe).
class VarNameMap {
 public:
  /// The name of `v`, or nullptr; on a miss the map is ready for insert(v, ...).
  const std::string_view* find(const Var* v) {
    Slot& c = recent_[(reinterpret_cast<uintptr_t>(v) >> 4) & (kRecent - 1)];
    if (c.key == v) return &c.name;
    if ((size_ + 1) * 2 > slots_.size()) grow();
    size_t mask = slots_.size() - 1;
    size_t i = hashOf(v) & mask;
    for (; slots_[i].key; i = (i + 1) & mask)
      if (slots_[i].key == v) {
        c = slots_[i];
        return &c.name;
      }
    pending_ = i;
    return nullptr;
  }
  /// Inserts `v`, which the last find() did not find (no other insert since).
  void insert(const Var* v, std::string_view n) {
    slots_[pending_] = Slot{v, n};
    ++size_;
    recent_[(reinterpret_cast<uintptr_t>(v) >> 4) & (kRecent - 1)] = Slot{v, n};
  }
  void clear() {
    if (size_ == 0) return;
    slots_.assign(64, Slot{});
    bits_ = 6;
    recent_.fill(Slot{});
    size_ = 0;
  }

 private:
  struct Slot {
    const Var* key = nullptr;
    std::string_view name;
  };
  static constexpr size_t kRecent = 256;
  /// Keeps address locality (variables are mostly met in allocation order, so
  /// probes walk the table nearly sequentially) while scrambling which part of
  /// the table each table-sized address window lands on.
  size_t hashOf(const Var* v) const {
    uint64_t y = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(v)) >> 4;
    uint64_t window = (y >> bits_) * 0x9e3779b97f4a7c15ULL;
    return static_cast<size_t>(y ^ (window >> 20));
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    bits_ = static_cast<unsigned>(std::countr_zero(slots_.size()));
    size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (!slot.key) continue;
      size_t i = hashOf(slot.key) & mask;
      while (slots_[i].key) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }
  std::vector<Slot> slots_;
  std::array<Slot, kRecent> recent_{};
  size_t size_ = 0;
  size_t pending_ = 0;
  unsigned bits_ = 0;  // log2(slots_.size())
};

/// Stable storage for generated names (string_views into it never move).
class NameArena {
 public:
  std::string_view store(std::string_view s) {
    if (s.size() > kBlock - used_) {
      blocks_.push_back(std::make_unique<char[]>(std::max(kBlock, s.size())));
      used_ = 0;
    }
    char* p = blocks_.back().get() + used_;
    std::memcpy(p, s.data(), s.size());
    used_ += s.size();
    return {p, s.size()};
  }

 private:
  static constexpr size_t kBlock = 16384;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t used_ = kBlock;
};

/// Python keywords and the names the printed text itself relies on.
bool isBlockedName(std::string_view s) {
  static const ViewSet kBlocked = [] {
    ViewSet set;
    for (std::string_view k :
         {"False",   "None",     "True",     "and",    "as",   "assert", "async",  "await",
          "break",   "class",    "continue", "def",    "del",  "elif",   "else",   "except",
          "finally", "for",      "from",     "global", "if",   "import", "in",     "is",
          "lambda",  "nonlocal", "not",      "or",     "pass", "raise",  "return", "try",
          "while",   "with",     "yield",    "pl",     "self", "tuple"})
      set.insert(k);
    return set;
  }();
  return s.size() <= 8 && kBlocked.contains(s);
}

/// Collects the (sanitized) hints of every variable appearing under a node.
class HintCollector final : public IRVisitor {
 public:
  HintCollector(ViewSet& hints, NameArena& arena) : hints_(hints), arena_(arena) {}
  void add(const Var& v) {
    if (isValidIdent(v.name))
      hints_.insert(v.name);  // views the Var's own (immutable) name
    else
      hints_.insert(arena_.store(sanitizeName(v.name)));
  }

 protected:
  void visitVar(const VarPtr& v) override { add(*v); }
  void visitDef(const VarPtr& v) override { add(*v); }

 private:
  ViewSet& hints_;
  NameArena& arena_;
};

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
    case ExprKind::MakeTuple:
      out_ += '[';
      exprList(static_cast<const MakeTuple&>(e).elements);
      out_ += ']';
      break;
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
  if (f.returnTypes.size() == 1) {
    out_ += " -> ";
    type(*f.returnTypes[0], true);
  } else if (f.returnTypes.size() > 1) {
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
