"""End to end on the fixture cases of tests/cases: the real CLI, each case's repo and script, the
outcome its case.json gives. Test tamper, malformed tool calls and git states in detail; one
variant of each other kind (the first by name) for the run's end-to-end outcome (status, exit
code, counters, the user's checkout). Every variant of those kinds is checked cheaper where its
details live (tests/tools/test_cases.py: the tools on each variant; tests/sandbox/
test_cases_sandbox.py: the runner on each), and ``python benchmarks/cases_e2e.py`` runs this
end-to-end check on every variant of every kind, printing pass/fail per variant.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Case, all_cases, case, cases_of, git, init_repo
from test_e2e import default_sandbox_args, fixloop_branches, one_json, run_cli, snapshot


@pytest.fixture
def sandbox_args() -> list[str]:
    """CLI flags choosing the sandbox (the default where it starts here)."""
    return list(default_sandbox_args())


def events_of(res: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(res["trajectory"]).read_text().splitlines()]


def fix(
    repo: Path, home: Path, script: Path, extra: list[str], *args: str, env=None
) -> tuple[int, dict[str, Any], str]:
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{script}", *args, *extra], home, env=env
    )
    return proc.returncode, one_json(proc), proc.stderr


# --------------------------------------------------------------------------------------------
# 06: the model goes after the tests
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("c", cases_of("test-tamper"), ids=lambda c: c.variant)
def test_test_tamper(c: Case, tmp_path: Path, sandbox_args) -> None:
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    before = snapshot(repo)
    code, res, err = fix(
        repo, tmp_path / "home", c.script, sandbox_args, "--max-verifications", "1"
    )
    assert code == m["exit"], err[-3000:]
    assert res["status"] == m["status"] and res["verified"] is False
    # every attempt (a test, the test settings, conftest.py at any depth, a new test module, other
    # spellings of a test path) was refused and counted; the final claim is a false success claim
    assert res["counters"]["refused_test_edits"] == m["refused"]
    assert res["counters"]["false_success_claims"] == 1
    assert res["counters"]["tamper_detected"] == 0  # nothing got through to restore
    assert m["failing"] in res["failing_tests"]
    assert res["files_changed"] == [] and res["diff"] == ""
    results = [e for e in events_of(res) if e["type"] == "tool_result"]
    assert len(results) == m["refused"] and all(e["is_error"] for e in results)
    verdict = [e for e in events_of(res) if e["type"] == "gate_verdict"]
    assert verdict[0]["claim"] == m["claim"] and verdict[0]["verified"] is False
    # test files byte-identical to the base commit; the user's checkout untouched
    for rel in m["protected"]:
        assert (repo / rel).read_bytes() == (c.path / "repo" / rel).read_bytes()
    for rel in m["absent"]:
        assert not (repo / rel).exists()
    assert snapshot(repo) == before and fixloop_branches(repo) == []
    refused = f"{m['refused']} refused test edit" + ("s" if m["refused"] != 1 else "")
    assert "1 false success claim" in res["summary"] and refused in res["summary"]


# --------------------------------------------------------------------------------------------
# 11: malformed tool calls
# --------------------------------------------------------------------------------------------


def test_malformed_tool_calls(tmp_path: Path, sandbox_args) -> None:
    c = case("malformed-tool-calls", "tally")
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    before = snapshot(repo)
    code, res, err = fix(repo, tmp_path / "home", c.script, sandbox_args)
    assert code == m["exit"], err[-3000:]
    assert res["status"] == m["status"] and res["files_changed"] == [m["file"]]
    assert res["steps"] == m["steps"]  # max_tokens and the empty reply are steps too
    assert res["counters"]["tool_errors"] == len(m["errors"])
    events = events_of(res)
    calls = [e for e in events if e["type"] == "tool_call"]
    results = [e for e in events if e["type"] == "tool_result"]
    # every tool_use got exactly one tool_result, in order
    assert [c["id"] for c in calls] == [r["id"] for r in results] and len(calls) == 8
    errors = [r for r in results if r["is_error"]]
    assert len(errors) == len(m["errors"])
    for r in errors:  # each names the problem and shows the tool's schema (or the tool list)
        assert "schema" in r["content"].lower() or "read_file" in r["content"]
    # the two calls of one reply ran in order: read, then the (real) edit
    assert [c["name"] for c in calls[-2:]] == ["read_file", "edit_file"]
    assert not results[-1]["is_error"] and not results[-2]["is_error"]
    notices = " ".join(e.get("text", "") for e in events if e["type"] == "notice")
    assert "max_tokens" in notices
    branch = res["branch"]
    assert m["fix"] in git(repo, "show", f"{branch}:{m['file']}")
    assert snapshot(repo) == before


# --------------------------------------------------------------------------------------------
# 12: git states
# --------------------------------------------------------------------------------------------


def _git_states_repo(dest: Path) -> tuple[Path, Path]:
    """The git-states case's files at ``dest`` (not yet a repository) and its script."""
    c = case("git-states", "greeter")
    return c.copy(dest, git_init=False), c.script


def _extra_commit(repo: Path) -> None:
    (repo / "NOTES.txt").write_text("a second commit\n")
    git(repo, "add", "NOTES.txt")
    git(repo, "commit", "-q", "-m", "second")


def test_12_detached_head(tmp_path: Path, sandbox_args) -> None:
    repo, script = _git_states_repo(tmp_path / "repo")
    init_repo(repo)
    first = git(repo, "rev-parse", "HEAD").strip()
    _extra_commit(repo)
    git(repo, "checkout", "-q", "--detach", first)
    before = snapshot(repo)
    code, res, err = fix(repo, tmp_path / "home", script, sandbox_args)
    assert code == 0, err[-3000:]
    assert res["verified"] and res["base_commit"] == first
    assert git(repo, "rev-parse", f"{res['branch']}~1").strip() == first
    assert snapshot(repo) == before  # still detached at the first commit


def test_12_uncommitted_changes_are_kept_and_reported(tmp_path: Path, sandbox_args) -> None:
    repo, script = _git_states_repo(tmp_path / "repo")
    init_repo(repo)
    tracked = next(p for p in sorted(repo.rglob("*.py")) if "tests" not in p.parts)
    tracked.write_bytes(tracked.read_bytes() + b"# my local note\r\n")
    (repo / "scratch.txt").write_text("untracked work\n")
    before = snapshot(repo)
    code, res, err = fix(repo, tmp_path / "home", script, sandbox_args)
    assert code == 0, err[-3000:]
    assert res["verified"]
    assert "Not included: 2 uncommitted" in res["summary"]
    show = git(repo, "show", f"{res['branch']}:{tracked.relative_to(repo).as_posix()}")
    assert "my local note" not in show  # the branch is from the HEAD commit only
    assert snapshot(repo) == before


def test_12_no_commit_yet(tmp_path: Path, sandbox_args) -> None:
    repo, script = _git_states_repo(tmp_path / "repo")
    init_repo(repo, commit=False)
    before = snapshot(repo)
    proc = run_cli(
        ["fix", str(repo), "--model", f"script:{script}", *sandbox_args], tmp_path / "home"
    )
    assert proc.returncode == 2
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "no commit" in lines[0]
    assert snapshot(repo) == before


def test_12_not_a_repository(tmp_path: Path, sandbox_args) -> None:
    repo, script = _git_states_repo(tmp_path / "repo")
    env_home = tmp_path / "home"
    before = sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*"))
    proc = run_cli(
        ["fix", str(repo), "--json", "--model", f"script:{script}", *sandbox_args],
        env_home,
        env={"GIT_CEILING_DIRECTORIES": str(tmp_path)},
    )
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["status"] == "error"  # --json: the error as one JSON object
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "not inside a git repository" in lines[0]
    assert sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*")) == before


def test_12_on_a_fixloop_branch_already(tmp_path: Path, sandbox_args) -> None:
    repo, script = _git_states_repo(tmp_path / "repo")
    init_repo(repo)
    git(repo, "switch", "-q", "-c", "fixloop/20200101-000000-abcdef")
    before = snapshot(repo)
    code, res, err = fix(repo, tmp_path / "home", script, sandbox_args)
    assert code == 0, err[-3000:]
    assert res["branch"] != "fixloop/20200101-000000-abcdef"
    assert res["branch"].startswith("fixloop/")
    assert snapshot(repo) == before


def test_12_in_place_refuses_a_dirty_tree(tmp_path: Path, sandbox_args) -> None:
    repo, script = _git_states_repo(tmp_path / "repo")
    init_repo(repo)
    (repo / "scratch.txt").write_text("untracked work\n")
    before = snapshot(repo)
    proc = run_cli(
        ["fix", str(repo), "--in-place", "--model", f"script:{script}", *sandbox_args],
        tmp_path / "home",
    )
    assert proc.returncode == 2 and "clean working tree" in proc.stderr
    assert snapshot(repo) == before


# --------------------------------------------------------------------------------------------
# The other cases, end to end: status, exit code, counters, the user's checkout
# --------------------------------------------------------------------------------------------

# the kinds checked end to end by check_case_end_to_end; the others have their own tests above
# (env-*: tests/test_env_e2e.py)
END_TO_END = [
    c
    for c in all_cases()
    if c.kind not in ("test-tamper", "malformed-tool-calls", "git-states")
    and not c.kind.startswith("env-")
]


def representatives(cases: list[Case]) -> list[Case]:
    """The first variant (by name) of each kind in ``cases``, in kind order."""
    first: dict[str, Case] = {}
    for c in sorted(cases, key=lambda c: (c.kind, c.variant)):
        first.setdefault(c.kind, c)
    return list(first.values())


def test_every_end_to_end_kind_has_a_representative() -> None:
    kinds = {c.kind for c in END_TO_END}
    assert {c.kind for c in representatives(END_TO_END)} == kinds
    assert len(representatives(END_TO_END)) == len(kinds) >= 11


@pytest.mark.parametrize("c", representatives(END_TO_END), ids=lambda c: c.id)
def test_case_end_to_end(c: Case, tmp_path: Path, sandbox_args) -> None:
    check_case_end_to_end(c, tmp_path, sandbox_args)


def check_case_end_to_end(c: Case, tmp_path: Path, sandbox_args: list[str]) -> None:
    """One case through the real CLI: exit, status, counters, the user's checkout, no secret in
    the trajectory. Raises AssertionError on a difference. Used by benchmarks/cases_e2e.py too."""
    m = c.meta
    env: dict[str, str] = dict(m.get("env", {}))  # network-and-secrets: secrets to keep out
    if c.kind == "hang-and-orphans":
        cfg = tmp_path / "fixloop.toml"
        cfg.write_text("test_timeout_s = 3.0\n")  # it times out whatever the limit: keep it short
        env["FIXLOOP_CONFIG"] = str(cfg)
    repo = c.copy(tmp_path / "repo")
    before = snapshot(repo)
    code, res, err = fix(
        repo,
        tmp_path / "home",
        c.script,
        sandbox_args,
        "--max-verifications",
        "1",
        env=env,
    )
    assert (code, res["status"]) == (m["exit"], m["status"]), err[-3000:]
    assert snapshot(repo) == before
    if m["status"] == "verified":
        assert res["files_changed"] == [m["file"]]
    else:
        # the one end_turn was a claim the gate rejected
        assert res["counters"]["false_success_claims"] == 1
        if c.kind != "hang-and-orphans":  # a suite cut off by its timeout may name no test
            assert res["failing_tests"], res["summary"]
    text = Path(res["trajectory"]).read_text()
    if c.kind == "hang-and-orphans":
        assert res["test_runs"] == 1  # the timed-out run counts against the budget
        reports = [e["report"] for e in events_of(res) if e["type"] == "test_report"]
        assert reports[0]["outcome"] == "timed_out"
    if c.kind == "path-escape":
        for secret in m["secrets"]:
            assert secret not in text
        assert all(e["is_error"] for e in events_of(res) if e["type"] == "tool_result")
    for secret in m.get("env", {}).values():
        assert secret not in text
    if c.kind == "no-tests-collected":
        assert res["test_runs"] <= 2  # refused targets never ran
    if c.kind == "huge-read":
        from fixloop.tools import Caps

        for e in events_of(res):
            if e["type"] == "tool_result":
                assert len(e["content"].encode()) <= Caps().result_bytes


# --------------------------------------------------------------------------------------------
# Ctrl-C while a hanging suite runs (09): children killed, run end written, exit 130
# --------------------------------------------------------------------------------------------


def _pids_mentioning(text: str) -> set[int]:
    """Processes whose command line mentions ``text`` (this run's FIXLOOP_HOME)."""
    out = set()
    needle = text.encode()
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                cmd = (d / "cmdline").read_bytes()
            except OSError:
                continue
            if needle in cmd:
                out.add(int(d.name))
    return out


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_ctrl_c_during_a_hanging_run(tmp_path: Path, sandbox_args) -> None:
    import signal
    import subprocess
    import sys
    import time

    from test_e2e import ROOT, cli_env

    hang = case("hang-and-orphans", "prompt")
    repo = hang.copy(tmp_path / "repo")
    before_snap = snapshot(repo)
    cfg = tmp_path / "fixloop.toml"
    cfg.write_text("test_timeout_s = 120.0\n")
    home = tmp_path / "home"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fixloop",
            "fix",
            str(repo),
            "--json",
            "--model",
            f"script:{hang.script}",
            *sandbox_args,
        ],
        cwd=ROOT,
        env=cli_env(home, {"FIXLOOP_CONFIG": str(cfg)}),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    worktrees = str(home / "worktrees")
    try:
        # wait (bounded) until the run has started: the baseline (which hangs for the test
        # timeout) begins right after run_start is written
        for _ in range(3000):  # generous: a loaded machine starts slowly
            started = [p for p in (home / "runs").glob("*.jsonl") if '"run_start"' in p.read_text()]
            if started or proc.poll() is not None:
                break
            time.sleep(0.1)
        if proc.poll() is not None or not started:
            proc.kill()
            pytest.fail(f"the run never started: rc={proc.returncode} {proc.communicate()}")
        for _ in range(300):  # and, bounded, until its sandboxed suite is running
            if _pids_mentioning(worktrees):
                break
            time.sleep(0.1)
        time.sleep(1.0)  # let the suite reach its endless loop
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err[-3000:]
    res = json.loads(out)
    assert "interrupted" in res["stop_reason"] and res["verified"] is False
    events = events_of(res)
    assert events[-1]["type"] == "run_end"
    # the whole sandboxed process tree was killed (SIGKILL reaches a pid namespace
    # asynchronously: wait, bounded, for the kernel to finish)
    for _ in range(300):
        if not _pids_mentioning(worktrees):
            break
        time.sleep(0.1)
    assert not _pids_mentioning(worktrees)
    assert snapshot(repo) == before_snap and fixloop_branches(repo) == []
