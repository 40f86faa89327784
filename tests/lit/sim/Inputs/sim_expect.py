"""Independent expected values for the simulator's end-to-end lit tests.

  sim_expect.py gen CASE DIR [VARIANT]   write the case's inputs (seeded numpy) to DIR/<param>.npy
  sim_expect.py save FILE DTYPE SHAPE    write an arange array (SHAPE "4,4", "" for 0-d)
  sim_expect.py shape FILE SHAPE         check an array's shape
  sim_expect.py check CASE IN OUT        recompute the expected outputs with numpy from the
                                         inputs in IN and compare them with OUT/<name>.npy

Each case mirrors one program in tests/lit/sim/ and computes its outputs here with plain
numpy, never through ptoc. Exit status 1 with the first mismatch on a difference.
"""
import os
import sys

try:
    import numpy as np
except ImportError:  # a python3 without numpy on PATH: use the system one (python3-numpy)
    if os.path.exists("/usr/bin/python3") and sys.executable != "/usr/bin/python3":
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise

f16, f32 = np.float16, np.float32


def rng(seed):
    return np.random.default_rng(seed)


def uniform(r, shape, dtype, lo=-1.0, hi=1.0):
    return r.uniform(lo, hi, size=shape).astype(dtype)


# --- cases: gen(variant) -> {param: array}; expect(inputs) -> ({output: array}, rtol, atol) ---


def gen_softmax(v):
    return {"x": uniform(rng(1), (8, 128), f32, -4, 4)}


def expect_softmax(i):
    x = i["x"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    y = (e / e.sum(axis=1, keepdims=True)).astype(f32)
    return {"y": y, "return_0": y}, 1e-5, 1e-7


def gen_matmul(v):
    r = rng(2)
    return {"a": uniform(r, (64, 128), f16), "b": uniform(r, (128, 96), f16)}


def expect_matmul(i):
    c = i["a"].astype(np.float64) @ i["b"].astype(np.float64)
    return {"c": c.astype(f32), "c16": c.astype(f16), "return_0": c.astype(f32),
            "return_1": c.astype(f16)}, 2e-3, 1e-4


def gen_loop(v):
    return {"x": uniform(rng(3), (64, 64), f32, -2, 2), "n": np.array(3, dtype=np.int64)}


def expect_loop(i):
    x, n = i["x"], int(i["n"])
    acc = np.zeros((16, 64), f32)
    cnt = 0
    for k in range(n):
        acc = acc + x[k * 16:(k + 1) * 16]
        cnt += 1
    total = acc * f32(1.0 / cnt)
    peak = np.maximum.reduce([x[j:j + 16] for j in range(0, 64, 16)])
    k, steps = 100, 0
    while k > 1:
        k, steps = k // 3, steps + 1
    return {"total": total, "peak": peak, "return_0": total, "return_1": peak,
            "return_2": np.array(steps, dtype=np.int64)}, 1e-6, 1e-6


def gen_branch(v):
    relu, k = {"relu_k3": (True, 3), "neg_k1": (False, 1)}[v]
    return {"x": uniform(rng(4), (16, 64), f32, -2, 2), "relu": np.array(relu),
            "k": np.array(k, dtype=np.int64)}


def expect_branch(i):
    t = i["x"]
    t = np.maximum(t, f32(0)) if bool(i["relu"]) else t * f32(-1.0)
    if int(i["k"]) > 2:
        t = t + f32(1.0)
    return {"y": t, "return_0": t}, 0, 0


def gen_simd(v):
    x = uniform(rng(5), (8, 64), f32, -10, 10)
    x[0, :4] = [0.0, -0.0, 6.0, -6.0]
    return {"x": x}


def expect_simd(i):
    v = i["x"]
    ya = np.where(v > 0, v, v * f32(0.01)).astype(f32)
    mag = np.where(v < 0, -v, v)  # pl.select(v < 0.0, -v, v): -0.0 stays -0.0
    za = (np.minimum(np.maximum(v, f32(-6)), f32(6)) + mag).astype(f32)
    return {"y": ya, "z": za, "return_0": ya, "return_1": za}, 0, 0


def gen_qk(v):
    r = rng(6)
    return {"q": uniform(r, (64, 64), f16), "kt": uniform(r, (64, 128), f16)}


def expect_pipe_c2v(i):
    s = i["q"].astype(np.float64) @ i["kt"].astype(np.float64)
    out = (s * 0.5).astype(f32)
    return {"out": out, "return_0": out}, 1e-5, 1e-5


def expect_split_aiv_incore(i):
    s = (i["q"].astype(np.float64) @ i["kt"].astype(np.float64)).astype(f32)
    out = np.exp(s * f32(0.125)).astype(f32)
    return {"out": out, "return_0": out}, 1e-5, 1e-6


def gen_v2c(v):
    r = rng(7)
    return {"x": uniform(r, (64, 128), f32, -2, 2), "w": uniform(r, (128, 64), f16)}


def expect_pipe_v2c(i):
    xh = (i["x"] * f32(0.5)).astype(f16).astype(np.float64)
    out = (xh @ i["w"].astype(np.float64)).astype(f32)
    return {"out": out, "return_0": out}, 1e-5, 1e-5


def gen_pv(v):
    r = rng(8)
    return {"q": uniform(r, (64, 64), f16), "kt": uniform(r, (64, 128), f16),
            "v": uniform(r, (128, 64), f16)}


def expect_region_gather(i):
    s = (i["q"].astype(np.float64) @ i["kt"].astype(np.float64)).astype(f32)
    p16 = np.exp(s * f32(0.125)).astype(f32).astype(f16)
    out = (p16.astype(np.float64) @ i["v"].astype(np.float64)).astype(f32)
    return {"out": out, "return_0": out}, 2e-3, 2e-3  # fp16 rounding of p may differ by 1 ulp


def bf16_bits(x):
    """float32 -> raw bf16 bits (round to nearest even), as ptoc reads BF16 .npy files."""
    u = x.astype(f32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def gen_bf16(v):
    return {"x": bf16_bits(uniform(rng(9), (4, 16), f32, -100, 100)), "flag": np.array(True)}


def expect_bf16(i):
    x = (i["x"].astype(np.uint32) << 16).view(f32)
    y = bf16_bits(x * f32(2.0) + f32(0.5))
    return {"y": y, "return_0": y, "return_1": np.array(not bool(i["flag"]))}, 0, 0


def gen_dyn_rows(v):
    return {"x": uniform(rng(9), (int(v or 32), 64), f32, -2, 2)}


def expect_dyn_rows(i):
    y = (i["x"] * f32(2.0) + f32(1.0)).astype(f32)
    return {"y": y, "return_0": y}, 0, 0


def gen_none(v):
    return {}


def expect_create_init_atomic(i):
    # tensor.create(init_value=1.5) [4, 8]; rows 2-3 += 2.0 (atomic add); rows 0-1 = 2.0
    out = np.full((4, 8), 1.5, dtype=f32)
    out[2:] += f32(2.0)
    out[:2] = f32(2.0)
    return {"out": out, "return_0": out}, 0, 0


def expect_ci_create_init(i):
    e = (np.arange(3, 35) + np.arange(40, 8, -1) + 2).reshape(1, 32).astype(np.int32)
    return {"return_0": e}, 0, 0


def gen_init_cond(v):
    r = rng(12)
    return {"x": uniform(r, (16, 128), f16), "y": uniform(r, (128, 32), f16)}


def expect_matmul_init_cond(i):
    # the stale accumulator is overwritten on the first K step: the result is x @ y
    c = (i["x"].astype(np.float64) @ i["y"].astype(np.float64)).astype(f32)
    return {"out": c, "return_0": c}, 1e-4, 1e-4


def gen_bitwise(v):
    r = rng(13)
    return {"a": r.integers(-1000, 1000, (8, 16)).astype(np.int32),
            "b": r.integers(0, 1 << 20, (8, 16)).astype(np.int32)}


def expect_bitwise(i):
    a, b = i["a"], i["b"]
    v = ~((((a & b) | 12) ^ b) << 2)
    e = (v + np.argmax(a, axis=1).reshape(8, 1)).astype(np.int32)
    return {"return_0": e}, 0, 0


CASES = {
    "bitwise": (gen_bitwise, expect_bitwise),
    "create_init_atomic": (gen_none, expect_create_init_atomic),
    "ci_create_init": (gen_none, expect_ci_create_init),
    "matmul_init_cond": (gen_init_cond, expect_matmul_init_cond),
    "dyn_rows": (gen_dyn_rows, expect_dyn_rows),
    "bf16_io": (gen_bf16, expect_bf16),
    "softmax_rows": (gen_softmax, expect_softmax),
    "matmul_fp16": (gen_matmul, expect_matmul),
    "loop_iter_args": (gen_loop, expect_loop),
    "scalar_branch": (gen_branch, expect_branch),
    "simd_if_else": (gen_simd, expect_simd),
    "pipe_c2v_split": (gen_qk, expect_pipe_c2v),
    "split_aiv_incore": (gen_qk, expect_split_aiv_incore),
    "pipe_v2c_gather": (gen_v2c, expect_pipe_v2c),
    "region_gather": (gen_pv, expect_region_gather),
}


def main():
    mode, case = sys.argv[1], sys.argv[2]
    if mode == "save":
        shape = tuple(int(d) for d in sys.argv[4].split(",") if d)
        np.save(case, np.arange(int(np.prod(shape)), dtype=np.float64).astype(sys.argv[3]).reshape(shape))
        return 0
    if mode == "shape":  # shape FILE "R,C": the array's shape is R x C
        got = tuple(np.load(case).shape)
        want = tuple(int(d) for d in sys.argv[3].split(",") if d)
        if got != want:
            print(f"{case}: shape {list(got)}, expected {list(want)}")
            return 1
        return 0
    gen, expect = CASES[case]
    if mode == "gen":
        out_dir = sys.argv[3]
        os.makedirs(out_dir, exist_ok=True)
        variant = sys.argv[4] if len(sys.argv) > 4 else ""
        for name, arr in gen(variant).items():
            np.save(os.path.join(out_dir, name + ".npy"), arr)
        return 0
    in_dir, out_dir = sys.argv[3], sys.argv[4]
    inputs = {f[:-4]: np.load(os.path.join(in_dir, f)) for f in os.listdir(in_dir)
              if f.endswith(".npy")}
    want, rtol, atol = expect(inputs)
    for name, w in want.items():
        path = os.path.join(out_dir, name + ".npy")
        if not os.path.exists(path):
            print(f"{case}: missing output {path}")
            return 1
        got = np.load(path)
        if got.dtype != w.dtype or got.shape != w.shape:
            print(f"{case}: {name} is {got.dtype}{list(got.shape)}, expected {w.dtype}{list(w.shape)}")
            return 1
        g, e = got.astype(np.float64), w.astype(np.float64)
        if rtol == 0 and atol == 0:  # exact, -0.0 and +0.0 told apart
            both_nan = np.isnan(g) & np.isnan(e)
            bad = ~both_nan & ((g != e) | (np.signbit(g) != np.signbit(e)))
        else:
            bad = ~np.isclose(g, e, rtol=rtol, atol=atol, equal_nan=True)
        if np.any(bad):
            idx = tuple(int(k) for k in np.argwhere(bad)[0])
            print(f"{case}: {name}{list(idx)} = {g[idx]!r}, expected {e[idx]!r} "
                  f"({int(np.sum(bad))} of {bad.size} differ)")
            return 1
    print(f"{case}: {len(want)} outputs match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
