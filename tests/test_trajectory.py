"""Trajectory: JSONL writing, tolerant reading, run listing, lookup, redaction, transcript."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fixloop.errors import UsageError
from fixloop.render import transcript
from fixloop.trajectory import (
    Trajectory,
    find_run,
    list_runs,
    new_run_id,
    read_trajectory,
    runs_dir,
)
from fixloop.types import FailingTest, Outcome, RunResult, RunStatus, TestReport


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("FIXLOOP_HOME", str(home))
    return home


def record_run(run_id: str, *, end: bool = True, **start: object) -> Path:
    with Trajectory(run_id=run_id) as tr:
        tr.write("run_start", model="script:x.json", repo="/r", branch=f"fixloop/{run_id}", **start)
        rep = TestReport(
            Outcome.FAILED,
            collected=2,
            passed=1,
            failed=1,
            failing=[FailingTest("tests/test_calc.py::test_add", "assert -1 == 5")],
        )
        tr.write("baseline", report=rep)
        tr.write(
            "model_call",
            usage={"input_tokens": 100, "output_tokens": 20},
            latency_s=0.5,
            reply={
                "stop_reason": "tool_use",
                "content": [
                    {"type": "text", "text": "Reading the code.\nThen editing."},
                    {
                        "type": "tool_use",
                        "id": "t1",
                        "name": "read_file",
                        "input": {"path": "calc.py"},
                    },
                ],
            },
        )
        tr.write("tool_call", id="t1", name="read_file", input={"path": "calc.py"})
        tr.write(
            "tool_result",
            id="t1",
            content="1: def add(a, b):\n2:     return a - b",
            is_error=False,
            kind="ok",
        )
        tr.write("test_report", report=TestReport(Outcome.PASSED, collected=2, passed=2))
        tr.write(
            "test_report",
            report=TestReport(
                Outcome.COLLECTION_ERROR,
                target="tests/test_x.py",
                notice="pytest not found: plain runner",
                collection_errors=["tests/test_x.py:1: SyntaxError"],
            ),
        )
        tr.write("gate_verdict", verified=True, reason="all 2 tests pass", tampered=[])
        if end:
            result = RunResult(
                status=RunStatus.VERIFIED,
                verified=True,
                branch=f"fixloop/{run_id}",
                files_changed=["calc.py"],
                summary="fixed add",
                model="script",
            )
            tr.write("run_end", result=result)
        return tr.path


def test_runs_dir_and_run_ids(_home: Path) -> None:
    assert list_runs() == []
    with pytest.raises(UsageError, match="no runs recorded"):
        find_run("last")
    assert not _home.exists()  # looking does not create anything
    assert runs_dir() == _home / "runs" and runs_dir().is_dir()
    a = new_run_id()
    assert re.fullmatch(r"\d{8}-\d{6}-[0-9a-f]{6}", a)
    assert len({new_run_id() for _ in range(50)}) == 50


def test_write_one_flushed_line_per_event(_home: Path) -> None:
    tr = Trajectory(run_id="r1")
    assert tr.path == _home / "runs" / "r1.jsonl"
    tr.write("run_start", model="m", config={"sandbox": "bwrap"})
    assert tr.path.stat().st_mode & 0o077 == 0  # owner-only
    # flushed: readable before close
    lines = tr.path.read_text().splitlines()
    assert len(lines) == 1
    ev = json.loads(lines[0])
    assert ev["type"] == "run_start" and isinstance(ev["t"], float)
    assert ev["run_id"] == "r1" and ev["started_at"].endswith("+00:00")
    tr.write("tool_result", content="x", path=Path("/a/b"), outcome=Outcome.FAILED, raw=b"\xff")
    tr.close()
    events = read_trajectory(tr.path)
    assert [e["type"] for e in events] == ["run_start", "tool_result"]
    assert events[1]["path"] == "/a/b" and events[1]["outcome"] == "failed"
    assert events[1]["raw"] == "\ufffd"
    assert events[1]["t"] >= events[0]["t"]


def test_explicit_path_and_dataclasses(tmp_path: Path) -> None:
    p = tmp_path / "deep" / "run.jsonl"
    with Trajectory(p) as tr:
        tr.write("run_end", result=RunResult(status=RunStatus.NOT_FIXED, verified=False))
    assert tr.run_id == "run"
    (ev,) = read_trajectory(p)
    assert ev["result"]["status"] == "not_fixed" and ev["result"]["usage"]["input_tokens"] == 0


def test_truncated_last_line_is_tolerated(_home: Path) -> None:
    path = record_run("r-trunc", end=False)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"type": "model_call", "t": 3.0, "usa')
    events = read_trajectory(path)
    assert events[-1]["type"] == "gate_verdict"
    (summary,) = list_runs()
    assert summary["status"] == "incomplete"
    assert "incomplete" in transcript(events)


def test_corrupt_middle_line_and_missing_file(tmp_path: Path) -> None:
    p = tmp_path / "bad.jsonl"
    p.write_text('{"type": "a", "t": 0}\nnot json\n{"type": "b", "t": 1}\n')
    with pytest.raises(UsageError, match="line 2"):
        read_trajectory(p)
    with pytest.raises(UsageError, match="cannot read"):
        read_trajectory(tmp_path / "missing.jsonl")


@pytest.mark.parametrize("text", ["{not json\n", '[{"stop_reason": "end_turn"}]', "def f(): pass"])
def test_a_file_with_no_event_is_not_a_trajectory(tmp_path: Path, text: str) -> None:
    """A one-line file with no JSON event (a script given by mistake) was shown as an empty,
    incomplete run with exit code 0."""
    p = tmp_path / "script.json"
    p.write_text(text)
    with pytest.raises(UsageError, match="holds no complete JSON event: not a fixloop trajectory"):
        read_trajectory(p)


def test_list_runs_summaries(_home: Path) -> None:
    record_run("20260101-000000-aaaaaa")
    record_run("20260102-000000-bbbbbb", end=False)
    runs = list_runs()
    assert [r["run_id"] for r in runs] == ["20260101-000000-aaaaaa", "20260102-000000-bbbbbb"]
    first, second = runs
    assert first["status"] == "verified" and first["verified"] is True
    assert first["model"] == "script:x.json" and first["repo"] == "/r"
    assert first["target"] == "/r"
    assert first["summary"] == "fixed add"
    assert second["status"] == "incomplete"
    assert first["started_at"]


def test_list_runs_large_run_end_line(_home: Path) -> None:
    with Trajectory(run_id="big") as tr:
        tr.write("run_start", model="m")
        tr.write("run_end", result={"status": "not_fixed", "diff": "x" * 200_000})
    (s,) = list_runs()
    assert s["status"] == "not_fixed"


def test_find_run(_home: Path, tmp_path: Path) -> None:
    a = record_run("20260101-000000-aaaaaa")
    b = record_run("20260101-000000-abbbbb")
    assert find_run("20260101-000000-aaaaaa") == a
    assert find_run("20260101-000000-ab") == b
    assert find_run("last") == b
    assert find_run(str(a)) == a
    with pytest.raises(UsageError, match="matches 2 runs"):
        find_run("20260101")
    with pytest.raises(UsageError, match="no run matches"):
        find_run("zzz")


def test_secrets_are_redacted(tmp_path: Path) -> None:
    env = {
        "ANTHROPIC_API_KEY": "sk-ant-0123456789abcdef",
        "GITHUB_TOKEN": "ghp_secretvalue42",
        "DB_PASSWORD": "hunter2hunter2",
        "SHORT_KEY": "1",
        "HOME": "/home/user-with-long-name",
    }
    p = tmp_path / "s.jsonl"
    with Trajectory(p, env=env) as tr:
        tr.write(
            "tool_result",
            content="env: sk-ant-0123456789abcdef and ghp_secretvalue42 home /home/user-with-long-name",
            nested={"list": ["pw=hunter2hunter2"], "hunter2hunter2": 1},
            count=1,
        )
    text = p.read_text()
    for secret in ("sk-ant-0123456789abcdef", "ghp_secretvalue42", "hunter2hunter2"):
        assert secret not in text
    (ev,) = read_trajectory(p)
    assert "[REDACTED:ANTHROPIC_API_KEY]" in ev["content"]
    assert "[REDACTED:GITHUB_TOKEN]" in ev["content"]
    assert ev["nested"]["list"] == ["pw=[REDACTED:DB_PASSWORD]"]
    assert "/home/user-with-long-name" in ev["content"]  # not a secret-like name
    assert ev["count"] == 1  # short values are not redacted


def test_transcript(_home: Path) -> None:
    events = read_trajectory(record_run("r-show"))
    text = transcript(events)
    assert "run r-show started" in text
    assert "baseline: 1 passed, 1 failed (failed)" in text
    assert "tests/test_calc.py::test_add" in text
    assert "step 1: model call (100 in / 20 out tokens, 0.5s)" in text
    assert "says: Reading the code. …" in text
    assert '-> read_file {"path": "calc.py"}' in text
    assert "<- ok: 1: def add(a, b): …" in text
    assert "tests (all): 2 passed, 0 failed (passed)" in text
    assert "tests (tests/test_x.py): 0 passed, 0 failed (collection_error)" in text
    assert "note: pytest not found: plain runner" in text
    assert "collection error: tests/test_x.py:1: SyntaxError" in text
    assert "gate: VERIFIED (all 2 tests pass)" in text
    assert "end: verified (verified: True)" in text
    assert "files changed: calc.py" in text
    assert "incomplete" not in text
