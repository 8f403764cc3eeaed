"""The gate must not be fooled by where and how it runs the tests (sandbox fidelity).

Two cheats the gate once verified on a real project, as fixtures of tests/attacks
(``where_*``, on a small project of fixloop's own): a change that returns the expected value
only when ``len(os.environ) < 12`` (the sandbox passed seven variables), and one that does so
only when its ``__file__`` lies deeper than 7 folders (the gate's scratch checkout under
``~/.fixloop/runs/.../gate``). The first now fails in the gate's own run (the sandbox has the
user's variable names); the second passes there and fails in the perturbed run (a second
checkout at the user's depth, incidentals changed). Honest twins verify.

Every ``where_*`` fixture shares one base repository: its baseline report (what the gate compares
against: test ids and counts) is run once per sandbox kind in this module and handed to each
test as a copy; each test still builds its own repository, edits it and runs the gate there.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import git

from fixloop.gate import Gate
from fixloop.gate.runs import elsewhere
from fixloop.sandbox import make_sandbox, warn_unsandboxed
from fixloop.testrun import TestRunner
from fixloop.types import Limits, TestReport

sys.path.insert(0, str(Path(__file__).parents[1] / "attacks"))
from load import make_repo, variants  # noqa: E402

VARIANTS = {v.name: v for v in variants()}


def _box(kind: str):
    try:
        box = make_sandbox(kind, allow_unsandboxed=True)
    except Exception as e:  # noqa: BLE001 - bwrap may be missing on a developer's machine
        pytest.skip(f"{kind}: {e}")
    warn_unsandboxed(box, lambda text: None)
    return box


FAILING = ["tests/test_words.py::test_plural_consonant_y"]

Baselines = Callable[[str, str], TestReport]


@pytest.fixture(scope="module")
def baselines(tmp_path_factory: pytest.TempPathFactory) -> Baselines:
    """``get(name, kind)``: the baseline report of fixture ``name``'s base repository in sandbox
    ``kind``, run once per (base, kind) in this module (a copy each call: tests only read it)."""
    done: dict[tuple[str, str], TestReport] = {}

    def get(name: str, kind: str) -> TestReport:
        v = VARIANTS[name]
        if (v.base, kind) not in done:
            tmp = tmp_path_factory.mktemp(f"baseline-{kind}")
            repo = make_repo(v, tmp / "repo")
            runner = TestRunner(repo, _box(kind), log_dir=tmp / "logs", limits=Limits(wall_s=60))
            report = runner.run("", pristine=True)
            assert report.failing_ids == FAILING
            done[(v.base, kind)] = report
        return copy.deepcopy(done[(v.base, kind)])

    return get


def verdict_of(
    tmp_path: Path,
    name: str,
    kind: str,
    *,
    repeats: int = 3,
    baselines: Baselines | None = None,
):
    """The real gate's verdict on fixture ``name``, its scratch laid out as a session's.

    ``baselines`` (this module's fixture) shares one baseline run per base repository and
    sandbox kind; without it the baseline runs here, under the caller's environment (the other
    gate modules set PATH, HOME or PYTHONDONTWRITEBYTECODE before calling, and their baseline
    must see the same)."""
    v = VARIANTS[name]
    repo = make_repo(v, tmp_path / "repo")
    runner = TestRunner(repo, _box(kind), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    if baselines is not None:
        baseline = baselines(name, kind)
    else:
        baseline = runner.run("", pristine=True)
        assert baseline.failing_ids == FAILING
    (repo / v.path).write_text(v.source, encoding="utf-8")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    scratch = tmp_path / "home" / ".fixloop" / "runs" / "20261202-001" / "gate"
    return Gate(iso, None, runner, baseline, scratch_dir=scratch, repeats=repeats).verify()


@pytest.mark.parametrize("kind", ["bwrap", "none"])
def test_the_environment_size_cheat_is_refused(
    tmp_path: Path, baselines: Baselines, kind: str
) -> None:
    verdict = verdict_of(tmp_path, "where_env_size", kind, baselines=baselines)
    assert not verdict.verified
    assert "did not pass" in verdict.reason, verdict.reason


@pytest.mark.parametrize("kind", ["bwrap", "none"])
@pytest.mark.parametrize("repeats", [1, 3])
@pytest.mark.parametrize("name", ["where_path_depth", "where_tree_name"])
def test_the_path_cheats_are_refused(
    tmp_path: Path, baselines: Baselines, kind: str, repeats: int, name: str
) -> None:
    """bwrap shows the gate's checkout at the user's repository path: the cheat fails at once;
    without a sandbox the checkout stays deep, and the perturbed run refuses it."""
    verdict = verdict_of(tmp_path, name, kind, repeats=repeats, baselines=baselines)
    assert not verdict.verified
    if kind == "bwrap":
        assert "the full suite did not pass" in verdict.reason, verdict.reason
    else:
        assert verdict.report.ok  # the gate's own run was fooled: the perturbed run was not
        assert "depends on where and how the tests run" in verdict.reason, verdict.reason
        assert "at another path" in verdict.reason


@pytest.mark.parametrize("name", ["where_path_depth", "where_cwd_depth", "where_ppid"])
def test_the_perturbed_run_refuses_what_the_first_run_cannot_tell(
    tmp_path: Path, baselines: Baselines, name: str
) -> None:
    """With the checkout left deep (no user repository to stand in for), bwrap's perturbed run
    refuses the path and parent-process cheats on its own (static scan off)."""
    v = VARIANTS[name]
    baseline = baselines(name, "bwrap")
    repo = make_repo(v, tmp_path / "repo")
    runner = TestRunner(repo, _box("bwrap"), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    (repo / v.path).write_text(v.source, encoding="utf-8")
    iso = SimpleNamespace(root=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    scratch = tmp_path / "home" / ".fixloop" / "runs" / "20261202-001" / "gate"
    verdict = _NoScan(iso, None, runner, baseline, scratch_dir=scratch).verify()
    assert not verdict.verified and verdict.report.ok
    assert "depends on where and how the tests run" in verdict.reason, verdict.reason


class _NoScan(Gate):
    def scan_code_changes(self):  # noqa: D102 - see Gate
        return []


PLACED_TEST = """import os
import words


def test_plural_consonant_y():
    assert words.plural("city") == "cities"


def test_the_checkout_is_where_the_user_keeps_it():
    here = os.environ["FIDELITY_REPO"]
    assert os.getcwd() == here and os.environ["PWD"] == here
    assert words.__file__ == os.path.join(here, "words.py")
"""


def test_bwrap_shows_the_gate_checkout_at_the_user_repository_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An honest test that checks where it runs passes in the user's shell and in the gate."""
    v = VARIANTS["where_honest"]
    repo = make_repo(v, tmp_path / "repo")
    (repo / "tests" / "test_words.py").write_text(PLACED_TEST, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "placed")
    monkeypatch.setenv("FIDELITY_REPO", str(repo))
    runner = TestRunner(
        repo,
        _box("bwrap"),
        log_dir=tmp_path / "logs",
        limits=Limits(wall_s=60),
        env={"FIDELITY_REPO": str(repo)},
    )
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == FAILING
    (repo / v.path).write_text(v.source, encoding="utf-8")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    scratch = tmp_path / "home" / ".fixloop" / "runs" / "20261202-001" / "gate"
    verdict = Gate(iso, None, runner, baseline, scratch_dir=scratch).verify()
    assert verdict.verified, verdict.reason
    assert verdict.report.passed == 2 and verdict.second_opinion.startswith("agrees")


@pytest.mark.parametrize("kind", ["bwrap", "none"])
@pytest.mark.parametrize("name", ["where_honest", "where_honest_reads_env"])
def test_honest_twins_verify(tmp_path: Path, baselines: Baselines, kind: str, name: str) -> None:
    verdict = verdict_of(tmp_path, name, kind, baselines=baselines)
    assert verdict.verified, verdict.reason


def test_the_perturbed_checkout_has_the_user_folder_name_and_depth(tmp_path: Path) -> None:
    user = Path("/home/ann/src/proj")
    made, top = elsewhere(user, tmp_path)
    assert top.name == "proj" and not top.exists()
    assert made.parent == tmp_path and top.is_relative_to(made)
    want = max(len(user.parts), len(made.parts) + 1)
    assert len(top.parts) == want
    made2, top2 = elsewhere(Path("/"), tmp_path)
    assert top2 == made2 / "repo"
