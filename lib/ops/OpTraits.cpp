// Names of the op ids, traits, reduced axes, vmi categories and pipes (OpRegistry.h), as
// `ptoc ops` and docs/ops.md show them: one table per enum, in enum order.
#include <iterator>
#include <span>

#include "ptoc/ops/OpRegistry.h"

namespace ptoc {

namespace {

constexpr std::string_view kOpIds[] = {
    "Other",     "Load",     "Store",     "Move",           "Create",    "Full",
    "Slice",     "Reshape",  "Extract",   "SetValidShape",  "Transpose", "Matmul",
    "MatmulAcc", "AivShard", "AicGather", "GetSubblockIdx", "Submit"};
static_assert(std::size(kOpIds) == static_cast<size_t>(OpId::Count_));

constexpr std::string_view kOpTraits[] = {"elementwise", "row-broadcast", "positional-generator",
                                          "cross-core"};
static_assert(std::size(kOpTraits) == static_cast<size_t>(OpTrait::Count_));

constexpr std::string_view kReduceAxes[] = {"none", "last axis", "first axis", "all lanes"};
static_assert(std::size(kReduceAxes) == static_cast<size_t>(ReduceAxes::Lanes) + 1);

constexpr std::string_view kVmiCategories[] = {
    "none", "mask",      "load",    "store",  "broadcast",
    "ramp", "lane-wise", "compare", "select", "cross-lane-reduce"};
static_assert(std::size(kVmiCategories) == static_cast<size_t>(VmiCategory::CrossLaneReduce) + 1);

constexpr std::string_view kPipes[] = {"MTE1", "MTE2", "MTE3", "M", "V", "FIX", "S"};
static_assert(std::size(kPipes) == static_cast<size_t>(Pipe::Count_));

template <typename E>
std::string_view nameIn(std::span<const std::string_view> names, E e) {
  size_t i = static_cast<size_t>(e);
  return i < names.size() ? names[i] : "?";
}

}  // namespace

std::string_view toString(OpId id) { return nameIn(kOpIds, id); }
std::string_view toString(OpTrait t) { return nameIn(kOpTraits, t); }
std::string_view toString(ReduceAxes r) { return nameIn(kReduceAxes, r); }
std::string_view toString(VmiCategory c) { return nameIn(kVmiCategories, c); }
std::string_view toString(Pipe p) { return nameIn(kPipes, p); }

}  // namespace ptoc
