// Runtime values: buffers and their element access, scalars, tile construction
// with padding, descriptions for messages, and the .npy mapping of dtypes
// (docs/simulator-semantics.md §1, §6).
#include "ptoc/sim/Value.h"

#include <fmt/format.h>

#include <stdexcept>

#include "ptoc/support/Npy.h"

namespace ptoc::sim {

using ir::PadValue;

namespace {

/// The stored pad value of element type E.
template <typename E>
typename E::Storage padStorage(PadValue p) {
  using S = typename E::Storage;
  switch (p) {
    case PadValue::Null:
    case PadValue::Zero:
      break;
    case PadValue::Max:
      if constexpr (E::kFloat)
        return E::store(std::numeric_limits<float>::infinity());  // E4M3FN saturates: 448
      else if constexpr (E::dtype == DType::Bool)
        return 1;
      else
        return std::numeric_limits<S>::max();
    case PadValue::Min:
      if constexpr (E::kFloat)
        return E::store(-std::numeric_limits<float>::infinity());
      else if constexpr (E::dtype == DType::Bool)
        return 0;
      else
        return std::numeric_limits<S>::lowest();
  }
  return E::store(0);
}

std::string joinInts(const std::vector<int64_t>& v) {
  return fmt::format("[{}]", fmt::join(v, ", "));
}

/// numpy dtype string of a dtype's storage.
std::string_view npyDescrOf(DType d) {
  switch (d) {
    case DType::Bool:
      return "|b1";
    case DType::Int8:
      return "|i1";
    case DType::Int16:
      return "<i2";
    case DType::Int32:
      return "<i4";
    case DType::Int64:
    case DType::Index:
    case DType::Int4:
    case DType::UInt4:
    case DType::FP4:
    case DType::HF4:
    case DType::HF8:
    case DType::FP8E8M0:
    case DType::TaskId:
      return "<i8";
    case DType::UInt8:
    case DType::FP8E4M3FN:
    case DType::FP8E5M2:
      return "|u1";
    case DType::UInt16:
    case DType::BF16:
      return "<u2";
    case DType::UInt32:
      return "<u4";
    case DType::UInt64:
      return "<u8";
    case DType::FP16:
      return "<f2";
    case DType::FP32:
      return "<f4";
  }
  return "";
}

}  // namespace

// ---- Buffer ---------------------------------------------------------------------------------

Buffer::Buffer(DType d, std::vector<int64_t> s) : dtype(d), shape(std::move(s)) {
  bytes.assign(static_cast<size_t>(numel()) * elemSize(), 0);
}

int64_t Buffer::numel() const {
  int64_t n = 1;
  for (int64_t x : shape) n *= x;
  return n;
}

double Buffer::getF(int64_t i) const {
  return dispatchDType(dtype, [&](auto e) -> double {
    using E = decltype(e);
    return static_cast<double>(E::load(as<typename E::Storage>()[i]));
  });
}

void Buffer::setF(int64_t i, double v) {
  dispatchDType(dtype, [&](auto e) {
    using E = decltype(e);
    as<typename E::Storage>()[i] = E::fromDouble(v);
  });
}

int64_t Buffer::getI(int64_t i) const {
  return dispatchDType(dtype, [&](auto e) -> int64_t {
    using E = decltype(e);
    auto v = E::load(as<typename E::Storage>()[i]);
    if constexpr (E::kFloat)
      return elem::convert<E, Elem<DType::Int64>>(v);
    else
      return static_cast<int64_t>(v);
  });
}

void Buffer::setI(int64_t i, int64_t v) {
  dispatchDType(dtype, [&](auto e) {
    using E = decltype(e);
    as<typename E::Storage>()[i] = elem::convert<Elem<DType::Int64>, E>(v);
  });
}

// ---- Scalars --------------------------------------------------------------------------------

Scalar Scalar::ofInt(DType d, int64_t v) {
  Scalar s;
  s.dtype = d;
  if (ir::isFloat(d)) {
    s.f = dispatchDType(d, [&](auto e) -> double {
      using E = decltype(e);
      return static_cast<double>(E::load(elem::convert<Elem<DType::Int64>, E>(v)));
    });
  } else {
    s.i = dispatchDType(d, [&](auto e) -> int64_t {
      using E = decltype(e);
      return static_cast<int64_t>(elem::convert<Elem<DType::Int64>, E>(v));
    });
  }
  return s;
}

Scalar Scalar::ofFloat(DType d, double v) {
  Scalar s;
  s.dtype = d;
  if (ir::isFloat(d)) {
    s.f = roundToDType(d, v);
  } else {
    s.i = dispatchDType(d, [&](auto e) -> int64_t {
      using E = decltype(e);
      return static_cast<int64_t>(E::fromDouble(v));  // truncates toward zero, wraps
    });
  }
  return s;
}

double roundToDType(DType dtype, double v) {
  return dispatchDType(dtype, [&](auto e) -> double {
    using E = decltype(e);
    return static_cast<double>(E::load(E::fromDouble(v)));
  });
}

Scalar castScalar(const Scalar& s, DType to) {
  return dispatchDType(s.dtype, [&](auto from) {
    using F = decltype(from);
    typename F::Compute v = scalarAs<F>(s);
    return dispatchDType(to, [&](auto target) {
      using T = decltype(target);
      auto stored = elem::convert<F, T>(v);
      Scalar r;
      r.dtype = to;
      if constexpr (T::kFloat)
        r.f = static_cast<double>(T::load(stored));
      else
        r.i = static_cast<int64_t>(stored);
      return r;
    });
  });
}

// ---- Tiles ----------------------------------------------------------------------------------

double padValue(PadValue pad, DType dtype) {
  return dispatchDType(dtype, [&](auto e) -> double {
    using E = decltype(e);
    return static_cast<double>(E::load(padStorage<E>(pad)));
  });
}

Tile newTile(DType dtype, std::vector<int64_t> shape, std::vector<int64_t> valid, PadValue pad,
             std::optional<ir::MemorySpace> memory) {
  if (valid.empty()) valid = shape;
  if (valid.size() != shape.size())
    throw std::invalid_argument(fmt::format("internal error: valid shape {} for a tile of shape {}",
                                            joinInts(valid), joinInts(shape)));
  Tile t;
  t.buf = std::make_shared<Buffer>(dtype, std::move(shape));
  t.valid = std::move(valid);
  t.pad = pad;
  t.memory = memory;
  fillPadding(t);
  return t;
}

Tile makeTile(const ir::TileType& type, std::vector<int64_t> valid) {
  return newTile(type.dtype, type.shape, std::move(valid), type.effectiveView().pad, type.memory);
}

Tensor newTensor(DType dtype, std::vector<int64_t> shape) {
  return Tensor{std::make_shared<Buffer>(dtype, std::move(shape))};
}

void fillPadding(Tile& t) {
  if (t.fullValid()) return;
  const std::vector<int64_t>& shape = t.shape();
  size_t rank = shape.size();
  if (rank == 0) return;
  dispatchDType(t.dtype(), [&](auto e) {
    using E = decltype(e);
    typename E::Storage pv = padStorage<E>(t.pad);
    typename E::Storage* data = t.buf->template as<typename E::Storage>();
    int64_t cols = shape[rank - 1];
    int64_t rows = t.buf->numel() / cols;
    std::vector<int64_t> idx(rank, 0);  // multi-index of the row's leading axes
    for (int64_t r = 0; r < rows; ++r) {
      bool inside = true;
      for (size_t k = 0; k + 1 < rank; ++k) inside = inside && idx[k] < t.valid[k];
      int64_t from = inside ? std::max<int64_t>(0, t.valid[rank - 1]) : 0;
      std::fill(data + r * cols + std::min(from, cols), data + (r + 1) * cols, pv);
      for (size_t k = rank - 1; k-- > 0;) {
        if (++idx[k] < shape[k]) break;
        idx[k] = 0;
      }
    }
  });
}

Tile withPadding(const Tile& t) {
  if (t.fullValid()) return t;
  Tile c = t;
  c.buf = std::make_shared<Buffer>(*t.buf);
  fillPadding(c);
  return c;
}

bool validCovers(const Tile& t, const std::vector<int64_t>& extents) {
  for (size_t k = 0; k < extents.size() && k < t.valid.size(); ++k)
    if (t.valid[k] < extents[k]) return false;
  return true;
}

// ---- Descriptions ---------------------------------------------------------------------------

std::string Value::describe() const {
  struct Describer {
    std::string operator()(const std::monostate&) const { return "None"; }
    std::string operator()(const Scalar& s) const {
      if (s.isFloat()) return fmt::format("Scalar[{}] = {}", ir::dtypeName(s.dtype), s.f);
      if (s.dtype == DType::Bool) return fmt::format("Scalar[BOOL] = {}", s.i ? "True" : "False");
      return fmt::format("Scalar[{}] = {}", ir::dtypeName(s.dtype), s.i);
    }
    std::string operator()(const Tensor& t) const {
      if (!t.buf) return "Tensor[null]";
      return fmt::format("Tensor[{}, {}]", joinInts(t.buf->shape), ir::dtypeName(t.buf->dtype));
    }
    std::string operator()(const Tile& t) const {
      if (!t.buf) return "Tile[null]";
      std::string s = fmt::format("Tile[{}, {}", joinInts(t.buf->shape), ir::dtypeName(t.dtype()));
      if (t.memory) s += fmt::format(", {}", ir::toString(*t.memory));
      if (!t.fullValid()) s += fmt::format(", valid {}", joinInts(t.valid));
      return s + "]";
    }
    std::string operator()(const VReg& v) const {
      return fmt::format("VReg[{}, {}]", v.lanes.size(), ir::dtypeName(v.dtype));
    }
    std::string operator()(const Mask& m) const { return fmt::format("Mask[{}]", m.lanes.size()); }
    std::string operator()(const TupleValue& t) const {
      std::string s = "Tuple[";
      for (size_t k = 0; k < t.elements.size(); ++k)
        s += (k ? ", " : "") + t.elements[k].describe();
      return s + "]";
    }
  };
  return std::visit(Describer{}, v);
}

// ---- .npy -----------------------------------------------------------------------------------

npy::Array toNpy(const Buffer& b) {
  npy::Array a;
  a.descr = std::string(npyDescrOf(b.dtype));
  a.shape = b.shape;
  a.data = b.bytes;
  return a;
}

Buffer bufferFromNpy(const npy::Array& a, DType dtype) {
  std::string_view want = npyDescrOf(dtype);
  if (a.descr != want) {
    std::string how = dtype == DType::BF16 ? " (BF16 is stored as its raw bits in '<u2')"
                      : dtype == DType::FP8E4M3FN || dtype == DType::FP8E5M2
                          ? " (FP8 is stored as its raw bits in '|u1')"
                          : "";
    throw std::runtime_error(fmt::format("the array has dtype '{}' but {} needs '{}'{}", a.descr,
                                         ir::dtypeName(dtype), want, how));
  }
  Buffer b(dtype, a.shape);
  if (a.data.size() != b.bytes.size())
    throw std::runtime_error(fmt::format("the array holds {} bytes, its shape {} needs {}",
                                         a.data.size(), joinInts(a.shape), b.bytes.size()));
  b.bytes = a.data;
  return b;
}

}  // namespace ptoc::sim
