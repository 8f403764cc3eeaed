"""A tiny pytest plugin, run inside the sandbox, that records test progress as JSON lines.

The test runner passes this module's source to the sandboxed interpreter (it is not imported
from the fixloop package there) and hands the module to ``pytest.main(plugins=[...])``. Each
line of the progress file is one JSON object:

- ``{"e": "start", "id": NODEID}`` when a test starts;
- ``{"e": "report", "id": NODEID, "when": "setup"|"call"|"teardown", "outcome": ..., "msg": ...}``
  for every call phase and every phase that did not pass;
- ``{"e": "collect_error", "id": NODEID}`` for a collector that failed.
- ``{"e": "finish", "rc": EXITSTATUS}`` when the session ends (``pytest_sessionfinish``).

When the run is killed on timeout, the JUnit XML report is never written; this file still says
which tests failed so far and which test was running when time ran out.

Every line also goes, at once, to the descriptor ``fd`` when the harness passed one (an
inherited pipe it drains while the tests run): the stream the code under test cannot rewrite
after the fact, which the harness compares with the JUnit file and the exit code. Stdlib only.
"""

from __future__ import annotations

import json
import os

_state: dict = {"path": None, "fh": None, "fd": None}


def configure(path: str | None, fd: int | None = None) -> None:
    """Set the progress file (append mode, line-buffered) and the stream descriptor.

    None disables each.
    """
    _state["path"] = path
    _state["fh"] = None
    _state["fd"] = fd


def _write(obj: dict) -> None:
    fd = _state["fd"]
    if fd is not None:
        try:
            os.write(fd, (json.dumps(obj) + "\n").encode("utf-8"))  # one write: one line
        except OSError:
            _state["fd"] = None
    path = _state["path"]
    if not path:
        return
    fh = _state["fh"]
    try:
        if fh is None:
            fh = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115
            _state["fh"] = fh
        fh.write(json.dumps(obj) + "\n")
    except OSError:
        _state["path"] = None


def _crash_message(report: object) -> str:
    longrepr = getattr(report, "longrepr", None)
    crash = getattr(longrepr, "reprcrash", None)
    msg = getattr(crash, "message", None)
    if msg is None:
        msg = str(longrepr) if longrepr is not None else ""
    return msg.strip().splitlines()[0][:300] if msg.strip() else ""


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    """Hook of pytest: a test starts."""
    _write({"e": "start", "id": nodeid})


def pytest_runtest_logreport(report: object) -> None:
    """Hook of pytest: one phase of a test ended."""
    when = getattr(report, "when", "")
    outcome = getattr(report, "outcome", "")
    if when == "call" or outcome != "passed":
        entry = {"e": "report", "id": getattr(report, "nodeid", ""), "when": when}
        entry["outcome"] = outcome
        if outcome == "failed":
            entry["msg"] = _crash_message(report)
        _write(entry)


def pytest_collectreport(report: object) -> None:
    """Hook of pytest: a collector ended; failed collectors are recorded."""
    if getattr(report, "outcome", "") == "failed":
        _write({"e": "collect_error", "id": getattr(report, "nodeid", "")})


def pytest_sessionfinish(session: object, exitstatus: object) -> None:
    """Pytest hook: the session ended with ``exitstatus``."""
    _write({"e": "finish", "rc": int(exitstatus)})  # type: ignore[call-overload]
