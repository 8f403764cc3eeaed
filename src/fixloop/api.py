"""The Python API: ``CodingAgent(model, path, **settings).run(task) -> RunResult``.

One run, in the order of ../shared/DESIGN.md ("Data flow of one run"): settings
(:func:`fixloop.config.load_settings`), the model (a callable of the model shape, or a ``--model``
spec string for :func:`fixloop.models.make_model`), the sandbox (before any git change, so an
environment error leaves nothing behind), git isolation (:func:`fixloop.vcs.isolate`), the
workspace, the test runner (logs and JUnit files under the run's folder, outside the workspace),
the tools, the trajectory, the baseline run, the gate, the agent loop, and at the end the commit on
the run's branch (``fixloop: ...`` when verified, ``fixloop WIP: ...`` otherwise, so no work is
lost) and the :class:`~fixloop.types.RunResult` with an honest summary.

Example::

    from fixloop.api import CodingAgent
    result = CodingAgent("repair", "examples/shop").run()
    print(result.status, result.branch)
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fixloop.agent import Agent, EventSink, summarize
from fixloop.errors import Interrupted
from fixloop.prompts import DEFAULT_TASK
from fixloop.types import ModelContext, RunResult, RunStatus, TestReport

__all__ = ["CodingAgent", "DEFAULT_TASK", "exit_code_for"]


def exit_code_for(result: RunResult) -> int:
    """The CLI exit code of a finished run: 0 verified or nothing to fix, 3 provider
    unavailable (an environment error), 1 for every other ending."""
    if result.verified or result.status == RunStatus.NOTHING_TO_FIX:
        return 0
    if result.status == RunStatus.PROVIDER_UNAVAILABLE:
        return 3
    return 1


class CodingAgent:
    """A coding agent that makes a repository's failing tests pass, and proves it.

    Args:
        model: a callable ``model(system, messages, tools) -> reply`` (:data:`fixloop.types.Model`;
            optional ``name`` and ``bind``), or a spec string (``"auto"``, ``"repair"``,
            ``"script:FILE"``, ``"anthropic:NAME"``, ...; see :mod:`fixloop.models`).
        path: the folder to work on (a git repository or a folder inside one).
        on_event: optional ``on_event(type, data)`` called with every trajectory event.
        **settings: overrides of the configuration (``max_steps``, ``max_test_runs``,
            ``max_verifications``, ``max_tokens``, ``max_cost_usd``, ``timeout_s``, ``sandbox``,
            ``docker_image``, ``allow_unsandboxed``, ``in_place``, ...); the user's and the
            repository's config files fill the rest (:func:`fixloop.config.load_settings`).

    Attributes:
        model_name: the model's display name; ``model_reason``: why it was chosen.
    """

    def __init__(
        self,
        model: Any = None,
        path: str | Path = ".",
        *,
        on_event: EventSink | None = None,
        in_place: bool = False,
        keep_worktree: bool = False,
        **settings: Any,
    ) -> None:
        self.model_spec = model
        self.path = Path(path)
        self.on_event = on_event
        self.in_place = bool(in_place)
        self.keep_worktree = bool(keep_worktree)
        self.overrides = {k: v for k, v in settings.items() if v is not None}
        self.model_name = ""
        self.model_reason = ""
        self.result: RunResult | None = None

    # -- pieces --------------------------------------------------------------------------------

    def _settings(self) -> tuple[Any, list[str]]:
        from fixloop.config import load_settings

        repo_root = self.path if self.path.is_dir() else None
        return load_settings(repo_root, self.overrides)

    def _model(self, settings: Any) -> Any:
        spec = self.model_spec if self.model_spec is not None else settings.model
        if isinstance(spec, str):
            from fixloop.models import make_model

            choice = make_model(spec, settings=settings.model_settings())
            self.model_name, self.model_reason = choice.name, choice.reason
            return choice.model
        if not callable(self.model_spec):
            from fixloop.errors import UsageError

            raise UsageError("model must be a callable model(system, messages, tools) or a spec")
        m = self.model_spec
        self.model_name = str(getattr(m, "name", "") or getattr(m, "__name__", "") or "custom")
        self.model_reason = "given by the caller"
        return m

    def _emit(self, traj: Any, type_: str, **data: Any) -> None:
        traj.write(type_, **data)
        if self.on_event is not None:
            try:
                self.on_event(type_, data)
            except Exception:  # noqa: BLE001 - a display fault must not end the run
                pass

    # -- the run -------------------------------------------------------------------------------

    def run(self, task: str = DEFAULT_TASK) -> RunResult:
        """Run fixloop once on the folder.

        Args:
            task: what to do (default: make the failing tests pass).

        Returns:
            the :class:`RunResult` (the same fields as ``fixloop fix --json``).

        Raises:
            UsageError, ConfigError, GitStateError: bad arguments, configuration or git state
                (exit code 2); nothing was changed.
            SandboxUnavailable: the sandbox cannot start (exit code 3); nothing was changed.
            KeyboardInterrupt: after stopping cleanly: sandboxed children killed, the work
                committed on the branch, ``run_end`` written (:attr:`result` holds the result).
        """
        from fixloop import vcs
        from fixloop.gate import Gate, baseline_problem, run_baseline
        from fixloop.sandbox import make_sandbox
        from fixloop.testrun import TestRunner, find_python
        from fixloop.tools import Caps, Tools
        from fixloop.trajectory import Trajectory, new_run_id, runs_dir
        from fixloop.workspace import DEFAULT_BLOCKED, Workspace

        t0 = time.monotonic()
        s, config_notices = self._settings()
        model = self._model(s)
        src = self.path.expanduser()
        if not src.is_dir():
            from fixloop.errors import UsageError

            raise UsageError(f"{self.path}: no such folder")
        python = find_python(src.resolve(), s.python)
        run_id = new_run_id()
        # Git state first: a folder fixloop cannot work in is a usage error (exit 2) whatever
        # the sandbox; then the sandbox, undoing the isolation if it cannot start.
        iso = vcs.isolate(self.path, run_id, in_place=self.in_place)
        try:
            sandbox = make_sandbox(
                s.sandbox, image=s.docker_image, allow_unsandboxed=s.allow_unsandboxed
            )
        except BaseException:
            _undo_isolation(iso)
            raise
        run_dir = runs_dir() / run_id
        (run_dir / "logs").mkdir(parents=True, exist_ok=True)
        (run_dir / "scratch").mkdir(parents=True, exist_ok=True)
        traj = Trajectory(run_id=run_id)
        result: RunResult | None = None
        agent: Agent | None = None
        baseline: TestReport | None = None
        tools: Any = None
        interrupted: BaseException | None = None
        try:
            self._emit(
                traj,
                "run_start",
                task=task,
                model=self.model_name,
                model_reason=self.model_reason,
                repo=str(iso.repo),
                path=str(iso.source),
                worktree=str(iso.root),
                branch=iso.branch,
                base_commit=iso.base_commit,
                in_place=iso.in_place,
                sandbox=getattr(sandbox, "name", str(sandbox)),
                config=s.summary(),
            )
            for text in config_notices:
                self._emit(traj, "notice", text=text)
            if getattr(sandbox, "name", "") == "none":
                self._emit(
                    traj,
                    "notice",
                    text="WARNING: tests run unsandboxed (--sandbox none): code under test can "
                    "reach the network, your files and your environment",
                )
            if iso.uncommitted:
                self._emit(
                    traj,
                    "notice",
                    text=f"{len(iso.uncommitted)} uncommitted change(s) in your checkout are not "
                    "included: fixloop works from the HEAD commit",
                )
            runner = TestRunner(
                iso.root,
                sandbox,
                test_cmd=s.test_cmd,
                python=python,
                limits=s.to_limits(),
                log_dir=run_dir / "logs",
            )
            workspace = Workspace(iso.root, blocked=(*DEFAULT_BLOCKED, *s.blocked))
            tools = Tools(workspace, runner, caps=Caps(**s.caps.model_dump()))
            baseline = run_baseline(runner)
            self._emit(traj, "baseline", report=baseline.to_dict())
            problem = baseline_problem(baseline)
            if problem == "nothing_to_fix":
                result = RunResult(
                    status=RunStatus.NOTHING_TO_FIX,
                    verified=False,
                    stop_reason=f"every test passed before any change ({baseline.tally()})",
                )
            elif problem:
                result = RunResult(status=RunStatus.ERROR, verified=False, stop_reason=problem)
                result.failing_tests = baseline.failing_ids
            else:
                gate = Gate(iso, workspace, runner, baseline)
                ctx = ModelContext(
                    root=iso.root,
                    task=task,
                    sandbox=sandbox,
                    runner=runner,
                    scratch_dir=run_dir / "scratch",
                    baseline=baseline,
                )
                agent = Agent(model, tools, gate, s.budgets, traj, self.on_event, model_context=ctx)
                try:
                    result = agent.run(task)
                except KeyboardInterrupt as e:
                    interrupted = e
                    _kill_children()
                    result = agent.end(Interrupted("interrupted by the user (Ctrl-C)"))
        except KeyboardInterrupt as e:
            interrupted = e
            _kill_children()
        except BaseException as e:
            # Unexpected: keep the work (WIP commit), record the end, then let it surface.
            result = result or RunResult(status=RunStatus.ERROR, verified=False)
            result.status, result.verified = RunStatus.ERROR, False
            result.stop_reason = f"{type(e).__name__}: {e}"
            self._finish(iso, traj, result, agent, baseline, tools, task, t0, run_id)
            raise
        if result is None:
            result = RunResult(
                status=RunStatus.NOT_FIXED,
                verified=False,
                stop_reason="interrupted by the user (Ctrl-C)",
            )
        self._finish(iso, traj, result, agent, baseline, tools, task, t0, run_id)
        if interrupted is not None:
            raise interrupted
        return result

    def _finish(
        self,
        iso: Any,
        traj: Any,
        result: RunResult,
        agent: Agent | None,
        baseline: TestReport | None,
        tools: Any,
        task: str,
        t0: float,
        run_id: str,
    ) -> None:
        """Commit the work on the branch, fill the git fields and the summary, write run_end."""
        result.model = self.model_name
        result.run_id = run_id
        result.trajectory = str(traj.path)
        result.branch = iso.branch
        result.base_commit = iso.base_commit
        notes: list[str] = []
        try:
            result.files_changed = iso.files_changed()
            result.diff = iso.diff()
            headline = _first_line(task) or DEFAULT_TASK
            if result.verified:
                message = f"fixloop: {headline}\n\nVerified by the harness: {result.stop_reason}"
            else:
                failing = ", ".join(result.failing_tests[:10]) or "unknown"
                message = (
                    f"fixloop WIP: {headline} (not verified)\n\n"
                    f"Status: {result.status.value}. Stopped: {result.stop_reason}\n"
                    f"Still failing: {failing}"
                )
            result.head_commit = iso.finish(message)
        except Exception as e:  # noqa: BLE001 - the report must still be written
            notes.append(f"could not commit the work on {iso.branch}: {e}")
        result.worktree = str(iso.root)
        if not iso.in_place and not self.keep_worktree:
            # The branch holds the work (or equals the base): the worktree folder can go, so the
            # user can check the branch out and nothing piles up under FIXLOOP_HOME.
            if result.head_commit is not None or not result.files_changed:
                try:
                    iso.remove_worktree(force=True)
                    result.worktree = None
                    if result.head_commit is None:
                        # An empty branch is clutter in the user's repository: drop it.
                        from fixloop.vcs import git

                        git(iso.repo, "branch", "-D", iso.branch, check=False)
                        result.branch = None
                except Exception as e:  # noqa: BLE001
                    notes.append(f"could not remove the worktree {iso.worktree}: {e}")
        result.wall_s = round(time.monotonic() - t0, 3)
        edits = agent.edits if agent is not None else 0
        result.summary = summarize(
            result,
            edits=edits,
            baseline=baseline,
            user_changes=list(iso.uncommitted),
            in_place=iso.in_place,
        )
        if notes:
            result.summary += "\n" + "\n".join(notes)
        self.result = result
        try:
            traj.write("run_end", **result.to_dict())
        finally:
            traj.close()


def _first_line(text: str, limit: int = 72) -> str:
    line = (text or "").strip().split("\n", 1)[0]
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _undo_isolation(iso: Any) -> None:
    """Remove a run's worktree and branch before anything ran (in-place: switch back first)."""
    from fixloop.vcs import git

    try:
        if iso.in_place:
            target = iso.original_head or iso.base_commit
            detach = ["--detach"] if target == iso.base_commit else []
            git(iso.repo, "switch", "-q", *detach, target, check=False)
        else:
            iso.remove_worktree(force=True)
        git(iso.repo, "branch", "-D", iso.branch, check=False)
    except Exception:  # noqa: BLE001 - best effort; the original error is what matters
        pass


def _kill_children() -> None:
    try:
        from fixloop.sandbox import kill_all_children

        kill_all_children()
    except Exception:  # noqa: BLE001 - best effort on the way out
        pass
