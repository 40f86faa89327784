#!/usr/bin/env python3
"""Harvest TileLang's public PTO kernels from a local copy of the repository and measure
how many ptoc reads (`ptoc fmt`) and how many of those lower and check bit-exactly
(`ptoc check --passes=simdvf --rtol 0 --atol 0`). Issue 11 acceptance; nothing harvested is
committed (the kernels are TileLang's, not ptoc's).

usage: scripts/harvest_tilelang.py TILELANG_DIR [--out DIR] [--ptoc PATH] [--param NAME=VALUE]...

What it reads: every .py file under testing/ascend/language/pto, testing/python/ascend and
examples/ascend/st_simtvf_parallel (or the paths given with --paths) that holds a
`@T.prim_func` with a `T.SimdVF` region. TileLang kernels are built by Python factories
(`def _k1d(E, out_extent, lanes, dtype): ... @T.prim_func def main(...) ... return main`), so
each kernel is written out as a stand-alone T file with its parameters filled in:

- factory parameters take --param values, else the arguments of a call of the factory in the
  same file whose values are known (literals, or names bound to literals in the calling
  function: `E, lanes = 150, 128` then `_k1d(E, P, lanes)`), else the factory's own default,
  else a value from the table DEFAULTS below (names the public kernels use; `P` and
  `out_extent` default to the padded extent);
- the simple assignments of the enclosing functions before the kernel (`P =
  _ceil_to_lanes(E, lanes)`, `E, lanes = 150, 128`) are evaluated in Python with the file's
  own helper functions and module constants, and emitted as constants;
- a kernel under an `if` of its factory (one arm per kernel) is harvested as is: each arm is
  one kernel.

The report gives, per source file: kernels, parsed, lowered+checked, and the first line of
each rejection; then the totals.
"""
import argparse
import ast
import os
import re
import subprocess
import sys
import textwrap

DEFAULTS = [
    ("lanes", 128), ("L", 128), ("dtype", "float32"), ("src_dtype", "float16"), ("n", 512), ("m", 4),
    ("E", 256), ("N", 150), ("M", 4), ("K", 64), ("R", 32), ("C", 64), ("E_div", 256),
    ("E_non", 150), ("arm", "input_stream"),
    ("P", "(E + lanes - 1) // lanes * lanes"), ("out_extent", "(E + lanes - 1) // lanes * lanes"),
]
DERIVED = ("P", "out_extent")
ROOTS = ["testing/ascend/language/pto", "testing/python/ascend", "examples/ascend/st_simtvf_parallel"]


def is_prim_func(fn):
    for d in fn.decorator_list:
        t = d.func if isinstance(d, ast.Call) else d
        if isinstance(t, ast.Attribute) and t.attr == "prim_func":
            return True
    return False


def literal(v):
    if isinstance(v, (bool, int, float, str)):
        return repr(v)
    return None


class Harvest:
    def __init__(self, path, overrides):
        self.path = path
        self.src = open(path, encoding="utf-8").read()
        self.tree = ast.parse(self.src)
        self.overrides = overrides
        self.env = {"__builtins__": __builtins__}
        # The file's helper functions and module constants, each on its own (a helper that
        # needs torch simply stays undefined).
        for node in self.tree.body:
            if isinstance(node, (ast.FunctionDef, ast.Assign)):
                try:
                    exec(compile(ast.Module([node], []), path, "exec"), self.env)
                except Exception:
                    pass

    def kernels(self):
        out = []

        def walk(body, chain):
            for node in body:
                if isinstance(node, ast.FunctionDef):
                    if is_prim_func(node):
                        out.append((node, list(chain)))
                    else:
                        walk(node.body, chain + [node])
                elif isinstance(node, (ast.If, ast.With, ast.For)):
                    walk(node.body, chain)
                    walk(getattr(node, "orelse", []), chain)

        walk(self.tree.body, [])
        return out

    def call_site_args(self, fn):
        """The arguments of the first call of factory `fn` in the file whose values are known:
        literals, or names bound to literals earlier in the calling function."""
        for outer in ast.walk(self.tree):
            if not isinstance(outer, ast.FunctionDef):
                continue
            local = dict(self.env)
            for stmt in outer.body:
                if isinstance(stmt, ast.Assign):
                    try:
                        exec(compile(ast.Module([stmt], []), self.path, "exec"), local)
                    except Exception:
                        pass
            for node in ast.walk(outer):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == fn.name):
                    continue
                try:
                    vals = [eval(compile(ast.Expression(x), self.path, "eval"), local) for x in node.args]
                    kws = {k.arg: eval(compile(ast.Expression(k.value), self.path, "eval"), local) for k in node.keywords}
                except Exception:
                    continue
                out = {}
                for a, v in zip(fn.args.args, vals):
                    out[a.arg] = v
                out.update(kws)
                if all(literal(v) is not None for v in out.values()):
                    return out
        return {}

    def fill(self, chain):
        env = dict(self.env)
        consts = {}
        for fn in chain:
            args = fn.args.args
            defaults = [None] * (len(args) - len(fn.args.defaults)) + list(fn.args.defaults)
            derived = []
            site = self.call_site_args(fn)
            for a, d in zip(args, defaults):
                if a.arg in self.overrides:
                    env[a.arg] = self.overrides[a.arg]
                elif a.arg in site:
                    env[a.arg] = site[a.arg]
                elif d is not None:
                    env[a.arg] = eval(compile(ast.Expression(d), self.path, "eval"), env)
                else:
                    for name, v in DEFAULTS:
                        if name == a.arg and name in DERIVED:
                            derived.append((name, v))
                        elif name == a.arg:
                            env[a.arg] = v
            for name, v in derived:  # after the plain ones they are computed from
                env[name] = eval(v, env)
            for a in args:
                consts[a.arg] = env.get(a.arg)
            for stmt in fn.body:
                if isinstance(stmt, ast.Assign):
                    try:
                        exec(compile(ast.Module([stmt], []), self.path, "exec"), env)
                    except Exception:
                        continue
                    for t in stmt.targets:
                        for n in ast.walk(t):
                            if isinstance(n, ast.Name):
                                consts[n.id] = env.get(n.id)
        for k, v in self.env.items():
            if k not in consts and literal(v) is not None and not k.startswith("__"):
                consts[k] = v
        return consts

    def write(self, kernel, chain, dest):
        consts = self.fill(chain)
        lines = self.src.splitlines()
        start = min([kernel.lineno] + [d.lineno for d in kernel.decorator_list]) - 1
        body = textwrap.dedent("\n".join(lines[start:kernel.end_lineno]))
        header = ["import tilelang.language as T", ""]
        for k, v in consts.items():
            if literal(v) is not None and re.search(r"\b%s\b" % re.escape(k), body):
                header.append(f"{k} = {literal(v)}")
        open(dest, "w").write("\n".join(header) + "\n\n\n" + body + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tilelang_dir")
    ap.add_argument("--out", default="/tmp/ptoc-harvest")
    ap.add_argument("--ptoc", default=os.path.join(os.path.dirname(__file__), "..", "build", "tools", "ptoc", "ptoc"))
    ap.add_argument("--param", action="append", default=[], help="NAME=VALUE (a Python literal)")
    ap.add_argument("--paths", nargs="*", default=ROOTS)
    a = ap.parse_args()
    overrides = {}
    for p in a.param:
        k, v = p.split("=", 1)
        overrides[k] = ast.literal_eval(v)
    os.makedirs(a.out, exist_ok=True)
    files = []
    for r in a.paths:
        base = os.path.join(a.tilelang_dir, r)
        for dp, _, fs in os.walk(base):
            files += [os.path.join(dp, f) for f in sorted(fs) if f.endswith(".py")]
    total = parsed = lowered = 0
    for f in sorted(files):
        text = open(f, encoding="utf-8", errors="replace").read()
        if "prim_func" not in text or "SimdVF" not in text:
            continue
        rel = os.path.relpath(f, a.tilelang_dir)
        try:
            h = Harvest(f, overrides)
        except SyntaxError as e:
            print(f"{rel}: not Python ({e})")
            continue
        ks = [(k, c) for k, c in h.kernels() if "SimdVF" in ast.get_source_segment(h.src, k)]
        np_ = nl = 0
        notes = []
        for idx, (k, chain) in enumerate(ks):
            name = re.sub(r"[^A-Za-z0-9]+", "_", rel[:-3]) + f"__{(chain[-1].name if chain else k.name)}_{idx}.py"
            dest = os.path.join(a.out, name)
            try:
                h.write(k, chain, dest)
            except Exception as e:
                notes.append(f"  #{idx} ({chain[-1].name if chain else k.name}): not filled in: {e}")
                continue
            r = subprocess.run([a.ptoc, "fmt", dest], capture_output=True, text=True)
            if r.returncode != 0:
                notes.append(f"  #{idx} ({chain[-1].name if chain else k.name}): parse: {r.stderr.splitlines()[0] if r.stderr else r.returncode}")
                continue
            np_ += 1
            r = subprocess.run([a.ptoc, "check", dest, "--passes=simdvf", "--rtol", "0", "--atol", "0"],
                               capture_output=True, text=True)
            if r.returncode == 0:
                nl += 1
            else:
                msg = (r.stderr or r.stdout).splitlines()
                notes.append(f"  #{idx} ({chain[-1].name if chain else k.name}): not lowered: {msg[0] if msg else r.returncode}")
        total += len(ks)
        parsed += np_
        lowered += nl
        print(f"{rel}: {len(ks)} kernels, {np_} parse, {nl} lower + check bit-exactly")
        for n in notes:
            print(n)
    pct = 100.0 * parsed / total if total else 0.0
    print(f"total: {total} kernels, {parsed} parse ({pct:.0f} %), {lowered} lower + check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
