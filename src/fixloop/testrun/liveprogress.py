"""What the test runs in progress have done so far, for the terminal's spinner line.

A baseline of a suite with hanging tests can run for many minutes (filelock 3.16.1: 840 s) while
the spinner said only "baseline: running the whole suite … 840s". Each sandboxed run writes a
progress file as it goes (``io/progress.jsonl``, one JSON line per test start and per report,
line-buffered; :mod:`fixloop.testrun.inside.pytest_plugin`, the plain runner the same). The
runner registers the file here while the run lasts (:func:`track`); the display asks
:func:`summary` a few times a second and shows, for the newest run in progress, how many tests
ended, how many failed, and the test that has been running for a while::

    212 tests done, 3 failed · running tests/test_lock.py::test_timeout for 95 s

Only the parent reads these files, incrementally (:class:`ProgressTail`, at most
:data:`READ_CAP` bytes per poll); nothing here decides a verdict.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: Bytes read from one progress file per poll (the rest waits for the next poll).
READ_CAP = 1 << 20
#: Seconds a test must have run before the line names it.
SLOW_S = 5.0
#: Seconds a summary is reused before the file is read again.
REFRESH_S = 0.5

_LOCK = threading.Lock()
_ACTIVE: list[ProgressTail] = []
_CACHE: dict[str, Any] = {"at": -1.0, "text": ""}


class ProgressTail:
    """Reads one run's progress file as it grows.

    Args:
        path: the run's ``progress.jsonl`` (it may not exist yet).

    Attributes:
        done: node ids of the tests that ended (a call report, or a phase that did not pass).
        failed: node ids of those that failed or errored.
        current: the test that started last and has not ended ("" when none).
        current_since: ``time.monotonic()`` when this reader first saw ``current`` start.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0
        self._partial = b""
        self.done: set[str] = set()
        self.failed: set[str] = set()
        self.current = ""
        self.current_since = 0.0

    def poll(self, now: float | None = None) -> None:
        """Read what was appended since the last poll (at most :data:`READ_CAP` bytes)."""
        now = time.monotonic() if now is None else now
        try:
            with open(self.path, "rb") as fh:
                fh.seek(self.offset)
                data = fh.read(READ_CAP)
        except OSError:
            return
        self.offset += len(data)
        *lines, self._partial = (self._partial + data).split(b"\n")
        for raw in lines:
            try:
                rec = json.loads(raw)
            except ValueError:
                continue
            if isinstance(rec, dict):
                self._take(rec, now)

    def _take(self, rec: dict, now: float) -> None:
        kind, nodeid = rec.get("e"), str(rec.get("id", ""))
        if kind == "start":
            self.current, self.current_since = nodeid, now
        elif kind == "report" and (rec.get("when") == "call" or rec.get("outcome") != "passed"):
            if rec.get("when") == "collect":
                return
            self.done.add(nodeid)
            if rec.get("outcome") == "failed":
                self.failed.add(nodeid)
            if nodeid == self.current:
                self.current = ""

    def text(self, now: float | None = None) -> str:
        """``"N tests done, F failed · running ID for S s"``, or "" before anything happened.

        The running test is named only once it has run :data:`SLOW_S` seconds.
        """
        now = time.monotonic() if now is None else now
        parts = []
        if self.done:
            n = len(self.done)
            parts.append(f"{n} test{'s' if n != 1 else ''} done")
            if self.failed:
                parts[-1] += f", {len(self.failed)} failed"
        if self.current and now - self.current_since >= SLOW_S:
            parts.append(f"running {self.current} for {now - self.current_since:.0f} s")
        return " · ".join(parts)


@contextlib.contextmanager
def track(path: Path) -> Iterator[ProgressTail]:
    """Register a run's progress file for :func:`summary` while the ``with`` block lasts."""
    tail = ProgressTail(path)
    with _LOCK:
        _ACTIVE.append(tail)
    try:
        yield tail
    finally:
        with _LOCK:
            if tail in _ACTIVE:
                _ACTIVE.remove(tail)


def summary(now: float | None = None) -> str:
    """The newest run in progress, in one short line (see the module docstring).

    "" when no run is in progress. Reads at most every :data:`REFRESH_S` seconds; thread-safe.
    """
    now = time.monotonic() if now is None else now
    with _LOCK:
        if 0.0 <= now - _CACHE["at"] < REFRESH_S:
            return _CACHE["text"]
        tail = _ACTIVE[-1] if _ACTIVE else None
        text = ""
        if tail is not None:
            tail.poll(now)
            text = tail.text(now)
        _CACHE["at"], _CACHE["text"] = now, text
        return text
