"""The ``localize`` mode of the screening server: per-test line coverage of the project.

One in-process pytest run of the full suite with a ``sys.settrace`` line collector that records,
per test, the project lines it executed (test files excluded), the test's outcome, the project
frames of its failure traceback and the project functions the test called directly.
:mod:`fixloop.repair.localize` turns that spectrum into suspiciousness scores (Ochiai, Abreu et
al. 2007).

Like :mod:`fixloop.repair.screen_server`, this file runs inside the sandbox as a copy
(``fixloop_screen_trace.py`` beside the server) and must stay importable by a bare interpreter
with only pytest installed.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

if __package__:  # on the host, inside the fixloop package
    from fixloop.pathrules import is_test_file as is_test_path
    from fixloop.testrun.inside.pytest_plugin import TestTimer
else:  # the copy in the sandbox: pathrules.py and the pytest plugin are copied beside it
    from fixloop_screen_pathrules import (  # type: ignore[import-not-found,no-redef]
        is_test_file as is_test_path,
    )
    from fixloop_screen_plugin import TestTimer  # type: ignore[import-not-found,no-redef]


class _Tracer:
    """pytest plugin: per-test line coverage of project files through ``sys.settrace``."""

    def __init__(self, root: str) -> None:
        self.root = os.path.realpath(root) + os.sep
        self._want: dict[str, str | None] = {}
        self.current: str | None = None
        self.lines: dict[str, set[tuple[str, int]]] = {}
        self.calls: dict[str, set[tuple[str, int, str]]] = {}
        self.import_lines: set[tuple[str, int]] = set()
        self.outcome: dict[str, str] = {}
        self.frames: dict[str, list[tuple[str, int]]] = {}
        self.messages: dict[str, str] = {}
        self.test_lines: dict[str, str] = {}
        self.collect_errors: list[str] = []
        self.seconds: dict[str, float] = {}

    def _rel(self, filename: str) -> str | None:
        r = self._want.get(filename, "?")
        if r != "?":
            return r
        out: str | None = None
        try:
            real = os.path.realpath(filename)
        except (OSError, ValueError):
            real = filename
        if real.startswith(self.root) and real.endswith(".py"):
            rel = real[len(self.root) :].replace(os.sep, "/")
            bad = ("site-packages/", ".venv/", "venv/", ".tox/")
            if not is_test_path(rel) and not any(b in rel for b in bad):
                out = rel
        self._want[filename] = out
        return out

    def _global(self, frame: Any, event: str, arg: Any) -> Any:
        if event != "call":
            return None
        rel = self._rel(frame.f_code.co_filename)
        if rel is None:
            return None
        sink = self.import_lines if self.current is None else self.lines[self.current]
        sink.add((rel, frame.f_lineno))
        if self.current is not None and frame.f_back is not None:
            caller = frame.f_back.f_code.co_filename
            if self._rel(caller) is None and is_test_path(self._relany(caller)):
                self.calls[self.current].add(
                    (rel, frame.f_code.co_firstlineno, frame.f_code.co_name)
                )

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                sink.add((rel, frame.f_lineno))
            return local

        return local

    def _relany(self, filename: str) -> str:
        try:
            real = os.path.realpath(filename)
        except (OSError, ValueError):
            return filename
        if real.startswith(self.root):
            return real[len(self.root) :].replace(os.sep, "/")
        return "/<outside>/" + os.path.basename(real)

    def start(self) -> None:
        sys.settrace(self._global)
        threading.settrace(self._global)

    def stop(self) -> None:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]

    # pytest hooks ------------------------------------------------------------------------

    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Any:
        self.current = item.nodeid
        self.lines.setdefault(item.nodeid, set())
        self.calls.setdefault(item.nodeid, set())
        sys.settrace(self._global)
        threading.settrace(self._global)
        return None

    def pytest_runtest_logfinish(self, nodeid: str, location: Any) -> None:
        self.current = None

    def pytest_runtest_makereport(self, item: Any, call: Any) -> None:
        exc = call.excinfo
        if exc is None or item.nodeid in self.frames:
            return
        frames: list[tuple[str, int]] = []
        test_line = ""
        tb = exc.tb
        while tb is not None:
            filename = tb.tb_frame.f_code.co_filename
            rel = self._rel(filename)
            if rel is not None:
                frames.append((rel, tb.tb_lineno))
            elif is_test_path(self._relany(filename)):
                import linecache

                test_line = linecache.getline(filename, tb.tb_lineno).strip() or test_line
            tb = tb.tb_next
        self.frames[item.nodeid] = frames[::-1]  # innermost first
        self.test_lines[item.nodeid] = test_line[:300]
        try:
            self.messages[item.nodeid] = f"{exc.typename}: {exc.value}"[:300]
        except Exception:  # noqa: BLE001 - a broken __str__ must not break the run
            self.messages[item.nodeid] = exc.typename

    def pytest_runtest_logreport(self, report: Any) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + float(
            getattr(report, "duration", 0.0) or 0.0
        )
        if report.failed:
            self.outcome[report.nodeid] = "failed"
        elif report.when == "call" and report.nodeid not in self.outcome:
            self.outcome[report.nodeid] = "skipped" if report.skipped else "passed"
        elif report.skipped and report.nodeid not in self.outcome:
            self.outcome[report.nodeid] = "skipped"

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            text = str(getattr(report, "longreprtext", "") or report.longrepr)
            self.collect_errors.append(f"{report.nodeid}\n{text[-4000:]}")

    def as_dict(self, code: int, seconds: float) -> dict[str, Any]:
        return {
            "exit": int(code),
            "seconds": seconds,
            "tests": {
                t: {
                    "outcome": self.outcome.get(t, "unknown"),
                    "lines": sorted(self.lines.get(t, ())),
                    "calls": sorted(self.calls.get(t, ())),
                    "frames": self.frames.get(t, []),
                    "message": self.messages.get(t, ""),
                    "test_line": self.test_lines.get(t, ""),
                    "seconds": round(self.seconds.get(t, 0.0), 6),
                }
                for t in self.lines
            },
            "import_lines": sorted(self.import_lines),
            "collect_errors": self.collect_errors,
        }


def server_localize(job: dict[str, Any]) -> None:
    """The ``localize`` job: one traced full-suite run; the spectrum goes to ``job["out"]``."""
    import pytest

    tracer = _Tracer(job["root"])
    plugins: list[Any] = [tracer]
    per_test = float(job.get("per_test_s") or 0)
    timer = TestTimer(per_test) if per_test > 0 else None
    if timer is not None:  # a test that loops forever ends alone; the spectrum still comes
        plugins.append(timer)
    t0 = time.monotonic()
    tracer.start()  # import-time lines of modules imported during collection
    try:
        code = pytest.main(list(job["pytest_args"]), plugins=plugins)
    finally:
        tracer.stop()
    data = tracer.as_dict(int(code), time.monotonic() - t0)
    data["hung"] = list(timer.hung) if timer is not None else []
    Path(job["out"]).write_text(json.dumps(data), encoding="utf-8")
