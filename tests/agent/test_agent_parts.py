"""The parts beside the loop, each on its own: they return decisions and never call the loop."""

from __future__ import annotations

from fixloop.agent import context
from fixloop.agent.budgets import COST_UNKNOWN, BudgetMeter
from fixloop.agent.calls import CallIds, run_call
from fixloop.agent.loopdetect import LoopDetector
from fixloop.config import BudgetSettings
from fixloop.types import Outcome, TestReport, ToolResult


def test_budget_meter_names_the_first_budget_used_up() -> None:
    now = [0.0]
    meter = BudgetMeter(BudgetSettings(max_steps=5, max_tokens=100, max_wall_s=60), lambda: now[0])
    assert meter.check(0, 0, False, 0).stop is None
    assert "step budget" in (meter.check(5, 0, False, 0).stop or "")
    assert meter.check(0, 25, False, 0).stop is None  # test runs stop only after a refusal
    assert "test-run budget" in (meter.check(0, 25, True, 0).stop or "")
    meter.add({"input_tokens": 90, "output_tokens": 10, "cost_usd": 0.01})
    assert "token budget" in (meter.check(1, 0, False, 0).stop or "")
    now[0] = 61.0
    assert not meter.wall_left()


def test_budget_meter_says_once_that_an_unknown_price_cannot_be_capped() -> None:
    meter = BudgetMeter(BudgetSettings(max_cost_usd=1.0), lambda: 0.0)
    meter.add({"input_tokens": 3, "output_tokens": 1})  # billed, no price: cost unknown
    assert meter.usage.cost_usd is None
    first, second = meter.check(1, 0, False, 0), meter.check(2, 0, False, 0)
    assert first.notice == COST_UNKNOWN and first.stop is None and second.notice is None


def test_loop_detector_warns_at_the_third_repeat_then_stops() -> None:
    det = LoopDetector()
    failing = TestReport(Outcome.FAILED, collected=1, failed=1, signature="s")
    signals = [det.report(failing) for _ in range(4)]
    assert signals[:2] == [None, None]
    assert signals[2] is not None and not signals[2].stop and "3 times" in signals[2].what
    assert signals[3] is not None and signals[3].stop
    # a pass resets the count
    assert det.report(TestReport(Outcome.PASSED, collected=1, passed=1)) is None
    assert det.report(failing) is None
    calls = [det.call("read_file", {"path": "a"}, "same") for _ in range(3)]
    assert calls[2] is not None and "read_file" in calls[2].what and not calls[2].stop


def test_context_fit_elides_the_oldest_results_and_keeps_the_newest() -> None:
    def results(n: int) -> dict:
        block = {"type": "tool_result", "tool_use_id": f"t{n}", "content": "x" * 5000}
        return {"role": "user", "content": [block]}

    messages = [results(i) for i in range(4)]
    elided = context.fit(messages, 12_000)
    assert elided > 0 and context.size(messages) <= 12_000
    assert messages[0]["content"][0]["content"].startswith("[elided: 5000 bytes")
    assert messages[-1]["content"][0]["content"] == "x" * 5000
    wired = context.wire(messages)
    assert "_elided" not in wired[0]["content"][0] and messages[0]["content"][0]["_elided"]
    assert context.trim_all(messages) == 5000 * (len(messages) - 1) - elided


def test_call_ids_are_filled_and_never_repeat() -> None:
    ids = CallIds()
    uses = [{"type": "tool_use", "id": "a"}, {"type": "tool_use", "id": "a"}, {"type": "tool_use"}]
    ids.fill(uses)
    assert uses[0]["id"] == "a" and len({u["id"] for u in uses}) == 3


def test_run_call_refuses_tests_past_the_budget_and_survives_a_raising_tool() -> None:
    class Boom:
        refused_test_edits = 0

        def specs(self) -> list:
            return []

        def call(self, name: str, args: object) -> ToolResult:
            raise RuntimeError("bug")

        def invalid_call(self, name: str, parse_error: str, raw_input: object) -> ToolResult:
            return ToolResult("bad", is_error=True)

    refused = run_call(Boom(), {"name": "run_tests"}, test_runs_left=0, test_budget=4)
    assert refused.kind == "budget" and "4" in refused.content
    broken = run_call(Boom(), {"name": "read_file"}, test_runs_left=1, test_budget=4)
    assert broken.kind == "internal" and "RuntimeError" in broken.content
