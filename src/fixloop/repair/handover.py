"""The run's deadline in the repair engine: hand the best plausible patch over while the gate can run.

The engine's analysis is one model call of the run (:class:`fixloop.models.repair.RepairModel`);
after it the adapter applies the chosen patch, checks it with ``run_tests`` and ends its turn,
and the gate runs the suite itself in a fresh checkout (a full run, the repeats of the failing
tests, the perturbed run, the second opinion). All of that must fit in the run's wall-clock
budget (``budgets.max_wall_s``, and the shared budget of ``--attempts``): an analysis that takes
the whole budget leaves a gate that cannot verify (arrow 1.3.0, 2 December: the analysis used the
run's 1,800 s before the gate ran).

The session gives the run's deadline to the model (:attr:`fixloop.types.ModelContext.deadline`,
the gate's own deadline, a ``time.monotonic()`` value); the adapter puts it in the port
(:attr:`fixloop.repair.port.RepairPort.deadline`, read on ``port.clock``). The *hand-over point*
is that deadline less :func:`gate_reserve`, what the run needs after the analysis, sized by the
baseline's seconds (the measured cost of one full suite). Then:

- :func:`within_deadline`: a screening budget (derived, rescaled by
  :func:`fixloop.repair.budgets.rescaled_budget`, or given) is cut so that
  screening and the judge (:mod:`.overfit`) end by the hand-over point, the judge's share kept;
- :func:`second_room`: when the first round found nothing plausible, the second round may
  screen up to the hand-over point (the run's time, not only the engine's own budget);
- :func:`past_budget`: the few completions screened past the budget (:mod:`.siblings`) get no
  more than what is left before the hand-over point;
- :func:`judge_room`: the judge's traced runs are skipped when the hand-over point has passed
  (the plausible patches keep their screening order);
- :func:`fixloop.repair.budgets.trace_limits` caps every traced run (localization, the judge's)
  at a share of what is left.

Without a deadline (``port.deadline`` None: the engine used alone, a run without a wall budget)
every function returns its input: the engine's budgets are its own.
"""

from __future__ import annotations

from typing import Any

from fixloop.repair.port import RepairPort

#: full suites the run needs after the analysis, at the baseline's seconds: the adapter's check
#: of the failing tests' file, the gate's full run, and its re-runs of the failing tests (repeats,
#: perturbed run, second opinion; each a pytest start and a collection) together
GATE_SUITES = 3.0

#: seconds the run needs after the analysis beyond the suites: the gate's checkouts, its policy
#: checks, applying the patch through the tools
GATE_OVERHEAD_S = 30.0

#: share of the time left before the hand-over point kept for the judge's traced runs
JUDGE_SHARE = 0.25

#: the judge's traced runs kept for (at most ``JUDGE_SHARE`` of what is left)
JUDGE_TRACES = 3


def gate_reserve(port: RepairPort) -> float:
    """Seconds the run needs after the analysis: ``GATE_OVERHEAD_S`` + ``GATE_SUITES`` suites.

    A suite counts at the baseline's seconds (``port.baseline_seconds``, the run's own measure
    on this machine under its present load; 0 when unknown).
    """
    return GATE_OVERHEAD_S + GATE_SUITES * max(0.0, float(port.baseline_seconds))


def handover_left(port: RepairPort) -> float | None:
    """Seconds from now (``port.clock()``) to the hand-over point; None without a deadline.

    Negative once the hand-over point has passed.
    """
    if port.deadline is None:
        return None
    return float(port.deadline) - gate_reserve(port) - float(port.clock())


def within_deadline(
    port: RepairPort,
    budget_s: float,
    spectrum: dict[str, Any] | None = None,
    notes: list[str] | None = None,
) -> float:
    """A screening budget cut so that screening and the judge end by the hand-over point.

    The judge keeps ``JUDGE_SHARE`` of the time left, at most ``JUDGE_TRACES`` traced runs at
    the localization run's seconds (``spectrum["seconds"]``) when the spectrum is given.

    Args:
        port: the run's port (``deadline``, ``clock``, ``baseline_seconds``).
        budget_s: the screening budget, seconds from now.
        spectrum: the localization run's spectrum (its ``seconds``), or None.
        notes: the analysis's notes; a cut is said there (None: not said).

    Returns:
        ``budget_s``, or less (never below 0) when the deadline leaves less.
    """
    left = handover_left(port)
    if left is None:
        return budget_s
    judge_s = JUDGE_SHARE * max(0.0, left)
    if spectrum is not None:
        judge_s = min(judge_s, JUDGE_TRACES * float(spectrum.get("seconds", 0.0) or 0.0))
    room = max(0.0, left - judge_s)
    if room >= budget_s:
        return budget_s
    if notes is not None:
        notes.append(
            f"screening budget cut to {room:.0f} s (from {budget_s:.0f} s) by the run's deadline: "
            f"the gate needs about {gate_reserve(port):.0f} s after the analysis"
        )
    return room


def second_room(
    port: RepairPort, spectrum: dict[str, Any] | None = None, notes: list[str] | None = None
) -> float:
    """Seconds the second round may screen when the first found nothing plausible.

    Up to the hand-over point, the judge's share kept (:func:`within_deadline`): with the run's
    deadline known, a search that has found nothing goes on while the run has time (simplejson
    3.20.1, 3 December, loaded: the right candidate #170 not reached when the budget of 371 s
    ran out at 143 screened, 1,260 s of the run's 1,800 s unused). The candidate cap
    (``RepairEngine.max_candidates``) still ends it.

    Args:
        port: the run's port.
        spectrum: the localization run's spectrum (the judge's share), or None.
        notes: the analysis's notes; the extension is said there.

    Returns:
        seconds from now; 0 without a deadline or past the hand-over point.
    """
    if handover_left(port) is None:
        return 0.0
    room = within_deadline(port, float("inf"), spectrum)
    if room > 0 and notes is not None:
        notes.append(
            f"nothing plausible yet: screening may go on {room:.0f} s, to the run's deadline"
        )
    return room


def past_budget(port: RepairPort, need_s: float) -> float:
    """Seconds a screening past the budget may take: ``need_s``, at most what is left.

    Args:
        port: the run's port.
        need_s: the seconds wanted (the measured cost of the candidates to screen).

    Returns:
        ``need_s`` without a deadline, else at most the seconds to the hand-over point (>= 0).
    """
    left = handover_left(port)
    return need_s if left is None else max(0.0, min(need_s, left))


def judge_room(port: RepairPort, notes: list[str] | None = None) -> bool:
    """Whether the judge's traced runs may start: no deadline, or the hand-over point is ahead.

    Args:
        port: the run's port.
        notes: the analysis's notes; a skipped judge is said there.
    """
    left = handover_left(port)
    if left is None or left > 0:
        return True
    if notes is not None:
        notes.append("plausible patches not compared: the run's deadline leaves the gate no room")
    return False
