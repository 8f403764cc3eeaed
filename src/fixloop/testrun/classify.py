"""A finished test run read back into a :class:`fixloop.types.TestReport`.

:func:`read_report` turns what one run left (the sandbox's :class:`~fixloop.types.ExecResult`,
the JUnit XML, the progress file, the per-test stream) into the report: the counts, the failing
tests, the collection errors, the outcome from pytest's exit code (the table in
:mod:`fixloop.testrun.runner`'s docstring), the notices that explain it and the capped output
the model sees. :func:`audit_findings` reads the gate's audit channel at the end of a watched
run. Callers: :class:`fixloop.testrun.TestRunner` (its cold runs) and
:class:`fixloop.testrun.warm.WarmRunner` (through ``TestRunner._report``), so a warm and a cold
run of the same tests are read the same way.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from fixloop.testrun.audit import ChannelLog
from fixloop.testrun.junit import (
    Case,
    JunitReport,
    cases_from_progress,
    id_collisions,
    read_junit,
    read_progress,
    running_test,
    tree_free_id,
)
from fixloop.testrun.output import (
    OutputScan,
    case_reason,
    collection_error_locations,
    compose_output,
    failure_signature,
    last_e_line,
    scan_output,
)
from fixloop.testrun.resultfile import read_result_file
from fixloop.testrun.stream import stream_cases, stream_disagreement
from fixloop.types import ExecResult, FailingTest, Outcome, TestReport

__all__ = ["audit_findings", "read_capped", "read_report"]


def read_report(
    res: ExecResult,
    *,
    target: str,
    io_dir: Path,
    log_path: Path,
    root: str,
    reads_junit: bool,
    wall_s: float,
    per_test_s: float | None,
    output_cap_bytes: int,
    stream: list[dict] | None = None,
) -> TestReport:
    """The report of one finished run (never raises for what the tests did).

    Args:
        res: how the process ended and its (possibly truncated) output.
        target: the run's target text ("" for the whole suite).
        io_dir: the run's result folder (``junit.xml``, ``progress.jsonl``).
        log_path: the full output's file (read again when ``res.output`` was cut).
        root: the tree the run tested (collection errors are named relative to it).
        reads_junit: a pytest command wrote JUnit XML; False: any other command, whose counts
            cannot be read (never a pass).
        wall_s: the run's wall-clock limit, seconds (named in a time-out's notice).
        per_test_s: the per-test limit, seconds (named in the notice of tests that ran past it).
        output_cap_bytes: most bytes of output in the report.
        stream: the per-test records streamed over the run's descriptor
            (:mod:`fixloop.testrun.stream`), or None when the sandbox passes none.

    Returns:
        The :class:`TestReport`; its outcome follows pytest's exit code, and the report's own
        contents win over an exit code that contradicts them.
    """
    junit = read_junit(io_dir / "junit.xml") if reads_junit else None
    progress = read_progress(io_dir / "progress.jsonl")
    plain = next((p for p in progress if p.get("e") == "plain"), None)
    if res.output_truncated:
        try:
            with open(log_path, encoding="utf-8", errors="replace") as fh:
                scan = scan_output(fh)
        except OSError:
            scan = scan_output(res.output.splitlines())
    else:
        scan = scan_output(res.output.splitlines())

    cases = junit.cases if junit else []
    named = stream_cases(stream, cases) if stream is not None and reads_junit else None
    if named is not None:
        cases = named  # pytest's own node ids (JUnit's classname.name can collide)
    elif not cases and res.timed_out:
        cases = cases_from_progress(progress)
    roots = list(dict.fromkeys([root, os.path.realpath(root)])) if root else []
    for c in cases:
        c.id = tree_free_id(c.id, roots)
    tests = [c for c in cases if c.kind != "collect_error"]
    counts = {
        k: sum(1 for c in tests if c.kind == k) for k in ("passed", "failed", "error", "skipped")
    }
    collected = len(tests)
    failing = [
        FailingTest(id=c.id, reason=case_reason(c)) for c in tests if c.kind in ("failed", "error")
    ]
    collection_errors = collection_error_locations(scan.sections, root)
    if not collection_errors:
        collection_errors = [
            f"{c.file}: {last_e_line(c.text) or c.message}".rstrip(": ")
            for c in cases
            if c.kind == "collect_error"
        ]
    notices: list[str] = []
    if twins := id_collisions(cases):
        notices.append(
            f"{len(twins)} test id(s) name more than one test ({', '.join(twins[:5])}"
            + (" ..." if len(twins) > 5 else "")
            + "): each is judged by its worst outcome, a pass never hides a failure"
        )
    hung = list(
        dict.fromkeys(
            str(p.get("id", ""))
            for p in (stream if stream is not None else progress)
            if p.get("e") == "report" and p.get("timeout")
        )
    )
    if hung:
        limit = per_test_s or 0.0
        notices.append(
            f"per-test limit ({limit:g} s): {len(hung)} test(s) ran past it and were stopped, "
            f"counted as failed: {', '.join(hung[:5])}" + (" ..." if len(hung) > 5 else "")
        )
    if plain:
        notices.append(
            f"{plain.get('reason', 'pytest not found')}: ran fixloop's plain runner "
            "(test functions, Test* classes and unittest.TestCase; no fixtures)"
        )
    outcome = _outcome(
        res,
        junit=junit,
        reads_junit=reads_junit,
        target=target,
        scan=scan,
        cases=cases,
        failing=failing,
        collection_errors=collection_errors,
        running=running_test(progress) if res.timed_out else "",
        wall_s=wall_s,
        notices=notices,
    )
    rc = res.returncode
    if (
        stream is not None
        and junit is not None
        and rc in (0, 1)
        and outcome in (Outcome.PASSED, Outcome.FAILED, Outcome.NO_TESTS_COLLECTED)
    ):
        why = stream_disagreement(stream, junit.cases, rc)
        if why:
            if outcome != Outcome.FAILED:  # a failing run stays failed; a pass is undone
                outcome = Outcome.INTERNAL_ERROR
            notices.append(f"the test results disagree, so this run is not a pass: {why}")
    signature = failure_signature(outcome, cases, collection_errors, root)
    output = compose_output(
        header=notices,
        raw=res.output,
        raw_complete=not res.output_truncated,
        total_bytes=res.total_output_bytes,
        failing=failing,
        scan=scan,
        log_path=str(log_path),
        cap=output_cap_bytes,
    )
    return TestReport(
        outcome=outcome,
        collected=collected,
        passed=counts["passed"],
        failed=counts["failed"],
        errors=counts["error"],
        skipped=counts["skipped"],
        failing=failing,
        output=output,
        log_path=str(log_path),
        signature=signature,
        target=target,
        notice="; ".join(notices),
        collection_errors=collection_errors,
        hung=hung,
        slowest_s=max((c.seconds for c in tests if c.id not in hung), default=0.0),
        hung_s=sum(c.seconds for c in tests if c.id in hung),
        skipped_ids=[c.id for c in tests if c.kind == "skipped"],
        returncode=None if res.timed_out else res.returncode,
        ran_ids=[c.id for c in tests if c.kind != "skipped"],
    )


def _outcome(
    res: ExecResult,
    *,
    junit: JunitReport | None,
    reads_junit: bool,
    target: str,
    scan: OutputScan,
    cases: list[Case],
    failing: list[FailingTest],
    collection_errors: list[str],
    running: str,
    wall_s: float,
    notices: list[str],
) -> Outcome:
    """The run's outcome from how it ended (the runner's table); appends why to ``notices``."""
    rc = res.returncode
    collected = sum(1 for c in cases if c.kind != "collect_error")
    if res.timed_out:
        msg = f"timed out after {wall_s:g} s: the whole process tree was killed"
        if running:
            msg += f"; still running: {running}"
        if failing:
            msg += "; failed before that: " + ", ".join(f.id for f in failing[:20])
        notices.append(msg + "; partial output follows")
        return Outcome.TIMED_OUT
    if rc is None or rc < 0 or 128 < rc <= 128 + 64:
        # a negative code is a signal; sandboxes (bwrap, docker) report it as 128 + signal
        sig = -(rc or 0) if rc is None or rc < 0 else rc - 128
        try:
            signame = signal.Signals(sig).name
        except ValueError:
            signame = str(sig)
        notices.append(
            f"the test process was killed by signal {signame}"
            + (" (memory limit?)" if sig == signal.SIGKILL else "")
        )
        return Outcome.INTERRUPTED
    if not reads_junit:
        notices.append(
            "the test command is not pytest: test counts cannot be read, so it is never "
            "counted as a pass"
        )
        return Outcome.PASSED if rc == 0 else Outcome.FAILED
    if rc == 5:
        notices.append("no tests collected: check the target" + (f" ({target})" if target else ""))
        return Outcome.NO_TESTS_COLLECTED
    if rc == 4:
        detail = "; ".join(scan.errors[:3])
        if any("not found" in e for e in scan.errors) and target:
            notices.append(f"the target {target!r} names no existing test: {detail}")
        else:
            notices.append(f"usage error (pytest exit 4): {detail or 'see output'}")
        return Outcome.USAGE_ERROR
    if rc == 2 and (collection_errors or scan.sections):
        notices.append(
            f"collection error: {collected} tests ran; " + "; ".join(collection_errors[:5])
        )
        return Outcome.COLLECTION_ERROR
    if rc == 2:
        notices.append("the test run was interrupted (exit 2)")
        return Outcome.INTERRUPTED
    if rc == 3:
        notices.append("pytest internal error (exit 3)")
        return Outcome.INTERNAL_ERROR
    if junit is None:
        notices.append(
            f"the test run (exit {rc}) wrote no readable JUnit XML report: the test runner "
            "may be shadowed or crashed"
        )
        return Outcome.INTERNAL_ERROR
    if rc == 0 and (failing or any(c.kind == "collect_error" for c in cases)):
        # the report wins over the exit code (a hook may have forced exit 0)
        notices.append("pytest exited 0 but its report names failures: not a pass")
        return Outcome.FAILED if failing else Outcome.COLLECTION_ERROR
    if rc == 0:
        if collected == 0:
            notices.append("no tests collected: check the target")
        return Outcome.PASSED if collected > 0 else Outcome.NO_TESTS_COLLECTED
    if rc == 1:
        if not failing:
            notices.append("pytest exited 1 but the report names no failing test")
        return Outcome.FAILED
    notices.append(f"unexpected exit code {rc}")
    return Outcome.INTERNAL_ERROR


def read_capped(path: Path, cap: int = 8 * 1024 * 1024) -> bytes:
    """A regular file's bytes (b"" when it is missing, not a regular file or over ``cap``)."""
    return read_result_file(path, cap=cap) or b""


def audit_findings(log: ChannelLog, res: ExecResult) -> list[str]:
    """The audit log's findings plus what the process's end says about the channel.

    A gate run must write no ``result`` records (those belong to the second opinion), and
    the exit code the process ended with must be the one its ``end`` record announced (code
    that runs after the end record, e.g. a ``__del__`` at interpreter teardown calling
    ``os._exit(0)``, changes it).
    """
    out = log.problems()
    if log.results:
        out.append(f"{len(log.results)} result records were forged into fixloop's audit channel")
    announced = log.end.get("rc") if log.end is not None else None
    # rc None: the bootstrap itself stopped early (a crash, reported as such), nothing to compare
    if announced is not None and not res.timed_out and announced != res.returncode:
        out.append(
            f"the test process announced exit code {announced} but ended with "
            f"{res.returncode}: code ran after the tests and changed it"
        )
    return out
