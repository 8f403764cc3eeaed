"""The screening server: a warm pytest process in the sandbox that forks once per candidate.

Validating a candidate patch is dominated by test start-up (interpreter, pytest and its plugins),
so this module runs ONE sandboxed process over a scratch copy of the workspace:

1. the process (this very file, copied into the scratch folder and run as a script) imports
   pytest once and never imports the project's code;
2. for each candidate, in the order given, the parent writes the candidate's files, forks a child
   that runs ``pytest.main`` on the failing test ids (in a fresh interpreter state: the project's
   modules are imported by the child only), and, when they all pass, forks another child for the
   job's ``near`` tests (the passing tests a selective traced run kept, when there are) and then
   one for the full suite; a near or full run whose failed tests pass when run again alone is
   run once more (a flaky test); then the parent restores the original files;
3. results stream to a JSON-lines file, one line per candidate, so a run killed by its wall-clock
   limit still leaves what it found.

Where ``os.fork`` is not available the server runs one ``python -m pytest`` subprocess per
candidate instead (inside the same sandbox). Every run happens through
:meth:`fixloop.sandbox.Sandbox.run` with the scratch folder as the only writable path, so the
sandbox and the gate are not weakened: a plausible candidate found here is still applied through
``edit_file`` and judged by the gate.

It also has a ``localize`` mode (:mod:`fixloop.repair.screen_trace`, copied beside it, as is
:mod:`fixloop.repair.screen_bytecode`: the unchanged code's bytecode, written once); the host
side is :mod:`fixloop.repair.screen`. This file must stay importable by a bare interpreter with
only pytest installed (the project's Python may lack fixloop): fixloop only on the host side.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__:  # on the host, inside the fixloop package
    from fixloop.repair.screen_bytecode import share_bytecode, write_source
    from fixloop.repair.screen_trace import exact_deselect, server_localize, without_costly_plugins
    from fixloop.testrun.inside.pytest_plugin import TestTimer
else:  # the copy in the sandbox: screen_trace.py and the pytest plugin are copied beside it
    from fixloop_screen_bytecode import (  # type: ignore[import-not-found,no-redef]
        share_bytecode,
        write_source,
    )
    from fixloop_screen_plugin import TestTimer  # type: ignore[import-not-found,no-redef]
    from fixloop_screen_trace import (  # type: ignore[import-not-found,no-redef]
        exact_deselect,
        server_localize,
        without_costly_plugins,
    )

#: File name of the server script inside the scratch folder.
SERVER_NAME = "fixloop_screen_server.py"
#: File name of the copy of :mod:`fixloop.repair.screen_trace` beside the server.
TRACE_COPY = "fixloop_screen_trace.py"
#: File name of the copy of :mod:`fixloop.repair.screen_bytecode` beside the server.
BYTECODE_COPY = "fixloop_screen_bytecode.py"
#: File name of the copy of :mod:`fixloop.pathrules` beside the server (the test-file rule).
PATHRULES_COPY = "fixloop_screen_pathrules.py"
#: File name of the copy of fixloop's pytest plugin beside the server (its per-test limit).
PLUGIN_COPY = "fixloop_screen_plugin.py"
#: Environment variable giving a spawned (non-forked) pytest run its per-test limit, seconds.
PER_TEST_ENV = "FIXLOOP_SCREEN_PER_TEST"
#: Environment variable naming the result file of a spawned (non-forked) pytest run.
RESULT_ENV = "FIXLOOP_SCREEN_RESULT"


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
        per_test = float(os.environ.get(PER_TEST_ENV) or 0)
        if per_test > 0:
            config.pluginmanager.register(TestTimer(per_test), "fixloop-per-test")


def _tree_paths(root: str, job: dict[str, Any]) -> list[str]:
    """The ``sys.path`` entries of one tree: its package roots (``src``...), then the tree.

    The job's ``package_dirs`` come from the host (``projectpaths.package_roots``), so a src
    layout imports the tree's code, never an editable install's target in the user's checkout.
    """
    return [os.path.join(root, d) for d in job.get("package_dirs", [])] + [root]


class _Child:
    """One pytest run in a fresh child (non-blocking: :meth:`poll` until done).

    A fork of the warm server, or a ``python -m pytest`` subprocess where fork is unavailable.
    ``write``: the fork may write bytecode (the calibration's, unchanged code: share_bytecode).
    """

    def __init__(
        self,
        job: dict[str, Any],
        args: list[str],
        root: str,
        tag: str,
        limit: float,
        write: bool = False,
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
        others = {job["root"], *job.get("worker_roots", [])} - {root}
        self.other_roots = {p for r in others for p in _tree_paths(r, job)}
        self.own_paths = _tree_paths(root, job)
        self.per_test_s = float(job.get("per_test_s") or 0)
        self.unrelated = job.get("unrelated") or ()  # left out exactly in a fork (not a prefix)
        if job.get("fork", True) and hasattr(os, "fork"):
            self.pid = os.fork()
            if self.pid == 0:  # the child: never returns
                self._child(args, root, str(log_path), write)
        else:
            import subprocess

            env = dict(os.environ)
            env[RESULT_ENV] = str(self.res_path)
            env[PER_TEST_ENV] = str(job.get("per_test_s") or "")
            env["PYTHONPATH"] = os.pathsep.join(
                [str(Path(__file__).resolve().parent), *self.own_paths, env.get("PYTHONPATH", "")]
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

    def _child(self, args: list[str], root: str, log_path: str, write: bool) -> None:
        code = 98
        try:
            os.setpgid(0, 0)
            fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.chdir(root)
            sys.path[:] = [p for p in sys.path if p not in self.other_roots]
            # this worker's tree first, as `python -m pytest` does (its package roots before it)
            sys.path[0:0] = self.own_paths
            sys.dont_write_bytecode = not write
            import pytest

            rec = _Recorder()
            res_path = self.res_path

            class _ExitEarly:
                """Write the result and leave at session finish (no unconfigure: ~0.1 s)."""

                @pytest.hookimpl(trylast=True)
                def pytest_sessionfinish(self, session: Any, exitstatus: int) -> None:
                    res_path.write_text(json.dumps(rec.as_dict(int(exitstatus))), "utf-8")
                    os._exit(int(exitstatus))

            args, exact = exact_deselect(args, self.unrelated)
            plugins: list[Any] = [rec, _ExitEarly(), *exact]
            if self.per_test_s > 0:  # one looping test ends as a failure, not the whole child
                plugins.append(TestTimer(self.per_test_s))
            code = int(pytest.main(args, plugins=plugins))
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


def _plugin_options(args: Sequence[str]) -> list[str]:
    """The ``-p NAME`` options of pytest arguments (``-p X`` and ``-pX``), in order."""
    out: list[str] = []
    for i, a in enumerate(args):
        if a == "-p" and i + 1 < len(args):
            out += ["-p", args[i + 1]]
        elif a.startswith("-p") and len(a) > 2 and not a.startswith("--"):
            out += ["-p", a[2:]]
    return out


def _preload_plugins(job: dict[str, Any]) -> None:
    """Import the installed ``pytest11`` plugins once, in the parent, the way pytest does.

    Each child used to import them again (anyio's plugin alone costs ~0.2 s of CPU a run:
    four fifths of a forked run of a tiny project's failing tests). They are imported here
    by parsing a configuration (``--version --version``: plugins loaded, nothing configured,
    no test collected, ``--noconftest``: no project code), so through pytest's
    assertion-rewriting hook: a child's pytest finds them rewritten and does not warn "Module
    already imported so cannot be rewritten" (a plain import did; under the project's
    ``filterwarnings = error`` that failed every candidate: humanize with pytest-codspeed).

    A module loaded from one of the job's trees (a project that is itself a pytest plugin,
    its entry point in the tree the candidates change) must be imported by each child: when
    any such module was loaded, everything this import added to ``sys.modules`` is dropped
    again and the children import the plugins themselves, as before.
    """
    import contextlib
    import io

    import pytest

    before = set(sys.modules)
    trees = [os.path.realpath(r) + os.sep for r in (job["root"], *job.get("worker_roots", []))]
    args = ["--version", "--version", "--noconftest", *_plugin_options(job["pytest_args"])]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            pytest.main(args)
    except BaseException:  # noqa: BLE001 - an optimization only: the children import them
        pass
    added = [m for m in sys.modules if m not in before]
    for name in added:
        path = getattr(sys.modules.get(name), "__file__", None) or ""
        if path and any(os.path.realpath(path).startswith(t) for t in trees):
            for gone in added:
                sys.modules.pop(gone, None)
            return


def _warm_up(job: dict[str, Any] | None = None) -> None:
    """Pay pytest's start-up costs once, in the parent, before any fork.

    - pytest's own modules are imported, so each child finds them in ``sys.modules``, and,
      given the ``job``, the installed ``pytest11`` plugins (:func:`_preload_plugins`);
    - the list of installed distributions is read once and served from memory afterwards:
      pluggy and pytest scan it on every ``pytest.main`` (reading every package's metadata);
    - the objects alive now are frozen out of the garbage collector's view (``gc.freeze``), so
      collections in the children are cheap and do not touch (copy) the shared pages.

    Nothing of the project under test is imported here.
    """
    import gc
    import importlib.metadata as md

    _pytest = "assertion.rewrite config main python terminal fixtures runner junitxml doctest"
    for name in [f"_pytest.{m}" for m in f"{_pytest} unittest skipping logging".split()]:
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
    except Exception:  # noqa: BLE001 - the warm-up is an optimization only
        pass
    if job is not None:
        _preload_plugins(job)
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
            write_source(str(p), text.encode("utf-8"))

    def restore(self) -> None:
        for rel in (self.cand or {}).get("files", {}):
            write_source(str(self.root / rel), self.originals[rel])
        self.cand, self.child, self.phase = None, None, ""


def _server_screen(job: dict[str, Any]) -> None:
    """Screen the job's candidates in order on ``len(job["workers"])`` trees at once."""
    import pytest  # noqa: F401 - warm: imported once, before any fork

    _warm_up(job)
    sys.dont_write_bytecode = True
    start = time.monotonic()
    deadline = start + float(job["deadline_s"])
    failing = list(job["failing"])
    # failing tests no --target covers: not in near/full runs; alone after a passing full run
    unrelated = list(job.get("unrelated") or [])
    base = [*job["pytest_args"], *(a for t in unrelated for a in ("--deselect", t))]
    fail_args = [*base, "-p", "no:randomly", *failing]
    roots = [job["root"], *job.get("worker_roots", [])]
    workers = [_Worker(i, r) for i, r in enumerate(roots)]
    if not job.get("fork", True) or not hasattr(os, "fork"):
        workers = workers[:1]
    out = open(job["out"], "a", encoding="utf-8")  # noqa: SIM115 - closed below

    # calibration: the unchanged code's failing-test and full-suite runs set the per-candidate
    # time limits (mutations often loop forever; waiting the configured maximum is costly); its
    # children write the unchanged code's bytecode for every later child (share_bytecode)
    calib = job.get("calibration") or {}
    if not calib:
        r = _Child(job, fail_args, roots[0], "calib", float(job["timeout_failing_s"]), True).wait()
        calib["failing_s"] = r["seconds"]
        est = float(job.get("suite_s", 0.0))  # the traced run's: an upper estimate of a full run
        whole = [*base, "--collect-only", "-q"] if est > 0 else base  # else timed here
        f = _Child(job, whole, roots[0], "calib", float(job["timeout_full_s"]), True).wait()
        share_bytecode(roots[0], roots[1:])
        full = f["seconds"] if f["how"] != "timeout" else float(job["timeout_full_s"])
        calib["full_s"] = max(est / 2, r["seconds"]) if est > 0 else full
        out.write(json.dumps({"calibration": calib}) + "\n")
        out.flush()
    quick: list[float] = [float(calib["failing_s"])]
    full_limit = min(float(job["timeout_full_s"]), max(3.0, 4.0 * float(calib["full_s"]) + 1.0))

    near = [t for t in job.get("near") or [] if t not in unrelated]

    def start_next(w: _Worker, phase: str, tests: Sequence[str] = ()) -> None:
        """Start a worker's next run of its candidate: near tests, full suite, or a retry."""
        w.phase = phase
        if phase == "near":
            args = [*base, "-x", "-p", "no:randomly", *near]
        elif phase == "retry":
            args = [*base, "-p", "no:randomly", *tests]
        elif phase == "unrelated":
            args = [*job["pytest_args"], "-p", "no:randomly", *unrelated]
        else:
            args = [*base, "-x"]
        # after a failure that may be flaky, no per-test limit (a loaded machine failed humanize's
        # right filesize fix): the run's own time limit still stops a candidate that loops
        own = relaxed if w.rec.get("retried") else job
        w.child = _Child(own, args, str(w.root), f"w{w.index}", full_limit)

    relaxed = {**job, "per_test_s": None}
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

    def found_plausible(rec: dict[str, Any]) -> None:
        nonlocal plausible, first_plausible_at, first_plausible_t
        rec["status"] = "plausible"
        plausible += 1
        if first_plausible_at is None:
            first_plausible_at = started
            first_plausible_t = time.monotonic()

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
                        start_next(w, "near" if near else "full")
                        continue
                    else:
                        rec["status"] = "partial" if fixed else "fail"
                elif w.phase in ("near", "full"):
                    broken = (r["failed"] + r.get("collect_errors", []))[:20]
                    if r["how"] == "timeout":
                        rec["status"] = "suite_timeout"
                    elif r["exit"] == 0 and r["passed"]:
                        if w.phase == "near":
                            start_next(w, "full")
                            continue
                        rec["suite_passed"] = len(r["passed"])
                        if unrelated:
                            start_next(w, "unrelated")
                            continue
                        found_plausible(rec)
                    elif r["failed"] and not r.get("collect_errors") and not rec.get("retried"):
                        # a test that failed once may be flaky (a benchmark under load): the
                        # failed tests again, alone; if they pass, the same phase once more
                        rec["retried"] = list(r["failed"][:20])
                        rec["retry_of"] = w.phase
                        start_next(w, "retry", list(r["failed"]))
                        continue
                    else:
                        rec["status"] = "breaks_suite"
                        rec["suite_failed"] = broken
                elif w.phase == "unrelated":  # may still fail; must not error or hang
                    if r["how"] == "timeout" or r.get("collect_errors"):
                        rec["status"] = "breaks_suite"
                        rec["suite_failed"] = (r.get("collect_errors") or unrelated)[:20]
                    else:
                        found_plausible(rec)
                else:  # the retry of the tests a near or full run failed
                    if r["how"] != "timeout" and r["exit"] == 0 and r["passed"]:
                        start_next(w, str(rec["retry_of"]))
                        continue
                    rec["status"] = "breaks_suite"
                    rec["suite_failed"] = list(rec["retried"])
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

    The job file's ``mode``: ``"localize"`` (one traced full-suite run) or ``"screen"`` (one
    forked pytest run per candidate), without coverage plugins. Returns the exit code.
    """
    job = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    job["pytest_args"] = without_costly_plugins(job["pytest_args"])  # --no-cov, -n 0
    root = job["root"]
    os.chdir(root)
    import pytest  # noqa: F401 - the real pytest, before the project's folder is on sys.path

    # as `python -m pytest` does, with the tree's package roots (a src layout) in front
    sys.path[0:0] = [p for p in _tree_paths(root, job) if p not in sys.path]
    if job["mode"] == "localize":
        server_localize(job)
    else:
        _server_screen(job)
    return 0


if __name__ == "__main__":
    sys.exit(server_main(sys.argv[1:]))
