"""A lone surrogate in a tool input is a tool error for that call; the run and its trajectory
go on (issue 11, the harness fault of a provider's JSON carrying ``\\udc80``).

Three variants of where the surrogate sits (a read path, an edit's new text, a search pattern),
each end to end through the CLI with a scripted model; and the trajectory writer alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_e2e import default_sandbox_args, init_repo, one_json, run_cli

from fixloop.trajectory import Trajectory, read_trajectory

CALC = "def add(a, b):\n    return a - b\n"
TEST = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"


def _repo(root: Path) -> Path:
    root.mkdir()
    (root / "calc.py").write_text(CALC)
    (root / "tests").mkdir()
    (root / "tests" / "test_calc.py").write_text(TEST)
    return init_repo(root)


def test_trajectory_writes_lone_surrogates_as_escapes(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    with Trajectory(path) as tr:
        tr.write("tool_call", id="a", name="read_file", input={"path": "calc.py\udc80"})
        tr.write("notice", text="after")
    raw = path.read_bytes()
    assert b"\\udc80" in raw  # the JSON escape, valid UTF-8 on disk
    raw.decode("utf-8")
    events = read_trajectory(path)
    assert events[0]["input"]["path"] == "calc.py\udc80"
    assert events[1]["text"] == "after"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("read_file", {"path": "calc.py\udc80"}),
        ("edit_file", {"path": "calc.py", "old": "a - b", "new": "a \ud800+ b"}),
        ("search_code", {"pattern": "add\udfff"}),
    ],
    ids=["read-path", "edit-new-text", "search-pattern"],
)
def test_lone_surrogate_is_a_tool_error_and_the_run_goes_on(
    tmp_path: Path, name: str, args: dict
) -> None:
    repo = _repo(tmp_path / "repo")
    fix = {"path": "calc.py", "old": "a - b", "new": "a + b"}
    script = [
        {"stop_reason": "tool_use", "content": [{"type": "tool_use", "name": name, "input": args}]},
        {
            "stop_reason": "tool_use",
            "content": [{"type": "tool_use", "name": "edit_file", "input": fix}],
        },
        {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Fixed."}]},
    ]
    s = tmp_path / "script.json"
    s.write_text(json.dumps(script), encoding="utf-8")  # json escapes the surrogate
    proc = run_cli(
        ["fix", str(repo), "--model", f"script:{s}", "--json", *default_sandbox_args()], tmp_path
    )
    out = one_json(proc)
    assert out["status"] == "verified", proc.stderr[-2000:]
    events = read_trajectory(out["trajectory"])
    results = [e for e in events if e["type"] == "tool_result"]
    assert results[0]["is_error"] and "lone surrogate" in results[0]["content"]
    assert sum(e["type"] == "model_call" for e in events) == 3
    assert events[-1]["type"] == "run_end"
