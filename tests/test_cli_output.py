"""What the user sees (issue 13): the start lines, the spinner, the diff in the final report, the
Ctrl-C line, a closed pipe, ``--in-place`` and an uncommitted ``fixloop.toml``; and ``--help``.

The real command runs as a subprocess on copies of examples/calc driven by
tests/scripts/calc_fix.json (one edit, then "done"); the spinner is checked on a console that
says it is a terminal. The start lines and the diff are checked by check_start_lines_and_the_diff
on the plain run of tests/test_e2e.py's test_calc_verified_human_output (one run, not two).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import git
from rich.console import Console
from test_e2e import (
    EXAMPLES,
    SCRIPTS,
    cli_env,
    copy_repo,
    default_sandbox_args,
    fixloop_branches,
    run_cli,
    snapshot,
)
from typer.testing import CliRunner

from fixloop import cli
from fixloop.display import LiveDisplay, diff_lines
from fixloop.render import interrupted_line
from fixloop.trajectory import read_trajectory
from fixloop.types import RunResult, RunStatus

FIX = SCRIPTS / "calc_fix.json"


@pytest.fixture
def sandbox_args() -> list[str]:
    """The default sandbox where it starts here; else the explicit unsandboxed opt-in."""
    return list(default_sandbox_args())


def last_run(home: Path) -> list[dict[str, Any]]:
    (path,) = sorted((home / "runs").glob("*.jsonl"))
    return read_trajectory(path)


@pytest.mark.parametrize("command", ["fix", "doctor", "eval"])
def test_help_shows_no_bool_type(command: str) -> None:
    res = CliRunner().invoke(cli.app, [command, "--help"])
    assert res.exit_code == 0 and "--help" in res.stdout
    assert "<bool>" not in res.stdout and "BOOLEAN" not in res.stdout


def check_start_lines_and_the_diff(proc: subprocess.CompletedProcess[str], home: Path) -> None:
    """What a verified ``fixloop fix <calc> --model script:calc_fix.json`` (human output, home
    ``home``) showed: the start lines, the run_start event, the diff in the final report. Raises
    AssertionError. The run is tests/test_e2e.py's test_calc_verified_human_output (the same
    command was run twice, once there and once here)."""
    assert proc.returncode == 0, proc.stderr[-3000:]
    # the start: interpreter (and how it was found), test command, sandbox
    assert "python: " in proc.stderr and "tests: python -m pytest" in proc.stderr
    assert "sandbox: " in proc.stderr
    start = last_run(home)[0]
    assert start["type"] == "run_start"
    assert start["python"] and start["config"]["python"] == start["python"]
    assert start["python_origin"] and start["test_cmd"][:3] == ["python", "-m", "pytest"]
    # the final report shows the diff (short: whole, no "more lines")
    assert "Diff (" in proc.stdout and "+    return a + b" in proc.stdout
    assert "more lines" not in proc.stdout


def test_diff_lines_cut_at_40_with_the_command() -> None:
    diff = "\n".join(f"+line {i}" for i in range(100))
    res = RunResult(RunStatus.VERIFIED, True, branch="fixloop/x", base_commit="a" * 40)
    res.head_commit, res.diff = "b" * 40, diff
    lines = diff_lines(res, "/p/repo")
    assert lines[0] == "Diff (the first 40 of 100 lines):" and lines[40] == "+line 39"
    assert (
        lines[-1]
        == "... 60 more lines: see them all with `git -C /p/repo diff aaaaaaaaaaaa fixloop/x`"
    )
    assert diff_lines(RunResult(RunStatus.NOT_FIXED, False)) == []


def test_ctrl_c_says_what_is_true() -> None:
    res = RunResult(RunStatus.NOT_FIXED, False)
    assert interrupted_line(res) == "nothing was changed, so no branch was kept"
    assert "committed" not in interrupted_line(res)
    res.files_changed, res.head_commit, res.branch = ["a.py"], "c" * 40, "fixloop/r"
    assert interrupted_line(res) == "the work so far (1 file(s)) is committed on fixloop/r"
    res.head_commit = None
    assert "left uncommitted in your checkout" in interrupted_line(res)
    assert "before the run started" in interrupted_line(None)


def test_ctrl_c_before_any_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import fixloop.models as models
    from fixloop.models import ModelChoice

    def model(system: str, messages: list, tools: list) -> dict:
        raise KeyboardInterrupt

    monkeypatch.setenv("FIXLOOP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(models, "make_model", lambda spec, **kw: ModelChoice(model, "m", "test"))
    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    res = CliRunner().invoke(cli.app, ["fix", str(repo), *default_sandbox_args()])
    assert res.exit_code == 130
    said = res.stdout  # the line heads the final report
    assert "interrupted: nothing was changed, so no branch was kept" in said
    assert "committed" not in said.split("interrupted:", 1)[1].splitlines()[0]
    assert fixloop_branches(repo) == []


def test_closed_pipe_ends_the_run_honestly(tmp_path: Path, sandbox_args) -> None:
    """``fixloop fix ... | head``: no traceback, no SystemExit recorded, the run's own end."""
    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    home = tmp_path / "home"
    cmd = [sys.executable, "-m", "fixloop", "fix", str(repo), "--model", f"script:{FIX}"]
    # both streams into a pipe whose reader reads one line and goes away
    proc = subprocess.Popen(
        [*cmd, *sandbox_args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=cli_env(home),
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    code = proc.wait(timeout=300)
    assert first.startswith(b"model:")
    end = last_run(home)[-1]
    assert end["type"] == "run_end" and end["status"] == "verified", end["stop_reason"]
    assert "SystemExit" not in end["stop_reason"] and code == 0


def test_in_place_stays_on_the_branch(tmp_path: Path, sandbox_args) -> None:
    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    proc = run_cli(
        ["fix", str(repo), "--in-place", "--json", "--model", f"script:{FIX}", *sandbox_args],
        tmp_path / "home",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = json.loads(proc.stdout)
    assert res["verified"] is True and res["branch"] == "main"
    assert git(repo, "symbolic-ref", "--short", "HEAD").strip() == "main"
    assert fixloop_branches(repo) == []
    assert "return a + b" in (repo / "calc.py").read_text()  # left uncommitted, for review
    assert git(repo, "status", "--porcelain").strip() == "M calc.py"


def test_in_place_on_a_detached_head_names_no_branch(tmp_path: Path, sandbox_args) -> None:
    """A detached HEAD is no branch: the commit hash was reported as the run's ``branch``."""
    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    head = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "--detach")
    proc = run_cli(
        ["fix", str(repo), "--in-place", "--model", f"script:{FIX}", *sandbox_args],
        tmp_path / "home",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    said = " ".join((proc.stdout + proc.stderr).replace("│", " ").split())  # panel borders out
    assert f"in place: a detached HEAD at {head[:12]}" in said
    assert f"uncommitted in your checkout (on a detached HEAD at {head[:12]}" in said
    assert "branch: " + head[:12] not in said and f"on {head}" not in said
    events = last_run(tmp_path / "home")
    assert events[0]["branch"] == "" and events[0]["in_place"] is True
    assert events[-1]["type"] == "run_end" and events[-1]["branch"] is None
    assert git(repo, "rev-parse", "HEAD").strip() == head  # still detached there
    assert git(repo, "status", "--porcelain").strip() == "M calc.py"


def test_untracked_fixloop_toml_is_said(tmp_path: Path, sandbox_args) -> None:
    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    (repo / "fixloop.toml").write_text('test_cmd = "python -m pytest -q"\n')
    before = snapshot(repo)
    proc = run_cli(["fix", str(repo), "--model", f"script:{FIX}", *sandbox_args], tmp_path / "home")
    assert proc.returncode == 0, proc.stderr[-3000:]
    flat = " ".join(proc.stderr.split())
    assert "fixloop.toml is not committed (untracked): its settings (test_cmd) are applied" in flat
    assert "tests: python -m pytest -q" in proc.stderr
    assert snapshot(repo) == before


def test_spinner_shows_phase_and_elapsed_only_when_live() -> None:
    buf = io.StringIO()
    con = Console(file=buf, force_terminal=True, width=100)
    shown = LiveDisplay(con, live=True)
    assert shown.spinner is not None
    shown.spinner.delay = 0.0
    shown("run_start", {"model": "m", "branch": "b", "base_commit": "c", "sandbox": "bwrap"})
    assert shown.spinner.phase == "baseline: running the whole suite"
    time.sleep(0.4)
    shown("baseline", {"report": {"passed": 1, "failed": 1, "outcome": "failed"}})
    assert shown.spinner.phase == "waiting for the model"
    shown("model_call", {"step": 1, "reply": {"stop_reason": "end_turn", "content": []}})
    assert shown.spinner.phase == "gate: verifying the claim"
    shown.stop()
    assert "baseline: running the whole suite … 0s" in buf.getvalue()
    # not a terminal (or --json): no spinner at all
    quiet = LiveDisplay(Console(file=io.StringIO()), live=False)
    quiet("run_start", {"model": "m"})
    assert quiet.spinner is None


def test_ctrl_c_before_the_run_started_is_interrupted_in_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C before any run began (a slow start) gave ``status: "error"`` with exit 130."""
    import fixloop.models as models

    def interrupted(spec: str, **kw: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setenv("FIXLOOP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(models, "make_model", interrupted)
    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    res = CliRunner().invoke(cli.app, ["fix", str(repo), "--json", *default_sandbox_args()])
    assert res.exit_code == 130
    obj = json.loads(res.stdout)
    assert obj["status"] == "interrupted" and obj["exit_code"] == 130 and not obj["verified"]
    assert obj["summary"] == "interrupted by the user (Ctrl-C) before the run started"
    assert fixloop_branches(repo) == []
