// Seeded inputs and value helpers for runs: deterministic random contents for a
// parameter (splitmix64 keyed by seed and stream, so the bits are the same on every
// platform and standard library), zero values for Out parameters, deep copies.
#include <fmt/format.h>

#include "ptoc/sim/Interpreter.h"

namespace ptoc::sim {

namespace {

class SplitMix64 {
 public:
  SplitMix64(uint64_t seed, uint64_t stream)
      : state_(seed * 0x9E3779B97F4A7C15ull ^ (stream + 1) * 0xD1B54A32D192ED03ull) {
    next();
  }
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [-1, 1) on a grid of 2^-20: every value is exact in FP32 and rounds the
  /// same way everywhere for the narrower floats.
  double unitFloat() {
    return static_cast<double>(static_cast<int64_t>(next() >> 43)) / 1048576.0 - 1.0;
  }

 private:
  uint64_t state_;
};

/// One random element of `d` as a double (floats) or integer.
Scalar randomScalar(DType d, SplitMix64& rng) {
  if (d == DType::Bool) return Scalar::ofBool(rng.next() & 1);
  if (ir::isFloat(d)) return Scalar::ofFloat(d, rng.unitFloat());
  if (ir::isSignedInteger(d) && d != DType::Index)
    return Scalar::ofInt(d, static_cast<int64_t>(rng.next() % 16) - 8);
  return Scalar::ofInt(d, static_cast<int64_t>(rng.next() % 16));
}

void fillRandom(Buffer& b, SplitMix64& rng) {
  int64_t n = b.numel();
  for (int64_t i = 0; i < n; ++i) {
    Scalar s = randomScalar(b.dtype, rng);
    if (ir::isFloat(b.dtype))
      b.setF(i, s.f);
    else
      b.setI(i, s.i);
  }
}

Value valueOf(const ir::Type& type, SplitMix64* rng) {
  switch (type.kind) {
    case ir::TypeKind::Scalar: {
      DType d = type.as<ir::ScalarType>()->dtype;
      if (rng) return randomScalar(d, *rng);
      return ir::isFloat(d) ? Scalar::ofFloat(d, 0) : Scalar::ofInt(d, 0);
    }
    case ir::TypeKind::Tensor: {
      const auto* t = type.as<ir::TensorType>();
      Tensor x = newTensor(t->dtype, t->shape);
      if (rng) fillRandom(*x.buf, *rng);
      return x;
    }
    case ir::TypeKind::Tile: {
      const auto* t = type.as<ir::TileType>();
      // A declared static valid_shape is the parameter's valid region: the elements past it
      // hold the pad value, as a tile made with that valid shape would. (A valid shape that
      // depends on other parameters is not known here: the whole box counts as valid.)
      std::vector<int64_t> valid;
      if (t->view)
        for (const auto& e : t->view->validShape) {
          const auto* c = e ? e->as<ir::ConstInt>() : nullptr;
          if (!c) {
            valid.clear();
            break;
          }
          valid.push_back(c->value);
        }
      if (valid.size() != t->shape.size()) valid.clear();
      Tile x = newTile(t->dtype, t->shape, valid, t->effectiveView().pad, t->memory);
      if (rng) {
        fillRandom(*x.buf, *rng);
        if (!x.fullValid()) fillPadding(x);
      }
      return x;
    }
    case ir::TypeKind::VReg: {
      const auto* t = type.as<ir::VRegType>();
      VReg v;
      v.dtype = t->dtype;
      v.lanes.assign(static_cast<size_t>(t->lanes), 0.0);
      if (rng)
        for (auto& x : v.lanes) x = randomScalar(t->dtype, *rng).asDouble();
      return v;
    }
    case ir::TypeKind::Mask: {
      Mask m;
      m.lanes.assign(static_cast<size_t>(type.as<ir::MaskType>()->lanes), 0);
      if (rng)
        for (auto& x : m.lanes) x = rng->next() & 1;
      return m;
    }
    case ir::TypeKind::Tuple: {
      TupleValue t;
      for (const auto& e : type.as<ir::TupleType>()->types) t.elements.push_back(valueOf(*e, rng));
      return t;
    }
    case ir::TypeKind::Unknown:
    case ir::TypeKind::Handle:  // parameters of handle type are rejected by the run driver
      break;
  }
  return Value{};
}

}  // namespace

Value randomValue(const ir::Type& type, uint64_t seed, uint64_t stream) {
  SplitMix64 rng(seed, stream);
  return valueOf(type, &rng);
}

Value zeroValue(const ir::Type& type) { return valueOf(type, nullptr); }

Value deepCopy(const Value& v) {
  if (v.is<Tensor>()) {
    const Tensor& t = v.get<Tensor>();
    return Tensor{t.buf ? std::make_shared<Buffer>(*t.buf) : nullptr};
  }
  if (v.is<Tile>()) {
    Tile t = v.get<Tile>();
    if (t.buf) t.buf = std::make_shared<Buffer>(*t.buf);
    return t;
  }
  if (v.is<TupleValue>()) {
    TupleValue t;
    for (const auto& e : v.get<TupleValue>().elements) t.elements.push_back(deepCopy(e));
    return t;
  }
  return v;
}

}  // namespace ptoc::sim
