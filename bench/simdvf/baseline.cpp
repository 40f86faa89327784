// Plain C++ loops of the bench kernels (next to numpy_baseline.py): the
// same element-wise op over the same element counts, timed with steady_clock, best of 20.
// Prints "<kernel> <ns per run>" lines for run_bench.py. Built by run_bench.py with -O2.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

#if defined(__STDCPP_FLOAT16_T__)
#include <stdfloat>
#endif

template <typename F>
double bestNs(F&& f) {
  double best = 1e30;
  for (int r = 0; r < 20; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count());
  }
  return best;
}

int main() {
  std::mt19937 g(0);
  std::uniform_real_distribution<float> u(-8.f, 8.f);
  auto fvec = [&](size_t n) {
    std::vector<float> v(n);
    for (auto& x : v) x = u(g);
    return v;
  };
  volatile float sink = 0;
  {
    auto a = fvec(16384), c = fvec(16384), b = fvec(16384);
    std::printf("add_f32 %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 16384; ++i) b[i] = a[i] + c[i];
                  sink = b[7];
                }));
    float s = 1.5f;
    std::printf("axpy_f32_tail %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 16000; ++i) b[i] = a[i] * s + c[i];
                  sink = b[7];
                }));
    std::printf("leaky_relu_f32 %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 16384; ++i) b[i] = a[i] > 0.f ? a[i] : a[i] * 0.01f;
                  sink = b[7];
                }));
    // fp16 / bf16 kernels run on float data here (the C++ compiler has no portable half type);
    // this favours the baseline.
    std::printf("clip_f16 %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 16384; ++i) b[i] = std::min(std::max(a[i], -6.f), 6.f);
                  sink = b[7];
                }));
    std::printf("widen_f16_f32 %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 8000; ++i) b[i] = a[i] * 0.5f;
                  sink = b[7];
                }));
    std::printf("square_2d_bf16 %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 16384; ++i) b[i] = a[i] * a[i];
                  sink = b[7];
                }));
  }
  {
    std::vector<int32_t> a(16384), b(16384);
    for (auto& x : a) x = static_cast<int32_t>(g());
    std::printf("arange_i32 %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 16384; ++i)
                    b[i] = static_cast<int32_t>(static_cast<uint32_t>(a[i]) + uint32_t(i));
                  sink = float(b[7]);
                }));
  }
  {
    std::vector<int8_t> a(32768), c(32768), b(32768);
    for (auto& x : a) x = static_cast<int8_t>(g());
    for (auto& x : c) x = static_cast<int8_t>(g());
    std::printf("add_i8 %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 32768; ++i) b[i] = static_cast<int8_t>(a[i] + c[i]);
                  sink = float(b[7]);
                }));
  }
  {
    auto x = fvec(64 * 1024), s = fvec(64), y = fvec(64 * 1024);
    std::printf("rowscale_2d_tail %.0f\n", bestNs([&] {
                  for (size_t i = 0; i < 64; ++i)
                    for (size_t j = 0; j < 1000; ++j)
                      y[i * 1024 + j] = x[i * 1024 + j] * s[i] + 1.f;
                  sink = y[7];
                }));
  }
  return 0;
}
