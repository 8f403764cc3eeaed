"""The Python API: ``CodingAgent(model, path, ...).run(task) -> RunResult``.

A thin front of :class:`fixloop.session.RunSession`, which assembles and ends the run (in the
order of ../shared/DESIGN.md, "Data flow of one run").

Example::

    from fixloop import CodingAgent
    result = CodingAgent("repair", "examples/shop", max_steps=20).run()
    print(result.status, result.branch)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from fixloop.errors import UsageError
from fixloop.events import EventSink
from fixloop.person import Person
from fixloop.prompts import DEFAULT_TASK
from fixloop.protocols import Model
from fixloop.session import exit_code_for
from fixloop.types import RunResult

__all__ = ["CodingAgent", "DEFAULT_TASK", "exit_code_for"]


class CodingAgent:
    """A coding agent that makes a repository's failing tests pass, and proves it.

    Every setting left None comes from the configuration files (the user's, then the
    repository's; :func:`fixloop.config.load_settings`), else from the defaults of
    :class:`fixloop.config.Settings` (README, "Configuration").

    Args:
        model: a callable ``model(system, messages, tools) -> reply``
            (:class:`fixloop.protocols.Model`; optional ``name`` and ``bind``), or a spec string
            (``"auto"``, ``"repair"``, ``"script:FILE"``, ``"anthropic:NAME"``, ...; see
            :mod:`fixloop.models`), or None for the configured model.
        path: the folder to work on (a git repository or a folder inside one).
        on_event: ``on_event(type, data)`` called with every trajectory event, or None.
        in_place: work in your checkout, on the branch it is on (the change is left
            uncommitted there), instead of a separate worktree.
        keep_worktree: keep the worktree folder after the run (it is removed once the branch
            holds the work).
        max_steps: model calls (>= 1).
        max_test_runs: test runs the model may ask for (>= 0).
        max_verifications: claims of being done the gate checks (>= 1).
        max_tokens: input + output tokens over the run (>= 1).
        max_cost_usd: US dollars over the run (>= 0); a run with a model that has no price
            refuses to start (ConfigError) until the model is given one.
        max_wall_s: wall-clock seconds for the whole run (> 0).
        test_timeout_s: the cap of one test run in the sandbox, seconds (> 0): the baseline's
            limit; later runs get a limit derived from the baseline, never above it
            (:class:`fixloop.config.TimeoutSettings`).
        sandbox: ``"auto"``, ``"bwrap"``, ``"docker"``, ``"podman"`` or ``"none"``.
        allow_unsandboxed: the explicit opt-in that ``sandbox="none"`` needs.
        docker_image: the image for the docker/podman sandbox.
        test_cmd: the test command (argv list, or a string split like a shell would).
        allow_edit: fnmatch globs of files that are not Python source the model may create or
            change (``--allow-edit``); added to the user config's ``allow_edit``.
        thinking_budget: tokens of extended thinking per turn for a Claude model (>= 1024).
        target: the failing tests the run is about (``--target``; pytest node ids): they must
            pass, no test that passed at the baseline may fail, the baseline's other failing
            tests may stay failing (:mod:`fixloop.targets`). A target that does not fail at
            the baseline or names no test is a :class:`UsageError` raised by :meth:`run`.
        python: the interpreter for the tests (wins over discovery).
        pass_env: host variable names passed into the sandbox (added to the user config's).
        attempts: independent attempts from the same base commit, the smallest gate-verified
            diff wins (:mod:`fixloop.attempts`); with more than one, ``model`` is a spec string
            or a list of model callables, one per attempt.
        jobs: attempts running at once.
        keep_attempts: keep the branches of the attempts that did not win.
        all_attempts: run every attempt to its end even after one was verified.
        ask: ``ask(question) -> answer``: the person the ``ask_human`` tool and the approvals
            reach (:class:`fixloop.person.CallbackPerson`), or a :class:`fixloop.person.Person`;
            None: nobody (``ask_human`` says so at once).
        approve: ``--approve``: ``"never"`` or a comma-separated set of ``commit``, ``edits``,
            ``deps`` (:mod:`fixloop.tools.approval`); anything but never needs ``ask``.

    Attributes:
        model_name: the model's display name; ``model_reason``: why it was chosen.
        result: the last run's :class:`RunResult` (also after Ctrl-C), or None.
    """

    def __init__(
        self,
        model: Model | str | Sequence[Model] | None = None,
        path: str | Path = ".",
        *,
        on_event: EventSink | None = None,
        in_place: bool = False,
        keep_worktree: bool = False,
        max_steps: int | None = None,
        max_test_runs: int | None = None,
        max_verifications: int | None = None,
        max_tokens: int | None = None,
        max_cost_usd: float | None = None,
        max_wall_s: float | None = None,
        test_timeout_s: float | None = None,
        sandbox: str | None = None,
        allow_unsandboxed: bool | None = None,
        docker_image: str | None = None,
        test_cmd: str | Sequence[str] | None = None,
        python: str | None = None,
        thinking_budget: int | None = None,
        pass_env: Sequence[str] | None = None,
        allow_edit: Sequence[str] | None = None,
        target: Sequence[str] | None = None,
        attempts: int = 1,
        jobs: int = 1,
        keep_attempts: bool = False,
        all_attempts: bool = False,
        ask: Callable[[str], str] | Person | None = None,
        approve: str = "never",
    ) -> None:
        from fixloop.person import CallbackPerson

        self.approve_policy = approve  # checked by run(): a bad value is a UsageError there
        self.person: Person | None = (
            None
            if ask is None
            else ask
            if hasattr(ask, "confirm") and hasattr(ask, "ask")
            else CallbackPerson(ask)  # type: ignore[arg-type]
        )
        self.model_spec = model
        self.attempts, self.jobs = int(attempts), int(jobs)
        self.keep_attempts, self.all_attempts = bool(keep_attempts), bool(all_attempts)
        self.path = Path(path)
        self.on_event = on_event
        self.in_place = bool(in_place)
        self.keep_worktree = bool(keep_worktree)
        budgets = {
            "max_steps": max_steps,
            "max_test_runs": max_test_runs,
            "max_verifications": max_verifications,
            "max_tokens": max_tokens,
            "max_cost_usd": max_cost_usd,
            "max_wall_s": max_wall_s,
        }
        cmd = list(test_cmd) if test_cmd is not None and not isinstance(test_cmd, str) else test_cmd
        self.overrides: dict[str, Any] = {
            **budgets,
            "test_timeout_s": test_timeout_s,
            "sandbox": sandbox,
            "allow_unsandboxed": allow_unsandboxed,
            "docker_image": docker_image,
            "test_cmd": cmd,
            "python": python,
            "thinking_budget": thinking_budget,
            "pass_env": list(pass_env) if pass_env else None,
            "allow_edit": list(allow_edit) if allow_edit is not None else None,
            "target": list(target) if target else None,
        }
        self.model_name = ""
        self.model_reason = ""
        self.result: RunResult | None = None

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
            NotWritable: the checkout (``in_place``) or the repository's git directory cannot
                be written (exit code 3); found before any work, nothing was changed.
            fixloop.session.RunInterrupted: Ctrl-C (a ``KeyboardInterrupt``), after stopping
                cleanly: sandboxed children killed, the work committed on the branch,
                ``run_end`` written; :attr:`result` and the exception's ``result`` hold it.
        """
        from fixloop.session import RunInterrupted, RunSession
        from fixloop.tools.approval import parse_policy

        self.approve = parse_policy(self.approve_policy)

        if self.attempts > 1 or (
            self.model_spec is not None
            and not isinstance(self.model_spec, str)
            and not callable(self.model_spec)
        ):
            from fixloop.attempts import AttemptRun

            if self.in_place:
                raise UsageError("--in-place works with one attempt: a checkout holds one branch")
            if self.approve:
                raise UsageError("--approve works with one attempt (one person, one run at a time)")
            try:
                self.result = AttemptRun(
                    self.model_spec,
                    self.path,
                    attempts=self.attempts,
                    jobs=self.jobs,
                    task=task,
                    overrides=self.overrides,
                    on_event=self.on_event,
                    keep_attempts=self.keep_attempts,
                    all_attempts=self.all_attempts,
                    keep_worktree=self.keep_worktree,
                ).run()
            except RunInterrupted as e:
                self.result = e.result
                raise
            self.model_name = self.result.model
            return self.result
        session = RunSession(
            self.model_spec,
            self.path,
            task=task,
            overrides=self.overrides,
            on_event=self.on_event,
            in_place=self.in_place,
            keep_worktree=self.keep_worktree,
            person=self.person,
            approve=self.approve,
        )
        try:
            with session:
                session.run()
        finally:
            self.model_name, self.model_reason = session.model_name, session.model_reason
            self.result = session.result
        assert session.result is not None
        return session.result
