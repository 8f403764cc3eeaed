"""A whole fix of examples/shop through each provider adapter, end to end.

``fixloop.api.CodingAgent`` runs with a real :class:`AnthropicModel` / :class:`OpenAIModel`
whose SDK talks to the local fake server; the server plays a scripted model that reads the
conversation it is sent (tool results included) and answers in the provider's own wire format:
read ``shop/pricing.py``, edit ``add_tax``, run the tests, end the turn. Faults are mixed in
(529 / 503 overloaded, a dropped connection, invalid tool-argument JSON, a context-length error)
so that case 14's run-level expectations are checked too: the run still verifies, every billed
reply counts in the usage and cost, and a provider that never recovers ends the run as
``provider_unavailable`` with the work kept on the branch.
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
    Step,
    anthropic_error,
    anthropic_message,
    drop,
    error,
    ok,
    openai_completion,
    openai_error,
    openai_tool_call,
    respond,
    text,
    tool_use,
)

from fixloop.api import CodingAgent, exit_code_for
from fixloop.models._common import text_of
from fixloop.models.anthropic_model import AnthropicModel
from fixloop.models.openai_model import OpenAIModel
from fixloop.types import RunStatus

ROOT = Path(__file__).resolve().parents[2]
OLD = "    return round(amount * (1 + rate))\n"
NEW = "    return round(amount * (1 + rate), 2)\n"
EDIT = {"path": "shop/pricing.py", "old": OLD, "new": NEW}
IN, OUT = 1200, 80  # tokens each scripted reply reports


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
def shop(tmp_path: Path) -> Path:
    dest = tmp_path / "shop"
    shutil.copytree(ROOT / "examples" / "shop", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return init_repo(dest)


@pytest.fixture
def fp():
    with FakeProvider() as server:
        yield server


# ----------------------------------------------------------------------------------------
# The scripted model, played by the server
# ----------------------------------------------------------------------------------------


def conversation(kind: str, body: dict[str, Any]) -> tuple[int, list[tuple[str, bool]]]:
    """(assistant turns so far, [(tool result text, is_error)] of the last user turn)."""
    msgs = body["messages"]
    turns = sum(1 for m in msgs if m["role"] == "assistant")
    results: list[tuple[str, bool]] = []
    if kind == "anthropic":
        last = msgs[-1]["content"]
        if isinstance(last, list):
            for b in last:
                if b.get("type") == "tool_result":
                    results.append((text_of(b.get("content")), bool(b.get("is_error"))))
    else:
        for m in reversed(msgs):
            if m["role"] != "tool":
                break
            content = m["content"]
            results.insert(0, (content, content.startswith("Error")))
    return turns, results


class ScriptedShopFixer:
    """Answers each request from the conversation it carries; records what it saw."""

    def __init__(
        self, kind: str, *, bad_json_first: bool = False, model: str | None = None
    ) -> None:
        self.kind = kind
        self.model = model
        self.seen: list[tuple[int, list[tuple[str, bool]]]] = []
        plan: list[tuple[str, Any]] = [("read_file", {"path": "shop/pricing.py"})]
        if bad_json_first:
            plan.append(("edit_file", '{"path": "shop/pricing.py", "old": '))  # cut off
        plan += [("edit_file", EDIT), ("run_tests", {"target": ""}), ("end", None)]
        self.plan = plan

    def __call__(self, req: dict[str, Any]) -> Step:
        turns, results = conversation(self.kind, req["body"])
        self.seen.append((turns, results))
        if turns >= len(self.plan):
            return self._reply(("end", None), turns)
        return self._reply(self.plan[turns], turns)

    def _reply(self, action: tuple[str, Any], turn: int) -> Step:
        name, args = action
        if self.kind == "anthropic":
            if name == "end":
                body = anthropic_message(
                    [text("add_tax now rounds to cents.")], input_tokens=IN, output_tokens=OUT
                )
            else:
                body = anthropic_message(
                    [tool_use(name, args, id=f"toolu_{turn}")], input_tokens=IN, output_tokens=OUT
                )
            return ok(body)
        m = {"model": self.model} if self.model else {}
        if name == "end":
            return ok(
                openai_completion(
                    "add_tax now rounds to cents.", prompt_tokens=IN, completion_tokens=OUT, **m
                )
            )
        raw = args if isinstance(args, str) else json.dumps(args)
        return ok(
            openai_completion(
                None,
                [openai_tool_call(name, raw, id=f"call_{turn}")],
                prompt_tokens=IN,
                completion_tokens=OUT,
                **m,
            )
        )


def make(kind: str, fp: FakeProvider, sleeps: list[float], **kw: Any) -> Any:
    common = {"sleep": sleeps.append, "base_backoff_s": 0.01, "max_backoff_s": 0.02, **kw}
    if kind == "anthropic":
        return AnthropicModel(
            "claude-sonnet-5-5", env={"ANTHROPIC_API_KEY": "sk-ant-fake"}, base_url=fp.url, **common
        )
    return OpenAIModel(
        "gpt-5.5", env={"OPENAI_API_KEY": "sk-fake"}, base_url=fp.url + "/v1", **common
    )


# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["anthropic", "openai"])
def test_fixes_shop_through_the_adapter(
    kind: str, fp: FakeProvider, shop: Path, sandbox_kw
) -> None:
    fixer = ScriptedShopFixer(kind, bad_json_first=kind == "openai")
    if kind == "anthropic":
        overloaded = error(529, anthropic_error("overloaded_error", "Overloaded"))
    else:
        overloaded = error(503, openai_error("overloaded", etype="server_error"))
    fp.script(
        overloaded,  # the very first call meets an overloaded provider
        drop(anthropic_message([text("x")]) if kind == "anthropic" else openai_completion("x")),
        respond(fixer),
    )
    sleeps: list[float] = []
    model = make(kind, fp, sleeps)
    result = CodingAgent(model, shop, **sandbox_kw).run()

    assert result.status == RunStatus.VERIFIED and result.verified, result.summary
    assert exit_code_for(result) == 0
    assert result.files_changed == ["shop/pricing.py"]
    assert NEW.strip() in git(shop, "show", f"{result.branch}:shop/pricing.py")
    assert len(sleeps) == 2  # one for the overload, one for the drop

    # the scripted model saw the file it asked for, and (OpenAI) the error for its bad call
    reads = [r for turn, rs in fixer.seen if turn == 1 for r in rs]
    assert any("def add_tax" in t and not err for t, err in reads)
    if kind == "openai":
        after_bad = [r for turn, rs in fixer.seen if turn == 2 for r in rs]
        assert after_bad and all(err for _, err in after_bad)
        assert "not valid JSON" in after_bad[0][0]
    # every billed reply counts: the scripted replies, parse error included (not the faults)
    billed = len(fixer.seen)
    assert result.steps == billed
    assert result.usage.input_tokens == IN * billed
    assert result.usage.output_tokens == OUT * billed
    per_call = (IN * 2 + OUT * 10) / 1e6 if kind == "anthropic" else (IN * 5 + OUT * 30) / 1e6
    assert result.usage.cost_usd == pytest.approx(per_call * billed)
    # the requests carried the adapters' shapes
    first = fp.requests[0]["body"]
    if kind == "anthropic":
        assert first["system"][0]["cache_control"] == {"type": "ephemeral"}
        assert first["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    else:
        assert first["messages"][0]["role"] == "system"
        assert {t["function"]["name"] for t in first["tools"]} >= {"read_file", "edit_file"}


@pytest.mark.parametrize("kind", ["anthropic", "openai"])
def test_provider_down_mid_run_keeps_the_work_and_checks_it(
    kind: str, fp: FakeProvider, shop: Path, sandbox_kw
) -> None:
    fixer = ScriptedShopFixer(kind)
    for _ in range(2):  # read, then edit
        fp.script(respond(fixer, times=1))
    body = (
        anthropic_error("api_error", "Internal server error")
        if kind == "anthropic"
        else openai_error("internal error", etype="server_error")
    )
    fp.script(error(500, body, times=None))
    sleeps: list[float] = []
    result = CodingAgent(make(kind, fp, sleeps, max_retries=3), shop, **sandbox_kw).run()
    # the edit was right: the gate's last check after the outage verifies it (issue 14)
    assert result.status == RunStatus.VERIFIED and exit_code_for(result) == 0
    assert "4 attempt" in result.stop_reason and "final check" in result.stop_reason
    assert len(sleeps) == 3 and len(fp.requests) == 2 + 4
    # the edit made before the outage is kept on the branch, and the trajectory is there
    assert result.head_commit and NEW.strip() in git(
        shop, "show", f"{result.branch}:shop/pricing.py"
    )
    assert result.trajectory and Path(result.trajectory).is_file()
    assert result.usage.input_tokens == IN * 2  # the two billed replies


@pytest.mark.parametrize("kind", ["anthropic", "openai"])
def test_context_too_long_is_trimmed_once_then_stops(
    kind: str, fp: FakeProvider, shop: Path, sandbox_kw
) -> None:
    fixer = ScriptedShopFixer(kind)
    fp.script(respond(fixer, times=1))  # read_file
    if kind == "anthropic":
        body = anthropic_error(
            "invalid_request_error", "prompt is too long: 250000 tokens > 200000"
        )
    else:
        body = openai_error("maximum context length exceeded", code="context_length_exceeded")
    fp.script(error(400, body, times=None))
    sleeps: list[float] = []
    result = CodingAgent(make(kind, fp, sleeps), shop, **sandbox_kw).run()
    assert result.status == RunStatus.NOT_FIXED
    assert "context window" in result.stop_reason
    # one trim and one retry: exactly two context-length requests, never a blind retry loop
    assert len(fp.requests) == 1 + 2 and sleeps == []


# ----------------------------------------------------------------------------------------
# The real CLI: the provider chosen from the environment, as a user would configure it
# ----------------------------------------------------------------------------------------


def test_cli_auto_chooses_claude_from_env_and_fixes_shop(
    fp: FakeProvider, shop: Path, tmp_path: Path
) -> None:
    from test_e2e import default_sandbox_args, one_json, run_cli

    fixer = ScriptedShopFixer("anthropic")
    fp.script(
        # a rate limit first; the server asks for 10 ms (the CLI sleeps for real)
        error(
            429, anthropic_error("rate_limit_error", "slow down"), headers={"retry-after-ms": "10"}
        ),
        respond(fixer),
    )
    env = {"ANTHROPIC_API_KEY": "sk-ant-fake", "ANTHROPIC_BASE_URL": fp.url}
    proc = run_cli(["fix", str(shop), "--json", *default_sandbox_args()], tmp_path / "h", env=env)
    out = one_json(proc)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert out["status"] == "verified" and out["files_changed"] == ["shop/pricing.py"]
    assert out["model"] == "anthropic:claude-sonnet-5-5"
    assert "ANTHROPIC_API_KEY is set" in proc.stderr  # the choice and its reason are printed
    assert out["usage"]["input_tokens"] == IN * len(fixer.seen)
    assert out["usage"]["cost_usd"] == pytest.approx((IN * 2 + OUT * 10) / 1e6 * len(fixer.seen))
    assert len(fp.requests) == 1 + len(fixer.seen)


def test_cli_bad_key_stops_at_once_naming_the_variable(
    fp: FakeProvider, shop: Path, tmp_path: Path
) -> None:
    from test_e2e import default_sandbox_args, one_json, run_cli

    fp.script(error(401, openai_error("Incorrect API key provided"), times=None))
    env = {"OPENAI_API_KEY": "sk-wrong", "OPENAI_BASE_URL": fp.url + "/v1"}
    args = ["fix", str(shop), "--json", "--model", "openai:gpt-5.5", *default_sandbox_args()]
    proc = run_cli(args, tmp_path / "h", env=env)
    out = one_json(proc)
    assert proc.returncode == 3
    assert out["status"] == "provider_unavailable"
    assert "OPENAI_API_KEY" in out["summary"] and "Incorrect API key" in out["summary"]
    assert len(fp.requests) == 1  # no retry of a refused key


def test_cli_openai_compatible_local_server(fp: FakeProvider, shop: Path, tmp_path: Path) -> None:
    from test_e2e import default_sandbox_args, one_json, run_cli

    fixer = ScriptedShopFixer("openai", bad_json_first=True, model="qwen2.5-coder")
    fp.script(respond(fixer))
    spec = f"openai-compatible:qwen2.5-coder@{fp.url}/v1"
    args = ["fix", str(shop), "--json", "--model", spec, *default_sandbox_args()]
    proc = run_cli(args, tmp_path / "h", env={})
    out = one_json(proc)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert out["status"] == "verified" and out["model"] == "openai-compatible:qwen2.5-coder"
    assert out["usage"]["cost_usd"] == 0.0  # self-hosted and unpriced: free
    assert out["counters"]["tool_errors"] >= 1  # the unparsable call was answered, not run
    body = fp.requests[0]["body"]
    assert body["max_tokens"] == 4096 and fp.requests[0]["headers"]["authorization"] == (
        "Bearer not-needed"
    )
