#!/usr/bin/env python3
"""Random element-wise T kernels through the SIMD-VF pipeline.

Each case draws a dtype, lanes, a 1-D or 2-D unit with a divisible or tail extent, and a
random expression over two loaded buffers, a scalar parameter, constants, the loop index
(int dtypes), casts, selects, comparisons and min / max; then requires
`ptoc check --passes=simdvf --rtol 0 --atol 0` to pass (the element-level program and the
vectorized one agree bit for bit, the elements past the extent included). A case that
verify-parallel rejects counts as rejected, not failed; an internal error or a mismatch is a
failure, and the kernel is kept in --out.

With --control-flow the unit bodies are random statement lists instead (float32 / int32):
if / else nests (depth <= 2) whose arms store b and d in random orders and read what earlier
stores wrote, assign a unit-local value `v` (bound before) or bind an arm-local `w`,
single-sided arms, conditions built from comparisons, and / or / not, a scalar
bool parameter and the scalar s; loop shells with the canonical carry; T.alloc_var max / sum
accumulators. These run `ptoc check --passes=simdvf` bit-exactly (no tolerance at all), with
min / max left out of the values (their select semantics differ from the element-level min /
max for NaN and signed zeros by design: docs/passes/legalize-parallel.md).

With --regions the region-level structure is random instead (float32 / int32, 64 / 128 lanes):
sequences of units, carrying T.serial loops around units (nested up to two levels, sibling
units and loops, read-modify-writes of b / d at widths of one to three lane vectors, so Plan A
splits them), Plan B shapes (a region-local buffer one lane vector wide with a uniform seed),
staging pairs through region-local buffers (the eliminate-simdvf-roundtrip shapes, with tails
and non-copy readers among them), region-level scalar binds (which a split may have to reject,
fail-closed) and if / else unit bodies. They run `ptoc check --passes=simdvf` bit-exactly; a
[VectorizeParallelToPTO] rejection counts as rejected.

usage: tests/robustness/simdvf_random.py [--cases 200] [--seed 1] [--out DIR] [--ptoc PATH]
                                         [--control-flow | --regions]
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


def cf_value(rng, dt, idx, depth=2, names=()):
    isf = dt == "float32"
    leaves = [f"a[{idx}]", f"c[{idx}]", f"b[{idx}]", f"d[{idx}]", "s"] + list(names)
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.2:
            return repr(round(rng.uniform(-4, 4), 2)) if isf else str(rng.randint(-9, 9))
        return rng.choice(leaves)
    a = cf_value(rng, dt, idx, depth - 1, names)
    while const_only(a) and "b[" not in a and "d[" not in a:
        a = cf_value(rng, dt, idx, depth - 1, names)
    b = cf_value(rng, dt, idx, depth - 1, names)
    k = rng.random()
    if k < 0.7:
        return f"({a} {rng.choice(['+', '-', '*'])} {b})"
    if k < 0.85 and ("[" in a or "[" in b):
        # (a select of two scalars, one a literal, does not bind: the pl binder types the literal
        # INDEX against the INT32 scalar; kept out of the campaign)
        return f"T.Select({cf_cond(rng, dt, idx, 0)}, {a}, {b})"
    return f"(-{a})"


def cf_cond(rng, dt, idx, depth):
    k = rng.random()
    if depth > 0 and k < 0.25:
        return f"({cf_cond(rng, dt, idx, depth - 1)} {rng.choice(['and', 'or'])} {cf_cond(rng, dt, idx, depth - 1)})"
    if depth > 0 and k < 0.35:
        return f"(not {cf_cond(rng, dt, idx, depth - 1)})"
    if k < 0.45:
        return "fl"
    cmp = rng.choice(["<", "<=", ">", ">=", "==", "!="])
    lhs = rng.choice([f"a[{idx}]", f"c[{idx}]", f"b[{idx}]", "s"])
    rhs = rng.choice([f"c[{idx}]", f"d[{idx}]", "s", "0.0" if dt == "float32" else "0"])
    if lhs == "s" and rhs == "s":
        rhs = f"a[{idx}]"
    return f"{lhs} {cmp} {rhs}"


def cf_arm(rng, dt, idx, depth, ind, names=()):
    """`names`: the scalar values readable here. An arm may assign the unit's value `v` (bound
    before the first if) or bind an arm-local `w` that only the rest of this arm reads."""
    lines, names = [], list(names)
    for _ in range(rng.randint(0, 3) if depth < 2 else rng.randint(1, 2)):
        k = rng.random()
        if depth > 0 and k < 0.3:
            lines += cf_if(rng, dt, idx, depth - 1, ind, names)
        elif "v" in names and k < 0.5:
            lines.append(f"{ind}v = {cf_value(rng, dt, idx, 2, names)}")
        elif "v" in names and k < 0.6 and "w" not in names:
            lines.append(f"{ind}w = {cf_value(rng, dt, idx, 2, names)}")
            names.append("w")
        else:
            lines.append(f"{ind}{rng.choice(['b', 'd'])}[{idx}] = {cf_value(rng, dt, idx, 2, names)}")
    return lines or [f"{ind}pass"]


def cf_if(rng, dt, idx, depth, ind, names=()):
    names = [n for n in names if n != "w"]  # w stays local to the arm that binds it
    lines = [f"{ind}if {cf_cond(rng, dt, idx, 1)}:"] + cf_arm(rng, dt, idx, depth, ind + "    ", names)
    if rng.random() < 0.6:
        lines += [f"{ind}else:"] + cf_arm(rng, dt, idx, depth, ind + "    ", names)
    return lines


def cf_kernel(rng):
    dt = rng.choice(["float32", "int32"])
    isf = dt == "float32"
    lanes = rng.choice([64, 128, 256])
    two_d = rng.random() < 0.3
    e = rng.choice([lanes, 2 * lanes, lanes - 3, 2 * lanes + 17, 70, 300])
    p = (e + lanes - 1) // lanes * lanes
    rows = 3 if two_d else 1
    n = rows * p
    idx = f"r * {p} + i" if two_d else "i"
    ind = "                "
    body, names = [], []
    if rng.random() < 0.4:
        # a unit-local value the if arms reassign (v = select(c, t, e) / select(c, new, v))
        v0 = cf_value(rng, dt, idx, 1)
        while const_only(v0) and "b[" not in v0 and "d[" not in v0:
            v0 = cf_value(rng, dt, idx, 1)
        body.append(f"{ind}v = {v0}")
        names.append("v")
    for _ in range(rng.randint(1, 3)):
        k = rng.random()
        if k < 0.55:
            body += cf_if(rng, dt, idx, 2, ind, names)
        elif k < 0.75:
            dst = rng.choice(["b", "d"])
            seed = rng.choice([f"a[{idx}]", "1.0" if isf else "1", "s"])
            body.append(f"{ind}{dst}[{idx}] = {seed}")
            body.append(f"{ind}for t in T.serial({rng.randint(1, 4)}):")
            op = rng.choice(["+", "*", "-"])
            body.append(f"{ind}    {dst}[{idx}] = {dst}[{idx}] {op} {cf_value(rng, dt, idx, 1).replace('b[', 'a[').replace('d[', 'c[')}")
        elif k < 0.9:
            init = rng.choice(["-1000.0", "0.0", "2.5"]) if isf else str(rng.randint(-9, 9))
            body.append(f"{ind}m = T.alloc_var(\"{dt}\", {init})")
            body.append(f"{ind}for t in T.serial({rng.randint(1, 3)}):")
            upd = cf_value(rng, dt, idx, 1).replace("b[", "a[").replace("d[", "c[")
            while "[" not in upd:
                upd = cf_value(rng, dt, idx, 1).replace("b[", "a[").replace("d[", "c[")
            if rng.random() < 0.5:
                body.append(f"{ind}    m = T.Select({upd} > m, {upd}, m)")
            else:
                body.append(f"{ind}    m = m + {upd}")
            body.append(f"{ind}{rng.choice(['b', 'd'])}[{idx}] = m")
            break  # one accumulator per unit (m is assigned in one place)
        else:
            body.append(f"{ind}{rng.choice(['b', 'd'])}[{idx}] = {cf_value(rng, dt, idx, 2, names)}")
    if names:
        body.append(f"{ind}{rng.choice(['b', 'd'])}[{idx}] = v")
    if two_d:
        loop = f"            for r, i in T.Parallel({rows}, {e}):\n"
    else:
        loop = f"            for i in T.Parallel({e}):\n"
    return f"""import tilelang.language as T


@T.prim_func
def main(A: T.Tensor(({n},), "{dt}"), C: T.Tensor(({n},), "{dt}"), B: T.Tensor(({n},), "{dt}"),
         D: T.Tensor(({n},), "{dt}"), s: T.{dt}, fl: T.bool):
    with T.Kernel(1):
        a = T.alloc_shared(({n},), "{dt}")
        c = T.alloc_shared(({n},), "{dt}")
        b = T.alloc_shared(({n},), "{dt}")
        d = T.alloc_shared(({n},), "{dt}")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        T.copy(D, d)
        with T.SimdVF(lanes={lanes}):
{loop}""" + "\n".join(body) + """
        T.copy(b, B)
        T.copy(d, D)
"""


def region_kernel(rng):
    dt = rng.choice(["float32", "int32"])
    isf = dt == "float32"
    lanes = rng.choice([64, 128])
    p = rng.choice([1, 2, 3]) * lanes  # width of b, d and the region-local buffers
    na = 17 * p                        # a is read at (t * 4 + u) * p + i, t, u < 4
    locals_, body, n_loc = [], [], [0]
    lit = (lambda: repr(round(rng.uniform(-3, 3), 2))) if isf else (lambda: str(rng.randint(-5, 5)))

    def ext():
        return rng.choice([p, p, lanes, p - 5]) if p > lanes else rng.choice([p, p, p - 3])

    def val(tv, readable, depth=2):
        off = " + ".join(f"{v} * {4 ** k}" for k, v in enumerate(tv)) if tv else ""
        leaves = [f"a[({off}) * {p} + i]" if off else "a[i]", "c[i]", "s", lit()] + [f"{x}[i]" for x in readable]
        if depth == 0 or rng.random() < 0.35:
            return rng.choice(leaves)
        k = rng.random()
        x, y = val(tv, readable, depth - 1), val(tv, readable, depth - 1)
        if k < 0.75:
            return f"({x} {rng.choice(['+', '-', '*'])} {y})"
        return f"T.Select({rng.choice(leaves)} > {rng.choice(leaves)}, {x}, {y})"

    def unit(ind, tv, readable, rmw):
        e = ext()
        dst = rng.choice(["b", "d"])
        lines = [f"{ind}for i in T.Parallel({e}):"]
        v = val(tv, readable)
        if rmw:
            v = f"{dst}[i] {rng.choice(['+', '*', '-'])} {v}"
        if rng.random() < 0.2:
            lines += [f"{ind}    if {val(tv, readable, 0)} > {val(tv, readable, 0)}:",
                      f"{ind}        {dst}[i] = {v}", f"{ind}    else:", f"{ind}        {dst}[i] = {val(tv, readable, 1)}"]
        else:
            lines.append(f"{ind}    {dst}[i] = {v}")
        return lines

    def level(ind, tv, depth, count):
        out = []
        for _ in range(count):
            k = rng.random()
            if depth < 2 and k < 0.4:
                t = "tu"[len(tv)]
                out.append(f"{ind}for {t} in T.serial({rng.randint(1, 3)}):")
                out += level(ind + "    ", tv + [t], depth + 1, rng.randint(1, 2))
            else:
                out += unit(ind, tv, ["b", "d"], rmw=bool(tv) and rng.random() < 0.8)
        return out

    ind = "            "
    for _ in range(rng.randint(1, 3)):
        k = rng.random()
        if k < 0.35:
            body += level(ind, [], 0, rng.randint(1, 2))
        elif k < 0.6:
            # a staging pair through a region-local buffer
            name = f"tmp{n_loc[0]}"
            n_loc[0] += 1
            locals_.append(f"{ind}{name} = T.alloc_shared(({p},), \"{dt}\")")
            e = ext()
            e2 = e if rng.random() < 0.8 else ext()
            src = val([], ["b", "d"]) if rng.random() < 0.6 else rng.choice(["a[i]", "c[i]"])
            body += [f"{ind}for i in T.Parallel({e}):", f"{ind}    {name}[i] = {src}"]
            dst = rng.choice(["b", "d"])
            rd = f"{name}[i]" if rng.random() < 0.6 else f"({name}[i] * {name}[i] + c[i])"
            body += [f"{ind}for i in T.Parallel({e2}):", f"{ind}    {dst}[i] = {rd}"]
        elif k < 0.8:
            # a Plan B shape: one lane vector, uniform seed, read after the loop
            name = f"acc{n_loc[0]}"
            n_loc[0] += 1
            locals_.append(f"{ind}{name} = T.alloc_shared(({lanes},), \"{dt}\")")
            body += [f"{ind}for i in T.Parallel({lanes}):", f"{ind}    {name}[i] = {rng.choice([lit(), 's'])}",
                     f"{ind}for t in T.serial({rng.randint(1, 4)}):", f"{ind}    for i in T.Parallel({lanes}):",
                     f"{ind}        {name}[i] = {name}[i] {rng.choice(['+', '*'])} a[t * {p} + i]",
                     f"{ind}for i in T.Parallel({lanes}):", f"{ind}    {rng.choice(['b', 'd'])}[i] = {name}[i] + c[i]"]
        else:
            # a region-level scalar bind read by the next unit
            body.append(f"{ind}k{n_loc[0]} = a[{rng.randint(0, p - 1)}] + {lit()}")
            body += [f"{ind}for i in T.Parallel({ext()}):", f"{ind}    {rng.choice(['b', 'd'])}[i] = c[i] * k{n_loc[0]}"]
            n_loc[0] += 1
    return f"""import tilelang.language as T


@T.prim_func
def main(A: T.Tensor(({na},), "{dt}"), C: T.Tensor(({p},), "{dt}"), B: T.Tensor(({p},), "{dt}"),
         D: T.Tensor(({p},), "{dt}"), s: T.{dt}):
    with T.Kernel(1):
        a = T.alloc_shared(({na},), "{dt}")
        c = T.alloc_shared(({p},), "{dt}")
        b = T.alloc_shared(({p},), "{dt}")
        d = T.alloc_shared(({p},), "{dt}")
        T.copy(A, a)
        T.copy(C, c)
        T.copy(B, b)
        T.copy(D, d)
        with T.SimdVF(lanes={lanes}):
""" + "\n".join(locals_ + body) + """
        T.copy(b, B)
        T.copy(d, D)
"""


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
    ap.add_argument("--control-flow", action="store_true")
    ap.add_argument("--regions", action="store_true")
    ap.add_argument("--ptoc", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "tools", "ptoc", "ptoc"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    ok = rejected = failed = 0
    reasons = {}
    for n in range(a.cases):
        src = region_kernel(rng) if a.regions else cf_kernel(rng) if a.control_flow else kernel(rng)
        path = os.path.join(a.out, f"case{n}.py")
        open(path, "w").write(src)
        tol = [] if a.control_flow or a.regions else ["--rtol", "0", "--atol", "0"]
        r = subprocess.run([a.ptoc, "check", path, "--passes=simdvf"] + tol + ["--seed", str(n)],
                           capture_output=True, text=True)
        text = r.stdout + r.stderr
        if r.returncode == 0 and "check ok" in text:
            ok += 1
            os.remove(path)
        elif r.returncode == 1 and ("[VerifyParallelToPTO]" in text or "[LegalizeParallelToPTO]" in text
                                    or "[VectorizeParallelToPTO]" in text):
            rejected += 1
            key = text.split("] ", 1)[1].split(":", 1)[0] + ": " + text.split(": ", 3)[-1][:70]
            reasons[key] = reasons.get(key, 0) + 1
            os.remove(path)
        else:
            failed += 1
            print(f"FAIL {path}: {text.strip().splitlines()[0] if text.strip() else r.returncode}")
    print(f"{a.cases} cases: {ok} pass bit-exactly, {rejected} rejected, {failed} failed")
    for k, v in sorted(reasons.items(), key=lambda x: -x[1])[:8]:
        print(f"  rejected {v}x: {k}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
