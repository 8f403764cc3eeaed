"""The repair engine's scratch copy and traced run: what :mod:`.localize` ranks lines from.

:meth:`fixloop.repair.engine.RepairEngine.analyze` copies the workspace into the scratch folder
(:func:`scratch_copy`: never the user's checkout, so coverage comes from the run tree), runs
the traced run through the warm server (:func:`traced_spectrum`, its limits and its selection
of tests sized by :mod:`.budgets`) and reads the sources the spectrum names
(:func:`read_sources`).
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from typing import Any

from fixloop.repair.budgets import near_limit, trace_limits, trace_selection
from fixloop.repair.localize import traceback_locations
from fixloop.repair.port import RepairPort
from fixloop.repair.screen import WarmScreener
from fixloop.workspace import is_test_file as is_test_path

#: What the scratch copy leaves out of the workspace (caches, VCS, virtualenvs).
IGNORE = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    "*.pyc",
    ".venv",
    "venv",
    ".tox",
    "node_modules",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".fixloop",
)


def make_writable(top: Path) -> None:
    """Give the owner write access in the scratch copy.

    The screening server rewrites files there, and inside the sandbox no capability overrides a
    read-only mode.
    """
    for dirpath, dirnames, filenames in os.walk(top):
        for name in [*dirnames, *filenames]:
            p = Path(dirpath) / name
            if p.is_symlink():
                continue
            mode = p.stat().st_mode
            want = mode | stat.S_IWUSR | stat.S_IRUSR | (stat.S_IXUSR if p.is_dir() else 0)
            if want != mode:
                p.chmod(want)


def scratch_copy(root: Path, work: Path) -> None:
    """Copy the workspace ``root`` to ``work`` (replaced if present), writable, without caches.

    Raises:
        OSError: the copy could not be made.
    """
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(root, work, ignore=IGNORE, symlinks=True)
    make_writable(work)


def traced_spectrum(port: RepairPort, screener: WarmScreener, notes: list[str]) -> dict[str, Any]:
    """The traced run's spectrum, its limits and selection derived from the port.

    :meth:`WarmScreener.localize` runs it; :func:`.budgets.trace_limits` and
    :func:`.budgets.trace_selection` size it. A traced run that wrote no result (killed at its
    wall-clock limit, crashed) does not end the analysis: the spectrum has no tests, a note
    says why, and localization falls back on the baseline's failing ids and tracebacks (their
    files are listed as ``import_lines``, so their sources are read).

    Args:
        port: the run's port.
        screener: the warm server over the scratch copy.
        notes: human notes, appended to (selection, early stop, fallback).

    Returns:
        the spectrum dict (:meth:`WarmScreener.localize`).
    """
    wall, per_test = trace_limits(port)
    near = trace_selection(port)
    suspects = sorted({f for f, _ in traceback_locations(port.baseline_output, port.root)})
    try:
        spectrum = screener.localize(
            wall_s=wall,
            per_test_s=per_test,
            failing=port.baseline_failing,
            near=near,
            suspects=suspects,
            budget_s=port.budget.trace_s if near is not None else None,
            near_limit_s=near_limit(port) if near is not None else None,
        )
    except RuntimeError as e:
        notes.append(
            "the traced run wrote no result; localized from the baseline's tracebacks only: "
            + str(e).splitlines()[0][:200]
        )
        locs = traceback_locations(port.baseline_output, port.root)
        return {"tests": {}, "seconds": port.baseline_seconds, "import_lines": locs}
    if spectrum.get("selected"):
        notes.append(
            f"traced {len(spectrum['selected'])} tests near the failing ones "
            f"({spectrum.get('dropped', 0)} left out)"
        )
    if spectrum.get("cut"):
        notes.append(f"{len(spectrum['cut'])} slow neighbour tests stopped and left out")
    if spectrum.get("stopped"):
        notes.append(f"the traced run stopped starting tests: {spectrum['stopped']}")
    return spectrum


def read_sources(work: Path, spectrum: dict[str, Any]) -> dict[str, str]:
    """The project sources (test files left out) the spectrum names, by relative path."""
    files: set[str] = set()
    for d in spectrum.get("tests", {}).values():
        files.update(f for f, _ in d.get("lines", []))
    files.update(f for f, _ in spectrum.get("import_lines", []))
    out: dict[str, str] = {}
    for rel in sorted(files):
        p = work / rel
        if is_test_path(rel) or not p.is_file():
            continue
        try:
            out[rel] = p.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return out


def without_tests(spectrum: dict[str, Any], drop: list[str]) -> dict[str, Any]:
    """A copy of ``spectrum`` without the tests ``drop`` names (nor their ``hung`` entries).

    With ``--target`` the failing tests no target covers are neither failing nor passing
    evidence for localization: their lines must not become suspects, and they did not pass.

    Args:
        spectrum: the traced run's spectrum (:meth:`WarmScreener.localize`).
        drop: node ids to leave out.

    Returns:
        a new dict (``spectrum`` itself when ``drop`` is empty); the other keys shared.
    """
    if not drop:
        return spectrum
    gone = set(drop)
    out = dict(spectrum)
    out["tests"] = {t: d for t, d in spectrum.get("tests", {}).items() if t not in gone}
    out["hung"] = [t for t in spectrum.get("hung", []) if t not in gone]
    return out
