"""Scripted and replay models: id filling, defaults, exhaustion, bad files, playback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import all_cases

from fixloop.errors import ScriptEnded, UsageError
from fixloop.models import make_model
from fixloop.models.scripted import ReplayModel, ScriptedModel, one_script, script_files
from fixloop.trajectory import Trajectory

REPLIES = [
    {
        "stop_reason": "tool_use",
        "content": [
            {"type": "text", "text": "two calls"},
            {"type": "tool_use", "name": "read_file", "input": {"path": "a.py"}},
            {"type": "tool_use", "id": "mine", "name": "read_file", "input": {"path": "b.py"}},
            {"type": "tool_use", "name": "run_tests", "input": {}},
        ],
    },
    {"content": [{"type": "tool_use", "name": "read_file", "input": ["not", "a", "dict"]}]},
    {
        "stop_reason": "max_tokens",
        "content": [{"type": "text", "text": "I will"}],
        "usage": {"input_tokens": 7},
    },
    {},
]


def call(m: ScriptedModel) -> dict:
    return m("system", [{"role": "user", "content": "fix"}], [])


def test_ids_usage_and_defaults_filled() -> None:
    m = ScriptedModel(REPLIES)
    r1 = call(m)
    ids = [b["id"] for b in r1["content"] if b["type"] == "tool_use"]
    assert ids == ["toolu_s1_1", "mine", "toolu_s1_3"]
    assert r1["usage"] == {"input_tokens": 0, "output_tokens": 0}
    r2 = call(m)
    assert r2["stop_reason"] == "tool_use"  # inferred from the tool_use block
    assert r2["content"][0]["id"] == "toolu_s2_1"
    assert r2["content"][0]["input"] == ["not", "a", "dict"]  # malformed input passed through
    r3 = call(m)
    assert r3["stop_reason"] == "max_tokens"
    assert r3["usage"] == {"input_tokens": 7, "output_tokens": 0}
    r4 = call(m)
    assert r4 == {
        "content": [],
        "usage": {"input_tokens": 0, "output_tokens": 0},
        "stop_reason": "end_turn",
    }
    assert m.exhausted and len(m) == 4


def test_ids_are_deterministic_and_replies_are_fresh_copies() -> None:
    a, b = ScriptedModel(REPLIES), ScriptedModel(REPLIES)
    ra = call(a)
    assert ra == call(b)
    ra["content"].clear()  # the harness mutating a reply does not change the script
    c = ScriptedModel(REPLIES)
    assert call(c)["content"]
    assert "id" not in REPLIES[0]["content"][1]  # the input list is not modified


def test_exhaustion_ends_the_run_and_claims_nothing() -> None:
    m = ScriptedModel([{"stop_reason": "end_turn", "content": [{"type": "text", "text": "hi"}]}])
    call(m)
    for _ in range(2):  # every later call: the run's stop, never a reply the loop takes for a claim
        with pytest.raises(ScriptEnded, match=r"the script has no reply left \(script: 1 reply"):
            call(m)
    assert m.calls == 3
    with pytest.raises(ScriptEnded, match=r"\(empty: 0 replies played\); its end is no claim"):
        call(ScriptedModel([], name="empty"))
    assert m.requests[0][1] == [{"role": "user", "content": "fix"}]


def test_from_path_and_make_model(tmp_path: Path) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(REPLIES))
    m = ScriptedModel.from_path(p)
    assert m.name == "script:s.json" and len(m) == 4
    choice = make_model(f"script:{p}")
    assert isinstance(choice.model, ScriptedModel)


def test_a_folder_of_one_script_is_that_script(tmp_path: Path) -> None:
    """``--model script:FOLDER`` with one attempt failed "Is a directory"."""
    folder = tmp_path / "scripts"
    folder.mkdir()
    (folder / "notes.txt").write_text("not a script")
    (folder / "a.json").write_text(json.dumps(REPLIES))
    assert one_script(str(folder)) == folder / "a.json"
    choice = make_model(f"script:{folder}")
    assert isinstance(choice.model, ScriptedModel) and len(choice.model) == 4
    # a file is one script, also with a comma in its name
    odd = tmp_path / "x,y.json"
    odd.write_text(json.dumps(REPLIES))
    assert script_files(str(odd)) == [odd] and len(make_model(f"script:{odd}").model) == 4
    # several scripts for one run: said, with the way to play them all
    (folder / "b.json").write_text(json.dumps(REPLIES))
    for arg in (str(folder), f"{folder / 'a.json'},{folder / 'b.json'}"):
        with pytest.raises(UsageError, match="2 scripts for one run; .* --attempts 2 to play"):
            make_model(f"script:{arg}")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(UsageError, match="the folder holds no .json script"):
        make_model(f"script:{empty}")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[1, 2", "not valid JSON: .* at line 1, column"),
        ('{"replies": []}', "must hold a JSON list of replies, not a object"),
        ("[3]", "reply 1: a reply must be a JSON object, not int"),
        ('[{"content": "text"}]', "reply 1: 'content' must be a list"),
        ('[{}, {"content": [{"text": "x"}]}]', "reply 2, block 1: .*'type'"),
        ('[{"content": [{"type": "tool_use", "input": {}}]}]', "needs a 'name'"),
        ('[{"stop_reason": "done"}]', "stop_reason must be one of"),
        ('[{"usage": 5}]', "'usage' must be an object"),
    ],
)
def test_bad_script_files(tmp_path: Path, text: str, expected: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(text)
    with pytest.raises(UsageError, match=expected):
        ScriptedModel.from_path(p)


def test_missing_script_file(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="cannot read script"):
        ScriptedModel.from_path(tmp_path / "none.json")


def test_case_scripts_load() -> None:
    scripts = [c.script for c in all_cases()]
    assert len(scripts) >= 10
    for s in scripts:
        m = ScriptedModel.from_path(s)
        for _ in range(len(m)):
            reply = call(m)
            for block in reply["content"]:
                if block["type"] == "tool_use":
                    assert block["id"]


def test_replay_plays_recorded_replies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIXLOOP_HOME", str(tmp_path / "home"))
    recorded = ScriptedModel(REPLIES[:3])
    with Trajectory(run_id="20260101-000000-abcdef") as tr:
        tr.write("run_start", model="script")
        for _ in range(3):
            tr.write(
                "model_call",
                usage={"input_tokens": 1, "output_tokens": 2},
                reply=call(recorded),
                latency_s=0.0,
            )
            tr.write("tool_result", id="x", content="ok", is_error=False)
    replay = ReplayModel.from_path(tr.path)
    assert replay.name == "replay:20260101-000000-abcdef.jsonl"
    again = ScriptedModel(REPLIES[:3])
    for _ in range(3):
        assert call(replay) == call(again)
    with pytest.raises(ScriptEnded, match="the recording has no reply left"):
        call(replay)
    by_prefix = ReplayModel.from_path("20260101-000000-ab")
    assert len(by_prefix) == 3
    choice = make_model(f"replay:{tr.path}")
    assert isinstance(choice.model, ReplayModel)


def test_replay_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIXLOOP_HOME", str(tmp_path / "home"))
    empty = tmp_path / "empty.jsonl"
    empty.write_text('{"type": "run_start", "t": 0}\n')
    with pytest.raises(UsageError, match="records no model call"):
        ReplayModel.from_path(empty)
    noreply = tmp_path / "noreply.jsonl"
    noreply.write_text('{"type": "model_call", "t": 0, "usage": {}}\n{"type": "run_end", "t": 1}\n')
    with pytest.raises(UsageError, match="no recorded reply"):
        ReplayModel.from_path(noreply)
    with pytest.raises(UsageError):
        ReplayModel.from_path(tmp_path / "absent.jsonl")
