"""Small words of the final report and the run list that said something untrue or clumsy.

Plurals ("1 edits"); the step list and "Tried: N model steps" (the last turn, with no tool call,
was not printed); the in-place VERIFIED line (no commit is left); ``show --html``'s file mode
(mkstemp's 0600); ``fixloop runs`` (oldest first, every run).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from test_cli import _write_run, fake_model, invoke
from test_cli_report import EDIT_ADD
from test_e2e import default_sandbox_args

from fixloop.htmlpage import write_page
from fixloop.render import counted, summary
from fixloop.types import Counters, RunResult, RunStatus

pytestmark = pytest.mark.usefixtures("private_home")


def test_counts_are_said_in_their_number() -> None:
    assert [counted(n, "edit") for n in (0, 1, 2)] == ["0 edits", "1 edit", "2 edits"]
    res = RunResult(RunStatus.NOT_FIXED, False, steps=1, test_runs=1, verifications=1)
    res.counters = Counters(tool_errors=1, tamper_detected=1, truncated_replies=2)
    text = summary(res, edits=1, baseline=None)
    assert "Tried: 1 model step, 1 edit, 1 test run, 1 gate verification." in text
    assert "Counters: 1 tampered file restored, 1 tool error, 2 replies cut at" in text
    res.steps, res.test_runs, res.counters.tool_errors = 3, 0, 2
    text = summary(res, edits=2, baseline=None)
    assert "Tried: 3 model steps, 2 edits, 0 test runs, 1 gate verification." in text
    assert "2 tool errors" in text


def test_in_place_verified_names_no_commit() -> None:
    res = RunResult(RunStatus.VERIFIED, True, branch="main", files_changed=["calc.py"])
    text = summary(res, edits=1, baseline=None, in_place=True)
    assert "commit in a fresh folder" not in text
    assert text.startswith("VERIFIED: the harness checked out the exact tree of your checkout's")
    assert "checked out the run's commit" in summary(res, edits=1, baseline=None)


def test_every_model_step_is_numbered_in_the_list(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replies = iter(
        [
            {"stop_reason": "tool_use", "content": [EDIT_ADD], "usage": {}},
            {"stop_reason": "end_turn", "content": [{"type": "text", "text": "done"}], "usage": {}},
        ]
    )
    fake_model(monkeypatch, lambda system, messages, tools: next(replies))
    res = invoke("fix", str(calc), *default_sandbox_args())
    assert res.exit_code == 0, res.stderr[-2000:]
    steps = {line.split()[0] for line in res.stderr.splitlines() if line[:3].strip().isdigit()}
    assert steps == {"1", "2"}, res.stderr
    assert "  2 ends its turn: done" in res.stderr
    assert "Tried: 2 model steps, 1 edit, 0 test runs, 1 gate verification." in res.stdout


def test_html_page_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        out = write_page([], tmp_path / "page.html")
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def runs_of(home: Path, n: int, repo: Path) -> list[str]:
    ids = [f"20990101-0000{i:02d}-aaaaaa" for i in range(n)]
    for run_id in ids:
        _write_run(home, run_id, repo, {"status": "not_fixed", "branch": None})
    return ids


def test_runs_newest_first_limited_with_the_rest_said(tmp_path: Path) -> None:
    ids = runs_of(tmp_path / "home", 23, tmp_path)
    res: Any = invoke("runs")
    shown = [line.split("\t")[0] for line in res.stdout.splitlines()]
    assert shown == ids[::-1][:20]
    assert "3 more (older): --all shows every run" in res.stderr
    shown = [line.split("\t")[0] for line in invoke("runs", "--limit", "2").stdout.splitlines()]
    assert shown == [ids[22], ids[21]]
    res = invoke("runs", "--all")
    assert len(res.stdout.splitlines()) == 23 and "more (older)" not in res.stderr
    items = json.loads(invoke("runs", "--json").stdout)
    assert [i["run_id"] for i in items] == ids[::-1]  # --json: every run
