"""A tiny pytest plugin, run inside the sandbox, that records test progress as JSON lines.

The test runner passes this module's source to the sandboxed interpreter (it is not imported
from the fixloop package there) and hands the module to ``pytest.main(plugins=[...])``. Each
line of the progress file is one JSON object:

- ``{"e": "start", "id": NODEID}`` when a test starts;
- ``{"e": "report", "id": NODEID, "when": "setup"|"call"|"teardown", "outcome": ..., "msg": ...}``
  for every call phase and every phase that did not pass;
- ``{"e": "collect_error", "id": NODEID}`` for a collector that failed.
- ``{"e": "report", "id": NODEID, "when": "collect", "outcome": "skipped"}`` for a collector
  that skipped (a module-level ``pytest.skip(allow_module_level=True)`` or
  ``pytest.importorskip``): pytest's JUnit writer records such a collector as one skipped
  test case, so the stream must count it too or the two never agree;
- ``{"e": "finish", "rc": EXITSTATUS}`` when the session ends (``pytest_sessionfinish``).

When the run is killed on timeout, the JUnit XML report is never written; this file still says
which tests failed so far and which test was running when time ran out.

The per-test limit (:class:`TestTimer`, ``configure(..., per_test_s=...)``): a test that runs
longer than the limit is stopped alone, as a failure, and the rest of the suite still runs and
reports; its ``report`` line then carries ``"timeout": LIMIT``. The repair engine's screening
server and traced run use the same :class:`TestTimer` (a copy of this file beside them).

Every line also goes, at once, to the descriptor ``fd`` when the harness passed one (an
inherited pipe it drains while the tests run): the stream the code under test cannot rewrite
after the fact, which the harness compares with the JUnit file and the exit code. Stdlib only.
"""

from __future__ import annotations

import json
import os
import signal
import time

_state: dict = {"path": None, "fh": None, "fd": None, "timer": None}


def configure(path: str | None, fd: int | None = None, per_test_s: float | None = None) -> None:
    """Set the progress file (append mode, line-buffered), the stream descriptor, the per-test limit.

    None disables each (``per_test_s``: seconds one test may take, see :class:`TestTimer`).
    """
    close()
    _state["path"] = path
    _state["fd"] = fd
    _state["timer"] = TestTimer(per_test_s) if per_test_s else None


#: pytest-xdist's options that send the tests to worker processes, and the values that keep
#: them in this one: ``numprocesses`` 0 is xdist's own "no workers" (3.x then also sets
#: ``dist = "no"`` and ``tx = []``, overriding ``--dist``, ``-d``/``--tx``, ``--maxprocesses``);
#: the others are set too for older releases, and ``looponfail`` (``-f``) re-runs in a child.
IN_PROCESS_OPTIONS: dict = {
    "numprocesses": 0,
    "maxprocesses": None,
    "dist": "no",
    "distload": False,
    "tx": [],
    "looponfail": False,
}


def in_process(hookimpl: object) -> object:
    """A plugin that keeps the tests in this process when pytest-xdist would start workers.

    pytest-xdist (``-n auto`` is common in a project's ``addopts``) runs the tests in worker
    interpreters that execnet starts: fixloop's audit hook, globals watch, import guard and
    record live in this process only, so the gate's and the baseline's runs must run here
    (red-team G9). ``-p no:xdist`` cannot be used while ``addopts`` carry ``-n`` (pytest: an
    unknown argument), so the options are set back instead, in a wrapper of
    ``pytest_cmdline_main`` that runs before xdist's own (which turns ``-n N`` into ``tx``).
    Nothing changes when xdist is not loaded (its ``numprocesses`` and ``tx`` options absent).
    The run is serial: it costs what the workers saved.

    Args:
        hookimpl: ``pytest.hookimpl`` of the running pytest (this module imports no pytest).

    Returns:
        the plugin object, for ``pytest.main(plugins=[...])``.
    """
    mark = hookimpl(hookwrapper=True)  # type: ignore[operator]

    class InProcess:
        @mark
        def pytest_cmdline_main(self, config: object):  # type: ignore[no-untyped-def]
            opt = getattr(config, "option", None)
            if hasattr(opt, "numprocesses") and hasattr(opt, "tx"):
                for name, value in IN_PROCESS_OPTIONS.items():
                    if hasattr(opt, name):
                        setattr(opt, name, list(value) if isinstance(value, list) else value)
            yield

    return InProcess()


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


def close() -> None:
    """Close the progress file, if open (a later line opens it again, in append mode).

    Called at ``pytest_unconfigure`` and by the bootstrap when the run ends, so the handle is
    never left to the interpreter's exit: an unclosed file is a ``ResourceWarning`` there, which
    ``-W error::ResourceWarning``, ``PYTHONWARNINGS`` or ``PYTHONDEVMODE`` print into the run's
    output.
    """
    fh, _state["fh"] = _state["fh"], None
    if fh is not None:
        try:
            fh.close()
        except OSError:
            pass


def _crash_message(report: object) -> str:
    longrepr = getattr(report, "longrepr", None)
    crash = getattr(longrepr, "reprcrash", None)
    msg = getattr(crash, "message", None)
    if msg is None:
        msg = str(longrepr) if longrepr is not None else ""
    return msg.strip().splitlines()[0][:300] if msg.strip() else ""


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    """Hook of pytest: a test starts (its per-test clock starts too)."""
    _write({"e": "start", "id": nodeid})
    timer = _state["timer"]
    if timer is not None:
        timer.pytest_runtest_logstart(nodeid, location)


def pytest_runtest_makereport(item: object, call: object) -> None:
    """Hook of pytest: one phase ran; a phase the per-test limit stopped is noted."""
    timer = _state["timer"]
    if timer is not None:
        timer.pytest_runtest_makereport(item, call)


def pytest_runtest_logfinish(nodeid: str, location: object) -> None:
    """Hook of pytest: a test ended (its per-test clock stops)."""
    timer = _state["timer"]
    if timer is not None:
        timer.pytest_runtest_logfinish(nodeid, location)


def pytest_runtest_logreport(report: object) -> None:
    """Hook of pytest: one phase of a test ended."""
    when = getattr(report, "when", "")
    outcome = getattr(report, "outcome", "")
    if when == "call" or outcome != "passed":
        nodeid = getattr(report, "nodeid", "")
        entry = {"e": "report", "id": nodeid, "when": when}
        entry["outcome"] = outcome
        if outcome == "failed":
            entry["msg"] = _crash_message(report)
            timer = _state["timer"]
            if timer is not None and nodeid in timer.hung:
                entry["timeout"] = timer.limit
        _write(entry)


def pytest_collectreport(report: object) -> None:
    """Hook of pytest: a collector ended; failed and skipped collectors are recorded.

    The same collectors pytest's JUnit writer records (``_pytest.junitxml``,
    ``LogXML.pytest_collectreport``: every report that did not pass): a failed one as a
    collection error, a skipped one as a skipped case.
    """
    outcome = getattr(report, "outcome", "")
    nodeid = getattr(report, "nodeid", "")
    if outcome == "failed":
        _write({"e": "collect_error", "id": nodeid})
    elif outcome == "skipped":
        _write({"e": "report", "id": nodeid, "when": "collect", "outcome": "skipped"})


def pytest_sessionfinish(session: object, exitstatus: object) -> None:
    """Pytest hook: the session ended with ``exitstatus``."""
    _write({"e": "finish", "rc": int(exitstatus)})  # type: ignore[call-overload]


def pytest_unconfigure(config: object) -> None:
    """Pytest hook: the run is over; the progress file is closed (see :func:`close`)."""
    close()


# --------------------------------------------------------------------------------------------
# The per-test limit
# --------------------------------------------------------------------------------------------


class PerTestTimeout(BaseException):
    """Raised inside a test that ran past the per-test limit.

    A :class:`BaseException`, as pytest's own ``Failed`` is: an ``except Exception`` in the code
    under test cannot swallow it. pytest reports the phase it ended as failed.
    """


class TestTimer:
    """A pytest plugin: a test that runs past ``limit_s`` seconds is stopped alone, as a failure.

    The clock starts when the test starts (``pytest_runtest_logstart``: setup, call and teardown
    share the limit) and stops when it ends (``pytest_runtest_logfinish``). At the limit a
    ``SIGALRM`` (``signal.setitimer(ITIMER_REAL)``, wall-clock time) raises
    :class:`PerTestTimeout` in the main thread, where pytest runs the test; pytest records the
    phase as failed and goes on with the next test, so the rest of the suite still reports. The
    same mechanism as pytest-timeout's ``signal`` method (https://github.com/pytest-dev/pytest-timeout),
    without the dependency (the project's interpreter need not have it).

    If the test swallows the exception (a bare ``except:`` in a loop), it is raised again every
    ``grace_s`` seconds; a phase that ended because of the limit gives the remaining phases
    (teardown) one more full limit. Not covered, left to the run's own wall-clock limit: code
    that blocks in C without returning to the interpreter, code that installs its own
    ``SIGALRM`` handler or timer, tests run outside the main thread (where no Python signal
    handler can be set, the timer stays off).

    Args:
        limit_s: seconds one test may take (wall clock); 0 or less disables the timer.
        grace_s: seconds between repeated raises while the test keeps running.

    Attributes:
        hung: node ids of the tests the limit stopped, in order.
    """

    __test__ = False  # not a pytest test class

    def __init__(self, limit_s: float, grace_s: float = 1.0) -> None:
        self.limit = float(limit_s)
        self.grace = float(grace_s)
        self.hung: list[str] = []
        self.current = ""
        self.fired = 0
        self._prev: object = None
        self._armed = False
        self._t0 = 0.0

    def _set(self, seconds: float) -> None:
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.0))

    def _on_alarm(self, signum: int, frame: object) -> None:
        self.fired += 1
        if self.current and self.current not in self.hung:
            self.hung.append(self.current)
        self._set(self.grace)  # again, should the test swallow this one
        raise PerTestTimeout(
            f"the test ran longer than fixloop's per-test limit of {self.limit:g} s "
            f"({time.monotonic() - self._t0:.1f} s) and was stopped; the other tests still ran"
        )

    def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
        """Start the test's clock."""
        if self.limit <= 0 or not hasattr(signal, "setitimer"):
            return
        try:
            self._prev = signal.signal(signal.SIGALRM, self._on_alarm)
        except (ValueError, OSError):  # not the main thread: no Python signal handler here
            return
        self.current, self.fired, self._armed = nodeid, 0, True
        self._t0 = time.monotonic()
        self._set(self.limit)

    def pytest_runtest_makereport(self, item: object, call: object) -> None:
        """After a phase the limit stopped: one more full limit for the phases still to run."""
        if self._armed and self.fired:
            self.fired = 0
            self._set(0 if getattr(call, "when", "") == "teardown" else self.limit)

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        """Stop the test's clock and put the previous ``SIGALRM`` handler back."""
        if not self._armed:
            return
        self._set(0)
        self._armed, self.current = False, ""
        try:
            signal.signal(signal.SIGALRM, self._prev)  # type: ignore[arg-type]
        except (ValueError, OSError, TypeError):
            pass
