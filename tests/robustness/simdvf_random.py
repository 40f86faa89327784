#!/usr/bin/env python3
"""Random element-wise T kernels through the SIMD-VF pipeline.

Each case draws a dtype, lanes, a 1-D or 2-D unit with a divisible or tail extent, and a
random expression over two loaded buffers, a scalar parameter, constants, the loop index
(int dtypes), casts, selects, comparisons and min / max; then requires
`ptoc check --passes=simdvf --rtol 0 --atol 0` to pass (the element-level program and the
vectorized one agree bit for bit, the elements past the extent included). A case that
verify-parallel rejects counts as rejected, not failed; an internal error or a mismatch is a
failure, and the kernel is kept in --out.

usage: tests/robustness/simdvf_random.py [--cases 200] [--seed 1] [--out DIR] [--ptoc PATH]
"""
import argparse
import os
import random
import subprocess
import sys

FLOATS = ["float32", "float16", "bfloat16"]
INTS = ["int32", "int16", "int8"]


def expr(rng, dt, depth, idx):
    isf = dt in FLOATS
    leaves = ["a[IDX]", "c[IDX]", "s"] + (["i32i"] if not isf and dt == "int32" else [])
    if depth == 0 or rng.random() < 0.25:
        leaf = rng.choice(leaves + ["K"])
        if leaf == "K":
            return repr(round(rng.uniform(-4, 4), 2)) if isf else str(rng.randint(-9, 9))
        if leaf == "i32i":
            return f"T.cast({idx[-1]}, \"int32\")"
        return leaf.replace("IDX", idx[0])
    k = rng.random()
    # Operands are never constant-only (the pl binder types a bare literal from the operand it
    # meets; two literals would be INDEX / FP32 constants).
    a = expr(rng, dt, depth - 1, idx)
    while const_only(a):
        a = expr(rng, dt, depth - 1, idx)
    b = expr(rng, dt, depth - 1, idx)
    if k < 0.45:
        op = rng.choice(["+", "-", "*"] + (["/"] if isf else []))
        if dt == "int8" and op == "*":
            op = "+"
        return f"({a} {op} {b})"
    if k < 0.65:
        return f"T.{rng.choice(['min', 'max'])}({a}, {b})"
    if k < 0.85:
        cmp = rng.choice(["<", "<=", ">", ">=", "==", "!="])
        c = expr(rng, dt, 0, idx)
        return f"T.Select({a} {cmp} {c}, {a}, {b})"
    return f"(-{a})"


def const_only(e):
    return not any(t in e for t in ("a[", "c[", "s", "T.cast"))


def kernel(rng):
    dt = rng.choice(FLOATS + INTS)
    lanes = rng.choice([64, 128, 256])
    two_d = rng.random() < 0.4
    e = rng.choice([lanes, 2 * lanes, lanes - 3, 2 * lanes + 17, 70, 300])
    p = (e + lanes - 1) // lanes * lanes
    sdt = dt
    body_expr = expr(rng, dt, 3, ["i"] if not two_d else ["r * %d + i" % p, "i"])
    widen = dt == "float32" and rng.random() < 0.3
    if widen:
        sdt = rng.choice(["float16", "bfloat16"])
        body_expr = body_expr.replace("a[", "T.Cast(\"float32\", a[").replace("c[", "T.Cast(\"float32\", c[")
        body_expr = fix_casts(body_expr)
    rows = 3 if two_d else 1
    n = rows * p
    head = f"""import tilelang.language as T


@T.prim_func
def main(A: T.Tensor(({n},), "{sdt}"), C: T.Tensor(({n},), "{sdt}"), B: T.Tensor(({n},), "{dt}"),
         s: T.{dt}):
    with T.Kernel(1):
        a = T.alloc_shared(({n},), "{sdt}")
        c = T.alloc_shared(({n},), "{sdt}")
        b = T.alloc_shared(({n},), "{dt}")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
"""
    if two_d:
        loop = f"""        with T.SimdVF(lanes={lanes}), T.Parallel({rows}, {e}) as (r, i):
            b[r * {p} + i] = {body_expr}
"""
    else:
        loop = f"""        with T.SimdVF(lanes={lanes}):
            for i in T.Parallel({e}):
                b[i] = {body_expr}
"""
    return head + loop + "        T.copy(b, B)\n"


def fix_casts(s):
    # close the T.Cast( opened before each buffer load: a[...] -> T.Cast("float32", a[...])
    out, i = [], 0
    while i < len(s):
        j = s.find('T.Cast("float32", ', i)
        if j < 0:
            out.append(s[i:])
            break
        out.append(s[i:j])
        k = s.index("[", j)
        depth, m = 0, k
        while True:
            if s[m] == "[":
                depth += 1
            elif s[m] == "]":
                depth -= 1
                if depth == 0:
                    break
            m += 1
        out.append(s[j:m + 1] + ")")
        i = m + 1
    return "".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="/tmp/simdvf-random")
    ap.add_argument("--ptoc", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "tools", "ptoc", "ptoc"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    ok = rejected = failed = 0
    reasons = {}
    for n in range(a.cases):
        src = kernel(rng)
        path = os.path.join(a.out, f"case{n}.py")
        open(path, "w").write(src)
        r = subprocess.run([a.ptoc, "check", path, "--passes=simdvf", "--rtol", "0", "--atol", "0",
                            "--seed", str(n)], capture_output=True, text=True)
        text = r.stdout + r.stderr
        if r.returncode == 0 and "check ok" in text:
            ok += 1
            os.remove(path)
        elif r.returncode == 1 and "[VerifyParallelToPTO]" in text:
            rejected += 1
            key = text.split("] ", 1)[1].split(":", 1)[0] + ": " + text.split(": ", 3)[-1][:70]
            reasons[key] = reasons.get(key, 0) + 1
            os.remove(path)
        else:
            failed += 1
            print(f"FAIL {path}: {text.strip().splitlines()[0] if text.strip() else r.returncode}")
    print(f"{a.cases} cases: {ok} pass bit-exactly, {rejected} rejected by verify-parallel, {failed} failed")
    for k, v in sorted(reasons.items(), key=lambda x: -x[1])[:8]:
        print(f"  rejected {v}x: {k}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
