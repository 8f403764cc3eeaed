"""One run, assembled in one place and ended in one place.

:class:`RunSession` is a context manager. Entering it loads the settings
(:func:`fixloop.config.load_settings`), resolves the model, isolates the work on a branch
(:func:`fixloop.vcs.isolate`) and starts the sandbox (undoing the isolation if it cannot start, so
an environment error leaves nothing behind). :meth:`RunSession.run` then builds the test runner,
the workspace and the tools, runs the baseline, and, when there is something to fix, the gate and
the loop (:class:`fixloop.agent.Agent`). Leaving it, whatever happened, commits the work on the
run's branch (``fixloop: ...`` when verified, ``fixloop WIP: ...`` otherwise, so no work is lost),
removes the worktree when the branch holds the work, writes the summary and ``run_end``.

This is the one place a run handles Ctrl-C: sandboxed children are killed, the loop's state
becomes the result (``interrupted by the user (Ctrl-C)``), the work is committed and ``run_end``
written, then the interrupt goes on as :class:`RunInterrupted` (a ``KeyboardInterrupt`` carrying
the result). Any other exception ends the run as ``error`` the same way and goes on unchanged.
"""

from __future__ import annotations

import dataclasses
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from types import TracebackType
from typing import Any

from fixloop import doctor, render, vcs
from fixloop import sandbox as sandbox_mod
from fixloop.agent import Agent
from fixloop.agent.budgets import SharedBudget
from fixloop.config import BudgetSettings, Settings, load_settings
from fixloop.ending import (  # re-exported: they lived here
    EXIT_INTERRUPTED,
    INTERRUPTED,
    Ending,
    RunInterrupted,
    conclude,
    exit_code_for,
)
from fixloop.errors import ConfigError, Interrupted, NotWritable, RunStopped, UsageError
from fixloop.events import Events, EventSink
from fixloop.gate import Gate
from fixloop.person import Person
from fixloop.prompts import DEFAULT_TASK
from fixloop.protocols import Isolation, Model, RunStartEvent, model_name
from fixloop.runtree import prepare_run_tree
from fixloop.sandbox.owners import kill_own_children
from fixloop.session_checks import (  # re-exported: the session's checks before the model
    flaky_problem,
    probe_during_baseline,
    run_baseline,
    uncommitted_config,
)
from fixloop.session_end import finish, undo_isolation
from fixloop.targets import Targets, focus, record_targets, task_for
from fixloop.testinfra import build_policy
from fixloop.testrun import TestRunner, discover_python, pytest_args
from fixloop.testrun.projectpaths import import_problem
from fixloop.testrun.warm import WarmRunner
from fixloop.tools import Tools
from fixloop.tools.approval import Approver, deps_note, make_approver
from fixloop.tools.ask import AskHumanTool
from fixloop.tools.explore import ExploreTool
from fixloop.trajectory import (
    Trajectory,
    dotenv_secrets,
    fixloop_home,
    new_run_id,
    runs_dir,
    secret_values,
)
from fixloop.types import (
    EnvironmentProblem,
    ModelContext,
    RunResult,
    RunStatus,
    TestReport,
)
from fixloop.vcs_copy import NOTICE as COPY_NOTICE
from fixloop.vcs_copy import isolate_copy, read_only_git
from fixloop.workspace import DEFAULT_BLOCKED, Workspace
from fixloop.writable import state_problem

__all__ = [
    "EXIT_INTERRUPTED",
    "Ending",
    "RunInterrupted",
    "RunSession",
    "conclude",
    "exit_code_for",
    "flaky_problem",
    "resolve_model",
    "run_baseline",
]


def resolve_model(spec: Model | str | None, settings: Settings) -> tuple[Model, str, str]:
    """The model of a run: ``(model, display name, why it was chosen)``.

    Args:
        spec: a callable of the model shape, a spec string (:func:`fixloop.models.make_model`),
            or None for the settings' ``model``.
        settings: the run's settings (the model spec, prices and timeout).

    Raises:
        UsageError: ``spec`` is neither callable nor a string.
    """
    chosen = spec if spec is not None else settings.model
    if isinstance(chosen, str):
        from fixloop.models import make_model

        choice = make_model(chosen, settings=settings.model_settings())
        return choice.model, choice.name, choice.reason
    if not callable(chosen):
        raise UsageError("model must be a callable model(system, messages, tools) or a spec")
    return chosen, model_name(chosen) or "custom", "given by the caller"


class RunSession:
    """One run of fixloop on a folder (see the module docstring for the order of things).

    Args:
        model: a :class:`~fixloop.protocols.Model`, a spec string, or None (the config's).
        path: the folder to work on (a git repository or a folder inside one).
        task: what to do.
        overrides: setting overrides (the command line's layer of :func:`load_settings`).
        on_event: ``on_event(type, data)`` with every event, or None.
        in_place: work in the user's (clean) checkout, on the branch it is on (no branch is
            made), instead of a worktree; the change is left uncommitted there.
        keep_worktree: keep the worktree folder after the run.
        shared: budgets shared with the other attempts of one run (:mod:`fixloop.attempts`),
            or None.
        person: who answers ``ask_human`` and approvals (:mod:`fixloop.person`), or None.
        approve: what the person approves (:func:`fixloop.tools.approval.parse_policy`; empty:
            never); needs a ``person``.
        check_only: ``fixloop doctor``: no model is resolved or called; :meth:`run` stops after
            the baseline and its diagnosis (status ``environment`` for a problem, else
            ``nothing_to_fix`` or ``not_fixed`` as the baseline passed or failed); the events go
            to ``<run folder>/doctor.jsonl``, not to the run list.

    Attributes:
        settings, model, model_name, model_reason, iso, sandbox, trajectory, agent, baseline:
            the parts, once built; ``python``, ``python_origin``: the project's interpreter and
            how it was found; ``runner``: the test runner; ``environment``: the problem found
            before the model, or None; ``result``: the :class:`RunResult` after the session
            ended.

    Raises (on entering):
        UsageError, ConfigError, GitStateError: bad arguments, configuration or git state;
            nothing was changed.
        SandboxUnavailable: the sandbox cannot start; the isolation was undone.
        NotWritable: the checkout (in place), the git directory (:func:`fixloop.vcs.isolate`)
            or fixloop's state folder (``$FIXLOOP_HOME``) cannot be written; nothing was
            changed.
    """

    def __init__(
        self,
        model: Model | str | None,
        path: str | Path,
        *,
        task: str = DEFAULT_TASK,
        overrides: dict[str, Any] | None = None,
        on_event: EventSink | None = None,
        in_place: bool = False,
        keep_worktree: bool = False,
        shared: SharedBudget | None = None,
        check_only: bool = False,
        person: Person | None = None,
        approve: frozenset[str] = frozenset(),
    ) -> None:
        self.spec, self.path, self.task = model, Path(path), task
        self.shared = shared
        if approve and person is None:
            raise UsageError(
                f"--approve {','.join(sorted(approve))} needs a person: an interactive terminal "
                "(or the Python API's ask callback)"
            )
        self.person, self.approve = person, approve
        self.approver: Approver | None = None
        self.interrupt_after = False  # Ctrl-C during the commit question (session_end)
        self.check_only = check_only
        self.environment: EnvironmentProblem | None = None
        self.model: Model | None = None
        self.runner: TestRunner | None = None
        self.overrides = {k: v for k, v in (overrides or {}).items() if v is not None}
        self.on_event, self.in_place, self.keep_worktree = on_event, in_place, keep_worktree
        self.model_name = self.model_reason = ""
        self.agent: Agent | None = None
        self.tools: Tools | None = None
        self.warm: WarmRunner | None = None
        self.gate: Gate | None = None
        self.baseline: TestReport | None = None
        self.result: RunResult | None = None

    def __enter__(self) -> RunSession:
        self.t0 = time.monotonic()
        src = self.path.expanduser()
        if src.is_file():  # said before the config is read: a file has none
            vcs.folder_problem(src, self.path)
        repo_root = self.path if self.path.is_dir() else None
        self.settings, self.config_notices = load_settings(repo_root, self.overrides)
        if self.check_only:
            self.model, self.model_name, self.model_reason = None, "", "doctor: no model"
        else:
            self.model, self.model_name, self.model_reason = resolve_model(self.spec, self.settings)
            self._check_price()
        vcs.folder_problem(src, self.path)
        if why := state_problem(fixloop_home()):  # before anything is written anywhere
            raise NotWritable(
                f"fixloop's state folder is not writable: {why}; runs, worktrees and caches go "
                "there: make it writable, or set FIXLOOP_HOME to a writable folder"
            )
        self.run_id = new_run_id()
        # Git state first: a folder fixloop cannot work in is a usage error (exit 2) whatever
        # the sandbox; then the sandbox, undoing the isolation if it cannot start. The sandbox
        # probe (it starts the sandbox once) runs in a thread while the worktree is made and
        # the interpreter found (issue 18: fewer serial start-up steps); its error, if any, is
        # raised only after the git state was checked, as before.
        s = self.settings
        with ThreadPoolExecutor(1, thread_name_prefix="fixloop-sandbox-probe") as pool:
            probe = pool.submit(
                sandbox_mod.make_sandbox,
                s.sandbox,
                image=s.docker_image,
                allow_unsandboxed=s.allow_unsandboxed,
            )
            try:
                self.iso: Isolation = self._isolate()
            except BaseException:
                probe.cancel()
                raise  # the pool waits for a probe already running: no process outlives it
            try:
                self.python, self.python_origin = discover_python(
                    self.iso.root, s.python, checkouts=(self.iso.source, self.iso.repo)
                )
                # what the checkout has that git does not: needed ignored files, submodules
                self.extras = prepare_run_tree(self.iso)
                self.sandbox = probe.result()
            except BaseException:
                undo_isolation(self.iso)
                raise
        self.config_notices += uncommitted_config(self.iso) + self.extras.notices()
        self.run_dir = runs_dir() / self.run_id
        (self.run_dir / "logs").mkdir(parents=True, exist_ok=True)
        (self.run_dir / "scratch").mkdir(parents=True, exist_ok=True)
        # what must never reach the model or the trajectory: credential-like variables of this
        # process and the values of the user's dotenv files (rule 9: non-secret settings only)
        self.secrets = {
            **dotenv_secrets([self.iso.source, self.iso.repo]),
            **secret_values(),
        }
        # a doctor's events stay in its own folder: it is not a run of the run list
        where = self.run_dir / "doctor.jsonl" if self.check_only else None
        self.trajectory = Trajectory(where, run_id=self.run_id, extra_secrets=self.secrets)
        self.events = Events(self.trajectory, self.on_event)
        return self

    def _isolate(self) -> Isolation:
        """The run's isolation (:func:`fixloop.vcs.isolate`); the doctor's copy on a read-only .git.

        The doctor, which commits nothing, checks a private copy of HEAD where the git directory
        cannot be written (:func:`fixloop.vcs_copy.isolate_copy`) and says what it cannot check.
        """
        try:
            return vcs.isolate(self.path, self.run_id, in_place=self.in_place)
        except NotWritable:
            why = read_only_git(self.path) if self.check_only and not self.in_place else None
            if why is None:
                raise
        self.config_notices.append(COPY_NOTICE.format(why=why))
        return isolate_copy(self.path, self.run_id)

    def _check_price(self) -> None:
        """Check that a cost budget can be enforced.

        A cost budget needs a price: refuse to start when the user set one (``--max-cost``,
        ``max_cost_usd`` in a config) for a model with no price; with only the default budget, say
        that it cannot be enforced (issues 14 and 20: never silently free).
        """
        from fixloop.models import price_known

        if price_known(self.model):
            return
        limit = self.settings.budgets.max_cost_usd
        priced_as = getattr(self.model, "model_name", None) or self.model_name
        given = self.overrides.get("max_cost_usd") is not None or (
            limit != BudgetSettings().max_cost_usd
        )
        how = (
            f'give it a price ([prices."{priced_as}"] with input and output rates in USD per '
            "million tokens, in the user config or the file named by FIXLOOP_PRICES_FILE)"
        )
        if given:
            raise ConfigError(
                f"the cost budget (${limit:.2f}) cannot be enforced: no price is known for "
                f"{self.model_name}; {how}, or run without a cost budget"
            )
        self.config_notices.append(
            f"no price is known for {self.model_name}: its calls count as $0 and the cost "
            f"budget (${limit:.2f}) cannot be enforced; {how}"
        )

    def run(self) -> RunResult:
        """Run the baseline and, when there is something to fix, the loop.

        Returns:
            the loop's :class:`RunResult` (the git fields and summary are added on exit); with
            ``check_only``, the doctor's verdict as a result (see the class docstring).
        """
        s, iso = self.settings, self.iso
        env, unset = self._passed_env()
        runner = TestRunner(
            iso.root,
            self.sandbox,
            test_cmd=s.test_cmd,
            python=self.python,
            limits=s.to_limits(),
            log_dir=self.run_dir / "logs",
            env=env,
            secrets=self.secrets,
            # tests may write into the worktree (by-products never enter the commit, which is
            # built from the tools' edits); never into the user's own checkout (--in-place)
            writable=not iso.in_place,
            # nothing is measured yet: the baseline runs under the caps (issue 13)
            per_test_s=s.timeouts.per_test_timeout_s,
        )
        self.runner = runner
        self._start_events(runner, unset)
        extra = pytest_args(s.test_cmd)
        workspace = Workspace(
            iso.root,
            blocked=(*DEFAULT_BLOCKED, *s.blocked),
            policy=build_policy(
                iso.root, top=iso.worktree, allow_edit=s.allow_edit, extra_args=extra
            ),
        )
        # the model's run_tests goes warm (testrun/warm.py); the baseline and the gate stay cold
        self.warm = WarmRunner(runner, notice=self.events.notice)
        self.approver = make_approver(self.approve, self.person, self.events.emit)
        self.tools = tools = Tools(
            workspace,
            self.warm,
            caps=s.to_caps(),
            map_cache=fixloop_home() / "cache" / "repomap.sqlite3",
            extra=[ExploreTool(workspace, s.to_caps()), AskHumanTool(self.person)],
            approver=self.approver,
            disabled=s.disable_tools,
        )
        env_problem = self.extras.problem or doctor.command_problem(
            runner.test_cmd, runner.python, host_path=self.sandbox.host_python
        )
        first: TestReport | None = None
        if env_problem is None:  # the tests must run the code the model edits (issue 13)
            # ... asked while the baseline runs (issue 18); its problem wins over the baseline
            env_problem, first = probe_during_baseline(runner, import_problem, run_baseline)
        if env_problem is None:
            assert first is not None
            self.baseline = baseline = first
            if baseline.record is not None:  # what the tests used: protected from here on
                workspace.policy = build_policy(
                    iso.root,
                    top=iso.worktree,
                    allow_edit=s.allow_edit,
                    extra_args=extra,
                    record=baseline.record,
                )
            self.events.emit("baseline", {"report": baseline.to_dict()})
            if baseline.record is not None:  # runs of some tests: no whole-suite coverage check
                runner.baseline_plugins = baseline.record.plugins
            self._scale_limits(runner, baseline)
            env_problem = doctor.diagnose(
                baseline,
                root=iso.root,
                python=runner.python,
                test_cmd=runner.test_cmd,
                source=iso.source,
                reads_counts=runner.reads_counts,
                top=iso.worktree if iso.root != iso.worktree else None,
                repo=iso.repo,
            )
        self.environment = env_problem
        if env_problem is not None:
            self.events.emit("environment", asdict(env_problem))
            self.result = RunResult(RunStatus.ENVIRONMENT, False, stop_reason=env_problem.cause)
            self.result.environment = env_problem
            if self.baseline is not None:
                self.result.failing_tests = self.baseline.failing_ids
            return self.result
        if self.check_only:  # the doctor: the suite runs as it should
            status = RunStatus.NOTHING_TO_FIX if baseline.ok else RunStatus.NOT_FIXED
            why = f"doctor: ready ({render.tally(baseline)}); no model was called"
            self.result = RunResult(status, False, stop_reason=why)
            self.result.failing_tests = baseline.failing_ids
            return self.result
        targets = Targets.for_run(s.target, baseline, runner.collect)  # a bad one: exit 2
        flaky = None if baseline.ok else flaky_problem(runner, focus(targets, baseline))
        if baseline.ok:
            why = f"every test passed before any change ({render.tally(baseline)})"
            self.result = RunResult(RunStatus.NOTHING_TO_FIX, False, stop_reason=why)
        elif flaky:
            self.events.notice(flaky)
            self.result = RunResult(RunStatus.FLAKY, False, stop_reason=flaky)
            self.result.failing_tests = baseline.failing_ids
        else:
            deadline = min(  # the gate's and the repair engine's (ModelContext.deadline)
                self.t0 + s.budgets.max_wall_s,
                self.shared.deadline if self.shared is not None else float("inf"),
            )
            self.gate = gate = Gate(
                iso,
                workspace,
                runner,
                baseline,
                changed=lambda: tools.changed,
                scratch_dir=self.run_dir / "gate",
                prepare=self.extras.apply,
                brought=self.extras.ignored,
                repeats=s.gate_repeats,
                targets=targets,
                manifests=self.approver.manifests if self.approver is not None else None,
                deadline=deadline,
            )
            ctx = ModelContext(
                root=iso.root,
                task=self.task,
                sandbox=self.sandbox,
                runner=runner,
                scratch_dir=self.run_dir / "scratch",
                baseline=focus(targets, baseline),  # the repair engine works on the targets
                repair_budget=s.timeouts.repair_budget(),
                targets=tuple(targets.ids) if targets is not None else (),
                other_failing=tuple(
                    i
                    for i in baseline.failing_ids
                    if targets is not None and not targets.matches(i)
                ),
                deadline=deadline,
            )
            assert self.model is not None  # resolved on entering (only a doctor has none)
            self.agent = Agent(
                self.model,
                tools,
                gate,
                s.budgets,
                self.trajectory,
                self.on_event,
                model_context=ctx,
                shared=self.shared,
            )
            task = task_for(targets, self.task, baseline)
            self.result = self.agent.run(task + deps_note(self.approver))
            record_targets(targets, self.result, self.agent.last_report, baseline)
        return self.result

    def _scale_limits(self, runner: TestRunner, baseline: TestReport) -> None:
        """Set the runner's limits for every later run from the baseline's timings (issue 13).

        :meth:`fixloop.config.TimeoutSettings.derive` gives the wall-clock limit of one test
        run and the per-test limit; the flaky re-run, the model's runs, the gate's runs and the
        repair engine (through the runner's ``limits`` and ``per_test_s``) use them. The line
        saying so goes to the trajectory as a notice.
        """
        derived = self.settings.timeouts.derive(
            baseline.duration_s - baseline.hung_s, baseline.slowest_s
        )
        runner.limits = dataclasses.replace(runner.limits, wall_s=derived.test_run_s)
        runner.per_test_s = derived.per_test_s
        self.events.notice(derived.describe())

    def _passed_env(self) -> tuple[dict[str, str], list[str]]:
        """The host values of the settings' ``pass_env`` names, and the names unset here."""
        out: dict[str, str] = {}
        unset: list[str] = []
        for name in self.settings.pass_env:
            if name in os.environ:
                out[name] = os.environ[name]
            else:
                unset.append(name)
        return out, unset

    def _start_events(self, runner: TestRunner, unset: list[str]) -> None:
        iso = self.iso
        config = self.settings.summary()
        config["python"] = self.python  # the interpreter the tests use, found or configured
        start = RunStartEvent(
            task=self.task,
            model=self.model_name,
            model_reason=self.model_reason,
            repo=str(iso.repo),
            path=str(iso.source),
            worktree=str(iso.root),
            branch=iso.branch,
            base_commit=iso.base_commit,
            in_place=iso.in_place,
            sandbox=self.sandbox.name,
            config=config,
            python=self.python,
            python_origin=self.python_origin,
            test_cmd=list(runner.test_cmd),
        )
        self.events.emit("run_start", start)
        for text in self.config_notices:
            self.events.notice(text)
        for name in unset:
            self.events.notice(f"pass_env: {name} is not set here, so the tests do not get it")
        sandbox_mod.warn_unsandboxed(self.sandbox, self.events.notice)  # once, before any test
        if iso.uncommitted:
            self.events.notice(
                f"{len(iso.uncommitted)} uncommitted change(s) in your checkout are not included: "
                "fixloop works from the HEAD commit"
            )

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """End the run (the one handler of Ctrl-C and of unexpected errors during a run)."""
        if isinstance(exc, KeyboardInterrupt):
            sandbox_mod.kill_all_children()
            if self.agent is not None:
                result = self.agent.end(Interrupted(INTERRUPTED))
            else:
                result = RunResult(RunStatus.INTERRUPTED, False, stop_reason=INTERRUPTED)
        elif isinstance(exc, RunStopped):  # a halted attempt's command (sandbox.owners), e.g.
            kill_own_children()  # in its baseline: the run's stop, not an error of this one
            if self.agent is not None:
                result = self.agent.end(exc)
            else:
                result = RunResult(exc.status, False, stop_reason=exc.reason)
        elif exc is not None:
            kill_own_children()  # this run's (one attempt of several: only its own)
            # Unexpected: keep the work (WIP commit), record the end, then let it surface.
            result = self.result or RunResult(RunStatus.ERROR, False)
            result.status, result.verified = RunStatus.ERROR, False
            result.stop_reason = f"{type(exc).__name__}: {exc}"
        else:
            assert self.result is not None, "RunSession.run() was not called"
            result = self.result
        finish(self, result)
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, RunInterrupted):
            raise RunInterrupted(result) from exc
        if self.interrupt_after and exc is None:  # Ctrl-C at the commit question
            raise RunInterrupted(result)
