"""The final report says only what happened (a newcomer's findings on a released sdist).

Ctrl-C after an edit and a passing test run ends as ``interrupted`` (never a verdict the gate did
not reach); a checkout fixloop cannot write is refused before any work, with exit code 3.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_cli import fake_model, invoke
from test_e2e import SCRIPTS, cli_env, default_sandbox_args, fixloop_branches, snapshot

pytestmark = pytest.mark.usefixtures("private_home")

EDIT_ADD = {
    "type": "tool_use",
    "id": "e1",
    "name": "edit_file",
    "input": {
        "path": "calc.py",
        "old": "def add(a, b):\n    return a - b\n",
        "new": "def add(a, b):\n    return a + b\n",
    },
}
FIX = SCRIPTS / "calc_fix.json"
RUN_TESTS = {"type": "tool_use", "id": "t1", "name": "run_tests", "input": {}}


def scripted(steps: list[Any]) -> Any:
    it = iter(steps)

    def model(system: str, messages: list, tools: list) -> dict[str, Any]:
        step = next(it)
        if isinstance(step, BaseException):
            raise step
        stop = "tool_use" if step["type"] == "tool_use" else "end_turn"
        return {"stop_reason": stop, "content": [step], "usage": {}}

    return model


def test_ctrl_c_after_a_passing_test_run_is_interrupted_not_a_verdict(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_model(monkeypatch, scripted([EDIT_ADD, RUN_TESTS, KeyboardInterrupt()]))
    res = invoke("fix", str(calc), "--json", *default_sandbox_args())
    assert res.exit_code == 130
    obj = json.loads(res.stdout)
    assert obj["status"] == "interrupted" and obj["verified"] is False
    assert obj["exit_code"] == 130 and obj["test_runs"] == 1
    assert "NOT VERIFIED" not in obj["summary"] and "not_fixed" not in obj["summary"]
    assert obj["summary"].startswith("INTERRUPTED (Ctrl-C): the run stopped before a verdict")
    assert "work-in-progress commit" in obj["summary"]  # the work is kept, as promised
    assert "fixloop: interrupted" in res.stderr  # the box's title


def test_ctrl_c_while_the_gate_runs_says_the_gate_did_not_finish(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the gate: counted "1 gate verification" and offered the WIP commit to merge."""
    from fixloop.gate.decision import Gate

    def interrupted_gate(self: Gate) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(Gate, "verify", interrupted_gate)
    done = {"type": "text", "text": "done: add adds now"}
    fake_model(monkeypatch, scripted([EDIT_ADD, done]))
    res = invoke("fix", str(calc), "--json", *default_sandbox_args())
    assert res.exit_code == 130
    obj = json.loads(res.stdout)
    assert obj["status"] == "interrupted" and obj["verified"] is False
    assert obj["verifications"] == 0 and obj["verified_commit"] is None
    summary = obj["summary"]
    assert "0 gate verifications" in summary and "1 gate verification" not in summary
    assert "while the gate was checking the work; the gate did not finish" in summary
    assert "work-in-progress commit" in summary and obj["head_commit"]  # the work is kept
    assert "git merge" not in summary  # an unchecked commit is never offered as a fix
    assert "not verified" in summary


def run_read_only(ro: Path, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    """``python -m fixloop ARGS`` while the folder ``ro`` cannot be written.

    Not as root: ``chmod -R a-w`` (undone afterwards). As root, which permissions do not stop,
    a read-only bind mount in a user and mount namespace of its own (``unshare -Urm``), as a
    read-only mount of a checkout is.
    """
    cmd = [sys.executable, "-m", "fixloop", *args]
    if os.geteuid() != 0:
        subprocess.run(["chmod", "-R", "a-w", str(ro)], check=True)
        try:
            return subprocess.run(cmd, env=cli_env(home), capture_output=True, text=True)
        finally:
            subprocess.run(["chmod", "-R", "u+w", str(ro)], check=True)
    if shutil.which("unshare") is None:
        pytest.skip("as root a read-only folder needs unshare (util-linux), not found")
    q = shlex.quote(str(ro))
    script = f"mount --bind {q} {q} && mount -o remount,ro,bind {q} && exec " + " ".join(
        map(shlex.quote, cmd)
    )
    return subprocess.run(
        ["unshare", "-Urm", "sh", "-c", script], env=cli_env(home), capture_output=True, text=True
    )


UNSANDBOXED = ["--sandbox", "none", "--allow-unsandboxed"]


def test_in_place_on_a_read_only_checkout_stops_before_any_work(calc: Path, tmp_path: Path) -> None:
    before = snapshot(calc)
    proc = run_read_only(
        calc,
        ["fix", str(calc), "--in-place", "--json", "--model", f"script:{FIX}", *UNSANDBOXED],
        tmp_path / "home",
    )
    assert proc.returncode == 3, proc.stderr[-2000:]
    obj = json.loads(proc.stdout)
    assert obj["exit_code"] == 3 and obj["steps"] == 0 and obj["test_runs"] == 0
    assert obj["summary"].startswith(f"your checkout is not writable: {calc}")
    assert "Traceback" not in proc.stderr and snapshot(calc) == before
    assert not list((tmp_path / "home").glob("runs/*.jsonl"))  # no run started: no baseline


def test_a_read_only_git_dir_is_named(calc: Path, tmp_path: Path) -> None:
    before = snapshot(calc)
    extra = ["--model", f"script:{FIX}"]
    proc = run_read_only(calc / ".git", ["fix", str(calc), *extra, *UNSANDBOXED], tmp_path / "h")
    assert proc.returncode == 3, proc.stderr[-2000:]
    line = proc.stderr.strip().splitlines()[-1]
    assert line.startswith("fixloop: the repository's .git is not writable (")
    assert "fixloop needs to create a branch there" in line
    assert "cannot lock ref" not in proc.stderr and "Traceback" not in proc.stderr
    assert snapshot(calc) == before and fixloop_branches(calc) == []


def test_doctor_reports_on_a_read_only_git_dir(calc: Path, tmp_path: Path) -> None:
    """The doctor checks the suite in a private copy and says what it could not check.

    It stopped with exit 3 ("fixloop needs to create a branch there") and checked nothing.
    """
    before = snapshot(calc)
    home = tmp_path / "h"
    proc = run_read_only(calc / ".git", ["doctor", str(calc), "--json", *UNSANDBOXED], home)
    assert proc.returncode == 0, proc.stderr[-2000:]
    obj = json.loads(proc.stdout)
    assert obj["verdict"] == "ready" and obj["tally"]["failed"] == 2, obj  # calc: 2 fail
    (note,) = [n for n in obj["notices"] if ".git is not writable" in n]
    assert "checked a private copy of the HEAD commit" in note
    assert "cannot check: `fixloop fix` needs to create a branch there" in note
    assert "Traceback" not in proc.stderr and snapshot(calc) == before
    assert fixloop_branches(calc) == []
    assert list((home / "worktrees").iterdir()) == []  # the copy is gone


@pytest.mark.parametrize(
    "args", [["fix", "--json"], ["fix", "--in-place", "--json"], ["doctor"]], ids=str
)
def test_a_read_only_state_folder_is_named_before_any_work(
    calc: Path, tmp_path: Path, args: list[str]
) -> None:
    """A read-only ``$FIXLOOP_HOME`` was "internal error: OSError" with exit code 1."""
    home = tmp_path / "home"
    home.mkdir()
    before = snapshot(calc)
    extra = ["--model", f"script:{FIX}"] if args[0] == "fix" else []
    proc = run_read_only(home, [args[0], str(calc), *args[1:], *extra, *UNSANDBOXED], home)
    assert proc.returncode == 3, proc.stderr[-2000:]
    line = proc.stderr.strip().splitlines()[-1]
    assert line.startswith(f"fixloop: fixloop's state folder is not writable: {home} ")
    assert line.endswith("set FIXLOOP_HOME to a writable folder")
    if "--json" in args:
        obj = json.loads(proc.stdout)
        assert obj["exit_code"] == 3 and obj["steps"] == 0 and obj["branch"] is None
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert snapshot(calc) == before and fixloop_branches(calc) == []
    assert list(home.iterdir()) == []


def test_a_state_folder_below_a_file_is_named(calc: Path, tmp_path: Path) -> None:
    """``FIXLOOP_HOME`` under a file cannot be made: said as such, before any work (exit 3)."""
    (tmp_path / "afile").write_text("x")
    env = {**cli_env(tmp_path / "afile" / "home")}
    cmd = [sys.executable, "-m", "fixloop", "fix", str(calc), "--model", f"script:{FIX}"]
    proc = subprocess.run([*cmd, *UNSANDBOXED], env=env, capture_output=True, text=True)
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert f"{tmp_path / 'afile'} is not a folder" in proc.stderr
    assert "Traceback" not in proc.stderr and fixloop_branches(calc) == []
