"""The local executor: up to ``--jobs`` runs at once on this machine, each on its own cores.

Each live job holds one slot of cores (:func:`fixloop.cpus.core_slots`; ``--cpus-per-run``,
default usable cores // jobs): its agent process is pinned to them and gets ``FIXLOOP_CPUS``, so
two runs side by side never fight over the same cores. Records are handed to ``on_record`` as
each run finishes, in the calling thread.
"""

from __future__ import annotations

import queue
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
        cpus_per_run: cores per run; None: usable cores // jobs (at least 1).
        on_record: called in this thread with each finished run's record.

    Raises:
        UsageError: an agent refused its arguments (every other run is stopped).
        KeyboardInterrupt: the user interrupted the eval.
    """
    from fixloop.sandbox import kill_all_children

    registry = ProcessRegistry()
    per_run = cpus_per_run or max(1, len(cpus.usable_cpus()) // jobs)
    slots: queue.SimpleQueue[list[int]] = queue.SimpleQueue()
    for cores in cpus.core_slots(jobs, per_run):
        slots.put(cores)

    def in_slot(spec: RunSpec) -> dict[str, Any]:
        cores = slots.get()  # one slot per live job: runs side by side get disjoint cores
        try:
            return run_spec(spec, params, sandbox=sandbox, registry=registry, cores=cores)
        finally:
            slots.put(cores)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures: list[Future[dict[str, Any]]] = [pool.submit(in_slot, s) for s in specs]
        try:
            remaining = set(futures)
            while remaining:
                done, remaining = wait(remaining, timeout=0.5, return_when=FIRST_COMPLETED)
                for fut in done:
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
