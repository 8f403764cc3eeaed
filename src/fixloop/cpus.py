"""The CPU budget of this process: how many cores its parallel work may use.

``fixloop eval`` gives each run a budget (``--cpus-per-run``, default cores / jobs): it pins the
run's agent process to that many cores (its children inherit the affinity) and exports
``FIXLOOP_CPUS``. Parallel work inside a run (the repair engine's screening workers) sizes
itself with :func:`cpu_budget`, so two runs side by side never fight over the same cores.
"""

from __future__ import annotations

import os

ENV = "FIXLOOP_CPUS"


def usable_cpus() -> list[int]:
    """The cores this process may run on (its affinity), in order.

    Falls back to ``range(os.cpu_count())`` where the platform has no affinity call.
    """
    try:
        return sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return list(range(os.cpu_count() or 1))


def cpu_budget() -> int:
    """Cores this process's parallel work may use: at least 1.

    ``FIXLOOP_CPUS`` when it holds a positive integer (capped by the usable cores), else the
    number of usable cores.
    """
    n = len(usable_cpus())
    raw = os.environ.get(ENV, "").strip()
    if raw.isdigit() and int(raw) > 0:
        return max(1, min(int(raw), n))
    return max(1, n)


def core_slots(jobs: int, per_run: int, cores: list[int] | None = None) -> list[list[int]]:
    """One set of cores per parallel job: ``jobs`` sets of ``per_run`` cores each.

    Consecutive cores are handed out in turn; when ``jobs * per_run`` exceeds the cores the
    sets wrap around and share (the budget is then a cap, not a reservation).

    Args:
        jobs: parallel runs (at least 1).
        per_run: cores per run (at least 1).
        cores: the cores to share (default :func:`usable_cpus`).

    Returns:
        ``jobs`` lists of core numbers.

    Raises:
        ValueError: ``jobs`` or ``per_run`` below 1.
    """
    if jobs < 1 or per_run < 1:
        raise ValueError("jobs and per_run must be at least 1")
    pool = cores if cores is not None else usable_cpus()
    per_run = min(per_run, len(pool))
    return [[pool[(j * per_run + k) % len(pool)] for k in range(per_run)] for j in range(jobs)]


def pin(pid: int, cores: list[int]) -> bool:
    """Restrict process ``pid`` (and the children it starts afterwards) to ``cores``.

    Returns:
        False when the platform cannot (no affinity call, or the process is gone).
    """
    try:
        os.sched_setaffinity(pid, cores)
        return True
    except (AttributeError, OSError):
        return False
