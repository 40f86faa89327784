// VMI op emitters (docs/codegen.md §VMI level; ptoas-facts §2.5): the ops of a vectorized
// region, inside its `pto.vecscope { ... }`. Tiles are addressed through a UB pointer
// (`pto.castptr` of the tile buffer); registers are `!pto.vmi.vreg<LxT>`, masks
// `!pto.vmi.mask<Lxpred>` (surface form, no layout).
#include <fmt/format.h>

#include "FunctionEmitter.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

using Fe = FunctionEmitter;

std::string typeOf(const Expr& e) {
  if (const auto* v = e.type->as<VRegType>()) return vregType(*v);
  if (const auto* m = e.type->as<MaskType>()) return maskType(*m);
  if (const auto* s = e.type->as<ScalarType>()) return scalarType(s->dtype);
  return "?";
}

Value result(Fe&, const Call& c, const std::string& name) {
  Value::Kind k = c.type->isa<MaskType>() ? Value::Kind::Mask : Value::Kind::VReg;
  return {k, name, typeOf(c), c.type.get()};
}

/// The UB pointer of a tile (`!pto.ptr<T, ub>`).
std::string ubPointer(Fe& fe, const ExprPtr& tileExpr, Span at, std::string& ptrType) {
  Value t = fe.tile(tileExpr, at);
  const auto* tt = static_cast<const TileType*>(t.irType);
  if (tt->memory && *tt->memory != MemorySpace::Vec)
    fe.fail(at, "a vector register load / store needs a Vec (UB) tile",
            "move the tile to Vec with pl.move(t, target_memory=pl.Mem.Vec) first");
  ptrType = fmt::format("!pto.ptr<{}, ub>", mlirDType(tt->dtype));
  std::string p = fe.fresh(t.name.substr(1) + "_ub");
  fe.line(fmt::format("{} = pto.castptr {} : {} -> {}", p, t.name, t.type, ptrType));
  return p;
}

/// Register / mask / scalar operands, in order, with their types.
void operands(Fe& fe, const Call& c, std::vector<std::string>& names,
              std::vector<std::string>& types, size_t from = 0) {
  for (size_t i = from; i < c.args.size(); ++i) {
    if (!c.args[i]) continue;
    const Type& t = *c.args[i]->type;
    if (t.isa<VRegType>() || t.isa<MaskType>()) {
      names.push_back(fe.value(c.args[i]).name);
    } else if (const auto* s = t.as<ScalarType>()) {
      names.push_back(fe.scalarAs(c.args[i], s->dtype));
    } else {
      fe.fail(c.span, fmt::format("operand {} of {} has no VMI form", i, c.op->name),
              "internal error: the IR is not well typed");
    }
    types.push_back(typeOf(*c.args[i]));
  }
}

/// `%r = pto.vmi.X a, b, ... [{attrs}] : Ta, Tb, ... -> Tr`.
Value emitGeneric(Fe& fe, const Call& c, const std::string& attrs = {}) {
  std::vector<std::string> names, types;
  operands(fe, c, names, types);
  std::string r = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = {} {}{} : {} -> {}", r, ptoName(fe, c), fmt::join(names, ", "), attrs,
                      fmt::join(types, ", "), typeOf(c)));
  return result(fe, c, r);
}

Value emitLaneWise(Fe& fe, const Call& c) { return emitGeneric(fe, c); }

Value emitCompare(Fe& fe, const Call& c) {
  const auto* cmp = getAttr<std::string>(c.kwargs, "cmp");
  return emitGeneric(fe, c, fmt::format(" {{cmp = \"{}\"}}", cmp ? *cmp : "eq"));
}

Value emitRamp(Fe& fe, const Call& c) { return emitGeneric(fe, c, " {order = \"ASC\"}"); }

Value emitCreateMask(Fe& fe, const Call& c) {
  std::string n = fe.index(c.args[0]);
  std::string r = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = {} {} : index -> {}", r, ptoName(fe, c), n, typeOf(c)));
  return result(fe, c, r);
}

Value emitLoad(Fe& fe, const Call& c) {
  std::string pty;
  std::string p = ubPointer(fe, c.args[0], c.span, pty);
  std::string off = fe.index(c.args[1]);
  std::string r = fe.fresh(fe.hint);
  fe.line(fmt::format("{} = {} {}[{}] : {} -> {}", r, ptoName(fe, c), p, off, pty, typeOf(c)));
  return result(fe, c, r);
}

Value emitStore(Fe& fe, const Call& c) {
  Value v = fe.value(c.args[0]);
  std::string pty;
  std::string p = ubPointer(fe, c.args[1], c.span, pty);
  std::string off = fe.index(c.args[2]);
  Value m = fe.value(c.args[3]);
  fe.line(fmt::format("{} {}, {}[{}], {} : {}, {}, {}", ptoName(fe, c), v.name, p, off, m.name,
                      v.type, pty, m.type));
  return {};
}

}  // namespace

void registerVmiEmitters(OpEmitterTable& t) {
  for (const OpDef* d : OpRegistry::instance().all()) {
    switch (d->vmi) {
      case VmiCategory::None:
        break;
      case VmiCategory::Load:
        t.add(d->name, emitLoad);
        break;
      case VmiCategory::Store:
        t.add(d->name, emitStore);
        break;
      case VmiCategory::Ramp:
        t.add(d->name, emitRamp);
        break;
      case VmiCategory::Compare:
        t.add(d->name, emitCompare);
        break;
      case VmiCategory::Mask:
        t.add(d->name, d->args.size() == 1 && d->args[0].kind != ArgKind::Mask ? emitCreateMask
                                                                               : emitLaneWise);
        break;
      case VmiCategory::Broadcast:
      case VmiCategory::LaneWise:
      case VmiCategory::Select:
      case VmiCategory::CrossLaneReduce:
        t.add(d->name, emitLaneWise);
        break;
    }
  }
}

}  // namespace ptoc::codegen
