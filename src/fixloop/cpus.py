"""The CPU budget of this process: how many cores its parallel work may use.

``fixloop eval`` gives each run a budget (``--cpus-per-run``, default cores / jobs) and exports it
as ``FIXLOOP_CPUS``; it pins the runs' agent processes to the eval's pool of ``jobs`` x budget
cores (:func:`eval_cores`; their children inherit the affinity). Parallel work inside a run (the
repair engine's screening workers) sizes itself with :func:`cpu_budget`, so two runs side by side
do not fight over the cores, and a core one run leaves idle serves the other.
"""

from __future__ import annotations

import os

ENV = "FIXLOOP_CPUS"
PIN_ENV = "FIXLOOP_EVAL_PIN"
"""How the local executor pins runs: ``pool`` (default: every run on the eval's pool of
cores) or ``slot`` (each parallel job on its own slot of :func:`core_slots`, as
``benchmarks/eval_scale.py`` compares: no run migrates onto the other's cores)."""


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


def eval_cores(jobs: int, per_run: int, cores: list[int] | None = None) -> list[int]:
    """The cores an eval of ``jobs`` runs at once, ``per_run`` cores each, may use: its pool.

    The union of :func:`core_slots`: ``jobs * per_run`` cores while there are enough, else
    every core. Each run is pinned to the whole pool and sizes its own parallel work by
    ``per_run`` (``FIXLOOP_CPUS``): a core one run leaves idle serves the others (the last run
    of an eval, alone at the end, is not held to its own slot), while ``--jobs 1
    --cpus-per-run 1`` stays on one core.

    Args:
        jobs: parallel runs (at least 1).
        per_run: each run's CPU budget in cores (at least 1).
        cores: the cores to share (default :func:`usable_cpus`).

    Returns:
        the pool's core numbers, sorted.

    Raises:
        ValueError: ``jobs`` or ``per_run`` below 1.
    """
    return sorted({c for slot in core_slots(jobs, per_run, cores) for c in slot})


def pin_mode() -> str:
    """``slot`` when ``FIXLOOP_EVAL_PIN`` says so (any case, spaces ignored), else ``pool``."""
    return "slot" if os.environ.get(PIN_ENV, "").strip().lower() == "slot" else "pool"


def pin(pid: int, cores: list[int]) -> bool:
    """Restrict process ``pid`` (and the children it starts afterwards) to ``cores``.

    ``pid`` 0 is the calling thread: the threads and processes it starts afterwards inherit
    the restriction, the process's other threads keep theirs.

    Returns:
        False when the platform cannot (no affinity call, or the process is gone).
    """
    try:
        os.sched_setaffinity(pid, cores)
        return True
    except (AttributeError, OSError):
        return False
