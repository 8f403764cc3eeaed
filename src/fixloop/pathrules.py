"""The fixed path rules: what test code is, what is protected, what loads by itself, what is source.

The ONE rule of what a test file is (:func:`is_test_file`) lives here, with the rules built on
it: :func:`is_protected` (test infrastructure the model's tools may not create or change),
:func:`is_autoload` (files Python or pytest load without a test importing them) and
:func:`is_source` (Python source of the project, rule "source only"), and
:class:`PathRefused`, the error every path rule raises or returns. Paths are workspace-relative
POSIX text in any spelling; matching is case-insensitive (on case-insensitive file systems
``Tests/`` and ``tests/`` spell the same file, and refusing an odd spelling on a
case-sensitive one costs nothing).

Callers: :mod:`fixloop.workspace` (which re-exports every public name here: import them from
there), :mod:`fixloop.editpolicy` (the project's write policy, built on these rules), the gate,
the tools, the eval scorer and the repair engine.

This module imports only the standard library: the repair engine's sandboxed screening server,
which cannot import fixloop, loads a copy of it beside itself for :func:`is_test_file`
(:data:`fixloop.repair.screen_server.PATHRULES_COPY`).
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
import sys

#: Test configuration files pytest reads by itself, and fixloop's own repository config (which
#: names the test command the gate runs), protected at any depth.
TEST_CONFIG_FILES: frozenset[str] = frozenset(
    {
        "fixloop.toml",
        "conftest.py",
        "pytest.ini",
        ".pytest.ini",
        "pytest.toml",
        ".pytest.toml",
        "tox.ini",
        "setup.cfg",
        "pyproject.toml",
    }
)

#: Folder names whose whole tree is test code, at any depth (``testing/`` is pytest's own
#: layout, and where projects keep their test helpers).
TEST_DIRS: frozenset[str] = frozenset({"tests", "test", "testing"})

#: Modules Python loads by itself at start-up (protected at any depth).
STARTUP_MODULES: frozenset[str] = frozenset({"sitecustomize", "usercustomize"})

#: The test runner and the packages it imports before any test code: a top-level module or
#: package of one of these names would stand in for them.
RUNNER_MODULES: frozenset[str] = frozenset(
    {"pytest", "_pytest", "py", "pluggy", "iniconfig", "packaging", "exceptiongroup", "tomli"}
)

#: Runner names protected at any depth (a folder put on ``sys.path`` by pytest's rootdir
#: insertion could hold them; no project names its own modules so).
RUNNER_ANY_DEPTH: frozenset[str] = frozenset({"pytest", "_pytest"})

#: Folder suffixes of packaging metadata (matched casefolded): what pytest reads entry points from.
_METADATA_DIRS = (".dist-info", ".egg-info", ".egg")

#: File suffixes that make a module importable.
_MODULE_SUFFIXES = (".py", ".pyc", ".pyw", ".so", ".pyd")

# (no stdlib_module_names before Python 3.10: the test run's sandbox loads this file into the
# project's interpreter, which may be older; is_test_file does not need the names)
_SHADOWABLE = frozenset(n.casefold() for n in getattr(sys, "stdlib_module_names", ()))
_SHADOWABLE = _SHADOWABLE | frozenset(n.casefold() for n in RUNNER_MODULES)


class PathRefused(Exception):
    """A path the model may not use.

    Attributes:
        kind: why: ``"outside"`` (leaves the workspace, absolute, ``~``), ``"blocked"`` (a
            blocked name), ``"protected"`` (a write to test infrastructure), ``"not_regular"``
            (dangling link, special file, or a directory where a file is needed),
            ``"invalid"`` (empty, NUL or control characters) or ``"missing"`` (does not exist).
        path: the path as given.
    """

    def __init__(self, kind: str, message: str, path: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


def _norm(relpath: str) -> str:
    """Lexically normalized POSIX relative path ("" for the root); may start with "..".

    Uses ``posixpath.normpath`` semantics: ``.``, ``..`` and duplicate slashes are folded.
    """
    p = posixpath.normpath(relpath) if relpath else "."
    return "" if p == "." else p


def _parts(relpath: str) -> list[str]:
    """The casefolded components of a normalized relative path."""
    n = _norm(relpath)
    return [c.casefold() for c in n.split("/") if c and c != "."] if n else []


def _module_name(component: str) -> str | None:
    """The importable module name a file name gives (``json.py`` -> ``json``), else None."""
    for suf in _MODULE_SUFFIXES:
        if component.endswith(suf):
            # extension modules: json.cpython-311-x86_64-linux-gnu.so -> json
            return component[: -len(suf)].split(".")[0]
    return None


def is_autoload(relpath: str) -> bool:
    """True when Python or pytest would load ``relpath`` by itself, without a test importing it.

    That is: ``sitecustomize.py`` / ``usercustomize.py`` and any ``*.pth`` file at any depth;
    anything inside packaging metadata (a component ending ``.dist-info``, ``.egg-info`` or
    ``.egg``, in any case: ``Calc_Helpers.DIST-INFO``), whose entry points pytest loads; the
    root's ``__init__.py`` (it makes the root a package, which pytest imports as the parent of
    a ``tests/`` package); a module or package named ``pytest`` or ``_pytest`` at any depth;
    and a top-level module or
    package (at the root or under ``src/``, the folders on ``sys.path`` in a test run) named
    like a standard-library module (``sys.stdlib_module_names``, e.g. ``json.py``,
    ``logging/``) or like the runner or a package it imports (:data:`RUNNER_MODULES`, e.g.
    ``pluggy.py``). ``relpath`` is a workspace-relative POSIX path in any spelling; matching
    is case-insensitive.

    A ``pytest_*`` name is not on the list: pytest loads no module for its name, only the
    entry points of installed distributions and what the (protected) configuration names, so
    a pytest plugin project's own package (``pytest_mock/``) is its source (red-team G11). A
    new module shadowing an installed plugin is the record's "no shadowing" rule (its
    ``provided_names``), the pristine run's import guard keeps the installed one, and the
    gate's record refuses a changed file pytest loaded by itself.
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    name = parts[-1]
    if name.endswith(".pth") or parts == ["__init__.py"]:
        return True
    if any(p.endswith(_METADATA_DIRS) for p in parts[:-1]):
        return True
    mod = _module_name(name)
    if mod in STARTUP_MODULES:
        return True
    # Every component that is a package folder, plus the final module.
    names = parts[:-1] + ([mod] if mod else [])
    if any(n in RUNNER_ANY_DEPTH for n in names):
        return True
    top = parts[1:] if parts[0] == "src" and len(parts) > 1 else parts
    if len(top) > 1:
        first: str | None = top[0]  # a package folder
    else:
        first = _module_name(top[0])
    if first is None:
        return False
    return first in _SHADOWABLE


def is_test_file(relpath: str) -> bool:
    """True when ``relpath`` is test code: the one rule of what a test file is.

    Test code is anything inside a ``tests/``, ``test/`` or ``testing/`` folder at any depth
    (:data:`TEST_DIRS`), ``test_*.py`` and ``*_test.py`` files (pytest's default
    ``python_files``; ``.pyw`` too) and ``conftest.py`` at any depth. The tools and the gate
    protect it (:func:`is_protected` adds test configuration and auto-loaded files); the repair
    engine never repairs it and reads a failing test's own line from it.

    Args:
        relpath: a POSIX path relative to the project root, in any spelling (``./a//b``; a
            leading ``/`` is read as the root); matching is case-insensitive.

    Returns:
        True for test code; False for other files and for paths that climb out of the root.
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    if any(p in TEST_DIRS for p in parts):
        return True
    name = parts[-1]
    if name == "conftest.py":
        return True
    return name.endswith((".py", ".pyw")) and (
        name.startswith("test_") or name[: name.rfind(".")].endswith("_test")
    )


def is_protected(relpath: str) -> bool:
    """True when ``relpath`` is test infrastructure the model's tools may not create or change.

    Protected: test code (:func:`is_test_file`: ``tests/``, ``test/`` and ``testing/`` trees,
    ``test_*.py``, ``*_test.py``, ``conftest.py``), pytest's configuration files
    (:data:`TEST_CONFIG_FILES`: ``pytest.ini``, ``tox.ini``, ``setup.cfg``, ``pyproject.toml``
    ...) at any depth, and everything :func:`is_autoload` reports. ``relpath`` is a
    workspace-relative POSIX path in any spelling (``./tests/../tests/x``, ``a//b``); matching
    is case-insensitive. Paths that climb out of the root return False (they are refused as
    outside anyway).
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    if is_test_file(relpath) or parts[-1] in TEST_CONFIG_FILES:
        return True
    return is_autoload(relpath)


#: Suffixes of the files that count as Python source of the project (rule "source only").
SOURCE_SUFFIXES: tuple[str, ...] = (".py", ".pyi", ".pyw")

#: Packaging metadata (fnmatch globs, any path component): never source, whatever the suffix.
PACKAGING_GLOBS: tuple[str, ...] = ("*.dist-info", "*.egg-info", "*.egg-link", "entry_points.txt")

_PACKAGING_RX = re.compile("|".join(f"(?:{fnmatch.translate(g)})" for g in PACKAGING_GLOBS))


def is_source(relpath: str) -> bool:
    """True when ``relpath`` is Python source of the project (rule "source only").

    Source is a ``.py``/``.pyi``/``.pyw`` file outside packaging metadata (``*.dist-info``,
    ``*.egg-info``, ``*.egg-link``); data (json, yaml, csv, txt...), ``.gitignore``,
    ``.gitattributes``, config files and every other file are not. Case-insensitive.
    """
    parts = _parts(relpath)
    if not parts or parts[0] == "..":
        return False
    if any(_PACKAGING_RX.match(p) for p in parts):
        return False
    return parts[-1].endswith(SOURCE_SUFFIXES)
