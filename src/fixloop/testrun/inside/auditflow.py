"""What a test module's own code may do to each of its globals, read from its AST.

:mod:`fixloop.testrun.inside.auditglobals` compares the test modules' globals around each test
and reports a change the tests themselves cannot account for. This module says how much of
each global the tests may change, or let the code under test change (:func:`handed_names`),
as a *level*, weakest first:

- :data:`READ`: only read (compared, indexed, counted): the whole contents are compared;
- :func:`elements_at` ``(d)``: the objects ``d`` levels down (``d`` subscripts or loop steps:
  ``CASES[i]`` is 1 down, ``CASES[i]["args"]`` 2) are handed on and may change in place:
  everything above them is compared, they count by ``id`` (:data:`ELEMENTS` is ``d == 1``: a
  table whose rows are handed on, ``parametrize``, ``enumerate``, ``.items()``);
- :data:`CONTENTS`: a method of the object's own class is called on it (``REG.remember(k,
  v)``): its identity is compared;
- :data:`WRITTEN`: declared ``global``, stored into, changed by a mutating method
  (:data:`MUTATORS`), handed on whole (a call argument other than :data:`READ_CALLS`, a
  return value, an alias): not compared.

A loop variable is followed (red-team F21): ``for case in CASES`` binds each row, and what the
loop's scope does with ``case`` decides how far down ``CASES`` may change. Before, any loop
with a plain name as its target handed the rows on whole, so a change that found the test
module (through ``sys.__dict__``'s values, no name spelled) and set each row's ``"want"`` to the
buggy result passed while the test only read ``case["want"]`` and unpacked ``*case["args"]``
into the call. Now ``CASES`` is compared down to the arguments' elements: the rewrite of a
``"want"`` is a change of a global the tests only read. The uses of a loop variable are all
loads of that name in the loop's scope (its function, comprehension or module): a name used
for something else there too only weakens the comparison. Not followed: the names
``parametrize`` binds (the test function's parameters), ``enumerate``/``zip``/``.items()``
targets (their rows count as handed on, :data:`ELEMENTS`).

A row handed to a function of the test module itself (``for case in CASES: _check(case)``)
is followed into it the same way (red-team G16): the uses of the helper's parameter decide,
not "a call argument, handed on whole", which let the change rewrite each row's ``"want"``.

Stdlib only; shipped as ``_fixloop_auditflow``, before ``_fixloop_auditglobals``.
"""

from __future__ import annotations

import ast

#: Deepest level of a table the comparison distinguishes (a global handed on deeper than this
#: is compared down to this depth only: the rest of it counts as handed on).
MAX_DEPTH = 4
_FUNCTION = type(lambda: 0)  #: a plain function's type (:func:`reload_made`)
_PLAIN = frozenset({int, float, complex, str, bytes, bool, type(None)})  #: :func:`contents`

#: Levels (see the module docstring); a larger one lets more of the global change.
READ = 0
ELEMENTS = MAX_DEPTH  # elements_at(1)
CONTENTS = MAX_DEPTH + 1
WRITTEN = MAX_DEPTH + 2

#: Methods that change a list, dict, set or deque in place.
MUTATORS = frozenset(
    {
        "append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
        "add", "discard", "popitem", "sort", "reverse", "difference_update",
        "intersection_update", "symmetric_difference_update", "appendleft", "extendleft",
        "popleft", "rotate", "move_to_end", "__setitem__", "__delitem__", "__init__",
        "__iadd__", "__ior__",
    }
)  # fmt: skip

#: Callables that read their arguments and keep no reference to a mutable one.
READ_CALLS = frozenset(
    {
        "len", "str", "repr", "int", "float", "bool", "sum", "any", "all", "isinstance",
        "abs", "round", "hash", "id", "type", "print", "format", "deepcopy", "approx",
        "fixture", "skipif", "xfail", "isclose", "dumps",
    }
)  # fmt: skip

#: Callables that keep or return the ELEMENTS of their arguments (a shallow copy, an iterator,
#: pytest's parametrize): the container is only read, its elements are handed on, so code
#: under test may change them in place (``for rec, want in CASES: normalize(rec)``).
ELEMENT_CALLS = frozenset(
    {
        "sorted", "list", "tuple", "set", "frozenset", "dict", "enumerate", "zip", "reversed",
        "min", "max", "iter", "next", "filter", "map", "chain", "parametrize", "param",
    }
)  # fmt: skip

#: Methods of the built-in containers that hand on elements without changing the container.
ELEMENT_METHODS = frozenset(
    {
        "get", "items", "values", "keys", "copy", "__getitem__", "__iter__", "union",
        "intersection", "difference", "symmetric_difference", "most_common",
    }
)  # fmt: skip

#: Methods of the built-in types that neither change their object nor hand on its elements.
PURE_METHODS = frozenset(
    {
        "count", "index", "startswith", "endswith", "find", "rfind", "isdigit", "isalpha",
        "isspace", "__len__", "__contains__", "__eq__", "__ne__", "issubset", "issuperset",
        "isdisjoint", "bit_length", "is_integer",
    }
)  # fmt: skip

_READ_PARENTS = (
    ast.Compare, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.IfExp, ast.If, ast.While, ast.Assert,
    ast.FormattedValue, ast.JoinedStr, ast.Expr,
)  # fmt: skip
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)
_COMPS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def elements_at(depth: int) -> int:
    """The level of a global whose objects ``depth`` levels down are handed on (``depth >= 1``).

    Deeper than :data:`MAX_DEPTH` counts as :data:`MAX_DEPTH` (compared less deep).
    """
    return MAX_DEPTH + 1 - min(max(depth, 1), MAX_DEPTH)


def cut_depth(level: int) -> int | None:
    """The depth from which a global at ``level`` counts by ``id``; None: not an elements level."""
    if READ < level <= ELEMENTS:
        return MAX_DEPTH + 1 - level
    return None


def below(level: int, depth: int) -> int:
    """The level of a global whose object ``depth`` levels down has ``level`` (its own use)."""
    if depth <= 0 or level == READ:
        return level
    cut = cut_depth(level)
    if cut is not None:
        return elements_at(cut + depth)
    return elements_at(depth)  # that object changes, or is handed on whole: counted by id


def written_names(tree: ast.AST) -> set[str]:
    """Names a module's code may write or hand on whole (level :data:`WRITTEN`), by its AST."""
    return {k for k, v in handed_names(tree).items() if v >= WRITTEN}


def imported_from(tree: ast.AST) -> dict[str, tuple[int, str, str]]:
    """``{global name: (level, module, attribute)}`` of a module's top-level ``from M import X``.

    ``level``: the number of leading dots of a relative import (0: absolute). A name bound again
    by any other top-level statement, or imported twice, is left out (its object may be the
    module's own). Star imports are left out.
    """
    body = list(getattr(tree, "body", ()))
    out: dict[str, tuple[int, str, str]] = {}
    bound: dict[str, int] = {}
    for stmt in body:
        for node in ast.walk(stmt):
            names: list[str] = []
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                names = [node.id]
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [(a.asname or a.name).split(".")[0] for a in node.names]
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            for n in names:
                bound[n] = bound.get(n, 0) + 1
        if isinstance(stmt, ast.ImportFrom):
            for a in stmt.names:
                if a.name != "*":
                    out[a.asname or a.name] = (stmt.level or 0, stmt.module or "", a.name)
    return {k: v for k, v in out.items() if bound.get(k) == 1}


def reloaded_names(tree: ast.AST) -> set[str]:
    """Names a module's code passes to ``reload(...)`` or ``<x>.reload(...)``.

    Of a dotted argument, the last part: ``reload(tests.utils)`` gives ``utils``.
    """
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and callee_name(node.func) == "reload":
            arg = node.args[0]
            if isinstance(arg, (ast.Name, ast.Attribute)):
                out.add(arg.id if isinstance(arg, ast.Name) else arg.attr)
    return out


def reloaded(names: set[str], snap: dict[str, tuple[object, object]], mname: str) -> bool:
    """Whether a global named in ``names`` of a module of ``snap`` is ``snap[mname]``'s module.

    ``snap``: ``{module name: (module, snapshot)}`` (the tests' modules); ``names``:
    :func:`reloaded_names` of the tests.
    """
    mod = snap[mname][0]
    for m, _ in list(snap.values()):
        d = object.__getattribute__(m, "__dict__")
        if any(d.get(n) is mod for n in names):
            return True
    return False


def fixture_function(obj: object) -> object | None:
    """The function of a pytest fixture definition (pytest 8.4+: ``_fixture_function``)."""
    if not type(obj).__module__.startswith("_pytest"):
        return None
    try:
        inner = object.__getattribute__(obj, "__dict__").get("_fixture_function")
    except (AttributeError, TypeError):
        return None
    return inner if type(inner) is _FUNCTION else None


def reload_made(mod: object, mname: str, value: object, before: tuple, first: object) -> bool:
    """Whether ``value``, a global of the reloaded test module ``mod``, is what its code binds.

    Re-executing the module (``reload``) makes its functions and classes again (their code
    in the module's file, their globals the module's) and its data again, with the contents
    its first execution gave it (``first``: the global's value then). Anything else rebound,
    a function of other code (``utils.quadruple = lambda x: 4``), other data (``utils.EXPECTED
    = {...}``), is not the reload's (realproj4 R4's gap). ``before``: the global's snapshot
    token (``auditglobals._token``). Objects of other types (instances, decorated callables)
    are not judged: True.
    """
    d = object.__getattribute__(mod, "__dict__")
    file = getattr(mod, "__file__", None)

    def own(fn: object) -> bool:
        code = getattr(fn, "__code__", None)
        return getattr(fn, "__globals__", None) is d and getattr(code, "co_filename", 0) == file

    if before[0] == "p":
        return first is not d and contents(first) == contents(value)
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if type(value) is _FUNCTION:
        return own(value)
    if isinstance(value, type):
        funcs = [
            v.__func__ if isinstance(v, (staticmethod, classmethod)) else v
            for v in list(vars(value).values())
            if type(v) is _FUNCTION or isinstance(v, (staticmethod, classmethod))
        ]
        return getattr(value, "__module__", None) == mname and all(own(f) for f in funcs)
    inner = fixture_function(value)
    return own(inner) if inner is not None else True


def contents(value: object, budget: int = 20_000) -> int:
    """A hash of plain data's contents, not its identity (other objects count by ``id``).

    Dicts, lists, tuples, sets and scalars, entered through the built-in types' own methods
    (no code of a subclass runs); at most ``budget`` nodes.
    """
    out: list[object] = []
    stack = [value]
    while stack and budget > 0:
        o = stack.pop()
        budget -= 1
        t = type(o)
        if t in _PLAIN:
            out.append((t, o))
        elif isinstance(o, dict):
            out.append(("d", type(o), dict.__len__(o)))
            for k, v in list(dict.items(o)):
                stack += [v, k]
        elif isinstance(o, (list, tuple)):
            items = list.copy(o) if isinstance(o, list) else list(tuple.__iter__(o))
            out.append(("l", type(o), len(items)))
            stack.extend(reversed(items))
        elif isinstance(o, (set, frozenset)):
            items = list(set.__iter__(o) if isinstance(o, set) else frozenset.__iter__(o))
            h = 0
            for e in items:
                h ^= hash((type(e), e)) if type(e) in _PLAIN else id(e)
            out.append(("s", type(o), len(items), h))
        else:
            out.append(("o", id(o)))
    return hash((tuple(out), len(stack)))


def handed_names(tree: ast.AST) -> dict[str, int]:
    """``{name: level}``: the most a module's code may do to each name it loads, by its AST.

    See the module docstring for the levels; an attribute name in a chain (``data.CASES``)
    counts as a name too (a global of another test module read through it).
    """
    return _Flow(tree).names()


class _Flow:
    """One module's AST, its parents, and the levels of the loop variables met so far."""

    def __init__(self, tree: ast.AST) -> None:
        self.tree = tree
        self.parent: dict[int, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parent[id(child)] = node
        self.loops: dict[tuple[int, str], int] = {}
        self._helpers: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] | None = None

    def names(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                for n in node.names:
                    out[n] = WRITTEN
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Del):
                out[node.id] = WRITTEN
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                for name, level in self.use(node):
                    out[name] = max(level, out.get(name, READ))
        return out

    def use(self, node: ast.Name) -> list[tuple[str, int]]:
        """``[(name, level)]`` of one load of a name and of the attribute names after it."""
        chain: list[tuple[str, int]] = [(node.id, 0)]
        steps = 0
        cur: ast.AST = node
        up = self.parent.get(id(cur))
        while isinstance(up, (ast.Attribute, ast.Subscript)) and up.value is cur:
            steps += 1
            if isinstance(up, ast.Attribute):
                chain.append((up.attr, steps))
            cur, up = up, self.parent.get(id(up))
        level, back = self.escapes(cur, up)
        return [(name, below(level, steps - start - back)) for name, start in chain]

    def escapes(self, cur: ast.AST, up: ast.AST | None) -> tuple[int, int]:  # noqa: PLR0911
        """``(level, back)``: the most the code around ``cur`` may do to the object it names.

        ``back`` is 1 when the level is that of the object one step up (a method called on
        it, an item stored into it), else 0.
        """
        if isinstance(cur, (ast.Attribute, ast.Subscript)) and not isinstance(cur.ctx, ast.Load):
            return WRITTEN, 1  # stored into or deleted: the object it is an item of changes
        if up is None or isinstance(up, _READ_PARENTS):
            return READ, 0
        if isinstance(up, (ast.List, ast.Tuple, ast.Set, ast.Dict)) and isinstance(
            getattr(up, "ctx", ast.Load()), ast.Load
        ):
            outer, _ = self.escapes(up, self.parent.get(id(up)))
            return (READ if outer == READ else WRITTEN), 0
        if isinstance(up, ast.AugAssign):
            return (WRITTEN, 0) if up.target is cur else (READ, 0)
        if isinstance(up, ast.Subscript):
            return READ, 0  # used as an index: N[OTHER]
        if isinstance(up, ast.Call):
            if up.func is cur:
                if not isinstance(cur, ast.Attribute) or cur.attr in PURE_METHODS:
                    return READ, 0
                if cur.attr in MUTATORS:
                    return WRITTEN, 1
                return (ELEMENTS if cur.attr in ELEMENT_METHODS else CONTENTS), 1
            helper = self.helper_argument(up, cur)
            if helper is not None:
                return helper, 0
            callee = callee_name(up.func)
            if callee in READ_CALLS:
                return READ, 0
            return (ELEMENTS if callee in ELEMENT_CALLS else WRITTEN), 0
        if isinstance(up, ast.Starred):
            return ELEMENTS, 0  # f(*X), [*X]: its elements go on, not X
        if isinstance(up, ast.keyword):
            return (ELEMENTS if up.arg is None else WRITTEN), 0  # f(**X): its values go on
        if isinstance(up, (ast.For, ast.AsyncFor, ast.comprehension)):
            if up.iter is not cur:
                return READ, 0
            return self.target(up, up.target, 1), 0
        return WRITTEN, 0  # an alias, a return value, an element of a display...

    def target(self, loop: ast.AST, target: ast.AST, depth: int) -> int:
        """The level of an iterated object whose elements a loop binds to ``target``.

        ``depth``: how far down the bound objects are (1 for the rows themselves, 2 for the
        parts a tuple target unpacks a row into...).
        """
        if isinstance(target, ast.Name):
            return below(self.loop_variable(loop, target.id), depth)
        if isinstance(target, (ast.Tuple, ast.List)):
            level = READ
            for elt in target.elts:
                if isinstance(elt, ast.Starred):  # a, *rest = row: a new list of the row's parts
                    level = max(level, elements_at(depth + 1))
                else:
                    level = max(level, self.target(loop, elt, depth + 1))
            return level
        return elements_at(depth)  # for self.x in X, for d[k] in X: stored whole

    def helper_argument(self, call: ast.Call, arg: ast.AST) -> int | None:
        """The level of ``arg`` handed to a function of the test module itself (red-team G16).

        ``_check(case)`` where the module defines ``def _check(case): ...`` once, at its top
        level, undecorated: what the helper's body does with its parameter decides (as a
        loop variable's uses do). None for any other call (a ``*args`` or ``**kwargs``
        parameter, a name defined twice or rebound, a starred argument before it).
        """
        func = self.helpers().get(call.func.id) if isinstance(call.func, ast.Name) else None
        if func is None:
            return None
        a = func.args
        params = [p.arg for p in (*a.posonlyargs, *a.args)]
        name = None
        for i, value in enumerate(call.args):
            if isinstance(value, ast.Starred):
                return None
            if value is arg:
                name = params[i] if i < len(params) else None
                break
        for kw in call.keywords:
            if kw.value is arg and kw.arg is not None:
                names = {p.arg for p in (*a.args, *a.kwonlyargs)}
                name = kw.arg if kw.arg in names else None
        return None if name is None else self.loop_variable(func, name, scope=func)

    def helpers(self) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
        """The module's top-level functions defined once, undecorated and never rebound."""
        if self._helpers is None:
            body = getattr(self.tree, "body", [])
            defs: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    defs.setdefault(node.name, []).append(node)
            stored = {
                n.id
                for n in ast.walk(self.tree)
                if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
            }
            self._helpers = {
                k: v[0]
                for k, v in defs.items()
                if len(v) == 1 and not v[0].decorator_list and k not in stored
            }
        return self._helpers

    def loop_variable(self, loop: ast.AST, name: str, scope: ast.AST | None = None) -> int:
        """The most the loads of ``name`` in the loop's scope do to the object it is bound to.

        ``scope``: the function whose parameter ``name`` is (a helper's), else the loop's.
        """
        scope = scope if scope is not None else self.scope(loop)
        key = (id(scope), name)
        if key in self.loops:
            return self.loops[key]
        self.loops[key] = WRITTEN  # a loop of the name over itself: handed on whole
        level = READ
        for node in ast.walk(scope):
            if isinstance(node, ast.Name) and node.id == name:
                if isinstance(node.ctx, ast.Del):
                    level = WRITTEN
                elif isinstance(node.ctx, ast.Load):
                    level = max([level, *(lv for n, lv in self.use(node) if n == name)])
            elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
                level = WRITTEN
            if level >= WRITTEN:
                break
        self.loops[key] = level
        return level

    def scope(self, loop: ast.AST) -> ast.AST:
        """The node whose body a loop variable lives in: a comprehension, function or module."""
        if isinstance(loop, ast.comprehension):
            owner = self.parent.get(id(loop))
            if isinstance(owner, _COMPS):
                return owner
        node = self.parent.get(id(loop))
        while node is not None and not isinstance(node, _SCOPES):
            node = self.parent.get(id(node))
        return node if node is not None else self.tree


def callee_name(func: ast.AST) -> str:
    """The called name: ``f`` for ``f(...)``, ``m`` for ``x.m(...)``, else ``""``."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""
