#!/usr/bin/env python3
"""Compares two builds on one machine, their runs interleaved (A, B, A, B, ...), so that
the machine's drift (other tenants, fresh huge pages) hits both alike.

    bench/compare.py frontend OLD_BUILD NEW_BUILD [--rounds 4]
    bench/compare.py pipeline OLD_BUILD NEW_BUILD [--rounds 5] [--n 100000] [--measure pipeline]

`frontend` runs `bench/FrontendBench --no-cold` of each build and reports, per size, the
parse + bind + print and the sum with free (ms, statements/s, time(4N)/time(N)).
`pipeline` runs `bench/PassBench --measure=MEASURE N` and reports CPU and user ms (CPU minus
system time, i.e. without page faults) and peak resident memory. Each row gives the minimum
and the median over the rounds, and B/A of the minima. Figures and how to read them:
bench/README.md ("Session 13").
"""
import argparse
import os
import re
import statistics
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def frontend_round(build):
    """{size: (parse+bind+print, sum)} of one FrontendBench --no-cold run."""
    out = run([os.path.join(build, "bench", "FrontendBench"), "--no-cold"])
    lines = out.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("phase "))
    sizes = [int(x) for x in lines[start].split()[1:4]]
    rows = {}
    for l in lines[start + 1:]:
        parts = l.split()
        if parts and parts[0] in ("parse", "bind", "print", "free", "sum"):
            rows[parts[0]] = [float(x) for x in parts[1:4]]
    result = {}
    for k, n in enumerate(sizes):
        pbp = rows["parse"][k] + rows["bind"][k] + rows["print"][k]
        result[n] = (pbp, rows["sum"][k])
    return result


def pipeline_round(build, measure, n):
    out = run([os.path.join(build, "bench", "PassBench"), f"--measure={measure}", str(n)])
    m = re.search(r"cpu ([\d.]+) ms \(system ([\d.]+)\).*peak resident \+([\d.]+) MB", out)
    if not m:
        sys.exit(f"cannot read PassBench output:\n{out}")
    cpu, system, resident = (float(x) for x in m.groups())
    return {"cpu": cpu, "user": cpu - system, "resident": resident}


def summary(values):
    return min(values), statistics.median(values)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["frontend", "pipeline"])
    ap.add_argument("a", help="build directory A (e.g. the old code)")
    ap.add_argument("b", help="build directory B (e.g. the new code)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--n", type=int, default=100000, help="pipeline: statements")
    ap.add_argument("--measure", default="pipeline", help="pipeline: PassBench --measure mode")
    args = ap.parse_args()

    runs = {"A": [], "B": []}
    for r in range(args.rounds):
        for side, build in (("A", args.a), ("B", args.b)):
            if args.what == "frontend":
                runs[side].append(frontend_round(build))
            else:
                runs[side].append(pipeline_round(build, args.measure, args.n))
            print(f"round {r + 1} {side} done", file=sys.stderr)

    if args.what == "frontend":
        sizes = sorted(runs["A"][0])
        print(f"{'':24}{'A min':>9}{'A med':>9}{'B min':>9}{'B med':>9}{'B/A':>7}  (ms per warm run)")
        for label, idx in (("parse+bind+print", 0), ("sum with free", 1)):
            for n in sizes:
                a = summary([r[n][idx] for r in runs["A"]])
                b = summary([r[n][idx] for r in runs["B"]])
                print(f"{label + ' ' + str(n):24}{a[0]:9.1f}{a[1]:9.1f}{b[0]:9.1f}{b[1]:9.1f}"
                      f"{b[0] / a[0]:7.2f}   M stmt/s at min: A {n / a[0] / 1000:.2f}, B {n / b[0] / 1000:.2f}")
            if len(sizes) >= 2:
                big, small = sizes[-1], sizes[-2]
                for side in ("A", "B"):
                    ratios = [r[big][idx] / r[small][idx] for r in runs[side]]
                    print(f"{'':24}{side}: time({big})/time({small}) per round: "
                          + " ".join(f"{x:.2f}" for x in ratios))
    else:
        print(f"{'':14}{'A min':>9}{'A med':>9}{'B min':>9}{'B med':>9}{'B/A':>7}")
        for key, unit in (("cpu", "ms"), ("user", "ms"), ("resident", "MB")):
            a = summary([r[key] for r in runs["A"]])
            b = summary([r[key] for r in runs["B"]])
            print(f"{key + ' ' + unit:14}{a[0]:9.1f}{a[1]:9.1f}{b[0]:9.1f}{b[1]:9.1f}{b[0] / a[0]:7.2f}")


if __name__ == "__main__":
    main()
