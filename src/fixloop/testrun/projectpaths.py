"""Where a project's packages live in its tree, so the tests import the run's code.

An editable install (``pip install -e .``) makes the user's *checkout* importable: a path
``.pth`` file in the virtualenv names ``<checkout>/src``, or setuptools' ``__editable__``
finder maps each package name to a folder of the checkout. A run works in another tree (a
worktree, the gate's fresh checkout), so the test runner puts that tree's package roots at the
front of ``sys.path`` (before site-packages, where ``.pth`` entries land, and before the
editable finders, which setuptools appends to ``sys.meta_path`` after the path finder), and the
session checks inside the sandbox that the project's top-level packages really import from the
run's tree (:func:`outside_imports`).

Package roots come from the project's own settings, read as data (never executed):
``src/`` when it holds a package or module; setuptools' ``[tool.setuptools.packages.find]
where`` and ``package-dir`` (pyproject.toml) or ``[options] package_dir`` (setup.cfg); hatch's
``[tool.hatch.build.targets.wheel] packages``; poetry's ``packages = [{include, from}]``.

Sources: setuptools "Package Discovery" and "Development Mode (a.k.a. Editable Installs)"
(setuptools 69 docs); PEP 660; hatch "Build configuration"; poetry "The pyproject.toml file".
"""

from __future__ import annotations

import configparser
import json
import os
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fixloop.testrun.inside.boot import _ECOSYSTEM
from fixloop.types import EnvironmentProblem

__all__ = [
    "declared_packages",
    "import_problem",
    "outside_imports",
    "package_roots",
    "top_level_packages",
]

#: Names of pytest's ecosystem, which the gate's runs take only from outside the tree
#: (``inside/boot.py``'s import guard; the probe asks behind the same guard).
_RUNNER_NAMES = frozenset(_ECOSYSTEM)

#: Folder names that hold tests or tooling, never the project's importable code.
_NOT_CODE = {"tests", "test", "testing", "docs", "doc", "examples", "benchmarks", "scripts"}


def _pyproject(root: Path) -> dict[str, Any]:
    try:
        with open(root / "pyproject.toml", "rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError):
        return {}


def _setup_cfg_package_dir(root: Path) -> dict[str, str]:
    cp = configparser.ConfigParser()
    try:
        cp.read(root / "setup.cfg", encoding="utf-8")
        text = cp.get("options", "package_dir", fallback="")
    except (configparser.Error, OSError, UnicodeDecodeError):
        return {}
    out: dict[str, str] = {}
    for line in text.replace(",", "\n").splitlines():
        if "=" in line:
            name, _, folder = line.partition("=")
            out[name.strip()] = folder.strip()
    return out


def _inside(root: Path, rel: str) -> Path | None:
    rel = str(rel).strip().strip("/")
    if not rel or rel == ".":
        return root
    p = Path(os.path.normpath(root / rel))
    return p if p == root or p.is_relative_to(root) else None


def declared_packages(root: Path) -> dict[str, Path]:
    """Package names the project maps to a folder of another name or place (``package-dir``).

    Returns:
        ``{import name: folder}`` from setuptools' ``package-dir`` (pyproject.toml or setup.cfg)
        for entries other than the root mapping ``""``; folders inside ``root`` only.
    """
    data = _pyproject(root)
    tool = data.get("tool", {}) if isinstance(data.get("tool"), dict) else {}
    st = tool.get("setuptools", {}) if isinstance(tool.get("setuptools"), dict) else {}
    declared = st.get("package-dir")
    mapping = {**_setup_cfg_package_dir(root), **(declared if isinstance(declared, dict) else {})}
    out: dict[str, Path] = {}
    for name, folder in mapping.items():
        if name and isinstance(folder, str) and "." not in name:
            p = _inside(root, folder)
            if p is not None:
                out[name] = p
    return out


def package_roots(root: Path) -> list[str]:
    """The folders of ``root`` to put first on ``sys.path``, relative POSIX paths, in order.

    Returns:
        e.g. ``["src"]`` for a src layout; ``[]`` when the code sits at the root (which the
        runner puts on ``sys.path`` anyway). Only existing folders inside ``root``.
    """
    root = Path(root)
    found: list[Path] = []
    data = _pyproject(root)
    tool = data.get("tool", {}) if isinstance(data.get("tool"), dict) else {}
    st = tool.get("setuptools", {}) if isinstance(tool.get("setuptools"), dict) else {}
    pkgs = st.get("packages")
    if isinstance(pkgs, dict) and isinstance(pkgs.get("find"), dict):
        where = pkgs["find"].get("where", [])
        for w in [where] if isinstance(where, str) else where if isinstance(where, list) else []:
            if isinstance(w, str) and (p := _inside(root, w)) is not None:
                found.append(p)
    declared = st.get("package-dir")
    mapping = {**_setup_cfg_package_dir(root), **(declared if isinstance(declared, dict) else {})}
    for name, folder in mapping.items():
        if not isinstance(folder, str) or (p := _inside(root, folder)) is None:
            continue
        if name == "":
            found.append(p)
        elif "." not in name and p.name == name:
            found.append(p.parent)  # a folder named like its package: its parent is a root
    hatch = tool.get("hatch", {}) if isinstance(tool.get("hatch"), dict) else {}
    wheel = hatch.get("build", {}).get("targets", {}).get("wheel", {}) if hatch else {}
    for pkg in wheel.get("packages", []) if isinstance(wheel, dict) else []:
        if isinstance(pkg, str) and (p := _inside(root, pkg)) is not None:
            found.append(p.parent)
    poetry = tool.get("poetry", {}) if isinstance(tool.get("poetry"), dict) else {}
    for entry in poetry.get("packages", []) if isinstance(poetry.get("packages"), list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("from"), str):
            if (p := _inside(root, entry["from"])) is not None:
                found.append(p)
    src = root / "src"
    if src.is_dir() and any(top_level_packages(src)):
        found.append(src)
    out: list[str] = []
    for p in found:
        rel = p.relative_to(root).as_posix() if p != root else ""
        if rel and p.is_dir() and rel not in out:
            out.append(rel)
    return out


def _is_dir(entry: os.DirEntry) -> bool:
    """``entry.is_dir()``, False when it cannot be told.

    A symbolic link loop raises ELOOP (newcomer F36: a committed ``loop1 -> loop2 -> loop1``
    ended every run and the doctor with 'internal error: OSError: [Errno 40] Too many levels of
    symbolic links').
    """
    try:
        return entry.is_dir()
    except OSError:
        return False


def top_level_packages(folder: Path) -> list[str]:
    """Importable top-level names directly in ``folder``, sorted.

    Packages (a folder with ``__init__.py``) and modules; test and set-up modules left out.
    """
    out: list[str] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return out
    for e in entries:
        name = e.name
        if name.startswith((".", "_")) or name in _NOT_CODE:
            continue
        if (
            _is_dir(e)
            and name.isidentifier()
            and os.path.isfile(os.path.join(e.path, "__init__.py"))
        ):
            out.append(name)
        elif name.endswith(".py") and name[:-3].isidentifier():
            stem = name[:-3]
            if not stem.startswith("test") and stem not in ("setup", "conftest", "noxfile"):
                out.append(stem)
    return out


def outside_imports(origins: dict[str, str | None], root: Path) -> list[str]:
    """The names of ``origins`` that do not import from ``root``, each with where they do.

    Args:
        origins: ``{name: file or folder the interpreter would load it from, or None}`` as the
            runner's import probe reports it.
        root: the run's tree (realpath).

    Returns:
        Lines such as ``"tally: from /home/me/app/src/tally/__init__.py"`` or
        ``"tally: not importable"``; empty when every name imports from ``root``.
    """
    out: list[str] = []
    base = os.path.realpath(root)
    for name, where in origins.items():
        if where is None:
            out.append(f"{name}: not importable")
        elif not (os.path.realpath(where) + os.sep).startswith(base + os.sep):
            out.append(f"{name}: from {where}")
    return out


def import_problem(runner: Any) -> EnvironmentProblem | None:
    """The project's packages do not import from the run's tree: why, and what to change.

    Asks ``runner`` (a :class:`fixloop.testrun.TestRunner`) where, inside the sandbox, each of
    its project's top-level packages would import from (``project_packages``,
    ``import_origins``); a name that resolves outside the run's tree, or not at all although
    the tree holds it, means the tests would not run the code the model edits (an editable
    install of the user's checkout, a ``package-dir`` folder named unlike its package, an
    installed copy that wins over the tree). The probe asks behind the pristine run's import
    guard for pytest's ecosystem, so a project that provides one of its names (pluggy's own
    repository) is told that the gate never imports the tree's copy.

    Returns:
        an :class:`~fixloop.types.EnvironmentProblem` of kind ``import_outside``, or None when
        every name imports from the run's tree (or the probe could not run: the baseline
        doctor then speaks for itself).
    """
    names = runner.project_packages()
    origins = runner.import_origins(names) if names else {}
    bad = outside_imports(origins, runner.root)
    if not bad:
        return None
    machinery = [n for n in origins if n in _RUNNER_NAMES and f"{n}: " in "\n".join(bad)]
    if machinery:
        return EnvironmentProblem(
            kind="import_outside",
            cause=f"the project provides {', '.join(machinery)}, part of the test runner: the "
            "gate's runs always import the interpreter's own copy "
            f"({'; '.join(b for b in bad if b.split(':')[0] in machinery)}), so the tests "
            "would never run the code the model edits",
            fix="fixloop cannot verify changes to pytest's own machinery (pytest, pluggy, "
            "iniconfig, packaging...): test such a project with its own tox/nox set-up",
        )
    return EnvironmentProblem(
        kind="import_outside",
        cause=f"the project's code would not be imported from the run's tree {runner.root} "
        f"with {runner.python}: " + "; ".join(bad[:3]),
        fix="make each package importable from a folder named like it (a src/ layout, or "
        "pytest's `pythonpath`), or set `python` to an interpreter whose install of the "
        "project does not point elsewhere",
    )


def import_origins(runner: Any, names: Sequence[str]) -> dict[str, str | None]:
    """Where the project's interpreter, in the sandbox, would import each of ``names`` from.

    ``runner`` is a :class:`fixloop.testrun.TestRunner` (its sandbox, interpreter, payload,
    package roots and environment). ``sys.path`` is set up as for a test run (package roots,
    then the root); each name is found with ``importlib.util.find_spec`` (nothing of the
    project is executed).

    Returns:
        ``{name: file or folder, or None when not importable}``; ``{}`` when the probe
        itself failed (its output is then in the log folder) or for a container sandbox.
    """
    if not names or not runner.sandbox.host_python:
        return {}
    run_dir = runner._new_run_dir()
    io_dir = run_dir / "io"
    cfg = {
        "mode": "where",
        "root": str(runner.root),
        "paths": runner.package_dirs,
        "names": list(names),
        "where": str(io_dir / "where.json"),
        "progress": None,
    }
    runner.sandbox.run(
        [runner.python, "-s", "-c", runner._payload, json.dumps(cfg)],
        cwd=runner.root,
        limits=runner.limits,
        rw_paths=[io_dir],
        env={k: v for k, v in runner.env.items() if not k.startswith("PYTHON")},
        log_path=run_dir / "where.log",
    )
    try:
        data = json.loads((io_dir / "where.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): (str(v) if v is not None else None) for k, v in data.items()}
