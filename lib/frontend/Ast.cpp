// AST support: kind/operator names and the S-expression debug dump used by tests.
#include "ptoc/frontend/Ast.h"

#include <fmt/format.h>

namespace ptoc::frontend {

const char* exprKindName(ExprKind k) {
  switch (k) {
    case ExprKind::Name:
      return "Name";
    case ExprKind::Attribute:
      return "Attribute";
    case ExprKind::Call:
      return "Call";
    case ExprKind::Subscript:
      return "Subscript";
    case ExprKind::Slice:
      return "Slice";
    case ExprKind::IntLit:
      return "IntLit";
    case ExprKind::FloatLit:
      return "FloatLit";
    case ExprKind::StrLit:
      return "StrLit";
    case ExprKind::BoolLit:
      return "BoolLit";
    case ExprKind::NoneLit:
      return "NoneLit";
    case ExprKind::EllipsisLit:
      return "EllipsisLit";
    case ExprKind::List:
      return "List";
    case ExprKind::ListComp:
      return "ListComp";
    case ExprKind::Tuple:
      return "Tuple";
    case ExprKind::Dict:
      return "Dict";
    case ExprKind::BinOp:
      return "BinOp";
    case ExprKind::UnaryOp:
      return "UnaryOp";
    case ExprKind::BoolOp:
      return "BoolOp";
    case ExprKind::Compare:
      return "Compare";
    case ExprKind::IfExpr:
      return "IfExpr";
  }
  return "Expr";
}

const char* stmtKindName(StmtKind k) {
  switch (k) {
    case StmtKind::Assign:
      return "Assign";
    case StmtKind::AugAssign:
      return "AugAssign";
    case StmtKind::Expr:
      return "Expr";
    case StmtKind::Return:
      return "Return";
    case StmtKind::If:
      return "If";
    case StmtKind::For:
      return "For";
    case StmtKind::While:
      return "While";
    case StmtKind::With:
      return "With";
    case StmtKind::Pass:
      return "Pass";
    case StmtKind::Break:
      return "Break";
    case StmtKind::Continue:
      return "Continue";
    case StmtKind::Import:
      return "Import";
    case StmtKind::ImportFrom:
      return "ImportFrom";
    case StmtKind::FunctionDef:
      return "FunctionDef";
    case StmtKind::ClassDef:
      return "ClassDef";
  }
  return "Stmt";
}

const char* binOpSymbol(BinOpKind k) {
  switch (k) {
    case BinOpKind::Add:
      return "+";
    case BinOpKind::Sub:
      return "-";
    case BinOpKind::Mul:
      return "*";
    case BinOpKind::Div:
      return "/";
    case BinOpKind::FloorDiv:
      return "//";
    case BinOpKind::Mod:
      return "%";
    case BinOpKind::Pow:
      return "**";
    case BinOpKind::MatMul:
      return "@";
    case BinOpKind::BitAnd:
      return "&";
    case BinOpKind::BitOr:
      return "|";
    case BinOpKind::BitXor:
      return "^";
    case BinOpKind::LShift:
      return "<<";
    case BinOpKind::RShift:
      return ">>";
  }
  return "?";
}

const char* unaryOpSymbol(UnaryOpKind k) {
  switch (k) {
    case UnaryOpKind::Neg:
      return "-";
    case UnaryOpKind::Pos:
      return "+";
    case UnaryOpKind::Invert:
      return "~";
    case UnaryOpKind::Not:
      return "not";
  }
  return "?";
}

const char* boolOpSymbol(BoolOpKind k) { return k == BoolOpKind::And ? "and" : "or"; }

const char* cmpOpSymbol(CmpOpKind k) {
  switch (k) {
    case CmpOpKind::Eq:
      return "==";
    case CmpOpKind::NotEq:
      return "!=";
    case CmpOpKind::Lt:
      return "<";
    case CmpOpKind::LtE:
      return "<=";
    case CmpOpKind::Gt:
      return ">";
    case CmpOpKind::GtE:
      return ">=";
    case CmpOpKind::Is:
      return "is";
    case CmpOpKind::IsNot:
      return "is not";
    case CmpOpKind::In:
      return "in";
    case CmpOpKind::NotIn:
      return "not in";
  }
  return "?";
}

namespace {

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (u < 0x20 || u == 0x7f)
          out += fmt::format("\\x{:02x}", u);
        else
          out.push_back(c);
    }
  }
  return out + "\"";
}

std::string dumpOpt(const ExprPtr& e) { return e ? dumpExpr(*e) : "_"; }

std::string dumpList(const char* head, const ExprList& elts) {
  std::string out = "(";
  out += head;
  for (const auto& e : elts) out += " " + dumpExpr(*e);
  return out + ")";
}

void dumpBody(std::string& out, const StmtList& body, int indent) {
  for (const auto& s : body) out += "\n" + dumpStmt(*s, indent);
}

}  // namespace

std::string dumpExpr(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
      return std::string(e.cast<NameExpr>().id);
    case ExprKind::Attribute: {
      const auto& a = e.cast<AttributeExpr>();
      return fmt::format("(. {} {})", dumpExpr(*a.value), a.attr);
    }
    case ExprKind::Call: {
      const auto& c = e.cast<CallExpr>();
      std::string out = "(call " + dumpExpr(*c.func);
      for (const auto& a : c.args) out += " " + dumpExpr(*a);
      for (const auto& k : c.keywords) out += fmt::format(" {}={}", k.name, dumpExpr(*k.value));
      return out + ")";
    }
    case ExprKind::Subscript: {
      const auto& s = e.cast<SubscriptExpr>();
      return fmt::format("(sub {} {})", dumpExpr(*s.value), dumpExpr(*s.index));
    }
    case ExprKind::Slice: {
      const auto& s = e.cast<SliceExpr>();
      return fmt::format("(slice {} {} {})", dumpOpt(s.lower), dumpOpt(s.upper), dumpOpt(s.step));
    }
    case ExprKind::IntLit:
      return std::to_string(e.cast<IntLit>().value);
    case ExprKind::FloatLit: {
      std::string s = fmt::format("{}", e.cast<FloatLit>().value);
      if (s.find_first_of(".enia") == std::string::npos) s += ".0";
      return s;
    }
    case ExprKind::StrLit:
      return quote(e.cast<StrLit>().value);
    case ExprKind::BoolLit:
      return e.cast<BoolLit>().value ? "True" : "False";
    case ExprKind::NoneLit:
      return "None";
    case ExprKind::EllipsisLit:
      return "...";
    case ExprKind::List:
      return dumpList("list", e.cast<ListExpr>().elts);
    case ExprKind::ListComp: {
      const auto& c = e.cast<ListCompExpr>();
      std::string out = fmt::format("(listcomp {} for {} in {}", dumpExpr(*c.elt),
                                    dumpExpr(*c.target), dumpExpr(*c.iter));
      for (const auto& x : c.ifs) out += " if " + dumpExpr(*x);
      return out + ")";
    }
    case ExprKind::Tuple:
      return dumpList("tuple", e.cast<TupleExpr>().elts);
    case ExprKind::Dict: {
      const auto& d = e.cast<DictExpr>();
      std::string out = "(dict";
      for (size_t i = 0; i < d.keys.size(); ++i)
        out += fmt::format(" ({} {})", dumpExpr(*d.keys[i]), dumpExpr(*d.values[i]));
      return out + ")";
    }
    case ExprKind::BinOp: {
      const auto& b = e.cast<BinOpExpr>();
      return fmt::format("({} {} {})", binOpSymbol(b.op), dumpExpr(*b.lhs), dumpExpr(*b.rhs));
    }
    case ExprKind::UnaryOp: {
      const auto& u = e.cast<UnaryOpExpr>();
      static const char* names[] = {"neg", "pos", "~", "not"};
      return fmt::format("({} {})", names[static_cast<int>(u.op)], dumpExpr(*u.operand));
    }
    case ExprKind::BoolOp: {
      const auto& b = e.cast<BoolOpExpr>();
      return dumpList(boolOpSymbol(b.op), b.values);
    }
    case ExprKind::Compare: {
      const auto& c = e.cast<CompareExpr>();
      std::string out = "(cmp " + dumpExpr(*c.left);
      for (size_t i = 0; i < c.ops.size(); ++i)
        out += fmt::format(" {} {}", cmpOpSymbol(c.ops[i]), dumpExpr(*c.comparators[i]));
      return out + ")";
    }
    case ExprKind::IfExpr: {
      const auto& i = e.cast<IfExpr>();
      return fmt::format("(ifexp {} {} {})", dumpExpr(*i.test), dumpExpr(*i.body),
                         dumpExpr(*i.orelse));
    }
  }
  return "?";
}

std::string dumpStmt(const Stmt& s, int indent) {
  std::string pad(static_cast<size_t>(indent), ' ');
  std::string out = pad;
  switch (s.kind) {
    case StmtKind::Assign: {
      const auto& a = s.cast<AssignStmt>();
      if (!a.annotation)
        out += fmt::format("(= {} {})", dumpExpr(*a.target), dumpExpr(*a.value));
      else if (a.value)
        out += fmt::format("(=: {} {} {})", dumpExpr(*a.target), dumpExpr(*a.annotation),
                           dumpExpr(*a.value));
      else
        out += fmt::format("(: {} {})", dumpExpr(*a.target), dumpExpr(*a.annotation));
      return out;
    }
    case StmtKind::AugAssign: {
      const auto& a = s.cast<AugAssignStmt>();
      return out +
             fmt::format("({}= {} {})", binOpSymbol(a.op), dumpExpr(*a.target), dumpExpr(*a.value));
    }
    case StmtKind::Expr:
      return out + "(expr " + dumpExpr(*s.cast<ExprStmt>().value) + ")";
    case StmtKind::Return: {
      const auto& r = s.cast<ReturnStmt>();
      return out + (r.value ? "(return " + dumpExpr(*r.value) + ")" : "(return)");
    }
    case StmtKind::If: {
      const auto& i = s.cast<IfStmt>();
      out += (i.isElif ? "(elif " : "(if ") + dumpExpr(*i.test);
      dumpBody(out, i.body, indent + 2);
      if (!i.orelse.empty()) {
        out += "\n" + pad + "else";
        dumpBody(out, i.orelse, indent + 2);
      }
      return out + ")";
    }
    case StmtKind::For: {
      const auto& f = s.cast<ForStmt>();
      out += fmt::format("(for {} {}", dumpExpr(*f.target), dumpExpr(*f.iter));
      dumpBody(out, f.body, indent + 2);
      return out + ")";
    }
    case StmtKind::While: {
      const auto& w = s.cast<WhileStmt>();
      out += "(while " + dumpExpr(*w.test);
      dumpBody(out, w.body, indent + 2);
      return out + ")";
    }
    case StmtKind::With: {
      const auto& w = s.cast<WithStmt>();
      out += "(with";
      for (const auto& it : w.items) {
        if (it.target)
          out += fmt::format(" (as {} {})", dumpExpr(*it.context), dumpExpr(*it.target));
        else
          out += " " + dumpExpr(*it.context);
      }
      dumpBody(out, w.body, indent + 2);
      return out + ")";
    }
    case StmtKind::Pass:
      return out + "(pass)";
    case StmtKind::Break:
      return out + "(break)";
    case StmtKind::Continue:
      return out + "(continue)";
    case StmtKind::Import: {
      out += "(import";
      for (const auto& a : s.cast<ImportStmt>().names)
        out += a.asname.empty() ? " " + a.name : fmt::format(" (as {} {})", a.name, a.asname);
      return out + ")";
    }
    case StmtKind::ImportFrom: {
      const auto& f = s.cast<ImportFromStmt>();
      out += "(from " + std::string(f.level, '.') + f.module;
      for (const auto& a : f.names)
        out += a.asname.empty() ? " " + a.name : fmt::format(" (as {} {})", a.name, a.asname);
      return out + ")";
    }
    case StmtKind::FunctionDef: {
      const auto& f = s.cast<FunctionDef>();
      out += fmt::format("(def {}", f.name);
      for (const auto& d : f.decorators) out += " @" + dumpExpr(*d);
      out += " (";
      for (size_t i = 0; i < f.params.size(); ++i) {
        const Param& p = f.params[i];
        if (i) out += " ";
        if (!p.annotation && !p.defaultValue) {
          out += p.name;
          continue;
        }
        out += fmt::format("({}", p.name);
        if (p.annotation) out += " : " + dumpExpr(*p.annotation);
        if (p.defaultValue) out += " = " + dumpExpr(*p.defaultValue);
        out += ")";
      }
      out += ")";
      if (f.returns) out += " -> " + dumpExpr(*f.returns);
      dumpBody(out, f.body, indent + 2);
      return out + ")";
    }
    case StmtKind::ClassDef: {
      const auto& c = s.cast<ClassDef>();
      out += fmt::format("(class {}", c.name);
      for (const auto& d : c.decorators) out += " @" + dumpExpr(*d);
      out += " " + dumpList("bases", c.bases);
      dumpBody(out, c.body, indent + 2);
      return out + ")";
    }
  }
  return out + "?";
}

std::string dumpModule(const Module& m) {
  std::string out;
  for (const auto& s : m.body) out += dumpStmt(*s, 0) + "\n";
  return out;
}

}  // namespace ptoc::frontend
