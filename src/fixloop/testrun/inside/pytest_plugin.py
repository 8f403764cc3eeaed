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

import _thread
import json
import os
import signal
import time
from typing import Any

_state: dict = {"path": None, "fh": None, "fd": None, "timer": None}

#: The real clock, bound when the plugin loads, before any test runs: a test that replaces
#: ``time.monotonic`` in the ``time`` module (freezegun does, process-wide, threads included)
#: must neither trip the per-test limit at once nor stop it from firing (freezegun 1.5.1's
#: suite, realproj4). pytest keeps its own reference the same way (``_pytest.timing``).
_clock = time.monotonic


def configure(path: str | None, fd: int | None = None, per_test_s: float | None = None) -> None:
    """Set the progress file (append mode, line-buffered), the stream descriptor, the per-test limit.

    None disables each (``per_test_s``: seconds one test may take, see :class:`TestTimer`).
    """
    close()
    if _state["timer"] is not None:  # a warm server's earlier run
        _state["timer"].stop()
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


#: pluggy's options of an old-style hook wrapper that runs first (what ``@pytest.hookimpl(
#: hookwrapper=True, tryfirst=True)`` sets; this file cannot import pytest): every key each
#: pluggy version from 0.13 to 1.x reads.
_WRAPPER = {
    "wrapper": False, "hookwrapper": True, "optionalhook": False, "tryfirst": True,
    "trylast": False, "specname": None,
}  # fmt: skip


def _phase() -> Any:
    timer = _state["timer"]
    if timer is None:
        yield
    else:
        yield from timer._phase_wrapper()


def pytest_runtest_setup(item: object) -> Any:
    """Hook wrapper of pytest: the setup phase, under the per-test limit (:class:`TestTimer`)."""
    yield from _phase()


def pytest_runtest_call(item: object) -> Any:
    """Hook wrapper of pytest: the call phase, under the per-test limit."""
    yield from _phase()


def pytest_runtest_teardown(item: object, nextitem: object) -> Any:
    """Hook wrapper of pytest: the teardown phase, under the per-test limit."""
    yield from _phase()


for _wrapper in (pytest_runtest_setup, pytest_runtest_call, pytest_runtest_teardown):
    _wrapper.pytest_impl = dict(_WRAPPER)  # type: ignore[union-attr]
del _wrapper


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
    if _state["timer"] is not None:
        _state["timer"].stop()


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
    share the limit) and stops when it ends (``pytest_runtest_logfinish``). At the limit, while
    one of its phases runs, a watchdog thread (``_thread``, not a ``threading.Thread``) sends
    ``SIGINT`` to the main thread (``signal.pthread_kill``: a real signal, so a blocking
    ``time.sleep`` wakes too); Python's own handler raises ``KeyboardInterrupt`` there, where
    pytest runs the test, and this plugin's hook wrappers around ``pytest_runtest_setup``,
    ``_call`` and ``_teardown`` turn it into :class:`PerTestTimeout`, which pytest records as the
    phase's failure; the rest of the suite still runs and reports.

    Nothing of it shows to the test (red-team F35): no interval timer armed
    (``signal.getitimer``), no ``SIGALRM`` handler, no ``threading`` thread, the ``SIGINT``
    handler the interpreter installs in any ``python -m pytest``. Before, a ``SIGALRM``
    (``setitimer(ITIMER_REAL)``, pytest-timeout's ``signal`` method) did it, and a change that
    answered right only while that timer was armed passed every gate pytest run. That way is
    still the fallback where the watchdog cannot work: ``SIGINT`` not Python's default handler
    (the project installed its own, or the process started with it ignored), no
    ``pthread_kill`` (Windows).

    If the test swallows the exception (a bare ``except:`` in a loop), it is raised again every
    ``grace_s`` seconds; a phase that ended because of the limit gives the remaining phases
    (teardown) one more full limit. Not covered, left to the run's own wall-clock limit: code
    that blocks in C without returning to the interpreter, code that installs its own
    ``SIGINT``/``SIGALRM`` handler while it runs, tests run outside the main thread. Tells
    left: one more OS thread (``/proc/self/task``) while the tests run.

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
        self._armed = ""  # "", "watchdog" or "alarm"
        self._t0 = 0.0
        self._mu = _thread.allocate_lock()  # deadline, phase, fired: shared with the watchdog
        self._wake = _thread.allocate_lock()  # released to wake the watchdog
        self._wake.acquire()
        self._deadline: float | None = None  # monotonic; the watchdog interrupts after it
        self._phase = False  # a runtest phase (setup, call, teardown) runs now
        self._sent = 0  # interrupts sent during the current phase
        self._main = 0
        self._gen = 0  # the watchdog running is the one of this generation...
        self._running = -1  # ...when this equals it

    # -- the watchdog ---------------------------------------------------------------------

    def _poke(self) -> None:
        try:
            self._wake.release()
        except RuntimeError:  # already released: the watchdog has not taken it yet
            pass

    def _watch(self, gen: int) -> None:
        """The watchdog thread's loop: at the deadline, within a phase, SIGINT to the main thread.

        Ends after :data:`IDLE_S` seconds without a test, at ``pytest_unconfigure``, or when
        a newer watchdog (``gen``) took over.
        """
        while True:
            with self._mu:
                if gen != self._gen:
                    return
                deadline = self._deadline if self._phase else None
                if deadline is not None and deadline <= _clock():
                    self._interrupt()
                    continue
            wait = IDLE_S if deadline is None else max(deadline - _clock(), 0.001)
            if not self._wake.acquire(True, wait) and deadline is None:
                with self._mu:
                    if self._deadline is None and gen == self._gen:
                        self._gen += 1  # idle: the next test starts another
                        return

    def _interrupt(self) -> None:
        """Called with ``_mu`` held, at the deadline: note the test, signal the main thread."""
        self.fired += 1
        self._sent += 1
        if self.current and self.current not in self.hung:
            self.hung.append(self.current)
        self._deadline = _clock() + self.grace  # again, should the test swallow it
        try:
            signal.pthread_kill(self._main, signal.SIGINT)
        except (OSError, ValueError):
            self._deadline = None

    def _start_watchdog(self) -> None:
        with self._mu:
            if self._gen == self._running:
                return
            self._running = self._gen
        _thread.start_new_thread(self._watch, (self._running,))

    def _timeout(self) -> PerTestTimeout:
        return PerTestTimeout(
            f"the test ran longer than fixloop's per-test limit of {self.limit:g} s "
            f"({_clock() - self._t0:.1f} s) and was stopped; the other tests still ran"
        )

    def _phase_wrapper(self) -> Any:
        """The body of the hook wrappers: the phase runs; an interrupt of ours becomes a timeout."""
        if self._armed != "watchdog":
            yield
            return
        with self._mu:
            self._phase, self._sent = True, 0
        self._poke()
        outcome = yield
        with self._mu:
            self._phase = False
            sent = self._sent
        if not sent:
            return
        exc = getattr(outcome, "excinfo", None)
        exc = exc[1] if exc else None
        if not isinstance(exc, KeyboardInterrupt):
            exc = _absorb()  # the phase ended as the signal came: it arrives here
        timeout = self._timeout()
        if exc is not None:
            timeout = timeout.with_traceback(exc.__traceback__)
        force = getattr(outcome, "force_exception", None)
        if force is not None:  # pluggy >= 1.1
            force(timeout)
        else:
            outcome._excinfo = (type(timeout), timeout, timeout.__traceback__)

    def pytest_runtest_setup(self, item: object) -> Any:
        """Hook wrapper: the setup phase, under the limit."""
        yield from self._phase_wrapper()

    def pytest_runtest_call(self, item: object) -> Any:
        """Hook wrapper: the call phase, under the limit."""
        yield from self._phase_wrapper()

    def pytest_runtest_teardown(self, item: object, nextitem: object) -> Any:
        """Hook wrapper: the teardown phase, under the limit."""
        yield from self._phase_wrapper()

    pytest_runtest_setup.pytest_impl = dict(_WRAPPER)  # type: ignore[attr-defined]
    pytest_runtest_call.pytest_impl = dict(_WRAPPER)  # type: ignore[attr-defined]
    pytest_runtest_teardown.pytest_impl = dict(_WRAPPER)  # type: ignore[attr-defined]

    # -- the fallback: SIGALRM ------------------------------------------------------------

    def _set(self, seconds: float) -> None:
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.0))

    def _on_alarm(self, signum: int, frame: object) -> None:
        self.fired += 1
        if self.current and self.current not in self.hung:
            self.hung.append(self.current)
        self._set(self.grace)  # again, should the test swallow this one
        raise self._timeout()

    # -- the clock ------------------------------------------------------------------------

    def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
        """Start the test's clock."""
        import threading  # loaded by pytest already

        if self.limit <= 0 or threading.current_thread() is not threading.main_thread():
            return  # not the main thread: no Python signal handler runs here
        self.current, self.fired = nodeid, 0
        self._t0 = _clock()
        sigint = signal.getsignal(signal.SIGINT)
        if hasattr(signal, "pthread_kill") and sigint is signal.default_int_handler:
            self._main = _thread.get_ident()
            with self._mu:
                self._deadline = self._t0 + self.limit
            self._armed = "watchdog"
            self._start_watchdog()
            self._poke()
            return
        if not hasattr(signal, "setitimer"):
            return
        try:
            self._prev = signal.signal(signal.SIGALRM, self._on_alarm)
        except (ValueError, OSError):  # not the main thread: no Python signal handler here
            return
        self._armed = "alarm"
        self._set(self.limit)

    def pytest_runtest_makereport(self, item: object, call: object) -> None:
        """After a phase the limit stopped: one more full limit for the phases still to run."""
        if not (self._armed and self.fired):
            return
        self.fired = 0
        last = getattr(call, "when", "") == "teardown"
        if self._armed == "alarm":
            self._set(0 if last else self.limit)
            return
        with self._mu:
            self._deadline = None if last else _clock() + self.limit

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        """Stop the test's clock (and put the previous ``SIGALRM`` handler back)."""
        armed, self._armed, self.current = self._armed, "", ""
        if armed == "watchdog":
            with self._mu:
                self._deadline = None
        elif armed == "alarm":
            self._set(0)
            try:
                signal.signal(signal.SIGALRM, self._prev)  # type: ignore[arg-type]
            except (ValueError, OSError, TypeError):
                pass

    def pytest_unconfigure(self, config: object) -> None:
        """The run is over: the watchdog thread ends."""
        self.stop()

    def stop(self) -> None:
        """End the watchdog thread (a later test starts it again)."""
        with self._mu:
            self._gen += 1
            self._deadline = None
        self._poke()


#: Seconds the watchdog thread waits for a test before it ends.
IDLE_S = 30.0


def _absorb() -> BaseException | None:
    """Wait (up to 1 s) for a ``SIGINT`` already sent; the ``KeyboardInterrupt`` or None."""
    end = _clock() + 1.0
    try:
        while _clock() < end:
            time.sleep(0.005)
    except KeyboardInterrupt as e:
        return e
    return None
