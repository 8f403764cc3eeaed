"""The rule of a dependency-only change to ``pyproject.toml`` (``--approve deps``, issue 16).

``pyproject.toml`` is test configuration (``[tool.pytest.ini_options]``, ``[tool.coverage]``,
entry points pytest loads plugins from...), so fixloop keeps it read-only. Under ``--approve
deps`` alone, a change to it is allowed when it is **dependency-only**: both versions parse as
TOML (:mod:`tomllib`, the parser pytest itself uses on Python 3.11+; fixloop requires 3.11) and
they are equal once the dependency keys (:data:`DEPENDENCY_KEYS`) are taken out of both. Every
other key (``[tool.pytest.*]``, ``[tool.coverage.*]``, ``[project]`` scripts and entry points,
``[tool.setuptools]`` package lists, ``[build-system] build-backend``...) must be identical, a
file that does not parse is refused, and so are creating and deleting a ``pyproject.toml``
(creating one can move pytest's rootdir).

Two sides use the same rule (:func:`check_manifest`): the approval at the tool
(:mod:`fixloop.tools.approval`: a change that fails it is undone before the person is asked, and
the model's tool error names the key), and the gate (:mod:`fixloop.gate.manifests`: the commit's
``pyproject.toml`` against the base commit's, so a change written behind the tools' back cannot
slip a pytest setting into an "approved dependency change").

Nothing is installed from a changed dependency list: the tests keep running in the run's
existing environment.

The dependency keys and where each is defined:

- ``[project] dependencies`` and ``optional-dependencies``: PyPA "pyproject.toml
  specification" (PEP 621).
- ``[dependency-groups]``: PyPA "Dependency Groups" specification (PEP 735).
- ``[build-system] requires``: PyPA "pyproject.toml specification", build-system table (PEP 518).
- ``[tool.poetry.dependencies]``, ``[tool.poetry.group.<name>.dependencies]`` and the older
  ``[tool.poetry.dev-dependencies]``: Poetry's documentation, "The pyproject.toml file" and
  "Managing dependencies" (dependency groups since Poetry 1.2, which deprecated
  ``dev-dependencies``).
- ``[tool.pdm] dev-dependencies``: PDM's documentation, "Manage Dependencies" (development
  dependencies).
- ``[tool.uv] dev-dependencies``, ``constraint-dependencies``, ``override-dependencies`` and
  ``build-constraint-dependencies``: uv's documentation, "Settings" reference (project
  metadata).

Tables on the way to a dependency key (``[tool.uv]``, ``[tool.poetry.group.<name>]``...) that
hold nothing else are dropped too, so adding ``[tool.poetry.group.test.dependencies]`` is a
dependency-only change; any other empty table counts (an empty ``[tool.pytest.ini_options]``
makes the file pytest's configuration).
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from typing import Any

#: The dependency keys (TOML key paths; ``*`` is any one key, a Poetry group's name).
DEPENDENCY_KEYS: tuple[tuple[str, ...], ...] = (
    ("project", "dependencies"),
    ("project", "optional-dependencies"),
    ("dependency-groups",),
    ("build-system", "requires"),
    ("tool", "poetry", "dependencies"),
    ("tool", "poetry", "dev-dependencies"),
    ("tool", "poetry", "group", "*", "dependencies"),
    ("tool", "pdm", "dev-dependencies"),
    ("tool", "uv", "dev-dependencies"),
    ("tool", "uv", "constraint-dependencies"),
    ("tool", "uv", "override-dependencies"),
    ("tool", "uv", "build-constraint-dependencies"),
)

#: The dependency keys in words (for the model's error and the docs).
DEPENDENCY_KEYS_TEXT = (
    "[project] dependencies and optional-dependencies, [dependency-groups], [build-system] "
    "requires, [tool.poetry] dependencies / dev-dependencies / group.<name>.dependencies, "
    "[tool.pdm] dev-dependencies, [tool.uv] dev-, constraint-, override- and "
    "build-constraint-dependencies"
)

#: What the model and the person are told about an approved dependency change.
NOT_INSTALLED = (
    "nothing is installed from it: the tests (run_tests and fixloop's own check) keep running "
    "in the existing environment, so a package that is not installed there stays unimportable"
)

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_MISSING = object()


def is_manifest(relpath: str) -> bool:
    """True when ``relpath`` (any folder, any case) is a ``pyproject.toml``."""
    return relpath.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1].casefold() == "pyproject.toml"


@dataclass(frozen=True)
class ManifestCheck:
    """The verdict of :func:`check_manifest` on one change of a ``pyproject.toml``.

    Attributes:
        problem: why the change cannot be checked or is refused as a whole (does not parse,
            created, deleted); "" otherwise.
        changed: the keys outside the dependency lists that differ, as dotted TOML keys
            (``tool.pytest.ini_options.addopts``), sorted; empty for a dependency-only change.
        dependencies: the dependency keys that differ (for the person), sorted.
    """

    problem: str = ""
    changed: tuple[str, ...] = ()
    dependencies: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True for a dependency-only change."""
        return not self.problem and not self.changed

    def why(self, limit: int = 5) -> str:
        """Why the change is not dependency-only, in one clause ("" when it is).

        Names at most ``limit`` keys, then how many more.
        """
        if self.problem:
            return self.problem
        if not self.changed:
            return ""
        keys = ", ".join(self.changed[:limit])
        more = f" (+{len(self.changed) - limit} more)" if len(self.changed) > limit else ""
        one = len(self.changed) == 1
        return (
            f"it changes {keys}{more}, which {'is' if one else 'are'} not "
            f"{'a dependency list' if one else 'dependency lists'}"
        )


def check_manifest(old: bytes | None, new: bytes | None) -> ManifestCheck:
    """Whether changing a ``pyproject.toml`` from ``old`` to ``new`` is dependency-only.

    Args:
        old: the file's bytes before (the base commit's, or before the tool call); None when it
            did not exist.
        new: its bytes after; None when it was deleted.

    Returns:
        a :class:`ManifestCheck`; ``ok`` when both parse (UTF-8 TOML) and are equal without the
        :data:`DEPENDENCY_KEYS` (and the tables that held only them).
    """
    if old is None:
        return ManifestCheck(
            "it creates a pyproject.toml (only an existing one's dependency lists may change)"
        )
    if new is None:
        return ManifestCheck("it deletes pyproject.toml")
    try:
        before = _parse(old)
    except ValueError as e:
        return ManifestCheck(f"the original pyproject.toml does not parse ({e}), so no change "
                             "to it can be checked")  # fmt: skip
    try:
        after = _parse(new)
    except ValueError as e:
        return ManifestCheck(f"the new pyproject.toml does not parse as TOML ({e})")
    changed = _differences(_strip(before, DEPENDENCY_KEYS), _strip(after, DEPENDENCY_KEYS), ())
    every = _differences(before, after, ())
    deps = [k for k in every if _is_dependency_path(k)]
    return ManifestCheck(
        "", tuple(sorted(map(_key_text, changed))), tuple(sorted(map(_key_text, deps)))
    )


def _parse(data: bytes) -> dict[str, Any]:
    """The TOML document in ``data`` (UTF-8). Raises ValueError when it is not one."""
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ValueError(f"not UTF-8 at byte {e.start}") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(str(e)) from None


def _strip(table: dict[str, Any], patterns: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """``table`` without the keys ``patterns`` name, nor the tables left empty by their removal."""
    out: dict[str, Any] = {}
    for key, value in table.items():
        rests = [p[1:] for p in patterns if p[0] in (key, "*")]
        if any(not r for r in rests):
            continue  # a dependency key
        if rests and isinstance(value, dict):
            value = _strip(value, tuple(rests))
            if not value:
                continue  # a table on the way to a dependency key, holding nothing else
        out[key] = value
    return out


def _differences(a: Any, b: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The key paths where ``a`` and ``b`` differ (an added or removed table: its leaf keys)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[tuple[str, ...]] = []
        for k in dict.fromkeys([*a, *b]):
            out += _differences(a.get(k, _MISSING), b.get(k, _MISSING), (*path, k))
        return out
    if a is _MISSING and isinstance(b, dict) and b:
        return _differences({}, b, path)
    if b is _MISSING and isinstance(a, dict) and a:
        return _differences(a, {}, path)
    return [] if _same(a, b) else [path]


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):  # 1 and 1.0, 1 and true: different TOML values
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return not _differences(a, b, ())
    if isinstance(a, float) and a != a:  # nan equals nan in a TOML document
        return b != b
    return bool(a == b)


def _is_dependency_path(path: tuple[str, ...]) -> bool:
    return any(
        len(path) >= len(p) and all(q in ("*", k) for q, k in zip(p, path, strict=False))
        for p in DEPENDENCY_KEYS
    )


def _key_text(path: tuple[str, ...]) -> str:
    """A key path as a dotted TOML key (``tool.pytest.ini_options.addopts``; odd keys quoted)."""
    return ".".join(k if _BARE_KEY.fullmatch(k) else json.dumps(k) for k in path) or "(the root)"
