"""The offline repair engine as a model: :class:`RepairModel` plugs :mod:`fixloop.repair` into the loop.

The engine (:class:`fixloop.repair.engine.RepairEngine`) finds plausible patches in a scratch
copy; this adapter plays the model's part with them, through the same tools and the same gate as
any language model:

1. on the first call, build the engine's :class:`~fixloop.repair.port.RepairPort` from the run's
   :class:`fixloop.types.ModelContext` and analyse;
2. apply the best plausible candidate with ``edit_file`` calls, check it with ``run_tests`` on the
   failing tests (read from the structured :class:`fixloop.types.TestReport` of that run, never
   from the tool's text), then end the turn: the gate decides;
3. if an edit is refused, the tests still fail, or the gate rejects the claim, revert the edits
   (again through ``edit_file``) and try the next plausible candidate, within ``max_attempts``.
   When nothing is plausible, end the turn saying so, with the best candidates tried.

The model never writes the workspace (``ctx.root``) directly; the engine writes only its scratch
folder.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from fixloop import render
from fixloop.prompts import GIVE_UP_PREFIX
from fixloop.repair.candidate import Candidate, minimal_edits
from fixloop.repair.engine import Analysis, Generator, RepairEngine
from fixloop.repair.localize import sections_of
from fixloop.repair.port import RepairPort, pytest_args_of
from fixloop.testrun.record import subset_args
from fixloop.types import Limits, ModelContext, Outcome, RepairBudget, TestReport


class AnalysisError(Exception):
    """The engine could not analyse the workspace (no context was bound)."""


def port_from_context(ctx: ModelContext, python: str | None = None) -> RepairPort:
    """The engine's port for one run: the workspace, the scratch folder, the sandbox.

    The test runner's settings (interpreter, pytest arguments, limits and per-test limit, both
    derived from the baseline by the session, environment) are read from its public
    attributes; a runner without them gets the defaults. The engine's budget sizing comes from
    ``ctx.repair_budget`` (the run's ``[timeouts]`` settings), its hand-over point from
    ``ctx.deadline`` (the run's deadline, :mod:`fixloop.repair.handover`). With ``ctx.targets`` (the
    session's baseline then lists the targets' failing tests only) the baseline's output is cut
    to the targets' tracebacks (:func:`fixloop.repair.localize.sections_of`).

    Args:
        ctx: the run's model context.
        python: the interpreter to screen with (default: the test runner's, else the project's
            as :func:`fixloop.testrun.find_python` finds it).

    Returns:
        the :class:`RepairPort`.
    """
    runner = ctx.runner
    root = Path(ctx.root)
    if not python:
        value = getattr(runner, "python", None)
        python = value if isinstance(value, str) and value else None
    if not python:
        try:
            from fixloop.testrun import find_python

            python = find_python(root)
        except ImportError:
            python = sys.executable
    limits = getattr(runner, "limits", None)
    per_test = getattr(runner, "per_test_s", None)
    baseline = ctx.baseline
    output = baseline.output if baseline is not None else ""
    if ctx.targets and baseline is not None:  # the session's baseline lists the targets' only
        output = sections_of(output, baseline.failing_ids)
    return RepairPort(
        root=root,
        scratch_dir=Path(ctx.scratch_dir),
        runner=ctx.sandbox,
        python=python,
        pytest_args=(  # the screening runs some tests at a time: no whole-suite coverage threshold
            *pytest_args_of(getattr(runner, "test_cmd", None)),
            *subset_args(baseline.record.plugins if baseline and baseline.record else None),
        ),
        limits=limits if isinstance(limits, Limits) else Limits(),
        env=dict(getattr(runner, "env", {}) or {}),
        baseline_failing=tuple(baseline.failing_ids) if baseline is not None else (),
        baseline_output=output,
        per_test_s=float(per_test) if isinstance(per_test, int | float) and per_test > 0 else None,
        budget=ctx.repair_budget or RepairBudget(),
        baseline_seconds=(
            float(baseline.duration_s - baseline.hung_s) if baseline is not None else 0.0
        ),
        baseline_tests=(
            baseline.passed + baseline.failed + baseline.errors if baseline is not None else 0
        ),
        targets=tuple(ctx.targets),
        other_failing=tuple(getattr(ctx, "other_failing", ())),
        deadline=getattr(ctx, "deadline", None),
    )


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return "" if content is None else str(content)


class RepairModel:
    """The offline repair engine as a model callable (see the module docstring).

    Args:
        max_attempts: plausible candidates tried through the tools and the gate.
        python: the interpreter for screening (default: the test runner's).
        **engine: the :class:`~fixloop.repair.engine.RepairEngine` settings
            (``max_candidates``, ``time_budget_s``, ``extra_candidates``, ``extra_s``,
            ``max_plausible``, ``max_lines``, ``per_file_candidates``, ``combine_top``, ``pairs``,
            ``pair_pool``, ``line_decay``, ``fork``, ``generator``, ``seed``: the search order).

    Raises:
        TypeError: an unknown engine setting.

    Attributes:
        name: ``"repair"``.
        engine: the :class:`~fixloop.repair.engine.RepairEngine`.
        analysis: the :class:`~fixloop.repair.engine.Analysis` after the first call (None before).
    """

    name = "repair"

    def __init__(
        self,
        *,
        max_attempts: int = 3,
        python: str | None = None,
        generator: Generator | None = None,
        **engine: Any,
    ) -> None:
        self.engine = RepairEngine(generator=generator, **engine)
        self.max_attempts = max_attempts
        self.python = python
        self.ctx: ModelContext | None = None
        self.analysis: Analysis | None = None
        # the state machine over calls
        self._state = "init"
        self._attempt = -1
        self._current: Candidate | None = None
        self._originals: dict[str, str] = {}
        self._pending: dict[str, Any] | None = None
        self._ids = 0
        self._edits_this_phase = 0
        self._log: list[str] = []  # what happened to each attempt, for the final text
        self._final_text = ""

    def bind(self, ctx: ModelContext) -> None:
        """Receive the run's :class:`fixloop.types.ModelContext` (called before the first call)."""
        self.ctx = ctx

    def analyze(self) -> Analysis:
        """Run the engine over the bound context's port.

        Returns:
            the engine's :class:`~fixloop.repair.engine.Analysis`.

        Raises:
            AnalysisError: no context was bound.
            RuntimeError: the engine's traced run of the suite produced nothing.
        """
        if self.ctx is None:
            raise AnalysisError("no ModelContext was bound (the repair model needs the harness)")
        return self.engine.analyze(port_from_context(self.ctx, self.python))

    def __call__(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """One step: analyse on the first call, then apply, check, claim, or revert.

        Returns:
            a reply in Anthropic's content-block shape with zero usage and ``cost_usd`` 0.0.
        """
        tool_names = {t.get("name") for t in tools or []}
        if self._state == "init":
            try:
                self.analysis = self.analyze()
            except Exception as exc:  # noqa: BLE001 - any failure ends the run honestly
                self._state = "done"
                self._final_text = (
                    f"{GIVE_UP_PREFIX} the repair engine could not analyse the project: {exc}"
                )
                return self._end(self._final_text)
            if self.analysis.import_error:
                self._state = "done"
                self._final_text = (
                    f"{GIVE_UP_PREFIX} the repair engine's analysis could not import the project "
                    f"in its scratch copy ({self.analysis.import_error}), though the baseline "
                    "run imported it: no candidate was screened, so this says nothing about the "
                    "code. This is a fault of the engine's environment (its sandboxed runs of "
                    "the project's interpreter); the baseline's failing tests are unchanged."
                )
                return self._end(self._final_text)
            if not self.analysis.failing:
                self._state = "done"
                self._final_text = (
                    f"{GIVE_UP_PREFIX} the repair engine found no failing test in a scratch copy "
                    "of the project; nothing to repair."
                )
                return self._end(self._final_text)
            self._state = "next"
        else:
            self._absorb(messages)
        return self._step(tool_names)

    # ---------------------------------------------------------------------------------------
    # the state machine: apply -> run_tests -> claim -> (rejected) revert -> next
    # ---------------------------------------------------------------------------------------

    def _absorb(self, messages: list[dict[str, Any]]) -> None:
        pending, self._pending = self._pending, None
        if pending is None:
            return
        last = messages[-1] if messages else {}
        content = last.get("content") if isinstance(last, dict) else None
        blocks = content if isinstance(content, list) else []
        result = next(
            (
                b
                for b in blocks
                if isinstance(b, dict)
                and b.get("type") == "tool_result"
                and b.get("tool_use_id") == pending.get("id")
            ),
            None,
        )
        kind = pending["kind"]
        if kind == "end_turn":
            if self._state == "claimed":
                text = _text_of(content)
                self._note(f"the gate rejected it: {_first_line(text)}")
                self._state = "revert"
            return
        if result is None:
            self._note(f"no result came back for {pending['kind']}")
            self._state = "revert" if kind != "revert_edit" else "stuck"
            return
        text, is_error = _text_of(result.get("content")), bool(result.get("is_error"))
        if kind == "edit":
            if is_error:
                self._note(f"edit_file was refused: {_first_line(text)}")
                self._state = "revert"
        elif kind == "revert_edit":
            if is_error:
                self._note(f"reverting failed: {_first_line(text)}")
                self._state = "stuck"
        elif kind == "run_tests":
            report = self._last_report()
            if report is None or report is pending.get("before"):
                self._note(f"run_tests ran no tests: {_first_line(text)}")
                self._state = "revert"
            elif is_error or not self._passes(report):
                ids = render.id_list(report.failing_ids, 3)
                self._note(
                    f"run_tests still failed: {render.tally(report)}" + (f": {ids}" if ids else "")
                )
                self._state = "revert"
            else:
                self._state = "claim"

    def _passes(self, report: TestReport) -> bool:
        """True when the check's run passed, or failed only on tests the run is not about.

        With ``--target`` the engine's analysis lists the failing tests no target covers
        (``Analysis.unrelated``); a run of the target's file may include them. Any other
        failure, a collection error or a run that did not end normally is not a pass.
        """
        if report.ok:
            return True
        an = self.analysis
        if an is None or not an.unrelated or report.outcome != Outcome.FAILED:
            return False
        unrelated = set(an.unrelated)
        return report.collected > 0 and all(i in unrelated for i in report.failing_ids)

    def _last_report(self) -> TestReport | None:
        """The structured report of the run's latest test run (the runner's ``last_report``)."""
        report = getattr(getattr(self.ctx, "runner", None), "last_report", None)
        return report if isinstance(report, TestReport) else None

    def _note(self, text: str) -> None:
        if self._current is not None:
            self._log.append(f"{self._current.template} at {self._current.where()}: {text}")
        else:
            self._log.append(text)

    def _step(self, tool_names: set[Any]) -> dict[str, Any]:
        an = self.analysis
        if an is None:  # the analysis failed and the run was told so: stay ended
            self._state = "done"
            return self._end(self._final_text or f"{GIVE_UP_PREFIX} no analysis of the project")
        for _ in range(4 + 2 * self.max_attempts):
            if self._state == "next":
                self._attempt += 1
                if self._attempt >= min(self.max_attempts, len(an.plausible)):
                    self._state = "done"
                    self._final_text = self._failure_text()
                    return self._end(self._final_text)
                self._current = an.plausible[self._attempt]
                self._originals = {}
                for path in self._current.paths:
                    self._originals[path] = self._read(path) or ""
                self._edits_this_phase = 0
                self._state = "apply"
            if self._state == "apply":
                reply = self._converge(self._targets(self._current), kind="edit")
                if reply is not None:
                    return reply
                self._state = "test" if "run_tests" in tool_names else "claim"
            if self._state == "test":
                self._state = "testing"
                return self._tool("run_tests", {"target": self._test_target()}, kind="run_tests")
            if self._state == "claim":
                self._state = "claimed"
                self._pending = {"kind": "end_turn"}
                return self._end(self._claim_text())
            if self._state == "revert":
                reply = self._converge(self._originals, kind="revert_edit")
                if reply is not None:
                    return reply
                self._state = "next"
                continue
            if self._state == "stuck":
                self._state = "done"
                self._final_text = self._failure_text(stuck=True)
                return self._end(self._final_text)
            if self._state in ("done", "testing", "claimed"):
                # called again after the end: the gate rejected an honest "not fixed"
                return self._end(self._final_text or self._failure_text())
        self._state = "done"
        self._final_text = self._failure_text()
        return self._end(self._final_text)

    def _targets(self, cand: Candidate | None) -> dict[str, str]:
        if cand is None:
            return {}
        out = {cand.path: cand.new_source}
        for extra in cand.also:
            out.update(self._targets(extra))
        return out

    def _read(self, rel: str) -> str | None:
        if self.ctx is None:
            return None
        p = Path(self.ctx.root) / rel
        try:
            return p.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def _converge(self, targets: dict[str, str], *, kind: str) -> dict[str, Any] | None:
        """The next edit_file call that brings a file closer to its target, or None when done."""
        for path, target in targets.items():
            current = self._read(path)
            if current is None or current == target:
                continue
            self._edits_this_phase += 1
            if self._edits_this_phase > 50:
                self._note("too many edits; giving up on this candidate")
                self._state = "stuck" if kind == "revert_edit" else "revert"
                return None
            old, new = minimal_edits(current, target)[0]
            return self._tool("edit_file", {"path": path, "old": old, "new": new}, kind=kind)
        self._edits_this_phase = 0
        return None

    def _test_target(self) -> str:
        an = self.analysis
        files = {t.split("::", 1)[0] for t in (an.failing if an else [])}
        return files.pop() if len(files) == 1 else ""

    def _tool(self, name: str, args: dict[str, Any], *, kind: str) -> dict[str, Any]:
        self._ids += 1
        tid = f"repair_{self._ids}"
        self._pending = {"kind": kind, "id": tid}
        if kind == "run_tests":  # a report that was there before the call is not its result
            self._pending["before"] = self._last_report()
        text = ""
        if kind == "edit" and self._current is not None and self._edits_this_phase == 1:
            c = self._current
            text = f"Applying candidate {self._attempt + 1}: {c.template} at {c.where()}: {c.description}"
        elif kind == "revert_edit" and self._edits_this_phase == 1:
            text = "Reverting that candidate."
        content: list[dict[str, Any]] = []
        if text:
            content.append({"type": "text", "text": text})
        content.append({"type": "tool_use", "id": tid, "name": name, "input": args})
        return {"stop_reason": "tool_use", "content": content, "usage": _usage()}

    def _end(self, text: str) -> dict[str, Any]:
        return {
            "stop_reason": "end_turn",
            "content": [{"type": "text", "text": text}],
            "usage": _usage(),
        }

    def _claim_text(self) -> str:
        c, an = self._current, self.analysis
        assert c is not None and an is not None
        suite = (
            f"the rest of the suite pass but the {len(an.unrelated)} failing test(s) the "
            "run is not about (no target covers them), which may stay failing"
            if an.unrelated
            else "the full suite pass"
        )
        return (
            f"Changed {', '.join(c.paths)}: {c.template} at {c.where()} ({c.description}). "
            f"In a scratch copy this made the {len(an.failing)} failing test(s) pass and {suite}. "
            f"{an.timing()} The gate's run decides."
        )

    def _failure_text(self, stuck: bool = False) -> str:
        an = self.analysis
        lines = []
        if stuck:
            lines.append("I could not revert my last edit; the files may hold a partial candidate.")
        if an is not None and an.plausible:
            lines.append(
                f"No fix verified: {min(len(an.plausible), self.max_attempts)} plausible "
                f"candidate(s) tried through the tools did not hold."
            )
        else:
            n = len(an.tried) if an else 0
            lines.append(
                f"No plausible patch found ({n} candidates screened); the failing tests still "
                "fail." + (f" {an.timing()}" if an else "")
            )
        lines.extend(f"- {entry}" for entry in self._log[-5:])
        if an is not None and an.tried:
            lines.append("Best candidates tried:")
            for t in an.best_tried(5):
                r, c = t.result, t.candidate
                still = ", ".join(r.still_failing[:3]) or ", ".join(r.suite_failed[:3]) or "-"
                lines.append(
                    f"- {c.template} at {c.where()} ({c.description}): {r.status}, "
                    f"{r.fixed}/{r.total} failing tests pass; still failing: {still}"
                )
        if an is not None and an.notes:
            lines.append("Notes: " + "; ".join(an.notes))
        return f"{GIVE_UP_PREFIX} " + "\n".join(lines)


def _first_line(text: str, width: int = 160) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:width]
    return ""


def _usage() -> dict[str, Any]:
    return {"input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0}
