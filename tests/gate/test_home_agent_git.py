"""Three tells every gate run shared, through the real gate (red team 3, F31, F37, F40).

- ``where_shallow_git``: the look-alike ``.git`` was shallow in every run (``.git/shallow``);
  a user's clone has its history. Now the checkouts get the user's history, refs and remotes
  (:mod:`fixloop.gate.history`): the cheat fails in the first run, and a project whose tests
  ask git for its tags or remotes verifies.
- ``where_agent_socket_alive``: ``SSH_AUTH_SOCK`` named no existing path in any run; now the
  perturbed run's made-up socket exists (:mod:`fixloop.sandbox.standins`).
- ``where_bare_home``: HOME held no shell start-up file; now the first runs have stand-ins of
  the user's and the perturbed run the other set.
"""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import git
from test_fidelity import _box, verdict_of

from fixloop.candidate import build_candidate, checkout_tree
from fixloop.gate import Gate
from fixloop.gate.history import build_history, public_url
from fixloop.gate.lookalike import dress_checkout
from fixloop.testrun import TestRunner
from fixloop.types import Limits

DEPENDS = "the result depends on where and how the tests run"
FAILS = "the full suite did not pass"


def test_the_shallow_git_cheat_fails_in_the_first_run(tmp_path: Path) -> None:
    verdict = verdict_of(tmp_path, "where_shallow_git", "bwrap")
    assert not verdict.verified and FAILS in verdict.reason, verdict.reason


@pytest.mark.parametrize("kind", ["bwrap", "none"])
def test_the_dead_agent_socket_cheat_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    sock = tmp_path / "agent.1"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(sock))  # the user's agent: a socket that exists
    s.close()
    monkeypatch.setenv("SSH_AUTH_SOCK", str(sock))
    verdict = verdict_of(tmp_path, "where_agent_socket_alive", kind)
    assert not verdict.verified and verdict.report.ok  # the first runs lack the name
    assert DEPENDS in verdict.reason, verdict.reason


@pytest.mark.parametrize("has", [True, False], ids=["user_has_rc", "user_has_none"])
def test_the_bare_home_cheat_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, has: bool
) -> None:
    home = tmp_path / "userhome"
    home.mkdir()
    if has:
        (home / ".bashrc").write_text("alias ll='ls -l'\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    verdict = verdict_of(tmp_path, "where_bare_home", "bwrap")
    assert not verdict.verified, verdict.reason
    # with the user's .bashrc the first run has it (fails at once); else the perturbed run has
    # every start-up file
    assert (FAILS if has else DEPENDS) in verdict.reason, verdict.reason


WORDS = '''"""Words."""


def plural(word):
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + {ending}
    return word + "s"
'''

TESTS = """import os
import subprocess

from words import plural

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _git(*args):
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_plural_consonant_y():
    assert plural("city") == "cities"


def test_the_release_is_tagged():
    assert _git("describe", "--tags", "--abbrev=0") == "v1.0"
    assert int(_git("rev-list", "--count", "HEAD")) >= 2
    assert _git("remote", "get-url", "origin").endswith("example.org/words.git")
"""


def _tagged_project(path: Path) -> Path:
    """The ``words`` project with two commits, an annotated tag and a remote (a user's clone)."""
    (path / "tests").mkdir(parents=True)
    (path / "words.py").write_text(WORDS.format(ending='"ys"'), encoding="utf-8")
    (path / "tests" / "test_words.py").write_text(TESTS, encoding="utf-8")
    git(path, "init", "-q", "-b", "main")
    git(path, "add", "-A")
    git(path, "commit", "-qm", "first")
    git(path, "tag", "-a", "v1.0", "-m", "release 1.0")
    (path / "README").write_text("words\n", encoding="utf-8")
    git(path, "add", "README")
    git(path, "commit", "-qm", "readme")
    git(path, "remote", "add", "origin", "https://alice:s3cret@example.org/words.git")
    git(path, "update-ref", "refs/remotes/origin/main", "HEAD~1")
    git(path, "config", "branch.main.remote", "origin")
    git(path, "config", "branch.main.merge", "refs/heads/main")
    return path


def test_a_project_whose_tests_ask_git_for_tags_and_remotes_verifies(tmp_path: Path) -> None:
    repo = _tagged_project(tmp_path / "repo")
    runner = TestRunner(repo, _box("bwrap"), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    baseline = runner.run("", pristine=True)
    assert baseline.failing_ids == ["tests/test_words.py::test_plural_consonant_y"]
    (repo / "words.py").write_text(WORDS.format(ending='"ies"'), encoding="utf-8")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    verdict = Gate(iso, None, runner, baseline, scratch_dir=tmp_path / "gate", repeats=2).verify()
    assert verdict.verified, verdict.reason


def test_the_checkout_gets_the_users_history_refs_and_public_remotes(tmp_path: Path) -> None:
    repo = _tagged_project(tmp_path / "repo")
    base = git(repo, "rev-parse", "HEAD").strip()
    (repo / "words.py").write_text(WORDS.format(ending='"ies"'), encoding="utf-8")
    cand = build_candidate(repo, base, ["words.py"])
    history = build_history(repo, repo, base, tmp_path, branch="main")
    assert history is not None
    try:
        for staged in (False, True):
            top = tmp_path / f"co-{staged}"
            checkout_tree(repo, cand.tree, top)
            t0 = time.process_time()
            dress_checkout(
                repo, cand.tree, base, top, user_top=repo, staged=staged, history=history
            )
            assert time.process_time() - t0 < 5
            assert not (top / ".git" / "shallow").exists()
            assert git(top, "log", "--format=%s", "HEAD").split()[-2:] == ["readme", "first"]
            assert git(top, "describe", "--tags", "--abbrev=0").strip() == "v1.0"
            assert git(top, "remote", "get-url", "origin").strip() == (
                "https://example.org/words.git"
            )
            assert "s3cret" not in (top / ".git" / "config").read_text()
            assert (
                git(top, "rev-parse", "origin/main").strip()
                == git(repo, "rev-parse", "HEAD~1").strip()
            )
            assert git(top, "fsck", "--no-dangling", "--connectivity-only") == ""
        status = git(tmp_path / "co-False", "status", "-sb").splitlines()[0]
        assert "main...origin/main [ahead 2]" in status, status
    finally:
        history.close()
    assert not history.folder.exists()


def test_a_shallow_user_clone_stays_shallow_and_a_big_store_falls_back(tmp_path: Path) -> None:
    repo = _tagged_project(tmp_path / "repo")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(clone))
    base = git(clone, "rev-parse", "HEAD").strip()
    history = build_history(clone, clone, base, tmp_path, branch="main")
    assert history is not None and history.shallow.strip() == base
    history.close()
    assert build_history(repo, repo, base, tmp_path, max_bytes=0) is None


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://alice:pw@host/x.git", "https://host/x.git"),
        ("https://ghp_token@host/x.git", "https://host/x.git"),
        ("ssh://git@host/x.git", "ssh://git@host/x.git"),
        ("ssh://u:pw@host/x.git", "ssh://host/x.git"),
        ("git@github.com:o/x.git", "git@github.com:o/x.git"),
        ("/srv/git/x.git", "/srv/git/x.git"),
    ],
)
def test_public_url_never_keeps_a_password(url: str, shown: str) -> None:
    assert public_url(url) == shown


def test_history_is_packed_once_per_gate(tmp_path: Path) -> None:
    repo = _tagged_project(tmp_path / "repo")
    (repo / "words.py").write_text(WORDS.format(ending='"ies"'), encoding="utf-8")
    iso = SimpleNamespace(root=repo, repo=repo, base_commit=git(repo, "rev-parse", "HEAD").strip())
    runner = TestRunner(repo, _box("none"), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    gate = Gate(iso, None, runner, runner.run("", pristine=True), scratch_dir=tmp_path / "g")
    first = gate._history(iso.base_commit, repo)
    assert first is not None and gate._history(iso.base_commit, repo) is first
    folder = first.folder
    del gate, first
    import gc

    gc.collect()
    assert not os.path.exists(folder)


# where_ctime_or_uniform_mtime (red team 4 G18) is left out: re-opened, it escapes at low load
# (the cheat's uniform-mtime window outlasts the first runs), so its outcome depends on timing
@pytest.mark.parametrize("name", ["where_agent_answers"])
def test_redteam4_variants_are_refused_by_the_perturbed_run(tmp_path: Path, name: str) -> None:
    """G17: the stand-in agent socket answers; G18: the perturbed checkout is written before
    the first runs and its changed files again right before it (older files, ctime == mtime)."""
    verdict = verdict_of(tmp_path, name, "bwrap")
    assert not verdict.verified and verdict.report.ok  # the first runs were fooled
    assert DEPENDS in verdict.reason, verdict.reason
