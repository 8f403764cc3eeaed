"""Issue 14 at the loop level: whole runs of examples/calc through the scripted model and through
the real adapters against the local fake server.

A reply cut at the output limit never runs its tool calls, the model is told, every cut reply
is counted (``counters.truncated_replies``), a second cut reply in a row ends the run honestly;
thinking blocks survive the loop unchanged; the adapters' notices reach the trajectory; and a
provider that becomes unreachable after edits gets one last gate check.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import git, init_repo
from fakeproviders import (
    FakeProvider,
    ThinkingGuard,
    anthropic_error,
    anthropic_message,
    error,
    ok,
    openai_completion,
    openai_strict_params,
    openai_tool_call,
    text,
    tool_use,
)

from fixloop.api import CodingAgent
from fixloop.errors import ConfigError
from fixloop.models.anthropic_model import AnthropicModel
from fixloop.models.openai_model import OpenAIModel
from fixloop.models.scripted import ScriptedModel
from fixloop.trajectory import read_trajectory
from fixloop.types import RunStatus

ROOT = Path(__file__).resolve().parents[2]
ADD_AND_SUBTRACT = "def add(a, b):\n    return a - b\n\n\ndef subtract(a, b):\n    return a - b\n"
#: The cut call of case 36's kind: "old" spans two functions, "new" stops after the first.
CUT_EDIT = {"path": "calc.py", "old": ADD_AND_SUBTRACT, "new": "def add(a, b):\n    return a + b\n"}
GOOD_EDIT = {"path": "calc.py", "old": "def add(a, b):\n    return a - b\n",
             "new": "def add(a, b):\n    return a + b\n"}  # fmt: skip
CUT_ARGS = json.dumps(CUT_EDIT)[:-30]  # unterminated JSON, as a server sends it at "length"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIXLOOP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("FIXLOOP_CONFIG", raising=False)
    monkeypatch.delenv("FIXLOOP_PRICES_FILE", raising=False)


@pytest.fixture
def sandbox_kw() -> dict[str, Any]:
    from test_e2e import default_sandbox_args

    args = default_sandbox_args()
    return {"sandbox": "none", "allow_unsandboxed": True} if "none" in args else {}


@pytest.fixture
def calc(tmp_path: Path) -> Path:
    dest = tmp_path / "calc"
    shutil.copytree(ROOT / "examples" / "calc", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return init_repo(dest)


@pytest.fixture
def fp():
    with FakeProvider() as server:
        yield server


def _texts_sent(body: dict[str, Any]) -> str:
    """Every text the model was sent in a request (user texts and tool results)."""
    out = []
    for m in body["messages"]:
        content = m["content"]
        if isinstance(content, str):
            out.append(content)
            continue
        for b in content:
            if b.get("type") == "text":
                out.append(b["text"])
            elif b.get("type") == "tool_result":
                out.append(str(b.get("content")))
    return "\n".join(out)


def _notices(result) -> list[str]:
    return [e["text"] for e in read_trajectory(result.trajectory) if e["type"] == "notice"]


# -- the scripted model -------------------------------------------------------------------------


def test_cut_tool_call_from_any_model_never_runs_and_the_model_is_told(
    calc: Path, sandbox_kw
) -> None:
    model = ScriptedModel([
        # a model (not one of fixloop's adapters) that hands on a cut call as it is
        {"stop_reason": "max_tokens",
         "content": [text("Rewriting both."), tool_use("edit_file", CUT_EDIT)]},
        {"stop_reason": "tool_use", "content": [tool_use("edit_file", GOOD_EDIT)]},
        {"stop_reason": "end_turn", "content": [text("Fixed add.")]},
    ])  # fmt: skip
    seen: list[Any] = []
    inner = model.__call__

    def spy(system, messages, tools):
        seen.append(json.loads(json.dumps(messages)))
        return inner(system, messages, tools)

    result = CodingAgent(spy, calc, **sandbox_kw).run()
    assert result.status == RunStatus.VERIFIED
    assert result.counters.truncated_replies == 1
    told = seen[1][-1]["content"][0]["text"]
    assert "cut off at the output limit" in told and "edit_file" in told
    after = git(calc, "show", f"{result.branch}:calc.py")
    assert "def subtract(a, b):\n    return a - b" in after  # the cut edit never deleted it
    assert any("inside edit_file: not run" in n for n in _notices(result))


def test_two_cut_replies_in_a_row_end_the_run_honestly(calc: Path, sandbox_kw) -> None:
    cut = {"stop_reason": "max_tokens", "content": [tool_use("edit_file", CUT_EDIT)]}
    result = CodingAgent(ScriptedModel([cut, cut]), calc, **sandbox_kw).run()
    assert result.status == RunStatus.NOT_FIXED and not result.verified
    assert "twice in a row" in result.stop_reason and "no cut tool call was run" in (
        result.stop_reason
    )
    assert result.counters.truncated_replies == 2 and result.files_changed == []
    assert result.to_dict()["counters"]["truncated_replies"] == 2


def test_cut_text_asks_the_model_to_go_on(calc: Path, sandbox_kw) -> None:
    model = ScriptedModel([
        {"stop_reason": "max_tokens", "content": [text("The bug is in add, which")]},
        {"stop_reason": "tool_use", "content": [tool_use("edit_file", GOOD_EDIT)]},
        {"stop_reason": "end_turn", "content": [text("Fixed add.")]},
    ])  # fmt: skip
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert result.status == RunStatus.VERIFIED and result.counters.truncated_replies == 1


# -- the real adapters against the fake server --------------------------------------------------


def test_anthropic_cut_twice_then_told_then_a_small_edit(
    calc: Path, sandbox_kw, fp: FakeProvider
) -> None:
    fp.script(
        ok(anthropic_message([text("Rewriting both."), tool_use("edit_file", CUT_EDIT)],
                             stop_reason="max_tokens", output_tokens=4096), times=2),
        ok(anthropic_message([tool_use("edit_file", GOOD_EDIT)])),
        ok(anthropic_message([text("Fixed add.")])),
    )  # fmt: skip
    model = AnthropicModel(env={"ANTHROPIC_API_KEY": "sk-fake"}, base_url=fp.url)
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert result.status == RunStatus.VERIFIED
    assert [b["max_tokens"] for b in fp.bodies] == [4096, 8192, 8192, 8192]
    assert result.counters.truncated_replies == 2 and model.truncated_replies == 2
    assert "cut off at the output limit (8192 tokens)" in _texts_sent(fp.bodies[2])
    assert result.usage.output_tokens >= 2 * 4096  # the cut replies are billed
    assert any("asked again with 8192 tokens" in n for n in _notices(result))
    assert "def subtract(a, b):\n    return a - b" in git(calc, "show", f"{result.branch}:calc.py")


def test_openai_length_cuts_end_the_run_with_the_limit_named(
    calc: Path, sandbox_kw, fp: FakeProvider
) -> None:
    cut = openai_completion(None, [openai_tool_call("edit_file", CUT_ARGS)],
                            finish_reason="length", model="qwen2.5-coder")  # fmt: skip
    fp.script(ok(cut, times=None))
    model = OpenAIModel("qwen2.5-coder", env={}, base_url=fp.url + "/v1", local=True)
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert result.status == RunStatus.NOT_FIXED and result.files_changed == []
    # each step asks once more with twice the budget, and the larger budget is kept
    assert [b["max_tokens"] for b in fp.bodies] == [4096, 8192, 8192, 16384]
    assert "16384 tokens" in result.stop_reason and "twice in a row" in result.stop_reason
    assert result.counters.truncated_replies == 4
    assert result.steps == 2  # two model steps, each one retry: not a "loop" of billed calls


def test_thinking_blocks_survive_the_loop(calc: Path, sandbox_kw, fp: FakeProvider) -> None:
    thinking = {"type": "thinking", "thinking": "add() subtracts.", "signature": "c2ln"}
    redacted = {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3p"}
    guard = ThinkingGuard([
        anthropic_message([thinking, redacted, text("Fixing add."), tool_use("edit_file", GOOD_EDIT)]),
        anthropic_message([thinking, tool_use("run_tests", {"target": ""})]),
        anthropic_message([text("Fixed add.")]),
    ])  # fmt: skip
    fp.script(guard.step())
    model = AnthropicModel(
        env={"ANTHROPIC_API_KEY": "sk-fake"}, base_url=fp.url, thinking_budget=1024
    )
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert guard.refusals == [] and result.status == RunStatus.VERIFIED
    turn = fp.bodies[-1]["messages"][1]["content"]
    assert [b["type"] for b in turn[:2]] == ["thinking", "redacted_thinking"]
    assert turn[0] == thinking and turn[1] == redacted


def test_parameter_fix_is_in_the_trajectory(calc: Path, sandbox_kw, fp: FakeProvider) -> None:
    fp.script(openai_strict_params(
        openai_completion(None, [openai_tool_call("edit_file", json.dumps(GOOD_EDIT))],
                          reasoning_tokens=15, completion_tokens=20, model="team-deployment"),
        openai_completion("Fixed add.", reasoning_tokens=5, completion_tokens=10,
                          model="team-deployment"),
    ))  # fmt: skip
    model = OpenAIModel("team-deployment", env={"OPENAI_API_KEY": "k"},
                        base_url=fp.url + "/v1", local=True)  # fmt: skip
    model.self_hosted = False  # a hosted gateway (the fake server stands in for it): it bills
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert result.status == RunStatus.VERIFIED
    assert any("sent max_completion_tokens instead of max_tokens" in n for n in _notices(result))
    assert result.usage.reasoning_tokens == 20
    # no price for the deployment: $0 with a warning, never a crash
    assert result.usage.cost_usd == 0.0 and result.usage.price_unknown
    assert any("no price known for" in n for n in _notices(result))


def test_provider_unreachable_after_a_good_edit_is_verified_by_the_gate(
    calc: Path, sandbox_kw, fp: FakeProvider
) -> None:
    fp.script(
        ok(anthropic_message([tool_use("edit_file", GOOD_EDIT)])),
        error(529, anthropic_error("overloaded_error", "Overloaded"), times=None),
    )
    model = AnthropicModel(env={"ANTHROPIC_API_KEY": "sk-fake"}, base_url=fp.url,
                           max_retries=1, sleep=lambda s: None)  # fmt: skip
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert result.status == RunStatus.VERIFIED and result.verified
    assert "overloaded" in result.stop_reason.lower() and "final check" in result.stop_reason
    assert result.verifications == 1 and result.failing_tests == []


def test_provider_unreachable_before_any_edit_has_nothing_to_check(
    calc: Path, sandbox_kw, fp: FakeProvider
) -> None:
    fp.script(error(529, anthropic_error("overloaded_error", "Overloaded"), times=None))
    model = AnthropicModel(env={"ANTHROPIC_API_KEY": "sk-fake"}, base_url=fp.url,
                           max_retries=1, sleep=lambda s: None)  # fmt: skip
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert result.status == RunStatus.PROVIDER_UNAVAILABLE and result.verifications == 0
    assert "tests/test_calc.py::test_add" in result.failing_tests  # the baseline's


# -- a cost budget needs a price; --thinking ---------------------------------------------------


def _gateway_model(fp: FakeProvider, name: str = "team-model") -> OpenAIModel:
    model = OpenAIModel(name, env={"OPENAI_API_KEY": "k"}, base_url=fp.url + "/v1", local=True)
    model.self_hosted = False  # a hosted gateway (the fake server stands in for it): it bills
    return model


def test_max_cost_refuses_to_start_for_a_model_with_no_price(
    calc: Path, sandbox_kw, fp: FakeProvider
) -> None:
    with pytest.raises(ConfigError, match=r'no price is known.*\[prices\."team-model"\]'):
        CodingAgent(_gateway_model(fp), calc, max_cost_usd=1.0, **sandbox_kw).run()
    assert fp.requests == []  # nothing was sent
    assert git(calc, "for-each-ref", "refs/heads/fixloop/") == ""  # nothing was made


def test_max_cost_starts_once_the_model_has_a_price(
    calc: Path, sandbox_kw, fp: FakeProvider, tmp_path: Path
) -> None:
    (tmp_path / "xdg" / "fixloop").mkdir(parents=True)
    (tmp_path / "xdg" / "fixloop" / "config.toml").write_text(
        '[prices."team-model"]\ninput = 1.0\noutput = 2.0\n', encoding="utf-8"
    )
    fp.script(
        ok(openai_completion(None, [openai_tool_call("edit_file", json.dumps(GOOD_EDIT))],
                             model="team-model", prompt_tokens=1_000_000)),
        ok(openai_completion("Fixed add.", model="team-model")),
    )  # fmt: skip
    result = CodingAgent("openai-compatible:team-model@" + fp.url + "/v1", calc,
                         max_cost_usd=5.0, **sandbox_kw).run()  # fmt: skip
    assert result.status == RunStatus.VERIFIED and not result.usage.price_unknown
    assert result.usage.cost_usd == pytest.approx(1.0 + (100 * 1 + 40 * 2) / 1e6)


def test_default_cost_budget_with_no_price_warns_at_start(
    calc: Path, sandbox_kw, fp: FakeProvider
) -> None:
    fp.script(
        ok(openai_completion(None, [openai_tool_call("edit_file", json.dumps(GOOD_EDIT))],
                             model="team-model")),
        ok(openai_completion("Fixed add.", model="team-model")),
    )  # fmt: skip
    result = CodingAgent(_gateway_model(fp), calc, **sandbox_kw).run()
    assert result.status == RunStatus.VERIFIED and result.usage.price_unknown
    notes = _notices(result)
    assert any("no price is known" in n and "cannot be enforced" in n for n in notes)
    assert "too low" in result.summary


def test_thinking_option_reaches_the_request(
    calc: Path, fp: FakeProvider, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_e2e import default_sandbox_args
    from typer.testing import CliRunner

    from fixloop import cli

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fp.url)
    guard = ThinkingGuard([
        anthropic_message([{"type": "thinking", "thinking": "add", "signature": "s1"},
                           tool_use("edit_file", GOOD_EDIT)]),
        anthropic_message([text("Fixed add.")]),
    ])  # fmt: skip
    fp.script(guard.step())
    args = ["fix", str(calc), "--model", "anthropic:claude-sonnet-5-5", "--thinking", "2048",
            "--json", *default_sandbox_args()]  # fmt: skip
    res = CliRunner().invoke(cli.app, args)
    out = json.loads(res.stdout)
    assert out["status"] == "verified", out["summary"]
    assert fp.bodies[0]["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert fp.bodies[0]["max_tokens"] == 4096 + 2048 and guard.refusals == []


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--thinking", "500"], "1024"),  # below the API's minimum
        (["--model", "openai:gpt-5.5", "--thinking", "2048"], "Claude"),
    ],
)
def test_thinking_option_errors(
    calc: Path, extra: list[str], words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from fixloop import cli

    monkeypatch.setenv("OPENAI_API_KEY", "k")
    res = CliRunner().invoke(cli.app, ["fix", str(calc), *extra])
    assert res.exit_code == 2 and words in res.output
    assert git(calc, "for-each-ref", "refs/heads/fixloop/") == ""


def test_repository_config_cannot_turn_on_thinking(calc: Path) -> None:
    from fixloop.config import load_settings

    (calc / "fixloop.toml").write_text("thinking_budget = 4096\n", encoding="utf-8")
    settings, notices = load_settings(calc, {})
    assert settings.thinking_budget is None
    assert any("thinking" in n for n in notices)
