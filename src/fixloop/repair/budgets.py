"""The repair engine's time limits and budgets, derived from what it measures (issues 13, 19).

No fixed limit: each number comes from the run's limits (the test-run and per-test limits the
session derives from the baseline, :meth:`fixloop.config.TimeoutSettings.derive`), the traced
run's timings and the :class:`fixloop.types.RepairBudget` settings:

- :func:`trace_limits`: the traced (localization) run's wall-clock and per-test limits;
- :func:`trace_selection`: whether the traced run runs every test or the failing tests and
  the passing tests near them, and how many of those;
- :func:`screen_per_test`: the screening runs' per-test limit;
- :func:`suite_seconds`, :func:`screen_budget`: the cost of one full suite and the screening
  budget, sized by the estimated cost of one candidate; :func:`rescaled_budget`: the same,
  sized again by the cost the first screening round measured; :func:`budget_cap`: their cap,
  grown by the suite's seconds;
- :func:`import_failure`: the traced run could not import the project (the analysis stops and
  says so, instead of screening candidates against an import failure).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from fixloop.repair.handover import handover_left, within_deadline
from fixloop.repair.port import RepairPort

#: share of the seconds left before the hand-over point one traced run may take, and its floor
TRACE_SHARE = 0.5
TRACE_MIN_S = 5.0


def trace_limits(port: RepairPort) -> tuple[float, float | None]:
    """The traced run's wall-clock limit and per-test limit, seconds.

    Tracing every line slows the tests down by about ``port.budget.trace_factor``: the wall
    limit is that many times the run's test-run limit (``port.limits.wall_s``, derived from
    the baseline and capped by ``test_timeout_s``), at least ``budget.min_s``; the per-test
    limit is that many times ``port.per_test_s`` (None: none). No fixed cap: a traced run
    cut short leaves no spectrum at all (more-itertools 11.2.1, 765 tests and 21,194 subtests,
    138 s plain on a loaded machine, was cut at 600 s). With a run's deadline
    (:func:`fixloop.repair.handover.handover_left`) the wall limit is at most ``TRACE_SHARE`` of
    the seconds left before the hand-over point, at least ``TRACE_MIN_S``.
    """
    b = port.budget
    run_s = float(port.limits.wall_s)
    wall = max(b.min_s, b.trace_factor * run_s)
    left = handover_left(port)
    if left is not None:
        wall = min(wall, max(TRACE_MIN_S, TRACE_SHARE * left))
    per_test = b.trace_factor * port.per_test_s if port.per_test_s else None
    return wall, per_test


#: The fewest passing tests a selective traced run keeps (when the budget fits fewer).
MIN_NEAR = 10


def trace_selection(port: RepairPort) -> int | None:
    """How many passing tests the traced run keeps beside the failing ones; None: all of them.

    A traced run of the whole suite costs about ``budget.trace_factor`` x the baseline's
    seconds. When that fits in ``budget.trace_s`` (or the baseline's size, seconds or failing
    tests are unknown) every test is traced. Otherwise the traced run keeps the failing tests
    and the passing tests nearest them (:mod:`fixloop.repair.screen_trace` ranks them: same
    class, same file, tests naming what the failing tests call, tests importing the suspect
    files), as many as fit in ``trace_s`` at ``trace_factor`` x the baseline's mean seconds per
    test, at least :data:`MIN_NEAR`. more-itertools 11.2.1 (765 tests, 21,194 subtests, 173 s
    plain) timed out traced whole.

    Args:
        port: the run's port (``baseline_seconds``, ``baseline_tests``, ``baseline_failing``).

    Returns:
        the number of passing tests to keep, or None to trace every test.
    """
    b = port.budget
    if not port.baseline_failing or port.baseline_seconds <= 0 or port.baseline_tests <= 0:
        return None
    if b.trace_factor * port.baseline_seconds <= b.trace_s:
        return None
    mean = port.baseline_seconds / port.baseline_tests
    return max(MIN_NEAR, int(b.trace_s / (b.trace_factor * mean)))


#: Share of ``budget.trace_s`` one kept passing test of a selective traced run may take.
NEAR_SHARE = 0.1


def near_limit(port: RepairPort) -> float:
    """A selective traced run's per-test limit for the passing tests it keeps, seconds.

    ``NEAR_SHARE`` x ``budget.trace_s``, at least ``budget.test_min_s``: one neighbour test that
    is slow under the tracer (more-itertools' ``test_lcg_mitigation``: 190 s traced) is
    stopped and left out, instead of spending the whole selection's budget.
    """
    b = port.budget
    return max(b.test_min_s, NEAR_SHARE * b.trace_s)


def screen_per_test(port: RepairPort, spectrum: dict[str, Any]) -> float | None:
    """The per-test limit of the screening runs, seconds (None when the port sets none).

    ``budget.test_factor`` x the slowest test of the traced run that was not stopped
    (traced times overestimate plain ones), at least ``budget.test_min_s``, at most the
    run's per-test limit: a candidate that makes a test loop forever costs that much, not
    the run's whole limit. After a selective traced run (``spectrum["selected"]``) the run's
    per-test limit itself (the full suite's slowest test was not traced).
    """
    if not port.per_test_s:
        return None
    if spectrum.get("selected"):
        # the traced tests are a selection: a slower test outside it would be stopped in the
        # screening's full run (more-itertools: test_primes made the right fix breaks_suite)
        return float(port.per_test_s)
    b = port.budget
    hung = set(spectrum.get("hung", []))
    slowest = max(
        (
            float(d.get("seconds", 0.0))
            for t, d in spectrum.get("tests", {}).items()
            if t not in hung
        ),
        default=0.0,
    )
    return min(float(port.per_test_s), max(b.test_min_s, b.test_factor * slowest))


def suite_seconds(spectrum: dict[str, Any], per_test_s: float | None, full_s: float = 0.0) -> float:
    """The seconds of one full suite.

    The traced run's seconds, a stopped test counted at the screening per-test limit; when
    the traced run kept only some tests (``spectrum["selected"]``), at least ``full_s`` (the
    baseline's seconds: the whole suite, untraced).
    """
    tests = spectrum.get("tests", {})
    hung = [t for t in spectrum.get("hung", []) if t in tests]
    hung_s = sum(float(tests[t].get("seconds", 0.0)) for t in hung)
    total = float(spectrum.get("seconds", 1.0)) - hung_s + len(hung) * (per_test_s or 0.0)
    if spectrum.get("selected"):
        total = max(total, float(full_s))
    return max(0.05, total)


def screen_budget(
    port: RepairPort,
    spectrum: dict[str, Any],
    failing: Sequence[str],
    per_test_s: float | None,
    workers: int,
) -> float:
    """The screening budget, seconds.

    The time to screen ``budget.candidates`` candidates, each costing
    ``budget.overhead_s`` plus the traced seconds of the failing tests (a stopped test at
    ``per_test_s``), spread over ``workers``, plus two full suites (:func:`suite_seconds`: the
    calibration and a plausible candidate's full run); within ``[budget.min_s, budget_cap]``.
    """
    b = port.budget
    tests = spectrum.get("tests", {})
    hung = set(spectrum.get("hung", []))
    fail_s = 0.0
    for t in failing:
        d = tests.get(t, {})
        secs = float(d.get("seconds", 0.0))
        fail_s += (per_test_s or secs) if t in hung else secs
    per_candidate = b.overhead_s + fail_s
    suite_s = suite_seconds(spectrum, per_test_s, port.baseline_seconds)
    want = b.candidates * per_candidate / max(1, workers) + 2.0 * suite_s
    return max(b.min_s, min(budget_cap(port, suite_s), want))


def budget_cap(port: RepairPort, suite_s: float) -> float:
    """The most seconds a screening budget may be: ``budget.max_s`` plus two full suites.

    ``budget.max_s`` is for the candidates, the two suites are those every budget holds
    (``suite_s``: one full suite's seconds, :func:`suite_seconds`). A fixed cap let a long suite
    eat the candidates' share: arrow 1.3.0 (a 125 s suite: 250 s of the 600) screened 63 of 571
    candidates.
    """
    return port.budget.max_s + 2.0 * max(0.0, suite_s)


def rescaled_budget(
    port: RepairPort, seconds: Sequence[float], suite_s: float, workers: int
) -> float:
    """The screening budget sized again by what screening candidates measured, seconds.

    :func:`screen_budget` sizes the budget before any candidate ran, from the traced run's
    seconds of the failing tests; on a loaded machine a candidate may cost several times that
    (humanize 4.17.0: 1.2 s a candidate, 136 of 300 screened in the budget). This is the time
    to screen ``budget.candidates`` candidates at the median measured cost of one, over
    ``workers``, plus two full suites, within ``[budget.min_s, budget_cap]``.

    Args:
        port: the run's port (its ``budget``).
        seconds: the wall-clock seconds of each candidate screened so far (a candidate that
            reached the full suite included: the median is the usual candidate's cost).
        suite_s: seconds of one full suite (:func:`suite_seconds`).
        workers: candidates screened at once.

    Returns:
        the budget in seconds; ``budget.min_s`` when nothing was measured; with a run's
        deadline, at most the seconds from now the deadline leaves
        (:func:`fixloop.repair.handover.within_deadline`).
    """
    b = port.budget
    if not seconds:
        return within_deadline(port, b.min_s)
    per_candidate = sorted(seconds)[len(seconds) // 2]
    want = b.candidates * per_candidate / max(1, workers) + 2.0 * suite_s
    return within_deadline(port, max(b.min_s, min(budget_cap(port, suite_s), want)))


_IMPORT_LINE = re.compile(r"\b(ModuleNotFoundError|ImportError): ([^\n]{1,300})")


def import_failure(spectrum: dict[str, Any], baseline_output: str) -> str:
    """Why the traced run could not import the project, or "" when it could.

    The traced run in the scratch copy failed to import when an ``ImportError`` or
    ``ModuleNotFoundError`` line stops a collection or at least half of the failing tests,
    and that line is not in the baseline's output (where the same suite imported the project:
    a failing import of the baseline is a bug to repair, not an environment difference).

    Args:
        spectrum: the traced run's result (:meth:`fixloop.repair.screen.WarmScreener.localize`).
        baseline_output: the baseline run's output.

    Returns:
        the import error's line (``"ModuleNotFoundError: No module named 'pkg'"``), or "".
    """
    texts = [str(e) for e in spectrum.get("collect_errors", [])]
    failed = [
        str(d.get("message", ""))
        for d in spectrum.get("tests", {}).values()
        if d.get("outcome") == "failed"
    ]
    found = [m.group(0).strip() for t in texts for m in [_IMPORT_LINE.search(t)] if m]
    hits = [m.group(0).strip() for t in failed for m in [_IMPORT_LINE.search(t)] if m]
    if failed and len(hits) * 2 >= len(failed):
        found += hits
    for line in found:
        if line.split(": ", 1)[1] not in baseline_output:
            return line
    return ""
