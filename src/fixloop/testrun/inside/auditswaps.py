"""Replacements of library, pytest and built-in state, described alike in every process.

The run-time watch used to *guess* whose a replacement was (``auditids.foreign``: "a library's
function is the library's own"; ``_change_stores``: "the change stores an attribute"). Red team
3 (F2-F5, F16-F18) swapped library functions for other library functions, callable objects,
through ``map(setattr, ...)``, in modules no list named, and a module's ``__class__``; the other
way (F13), a project that sets ``json.load = functools.partial(...)`` at import had every fix
that stores an attribute refused. This module stops guessing: the baseline run (the base commit,
same tests, fixloop's recorder) and the gate's runs keep the same record, and a replacement the
gate sees that the baseline did not is the change's.

What is kept (:func:`track`, at start-up, at each module body that starts and at the end): for
every loaded module that is not the repository's (the standard library, built-in modules,
installed libraries, pytest/_pytest/pluggy; a library under a ``*-packages`` folder counts even
inside the repository), the identity of each function, class, built-in, partial, method wrapper
and property it holds, and those of the classes it defines; and the module's ``type()``. The
pytest side (:class:`Watch`, a plugin): the plugins registered once ``pytest_configure`` ran
(``conftest.py`` modules and plugins registered by code), and each collected item whose ``obj``
is not its module's (or class's) own function.

:func:`replacements` lists each change as ``(owner, attribute, description)``;
:func:`describe` names a value without anything that depends on the process (no address, no
``id``, the tree's path written ``<root>``). The recorder writes the baseline's list
(``RunRecord.swaps``); in the gate's runs :mod:`fixloop.testrun.inside.auditids` reports each
one the baseline did not have. Not covered: a module first imported by the change and patched
before any later module body starts (its first sight is already patched; auditlate's rules
still see values with code of the change), a replacement undone before the end of the run in
a module outside :data:`NEAR` (those are compared after each test too).
Stdlib only; shipped as ``_fixloop_auditswaps``, before ``_fixloop_auditids``.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import types
from typing import Any

#: Most replacements a record keeps (a run that replaces more is odd enough as it is).
MAX_SWAPS = 2_000

_FUNC = type(lambda: 0)
_BUILTIN = type(len)
_WRAPS = (staticmethod, classmethod)
_ADDR = re.compile(r" at 0x[0-9a-fA-F]+")
#: Modules (with their classes) also compared after each test (:class:`Watch`): the built-ins
#: and the test runner's (a replacement put back before the end of the run is still seen
#: there); the rest at the end only. Cost, 2,000 tests: ~1 s CPU with json, csv, re, os,
#: pathlib, glob... added, ~0.1 s with these.
NEAR = frozenset({"builtins", "pytest", "unittest.case", "doctest"})
_MISSING: Any = object()
_BUILTINS = vars(sys.modules["builtins"])

_state: dict[str, Any] = {
    "root": None,
    "mods": {},
    "owners": {},
    "types": {},
    "n": -1,
    "config": None,
    "plugins": None,
    "session": None,
    "early": [],
    "near": {},
    "noted": {},
}


def configure(root: str) -> None:
    """Start keeping (``root``: the repository, whose own modules are not kept); idempotent."""
    if _state["root"] is not None:
        return
    _state["root"] = os.path.realpath(root)
    track()


def _attrs(obj: object) -> dict:
    """``obj.__dict__`` read without running its code (a lazy module's ``__getattr__``)."""
    try:
        d = object.__getattribute__(obj, "__dict__")
    except (AttributeError, TypeError):
        return {}
    return d if isinstance(d, dict) else dict(d) if isinstance(d, types.MappingProxyType) else {}


def _callable_value(v: object) -> bool:
    return isinstance(v, (_FUNC, _BUILTIN, type, functools.partial, property, *_WRAPS))


def _outside(mname: str, mod: object) -> bool:
    """A module of the interpreter or of an installed library: not the repository's or fixloop's."""
    if mname.startswith(("_fixloop", "fixloop")):
        return False
    filename = _attrs(mod).get("__file__")
    if not isinstance(filename, str):
        return mname in sys.builtin_module_names  # sys, builtins, itertools, _io...
    if "-packages" + os.sep in filename:
        return True
    try:
        path = os.path.realpath(filename)
    except (OSError, ValueError):
        return False
    return not path.startswith(_state["root"] + os.sep)


def track() -> None:
    """Keep the identities of the modules loaded since the last call (cheap when none were).

    A module still being imported (``__spec__._initializing``) is taken at a later call.
    """
    if _state["root"] is None or _state["n"] == len(sys.modules):
        return
    _state["n"] = len(sys.modules)
    mods = _state["mods"]
    for mname, mod in list(sys.modules.items()):
        if mod is None or mods.get(mname) is mod:
            continue
        if getattr(_attrs(mod).get("__spec__"), "_initializing", False):
            _state["n"] = -1  # look again later
            continue
        mods[mname] = mod
        if not isinstance(mname, str) or not _outside(mname, mod):
            continue
        _state["types"][mname] = (mod, type(mod))
        d = _attrs(mod)
        holders: list[tuple[str, object]] = [(mname, mod)]
        if mname != "builtins":
            for k, v in list(d.items()):
                try:
                    if isinstance(v, type) and v.__module__ == mname:
                        holders.append((f"{mname}.{v.__qualname__}", v))
                    elif _shared_instance(v):  # json._default_decoder (red-team F38)
                        holders.append((f"{mname}.{k}", v))
                except Exception:  # noqa: BLE001, S112 - an odd class: not kept
                    continue
        for owner, holder in holders:
            snap = {k: v for k, v in _attrs(holder).items() if _callable_value(v)}
            if snap:
                _state["owners"][owner] = (holder, snap)
                if mname in NEAR:
                    _state["near"][owner] = (holder, snap)


def _shared_instance(value: object) -> bool:
    """A module-level instance of a library class with its own ``__dict__`` (kept like a class).

    ``json._default_decoder``: every ``json.load`` without options decodes through it, so its
    ``parse_int`` set to ``"".count`` rewrites every integer the tests read (red-team F38).
    """
    kind = type(value)
    if isinstance(value, (type, types.ModuleType, _FUNC, _BUILTIN, functools.partial)):
        return False
    if _callable_value(value) or kind.__module__ == "builtins":
        return False
    return bool(_attrs(value))


def _name(obj: object) -> str:
    """``module.qualname`` of a function, class or built-in (read as stored, no code run)."""
    mod = getattr(obj, "__module__", None)
    qual = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None)
    if mod is None and isinstance(obj, _BUILTIN):
        owner = getattr(obj, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            return f"{_name(type(owner))}.{getattr(obj, '__name__', '?')}"
    return f"{mod}.{qual}" if isinstance(mod, str) else str(qual)


def _arg(value: object, depth: int) -> str:
    if _callable_value(value) or isinstance(value, (types.MethodType, types.ModuleType)):
        return describe(value, depth + 1)
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a repr that raises: its type names it
        text = f"<{_name(type(value))}>"
    root = _state["root"]
    if root:
        text = text.replace(root, "<root>")
    return _ADDR.sub("", text)[:120]


def describe(value: object, depth: int = 0) -> str:
    """A description of ``value`` that is the same in every process (no address, no id).

    ``function json.load``, ``built-in builtins.bool``, ``class calc._Reader``,
    ``partial(function json.load, parse_int=<built-in str.count>)``, ``calc._Reader object``,
    ``deleted``; the repository's path inside reprs is written ``<root>``.
    """
    if value is _MISSING:
        return "deleted"
    if depth > 4:
        return "..."
    if isinstance(value, functools.partial):
        args = [_arg(a, depth) for a in value.args]
        args += [f"{k}={_arg(v, depth)}" for k, v in sorted(value.keywords.items())]
        return f"partial({', '.join([describe(value.func, depth + 1), *args])})"
    if isinstance(value, _WRAPS):
        return f"{type(value).__name__}({describe(value.__func__, depth + 1)})"
    if isinstance(value, property):
        return f"property({describe(value.fget, depth + 1)})"
    if isinstance(value, types.MethodType):
        return f"method {describe(value.__func__, depth + 1)} of {_name(type(value.__self__))}"
    if isinstance(value, type):
        return f"class {_name(value)}"
    if isinstance(value, _FUNC):
        return f"function {_name(value)}"
    if isinstance(value, _BUILTIN):
        return f"built-in {_name(value)}"
    if isinstance(value, types.ModuleType):
        return f"module {getattr(value, '__name__', '?')}"
    return f"{_name(type(value))} object"


def _files(value: object) -> set[str]:
    """The files the code of a function (or of a class's functions) comes from."""
    funcs: list[object] = [value]
    if isinstance(value, type):
        funcs = [v for v in _attrs(value).values() if isinstance(v, _FUNC)]
    return {str(getattr(getattr(f, "__code__", None), "co_filename", "")) for f in funcs}


def _same(old: object, cur: object) -> bool:
    """A new object for the same thing: a library module reloaded (``importlib.reload``).

    Same type, same description and the same source files: a value of another module that
    only takes the old one's names (``__module__``, ``__qualname__``) has other files.
    """
    return (
        type(old) is type(cur)
        and isinstance(old, (_FUNC, type))
        and describe(old) == describe(cur)
        and _files(old) == _files(cur)
    )


def replacements() -> list[tuple[str, str, str, object]]:
    """``[(owner, attribute, description, value)]``: each kept value replaced since first sight.

    Owners: ``module`` or ``module.Class`` (``attribute`` ``__class__``: the module's type
    changed), ``pytest plugins`` (a plugin registered after ``pytest_configure``, attribute: its
    description), ``pytest item`` (attribute: a node id whose ``obj`` is not its own function).
    """
    track()
    out = _compare(_state["owners"])
    for mname, (mod, kind) in list(_state["types"].items()):
        if type(mod) is not kind:
            out.append((mname, "__class__", describe(type(mod)), type(mod)))
    seen = {(o, k, d): v for o, k, d, v in [*_state["early"], *_pytest_side()]}
    for key, v in _state["noted"].items():
        seen.setdefault(key, v)
    for o, k, d, v in out:
        seen.setdefault((o, k, d), v)
    return [(o, k, d, v) for (o, k, d), v in seen.items()][:MAX_SWAPS]


def _compare(owners: dict) -> list[tuple[str, str, str, object]]:
    out: list[tuple[str, str, str, object]] = []
    for owner, (holder, snap) in list(owners.items()):
        d = _attrs(holder)
        for k, old in list(snap.items()):
            cur = d.get(k, _MISSING)
            if cur is not old and not _same(old, cur):
                out.append((owner, k, describe(cur), cur))
    return out


def note_near() -> None:
    """Compare the :data:`NEAR` modules now; what is found stays in :func:`replacements`."""
    noted = _state["noted"]
    for o, k, d, v in _compare(_state["near"]):
        if len(noted) < MAX_SWAPS:
            noted.setdefault((o, k, d), v)


def _pytest_side() -> list[tuple[str, str, str, object]]:
    return _late_plugins() + _swapped_items()


# --------------------------------------------------------------------------------------------
# pytest: plugins registered late, items whose function is not their own
# --------------------------------------------------------------------------------------------


def _hooks_of(plugin: object) -> list[str]:
    names: set[str] = set()
    for holder in (plugin, type(plugin)):
        names.update(k for k in _attrs(holder) if k.startswith("pytest_"))
    return sorted(names)


def _late_plugins() -> list[tuple[str, str, str, object]]:
    config, before = _state["config"], _state["plugins"]
    if config is None or before is None:
        return []
    out = []
    try:
        plugins = list(config.pluginmanager.get_plugins())
    except Exception:  # noqa: BLE001 - an odd plugin manager: nothing to say
        return []
    for plugin in plugins:
        if id(plugin) in before:
            continue
        desc = f"{describe(plugin)} with hooks {', '.join(_hooks_of(plugin)) or '(none)'}"
        out.append(("pytest plugins", desc, desc, plugin))
    return out


def own_function(item: object) -> object:
    """The function a pytest item names (its module's, or its class's, attribute), or None.

    Read as stored (``getattr_static``), through the item's ``Module``/``Class`` nodes; the
    module must be the one imported from the node's file.
    """
    import inspect

    classes: list[str] = []
    node = getattr(item, "parent", None)
    while node is not None and type(node).__name__ not in ("Module", "Package"):
        if type(node).__name__ == "Class":
            classes.append(str(node.name))
        node = getattr(node, "parent", None)
    if node is None or type(node).__name__ != "Module":
        return None
    holder = getattr(node, "obj", None)
    checked = _state.setdefault("modules_ok", {})
    key = (id(node), id(holder))
    if key not in checked:
        got = _attrs(holder).get("__file__")
        path = str(getattr(node, "path", "") or "")
        checked[key] = isinstance(got, str) and os.path.realpath(got) == os.path.realpath(path)
    if not checked[key]:
        return None
    try:
        for cname in reversed(classes):
            holder = inspect.getattr_static(holder, cname)
        return inspect.getattr_static(holder, str(getattr(item, "originalname", "") or ""))
    except AttributeError:
        return None


def _underlying(fn: object) -> object:
    for _ in range(3):
        inner = getattr(fn, "__func__", None)
        if inner is None:
            break
        fn = inner
    return fn


def _swapped_items() -> list[tuple[str, str, str, object]]:
    session = _state["session"]
    if session is None:
        return []
    out = []
    for item in list(getattr(session, "items", ()) or ()):
        if type(item).__name__ != "Function" or "_obj" not in _attrs(item):
            continue
        obj = _attrs(item)["_obj"]
        own = own_function(item)
        if own is None:
            continue
        if _underlying(obj) is not _underlying(own):
            out.append(("pytest item", str(item.nodeid), describe(obj), obj))
        names = getattr(_underlying(own), "__builtins__", None)
        if names is not None and names is not _BUILTINS and names is not sys.modules["builtins"]:
            # red-team F32: the test module's __builtins__ swapped for a copy before its
            # functions were made (all = bool in the copy): the functions read the copy
            out.append(("pytest item", str(item.nodeid), "built-ins of its own", names))
    return out


class Watch:
    """A pytest plugin: the plugins pytest holds at ``pytest_configure``, the collected items.

    Registered by the bootstrap in the baseline's and the gate's runs; it only keeps
    references (:func:`replacements` compares them).
    """

    def pytest_configure(self, config: Any) -> None:
        """Hook of pytest: the plugins registered so far are pytest's and the command line's."""
        try:
            _state["config"] = config
            _state["plugins"] = {id(p) for p in config.pluginmanager.get_plugins()}
        except Exception:  # noqa: BLE001, S110 - the watch must never break the run
            pass

    def pytest_collectstart(self, collector: Any) -> None:
        """Hook of pytest: a conftest or test module may load a library: keep it."""
        track()

    def pytest_collection_finish(self, session: Any) -> None:
        """Hook of pytest: the items to run (their ``obj`` compared at the end)."""
        _state["session"] = session
        track()

    def pytest_runtest_logfinish(self, nodeid: str, location: Any) -> None:
        """Hook of pytest: a test ended (the :data:`NEAR` modules compared)."""
        note_near()

    def pytest_runtestloop(self, session: Any) -> None:
        """Hook of pytest: the tests start; the plugins and items as they are now are kept.

        A plugin unregistered or an ``obj`` put back before the end is still reported.
        """
        try:
            _state["early"] = _pytest_side()
        except Exception:  # noqa: BLE001, S110 - the watch must never break the run
            pass
