// .npy reader/writer: magic, version, the Python-dict header ('descr',
// 'fortran_order', 'shape'), then the raw element bytes. Big-endian data is byte-
// swapped and Fortran-ordered data transposed to C order on reading.
#include "ptoc/support/Npy.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace ptoc::npy {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;

[[noreturn]] void fail(const std::string& msg) { throw NpyError(msg); }

/// Position just after `'key':` (or `"key":`) in the header, or npos.
size_t findKey(std::string_view header, std::string_view key) {
  for (char q : {'\'', '"'}) {
    std::string quoted = std::string(1, q) + std::string(key) + std::string(1, q);
    size_t p = header.find(quoted);
    if (p == std::string_view::npos) continue;
    p += quoted.size();
    while (p < header.size() && std::isspace(static_cast<unsigned char>(header[p]))) ++p;
    if (p >= header.size() || header[p] != ':') fail("malformed .npy header: " + quoted);
    ++p;
    while (p < header.size() && std::isspace(static_cast<unsigned char>(header[p]))) ++p;
    return p;
  }
  return std::string_view::npos;
}

std::string parseDescr(std::string_view header) {
  size_t p = findKey(header, "descr");
  if (p == std::string_view::npos) fail("the .npy header has no 'descr'");
  char q = header[p];
  if (q != '\'' && q != '"')
    fail("the .npy 'descr' is not a simple dtype string (structured arrays are not supported)");
  size_t end = header.find(q, p + 1);
  if (end == std::string_view::npos) fail("malformed .npy header: unterminated 'descr'");
  return std::string(header.substr(p + 1, end - p - 1));
}

bool parseFortran(std::string_view header) {
  size_t p = findKey(header, "fortran_order");
  if (p == std::string_view::npos) fail("the .npy header has no 'fortran_order'");
  if (header.substr(p, 4) == "True") return true;
  if (header.substr(p, 5) == "False") return false;
  fail("malformed .npy header: 'fortran_order' is neither True nor False");
}

std::vector<int64_t> parseShape(std::string_view header) {
  size_t p = findKey(header, "shape");
  if (p == std::string_view::npos || header[p] != '(') fail("the .npy header has no 'shape' tuple");
  size_t end = header.find(')', p);
  if (end == std::string_view::npos) fail("malformed .npy header: unterminated 'shape'");
  std::vector<int64_t> shape;
  std::string_view body = header.substr(p + 1, end - p - 1);
  size_t i = 0;
  while (i < body.size()) {
    while (i < body.size() && (std::isspace(static_cast<unsigned char>(body[i])) || body[i] == ','))
      ++i;
    if (i >= body.size()) break;
    if (!std::isdigit(static_cast<unsigned char>(body[i])))
      fail("malformed .npy header: bad 'shape' entry in (" + std::string(body) + ")");
    int64_t v = 0;
    while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) {
      if (v > (int64_t{1} << 50)) fail("the .npy shape is too large");
      v = v * 10 + (body[i] - '0');
      ++i;
    }
    if (i < body.size() && body[i] == 'L') ++i;  // Python 2 long suffix
    shape.push_back(v);
  }
  return shape;
}

int64_t count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d != 0 && n > (int64_t{1} << 50) / d) fail("the .npy array is too large");
    n *= d;
  }
  return n;
}

/// Reorders Fortran-ordered elements to C order.
std::vector<uint8_t> fortranToC(const std::vector<uint8_t>& in, const std::vector<int64_t>& shape,
                                size_t item) {
  std::vector<uint8_t> out(in.size());
  size_t rank = shape.size();
  int64_t n = count(shape);
  std::vector<int64_t> idx(rank, 0);
  for (int64_t c = 0; c < n; ++c) {  // c walks C order; idx is its multi-index
    int64_t f = 0, stride = 1;
    for (size_t k = 0; k < rank; ++k) {
      f += idx[k] * stride;
      stride *= shape[k];
    }
    std::copy_n(in.begin() + f * item, item, out.begin() + c * item);
    for (size_t k = rank; k-- > 0;) {
      if (++idx[k] < shape[k]) break;
      idx[k] = 0;
    }
  }
  return out;
}

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t k = 0; k < shape.size(); ++k) {
    if (k) s += ", ";
    s += std::to_string(shape[k]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

}  // namespace

size_t descrItemSize(std::string_view d) {
  if (d == "|b1" || d == "|i1" || d == "|u1") return 1;
  if (d == "<f2" || d == "<i2" || d == "<u2") return 2;
  if (d == "<f4" || d == "<i4" || d == "<u4") return 4;
  if (d == "<f8" || d == "<i8" || d == "<u8") return 8;
  return 0;
}

std::string canonicalDescr(std::string_view d) {
  if (d.size() != 3) return {};
  char order = d[0], kind = d[1], size = d[2];
  if (order != '<' && order != '>' && order != '=' && order != '|') return {};
  if (size == '1') {
    if (kind != 'b' && kind != 'i' && kind != 'u') return {};
    return std::string("|") + kind + size;
  }
  if (order == '|') return {};
  if (order == '=') order = '<';  // every supported host is little-endian
  bool ok = ((kind == 'f') && (size == '2' || size == '4' || size == '8')) ||
            ((kind == 'i' || kind == 'u') && (size == '2' || size == '4' || size == '8'));
  if (!ok) return {};
  return std::string(1, order) + kind + size;
}

int64_t Array::numel() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

size_t Array::itemSize() const { return descrItemSize(descr); }

Array parse(std::string_view bytes) {
  if (bytes.size() < kMagicLen + 4 || bytes.substr(0, kMagicLen) != std::string_view(kMagic))
    fail("not a .npy file (bad magic)");
  auto major = static_cast<unsigned char>(bytes[kMagicLen]);
  size_t pos = kMagicLen + 2;
  size_t headerLen = 0;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[pos]) |
                (static_cast<size_t>(static_cast<unsigned char>(bytes[pos + 1])) << 8);
    pos += 2;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < pos + 4) fail("truncated .npy header");
    for (int k = 0; k < 4; ++k)
      headerLen |= static_cast<size_t>(static_cast<unsigned char>(bytes[pos + k])) << (8 * k);
    pos += 4;
  } else {
    fail("unsupported .npy format version " + std::to_string(major));
  }
  if (bytes.size() < pos + headerLen) fail("truncated .npy header");
  std::string_view header = bytes.substr(pos, headerLen);
  pos += headerLen;

  std::string raw = parseDescr(header);
  std::string descr = canonicalDescr(raw);
  if (descr.empty())
    fail("unsupported .npy dtype '" + raw + "' (supported: f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 b1)");
  bool fortran = parseFortran(header);
  Array a;
  a.shape = parseShape(header);
  bool bigEndian = descr[0] == '>';
  if (bigEndian) descr[0] = '<';
  a.descr = descr;
  size_t item = a.itemSize();
  int64_t n = count(a.shape);
  if (static_cast<uint64_t>(bytes.size() - pos) < static_cast<uint64_t>(n) * item)
    fail("truncated .npy data: expected " + std::to_string(n * static_cast<int64_t>(item)) +
         " bytes, found " + std::to_string(bytes.size() - pos));
  a.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(pos),
                bytes.begin() + static_cast<std::ptrdiff_t>(pos + n * item));
  if (bigEndian)
    for (int64_t i = 0; i < n; ++i) std::reverse(&a.data[i * item], &a.data[i * item] + item);
  if (fortran && a.shape.size() > 1) a.data = fortranToC(a.data, a.shape, item);
  return a;
}

std::string serialize(const Array& a) {
  size_t item = a.itemSize();
  if (item == 0) fail("cannot write .npy dtype '" + a.descr + "'");
  if (a.data.size() != static_cast<size_t>(count(a.shape)) * item)
    fail("the .npy data size does not match the shape " + shapeText(a.shape));
  std::string dict =
      "{'descr': '" + a.descr + "', 'fortran_order': False, 'shape': " + shapeText(a.shape) + ", }";
  // Pad with spaces so that the data starts at a multiple of 64 bytes; end with '\n'.
  size_t prefix = kMagicLen + 2 + 2;
  bool v2 = prefix + dict.size() + 1 > 65535;
  if (v2) prefix += 2;
  size_t total = prefix + dict.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  dict.append(padded - total, ' ');
  dict.push_back('\n');
  std::string out(kMagic, kMagicLen);
  out.push_back(static_cast<char>(v2 ? 2 : 1));
  out.push_back(0);
  size_t len = dict.size();
  for (int k = 0; k < (v2 ? 4 : 2); ++k) out.push_back(static_cast<char>((len >> (8 * k)) & 0xff));
  out += dict;
  out.append(reinterpret_cast<const char*>(a.data.data()), a.data.size());
  return out;
}

Array readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot open '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  try {
    return parse(ss.str());
  } catch (const NpyError& e) {
    fail(path + ": " + e.what());
  }
}

void writeFile(const std::string& path, const Array& a) {
  std::string bytes = serialize(a);
  std::ofstream out(path, std::ios::binary);
  if (!out) fail("cannot write '" + path + "'");
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) fail("error writing '" + path + "'");
}

}  // namespace ptoc::npy
