"""The Ray executor: each (task, epoch, variant) is one Ray task on a Ray cluster.

``fixloop eval SUITE --executor ray [--ray-address ADDR] [--cpus-per-run N]`` joins the cluster
``ray.init(address=ADDR)`` reaches (``auto``, ``HOST:PORT``, ``ray://HOST:PORT``; without an
address, the cluster this process already joined, else a new local one) and submits one task
per run with ``num_cpus=N`` (default 1). Ray is an optional dependency
(``pip install 'fixloop[ray]'``); without it :func:`require_ray` says how to install it.

What crosses the wire (no shared file system is assumed):

- to the workers: the suite folder as one gzip'd tar in Ray's object store (put once, fetched
  once per node and unpacked into a cache folder named by its SHA-256, removed again when the
  eval ends: :mod:`fixloop.eval.raycache`), the user's config as text, the run's variant and
  the shared :class:`fixloop.eval.runner.RunParams`;
- back: the run record and the run's log folder (agent output, test logs, trajectory) as a tar,
  unpacked into ``OUT/runs/...`` exactly where the local executor writes it; paths inside the
  record are rewritten to that folder, so the records equal the local executor's but for
  timings.

Each run on a worker is :func:`fixloop.eval.runner.run_one`, as locally: its own temporary
repository, its own agent process with ``FIXLOOP_CPUS=N``, its own sandbox. A worker where the
sandbox cannot start (no bubblewrap) fails its runs with status ``error`` and the reason; it
never runs anything unsandboxed. Records are handed to ``on_record`` as runs finish
(``ray.wait``), so ``runs.jsonl`` grows as they do and resume works as for the local executor.
On Ctrl-C every outstanding task is cancelled (a running one gets KeyboardInterrupt, which
:func:`fixloop.eval.agentproc.run_agent` sees within
:data:`~fixloop.eval.agentproc.WAIT_SLICE_S`: it kills the agent's process group, and the run's
temporary folders are removed as the task unwinds); finished records stay.

Joining the cluster (a bad address fails within seconds, ``--quiet`` silences Ray) is
:mod:`fixloop.eval.rayconnect`; while a new local cluster starts (it is this machine), the first
runs run in this process (:mod:`fixloop.eval.rayhead`), the rest as Ray tasks once it is up. Workers need fixloop and its dependencies installed (the same
version), plus bubblewrap.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import shutil
import tarfile
import tempfile
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fixloop.errors import SandboxUnavailable, UsageError
from fixloop.eval.agentproc import KILL_GRACE_S
from fixloop.eval.raycache import release_suite, suite_in_use, unpack
from fixloop.eval.rayconnect import EarlyConnect, connect
from fixloop.eval.runner import RunParams, RunSpec, run_spec
from fixloop.eval.suite import IGNORED_DIRS, Suite, load_suite
from fixloop.eval.variants import Variant

#: Seconds the end-of-eval clean-up waits for the nodes (:func:`release_everywhere`).
RELEASE_TIMEOUT_S = 15.0

#: What a missing Ray says.
INSTALL_HINT = "--executor ray needs Ray: pip install 'fixloop[ray]' (or pip install ray)"


def require_ray() -> None:
    """Check that Ray can be imported.

    Raises:
        UsageError: it cannot; the message says how to install it.
    """
    try:
        import ray  # noqa: F401
    except ImportError:
        raise UsageError(INSTALL_HINT) from None


# --------------------------------------------------------------------------------------------
# Folders as bytes
# --------------------------------------------------------------------------------------------


def pack_folder(root: Path, *, skip: frozenset[str] = IGNORED_DIRS) -> bytes:
    """``root``'s files as a gzip'd tar (paths relative to ``root``; folders in ``skip`` left out).

    Members are added in sorted order with fixed times and owners, so the same files give the
    same bytes (and the same digest).

    Raises:
        OSError: a file cannot be read.
    """
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz", compresslevel=6) as tar:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if any(part in skip for part in rel.parts) or not (path.is_file() or path.is_dir()):
                continue
            info = tar.gettarinfo(str(path), arcname=rel.as_posix())
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            if info.isfile():
                with path.open("rb") as fh:
                    tar.addfile(info, fh)
            else:
                tar.addfile(info)
    return buf.getvalue()


# --------------------------------------------------------------------------------------------
# On the worker
# --------------------------------------------------------------------------------------------


def error_record(task: str, kind: str, epoch: int, variant: Variant, error: str) -> dict[str, Any]:
    """The record of a run that could not start on its worker: status ``error``, the reason."""
    return {
        "task": task,
        "kind": kind,
        "epoch": epoch,
        "model": variant.model,
        "variant": variant.name,
        "status": "error",
        "error": error[:500],
        "resolved": False,
        "overfit": False,
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def worker_run(
    suite_blob: bytes,
    digest: str,
    task_id: str,
    epoch: int,
    variant: dict[str, Any],
    params: dict[str, Any],
    user_config_text: str | None,
    cpu_budget: int,
) -> dict[str, Any]:
    """One run on a Ray worker (the body of the Ray task; plain arguments only).

    Args:
        suite_blob: the suite as :func:`pack_folder` bytes (Ray resolves the object reference).
        digest: its SHA-256 (the node's cache key).
        task_id: the task.
        epoch: the epoch.
        variant: :meth:`fixloop.eval.variants.Variant.to_json`.
        params: :class:`fixloop.eval.runner.RunParams` fields but ``user_config``.
        user_config_text: the user's config file's text, or None.
        cpu_budget: the task's ``num_cpus``, given to the agent as ``FIXLOOP_CPUS``.

    Returns:
        ``{"record": the run record, "logs": the run folder as pack_folder bytes,
        "run_dir": the worker's run folder (to rewrite paths), "node": the worker's host}``.

    Raises:
        UsageError: the agent refused its arguments (the driver stops the eval).
    """
    with suite_in_use(suite_blob, digest) as folder:
        return _run_on_worker(folder, task_id, epoch, variant, params, user_config_text, cpu_budget)


def _run_on_worker(
    folder: Path,
    task_id: str,
    epoch: int,
    variant: dict[str, Any],
    params: dict[str, Any],
    user_config_text: str | None,
    cpu_budget: int,
) -> dict[str, Any]:
    """:func:`worker_run` once the suite is unpacked in ``folder`` (and held there)."""
    import socket

    from fixloop.sandbox import make_sandbox

    suite = load_suite(folder)
    task = next(t for t in suite.tasks if t.id == task_id)
    var = Variant(name=variant["name"], model=variant["model"], settings=variant["settings"])
    tmp = Path(tempfile.mkdtemp(prefix="fixloop-ray-run-"))
    try:
        user_config = None
        if user_config_text is not None:
            user_config = tmp / "user-config.toml"
            user_config.write_text(user_config_text, encoding="utf-8")
        run_dir = tmp / "run"
        kind = params["sandbox_kind"]
        try:
            sandbox = make_sandbox(kind, allow_unsandboxed=kind == "none")
        except SandboxUnavailable as exc:
            rec = error_record(
                task.id, task.kind, epoch, var, f"no sandbox on {socket.gethostname()}: {exc}"
            )
            return {"record": rec, "logs": b"", "run_dir": str(run_dir), "node": ""}
        run_params = RunParams(**params, user_config=user_config)
        rec = run_spec(
            RunSpec(task, epoch, var, run_dir), run_params, sandbox=sandbox, cpu_budget=cpu_budget
        )
        logs = pack_folder(run_dir) if run_dir.is_dir() else b""
        return {
            "record": rec,
            "logs": logs,
            "run_dir": str(run_dir),
            "node": socket.gethostname(),
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --------------------------------------------------------------------------------------------
# On the driver
# --------------------------------------------------------------------------------------------


def _rewrite(value: Any, old: str, new: str) -> Any:
    """``value`` with every string starting with ``old`` moved under ``new`` (recursively)."""
    if isinstance(value, str) and value.startswith(old):
        return new + value[len(old) :]
    if isinstance(value, list):
        return [_rewrite(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _rewrite(v, old, new) for k, v in value.items()}
    return value


def land(result: Mapping[str, Any], run_dir: Path) -> dict[str, Any]:
    """A worker's result on this machine: its logs in ``run_dir``, its record's paths there."""
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    if result.get("logs"):
        unpack(result["logs"], run_dir)
    return _rewrite(dict(result["record"]), str(result["run_dir"]), str(run_dir))


def run_on_ray(
    specs: Sequence[RunSpec],
    params: RunParams,
    *,
    suite: Suite,
    address: str | None,
    cpus_per_run: int,
    on_record: Callable[[dict[str, Any]], None],
    runtime_env: Mapping[str, Any] | None = None,
    quiet: bool = False,
    connection: EarlyConnect | None = None,
) -> None:
    """Run ``specs`` as Ray tasks; call ``on_record(record)`` as each finishes.

    Args:
        specs: the runs (their ``run_dir`` is where their logs land on this machine).
        params: what every run shares (``user_config`` is sent as text).
        suite: the loaded suite (its folder is shipped through the object store).
        address: ``ray.init``'s address (None: the cluster already joined, else a local one).
        cpus_per_run: each task's ``num_cpus`` and the agent's ``FIXLOOP_CPUS``.
        on_record: called in this thread with each finished run's record.
        runtime_env: a Ray runtime environment for the tasks (e.g. ``{"env_vars": {...}}``),
            or None.
        quiet: Ray's own notices off (``--quiet``; see :func:`fixloop.eval.rayconnect.connect`).
        connection: a join already under way (:class:`fixloop.eval.rayconnect.EarlyConnect`,
            started by :func:`fixloop.eval.runner.run_eval` before its own preparation); the
            suite is packed while it finishes, and while it starts a new local cluster the
            first runs run on this machine (:class:`fixloop.eval.rayhead.LocalHead`, within
            the cluster's CPUs). None: join here (``address``, ``quiet``).

    Raises:
        UsageError: Ray is missing, ``address`` is malformed or no cluster answers there
            (within :data:`fixloop.eval.rayconnect.CONNECT_TIMEOUT_S`), or an agent refused its
            arguments (the rest is cancelled).
        EnvironmentFailure: a new local cluster cannot start.
        KeyboardInterrupt: the user interrupted the eval (outstanding tasks are cancelled).
    """
    require_ray()
    import ray

    blob = pack_folder(suite.path)  # while an early join (connection) may still be under way
    digest = hashlib.sha256(blob).hexdigest()
    queue = deque(specs)
    head = None
    if connection is not None and connection.starts_local:  # the cluster is this machine
        from fixloop.cpus import usable_cpus
        from fixloop.eval.rayhead import LocalHead, capacity

        slots = capacity(len(usable_cpus()), cpus_per_run)
        head = LocalHead(params, slots=slots, cpu_budget=cpus_per_run, on_record=on_record)
        try:
            head.run_until(queue, connection.wait_ready)
        except BaseException:
            head.stop()
            head.close()
            raise
    try:
        started = connection.result() if connection is not None else connect(address, quiet=quiet)
    except BaseException:
        if head is not None:
            head.stop()
            head.close()
        raise
    try:
        blob_ref = ray.put(blob)
        user_text = None
        if params.user_config is not None and params.user_config.is_file():
            user_text = params.user_config.read_text(encoding="utf-8")
        shared = {f.name: getattr(params, f.name) for f in dataclasses.fields(params)}
        shared.pop("user_config")
        shared["agent_cmd"] = list(shared["agent_cmd"]) if shared["agent_cmd"] else None
        shared["extra_args"] = tuple(shared["extra_args"])
        shared["budgets"] = dict(shared["budgets"])
        options: dict[str, Any] = {"num_cpus": cpus_per_run, "max_retries": 0}
        if runtime_env:
            options["runtime_env"] = dict(runtime_env)
        remote = ray.remote(worker_run).options(**options)
        refs: dict[Any, RunSpec] = {}
        pending: list[Any] = []

        def top_up() -> None:
            """Submit what is queued; while runs started here live, only into free CPUs."""
            room = len(queue)
            if head is not None and head.in_flight:
                room = max(0, head.slots - head.in_flight - len(pending))
            for _ in range(min(room, len(queue))):
                s = queue.popleft()
                ref = remote.remote(
                    blob_ref,
                    digest,
                    s.task.id,
                    s.epoch,
                    s.variant.to_json(),
                    shared,
                    user_text,
                    cpus_per_run,
                )
                refs[ref] = s
                pending.append(ref)

        try:
            top_up()
            while pending or queue or (head is not None and head.in_flight):
                local = head is not None and head.in_flight > 0
                if pending:
                    done, pending[:] = ray.wait(
                        pending, num_returns=1, timeout=0.2 if local else 0.5
                    )
                    for ref in done:
                        on_record(_collect(ray, ref, refs[ref]))
                if head is not None:
                    head.collect(0.0 if pending else 0.2)
                top_up()
        except BaseException:
            for ref in pending:
                ray.cancel(ref)  # KeyboardInterrupt in the task: its agent's group is killed
            if head is not None:
                head.stop()
            if pending:
                ray.wait(pending, num_returns=len(pending), timeout=KILL_GRACE_S)
            raise
    finally:
        try:
            if head is not None:
                head.close()
            release_everywhere(ray, digest, runtime_env)
        finally:
            if started:
                ray.shutdown()
            if connection is not None:
                connection.release()


def release_everywhere(
    ray: Any,
    digest: str,
    runtime_env: Mapping[str, Any] | None = None,
    timeout_s: float = RELEASE_TIMEOUT_S,
) -> int:
    """Remove the suite ``digest`` from every live node where no task uses it any more.

    One task per node (``num_cpus=0``, pinned there with Ray's
    ``NodeAffinitySchedulingStrategy``) runs :func:`fixloop.eval.raycache.release_suite`.

    Args:
        ray: the ``ray`` module (joined to the cluster).
        digest: the suite tar's SHA-256.
        runtime_env: the eval tasks' runtime environment (the same temporary folder).
        timeout_s: how long to wait for the nodes, seconds (a node that does not answer in
            time keeps its copy).

    Returns:
        how many nodes reported the suite removed (or never there).
    """
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    options: dict[str, Any] = {"num_cpus": 0, "max_retries": 0}
    if runtime_env:
        options["runtime_env"] = dict(runtime_env)
    release = ray.remote(release_suite)
    refs = [
        release.options(
            scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False),
            **options,
        ).remote(digest)
        for node in ray.nodes()
        if node.get("Alive")
    ]
    done, _ = ray.wait(refs, num_returns=len(refs), timeout=timeout_s)
    removed = 0
    for ref in done:
        with contextlib.suppress(ray.exceptions.RayError):
            removed += bool(ray.get(ref))
    return removed


def _collect(ray: Any, ref: Any, spec: RunSpec) -> dict[str, Any]:
    """The record of a finished Ray task (a task that raised is a record, unless it refused).

    Raises:
        UsageError: the agent refused its arguments on the worker.
    """
    try:
        result = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        if isinstance(cause, UsageError):
            raise UsageError(str(cause)) from None
        msg = f"Ray task failed: {type(cause).__name__ if cause else 'error'}: {cause or exc}"
        return error_record(spec.task.id, spec.task.kind, spec.epoch, spec.variant, msg)
    except ray.exceptions.RayError as exc:  # a worker or node died
        msg = f"Ray task lost: {type(exc).__name__}: {exc}"
        return error_record(spec.task.id, spec.task.kind, spec.epoch, spec.variant, msg)
    return land(result, spec.run_dir)


__all__ = [
    "INSTALL_HINT",
    "RELEASE_TIMEOUT_S",
    "error_record",
    "land",
    "pack_folder",
    "release_everywhere",
    "require_ray",
    "run_on_ray",
    "unpack",
    "worker_run",
]
