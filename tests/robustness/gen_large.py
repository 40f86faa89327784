#!/usr/bin/env python3
"""Writes one large `pl` program for the scaling guard (tests/lit/robustness/large_programs.test).

    gen_large.py KIND N OUT

KIND: `flat` (an InCore function of N straight-line statements in one block), `strict` (the
same with strict_ssa=True, every name assigned once), `nested` (N statements spread over
loops and ifs that carry values), `mixed` (a mixed cube/vector kernel with an AUTO split
whose vector side is N statements long).
"""
import sys


def incore_header(deco="@pl.program"):
    return [
        "import pypto.language as pl", "", "", deco, "class Large:",
        "    @pl.function(type=pl.FunctionType.InCore)",
        "    def f(self, x: pl.Tensor[[16, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):",
        "        t0 = pl.load(x, [0, 0], [16, 64])", "        c0 = k + 1",
    ]


def flat(n, strict=False):
    out = incore_header("@pl.program(strict_ssa=True)" if strict else "@pl.program")
    for i in range(1, n // 2 + 1):
        out.append(f"        t{i} = pl.add(t{i - 1}, 2.0)")
        out.append(f"        c{i} = (c{i - 1} + {i}) % 7")
    out += [f"        x = pl.store(t{n // 2}, [0, 0], x)", "        return"]
    return out


def nested(n):
    out = incore_header()
    for i in range(1, n // 8 + 1):
        p = i - 1
        out += [
            f"        for j{i}, (acc{i},) in pl.range(2, init_values=(t{p},)):",
            f"            u{i} = pl.add(acc{i}, t{p})",
            f"            acc_out{i} = pl.yield_(u{i})",
            f"        if c{p} > 3:",
            f"            w{i} = pl.yield_(c{p} * 2)",
            "        else:",
            f"            w{i} = pl.yield_(c{p} + 5)",
            f"        t{i} = pl.mul(acc_out{i}, t{p})",
            f"        c{i} = w{i} // 2",
        ]
    out += [f"        x = pl.store(t{n // 8}, [0, 0], x)", "        return"]
    return out


def mixed(n):
    out = [
        "import pypto.language as pl", "", "", "@pl.program", "class Large:",
        "    @pl.function",
        "    def main(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],",
        "             o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:",
        "        with pl.at(level=pl.Level.CORE_GROUP,"
        " optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):",
        "            am = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)",
        "            bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)",
        "            s = pl.matmul(pl.move(am, target_memory=pl.Mem.Left),"
        " pl.move(bm, target_memory=pl.Mem.Right))",
        "            v0 = pl.move(s, target_memory=pl.Mem.Vec)",
    ]
    for i in range(1, n + 1):
        out.append(f"            v{i} = pl.adds(v{i - 1}, 1.0)")
    out += [f"            o = pl.store(v{n}, [0, 0], o)", "        return o"]
    return out


def main():
    kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    lines = {"flat": lambda: flat(n), "strict": lambda: flat(n, True),
             "nested": lambda: nested(n), "mixed": lambda: mixed(n)}[kind]()
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
