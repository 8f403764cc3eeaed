"""The audit hook's watch of the tests' own modules: their globals, functions and classes.

Code under test that reaches a test module's namespace can rewrite what the assertions read
(``EXPECTED["add"] = got``) without any audit event: found by walking ``sys.modules``,
``getattr`` with a built name, ``importlib`` with a built string. The static scan
(:mod:`fixloop.tamper_mutation`) sees only the spellings it can fold; this module compares the
namespaces themselves:

- *snapshot*: each module of the test code (a test file by :mod:`fixloop.pathrules` or the
  project's ``python_files``, present before the run and not changed: test modules, conftests,
  helpers under ``tests/``; not every module under ``testpaths``) is fingerprinted as soon
  as pytest has collected it (:func:`track`, called from ``pytest_collectreport``): each global's
  ``id``; for plain data (dicts, lists, tuples, sets and scalars, nested; at most
  :data:`MAX_NODES` nodes per global) a deep fingerprint of its contents; for a function its
  ``__code__``, ``__defaults__`` and ``__kwdefaults__``; for a class the module defines, the
  code of its functions; for a pytest fixture definition, the code of its function. Pytest's
  fixture table (``FixtureDef.func`` of the session's fixture manager) is kept at the end of
  collection.
- *compare*: the module of each test before it starts and after it ends (:func:`check_item`:
  one module, its globals' ids and plain data to :data:`QUICK_NODES` nodes each; the full
  comparison when that differs), and every module in full and the fixture table at the end of
  the run (:func:`check_all`, from the hook's end-of-run checks).
- *attribution*: a change is a finding unless the tests' own code may make it. The test
  files of the snapshot are parsed (:func:`test_written`, once a change is seen; nothing is
  parsed otherwise) and each name gets the most any of them may do to it
  (:mod:`fixloop.testrun.inside.auditflow`): declared ``global``, stored into, changed by a
  mutating method or handed on whole (a call argument, a return value, an alias): not
  compared (a list a test passes to the code under test may be filled by that code); its
  objects some levels down handed on (a loop's rows or their parts, ``parametrize``,
  ``enumerate``, ``.items()``, ``*case["args"]`` in a call): compared down to them, they count
  by ``id`` (code may tidy a row in place; red-team F21: a loop variable's own uses decide how
  far down, so a row's expected value rewritten in place is seen); a method of its own
  class called (``REG.remember(k, v)``): its identity. A name the tests only read (compared,
  indexed) changed during the run was changed by something else: the change, a child of it,
  or code no test called, unless bound by ``from M import X`` to the same object as X of M, a
  non-test module of the tree: M's state (:func:`_source_state`), or, in a module the tests
  ``reload()``, rebound to what its own code makes again (``auditflow.reload_made``). A name
  added to a test module counts only when it hides a builtin (``len = ...``).

The parametrized values of each collected test (``item.callspec.params``: a list a
``parametrize`` mark holds inline is no module global) are compared the same way, around the
test and at the end (:func:`check_params`, red-team G7).

Not covered: a change undone before the next comparison (within one test, e.g. from a timer
thread), the contents of instances of other classes (only their ``id``), a test module's
``__dict__`` replaced wholesale (pytest keeps the module object), test data read by a test of
another module changed and restored between that module's tests.

Each function takes the hook module (``hook``: its state, its path helpers and ``_record``).
Stdlib only; the harness passes this module's source to the sandboxed interpreter before the
hook's, as ``_fixloop_auditglobals`` (after ``_fixloop_auditflow``).
"""

from __future__ import annotations

import ast
import builtins
import importlib.util as _ilu
import os
import sys
from typing import Any

_flow: Any = sys.modules.get("_fixloop_auditflow")
if _flow is None:  # imported as a package module (tests), not from the harness's -c program
    from fixloop.testrun.inside import auditflow as _flow

#: Most nodes one global's deep fingerprint visits (the rest is summed up by its ``id``).
MAX_NODES = 20_000

#: Most nodes of one global the look around each test visits (:func:`quick`).
QUICK_NODES = 2_000

_SCALARS = frozenset({int, float, complex, str, bytes, bool, type(None)})
#: A name added to a test module counts only when it hides a builtin (``len``, ``sorted``...):
#: any other new name is one no test reads (a submodule set on a package, a late import).
_BUILTIN_NAMES = frozenset(dir(builtins))
_FUNC = type(lambda: 0)
_fixture_function = _flow.fixture_function  # a pytest fixture definition's function

#: What the tests may do to a global (:mod:`fixloop.testrun.inside.auditflow`), weakest first:
#: only read it (its whole contents compared); hand on its objects some levels down
#: (``auditflow.elements_at``: compared down to them, they count by ``id``,
#: :func:`cut_fingerprint`); call a method of its own class on it (its identity compared); write
#: it or hand it on whole (not compared).
READ, ELEMENTS, CONTENTS, WRITTEN = _flow.READ, _flow.ELEMENTS, _flow.CONTENTS, _flow.WRITTEN


# --------------------------------------------------------------------------------------------
# Fingerprints
# --------------------------------------------------------------------------------------------


def fingerprint(value: object, budget: int = MAX_NODES) -> int:
    """A hash of ``value``'s identity and, for plain data, of its whole contents.

    Plain data: ``dict``, ``list``, ``tuple``, ``set``, ``frozenset``, ``bytearray`` (and their
    subclasses, read through the built-in types' own methods so no code of theirs runs) and
    scalars (``int``, ``float``, ``complex``, ``str``, ``bytes``, ``bool``, ``None``). Every
    container counts by its ``id`` and length too (a nested list swapped for an equal one is a
    change); anything else counts by its ``id`` alone. At most ``budget`` nodes are visited.
    """
    return _walk(value, budget, deep=True)


def shallow_fingerprint(value: object, budget: int = MAX_NODES) -> int:
    """:func:`cut_fingerprint` at depth 1: a container's contents, its mutable elements by ``id``.

    For a global whose elements the tests hand on (:data:`ELEMENTS`): replacing, adding or
    removing an element changes it, a change inside a handed-on dict or list does not.
    """
    return cut_fingerprint(value, 1, budget)[0]


def cut_fingerprint(value: object, cut: int, budget: int = MAX_NODES) -> tuple[int, bool]:
    """``(hash, cut anything)``: what :func:`fingerprint` sees down to depth ``cut``.

    The global is depth 0, its items (a list's elements, a dict's keys and values, a tuple's
    elements) depth 1, theirs depth 2...; a dict, list, set or bytearray at depth ``cut`` or
    deeper counts by ``id`` alone, tuples and scalars are entered at any depth (their own
    contents cannot change). The flag says whether some object was counted by ``id`` only:
    when none was, every deeper cut has the same hash. A plain value that is not a dict, list
    or tuple is compared whole (:func:`fingerprint`).
    """
    if not isinstance(value, (dict, list, tuple)):
        return fingerprint(value, budget), False
    out: list[object] = []
    stack: list[tuple[object, int]] = [(value, 0)]
    pruned = False
    budget += 1  # the container itself is not counted
    while stack:
        o, depth = stack.pop()
        budget -= 1
        if budget < 0:
            out.append(("cut", len(stack)))
            break
        t = type(o)
        if t in _SCALARS:
            out.append((t, o))
        elif isinstance(o, tuple):
            items = list(tuple.__iter__(o))
            out.append(("l", id(o), len(items)))
            stack.extend((e, depth + 1) for e in reversed(items))
        elif depth >= cut and isinstance(o, (dict, list, set, bytearray)):
            pruned = True
            out.append(("o", id(o)))
        elif isinstance(o, dict):
            out.append(("d", id(o), dict.__len__(o)))
            for k, v in list(dict.items(o)):
                stack.append((v, depth + 1))
                stack.append((k, depth + 1))
        elif isinstance(o, list):
            items = list.copy(o)
            out.append(("l", id(o), len(items)))
            stack.extend((e, depth + 1) for e in reversed(items))
        elif isinstance(o, (set, frozenset, bytearray)):
            out.append(("x", _walk(o, 1, deep=True)))  # its elements are hashable: scalars
        else:
            out.append(("o", id(o)))
    return hash(tuple(out)), pruned


def cut_fingerprints(value: object) -> tuple[int, ...]:
    """:func:`cut_fingerprint` at each depth 1 .. ``auditflow.MAX_DEPTH`` (index 0: depth 1).

    A cut that counted nothing by ``id`` ends the walks: the deeper ones are the same.
    """
    out: list[int] = []
    for cut in range(1, _flow.MAX_DEPTH + 1):
        h, pruned = cut_fingerprint(value, cut)
        out.append(h)
        if not pruned:
            out.extend([h] * (_flow.MAX_DEPTH - cut))
            break
    return tuple(out)


def _walk(value: object, budget: int, *, deep: bool) -> int:
    """The walk of :func:`fingerprint` (``deep``; not deep: the top container only)."""
    out: list[object] = []
    stack = [value]
    top = True
    while stack:
        o = stack.pop()
        budget -= 1
        if budget < 0:
            out.append(("cut", len(stack)))
            break
        enter = deep or top
        top = False
        t = type(o)
        if t in _SCALARS:
            out.append((t, o))
        elif enter and isinstance(o, dict):
            out.append(("d", id(o), dict.__len__(o)))
            for k, v in list(dict.items(o)):
                stack.append(v)
                stack.append(k)
        elif (enter and isinstance(o, list)) or isinstance(o, tuple):
            items = list(list.copy(o) if isinstance(o, list) else tuple.__iter__(o))
            out.append(("l", id(o), len(items)))
            stack.extend(reversed(items))
        elif deep and isinstance(o, (set, frozenset)):
            items = list(set.__iter__(o) if isinstance(o, set) else frozenset.__iter__(o))
            h = 0
            for e in items:
                h ^= hash((type(e), e)) if type(e) in _SCALARS else id(e)
            out.append(("s", id(o), len(items), h))
        elif deep and isinstance(o, bytearray):
            out.append(("b", id(o), bytes(o)))
        else:
            out.append(("o", id(o)))
    return hash(tuple(out))


def _code_token(fn: object) -> tuple:
    """``(id of the function, id of its code, its defaults' fingerprints)`` or ``(id,)``."""
    if isinstance(fn, (staticmethod, classmethod)):
        fn = fn.__func__
    if type(fn) is not _FUNC:
        inner = _fixture_function(fn)
        if inner is None:
            return ("o", id(fn))
        return ("x", id(fn), *_code_token(inner))
    f: Any = fn
    return ("f", id(f), id(f.__code__), fingerprint(f.__defaults__), fingerprint(f.__kwdefaults__))


def _token(mname: str, value: object) -> tuple:
    """What one global of a test module is, for :func:`snapshot_module`."""
    t = type(value)
    if t in _SCALARS or isinstance(value, (dict, list, tuple, set, frozenset, bytearray)):
        return ("p", id(value), fingerprint(value), *cut_fingerprints(value))
    if isinstance(value, type) and getattr(value, "__module__", None) == mname:
        members = []
        for k, v in list(vars(value).items()):
            if type(v) is _FUNC or isinstance(v, (staticmethod, classmethod)):
                members.append((k, _code_token(v)))
        return ("c", id(value), tuple(sorted(members, key=lambda m: m[0])))
    return _code_token(value)


def snapshot_module(mname: str, mod: object) -> dict[str, tuple]:
    """``{global name: token}`` of a module (dunder names left out)."""
    try:
        d = object.__getattribute__(mod, "__dict__")
    except AttributeError:
        return {}
    out = {}
    for k, v in list(dict.items(d)):
        if isinstance(k, str) and not (k.startswith("__") and k.endswith("__")):
            out[k] = _token(mname, v)
    return out


# --------------------------------------------------------------------------------------------
# Which modules, when
# --------------------------------------------------------------------------------------------


def _state(hook: Any) -> dict:
    st = hook._state.get("tglobals")
    if st is None:
        st = {"snap": {}, "quick": {}, "rel": {}, "decided": {}, "items": {}, "fixtures": None}
        st.update(params={}, written=None, imports={}, reloads=set(), first={})
        hook._state["tglobals"] = st
    return st


def track(hook: Any) -> None:
    """Snapshot every test module loaded and not yet snapshot (cheap when none is new)."""
    st = _state(hook)
    if st.get("nmods") == len(sys.modules):
        return  # nothing imported since the last look (a reload keeps the module object)
    st["nmods"] = len(sys.modules)
    decided = st["decided"]
    for mname, mod in list(sys.modules.items()):
        if mname in decided and decided[mname] is mod:
            continue
        decided[mname] = mod
        filename = getattr(mod, "__file__", None) if mod is not None else None
        if not isinstance(filename, str) or not filename.endswith((".py", ".pyw")):
            continue
        rel = hook._rel(filename)
        if rel is None or not _test_module(hook, rel):
            continue
        st["rel"][mname] = rel
        st["snap"][mname] = (mod, snapshot_module(mname, mod))
        st["first"][mname] = dict(object.__getattribute__(mod, "__dict__"))  # what its code made
        st["quick"][mname] = quick(mod)
        st["written"] = None  # a new test file to read


def _test_module(hook: Any, rel: str) -> bool:
    """A module of the tests, whose globals are watched.

    A test file by :func:`fixloop.pathrules.is_test_file` or the project's ``python_files``,
    present before the run and not changed by the change. Not every file under ``testpaths`` (``testpaths = src`` for ``--doctest-modules`` makes
    the project's own modules test files to the hook): their globals are the project's.
    """
    state = hook._state
    if rel in (state.get("watch") or {}) or not hook._is_test_path(rel):
        return False
    low = rel.casefold()
    return bool(hook._paths.is_test_file(rel)) or any(
        hook._fresh._glob(g, low) for g in state.get("test_globs") or ()
    )


def collected(hook: Any, session: object) -> None:
    """At the end of collection: the test modules, each item's module, pytest's fixture table."""
    track(hook)
    st = _state(hook)
    for item in list(getattr(session, "items", None) or ()):
        mod = getattr(item, "module", None)
        name = getattr(mod, "__name__", None)
        if isinstance(name, str) and name in st["snap"]:
            st["items"][getattr(item, "nodeid", "")] = name
            params = getattr(getattr(item, "callspec", None), "params", None)
            if isinstance(params, dict) and params:
                st["params"][getattr(item, "nodeid", "")] = (item, _param_tokens(params))
    st["fixtures"] = _fixture_table(session)
    st["session"] = session


def _param_tokens(params: dict) -> dict[str, tuple]:
    """Tokens of a test's parametrized values that are plain data (the rest counts by ``id``)."""
    return {str(k): _token("", v) for k, v in list(params.items())}


def check_params(hook: Any, nodeids: list[str], when: str) -> None:
    """Compare the parametrized values of tests ``nodeids`` with those collected (red-team G7).

    A value of a ``parametrize`` mark (``want``, a list the mark holds) is handed to the test
    function by name; the test module's globals do not hold it when the mark lists it inline.
    A change of it is a finding unless the tests may change it (the name's level over the test
    files, :mod:`fixloop.testrun.inside.auditflow`: ``want.sort()`` in a test, ``want`` handed
    to the code). Red-team G7: the change reached the test's frame and set ``want[:]`` to its
    own wrong answer before the comparison read it; nothing else saw it. G14: the values are
    read from the item's ``callspec`` each time (a new callspec put on the item, found through
    the assertion rewriter's session, left the dict kept at collection unchanged).
    """
    st = _state(hook)
    levels: dict[str, int] | None = None
    for nodeid in nodeids:
        entry = st["params"].get(nodeid)
        if entry is None:
            continue
        item, before = entry  # the item's parameters as pytest reads them now (G14: a new
        params = getattr(getattr(item, "callspec", None), "params", None)  # callspec object)
        now = _param_tokens(params) if isinstance(params, dict) else {}
        if now == before:
            continue
        levels = _test_levels(hook) if levels is None else levels
        for name, token in before.items():
            if now.get(name) == token or _allowed(levels.get(name, READ), token, now.get(name)):
                continue
            hook._record(
                "object.__setattr__",
                f"changed {name}, a parameter of {nodeid} the tests only read, {when}",
                None,
            )
        st["params"][nodeid] = (item, now)  # each change once


def _fixture_table(session: object) -> dict[tuple[str, int], tuple] | None:
    manager = getattr(session, "_fixturemanager", None)
    table = getattr(manager, "_arg2fixturedefs", None)
    if not isinstance(table, dict):
        return None
    out = {}
    for name, defs in list(table.items()):
        for i, fd in enumerate(list(defs or ())):
            out[(str(name), i)] = _code_token(getattr(fd, "func", None))
    return out


def quick(mod: object, skip: frozenset[str] = frozenset()) -> tuple:
    """A cheap look at a module: its globals' ids, and plain data to :data:`QUICK_NODES` nodes.

    What :func:`check_item` compares around each test (a test module of 1,000 tests must not
    cost 1,000 full snapshots per test); a difference there leads to the full comparison, and
    the full snapshot is compared at the end of the run anyway. ``skip``: names left out.
    """
    d = object.__getattribute__(mod, "__dict__")
    out: list[object] = [dict.__len__(d)]
    for k, v in list(dict.items(d)):
        if k in skip or not isinstance(k, str) or k.startswith("__") and k.endswith("__"):
            continue  # a name the tests write (each would cost a full look), or a dunder
        out.append(id(v))
        if type(v) in _SCALARS or isinstance(v, (dict, list, set, bytearray)):
            out.append((k, fingerprint(v, QUICK_NODES)))
    return tuple(out)


def check_item(hook: Any, nodeid: str, when: str) -> None:
    """Compare the module of test ``nodeid`` with its snapshot (``when``: "before"/"after")."""
    st = _state(hook)
    mname = st["items"].get(nodeid)
    if mname is None:
        return
    mod = st["snap"][mname][0]
    look = quick(mod, st["written"] or frozenset())
    if st["quick"].get(mname) != look:
        _compare(hook, [mname], f"{when} {nodeid} ran")
        st["quick"][mname] = quick(mod, st["written"] or frozenset())
    check_params(hook, [nodeid], f"{when} it ran")


def check_all(hook: Any) -> None:
    """Compare every snapshot test module, and pytest's fixture table, at the end of the run."""
    st = _state(hook)
    if not st["snap"]:
        return
    _compare(hook, list(st["snap"]), "by the end of the run")
    check_params(hook, list(st["params"]), "by the end of the run")
    before = st["fixtures"]
    session = st.get("session")
    if before and session is not None:
        now = _fixture_table(session) or {}
        for key, token in before.items():
            if now.get(key, token) != token:
                hook._record(
                    "object.__setattr__",
                    f"replaced the function of pytest fixture {key[0]!r} during the run",
                    None,
                )
        st["fixtures"] = now


def _same(before: tuple | None, now: tuple | None) -> bool:
    """Equal tokens; for a class, the same class whose snapshot functions are all unchanged.

    A function added to a test class after its module was collected is not compared: pytest
    before 8 injected its xunit setup fixtures into test classes while collecting them.
    """
    if before == now:
        return True
    if before is None or now is None or before[0] != "c" or now[0] != "c" or before[1] != now[1]:
        return False
    members = dict(now[2])
    return all(members.get(k) == v for k, v in before[2])


def _compare(hook: Any, mnames: list[str], when: str) -> None:
    st = _state(hook)
    for mname in mnames:
        mod, before = st["snap"][mname]
        now = snapshot_module(mname, mod)
        if now == before:
            continue
        changed = sorted(
            k
            for k in set(before) | set(now)
            if not _same(before.get(k), now.get(k)) and (k in before or k in _BUILTIN_NAMES)
        )
        levels = _test_levels(hook) if changed else {}
        for name in changed:
            b, n = before.get(name), now.get(name)
            if _allowed(levels.get(name, READ), b, n) or _source_state(hook, mname, name, b, n):
                continue
            how = "added" if name not in before else "deleted" if name not in now else "changed"
            hook._record(
                "object.__setattr__",
                f"{how} {name}, a global of {st['rel'][mname]} the tests only read, {when}",
                None,
            )
        st["snap"][mname] = (mod, now)  # each change once


def _allowed(level: int, before: tuple | None, now: tuple | None) -> bool:
    """A change of one global the tests' own use of it (``level``) accounts for."""
    if level >= WRITTEN:
        return True
    if level == READ or before is None or now is None or before[:2] != now[:2]:
        return False  # read only, added, deleted, or another object bound to the name
    if level == CONTENTS:
        return True  # the same object, changed by a method the tests call on it
    cut = _flow.cut_depth(level)  # the same object, changed below what the tests hand on
    return cut is not None and before[0] == "p" and before[2 + cut] == now[2 + cut]


def _source_state(hook: Any, mname: str, name: str, before: Any, now: Any) -> bool:
    """Not test data: X by ``from M import X``, M a source module (R3), or reloaded (R4)."""
    st = _state(hook)
    src = st["imports"].get(st["rel"][mname], {}).get(name)
    if before is None or now is None:
        return False  # added or deleted
    rebound = before[:2] != now[:2]  # another object bound to the name
    if rebound and not _flow.reloaded(st["reloads"], st["snap"], mname):
        return False
    mod = st["snap"][mname][0]
    d = object.__getattribute__(mod, "__dict__")
    v = d.get(name)
    if src is None:  # a rebound global the reload's own code made again (R4's gap)?
        first = st["first"].get(mname, {}).get(name, d)  # d: none
        return rebound and _flow.reload_made(mod, mname, v, before, first)
    try:  # the module M names, as imported (a relative import from the test's package)
        owner = sys.modules.get(_ilu.resolve_name("." * src[0] + src[1], mod.__package__ or ""))
        same = object.__getattribute__(owner, "__dict__").get(src[2], d) is v
    except (AttributeError, ImportError, ValueError):  # AttributeError: owner is None
        return False
    if rebound:  # the reload bound it again to M's X (M's own reload may have made a new X)
        return same
    rel = hook._rel(getattr(owner, "__file__", None) or "<none>")
    return same and rel is not None and not _test_module(hook, rel)


class Plugin:
    """The pytest plugin the bootstrap adds to a watched run: calls the checks at their times.

    ``pytest_collectreport``: :func:`track`; ``pytest_collection_finish``: :func:`collected`;
    ``pytest_runtest_logstart``/``logfinish``: :func:`check_item`. Each runs under the hook's
    re-entry guard and never raises into pytest.
    """

    def __init__(self, hook: Any) -> None:
        self._hook = hook

    def _guarded(self, fn: Any, *args: object) -> None:
        hook = self._hook
        busy = hook._state["busy"]
        key = hook._state["ident"]()
        busy.add(key)
        try:
            fn(hook, *args)
        except Exception:  # noqa: BLE001, S110 - the watch must never break the code it watches
            pass
        finally:
            busy.discard(key)

    def pytest_collectreport(self, report: object) -> None:
        """A collector ended: snapshot the test modules it imported."""
        self._guarded(track)

    def pytest_collection_finish(self, session: object) -> None:
        """Collection ended: each item's module and pytest's fixture table."""
        self._guarded(collected, session)

    def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
        """A test starts: its module as the snapshot has it? The built-ins too (auditids)."""
        self._guarded(check_item, nodeid, "before")
        self._guarded(self._hook._late._ids.around, f"before {nodeid} ran")

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        """A test ended: its module as the snapshot has it?"""
        self._guarded(check_item, nodeid, "while")
        self._guarded(self._hook._late._ids.around, f"while {nodeid} ran")


# --------------------------------------------------------------------------------------------
# What the tests themselves write
# --------------------------------------------------------------------------------------------


def test_written(hook: Any) -> frozenset[str]:
    """The global names the test files of the snapshot may write or hand on (cached).

    See the module docstring; the files are read from the checkout (test files present
    before the run: :func:`fixloop.testrun.inside.auditfresh.is_test_path`).
    """
    st = _state(hook)
    if st["written"] is None:
        _test_levels(hook)
    return st["written"]


def _test_levels(hook: Any) -> dict[str, int]:
    """``{name: level}`` over the test files of the snapshot (:func:`handed_names`, cached)."""
    st = _state(hook)
    if st["written"] is not None:
        return st["levels"]
    levels: dict[str, int] = {}
    for rel in sorted(set(st["rel"].values())):
        try:
            with open(os.path.join(hook._state["root"], rel), "rb") as fh:
                tree = ast.parse(fh.read())
        except (OSError, SyntaxError, ValueError):
            continue
        st["imports"][rel] = _flow.imported_from(tree)
        st["reloads"] |= _flow.reloaded_names(tree)
        for name, level in handed_names(tree).items():
            levels[name] = max(level, levels.get(name, READ))
    st["levels"] = levels
    st["written"] = frozenset(k for k, v in levels.items() if v >= WRITTEN)
    return levels


def written_names(tree: ast.AST) -> set[str]:
    """Names a module's code may write or hand on whole (:func:`auditflow.written_names`)."""
    return _flow.written_names(tree)


def handed_names(tree: ast.AST) -> dict[str, int]:
    """``{name: level}`` by a module's AST (``auditflow.handed_names``)."""
    return _flow.handed_names(tree)


_callee_name = _flow.callee_name
