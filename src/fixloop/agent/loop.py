"""The controller: a ReAct loop around generate-test-repair.

ReAct is Yao et al. 2023, "ReAct: Synergizing Reasoning and Acting in Language Models"; the gate,
not the model, decides success.

One step is one model call (:mod:`.step`: the budget check, the elision of old tool output, the
call). Tool calls are answered in order, one result each (:mod:`.calls`); a malformed reply
(:mod:`fixloop.reply`) is an error the model sees. A reply cut at the output limit never runs its
tool calls (:mod:`.cutoff`). A reply without tool calls is a claim the gate checks
(:mod:`.claims`); a rejected claim is a false success claim; ``CANNOT FIX:`` is an honest give-up. Repetition earns a warning, then a stop
(:mod:`.loopdetect`). Every other ending is a :class:`fixloop.errors.RunStopped` raised in the
loop, ended by the one handler (:meth:`Agent.end`), which builds the result (:mod:`.outcome`).
Ctrl-C is the session's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from fixloop import errors, prompts
from fixloop.agent import calls, claims, context, cutoff, nudges, outcome, step
from fixloop.agent.budgets import BudgetMeter, SharedBudget
from fixloop.agent.loopdetect import LoopDetector
from fixloop.config import BudgetSettings
from fixloop.events import Events, EventSink, TrajectoryWriter
from fixloop.protocols import (
    Bindable,
    Briefing,
    Model,
    ToolBox,
    Verifier,
    model_name,
)
from fixloop.reply import check_reply
from fixloop.types import Counters, ModelContext, RunResult, RunStatus, TestReport, Usage, Verdict

Block = dict[str, Any]


class Agent:
    """The controller loop around one model, one tool box and one gate.

    Args:
        model: the :class:`~fixloop.protocols.Model`; bound to ``model_context`` first when it is
            :class:`~fixloop.protocols.Bindable`.
        tools: the :class:`~fixloop.protocols.ToolBox`.
        gate: the :class:`~fixloop.protocols.Verifier` (its ``baseline`` opens the conversation).
        budgets: the run's :class:`fixloop.config.BudgetSettings`.
        trajectory: where events are written, or None.
        on_event: ``on_event(type, data)`` with every event (the CLI's live display), or None.
        model_context: handed to ``model.bind``.
        clock: a monotonic clock in seconds (for tests).
        shared: budgets shared with the other attempts of the run (``--attempts``), or None.

    Attributes:
        messages, counters, steps, test_runs, verifications, edits: the run's state.
        result: the :class:`RunResult` once the run ended.
    """

    def __init__(
        self,
        model: Model,
        tools: ToolBox,
        gate: Verifier,
        budgets: BudgetSettings,
        trajectory: TrajectoryWriter | None = None,
        on_event: EventSink | None = None,
        *,
        model_context: ModelContext | None = None,
        clock: Callable[[], float] = time.monotonic,
        shared: SharedBudget | None = None,
    ) -> None:
        self.model, self.tools, self.gate, self.budgets = model, tools, gate, budgets
        self.events = Events(trajectory, on_event)
        self.model_context = model_context
        self.clock = clock
        self.meter = BudgetMeter(budgets, clock, shared)
        self.loops = LoopDetector()
        self.messages: list[Block] = []
        self.counters = Counters()
        self.steps = self.test_runs = self.edits = 0
        self.result: RunResult | None = None
        self.last_report: TestReport | None = gate.baseline
        self._test_budget_refused = False
        self._warn = nudges.LoopWarnings(self.counters, self.events)  # for the next message
        self._ids = calls.CallIds()
        self._refused_protected = self._tool_errors = 0
        self._cut_before = False  # the previous reply was cut at the output limit
        self.claims = claims.Claims(gate, self.events)
        self.gauge = context.TokenGauge()  # tokens per byte, from the provider's usage

    @property
    def usage(self) -> Usage:
        """The token and cost totals so far."""
        return self.meter.usage

    @property
    def verifications(self) -> int:
        """Gate runs that reached a verdict so far."""
        return self.claims.verifications

    def elapsed(self) -> float:
        """Seconds since the agent was created."""
        return self.meter.elapsed()

    # the ToolHost the helper tools work through (fixloop.protocols.ToolHost)
    def charge(self, usage: Any) -> None:
        """Count a helper tool's model reply toward the run's tokens and cost."""
        self.meter.add(usage)

    def budget_stop(self) -> str | None:
        """Why a helper may not call the model (tokens, cost, wall time, a stopped run)."""
        check = self.meter.check(0, 0, False, 0)
        return check.cancelled or check.stop

    def emit(self, type_: str, data: dict[str, Any]) -> None:
        """Emit one event for a helper tool."""
        self.events.emit(type_, data)

    def run(self, task: str = prompts.DEFAULT_TASK) -> RunResult:
        """Run the loop until the gate verifies a claim or the run stops.

        Args:
            task: the task text (default: make the failing tests pass).

        Returns:
            the :class:`RunResult` with the loop's fields (the caller adds the git fields and
            the summary); also kept as :attr:`result`.

        Raises:
            KeyboardInterrupt: unhandled here; the session ends the run with :meth:`end`.
        """
        try:
            return self._loop(task)
        except errors.RunStopped as stop:
            return self.end(stop)

    def end(self, stop: errors.RunStopped) -> RunResult:
        """End the run unverified for ``stop``.

        When the stop allows it, files changed since the gate's last run and a verification is left,
        the gate checks the work once more, so the reported failing tests are the real ones (and
        work that does pass is verified). Not once the run's attempts were stopped together
        (``--attempts``: Ctrl-C, or another attempt verified): a stop of this attempt's own
        (a loop, a budget) that comes with it spends no final check, and one they stop while
        it runs ends there (its commands raise the stop: :func:`fixloop.sandbox.owners.
        halt_owned`), never judged on killed runs.
        """
        if stop.announce:
            self.events.notice(f"stopping: {stop.reason}")
        reason = stop.reason
        if self.claims.in_gate:  # stopped inside Gate.verify: no verdict, nothing checked
            reason = f"{reason} while the gate was checking the work; the gate did not finish"
            return self._result(stop.status, False, reason)
        if (
            stop.final_check
            and (self.meter.shared is None or self.meter.shared.cancelled is None)
            and self.edits > self.claims.verified_edits
            and self.meter.wall_left()
            and self.verifications < self.budgets.max_verifications
        ):
            try:
                verdict = self._verify("")
            except errors.RunStopped as halted:  # its commands were halted (sandbox.owners)
                return self._result(stop.status, False, f"{reason}; final check stopped: {halted}")
            if verdict.verified:
                why = f"the harness's final check then verified the work: {verdict.reason}"
                return self._result(RunStatus.VERIFIED, True, f"{reason}; {why}")
            reason = f"{reason}; final check: {verdict.reason}"
        return self._result(stop.status, False, reason)

    def _loop(self, task: str) -> RunResult:
        specs, system, self.messages = step.opening(task, self.tools, self.gate.baseline)
        self.gauge.bind(self.model, system, specs)
        if isinstance(self.model, Bindable) and self.model_context is not None:
            self.model.bind(self.model_context)
        attach = getattr(self.tools, "attach", None)
        if callable(attach):  # helper tools (explore, ask_human) work through the loop
            attach(self)
        trimmed = False
        while True:
            step.check_budgets(
                self.meter,
                self.events,
                steps=self.steps,
                test_runs=self.test_runs,
                test_budget_refused=self._test_budget_refused,
                verifications=self.verifications,
                loop_stop=self._warn.stop,
            )
            overhead = len(system.encode("utf-8", "surrogatepass")) + context.size(specs)
            if step.fit_context(self.messages, self.budgets, self.gauge, overhead, self.events):
                self._remind()
            try:
                reply = step.call_model(
                    self.model,
                    system,
                    self.messages,
                    specs,
                    step=self.steps + 1,
                    clock=self.clock,
                    events=self.events,
                )
            except errors.ContextTooLong as e:
                step.trim_after_refusal(self.messages, trimmed, e, self.events)
                trimmed = True
                self._remind()
                continue
            self.steps += 1
            self.meter.add(reply.get("usage") if isinstance(reply, Mapping) else None)
            if isinstance(reply, Mapping):  # the provider's count of what it was sent
                sent = context.size(context.wire(self.messages)) + overhead
                self.gauge.observe(reply.get("usage"), sent)
            checked = check_reply(reply)
            cut = checked.stop_reason == "max_tokens"
            dropped = cutoff.count_cut(reply, checked.blocks, cut, self.events, self.counters)
            if cut:  # a cut call may miss an argument or hold half a string: never run
                checked.blocks = [b for b in checked.blocks if b["type"] != "tool_use"]
            uses = checked.tool_uses
            self._ids.fill(uses)  # every call needs an id of its own to pair with its result
            # An empty reply still takes its turn, so user and assistant keep alternating.
            blocks = checked.blocks or [{"type": "text", "text": "(empty)"}]
            self.messages.append({"role": "assistant", "content": blocks})
            if uses:
                self._say([self._answer(b) for b in uses])
            elif checked.problem:
                self._tool_errors += 1
                text = prompts.MALFORMED_REPLY.format(problem=checked.problem)
                self.events.notice(f"malformed reply: {checked.problem}")
                self._warn.on(self.loops.call("<reply>", None, text))
                self._say([{"type": "text", "text": text}])
            elif cut:
                cut_text = cutoff.cut_answer(reply, dropped, self._cut_before, self.events)
                self._say([{"type": "text", "text": cut_text}])
            elif (verdict := self._claim(checked.blocks)) is not None:
                return self._result(RunStatus.VERIFIED, True, verdict.reason)
            self._cut_before = cut

    def _remind(self) -> None:
        """After an elision: repeat the plan to the model (:func:`context.remind`)."""
        if isinstance(self.tools, Briefing):
            context.remind(self.messages, self.tools.standing())

    def _claim(self, blocks: list[Block]) -> Verdict | None:
        """A reply without tool calls: a claim the gate checks, or an honest give-up (no claim).

        Returns the verdict when verified, None when the model goes on; raises the stops.
        """
        claim = claims.claim_text(blocks)
        claims.screen(claim, self.claims, self.edits, self.counters)
        verdict = self._verify(claim)
        if verdict.verified:
            return verdict
        self.counters.false_success_claims += 1
        left = self.budgets.max_verifications - self.verifications
        self._say([{"type": "text", "text": claims.rejection_message(verdict, left)}])
        return None

    def _say(self, content: list[Block]) -> None:
        """Append a user message: ``content`` and the pending loop warnings."""
        content = content + self._warn.take()
        self.messages.append({"role": "user", "content": content})

    def _verify(self, claim: str) -> Verdict:
        verdict = self.claims.verify(claim, self.edits)
        self.last_report = verdict.report  # failing tests are the gate's, not a tool run's
        if not verdict.verified:
            self._warn.on(self.loops.report(verdict.report))
        return verdict

    def _answer(self, block: Block) -> Block:
        """Run one tool call, record and count it, and return its ``tool_result`` block."""
        left = self.budgets.max_test_runs - self.test_runs
        result = calls.run_call(
            self.tools, block, test_runs_left=left, test_budget=self.budgets.max_test_runs
        )
        answer = calls.record(self.events, block, result)
        self._test_budget_refused |= result.kind == "budget"
        self._tool_errors += result.is_error
        self._refused_protected += result.kind == "protected"
        self.edits += bool(result.changed_path)
        if result.test_report is not None:
            self.test_runs += 1
            self.last_report = result.test_report
            self._warn.on(self.loops.report(result.test_report))
        else:  # repeated test runs are watched by their failure signature
            self._warn.on(self.loops.call(block.get("name"), block.get("input"), result.content))
        return answer

    def _result(self, status: RunStatus, verified: bool, reason: str) -> RunResult:
        self.result = outcome.build_result(
            status,
            verified,
            reason,
            counters=self.counters,
            tool_errors=self._tool_errors,
            tamper_detected=self.claims.tamper_detected,
            refused_test_edits=max(self._refused_protected, self.tools.refused_test_edits),
            steps=self.steps,
            test_runs=self.test_runs,
            verifications=self.verifications,
            report=self.last_report,
            usage=self.usage,
            model=model_name(self.model),
            wall_s=self.elapsed(),
        )
        return self.result
