"""The controller: a ReAct loop (Yao et al. 2023, "ReAct: Synergizing Reasoning and Acting in
Language Models") around generate-test-repair, with the gate deciding success.

One step is one model call. The loop, as fixed by docs/architecture.md and issue 4:

- before each model call the budgets are checked (steps, test runs, verifications, tokens, cost,
  wall time); the first one used up stops the run with ``budget_exhausted``;
- every ``tool_use`` block of a reply gets exactly one ``tool_result``, all in one user message, in
  the order of the calls; several calls in one reply run in order; a call whose arguments could
  not be parsed (``parse_error``) is answered by ``tools.invalid_call`` and never runs;
- ``max_tokens`` asks the model to continue; an empty or malformed reply is an error the model
  sees; both count as steps;
- a reply without tool calls is a claim of being done: the gate verifies it. A claim the gate
  rejects is a *false success claim* (``counters.false_success_claims``), whatever its wording;
  the model gets the gate's real output and goes on while verifications remain;
- loop detection: the same failure signature three times in a row, or the same tool call with the
  same result three times, earns a warning (``counters.loop_warnings``); a repeat after the warning
  stops the run;
- context: past ``context_bytes`` of messages the oldest tool results are replaced by a visible
  ``[elided: N bytes of old tool output]`` marker (the newest results stay whole); a
  ``ContextTooLong`` from the provider trims all old tool output once and retries, then stops;
- ``ProviderUnavailable`` / ``ProviderAuthError`` end the run as ``provider_unavailable`` with the
  work kept; Ctrl-C kills the sandbox's children and re-raises after recording the result
  (:attr:`Agent.result`).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from fixloop import prompts
from fixloop.errors import ContextTooLong, ProviderUnavailable
from fixloop.types import (
    Counters,
    ModelContext,
    RunResult,
    RunStatus,
    TestReport,
    ToolResult,
    Usage,
)

EventSink = Callable[[str, dict[str, Any]], None]


@dataclass
class Budgets:
    """The limits of one run, checked before each model call.

    Attributes:
        max_steps: model calls.
        max_test_runs: test runs the model asks for (``run_tests``); the gate's runs are
            verifications and are counted there.
        max_verifications: claims of being done the gate checks.
        max_tokens: input + output tokens over all calls; None for no limit.
        max_cost_usd: dollars, summed from the replies' ``usage.cost_usd``; None for no limit.
            When a provider's price is unknown the limit cannot be enforced (said once).
        max_wall_s: wall-clock seconds since the run started; None for no limit.
        context_bytes: the size of the messages (JSON bytes) past which old tool output is elided.
    """

    max_steps: int = 40
    max_test_runs: int = 20
    max_verifications: int = 3
    max_tokens: int | None = 2_000_000
    max_cost_usd: float | None = None
    max_wall_s: float | None = 1800.0
    context_bytes: int = 400_000

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | Any) -> Budgets:
        """Build budgets from a settings mapping or object, reading the keys named like the fields
        (``max_steps``, ...; also ``timeout_s`` for ``max_wall_s`` and ``max_cost`` for
        ``max_cost_usd``); a missing key or None keeps the default (None limits stay None)."""

        def get(key: str) -> Any:
            if isinstance(settings, Mapping):
                return settings.get(key)
            return getattr(settings, key, None)

        out = cls()
        aliases = {"max_wall_s": ("timeout_s", "timeout"), "max_cost_usd": ("max_cost",)}
        for f in fields(cls):
            value = get(f.name)
            for alias in aliases.get(f.name, ()):
                if value is None:
                    value = get(alias)
            if value is not None:
                setattr(out, f.name, value)
        return out


_ELIDED = "[elided: {n} bytes of old tool output]"


def _stable_json(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):
        return repr(value)


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def report_text(report: TestReport, *, limit_ids: int = 20) -> str:
    """The text a model sees for a full-suite report: tally, failing ids with reasons, output."""
    lines = [f"Result: {report.tally()}, {report.collected} collected."]
    if report.notice:
        lines.append(f"Note: {report.notice}")
    for ce in report.collection_errors[:limit_ids]:
        lines.append(f"Collection error: {ce}")
    if report.failing:
        lines.append("Failing tests:")
        for f in report.failing[:limit_ids]:
            lines.append(f"  {f.id}" + (f" - {f.reason}" if f.reason else ""))
        if len(report.failing) > limit_ids:
            lines.append(f"  ... and {len(report.failing) - limit_ids} more")
    if report.output:
        lines.append("Output:")
        lines.append(report.output)
    if report.log_path:
        lines.append(f"(full log: {report.log_path})")
    return "\n".join(lines)


class Agent:
    """The controller loop around one model, one tool set and one gate.

    Args:
        model: ``model(system, messages, tools) -> reply`` (:data:`fixloop.types.Model`); may
            define ``bind(ModelContext)`` (called once before the first call) and ``name``.
        tools: a :class:`fixloop.tools.Tools` (``specs()``, ``call(name, args)``,
            ``invalid_call(name, parse_error, raw_input)``; optional ``refused_test_edits``,
            ``changed``).
        gate: a :class:`fixloop.gate.Gate` (``verify() -> Verdict``, ``baseline``).
        budgets: the :class:`Budgets`.
        trajectory: a :class:`fixloop.trajectory.Trajectory` (``write(type, **data)``) or None.
        on_event: called as ``on_event(type, data)`` with every event written to the trajectory
            (the CLI's live display).
        model_context: handed to ``model.bind`` when the model has it.
        clock: a monotonic clock in seconds (for tests).
    """

    def __init__(
        self,
        model: Any,
        tools: Any,
        gate: Any,
        budgets: Budgets,
        trajectory: Any = None,
        on_event: EventSink | None = None,
        *,
        model_context: ModelContext | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.model = model
        self.tools = tools
        self.gate = gate
        self.budgets = budgets
        self.trajectory = trajectory
        self.on_event = on_event
        self.model_context = model_context
        self.clock = clock
        self.messages: list[dict[str, Any]] = []
        self.counters = Counters()
        self.usage = Usage()
        self.steps = 0
        self.test_runs = 0
        self.verifications = 0
        self.edits = 0
        self.result: RunResult | None = None
        self.last_report: TestReport | None = getattr(gate, "baseline", None)
        self._start = clock()
        self._cost_unknown_said = False
        self._test_budget_refused = False
        self._sig_last: str | None = None
        self._sig_count = 0
        self._sig_warned = False
        self._call_counts: dict[str, int] = {}
        self._call_warned: set[str] = set()
        self._loop_stop: str | None = None
        self._pending_warnings: list[str] = []
        self._ids = 0
        self._refused_protected = 0
        self._tool_errors = 0
        self._verified_edits = 0
        self._last_rejected = ""  # the reason of the gate's last rejection, "" after a pass
        self._seen_ids: set[str] = set()

    # -- events --------------------------------------------------------------------------------

    def _emit(self, type_: str, **data: Any) -> None:
        if self.trajectory is not None:
            self.trajectory.write(type_, **data)
        if self.on_event is not None:
            try:
                self.on_event(type_, data)
            except Exception:  # noqa: BLE001 - a display fault must not end the run
                pass

    def _notice(self, text: str) -> None:
        self._emit("notice", text=text)

    # -- budgets -------------------------------------------------------------------------------

    def elapsed(self) -> float:
        """Seconds since the agent was created."""
        return self.clock() - self._start

    def _budget_stop(self) -> str | None:
        b = self.budgets
        if self.steps >= b.max_steps:
            return f"step budget used up ({b.max_steps} model calls)"
        if self._test_budget_refused and self.test_runs >= b.max_test_runs:
            return f"test-run budget used up ({b.max_test_runs} runs)"
        if self.verifications >= b.max_verifications:
            return f"verification budget used up ({b.max_verifications} gate runs)"
        total = self.usage.input_tokens + self.usage.output_tokens
        if b.max_tokens is not None and total >= b.max_tokens:
            return f"token budget used up ({total} of {b.max_tokens} tokens)"
        if b.max_cost_usd is not None:
            if self.usage.cost_usd is None:
                if not self._cost_unknown_said:
                    self._cost_unknown_said = True
                    self._notice(
                        "the cost budget cannot be enforced: the model's price is unknown "
                        "(token and step budgets still apply)"
                    )
            elif self.usage.cost_usd >= b.max_cost_usd:
                return f"cost budget used up (${self.usage.cost_usd:.4f} of ${b.max_cost_usd:.2f})"
        if b.max_wall_s is not None and self.elapsed() >= b.max_wall_s:
            return f"wall-time budget used up ({b.max_wall_s:.0f} s)"
        return None

    def _add_usage(self, usage: Any) -> None:
        if not isinstance(usage, Mapping):
            return
        u = self.usage

        def num(key: str) -> int:
            v = usage.get(key)
            return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0

        u.input_tokens += num("input_tokens")
        u.output_tokens += num("output_tokens")
        u.cache_read_input_tokens += num("cache_read_input_tokens")
        u.cache_creation_input_tokens += num("cache_creation_input_tokens")
        billed = num("input_tokens") + num("output_tokens") > 0
        if "cost_usd" in usage:
            cost = usage.get("cost_usd")
            if isinstance(cost, int | float) and not isinstance(cost, bool):
                if u.cost_usd is not None:
                    u.cost_usd += float(cost)
            else:
                u.cost_usd = None
        elif billed:
            u.cost_usd = None

    # -- context -------------------------------------------------------------------------------

    def context_size(self) -> int:
        """The size of the messages in bytes (UTF-8 JSON), as the provider would be sent them."""
        return len(json.dumps(self.messages, ensure_ascii=False, default=repr).encode("utf-8"))

    def _tool_result_blocks(self) -> list[dict[str, Any]]:
        """Old tool_result blocks, oldest first, excluding the newest message holding any."""
        holders = [
            m
            for m in self.messages
            if m.get("role") == "user"
            and isinstance(m.get("content"), list)
            and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in m["content"])
        ]
        blocks = []
        for m in holders[:-1]:
            for b in m["content"]:
                if b.get("type") == "tool_result" and not b.get("_elided"):
                    blocks.append(b)
        return blocks

    @staticmethod
    def _elide(block: dict[str, Any]) -> int:
        content = block.get("content")
        text = content if isinstance(content, str) else json.dumps(content, default=repr)
        n = len(text.encode("utf-8", "surrogatepass"))
        marker = _ELIDED.format(n=n)
        if n <= len(marker):
            return 0
        block["content"] = marker
        block["_elided"] = True
        return n

    def _fit_context(self) -> None:
        """Elide the oldest tool results until the messages fit ``context_bytes``."""
        if self.context_size() <= self.budgets.context_bytes:
            return
        total = 0
        for block in self._tool_result_blocks():
            total += self._elide(block)
            if self.context_size() <= self.budgets.context_bytes:
                break
        if total:
            self._notice(f"context: elided {total} bytes of old tool output")

    def _trim_all_old(self) -> int:
        total = 0
        for block in self._tool_result_blocks():
            total += self._elide(block)
        return total

    def _wire_messages(self) -> list[dict[str, Any]]:
        """The messages as sent: internal bookkeeping keys removed."""
        out = []
        for m in self.messages:
            content = m["content"]
            if isinstance(content, list):
                content = [_wire_block(b) for b in content]
            out.append({"role": m["role"], "content": content})
        return out

    # -- loop detection ------------------------------------------------------------------------

    def _track_signature(self, report: TestReport) -> None:
        if report.ok or not report.signature:
            self._sig_last, self._sig_count, self._sig_warned = None, 0, False
            return
        if report.signature == self._sig_last:
            self._sig_count += 1
        else:
            self._sig_last, self._sig_count, self._sig_warned = report.signature, 1, False
        if self._sig_count >= 3:
            what = f"the tests failed the same way {self._sig_count} times in a row"
            if not self._sig_warned:
                self._sig_warned = True
                self.counters.loop_warnings += 1
                self._pending_warnings.append(prompts.LOOP_WARNING.format(what=what))
                self._notice(f"loop warning: {what}")
            else:
                self._loop_stop = f"loop: {what}, after a warning"

    def _track_call(self, name: Any, args: Any, result: ToolResult) -> None:
        key = _digest(_stable_json(name), _stable_json(args), result.content)
        n = self._call_counts.get(key, 0) + 1
        self._call_counts[key] = n
        if n < 3:
            return
        what = f"the call {name}({_short(args)}) gave the same result {n} times"
        if key not in self._call_warned:
            self._call_warned.add(key)
            self.counters.loop_warnings += 1
            self._pending_warnings.append(prompts.LOOP_WARNING.format(what=what))
            self._notice(f"loop warning: {what}")
        else:
            self._loop_stop = f"loop: {what}, after a warning"

    # -- tool calls ----------------------------------------------------------------------------

    def _new_id(self) -> str:
        self._ids += 1
        return f"toolu_fixloop_{self._ids:04d}"

    def _run_call(self, block: dict[str, Any]) -> ToolResult:
        name = block.get("name")
        args = block.get("input")
        if "parse_error" in block:
            return self.tools.invalid_call(
                name, str(block.get("parse_error")), block.get("raw_input", "")
            )
        if name == "run_tests" and self.test_runs >= self.budgets.max_test_runs:
            self._test_budget_refused = True
            return ToolResult(
                prompts.TEST_BUDGET_USED.format(limit=self.budgets.max_test_runs),
                is_error=True,
                kind="budget",
            )
        try:
            return self.tools.call(name, args)
        except KeyboardInterrupt:
            raise
        except Exception as e:  # noqa: BLE001 - Tools.call must not raise; keep the pairing
            return ToolResult(
                f"internal error in tool {name!r}: {e!r}", is_error=True, kind="internal"
            )

    def _handle_tool_uses(self, uses: list[dict[str, Any]]) -> list[dict[str, Any]]:
        results = []
        for block in uses:
            result = self._run_call(block)
            self._emit(
                "tool_call",
                id=block["id"],
                name=block.get("name"),
                input=block.get("input"),
                **({"parse_error": block["parse_error"]} if "parse_error" in block else {}),
            )
            self._emit(
                "tool_result",
                id=block["id"],
                content=result.content,
                is_error=result.is_error,
                kind=result.kind,
                name=block.get("name"),
            )
            if result.is_error:
                self._tool_errors += 1
            if result.kind == "protected":
                self._refused_protected += 1
            if result.changed_path:
                self.edits += 1
            if result.test_report is not None:
                self.test_runs += 1
                self.last_report = result.test_report
                self._emit("test_report", report=result.test_report.to_dict(), source="tool")
                self._track_signature(result.test_report)
            else:  # repeated test runs are watched by their failure signature
                self._track_call(block.get("name"), block.get("input"), result)
            results.append(
                {
                    "type": "tool_result",
                    "tool_use_id": block["id"],
                    "content": result.content,
                    "is_error": result.is_error,
                }
            )
        return results

    # -- the loop ------------------------------------------------------------------------------

    def _call_model(self, system: str, specs: list[dict[str, Any]]) -> Any:
        t0 = self.clock()
        reply = self.model(system, self._wire_messages(), specs)
        latency = self.clock() - t0
        usage = reply.get("usage") if isinstance(reply, Mapping) else None
        self._emit(
            "model_call",
            step=self.steps + 1,
            usage=dict(usage) if isinstance(usage, Mapping) else None,
            latency_s=round(latency, 3),
            reply=reply if isinstance(reply, Mapping) else repr(reply),
        )
        return reply

    @staticmethod
    def _check_reply(reply: Any) -> tuple[str | None, list[dict[str, Any]], str]:
        """(problem, content blocks kept, stop_reason) of a reply."""
        if not isinstance(reply, Mapping):
            return f"the reply is a {type(reply).__name__}, not an object", [], ""
        stop = reply.get("stop_reason")
        content = reply.get("content")
        if content is None:
            content = []
        if not isinstance(content, list):
            return "its content is not a list of blocks", [], str(stop)
        kept: list[dict[str, Any]] = []
        dropped = 0
        for b in content:
            if isinstance(b, Mapping) and b.get("type") in ("text", "tool_use"):
                if b.get("type") == "text" and not isinstance(b.get("text"), str):
                    dropped += 1
                    continue
                kept.append(dict(b))
            elif isinstance(b, Mapping) and b.get("type") == "thinking":
                kept.append(dict(b))
            else:
                dropped += 1
        if stop not in ("tool_use", "end_turn", "max_tokens", "stop_sequence"):
            if not any(b["type"] == "tool_use" for b in kept):
                return f"unknown stop_reason {stop!r}", kept, str(stop)
        if dropped and not kept:
            return f"{dropped} content block(s) of unknown shape", kept, str(stop)
        if stop == "tool_use" and not any(b["type"] == "tool_use" for b in kept):
            return "stop_reason is tool_use but it holds no tool_use block", kept, str(stop)
        return None, kept, str(stop)

    def run(self, task: str = prompts.DEFAULT_TASK) -> RunResult:
        """Run the loop until the gate verifies a claim or a stop condition is met.

        Args:
            task: the task text (default: make the failing tests pass).

        Returns:
            a :class:`RunResult` with the loop's fields filled (status, verified, steps, test runs,
            verifications, failing tests, usage, counters, stop_reason); the caller adds the git
            fields and the final summary. Also kept as :attr:`result`.

        Raises:
            KeyboardInterrupt: after killing sandboxed children and setting :attr:`result`.
        """
        try:
            return self._run(task)
        except KeyboardInterrupt:
            try:
                from fixloop.sandbox import kill_all_children

                kill_all_children()
            except Exception:  # noqa: BLE001 - best effort on the way out
                pass
            self.result = self._result(
                RunStatus.NOT_FIXED, False, "interrupted by the user (Ctrl-C)"
            )
            raise

    def _run(self, task: str) -> RunResult:
        specs = list(self.tools.specs())
        system = prompts.system_prompt(specs)
        baseline = getattr(self.gate, "baseline", None)
        base_text = report_text(baseline) if baseline is not None else "(no baseline run)"
        self.messages = [{"role": "user", "content": prompts.task_message(task, base_text)}]
        bind = getattr(self.model, "bind", None)
        if callable(bind) and self.model_context is not None:
            bind(self.model_context)

        trimmed_for_provider = False
        while True:
            if self._loop_stop:
                return self._finish_unverified(RunStatus.NOT_FIXED, self._loop_stop)
            stop = self._budget_stop()
            if stop:
                return self._finish_unverified(RunStatus.BUDGET_EXHAUSTED, stop)
            self._fit_context()
            try:
                reply = self._call_model(system, specs)
            except ContextTooLong as e:
                if trimmed_for_provider:
                    return self._finish_unverified(
                        RunStatus.NOT_FIXED,
                        f"the conversation exceeds the model's context window even after "
                        f"trimming old tool output ({e})",
                    )
                trimmed_for_provider = True
                n = self._trim_all_old()
                self._notice(f"context too long for the model: elided {n} bytes of old tool output")
                continue
            except ProviderUnavailable as e:
                return self._finish_unverified(
                    RunStatus.PROVIDER_UNAVAILABLE, f"provider unavailable: {e}", final_check=False
                )
            except KeyboardInterrupt:
                raise
            except Exception as e:  # noqa: BLE001 - a broken adapter ends the run honestly
                return self._finish_unverified(
                    RunStatus.ERROR, f"the model raised {type(e).__name__}: {e}", final_check=False
                )
            self.steps += 1
            self._add_usage(reply.get("usage") if isinstance(reply, Mapping) else None)

            problem, blocks, stop_reason = self._check_reply(reply)
            uses = [b for b in blocks if b["type"] == "tool_use"]
            for b in uses:  # every call needs an id of its own to pair with its result
                if not isinstance(b.get("id"), str) or not b.get("id") or b["id"] in self._seen_ids:
                    b["id"] = self._new_id()
                self._seen_ids.add(b["id"])
            # An empty reply still takes its turn, so user and assistant keep alternating.
            self.messages.append(
                {"role": "assistant", "content": blocks or [{"type": "text", "text": "(empty)"}]}
            )

            if uses:
                results = self._handle_tool_uses(uses)
                content: list[dict[str, Any]] = list(results)
                for w in self._pending_warnings:
                    content.append({"type": "text", "text": w})
                self._pending_warnings.clear()
                self.messages.append({"role": "user", "content": content})
                continue
            if problem:
                self._tool_errors += 1
                text = prompts.MALFORMED_REPLY.format(problem=problem)
                self._notice(f"malformed reply: {problem}")
                self._track_call("<reply>", None, ToolResult(text, is_error=True))
                self._user_text(text)
                continue
            if stop_reason == "max_tokens":
                self._notice("reply cut off at max_tokens: asking the model to continue")
                self._user_text(prompts.CONTINUE_AFTER_MAX_TOKENS)
                continue

            # A reply without tool calls: a claim of being done (the gate decides), or an honest
            # give-up, which is no claim: the run ends not fixed after a final check of the files.
            claim = " ".join(b.get("text", "") for b in blocks if b["type"] == "text").strip()
            if prompts.is_give_up(claim):
                said = "\n".join(claim.strip().splitlines()[:12])[:1500]
                return self._finish_unverified(RunStatus.NOT_FIXED, f"the model gave up: {said}")
            if self._last_rejected and self.edits == self._verified_edits:
                # nothing changed since the gate refuted the last claim: the same verdict again
                self.counters.false_success_claims += 1
                return self._result(
                    RunStatus.NOT_FIXED,
                    False,
                    "the model claimed success again without changing anything since the gate "
                    f"rejected its last claim ({self._last_rejected})",
                )
            verdict = self._verify(claim)
            if verdict.verified:
                return self._result(RunStatus.VERIFIED, True, verdict.reason)
            self.counters.false_success_claims += 1
            left = self.budgets.max_verifications - self.verifications
            if left <= 0:
                return self._result(
                    RunStatus.NOT_FIXED,
                    False,
                    f"the gate rejected the claim and no verifications are left: {verdict.reason}",
                )
            details = verdict.reason + "\n" + report_text(verdict.report)
            if verdict.tampered or verdict.new_autoload:
                details += (
                    "\nProtected files you changed or created were restored to the base commit: "
                    + ", ".join(verdict.tampered + verdict.new_autoload)
                )
            self._user_text(prompts.GATE_REJECTED.format(details=details, left=left))

    def _user_text(self, text: str) -> None:
        content: list[dict[str, Any]] = [{"type": "text", "text": text}]
        for w in self._pending_warnings:
            content.append({"type": "text", "text": w})
        self._pending_warnings.clear()
        self.messages.append({"role": "user", "content": content})

    def _verify(self, claim: str) -> Any:
        self.verifications += 1
        verdict = self.gate.verify()
        self.counters.tamper_detected += (
            len(verdict.tampered)
            + len(verdict.new_autoload)
            + len(getattr(verdict, "suspicious", []))
        )
        self.last_report = verdict.report
        self._verified_edits = self.edits
        self._last_rejected = "" if verdict.verified else verdict.reason
        self._emit("test_report", report=verdict.report.to_dict(), source="gate")
        self._emit("gate_verdict", claim=claim, **verdict.to_dict())
        if not verdict.verified:
            self._track_signature(verdict.report)
        return verdict

    def _finish_unverified(
        self, status: RunStatus, reason: str, *, final_check: bool = True
    ) -> RunResult:
        """End without a verified claim. When files changed since the last gate run and a
        verification is left, the gate checks the work once more, so the reported failing tests
        are the real ones (and work that does pass is reported as verified)."""
        self._notice(f"stopping: {reason}")
        changed_since = self.edits > getattr(self, "_verified_edits", 0)
        wall_left = self.budgets.max_wall_s is None or self.elapsed() < self.budgets.max_wall_s
        if (
            final_check
            and changed_since
            and wall_left
            and self.verifications < self.budgets.max_verifications
        ):
            verdict = self._verify("")
            if verdict.verified:
                return self._result(
                    RunStatus.VERIFIED,
                    True,
                    f"{reason}; the harness's final check then verified the work: {verdict.reason}",
                )
            reason = f"{reason}; final check: {verdict.reason}"
        return self._result(status, False, reason)

    def _result(self, status: RunStatus, verified: bool, reason: str) -> RunResult:
        c = self.counters
        c.tool_errors = max(self._tool_errors, 0)
        c.refused_test_edits = max(
            self._refused_protected, int(getattr(self.tools, "refused_test_edits", 0) or 0)
        )
        report = self.last_report
        failing = [] if verified or report is None else list(report.failing_ids)
        self.result = RunResult(
            status=status,
            verified=verified,
            steps=self.steps,
            test_runs=self.test_runs,
            verifications=self.verifications,
            failing_tests=failing,
            usage=self.usage,
            counters=c,
            stop_reason=reason,
            model=str(getattr(self.model, "name", "") or ""),
            wall_s=round(self.elapsed(), 3),
        )
        return self.result


def _wire_block(block: Any) -> Any:
    """A content block as sent to a model: internal bookkeeping keys (``_...``) removed.

    The ``parse_error``/``raw_input`` keys of a malformed tool_use stay: the provider adapters
    own the translation (the OpenAI adapter sends ``raw_input`` back as the call's arguments, so
    the model sees what it really wrote; the Anthropic adapter drops both keys).
    """
    if not isinstance(block, dict):
        return block
    return {k: v for k, v in block.items() if not k.startswith("_")}


def _short(value: Any, limit: int = 60) -> str:
    text = _stable_json(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def summarize(
    result: RunResult,
    *,
    edits: int,
    baseline: TestReport | None,
    user_changes: list[str] | None = None,
    in_place: bool = False,
) -> str:
    """The honest final report text of a run, for every ending.

    Says: verified or not and why it stopped; what was tried (edits, test runs, verifications);
    which tests still fail; files changed; where the change is (branch, commit) and how to review
    it; tokens and cost; uncommitted user changes that the run did not include.

    Args:
        result: the run's result with the git fields filled.
        edits: the number of successful edits and creates.
        baseline: the baseline report (how many failed at the start).
        user_changes: ``git status --porcelain`` lines of the user's checkout not included.
        in_place: True when the run worked in the user's checkout (``--in-place``).
    """
    lines: list[str] = []
    if result.status == RunStatus.NOTHING_TO_FIX:
        lines.append("Nothing to fix: every test passed before any change (no model call made).")
    elif result.verified:
        lines.append("VERIFIED: the harness ran the full test suite itself and every test passed.")
    else:
        lines.append(f"NOT VERIFIED ({result.status.value}): the failing tests were not all fixed.")
    if result.stop_reason:
        label = "Gate" if result.verified else "Stopped because"
        lines.append(f"{label}: {result.stop_reason}")
    if baseline is not None and result.status != RunStatus.NOTHING_TO_FIX:
        lines.append(f"At the start: {baseline.tally()}.")
    if result.status != RunStatus.NOTHING_TO_FIX:
        lines.append(
            f"Tried: {result.steps} model steps, {edits} edits, {result.test_runs} test runs, "
            f"{result.verifications} gate verifications."
        )
    if result.failing_tests:
        shown = ", ".join(result.failing_tests[:8])
        more = f" (+{len(result.failing_tests) - 8} more)" if len(result.failing_tests) > 8 else ""
        lines.append(f"Still failing: {shown}{more}")
    if result.files_changed:
        lines.append(f"Files changed: {', '.join(result.files_changed)}")
    elif result.status != RunStatus.NOTHING_TO_FIX:
        lines.append("Files changed: none")
    c = result.counters
    flags = [
        f"{n} {label}"
        for n, label in (
            (c.refused_test_edits, "refused test edits"),
            (c.tamper_detected, "tampered files restored"),
            (c.false_success_claims, "false success claims"),
            (c.loop_warnings, "loop warnings"),
            (c.tool_errors, "tool errors"),
        )
        if n
    ]
    if flags:
        lines.append("Counters: " + ", ".join(flags))
    if result.branch and result.files_changed:
        if in_place:
            lines.append(
                f"The change is uncommitted on branch {result.branch} in your checkout: review "
                "with `git diff`."
            )
        else:
            kind = "commit" if result.verified else "work-in-progress commit"
            lines.append(
                f"The change is a {kind} {(result.head_commit or '')[:12]} on branch "
                f"{result.branch}: review with `git diff {(result.base_commit or '')[:12]} "
                f"{result.branch}`, merge with `git merge {result.branch}`."
            )
    u = result.usage
    cost = "unknown" if u.cost_usd is None else f"${u.cost_usd:.4f}"
    lines.append(f"Tokens: {u.input_tokens} in, {u.output_tokens} out; cost {cost}.")
    if user_changes:
        lines.append(
            f"Not included: {len(user_changes)} uncommitted change(s) in your checkout "
            "(fixloop worked from the HEAD commit)."
        )
    if result.trajectory:
        lines.append(f"Trajectory: {result.trajectory}")
    return "\n".join(lines)
