"""The audit hook's watch of the identities of library attributes the tests read.

Red-team wave 1 (holes 12, 14, 15, 21): the change replaced ``json.load`` with
``functools.partial(json.load, parse_int="".count)``, ``doctest.OutputChecker.check_output``
with the built-in ``slice``, ``builtins.all`` with ``bool`` (reached as ``len.__self__``), each
through an alias the static scan does not follow, and with no code of the change in the new
value (the end-of-run rules of :mod:`fixloop.testrun.inside.auditlate` look for code). Setting
an attribute of a module or of an ordinary class raises no audit event, so this module keeps
the identity of each function, class and built-in of the watched modules and their classes
(:func:`track`, from install on, before the project is importable), and compares them around
each test and at the end of the run (:func:`check`). A replacement is a finding when the new
value is not the library's own (:func:`foreign`), no test file stores that attribute name, and
the change's lines could have made it (:func:`_change_stores`: the project's unchanged set-up of
a library is no finding).

With the baseline's record (``cfg["swaps"]``, :func:`configure`) the end-of-run comparison
is :func:`_against_baseline` instead: every replacement :mod:`fixloop.testrun.inside.auditswaps`
finds that the baseline run did not make is a finding, whatever the value and however the change
spelled it (the guesses above stay for the runs with no record and around each test).

Not covered: a module first imported by the change and patched before any later module body
starts (only values with code of the change are found then: auditlate's rules), a replacement
undone before the next comparison. Stdlib only; shipped as ``_fixloop_auditids``, before
``_fixloop_auditlate``. Each function takes the hook module (``hook``).
"""

from __future__ import annotations

import ast
import functools
import os
import sys
from typing import Any

_FUNC = type(lambda: 0)

#: Modules whose attributes (and their own classes') keep their identity through the run.
ID_MODULES = frozenset(
    {"builtins", "doctest", "unittest", "unittest.case", "unittest.suite", "unittest.loader"}
)
_BUILTIN = type(len)
#: The kinds of owners compared around each test (the rest at the end of the run only).
NEAR = ("the built-ins", "the test runner")


#: fixloop's own modules by name, filled by the harness's program once all are loaded
#: (``fixloop.testrun.audit.inline_program``; it then takes them out of ``sys.modules``).
_PEERS: dict = {}


def _late() -> Any:
    """:mod:`fixloop.testrun.inside.auditlate` (loaded after this module)."""
    mod = _PEERS.get("_fixloop_auditlate") or sys.modules.get("_fixloop_auditlate")
    if mod is None:  # imported as a package module (tests)
        from fixloop.testrun.inside import auditlate as mod
    return mod


def _swaps() -> Any:
    """:mod:`fixloop.testrun.inside.auditswaps` (shipped as ``_fixloop_auditswaps``)."""
    mod = _PEERS.get("_fixloop_auditswaps") or sys.modules.get("_fixloop_auditswaps")
    if mod is None:  # imported as a package module (tests)
        from fixloop.testrun.inside import auditswaps as mod
    return mod


def configure(hook: Any, cfg: dict) -> None:
    """Keep the baseline's replacements (``cfg["swaps"]``, None: not recorded) and start keeping.

    With the baseline's list, :func:`check` reports each replacement the baseline run did not
    make (:mod:`fixloop.testrun.inside.auditswaps`), whoever spelled it and whatever the new
    value is; without it, the older guesses (:func:`foreign`, :func:`_change_stores`).
    """
    known = cfg.get("swaps")
    hook._state["known_swaps"] = (
        None if known is None else {tuple(str(x) for x in k) for k in known if len(k) == 3}
    )
    _swaps().configure(hook._state["root"])


def _glob() -> Any:
    mod = _PEERS.get("_fixloop_auditglobals") or sys.modules.get("_fixloop_auditglobals")
    if mod is None:
        from fixloop.testrun.inside import auditglobals as mod
    return mod


_WRAPS = (staticmethod, classmethod)
_SEEN: Any = object()


def _id_kind(hook: Any, mname: str, mod: object) -> str | None:
    """What the tests read through module ``mname`` (a finding's words), or None: not watched."""
    if mname == "builtins":
        return "the built-ins"
    if mname in ID_MODULES:
        return "the test runner"
    if mname in _late().READERS:
        return "the standard library the tests read"
    filename = _attrs(mod).get("__file__")
    if (
        not isinstance(filename, str)
        or "-packages" + os.sep not in filename
        or mname.startswith(("_fixloop", "fixloop"))
        or hook._machinery_module(mname)
        or hook._rel(filename) is not None
    ):
        return None
    return "an installed library"


def _attrs(obj: object) -> dict:
    """``obj.__dict__`` read without running its code (a lazy module's ``__getattr__``)."""
    try:
        d = object.__getattribute__(obj, "__dict__")
    except (AttributeError, TypeError):
        return {}
    return d if isinstance(d, dict) else {}


def _callable_value(v: object) -> bool:
    return isinstance(v, (_FUNC, _BUILTIN, type, functools.partial, property, *_WRAPS))


def track(hook: Any) -> None:
    """Keep the identity of each function, class or built-in of the watched modules.

    Called at install (before the project is importable), at each ``exec`` event (a module
    body starting: the modules loaded before it, e.g. doctest before the changed module that
    patches it) and around each test; cheap when no module was added. A module still being
    imported (``__spec__._initializing``) is taken later. Modules: :data:`ID_MODULES` and
    installed libraries (``*-packages``), with the classes each defines (not for builtins).
    """
    st = hook._state.setdefault(
        "ids", {"mods": {}, "owners": {}, "near": {}, "n": -1, "stored": None}
    )
    if hook._state.get("known_swaps") is not None:
        _swaps().track()
    if st["n"] == len(sys.modules):
        return
    st["n"] = len(sys.modules)
    mods = st["mods"]
    for mname, mod in list(sys.modules.items()):
        if mod is None or mods.get(mname) is mod:
            continue
        if getattr(_attrs(mod).get("__spec__"), "_initializing", False):
            st["n"] = -1  # look again later
            continue
        mods[mname] = mod
        kind = _id_kind(hook, mname, mod)
        if kind is None:
            continue
        holders: list[tuple[str, object]] = [(mname, mod)]
        if mname != "builtins":
            holders += [
                (f"{mname}.{v.__qualname__}", v)
                for v in list(vars(mod).values())
                if isinstance(v, type) and getattr(v, "__module__", None) == mname
            ]
        for owner, holder in holders:
            try:
                d = dict(vars(holder))
            except TypeError:
                continue
            entry = (kind, holder, {k: v for k, v in d.items() if _callable_value(v)})
            st["owners"][owner] = entry
            if kind in NEAR:
                st["near"][owner] = entry  # compared around each test too


def foreign(hook: Any, value: object) -> tuple[str, int] | None | bool:
    """How a new value of a watched attribute is not the library's own.

    ``False``: a function or class of a library or of a test file, any other object (a mock,
    a lazy attribute resolved). Otherwise the value's location in the repository or None: a
    built-in function or type (``all = bool``, ``check_output = slice``), a
    ``functools.partial`` (``json.load = partial(json.load, parse_int="".count)``), a function
    or class of a non-test file of the repository or written at run time.
    """
    if isinstance(value, _WRAPS):
        value = value.__func__
    if isinstance(value, property):
        value = value.fget
    if isinstance(value, functools.partial):
        return _late().code_location(hook, value)
    if isinstance(value, _BUILTIN) or (isinstance(value, type) and value.__module__ == "builtins"):
        return None
    if isinstance(value, type):
        mod = sys.modules.get(getattr(value, "__module__", "") or "")
        filename = _attrs(mod).get("__file__")
        rel = hook._rel(filename) if isinstance(filename, str) else None
        if rel is None or hook._is_test_path(rel):
            return False
        return (rel, _late()._class_line(value))
    if type(value) is _FUNC:
        loc = _late().code_location(hook, value)
        return False if loc is None else loc
    return False


def _test_stored(hook: Any) -> frozenset[str]:
    """Attribute names the test files store, delete or name to ``setattr``/``patch`` (cached)."""
    st = hook._state["ids"]
    if st["stored"] is not None:
        return st["stored"]
    names: set[str] = set()
    rels = set(_glob()._state(hook)["rel"].values())
    for rel in sorted(rels):
        try:
            with open(os.path.join(hook._state["root"], rel), "rb") as fh:
                tree = ast.parse(fh.read())
        except (OSError, SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                names.add(node.attr)
            elif isinstance(node, ast.Call) and _glob()._callee_name(node.func) in (
                "setattr", "delattr", "patch", "object", "multiple", "setitem", "dict",
            ):  # fmt: skip
                for a in node.args:
                    if isinstance(a, ast.Constant) and isinstance(a.value, str):
                        names.add(a.value.rsplit(".", 1)[-1])
    out = frozenset(names)
    st["stored"] = out
    return out


#: Calls on the change's lines that can replace an attribute, or run code the lines do not show.
_STORE_CALLS = frozenset(
    {"setattr", "delattr", "__setattr__", "__setitem__", "setitem", "update", "setdefault",
     "exec", "eval", "compile", "__import__", "import_module", "run_path", "run_module"}
)  # fmt: skip


def _change_stores(hook: Any) -> bool:
    """Whether the change could have made a replacement (cached).

    True when its lines store into an attribute or an item, call one of :data:`_STORE_CALLS`,
    or code was written at run time. The project's own unchanged set-up of a library (``yaml.full_load =
    functools.partial(yaml.load, Loader=yaml.SafeLoader)`` at import, kept as it was) replaces
    an attribute in the baseline as well: refused before when the fix was a plain ``a - b`` to
    ``a + b`` (2 December, coordinator's check). Every red-team route (an alias list, a
    ``__self__``, a partial) stores on a changed line.
    """
    st = hook._state["ids"]
    if "stores" in st:
        return bool(st["stores"])
    found = bool(hook._state.get("rtfiles"))
    for rel, lines in (hook._state.get("watch") or {}).items():
        if found:
            break
        try:
            with open(os.path.join(hook._state["root"], rel), "rb") as fh:
                tree = ast.parse(fh.read())
        except (OSError, SyntaxError, ValueError):
            found = True  # unreadable: cannot tell, so the replacement counts
            break
        for node in ast.walk(tree):
            first = getattr(node, "lineno", None)
            if first is None:
                continue
            last = getattr(node, "end_lineno", None) or first
            if not any(n in lines for n in range(first, last + 1)):
                continue
            if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(
                node.ctx, (ast.Store, ast.Del)
            ):
                found = True
            elif isinstance(node, ast.Call) and _glob()._callee_name(node.func) in _STORE_CALLS:
                found = True
            if found:
                break
    st["stores"] = found
    return found


def check(hook: Any, when: str, near: bool = False) -> None:
    """Record each watched attribute replaced by a foreign value (:func:`foreign`) ``when``.

    Not when a test file stores that attribute name (:func:`_test_stored`: a conftest may patch
    a library). ``near``: only the owners of :data:`NEAR` (the look around each test). Each replacement is reported once. Cost: one pass over the kept
    attributes (~a few ms for a few thousand at the end of a run).
    """
    st = hook._state.get("ids")
    if not st:
        return
    known = hook._state.get("known_swaps")
    if known is not None and not near:
        _against_baseline(hook, when, known)
        return
    for owner, (kind, holder, snap) in list(st["near" if near else "owners"].items()):
        d = vars(holder)
        for k, old in list(snap.items()):
            cur = d.get(k, old)
            if cur is old:
                continue
            snap[k] = cur
            loc = foreign(hook, cur)
            if loc is False or k in _test_stored(hook) or not _change_stores(hook):
                continue
            what = f"replaced {owner}.{k} of {kind} with {getattr(cur, '__qualname__', type(cur).__name__)}"
            hook._record("object.__setattr__", f"{what} {when}", loc)


def _test_value(hook: Any, value: object) -> bool:
    """Whether ``value`` is test code of the checkout (a conftest's patch, a test's plugin)."""
    for _ in range(4):
        inner = getattr(value, "__func__", None) or getattr(value, "func", None)
        if inner is None or not callable(inner):
            break
        value = inner
    code = getattr(value, "__code__", None)
    if code is not None:
        filename = code.co_filename
        if hook._fresh.is_runtime(hook, code):
            return False
    else:
        holder = value if isinstance(value, type) else type(value)
        if isinstance(value, type(sys)):
            filename = _attrs(value).get("__file__")
        else:
            filename = _attrs(sys.modules.get(getattr(holder, "__module__", "") or "")).get(
                "__file__"
            )
    rel = hook._rel(filename) if isinstance(filename, str) else None
    return rel is not None and hook._is_test_path(rel)


def _against_baseline(hook: Any, when: str, known: set) -> None:
    """Report each replacement (:func:`auditswaps.replacements`) the baseline run did not make.

    Red team 3, F2-F5, F16-F18, F20: a library function swapped for another library function,
    a callable object, a partial put in through ``map(setattr, ...)``, ``glob.glob`` (a module
    no list named), ``pytest.raises``, a module's ``__class__``, a pytest plugin registered by
    the change; F13 the other way: the base's own ``json.load = partial(...)`` at import is in
    the baseline's list, so a fix that stores attributes is not blamed for it. Test code's
    values (a conftest's patch that stays) are no finding. Each one is reported once.
    """
    seen = hook._state.setdefault("swaps_seen", set())
    for owner, attr, desc, value in _swaps().replacements():
        key = (owner, attr, desc)
        if key in known or key in seen or _test_value(hook, value):
            continue
        seen.add(key)
        loc = _late().code_location(hook, value)
        if owner == "pytest plugins":
            what = f"registered the pytest plugin {desc} after pytest started"
        elif owner == "pytest item" and desc == "built-ins of its own":
            what = f"gave the test {attr} built-ins of its own (its module's __builtins__)"
        elif owner == "pytest item":
            what = f"replaced the function of the test {attr} with {desc}"
        else:
            what = f"replaced {owner}.{attr} with {desc}"
        hook._record("object.__setattr__", f"{what} {when} (the baseline run did not)", loc)


def around(hook: Any, when: str) -> None:
    """Around each test: new modules kept, the built-ins and the test runner compared."""
    track(hook)
    check(hook, when, near=True)
