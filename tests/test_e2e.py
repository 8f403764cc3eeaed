"""End to end: the real ``fixloop`` CLI as a subprocess on temporary git copies of examples/shop
and examples/calc, driven by script models (tests/scripts/*.json).

Each test checks the user's side as well as the result: the user's checkout (``git status``,
HEAD, the index and every file's bytes) is byte-identical before and after, and the run's branch
holds the commit. Runs and worktrees go to a temporary FIXLOOP_HOME.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import GIT_ENV, git, init_repo

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "tests" / "scripts"
EXAMPLES = ROOT / "examples"
_SECRETISH = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|AUTH|OPENAI|ANTHROPIC", re.I)


def cli_env(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a CLI run: no provider keys, a private FIXLOOP_HOME and config."""
    env = {k: v for k, v in os.environ.items() if not _SECRETISH.search(k)}
    env.pop("FIXLOOP_CONFIG", None)
    env.update(GIT_ENV)
    env["FIXLOOP_HOME"] = str(home)
    env["XDG_CONFIG_HOME"] = str(home / "xdg")
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p
    )
    env.update(extra or {})
    return env


def run_cli(
    args: list[str],
    home: Path,
    *,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m fixloop ARGS`` (the same entry point as the ``fixloop`` script)."""
    return subprocess.run(
        [sys.executable, "-m", "fixloop", *args],
        cwd=cwd or ROOT,
        env=cli_env(home, env),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
    )


def one_json(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """The single JSON object on stdout (fails if stdout holds anything else)."""
    out = proc.stdout.strip()
    assert out, f"no JSON on stdout; stderr:\n{proc.stderr[-3000:]}"
    assert "\n" not in out, f"stdout holds more than one line:\n{out[:2000]}"
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


@functools.cache
def default_sandbox_args() -> tuple[str, ...]:
    """The default sandbox where it starts here; else the explicit unsandboxed opt-in."""
    from fixloop.errors import SandboxUnavailable
    from fixloop.sandbox import make_sandbox

    try:
        make_sandbox("auto")
    except SandboxUnavailable:
        return ("--sandbox", "none", "--allow-unsandboxed")
    return ()


@pytest.fixture
def sandbox_args() -> list[str]:
    """CLI flags choosing the sandbox (see :func:`default_sandbox_args`)."""
    return list(default_sandbox_args())


def copy_repo(src: Path, dest: Path) -> Path:
    """A fresh git repository (branch main, one commit) holding a copy of ``src``."""
    shutil.copytree(
        src, dest, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache")
    )
    return init_repo(dest)


def snapshot(repo: Path) -> dict[str, Any]:
    """Everything of the user's checkout a run must leave alone."""
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0"}

    def g(*args: str) -> bytes:
        return subprocess.run(
            ["git", *args], cwd=repo, env=env, capture_output=True, check=False
        ).stdout

    files = {
        p.relative_to(repo).as_posix(): (p.read_bytes() if not p.is_symlink() else b"->")
        for p in sorted(repo.rglob("*"))
        if ".git" not in p.relative_to(repo).parts and (p.is_file() or p.is_symlink())
    }
    return {
        "status": g("status", "--porcelain=v1", "-uall", "--ignored"),
        "head": g("rev-parse", "HEAD"),
        "symbolic": g("symbolic-ref", "-q", "HEAD"),
        "index": (repo / ".git" / "index").read_bytes()
        if (repo / ".git" / "index").exists()
        else b"",
        "files": files,
    }


def fixloop_branches(repo: Path) -> list[str]:
    out = git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads/fixloop/")
    return [b for b in out.split() if b]


def test_shop_verified_on_branch_user_checkout_untouched(tmp_path: Path, sandbox_args) -> None:
    repo = copy_repo(EXAMPLES / "shop", tmp_path / "shop")
    before = snapshot(repo)
    home = tmp_path / "home"
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{SCRIPTS / 'shop_fix.json'}"]
        + sandbox_args,
        home,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == "verified" and res["verified"] is True
    assert res["files_changed"] == ["shop/pricing.py"]
    assert "+    return round(amount * (1 + rate), 2)" in res["diff"]
    assert res["failing_tests"] == []
    assert res["steps"] == 5 and res["test_runs"] == 1 and res["verifications"] == 1
    assert all(v == 0 for v in res["counters"].values())
    assert res["usage"]["cost_usd"] == 0.0
    # the branch holds the verified commit; the user's checkout is byte-identical
    branch = res["branch"]
    assert branch.startswith("fixloop/") and fixloop_branches(repo) == [branch]
    assert git(repo, "rev-parse", branch).strip() == res["head_commit"]
    assert git(repo, "log", "-1", "--format=%s", branch).startswith("fixloop: ")
    assert "round(amount * (1 + rate), 2)" in git(repo, "show", f"{branch}:shop/pricing.py")
    assert git(repo, "rev-parse", f"{branch}~1").strip() == res["base_commit"]
    assert snapshot(repo) == before
    # the summary is honest and the trajectory is complete
    assert "VERIFIED" in res["summary"] and branch in res["summary"]
    traj = Path(res["trajectory"])
    assert traj.is_file() and traj.is_relative_to(home)
    events = [json.loads(line) for line in traj.read_text().splitlines()]
    types = [e["type"] for e in events]
    assert types[0] == "run_start" and types[-1] == "run_end" and "baseline" in types
    assert types.count("model_call") == 5 and "gate_verdict" in types
    # progress went to stderr, and `fixloop runs` / `fixloop show` read the run back
    assert "gate" in proc.stderr and "edit_file" in proc.stderr
    runs = json.loads(run_cli(["runs", "--json"], home).stdout)
    assert [r["run_id"] for r in runs] == [res["run_id"]] and runs[0]["status"] == "verified"
    shown = run_cli(["show", res["run_id"]], home)
    assert shown.returncode == 0 and "gate: VERIFIED" in shown.stdout
    # the recorded run plays back on a fresh copy (--model replay:TRAJECTORY)
    again = copy_repo(EXAMPLES / "shop", tmp_path / "shop2")
    replay = run_cli(
        ["fix", str(again), "--json", "--model", f"replay:{traj}"] + sandbox_args, home
    )
    assert replay.returncode == 0, replay.stderr[-3000:]
    assert one_json(replay)["diff"] == res["diff"]


def test_calc_verified_human_output(tmp_path: Path, sandbox_args) -> None:
    """One run, two sets of checks: the outcome here, what the user sees (the start lines, the
    run_start event, the diff in the final report; issue 13) in test_cli_output's
    check_start_lines_and_the_diff. It was two identical runs of the same command."""
    from test_cli_output import check_start_lines_and_the_diff

    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    before = snapshot(repo)
    home = tmp_path / "home"
    proc = run_cli(
        ["fix", str(repo), "--model", f"script:{SCRIPTS / 'calc_fix.json'}"] + sandbox_args, home
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "VERIFIED" in proc.stdout and "fixloop/" in proc.stdout
    assert "model: script:" in proc.stderr and "calc_fix.json (asked for)" in proc.stderr
    (branch,) = fixloop_branches(repo)
    assert "return a + b" in git(repo, "show", f"{branch}:calc.py")
    assert snapshot(repo) == before
    check_start_lines_and_the_diff(proc, home)


def test_wrong_fix_is_not_verified_and_kept_as_wip(tmp_path: Path, sandbox_args) -> None:
    repo = copy_repo(EXAMPLES / "shop", tmp_path / "shop")
    before = snapshot(repo)
    proc = run_cli(
        [
            "fix",
            str(repo),
            "--json",
            "--max-verifications",
            "1",
            "--model",
            f"script:{SCRIPTS / 'shop_wrong_fix.json'}",
        ]
        + sandbox_args,
        tmp_path / "home",
    )
    assert proc.returncode == 1, proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == "not_fixed" and res["verified"] is False
    assert res["counters"]["false_success_claims"] == 1
    assert "tests/test_pricing.py::test_add_tax_keeps_cents" in res["failing_tests"]
    assert git(repo, "log", "-1", "--format=%s", res["branch"]).startswith("fixloop WIP: ")
    assert "NOT VERIFIED" in res["summary"] and "test_add_tax_keeps_cents" in res["summary"]
    assert snapshot(repo) == before


def test_nothing_to_fix_calls_no_model(tmp_path: Path, sandbox_args) -> None:
    repo = tmp_path / "calc"
    shutil.copytree(EXAMPLES / "calc", repo, ignore=shutil.ignore_patterns("__pycache__"))
    calc = repo / "calc.py"
    calc.write_text(
        calc.read_text().replace("return a - b\n\n\ndef subtract", "return a + b\n\n\ndef subtract")
    )
    init_repo(repo)
    before = snapshot(repo)
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{SCRIPTS / 'calc_nothing.json'}"]
        + sandbox_args,
        tmp_path / "home",
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = one_json(proc)
    assert res["status"] == "nothing_to_fix" and res["steps"] == 0
    events = [json.loads(x) for x in Path(res["trajectory"]).read_text().splitlines()]
    assert not any(e["type"] == "model_call" for e in events)
    assert fixloop_branches(repo) == [] and res["branch"] is None
    assert snapshot(repo) == before


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--sandbox", "none"], "--allow-unsandboxed"),
        (["--model", "bogus:thing"], "unknown --model"),
        (["--model", "script:/nonexistent/script.json"], "cannot read script"),
    ],
)
def test_usage_errors_exit_2_with_one_line(tmp_path: Path, args, needle) -> None:
    repo = copy_repo(EXAMPLES / "calc", tmp_path / "calc")
    before = snapshot(repo)
    proc = run_cli(["fix", str(repo), "--json", *args], tmp_path / "home")
    assert proc.returncode == 2
    obj = one_json(proc)  # --json: the error as the one JSON object too
    assert obj["status"] == "error" and obj["exit_code"] == 2 and needle in obj["summary"]
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in proc.stderr
    assert snapshot(repo) == before and fixloop_branches(repo) == []


def test_missing_folder_exit_2(tmp_path: Path) -> None:
    proc = run_cli(["fix", str(tmp_path / "nope"), "--model", "repair"], tmp_path / "home")
    assert proc.returncode == 2 and "no such folder" in proc.stderr
