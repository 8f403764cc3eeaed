"""The bootstrap the test runner executes with the project's interpreter inside the sandbox.

``fixloop.testrun.runner`` passes this module's source (with ``pytest_plugin`` and
``plainrunner``) through ``python -s -c PAYLOAD @CONFIG_FILE``; nothing is imported from the
fixloop package inside.
The payload first drops ``sys.path[0]`` (the working folder that ``-c`` puts there), so nothing
in the workspace is importable before :func:`main` decides how:

- ``normal`` mode: the tree's package roots (``cfg["paths"]``, e.g. ``src``; see
  ``fixloop.testrun.projectpaths``) and the repository root go first on ``sys.path`` (as
  ``python -m pytest`` does for the root), so an editable install of the user's checkout never
  wins over the run's code; then pytest is imported and run.
- ``where`` mode: no test runs; the same ``sys.path`` and the pristine mode's import guard (for
  the pytest ecosystem's names) are set up and the origin of each name of ``cfg["names"]`` is written to ``cfg["where"]`` (the
  session's import check).
- ``pristine`` mode (the gate's): pytest is imported *before* the root is on ``sys.path``, so a
  workspace ``pytest.py`` or ``_pytest/`` cannot replace it; then, when the tree's package roots
  hold a module named like one not loaded yet (:func:`_shadowed`), an import guard is installed
  that resolves every top-level name of the standard library and of the pytest ecosystem
  (pytest, _pytest, pluggy, iniconfig, packaging and the ``pytest11`` entry-point plugins) only
  from ``sys.path`` entries outside the repository (otherwise none, and the audit hook reports
  such a module written and loaded during the run). The root then goes first on ``sys.path``, so
  the project's own modules import as under ``python -m pytest``. ``sitecustomize.py``,
  ``usercustomize.py`` and ``*.pth`` files in the workspace are never loaded (site ran before the
  root was on the path, and ``-s`` disables the user site).

Either way, when pytest cannot be imported, the plain runner (``plainrunner``) runs instead
and a ``{"e": "plain", ...}`` line in the progress file says why. Stdlib only.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

#: fixloop's own modules by name (``_fixloop_audit``...), filled by the harness's program once
#: all are loaded (:func:`fixloop.testrun.audit.inline_program`), which then takes them out of
#: ``sys.modules``; empty when this file is imported as a package module (tests).
_PEERS: dict = {}


def _peer(name: str) -> Any:
    """The own module ``name`` of fixloop: from :data:`_PEERS`, else ``sys.modules``; or None."""
    return _PEERS.get(name) or sys.modules.get(name)


_ECOSYSTEM = {
    "pytest",
    "_pytest",
    "pluggy",
    "iniconfig",
    "packaging",
    "py",
    "pygments",
}
# Imported by pytest only where its own code does: colorama on Windows (_pytest/capture.py's
# _colorama_workaround), tomli and exceptiongroup before Python 3.11 (config/findpaths.py,
# raises.py, runner.py...). Elsewhere they are ordinary projects: colorama 0.4.6's own checkout
# stopped as "part of the test runner" before its first step.
if sys.platform.startswith("win32"):
    _ECOSYSTEM.add("colorama")
if sys.version_info < (3, 11):  # noqa: UP036 - runs in the project's interpreter, any version
    _ECOSYSTEM |= {"exceptiongroup", "tomli"}


def _under(path: str, root: str) -> bool:
    p = os.path.realpath(path or os.getcwd())
    return p == root or p.startswith(root + os.sep)


def _protected_names() -> set[str]:
    names = set(getattr(sys, "stdlib_module_names", ()) or ())
    if not names:  # Python < 3.10: list the standard library folder
        import sysconfig

        std = sysconfig.get_paths().get("stdlib", "")
        try:
            for n in os.listdir(std):
                base = n[:-3] if n.endswith(".py") else n
                if base.isidentifier():
                    names.add(base)
        except OSError:
            pass
        names.update(sys.builtin_module_names)
    names.discard("test")  # projects often have a test/ package of their own
    names |= _ECOSYSTEM
    names |= _plugin_top_names()
    return names


def _plugin_top_names() -> set[str]:
    """Top-level module names of installed ``pytest11`` entry points.

    Reads ``*.dist-info/entry_points.txt`` / ``*.egg-info/entry_points.txt`` in the ``sys.path``
    folders directly (the format of the packaging spec "Entry points specification"); this is
    much cheaper than building :mod:`importlib.metadata` distributions.
    """
    out: set[str] = set()
    for entry in sys.path:
        if not entry or not os.path.isdir(entry):
            continue
        try:
            listing = os.listdir(entry)
        except OSError:
            continue
        for name in listing:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(entry, name, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except OSError:
                continue
            section = ""
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("["):
                    section = line.strip("[]").strip()
                elif section == "pytest11" and "=" in line:
                    value = line.split("=", 1)[1].strip()
                    out.add(value.split(":")[0].split(".")[0].strip())
    return out


class _Guard:
    """A meta-path finder: protected top-level names resolve only outside the repository."""

    def __init__(self, names: set[str], root: str) -> None:
        self.names = names
        self.root = root
        self._key: tuple[str, ...] = ()
        self._outside: list[str] = []

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if path is not None or name not in self.names:
            return None
        from importlib.machinery import BuiltinImporter, FrozenImporter, PathFinder

        spec = BuiltinImporter.find_spec(name) or FrozenImporter.find_spec(name)
        if spec is not None:
            return spec
        key = tuple(p for p in sys.path if isinstance(p, str))
        if key != self._key:  # realpath per entry is costly: recompute only when sys.path changes
            self._key = key
            # the interpreter's own install is not the repository's, even when it lives inside
            # the tree's path (a .venv/ in the checkout, shown at the user's own path)
            prefixes = {os.path.realpath(x) for x in (sys.prefix, sys.exec_prefix, sys.base_prefix)}
            prefixes.discard(self.root)
            self._outside = [
                p for p in key if not _under(p, self.root) or any(_under(p, x) for x in prefixes)
            ]
        spec = PathFinder.find_spec(name, self._outside)
        if spec is None:
            raise ModuleNotFoundError(
                f"No module named {name!r} (fixloop pristine run: the repository may not "
                "provide a module of the standard library or of pytest)",
                name=name,
            )
        return spec

    def invalidate_caches(self) -> None:
        """Nothing cached here."""


def _shadowed(names: set[str], entries: list[str]) -> bool:
    """Whether a folder of ``entries`` holds a module named like one of ``names`` not yet loaded.

    A ``NAME.py`` (or any module suffix: bytecode, an extension) or a ``NAME/__init__.py``; a
    folder without ``__init__.py`` is a namespace portion, which the standard library's own
    module wins over. Only then does the pristine run need its :class:`_Guard` on
    ``sys.meta_path``, where a test can see it (red-team F39: a change that answered right
    whenever a finder named ``_Guard`` was there passed every gate pytest run); a module of
    that kind written while the tests run is the audit hook's finding instead
    (``auditlate.shadow_modules``).
    """
    from importlib.machinery import all_suffixes

    suffixes = tuple(all_suffixes())
    for entry in entries:
        try:
            listing = os.listdir(entry)
        except OSError:
            continue
        for child in listing:
            base = child.split(".", 1)[0]
            if base not in names or base in sys.modules:
                continue
            package = os.path.join(entry, child, "__init__.py")
            if child.endswith(suffixes) or os.path.isfile(package):
                return True
    return False


def _config_text(arg: str) -> str:
    """``arg`` itself, or the text of the file ``@PATH`` names (then deleted, best effort)."""
    if not arg.startswith("@"):
        return arg
    with open(arg[1:], encoding="utf-8") as f:
        text = f.read()
    try:  # read before any project code runs; gone before it could look for it
        os.unlink(arg[1:])
    except OSError:
        pass
    return text


def main(cfg_json: str) -> int:
    """Run pytest (or the plain runner) as ``cfg_json`` says; returns the exit code.

    ``cfg_json`` is the JSON text or ``@PATH``, a file holding it (the runner's way: one
    argument of more than 128 KiB, e.g. thousands of node ids, makes the run fail with E2BIG).

    ``cfg_json`` keys: ``mode`` ("normal" | "pristine"), ``root``, ``args`` (pytest arguments),
    ``target``, ``junit``, ``progress``, ``paths`` (package roots, relative to the root),
    ``per_test_s`` (the per-test limit in seconds, or None), ``in_process`` (true: pytest-xdist's
    options set back so the tests run in this process, ``pytest_plugin.in_process``), ``record`` (what the run records,
    see ``recorder.install``: the baseline's use of files and plugins, the gate's auto-loaded
    files; installed before anything else) and ``audit`` (the gate's runs: the audit hook's
    config, see ``audithook.install``; the hook goes in before pytest or any project module is
    imported, and its end-of-run checks run after pytest returns).
    """
    cfg = json.loads(_config_text(cfg_json))
    record = _peer("_fixloop_record") if cfg.get("record") else None
    if record is not None:  # first: the audit hook need not see this hook added
        record.install(cfg["record"])
    audit = _peer("_fixloop_audit") if cfg.get("audit") else None
    if audit is not None:
        audit.install(cfg["audit"])
    try:
        rc = _run(cfg)
    finally:
        plugin = _peer("_fixloop_plugin")
        if plugin is not None:  # the progress file: closed here whatever pytest did
            plugin.close()
    if record is not None:  # again after pytest's unconfigure: what the base's run left at its end
        record.write()
    if audit is not None:
        audit.finish(rc)
    return rc


def _pytest_argv(pytest_file: str) -> None:
    """``sys.argv`` and ``sys.orig_argv`` as ``python -m pytest`` shows them (no arguments).

    The harness starts this process as ``python -s -c PROGRAM @CONFIG``: ``sys.argv`` was
    ``['-c', '@.../config.json']`` and ``sys.orig_argv`` held the whole program (fixloop's
    module names in plain text) in every gate pytest run, where a plain pytest run shows
    ``[.../pytest/__main__.py]`` (red-team F26's kind). Both lists are changed in place before
    any project code runs; pytest reads its arguments from the config, not from ``sys.argv``.
    The second opinion keeps ``['-c']``, a direct call's (no pytest named), so code keyed on
    the command line answers differently in the two layers either way.
    """
    sys.argv[:] = [os.path.join(os.path.dirname(pytest_file), "__main__.py")]
    orig = getattr(sys, "orig_argv", None)
    if isinstance(orig, list):  # Python 3.10+
        orig[:] = [orig[0] if orig else sys.executable, "-m", "pytest"]


def _front(cfg: dict, root: str) -> list[str]:
    """The folders that go first on ``sys.path``: the tree's package roots, then the root."""
    return [os.path.join(root, rel) for rel in cfg.get("paths", ())] + [root]


def _where(cfg: dict, root: str) -> int:
    """Write ``{name: origin or None}`` for ``cfg["names"]`` to ``cfg["where"]`` (JSON).

    ``sys.path`` is set up as for a test run; ``importlib.util.find_spec`` finds each name
    without executing it, through the same finders (editable ones included) an import uses,
    and through the pristine run's :class:`_Guard` for the names of the pytest ecosystem and its
    plugins: the gate decides with that run, so such a name that the tree provides (pluggy's own
    repository) is reported where the gate would import it from, outside the tree. Names of
    the standard library are left out here: a root-level script named like one (``profile.py``)
    that no test imports must not stop a run.
    """
    import importlib.util

    guarded = _ECOSYSTEM | _plugin_top_names()
    sys.meta_path.insert(0, _Guard(guarded, root))  # type: ignore[arg-type]
    sys.path[0:0] = _front(cfg, root)
    out: dict = {}
    for name in cfg.get("names", ()):
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError) as e:
            out[name] = None
            print(f"fixloop: {name}: {e}", flush=True)
            continue
        if spec is None:
            out[name] = None
        elif spec.origin and spec.origin not in ("built-in", "frozen", "namespace"):
            out[name] = spec.origin
        else:
            locs = list(spec.submodule_search_locations or [])
            out[name] = locs[0] if locs else spec.origin
    with open(cfg["where"], "w", encoding="utf-8") as fh:
        json.dump(out, fh)
    return 0


def _run(cfg: dict) -> int:
    root = os.path.realpath(cfg["root"])
    if cfg.get("mode") == "where":
        return _where(cfg, root)
    audit = _peer("_fixloop_audit") if cfg.get("audit") else None
    plugin = _peer("_fixloop_plugin")
    plugin.configure(cfg.get("progress"), cfg.get("stream_fd"), cfg.get("per_test_s"))
    pristine = cfg.get("mode") == "pristine"
    if not pristine:
        sys.path[0:0] = _front(cfg, root)
    try:
        import pytest
    except ImportError as e:
        if pristine:
            sys.path[0:0] = _front(cfg, root)
        reason = f"pytest not found in {sys.executable} ({e})"
        print(f"fixloop: {reason}: running fixloop's plain runner", flush=True)
        plugin._write({"e": "plain", "reason": reason})  # the file and the stream
        return int(_peer("_fixloop_plain").main(cfg))
    _pytest_argv(pytest.__file__)
    if pristine:
        import _pytest.config  # noqa: F401 - loaded before the root is importable

        names = _protected_names()
        if _shadowed(names, _front(cfg, root)):
            sys.meta_path.insert(0, _Guard(names, root))  # type: ignore[arg-type]
        elif audit is not None:  # none now: one written while the tests run is a finding
            audit._state["shadowable"] = frozenset(names)
    if audit is not None:
        audit.snapshot_machinery()  # pytest as it is before any project code ran
    if pristine:
        sys.path[0:0] = _front(cfg, root)
    plugins: list = [plugin]
    if cfg.get("in_process"):  # the watch lives here: no pytest-xdist workers (G9)
        plugins.append(plugin.in_process(pytest.hookimpl))
    if cfg.get("record"):
        plugins.append(_peer("_fixloop_record"))
    if audit is not None:  # the test modules' globals, compared around each test
        plugins.append(_peer("_fixloop_auditglobals").Plugin(audit))
    if audit is not None or (cfg.get("record") or {}).get("mode") == "baseline":
        plugins.append(_peer("_fixloop_auditswaps").Watch())  # late plugins, items
    return int(pytest.main(list(cfg["args"]), plugins=plugins))
