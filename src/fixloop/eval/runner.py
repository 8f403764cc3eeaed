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
``OUT`` skips every (task, epoch, model, variant) already there, so an interrupted eval resumes. On
Ctrl-C every live agent process group is killed and unfinished runs are dropped unrecorded.

The names that lived here before the split (``make_task_repo``, ``materialize_result``,
``tree_diff``, ``score_tree``, ``agent_config``, ``HARD_GRACE_S``...) are re-exported.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fixloop import cpus
from fixloop.errors import NotWritable, UsageError
from fixloop.eval import agentproc
from fixloop.eval.agentproc import (
    HARD_GRACE_S,
    KILL_GRACE_S,
    EvalInterrupted,
    ProcessRegistry,
    agent_argv,
    agent_config,
    agent_env,
    last_line,
    refused_arguments,
    result_fields,
    run_agent,
    write_agent_config,
)
from fixloop.eval.metrics import latest_records
from fixloop.eval.progress import report_console
from fixloop.eval.runlog import (
    RUNS_FILE,
    EvalStopped,
    RunLog,
    pending_runs,
    pending_variant_runs,
    read_runs,
    run_key,
)
from fixloop.eval.score import (
    baseline_report,
    make_task_repo,
    materialize_result,
    score_run,
    score_tree,
    scoring_limits,
    tree_diff,
)
from fixloop.eval.suite import Suite, Task, load_suite
from fixloop.eval.variants import Variant, resolve_variants, variant_of
from fixloop.models import check_spec
from fixloop.writable import why_not_writable


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
        cpus_per_run: each run's CPU budget (``--cpus-per-run``), its ``FIXLOOP_CPUS``; locally
            the agents share a pool of ``jobs`` x budget pinned cores
            (:func:`fixloop.cpus.eval_cores`). None: usable cores // jobs (at least 1) locally,
            1 on Ray.
        variants: ``--variant`` specs (``NAME:KEY=VALUE,...``; see
            :mod:`fixloop.eval.variants`).
        variants_file: a TOML file with a ``[variants]`` table, or None.
        executor: ``local`` (this machine, ``jobs`` at once) or ``ray`` (a Ray cluster).
        ray_address: the cluster for ``ray.init(address=...)`` (``auto``, ``ray://host:port``,
            ``host:port``); None: a cluster Ray already joined in this process, else a new
            local one.
        live_progress: force the live progress bar (True) or plain lines (False); None: a bar
            on a terminal.
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
    variants: Sequence[str] = field(default_factory=tuple)
    variants_file: Path | None = None
    executor: str = "local"
    ray_address: str | None = None
    live_progress: bool | None = None


@dataclass(frozen=True)
class RunParams:
    """What every run of an eval shares (the arguments of :func:`run_one` but the run's own).

    Attributes:
        sandbox_kind: the agent's ``--sandbox`` and the scoring sandbox's kind.
        timeout_s: the run's wall-clock limit, seconds.
        agent_cmd: the fixloop command (None: ``python -m fixloop``).
        extra_args: more ``fix`` arguments.
        budgets: the suite's ``[defaults]`` budgets.
        user_config: the user's fixloop config file, or None.
        keep: keep each run's temporary folders.
    """

    sandbox_kind: str = "auto"
    timeout_s: float = 600.0
    agent_cmd: Sequence[str] | None = None
    extra_args: Sequence[str] = ()
    budgets: Mapping[str, Any] = field(default_factory=dict)
    user_config: Path | None = None
    keep: bool = False


@dataclass(frozen=True)
class RunSpec:
    """One run to do: a task, an epoch, a variant, and the folder for its logs.

    Attributes:
        task: the task.
        epoch: 0-based epoch.
        variant: the :class:`fixloop.eval.variants.Variant` (its model and settings).
        run_dir: ``OUT/runs/<variant or model>/<task>/e<epoch>``.
    """

    task: Task
    epoch: int
    variant: Variant
    run_dir: Path


# --------------------------------------------------------------------------------------------
# One run
# --------------------------------------------------------------------------------------------


def slug(text: str) -> str:
    """A file-name-safe form of ``text`` (model specs contain ':' and '/'), at most 80 chars."""
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return s[:80] or "model"


def trajectory_page(trajectory: Path) -> str | None:
    """Write the run's trajectory page beside its trajectory (:mod:`fixloop.htmlpage`).

    Returns:
        the page's path, or None when it could not be written (the run's record is kept
        either way: a page is a view of the run, not its result).
    """
    from fixloop.htmlpage import write_page
    from fixloop.trajectory import read_trajectory

    try:
        return str(write_page(read_trajectory(trajectory), trajectory.with_suffix(".html")))
    except Exception:  # a view failing never costs the scored run
        return None


def _run_settings(config: Path) -> Any:
    """The :class:`fixloop.config.Settings` the run's agent got (its ``FIXLOOP_CONFIG`` file).

    Raises:
        ConfigError: the file does not load (checked before the eval started, so not expected).
    """
    from fixloop.config import load_settings

    return load_settings(None, env={"FIXLOOP_CONFIG": str(config)})[0]


def _copied(run_dir: Path) -> Path | None:
    """The run's copied trajectory, when the agent left one."""
    path = run_dir / "trajectory.jsonl"
    return path if path.is_file() else None


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
    variant: str = "",
    settings: Mapping[str, Any] | None = None,
    cpu_budget: int | None = None,
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
        cores: the cores the agent process (and every process it starts) may run on; None:
            no pinning.
        variant: the variant's name ("" without variants), recorded.
        settings: the variant's settings, merged over ``budgets``.
        cpu_budget: the run's CPU budget, its ``FIXLOOP_CPUS`` (``--cpus-per-run``; a Ray
            task's ``num_cpus``); None: ``len(cores)`` when ``cores`` is given, else unset.

    Returns:
        the run record (JSON-ready dict): task, kind, epoch, model, variant, status, exit_code,
        verified, resolved, overfit, visible_ok, collected, expected_tests, outcome, failing,
        steps, test_runs, verifications, input_tokens, output_tokens, cost_usd, wall_s,
        score_s, score_limits (the scoring runs' limits, derived from the agent's baseline:
        :func:`fixloop.eval.score.scoring_limits`), files_changed, outside_expected,
        diff_lines, test_files_changed, suspicious_changes (test-machinery findings; such a run is never resolved),
        refused_test_edits, false_success_claims, tamper_detected, tool_errors, loop_warnings,
        timed_out, tree_source, error, trajectory, page (the run's HTML page, see
        :func:`trajectory_page`), finished_at.

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
        "variant": variant,
        "error": None,
    }
    try:
        repo = tmp / "repo"
        base = make_task_repo(task, repo)
        home = tmp / "home"
        home.mkdir()
        config = tmp / "config.toml"
        merged = {**(budgets or {}), **(settings or {})}
        write_agent_config(config, agent_config(task, merged, user_config))
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
        if cpu_budget is not None:
            env[cpus.ENV] = str(cpu_budget)
        elif cores is not None:
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
            record["page"] = trajectory_page(run_dir / "trajectory.jsonl")
        # Score in another folder: the agent's tree never sees the hidden files; its limits
        # come from the run's settings and the baseline the agent measured.
        limits = scoring_limits(
            _run_settings(config), baseline_report(_copied(run_dir)), task.scoring_tests
        )
        scored = score_run(
            task,
            repo,
            run.result,
            tmp / "score",
            sandbox=sandbox,
            log_dir=run_dir / "logs",
            limits=limits,
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


def default_out(suite: Suite, model: str, variants: Sequence[Variant] = ()) -> Path:
    """``eval-out/<suite name>-<model slug>`` (named variants: their names joined by ``+``)."""
    named = [v.name for v in variants if v.name]
    return Path("eval-out") / f"{slug(suite.name)}-{slug('+'.join(named) if named else model)}"


def run_spec(
    spec: RunSpec,
    params: RunParams,
    *,
    sandbox: Any,
    registry: ProcessRegistry | None = None,
    cores: list[int] | None = None,
    cpu_budget: int | None = None,
) -> dict[str, Any]:
    """:func:`run_one` for one :class:`RunSpec` with the eval's shared :class:`RunParams`.

    Raises:
        UsageError, EvalInterrupted: as :func:`run_one`.
    """
    return run_one(
        spec.task,
        spec.epoch,
        model=spec.variant.model,
        sandbox=sandbox,
        run_dir=spec.run_dir,
        timeout_s=params.timeout_s,
        sandbox_kind=params.sandbox_kind,
        agent_cmd=params.agent_cmd,
        extra_args=params.extra_args,
        budgets=dict(params.budgets),
        user_config=params.user_config,
        keep=params.keep,
        registry=registry,
        cores=cores,
        variant=spec.variant.name,
        settings=spec.variant.settings,
        cpu_budget=cpu_budget,
    )


def run_dir_of(out: Path, task_id: str, epoch: int, variant: Variant) -> Path:
    """A run's log folder: ``OUT/runs/<variant name, else model slug>/<task slug>/e<epoch>``."""
    return out / "runs" / slug(variant.name or variant.model) / slug(task_id) / f"e{epoch}"


def make_out(out: Path) -> None:
    """Make the eval's output folder ``out`` (with parents) if it does not exist.

    Raises:
        UsageError: ``out``, or a path above it, is a file (exit code 2; it was "internal
            error: FileExistsError").
        NotWritable: the folder cannot be made there (a read-only file system, no permission;
            exit code 3).
    """
    above = out
    while not above.exists() and above.parent != above:
        above = above.parent
    if not above.is_dir():
        where = "" if above == out else f" (in {out})"
        raise UsageError(f"--out {above} is a file, not a folder{where}: give a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise NotWritable(f"cannot make the output folder {out}: {exc.strerror or exc}") from None
    if why := why_not_writable(out):
        raise NotWritable(f"cannot write the output folder: {why}")


def run_eval(cfg: EvalConfig) -> dict[str, Any]:
    """Run (or resume) an eval and write its outputs.

    Args:
        cfg: the :class:`EvalConfig`.

    Returns:
        the summary dict written to ``summary.json`` (see :func:`fixloop.eval.report.build_summary`).

    Raises:
        ConfigError, UsageError: a bad suite, filter, variant or option, settings the agent would
            refuse (the user's config with the suite's budgets and each variant's settings;
            checked before any run starts), ``--executor ray`` without Ray installed, or a
            ``--ray-address`` that is malformed or where no cluster answers
            (:mod:`fixloop.eval.rayconnect`) (exit code 2). An ``OUT`` folder this call made
            is removed again when it stays empty.
        SandboxUnavailable: the sandbox for scoring cannot start (exit code 3; local executor).
        EnvironmentFailure: a local Ray cluster cannot start (exit code 3).
        EvalStopped: Ctrl-C (a ``KeyboardInterrupt``) once ``OUT`` was made: how many runs
            finished before it and are recorded (:class:`fixloop.eval.runlog.EvalStopped`).
    """
    if cfg.epochs < 1 or cfg.jobs < 1:
        raise UsageError("--epochs and --jobs must be at least 1")
    if cfg.cpus_per_run is not None and cfg.cpus_per_run < 1:
        raise UsageError("--cpus-per-run must be at least 1")
    if cfg.executor not in ("local", "ray"):
        raise UsageError(f"--executor must be 'local' or 'ray' (got {cfg.executor!r})")
    if cfg.ray_address and cfg.executor != "ray":
        raise UsageError("--ray-address needs --executor ray")
    if cfg.executor == "ray":
        from fixloop.eval.rayconnect import check_address
        from fixloop.eval.rayexec import require_ray

        require_ray()
        check_address(cfg.ray_address)  # malformed or closed: fail now, before any file
    variants = resolve_variants(cfg.variants, cfg.variants_file, cfg.model)
    for v in variants if cfg.agent_cmd is None else ():  # another agent reads its own specs
        try:  # a bogus spec was one failed run per task, recorded, and exit code 0
            check_spec(v.model)
        except UsageError as exc:
            raise UsageError(f"--variant {v.name}: {exc}" if v.name else str(exc)) from None
    suite = load_suite(cfg.suite)
    tasks = suite.select(cfg.tasks)
    out = Path(cfg.out) if cfg.out is not None else default_out(suite, cfg.model, variants)
    made = not out.exists()
    make_out(out)
    before = len(read_runs(out / RUNS_FILE))
    try:
        return _run_in(cfg, suite, tasks, variants, out)
    except BaseException as exc:
        gone = made and not any(out.iterdir())
        if gone:  # nothing a resume needs: leave no trace
            out.rmdir()
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, EvalStopped):
            now = 0 if gone else len(read_runs(out / RUNS_FILE))
            raise EvalStopped(None if gone else out, max(0, now - before), now) from exc
        raise


def _run_in(
    cfg: EvalConfig, suite: Suite, tasks: Sequence[Task], variants: Sequence[Variant], out: Path
) -> dict[str, Any]:
    """:func:`run_eval` once ``out`` exists: the due runs, then the reports.

    On Ray, with runs due, the cluster is joined (a local one started) from here on in a helper
    thread (:class:`fixloop.eval.rayconnect.EarlyConnect`), while the agents' settings are
    checked and the suite is packed; the executor takes it over, else it is closed.
    """
    from fixloop.eval.report import build_summary, print_table, write_reports

    err = report_console(stderr=True, quiet=cfg.quiet)
    runs_path = out / RUNS_FILE
    existing = read_runs(
        runs_path,
        on_bad_line=lambda n, text: err.print(f"[yellow]{runs_path}:{n}: skipped a broken line"),
    )
    todo = pending_variant_runs(tasks, cfg.epochs, variants, existing)
    total = len(tasks) * cfg.epochs * len(variants)
    if existing and not cfg.quiet:
        err.print(f"resuming {out}: {total - len(todo)} of {total} runs already done")
    joining = None
    if todo and cfg.executor == "ray":
        from fixloop.eval.rayconnect import EarlyConnect

        joining = EarlyConnect(cfg.ray_address, quiet=cfg.quiet)
    try:
        from fixloop.eval.handoff import run_due

        run_due(cfg, suite, variants, todo, runs_path, err, joining)
    finally:
        if joining is not None:
            joining.close()  # not taken over by the executor (an error before it ran)

    selected = {t.id for t in tasks}
    names = {(v.model, v.name) for v in variants}
    records = [
        r
        for r in latest_records(read_runs(runs_path))
        if (r.get("model"), variant_of(r)) in names
        and r.get("task") in selected
        and r["epoch"] < cfg.epochs
    ]
    summary = build_summary(
        records, suite=suite, tasks=tasks, model=cfg.model, epochs=cfg.epochs, variants=variants
    )
    write_reports(out, summary, records)
    if not cfg.quiet:
        print_table(summary, report_console(), out=out)
    return summary


__all__ = [
    "HARD_GRACE_S",
    "KILL_GRACE_S",
    "RUNS_FILE",
    "EvalConfig",
    "EvalInterrupted",
    "EvalStopped",
    "ProcessRegistry",
    "RunLog",
    "RunParams",
    "RunSpec",
    "agent_config",
    "default_out",
    "make_task_repo",
    "materialize_result",
    "pending_runs",
    "pending_variant_runs",
    "read_runs",
    "run_eval",
    "run_key",
    "run_dir_of",
    "run_one",
    "run_spec",
    "score_tree",
    "slug",
    "tree_diff",
]
