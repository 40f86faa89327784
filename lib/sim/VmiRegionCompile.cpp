// The compiler of the register-level executor: a SIMD_VF region body -> the node tree run by
// VmiRegion.cpp. See VmiRegion.h.
#include <map>
#include <string>

#include "VmiRegionImpl.h"

namespace ptoc::sim::detail::vmiregion {

void Compiler::stmt(const ir::StmtPtr& s, std::vector<Node>& out) {
  switch (s->kind) {
    case ir::StmtKind::Seq:
      for (const auto& x : s->as<ir::SeqStmt>()->stmts) stmt(x, out);
      return;
    case ir::StmtKind::For: {
      const auto& f = *s->as<ir::ForStmt>();
      if (!usesVectors(s)) return scalar(s, out);
      if (f.forKind == ir::ForKind::Parallel || !f.iterArgs.empty() || !f.returnVars.empty())
        throw Ineligible{};
      Node n;
      n.k = K::Loop;
      n.loop = &f;
      stmt(f.body, n.body);
      out.push_back(std::move(n));
      return;
    }
    case ir::StmtKind::Assign: {
      const auto& a = *s->as<ir::AssignStmt>();
      if (!isVector(a.var->type)) {
        if (usesVectors(s)) throw Ineligible{};
        return scalar(s, out);
      }
      const auto* c = a.value->as<ir::Call>();
      if (!c) {
        // A register copy `v = w`.
        const auto* w = a.value->as<ir::Var>();
        if (!w) throw Ineligible{};
        int src = slotOfVar(*w);
        Node n;
        n.k = K::Import;
        n.var = nullptr;
        n.a = src;
        n.dst = slotOfVar(*a.var);
        out.push_back(n);
        return;
      }
      call(*c, slotOfVar(*a.var), out);
      return;
    }
    case ir::StmtKind::Eval: {
      const auto* c = s->as<ir::EvalStmt>()->expr->as<ir::Call>();
      if (c && c->op && c->op->name == "vmi.vstore") return store(*c, out);
      if (usesVectors(s)) throw Ineligible{};
      return scalar(s, out);
    }
    default:
      if (usesVectors(s)) throw Ineligible{};
      return scalar(s, out);
  }
}

void Compiler::scalar(const ir::StmtPtr& s, std::vector<Node>& out) {
  Node n;
  n.k = K::Scalar;
  n.stmt = s.get();
  out.push_back(n);
}

int Compiler::newSlot(const ir::TypePtr& t, const ir::Var* var) {
  SlotInfo info;
  info.var = var;
  if (const auto* v = t->as<ir::VRegType>()) {
    if (!laneDType(v->dtype) || v->lanes < 1 || v->lanes > kMaxLanes) throw Ineligible{};
    info.dt = v->dtype;
    info.lanes = static_cast<int>(v->lanes);
  } else if (const auto* m = t->as<ir::MaskType>()) {
    if (m->lanes < 1 || m->lanes > kMaxLanes) throw Ineligible{};
    info.mask = true;
    info.dt = DType::Bool;
    info.lanes = static_cast<int>(m->lanes);
  } else {
    throw Ineligible{};
  }
  slots.push_back(info);
  return static_cast<int>(slots.size() - 1);
}

int Compiler::slotOfVar(const ir::Var& v) {
  if (auto it = byVar_.find(&v); it != byVar_.end()) return it->second;
  int s = newSlot(v.type, &v);
  byVar_[&v] = s;
  // Read from the frame at region entry (a register defined before the region, or a
  // variable read before its first assignment in the region: the frame says which).
  Node n;
  n.k = K::Import;
  n.var = &v;
  n.dst = s;
  imports.push_back(n);
  return s;
}

/// A register operand: a variable's slot, or a nested call computed into a new slot.
int Compiler::operand(const ir::ExprPtr& e, std::vector<Node>& out) {
  if (const auto* v = e->as<ir::Var>()) {
    if (!isVector(v->type)) throw Ineligible{};
    return slotOfVar(*v);
  }
  if (const auto* c = e->as<ir::Call>()) {
    int s = newSlot(c->type, nullptr);
    call(*c, s, out);
    return s;
  }
  throw Ineligible{};
}

Fn Compiler::fnOf(std::string_view name) {
  static const std::map<std::string_view, Fn> table = {
      {"vmi.vadd", Fn::Add},  {"vmi.vsub", Fn::Sub},  {"vmi.vmul", Fn::Mul},
      {"vmi.vdiv", Fn::Div},  {"vmi.vmax", Fn::Max},  {"vmi.vmin", Fn::Min},
      {"vmi.vadds", Fn::Add}, {"vmi.vmuls", Fn::Mul}, {"vmi.vneg", Fn::Neg},
      {"vmi.vabs", Fn::Abs},  {"vmi.vexp", Fn::Exp},  {"vmi.vsqrt", Fn::Sqrt}};
  auto it = table.find(name);
  return it == table.end() ? Fn::None : it->second;
}

Cmp Compiler::cmpOf(const ir::Call& c) {
  const auto* s = ir::getAttr<std::string>(c.kwargs, "cmp");
  if (!s) throw Ineligible{};
  static const std::map<std::string, Cmp, std::less<>> table = {{"lt", Cmp::Lt}, {"le", Cmp::Le},
                                                                {"gt", Cmp::Gt}, {"ge", Cmp::Ge},
                                                                {"eq", Cmp::Eq}, {"ne", Cmp::Ne}};
  auto it = table.find(*s);
  if (it == table.end()) throw Ineligible{};
  return it->second;
}

void Compiler::call(const ir::Call& c, int dst, std::vector<Node>& out) {
  if (!c.op || c.op->vmi == VmiCategory::None) throw Ineligible{};
  std::string_view name = c.op->name;
  Node n;
  n.call = &c;
  n.dst = dst;
  const SlotInfo d = slots[dst];  // a copy: operand() may add slots
  n.dt = d.dt;
  n.lanes = d.lanes;
  auto scalarArg = [&](size_t i) {
    if (isVector(c.args[i]->type)) throw Ineligible{};
    return c.args[i].get();
  };
  if (name == "vmi.create_mask") {
    n.k = K::Mask;
    n.x = scalarArg(0);
  } else if (name == "vmi.vload") {
    const auto* t = c.args[0]->as<ir::Var>();
    if (!t || !c.args[0]->type->isa<ir::TileType>()) throw Ineligible{};
    n.k = K::Load;
    n.var = t;
    n.x = scalarArg(1);
  } else if (name == "vmi.vbrc") {
    if (!c.args[0]->type->isa<ir::ScalarType>()) throw Ineligible{};  // one-lane register
    n.k = K::Brc;
    n.x = c.args[0].get();
  } else if (name == "vmi.vci") {
    n.k = K::Ci;
    n.x = scalarArg(0);
  } else if (name == "vmi.vsel") {
    n.k = K::Sel;
    n.m = operand(c.args[0], out);
    n.a = operand(c.args[1], out);
    n.b = operand(c.args[2], out);
  } else if (name == "vmi.vcmp" || name == "vmi.vcmps") {
    n.a = operand(c.args[0], out);
    if (name == "vmi.vcmp") {
      n.k = K::Cmp;
      n.b = operand(c.args[1], out);
    } else {
      n.k = K::Cmps;
      n.x = scalarArg(1);
    }
    n.m = operand(c.args[2], out);
    n.dt = slots[n.a].dt;
    n.cmp = cmpOf(c);
  } else if (name == "vmi.mask_and" || name == "vmi.mask_or") {
    n.k = name == "vmi.mask_and" ? K::MAnd : K::MOr;
    n.a = operand(c.args[0], out);
    n.b = operand(c.args[1], out);
  } else if (name == "vmi.mask_not") {
    n.k = K::MNot;
    n.a = operand(c.args[0], out);
  } else if (name == "vmi.vcvt") {
    n.k = K::Cvt;
    n.a = operand(c.args[0], out);
    n.dt = slots[n.a].dt;
    n.to = d.dt;
  } else if (Fn f = fnOf(name); f != Fn::None) {
    n.fn = f;
    n.a = operand(c.args[0], out);
    bool unary = f == Fn::Neg || f == Fn::Abs || f == Fn::Exp || f == Fn::Sqrt;
    if (unary) {
      n.k = K::Un;
      n.m = operand(c.args[1], out);
      if ((f == Fn::Exp || f == Fn::Sqrt) && !ir::isFloat(d.dt)) throw Ineligible{};
    } else if (name == "vmi.vadds" || name == "vmi.vmuls") {
      n.k = K::BinS;
      n.x = scalarArg(1);
      n.m = operand(c.args[2], out);
    } else {
      n.k = K::Bin;
      n.b = operand(c.args[1], out);
      n.m = operand(c.args[2], out);
    }
  } else {
    throw Ineligible{};  // reductions and the rest: interpreted
  }
  out.push_back(std::move(n));
}

void Compiler::store(const ir::Call& c, std::vector<Node>& out) {
  const auto* t = c.args[1]->as<ir::Var>();
  if (!t || !c.args[1]->type->isa<ir::TileType>() || isVector(c.args[2]->type)) throw Ineligible{};
  Node n;
  n.k = K::Store;
  n.call = &c;
  n.a = operand(c.args[0], out);
  n.var = t;
  n.x = c.args[2].get();
  n.m = operand(c.args[3], out);
  n.dt = slots[n.a].dt;
  n.lanes = slots[n.a].lanes;
  out.push_back(std::move(n));
}

}  // namespace ptoc::sim::detail::vmiregion
