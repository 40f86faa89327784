#!/usr/bin/env python3
"""SIMD-VF code quality and simulator throughput (issue 11, item 4).

For each kernel in kernels/ (a T kernel) with its hand-written VMI version in handwritten/:
  1. vectorize it (`ptoc opt --passes=simdvf`) and count the vmi instructions in the program
     text (static count, every `pl.vmi.` call) against the hand-written version;
  2. run the element-level T kernel, the vectorized kernel and the hand-written kernel on the
     same inputs (`ptoc run`, same seed) and require byte-identical outputs;
  3. time the simulation of the vectorized kernel ("ran main in X ms", best of --runs) and of
     the same kernel with its region repeated REPS times (a serial loop inside the region; the
     kernels are idempotent, and the outputs are compared too); (t_rep - t) / (REPS - 1) is the
     region's time, compared with numpy on the same op (numpy_baseline.py, run by the first
     python3 that has numpy: this one, --numpy-python, /usr/bin/python3) and with a plain C++
     loop (baseline.cpp). The issue's goal is region/numpy >= 0.5.

usage: bench/simdvf/run_bench.py [--ptoc build/tools/ptoc/ptoc] [--runs 5] [--only REGEX]
"""
import argparse, os, re, subprocess, sys, tempfile, filecmp

HERE = os.path.dirname(os.path.abspath(__file__))
REPS = 21


def ptoc(args, exe):
    return subprocess.run([exe] + args, check=True, capture_output=True, text=True).stdout


def staging_pairs(text):
    """vstore -> vload pairs of the same buffer and offset inside one SIMD_VF region (a UB round
    trip that a register could replace)."""
    n = 0
    for region in text.split("with pl.simd_vf")[1:]:
        stored = set()
        for line in region.split("\n"):
            m = re.search(r"pl\.vmi\.vstore\([^,]+, (\w+), ([^,]+),", line)
            if m:
                stored.add((m.group(1), m.group(2).strip()))
            m = re.search(r"pl\.vmi\.vload\((\w+), ([^,]+), size", line)
            if m and (m.group(1), m.group(2).strip()) in stored:
                n += 1
    return n


def vmi_count(text):
    return len(re.findall(r"\bpl\.vmi\.\w+\(", text))


def sim_ms(path, exe, out, runs):
    best = 1e30
    for _ in range(runs):
        line = ptoc(["run", path, "--out", out], exe)
        best = min(best, float(re.search(r"ran main in ([0-9.]+) ms", line).group(1)))
    return best


def without_region(text):
    """The kernel with its `with T.SimdVF` blocks removed: the copies alone."""
    out, skip = [], None
    for line in text.split("\n"):
        ind = len(line) - len(line.lstrip())
        if skip is not None:
            if line.strip() and ind <= skip:
                skip = None
            else:
                continue
        if line.lstrip().startswith("with T.SimdVF"):
            skip = ind
            continue
        out.append(line)
    return "\n".join(out)


def repeat_region(text, reps):
    """The kernel with the body of each `with T.SimdVF` block run `reps` times (a serial loop
    around it; the bench kernels' regions are idempotent, so the outputs do not change)."""
    out, block, extra = [], None, ""
    for line in text.split("\n"):
        ind = len(line) - len(line.lstrip())
        if block is not None and line.strip() and ind <= block:
            block = None
        if block is not None:
            out.append(extra + line if line.strip() else line)
            continue
        m = re.match(r"^(\s*)with (T\.SimdVF\([^)]*\)), T\.Parallel\(([^)]*)\) as \(([^)]*)\):$", line)
        if m:
            pad = m.group(1)
            out += [f"{pad}with {m.group(2)}:", f"{pad}    for _rep in T.serial({reps}):",
                    f"{pad}        for {m.group(4)} in T.Parallel({m.group(3)}):"]
            block, extra = len(pad), " " * 8
            continue
        if line.lstrip().startswith("with T.SimdVF"):
            out.append(line)
            out.append(" " * (ind + 4) + f"for _rep in T.serial({reps}):")
            block, extra = ind, " " * 4
            continue
        out.append(line)
    return "\n".join(out)


def elements(text):
    # The element count of the kernel: the product of the T.Parallel extents.
    m = re.search(r"T\.Parallel\(([^)]*)\)", text)
    n = 1
    for x in m.group(1).split(","):
        n *= int(x)
    return n


def numpy_python(explicit):
    for py in ([explicit] if explicit else []) + [sys.executable, "/usr/bin/python3"]:
        if py and subprocess.run([py, "-c", "import numpy"], capture_output=True).returncode == 0:
            return py
    return None


def timings(cmd):
    out = {}
    for line in subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.split("\n"):
        if line.strip():
            k, ns = line.split()
            out[k] = float(ns)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptoc", default=os.path.join(HERE, "..", "..", "build", "tools", "ptoc", "ptoc"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--numpy-python", default=None, help="a python3 with numpy")
    ap.add_argument("--only", help="a regex: run the kernels whose name matches it")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="simdvf-bench-")
    exe = os.path.abspath(a.ptoc)
    base = os.path.join(tmp, "baseline")
    subprocess.run(["c++", "-O2", "-std=c++20", os.path.join(HERE, "baseline.cpp"), "-o", base], check=True)
    cxx = timings([base])
    npy_exe = numpy_python(a.numpy_python)
    npy = timings([npy_exe, os.path.join(HERE, "numpy_baseline.py")]) if npy_exe else {}
    if not npy_exe:
        print("numpy not found (give --numpy-python): the numpy columns are empty")
    names = sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "kernels")) if f.endswith(".py"))
    if a.only:
        names = [n for n in names if re.search(a.only, n)]
    print(f"{'kernel':<22} {'vmi emitted':>11} {'hand':>5} {'ratio':>6} {'staging':>7} {'elem ms':>8} "
          f"{'vec ms':>7} {'region ms':>9} {'region M elem/s':>15} {'numpy M/s':>9} {'region/numpy':>12} "
          f"{'C++ M/s':>8} {'region/C++':>10}")
    ratios, np_ratios = [], []
    ok = True
    for n in names:
        src = os.path.join(HERE, "kernels", n + ".py")
        hand = os.path.join(HERE, "handwritten", n + ".py")
        vec = os.path.join(tmp, n + "_vec.py")
        text = ptoc(["opt", src, "--passes=simdvf"], exe)
        open(vec, "w").write(text)
        emitted, written = vmi_count(text), vmi_count(open(hand).read())
        outs = {k: os.path.join(tmp, n, k) for k in ("elem", "vec", "hand")}
        t_elem = sim_ms(src, exe, outs["elem"], 1)
        t_vec = sim_ms(vec, exe, outs["vec"], a.runs)
        # The region alone: the kernel with its region run REPS times, minus the kernel.
        rep_src = os.path.join(tmp, n + "_rep.py")
        open(rep_src, "w").write(repeat_region(open(src).read(), REPS))
        rep_vec = os.path.join(tmp, n + "_rep_vec.py")
        open(rep_vec, "w").write(ptoc(["opt", rep_src, "--passes=simdvf"], exe))
        outs["rep"] = os.path.join(tmp, n, "rep")
        t_rep = sim_ms(rep_vec, exe, outs["rep"], a.runs)
        t_region = max((t_rep - t_vec) / (REPS - 1), 1e-6)
        sim_ms(hand, exe, outs["hand"], 1)
        for f in os.listdir(outs["elem"]):
            for k in ("vec", "hand", "rep"):
                if not filecmp.cmp(os.path.join(outs["elem"], f), os.path.join(outs[k], f), shallow=False):
                    print(f"MISMATCH: {n} {k} {f}")
                    ok = False
        e = elements(open(src).read())
        rate = e / (t_region * 1e-3) / 1e6
        ratios.append(emitted / written)
        staging = staging_pairs(text)
        # The control-flow kernels (cf_*) have no C++ / numpy baseline: their columns are "nan".
        crate = e / (cxx[n] * 1e-9) / 1e6 if n in cxx else float("nan")
        nrate = e / (npy[n] * 1e-9) / 1e6 if n in npy else float("nan")
        if n in npy:
            np_ratios.append(rate / nrate)
        print(f"{n:<22} {emitted:>11} {written:>5} {emitted / written:>6.2f} {staging:>7} {t_elem:>8.2f} "
              f"{t_vec:>7.3f} {t_region:>9.4f} {rate:>15.1f} {nrate:>9.0f} {rate / nrate:>12.3f} "
              f"{crate:>8.0f} {rate / crate:>10.4f}")
    print(f"mean instruction ratio {sum(ratios) / len(ratios):.2f}; max {max(ratios):.2f}; "
          f"outputs {'identical' if ok else 'DIFFER'}")
    if np_ratios:
        print(f"region/numpy: min {min(np_ratios):.3f}, median {sorted(np_ratios)[len(np_ratios) // 2]:.3f}; "
              f"{sum(r >= 0.5 for r in np_ratios)} of {len(np_ratios)} kernels at >= 0.5")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
