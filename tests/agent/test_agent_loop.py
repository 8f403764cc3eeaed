"""The controller loop, tested with small fakes for the tools, the gate and the model."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from fixloop import render
from fixloop.agent import Agent
from fixloop.config import BudgetSettings
from fixloop.errors import ContextTooLong, Interrupted, ProviderAuthError, ProviderUnavailable
from fixloop.render import summary as summarize
from fixloop.types import (
    FailingTest,
    ModelContext,
    Outcome,
    RunStatus,
    TestReport,
    ToolResult,
)

FAILING = TestReport(
    Outcome.FAILED,
    collected=2,
    passed=1,
    failed=1,
    failing=[FailingTest("tests/test_a.py::test_x", "assert 1 == 2")],
    signature="sig-1",
)
PASSING = TestReport(Outcome.PASSED, collected=2, passed=2)


class FakeTools:
    """Tools with a fixed behaviour per name; records every call in order."""

    def __init__(self, reports: list[TestReport] | None = None) -> None:
        self.calls: list[tuple[Any, Any]] = []
        self.reports = list(reports or [])
        self.refused_test_edits = 0

    def specs(self) -> list[dict[str, Any]]:
        return [
            {"name": "read_file", "description": "Read a file.", "input_schema": {}},
            {"name": "edit_file", "description": "Edit a file.", "input_schema": {}},
            {"name": "run_tests", "description": "Run tests.", "input_schema": {}},
        ]

    def call(self, name: Any, args: Any) -> ToolResult:
        self.calls.append((name, args))
        if name == "read_file":
            return ToolResult(f"1: content of {args.get('path')}")
        if name == "edit_file":
            if str(args.get("path", "")).startswith("tests/"):
                self.refused_test_edits += 1
                return ToolResult("refused: protected", is_error=True, kind="protected")
            return ToolResult("edited", changed_path=args.get("path"))
        if name == "run_tests":
            report = self.reports.pop(0) if self.reports else FAILING
            return ToolResult(render.tally(report), kind="tests", test_report=report)
        return ToolResult(f"unknown tool {name!r}", is_error=True, kind="unknown_tool")

    def invalid_call(self, name: Any, parse_error: str, raw_input: Any) -> ToolResult:
        self.calls.append(("<invalid>", name))
        return ToolResult(
            f"invalid arguments for {name}: {parse_error}", is_error=True, kind="invalid_args"
        )


@dataclass
class FakeVerdict:
    verified: bool
    report: TestReport
    tampered: list[str] = field(default_factory=list)
    new_autoload: list[str] = field(default_factory=list)
    reason: str = ""
    suspicious: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"verified": self.verified, "reason": self.reason}


class FakeGate:
    def __init__(self, verdicts: list[bool], tampered: list[str] | None = None) -> None:
        self.verdicts = list(verdicts)
        self.baseline = FAILING
        self.calls = 0
        self.tampered = tampered or []

    def verify(self) -> FakeVerdict:
        self.calls += 1
        ok = self.verdicts.pop(0) if self.verdicts else False
        return FakeVerdict(
            ok,
            PASSING if ok else FAILING,
            tampered=self.tampered,
            reason="verified" if ok else "the full suite did not pass",
        )


class Script:
    """A model that plays a list of replies (or raises exceptions given in the list)."""

    def __init__(self, replies: list[Any]) -> None:
        self.replies = list(replies)
        self.seen: list[list[dict[str, Any]]] = []
        self.bound: ModelContext | None = None

    def bind(self, ctx: ModelContext) -> None:
        self.bound = ctx

    def __call__(self, system: str, messages: list[dict], tools: list[dict]) -> Any:
        import copy

        self.seen.append(copy.deepcopy(messages))
        if not self.replies:
            return {"stop_reason": "end_turn", "content": [{"type": "text", "text": "done"}]}
        r = self.replies.pop(0)
        if isinstance(r, BaseException):
            raise r
        return r


def use(name: str, args: Any, id_: str | None = None, **extra: Any) -> dict[str, Any]:
    block = {"type": "tool_use", "name": name, "input": args, **extra}
    if id_:
        block["id"] = id_
    return block


def tool_reply(*blocks: dict[str, Any], usage: dict | None = None) -> dict[str, Any]:
    return {"stop_reason": "tool_use", "content": list(blocks), "usage": usage or {}}


def end(text: str = "All tests pass.", usage: dict | None = None) -> dict[str, Any]:
    return {
        "stop_reason": "end_turn",
        "content": [{"type": "text", "text": text}],
        "usage": usage or {},
    }


class Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []

    def write(self, type: str, **data: Any) -> None:
        self.events.append((type, data))

    def types(self) -> list[str]:
        return [t for t, _ in self.events]


def make(replies, *, verdicts=(True,), reports=None, budgets=None, **kw):
    model = Script(replies)
    tools = FakeTools(reports)
    gate = FakeGate(list(verdicts), **kw)
    traj = Recorder()
    agent = Agent(model, tools, gate, budgets or BudgetSettings(), traj)
    return agent, model, tools, gate, traj


def tool_pairs_ok(messages: list[dict[str, Any]]) -> None:
    """Every tool_use in an assistant message is answered, in order, by the next user message."""
    for i, m in enumerate(messages):
        if m["role"] != "assistant":
            continue
        ids = [b["id"] for b in m["content"] if b.get("type") == "tool_use"]
        if not ids:
            continue
        nxt = messages[i + 1]
        assert nxt["role"] == "user"
        got = [b["tool_use_id"] for b in nxt["content"] if b.get("type") == "tool_result"]
        assert got == ids


def test_verified_run_pairs_every_tool_use_and_counts() -> None:
    agent, model, tools, gate, traj = make(
        [
            tool_reply(use("read_file", {"path": "a.py"}, "t1")),
            tool_reply(
                {"type": "text", "text": "two calls"},
                use("read_file", {"path": "a.py"}),
                use("edit_file", {"path": "a.py", "old": "-", "new": "+"}),
            ),
            tool_reply(use("run_tests", {"target": ""})),
            end(),
        ],
        reports=[PASSING],
    )
    result = agent.run("fix it")
    assert result.status == RunStatus.VERIFIED and result.verified
    assert result.steps == 4 and result.test_runs == 1 and result.verifications == 1
    assert result.counters.false_success_claims == 0
    assert [c[0] for c in tools.calls] == ["read_file", "read_file", "edit_file", "run_tests"]
    tool_pairs_ok(model.seen[-1])
    # the ids the model left out were filled in and used consistently
    second = model.seen[-1][3]
    assert second["role"] == "assistant" and all(
        b["id"] for b in second["content"] if b["type"] == "tool_use"
    )
    assert "gate_verdict" in traj.types() and "test_report" in traj.types()


def test_parse_error_is_answered_by_invalid_call_and_never_runs() -> None:
    agent, model, tools, *_ = make(
        [
            tool_reply(
                use("edit_file", {}, "t1", parse_error="Expecting value", raw_input="{bad"),
            ),
            end(),
        ]
    )
    result = agent.run("x")
    assert tools.calls == [("<invalid>", "edit_file")]
    answer = model.seen[1][-1]["content"][0]
    assert answer["tool_use_id"] == "t1" and answer["is_error"]
    assert "Expecting value" in answer["content"]
    # the malformed call goes back to the model as it was (the adapters translate it)
    assert model.seen[1][1]["content"][0]["raw_input"] == "{bad"
    assert result.counters.tool_errors == 1


def test_max_tokens_asks_to_continue_and_counts_as_step() -> None:
    agent, model, *_ = make(
        [
            {"stop_reason": "max_tokens", "content": [{"type": "text", "text": "I will now ed"}]},
            end(),
        ]
    )
    result = agent.run("x")
    assert result.steps == 2 and result.verified
    assert "cut off" in model.seen[1][-1]["content"][0]["text"]


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "just a string",
        {"stop_reason": "tool_use", "content": []},
        {"stop_reason": "weird", "content": [{"type": "text", "text": "hm"}]},
        {"stop_reason": "end_turn", "content": "not a list"},
        {"stop_reason": "end_turn", "content": [{"type": "image"}]},
    ],
)
def test_malformed_reply_is_an_error_the_model_sees(bad: Any) -> None:
    agent, model, _, gate, _ = make([bad, end()])
    result = agent.run("x")
    assert result.verified and result.steps == 2 and gate.calls == 1
    text = model.seen[1][-1]["content"][0]["text"]
    assert "could not be used" in text
    assert [m["role"] for m in model.seen[1]] == ["user", "assistant", "user"]


def test_empty_end_turn_is_a_claim_checked_by_the_gate() -> None:
    agent, _, _, gate, _ = make([{"stop_reason": "end_turn", "content": []}], verdicts=[True])
    assert agent.run("x").verified and gate.calls == 1


EDIT = {"path": "m.py", "old": "a", "new": "b"}


def test_rejected_claim_is_a_false_success_claim_and_model_gets_output() -> None:
    agent, model, _, gate, _ = make(
        [end("Fixed!"), tool_reply(use("edit_file", EDIT)), end("Really fixed")],
        verdicts=[False, True],
    )
    result = agent.run("x")
    assert result.verified and result.counters.false_success_claims == 1
    feedback = model.seen[1][-1]["content"][0]["text"]
    assert "do NOT all pass" in feedback and "tests/test_a.py::test_x" in feedback


def test_a_rejection_whose_tests_passed_does_not_say_they_fail() -> None:
    """A claim refused for another reason than failing tests (tampering, a test no longer
    collected) was told "the tests do NOT all pass": the model hunted a failure that did not
    exist (toolz 1.2.0's released line, refused as tampered, was reported so)."""
    from fixloop.agent.claims import rejection_message
    from fixloop.types import Verdict

    reason = "tampered: while the tests ran, the changed code reached into the test run"
    text = rejection_message(Verdict(False, PASSING, reason=reason), left=2)
    assert text.startswith("The harness checked your work: the tests pass, but the gate did not")
    assert "do NOT all pass" not in text and reason in text and "(2 verification(s) left)" in text
    text = rejection_message(Verdict(False, FAILING, reason="the full suite did not pass"), 1)
    assert "the tests do NOT all pass" in text and "tests/test_a.py::test_x" in text


def test_verification_cap_ends_not_fixed_with_failing_tests() -> None:
    edit = tool_reply(use("edit_file", EDIT))
    agent, *_ = make([end(), edit, end(), edit, end()], verdicts=[False, False, False])
    agent.budgets.max_verifications = 2
    result = agent.run("x")
    assert result.status == RunStatus.NOT_FIXED and not result.verified
    assert result.verifications == 2 and result.counters.false_success_claims == 2
    assert result.failing_tests == ["tests/test_a.py::test_x"]


def test_repeated_claim_without_a_change_is_not_verified_again() -> None:
    agent, model, _, gate, _ = make([end("Done."), end("Done, really.")], verdicts=[False, True])
    result = agent.run("x")
    # the second claim changes nothing since the gate refuted the first: no second gate run
    assert result.status == RunStatus.NOT_FIXED and result.verifications == 1
    assert result.counters.false_success_claims == 2
    assert "without changing anything" in result.stop_reason


@pytest.mark.parametrize(
    ("replies", "verdicts", "claims", "gate_runs", "status"),
    [
        ([], [], 0, 0, RunStatus.NOT_FIXED),  # an empty script claims nothing
        ([end("Done.")], [False], 1, 1, RunStatus.NOT_FIXED),  # its one claim, refuted: one
        ([tool_reply(use("edit_file", EDIT))], [False], 0, 1, RunStatus.NOT_FIXED),
        ([tool_reply(use("edit_file", EDIT))], [True], 0, 1, RunStatus.VERIFIED),
    ],
    ids=["empty", "one-claim", "edit-only-refuted", "edit-only-verified"],
)
def test_a_script_that_ends_claims_nothing_more(
    replies: list, verdicts: list, claims: int, gate_runs: int, status: RunStatus
) -> None:
    """The end of a script is no claim: an empty script counted 2 false success claims (its
    "(script exhausted)" filler, refuted, then the same filler again as a repeated claim)."""
    from fixloop.models.scripted import ScriptedModel

    gate = FakeGate(verdicts)
    agent = Agent(ScriptedModel(replies), FakeTools(), gate, BudgetSettings(), Recorder())
    result = agent.run("x")
    assert result.status == status and result.counters.false_success_claims == claims
    assert gate.calls == gate_runs  # edits the gate had not seen get the final check
    assert "the script has no reply left" in result.stop_reason
    assert "claimed success again" not in result.stop_reason


def test_honest_give_up_is_no_false_claim() -> None:
    agent, *_ = make(
        [tool_reply(use("edit_file", EDIT)), end("**CANNOT FIX:** the bug is in a C extension")],
        verdicts=[False],
    )
    result = agent.run("x")
    assert result.status == RunStatus.NOT_FIXED and not result.verified
    assert result.counters.false_success_claims == 0
    assert "gave up: **CANNOT FIX:** the bug is in a C extension" in result.stop_reason
    # the files changed, so the harness's final check ran once and names the failing tests
    assert result.verifications == 1 and result.failing_tests == ["tests/test_a.py::test_x"]


def test_tamper_flags_are_counted() -> None:
    agent, *_ = make([end()], verdicts=[True], tampered=["tests/test_a.py"])
    assert agent.run("x").counters.tamper_detected == 1


def test_step_budget() -> None:
    replies = [tool_reply(use("read_file", {"path": f"f{i}.py"})) for i in range(10)]
    agent, *_ = make(replies, budgets=BudgetSettings(max_steps=3))
    result = agent.run("x")
    assert result.status == RunStatus.BUDGET_EXHAUSTED and result.steps == 3
    assert "step budget" in result.stop_reason


def test_test_run_budget_refuses_then_stops() -> None:
    replies = [tool_reply(use("run_tests", {"target": f"t{i}"})) for i in range(6)]
    agent, model, tools, gate, _ = make(replies, budgets=BudgetSettings(max_test_runs=2))
    result = agent.run("x")
    assert result.status == RunStatus.BUDGET_EXHAUSTED and "test-run budget" in result.stop_reason
    assert result.test_runs == 2
    assert sum(1 for c in tools.calls if c[0] == "run_tests") == 2
    assert "test-run budget" in agent.messages[-1]["content"][0]["content"]


def test_token_budget() -> None:
    u = {"input_tokens": 600, "output_tokens": 100}
    replies = [tool_reply(use("read_file", {"path": f"f{i}"}), usage=u) for i in range(5)]
    agent, *_ = make(replies, budgets=BudgetSettings(max_tokens=1000))
    result = agent.run("x")
    assert result.status == RunStatus.BUDGET_EXHAUSTED and result.steps == 2
    assert result.usage.input_tokens == 1200 and "token budget" in result.stop_reason


def test_cost_budget_and_unknown_cost_notice() -> None:
    u = {"input_tokens": 1, "output_tokens": 1, "cost_usd": 0.3}
    replies = [tool_reply(use("read_file", {"path": f"f{i}"}), usage=u) for i in range(5)]
    agent, *_ = make(replies, budgets=BudgetSettings(max_cost_usd=0.5))
    result = agent.run("x")
    assert result.status == RunStatus.BUDGET_EXHAUSTED and "cost budget" in result.stop_reason
    assert result.usage.cost_usd == pytest.approx(0.6)

    unknown = {"input_tokens": 1, "output_tokens": 1, "cost_usd": None}
    replies = [tool_reply(use("read_file", {"path": f"f{i}"}), usage=unknown) for i in range(3)]
    agent, _, _, _, traj = make(replies + [end()], budgets=BudgetSettings(max_cost_usd=0.5))
    result = agent.run("x")
    assert result.verified and result.usage.cost_usd is None
    notices = [d["text"] for t, d in traj.events if t == "notice" and "cost budget" in d["text"]]
    assert len(notices) == 1


def test_wall_time_budget_uses_the_clock() -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 10.0
        return now[0]

    model = Script([tool_reply(use("read_file", {"path": "a"}))] * 20)
    agent = Agent(model, FakeTools(), FakeGate([]), BudgetSettings(max_wall_s=45), None, clock=clock)
    result = agent.run("x")
    assert result.status == RunStatus.BUDGET_EXHAUSTED and "wall-time" in result.stop_reason


def test_same_call_same_result_warns_then_stops() -> None:
    replies = [tool_reply(use("read_file", {"path": "a.py"})) for _ in range(8)]
    agent, model, *_ = make(replies)
    result = agent.run("x")
    assert result.counters.loop_warnings == 1
    assert result.status == RunStatus.NOT_FIXED and result.stop_reason.startswith("loop")
    assert result.steps == 4
    warned = [
        b["text"] for b in model.seen[3][-1]["content"] if b["type"] == "text"
    ]  # after the third call
    assert warned and "Warning from the harness" in warned[0]


def test_same_failure_signature_three_times_warns_then_stops() -> None:
    replies = [
        tool_reply(
            use("edit_file", {"path": "a.py", "old": str(i), "new": "y"}),
            use("run_tests", {"target": f"t{i}"}),
        )
        for i in range(6)
    ]
    agent, *_ = make(replies, verdicts=[False])
    result = agent.run("x")
    assert result.counters.loop_warnings == 1
    assert "failed the same way" in result.stop_reason
    assert result.test_runs == 4
    # files changed since the last check: the gate ran once more to report the real state
    assert result.verifications == 1 and result.failing_tests == ["tests/test_a.py::test_x"]


def test_context_elision_keeps_newest_and_leaves_marker() -> None:
    big = "x" * 5000

    class BigTools(FakeTools):
        def call(self, name: Any, args: Any) -> ToolResult:
            return ToolResult(big + str(args))

    model = Script([tool_reply(use("read_file", {"path": f"f{i}"})) for i in range(5)] + [end()])
    agent = Agent(model, BigTools(), FakeGate([True]), BudgetSettings(context_bytes=12_000), None)
    agent.run("x")
    last = model.seen[-1]
    results = [
        b
        for m in last
        if m["role"] == "user" and isinstance(m["content"], list)
        for b in m["content"]
        if b.get("type") == "tool_result"
    ]
    assert results[-1]["content"].startswith(big)
    assert any(r["content"].startswith("[elided: ") for r in results[:-1])
    assert len(str(last)) < 20_000


def test_context_too_long_trims_once_then_stops() -> None:
    replies = [tool_reply(use("read_file", {"path": f"f{i}"})) for i in range(2)]
    agent, model, *_ = make(replies + [ContextTooLong("too long"), end(), ContextTooLong("again")])
    result = agent.run("x")
    # the retry after trimming went through (end -> verified)
    assert result.verified

    agent, model, *_ = make(
        [tool_reply(use("read_file", {"path": "a"})), ContextTooLong("a"), ContextTooLong("b")]
    )
    result = agent.run("x")
    assert result.status == RunStatus.NOT_FIXED and "context window" in result.stop_reason


@pytest.mark.parametrize("exc", [ProviderUnavailable("529 x3"), ProviderAuthError("set KEY")])
def test_provider_unavailable_keeps_work(exc: Exception) -> None:
    # the edit is checked once by the gate (issue 14); here it does not pass
    agent, _, _, gate, _ = make(
        [tool_reply(use("edit_file", {"path": "a.py", "old": "a", "new": "b"})), exc],
        verdicts=(False,),
    )
    result = agent.run("x")
    assert result.status == RunStatus.PROVIDER_UNAVAILABLE and not result.verified
    assert result.steps == 1 and "provider unavailable" in result.stop_reason
    assert gate.calls == 1 and "final check" in result.stop_reason


def test_keyboard_interrupt_passes_through_and_end_records_it() -> None:
    # Ctrl-C is the session's to handle: the loop lets it through, and ends on request.
    agent, *_ = make([tool_reply(use("read_file", {"path": "a"})), KeyboardInterrupt()])
    with pytest.raises(KeyboardInterrupt):
        agent.run("x")
    assert agent.result is None
    result = agent.end(Interrupted("interrupted by the user (Ctrl-C)"))
    assert result is agent.result and result.status == RunStatus.INTERRUPTED
    assert result.steps == 1 and "interrupted" in result.stop_reason


def test_bind_gets_the_model_context(tmp_path) -> None:
    model = Script([end()])
    ctx = ModelContext(root=tmp_path, task="t", sandbox=None, runner=None, scratch_dir=tmp_path)
    Agent(model, FakeTools(), FakeGate([True]), BudgetSettings(), None, model_context=ctx).run("t")
    assert model.bound is ctx


def test_refused_test_edits_counted() -> None:
    agent, *_ = make(
        [tool_reply(use("edit_file", {"path": "tests/test_a.py", "old": "1", "new": "2"})), end()],
        verdicts=[False],
    )
    agent.budgets.max_verifications = 1
    result = agent.run("x")
    assert result.counters.refused_test_edits == 1 and result.counters.false_success_claims == 1


def test_summary_is_honest() -> None:
    agent, *_ = make([end()], verdicts=[False])
    agent.budgets.max_verifications = 1
    result = agent.run("x")
    result.branch, result.files_changed = "fixloop/r1", ["a.py"]
    text = summarize(result, edits=1, baseline=FAILING, user_changes=[" M b.py"])
    assert "NOT VERIFIED" in text and "tests/test_a.py::test_x" in text
    assert "fixloop/r1" in text and "a.py" in text and "Not included: 1" in text


def test_duplicate_tool_use_ids_get_ids_of_their_own() -> None:
    agent, model, tools, *_ = make(
        [
            tool_reply(
                use("read_file", {"path": "a.py"}, "dup"), use("read_file", {"path": "b.py"}, "dup")
            ),
            end(),
        ]
    )
    agent.run("x")
    tool_pairs_ok(model.seen[-1])
    ids = [b["id"] for b in model.seen[-1][1]["content"] if b["type"] == "tool_use"]
    assert len(set(ids)) == 2


def test_failing_tests_are_the_gates_after_a_rejected_claim() -> None:
    # The model's own last run passed (or ran a narrow target); the gate's full run is the truth.
    agent, *_ = make(
        [tool_reply(use("run_tests", {"target": "t"})), end("Fixed.")],
        verdicts=[False],
        reports=[PASSING],
    )
    agent.budgets.max_verifications = 1
    result = agent.run("x")
    assert result.status == RunStatus.NOT_FIXED and result.verifications == 1
    assert result.failing_tests == ["tests/test_a.py::test_x"]
