#!/usr/bin/env python3
"""Random valid mixed cube/vector kernels as a differential harness for the split pipeline.

Each generated program is a `pl` kernel whose CORE_GROUP scope does cube work (loads into
Mat, moves to Left / Right, matmul) and vector work on the result over the whole vector op
set: elementwise ops with tiles and scalars, unary math, row / column reductions (never on
the split axis), row_expand_*, loads of tiles, columns, rows and rank-1 vectors,
[N, 1] <-> [1, N] reshapes, whole-row regroups, slices, set_validshape, casts, pl.full,
element stores, pl.range / while loops with carried values, ifs, and V->C round trips
(vector result back to the cube for a second matmul), and stores in several forms (plain,
atomic adds into InOut tensors, rank-2 tiles into rank-3 tensors, partition stores through
`shapes`; in a NONE region both lanes may add into the same rows). Both split modes (UP_DOWN,
LEFT_RIGHT), odd and ragged shapes, and four scope forms: an AUTO pl.split scope, a
data-parallel explicit region (for aiv_id in pl.split_aiv(2, mode=...)), a task-parallel
NONE region, and a scope without a split (on A2/A3 its AIV kernel runs on both lanes, lane 1
replaying the handshakes on empty tiles; on A5 on lane 0).

Every program is valid: it runs in the simulator before the passes. The driver runs each
through

    ptoc check FILE --passes=<PASSES> --seed=<k> --verify-each   (PTOC_VERIFY_ROUNDTRIP=1)

(random inputs vary per program) and classifies it:
  equal     the outputs are bit-identical before and after the passes
  mismatch  an output differs                              (a miscompile)
  broken    the lowered program fails in the simulator    (a miscompile)
  rejected  a diagnostic (valid programs should be accepted)
  internal  an internal error, a crash or a timeout
  invalid   the program fails before the passes (a generator bug)

usage: gen_mixed.py PTOC [--count N] [--seed S] [--passes P] [--arch A] [--save-dir DIR]
                         [--show N] [--jobs J] [--expect-clean] [--min-accepted PCT]
                         [--no-verify]
       gen_mixed.py --emit [--seed S]       print one program

--expect-clean exits 1 when a mismatch, broken, internal or invalid program is found, or
when fewer than --min-accepted percent (default 98) are accepted (equal). Deterministic for
a given --seed (program k uses seed S * 1000003 + k).
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DEFAULT_PASSES = "mixed-split"
TIMEOUT = 20

M_CHOICES = [16, 17, 31, 32, 33, 48, 64, 65]
N_CHOICES = [16, 17, 32, 33, 63, 64]
K_CHOICES = [16, 32]
UNARY = ["abs", "neg", "relu"]
SCALAR_OPS = ["add", "sub", "mul", "maximum", "minimum"]
BINARY = ["add", "sub", "mul", "maximum", "minimum"]
ROW_EXPAND = ["row_expand_add", "row_expand_sub", "row_expand_mul"]


class Tile:
    def __init__(self, name, shape, full=True):
        self.name = name
        self.shape = shape  # (rows, cols)
        self.full = full    # valid region is the whole box


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        # Drawn apart from self.rng so that adding the form left the other programs unchanged.
        self.nosplit = random.Random(seed * 7 + 3).random() < 0.15
        self.params = []   # "name: type"
        self.outs = []     # (name, type, InOut)
        self.lines = []
        self.indent = 3
        self.pool = []
        self.count = 0
        self.tensors = {}
        self.allowed = None  # statement kinds allowed (None = all)
        self.sibling = []    # lines of a second pl.split_aiv region
        # The store forms (partition stores, atomic stores) are drawn apart from self.rng too:
        # they change only the text of a store, so the other draws stay as they were.
        self.srng = random.Random(seed * 13 + 5)

    # ---- helpers ---------------------------------------------------------------------------
    def fresh(self, base):
        self.count += 1
        return f"{base}{self.count}"

    def emit(self, text):
        self.lines.append("    " * self.indent + text)

    def tensor(self, shape, dtype="FP32"):
        key = (tuple(shape), dtype)
        if key not in self.tensors:
            name = f"in{len(self.tensors)}"
            dims = ", ".join(str(d) for d in shape)
            self.params.append(f"{name}: pl.Tensor[[{dims}], pl.{dtype}]")
            self.tensors[key] = name
        return self.tensors[key]

    def pick(self, pred=lambda t: True):
        cands = [t for t in self.pool if pred(t)]
        return self.rng.choice(cands) if cands else None

    def add(self, name, shape, full=True):
        t = Tile(name, shape, full)
        self.pool.append(t)
        return t

    def fval(self):
        return self.rng.choice(["0.5", "-0.25", "1.5", "2.0", "0.125", "-3.0"])

    # ---- program -----------------------------------------------------------------------------
    def program(self):
        r = self.rng
        self.mode = r.choice(["UP_DOWN", "LEFT_RIGHT"])
        self.form = r.choices(["auto", "region", "none"], [70, 22, 8])[0]
        M, N, K = r.choice(M_CHOICES), r.choice(N_CHOICES), r.choice(K_CHOICES)
        self.M, self.N, self.K = M, N, K
        # Without vector loads every split-axis tile derives from the C->V boundary, which
        # lets a ragged boundary rebalance the lanes (lane_stride).
        self.no_loads = r.random() < 0.2
        self.split_dim = 0 if self.mode == "UP_DOWN" else 1
        ragged = r.random() < 0.25
        Ma = r.randint(max(1, M // 2), M - 1) if ragged and M > 2 else M
        self.even = M % 2 == 0 and N % 2 == 0 and Ma == M
        Nb = r.randint(max(1, N // 2), N - 1) if r.random() < 0.1 and N > 2 else N
        self.ragged = self.ragged_any = Ma != M or Nb != N
        a = self.tensor([Ma, K], "FP16")
        b = self.tensor([K, Nb], "FP16")
        layout = r.random() < 0.5
        cube = []
        valid = f", [{Ma}, {K}]" if Ma != M else ""
        cube.append(f"a_l = pl.move(pl.load({a}, [0, 0], [{M}, {K}]{valid}, "
                    f"target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)")
        bvalid = f", [{K}, {Nb}]" if Nb != N else ""
        cube.append(f"b_r = pl.move(pl.load({b}, [0, 0], [{K}, {N}]{bvalid}, "
                    f"target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)")
        cube.append("s = pl.matmul(a_l, b_r)")
        kw = (", blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box"
              if layout else "")
        self.header = cube
        self.lines = []
        self.indent = 3 if self.form == "auto" else 4
        if self.form == "region" and r.random() < 0.4:
            self.shard_region(M, N)
            return self.render()
        if self.form != "auto":
            # Regions read no cube value except through pl.aiv_shard (AivSplitValid (g)):
            # the cube result goes to GM outside the region, the region works on loads.
            # (atomic: the cube adds its result into an InOut tensor, once, on the AIC)
            atomic = self.srng.random() < 0.2
            oc = self.out((M, N), atomic)
            kw = ", atomic=True" if atomic else ""
            self.header.append(f"{oc} = pl.store(s, [0, 0], {oc}{kw})")
        if self.form == "none":
            return self.none_region(M, N, kw)
        if self.form == "region":
            x = self.tensor([M, N])
            self.emit(f"v = pl.load({x}, [0, 0], [{M}, {N}])")
            self.add("v", (M, N))
        else:
            self.emit(f"v = pl.move(s, target_memory=pl.Mem.Vec{kw})")
            self.add("v", (M, N), not self.ragged)
        for _ in range(r.randint(2, 9)):
            self.statement(depth=0)
        self.stores()
        if self.form == "region" and r.random() < 0.3:
            self.sibling_region(M, N)
        return self.render()

    def sibling_region(self, M, N):
        # A second region with the other split mode, halved on its own axis.
        other = "LEFT_RIGHT" if self.mode == "UP_DOWN" else "UP_DOWN"
        x = self.tensor([M, N])
        o = self.out((M, N))
        body = [f"for aiv_id2 in pl.split_aiv(2, mode=pl.SplitMode.{other}):",
                f"    w = pl.load({x}, [0, 0], [{M}, {N}])",
                f"    w = pl.{self.rng.choice(UNARY)}(pl.add(w, {self.fval()}))",
                f"    {o} = pl.store(w, [0, 0], {o})"]
        self.sibling = ["    " * 3 + line for line in body]

    def none_region(self, M, N, kw):
        # Task-parallel: each lane takes its own rows of an input; the cube result is
        # stored by lane 0 only.
        H = M // 2 if M % 2 == 0 else None
        x = self.tensor([M, N])
        self.indent = 4
        self.emit(f"v = pl.load({x}, [0, 0], [{M}, {N}])")
        self.emit("if aiv_id == 0:")
        self.indent += 1
        o = self.out((M, N))
        self.emit(f"{o} = pl.store(pl.add(v, 1.0), [0, 0], {o})")
        self.indent -= 1
        if H:
            o2 = self.out((M, N))
            self.emit(f"t = pl.load({x}, [aiv_id * {H}, 0], [{H}, {N}])")
            self.emit(f"t = pl.{self.rng.choice(UNARY)}(pl.mul(t, {self.fval()}))")
            self.emit(f"{o2} = pl.store(t, [aiv_id * {H}, 0], {o2})")
            if self.srng.random() < 0.3:
                # Both lanes add their rows into the same rows (a split-K over the lanes).
                o3 = self.out((H, N), True)
                self.emit(f"{o3} = pl.store(t, [0, 0], {o3}, atomic=True)")
        return self.render()

    def shard_region(self, M, N):
        # Explicit boundary: every vector op works on this lane's half of pl.aiv_shard(s).
        self.indent = 4
        d = self.split_dim
        half = (M + 1) // 2 if d == 0 else (N + 1) // 2
        shape = (half, N) if d == 0 else (M, half)
        self.emit("h = pl.aiv_shard(s)")
        self.pool = [Tile("h", shape, False)]
        # Only ops that keep the per-lane dataflow (an explicit-boundary body is used as
        # written: a full-width op in it is rejected by design).
        self.allowed = {"unary", "scalar", "binary", "reduce"}
        for _ in range(self.rng.randint(1, 5)):
            k = self.rng.choice(["unary", "scalar", "binary", "reduce", "loop", "if"])
            getattr(self, "s_" + k)()
        # Lane-local results are stored at this lane's offset; only whole-box lanes (even
        # full extents) keep the store in bounds for both lanes.
        full = M if d == 0 else N
        for t in self.pool[-2:]:
            if full % 2 or t.shape[d] != half:
                continue
            o = self.out((M, N) if d == 0 else (M, N)) if t.shape == shape else None
            if o is None:
                rows, cols = t.shape
                o = self.out((rows * 2, cols) if d == 0 else (rows, cols * 2))
            off = f"[aiv_id * {half}, 0]" if d == 0 else f"[0, aiv_id * {half}]"
            kw = ", atomic=True" if self.srng.random() < 0.2 else ""
            if kw:
                self.outs[-1] = self.outs[-1][:2] + (True,)
            self.emit(f"{o} = pl.store({t.name}, {off}, {o}{kw})")
        if not self.outs:
            # Odd split: lane 0 stores its half's column / row sums only.
            o = self.out((1, 1))
            self.emit("if aiv_id == 0:")
            self.emit(f"    {o} = pl.store(pl.slice(h, [1, 1], [0, 0]), [0, 0], {o})")

    def out(self, shape, inout=False):
        # An InOut tensor starts from random values (an atomic store adds into them); an Out
        # one from zeros.
        name = f"out{len(self.outs)}"
        dims = ", ".join(str(d) for d in shape)
        self.outs.append((name, f"pl.Tensor[[{dims}], pl.FP32]", inout))
        return name

    def store(self, t, offsets, shape, d=None):
        """`o = pl.store(t, offsets, o)` into a fresh output of `shape`, in one of the store
        forms: plain; atomic (atomic=True, adding into an InOut tensor's random values); into a
        rank-3 tensor, as a rank-2 tile (leading unit axis) or through a partition (`shapes`):
        the tile's box [1, R, C], or, for a fully valid tile with an even row count under
        UP_DOWN (each lane's half is a contiguous row block), [2, R/2, C]."""
        r = self.srng
        atomic = r.random() < 0.2
        kw = ", atomic=True" if atomic else ""
        form = r.choices(["plain", "rank3", "box", "halves"], [60, 10, 10, 20])[0]
        R, C = t.shape
        # The halves of the tile's row-major elements are the lanes' halves: an even row count
        # under UP_DOWN ([2, R/2, C]), or a one-row tile's even column count under LEFT_RIGHT
        # ([2, 1, C/2]).
        rows = self.mode == "UP_DOWN" and R % 2 == 0
        cols = self.mode == "LEFT_RIGHT" and R == 1 and C % 2 == 0
        if form == "halves" and not (t.full and (rows or cols) and offsets == "[0, 0]"):
            form = "box"
        if form in ("box", "halves") and not t.full:
            form = "rank3"
        if form == "plain":
            o = self.out(shape, atomic)
            self.emit(f"{o} = pl.store({t.name}, {offsets}, {o}{kw})")
            return o
        o = self.out((2,) + tuple(shape), atomic)
        off3 = "[1, " + offsets[1:]
        if form == "rank3":
            self.emit(f"{o} = pl.store({t.name}, {off3}, {o}{kw})")
        elif form == "box":
            self.emit(f"{o} = pl.store({t.name}, {off3}, {o}, shapes=[1, {R}, {C}]{kw})")
        elif rows:
            self.emit(f"{o} = pl.store({t.name}, [0, 0, 0], {o}, shapes=[2, {R // 2}, {C}]{kw})")
        else:
            self.emit(f"{o} = pl.store({t.name}, [0, 0, 0], {o}, shapes=[2, 1, {C // 2}]{kw})")
        return o

    def stores(self):
        r = self.rng
        chosen = []
        cands = list(self.pool)
        r.shuffle(cands)
        for t in cands[: r.randint(1, 3)]:
            chosen.append(t)
        if self.pool[-1] not in chosen:
            chosen.append(self.pool[-1])
        for t in chosen:
            if r.random() < 0.3:
                # A store at a non-zero base into a larger tensor.
                dr, dc = r.choice([0, 1, 5]), r.choice([0, 3])
                self.store(t, f"[{dr}, {dc}]", (t.shape[0] + dr, t.shape[1] + dc))
                continue
            self.store(t, "[0, 0]", t.shape)

    # ---- statements --------------------------------------------------------------------------
    def statement(self, depth):
        r = self.rng
        kinds = ["unary", "scalar", "binary", "load", "reduce", "row_expand", "reshape",
                 "setvalid", "slice", "cast", "full", "estore", "loop", "while", "if", "v2c",
                 "regroup", "dynvalid", "loopio", "c2v2", "extract", "ci"]
        weights = [10, 10, 10, 6, 6, 6, 5, 3, 3, 3, 2, 2, 4, 2, 4, 2, 2, 2, 3, 2, 2, 1]
        if self.no_loads:
            weights = [0 if k in ("load", "loopio", "extract", "full", "ci") else w
                       for k, w in zip(kinds, weights)]
        if self.form != "auto":
            weights = [0 if k in ("c2v2", "extract") else w for k, w in zip(kinds, weights)]
        if depth > 0:
            weights = [w if k not in ("loop", "while", "if", "v2c", "loopio", "c2v2") else 0
                       for k, w in zip(kinds, weights)]
        if self.allowed:
            weights = [w if k in self.allowed else 0 for k, w in zip(kinds, weights)]
        k = r.choices(kinds, weights)[0]
        getattr(self, "s_" + k)()

    def s_dynvalid(self):
        # A runtime valid extent: set_validshape(t, min(n, R), C) with a scalar parameter n.
        t = self.pick(lambda x: x.shape[0] > 1 and x.shape[1] > 1)
        if not t:
            return self.s_scalar()
        if "n: pl.Scalar[pl.INDEX]" not in self.params:
            self.params.append("n: pl.Scalar[pl.INDEX]")
        d = self.rng.choice([0, 1])
        ext = [str(t.shape[0]), str(t.shape[1])]
        ext[d] = f"pl.min(n + {self.rng.randint(0, t.shape[d])}, {t.shape[d]})"
        name = self.fresh("dv")
        self.emit(f"{name} = pl.tile.set_validshape({t.name}, {ext[0]}, {ext[1]})")
        self.add(name, t.shape, False)

    def s_loopio(self):
        # Loads and stores inside a loop at loop-dependent offsets.
        R, C = self.M, self.N
        steps = self.rng.randint(1, 3)
        x = self.tensor([R * steps, C])
        atomic = self.srng.random() < 0.2
        o = self.out((R * steps, C), atomic)
        kw = ", atomic=True" if atomic else ""
        t = self.pick(lambda y: y.shape == (R, C))
        acc = self.fresh("la")
        self.emit(f"{acc} = {t.name}" if t else f"{acc} = pl.full([{R}, {C}], 0.0, dtype=pl.FP32)")
        self.emit(f"for i in pl.range({steps}):")
        self.indent += 1
        self.emit(f"{acc} = pl.add({acc}, pl.load({x}, [i * {R}, 0], [{R}, {C}]))")
        self.emit(f"{o} = pl.store({acc}, [i * {R}, 0], {o}{kw})")
        self.indent -= 1
        self.add(acc, (R, C), t.full if t else True)

    def s_c2v2(self):
        # A second C->V boundary: another matmul with the same A operand.
        b2 = self.tensor([self.K, self.N], "FP16")
        n = self.fresh("z")
        self.emit(f"{n}_r = pl.move(pl.load({b2}, [0, 0], [{self.K}, {self.N}], "
                  f"target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)")
        self.emit(f"{n} = pl.move(pl.matmul(a_l, {n}_r), target_memory=pl.Mem.Vec)")
        self.add(n, (self.M, self.N), not self.ragged)

    def s_extract(self):
        # A Mat tile read into Vec with tile.extract (a vector-side root).
        g = self.tensor([self.M, self.N])
        n = self.fresh("x")
        self.emit(f"{n}_m = pl.load({g}, [0, 0], [{self.M}, {self.N}], target_memory=pl.Mem.Mat)")
        self.emit(f"{n} = pl.tile.extract({n}_m, 0, 0, [{self.M}, {self.N}], "
                  f"target_memory=pl.Mem.Vec)")
        self.add(n, (self.M, self.N))

    def s_ci(self):
        # An index ramp with a singleton split axis (it stays whole on both lanes).
        if self.mode != "UP_DOWN":
            return self.s_full()
        n = self.fresh("ci")
        self.emit(f"{n} = pl.cast(pl.tile.ci(0, [1, {self.N}], dtype=pl.INT32), pl.FP32)")
        self.add(n, (1, self.N))

    def s_unary(self):
        t = self.pick()
        op = self.rng.choice(UNARY + ["exp", "sqrt"])
        n = self.fresh("u")
        if op == "exp":
            expr = f"pl.exp(pl.mul({t.name}, 0.01))"
        elif op == "sqrt":
            expr = f"pl.sqrt(pl.abs({t.name}))"
        else:
            expr = f"pl.{op}({t.name})"
        self.emit(f"{n} = {expr}")
        self.add(n, t.shape, t.full)

    def s_scalar(self):
        t = self.pick()
        n = self.fresh("c")
        self.emit(f"{n} = pl.{self.rng.choice(SCALAR_OPS)}({t.name}, {self.fval()})")
        self.add(n, t.shape, t.full)

    def s_binary(self):
        t = self.pick()
        u = self.pick(lambda x: x.shape == t.shape and x is not t) or t
        n = self.fresh("b")
        self.emit(f"{n} = pl.{self.rng.choice(BINARY)}({t.name}, {u.name})")
        self.add(n, t.shape, t.full)

    def s_load(self):
        r = self.rng
        M, N = self.M, self.N
        kind = r.choice(["tile", "col", "row", "rank1"])
        n = self.fresh("l")
        if kind == "tile":
            x = self.tensor([M, N])
            if r.random() < 0.25:
                # A runtime valid extent on either axis.
                if "n: pl.Scalar[pl.INDEX]" not in self.params:
                    self.params.append("n: pl.Scalar[pl.INDEX]")
                v = [str(M), str(N)]
                d = r.choice([0, 1])
                v[d] = f"pl.min(n + {r.randint(0, 8)}, {[M, N][d]})"
                self.emit(f"{n} = pl.load({x}, [0, 0], [{M}, {N}], [{v[0]}, {v[1]}])")
                self.add(n, (M, N), False)
                return
            self.emit(f"{n} = pl.load({x}, [0, 0], [{M}, {N}])")
            self.add(n, (M, N))
        elif kind == "col":
            x = self.tensor([M, 1])
            self.emit(f"{n} = pl.load({x}, [0, 0], [{M}, 1])")
            self.add(n, (M, 1))
        elif kind == "row":
            x = self.tensor([1, N])
            self.emit(f"{n} = pl.load({x}, [0, 0], [1, {N}])")
            self.add(n, (1, N))
        else:
            ext, shape = r.choice([(M, (M, 1)), (N, (1, N))])
            x = self.tensor_rank1(ext)
            self.emit(f"{n} = pl.reshape(pl.load({x}, [0], [{ext}]), [{shape[0]}, {shape[1]}])")
            self.add(n, shape)

    def tensor_rank1(self, ext):
        key = ((ext,), "FP32")
        if key not in self.tensors:
            name = f"in{len(self.tensors)}"
            self.params.append(f"{name}: pl.Tensor[[{ext}], pl.FP32]")
            self.tensors[key] = name
        return self.tensors[key]

    def s_reduce(self):
        # Never on the split axis: row_* (last axis) under UP_DOWN, col_* under LEFT_RIGHT.
        t = self.pick(lambda x: x.shape[0] > 1 and x.shape[1] > 1)
        if not t:
            return self.s_scalar()
        n = self.fresh("r")
        if self.mode == "UP_DOWN":
            self.emit(f"{n} = pl.{self.rng.choice(['row_sum', 'row_max', 'row_min'])}({t.name})")
            self.add(n, (t.shape[0], 1), t.full)
        else:
            self.emit(f"{n} = pl.{self.rng.choice(['col_sum', 'col_max', 'col_min'])}({t.name})")
            self.add(n, (1, t.shape[1]), t.full)

    def s_row_expand(self):
        t = self.pick(lambda x: x.shape[1] > 1 and x.shape[0] > 1)
        if not t:
            return self.s_scalar()
        col = self.pick(lambda x: x.shape == (t.shape[0], 1))
        n = self.fresh("e")
        if not col:
            x = self.tensor([t.shape[0], 1])
            cexpr = f"pl.load({x}, [0, 0], [{t.shape[0]}, 1])"
        else:
            cexpr = col.name
        self.emit(f"{n} = pl.{self.rng.choice(ROW_EXPAND)}({t.name}, {cexpr})")
        self.add(n, t.shape, t.full)

    def s_reshape(self):
        t = self.pick(lambda x: x.shape[0] == 1 or x.shape[1] == 1)
        if not t:
            return self.s_load()
        n = self.fresh("h")
        shape = (t.shape[1], t.shape[0])
        self.emit(f"{n} = pl.reshape({t.name}, [{shape[0]}, {shape[1]}])")
        self.add(n, shape, t.full)

    def s_regroup(self):
        # Whole-row regroup of a tile with an even row count: [R, C] -> [2R, C/2].
        t = self.pick(lambda x: x.shape[0] % 2 == 0 and x.shape[1] % 2 == 0 and x.shape[0] > 1
                      and x.full)
        if not t or self.mode != "UP_DOWN":
            return self.s_unary()
        n = self.fresh("g")
        shape = (t.shape[0] * 2, t.shape[1] // 2)
        self.emit(f"{n} = pl.reshape({t.name}, [{shape[0]}, {shape[1]}])")
        self.add(n, shape, t.full)

    def s_setvalid(self):
        t = self.pick(lambda x: x.shape[0] > 1 and x.shape[1] > 1)
        if not t:
            return self.s_scalar()
        rr = self.rng.randint(1, t.shape[0])
        cc = self.rng.randint(1, t.shape[1])
        n = self.fresh("sv")
        self.emit(f"{n} = pl.tile.set_validshape({t.name}, {rr}, {cc})")
        self.add(n, t.shape, rr == t.shape[0] and cc == t.shape[1])

    def s_slice(self):
        # A window of the other axis, whole on the split axis.
        t = self.pick(lambda x: x.shape[1 - self.split_dim] > 2 and min(x.shape) > 1)
        if not t:
            return self.s_scalar()
        other = 1 - self.split_dim
        ext = self.rng.randint(1, t.shape[other] - 1)
        off = self.rng.randint(0, t.shape[other] - ext)
        shape = list(t.shape)
        shape[other] = ext
        offs = [0, 0]
        offs[other] = off
        n = self.fresh("sl")
        self.emit(f"{n} = pl.slice({t.name}, [{shape[0]}, {shape[1]}], [{offs[0]}, {offs[1]}])")
        self.add(n, tuple(shape), t.full)

    def s_cast(self):
        t = self.pick()
        n = self.fresh("k")
        self.emit(f"{n} = pl.cast(pl.mul(pl.cast({t.name}, pl.FP16), 0.5), pl.FP32)")
        self.add(n, t.shape, t.full)

    def s_full(self):
        shape = self.rng.choice([(self.M, self.N), (self.M, 1), (1, self.N)])
        n = self.fresh("f")
        self.emit(f"{n} = pl.full([{shape[0]}, {shape[1]}], {self.fval()}, dtype=pl.FP32)")
        self.add(n, shape)

    def s_estore(self):
        t = self.pick(lambda x: x.full)
        if not t:
            return self.s_scalar()
        n = self.fresh("w")
        self.emit(f"{n} = pl.add({t.name}, 0.0)")
        i = self.rng.randrange(t.shape[0])
        j = self.rng.randrange(t.shape[1])
        self.emit(f"{n}[{i}, {j}] = {self.fval()}")
        self.add(n, t.shape, True)

    def s_loop(self):
        t = self.pick()
        x = self.pick(lambda y: y.shape == t.shape)
        n = self.fresh("acc")
        self.emit(f"{n} = {t.name}")
        self.emit(f"for i in pl.range({self.rng.randint(1, 3)}):")
        self.indent += 1
        self.emit(f"{n} = pl.{self.rng.choice(BINARY)}({n}, {x.name})")
        if self.rng.random() < 0.5:
            # More work in the body; its values stay inside the loop.
            saved = list(self.pool)
            self.add(n, t.shape, t.full and x.full)
            for _ in range(self.rng.randint(1, 2)):
                self.statement(depth=1)
            last = next((y for y in reversed(self.pool) if y.shape == t.shape and y.name != n),
                        None)
            if last:
                self.emit(f"{n} = pl.add({n}, {last.name})")
            self.pool = saved
        self.emit(f"{n} = pl.mul({n}, 0.5)")
        self.indent -= 1
        self.add(n, t.shape, False)

    def s_while(self):
        t = self.pick()
        n = self.fresh("wacc")
        kv = self.fresh("k")
        self.emit(f"{n} = {t.name}")
        self.emit(f"{kv} = 0")
        self.emit(f"while {kv} < {self.rng.randint(1, 3)}:")
        self.indent += 1
        self.emit(f"{n} = pl.{self.rng.choice(SCALAR_OPS)}({n}, {self.fval()})")
        self.emit(f"{kv} = {kv} + 1")
        self.indent -= 1
        self.add(n, t.shape, t.full)

    def s_if(self):
        if "flag: pl.Scalar[pl.BOOL]" not in self.params:
            self.params.append("flag: pl.Scalar[pl.BOOL]")
        t = self.pick()
        n = self.fresh("m")
        self.emit(f"{n} = {t.name}")
        self.emit("if flag:")
        self.indent += 1
        self.emit(f"{n} = pl.{self.rng.choice(UNARY)}({n})")
        self.indent -= 1
        if self.rng.random() < 0.5:
            self.emit("else:")
            self.indent += 1
            self.emit(f"{n} = pl.mul({n}, {self.fval()})")
            self.indent -= 1
        self.add(n, t.shape, t.full)

    def s_v2c(self):
        # Vector result back to the cube (aic_gather): even, un-ragged [M, N] tiles only.
        t = self.pick(lambda x: x.shape == (self.M, self.N) and x.full)
        if not t or not self.even or self.form != "auto":
            return self.s_binary()
        b2 = self.tensor([self.N, 16], "FP16")
        n = self.fresh("q")
        self.emit(f"{n}_l = pl.move(pl.move(pl.cast({t.name}, pl.FP16), target_memory=pl.Mem.Mat),"
                  f" target_memory=pl.Mem.Left)")
        self.emit(f"{n}_r = pl.move(pl.load({b2}, [0, 0], [{self.N}, 16], "
                  f"target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)")
        self.emit(f"{n} = pl.move(pl.matmul({n}_l, {n}_r), target_memory=pl.Mem.Vec)")
        self.add(n, (self.M, 16))

    # ---- text --------------------------------------------------------------------------------
    def render(self):
        outs = ", ".join(f"{n}: pl.{'InOut' if io else 'Out'}[{t}]" for n, t, io in self.outs)
        params = ", ".join(self.params + ([outs] if outs else []))
        rets = [t for _, t, _ in self.outs]
        ret = rets[0] if len(rets) == 1 else f"tuple[{', '.join(rets)}]"
        body = []
        ind = "    "
        if self.form == "auto" and self.nosplit:
            body.append(ind * 2 + "with pl.at(level=pl.Level.CORE_GROUP):")
            body += [ind * 3 + h for h in self.header]
            body += self.lines
        elif self.form == "auto":
            body.append(ind * 2 + "with pl.at(level=pl.Level.CORE_GROUP, "
                        f"optimizations=[pl.split(pl.SplitMode.{self.mode})]):")
            body += [ind * 3 + h for h in self.header]
            body += self.lines
        else:
            mode = self.mode if self.form == "region" else "NONE"
            body.append(ind * 2 + "with pl.at(level=pl.Level.CORE_GROUP):")
            body += [ind * 3 + h for h in self.header]
            body.append(ind * 3 + f"for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.{mode}):")
            body += self.lines
            body += self.sibling
        names = ", ".join(n for n, _, _ in self.outs)
        return ("import pypto.language as pl\n\n\n@pl.program\nclass Gen:\n"
                f"    @pl.function\n    def main(self, {params}) -> {ret}:\n"
                + "\n".join(body) + f"\n        return {names}\n")


def generate(seed):
    return Gen(seed).program()


def classify(ptoc, path, passes, seed, verify=True, arch=None, schedule=None):
    # Inputs (tensors, and the scalars n / flag) vary per program; with --verify-each and
    # the print -> parse round trip after every pass, ill-typed output is an internal error.
    cmd = [ptoc, "check", str(path), f"--passes={passes}", f"--seed={seed % 100000}"]
    if arch:
        cmd.append(f"--arch={arch}")
    if schedule:
        cmd.append(f"--schedule={schedule}")
    env = dict(os.environ)
    if verify:
        cmd.append("--verify-each")
        env["PTOC_VERIFY_ROUNDTRIP"] = "1"
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return "internal", "timeout"
    out = p.stdout + p.stderr
    first = next((ln for ln in out.splitlines() if "error:" in ln), out.strip()[:200])
    if p.returncode == 0 and "check ok" in out:
        return "equal", ""
    if "internal error" in out or p.returncode not in (0, 1):
        return "internal", first
    if "before the passes:" in out:
        return "invalid", first
    if "after the passes:" in out and "differs at index" not in out:
        return "broken", first
    if "differs at index" in out or "after the passes" in out:
        return "mismatch", first
    return "rejected", first


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ptoc", nargs="?")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--passes", default=DEFAULT_PASSES)
    ap.add_argument("--arch", help="a2a3 or a5 (ptoc's default when omitted)")
    ap.add_argument("--schedule", choices=["aic-first", "aiv-first"],
                    help="the simulator's core order (aiv-first exposes missing C->V ordering)")
    ap.add_argument("--save-dir")
    ap.add_argument("--show", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--emit", action="store_true")
    ap.add_argument("--no-verify", action="store_true",
                    help="no --verify-each / round trip (faster)")
    ap.add_argument("--expect-clean", action="store_true")
    ap.add_argument("--min-accepted", type=float, default=98.0)
    a = ap.parse_args()
    if a.emit:
        sys.stdout.write(generate(a.seed))
        return 0
    if not a.ptoc:
        ap.error("PTOC is required unless --emit")
    classes = ["equal", "mismatch", "broken", "rejected", "internal", "invalid"]
    counts = {c: 0 for c in classes}
    examples = {c: [] for c in classes}
    reasons = {}
    with tempfile.TemporaryDirectory() as tmp:
        # Run a snapshot of the binary: a rebuild during a long campaign must not swap it.
        ptoc = str(Path(tmp) / "ptoc")
        shutil.copy2(a.ptoc, ptoc)

        def one(k):
            seed = a.seed * 1000003 + k
            path = Path(tmp) / f"gen_{seed}.py"
            path.write_text(generate(seed))
            cls, msg = classify(ptoc, path, a.passes, seed, not a.no_verify, a.arch, a.schedule)
            return k, seed, path, cls, msg

        with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            for k, seed, path, cls, msg in ex.map(one, range(a.count)):
                counts[cls] += 1
                if cls != "equal":
                    key = msg.split("error:", 1)[-1].strip()[:90]
                    reasons.setdefault((cls, key), []).append(seed)
                    if len(examples[cls]) < a.show:
                        examples[cls].append((seed, msg))
                    if a.save_dir:
                        os.makedirs(a.save_dir, exist_ok=True)
                        Path(a.save_dir, f"{cls}-{seed}.py").write_text(path.read_text())
    total = sum(counts.values())
    arch = f", arch {a.arch}" if a.arch else ""
    print(f"programs: {total} (seed {a.seed}, passes {a.passes}{arch})")
    for c in classes:
        print(f"{c}: {counts[c]} ({100.0 * counts[c] / max(1, total):.2f} %)")
    for (cls, key), seeds in sorted(reasons.items(), key=lambda kv: -len(kv[1]))[: a.show * 2]:
        print(f"  [{cls}] x{len(seeds)} (e.g. --emit --seed {seeds[0]}): {key}")
    accepted = 100.0 * counts["equal"] / max(1, total)
    bad = counts["mismatch"] + counts["broken"] + counts["internal"] + counts["invalid"]
    if a.expect_clean and (bad or accepted < a.min_accepted):
        print(f"NOT CLEAN: {bad} failing program(s), {accepted:.2f} % accepted")
        return 1
    print("clean" if not bad else f"{bad} failing program(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
