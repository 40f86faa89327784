// Sharing in the IR that saves memory per statement (bench/README.md, "Session 11"): interned
// callee names, shared tuple-of-scalar types, and the split lowering's table of halved values
// that stores each distinct HalfInfo once.
#include <gtest/gtest.h>

#include <string>

#include "../../lib/transforms/split/HalfInfoTable.h"
#include "ptoc/ir/Builder.h"
#include "ptoc/ir/Expr.h"
#include "ptoc/ir/Type.h"

namespace {

using namespace ptoc::ir;

TEST(IrSharing, CalleeNamesAreInterned) {
  std::string a = "my_kernel_function_name";
  std::string b = a;  // same text, other storage
  std::string_view va = internCalleeName(a);
  std::string_view vb = internCalleeName(b);
  EXPECT_EQ(va, "my_kernel_function_name");
  EXPECT_EQ(va.data(), vb.data());
  EXPECT_NE(internCalleeName("other_function_name_x").data(), va.data());
}

TEST(IrSharing, CallOutlivesTheStringItWasBuiltFrom) {
  ExprPtr call;
  {
    std::string name = std::string("a_function_whose_name_is_long_") + std::to_string(42);
    call = std::make_shared<Call>(name, nullptr, std::vector<ExprPtr>{}, AttrList{},
                                  UnknownType::get(), ptoc::Span{});
    name.assign(name.size(), 'x');  // the Call must not view this buffer
  }
  EXPECT_EQ(call->as<Call>()->callee, "a_function_whose_name_is_long_42");
  // A rebuild keeps the same (stable) text without interning again.
  ExprPtr again = Call::rebuild(*call->as<Call>(), call->type, call->as<Call>()->callee, {}, {});
  EXPECT_EQ(again->as<Call>()->callee.data(), call->as<Call>()->callee.data());
}

TEST(IrSharing, TuplesOfScalarsShareTheirType) {
  TypePtr idx = ScalarType::get(DType::Index);
  TypePtr t1 = TupleType::get({idx, idx});
  TypePtr t2 = TupleType::get({idx, idx});
  EXPECT_EQ(t1.get(), t2.get());
  EXPECT_NE(TupleType::get({idx, idx, idx}).get(), t1.get());
  EXPECT_NE(TupleType::get({idx, ScalarType::get(DType::Int32)}).get(), t1.get());
  // A tuple with a tile element gets its own node.
  TypePtr tile = TileType::get({16, 16}, DType::FP32, MemorySpace::Vec);
  TypePtr w1 = TupleType::get({tile, idx});
  TypePtr w2 = TupleType::get({tile, idx});
  EXPECT_NE(w1.get(), w2.get());
  ASSERT_EQ(w1->as<TupleType>()->types.size(), 2u);
  EXPECT_EQ(w1->as<TupleType>()->types[0].get(), tile.get());
}

TEST(IrSharing, HalfInfoTableStoresEachInfoOnce) {
  ptoc::split::HalfInfoTable table;
  std::vector<ExprPtr> nodes;
  for (int i = 0; i < 5000; ++i) nodes.push_back(constInt(i, DType::Index, ptoc::Span{}));
  ptoc::analysis::HalfInfo up{0, 64, 32, 32, nullptr};
  ptoc::analysis::HalfInfo left{1, 128, 64, 64, nullptr};
  for (int i = 0; i < 5000; ++i) table.set(nodes[i].get(), i % 7 == 0 ? left : up);
  const ptoc::analysis::HalfInfo* first = table.find(nodes[1].get());
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->full, 64);
  EXPECT_EQ(table.find(nodes[2].get()), first);  // one stored copy for equal infos
  ASSERT_NE(table.find(nodes[7].get()), nullptr);
  EXPECT_EQ(table.find(nodes[7].get())->dim, 1u);
  EXPECT_NE(table.find(nodes[7].get()), first);
  // Replacing an entry's info; pointers handed out before stay valid.
  ptoc::analysis::HalfInfo odd{0, 63, 32, 31, nodes[0]};
  table.set(nodes[1].get(), odd);
  EXPECT_EQ(table.find(nodes[1].get())->stride, 31);
  EXPECT_EQ(table.find(nodes[1].get())->fullValid.get(), nodes[0].get());
  EXPECT_EQ(first->full, 64);
  EXPECT_TRUE(table.contains(nodes[4999].get()));
  ExprPtr other = constInt(1, DType::Index, ptoc::Span{});
  EXPECT_FALSE(table.contains(other.get()));
  EXPECT_EQ(table.find(other.get()), nullptr);
}

}  // namespace
