#!/usr/bin/env python3
"""Corpus harness: read every PyPTO program of a local PyPTO checkout with ptoc.

Extracts each `@pl.program` class and each standalone `@pl.function` from the
checkout's tests/ and examples/ (Python's `ast` module; the programs are PyPTO's,
so they are written to a temporary directory and never committed), prefixes the
imports and the module/enclosing-scope constants the program refers to
(`M = pl.dynamic("M")`, `BLOCK = 64`), and runs `ptoc fmt` on each:

  - a program inside `with pytest.raises(...)` is an expected error: it must be
    rejected (exit 1);
  - any other program should be accepted (exit 0), and its canonical form must
    parse back to the same text (`ptoc fmt OUT` == OUT);
  - exit status 2 or a signal is an internal error / crash (always a bug).

Prints acceptance per source area and the top rejection classes (grouped by the
first diagnostic's message, with quoted names elided).

usage: pypto_corpus.py PYPTO_DIR [--ptoc PATH] [--out DIR] [--top N] [--list-class TEXT]
                       [--area PREFIX] [--keep]
A PyPTO checkout can be exported from a bare git dir with
  mkdir /tmp/pypto && git --git-dir=PYPTO.git archive HEAD | tar -x -C /tmp/pypto
"""
import argparse
import ast
import collections
import os
import re
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path


def is_pl_attr(node, name):
    """`pl.NAME` (or `pl.NAME(...)` when node is a call)."""
    if isinstance(node, ast.Call):
        node = node.func
    return (isinstance(node, ast.Attribute) and node.attr == name and
            isinstance(node.value, ast.Name) and node.value.id == "pl")


def is_pytest_raises(with_node):
    for item in with_node.items:
        e = item.context_expr
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and \
                e.func.attr == "raises":
            return True
    return False


def names_used(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def const_like(value):
    """A value PyPTO resolves from the enclosing Python scope that ptoc reads too:
    numbers, pl.dynamic(...), pl.<dtype>, and arithmetic of names and numbers."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float)) and not isinstance(value.value, bool)
    if isinstance(value, ast.Name):
        return True
    if isinstance(value, ast.UnaryOp):
        return const_like(value.operand)
    if isinstance(value, ast.BinOp):
        return const_like(value.left) and const_like(value.right)
    if isinstance(value, ast.Call) and is_pl_attr(value, "dynamic"):
        return True
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and \
            value.value.id == "pl":
        return True
    return False


class Extractor(ast.NodeVisitor):
    def __init__(self, src):
        self.src = src
        self.lines = src.splitlines()
        self.stack = []  # ancestors
        self.found = []  # (kind, name, text, expected_error)

    def scope_consts(self):
        """Simple constant assignments visible at the current point: module level and
        every enclosing function body (statements before the nested node)."""
        consts = collections.OrderedDict()
        for i, anc in enumerate(self.stack):
            if not isinstance(anc, (ast.Module, ast.FunctionDef)):
                continue
            child = self.stack[i + 1] if i + 1 < len(self.stack) else None
            for s in anc.body:
                if s is child:
                    break
                if isinstance(s, ast.Assign) and len(s.targets) == 1 and \
                        isinstance(s.targets[0], ast.Name) and const_like(s.value):
                    consts[s.targets[0].id] = s
                elif isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and \
                        s.value is not None and const_like(s.value):
                    consts[s.target.id] = s
        return consts

    def text_of(self, node):
        first = min([d.lineno for d in getattr(node, "decorator_list", [])] + [node.lineno])
        body = "\n".join(self.lines[first - 1:node.end_lineno])
        return textwrap.dedent(body)

    def emit(self, kind, node):
        expected_error = any(isinstance(a, ast.With) and is_pytest_raises(a) for a in self.stack)
        consts = self.scope_consts()
        used = names_used(node)
        # Transitive closure over the constants' own names.
        keep, work = set(), [n for n in used if n in consts]
        while work:
            n = work.pop()
            if n in keep:
                continue
            keep.add(n)
            work += [m for m in names_used(consts[n].value) if m in consts and m not in keep]
        header = ["import pypto.language as pl"]
        body = self.text_of(node)
        if "pld." in body:
            header.append("import pypto.language.distributed as pld")
        header.append("")
        for n, s in consts.items():
            if n in keep:
                header.append(ast.get_source_segment(self.src, s))
        header.append("")
        self.found.append((kind, node.name, "\n".join(header) + "\n" + body + "\n",
                           expected_error))

    def generic_visit(self, node):
        self.stack.append(node)
        super().generic_visit(node)
        self.stack.pop()

    def visit_ClassDef(self, node):
        if any(is_pl_attr(d, "program") for d in node.decorator_list):
            self.emit("program", node)
            return  # its methods belong to it
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        if any(is_pl_attr(d, "function") for d in node.decorator_list):
            self.emit("function", node)
            return
        self.generic_visit(node)


def area_of(rel):
    parts = rel.split("/")
    return "/".join(parts[:3]) if parts[0] == "tests" else "/".join(parts[:2])


def first_error(stderr):
    for line in stderr.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return m.group(1).strip()
    return stderr.strip().splitlines()[0] if stderr.strip() else "(no message)"


def error_class(msg):
    msg = re.sub(r"'[^']*'", "'…'", msg)
    msg = re.sub(r'"[^"]*"', '"…"', msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pypto")
    ap.add_argument("--ptoc", default=str(Path(__file__).resolve().parents[2] /
                                          "build/tools/ptoc/ptoc"))
    ap.add_argument("--out", help="write the programs here (default: a temporary directory)")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--list-class", help="list the programs whose rejection class contains TEXT")
    ap.add_argument("--area", default="", help="only programs under this path prefix")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args()

    root = Path(args.pypto)
    files = sorted(p for d in ("tests", "examples") for p in (root / d).rglob("*.py"))
    programs = []
    for f in files:
        rel = str(f.relative_to(root))
        if not rel.startswith(args.area):
            continue
        try:
            src = f.read_text(encoding="utf-8")
            tree = ast.parse(src)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        if "pl." not in src:
            continue
        ex = Extractor(src)
        ex.stack = []
        ex.generic_visit(tree)
        for i, (kind, name, text, expected) in enumerate(ex.found):
            programs.append((rel, i, kind, name, text, expected))

    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="pypto-corpus-"))
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PTOC_VERIFY_ROUNDTRIP="1")
    per_area = collections.defaultdict(lambda: [0, 0, 0])  # total, accepted, round-trip ok
    classes = collections.Counter()
    class_examples = collections.defaultdict(list)
    internal, expected_total, expected_rejected, accepted_expected = [], 0, 0, []
    for rel, i, kind, name, text, expected in programs:
        fname = out / (re.sub(r"[^A-Za-z0-9]+", "_", rel[:-3]) + f"__{i}_{name}.py")
        fname.write_text(text, encoding="utf-8")
        try:
            r = subprocess.run([args.ptoc, "fmt", str(fname)], capture_output=True, text=True,
                               env=env, timeout=30)
            rc = r.returncode
        except subprocess.TimeoutExpired:
            rc, r = -999, None
        if rc not in (0, 1):
            internal.append((fname, rc, r.stderr[-400:] if r else "timeout"))
        if expected:
            expected_total += 1
            if rc == 1:
                expected_rejected += 1
            elif rc == 0:
                accepted_expected.append(fname)
            continue
        area = area_of(rel)
        per_area[area][0] += 1
        if rc == 0:
            per_area[area][1] += 1
            canon = fname.with_suffix(".canon.py")
            canon.write_text(r.stdout, encoding="utf-8")
            r2 = subprocess.run([args.ptoc, "fmt", str(canon)], capture_output=True, text=True,
                                timeout=30)
            if r2.returncode == 0 and r2.stdout == r.stdout:
                per_area[area][2] += 1
            else:
                classes["(round trip) " + error_class(first_error(r2.stderr))
                        if r2.returncode else "(round trip) not idempotent"] += 1
            continue
        if rc == 1:
            cls = error_class(first_error(r.stderr))
            classes[cls] += 1
            class_examples[cls].append((fname, first_error(r.stderr)))

    tot = [sum(v[k] for v in per_area.values()) for k in range(3)]
    print(f"{'area':36} {'programs':>8} {'accepted':>9} {'%':>6} {'round-trip':>10}")
    for area in sorted(per_area):
        t, a, rt = per_area[area]
        print(f"{area:36} {t:8} {a:9} {100.0 * a / max(t, 1):5.1f}% {rt:10}")
    print(f"{'TOTAL':36} {tot[0]:8} {tot[1]:9} {100.0 * tot[1] / max(tot[0], 1):5.1f}% "
          f"{tot[2]:10}")
    print(f"expected errors (inside pytest.raises): {expected_total}, rejected {expected_rejected}"
          f", accepted {len(accepted_expected)}")
    for f in accepted_expected[:args.top]:
        print(f"  accepted although expected to fail: {f}")
    print(f"internal errors / crashes: {len(internal)}")
    for f, rc, err in internal[:20]:
        print(f"  {f}: status {rc}: {err.strip().splitlines()[-1] if err.strip() else ''}")
    print(f"\ntop rejection classes ({sum(classes.values())} rejected):")
    for cls, n in classes.most_common(args.top):
        ex = class_examples[cls][0] if class_examples[cls] else None
        print(f"{n:5}  {cls}")
        if ex:
            print(f"         e.g. {ex[1]}  [{ex[0].name}]")
    if args.list_class:
        print(f"\nprograms rejected with a class containing {args.list_class!r}:")
        for cls, exs in class_examples.items():
            if args.list_class in cls:
                for f, msg in exs:
                    print(f"  {f}: {msg}")
    if not args.out and not args.keep:
        for p in out.iterdir():
            p.unlink()
        out.rmdir()
    elif args.keep:
        print(f"programs in {out}")
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())
