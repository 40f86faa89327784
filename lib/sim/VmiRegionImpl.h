// Private to the register-level executor (VmiRegion.cpp, VmiRegionCompile.cpp): the compiled
// form of a SIMD_VF region. See VmiRegion.h.
#pragma once

#include <map>
#include <string_view>
#include <vector>

#include "InterpreterImpl.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"

namespace ptoc::sim::detail::vmiregion {

using ir::DType;

constexpr int kMaxLanes = 256;

enum class K {
  Block,
  Loop,
  Scalar,
  Import,
  Mask,
  Load,
  Store,
  Brc,
  Ci,
  Bin,
  BinS,
  Un,
  Cmp,
  Cmps,
  Sel,
  MAnd,
  MOr,
  MNot,
  Cvt,
};
enum class Fn { Add, Sub, Mul, Div, Max, Min, Neg, Abs, Exp, Sqrt, None };
enum class Cmp { Lt, Le, Gt, Ge, Eq, Ne };

struct Node {
  K k = K::Block;
  std::vector<Node> body;             // Block, Loop
  const ir::ForStmt* loop = nullptr;  // Loop
  const ir::Stmt* stmt = nullptr;     // Scalar
  const ir::Call* call = nullptr;     // register ops (messages)
  const ir::Var* var = nullptr;       // Import: the variable; Load / Store: the tile
  const ir::Expr* x = nullptr;        // the scalar operand: offset, active lanes, scalar
  int dst = -1, a = -1, b = -1, m = -1;
  DType dt = DType::FP32, to = DType::FP32;
  int lanes = 0;
  Fn fn = Fn::None;
  Cmp cmp = Cmp::Lt;
};

struct SlotInfo {
  DType dt = DType::FP32;
  int lanes = 0;
  bool mask = false;
  const ir::Var* var = nullptr;  // null for the result of a nested call
};

struct Slot {
  alignas(64) unsigned char bytes[kMaxLanes * 4];
  template <typename C>
  C* as() {
    return reinterpret_cast<C*>(bytes);
  }
};

inline bool laneDType(DType d) {
  switch (d) {
    case DType::FP32:
    case DType::FP16:
    case DType::BF16:
    case DType::FP8E4M3FN:
    case DType::FP8E5M2:
    case DType::Int8:
    case DType::Int16:
    case DType::Int32:
    case DType::UInt8:
    case DType::UInt16:
    case DType::UInt32:
      return true;
    default:
      return false;
  }
}

inline bool isVector(const ir::TypePtr& t) {
  return t->isa<ir::VRegType>() || t->isa<ir::MaskType>();
}

/// Whether a statement or expression touches registers or vmi ops.
class VectorUse : public ir::IRVisitor {
 public:
  bool found = false;
  void visitVar(const ir::Var& v) override { found = found || isVector(v.type); }
  void visitDef(const ir::VarPtr& v) override { found = found || isVector(v->type); }
  void visitCall(const ir::Call& c) override {
    found = found || (c.op && c.op->vmi != VmiCategory::None);
    IRVisitor::visitCall(c);
  }
};

inline bool usesVectors(const ir::StmtPtr& s) {
  VectorUse v;
  v.visitStmt(s);
  return v.found;
}

struct Ineligible {};

/// Builds the node tree of a region body; throws Ineligible for anything but register code.
class Compiler {
 public:
  std::vector<SlotInfo> slots;
  std::vector<Node> imports;  // register variables read from the frame at region entry

  void stmt(const ir::StmtPtr& s, std::vector<Node>& out);

 private:
  std::map<const ir::Var*, int> byVar_;

  void scalar(const ir::StmtPtr& s, std::vector<Node>& out);
  int newSlot(const ir::TypePtr& t, const ir::Var* var);
  int slotOfVar(const ir::Var& v);
  int operand(const ir::ExprPtr& e, std::vector<Node>& out);
  static Fn fnOf(std::string_view name);
  static Cmp cmpOf(const ir::Call& c);
  void call(const ir::Call& c, int dst, std::vector<Node>& out);
  void store(const ir::Call& c, std::vector<Node>& out);
};

}  // namespace ptoc::sim::detail::vmiregion
