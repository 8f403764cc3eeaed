"""The harness side of a run's record: what the tests used, and what pytest loaded by itself.

:mod:`fixloop.testrun.inside.recorder` runs in the sandboxed test process (an audit hook on
``open`` events and a pytest plugin). This module makes its configuration
(:func:`record_config`), turns what it wrote into a :class:`fixloop.types.RunRecord`
(:func:`read_record`), and gives the gate's argument and environment additions that pin the
plugins the baseline loaded (:func:`plugin_pins`).

Baseline (``mode="baseline"``): the collected test and doctest modules, the repository files the
tests read or imported directly (the first repository frame on the stack is a collected test
module, a ``conftest.py`` or test code by :func:`fixloop.workspace.is_test_file`), the
``pytest11`` plugins loaded, and the top-level names the interpreter provides. Gate
(``mode="gate"``): the repository files loaded with no repository code on the stack before the
first test ran, sent over the run's stream as they happen (a module cannot take back the line
that announced it) and also written to the record file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fixloop.testrun.resultfile import read_result_file
from fixloop.types import RunRecord
from fixloop.workspace import is_test_file

__all__ = ["RECORD_FILE", "plugin_pins", "read_record", "record_config"]

#: The record file's name in the run's io folder.
RECORD_FILE = "record.json"

#: Most bytes read from the record file.
MAX_RECORD_BYTES = 16 * 1024 * 1024

#: Most Python modules a record keeps as "imported directly by the tests".
MAX_TEST_IMPORTS = 500


def record_config(mode: str, root: Path, io_dir: Path, fd: int | None) -> dict[str, Any]:
    """The recorder's configuration (``cfg["record"]`` of the bootstrap).

    Args:
        mode: ``"baseline"`` or ``"gate"``.
        root: the tree the tests run in (a real path).
        io_dir: the run's io folder (the record file goes there).
        fd: the stream descriptor the gate's autoload lines go to, or None.

    Raises:
        ValueError: an unknown mode.
    """
    if mode not in ("baseline", "gate"):
        raise ValueError(f"unknown record mode {mode!r}")
    return {"mode": mode, "root": str(root), "out": str(io_dir / RECORD_FILE), "fd": fd}


def plugin_pins(plugins: Sequence[tuple[str, str]]) -> list[str]:
    """The pytest arguments that load each recorded entry-point plugin by name (``-p NAME``).

    Used with ``PYTEST_DISABLE_PLUGIN_AUTOLOAD=1``: pytest (8.4 and later) then loads exactly
    the ``pytest11`` entry points of these names (``PytestPluginManager.import_plugin`` with
    ``consider_entry_points``), so a distribution the tree adds loads nothing new.
    """
    out: list[str] = []
    seen: set[str] = set()
    for name, _module in plugins:
        if name and not name.startswith("-") and name not in seen:
            seen.add(name)
            out += ["-p", name]
    return out


def subset_args(plugins: Sequence[tuple[str, str]] | None) -> list[str]:
    """Extra pytest arguments for a run of some tests, not the whole suite.

    A coverage threshold (coverage's ``fail_under``, pytest-cov's ``--cov-fail-under``) is about
    the whole suite: on a few tests pytest-cov turns all-passed into exit 1 ("FAIL Required test
    coverage of 100.0% not reached"; portalocker 2.10.1 has ``--cov`` in ``addopts`` and
    ``fail_under = 100``), so a right fix failed the gate's repeat runs of the failing tests.
    With pytest-cov among ``plugins`` (``(entry-point name, module)``, the baseline's record)
    this is ``["--no-cov"]``, pytest-cov's own switch; else ``[]``. Runs of the whole suite
    (the baseline, the gate's full run) keep the project's coverage settings.
    """
    if any(str(mod).split(".")[0] == "pytest_cov" for _, mod in plugins or ()):
        return ["--no-cov"]
    return []


def _reader_is_test(reader: str, tests: set[str]) -> bool:
    return bool(reader) and (
        reader in tests or reader.rsplit("/", 1)[-1] == "conftest.py" or is_test_file(reader)
    )


def read_record(io_dir: Path, stream: Sequence[dict] | None, mode: str) -> RunRecord:
    """The :class:`RunRecord` of one run from its record file and stream lines.

    Args:
        io_dir: the run's io folder.
        stream: the run's streamed records (``{"e": "autoload", ...}`` lines), or None.
        mode: the mode the run recorded in.

    Returns:
        the record; empty lists when the file is missing or unreadable (a run that crashed
        early records nothing, and its report already says it failed).
    """
    raw = read_result_file(io_dir / RECORD_FILE, cap=MAX_RECORD_BYTES) or b""
    try:
        data = json.loads(raw.decode("utf-8", "replace")) if raw else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    autoload: dict[str, str] = {}
    for line in stream or ():
        if line.get("e") == "autoload" and isinstance(line.get("path"), str):
            autoload.setdefault(line["path"], str(line.get("during") or ""))
    found = data.get("autoload")
    if isinstance(found, dict):
        for k, v in found.items():
            autoload.setdefault(str(k), str(v or ""))
    rec = RunRecord(autoloaded=sorted(autoload.items()))
    rec.plugin_modules = sorted({str(m) for m in data.get("plugin_modules") or ()})
    if mode != "baseline":
        return rec
    rec.test_modules = [str(m) for m in data.get("test_modules") or ()]
    rec.doctest_modules = [str(m) for m in data.get("doctest_modules") or ()]
    rec.plugins = [
        (str(p[0]), str(p[1])) for p in data.get("plugins") or () if isinstance(p, list) and p
    ]
    rec.provided_names = [str(n) for n in data.get("provided_names") or ()]
    swaps = data.get("swaps")
    if isinstance(swaps, list):
        rec.swaps = [
            (str(s[0]), str(s[1]), str(s[2])) for s in swaps if isinstance(s, list) and len(s) == 3
        ]
    tests = set(rec.test_modules) | set(rec.plugin_modules)  # a plugin module reads as a conftest
    data_read: dict[str, bool] = {}
    imports: dict[str, bool] = {}
    for pair in data.get("pairs") or ():
        if not (isinstance(pair, list) and len(pair) == 2):
            continue
        target, reader = str(pair[0]), str(pair[1])
        if not _reader_is_test(reader, tests) or target in tests or is_test_file(target):
            continue
        if os.path.basename(target) == "__init__.py":
            continue  # a package on the way to a module, not something the test chose
        if target.endswith((".py", ".pyw")):
            if len(imports) < MAX_TEST_IMPORTS:
                imports.setdefault(target, True)
        else:
            data_read.setdefault(target, True)
    rec.data_read = sorted(data_read)
    rec.data_written = sorted({str(w) for w in data.get("written") or ()})
    rec.test_imports = sorted(imports)
    return rec
