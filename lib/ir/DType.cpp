#include "ptoc/ir/DType.h"

namespace ptoc::ir {

namespace {
struct DTypeInfo {
  DType type;
  std::string_view name;
  std::string_view longName;
  unsigned bits;
};
constexpr DTypeInfo kInfo[] = {
    {DType::Bool, "BOOL", "bool", 8},
    {DType::Int8, "INT8", "int8", 8},
    {DType::Int16, "INT16", "int16", 16},
    {DType::Int32, "INT32", "int32", 32},
    {DType::Int64, "INT64", "int64", 64},
    {DType::UInt8, "UINT8", "uint8", 8},
    {DType::UInt16, "UINT16", "uint16", 16},
    {DType::UInt32, "UINT32", "uint32", 32},
    {DType::UInt64, "UINT64", "uint64", 64},
    {DType::FP16, "FP16", "float16", 16},
    {DType::BF16, "BF16", "bfloat16", 16},
    {DType::FP32, "FP32", "float32", 32},
    {DType::FP8E4M3FN, "FP8E4M3FN", "float8_e4m3fn", 8},
    {DType::FP8E5M2, "FP8E5M2", "float8_e5m2", 8},
    {DType::Index, "INDEX", "index", 64},
    {DType::Int4, "INT4", "int4", 4},
    {DType::UInt4, "UINT4", "uint4", 4},
    {DType::FP4, "FP4", "float4_e2m1", 4},
    {DType::HF4, "HF4", "hifloat4", 4},
    {DType::HF8, "HF8", "hifloat8", 8},
    {DType::FP8E8M0, "FP8E8M0", "float8_e8m0fnu", 8},
    {DType::TaskId, "TASK_ID", "task_id", 64},
};
const DTypeInfo& info(DType t) { return kInfo[static_cast<unsigned>(t)]; }
}  // namespace

std::string_view dtypeName(DType t) { return info(t).name; }
std::string_view dtypeLongName(DType t) { return info(t).longName; }
unsigned dtypeBits(DType t) { return info(t).bits; }

std::optional<DType> dtypeFromName(std::string_view n) {
  for (const auto& i : kInfo)
    if (i.name == n) return i.type;
  return std::nullopt;
}

std::optional<DType> dtypeFromLongName(std::string_view n) {
  for (const auto& i : kInfo)
    if (i.longName == n) return i.type;
  return std::nullopt;
}

bool isFloat(DType t) {
  return t == DType::FP16 || t == DType::BF16 || t == DType::FP32 || t == DType::FP8E4M3FN ||
         t == DType::FP8E5M2 || t == DType::FP4 || t == DType::HF4 || t == DType::HF8 ||
         t == DType::FP8E8M0;
}
bool isInteger(DType t) { return !isFloat(t) && t != DType::Bool && t != DType::TaskId; }
bool isSignedInteger(DType t) {
  return t == DType::Int8 || t == DType::Int16 || t == DType::Int32 || t == DType::Int64 ||
         t == DType::Index || t == DType::Int4;
}
bool isUnmodeledDType(DType t) { return t >= DType::Int4; }

}  // namespace ptoc::ir
