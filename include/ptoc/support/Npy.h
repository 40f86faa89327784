// Reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0 read; 1.0
// written, 2.0 when the header needs it). Supported dtypes: '<f2' '<f4' '<f8' '|i1'
// '<i2' '<i4' '<i8' '|u1' '<u2' '<u4' '<u8' '|b1' (big-endian '>' forms and Fortran
// order are converted on reading); 0-d arrays included. Dtypes numpy lacks are stored
// by convention as their raw bits (BF16 in '<u2', FP8 in '|u1'); the simulator maps
// them (sim/Value.h, docs/simulator-semantics.md §6).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ptoc::npy {

class NpyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An array in C order with little-endian elements.
struct Array {
  std::string descr;           // canonical: "<f4", "|u1", "|b1", ...
  std::vector<int64_t> shape;  // empty = 0-d (one element)
  std::vector<uint8_t> data;   // numel() * itemSize() bytes

  int64_t numel() const;
  size_t itemSize() const;
};

/// Bytes per element of a canonical descr, or 0 when the descr is not supported.
size_t descrItemSize(std::string_view descr);
/// The canonical spelling of a descr ('<i1' / '=i1' -> '|i1', '=f4' -> '<f4', '>f4' stays
/// '>f4'), or empty when the type is not supported.
std::string canonicalDescr(std::string_view descr);

/// Parses the bytes of a .npy file; throws NpyError with the reason.
Array parse(std::string_view bytes);
/// The bytes of a .npy file for `a` (version 1.0 unless the header is too long).
std::string serialize(const Array& a);

Array readFile(const std::string& path);
void writeFile(const std::string& path, const Array& a);

}  // namespace ptoc::npy
