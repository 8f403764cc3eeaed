"""The first runs of a Ray eval on this machine while its new local cluster starts.

A new local Ray cluster takes seconds to start (its GCS, raylet, agents and workers: 6 to 11 s
measured on a loaded 2-core machine, about 3.5 CPU-seconds) and that cluster is this machine. So while it
starts, :class:`LocalHead` runs the eval's first runs here, in the driver, exactly as the local
executor runs them (:func:`fixloop.eval.runner.run_spec`: the same temporary repository, agent
process with ``FIXLOOP_CPUS`` = ``--cpus-per-run``, sandbox and record), at most as many at once
as the cluster will have CPUs for; the Ray executor (:func:`fixloop.eval.rayexec.run_on_ray`)
hands the rest to the cluster once it is up, keeping the runs at once within the machine's
cores until the local ones have ended. Joining an existing cluster (``--ray-address``, or one
this process already joined) never runs anything here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from fixloop.errors import SandboxUnavailable
from fixloop.eval.agentproc import EvalInterrupted, ProcessRegistry
from fixloop.eval.runner import RunParams, RunSpec, run_spec


class LocalHead:
    """Runs specs in this process (threads) while a local cluster starts.

    Args:
        params: what every run shares.
        slots: runs at once (the cluster's CPUs over ``--cpus-per-run``).
        cpu_budget: each run's ``FIXLOOP_CPUS`` (``--cpus-per-run``, as a Ray task gets it).
        on_record: called in the driver thread with each finished record.

    A machine where the sandbox cannot start runs nothing here (:attr:`slots` 0): the Ray tasks
    then fail with status ``error`` and the reason, as on any worker without bubblewrap.
    """

    def __init__(
        self,
        params: RunParams,
        *,
        slots: int,
        cpu_budget: int,
        on_record: Callable[[dict[str, Any]], None],
    ) -> None:
        from fixloop.sandbox import make_sandbox

        self.params = params
        self.cpu_budget = cpu_budget
        self.on_record = on_record
        self.registry = ProcessRegistry()
        self._futures: set[Future[dict[str, Any]]] = set()
        try:
            kind = params.sandbox_kind
            self.sandbox: Any = make_sandbox(kind, allow_unsandboxed=kind == "none")
            self.slots = max(0, slots)
        except SandboxUnavailable:
            self.sandbox, self.slots = None, 0
        self._pool = ThreadPoolExecutor(max_workers=max(1, self.slots))

    @property
    def in_flight(self) -> int:
        """Runs started here that have not been collected yet."""
        return len(self._futures)

    def fill(self, queue: deque[RunSpec]) -> None:
        """Start runs from the front of ``queue`` until :attr:`slots` are busy."""
        while queue and len(self._futures) < self.slots:
            spec = queue.popleft()
            self._futures.add(
                self._pool.submit(
                    run_spec,
                    spec,
                    self.params,
                    sandbox=self.sandbox,
                    registry=self.registry,
                    cpu_budget=self.cpu_budget,
                )
            )

    def collect(self, timeout_s: float) -> None:
        """Hand the records of runs that ended (waiting up to ``timeout_s``) to ``on_record``.

        Raises:
            UsageError: an agent refused its arguments (the caller stops the eval).
        """
        if not self._futures:
            return
        done, _ = wait(self._futures, timeout=timeout_s, return_when=FIRST_COMPLETED)
        for fut in done:
            self._futures.discard(fut)
            try:
                rec = fut.result()
            except EvalInterrupted:
                continue
            self.on_record(rec)

    def run_until(self, queue: deque[RunSpec], ready: Callable[[float], bool]) -> None:
        """Run specs from ``queue`` here until ``ready(timeout_s)`` says the cluster is up.

        Returns early, too, when nothing is left to start or to collect.
        """
        while not ready(0.0):
            self.fill(queue)
            if not self._futures:
                return
            self.collect(0.2)

    def stop(self) -> None:
        """Ctrl-C or an error: the runs not started are dropped, every live agent is killed."""
        from fixloop.sandbox import kill_all_children

        for fut in self._futures:
            fut.cancel()
        self.registry.kill_all()
        kill_all_children()

    def close(self) -> None:
        """Wait for the threads (after :meth:`stop`, or once every run was collected)."""
        self._pool.shutdown(wait=True)


def capacity(cores: int, cpus_per_run: int) -> int:
    """Runs at once on a machine of ``cores`` cores at ``cpus_per_run`` each (at least 1)."""
    return max(1, cores // max(1, cpus_per_run))


__all__ = ["LocalHead", "capacity"]
