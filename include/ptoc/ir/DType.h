// Element data types of the IR (architecture §4) and their properties.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ptoc::ir {

enum class DType : uint8_t {
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  FP16,
  BF16,
  FP32,
  FP8E4M3FN,
  FP8E5M2,
  Index,
  // PyPTO dtypes the simulator does not compute with (sub-byte and microscaling formats),
  // and the opaque task id of pl.submit.
  Int4,
  UInt4,
  FP4,
  HF4,
  HF8,
  FP8E8M0,
  TaskId,
};

inline constexpr DType kAllDTypes[] = {
    DType::Bool,  DType::Int8,   DType::Int16,     DType::Int32,   DType::Int64,
    DType::UInt8, DType::UInt16, DType::UInt32,    DType::UInt64,  DType::FP16,
    DType::BF16,  DType::FP32,   DType::FP8E4M3FN, DType::FP8E5M2, DType::Index,
    DType::Int4,  DType::UInt4,  DType::FP4,       DType::HF4,     DType::HF8,
    DType::FP8E8M0, DType::TaskId};

/// The `pl` spelling without the prefix: "FP32", "INDEX", ...
std::string_view dtypeName(DType t);
std::optional<DType> dtypeFromName(std::string_view plName);
/// TileLang / numpy-style spelling: "float32", "int8", "bool", ...
std::string_view dtypeLongName(DType t);
std::optional<DType> dtypeFromLongName(std::string_view name);

unsigned dtypeBits(DType t);  // Index counts as 64
inline unsigned dtypeBytes(DType t) { return (dtypeBits(t) + 7) / 8; }
bool isFloat(DType t);
bool isInteger(DType t);  // includes Index, excludes Bool
bool isSignedInteger(DType t);
/// INT4, UINT4, FP4, HF4, HF8, FP8E8M0 and TASK_ID: read, typed and printed, but without
/// element arithmetic in the simulator (it reports them at the statement).
bool isUnmodeledDType(DType t);

}  // namespace ptoc::ir
