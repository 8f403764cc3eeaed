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
from fixloop.candidate import build_candidate, commit_tree, tree_diff
from fixloop.config import BudgetSettings, Settings, load_settings
from fixloop.errors import ConfigError, Interrupted, UsageError
from fixloop.events import Events, EventSink
from fixloop.gate import Gate
from fixloop.prompts import DEFAULT_TASK
from fixloop.protocols import Isolation, Model, Runner, RunStartEvent, model_name
from fixloop.testinfra import build_policy
from fixloop.testrun import TestRunner, discover_python, pytest_args
from fixloop.testrun.projectpaths import import_problem
from fixloop.testrun.warm import WarmRunner
from fixloop.tools import Tools
from fixloop.tools.explore import ExploreTool
from fixloop.trajectory import (
    Trajectory,
    dotenv_secrets,
    fixloop_home,
    new_run_id,
    runs_dir,
    secret_values,
)
from fixloop.types import ModelContext, Outcome, RunResult, RunStatus, TestReport
from fixloop.workspace import DEFAULT_BLOCKED, Workspace

INTERRUPTED = "interrupted by the user (Ctrl-C)"


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run, raised after the run was ended cleanly.

    Attributes:
        result: the run's :class:`RunResult` (work committed, ``run_end`` written).
    """

    def __init__(self, result: RunResult) -> None:
        super().__init__(INTERRUPTED)
        self.result = result


def run_baseline(runner: Runner) -> TestReport:
    """Run the full suite once, in pristine mode, before the model is called.

    Returns:
        the baseline :class:`TestReport`; ``report.ok`` means there is nothing to fix. A
        collection error or an internal error is still "failing" (something to fix).
    """
    return runner.run("", pristine=True)


def flaky_problem(runner: Runner, baseline: TestReport) -> str | None:
    """Run the baseline's failing tests once more, with no change; a sentence when they pass.

    A failure that goes away by itself is flaky: nothing a change could be verified against
    (shared case 35). Called before any model call.

    Returns:
        the sentence (the run then ends ``flaky``), or None when they still fail (or the
        baseline names no failing test to re-run, e.g. an internal error).
    """
    ids = baseline.failing_ids
    if not ids:
        return None
    again = runner.run(list(ids), pristine=True)
    if not again.ok or again.failing_ids:
        return None
    shown = ", ".join(ids[:5]) + (f" (+{len(ids) - 5} more)" if len(ids) > 5 else "")
    return (
        f"flaky: the baseline's failing tests passed when run again with no change ({shown}; "
        f"{render.tally(again)}); fixloop does not try to fix a failure it cannot reproduce"
    )


def baseline_problem(report: TestReport) -> str | None:
    """Why a baseline leaves nothing for the model to do, or None when there is work.

    Returns:
        ``"nothing_to_fix"`` when every collected test passed; a sentence when the suite collected
        no test at all (the gate could never verify a fix); otherwise None.
    """
    if report.ok:
        return "nothing_to_fix"
    if report.outcome in (Outcome.NO_TESTS_COLLECTED, Outcome.PASSED) and report.collected == 0:
        return (
            "the test suite collected no tests, so there is nothing to verify a fix against "
            "(check the test command and paths)"
        )
    return None


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
        in_place: work in the user's checkout on the run's branch instead of a worktree.
        keep_worktree: keep the worktree folder after the run.
        shared: budgets shared with the other attempts of one run (:mod:`fixloop.attempts`),
            or None.

    Attributes:
        settings, model, model_name, model_reason, iso, sandbox, trajectory, agent, baseline:
            the parts, once built; ``result``: the :class:`RunResult` after the session ended.

    Raises (on entering):
        UsageError, ConfigError, GitStateError: bad arguments, configuration or git state;
            nothing was changed.
        SandboxUnavailable: the sandbox cannot start; the isolation was undone.
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
    ) -> None:
        self.spec, self.path, self.task = model, Path(path), task
        self.shared = shared
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
        repo_root = self.path if self.path.is_dir() else None
        self.settings, self.config_notices = load_settings(repo_root, self.overrides)
        self.model, self.model_name, self.model_reason = resolve_model(self.spec, self.settings)
        self._check_price()
        src = self.path.expanduser()
        if not src.is_dir():
            raise UsageError(f"{self.path}: no such folder")
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
                self.iso: Isolation = vcs.isolate(self.path, self.run_id, in_place=self.in_place)
            except BaseException:
                probe.cancel()
                raise  # the pool waits for a probe already running: no process outlives it
            try:
                self.python, self.python_origin = discover_python(
                    self.iso.root, s.python, checkouts=(self.iso.source, self.iso.repo)
                )
                self.sandbox = probe.result()
            except BaseException:
                _undo_isolation(self.iso)
                raise
        self.run_dir = runs_dir() / self.run_id
        (self.run_dir / "logs").mkdir(parents=True, exist_ok=True)
        (self.run_dir / "scratch").mkdir(parents=True, exist_ok=True)
        # what must never reach the model or the trajectory: credential-like variables of this
        # process and the values of the user's dotenv files (rule 9: non-secret settings only)
        self.secrets = {
            **dotenv_secrets([self.iso.source, self.iso.repo]),
            **secret_values(),
        }
        self.trajectory = Trajectory(run_id=self.run_id, extra_secrets=self.secrets)
        self.events = Events(self.trajectory, self.on_event)
        return self

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
            the loop's :class:`RunResult` (the git fields and summary are added on exit).
        """
        s, iso = self.settings, self.iso
        self._start_events()
        runner = TestRunner(
            iso.root,
            self.sandbox,
            test_cmd=s.test_cmd,
            python=self.python,
            limits=s.to_limits(),
            log_dir=self.run_dir / "logs",
            env=self._passed_env(),
            secrets=self.secrets,
            # tests may write into the worktree (by-products never enter the commit, which is
            # built from the tools' edits); never into the user's own checkout (--in-place)
            writable=not iso.in_place,
            # nothing is measured yet: the baseline runs under the caps (issue 13)
            per_test_s=s.timeouts.per_test_timeout_s,
        )
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
        self.tools = tools = Tools(
            workspace,
            self.warm,
            caps=s.to_caps(),
            map_cache=fixloop_home() / "cache" / "repomap.sqlite3",
            extra=[ExploreTool(workspace, s.to_caps())],
        )
        self.runner = runner
        env_problem = doctor.command_problem(
            runner.test_cmd, runner.python, host_path=self.sandbox.host_python
        )
        if env_problem is None:  # the tests must run the code the model edits (issue 13)
            env_problem = import_problem(runner)
        if env_problem is None:
            self.baseline = baseline = run_baseline(runner)
            if baseline.record is not None:  # what the tests used: protected from here on
                workspace.policy = build_policy(
                    iso.root,
                    top=iso.worktree,
                    allow_edit=s.allow_edit,
                    extra_args=extra,
                    record=baseline.record,
                )
            self.events.emit("baseline", {"report": baseline.to_dict()})
            self._scale_limits(runner, baseline)
            env_problem = doctor.diagnose(
                baseline,
                root=iso.root,
                python=runner.python,
                test_cmd=runner.test_cmd,
                source=iso.source,
                reads_counts=runner.reads_counts,
            )
        if env_problem is not None:
            self.events.emit("environment", asdict(env_problem))
            self.result = RunResult(RunStatus.ENVIRONMENT, False, stop_reason=env_problem.cause)
            self.result.environment = env_problem
            if self.baseline is not None:
                self.result.failing_tests = self.baseline.failing_ids
            return self.result
        flaky = None if baseline.ok else flaky_problem(runner, baseline)
        if baseline.ok:
            why = f"every test passed before any change ({render.tally(baseline)})"
            self.result = RunResult(RunStatus.NOTHING_TO_FIX, False, stop_reason=why)
        elif flaky:
            self.events.notice(flaky)
            self.result = RunResult(RunStatus.FLAKY, False, stop_reason=flaky)
            self.result.failing_tests = baseline.failing_ids
        else:
            self.gate = gate = Gate(
                iso,
                workspace,
                runner,
                baseline,
                changed=lambda: tools.changed,
                scratch_dir=self.run_dir / "gate",
                repeats=s.gate_repeats,
                deadline=min(
                    self.t0 + s.budgets.max_wall_s,
                    self.shared.deadline if self.shared is not None else float("inf"),
                ),
            )
            ctx = ModelContext(
                root=iso.root,
                task=self.task,
                sandbox=self.sandbox,
                runner=runner,
                scratch_dir=self.run_dir / "scratch",
                baseline=baseline,
                repair_budget=s.timeouts.repair_budget(),
            )
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
            self.result = self.agent.run(self.task)
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

    def _passed_env(self) -> dict[str, str]:
        """The host values of the settings' ``pass_env`` names (a notice for each one unset)."""
        out: dict[str, str] = {}
        for name in self.settings.pass_env:
            if name in os.environ:
                out[name] = os.environ[name]
            else:
                self.events.notice(f"pass_env: {name} is not set here, so the tests do not get it")
        return out

    def _start_events(self) -> None:
        iso = self.iso
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
            config=self.settings.summary(),
        )
        self.events.emit("run_start", start)
        for text in self.config_notices:
            self.events.notice(text)
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
                result = RunResult(RunStatus.NOT_FIXED, False, stop_reason=INTERRUPTED)
        elif exc is not None:
            sandbox_mod.kill_all_children()
            # Unexpected: keep the work (WIP commit), record the end, then let it surface.
            result = self.result or RunResult(RunStatus.ERROR, False)
            result.status, result.verified = RunStatus.ERROR, False
            result.stop_reason = f"{type(exc).__name__}: {exc}"
        else:
            assert self.result is not None, "RunSession.run() was not called"
            result = self.result
        self._finish(result)
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, RunInterrupted):
            raise RunInterrupted(result) from exc

    def _commit(self, result: RunResult) -> list[str]:
        """Commit the tools' changes on the run's branch; fill the git fields; return notes.

        The commit's tree is built from the tools' changed paths alone
        (:func:`fixloop.candidate.build_candidate`, the gate's own rule), never ``git add -A``.
        A verified run's tree must be the very tree the gate checked; the commit made from it
        is ``verified_commit`` (= ``head_commit``). In-place mode commits nothing.
        """
        iso, notes = self.iso, []
        refuse = self.gate.refusal if self.gate is not None else None
        cand = build_candidate(iso.root, iso.base_commit, _candidate_paths(self), refuse=refuse)
        result.files_changed = list(cand.changed)
        result.diff = tree_diff(iso.root, cand.base_tree, cand.tree)
        checked = self.gate.last_candidate if self.gate is not None else None
        if result.verified and (checked is None or checked.tree != cand.tree):
            result.verified, result.status = False, RunStatus.ERROR
            result.stop_reason = (
                "the change differs from the tree the gate verified; not verified "
                f"({result.stop_reason})"
            )
        if cand.left_out and not result.verified:
            notes.append(f"left out of the commit: {cand.left_out_text()}")
        if iso.in_place or cand.unchanged:
            result.head_commit = None
            return notes
        head = commit_tree(iso.root, cand.tree, iso.base_commit, _commit_message(self.task, result))
        iso.point_branch(head)
        result.head_commit = head
        result.verified_commit = head if result.verified else None
        return notes

    def _finish(self, result: RunResult) -> None:
        """Commit the work on the branch, fill the git fields and the summary, write run_end."""
        iso = self.iso
        if self.warm is not None:
            self.warm.close()
        result.model, result.run_id = self.model_name, self.run_id
        result.trajectory = str(self.trajectory.path)
        result.branch, result.base_commit = iso.branch, iso.base_commit
        notes: list[str] = []
        try:
            notes += self._commit(result)
        except Exception as e:  # noqa: BLE001 - the report must still be written
            result.verified, result.verified_commit = False, None
            if result.status == RunStatus.VERIFIED:
                result.status = RunStatus.ERROR
            notes.append(f"could not commit the work on {iso.branch}: {e}")
        result.worktree = str(iso.root)
        # The branch holds the work (or equals the base): the worktree folder can go, so the
        # user can check the branch out and nothing piles up under FIXLOOP_HOME.
        removable = result.head_commit is not None or not result.files_changed
        if not iso.in_place and not self.keep_worktree and removable:
            try:
                iso.remove_worktree(force=True)
                result.worktree = None
                if result.head_commit is None:  # an empty branch is clutter: drop it
                    vcs.git(iso.repo, "branch", "-D", iso.branch, check=False)
                    result.branch = None
            except Exception as e:  # noqa: BLE001
                notes.append(f"could not remove the worktree {iso.worktree}: {e}")
        result.wall_s = round(time.monotonic() - self.t0, 3)
        result.summary = render.summary(
            result,
            edits=self.agent.edits if self.agent is not None else 0,
            baseline=self.baseline,
            user_changes=list(iso.uncommitted),
            in_place=iso.in_place,
        )
        if notes:
            result.summary += "\n" + "\n".join(notes)
        self.result = result
        try:
            self.trajectory.write("run_end", **result.to_dict())
        finally:
            self.trajectory.close()


def _candidate_paths(session: RunSession) -> list[str]:
    return list(session.tools.changed) if session.tools is not None else []


def _commit_message(task: str, result: RunResult) -> str:
    line = (task or "").strip().split("\n", 1)[0]
    headline = (line if len(line) <= 72 else line[:71] + "…") or DEFAULT_TASK
    if result.verified:
        return f"fixloop: {headline}\n\nVerified by the harness: {result.stop_reason}"
    failing = ", ".join(result.failing_tests[:10]) or "unknown"
    return (
        f"fixloop WIP: {headline} (not verified)\n\n"
        f"Status: {result.status.value}. Stopped: {result.stop_reason}\n"
        f"Still failing: {failing}"
    )


def _undo_isolation(iso: Isolation) -> None:
    """Remove a run's worktree and branch before anything ran (in-place: switch back first)."""
    try:
        if iso.in_place:
            target = iso.original_head or iso.base_commit
            detach = ["--detach"] if target == iso.base_commit else []
            vcs.git(iso.repo, "switch", "-q", *detach, target, check=False)
        else:
            iso.remove_worktree(force=True)
        vcs.git(iso.repo, "branch", "-D", iso.branch, check=False)
    except Exception:  # noqa: BLE001 - best effort; the original error is what matters
        pass
