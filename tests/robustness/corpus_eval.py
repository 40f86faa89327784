"""A small evaluator of the Python around a PyPTO program, for pypto_corpus.py.

PyPTO runs the Python code that builds a program (a test's `get_program`, a builder
function) and resolves the names the program uses from that code's scopes. The corpus
harness cannot run the tests (they import torch and PyPTO), so it evaluates what it
honestly can: constants, lists, tuples, dicts, `pl.X` members, arithmetic, `if`
statements and conditional expressions, a test class's `__init__` (call-site keyword
arguments, else defaults) and `self.X` attributes. Anything else is UNKNOWN, and a
program that needs an UNKNOWN value is reported as not extractable, never guessed.
"""
import ast
import math


class _Unknown:
    def __repr__(self):
        return "UNKNOWN"


UNKNOWN = _Unknown()


class Sym:
    """An attribute path the evaluator keeps as text: `pl.FP32` (ptoc reads it) or an
    opaque member of another module (`DataType.FP32`, usable as a dict key only)."""

    def __init__(self, text, readable):
        self.text, self.readable = text, readable

    def __eq__(self, other):
        return isinstance(other, Sym) and other.text == self.text

    def __hash__(self):
        return hash(self.text)

    def __repr__(self):
        return self.text


class _Return(Exception):
    def __init__(self, value):
        super().__init__()
        self.value = value


class Func:
    """A Python function of the test file (`bound` is the `self` of a method)."""

    def __init__(self, node, bound=None):
        self.node, self.bound = node, bound


class ClassRef:
    """A Python class of the test file used as a value (`Cls.ATTR`)."""

    def __init__(self, node):
        self.node = node


class Obj:
    """An instance of a Python class of the test file (its attributes)."""

    def __init__(self, cls):
        self.cls, self.attrs = cls, {}


def render(v):
    """The Python text of a value ptoc reads at the top of a file, or None."""
    if isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return repr(v)
    if isinstance(v, float):
        return repr(v) if math.isfinite(v) else None
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, Sym):
        return v.text if v.readable else None
    if isinstance(v, (list, tuple)):
        parts = [render(x) for x in v]
        if any(p is None for p in parts) or not parts:
            return None
        return "[" + ", ".join(parts) + "]"
    return None


def _pl_root(node):
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id in ("pl", "pld")


_BUILTINS = {
    "list": lambda *a: list(*a), "tuple": lambda *a: tuple(*a), "int": int, "float": float,
    "min": min, "max": max, "len": len, "abs": abs, "bool": bool, "str": str,
    "range": lambda *a: list(range(*a)),
}
_BINOPS = {ast.Add: lambda x, y: x + y, ast.Sub: lambda x, y: x - y,
           ast.Mult: lambda x, y: x * y, ast.FloorDiv: lambda x, y: x // y,
           ast.Mod: lambda x, y: x % y, ast.Div: lambda x, y: x / y,
           ast.Pow: lambda x, y: x ** y, ast.LShift: lambda x, y: x << y,
           ast.RShift: lambda x, y: x >> y}
_CMPOPS = {ast.Eq: lambda x, y: x == y, ast.NotEq: lambda x, y: x != y,
           ast.Lt: lambda x, y: x < y, ast.LtE: lambda x, y: x <= y,
           ast.Gt: lambda x, y: x > y, ast.GtE: lambda x, y: x >= y,
           ast.Is: lambda x, y: x is y, ast.IsNot: lambda x, y: x is not y,
           ast.In: lambda x, y: x in y, ast.NotIn: lambda x, y: x not in y}


class Scope(dict):
    def __init__(self, parent=None):
        super().__init__()
        self.parent = parent

    def find(self, name):
        s = self
        while s is not None:
            if name in s:
                return s[name]
            s = s.parent
        return UNKNOWN


class Evaluator:
    def __init__(self, tree, src):
        self.tree, self.src = tree, src
        self.classes = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        self.parent = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
        self.globals = Scope()
        self._instances = {}
        self.exec_body(tree.body, self.globals)

    # ---- expressions -----------------------------------------------------------------
    def eval(self, node, env, depth=0):
        try:
            return self._eval(node, env, depth)
        except Exception:  # the code does something the evaluator does not model
            return UNKNOWN

    def _eval(self, node, env, depth):
        if depth > 40:
            return UNKNOWN
        ev = lambda n: self.eval(n, env, depth + 1)  # noqa: E731
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return env.find(node.id)
        if isinstance(node, ast.Attribute):
            if _pl_root(node):
                return Sym(ast.unparse(node), True)
            base = ev(node.value)
            if isinstance(base, ClassRef):
                return self.class_attr(base.node, node.attr)
            if isinstance(base, Obj):
                if node.attr in base.attrs:
                    return base.attrs[node.attr]
                for c in self.mro(base.cls):
                    for m in c.body:
                        if isinstance(m, ast.FunctionDef) and m.name == node.attr:
                            if any(isinstance(d, ast.Name) and d.id == "property"
                                   for d in m.decorator_list):
                                return self.call_func(Func(m, base), [], {}, depth)
                            return Func(m, base)
                return self.class_attr(base.cls, node.attr)
            if isinstance(base, Sym):
                return Sym(base.text + "." + node.attr, False)
            if base is UNKNOWN and isinstance(node.value, ast.Name) and \
                    node.value.id not in ("self", "cls"):
                return Sym(ast.unparse(node), False)  # DataType.FP32: a key, not a value
            return UNKNOWN
        if isinstance(node, (ast.List, ast.Tuple)):
            vals = [ev(x) for x in node.elts]  # an entry may be UNKNOWN (render refuses it)
            return vals if isinstance(node, ast.List) else tuple(vals)
        if isinstance(node, ast.Dict):
            out = {}
            for k, v in zip(node.keys, node.values):
                if k is None:
                    return UNKNOWN
                kv, vv = ev(k), ev(v)
                if kv is UNKNOWN:
                    return UNKNOWN
                out[kv] = vv
            return out
        if isinstance(node, ast.UnaryOp):
            v = ev(node.operand)
            if v is UNKNOWN:
                return UNKNOWN
            if isinstance(node.op, ast.Not):
                return not v
            if isinstance(v, (int, float)):
                return -v if isinstance(node.op, ast.USub) else +v
            return UNKNOWN
        if isinstance(node, ast.BinOp):
            a, b = ev(node.left), ev(node.right)
            f = _BINOPS.get(type(node.op))
            if a is UNKNOWN or b is UNKNOWN or f is None or isinstance(a, Sym) or \
                    isinstance(b, Sym):
                return UNKNOWN
            return f(a, b)
        if isinstance(node, ast.BoolOp):
            v = None
            for x in node.values:
                v = ev(x)
                if v is UNKNOWN or isinstance(v, Sym):
                    return UNKNOWN
                if isinstance(node.op, ast.Or) == bool(v):
                    return v
            return v
        if isinstance(node, ast.Compare):
            left = ev(node.left)
            for op, c in zip(node.ops, node.comparators):
                right = ev(c)
                if left is UNKNOWN or right is UNKNOWN:
                    return UNKNOWN
                if not _CMPOPS[type(op)](left, right):
                    return False
                left = right
            return True
        if isinstance(node, ast.IfExp):
            t = ev(node.test)
            if t is UNKNOWN or isinstance(t, Sym):
                return UNKNOWN
            return ev(node.body if t else node.orelse)
        if isinstance(node, ast.Subscript):
            base, idx = ev(node.value), ev(node.slice)
            if base is UNKNOWN or idx is UNKNOWN or not isinstance(base, (list, tuple, dict)):
                return UNKNOWN
            return base[idx]
        if isinstance(node, ast.Slice):
            parts = [ev(x) if x is not None else None for x in (node.lower, node.upper, node.step)]
            return UNKNOWN if any(p is UNKNOWN for p in parts) else slice(*parts)
        if isinstance(node, ast.Call):
            return self.call(node, env, depth)
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and len(node.generators) == 1:
            g = node.generators[0]
            it = ev(g.iter)
            if not isinstance(it, (list, tuple)) or len(it) > 1024:
                return UNKNOWN
            out = []
            for x in it:
                inner = Scope(env)
                if not self.bind(g.target, x, inner):
                    return UNKNOWN
                if all(self.eval(c, inner, depth + 1) is True for c in g.ifs):
                    v = self.eval(node.elt, inner, depth + 1)
                    if v is UNKNOWN:
                        return UNKNOWN
                    out.append(v)
            return out
        return UNKNOWN

    def call(self, node, env, depth):
        f = node.func
        if _pl_root(f):
            # pl.dynamic("M"), pl.MemRef(...): kept as written
            text = ast.get_source_segment(self.src, node)
            name = f.attr if isinstance(f, ast.Attribute) else ""
            return Sym(text, True) if name in ("dynamic", "MemRef") and text else UNKNOWN
        fv = self.eval(f, env, depth + 1) if not isinstance(f, ast.Name) or \
            f.id not in _BUILTINS else UNKNOWN
        if isinstance(fv, Func) and depth < 20 and not any(
                isinstance(a, ast.Starred) for a in node.args):
            # A helper of the test (`self._input_shape()`, `_shape(m)`): run its body.
            args = [self.eval(a, env, depth + 1) for a in node.args]
            kwargs = {kw.arg: self.eval(kw.value, env, depth + 1) for kw in node.keywords
                      if kw.arg is not None}
            return self.call_func(fv, args, kwargs, depth)
        if isinstance(f, ast.Name) and f.id in _BUILTINS and env.find(f.id) is UNKNOWN:
            args = [self.eval(a, env, depth + 1) for a in node.args]
            if node.keywords or any(a is UNKNOWN or isinstance(a, (Sym, Obj)) for a in args):
                return UNKNOWN
            return _BUILTINS[f.id](*args)
        return UNKNOWN

    def call_func(self, fv, args, kwargs, depth):
        """Runs a helper of the test (`self._input_shape()`, `_shape(m)`, a property)."""
        if depth >= 20:
            return UNKNOWN
        inner = Scope(self.globals)
        if fv.bound is not None:
            inner["self"] = fv.bound
        self.bind_params(fv.node, args, kwargs, inner, skip_self=fv.bound is not None)
        try:
            self.exec_body(fv.node.body, inner, depth=depth + 1)
        except _Return as r:
            return r.value
        return UNKNOWN

    # ---- classes ---------------------------------------------------------------------
    def mro(self, cls):
        out, work = [], [cls]
        while work:
            c = work.pop(0)
            if c in out:
                continue
            out.append(c)
            work += [self.classes[b.id] for b in c.bases
                     if isinstance(b, ast.Name) and b.id in self.classes]
        return out

    def class_attr(self, cls, name):
        for c in self.mro(cls):
            for s in c.body:
                if isinstance(s, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == name for t in s.targets):
                    return self.eval(s.value, self.globals)
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and \
                        s.target.id == name and s.value is not None:
                    return self.eval(s.value, self.globals)
        return UNKNOWN

    def instance(self, cls):
        """`self` of a method of `cls`: its __init__ run with the keyword arguments of the
        constructor call that gives the most known values (else the defaults)."""
        if cls in self._instances:  # built, or being built (a method that constructs its class)
            return self._instances[cls]
        obj = Obj(cls)
        self._instances[cls] = obj
        args, kwargs = self.constructor_args(cls)
        self.run_init(obj, self.mro(cls), args, kwargs)
        return obj

    def run_init(self, obj, mro, args, kwargs):
        for i, c in enumerate(mro):
            init = next((s for s in c.body if isinstance(s, ast.FunctionDef) and
                         s.name == "__init__"), None)
            if init is None:
                continue
            env = Scope(self.globals)
            env["self"] = obj
            self.bind_params(init, args, kwargs, env, skip_self=True)
            env["__mro__"] = mro[i + 1:]
            self.exec_body(init.body, env)
            return

    def constructor_args(self, cls):
        best, best_args = {}, []
        for caller in ast.walk(self.tree):
            if not isinstance(caller, (ast.FunctionDef, ast.Module)):
                continue
            env = None
            for call in ast.walk(caller):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and \
                        call.func.id == cls.name and \
                        not any(isinstance(a, ast.Starred) for a in call.args):
                    env = env or self.caller_env(caller)
                    args = [self.eval(a, env) for a in call.args]
                    out = {}
                    for kw in call.keywords:
                        if kw.arg is None:
                            continue
                        v = self.eval(kw.value, env)
                        if v is not UNKNOWN:
                            out[kw.arg] = v
                    known = len(out) + sum(a is not UNKNOWN for a in args)
                    if known > len(best) + sum(a is not UNKNOWN for a in best_args):
                        best, best_args = out, args
        return best_args, best

    def caller_env(self, caller):
        """A test function's scope: its parametrize first row, then its constant code."""
        env = Scope(self.globals)
        owner = self.parent.get(caller)
        if isinstance(caller, ast.FunctionDef) and isinstance(owner, ast.ClassDef) and \
                caller.args.args and caller.args.args[0].arg == "self" and \
                caller.name != "__init__":
            env["self"] = self.instance(owner)
        if isinstance(caller, ast.FunctionDef):
            for k, v in self.parametrize_row(caller).items():
                env[k] = v
            self.exec_body(caller.body, env, shallow=True)
        return env

    def parametrize_row(self, fn):
        out = {}
        for d in fn.decorator_list:
            if not (isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and
                    d.func.attr == "parametrize" and len(d.args) >= 2):
                continue
            keys = self.eval(d.args[0], self.globals)
            if isinstance(keys, str):
                keys = [k.strip() for k in keys.split(",") if k.strip()]
            if not isinstance(keys, (list, tuple)):
                continue
            rows = d.args[1]
            first = rows.elts[0] if isinstance(rows, (ast.List, ast.Tuple)) and rows.elts \
                else None
            if first is not None and isinstance(first, ast.Call) and \
                    getattr(first.func, "attr", "") == "param":
                first = ast.Tuple(elts=first.args) if len(first.args) != 1 else first.args[0]
            row = self.eval(first, self.globals) if first is not None else UNKNOWN
            if first is None:
                allrows = self.eval(rows, self.globals)
                row = allrows[0] if isinstance(allrows, (list, tuple)) and allrows else UNKNOWN
            if row is UNKNOWN:
                continue
            vals = list(row) if len(keys) > 1 and isinstance(row, (list, tuple)) else [row]
            out.update(dict(zip(keys, vals)))
        return out

    # ---- statements ------------------------------------------------------------------
    def bind_params(self, fn, args, kwargs, env, skip_self=False):
        a = fn.args
        pos = a.posonlyargs + a.args
        if skip_self and pos and pos[0].arg in ("self", "cls"):
            pos = pos[1:]
        defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
        extra = dict(kwargs)
        for i, (p, d) in enumerate(zip(pos, defaults)):
            if i < len(args):
                env[p.arg] = args[i]
            elif p.arg in extra:
                env[p.arg] = extra.pop(p.arg)
            else:
                env[p.arg] = self.eval(d, self.globals) if d is not None else UNKNOWN
        for p, d in zip(a.kwonlyargs, a.kw_defaults):
            if p.arg in extra:
                env[p.arg] = extra.pop(p.arg)
            else:
                env[p.arg] = self.eval(d, self.globals) if d is not None else UNKNOWN
        if a.kwarg is not None:
            env[a.kwarg.arg] = extra

    def bind(self, target, value, env):
        if isinstance(target, ast.Name):
            env[target.id] = value
            return True
        if isinstance(target, ast.Attribute):
            obj = self.eval(target.value, env)
            if isinstance(obj, Obj):
                obj.attrs[target.attr] = value
            return True
        if isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (list, tuple)) or len(value) != len(target.elts):
                for t in target.elts:
                    self.bind(t, UNKNOWN, env)
                return False
            for t, v in zip(target.elts, value):
                self.bind(t, v, env)
            return True
        return False

    def forget(self, stmts, env):
        """Names a statement we do not run may assign: UNKNOWN from here on."""
        for s in stmts:
            for n in ast.walk(s):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    env[n.id] = UNKNOWN

    def exec_body(self, body, env, stop=None, shallow=False, depth=0):
        """Runs `body` up to the statement `stop` (exclusive). Returns True when it met
        `stop` (possibly inside an if)."""
        for s in body:
            if s is stop:
                return True
            if stop is not None and any(n is stop for n in ast.walk(s)):
                if isinstance(s, ast.If):
                    t = self.eval(s.test, env)
                    inside_body = any(n is stop for x in s.body for n in ast.walk(x))
                    return self.exec_body(s.body if inside_body else s.orelse, env, stop)
                if isinstance(s, (ast.With, ast.For, ast.While, ast.Try)):
                    return self.exec_body(getattr(s, "body", []), env, stop)
                return True
            self.exec_stmt(s, env, shallow, depth)
        return False

    def exec_stmt(self, s, env, shallow=False, depth=0):
        if isinstance(s, ast.Return) and depth > 0:
            raise _Return(self.eval(s.value, env, depth) if s.value is not None else None)
        if isinstance(s, ast.Raise) and depth > 0:
            raise _Return(UNKNOWN)
        if isinstance(s, ast.Assign):
            v = self.eval(s.value, env)
            for t in s.targets:
                self.bind(t, v, env)
        elif isinstance(s, ast.AnnAssign) and s.value is not None:
            self.bind(s.target, self.eval(s.value, env), env)
        elif isinstance(s, ast.AugAssign):
            cur = self.eval(s.target, env)
            v = self.eval(ast.BinOp(left=s.target, op=s.op, right=s.value), env) \
                if cur is not UNKNOWN else UNKNOWN
            self.bind(s.target, v, env)
        elif isinstance(s, ast.If) and not shallow:
            t = self.eval(s.test, env)
            if t is UNKNOWN or isinstance(t, Sym):
                if depth > 0:
                    raise _Return(UNKNOWN)  # a helper whose result we cannot know
                self.forget(s.body + s.orelse, env)
            else:
                self.exec_body(s.body if t else s.orelse, env, depth=depth)
        elif isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and not shallow:
            # super().__init__(...): the next class's __init__ on the same object
            f = s.value.func
            if isinstance(f, ast.Attribute) and f.attr == "__init__" and \
                    isinstance(f.value, ast.Call) and isinstance(f.value.func, ast.Name) and \
                    f.value.func.id == "super":
                obj, mro = env.find("self"), env.find("__mro__")
                if isinstance(obj, Obj) and isinstance(mro, list):
                    args = [self.eval(a, env) for a in s.value.args
                            if not isinstance(a, ast.Starred)]
                    kwargs = {}
                    for kw in s.value.keywords:
                        v = self.eval(kw.value, env)
                        if kw.arg is None:
                            if isinstance(v, dict):
                                kwargs.update(v)
                        else:
                            kwargs[kw.arg] = v
                    self.run_init(obj, mro, args, kwargs)
        elif isinstance(s, ast.FunctionDef):
            env[s.name] = Func(s)
        elif isinstance(s, ast.ClassDef):
            env[s.name] = ClassRef(s)
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            for a in s.names:
                env[(a.asname or a.name).split(".")[0]] = UNKNOWN
        else:
            self.forget([s], env)

    def scope_at(self, stack, node, builder_values=None):
        # builder_values: {FunctionDef: {parameter: value}}
        """The scope the program `node` sees: the module, then each enclosing function run
        up to the statement that holds `node` (a method's `self` from its class's
        __init__; a builder's parameters from `builder_values`, else their defaults)."""
        env = self.globals
        for i, anc in enumerate(stack):
            if not isinstance(anc, ast.FunctionDef):
                continue
            inner = Scope(env)
            owner = stack[i - 1] if i > 0 else None
            kwargs = dict((builder_values or {}).get(anc, {}))
            self.bind_params(anc, [], kwargs, inner, skip_self=isinstance(owner, ast.ClassDef))
            if isinstance(owner, ast.ClassDef) and anc.args.args and \
                    anc.args.args[0].arg == "self":
                inner["self"] = self.instance(owner)
            stop = stack[i + 1] if i + 1 < len(stack) else node
            self.exec_body(anc.body, inner, stop)
            env = inner
        return env
