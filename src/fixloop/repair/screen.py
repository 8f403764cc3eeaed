"""Fast candidate screening: a warm pytest process in the sandbox that forks once per candidate.

Validating a candidate patch is dominated by test start-up (interpreter, pytest and its plugins),
so this module runs ONE sandboxed process over a scratch copy of the workspace:

1. the process (this very file, copied into the scratch folder and run as a script) imports
   pytest once and never imports the project's code;
2. for each candidate, in the order given, the parent writes the candidate's files, forks a child
   that runs ``pytest.main`` on the failing test ids (in a fresh interpreter state: the project's
   modules are imported by the child only), and, when they all pass, forks another child for the
   full suite; then the parent restores the original files;
3. results stream to a JSON-lines file, one line per candidate, so a run killed by its wall-clock
   limit still leaves what it found.

Where ``os.fork`` is not available the server runs one ``python -m pytest`` subprocess per
candidate instead (inside the same sandbox). Every run happens through
:meth:`fixloop.sandbox.Sandbox.run` with the scratch folder as the only writable path, so the
sandbox and the gate are not weakened: a plausible candidate found here is still applied through
``edit_file`` and judged by the gate.

The same server also has a ``localize`` mode: one in-process pytest run of the full suite with a
``sys.settrace`` line collector that records, per test, the project lines it executed (test files
excluded), the test's outcome, the project frames of its failure traceback and the project
functions the test called directly. :mod:`fixloop.repair.localize` turns that spectrum into
suspiciousness scores (Ochiai, Abreu et al. 2007).

This file must stay importable by a bare interpreter with only pytest installed (the project's
Python may not have fixloop): fixloop imports happen inside host-side functions only.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: File name of the server script inside the scratch folder.
SERVER_NAME = "fixloop_screen_server.py"
#: Environment variable naming the result file of a spawned (non-forked) pytest run.
RESULT_ENV = "FIXLOOP_SCREEN_RESULT"

# ============================================================================================
# Shared helpers (host and server)
# ============================================================================================


if __package__:  # on the host, inside the fixloop package
    from fixloop.workspace import is_test_file as is_test_path
else:  # the server copy in the sandbox: workspace.py is copied beside it (stdlib only)
    from fixloop_screen_workspace import (  # type: ignore[import-not-found,no-redef]
        is_test_file as is_test_path,
    )

#: File name of the copy of :mod:`fixloop.workspace` beside the server (the test-file rule).
WORKSPACE_COPY = "fixloop_screen_workspace.py"


# ============================================================================================
# Server side (runs inside the sandbox; stdlib + pytest only)
# ============================================================================================


class _Recorder:
    """pytest plugin: outcome of every test and collection error, by node id."""

    def __init__(self) -> None:
        self.failed: list[str] = []
        self.passed: list[str] = []
        self.collect_errors: list[str] = []

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.failed:
            if report.nodeid not in self.failed:
                self.failed.append(report.nodeid)
        elif report.when == "call" and report.passed and report.nodeid not in self.failed:
            self.passed.append(report.nodeid)

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self.collect_errors.append(report.nodeid or "<collection>")

    def as_dict(self, code: int) -> dict[str, Any]:
        passed = [t for t in self.passed if t not in self.failed]
        return {
            "exit": int(code),
            "failed": self.failed,
            "passed": passed,
            "collect_errors": self.collect_errors,
        }


def pytest_configure(config: Any) -> None:
    """Configure hook of pytest, used when this file is loaded with ``-p`` in a spawned run (no fork)."""
    path = os.environ.get(RESULT_ENV)
    if path and not config.pluginmanager.has_plugin("fixloop-recorder"):
        rec = _Recorder()
        config.pluginmanager.register(rec, "fixloop-recorder")

        def _write(session: Any, exitstatus: int) -> None:
            Path(path).write_text(json.dumps(rec.as_dict(int(exitstatus))), encoding="utf-8")

        class _Finish:
            def pytest_sessionfinish(self, session: Any, exitstatus: int) -> None:
                _write(session, exitstatus)

        config.pluginmanager.register(_Finish(), "fixloop-recorder-finish")


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
                }
                for t in self.lines
            },
            "import_lines": sorted(self.import_lines),
            "collect_errors": self.collect_errors,
        }


def _server_localize(job: dict[str, Any]) -> None:
    import pytest

    tracer = _Tracer(job["root"])
    t0 = time.monotonic()
    tracer.start()  # import-time lines of modules imported during collection
    try:
        code = pytest.main(list(job["pytest_args"]), plugins=[tracer])
    finally:
        tracer.stop()
    data = tracer.as_dict(int(code), time.monotonic() - t0)
    Path(job["out"]).write_text(json.dumps(data), encoding="utf-8")


class _Child:
    """One pytest run in a fresh child.

    A fork of the warm server, or a ``python -m pytest`` subprocess where fork is unavailable.
    Non-blocking: :meth:`poll` until done.
    """

    def __init__(
        self, job: dict[str, Any], args: list[str], root: str, tag: str, limit: float
    ) -> None:
        engine = Path(job["engine_dir"])
        self.res_path = engine / f"child-result-{tag}.json"
        self.res_path.unlink(missing_ok=True)
        log_path = engine / f"child-{tag}.log"
        self.deadline = time.monotonic() + limit
        self.started = time.monotonic()
        self.how = ""
        self.code = 0
        self.proc: Any = None
        self.pid = 0
        self.other_roots = {job["root"], *job.get("worker_roots", [])} - {root}
        if job.get("fork", True) and hasattr(os, "fork"):
            self.pid = os.fork()
            if self.pid == 0:  # the child: never returns
                self._child(args, root, str(log_path))
        else:
            import subprocess

            env = dict(os.environ)
            env[RESULT_ENV] = str(self.res_path)
            env["PYTHONPATH"] = os.pathsep.join(
                [str(Path(__file__).resolve().parent), env.get("PYTHONPATH", "")]
            ).rstrip(os.pathsep)
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            argv = [sys.executable, "-m", "pytest", "-p", Path(SERVER_NAME).stem, *args]
            with open(log_path, "wb") as log:
                self.proc = subprocess.Popen(
                    argv,
                    cwd=root,
                    env=env,
                    stdout=log,
                    stderr=log,
                    stdin=subprocess.DEVNULL,
                    start_new_session=True,
                )

    def _child(self, args: list[str], root: str, log_path: str) -> None:
        code = 98
        try:
            os.setpgid(0, 0)
            fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.chdir(root)
            sys.path[:] = [p for p in sys.path if p not in self.other_roots]
            sys.path.insert(0, root)  # this worker's tree first, as `python -m pytest` does
            sys.dont_write_bytecode = True
            import pytest

            rec = _Recorder()
            res_path = self.res_path

            class _ExitEarly:
                """Write the result and leave at session finish.

                The child needs no unconfigure (pytest's forced garbage collections there cost ~0.1
                s).
                """

                @pytest.hookimpl(trylast=True)
                def pytest_sessionfinish(self, session: Any, exitstatus: int) -> None:
                    res_path.write_text(json.dumps(rec.as_dict(int(exitstatus))), "utf-8")
                    os._exit(int(exitstatus))

            code = int(pytest.main(args, plugins=[rec, _ExitEarly()]))
            res_path.write_text(json.dumps(rec.as_dict(code)), encoding="utf-8")
        except BaseException:  # noqa: BLE001 - anything at all: report through the code
            code = 97
        finally:
            os._exit(code)

    def poll(self) -> bool:
        """True when the run has ended (or was killed at its time limit)."""
        if self.how:
            return True
        if self.proc is not None:
            rc = self.proc.poll()
            if rc is not None:
                self.how, self.code = "exited", rc
        else:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                if os.WIFEXITED(status):
                    self.how, self.code = "exited", os.WEXITSTATUS(status)
                else:
                    self.how, self.code = "signaled", -1
        if not self.how and time.monotonic() > self.deadline:
            self.kill()
            self.how, self.code = "timeout", -9
        return bool(self.how)

    def kill(self) -> None:
        """Kill the run's process group and reap it."""
        pid = self.proc.pid if self.proc is not None else self.pid
        for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, 9)):
            try:
                kill()
            except OSError:
                pass
        try:
            if self.proc is not None:
                self.proc.wait()
            else:
                os.waitpid(self.pid, 0)
        except (OSError, ChildProcessError):
            pass

    def result(self) -> dict[str, Any]:
        """``{"how", "exit", "failed", "passed", "collect_errors", "seconds"}``."""
        out: dict[str, Any] = {"how": self.how, "exit": self.code, "failed": [], "passed": []}
        if self.how != "timeout" and self.res_path.exists():
            try:
                out.update(json.loads(self.res_path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                pass
        out["seconds"] = time.monotonic() - self.started
        return out

    def wait(self) -> dict[str, Any]:
        """Block until done; the result."""
        delay = 0.0005
        while not self.poll():
            time.sleep(delay)
            delay = min(delay * 2, 0.01)
        return self.result()


def _warm_up() -> None:
    """Pay pytest's start-up costs once, in the parent, before any fork.

    - pytest's own modules and the installed pytest plugins (``pytest11`` entry points) are
      imported, so each child finds them in ``sys.modules``;
    - the list of installed distributions is read once and served from memory afterwards:
      pluggy and pytest scan it on every ``pytest.main`` (reading every package's metadata);
    - the objects alive now are frozen out of the garbage collector's view (``gc.freeze``), so
      collections in the children are cheap and do not touch (copy) the shared pages.

    Nothing of the project under test is imported here.
    """
    import gc
    import importlib.metadata as md

    for name in (
        "_pytest.assertion.rewrite",
        "_pytest.config",
        "_pytest.main",
        "_pytest.python",
        "_pytest.terminal",
        "_pytest.fixtures",
        "_pytest.runner",
        "_pytest.junitxml",
        "_pytest.doctest",
        "_pytest.unittest",
        "_pytest.skipping",
        "_pytest.logging",
    ):
        try:
            __import__(name)
        except ImportError:
            pass
    try:
        dists = list(md.distributions())
        original = md.distributions

        def distributions(**kwargs: Any) -> Any:
            return iter(dists) if not kwargs else original(**kwargs)

        md.distributions = distributions  # type: ignore[assignment]
        for ep in md.entry_points(group="pytest11"):
            try:
                ep.load()
            except Exception:  # noqa: BLE001 - a broken plugin fails in the child as in the gate
                pass
    except Exception:  # noqa: BLE001 - the warm-up is an optimization only
        pass
    gc.collect()
    if hasattr(gc, "freeze"):
        gc.freeze()


class _Worker:
    """One tree the server writes candidates into, with at most one child running on it."""

    def __init__(self, index: int, root: str) -> None:
        self.index = index
        self.root = Path(root)
        self.child: _Child | None = None
        self.cand: dict[str, Any] | None = None
        self.phase = ""
        self.rec: dict[str, Any] = {}
        self.originals: dict[str, bytes | None] = {}
        self.t0 = 0.0

    def write(self, cand: dict[str, Any]) -> None:
        self.cand = cand
        self.t0 = time.monotonic()
        for rel, text in cand["files"].items():
            p = self.root / rel
            if rel not in self.originals:
                self.originals[rel] = p.read_bytes() if p.exists() else None
            p.write_bytes(text.encode("utf-8"))

    def restore(self) -> None:
        for rel in (self.cand or {}).get("files", {}):
            orig = self.originals[rel]
            p = self.root / rel
            if orig is None:
                p.unlink(missing_ok=True)
            else:
                p.write_bytes(orig)
        self.cand, self.child, self.phase = None, None, ""


def _server_screen(job: dict[str, Any]) -> None:
    """Screen the job's candidates in order on ``len(job["workers"])`` trees at once."""
    import pytest  # noqa: F401 - warm: imported once, before any fork

    _warm_up()
    sys.dont_write_bytecode = True
    start = time.monotonic()
    deadline = start + float(job["deadline_s"])
    failing = list(job["failing"])
    base = list(job["pytest_args"])
    fail_args = [*base, "-p", "no:randomly", *failing]
    roots = [job["root"], *job.get("worker_roots", [])]
    workers = [_Worker(i, r) for i, r in enumerate(roots)]
    if not job.get("fork", True) or not hasattr(os, "fork"):
        workers = workers[:1]
    out = open(job["out"], "a", encoding="utf-8")  # noqa: SIM115 - closed below

    # calibration: the unchanged code's failing-test and full-suite runs set the per-candidate
    # time limits (mutations often loop forever; waiting the configured maximum is costly)
    calib = job.get("calibration") or {}
    if not calib:
        r = _Child(job, fail_args, roots[0], "calib", float(job["timeout_failing_s"])).wait()
        calib["failing_s"] = r["seconds"]
        est = float(job.get("suite_s", 0.0))
        if est > 0:  # the traced run's time: an upper estimate of one child's full run
            calib["full_s"] = max(est / 2, r["seconds"])
        else:
            r = _Child(job, base, roots[0], "calib", float(job["timeout_full_s"])).wait()
            calib["full_s"] = (
                r["seconds"] if r["how"] != "timeout" else float(job["timeout_full_s"])
            )
        out.write(json.dumps({"calibration": calib}) + "\n")
        out.flush()
    quick: list[float] = [float(calib["failing_s"])]
    full_limit = min(float(job["timeout_full_s"]), max(3.0, 4.0 * float(calib["full_s"]) + 1.0))

    cands = list(job["candidates"])
    started = 0
    plausible = 0
    first_plausible_at: int | None = None
    first_plausible_t = 0.0

    def may_start() -> bool:
        if started >= len(cands) or started >= int(job["max_candidates"]):
            return False
        if time.monotonic() > deadline:
            return False
        if first_plausible_at is not None and (
            plausible >= int(job["max_plausible"])
            or started - first_plausible_at > int(job["extra_after_first"])
            or time.monotonic() - first_plausible_t > float(job.get("extra_s", 1e9))
        ):
            return False
        return True

    def finish(w: _Worker, rec: dict[str, Any]) -> None:
        rec["seconds"] = round(time.monotonic() - w.t0, 4)
        w.restore()
        out.write(json.dumps(rec) + "\n")
        out.flush()

    try:
        while True:
            for w in workers:
                if w.child is None and may_start():
                    w.write(cands[started])
                    w.rec = {"id": cands[started]["id"], "worker": w.index}
                    started += 1
                    median = sorted(quick)[len(quick) // 2]
                    limit = min(float(job["timeout_failing_s"]), max(1.5, 5.0 * median + 1.0))
                    w.phase = "failing"
                    w.child = _Child(job, fail_args, str(w.root), f"w{w.index}", limit)
            busy = [w for w in workers if w.child is not None]
            if not busy:
                break
            progressed = False
            for w in busy:
                assert w.child is not None
                if not w.child.poll():
                    continue
                progressed = True
                r = w.child.result()
                rec = w.rec
                if w.phase == "failing":
                    if r["how"] != "timeout":
                        quick.append(r["seconds"])
                    passed = set(r["passed"])
                    fixed = [
                        t
                        for t in failing
                        if t in passed or any(p.startswith(t + "::") for p in passed)
                    ]
                    rec.update(
                        fixed=len(fixed),
                        total=len(failing),
                        still_failing=[t for t in failing if t not in fixed][:20],
                        how=r["how"],
                    )
                    if r["how"] == "timeout":
                        rec["status"] = "timeout"
                    elif len(fixed) == len(failing) and r["exit"] == 0:
                        w.phase = "full"
                        w.child = _Child(job, [*base, "-x"], str(w.root), f"w{w.index}", full_limit)
                        continue
                    else:
                        rec["status"] = "partial" if fixed else "fail"
                else:
                    if r["how"] == "timeout":
                        rec["status"] = "suite_timeout"
                    elif r["exit"] == 0 and r["passed"]:
                        rec["status"] = "plausible"
                        rec["suite_passed"] = len(r["passed"])
                        plausible += 1
                        if first_plausible_at is None:
                            first_plausible_at = started
                            first_plausible_t = time.monotonic()
                    else:
                        rec["status"] = "breaks_suite"
                        rec["suite_failed"] = (r["failed"] + r.get("collect_errors", []))[:20]
                finish(w, rec)
            if not progressed:
                time.sleep(0.002)
    finally:
        for w in workers:
            if w.child is not None:
                w.child.kill()
                w.restore()
        out.close()


def server_main(argv: Sequence[str]) -> int:
    """Entry point inside the sandbox: ``python fixloop_screen_server.py JOB.json``.

    The job file's ``mode`` is ``"localize"`` (one traced full-suite run) or ``"screen"``
    (one forked pytest run per candidate). Returns the process exit code.
    """
    job = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    root = job["root"]
    os.chdir(root)
    import pytest  # noqa: F401 - the real pytest, before the project's folder is on sys.path

    if root not in sys.path:
        sys.path.insert(0, root)  # as `python -m pytest` does
    if job["mode"] == "localize":
        _server_localize(job)
    else:
        _server_screen(job)
    return 0


# ============================================================================================
# Host side
# ============================================================================================


@dataclass
class ScreenResult:
    """The verdict of the warm server on one candidate.

    Attributes:
        index: the candidate's position in the list given to :meth:`WarmScreener.screen`.
        status: ``"plausible"`` (failing tests pass and the full suite passes in the scratch
            copy), ``"partial"`` (some of the failing tests pass), ``"fail"``, ``"timeout"``,
            ``"breaks_suite"`` (failing tests pass but others fail), ``"suite_timeout"``.
        fixed: how many of the failing tests passed; ``total`` how many there were.
        still_failing: failing test ids still failing (at most 20).
        suite_failed: for ``breaks_suite``, the tests the full run failed (at most 20).
        seconds: wall-clock seconds spent on the candidate.
    """

    index: int
    status: str
    fixed: int = 0
    total: int = 0
    still_failing: list[str] = field(default_factory=list)
    suite_failed: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def plausible(self) -> bool:
        """True when the candidate passed the failing tests and the full suite."""
        return self.status == "plausible"


@dataclass
class ScreenStats:
    """Totals of the screening runs of one analysis: candidates run, sandbox runs, seconds."""

    candidates: int = 0
    runs: int = 0
    seconds: float = 0.0


class WarmScreener:
    """Host-side driver of the warm test server over one scratch copy.

    Args:
        sandbox: a :class:`fixloop.sandbox.Sandbox` (anything with the ``run`` contract).
        work_root: the scratch copy of the workspace (written by the server, restored after each
            candidate).
        engine_dir: a scratch folder for the server script, job and result files.
        python: the interpreter to run (the project's, as the test runner uses).
        pytest_args: the base pytest arguments (``-q -p no:cacheprovider`` and any from the
            configured test command).
        limits: the :class:`fixloop.types.Limits` template (wall time is set per run).
        fork: False forces one pytest subprocess per candidate (the fallback; one at a time).
        extra_ro: further read-only paths the sandbox must show (e.g. the interpreter's venv).
        workers: candidates run at once, each in its own copy of ``work_root`` (siblings named
            ``<work_root>-w<i>``); default ``min(4, cpu_count)``.
        env: extra environment for the test runs (the test runner's own).

    Raises (from the methods): :class:`RuntimeError` when the server produced no result file
    (the text carries the tail of its output).
    """

    def __init__(
        self,
        sandbox: Any,
        work_root: Path,
        engine_dir: Path,
        *,
        python: str,
        pytest_args: Sequence[str] = ("-q", "-p", "no:cacheprovider"),
        limits: Any = None,
        fork: bool = True,
        extra_ro: Sequence[Path] = (),
        workers: int | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.sandbox = sandbox
        self.work_root = Path(work_root)
        self.engine_dir = Path(engine_dir)
        self.python = python
        self.pytest_args = list(pytest_args)
        self.limits = limits
        self.fork = fork
        self.extra_ro = list(extra_ro)
        self.workers = max(1, workers if workers is not None else min(4, os.cpu_count() or 1))
        self.env = dict(env or {})
        self.calibration: dict[str, float] = {}
        self._worker_roots: list[Path] = []
        self.stats = ScreenStats()
        self._jobs = 0
        self.engine_dir.mkdir(parents=True, exist_ok=True)
        self.server = self.engine_dir / SERVER_NAME
        shutil.copyfile(Path(__file__), self.server)
        from fixloop import workspace

        shutil.copyfile(Path(workspace.__file__), self.engine_dir / WORKSPACE_COPY)

    def _limits(self, wall_s: float) -> Any:
        from dataclasses import replace

        from fixloop.types import Limits

        base = self.limits if self.limits is not None else Limits()
        return replace(base, wall_s=wall_s, output_bytes=min(base.output_bytes, 200_000))

    def _run(self, job: dict[str, Any], wall_s: float) -> Any:
        self._jobs += 1
        job_path = self.engine_dir / f"job-{self._jobs}.json"
        job_path.write_text(json.dumps(job), encoding="utf-8")
        t0 = time.monotonic()
        res = self.sandbox.run(
            [self.python, str(self.server), str(job_path)],
            # the folder above the trees: shown read-only, the trees and the engine folder are
            # writable mounts inside it (a container refuses the same path mounted twice)
            cwd=self.work_root.parent,
            limits=self._limits(wall_s),
            ro_paths=self.extra_ro,
            rw_paths=[self.engine_dir, self.work_root, *self._worker_roots],
            env={**self.env, "PYTHONDONTWRITEBYTECODE": "1"},
            log_path=self.engine_dir / f"job-{self._jobs}.log",
        )
        self.stats.runs += 1
        self.stats.seconds += time.monotonic() - t0
        return res

    def _ensure_workers(self) -> None:
        """Copies of the work tree for the extra workers (made once, restored by the server)."""
        if self._worker_roots or not self.fork or self.workers <= 1:
            return
        for i in range(1, self.workers):
            dest = self.work_root.parent / f"{self.work_root.name}-w{i}"
            if dest.exists():
                shutil.rmtree(dest)
            shutil.copytree(self.work_root, dest, symlinks=True)
            self._worker_roots.append(dest)

    def localize(self, *, wall_s: float = 120.0) -> dict[str, Any]:
        """Run the full suite once with the per-test line collector.

        Returns:
            the spectrum dict: ``{"exit", "seconds", "tests": {nodeid: {"outcome", "lines":
            [[file, line]...], "calls": [[file, firstline, name]...], "frames": [[file, line]...]
            (innermost first), "message", "test_line" (the failing line of the test's own code)}}, "import_lines": [[file, line]...],
            "collect_errors": [str]}``; files are POSIX paths relative to the scratch root.

        Raises:
            RuntimeError: the server wrote no result (crash, timeout); the message has its output.
        """
        out = self.engine_dir / f"spectrum-{self._jobs + 1}.json"
        job = {
            "mode": "localize",
            "root": str(self.work_root),
            "engine_dir": str(self.engine_dir),
            "pytest_args": [*self.pytest_args, "-p", "no:randomly", "--tb=no"],
            "out": str(out),
        }
        res = self._run(job, wall_s)
        if not out.exists():
            tail = (res.output or "")[-2000:]
            raise RuntimeError(f"localization run wrote no result (exit {res.returncode}): {tail}")
        return json.loads(out.read_text(encoding="utf-8"))

    def screen(
        self,
        candidates: Sequence[Any],
        failing: Sequence[str],
        *,
        deadline_s: float,
        max_candidates: int,
        max_plausible: int = 3,
        extra_after_first: int = 10,
        extra_s: float = 1e9,
        timeout_failing_s: float = 10.0,
        timeout_full_s: float = 30.0,
        suite_s: float = 0.0,
    ) -> list[ScreenResult]:
        """Validate candidates in order until the budgets run out.

        Args:
            candidates: :class:`~fixloop.repair.candidate.Candidate` objects, best first.
            failing: the failing test node ids (relative to the scratch root).
            deadline_s: wall-clock budget of the whole batch, seconds.
            max_candidates: most candidates to run.
            max_plausible: stop after this many plausible candidates.
            extra_after_first: after the first plausible candidate, run at most this many more
                (a small extra budget to find a smaller plausible patch).
            extra_s: ... and for at most this many seconds.
            timeout_failing_s: upper limit of one child's run of the failing tests, seconds; a
                child over its limit is killed with its process group.
            timeout_full_s: the same for one child's run of the full suite. Both limits are tightened to a few times the expected run time (failing tests:
                5x the median failing-test run so far + 1 s, at least 1.5 s; full suite: 4x + 1
                s, at least 3 s). The server first times the failing tests on the unchanged
                code; the full run's time is estimated from ``suite_s`` when given (the traced
                run's pytest time), else timed too.
            suite_s: seconds of one full in-process pytest run (0: unknown, calibrate).

        Returns:
            one :class:`ScreenResult` per candidate run, in order (candidates not reached are
            left out).
        """
        if not candidates:
            return []
        out = self.engine_dir / f"screen-{self._jobs + 1}.jsonl"
        payload: list[dict[str, Any]] = []
        for i, cand in enumerate(candidates):
            files = {cand.path: cand.new_source}
            for extra in getattr(cand, "also", ()):
                files[extra.path] = extra.new_source
            payload.append({"id": i, "files": files})
        job: dict[str, Any] = {
            "mode": "screen",
            "root": str(self.work_root),
            "engine_dir": str(self.engine_dir),
            "pytest_args": [*self.pytest_args, "--tb=no"],
            "failing": list(failing),
            "candidates": payload,
            "out": str(out),
            "deadline_s": deadline_s,
            "max_candidates": max_candidates,
            "max_plausible": max_plausible,
            "extra_after_first": extra_after_first,
            "extra_s": extra_s,
            "timeout_failing_s": timeout_failing_s,
            "timeout_full_s": timeout_full_s,
            "suite_s": suite_s,
            "fork": self.fork,
        }
        self._ensure_workers()
        job["worker_roots"] = [str(p) for p in self._worker_roots]
        job["calibration"] = self.calibration
        originals: dict[str, bytes | None] = {}
        for item in payload:
            for rel in item["files"]:
                p = self.work_root / rel
                originals.setdefault(rel, p.read_bytes() if p.exists() else None)
        # the server stops starting candidates at the deadline; the runs under way may take up
        # to their limits (known once calibrated), and the calibration itself takes two runs
        if self.calibration:
            margin = 10.0 + 5.0 * self.calibration["failing_s"] + 4.0 * self.calibration["full_s"]
        else:
            margin = 10.0 + 2.0 * (timeout_failing_s + timeout_full_s)
        try:
            self._run(job, deadline_s + margin)
        finally:
            # the server restores each candidate's files; one killed mid-candidate cannot
            for tree in (self.work_root, *self._worker_roots):
                for rel, orig in originals.items():
                    p = tree / rel
                    if orig is None:
                        p.unlink(missing_ok=True)
                    elif not p.exists() or p.read_bytes() != orig:
                        p.write_bytes(orig)
        results: list[ScreenResult] = []
        if out.exists():
            for line in out.read_text(encoding="utf-8").splitlines():
                try:
                    d = json.loads(line)
                except ValueError:
                    continue  # a line cut by a kill
                if "calibration" in d:
                    self.calibration = dict(d["calibration"])
                    continue
                results.append(
                    ScreenResult(
                        index=int(d["id"]),
                        status=d.get("status", "fail"),
                        fixed=int(d.get("fixed", 0)),
                        total=int(d.get("total", 0)),
                        still_failing=list(d.get("still_failing", [])),
                        suite_failed=list(d.get("suite_failed", [])),
                        seconds=float(d.get("seconds", 0.0)),
                    )
                )
        self.stats.candidates += len(results)
        return results


if __name__ == "__main__":
    sys.exit(server_main(sys.argv[1:]))
