"""Handing an eval's due runs to its executor (the local one or Ray), records to ``runs.jsonl``.

:func:`fixloop.eval.runner.run_eval` decides which runs are due; :func:`run_due` checks the
agents' settings for them (one error for the eval, not one failed run per task), builds each
run's :class:`fixloop.eval.runner.RunSpec`, puts the longest expected first
(:class:`fixloop.eval.order.Durations`) and hands them to :func:`execute`, which runs the
progress bar and the chosen executor (:func:`fixloop.eval.localexec.run_local` or
:func:`fixloop.eval.rayexec.run_on_ray`, each loaded on use) and appends each finished record.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from fixloop.eval.agentproc import check_agent_configs
from fixloop.eval.order import Durations
from fixloop.eval.runlog import RunLog
from fixloop.eval.runner import EvalConfig, RunParams, RunSpec, run_dir_of
from fixloop.eval.suite import Suite, Task
from fixloop.eval.variants import Variant


def _label(suite: Suite, variants: Sequence[Variant]) -> str:
    """The progress bar's name: ``suite x variant names`` (each once), else ``suite x model``."""
    named = list(dict.fromkeys(v.name for v in variants if v.name))
    return f"{suite.name} x {', '.join(named) if named else variants[0].model}"


def run_due(
    cfg: EvalConfig,
    suite: Suite,
    variants: Sequence[Variant],
    todo: Sequence[tuple[Task, int, Variant]],
    runs_path: Path,
    err: Console,
    joining: Any,
) -> None:
    """Check the agents' settings, then run ``todo`` (nothing when it is empty).

    Raises:
        ConfigError: settings the agent would refuse.
        UsageError, SandboxUnavailable, KeyboardInterrupt: as :func:`execute`.
    """
    if not todo:
        return
    from fixloop.config import user_config_path

    user_config = user_config_path()
    todo_tasks = list(dict.fromkeys(t for t, _, _ in todo))
    for v in variants:
        check_agent_configs(todo_tasks, {**suite.budgets, **v.settings}, user_config, v.name)
    params = RunParams(
        sandbox_kind=cfg.sandbox,
        timeout_s=cfg.timeout_s,
        agent_cmd=cfg.agent_cmd,
        extra_args=tuple(cfg.extra_args),
        budgets=dict(suite.budgets),
        user_config=user_config,
        keep=cfg.keep,
    )
    out = runs_path.parent
    durations = Durations(budgets=suite.budgets)
    specs = durations.longest_first(
        [RunSpec(t, e, v, run_dir_of(out, t.id, e, v)) for t, e, v in todo]
    )
    execute(cfg, suite, specs, params, RunLog(runs_path), err, joining, durations)


@contextlib.contextmanager
def _term_as_interrupt() -> Iterator[None]:
    """SIGTERM (``kill PID``, a CI job's cancel) stops the executor as Ctrl-C does.

    Without this, SIGTERM ended the eval at once and left its agents (each in a session of its
    own) running to their own timeout. Now it raises KeyboardInterrupt in the main thread: the
    runs not started are dropped, every live agent group is killed, finished records stay.
    In another thread (no signal handler can be set there) nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_term(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)


def execute(
    cfg: EvalConfig,
    suite: Suite,
    specs: Sequence[RunSpec],
    params: RunParams,
    log: RunLog,
    err: Console,
    joining: Any = None,
    durations: Durations | None = None,
) -> None:
    """Hand ``specs`` to the chosen executor; each finished record goes to ``log`` at once.

    ``joining``: the Ray cluster's join already under way
    (:class:`fixloop.eval.rayconnect.EarlyConnect`), or None. ``durations``: where each
    finished run's seconds are noted for the next eval's order (:mod:`fixloop.eval.order`),
    or None.

    Raises:
        UsageError: an agent refused its arguments.
        SandboxUnavailable: no sandbox on this machine (local executor).
        KeyboardInterrupt: the user interrupted the eval, or it got SIGTERM (finished records
            are kept).
    """
    from fixloop.eval.progress import EvalProgress

    progress = EvalProgress(
        len(specs),
        _label(suite, [s.variant for s in specs]),
        err,
        quiet=cfg.quiet,
        live=cfg.live_progress,
    )

    by_key: dict[tuple[Any, Any, Any], RunSpec] = {
        (s.task.id, s.epoch, s.variant.name): s for s in specs
    }

    def on_record(rec: dict[str, Any]) -> None:
        log.append(rec)
        progress.record(rec)
        spec = by_key.get((rec.get("task"), rec.get("epoch"), rec.get("variant", "")))
        if durations is not None and spec is not None:
            durations.record(spec, rec)

    with progress, _term_as_interrupt():
        if cfg.executor == "ray":
            from fixloop.eval.rayexec import run_on_ray

            run_on_ray(
                specs,
                params,
                suite=suite,
                address=cfg.ray_address,
                cpus_per_run=cfg.cpus_per_run or 1,
                on_record=on_record,
                quiet=cfg.quiet,
                connection=joining,
            )
        else:
            from fixloop.eval.localexec import run_local
            from fixloop.sandbox import make_sandbox

            sandbox = make_sandbox(cfg.sandbox, allow_unsandboxed=cfg.sandbox == "none")
            run_local(
                specs,
                params,
                sandbox=sandbox,
                jobs=cfg.jobs,
                cpus_per_run=cfg.cpus_per_run,
                on_record=on_record,
            )


__all__ = ["execute", "run_due"]
