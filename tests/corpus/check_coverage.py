#!/usr/bin/env python3
"""Coverage check for the `pl` corpus (tests/corpus).

Parses every corpus file with Python's own `ast` module (the DSL is a Python
subset, so no ptoc is needed) and checks that the corpus as a whole uses every
type, statement, scope and op that docs/dsl.md lists. It also checks the
per-file rules (header comment, 10-60 lines, NN_name.py naming, >= 30 files)
and that every pairs/NAME.annotated.py / NAME.plain.py pair is the same
program up to assignment annotations.

Usage: python3 tests/corpus/check_coverage.py [-v] [--ptoc PATH]
  -v           list every item with the first file that covers it
  --ptoc PATH  also run `PATH fmt` on every corpus file and example, check that
               formatting is idempotent, and that each pair is `PATH equal`
Exit status 0 when everything is covered, 1 otherwise (missing items listed).
"""

import ast
import re
import os
import subprocess
import tempfile
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

DTYPES = ["BOOL", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64",
          "FP16", "BF16", "FP32", "FP8E4M3FN", "FP8E5M2", "INDEX"]
MEMS = ["Vec", "Mat", "Left", "Right", "Acc", "Bias"]
FUNC_TYPES = ["InCore", "Orchestration", "AIC", "AIV", "Group"]
FUNC_ATTR_KEYS = ["split", "split_aiv", "split_aiv_region_validated", "dual_aiv_dispatch", "slot_num"]

# Tile ops: accepted as pl.tile.X(...) or the unified short form pl.X(...).
TILE_OPS = [
    "load", "store", "move", "create", "full", "ci", "random", "slice", "reshape", "extract",
    "set_validshape", "transpose", "get_subblock_idx", "get_block_idx", "get_block_num",
    "add", "sub", "mul", "div", "maximum", "minimum",
    "adds", "subs", "muls", "divs", "maximums", "minimums",
    "exp", "log", "sqrt", "rsqrt", "recip", "abs", "neg", "relu", "cast",
    "row_sum", "row_max", "row_min", "col_sum", "col_max", "col_min",
    "row_expand_add", "row_expand_sub", "row_expand_mul", "row_expand_div",
    "matmul", "matmul_acc", "aiv_shard", "aic_gather",
    "tpush_to_aiv", "tpush_to_aic", "tpop_from_aic", "tpop_from_aiv",
]
# Short names that mean a *scalar* expression (pl.abs, pl.cast, ...): only the
# namespaced spelling counts as the tile op.
SCALAR_SHADOWED = {"abs", "cast"}
SYSTEM_OPS = ["tfree_to_aic", "tfree_to_aiv", "reserve_buffer", "import_peer_buffer",
              "aic_initialize_pipe", "aiv_initialize_pipe"]
VMI_OPS = ["create_mask", "vload", "vstore", "vbrc", "vci", "vadd", "vsub", "vmul", "vdiv", "vmax",
           "vmin", "vadds", "vmuls", "vexp", "vabs", "vneg", "vsqrt", "vcmp", "vcmps", "vsel",
           "mask_and", "mask_or", "mask_not", "vcvt", "vcadd", "vcmax", "vcmin"]


# ----------------------------------------------------------------------------
# AST helpers
# ----------------------------------------------------------------------------

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


def call_name(node):
    return dotted(node.func) if isinstance(node, ast.Call) else None


def kwarg(call, name):
    for k in call.keywords:
        if k.arg == name:
            return k.value
    return None


def calls_in(nodes):
    for n in nodes:
        for sub in ast.walk(n):
            if isinstance(sub, ast.Call):
                yield sub


def names_in(nodes):
    return {sub.id for n in nodes for sub in ast.walk(n) if isinstance(sub, ast.Name)}


def assigned_names(stmts, deep=True):
    """Names bound by (Ann)Assign statements, excluding pl.yield_ results."""
    out = set()
    walker = (lambda s: ast.walk(s)) if deep else (lambda s: [s])
    for s in stmts:
        for n in walker(s):
            if isinstance(n, ast.Assign) and call_name(n.value) != "pl.yield_":
                for t in n.targets:
                    if isinstance(t, ast.Name):
                        out.add(t.id)
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                out.add(n.target.id)
    return out


def is_float_const(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, float):
        return True
    return (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and is_float_const(node.operand))


def function_type(fn):
    for d in fn.decorator_list:
        if isinstance(d, ast.Call) and dotted(d.func) == "pl.function":
            t = kwarg(d, "type")
            if t is not None:
                return (dotted(t) or "").rsplit(".", 1)[-1]
            return "Opaque"
        if dotted(d) == "pl.function":
            return "Opaque"
    return None


# ----------------------------------------------------------------------------
# Feature collection
# ----------------------------------------------------------------------------

class Features:
    def __init__(self):
        self.found = {}  # label -> first file that showed it

    def hit(self, label, path):
        self.found.setdefault(label, path)


def scan_simd(with_node, feats, path):
    body = with_node.body
    for n in ast.walk(with_node):
        if isinstance(n, ast.For) and call_name(n.iter) == "pl.parallel":
            feats.hit("simd: pl.parallel loop inside simd_vf", path)
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and isinstance(n.slice, ast.Tuple):
            feats.hit("simd: element read t[i, j]", path)
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Subscript) for t in n.targets):
            feats.hit("simd: element store y[i, j] = expr", path)
        if isinstance(n, ast.If):
            if any(isinstance(s, ast.Subscript) for s in ast.walk(n.test)) or names_in([n.test]):
                feats.hit("simd: if/else on element values", path)
        if isinstance(n, ast.For) and call_name(n.iter) == "pl.range":
            feats.hit("simd: serial pl.range loop shell inside a unit", path)
        name = call_name(n)
        if name in ("pl.min", "pl.max", "pl.select", "pl.cast"):
            feats.hit(f"simd: scalar {name}", path)
        if isinstance(n, (ast.AnnAssign,)):
            ann = ast.unparse(n.annotation)
            if ann.startswith("pl.VReg["):
                feats.hit("vmi: value annotated pl.VReg[64, pl.FP32]" if "pl.FP32" in ann else "vmi: pl.VReg", path)
            if ann.startswith("pl.Mask["):
                feats.hit("vmi: value annotated pl.Mask[64]", path)
    del body


def scan_split_aiv(for_node, feats, path):
    mode = dotted(kwarg(for_node.iter, "mode")) or ""
    mode = mode.rsplit(".", 1)[-1]
    feats.hit(f"split_aiv region mode={mode}", path)
    body_calls = {call_name(c) for c in calls_in(for_node.body)}
    boundary = bool(body_calls & {"pl.aiv_shard", "pl.tile.aiv_shard", "pl.aic_gather", "pl.tile.aic_gather"})
    lane = for_node.target.id if isinstance(for_node.target, ast.Name) else None
    if mode in ("UP_DOWN", "LEFT_RIGHT"):
        if boundary:
            feats.hit("split_aiv: explicit boundary body (aiv_shard/aic_gather)", path)
        else:
            feats.hit("split_aiv: data-parallel full-width body", path)
    if mode == "NONE" and lane and lane in names_in(for_node.body):
        feats.hit("split_aiv: NONE task-parallel body using aiv_id", path)
    if boundary and mode == "LEFT_RIGHT":
        feats.hit("split_aiv: LEFT_RIGHT boundary region", path)


def scan_function(fn, feats, path, in_class, fn_names):
    ftype = function_type(fn)
    if ftype:
        feats.hit(f"function type {ftype}", path)
    for d in fn.decorator_list:
        if isinstance(d, ast.Call) and kwarg(d, "attrs") is not None:
            feats.hit("function attrs via @pl.function(..., attrs={...})", path)
            for k in kwarg(d, "attrs").keys:
                if isinstance(k, ast.Constant):
                    feats.hit(f"function attr key '{k.value}'", path)
    args = fn.args.args
    if in_class and not (args and args[0].arg == "self"):
        feats.hit("class method written without self", path)
    for a in args:
        if a.annotation is None:
            continue
        ann = ast.unparse(a.annotation)
        if ann.startswith("pl.Out["):
            feats.hit("param pl.Out[...]", path)
        if ann.startswith("pl.InOut["):
            feats.hit("param pl.InOut[...]", path)
        if ann.startswith("pl.Scalar["):
            feats.hit("param pl.Scalar[...]", path)
    if fn.returns is not None and ast.unparse(fn.returns).startswith("tuple["):
        feats.hit("return annotation tuple[...]", path)
        if any(isinstance(s, ast.Return) and isinstance(s.value, ast.Tuple) for s in ast.walk(fn)):
            feats.hit("return a, b", path)
    if fn.returns is None:
        feats.hit("function without results", path)

    # func_attr prologue
    if fn.body and isinstance(fn.body[0], ast.Expr) and call_name(fn.body[0].value) == "pl.func_attr":
        feats.hit("pl.func_attr({...}) prologue", path)
        d = fn.body[0].value.args[0]
        for k in d.keys:
            if isinstance(k, ast.Constant):
                feats.hit(f"function attr key '{k.value}'", path)

    # calls between functions
    for c in calls_in(fn.body):
        name = call_name(c)
        if name and name.startswith("self.") and name[5:] in fn_names:
            feats.hit("self.f(...) call", path)
            if ftype == "Orchestration" and fn_names[name[5:]] == "InCore":
                feats.hit("Orchestration function calling an InCore function", path)
        if name in fn_names and not in_class:
            feats.hit("bare f(...) call between top-level functions", path)

    # natural code: reassignment / loop update / one-armed if
    counts = {}
    for s in fn.body:
        for n in [s]:
            if isinstance(n, (ast.Assign, ast.AnnAssign)):
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                    if isinstance(t, ast.Name):
                        counts[t.id] = counts.get(t.id, 0) + 1
    params = {a.arg for a in args}
    if any(v > 1 for k, v in counts.items() if k not in params):
        feats.hit("natural: plain reassignment of a local", path)
    for n in ast.walk(fn):
        if isinstance(n, (ast.For, ast.While)):
            is_ssa = isinstance(n, ast.For) and isinstance(n.target, ast.Tuple)
            is_scope = isinstance(n, ast.For) and call_name(n.iter) in ("pl.split_aiv", "pl.while_")
            if not is_ssa and not is_scope:
                for s in ast.walk(n):
                    if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
                        t = s.targets[0].id
                        if t in names_in([s.value]) and call_name(s.value) != "pl.yield_":
                            feats.hit("natural: value updated in a loop", path)
        if isinstance(n, ast.If):
            then_names = assigned_names(n.body)
            else_names = assigned_names(n.orelse)
            if then_names - else_names and not any(call_name(getattr(s, "value", None)) == "pl.yield_"
                                                    for s in n.body):
                feats.hit("natural: if that assigns in one arm only", path)
            yields = lambda b: bool(b) and isinstance(b[-1], ast.Assign) and call_name(b[-1].value) == "pl.yield_"
            if yields(n.body) and yields(n.orelse):
                feats.hit("SSA: if/else whose arms end in pl.yield_", path)
        if isinstance(n, ast.While):
            feats.hit("natural while loop", path)
        if isinstance(n, ast.For):
            it = call_name(n.iter)
            if it == "pl.range":
                npos = len(n.iter.args)
                feats.hit(f"pl.range with {npos} positional arg(s)", path)
                if kwarg(n.iter, "init_values") is not None and isinstance(n.target, ast.Tuple):
                    feats.hit("SSA: pl.range(..., init_values=...) loop", path)
                    if call_name(getattr(n.body[-1], "value", None)) == "pl.yield_":
                        feats.hit("SSA: loop body ends in pl.yield_", path)
                    inner = n.target.elts[1] if len(n.target.elts) > 1 else None
                    if isinstance(inner, ast.Tuple) and len(inner.elts) >= 2:
                        feats.hit("SSA: loop with two carried values", path)
            elif it == "pl.parallel":
                feats.hit("pl.parallel loop", path)
            elif it == "pl.unroll":
                feats.hit("pl.unroll loop", path)
            elif it == "pl.while_":
                feats.hit("SSA while: pl.while_(init_values=...) with pl.cond", path)
            elif it == "pl.split_aiv":
                scan_split_aiv(n, feats, path)
        if isinstance(n, ast.With):
            for item in n.items:
                name = call_name(item.context_expr)
                if name == "pl.at":
                    call = item.context_expr
                    level = dotted(kwarg(call, "level")) or ""
                    if level.endswith("CORE_GROUP"):
                        feats.hit("with pl.at(level=pl.Level.CORE_GROUP)", path)
                    opts = kwarg(call, "optimizations")
                    if opts is None:
                        feats.hit("pl.at without optimizations", path)
                    else:
                        for o in opts.elts:
                            oname = call_name(o)
                            if oname == "pl.split":
                                feats.hit("pl.at optimizations=[pl.split(MODE)]", path)
                            if oname == "pl.cross_core_slot" and kwarg(o, "slot_num") is not None:
                                feats.hit("pl.at optimizations=[pl.cross_core_slot(slot_num=N)]", path)
                    if kwarg(call, "name_hint") is not None:
                        feats.hit("pl.at name_hint=", path)
                if name == "pl.simd_vf":
                    feats.hit("with pl.simd_vf(lanes=...)", path)
                    scan_simd(n, feats, path)


def scan_calls(tree, feats, path):
    for c in ast.walk(tree):
        if not isinstance(c, ast.Call):
            continue
        name = call_name(c)
        if not name:
            continue
        parts = name.split(".")
        if name.startswith("pl.tile.") and len(parts) == 3:
            feats.hit(f"op tile.{parts[2]}", path)
            feats.hit(f"spelling pl.tile.{parts[2]}", path)
        elif name.startswith("pl.system.") and len(parts) == 3:
            feats.hit(f"op system.{parts[2]}", path)
            feats.hit(f"spelling pl.system.{parts[2]}", path)
        elif name.startswith("pl.vmi.") and len(parts) == 3:
            feats.hit(f"op vmi.{parts[2]}", path)
        elif len(parts) == 2 and parts[0] == "pl":
            short = parts[1]
            if short in TILE_OPS and short not in SCALAR_SHADOWED:
                feats.hit(f"op tile.{short}", path)
                feats.hit(f"spelling pl.{short}", path)
            if short in SYSTEM_OPS:
                feats.hit(f"op system.{short}", path)
            # unified pl.add(a, b): tile/tile vs tile/scalar
            if short == "add" and len(c.args) == 2:
                if is_float_const(c.args[1]):
                    feats.hit("unified pl.add(t, 2.0) (-> tile.adds)", path)
                elif isinstance(c.args[1], ast.Name) or isinstance(c.args[1], ast.Call):
                    feats.hit("unified pl.add(a, b)", path)
        base = parts[-1]
        if base == "load" and name in ("pl.load", "pl.tile.load"):
            feats.hit(f"tile.load {len(c.args)}-arg form", path)
            tm = dotted(kwarg(c, "target_memory"))
            if tm:
                feats.hit(f"tile.load target_memory={tm}", path)
            else:
                feats.hit("tile.load without target_memory (default Vec)", path)
        if base == "move" and name in ("pl.move", "pl.tile.move"):
            tm = (dotted(kwarg(c, "target_memory")) or "").rsplit(".", 1)[-1]
            feats.hit(f"tile.move to {tm}", path)
            if kwarg(c, "blayout") is not None and kwarg(c, "slayout") is not None:
                feats.hit("tile.move with blayout=/slayout=", path)
        if name == "pl.row_sum" and len(c.args) == 2:
            feats.hit("row_sum with PyPTO tmp tile (optional form)", path)
        if name == "pl.const":
            feats.hit("pl.const(v, pl.DT)", path)
        if name == "pl.TileView":
            for k in c.keywords:
                feats.hit(f"TileView {k.arg}=", path)
                if k.arg == "valid_shape" and isinstance(k.value, ast.List) and \
                        any(isinstance(e, ast.Name) for e in k.value.elts):
                    feats.hit("TileView valid_shape with a scalar expression", path)
    # Out params written through store
    for n in ast.walk(tree):
        if isinstance(n, (ast.Assign, ast.AnnAssign)):
            target = n.targets[0] if isinstance(n, ast.Assign) else n.target
            v = n.value
            if isinstance(target, ast.Name) and call_name(v) in ("pl.store", "pl.tile.store") and \
                    len(v.args) == 3 and isinstance(v.args[2], ast.Name) and v.args[2].id == target.id:
                feats.hit("Out param written via out = pl.store(t, offs, out)", path)
            if isinstance(n, ast.AnnAssign):
                feats.hit("annotated assignment x: T = ...", path)
                if call_name(v) in ("pl.tile.tpop_from_aic", "pl.tpop_from_aic"):
                    feats.hit("annotated tpop_from_aic LHS", path)
                if call_name(v) in ("pl.tile.tpop_from_aiv", "pl.tpop_from_aiv"):
                    feats.hit("annotated tpop_from_aiv LHS", path)
            elif isinstance(target, ast.Name) and isinstance(v, ast.Call) and call_name(v) != "pl.yield_":
                feats.hit("annotation-free assignment x = ...", path)


def scan_types(tree, feats, path):
    for n in ast.walk(tree):
        d = dotted(n) if isinstance(n, ast.Attribute) else None
        if d and d.startswith("pl.") and d.count(".") == 1 and d[3:] in DTYPES:
            feats.hit(f"dtype pl.{d[3:]}", path)
        if isinstance(n, ast.Subscript):
            base = dotted(n.value)
            if base in ("pl.Scalar", "pl.Tensor", "pl.Tile", "pl.VReg", "pl.Mask"):
                feats.hit(f"type {base}[...]", path)
            if base == "pl.Tile":
                for sub in ast.walk(n.slice):
                    sd = dotted(sub) if isinstance(sub, ast.Attribute) else None
                    if sd and sd.startswith("pl.Mem."):
                        feats.hit(f"Tile in memory pl.Mem.{sd[7:]}", path)


def scan_file(path, feats, errors):
    rel = path.relative_to(HERE)
    text = path.read_text()
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        errors.append(f"{rel}: first line must be a one-line '# ...' comment")
    if not 10 <= len(lines) <= 60:
        errors.append(f"{rel}: {len(lines)} lines (keep corpus programs to 10-60 lines)")
    try:
        tree = ast.parse(text, filename=str(path))
    except SyntaxError as e:
        errors.append(f"{rel}:{e.lineno}: not valid Python syntax: {e.msg}")
        return None
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    top_fns = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    for cls in classes:
        if any(dotted(d) == "pl.program" for d in cls.decorator_list):
            feats.hit("@pl.program class", str(rel))
            fns = [f for f in cls.body if isinstance(f, ast.FunctionDef)]
            if len(fns) >= 2:
                feats.hit("multi-function @pl.program", str(rel))
            names = {f.name: function_type(f) for f in fns}
            for f in fns:
                scan_function(f, feats, str(rel), True, names)
    if top_fns and not classes:
        feats.hit("file of top-level @pl.function's (no class)", str(rel))
        names = {f.name: function_type(f) for f in top_fns}
        for f in top_fns:
            scan_function(f, feats, str(rel), False, names)
    scan_calls(tree, feats, str(rel))
    scan_types(tree, feats, str(rel))
    return tree


# ----------------------------------------------------------------------------
# Pairs
# ----------------------------------------------------------------------------

class StripAnnotations(ast.NodeTransformer):
    def visit_AnnAssign(self, node):
        if node.value is None:
            return node
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)


def is_tpop(call):
    return (call_name(call) or "").split(".")[-1] in ("tpop_from_aic", "tpop_from_aiv")


def check_pairs(errors):
    pair_dir = HERE / "pairs"
    stems = sorted({p.name[: -len(".annotated.py")] for p in pair_dir.glob("*.annotated.py")})
    complete = 0
    for stem in stems:
        ann_p, plain_p = pair_dir / f"{stem}.annotated.py", pair_dir / f"{stem}.plain.py"
        if not plain_p.exists():
            errors.append(f"pairs/{stem}: missing {plain_p.name}")
            continue
        ann, plain = ast.parse(ann_p.read_text()), ast.parse(plain_p.read_text())
        for n in ast.walk(ann):
            if isinstance(n, ast.Assign) and call_name(n.value) != "pl.yield_" and \
                    all(isinstance(t, ast.Name) for t in n.targets):
                errors.append(f"pairs/{ann_p.name}:{n.lineno}: assignment without annotation")
        for n in ast.walk(plain):
            if isinstance(n, ast.AnnAssign) and not is_tpop(n.value):
                errors.append(f"pairs/{plain_p.name}:{n.lineno}: annotation in the plain file")
        # tpop keeps its (required) annotation on both sides
        stripped = StripAnnotations()
        ann_s = stripped.visit(ann)
        plain_s = StripAnnotations().visit(plain)
        if ast.dump(ann_s) != ast.dump(plain_s):
            errors.append(f"pairs/{stem}: annotated and plain programs differ beyond annotations")
        else:
            complete += 1
    if complete < 3:
        errors.append(f"pairs/: {complete} matching pairs, need at least 3")
    return complete


# ----------------------------------------------------------------------------
# Requirements
# ----------------------------------------------------------------------------

def requirements():
    req = []
    req += [f"dtype pl.{d}" for d in DTYPES]
    req += [f"type {t}[...]" for t in ("pl.Scalar", "pl.Tensor", "pl.Tile", "pl.VReg", "pl.Mask")]
    req += [f"Tile in memory pl.Mem.{m}" for m in MEMS]
    req += ["TileView valid_shape=", "TileView valid_shape with a scalar expression", "TileView blayout=",
            "TileView slayout=", "TileView fractal=", "TileView pad="]
    req += ["param pl.Out[...]", "param pl.InOut[...]", "param pl.Scalar[...]",
            "return annotation tuple[...]", "return a, b", "function without results"]
    req += ["@pl.program class", "multi-function @pl.program", "self.f(...) call",
            "Orchestration function calling an InCore function",
            "file of top-level @pl.function's (no class)", "bare f(...) call between top-level functions",
            "function type Opaque"]
    req += [f"function type {t}" for t in FUNC_TYPES]
    req += ["pl.func_attr({...}) prologue", "function attrs via @pl.function(..., attrs={...})"]
    req += [f"function attr key '{k}'" for k in FUNC_ATTR_KEYS]
    req += ["natural: plain reassignment of a local", "natural: value updated in a loop",
            "natural: if that assigns in one arm only", "natural while loop",
            "SSA: pl.range(..., init_values=...) loop", "SSA: loop body ends in pl.yield_",
            "SSA: loop with two carried values", "SSA: if/else whose arms end in pl.yield_",
            "SSA while: pl.while_(init_values=...) with pl.cond",
            "pl.range with 1 positional arg(s)", "pl.range with 2 positional arg(s)",
            "pl.range with 3 positional arg(s)", "pl.parallel loop", "pl.unroll loop"]
    req += ["with pl.at(level=pl.Level.CORE_GROUP)", "pl.at optimizations=[pl.split(MODE)]",
            "pl.at optimizations=[pl.cross_core_slot(slot_num=N)]", "pl.at name_hint=",
            "pl.at without optimizations"]
    req += ["split_aiv region mode=UP_DOWN", "split_aiv region mode=LEFT_RIGHT", "split_aiv region mode=NONE",
            "split_aiv: data-parallel full-width body", "split_aiv: explicit boundary body (aiv_shard/aic_gather)",
            "split_aiv: NONE task-parallel body using aiv_id", "split_aiv: LEFT_RIGHT boundary region"]
    req += ["with pl.simd_vf(lanes=...)", "simd: pl.parallel loop inside simd_vf", "simd: element read t[i, j]",
            "simd: element store y[i, j] = expr", "simd: if/else on element values",
            "simd: serial pl.range loop shell inside a unit",
            "simd: scalar pl.min", "simd: scalar pl.max", "simd: scalar pl.select", "simd: scalar pl.cast",
            "vmi: value annotated pl.VReg[64, pl.FP32]", "vmi: value annotated pl.Mask[64]"]
    req += [f"op tile.{o}" for o in TILE_OPS]
    req += [f"op system.{o}" for o in SYSTEM_OPS]
    req += [f"op vmi.{o}" for o in VMI_OPS]
    req += ["tile.load 3-arg form", "tile.load 4-arg form", "tile.load target_memory=pl.Mem.Vec",
            "tile.load target_memory=pl.Mem.Mat", "tile.load without target_memory (default Vec)"]
    req += [f"tile.move to {m}" for m in ("Left", "Right", "Vec", "Mat", "Bias")]
    req += ["tile.move with blayout=/slayout="]
    req += ["spelling pl.tile.add", "spelling pl.system.reserve_buffer",
            "unified pl.add(a, b)", "unified pl.add(t, 2.0) (-> tile.adds)",
            "spelling pl.load", "spelling pl.store", "spelling pl.move", "spelling pl.matmul",
            "spelling pl.aiv_shard", "spelling pl.aic_gather"]
    req += ["annotated assignment x: T = ...", "annotation-free assignment x = ...",
            "annotated tpop_from_aic LHS", "annotated tpop_from_aiv LHS",
            "Out param written via out = pl.store(t, offs, out)", "pl.const(v, pl.DT)"]
    return req


def run_ptoc(ptoc, errors):
    """fmt every corpus file and example (must succeed and be idempotent); equal every pair."""
    files = sorted(HERE.glob("[0-9][0-9]_*.py")) + sorted((HERE / "pairs").glob("*.py")) + \
        sorted((HERE.parent.parent / "examples").glob("*.py"))
    for f in files:
        first = subprocess.run([ptoc, "fmt", str(f)], capture_output=True, text=True)
        if first.returncode != 0:
            errors.append(f"ptoc fmt {f.name} failed:\n{first.stderr.strip()}")
            continue
        again = subprocess.run([ptoc, "fmt", "-"], input=first.stdout, capture_output=True, text=True)
        if again.returncode != 0 or again.stdout != first.stdout:
            errors.append(f"ptoc fmt {f.name}: printing the printed form again differs\n{again.stderr.strip()}")
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as tmp:
            tmp.write(first.stdout)
        try:
            eq = subprocess.run([ptoc, "equal", str(f), tmp.name], capture_output=True, text=True)
            if eq.returncode != 0:
                errors.append(f"ptoc equal {f.name} <(ptoc fmt {f.name}): {(eq.stdout + eq.stderr).strip()}")
        finally:
            os.unlink(tmp.name)
    for ann in sorted((HERE / "pairs").glob("*.annotated.py")):
        plain = ann.with_name(ann.name.replace(".annotated.py", ".plain.py"))
        eq = subprocess.run([ptoc, "equal", str(ann), str(plain)], capture_output=True, text=True)
        if eq.returncode != 0:
            errors.append(f"ptoc equal {ann.name} {plain.name}: {(eq.stdout + eq.stderr).strip()}")


def main(argv):
    verbose = "-v" in argv
    ptoc = argv[argv.index("--ptoc") + 1] if "--ptoc" in argv and argv.index("--ptoc") + 1 < len(argv) else None
    errors = []
    feats = Features()
    numbered = sorted(HERE.glob("[0-9][0-9]_*.py"))
    for p in sorted(HERE.glob("*.py")):
        if p.name != Path(__file__).name and not re.fullmatch(r"\d\d_[a-z0-9_]+\.py", p.name):
            errors.append(f"{p.name}: corpus files are named NN_name.py")
    if len(numbered) < 30:
        errors.append(f"only {len(numbered)} numbered corpus programs, need at least 30")
    for p in numbered + sorted((HERE / "pairs").glob("*.py")):
        scan_file(p, feats, errors)
    npairs = check_pairs(errors)
    if ptoc:
        run_ptoc(ptoc, errors)

    missing = [r for r in requirements() if r not in feats.found]
    if verbose:
        for r in requirements():
            print(f"  {'ok  ' if r in feats.found else 'MISS'} {r:70s} {feats.found.get(r, '')}")
    for e in errors:
        print(f"error: {e}")
    for m in missing:
        print(f"missing: {m}")
    total = len(requirements())
    print(f"{len(numbered)} programs, {npairs} pairs; covered {total - len(missing)}/{total} items"
          f"{'' if missing or errors else ' - all covered'}")
    return 1 if missing or errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
