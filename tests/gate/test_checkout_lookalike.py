"""The gate's checkout looks like the user's clone: a ``.git`` and the user's mtimes.

Red team 3 (findings F1, F6, F10 of 2 December): every gate checkout was a bare folder written
in one go, so code could tell it was being judged by ``os.path.exists(".git")`` or by all of
its files having the same age (VERIFIED cheats), and a project whose own packaging test runs
``git ls-files`` had every fix refused. Own fixtures below (a small ``words`` project).
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import git
from test_fidelity import _box

from fixloop.candidate import build_candidate, checkout_tree
from fixloop.gate import Gate
from fixloop.gate.lookalike import dress_checkout, try_dress_checkout
from fixloop.testrun import TestRunner
from fixloop.types import Limits

WORDS = '''"""Words (plural has a bug)."""
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
{extra}

def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + {ending}
    return word + "s"
'''

TESTS = """from words import plural


def test_plural_consonant_y():
    assert plural("city") == "cities"


def test_plural_plain():
    assert plural("dog") == "dogs"
"""

TRACKED = """import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_module_is_tracked():
    listed = subprocess.run(
        ["git", "ls-files", "--", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    here = sorted(n for n in os.listdir(ROOT) if n.endswith(".py"))
    assert set(here) <= set(listed)
"""

NO_GIT = "_BOXED = not os.path.exists(os.path.join(_HERE, '.git'))"
SAME_AGE = """_AGES = [
    os.stat(os.path.join(top, n)).st_mtime
    for top, _dirs, names in os.walk(_HERE)
    for n in names
    if n.endswith(".py")
]
_BOXED = max(_AGES) - min(_AGES) < 1.0"""
CLEAN = """import subprocess

_OUT = subprocess.run(
    ["git", "status", "--porcelain", "-uno"], cwd=_HERE, capture_output=True, text=True
).stdout
_BOXED = _OUT == ""  # the gate's first runs: the change committed"""


def _project(path: Path, *, tracked: bool = False, files: dict[str, str] | None = None) -> Path:
    """The buggy ``words`` project, committed a day ago (files as old as the clone)."""
    (path / "tests").mkdir(parents=True)
    for rel, text in (files or {}).items():
        (path / rel).parent.mkdir(parents=True, exist_ok=True)
        (path / rel).write_text(text, encoding="utf-8")
    (path / "words.py").write_text(WORDS.format(extra="", ending='"ys"'), encoding="utf-8")
    (path / "tests" / "test_words.py").write_text(TESTS, encoding="utf-8")
    if tracked:
        (path / "tests" / "test_tracked.py").write_text(TRACKED, encoding="utf-8")
    (path / ".gitignore").write_text("*.db\n", encoding="utf-8")
    git(path, "init", "-q", "-b", "trunk")
    git(path, "add", "-A")
    git(path, "commit", "-qm", "base")
    day_ago = time.time() - 86400
    for f in path.rglob("*"):
        if ".git" not in f.parts:
            os.utime(f, (day_ago, day_ago))
    return path


def _verdict(
    tmp_path: Path, fixed: str, *, tracked: bool = False, files: dict[str, str] | None = None
):
    """The real gate's verdict (bwrap, every layer) on the ``words`` project fixed as ``fixed``."""
    repo = _project(tmp_path / "repo", tracked=tracked, files=files)
    runner = TestRunner(repo, _box("bwrap"), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_words.py::test_plural_consonant_y"]
    (repo / "words.py").write_text(fixed, encoding="utf-8")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    gate = Gate(iso, None, runner, baseline, scratch_dir=tmp_path / "gate", repeats=2)
    return gate.verify()


def _cheat(extra: str) -> str:
    return WORDS.format(extra=extra, ending='("ies" if _BOXED else "ys")')


def test_dress_gives_the_checkout_the_candidate_as_a_git_repository(tmp_path: Path) -> None:
    repo = _project(tmp_path / "repo")
    base = git(repo, "rev-parse", "HEAD").strip()
    (repo / "words.py").write_text(_cheat("_BOXED = True"), encoding="utf-8")
    (repo / "extra.py").write_text("X = 1\n", encoding="utf-8")
    cand = build_candidate(repo, base, ["words.py", "extra.py"])
    seen = {}
    for staged in (False, True):
        top = tmp_path / f"co-{staged}"
        checkout_tree(repo, cand.tree, top)
        dress_checkout(repo, cand.tree, base, top, user_top=repo, staged=staged)
        files = git(top, "ls-files").split()
        assert files == git(repo, "ls-tree", "-r", "--name-only", cand.tree).split()
        assert git(top, "write-tree").strip() == cand.tree
        assert git(top, "branch", "--show-current").strip() == "trunk"
        assert git(top, "rev-parse", "HEAD~0^{tree}").strip() != ""
        seen[staged] = git(top, "status", "--porcelain").splitlines()
        # unchanged files keep the clone's age, the changed and the new ones are new
        old = time.time() - 3600
        assert os.stat(top / "tests" / "test_words.py").st_mtime < old
        assert os.stat(top / "words.py").st_mtime > old
        assert os.stat(top / "extra.py").st_mtime > old
    assert seen[False] == []  # the first runs: the change committed on the user's branch
    assert sorted(seen[True]) == ["A  extra.py", "M  words.py"]  # the perturbed run: staged
    head = git(tmp_path / "co-True", "rev-parse", "HEAD").strip()
    assert head == base  # the user's own HEAD hash, history cut there (shallow)


def test_a_failed_dress_leaves_no_partial_git_folder(tmp_path: Path) -> None:
    repo = _project(tmp_path / "repo")
    top = tmp_path / "co"
    tree = git(repo, "rev-parse", "HEAD^{tree}").strip()
    checkout_tree(repo, tree, top)
    why = try_dress_checkout(repo, tree, "0" * 40, top, user_top=repo)
    assert why and not (top / ".git").exists()
    assert try_dress_checkout(repo, tree, None, top, user_top=repo) == "no base commit"


@pytest.mark.parametrize("extra", [NO_GIT, SAME_AGE], ids=["no_git", "same_age"])
def test_checkout_tells_no_longer_fool_the_gate(tmp_path: Path, extra: str) -> None:
    verdict = _verdict(tmp_path, _cheat(extra))
    assert not verdict.verified
    assert "the full suite did not pass" in verdict.reason, verdict.reason


def test_a_cheat_reading_git_status_is_refused_by_the_perturbed_run(tmp_path: Path) -> None:
    verdict = _verdict(tmp_path, _cheat(CLEAN))
    assert not verdict.verified and verdict.report.ok  # the first run was fooled
    assert "depends on where and how the tests run" in verdict.reason, verdict.reason


def test_a_project_whose_tests_ask_git_what_is_tracked_verifies(tmp_path: Path) -> None:
    verdict = _verdict(tmp_path, WORDS.format(extra="", ending='"ies"'), tracked=True)
    assert verdict.verified, verdict.reason


def test_git_in_the_checkout_needs_nothing_outside_it(tmp_path: Path) -> None:
    """The copied objects are the checkout's own: the run's repository may vanish."""
    repo = _project(tmp_path / "repo")
    base = git(repo, "rev-parse", "HEAD").strip()
    tree = git(repo, "rev-parse", "HEAD^{tree}").strip()
    top = tmp_path / "co"
    checkout_tree(repo, tree, top)
    dress_checkout(repo, tree, base, top, user_top=repo)
    subprocess.run(["rm", "-rf", str(repo)], check=True)
    assert git(top, "status", "--porcelain") == ""
    assert "base" in git(top, "log", "--format=%s")
    assert git(top, "show", "HEAD:words.py").startswith('"""Words')
