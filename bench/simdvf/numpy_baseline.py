#!/usr/bin/env python3
"""numpy versions of the SIMD-VF bench kernels (issue 11, item 4): the same element-wise op over
the same element counts and dtypes, written the way a numpy user would (out= where numpy allows
it), timed with perf_counter_ns, best of 50. Prints "<kernel> <ns per run>" lines for
run_bench.py. bfloat16 has no numpy dtype; square_2d_bf16 runs on float32 data (favours numpy).

usage: numpy_baseline.py   (needs a python3 with numpy; run_bench.py finds one)
"""
import time

import numpy as np


def best_ns(f, runs=50):
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        f()
        best = min(best, time.perf_counter_ns() - t0)
    return best


def main():
    g = np.random.default_rng(0)

    def fv(n, dt=np.float32):
        return g.uniform(-8, 8, n).astype(dt)

    a, c, b = fv(16384), fv(16384), np.empty(16384, np.float32)
    k = {}
    k["add_f32"] = lambda: np.add(a, c, out=b)
    s = np.float32(1.5)
    a16k, c16k, b16k = a[:16000], c[:16000], b[:16000]
    k["axpy_f32_tail"] = lambda: np.add(np.multiply(a16k, s), c16k, out=b16k)
    k["leaky_relu_f32"] = lambda: np.copyto(b, np.where(a > 0, a, a * np.float32(0.01)))
    h, hb = fv(16384, np.float16), np.empty(16384, np.float16)
    k["clip_f16"] = lambda: np.clip(h, np.float16(-6), np.float16(6), out=hb)
    h8, w = fv(8192, np.float16)[:8000], np.empty(8000, np.float32)
    k["widen_f16_f32"] = lambda: np.multiply(h8.astype(np.float32), np.float32(0.5), out=w)
    x2, y2 = fv(32 * 512).reshape(32, 512), np.empty((32, 512), np.float32)
    k["square_2d_bf16"] = lambda: np.multiply(x2, x2, out=y2)
    ai = g.integers(-(2**31), 2**31, 16384, dtype=np.int64).astype(np.int32)
    bi, ar = np.empty(16384, np.int32), np.arange(16384, dtype=np.int32)
    k["arange_i32"] = lambda: np.add(ai, np.arange(16384, dtype=np.int32), out=bi)
    a8 = g.integers(-128, 128, 32768, dtype=np.int64).astype(np.int8)
    c8, b8 = g.integers(-128, 128, 32768, dtype=np.int64).astype(np.int8), np.empty(32768, np.int8)
    k["add_i8"] = lambda: np.add(a8, c8, out=b8)
    X, S, Y = fv(64 * 1024).reshape(64, 1024), fv(64), np.empty((64, 1024), np.float32)
    k["rowscale_2d_tail"] = lambda: np.add(
        np.multiply(X[:, :1000], S[:, None]), np.float32(1), out=Y[:, :1000])
    del ar
    for name, f in k.items():
        print(f"{name} {best_ns(f):.0f}")


if __name__ == "__main__":
    main()
