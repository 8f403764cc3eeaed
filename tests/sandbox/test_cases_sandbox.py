"""The fixture cases for the sandbox and the test runner (tests/cases: huge-test-output,
no-tests-collected, collection-error, hang-and-orphans, network-and-secrets): each asserts the
outcome class and what the model would see, on every variant."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from conftest import Case, case, cases_of

from fixloop import sandbox as sb
from fixloop.testrun import TestRunner
from fixloop.types import Limits, Outcome


@pytest.fixture(scope="module")
def box() -> sb.Sandbox:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    return sb.BwrapSandbox()


def variants(kind: str) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("c", cases_of(kind), ids=lambda c: c.variant)


def runner(root: Path, box: sb.Sandbox, tmp_path: Path, **kw) -> TestRunner:
    kw.setdefault("limits", Limits(wall_s=60))
    return TestRunner(root, box, log_dir=tmp_path / "logs", python=sys.executable, **kw)


def procs_under(folder: Path) -> list[int]:
    """PIDs whose working folder is ``folder`` or below (processes a run left behind)."""
    found = []
    target = str(folder.resolve())
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            cwd = os.readlink(f"/proc/{name}/cwd")
            state = Path(f"/proc/{name}/stat").read_text().split(") ")[-1][:1]
        except OSError:
            continue
        if state != "Z" and (cwd == target or cwd.startswith(target + "/")):
            found.append(int(name))
    return found


@variants("huge-test-output")
def test_huge_output_is_capped_but_keeps_what_matters(c: Case, box, tmp_path):
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    rep = runner(repo, box, tmp_path).run()
    assert rep.outcome == Outcome.FAILED
    assert rep.failed == len(rep.failing_ids) == m["count"]
    out = rep.output
    assert len(out.encode()) <= 16_000
    for test_id in m["failing"]:  # the failing ids, the unfixable one too, are never hidden
        assert test_id in rep.failing_ids and test_id in out, test_id
    for text in m["shown"]:
        assert text in out, text
    assert "output cut" in out and rep.log_path and rep.log_path in out
    log = Path(rep.log_path)
    assert not log.resolve().is_relative_to(repo.resolve())
    assert log.stat().st_size > m["log_min_bytes"]
    assert m["log_has"] in log.read_text()


@variants("no-tests-collected")
def test_nothing_collected_and_bad_targets(c: Case, box, tmp_path):
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    before = sorted(p.relative_to(repo) for p in repo.rglob("*") if ".git" not in p.parts)
    r = runner(repo, box, tmp_path)
    targets = [args["target"] for _name, args in c.calls()]
    for target, outcome, text in zip(targets, m["outcomes"], m["shown"], strict=True):
        rep = r.run(target)
        assert rep.outcome == Outcome(outcome) and not rep.ok, (target, rep.outcome)
        assert text in rep.output, (target, rep.output)
        if target.startswith("-"):
            assert rep.log_path is None  # refused before anything ran
    assert not (repo / "pwned.txt").exists()  # a target is one argv item, never a shell line
    after = sorted(p.relative_to(repo) for p in repo.rglob("*") if ".git" not in p.parts)
    assert [p for p in after if "__pycache__" not in p.parts] == before
    full = r.run(pristine=True)
    assert full.outcome == Outcome.FAILED and full.failing_ids == m["failing"]


@pytest.mark.parametrize("target", ["-x", "--rootdir=/", "tests/test_slug.py | cat", "$(id)", ""])
def test_more_option_and_shell_targets_refused(target: str, box, tmp_path):
    repo = case("no-tests-collected", "helpers-only").copy(tmp_path / "repo")
    rep = runner(repo, box, tmp_path).run(target or " ")
    assert not rep.ok
    assert rep.outcome in (Outcome.USAGE_ERROR, Outcome.NO_TESTS_COLLECTED), rep.outcome


@variants("collection-error")
def test_collection_error_names_file_and_line(c: Case, box, tmp_path):
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    r = runner(repo, box, tmp_path)
    rep = r.run()
    assert rep.outcome == Outcome.COLLECTION_ERROR and not rep.ok
    assert rep.collected == 0 and rep.failed == 0
    assert rep.collection_errors[0].startswith(m["error"]), rep.collection_errors
    where = m["error"].rsplit(":", 1)[0]
    assert where in rep.output and "0 tests ran" in rep.output
    code = repo / m["file"]
    code.write_text(code.read_text().replace(m["bug"], m["fix"], 1))
    fixed = r.run(pristine=True)
    assert fixed.ok and fixed.passed == m["passed_after"]


@variants("hang-and-orphans")
def test_hang_and_orphans_time_out_and_leave_nothing(c: Case, box, tmp_path):
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    # scale the wall limit from a warm-up run of the quick test so that pytest reaches the
    # hanging test even on a loaded machine (no assertion depends on timing)
    warm = runner(repo, box, tmp_path).run(m["quick"])
    wall = max(4, round(3 * warm.duration_s))
    rep = runner(repo, box, tmp_path, limits=Limits(wall_s=wall)).run()
    assert rep.outcome == Outcome.TIMED_OUT and not rep.ok
    assert rep.output.startswith(f"timed out after {wall} s")
    assert f"still running: {m['spinning']}" in rep.output
    assert m["quick"] in rep.failing_ids  # it failed at once, before the hang
    end = time.monotonic() + 5
    while procs_under(repo) and time.monotonic() < end:
        time.sleep(0.05)
    assert procs_under(repo) == []


@variants("hang-and-orphans")
def test_stubborn_child_killed_after_the_suite_ends(c: Case, box, tmp_path):
    m = c.meta
    repo = c.copy(tmp_path / "repo")
    rep = runner(repo, box, tmp_path).run(m["child"])
    assert rep.outcome == Outcome.FAILED  # triple() is wrong; the child must not outlive the run
    assert rep.failing_ids == [m["child"]]
    end = time.monotonic() + 5
    while procs_under(repo) and time.monotonic() < end:
        time.sleep(0.05)
    assert procs_under(repo) == []


PROBE = case("network-and-secrets", "probe")


def test_no_network_no_secrets_no_home(tmp_path, monkeypatch):
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    m = PROBE.meta
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_ed25519").write_text("PRIVATE KEY fixture-5c2\n")
    monkeypatch.setenv("HOME", str(home))
    for name, value in m["env"].items():
        monkeypatch.setenv(name, value)
    box = sb.make_sandbox("auto")
    repo = PROBE.copy(tmp_path / "repo")
    rep = runner(repo, box, tmp_path).run()
    assert rep.outcome == Outcome.FAILED
    assert (rep.passed, rep.failed) == (m["passed"], m["failed"])
    assert rep.failing_ids == m["failing"]
    log = Path(rep.log_path).read_text()
    for secret in [*m["env"].values(), "fixture-5c2"]:
        assert secret not in rep.output and secret not in log


def test_unsandboxed_needs_the_flag_and_warns(tmp_path, capsys):
    with pytest.raises(Exception, match="unsandboxed"):
        sb.make_sandbox("none")
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    repo = PROBE.copy(tmp_path / "repo")
    rep = runner(repo, box, tmp_path).run(PROBE.meta["clean_env_test"])
    assert rep.ok  # the clean environment holds without a sandbox too
    assert "WITHOUT a sandbox" in capsys.readouterr().err
