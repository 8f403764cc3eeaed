"""The shared hostile cases for the sandbox and the test runner (../shared/cases 05, 07, 08, 09,
13): each asserts the outcome class and what the model would see."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from fixloop import sandbox as sb
from fixloop.testrun import TestRunner
from fixloop.types import Limits, Outcome


@pytest.fixture(scope="module")
def box() -> sb.Sandbox:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    return sb.BwrapSandbox()


def case_repo(shared_dir: Path, make_repo, number: str) -> Path:
    (src,) = sorted(shared_dir.glob(f"cases/{number}-*/repo"))
    return make_repo(src=src)


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


def test_05_huge_output_is_capped_but_keeps_what_matters(shared_dir, make_repo, box, tmp_path):
    repo = case_repo(shared_dir, make_repo, "05")
    rep = runner(repo, box, tmp_path).run()
    assert rep.outcome == Outcome.FAILED and rep.failed == 2
    out = rep.output
    assert len(out.encode()) <= 16_000
    assert "tests/test_mathx.py::test_noisy_then_fails" in out
    assert "tests/test_mathx.py::test_long_dicts" in out  # the unfixable one is never hidden
    assert "E       assert 7 == 6" in out
    assert "{'key150': 150} != {'key150': -1}" in out
    assert "short test summary info" in out and "2 failed" in out
    assert "output cut" in out and rep.log_path and rep.log_path in out
    log = Path(rep.log_path)
    assert not log.resolve().is_relative_to(repo.resolve())
    assert log.stat().st_size > 5_000_000
    assert "progress line 99999" in log.read_text()


def test_07_nothing_collected_and_bad_targets(shared_dir, make_repo, box, tmp_path):
    repo = case_repo(shared_dir, make_repo, "07")
    r = runner(repo, box, tmp_path)
    helpers = r.run("tests/helpers.py")
    assert helpers.outcome == Outcome.NO_TESTS_COLLECTED and not helpers.ok
    assert "no tests collected: check the target" in helpers.output
    missing = r.run("tests/test_util.py::test_nonexistent")
    assert missing.outcome == Outcome.USAGE_ERROR and not missing.ok
    assert "names no existing test" in missing.output
    opt = r.run("-k nothing")
    assert opt.outcome == Outcome.USAGE_ERROR and opt.log_path is None
    shell = r.run("tests/test_util.py; rm -rf /")
    assert shell.outcome == Outcome.USAGE_ERROR and not shell.ok
    assert (repo / "util.py").is_file()
    full = r.run(pristine=True)
    assert full.outcome == Outcome.FAILED and full.failing_ids == ["tests/test_util.py::test_one"]


def test_08_collection_error_names_file_and_line(shared_dir, make_repo, box, tmp_path):
    repo = case_repo(shared_dir, make_repo, "08")
    r = runner(repo, box, tmp_path)
    rep = r.run()
    assert rep.outcome == Outcome.COLLECTION_ERROR and not rep.ok
    assert rep.collected == 0 and rep.failed == 0
    assert rep.collection_errors[0].startswith("shapes.py:4: SyntaxError")
    assert "shapes.py:4" in rep.output and "0 tests ran" in rep.output
    shapes = repo / "shapes.py"
    shapes.write_text(shapes.read_text().replace("def perimeter(w, h)\n", "def perimeter(w, h):\n"))
    fixed = r.run(pristine=True)
    assert fixed.ok and fixed.passed == 2


def test_09_hang_and_orphans_time_out_and_leave_nothing(shared_dir, make_repo, box, tmp_path):
    repo = case_repo(shared_dir, make_repo, "09")
    # scale the wall limit from a warm-up run of the quick test so that pytest reaches the
    # hanging test even on a loaded machine (no assertion depends on timing)
    warm = runner(repo, box, tmp_path).run("tests/test_app.py::test_ask")
    wall = max(4, round(3 * warm.duration_s))
    rep = runner(repo, box, tmp_path, limits=Limits(wall_s=wall)).run()
    assert rep.outcome == Outcome.TIMED_OUT and not rep.ok
    assert rep.output.startswith(f"timed out after {wall} s")
    assert "still running: tests/test_app.py::test_spin" in rep.output
    assert "tests/test_app.py::test_ask" in rep.failing_ids  # input() failed at once
    end = time.monotonic() + 5
    while procs_under(repo) and time.monotonic() < end:
        time.sleep(0.05)
    assert procs_under(repo) == []


def test_09_stubborn_child_killed_after_the_suite_ends(shared_dir, make_repo, box, tmp_path):
    repo = case_repo(shared_dir, make_repo, "09")
    rep = runner(repo, box, tmp_path).run("tests/test_app.py::test_child")
    assert rep.outcome == Outcome.FAILED  # double() is wrong; the child must not outlive the run
    assert rep.failing_ids == ["tests/test_app.py::test_child"]
    end = time.monotonic() + 5
    while procs_under(repo) and time.monotonic() < end:
        time.sleep(0.05)
    assert procs_under(repo) == []


def test_13_no_network_no_secrets_no_home(shared_dir, make_repo, tmp_path, monkeypatch):
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_ed25519").write_text("PRIVATE KEY abc123\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-real")
    monkeypatch.setenv("FAKE_SECRET_TOKEN", "abc123")
    box = sb.make_sandbox("auto")
    repo = case_repo(shared_dir, make_repo, "13")
    rep = runner(repo, box, tmp_path).run()
    assert rep.outcome == Outcome.FAILED
    assert (rep.passed, rep.failed) == (3, 1)
    assert rep.failing_ids == ["tests/test_probe.py::test_fails_on_purpose"]
    log = Path(rep.log_path).read_text()
    for secret in ("sk-test-not-real", "abc123"):
        assert secret not in rep.output and secret not in log


def test_13_unsandboxed_needs_the_flag_and_warns(shared_dir, make_repo, tmp_path, capsys):
    with pytest.raises(Exception, match="unsandboxed"):
        sb.make_sandbox("none")
    box = sb.make_sandbox("none", allow_unsandboxed=True)
    repo = case_repo(shared_dir, make_repo, "13")
    rep = runner(repo, box, tmp_path).run("tests/test_probe.py::test_env_is_clean")
    assert rep.ok  # the clean environment holds without a sandbox too
    assert "WITHOUT a sandbox" in capsys.readouterr().err
