"""The local executor: up to ``--jobs`` runs at once on this machine, within the eval's cores.

The eval's CPU budget is ``jobs`` x ``--cpus-per-run`` cores (default per run: usable cores //
jobs), the cores of :func:`fixloop.cpus.eval_cores`. Each run's agent process (and every process
it starts) and the eval's thread that runs it (the task repository, the hidden-test scoring, the
page) are pinned to that whole pool, and its own parallel work is sized by ``FIXLOOP_CPUS`` =
``--cpus-per-run`` (the repair engine's screening workers), so runs side by side do not fight
over the cores, and a core a run leaves idle (while it waits, or at the end of the eval when no
run is left to start) serves the runs still going instead of idling. ``--jobs 1 --cpus-per-run
1`` stays on one core. With ``FIXLOOP_EVAL_PIN=slot`` (:func:`fixloop.cpus.pin_mode`) each pool
thread instead keeps one slot of :func:`fixloop.cpus.core_slots` for its runs (the agent and the
thread): no run's processes migrate onto another's core, and a core idles when its run waits
(``benchmarks/eval_scale.py`` measures both). Records are handed to ``on_record`` as each run
finishes, in the calling thread.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from fixloop import cpus
from fixloop.eval.agentproc import EvalInterrupted, ProcessRegistry
from fixloop.eval.runner import RunParams, RunSpec, run_spec


def run_local(
    specs: Sequence[RunSpec],
    params: RunParams,
    *,
    sandbox: Any,
    jobs: int,
    cpus_per_run: int | None,
    on_record: Callable[[dict[str, Any]], None],
) -> None:
    """Run ``specs`` with up to ``jobs`` at once; call ``on_record(record)`` as each ends.

    Ctrl-C (or any error) cancels the runs not started, SIGKILLs every live agent process group
    and the sandbox's children, and propagates; runs cut short are not recorded.

    Args:
        specs: the runs, in the order to start them.
        params: what every run shares.
        sandbox: the scoring :class:`fixloop.sandbox.Sandbox`.
        jobs: runs at once (at least 1).
        cpus_per_run: each run's CPU budget (``FIXLOOP_CPUS``); None: usable cores // jobs (at
            least 1). The runs share the pool of ``jobs`` x ``cpus_per_run`` cores
            (:func:`fixloop.cpus.eval_cores`).
        on_record: called in this thread with each finished run's record.

    Raises:
        UsageError: an agent refused its arguments (every other run is stopped).
        KeyboardInterrupt: the user interrupted the eval.
    """
    from fixloop.sandbox import kill_all_children

    registry = ProcessRegistry()
    per_run = cpus_per_run or max(1, len(cpus.usable_cpus()) // jobs)
    cores = cpus.eval_cores(jobs, per_run)
    slots = cpus.core_slots(jobs, per_run) if cpus.pin_mode() == "slot" else None
    mine = threading.local()  # slot mode: a pool thread keeps the slot it took first
    taken = itertools.count()

    def one(spec: RunSpec) -> dict[str, Any]:
        # this thread too (its task repository, hidden-test scoring and page; the threads and
        # processes it starts inherit it): --jobs 1 --cpus-per-run 1 is ONE core, scoring too
        run_cores = cores
        if slots is not None:
            if not hasattr(mine, "cores"):
                mine.cores = slots[next(taken) % len(slots)]
            run_cores = mine.cores
        cpus.pin(0, run_cores)
        return run_spec(
            spec, params, sandbox=sandbox, registry=registry, cores=run_cores, cpu_budget=per_run
        )

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures: list[Future[dict[str, Any]]] = [pool.submit(one, s) for s in specs]
        index = {f: i for i, f in enumerate(futures)}
        try:
            remaining = set(futures)
            while remaining:
                done, remaining = wait(remaining, timeout=0.5, return_when=FIRST_COMPLETED)
                # runs that ended between two waits: in the order they were started (a set's
                # order would shuffle the records of runs that ended together)
                for fut in sorted(done, key=index.__getitem__):
                    try:
                        rec = fut.result()
                    except EvalInterrupted:
                        continue
                    on_record(rec)
        except BaseException:
            for f in futures:
                f.cancel()
            registry.kill_all()
            kill_all_children()
            raise


__all__ = ["run_local"]
