"""Running a suite: tasks x epochs, in parallel jobs, resumable; one run assembled in one place.

The eval is three modules:

- this one: which runs are due (``--tasks``, ``--epochs``, what ``OUT/runs.jsonl`` already holds),
  up to ``--jobs`` runs at once, a progress bar, one record per finished run, the reports;
  :func:`run_one` assembles one run from the two below.
- :mod:`fixloop.eval.agentproc`: the agent as a separate process, ``python -m fixloop fix TMP
  --json --model M --task PROMPT --sandbox S --timeout T`` with its own ``FIXLOOP_HOME`` and
  ``FIXLOOP_CONFIG`` (the user's config plus the task's ``test_cmd`` and the suite's budgets),
  stopped from outside :data:`fixloop.eval.agentproc.HARD_GRACE_S` seconds past T (SIGINT so it
  can commit its work, then SIGKILL), and its ``--json`` result read back.
- :mod:`fixloop.eval.score`: the task's one-commit repository the agent gets, its final tree
  taken out into ANOTHER folder, test files it changed put back, test-machinery findings, and
  ``hidden/`` laid over a copy for pristine scoring. Resolved = the full run passes and collected
  at least as many tests as ``repo/`` and ``hidden/`` hold; plausible but overfit = the visible
  tests pass, the full run does not.

Run records are appended to ``OUT/runs.jsonl`` as each run finishes; re-running with the same
``OUT`` skips every (task, epoch, model) already there, so an interrupted eval resumes. On Ctrl-C
every live agent process group is killed and unfinished runs are dropped unrecorded.

The names that lived here before the split (``make_task_repo``, ``materialize_result``,
``tree_diff``, ``score_tree``, ``agent_config``, ``HARD_GRACE_S``...) are re-exported.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from fixloop import cpus
from fixloop.errors import UsageError
from fixloop.eval import agentproc
from fixloop.eval.agentproc import (
    HARD_GRACE_S,
    KILL_GRACE_S,
    EvalInterrupted,
    ProcessRegistry,
    agent_argv,
    agent_config,
    agent_env,
    check_agent_configs,
    last_line,
    refused_arguments,
    result_fields,
    run_agent,
    write_agent_config,
)
from fixloop.eval.metrics import latest_records
from fixloop.eval.score import make_task_repo, materialize_result, score_run, score_tree, tree_diff
from fixloop.eval.suite import Suite, Task, load_suite

RUNS_FILE = "runs.jsonl"


@dataclass
class EvalConfig:
    """Settings of one ``fixloop eval`` invocation.

    Attributes:
        suite: the suite folder.
        model: the model spec given to every run (``--model``).
        epochs: runs per task (k of pass@k goes up to it).
        jobs: runs in parallel (agent processes alive at once).
        out: output folder; None: ``eval-out/<suite name>-<model slug>``.
        tasks: a task filter (comma-separated ids or globs), None for all.
        timeout_s: wall-clock limit of one agent run, seconds.
        sandbox: sandbox kind for scoring and for the agent (``auto``, ``bwrap``, ``docker``,
            ``podman``, ``none``; ``none`` is the explicit opt-in to run unsandboxed).
        quiet: no progress bar and no terminal table.
        keep: keep each run's temporary folders (for debugging); their paths go in the record.
        agent_cmd: the command that starts fixloop (default ``[sys.executable, "-m", "fixloop"]``);
            ``fix ...`` arguments are appended.
        extra_args: more arguments for every ``fix`` call (e.g. budget flags).
        cpus_per_run: each run's CPU budget (``--cpus-per-run``): its agent process is pinned
            to that many cores of its own (while there are enough) and gets ``FIXLOOP_CPUS``;
            None: usable cores // jobs (at least 1).
    """

    suite: Path
    model: str = "auto"
    epochs: int = 1
    jobs: int = 1
    out: Path | None = None
    tasks: str | None = None
    timeout_s: float = 600.0
    sandbox: str = "auto"
    quiet: bool = False
    keep: bool = False
    agent_cmd: Sequence[str] | None = None
    extra_args: Sequence[str] = field(default_factory=tuple)
    cpus_per_run: int | None = None


# --------------------------------------------------------------------------------------------
# runs.jsonl
# --------------------------------------------------------------------------------------------


def read_runs(path: Path, *, on_bad_line: Callable[[int, str], None] | None = None) -> list[dict]:
    """The run records in a ``runs.jsonl`` file, in file order.

    A line that does not parse (a run killed while writing) is skipped and reported through
    ``on_bad_line(line_number, text)``. A missing file holds no records.
    """
    if not path.is_file():
        return []
    records: list[dict] = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            rec = None
        if not isinstance(rec, dict) or "task" not in rec or "epoch" not in rec:
            if on_bad_line:
                on_bad_line(i, line[:80])
            continue
        records.append(rec)
    return records


def run_key(task: str, epoch: int, model: str) -> tuple[str, int, str]:
    """The identity of a run for resuming: (task id, epoch, model spec)."""
    return (task, int(epoch), model)


def pending_runs(
    tasks: Sequence[Task], epochs: int, model: str, done: Iterable[dict]
) -> list[tuple[Task, int]]:
    """The (task, epoch) pairs still to run, epoch-major (every task's epoch 0 first).

    Args:
        tasks: the selected tasks.
        epochs: epochs asked for (0 .. epochs-1).
        model: the model spec.
        done: records already in ``runs.jsonl`` (any model; only this model's count).
    """
    seen = {run_key(r["task"], r["epoch"], r.get("model", "")) for r in done}
    return [(t, e) for e in range(epochs) for t in tasks if run_key(t.id, e, model) not in seen]


class RunLog:
    """Appends records to ``runs.jsonl``, one line each, safely from several threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def append(self, record: dict[str, Any]) -> None:
        """Write ``record`` as one JSON line and flush it to disk."""
        line = json.dumps(record, sort_keys=True, default=str) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())


# --------------------------------------------------------------------------------------------
# One run
# --------------------------------------------------------------------------------------------


def slug(text: str) -> str:
    """A file-name-safe form of ``text`` (model specs contain ':' and '/'), at most 80 chars."""
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return s[:80] or "model"


def run_one(
    task: Task,
    epoch: int,
    *,
    model: str,
    sandbox: Any,
    run_dir: Path,
    timeout_s: float = 600.0,
    sandbox_kind: str = "auto",
    agent_cmd: Sequence[str] | None = None,
    extra_args: Sequence[str] = (),
    budgets: dict[str, Any] | None = None,
    user_config: Path | None = None,
    keep: bool = False,
    registry: ProcessRegistry | None = None,
    cores: list[int] | None = None,
) -> dict[str, Any]:
    """Run the agent once on ``task`` and score the result.

    The agent process (:mod:`fixloop.eval.agentproc`) works on a fresh one-commit copy of the
    task's ``repo/`` in a temporary folder; its final tree is scored in another folder
    (:func:`fixloop.eval.score.score_run`), so hidden files never reach it.

    Args:
        task: the task.
        epoch: the epoch number (0-based).
        model: the ``--model`` spec.
        sandbox: a :class:`fixloop.sandbox.Sandbox` for scoring.
        run_dir: a folder for this run's logs (agent stdout/stderr, test logs, trajectory copy);
            emptied first.
        timeout_s: the run's wall-clock limit in seconds: the agent gets it as its own budget
            (``--timeout``) and is stopped from outside
            :data:`fixloop.eval.agentproc.HARD_GRACE_S` seconds later.
        sandbox_kind: passed to the agent as ``--sandbox`` (``none`` adds
            ``--allow-unsandboxed``: the eval was told ``--sandbox none`` explicitly).
        agent_cmd: the fixloop command (default ``python -m fixloop``).
        extra_args: more ``fix`` arguments.
        budgets: the suite's ``[defaults]`` budgets (see
            :func:`fixloop.eval.agentproc.agent_config`).
        user_config: the user's fixloop config file, merged into the run's config.
        keep: keep the temporary folders.
        registry: where live agent processes are registered for interrupts.
        cores: the run's cores (its CPU budget): the agent process is pinned to them and gets
            ``FIXLOOP_CPUS``; None: no budget.

    Returns:
        the run record (JSON-ready dict): task, kind, epoch, model, status, exit_code,
        verified, resolved, overfit, visible_ok, collected, expected_tests, outcome, failing,
        steps, test_runs, verifications, input_tokens, output_tokens, cost_usd, wall_s,
        score_s, files_changed, outside_expected, diff_lines, test_files_changed,
        suspicious_changes (test-machinery findings; such a run is never resolved),
        refused_test_edits, false_success_claims, tamper_detected, tool_errors, loop_warnings,
        timed_out, tree_source, error, trajectory, finished_at.

    Raises:
        UsageError: the agent refused its arguments (exit code 2 and no JSON): every other run
            would fail the same way.
        EvalInterrupted: the eval is stopping.
    """
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"fixloop-eval-{slug(task.id)}-"))
    record: dict[str, Any] = {
        "task": task.id,
        "kind": task.kind,
        "epoch": epoch,
        "model": model,
        "error": None,
    }
    try:
        repo = tmp / "repo"
        base = make_task_repo(task, repo)
        home = tmp / "home"
        home.mkdir()
        config = tmp / "config.toml"
        write_agent_config(config, agent_config(task, budgets or {}, user_config))
        argv = agent_argv(
            repo,
            model=model,
            prompt=task.prompt,
            sandbox_kind=sandbox_kind,
            timeout_s=timeout_s,
            agent_cmd=agent_cmd,
            extra_args=extra_args,
        )
        hard_limit = timeout_s + agentproc.HARD_GRACE_S
        env = agent_env(home, config)
        if cores is not None:
            env[cpus.ENV] = str(len(cores))
        run = run_agent(argv, env, hard_limit, registry, cores=cores)
        if registry is not None and registry.stopping:
            raise EvalInterrupted(task.id)
        (run_dir / "agent.stdout").write_text(run.stdout, encoding="utf-8")
        (run_dir / "agent.stderr").write_text(run.stderr, encoding="utf-8")
        if refused_arguments(run):
            raise UsageError(
                f"the agent refused its arguments (exit 2): {last_line(run.stderr) or 'no message'}"
            )
        record.update(result_fields(run, hard_limit))
        traj = (run.result or {}).get("trajectory")
        if isinstance(traj, str) and Path(traj).is_file():
            shutil.copy2(traj, run_dir / "trajectory.jsonl")
            record["trajectory"] = str(run_dir / "trajectory.jsonl")
        # Score in another folder: the agent's tree never sees the hidden files.
        scored = score_run(
            task, repo, run.result, tmp / "score", sandbox=sandbox, log_dir=run_dir / "logs"
        )
        record["base_commit"] = base
        record.update(scored)
        if scored["suspicious_changes"]:
            record["tamper_detected"] = record.get("tamper_detected", 0) + len(
                scored["suspicious_changes"]
            )
    except (UsageError, EvalInterrupted):
        raise
    except Exception as exc:  # a broken run is a record, not the end of the eval
        record.setdefault("status", "harness_error")
        record["error"] = f"{type(exc).__name__}: {exc}"[:500]
        record.setdefault("resolved", False)
        record.setdefault("overfit", False)
    finally:
        if keep:
            record["tmp_dir"] = str(tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    record.setdefault("resolved", False)
    record.setdefault("overfit", False)
    record["finished_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    return record


# --------------------------------------------------------------------------------------------
# The whole eval
# --------------------------------------------------------------------------------------------


def default_out(suite: Suite, model: str) -> Path:
    """``eval-out/<suite name>-<model slug>`` under the current folder."""
    return Path("eval-out") / f"{slug(suite.name)}-{slug(model)}"


def _mark(rec: dict[str, Any]) -> str:
    """The progress line's verdict word (rich markup) of a run record."""
    if rec.get("resolved"):
        return "[green]resolved"
    return "[yellow]overfit" if rec.get("overfit") else "[red]unresolved"


def _run_pending(
    cfg: EvalConfig,
    suite: Suite,
    todo: Sequence[tuple[Task, int]],
    sandbox: Any,
    user_config: Path | None,
    log: RunLog,
    err: Console,
    out: Path,
) -> None:
    """Run ``todo`` with up to ``cfg.jobs`` at once; append each record to ``log`` as it ends.

    A progress bar and one line per finished run go to ``err``. Ctrl-C (or any error) cancels
    the runs not started, SIGKILLs every live agent process group and the sandbox's children,
    and propagates; runs cut short are not recorded.

    Raises:
        UsageError: an agent refused its arguments (every other run is stopped).
        KeyboardInterrupt: the user interrupted the eval.
    """
    from fixloop.sandbox import kill_all_children

    registry = ProcessRegistry()
    runs_root = out / "runs" / slug(cfg.model)
    progress = Progress(
        TextColumn("[bold]eval[/] {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=cfg.quiet,
    )
    per_run = cfg.cpus_per_run or max(1, len(cpus.usable_cpus()) // cfg.jobs)
    slots: queue.SimpleQueue[list[int]] = queue.SimpleQueue()
    for cores in cpus.core_slots(cfg.jobs, per_run):
        slots.put(cores)

    def in_slot(*args: Any, **kwargs: Any) -> dict[str, Any]:
        cores = slots.get()  # one slot per live job: runs side by side get disjoint cores
        try:
            return run_one(*args, cores=cores, **kwargs)
        finally:
            slots.put(cores)

    with progress, ThreadPoolExecutor(max_workers=cfg.jobs) as pool:
        bar = progress.add_task(f"{suite.name} x {cfg.model}", total=len(todo))
        futures: dict[Future[dict[str, Any]], tuple[Task, int]] = {}
        for task, epoch in todo:
            fut = pool.submit(
                in_slot,
                task,
                epoch,
                model=cfg.model,
                sandbox=sandbox,
                run_dir=runs_root / slug(task.id) / f"e{epoch}",
                timeout_s=cfg.timeout_s,
                sandbox_kind=cfg.sandbox,
                agent_cmd=cfg.agent_cmd,
                extra_args=cfg.extra_args,
                budgets=suite.budgets,
                user_config=user_config,
                keep=cfg.keep,
                registry=registry,
            )
            futures[fut] = (task, epoch)
        try:
            remaining = set(futures)
            while remaining:
                done, remaining = wait(remaining, timeout=0.5, return_when=FIRST_COMPLETED)
                for fut in done:
                    task, epoch = futures[fut]
                    try:
                        rec = fut.result()
                    except EvalInterrupted:
                        continue
                    log.append(rec)
                    note = f" ({rec['error']})" if rec.get("error") else ""
                    progress.console.print(
                        f"{task.id} e{epoch}: {_mark(rec)}[/] {rec.get('wall_s', 0):.1f}s{note}",
                        highlight=False,
                    )
                    progress.advance(bar)
        except BaseException:
            for f in futures:
                f.cancel()
            registry.kill_all()
            kill_all_children()
            raise


def run_eval(cfg: EvalConfig) -> dict[str, Any]:
    """Run (or resume) an eval and write its outputs.

    Args:
        cfg: the :class:`EvalConfig`.

    Returns:
        the summary dict written to ``summary.json`` (see :func:`fixloop.eval.report.build_summary`).

    Raises:
        ConfigError, UsageError: a bad suite, filter or option, or settings the agent would
            refuse (the user's config with the suite's budgets; checked before any run starts)
            (exit code 2).
        SandboxUnavailable: the sandbox for scoring cannot start (exit code 3).
    """
    from fixloop.eval.report import build_summary, print_table, write_reports
    from fixloop.sandbox import make_sandbox

    if cfg.epochs < 1 or cfg.jobs < 1:
        raise UsageError("--epochs and --jobs must be at least 1")
    if cfg.cpus_per_run is not None and cfg.cpus_per_run < 1:
        raise UsageError("--cpus-per-run must be at least 1")
    suite = load_suite(cfg.suite)
    tasks = suite.select(cfg.tasks)
    out = Path(cfg.out) if cfg.out is not None else default_out(suite, cfg.model)
    out.mkdir(parents=True, exist_ok=True)
    err = Console(stderr=True, quiet=cfg.quiet)
    runs_path = out / RUNS_FILE
    existing = read_runs(
        runs_path,
        on_bad_line=lambda n, text: err.print(f"[yellow]{runs_path}:{n}: skipped a broken line"),
    )
    todo = pending_runs(tasks, cfg.epochs, cfg.model, existing)
    if existing and not cfg.quiet:
        err.print(
            f"resuming {out}: {len(tasks) * cfg.epochs - len(todo)} of "
            f"{len(tasks) * cfg.epochs} runs already done"
        )
    from fixloop.config import user_config_path

    user_config = user_config_path()
    if todo:
        check_agent_configs(list(dict.fromkeys(t for t, _ in todo)), suite.budgets, user_config)
    if todo:
        sandbox = make_sandbox(cfg.sandbox, allow_unsandboxed=cfg.sandbox == "none")
        _run_pending(cfg, suite, todo, sandbox, user_config, RunLog(runs_path), err, out)

    selected = {t.id for t in tasks}
    records = [
        r
        for r in latest_records(read_runs(runs_path))
        if r.get("model") == cfg.model and r.get("task") in selected and r["epoch"] < cfg.epochs
    ]
    summary = build_summary(records, suite=suite, tasks=tasks, model=cfg.model, epochs=cfg.epochs)
    write_reports(out, summary, records)
    if not cfg.quiet:
        print_table(summary, Console(), out=out)
    return summary


__all__ = [
    "HARD_GRACE_S",
    "KILL_GRACE_S",
    "RUNS_FILE",
    "EvalConfig",
    "EvalInterrupted",
    "ProcessRegistry",
    "RunLog",
    "agent_config",
    "default_out",
    "make_task_repo",
    "materialize_result",
    "pending_runs",
    "read_runs",
    "run_eval",
    "run_key",
    "run_one",
    "score_tree",
    "slug",
    "tree_diff",
]
