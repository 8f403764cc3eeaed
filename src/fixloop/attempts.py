"""Several attempts of one run, chosen by the tests (``fixloop fix --attempts N --jobs J``).

Each attempt is a whole run as :class:`fixloop.session.RunSession` assembles it: its own
worktree and branch ``fixloop/<run-id>``, its own sandbox, baseline, loop, gate and trajectory.
All N sessions are entered (isolated) before any starts, so every attempt starts from the same
base commit; then up to J run at once, each in a thread of its own. Attempts differ by sampling:

- the offline engine (``repair``, or ``auto`` without a key): attempt k (1-based) screens its
  candidates in the order of seed k-1 (:func:`fixloop.repair.engine.order_candidates`; seed 0 is
  the order of a single run);
- provider models: ``temperature`` 1.0 (where the adapter takes one and none was set; never with
  extended thinking) and, for OpenAI-compatible servers, ``seed`` k;
- scripted models: one script per attempt (``script:A.json,B.json`` or ``script:FOLDER``, its
  ``*.json`` files in name order).

The winner is the gate-verified attempt with the smallest diff (lines added + removed, then files
changed); ties go to the earliest attempt. Once one verifies, the attempts still running are
stopped (their next budget check ends them as superseded, and the commands their thread is
running in the sandbox are killed) and the queued ones never start, unless ``all_attempts``.
Attempts that end with a status the baseline decided (``nothing_to_fix``, ``flaky``,
``environment``) stop the others the same way: every attempt would find the same. The budgets of
cost, tokens and wall time are shared by all attempts (:class:`fixloop.agent.budgets.
SharedBudget`); steps, test runs and verifications are each attempt's own.

With a winner, the other attempts' branches are deleted unless ``keep_attempts``. With no
winner, nothing is merged and every attempt keeps its branch (the WIP commit of its work, as a
single run keeps it), and each attempt's still-failing tests are reported.

The run's :class:`~fixloop.types.RunResult` is the winner's (else the attempt with the fewest
still-failing tests, then the earliest) with ``usage`` summed over all attempts, ``wall_s`` the
whole run's, and ``attempts``: one record per attempt (:func:`attempt_record`).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fixloop import vcs
from fixloop.agent.budgets import SharedBudget
from fixloop.config import Settings, load_settings
from fixloop.errors import GitStateError, Interrupted, Superseded, UsageError
from fixloop.events import EventSink
from fixloop.models.scripted import script_files
from fixloop.protocols import Model
from fixloop.sandbox.base import kill_all_children
from fixloop.sandbox.owners import halt_owned, owned_by, release_owned
from fixloop.session import INTERRUPTED, RunInterrupted, RunSession
from fixloop.types import RunResult, RunStatus, Usage

#: Statuses the baseline decides: every attempt would end the same way.
BASELINE_STATUSES = (RunStatus.NOTHING_TO_FIX, RunStatus.FLAKY, RunStatus.ENVIRONMENT)

#: The temperature provider attempts sample at when none was configured.
ATTEMPT_TEMPERATURE = 1.0


@dataclass
class Attempt:
    """One attempt of the run.

    Attributes:
        index: 1-based position (the earliest wins ties).
        model: the attempt's own model object.
        sampling: what makes it differ (``seed``, ``temperature``, ``script``).
        session: its :class:`RunSession` once entered.
        result: its :class:`RunResult` once ended.
        stopped: why the run stopped it (another attempt verified, Ctrl-C...), or None.
        started: True once its loop started (False: ended before it ran).
        branch_deleted: True when its branch was deleted after another attempt won.
    """

    index: int
    model: Model
    sampling: dict[str, Any] = field(default_factory=dict)
    session: RunSession | None = None
    result: RunResult | None = None
    stopped: str | None = None
    started: bool = False
    branch_deleted: bool = False


def diff_size(diff: str) -> tuple[int, int]:
    """Size of a unified git diff.

    Args:
        diff: the text of ``git diff`` (``diff --git`` headers, ``---``/``+++`` file lines).

    Returns:
        ``(lines, files)``: lines added plus lines removed, and files changed.
    """
    lines = files = 0
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            files += 1
        elif line.startswith(("+++ ", "--- ")):
            continue
        elif line.startswith(("+", "-")):
            lines += 1
    return lines, files


def choose_winner(attempts: Sequence[Attempt]) -> Attempt | None:
    """The gate-verified attempt with the smallest diff (lines, then files, then the earliest).

    Returns:
        the winning :class:`Attempt`, or None when no attempt was verified.
    """
    verified = [a for a in attempts if a.result is not None and a.result.verified]
    if not verified:
        return None
    return min(verified, key=lambda a: (*diff_size(a.result.diff if a.result else ""), a.index))


def attempt_models(
    spec: Model | str | Sequence[Model] | None, settings: Settings, n: int
) -> list[tuple[Model, dict[str, Any]]]:
    """One model per attempt, each with its own sampling (see the module docstring).

    Args:
        spec: a spec string, a sequence of model callables (one per attempt), or None (the
            settings' model). One callable cannot serve several attempts (it may keep state).
        settings: the run's settings (model settings, prices).
        n: the number of attempts.

    Returns:
        ``[(model, sampling)]``, one per attempt.

    Raises:
        UsageError: a script count other than 1 or ``n``, several scripts for one attempt, a
            single callable for several attempts, or a bad spec.
    """
    from fixloop.models import make_model

    if spec is not None and not isinstance(spec, str):
        if callable(spec):
            if n == 1:
                return [(spec, {})]
            raise UsageError(
                f"{n} attempts need {n} model objects (one per attempt, a list), or a spec string"
            )
        models = list(spec)
        if len(models) != n:
            raise UsageError(f"{len(models)} models given for {n} attempts: give one per attempt")
        return [(m, {}) for m in models]
    text = (spec if spec is not None else settings.model or "auto").strip()
    kind, _, arg = text.partition(":")
    if kind == "script" and arg:
        files = script_files(arg)
        if len(files) > 1 and len(files) != n:
            raise UsageError(
                f"--model script: {len(files)} scripts for {n} attempt(s); give one per attempt "
                f"(--attempts {len(files)}) or a single script for all"
            )
        picked = files if len(files) == n else files * n
        return [(make_model(f"script:{f}").model, {"script": str(f)}) for f in picked]
    out: list[tuple[Model, dict[str, Any]]] = []
    for k in range(n):
        ms = settings.model_settings()
        ms["repair"] = {**ms.get("repair", {}), "seed": k}
        model = make_model(text, settings=ms).model
        sampling: dict[str, Any] = {}
        if getattr(model, "name", None) == "repair":
            sampling["seed"] = k
        if n > 1 and hasattr(model, "temperature") and not getattr(model, "thinking_budget", None):
            if model.temperature is None:
                model.temperature = ATTEMPT_TEMPERATURE
            sampling["temperature"] = model.temperature
        if n > 1 and hasattr(model, "seed"):
            model.seed = k + 1
            sampling["seed"] = k + 1
        out.append((model, sampling))
    return out


class _Tagged:
    """The caller's event sink, serialized across attempt threads, with notices tagged."""

    def __init__(self, sink: EventSink, index: int, total: int, lock: threading.RLock) -> None:
        self.sink, self.index, self.total, self.lock = sink, index, total, lock

    def __call__(self, type_: str, data: dict[str, Any]) -> None:
        with self.lock:
            if type_ == "run_start":
                self.sink("notice", {"text": f"attempt {self.index} of {self.total}"})
            if type_ == "notice":
                data = {**data, "text": f"[attempt {self.index}] {data.get('text', '')}"}
            self.sink(type_, data)


def attempt_record(a: Attempt, winner: Attempt | None) -> dict[str, Any]:
    """The ``--json`` record of one attempt.

    Returns:
        ``{index, run_id, status, verified, won, stopped, diff_lines, diff_files,
        files_changed, steps, test_runs, verifications, tokens, cost_usd, failing_tests, branch,
        head_commit, trajectory, stop_reason, wall_s, sampling}``; ``status`` is ``stopped``
        for an unverified attempt the run stopped, ``not_started`` for one it never ran.
    """
    r = a.result or RunResult(RunStatus.NOT_FIXED, False)
    lines, files = diff_size(r.diff)
    status = r.status.value
    if not r.verified and a.stopped:
        status = "stopped" if a.started else "not_started"
    return {
        "index": a.index,
        "run_id": r.run_id,
        "status": status,
        "verified": r.verified,
        "won": a is winner,
        "stopped": a.stopped,
        "diff_lines": lines,
        "diff_files": files,
        "files_changed": list(r.files_changed),
        "steps": r.steps,
        "test_runs": r.test_runs,
        "verifications": r.verifications,
        "tokens": r.usage.input_tokens + r.usage.output_tokens,
        "cost_usd": r.usage.cost_usd,
        "failing_tests": list(r.failing_tests),
        "branch": None if a.branch_deleted else r.branch,
        "head_commit": r.head_commit,
        "trajectory": r.trajectory,
        "stop_reason": r.stop_reason,
        "wall_s": r.wall_s,
        "sampling": dict(a.sampling),
    }


def _sum_usage(results: Sequence[RunResult]) -> Usage:
    total = Usage()
    for r in results:
        u = r.usage
        total.input_tokens += u.input_tokens
        total.output_tokens += u.output_tokens
        total.cache_read_input_tokens += u.cache_read_input_tokens
        total.cache_creation_input_tokens += u.cache_creation_input_tokens
        total.reasoning_tokens += u.reasoning_tokens
        total.price_unknown |= u.price_unknown
        if total.cost_usd is not None:
            total.cost_usd = None if u.cost_usd is None else total.cost_usd + u.cost_usd
    return total


class AttemptRun:
    """N attempts of one run (see the module docstring).

    Args:
        model: a spec string, a sequence of model callables (one per attempt), or None.
        path: the folder to work on.
        attempts: N (>= 1).
        jobs: attempts running at once (>= 1).
        task: what to do.
        overrides: setting overrides (the command line's layer).
        on_event: ``on_event(type, data)`` with every attempt's events (serialized; notices
            prefixed ``[attempt k]``), or None.
        keep_attempts: keep the losing attempts' branches.
        all_attempts: run every attempt to its end even after one verified.
        keep_worktree: keep each attempt's worktree folder.
        clock: a monotonic clock (for tests).

    Attributes:
        attempts: the :class:`Attempt` list; ``result``: the run's result once done.

    Raises:
        UsageError: bad counts or model specs (nothing was changed).
    """

    def __init__(
        self,
        model: Model | str | Sequence[Model] | None,
        path: str | Path,
        *,
        attempts: int,
        jobs: int = 1,
        task: str,
        overrides: dict[str, Any] | None = None,
        on_event: EventSink | None = None,
        keep_attempts: bool = False,
        all_attempts: bool = False,
        keep_worktree: bool = False,
    ) -> None:
        if attempts < 1 or jobs < 1:
            raise UsageError("--attempts and --jobs must be at least 1")
        self.spec, self.path, self.n, self.jobs = model, Path(path), attempts, jobs
        self.task, self.overrides = (
            task,
            {k: v for k, v in (overrides or {}).items() if v is not None},
        )
        self.on_event, self.keep_attempts, self.all_attempts = on_event, keep_attempts, all_attempts
        self.keep_worktree = keep_worktree
        self.attempts: list[Attempt] = []
        self.result: RunResult | None = None
        self._lock = threading.RLock()  # the ends (commits) of attempts, one at a time
        self._events_lock = threading.RLock()  # the caller's sink, one event at a time

    def run(self) -> RunResult:
        """Run the attempts and choose the winner.

        Returns:
            the run's :class:`RunResult` (with ``attempts``).

        Raises:
            UsageError, ConfigError, GitStateError, SandboxUnavailable: as a single run's start
                (every attempt entered so far is undone first).
            RunInterrupted: Ctrl-C, after every attempt ended (work committed on its branch).
        """
        repo_root = self.path if self.path.is_dir() else None
        settings, _ = load_settings(repo_root, self.overrides)
        b = settings.budgets
        shared = SharedBudget(
            max_cost_usd=b.max_cost_usd, max_tokens=b.max_tokens, max_wall_s=b.max_wall_s
        )
        self.shared = shared
        for k, (model, sampling) in enumerate(attempt_models(self.spec, settings, self.n), 1):
            self.attempts.append(Attempt(k, model, sampling))
        self._enter_all()
        if self._run_all():
            self.result = self._combine(interrupted=True)
            raise RunInterrupted(self.result) from None
        self.result = self._combine()
        return self.result

    def _enter_all(self) -> None:
        """Enter every session (worktree, sandbox, trajectory) from one base commit."""
        try:
            for a in self.attempts:
                session = RunSession(
                    a.model,
                    self.path,
                    task=self.task,
                    overrides=self.overrides,
                    on_event=_Tagged(self.on_event, a.index, self.n, self._events_lock)
                    if self.on_event is not None
                    else None,
                    keep_worktree=self.keep_worktree,
                    shared=self.shared,
                )
                session.__enter__()
                a.session = session
            bases = {a.session.iso.base_commit for a in self.attempts if a.session}
            if len(bases) > 1:
                raise GitStateError(
                    "the checkout's HEAD moved while the attempts were set up; run again"
                )
        except BaseException:
            for a in self.attempts:
                if a.session is not None:
                    self._end_unstarted(a, "not started: the run could not start")
            raise

    def _end_unstarted(self, a: Attempt, why: str) -> None:
        assert a.session is not None
        a.stopped = a.stopped or why
        a.session.result = RunResult(RunStatus.NOT_FIXED, False, stop_reason=why)
        with self._lock:
            a.session.__exit__(None, None, None)
        a.result = a.session.result

    def _run_all(self) -> bool:
        """Run every attempt in the pool and wait until each has ended (committed its work).

        This is the one place a run of attempts handles Ctrl-C. The interrupt reaches this
        (the main) thread only: it cancels the shared budget (each attempt's loop then stops
        with :class:`fixloop.errors.Interrupted` and its session ends it, work committed),
        halts every attempt's commands (:func:`fixloop.sandbox.owners.halt_owned`: an attempt
        already in its final check, whose thread never sees the interrupt, has its gate's
        run killed and the gate stopped by :class:`fixloop.errors.Interrupted`, so it cannot
        verify after the Ctrl-C) and kills the sandboxed children; a further Ctrl-C while the attempts end does
        it again. The pool is left only once every attempt has ended.

        Returns:
            True when Ctrl-C stopped the run.
        """
        interrupted = False
        with ThreadPoolExecutor(self.jobs, thread_name_prefix="fixloop-attempt") as pool:
            self._futures: dict[Future[None], Attempt] = {
                pool.submit(self._one, a): a for a in self.attempts
            }
            pending = set(self._futures)
            while pending:
                try:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in done:
                        fut.result()  # _one never raises but for a bug: let it surface
                except KeyboardInterrupt:
                    interrupted = True
                    self.shared.cancel(INTERRUPTED, interrupt=True)
                    for a in self.attempts:
                        halt_owned(a, Interrupted(INTERRUPTED))
                    kill_all_children()
        for a in self.attempts:
            release_owned(a)
        return interrupted

    def _one(self, a: Attempt) -> None:
        """Run one attempt in this thread and end its session (the commit is serialized)."""
        session = a.session
        assert session is not None
        cancelled = self.shared.cancelled
        why = cancelled[0] if cancelled else self.shared.stop()
        if why is not None:
            self._end_unstarted(a, f"not started: {why}")
            return
        a.started = True
        exc: BaseException | None = None
        with owned_by(a):
            try:
                session.run()
            except Exception as e:  # noqa: BLE001 - the session records it as the run's error
                exc = e
        with self._lock, owned_by(a):
            try:
                session.__exit__(
                    type(exc) if exc else None, exc, exc.__traceback__ if exc else None
                )
            except Exception as e:  # noqa: BLE001 - one attempt's failure is its own result
                session.result = session.result or RunResult(RunStatus.ERROR, False)
                session.result.stop_reason = f"{type(e).__name__}: {e}"
            a.result = session.result
            if a.stopped is None and (c := self.shared.cancelled) is not None and a.result:
                if not a.result.verified:
                    a.stopped = c[0]
            self._after(a)  # here, before this thread takes the next queued attempt

    def _after(self, a: Attempt) -> None:
        """Decide what one ended attempt means for the others."""
        r = a.result
        if r is None or self.shared.cancelled is not None:
            return
        if r.verified and not self.all_attempts:
            self._stop_others(a, f"attempt {a.index} verified a fix")
        elif r.status in BASELINE_STATUSES:
            self._stop_others(a, f"attempt {a.index} ended {r.status.value}: so would every other")

    def _stop_others(self, a: Attempt, why: str) -> None:
        self.shared.cancel(why)
        for other in self.attempts:
            if other is not a and other.result is None:
                if other.started:
                    other.stopped = why
                halt_owned(other, Superseded(why))  # its gate, if in one, cannot go on

    def _combine(self, *, interrupted: bool = False) -> RunResult:
        """The run's result: the winner's (or the best unverified), with ``attempts``."""
        winner = choose_winner(self.attempts)
        if winner is not None and not self.keep_attempts:
            for a in self.attempts:
                if a is not winner and a.result is not None and a.result.branch:
                    _delete_branch(a)
        ended = [a for a in self.attempts if a.result is not None]
        if winner is not None:
            base = winner
        else:
            ran = [a for a in ended if a.started] or ended
            base = min(ran, key=lambda a: (len(a.result.failing_tests) if a.result else 0, a.index))
        assert base.result is not None
        result = replace(base.result)
        result.usage = _sum_usage([a.result for a in ended if a.result is not None])
        result.wall_s = round(self.shared.max_wall_s - self.shared.left_s(), 3)
        result.attempts = [attempt_record(a, winner) for a in self.attempts]
        result.summary = base.result.summary + "\n" + attempts_text(result.attempts, winner)
        if interrupted:
            result.stop_reason = INTERRUPTED
            if not result.verified:  # no verdict reached: never the winner's "not_fixed"
                result.status = RunStatus.INTERRUPTED
        return result


def _delete_branch(a: Attempt) -> None:
    assert a.session is not None and a.result is not None
    repo = a.session.iso.repo
    if vcs.git(repo, "branch", "-D", str(a.result.branch), check=False).returncode == 0:
        a.branch_deleted = True


def attempts_text(records: Sequence[Mapping[str, Any]], winner: Attempt | None) -> str:
    """The attempts part of the final report: one line per attempt, then the choice."""
    lines = [f"Attempts ({len(records)}):"]
    for rec in records:
        mark = "won" if rec["won"] else rec["status"]
        failing = rec["failing_tests"]
        still = (
            f", still failing: {', '.join(failing[:5])}" if failing and not rec["verified"] else ""
        )
        more = f" (+{len(failing) - 5} more)" if still and len(failing) > 5 else ""
        lines.append(
            f"  {rec['index']}: {mark}, diff {rec['diff_lines']} line(s) in {rec['diff_files']} "
            f"file(s), {rec['steps']} step(s), branch {rec['branch'] or '-'}{still}{more}"
        )
    if winner is not None:
        lines.append(
            f"Winner: attempt {winner.index} (verified, smallest diff; ties go to the earliest)"
        )
    else:
        lines.append(
            "No attempt was verified: nothing merged; each attempt's work is on its branch"
        )
    return "\n".join(lines)
