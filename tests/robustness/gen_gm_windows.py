#!/usr/bin/env python3
"""Random kernels where the cube and the vector side share one GM tensor, as a differential
harness for the split's GM ordering (expand-mixed-kernel: the GM syncs, GmFence, GmOrder).

Each kernel computes `acc = matmul(x, w)` on the cube and then, in a random order, stores
`acc` into row windows of an InOut tensor `g` (straight-line, in loops `for j` at
`j * S + b`, in a branch) and accesses windows of `g` from the vector side (loads whose
values go to the output `y`, and stores of vector results), also in loops that mix both in
either order. The split mode is UP_DOWN, so the vector windows are the lanes' halves after
the split. Every kernel is valid: it runs in the simulator before the passes. The driver runs

    ptoc check FILE --passes=compile --seed=<k> --verify-each --schedule=aic-first|aiv-first

under both schedules (the simulator's two orders of the AIC and the AIV) and classifies:
  equal     bit-identical outputs before and after, under both schedules
  rejected  a diagnostic (a race the compiler refuses)
  mismatch  an output differs under a schedule              (a race the compiler let through)
  broken / internal / invalid   as in gen_mixed.py

For each rejected kernel it also computes from the generated windows whether any cube store
and vector access of `g` touch a common row in any iteration: a rejection with no such pair
is counted as `needless` (the compiler refused disjoint accesses).

usage: gen_gm_windows.py PTOC [--count N] [--seed S] [--arch A] [--jobs J] [--expect-clean]
                              [--max-needless PCT] [--save-dir DIR]
       gen_gm_windows.py --emit [--seed S]

--expect-clean exits 1 on any mismatch, broken, internal or invalid kernel, or when more than
--max-needless percent (default 0) of the kernels are needless rejections.
"""
import argparse
import random
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_mixed import classify  # noqa: E402  (the same outcome classes)

ROWS = 320  # rows of g (--rows); every window is 64 rows
OFFSETS = list(range(0, ROWS - 64 + 1, 32))


def set_rows(rows):
    global ROWS, OFFSETS
    ROWS = rows
    OFFSETS = list(range(0, ROWS - 64 + 1, 32))


class Gen:
    def __init__(self, seed, vector_stores=True):
        self.rng = random.Random(seed)
        self.vector_stores = vector_stores
        self.lines = []
        self.loads = 0
        self.names = 0
        # (kind, [row offsets over the iterations], line) for every access of g:
        # kind is "cube" (a cube store) or "vec" (a vector load or store).
        self.accesses = []
        self.vec_stores = []  # the rows of each vector store of g, per iteration
        self.vec = []  # (is a store, rows per iteration) of every vector access of g

    def fresh(self, base):
        self.names += 1
        return f"{base}{self.names}"

    def emit(self, text, indent=2):
        self.lines.append("    " * indent + text)

    def cube_store(self, off_text, rows, indent=2, g="g", out="g"):
        self.emit(f"{out} = pl.store(acc, [{off_text}, 0], {g})", indent)
        self.accesses.append(("cube", rows))

    def vec_load(self, off_text, rows, indent=2, g="g", y="y", y_out="y"):
        """A vector load of g; its value goes to its own row block of y."""
        t = self.fresh("t")
        self.emit(f"{t} = pl.load({g}, [{off_text}, 0], [64, 64], target_memory=pl.Mem.Vec)",
                  indent)
        self.emit(f"{y_out} = pl.store(pl.exp({t}), [{64 * self.loads}, 0], {y})", indent)
        self.loads += 1
        self.accesses.append(("vec", rows))
        self.vec.append((False, rows))

    def vec_store(self, off_text, rows, indent=2, g="g", out="g"):
        self.emit(f"{out} = pl.store(pl.mul(vt, 0.5), [{off_text}, 0], {g})", indent)
        self.accesses.append(("vec", rows))
        self.vec_stores.append(rows)
        self.vec.append((True, rows))

    def straight(self):
        r = self.rng
        off = r.choice(OFFSETS)
        k = r.choices(["cube", "load", "store"], [50, 30, 20 if self.vector_stores else 0])[0]
        if k == "cube":
            self.cube_store(str(off), [off])
        elif k == "load":
            self.vec_load(str(off), [off])
        else:
            self.vec_store(str(off), [off])

    def loop(self):
        """A loop over j carrying g and y, with one to three accesses at `j * step + b`."""
        r = self.rng
        trips = r.choice([2, 3])
        step = r.choice([32, 64, 96])
        last = ROWS - 64 - (trips - 1) * step  # the largest base that stays inside g
        j, gc, yc = self.fresh("j"), self.fresh("gc"), self.fresh("yc")
        self.emit(f"for {j}, ({gc}, {yc}) in pl.range({trips}, init_values=(g, y)):")
        g, y = gc, yc
        for _ in range(r.randint(1, 3)):
            b = r.choice([o for o in OFFSETS if o <= last])
            rows = [k * step + b for k in range(trips)]
            off = f"{j} * {step} + {b}"
            k = r.choices(["cube", "load", "store"], [45, 35, 20 if self.vector_stores else 0])[0]
            if k == "load":
                ny = self.fresh("yn")
                self.vec_load(off, rows, 3, g, y, ny)
                y = ny
                continue
            ng = self.fresh("gn")
            if k == "cube":
                self.cube_store(off, rows, 3, g, ng)
            else:
                self.vec_store(off, rows, 3, g, ng)
            g = ng
        go, yo = self.fresh("go"), self.fresh("yo")
        self.emit(f"{go}, {yo} = pl.yield_({g}, {y})", 3)
        self.emit(f"g = {go}")
        self.emit(f"y = {yo}")

    def branch(self):
        """A cube store or a vector store of g under `if flag` (both arms yield g)."""
        r = self.rng
        off = r.choice(OFFSETS)
        a, gb = self.fresh("ga"), self.fresh("gb")
        self.emit("if flag:")
        if r.random() < 0.5 or not self.vector_stores:
            self.cube_store(str(off), [off], 3, "g", a)
        else:
            self.vec_store(str(off), [off], 3, "g", a)
        self.emit(f"{gb} = pl.yield_({a})", 3)
        self.emit("else:")
        self.emit(f"{gb} = pl.yield_(g)", 3)
        self.emit(f"g = {gb}")

    def program(self):
        r = self.rng
        for _ in range(r.randint(2, 5)):
            k = r.choices(["straight", "loop", "branch"], [55, 35, 10])[0]
            getattr(self, k)()
        off = r.choice(OFFSETS)
        self.vec_load(str(off), [off])  # the vector side reads g at the end
        return self.render()

    def overlapping(self):
        """Whether a rejection has a reason: some cube store and vector access of g share a
        row in any iterations, a vector store's windows of two iterations overlap (after
        the split, lane 1's half of one iteration meets lane 0's of the next), or two vector
        accesses, one a store, meet on different lanes."""
        cube = [o for k, rows in self.accesses if k == "cube" for o in rows]
        vec = [o for k, rows in self.accesses if k == "vec" for o in rows]
        if any(abs(a - b) < 64 for a in cube for b in vec):
            return True
        if any(0 < abs(a - b) < 64 for rows in self.vec_stores for a in rows for b in rows):
            return True
        # Two vector accesses, one a store, whose lanes' halves meet: lane l of one covers
        # [o + 32 l, o + 32 l + 32).
        for i, (sa, ra) in enumerate(self.vec):
            for sb, rb in self.vec[i + 1:]:
                if not (sa or sb):
                    continue
                for a in ra:
                    for b in rb:
                        for lane in (0, 1):
                            lo_a, lo_b = a + 32 * lane, b + 32 * (1 - lane)
                            if lo_a < lo_b + 32 and lo_b < lo_a + 32:
                                return True
        return False

    def render(self):
        y_rows = 64 * max(self.loads, 1)
        head = (
            "import pypto.language as pl\n\n\n@pl.program\nclass Gen:\n"
            "    @pl.function(type=pl.FunctionType.InCore)\n"
            "    def f(self, x: pl.Tensor[[64, 64], pl.BF16], w: pl.Tensor[[64, 64], pl.BF16],\n"
            "          v: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.BOOL],\n"
            f"          g: pl.InOut[pl.Tensor[[{ROWS}, 64], pl.FP32]],\n"
            f"          y: pl.Out[pl.Tensor[[{y_rows}, 64], pl.FP32]]) -> "
            f"tuple[pl.Tensor[[{ROWS}, 64], pl.FP32], pl.Tensor[[{y_rows}, 64], pl.FP32]]:\n"
            '        pl.func_attr({"split": pl.SplitMode.UP_DOWN})\n'
            "        acc = pl.matmul(pl.move(pl.load(x, [0, 0], [64, 64], "
            "target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left), "
            "pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), "
            "target_memory=pl.Mem.Right))\n"
            "        vt = pl.load(v, [0, 0], [64, 64], target_memory=pl.Mem.Vec)\n")
        return head + "\n".join(self.lines) + "\n        return g, y\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ptoc", nargs="?")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--arch")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--emit", action="store_true")
    ap.add_argument("--expect-clean", action="store_true")
    ap.add_argument("--max-needless", type=float, default=0.0)
    ap.add_argument("--save-dir")
    ap.add_argument("--rows", type=int, default=320,
                    help="rows of g (more rows: fewer windows meet, more kernels accepted)")
    ap.add_argument("--no-vector-stores", action="store_true",
                    help="the vector side only loads g")
    ap.add_argument("--show", type=int, default=10)
    a = ap.parse_args()
    set_rows(a.rows)
    if a.emit:
        sys.stdout.write(Gen(a.seed, not a.no_vector_stores).program())
        return 0
    if not a.ptoc:
        ap.error("PTOC is required")
    tmp = Path(tempfile.mkdtemp(prefix="gm_windows_"))
    counts = {k: 0 for k in ["equal", "rejected", "mismatch", "broken", "internal", "invalid"]}
    needless = 0
    shown = []

    def one(k):
        seed = a.seed * 1000003 + k
        g = Gen(seed, not a.no_vector_stores)
        src = g.program()
        path = tmp / f"gm_{a.seed}_{k}.py"
        path.write_text(src)
        result = ("equal", "")
        for schedule in ("aic-first", "aiv-first"):
            result = classify(a.ptoc, path, "compile", seed, verify=True, arch=a.arch,
                              schedule=schedule)
            if result[0] != "equal":
                break
        return k, path, result, g.overlapping()

    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for k, path, (kind, first), overlap in ex.map(one, range(a.count)):
            counts[kind] += 1
            bad = kind in ("mismatch", "broken", "internal", "invalid")
            if kind == "rejected" and not overlap:
                needless += 1
                bad = True
            if bad:
                if len(shown) < a.show:
                    shown.append(f"  {path.name}: {kind}{' (needless)' if kind == 'rejected' else ''}"
                                 f": {first}")
                if a.save_dir:
                    Path(a.save_dir).mkdir(parents=True, exist_ok=True)
                    shutil.copy(path, Path(a.save_dir) / path.name)
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"programs: {a.count} (seed {a.seed}, arch {a.arch or 'default'})")
    for k, v in counts.items():
        print(f"{k}: {v}")
    print(f"needless: {needless} (rejected with no overlapping cube store / vector access)")
    for s in shown:
        print(s)
    if a.expect_clean:
        bad = sum(counts[k] for k in ("mismatch", "broken", "internal", "invalid"))
        if bad or needless * 100.0 > a.max_needless * a.count:
            print("not clean")
            return 1
        print("clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
