"""Fast candidate screening, host side: :class:`WarmScreener` drives the screening server.

Validating a candidate patch is dominated by test start-up (interpreter, pytest and its plugins),
so the screener runs ONE sandboxed process over a scratch copy of the workspace: the server
(:mod:`fixloop.repair.screen_server`, copied into the scratch folder with
:mod:`fixloop.repair.screen_trace` and :mod:`fixloop.pathrules` beside it, and run as a script)
imports pytest once and forks one child per candidate; results stream back as JSON lines. Every
run happens through :meth:`fixloop.sandbox.Sandbox.run` with the scratch folder as the only
writable path, so the sandbox and the gate are not weakened: a plausible candidate found here is
still applied through ``edit_file`` and judged by the gate.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fixloop.cpus import cpu_budget
from fixloop.repair import screen_bytecode, screen_server, screen_trace
from fixloop.repair.screen_server import (
    BYTECODE_COPY,
    PATHRULES_COPY,
    PLUGIN_COPY,
    SERVER_NAME,
    TRACE_COPY,
)
from fixloop.testrun.projectpaths import package_roots


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
            ``<work_root>-w<i>``); default ``min(4, cpu_budget())``: the run's CPU budget
            (:mod:`fixloop.cpus`: ``--cpus-per-run`` of an eval, else the usable cores).
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
        if workers is None:
            workers = min(4, cpu_budget())
        self.workers = max(1, workers)
        self.env = dict(env or {})
        self.calibration: dict[str, float] = {}
        self._worker_roots: list[Path] = []
        self.stats = ScreenStats()
        self._jobs = 0
        #: the scratch tree's package roots (a src layout), read once on the first job
        self._package_dirs: list[str] | None = None
        #: the node ids a selective traced run ran: a later localize() without a selection
        #: traces the same ones (the overfit judge compares the same tests)
        self.trace_keep: list[str] = []
        self.engine_dir.mkdir(parents=True, exist_ok=True)
        self.server = self.engine_dir / SERVER_NAME
        shutil.copyfile(Path(screen_server.__file__), self.server)
        shutil.copyfile(Path(screen_trace.__file__), self.engine_dir / TRACE_COPY)
        shutil.copyfile(Path(screen_bytecode.__file__), self.engine_dir / BYTECODE_COPY)
        from fixloop import pathrules
        from fixloop.testrun.inside import pytest_plugin

        shutil.copyfile(Path(pathrules.__file__), self.engine_dir / PATHRULES_COPY)
        # the per-test limit (TestTimer) of fixloop's pytest plugin, the same code as the runner's
        shutil.copyfile(Path(pytest_plugin.__file__), self.engine_dir / PLUGIN_COPY)

    def run_limits(self, wall_s: float) -> Any:
        """The :class:`fixloop.types.Limits` of one sandboxed run of this screener.

        Args:
            wall_s: the run's wall-clock limit, seconds.

        Returns:
            the ``limits`` template (or the defaults) with ``wall_s`` set and at most 200,000
            bytes of output kept in memory (the whole output goes to the run's log).
        """
        from dataclasses import replace

        from fixloop.types import Limits

        base = self.limits if self.limits is not None else Limits()
        return replace(base, wall_s=wall_s, output_bytes=min(base.output_bytes, 200_000))

    @property
    def package_dirs(self) -> list[str]:
        """The scratch tree's package roots (a src layout's ``src``...), relative to ``work_root``.

        Read once (:func:`fixloop.testrun.projectpaths.package_roots`) and kept; a copy is
        returned, so a caller cannot change what the server's jobs put first on ``sys.path``.
        """
        if self._package_dirs is None:
            self._package_dirs = package_roots(self.work_root)
        return list(self._package_dirs)

    def _run(self, job: dict[str, Any], wall_s: float) -> Any:
        self._jobs += 1
        # a src layout's package roots go first on the server's sys.path (issue 13)
        job.setdefault("package_dirs", self.package_dirs)
        job_path = self.engine_dir / f"job-{self._jobs}.json"
        job_path.write_text(json.dumps(job), encoding="utf-8")
        t0 = time.monotonic()
        res = self.sandbox.run(
            [self.python, str(self.server), str(job_path)],
            # the folder above the trees: shown read-only, the trees and the engine folder are
            # writable mounts inside it (a container refuses the same path mounted twice)
            cwd=self.work_root.parent,
            limits=self.run_limits(wall_s),
            ro_paths=self.extra_ro,
            rw_paths=[self.engine_dir, self.work_root, *self._worker_roots],
            # a fixed hash seed keeps the engine's runs comparable with each other (the engine
            # is not the verdict; the gate's runs draw their own seed)
            env={**self.env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"},
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

    def localize(
        self,
        *,
        wall_s: float,
        per_test_s: float | None = None,
        failing: Sequence[str] = (),
        near: int | None = None,
        suspects: Sequence[str] = (),
        budget_s: float | None = None,
        near_limit_s: float | None = None,
    ) -> dict[str, Any]:
        """Run the suite once with the per-test line collector.

        Args:
            wall_s: the run's wall-clock limit, seconds. The server starts no test past
                ``wall_s`` less a margin (the per-test limit and 10 s, at most half the limit),
                so a partial spectrum is written before the sandbox stops the run.
            per_test_s: a test running longer is stopped alone (a failure, listed in the
                spectrum's ``hung``) and the suite goes on; None: no per-test limit.
            failing: the failing tests' node ids (a selective run keeps them and runs them
                first).
            near: None traces every test; else how many passing tests to keep beside the
                failing ones, nearest first (:func:`fixloop.repair.screen_trace.near_rank`).
            suspects: project files of the failing tracebacks (a selective run keeps tests
                whose module refers to them).
            budget_s: a selective run starts no passing test past this many seconds.
            near_limit_s: a selective run stops a kept passing test past this many seconds
                and leaves it out of the spectrum (listed in ``cut``); None: no such limit.

        After a selective run, a call without ``near`` traces the tests that run ran, in the
        same order (``trace_keep``), so that spectra of the same tree with and without a
        patch compare the same tests.

        Returns:
            the spectrum dict: ``{"exit", "seconds", "tests": {nodeid: {"outcome", "lines":
            [[file, line]...], "calls": [[file, firstline, name]...], "frames": [[file, line]...]
            (innermost first), "message", "test_line" (the failing line of the test's own code),
            "seconds"}}, "import_lines": [[file, line]...], "collect_errors": [str],
            "hung": [nodeid], "selected": {nodeid: rank} (a selective run, else {}),
            "dropped": int, "cut": [nodeid], "stopped": str}``; files are POSIX paths relative to the scratch
            root.

        Raises:
            RuntimeError: the server wrote no result (crash, timeout); the message has its output.
        """
        out = self.engine_dir / f"spectrum-{self._jobs + 1}.json"
        margin = min(0.5 * wall_s, (per_test_s or 0.0) + 10.0)
        job = {
            "mode": "localize",
            "root": str(self.work_root),
            "engine_dir": str(self.engine_dir),
            "pytest_args": [*self.pytest_args, "-p", "no:randomly", "--tb=no"],
            "out": str(out),
            "per_test_s": per_test_s,
            "deadline_s": wall_s - margin,
            "failing": list(failing) if near is not None else [],
            "near": near,
            "suspects": list(suspects),
            "budget_s": budget_s,
            "keep": self.trace_keep if near is None else [],
            "near_limit_s": near_limit_s if near is not None else None,
            # the first job of a screener runs the unchanged scratch copy: its bytecode is
            # written once (screen_bytecode.warm_bytecode); a later one may run a patch
            "warm": self._jobs == 0,
        }
        res = self._run(job, wall_s)
        if not out.exists():
            tail = (res.output or "")[-2000:]
            raise RuntimeError(f"localization run wrote no result (exit {res.returncode}): {tail}")
        spectrum: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        if near is not None and spectrum.get("selected"):
            self.trace_keep = list(spectrum.get("tests", {}))
        return spectrum

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
        per_test_s: float | None = None,
        near: Sequence[str] = (),
        unrelated: Sequence[str] = (),
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
            per_test_s: each child stops a test that runs longer (a failure; the candidate's
                other tests still run); None: no per-test limit.
            near: passing tests run after the failing ones and before the full suite (the
                tests a selective traced run kept): a candidate that breaks one of them is
                ``breaks_suite`` without a full run. Empty: straight to the full suite.
            unrelated: failing tests the run is not about (``--target``): deselected from the
                near and full runs, then run alone after a full run that passed; the candidate
                is plausible unless that run errors collecting them or reaches its time limit
                (worse than failing). Empty: every test must pass.

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
            "per_test_s": per_test_s,
            "near": list(near),
            "unrelated": list(unrelated),
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
                    if orig is None or not p.exists() or p.read_bytes() != orig:
                        screen_bytecode.write_source(str(p), orig)
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
