"""Git isolation in each git state a user may be in (detached, dirty, no commit), on fixtures.

Every working case checks that the user's ``git status --porcelain=v2 --branch`` output and HEAD
are byte-identical before and after the run, and that the run's branch holds its commit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import case, git, init_repo

from fixloop.errors import GitStateError, UsageError
from fixloop.vcs import JUNK_PATTERNS, isolate, unlock_checkout

CALC = "def add(a, b):\n    return a - b\n"
TEST = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "fixloop-home"
    monkeypatch.setenv("FIXLOOP_HOME", str(home))
    # no identity from the environment: finish() must supply one itself
    for var in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "no-global-gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    return home


def snapshot(repo: Path) -> tuple[bytes, bytes, bytes]:
    """The user's view: porcelain v2 status with branch header, HEAD file, and HEAD commit."""
    status = subprocess.run(
        ["git", "status", "--porcelain=v2", "--branch", "--untracked-files=all"],
        cwd=repo,
        capture_output=True,
        check=True,
    ).stdout
    head_file = (repo / ".git" / "HEAD").read_bytes()
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, check=True
    ).stdout
    return status, head_file, head


def fix_and_finish(iso, rel: str = "calc.py") -> str:
    p = iso.root / rel
    p.write_text(p.read_text().replace("a - b", "a + b"))
    head = iso.finish("fixloop: verified fix")
    assert head is not None
    return head


def branch_file(repo: Path, branch: str, path: str) -> str:
    return git(repo, "show", f"{branch}:{path}")


def test_clean_repo_worktree_outside_and_commit_on_branch(make_repo, _home: Path) -> None:
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TEST})
    before = snapshot(repo)
    iso = isolate(repo, "r1")
    assert iso.branch == "fixloop/r1"
    assert iso.root == iso.worktree
    assert iso.worktree.is_relative_to(_home)
    assert not iso.worktree.is_relative_to(repo)
    assert iso.uncommitted == []
    assert iso.files_changed() == [] and iso.diff() == ""
    head = fix_and_finish(iso)
    assert snapshot(repo) == before
    assert (repo / "calc.py").read_text() == CALC  # the user's file is untouched
    assert git(repo, "rev-parse", iso.branch).strip() == head
    assert git(repo, "rev-parse", f"{iso.branch}~1").strip() == iso.base_commit
    assert "a + b" in branch_file(repo, iso.branch, "calc.py")
    author = git(repo, "log", "-1", "--format=%an <%ae>", iso.branch).strip()
    assert author == "fixloop <fixloop@localhost>"
    assert iso.files_changed() == ["calc.py"]
    assert "-    return a - b\n+    return a + b" in iso.diff()
    hint = iso.review_hint()
    assert f"git -C {repo} diff {iso.base_commit[:12]}..{iso.branch}" in hint
    assert f"merge {iso.branch}" in hint and "worktree remove" in hint


def test_detached_head_branches_from_head_commit(make_repo) -> None:
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TEST})
    first = git(repo, "rev-parse", "HEAD").strip()
    (repo / "extra.py").write_text("X = 1\n")
    git(repo, "add", "extra.py")
    git(repo, "commit", "-q", "-m", "second")
    git(repo, "checkout", "-q", "--detach", first)
    before = snapshot(repo)
    iso = isolate(repo, "detached")
    assert iso.base_commit == first
    assert iso.original_head == first
    assert not (iso.root / "extra.py").exists()
    fix_and_finish(iso)
    assert snapshot(repo) == before
    assert git(repo, "rev-parse", "HEAD").strip() == first


def test_in_place_on_a_detached_head_is_on_no_branch(make_repo) -> None:
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TEST})
    head = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "--detach")
    iso = isolate(repo, "ipd", in_place=True)
    assert iso.branch == "" and iso.original_head == head == iso.base_commit
    hint = iso.review_hint()
    assert f"on a detached HEAD at {head[:12]}" in hint and f"on {head}" not in hint
    assert git(repo, "rev-parse", "HEAD").strip() == head  # still detached
    unlock_checkout(iso.repo)


def test_dirty_and_untracked_are_reported_and_not_touched(make_repo) -> None:
    repo = make_repo({"calc.py": CALC, "util.py": "U = 1\n", "tests/test_calc.py": TEST})
    (repo / "util.py").write_text("U = 2  # my unsaved work\n")
    (repo / "notes.txt").write_text("draft\n")
    git(repo, "add", "notes.txt")  # staged, too
    (repo / "scratch.py").write_text("print('mine')\n")
    before = snapshot(repo)
    index_before = (repo / ".git" / "index").read_bytes()
    iso = isolate(repo, "dirty")
    assert sorted(iso.uncommitted) == ["notes.txt", "scratch.py", "util.py"]
    # the worktree has the committed versions only
    assert (iso.root / "util.py").read_text() == "U = 1\n"
    assert not (iso.root / "scratch.py").exists()
    fix_and_finish(iso)
    iso.diff()
    assert snapshot(repo) == before
    assert (repo / ".git" / "index").read_bytes() == index_before
    assert (repo / "util.py").read_text() == "U = 2  # my unsaved work\n"
    assert (repo / "scratch.py").read_text() == "print('mine')\n"
    assert branch_file(repo, iso.branch, "util.py") == "U = 1\n"


def test_no_commit_yet(make_repo) -> None:
    repo = make_repo({"calc.py": CALC}, commit=False)
    before = subprocess.run(["git", "status", "--porcelain=v2"], cwd=repo, capture_output=True)
    with pytest.raises(GitStateError) as ei:
        isolate(repo, "r")
    msg = str(ei.value)
    assert "no commit yet" in msg and "\n" not in msg
    after = subprocess.run(["git", "status", "--porcelain=v2"], cwd=repo, capture_output=True)
    assert before.stdout == after.stdout
    assert ei.value.exit_code == 2


def test_not_a_repository(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "calc.py").write_text(CALC)
    with pytest.raises(GitStateError) as ei:
        isolate(plain, "r")
    assert "not inside a git repository" in str(ei.value)
    assert "\n" not in str(ei.value)
    assert not (plain / ".git").exists()


def test_a_repository_of_another_owner_is_named_as_such(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    # git's safe.directory check (a checkout unpacked as root keeps the archive's owner) used
    # to read as "not inside a git repository", whose `git init && git add -A` advice fails
    # there too. git's own test switch makes it see another owner without needing root.
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TEST})
    monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
    with pytest.raises(GitStateError) as ei:
        isolate(repo, "r")
    msg = str(ei.value)
    assert msg.startswith(f"git refuses the repository at {repo}: it is owned by another user")
    assert f"git config --global --add safe.directory {repo}`" in msg and "chown -R" in msg
    assert "not inside a git repository" not in msg and "\n" not in msg
    assert ei.value.exit_code == 2


def test_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        isolate(tmp_path / "nope", "r")


def test_already_on_a_fixloop_branch(make_repo) -> None:
    repo = make_repo({"calc.py": CALC, "tests/test_calc.py": TEST})
    git(repo, "switch", "-q", "-c", "fixloop/old-run")
    before = snapshot(repo)
    iso = isolate(repo, "old-run")  # even the same run id gets a new, unique branch
    assert iso.branch == "fixloop/old-run-2"
    assert iso.original_head == "fixloop/old-run"
    fix_and_finish(iso)
    assert snapshot(repo) == before
    assert branch_file(repo, "fixloop/old-run", "calc.py") == CALC
    assert "a + b" in branch_file(repo, "fixloop/old-run-2", "calc.py")
    iso2 = isolate(repo, "old-run")
    assert iso2.branch == "fixloop/old-run-3"
    assert iso2.worktree != iso.worktree


def test_subfolder_path(make_repo) -> None:
    repo = make_repo(
        {
            "README.md": "top\n",
            "examples/calc/calc.py": CALC,
            "examples/calc/tests/test_calc.py": TEST,
        }
    )
    before = snapshot(repo)
    iso = isolate(repo / "examples" / "calc", "sub")
    assert iso.subpath == "examples/calc"
    assert iso.root == iso.worktree / "examples" / "calc"
    assert iso.source == (repo / "examples" / "calc").resolve()
    assert (iso.root / "calc.py").is_file()
    assert iso.base_files() == ["calc.py", "tests/test_calc.py"]
    assert iso.base_bytes("calc.py") == CALC.encode()
    assert iso.base_bytes("./tests/../calc.py") == CALC.encode()
    assert iso.base_bytes("../../README.md") is None
    assert iso.base_bytes("new.py") is None
    (iso.worktree / "README.md").write_text("changed outside the workspace\n")
    (iso.root / "helper.py").write_text("H = 1\n")
    fix_and_finish(iso)
    assert sorted(iso.files_changed()) == ["calc.py", "helper.py"]
    assert "a/examples/calc/calc.py" in iso.diff()
    assert "README.md" not in iso.diff()
    assert snapshot(repo) == before
    assert branch_file(repo, iso.branch, "README.md") == "top\n"
    assert branch_file(repo, iso.branch, "examples/calc/helper.py") == "H = 1\n"


def test_uncommitted_subfolder_is_refused(make_repo) -> None:
    repo = make_repo({"a.py": "A = 1\n"})
    (repo / "new").mkdir()
    (repo / "new" / "b.py").write_text("B = 1\n")
    with pytest.raises(GitStateError, match="no committed files"):
        isolate(repo / "new", "r")


def test_new_files_in_diff_and_junk_left_out(make_repo) -> None:
    repo = make_repo({"calc.py": CALC})
    iso = isolate(repo, "junk")
    (iso.root / "new_mod.py").write_text("N = 1\n")
    (iso.root / "__pycache__").mkdir()
    (iso.root / "__pycache__" / "calc.cpython-311.pyc").write_bytes(b"\0junk")
    (iso.root / ".pytest_cache").mkdir()
    (iso.root / ".pytest_cache" / "README.md").write_text("x")
    (iso.root / "stray.pyc").write_bytes(b"\0")
    (iso.root / ".coverage.host.123").write_text("c")
    (iso.root / "pkg").mkdir()
    (iso.root / "pkg" / "mod.py").write_text("M = 1\n")
    assert iso.files_changed() == ["new_mod.py", "pkg/mod.py"]
    assert "+N = 1" in iso.diff()
    assert "__pycache__" in JUNK_PATTERNS
    head = iso.finish("wip")
    files = git(repo, "ls-tree", "-r", "--name-only", head).split()
    assert sorted(files) == ["calc.py", "new_mod.py", "pkg/mod.py"]
    # diff() left the worktree's own index alone, and nothing remains uncommitted
    assert iso.finish("again") == head


def test_finish_without_change_returns_none(make_repo) -> None:
    repo = make_repo({"calc.py": CALC})
    iso = isolate(repo, "none")
    assert iso.finish("nothing") is None
    assert "No change was committed" in iso.review_hint()
    assert git(repo, "rev-parse", iso.branch).strip() == iso.base_commit


def test_user_identity_used_and_hooks_never_run(make_repo) -> None:
    repo = make_repo({"calc.py": CALC})
    git(repo, "config", "user.name", "Ada")
    git(repo, "config", "user.email", "ada@example.invalid")
    marker = repo.parent / "hook-ran"
    hooks = repo / ".git" / "hooks"
    for name in ("pre-commit", "commit-msg", "post-commit", "post-checkout"):
        h = hooks / name
        h.write_text(f"#!/bin/sh\necho {name} >> {marker}\nexit 1\n")
        h.chmod(0o755)
    iso = isolate(repo, "hooks")
    head = fix_and_finish(iso)
    assert not marker.exists()
    assert git(repo, "log", "-1", "--format=%an", head).strip() == "Ada"


def test_remove_worktree_keeps_branch(make_repo) -> None:
    repo = make_repo({"calc.py": CALC})
    iso = isolate(repo, "rm")
    (iso.root / "calc.py").write_text("changed\n")
    with pytest.raises(GitStateError, match="uncommitted"):
        iso.remove_worktree()
    head = iso.finish("wip")
    iso.remove_worktree()
    assert not iso.worktree.exists()
    assert git(repo, "rev-parse", iso.branch).strip() == head
    assert str(iso.worktree) not in git(repo, "worktree", "list")
    iso.remove_worktree()  # idempotent


def test_in_place_refuses_dirty_tree(make_repo) -> None:
    repo = make_repo({"calc.py": CALC})
    (repo / "calc.py").write_text("dirty\n")
    before = snapshot(repo)
    with pytest.raises(GitStateError, match="clean working tree"):
        isolate(repo, "ip", in_place=True)
    assert snapshot(repo) == before
    (repo / "calc.py").write_text(CALC)
    (repo / "untracked.py").write_text("u\n")
    with pytest.raises(GitStateError, match="untracked.py"):
        isolate(repo, "ip", in_place=True)


def test_in_place_stays_on_its_branch_and_leaves_change_uncommitted(make_repo) -> None:
    repo = make_repo({"calc.py": CALC})
    index_before = (repo / ".git" / "index").read_bytes()
    iso = isolate(repo, "ip", in_place=True)
    assert iso.in_place and iso.root == repo.resolve()
    # the checkout never leaves its branch, and no fixloop branch is made
    assert git(repo, "symbolic-ref", "--short", "HEAD").strip() == "main" == iso.branch
    assert "fixloop/" not in git(repo, "branch", "--list")
    (repo / "calc.py").write_text(CALC.replace("a - b", "a + b"))
    (repo / "helper.py").write_text("H = 1\n")
    assert iso.finish("verified") is None
    assert sorted(iso.files_changed()) == ["calc.py", "helper.py"]
    assert "+H = 1" in iso.diff()
    assert git(repo, "rev-parse", "HEAD").strip() == iso.base_commit
    # diff() used a private index: the user's index still has no helper.py
    assert "helper.py" not in git(repo, "ls-files")
    assert (repo / ".git" / "index").read_bytes() == index_before
    assert "git -C" in iso.review_hint() and "main" in iso.review_hint()
    iso.remove_worktree()  # no-op in place
    assert repo.exists()


def test_case_12_repo_each_state(tmp_path: Path) -> None:
    """The case's repository in the two working states plus the two refused ones."""
    repo = case("crlf-edit", "ledger").copy(tmp_path / "case")
    (repo / "ledger.py").write_bytes((repo / "ledger.py").read_bytes() + b"# mine\r\n")
    (repo / "untracked.txt").write_text("u")
    before = snapshot(repo)
    iso = isolate(repo, "case12")
    assert "ledger.py" in iso.uncommitted and "untracked.txt" in iso.uncommitted
    (iso.root / "ledger.py").write_bytes((iso.root / "ledger.py").read_bytes() + b"# run\r\n")
    assert iso.finish("wip") is not None
    assert snapshot(repo) == before
    empty = tmp_path / "empty"
    empty.mkdir()
    init_repo(empty, commit=False)
    with pytest.raises(GitStateError):
        isolate(empty, "x")


@pytest.mark.parametrize(
    ("example", "module", "bug", "fix"),
    [
        ("shop", "shop/pricing.py", "round(amount * (1 + rate))", "round(amount * (1 + rate), 2)"),
        ("calc", "calc.py", "def add(a, b):\n    return a - b", "def add(a, b):\n    return a + b"),
    ],
)
def test_examples_fail_then_pass_in_a_subfolder_worktree(
    make_repo, example: str, module: str, bug: str, fix: str
) -> None:
    """The shipped examples, committed as a subfolder of a repository (as in fixloop's own)."""
    src = Path(__file__).resolve().parents[1] / "examples" / example
    repo = make_repo({"README.md": "top\n"}, name="host")
    shutil.copytree(src, repo / "examples" / example, ignore=shutil.ignore_patterns("__pycache__"))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "examples")
    before = snapshot(repo)
    iso = isolate(repo / "examples" / example, f"ex-{example}")

    def pytest_in_root() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
            cwd=iso.root,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )

    first = pytest_in_root()
    assert first.returncode == 1 and "2 failed, 4 passed" in first.stdout
    target = iso.root / module
    text = target.read_text()
    assert text.count(bug) == 1
    target.write_text(text.replace(bug, fix))
    second = pytest_in_root()
    assert second.returncode == 0 and "6 passed" in second.stdout
    iso.finish("fixloop: verified")
    assert iso.files_changed() == [module]
    assert snapshot(repo) == before


def test_a_second_in_place_run_in_one_checkout_is_refused(make_repo) -> None:
    """Two --in-place runs at once edited the same files (the second began while the tree was
    still clean). The second is refused, naming the first; the lock ends with the first."""
    from fixloop.vcs import unlock_checkout

    repo = make_repo({"calc.py": CALC})
    iso = isolate(repo, "run-one", in_place=True)
    before = snapshot(repo)
    with pytest.raises(GitStateError, match=r"another fixloop run \(run-one\) is working in place"):
        isolate(repo, "run-two", in_place=True)
    assert snapshot(repo) == before
    iso2 = isolate(repo, "wt", in_place=False)  # a worktree of its own is not held up
    iso2.remove_worktree(force=True)
    unlock_checkout(iso.repo)
    assert isolate(repo, "run-three", in_place=True).in_place
    unlock_checkout(iso.repo)
