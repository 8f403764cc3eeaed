"""What a test run used, recorded inside the sandbox: a PEP 578 audit hook and a pytest plugin.

The test runner passes this module's source to the sandboxed interpreter with the bootstrap
(``boot.py``); nothing is imported from the fixloop package inside. Stdlib only. Two modes
(``cfg["mode"]``):

- ``baseline``: the run before any change. The hook sees every ``open`` audit event (builtins
  ``open``, ``io.open_code`` used by the import system, ``os.open``) of a file under the
  repository root opened for reading, and finds the first frame on the stack that runs a
  repository file (frames are walked with ``f_back`` and named by ``f_globals["__file__"]``,
  so no audited frame attribute is read). Each ``(file, reader)`` pair is kept (at most
  :data:`MAX_PAIRS`); ``reader`` is "" when no repository code is on the stack (Python, pytest
  or a plugin opened it by itself). A file the run opens for writing is left out of the pairs
  (an output the tests check, or a file a test keeps, is not fixed data they compare with: the
  gate's watch protects the data the baseline read). The plugin part records the modules pytest collected tests
  from (doctest items apart), the ``pytest11`` entry-point plugins pytest loaded
  (``PytestPluginManager.list_plugin_distinfo``), and the top-level names the interpreter
  provides outside the repository (``sys.stdlib_module_names`` and every installed
  distribution's ``top_level.txt`` or, without one, the first components of its ``RECORD``
  files: the logic of ``importlib.metadata.packages_distributions``, restricted to the
  ``sys.path`` folders outside the repository). Everything is written as one JSON object to
  ``cfg["out"]`` when the session ends.
- ``gate``: the gate's runs. Until the first test runs (``pytest_runtestloop``), every module
  the import system loads from the repository with no repository code on the stack (a plugin
  that imports a module, a package ``__init__.py`` that pytest imports as a parent of a test
  module), and every packaging metadata file read (``*.dist-info``, ``*.egg-info``, ``*.pth``),
  is sent at once as a line ``{"e": "autoload", "path": REL, "during": REL}`` over the
  harness's stream descriptor (``cfg["fd"]``), before the loaded module's own code runs, so it
  cannot take the line back. ``during`` is the module pytest was collecting then ("" before
  collection).

Both modes also keep ``plugin_modules``: the repository modules registered as pytest plugins
by name when the tests start (:func:`plugin_modules`).

Both modes keep the same JSON record of ``autoload`` paths in ``cfg["out"]`` (the baseline's is
what the project loads by itself before any change).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

#: Most ``(file, reader)`` pairs kept by a baseline run.
MAX_PAIRS = 20_000

#: Most autoload paths kept.
MAX_AUTOLOAD = 5_000

_IMPORT_SYSTEM = ("_frozen_importlib_external", "importlib._bootstrap_external")
_METADATA_SUFFIXES = (".dist-info", ".egg-info")

_state: dict[str, Any] = {
    "mode": None,
    "root": "",
    "out": None,
    "fd": None,
    "pairs": {},
    "written": {},
    "autoload": {},
    "collecting": "",
    "running": False,
    "busy": False,
    "test_modules": [],
    "doctest_modules": [],
    "plugins": [],
    "plugin_modules": [],
}


def install(cfg: dict) -> None:
    """Install the hook (call before pytest or any project module is imported).

    ``cfg``: ``mode`` ("baseline" | "gate"), ``root`` (the repository root, a real path),
    ``out`` (the JSON record file), ``fd`` (the stream descriptor or None).
    """
    _state["mode"] = cfg.get("mode")
    _state["root"] = os.path.realpath(cfg["root"])
    _state["out"] = cfg.get("out")
    _state["fd"] = cfg.get("fd")
    if _state["mode"] == "baseline":  # the replacements the base's own run makes (auditswaps)
        _swaps().configure(_state["root"])
    sys.addaudithook(_hook)


#: fixloop's own modules by name, filled by the harness's program once all are loaded
#: (``fixloop.testrun.audit.inline_program``; it then takes them out of ``sys.modules``).
_PEERS: dict = {}


def _swaps() -> Any:
    """:mod:`fixloop.testrun.inside.auditswaps` (shipped as ``_fixloop_auditswaps``)."""
    mod = _PEERS.get("_fixloop_auditswaps") or sys.modules.get("_fixloop_auditswaps")
    if mod is None:  # imported as a package module (tests)
        from fixloop.testrun.inside import auditswaps as mod
    return mod


def _rel(path: Any) -> str | None:
    """``path`` relative to the root (POSIX), or None when it is outside or not a path."""
    if isinstance(path, int):
        return None
    try:
        p = os.fsdecode(os.fspath(path))
    except TypeError:
        return None
    root = _state["root"]
    p = os.path.normpath(os.path.join(root, p)) if not os.path.isabs(p) else os.path.normpath(p)
    if p == root or not p.startswith(root + os.sep):
        return None
    return p[len(root) + 1 :].replace(os.sep, "/")


def _reader(frame: Any, skip: str) -> str:
    """The first repository file running on the stack from ``frame`` up ("" when none)."""
    n = 0
    while frame is not None and n < 200:
        g = frame.f_globals
        fn = g.get("__file__") if isinstance(g, dict) else None
        if isinstance(fn, str) and os.path.isabs(fn):  # not "<fixloop ...>" or "<string>"
            rel = _rel(fn)
            if rel is not None and rel != skip:
                return rel
        frame = frame.f_back
        n += 1
    return ""


def _source_of(rel: str) -> str:
    """A cached ``__pycache__/NAME.TAG.pyc`` as the source file it stands for."""
    parts = rel.split("/")
    if len(parts) >= 2 and parts[-2] == "__pycache__" and parts[-1].endswith(".pyc"):
        return "/".join([*parts[:-2], parts[-1].split(".")[0] + ".py"])
    return rel


def _is_metadata(rel: str) -> bool:
    parts = rel.casefold().split("/")
    return parts[-1].endswith(".pth") or any(p.endswith(_METADATA_SUFFIXES) for p in parts)


def _reading(args: tuple) -> bool:
    mode = args[1] if len(args) > 1 else None
    if isinstance(mode, str):
        return not any(c in mode for c in "wax+")
    flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
    return not flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC)


def _send(obj: dict) -> None:
    fd = _state["fd"]
    if fd is None:
        return
    try:
        os.write(fd, (json.dumps(obj) + "\n").encode("utf-8"))
    except OSError:
        _state["fd"] = None


def _loads_module(frame: Any) -> bool:
    """True when ``frame`` (the opener) is the import system or pytest's rewriting importer."""
    if frame.f_globals.get("__name__") in _IMPORT_SYSTEM:
        return True
    for _ in range(4):  # pytest's assertion rewriter reads a module's source through pathlib
        frame = frame.f_back
        if frame is None:
            return False
        if frame.f_globals.get("__name__") == "_pytest.assertion.rewrite":
            return True
    return False


def _hook(event: str, args: tuple) -> None:
    if event == "exec" and _state["mode"] == "baseline" and not _state["busy"]:
        _state["busy"] = True  # a module body starts: the libraries loaded before it are kept
        try:
            _swaps().track()
        except Exception:  # noqa: BLE001, S110 - recording must never break the run
            pass
        finally:
            _state["busy"] = False
        return
    if event != "open" or _state["busy"] or not args:
        return
    if _state["running"] and _state["mode"] != "baseline":
        return  # the gate's record ends where the tests start
    rel = _rel(args[0])
    if rel is None:
        return
    if not _reading(args):  # written by the run itself: an output, not data the tests compare with
        if _state["mode"] == "baseline" and len(_state["written"]) < MAX_PAIRS:
            _state["written"][rel] = True
        return
    _state["busy"] = True
    try:
        caller = sys._getframe(1)
        loader = _loads_module(caller)
        src = _source_of(rel) if loader else rel
        reader = _reader(caller, src)
        if _state["mode"] == "baseline":
            pairs = _state["pairs"]
            if len(pairs) < MAX_PAIRS:
                pairs.setdefault((src, reader), True)
        if (
            not reader
            and not _state["running"]
            and (loader or _is_metadata(rel))
            and len(_state["autoload"]) < MAX_AUTOLOAD
            and src not in _state["autoload"]
        ):
            _state["autoload"][src] = _state["collecting"]
            if _state["mode"] == "gate":
                _send({"e": "autoload", "path": src, "during": _state["collecting"]})
    except Exception:  # noqa: BLE001, S110 - recording must never break the run
        pass
    finally:
        _state["busy"] = False


# --------------------------------------------------------------------------------------------
# The pytest plugin part
# --------------------------------------------------------------------------------------------


def pytest_configure(config: Any) -> None:
    """Hook of pytest: record the entry-point plugins it loaded (name, module)."""
    try:
        pm = config.pluginmanager
        for plugin, _dist in pm.list_plugin_distinfo():
            name = pm.get_name(plugin)
            if name:
                _state["plugins"].append([name, getattr(plugin, "__name__", "")])
    except Exception:  # noqa: BLE001, S110 - an odd plugin manager: nothing recorded
        pass


def pytest_collectstart(collector: Any) -> None:
    """Hook of pytest: note the module being collected (for ``during``)."""
    path = getattr(collector, "path", None)
    if path is not None and os.path.isfile(path):
        _state["collecting"] = _rel(path) or ""


def pytest_collection_modifyitems(items: list) -> None:
    """Hook of pytest: record the modules tests were collected from."""
    tests: dict[str, bool] = {}
    docs: dict[str, bool] = {}
    for item in items:
        rel = _rel(getattr(item, "path", None) or "")
        if rel is None:
            continue
        (docs if type(item).__name__ == "DoctestItem" else tests).setdefault(rel, True)
    _state["test_modules"] = list(tests)
    _state["doctest_modules"] = [d for d in docs if d not in tests]


def pytest_runtestloop(session: Any) -> None:
    """Hook of pytest: the tests start; loads after this are not pytest's own."""
    _state["running"] = True
    _state["collecting"] = ""
    try:
        _state["plugin_modules"] = plugin_modules(session.config.pluginmanager, session)
    except Exception:  # noqa: BLE001 - an odd plugin manager: nothing recorded
        _state["plugin_modules"] = []


def plugin_modules(pm: Any, session: Any = None) -> list[str]:
    """Repository modules the tests' configuration loads as test infrastructure (sorted paths).

    Modules registered as pytest plugins by name (``pytest_plugins = ["pkg.fixtures"]`` in a
    conftest, ``-p pkg.plugin``, ``PYTEST_PLUGINS``), and modules defining a fixture pytest's
    fixture manager holds (``session``'s: a conftest's ``from pkg.fixtures import cases``
    registers it as the conftest's own, red-team G26): test infrastructure as a conftest is
    (red-team G13: the fixture's cases dropped there). Left out: conftest modules (protected
    by their name) and the plugins of installed distributions' entry points with the package
    they live in (a plugin project's own code, red-team G11).
    """
    import types

    from_dists = {id(plugin) for plugin, _dist in pm.list_plugin_distinfo()}
    dist_dirs: set[str] = set()
    out: set[str] = set()
    for _name, plugin in pm.list_name_plugin():
        if not isinstance(plugin, types.ModuleType):
            continue
        file = getattr(plugin, "__file__", None)
        if not isinstance(file, str) or not os.path.isabs(file):
            continue  # fixloop's own ("<fixloop ...>"), built-in or frozen modules
        if id(plugin) in from_dists:  # its package's folder, or the module alone
            top = sys.modules.get((getattr(plugin, "__package__", None) or "").split(".")[0])
            for folder in getattr(top, "__path__", None) or ():
                if isinstance(folder, str):
                    dist_dirs.add(os.path.normpath(folder) + os.sep)
            dist_dirs.add(file)
            continue
        rel = _rel(file)
        if rel and rel.rsplit("/", 1)[-1] != "conftest.py":
            out.add(rel)
    for fd in _fixture_defs(getattr(session, "_fixturemanager", None)):
        code = getattr(getattr(fd, "func", None), "__code__", None)
        file = getattr(code, "co_filename", None)
        if not isinstance(file, str) or not os.path.isabs(file):
            continue
        if any(file == d or file.startswith(d) for d in dist_dirs):
            continue  # an installed plugin's package: the plugin project's own code
        rel = _rel(file)
        if rel and rel.rsplit("/", 1)[-1] != "conftest.py":
            out.add(rel)
    return sorted(out)


def _fixture_defs(fm: Any) -> list[Any]:
    """Every ``FixtureDef`` pytest's fixture manager ``fm`` holds.

    pytest 7-8 keep ``_arg2fixturedefs`` (``{name: [def]}``); pytest 9
    ``_arg2node2fixturedefs`` / ``_arg2nodeid2fixturedefs`` (``{name: {node: [def]}}``).
    """
    out: list[Any] = []
    stack: list[Any] = [
        getattr(fm, a, None)
        for a in ("_arg2fixturedefs", "_arg2node2fixturedefs", "_arg2nodeid2fixturedefs")
    ]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(list(v.values()))
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif v is not None and hasattr(v, "func"):
            out.append(v)
    return out


def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    """Hook of pytest: write the record."""
    write()


def provided_names() -> list[str]:
    """Top-level names the interpreter provides from outside the repository (sorted)."""
    import importlib.metadata as md

    names = set(getattr(sys, "stdlib_module_names", ()) or ())
    names |= set(sys.builtin_module_names)
    root = _state["root"]
    outside = [
        p
        for p in sys.path
        if isinstance(p, str) and p and not (os.path.realpath(p) + os.sep).startswith(root + os.sep)
    ]
    for dist in md.distributions(path=outside):
        try:
            declared = (dist.read_text("top_level.txt") or "").split()
            if not declared:
                for f in dist.files or ():
                    parts = f.parts
                    first = parts[0] if len(parts) > 1 else f.name.partition(".")[0]
                    if len(parts) > 1 or f.suffix == ".py":
                        declared.append(first)
        except Exception:  # noqa: BLE001, S112 - a broken distribution: skip it
            continue
        names.update(n for n in declared if n.isidentifier())
    return sorted(names)


def write() -> None:
    """Write the record to ``cfg["out"]`` (once per session end; later calls rewrite it)."""
    out = _state["out"]
    if not out:
        return
    data: dict[str, Any] = {
        "autoload": dict(_state["autoload"]),
        "plugin_modules": list(_state["plugin_modules"]),
    }
    if _state["mode"] == "baseline":
        written = _state["written"]
        data["pairs"] = [list(k) for k in _state["pairs"] if k[0] not in written]
        data["written"] = sorted(written)  # outputs of the run: the gate's watch lets them change
        data["test_modules"] = _state["test_modules"]
        data["doctest_modules"] = _state["doctest_modules"]
        data["plugins"] = _state["plugins"]
        try:  # each write adds: what pytest put back at its unconfigure was still the base's
            kept = _state.setdefault("swaps", {})
            for o, k, d, _v in _swaps().replacements():
                kept.setdefault((o, k, d), True)
            data["swaps"] = [list(key) for key in kept]
        except Exception:  # noqa: BLE001 - not recorded: the gate keeps its older rules
            data["swaps"] = None
        try:
            data["provided_names"] = provided_names()
        except Exception:  # noqa: BLE001 - no metadata: the standard library alone
            data["provided_names"] = sorted(getattr(sys, "stdlib_module_names", ()))
    was = _state["busy"]
    _state["busy"] = True  # our own write is not a read of the tests
    try:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
    except OSError:
        pass
    finally:
        _state["busy"] = was
