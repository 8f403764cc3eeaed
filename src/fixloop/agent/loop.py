"""The controller: a ReAct loop around generate-test-repair.

ReAct is Yao et al. 2023, "ReAct: Synergizing Reasoning and Acting in Language Models"; the gate,
not the model, decides success.

One step is one model call, after the budget check (:mod:`.budgets`) and the elision of old tool
output (:mod:`.context`). Tool calls are answered in order, one result each (:mod:`.calls`); a
malformed reply (:mod:`fixloop.reply`) is an error the model sees. A reply cut at the output
limit (``max_tokens``) never runs its tool calls (the provider adapters remove them and have
already asked once more with a larger budget; the loop removes any left by another model): the
model is told its reply was cut (or asked to go on, for cut text), every cut reply is counted
(``counters.truncated_replies``), and a second cut reply in a row ends the run
(:class:`~fixloop.errors.OutputLimit`). The adapters' ``notices`` become notice events. A reply
without tool calls is a claim the gate checks (:mod:`.claims`); a rejected claim is a false
success claim; ``CANNOT FIX:`` is an honest give-up. Repetition earns a warning, then a stop
(:mod:`.loopdetect`). Every other ending is a :class:`fixloop.errors.RunStopped` raised in the
loop, ended by the one handler (:meth:`Agent.end`). Ctrl-C is the session's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from fixloop import errors, prompts, render
from fixloop.agent import calls, claims, context
from fixloop.agent.budgets import BudgetMeter, SharedBudget
from fixloop.agent.loopdetect import LoopDetector, LoopSignal
from fixloop.config import BudgetSettings
from fixloop.events import Events, EventSink, TrajectoryWriter
from fixloop.protocols import (
    Bindable,
    Briefing,
    Model,
    TestReportEvent,
    ToolBox,
    Verifier,
    model_name,
)
from fixloop.reply import check_reply, model_call_event
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
        self._loop_stop: str | None = None
        self._pending: list[str] = []  # loop warnings for the next user message
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
        """Gate runs so far."""
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
        work that does pass is verified).
        """
        if stop.announce:
            self.events.notice(f"stopping: {stop.reason}")
        reason = stop.reason
        if (
            stop.final_check
            and self.edits > self.claims.verified_edits
            and self.meter.wall_left()
            and self.verifications < self.budgets.max_verifications
        ):
            verdict = self._verify("")
            if verdict.verified:
                why = f"the harness's final check then verified the work: {verdict.reason}"
                return self._result(RunStatus.VERIFIED, True, f"{reason}; {why}")
            reason = f"{reason}; final check: {verdict.reason}"
        return self._result(stop.status, False, reason)

    def _loop(self, task: str) -> RunResult:
        specs = list(self.tools.specs())
        system = prompts.system_prompt(specs)
        base = self.gate.baseline
        base_text = render.for_model(base) if base is not None else "(no baseline run)"
        overview = self.tools.opening(base) if isinstance(self.tools, Briefing) else ""
        first = prompts.task_message(task, base_text, overview)
        self.messages = [{"role": "user", "content": first}]
        if isinstance(self.model, Bindable) and self.model_context is not None:
            self.model.bind(self.model_context)
        attach = getattr(self.tools, "attach", None)
        if callable(attach):  # helper tools (explore, ask_human) work through the loop
            attach(self)
        trimmed = False
        while True:
            self._check_budgets()
            overhead = len(system.encode("utf-8", "surrogatepass")) + context.size(specs)
            if elided := context.fit(
                self.messages,
                self.budgets.context_bytes,
                tokens=self.budgets.context_tokens,
                gauge=self.gauge,
                overhead=overhead,
            ):
                self.events.notice(
                    f"context: elided {elided} bytes of old tool output (limits: "
                    f"{self.budgets.context_bytes} bytes, {self.budgets.context_tokens} tokens "
                    f"by the {self.gauge.source}'s count)"
                )
                self._remind()
            try:
                reply = self._call_model(system, specs)
            except errors.ContextTooLong as e:
                if trimmed:
                    raise errors.ContextExhausted(
                        "the conversation exceeds the model's context window even after "
                        f"trimming old tool output ({e})"
                    ) from e
                trimmed = True
                n = context.trim_all(self.messages)
                self._remind()
                self.events.notice(
                    f"context too long for the model: elided {n} bytes of old tool output"
                )
                continue
            self.steps += 1
            self.meter.add(reply.get("usage") if isinstance(reply, Mapping) else None)
            if isinstance(reply, Mapping):  # the provider's count of what it was sent
                sent = context.size(context.wire(self.messages)) + overhead
                self.gauge.observe(reply.get("usage"), sent)
            checked = check_reply(reply)
            cut = checked.stop_reason == "max_tokens"
            dropped = self._count_cut(reply, checked.blocks, cut)
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
                self._on_loop(self.loops.call("<reply>", None, text))
                self._say([{"type": "text", "text": text}])
            elif cut:
                self._on_cut(reply, dropped)
            elif (verdict := self._claim(checked.blocks)) is not None:
                return self._result(RunStatus.VERIFIED, True, verdict.reason)
            self._cut_before = cut

    def _remind(self) -> None:
        """After an elision: repeat the plan to the model (:func:`context.remind`)."""
        if isinstance(self.tools, Briefing):
            context.remind(self.messages, self.tools.standing())

    def _count_cut(self, reply: Any, blocks: list[Block], cut: bool) -> list[str]:
        """Account for the replies cut at the output limit during this call.

        Counts them, says the adapter's notices, and returns the names of the tool calls the cut
        removed.
        """
        if not isinstance(reply, Mapping):
            return []
        for note in reply.get("notices") or []:
            self.events.notice(f"model: {note}")
        n = reply.get("cut_replies")
        counted = n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else int(cut)
        self.counters.truncated_replies += counted
        if not cut:
            return []
        marked = reply.get("truncated")
        names = [str(b.get("name")) for b in blocks if b["type"] == "tool_use"]
        if isinstance(marked, Mapping):
            names += [str(d.get("name")) for d in marked.get("dropped_tool_calls") or []]
        return names

    def _on_cut(self, reply: Mapping[str, Any], dropped: list[str]) -> None:
        """A reply cut at the output limit: tell the model, or end after a second one in a row."""
        marked = reply.get("truncated") if isinstance(reply, Mapping) else None
        limit = marked.get("output_limit") if isinstance(marked, Mapping) else None
        limit_text = f"{limit} tokens" if isinstance(limit, int) else "the output-token limit"
        if self._cut_before:
            what = f" inside {', '.join(dropped)}" if dropped else ""
            raise errors.OutputLimit(
                f"the model's replies were cut at the output limit ({limit_text}) twice in a "
                f"row{what}; no cut tool call was run"
            )
        if dropped:
            calls_text = " and ".join(f"a call to {name}" for name in dropped)
            self.events.notice(
                f"reply cut at the output limit ({limit_text}) inside {', '.join(dropped)}: "
                "not run; telling the model"
            )
            text = prompts.REPLY_CUT.format(limit=limit_text, calls=calls_text)
        else:
            self.events.notice("reply cut off at max_tokens: asking the model to continue")
            text = prompts.CONTINUE_AFTER_MAX_TOKENS
        self._say([{"type": "text", "text": text}])

    def _check_budgets(self) -> None:
        if self._loop_stop:
            raise errors.LoopDetected(self._loop_stop)
        check = self.meter.check(
            self.steps, self.test_runs, self._test_budget_refused, self.verifications
        )
        if check.notice:
            self.events.notice(check.notice)
        if check.cancelled:
            if check.interrupt:
                raise errors.Interrupted(check.cancelled)
            raise errors.Superseded(check.cancelled)
        if check.stop:
            raise errors.BudgetExhausted(check.stop)

    def _call_model(self, system: str, specs: list[dict[str, Any]]) -> Any:
        t0 = self.clock()
        try:
            reply = self.model(system, context.wire(self.messages), specs)
        except errors.ProviderUnavailable as e:
            raise errors.ProviderStopped(f"provider unavailable: {e}") from e
        except errors.ContextTooLong:
            raise
        except Exception as e:  # noqa: BLE001 - a broken adapter ends the run honestly
            raise errors.ModelFailed(f"the model raised {type(e).__name__}: {e}") from e
        event = model_call_event(self.steps + 1, reply, self.clock() - t0)
        self.events.emit("model_call", event)
        return reply

    def _claim(self, blocks: list[Block]) -> Verdict | None:
        """A reply without tool calls: a claim the gate checks, or an honest give-up (no claim).

        Returns the verdict when verified, None when the model goes on; raises the stops.
        """
        claim = " ".join(b.get("text", "") for b in blocks if b["type"] == "text").strip()
        if prompts.is_give_up(claim):
            said = "\n".join(claim.strip().splitlines()[:12])[:1500]
            raise errors.GaveUp(f"the model gave up: {said}")
        if self.claims.repeated(self.edits):
            # nothing changed since the gate refuted the last claim: the same verdict again
            self.counters.false_success_claims += 1
            raise errors.ClaimRejected(
                "the model claimed success again without changing anything since the gate "
                f"rejected its last claim ({self.claims.last_rejected})"
            )
        verdict = self._verify(claim)
        if verdict.verified:
            return verdict
        self.counters.false_success_claims += 1
        left = self.budgets.max_verifications - self.verifications
        if left <= 0:
            raise errors.ClaimRejected(
                f"the gate rejected the claim and no verifications are left: {verdict.reason}"
            )
        text = prompts.GATE_REJECTED.format(details=claims.rejection_details(verdict), left=left)
        self._say([{"type": "text", "text": text}])
        return None

    def _say(self, content: list[Block]) -> None:
        """Append a user message: ``content`` and the pending loop warnings."""
        content = content + [{"type": "text", "text": w} for w in self._pending]
        self._pending.clear()
        self.messages.append({"role": "user", "content": content})

    def _on_loop(self, signal: LoopSignal | None) -> None:
        if signal is None:
            return
        if signal.stop:
            self._loop_stop = f"loop: {signal.what}, after a warning"
            return
        self.counters.loop_warnings += 1
        self._pending.append(prompts.LOOP_WARNING.format(what=signal.what))
        self.events.notice(f"loop warning: {signal.what}")

    def _verify(self, claim: str) -> Verdict:
        verdict = self.claims.verify(claim, self.edits)
        self.last_report = verdict.report  # failing tests are the gate's, not a tool run's
        if not verdict.verified:
            self._on_loop(self.loops.report(verdict.report))
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
            report = result.test_report.to_dict()
            self.events.emit("test_report", TestReportEvent(report=report, source="tool"))
            self._on_loop(self.loops.report(result.test_report))
        else:  # repeated test runs are watched by their failure signature
            self._on_loop(self.loops.call(block.get("name"), block.get("input"), result.content))
        return answer

    def _result(self, status: RunStatus, verified: bool, reason: str) -> RunResult:
        c = self.counters
        c.tool_errors = max(self._tool_errors, 0)
        c.tamper_detected = self.claims.tamper_detected
        c.refused_test_edits = max(self._refused_protected, self.tools.refused_test_edits)
        report = self.last_report
        self.result = RunResult(
            status=status,
            verified=verified,
            steps=self.steps,
            test_runs=self.test_runs,
            verifications=self.verifications,
            failing_tests=[] if verified or report is None else list(report.failing_ids),
            usage=self.usage,
            counters=c,
            stop_reason=reason,
            model=model_name(self.model),
            wall_s=round(self.elapsed(), 3),
        )
        return self.result
