#!/usr/bin/env python3
"""Robustness of the split pipeline under DSL-level mutations.

Every input program is parsed with Python's `ast` module, mutated at the
statement / expression level so that it usually stays a well-formed `pl`
program (swap, delete or duplicate a statement; change a shape literal or an
offset; swap pl.SplitMode / pl.Mem / pl.Level / dtype members; rename a use to
another variable; swap an op for one of the same arity; swap call arguments;
wrap statements in a pl.range loop or an if; ...), printed back with
`ast.unparse`, and run through

    ptoc opt - --passes=<PIPELINE> --verify-each

which must exit 0 (accepted) or 1 with a `LINE:COL: error:` diagnostic — never
crash, hang (10 s), or report an internal error. --report-no-hint lists the
diagnostics that came without a `hint:` line; --require-hints makes each of them a
failure (every user-facing diagnostic must carry an actionable hint). --staged-inputs adds, as further
inputs, the printed IR of every program after each prefix of the pipeline.
--check-prefix also checks, for variants only the last pass rejects, the
pipeline without that pass. With --check every accepted
variant is also run through `ptoc check - --passes=<PIPELINE>` (each entry
function): a numeric mismatch, or a lowered program that fails to run although
the original ran ("after the passes: ..."), is a miscompile; a program that
already fails before the passes ("before the passes: ...") or whose original
run hangs as well (`ptoc run`, 10 s) is acceptable.

Deterministic for a given --seed. Failing variants are saved as
mutant-<file>-<k>.py in the current directory (or --save-dir).

usage: mutate_pipeline.py PTOC INPUT... [--variants-per-file N] [--seed S]
           [--check] [--save-dir DIR] [--passes P] [--max-failures-shown N]
           [--report-no-hint] [--require-hints] [--staged-inputs] [--check-prefix]
INPUT is a .py file or a directory (searched recursively for .py files). Files
whose RUN lines expect failure (`not %ptoc`) and files that do not parse as
Python are skipped.
"""
import ast
import copy
import difflib
import random
import re
import subprocess
import sys
from pathlib import Path

PIPELINE = ("convert-to-ssa,outline-incore-scopes,infer-tile-memory-space,"
            "resolve-backend-op-layouts,lower-auto-vector-split")
TIMEOUT = 10

ENUM_FAMILIES = {
    "SplitMode": ["UP_DOWN", "LEFT_RIGHT", "NONE"],
    "Mem": ["Vec", "Mat", "Left", "Right", "Acc", "Bias"],
    "Level": ["CORE_GROUP", "CORE", "BLOCK"],
    "FunctionType": ["Opaque", "Orchestration", "InCore", "AIC", "AIV", "Group"],
}
DTYPES = ["FP32", "FP16", "BF16", "INT8", "INT16", "INT32", "INT64", "UINT8", "BOOL", "INDEX",
          "FP8E4M3FN"]
INT_CHOICES = [0, 1, 2, 3, 4, 7, 8, 16, 31, 32, 48, 64, 96, 128, 256, -1]
BINOPS = [ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod]
CMPOPS = [ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq]
ERROR_RE = re.compile(r":\d+:\d+: error: ")


def dotted(node):
    """'pl.tile.add' for an Attribute chain rooted at a Name, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def make_dotted(name):
    parts = name.split(".")
    node = ast.Name(id=parts[0], ctx=ast.Load())
    for p in parts[1:]:
        node = ast.Attribute(value=node, attr=p, ctx=ast.Load())
    return node


class Program:
    """The mutable AST of one input plus indexes of the places a mutation can touch."""

    def __init__(self, tree):
        self.tree = tree
        self.funcs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        self.bodies = []   # (owner, field) of statement lists inside functions
        self.nodes = []    # (node, parent, field, index, func) for expressions in functions
        for f in self.funcs:
            self._index(f, f)

    def _index(self, node, func):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                if value and all(isinstance(v, ast.stmt) for v in value):
                    self.bodies.append((node, field))
                for i, v in enumerate(value):
                    if isinstance(v, ast.AST):
                        self.nodes.append((v, node, field, i, func))
                        self._index(v, func)
            elif isinstance(value, ast.AST):
                self.nodes.append((value, node, field, None, func))
                self._index(value, func)

    def replace(self, parent, field, index, new):
        if index is None:
            setattr(parent, field, new)
        else:
            getattr(parent, field)[index] = new


def names_in(func):
    names = {a.arg for a in func.args.args if a.arg != "self"}
    for n in ast.walk(func):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
    return sorted(names)


# ---- mutations: each returns True if it changed the program -----------------------------------

def m_swap_stmts(p, rng, pool):
    bodies = [b for b in p.bodies if len(getattr(*b)) >= 2]
    if not bodies:
        return False
    body = getattr(*rng.choice(bodies))
    i = rng.randrange(len(body) - 1)
    j = i + 1 if rng.random() < 0.6 else rng.randrange(len(body))
    if i == j:
        return False
    body[i], body[j] = body[j], body[i]
    return True


def m_delete_stmt(p, rng, pool):
    bodies = [b for b in p.bodies if len(getattr(*b)) >= 2]
    if not bodies:
        return False
    body = getattr(*rng.choice(bodies))
    del body[rng.randrange(len(body))]
    return True


def m_dup_stmt(p, rng, pool):
    if not p.bodies:
        return False
    body = getattr(*rng.choice(p.bodies))
    i = rng.randrange(len(body))
    body.insert(i + rng.randint(0, 1), copy.deepcopy(body[i]))
    return True


def m_move_stmt(p, rng, pool):
    """Move a statement into another statement list of the same function."""
    if len(p.bodies) < 2:
        return False
    src = getattr(*rng.choice(p.bodies))
    dst = getattr(*rng.choice(p.bodies))
    if src is dst or len(src) < 2:
        return False
    stmt = src.pop(rng.randrange(len(src)))
    dst.insert(rng.randint(0, len(dst)), stmt)
    return True


def m_int_literal(p, rng, pool):
    cands = [t for t in p.nodes if isinstance(t[0], ast.Constant) and type(t[0].value) is int]
    if not cands:
        return False
    node = rng.choice(cands)[0]
    v = node.value
    choice = rng.random()
    if choice < 0.3:
        node.value = rng.choice(INT_CHOICES)
    elif choice < 0.5:
        node.value = v * 2
    elif choice < 0.7:
        node.value = v // 2
    else:
        node.value = v + rng.choice([-1, 1, -8, 8, 16])
    return node.value != v


def m_float_literal(p, rng, pool):
    cands = [t for t in p.nodes if isinstance(t[0], ast.Constant) and type(t[0].value) is float]
    if not cands:
        return False
    rng.choice(cands)[0].value = rng.choice([0.0, -1.0, 1e30, 0.5, 2.0, 1e-30])
    return True


def m_enum(p, rng, pool):
    cands = []
    for t in p.nodes:
        d = dotted(t[0]) if isinstance(t[0], ast.Attribute) else None
        if not d:
            continue
        parts = d.split(".")
        if len(parts) == 3 and parts[0] == "pl" and parts[1] in ENUM_FAMILIES:
            cands.append((t, ENUM_FAMILIES[parts[1]], parts))
        elif len(parts) == 2 and parts[0] == "pl" and parts[1] in DTYPES:
            cands.append((t, DTYPES, parts))
    if not cands:
        return False
    (node, parent, field, index, _), family, parts = rng.choice(cands)
    new = rng.choice([m for m in family if m != parts[-1]])
    p.replace(parent, field, index, make_dotted(".".join(parts[:-1] + [new])))
    return True


def m_rename_use(p, rng, pool):
    cands = [t for t in p.nodes
             if isinstance(t[0], ast.Name) and isinstance(t[0].ctx, ast.Load) and t[0].id != "pl"]
    if not cands:
        return False
    node, _, _, _, func = rng.choice(cands)
    others = [n for n in names_in(func) if n != node.id]
    if not others:
        return False
    node.id = rng.choice(others)
    return True


def m_rename_def(p, rng, pool):
    """Rename an assignment target to another name of the function (re-definition / shadowing)."""
    cands = [t for t in p.nodes
             if isinstance(t[0], ast.Name) and isinstance(t[0].ctx, ast.Store)]
    if not cands:
        return False
    node, _, _, _, func = rng.choice(cands)
    others = [n for n in names_in(func) if n != node.id]
    if not others:
        return False
    node.id = rng.choice(others)
    return True


def m_swap_op(p, rng, pool):
    cands = []
    for t in p.nodes:
        if isinstance(t[0], ast.Call):
            d = dotted(t[0].func)
            if d and d.startswith("pl.") and (len(t[0].args), tuple(sorted(
                    k.arg or "" for k in t[0].keywords))) in pool["ops"]:
                cands.append((t[0], d))
    if not cands:
        return False
    call, d = rng.choice(cands)
    key = (len(call.args), tuple(sorted(k.arg or "" for k in call.keywords)))
    others = [o for o in pool["ops"][key] if o != d]
    if not others:
        return False
    call.func = make_dotted(rng.choice(others))
    return True


def m_swap_args(p, rng, pool):
    cands = [t[0] for t in p.nodes if isinstance(t[0], ast.Call) and len(t[0].args) >= 2]
    if not cands:
        return False
    call = rng.choice(cands)
    i, j = rng.sample(range(len(call.args)), 2)
    call.args[i], call.args[j] = call.args[j], call.args[i]
    return True


def m_drop_arg(p, rng, pool):
    cands = [t[0] for t in p.nodes if isinstance(t[0], ast.Call) and (t[0].args or t[0].keywords)]
    if not cands:
        return False
    call = rng.choice(cands)
    if call.keywords and (not call.args or rng.random() < 0.5):
        del call.keywords[rng.randrange(len(call.keywords))]
    else:
        del call.args[rng.randrange(len(call.args))]
    return True


def m_list_len(p, rng, pool):
    cands = [t[0] for t in p.nodes if isinstance(t[0], ast.List) and t[0].elts]
    if not cands:
        return False
    lst = rng.choice(cands)
    if rng.random() < 0.5 and len(lst.elts) > 1:
        del lst.elts[rng.randrange(len(lst.elts))]
    else:
        lst.elts.insert(rng.randint(0, len(lst.elts)), copy.deepcopy(rng.choice(lst.elts)))
    return True


def m_binop(p, rng, pool):
    cands = [t[0] for t in p.nodes if isinstance(t[0], (ast.BinOp, ast.Compare))]
    if not cands:
        return False
    node = rng.choice(cands)
    if isinstance(node, ast.BinOp):
        node.op = rng.choice(BINOPS)()
    else:
        node.ops = [rng.choice(CMPOPS)() for _ in node.ops]
    return True


def m_expr_replace(p, rng, pool):
    """Replace an expression argument by another expression of the same function."""
    cands = [t for t in p.nodes
             if isinstance(t[0], (ast.Call, ast.Name, ast.BinOp)) and isinstance(t[1], ast.Call)
             and t[2] == "args"]
    if len(cands) < 2:
        return False
    node, parent, field, index, func = rng.choice(cands)
    same = [t[0] for t in cands if t[4] is func and t[0] is not node]
    if not same:
        return False
    p.replace(parent, field, index, copy.deepcopy(rng.choice(same)))
    return True


def m_wrap_move(p, rng, pool):
    """Wrap a call argument in pl.move(x, target_memory=pl.Mem.M)."""
    cands = [t for t in p.nodes if isinstance(t[0], ast.Name) and isinstance(t[1], ast.Call)
             and t[2] == "args"]
    if not cands:
        return False
    node, parent, field, index, _ = rng.choice(cands)
    mem = rng.choice(ENUM_FAMILIES["Mem"])
    call = ast.Call(func=make_dotted("pl.move"), args=[node],
                    keywords=[ast.keyword(arg="target_memory", value=make_dotted("pl.Mem." + mem))])
    p.replace(parent, field, index, call)
    return True


def _cond(rng, func):
    params = [a.arg for a in func.args.args if a.arg != "self"]
    loop_vars = [n.target.id for n in ast.walk(func)
                 if isinstance(n, ast.For) and isinstance(n.target, ast.Name)]
    var = rng.choice(loop_vars) if loop_vars and rng.random() < 0.7 else None
    if var is None:
        return ast.parse(rng.choice(["0 < 1", "1 == 2", "True"]), mode="eval").body
    return ast.parse(f"{var} {rng.choice(['<', '>=', '=='])} {rng.choice([0, 1, 2])}",
                     mode="eval").body


def _owner_func(p, owner):
    for f in p.funcs:
        if owner is f or any(owner is n for n in ast.walk(f)):
            return f
    return p.funcs[0]


def m_wrap_loop(p, rng, pool):
    if not p.bodies:
        return False
    owner, field = rng.choice(p.bodies)
    body = getattr(owner, field)
    i = rng.randrange(len(body))
    j = min(len(body), i + rng.randint(1, 3))
    kind = rng.choice(["range", "range", "unroll", "parallel"])
    loop = ast.parse(f"for _mut_i in pl.{kind}({rng.choice([1, 2, 3])}):\n    pass").body[0]
    loop.body = body[i:j]
    body[i:j] = [loop]
    return True


def m_wrap_if(p, rng, pool):
    if not p.bodies:
        return False
    owner, field = rng.choice(p.bodies)
    body = getattr(owner, field)
    i = rng.randrange(len(body))
    j = min(len(body), i + rng.randint(1, 3))
    node = ast.If(test=_cond(rng, _owner_func(p, owner)), body=body[i:j], orelse=[])
    if rng.random() < 0.4:
        node.orelse = copy.deepcopy(body[i:j])
    body[i:j] = [node]
    return True


def m_wrap_split_aiv(p, rng, pool):
    if not p.bodies:
        return False
    owner, field = rng.choice(p.bodies)
    body = getattr(owner, field)
    i = rng.randrange(len(body))
    j = min(len(body), i + rng.randint(1, 4))
    mode = rng.choice(ENUM_FAMILIES["SplitMode"])
    loop = ast.parse(f"for _mut_aiv in pl.split_aiv(2, mode=pl.SplitMode.{mode}):\n    pass").body[0]
    loop.body = body[i:j]
    body[i:j] = [loop]
    return True


def m_unwrap(p, rng, pool):
    """Replace a compound statement (for / if / with / while) by its body."""
    cands = [(o, f, i) for (o, f) in p.bodies for i, s in enumerate(getattr(o, f))
             if isinstance(s, (ast.For, ast.If, ast.With, ast.While))]
    if not cands:
        return False
    owner, field, i = rng.choice(cands)
    body = getattr(owner, field)
    body[i:i + 1] = body[i].body
    return True


MUTATIONS = [
    (m_swap_stmts, 3), (m_delete_stmt, 3), (m_dup_stmt, 2), (m_move_stmt, 1),
    (m_int_literal, 4), (m_float_literal, 1), (m_enum, 4), (m_rename_use, 3),
    (m_rename_def, 1), (m_swap_op, 3), (m_swap_args, 2), (m_drop_arg, 1), (m_list_len, 1),
    (m_binop, 1), (m_expr_replace, 2), (m_wrap_move, 2), (m_wrap_loop, 2), (m_wrap_if, 2),
    (m_wrap_split_aiv, 2), (m_unwrap, 1),
]


def mutate(tree, rng, pool):
    tree = copy.deepcopy(tree)
    changed = 0
    want = rng.choice([1, 1, 1, 2, 2, 3])
    for _ in range(want * 4):
        if changed >= want:
            break
        p = Program(tree)   # re-index: the previous mutation may have moved nodes
        fn = rng.choices([m for m, _ in MUTATIONS], weights=[w for _, w in MUTATIONS])[0]
        if fn(p, rng, pool):
            changed += 1
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


def build_pool(trees):
    """Op callee names grouped by (positional arity, keyword names), over all inputs."""
    ops = {}
    for tree in trees:
        for n in ast.walk(tree):
            if isinstance(n, ast.Call):
                d = dotted(n.func)
                if not d or not d.startswith("pl.") or d in ("pl.range", "pl.split_aiv"):
                    continue
                key = (len(n.args), tuple(sorted(k.arg or "" for k in n.keywords)))
                ops.setdefault(key, set()).add(d)
    return {"ops": {k: sorted(v) for k, v in ops.items()}}


def collect_inputs(args):
    files = []
    for a in args:
        path = Path(a)
        if path.is_dir():
            files += sorted(path.rglob("*.py"))
        elif path.suffix == ".py":
            files.append(path)
    out = []
    for f in files:
        text = f.read_text(errors="replace")
        if "not %ptoc" in text or "@pl." not in text:
            continue
        try:
            out.append((f, ast.parse(text)))
        except SyntaxError:
            continue
    return out


def staged_inputs(ptoc, passes, programs):
    """The printed IR of every program after each prefix of the pipeline (SSA form, outlined
    functions, inferred memory spaces, ...), as further inputs named <file>@<last pass>."""
    out = []
    names = passes.split(",")
    for path, tree in programs:
        source = ast.unparse(tree) + "\n"
        for k in range(1, len(names) + 1):
            rc, text = run([ptoc, "opt", "-", "--passes=" + ",".join(names[:k])], source,
                           stderr=False)
            if rc != 0:
                break
            try:
                out.append((path.with_name(f"{path.stem}@{names[k - 1]}.py"), ast.parse(text)))
            except SyntaxError:
                continue
    return out


def run(cmd, source, stderr=True):
    try:
        r = subprocess.run(cmd, input=source.encode(), capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, ""
    out = r.stdout.decode("utf-8", "replace")
    return r.returncode, out + (r.stderr.decode("utf-8", "replace") if stderr else "")


def classify_opt(ptoc, passes, source):
    rc, out = run([ptoc, "opt", "-", "--passes=" + passes, "--verify-each"], source)
    if rc is None:
        return "fail", "hang (timeout)"
    if rc not in (0, 1) or "internal error" in out:
        return "fail", f"opt exit {rc}: {out[-600:]}"
    if rc == 1 and not ERROR_RE.search(out):
        return "fail", f"opt exit 1 without a LINE:COL diagnostic: {out[-400:]}"
    return ("accepted" if rc == 0 else "diagnosed"), out


def classify_check(ptoc, passes, source):
    """'ok', 'orig-fails' / 'orig-hangs' (acceptable) or ('fail', why)."""
    # `ptoc run` of the original first (milliseconds normally): a mutated loop may never end,
    # which is the program's fault, and finding that out costs one timeout, not two.
    rc, out = run([ptoc, "run", "-"], source)
    entries = [None]
    m = re.search(r"cannot choose the entry function: (.*) (?:is|are) not called", out or "")
    if rc == 1 and m:
        entries = [e.strip() for e in m.group(1).split(",")][:4]
    verdict = "ok"
    for entry in entries:
        flag = ["--entry", entry] if entry else []
        if entry is not None:
            rc, out = run([ptoc, "run", "-"] + flag, source)
        if rc is None:
            verdict = "orig-hangs"
            continue
        rc, out = run([ptoc, "check", "-", "--passes=" + passes] + flag, source)
        if rc is None:
            return "fail", f"check {' '.join(flag)}: hang (timeout) although `ptoc run` ends"
        if rc not in (0, 1) or "internal error" in out:
            return "fail", f"check {' '.join(flag)}: exit {rc}: {out[-600:]}"
        if rc == 0:
            continue
        if "check failed" in out:
            return "fail", f"MISCOMPILE (mismatch) {' '.join(flag)}: {out[-600:]}"
        if "after the passes:" in out:
            return "fail", f"MISCOMPILE (lowered program fails) {' '.join(flag)}: {out[-600:]}"
        if ("before the passes:" in out or "has no function" in out
                or "the simulator does not model" in out):
            verdict = "orig-fails" if verdict == "ok" else verdict
            continue
        return "fail", f"check {' '.join(flag)}: unexpected exit 1: {out[-600:]}"
    return verdict, ""


def opt_value(argv, name, default):
    return argv[argv.index(name) + 1] if name in argv else default


def main(argv):
    ptoc = argv[0]
    per_file = int(opt_value(argv, "--variants-per-file", 10))
    seed = int(opt_value(argv, "--seed", 1))
    passes = opt_value(argv, "--passes", PIPELINE)
    save_dir = Path(opt_value(argv, "--save-dir", "."))
    shown = int(opt_value(argv, "--max-failures-shown", 10))
    do_check = "--check" in argv
    valued = {"--variants-per-file", "--seed", "--passes", "--save-dir", "--max-failures-shown"}
    inputs, skip = [], False
    for a in argv[1:]:
        if skip:
            skip = False
        elif a in valued:
            skip = True
        elif not a.startswith("--"):
            inputs.append(a)
    programs = collect_inputs(inputs)
    if "--staged-inputs" in argv:
        programs += staged_inputs(ptoc, passes, programs)
    prefix = ",".join(passes.split(",")[:-1])
    pool = build_pool([t for _, t in programs])
    counts = {"accepted": 0, "diagnosed": 0, "ok": 0, "orig-fails": 0, "unchanged": 0,
              "orig-hangs": 0, "prefix-ok": 0, "prefix-orig-fails": 0,
              "prefix-orig-hangs": 0}
    failures = []
    no_hint = {}   # diagnostic message pattern -> count, for diagnostics without a hint
    hintless = []  # (path, k, message, variant) of each diagnostic without a hint
    for path, tree in programs:
        # One stream per file, so adding an input does not change the variants of the others.
        rng = random.Random(f"{seed}:{path.parent.name}/{path.name}")
        original = ast.unparse(tree) + "\n"
        for k in range(per_file):
            variant = mutate(tree, rng, pool)
            if variant == original:
                counts["unchanged"] += 1
                continue
            verdict, why = classify_opt(ptoc, passes, variant)
            if verdict == "fail":
                failures.append((path, k, why, variant))
                continue
            counts[verdict] += 1
            if verdict == "diagnosed" and "hint:" not in why:
                m = ERROR_RE.search(why)
                msg = why[m.end():].split("\n")[0] if m else why
                hintless.append((path, k, msg, variant))
                msg = re.sub(r"'[^']*'", "'_'", re.sub(r"\d+", "N", msg))
                no_hint[msg] = no_hint.get(msg, 0) + 1
            if do_check and verdict == "diagnosed" and prefix and "--check-prefix" in argv:
                # Rejected by the last pass: still check the numerics of the passes before it.
                if classify_opt(ptoc, prefix, variant)[0] == "accepted":
                    verdict, why = classify_check(ptoc, prefix, variant)
                    if verdict == "fail":
                        failures.append((path, k, f"[--passes={prefix}] {why}", variant))
                    else:
                        counts["prefix-" + verdict] += 1
            if do_check and verdict == "accepted":
                verdict, why = classify_check(ptoc, passes, variant)
                if verdict == "fail":
                    failures.append((path, k, why, variant))
                else:
                    counts[verdict] += 1
    total = counts["accepted"] + counts["diagnosed"] + len(failures)
    save_dir.mkdir(parents=True, exist_ok=True)
    for path, k, why, variant in failures[:shown]:
        out = save_dir / f"mutant-{path.stem}-{k}.py"
        out.write_text(variant)
        print(f"FAIL {path} variant {k} (saved as {out}): {why.strip()}")
        original = ast.unparse(dict(programs)[path]).splitlines()
        diff = list(difflib.unified_diff(original, variant.splitlines(), "original", "variant",
                                         n=0, lineterm=""))
        print("\n".join("    " + line for line in diff[2:22]))
    print(f"{len(programs)} programs, seed {seed}")
    print(f"{total} variants: {counts['accepted']} accepted, {counts['diagnosed']} diagnosed, "
          f"{len(failures)} failures ({counts['unchanged']} unchanged variants skipped)")
    if do_check:
        print(f"check: {counts['ok']} bit-exact, {counts['orig-fails']} whose original fails to run, "
              f"{counts['orig-hangs']} whose original hangs")
    if "--check-prefix" in argv:
        print(f"check of the pipeline without its last pass on variants only that pass rejects: "
              f"{counts['prefix-ok']} bit-exact, {counts['prefix-orig-fails']} whose original "
              f"fails to run")
    if "--report-no-hint" in argv or "--require-hints" in argv:
        print(f"{sum(no_hint.values())} diagnostics without a hint")
        for msg, n in sorted(no_hint.items(), key=lambda kv: -kv[1]):
            print(f"no hint ({n}x): {msg}")
    if "--require-hints" in argv:
        for path, k, msg, variant in hintless[:shown]:
            out = save_dir / f"mutant-{path.stem}-{k}.py"
            out.write_text(variant)
            print(f"FAIL {path} variant {k} (saved as {out}): diagnostic without a hint: {msg}")
    print(f"{total - len(failures)} passed, {len(failures)} failed")
    if "--require-hints" in argv and hintless:
        print(f"--require-hints: {len(hintless)} diagnostics without a hint")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
