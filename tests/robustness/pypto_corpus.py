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
  - exit status 2 or a signal is an internal error / crash (always a bug);
  - a program whose pytest.raises expects pypto.InternalError or AssertionError, or whose test
    monkeypatches PyPTO, is valid (the test injects the failure into a pass or an op); it is
    listed apart and counted in neither figure;
  - a program that uses a value of the Python code around it that the harness cannot evaluate
    (tests/robustness/corpus_eval.py: constants, lists, dicts, `self.X` of a test class, call-site
    and parametrize values, `if`s) is not extractable: listed apart, counted in no figure.

Prints acceptance per source area and the top rejection classes (grouped by the
first diagnostic's message, with quoted names elided).

usage: pypto_corpus.py PYPTO_DIR [--ptoc PATH] [--out DIR] [--top N] [--list-class TEXT]
                       [--area PREFIX] [--keep] [--results FILE]
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

from corpus_eval import UNKNOWN, Evaluator, render


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


PY_BUILTINS = {"range", "len", "min", "max", "int", "float", "bool", "str", "list", "tuple",
               "print", "abs", "enumerate", "zip", "isinstance", "super", "None", "True",
               "False", "pl", "pld", "self", "dict", "set", "sum", "any", "all", "sorted"}


def bound_names(fn):
    """Names a function (or class) binds itself: parameters, assigned names, loop targets,
    nested definitions."""
    out = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n is not fn:
            out.add(n.name)
    return out


def free_names(node):
    """Names `node` (a @pl.program class or a @pl.function) uses without binding them,
    function by function."""
    if isinstance(node, ast.ClassDef):
        out = set()
        for d in node.decorator_list:
            out |= names_used(d)
        for s in node.body:
            out |= free_names(s) if isinstance(s, ast.FunctionDef) else names_used(s)
        return out - PY_BUILTINS
    return names_used(node) - bound_names(node) - PY_BUILTINS


def defined_names(tree):
    """Every name the file binds somewhere (assignment, parameter, definition, import)."""
    out = bound_names(tree)
    for n in ast.walk(tree):
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            out |= {(a.asname or a.name).split(".")[0] for a in n.names}
    return out


def const_like(value):
    """A value PyPTO resolves from the enclosing Python scope that ptoc reads too:
    numbers, pl.dynamic(...), pl.MemRef(...), pl.<dtype>, and arithmetic of names and
    numbers."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float)) and not isinstance(value.value, bool)
    if isinstance(value, ast.Name):
        return True
    if isinstance(value, ast.UnaryOp):
        return const_like(value.operand)
    if isinstance(value, ast.BinOp):
        return const_like(value.left) and const_like(value.right)
    if isinstance(value, ast.Call) and (is_pl_attr(value, "dynamic") or
                                        is_pl_attr(value, "MemRef")):
        return True
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and \
            value.value.id == "pl":
        return True
    return False


def const_assigns(stmt, self_attrs=None):
    """The (name, value) pairs of a constant assignment: `N = 64`, `N: int = 64`,
    `M = N = 64` or `M, N = 32, 64`; [] for any other statement. `self.X` values are
    read through `self_attrs` (what the class's __init__ stores: a constant or the
    default of one of its parameters)."""
    def value(v):
        if self_attrs and isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and \
                v.value.id == "self" and v.attr in self_attrs:
            return self_attrs[v.attr]
        return v
    if isinstance(stmt, ast.Assign):
        out = []
        for t in stmt.targets:
            v = value(stmt.value)
            if isinstance(t, ast.Name):
                if not const_like(v):
                    return []
                out.append((t.id, v))
            elif isinstance(t, (ast.Tuple, ast.List)) and \
                    isinstance(stmt.value, (ast.Tuple, ast.List)) and \
                    len(t.elts) == len(stmt.value.elts) and \
                    all(isinstance(x, ast.Name) for x in t.elts):
                vals = [value(x) for x in stmt.value.elts]
                if not all(const_like(x) for x in vals):
                    return []
                out += [(x.id, y) for x, y in zip(t.elts, vals)]
            else:
                return []
        return out
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
            stmt.value is not None and const_like(stmt.value):
        return [(stmt.target.id, stmt.value)]
    return []


def is_pl_decorated(fn):
    return any(isinstance(d, (ast.Attribute, ast.Call)) and
               (is_pl_attr(d, "function") or is_pl_attr(d, "program") or is_pl_attr(d, "jit"))
               for d in fn.decorator_list)


def builder_params(fn):
    """The parameters of a plain function around a program, without self / cls."""
    a = fn.args
    pos = a.posonlyargs + a.args
    defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
    out = list(zip(pos, defaults)) + list(zip(a.kwonlyargs, a.kw_defaults))
    return [(arg.arg, d) for arg, d in out if arg.arg not in ("self", "cls")]


class Extractor(ast.NodeVisitor):
    def __init__(self, src, tree):
        self.src = src
        self.tree = tree
        self.lines = src.splitlines()
        self.stack = []  # ancestors
        self.found = []  # (kind, name, text, expected_error, defines, skip reason)
        self.evaluator = Evaluator(tree, src)
        self.module_functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)
                                 and any(is_pl_attr(d, "function") or is_pl_attr(d, "inline")
                                         for d in f.decorator_list)}
        self.defined = defined_names(tree)
        # Names bound to Python functions, classes or modules (not values).
        self.not_values = {n.name for n in ast.walk(tree)
                           if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        self.local_imports = {}  # name -> module, for `from tests.x import name` / examples
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                self.not_values |= {(a.asname or a.name).split(".")[0] for a in n.names}
            elif isinstance(n, ast.ImportFrom):
                for a in n.names:
                    name = a.asname or a.name
                    mod = n.module or ""
                    if n.level or mod.split(".")[0] in ("tests", "examples"):
                        self.local_imports[name] = ("." * n.level) + mod
                    else:
                        self.not_values.add(name)

    def self_attrs(self, cls):
        """self.X -> value node for `self.X = <constant>` / `self.X = param` (with a
        constant default) in the __init__ of the Python class `cls`."""
        out = {}
        for f in cls.body:
            if not (isinstance(f, ast.FunctionDef) and f.name == "__init__"):
                continue
            defaults = dict(builder_params(f))
            for s in f.body:
                if isinstance(s, ast.Assign) and len(s.targets) == 1 and \
                        isinstance(s.targets[0], ast.Attribute) and \
                        isinstance(s.targets[0].value, ast.Name) and \
                        s.targets[0].value.id == "self":
                    v = s.value
                    if isinstance(v, ast.Name) and v.id in defaults:
                        v = defaults[v.id]
                    if v is not None and isinstance(v, ast.Constant) and const_like(v):
                        out[s.targets[0].attr] = v
        return out

    def scope_consts(self, upto=None):
        """Simple constant assignments visible at the current point: module level and
        every enclosing function body (statements before the nested node), as
        name -> (value, owner), owner being the Module or FunctionDef."""
        consts = collections.OrderedDict()
        stack = self.stack if upto is None else self.stack[:upto]
        for i, anc in enumerate(stack):
            if not isinstance(anc, (ast.Module, ast.FunctionDef)):
                continue
            child = self.stack[i + 1] if i + 1 < len(self.stack) else None
            attrs = self.self_attrs(stack[i - 1]) if i > 0 and \
                isinstance(stack[i - 1], ast.ClassDef) else None
            for s in anc.body:
                if s is child:
                    break
                for n, v in const_assigns(s, attrs):
                    consts.pop(n, None)
                    consts[n] = (v, anc)
        return consts

    def text_of(self, node):
        first = min([d.lineno for d in getattr(node, "decorator_list", [])] + [node.lineno])
        body = "\n".join(self.lines[first - 1:node.end_lineno])
        return textwrap.dedent(body)

    def call_site_values(self, fn, params):
        """Values of the builder `fn`'s parameters: the first row of a
        pytest.mark.parametrize on it, else the call of it that gives the most known
        arguments (a parametrized caller passes its own first row on:
        `def test(op, v): helper(op, v)`). Evaluated by corpus_eval.Evaluator."""
        names = [p for p, _ in params]
        ev = self.evaluator
        row = {k: v for k, v in ev.parametrize_row(fn).items() if k in names}
        if row:
            return row
        best = {}
        for caller in ast.walk(self.tree):
            if not isinstance(caller, (ast.FunctionDef, ast.Module)):
                continue
            env = None
            for call in ast.walk(caller):
                if not isinstance(call, ast.Call):
                    continue
                f = call.func
                callee = f.id if isinstance(f, ast.Name) else \
                    f.attr if isinstance(f, ast.Attribute) else None
                if callee != fn.name or any(isinstance(a, ast.Starred) for a in call.args):
                    continue
                env = env or ev.caller_env(caller)
                out = {}
                for name, a in zip(names, call.args):
                    v = ev.eval(a, env)
                    if v is not UNKNOWN:
                        out[name] = v
                for kw in call.keywords:
                    v = ev.eval(kw.value, env) if kw.arg in names else UNKNOWN
                    if v is not UNKNOWN:
                        out[kw.arg] = v
                if len(out) > len(best):  # the call that gives the most parameters
                    best = out
        return best

    def emit(self, kind, node):
        # The exception a surrounding `with pytest.raises(E, ...)` expects ("" if none).
        expected_error = ""
        for a in self.stack:
            if isinstance(a, ast.With) and is_pytest_raises(a):
                call = a.items[0].context_expr
                expected_error = ast.unparse(call.args[0]) if call.args else "Exception"
        # A test that monkeypatches PyPTO (an op made to raise) injects the error: the
        # program itself is valid.
        if expected_error and any(isinstance(a, ast.FunctionDef) and any(
                x.arg == "monkeypatch" for x in a.args.args) for a in self.stack):
            expected_error = MONKEYPATCHED
        # The innermost plain function around the program whose parameters it uses: a
        # builder; ptoc reads it with its parameters (defaults, --define from a call site).
        builder_at = None
        for i in range(len(self.stack) - 1, 0, -1):
            anc = self.stack[i]
            if isinstance(anc, ast.FunctionDef) and not is_pl_decorated(anc):
                builder_at = i
                break
        # @pl.function's of the module (or of an enclosing function) the program calls: PyPTO
        # adds them to the program; @pl.inline functions it calls: PyPTO expands them.
        visible = dict(self.module_functions)
        for anc in self.stack:
            if isinstance(anc, ast.FunctionDef):
                visible.update({f.name: f for f in anc.body if isinstance(f, ast.FunctionDef) and
                                any(is_pl_attr(d, "function") or is_pl_attr(d, "inline")
                                    for d in f.decorator_list)})
        nodes = [node]
        if kind == "program":
            work = list(free_names(node))
            while work:
                n = work.pop()
                f = visible.get(n)
                if f is not None and f not in nodes:
                    nodes.append(f)
                    work += list(free_names(f))
        consts = self.scope_consts()
        used = set().union(*(names_used(x) for x in nodes))
        # Transitive closure over the constants' own names.
        keep, work = set(), [n for n in used if n in consts]
        while work:
            n = work.pop()
            if n in keep:
                continue
            keep.add(n)
            work += [m for m in names_used(consts[n][0]) if m in consts and m not in keep]
        needed = used | {m for n in keep for m in names_used(consts[n][0])}
        builder, params = None, []
        if builder_at is not None:
            fn = self.stack[builder_at]
            params = builder_params(fn)
            inner = {n for n, (v, owner) in consts.items() if owner is fn}
            if any(p in needed and p not in inner for p, _ in params):
                builder = fn
        # The names the program (and the constants it keeps) uses but nothing here binds:
        # values of the Python code around it, evaluated where the evaluator can.
        free = set().union(*(free_names(x) for x in nodes))
        free |= {m for n in keep for m in names_used(consts[n][0])}
        free -= set(keep) | {p for p, _ in params if builder is not None}
        free -= {f.name for f in nodes} | set(visible) | PY_BUILTINS
        values = self.call_site_values(builder, params) if builder is not None else {}
        evaluated, skip = [], ""
        # Names of Python functions, classes and modules are left to ptoc (it reports what it
        # does not read); a name imported from another file of the checkout is not extractable.
        for n in sorted(free & set(self.local_imports)):
            skip = skip or f"'{n}' is imported from {self.local_imports[n]}"
        unresolved = sorted(n for n in free if n in self.defined and n not in self.not_values)
        if unresolved or builder is not None:
            env = self.evaluator.scope_at(self.stack[1:], node,
                                          {builder: values} if builder is not None else {})
            if builder is not None:
                for p, d in params:
                    v = env.find(p)
                    if render(v) is not None and p not in values:
                        values[p] = v
            for n in unresolved:
                r = render(env.find(n))
                if r is None:
                    skip = skip or f"'{n}' is a Python value the harness cannot evaluate"
                else:
                    evaluated.append(f"{n} = {r}")
        header = ["import pypto.language as pl"]
        body = "\n\n".join(self.text_of(x) for x in reversed(nodes))
        if "pld." in body:
            header.append("import pypto.language.distributed as pld")
        header.append("")
        inside = []
        (inside if builder is not None else header).extend(evaluated)
        for n, (v, owner) in consts.items():
            if n in keep:
                line = f"{n} = {ast.get_source_segment(self.src, v)}"
                (inside if builder is not None and owner is builder else header).append(line)
        header.append("")
        defines = {}
        if builder is None:
            text = "\n".join(header) + "\n" + body + "\n"
        else:
            sig = []
            for p, d in params:
                seg = ast.get_source_segment(self.src, d) if d is not None else None
                ok = seg is not None and const_like(d) and \
                    all(m in consts for m in names_used(d))
                sig.append(f"{p}={seg}" if ok else p)
                if p in needed and not ok and render(values.get(p, UNKNOWN)) is None:
                    skip = skip or f"builder parameter '{p}' has no value the harness can find"
            # Parameters without a usable default first (Python's order rule); the values
            # come by name (--define), so the order does not matter otherwise.
            sig = [s for s in sig if "=" not in s] + [s for s in sig if "=" in s]
            lines = [f"def {builder.name}({', '.join(sig)}):"]
            lines += ["    " + x for x in inside]
            lines += ["    " + x if x else "" for x in body.splitlines()]
            lines.append(f"    return {node.name}")
            text = "\n".join(header) + "\n" + "\n".join(lines) + "\n"
            defines = {k: render(v) for k, v in values.items() if render(v) is not None}
        self.found.append((kind, node.name, text, expected_error, defines, skip))

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


# pytest.raises of these exceptions around a program: the test injects the failure (a
# synthetic failing pass, a failed assertion in a callback); the program itself is valid.
MONKEYPATCHED = "(an error the test injects with monkeypatch)"
INJECTED_ERRORS = {"pypto.InternalError", "AssertionError", MONKEYPATCHED}


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
    ap.add_argument("--results", help="write one line per program: status, kind, file, error")
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
        ex = Extractor(src, tree)
        ex.stack = []
        ex.generic_visit(tree)
        for i, (kind, name, text, expected, defines, skip) in enumerate(ex.found):
            programs.append((rel, i, kind, name, text, expected, defines, skip))

    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="pypto-corpus-"))
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PTOC_VERIFY_ROUNDTRIP="1")
    per_area = collections.defaultdict(lambda: [0, 0, 0])  # total, accepted, round-trip ok
    classes = collections.Counter()
    class_examples = collections.defaultdict(list)
    internal, expected_total, expected_rejected, accepted_expected = [], 0, 0, []
    injected = []  # expected errors that PyPTO's test injects (a failing pass), not the program's
    results = open(args.results, "w", encoding="utf-8") if args.results else None
    skipped = collections.Counter()  # programs the harness cannot instantiate, by reason
    for rel, i, kind, name, text, expected, defines, skip in programs:
        fname = out / (re.sub(r"[^A-Za-z0-9]+", "_", rel[:-3]) + f"__{i}_{name}.py")
        fname.write_text(text, encoding="utf-8")
        if skip:
            # Not a ptoc rejection: the program needs a value of the Python code around it
            # that the harness cannot compute. Listed apart, in no figure.
            skipped[error_class(skip)] += 1
            if results:
                results.write(f"skip\t{'expected-error' if expected else 'program'}\t"
                              f"{fname.name}\tnot extractable: {skip}\n")
            continue
        try:
            cmd = [args.ptoc, "fmt", str(fname)]
            for k, v in sorted(defines.items()):
                cmd.append(f"--define={k}={v}")
            if defines:
                fname.with_suffix(".defines").write_text(" ".join(cmd[3:]) + "\n")
            r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=30)
            rc = r.returncode
        except subprocess.TimeoutExpired:
            rc, r = -999, None
        if rc not in (0, 1):
            internal.append((fname, rc, r.stderr[-400:] if r else "timeout"))
        if results:
            results.write(f"{rc}\t{'expected-error' if expected else 'program'}\t{fname.name}\t"
                          f"{first_error(r.stderr) if r and rc else ''}\n")
        if expected in INJECTED_ERRORS:
            # The test makes a pass or an assertion fail on purpose (a valid program).
            injected.append((fname, rc))
            continue
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
    print(f"not counted: {len(injected)} valid programs whose test injects the error "
          f"({', '.join(sorted(INJECTED_ERRORS))}); {sum(rc == 0 for _, rc in injected)} accepted")
    print(f"not extractable (the harness cannot evaluate the Python around them; in no "
          f"figure): {sum(skipped.values())}")
    for cls, n in skipped.most_common(5):
        print(f"  {n:4}  {cls}")
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
