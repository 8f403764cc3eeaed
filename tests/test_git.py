"""Tests of fixloop.git: the one git wrapper (safety settings, errors, text and bytes)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import git as plain_git
from conftest import init_repo

from fixloop.errors import GitStateError
from fixloop.git import GitError, git, git_env


def test_text_and_binary_output(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"caf\xc3\xa9\x00bin\n")
    init_repo(tmp_path)
    assert git(tmp_path, "ls-files").stdout == "a.txt\n"
    blob = git(tmp_path, "cat-file", "blob", "HEAD:a.txt", binary=True).stdout
    assert blob == b"caf\xc3\xa9\x00bin\n"


def test_failure_is_a_git_state_error_naming_the_command(tmp_path: Path) -> None:
    init_repo(tmp_path, commit=False)
    with pytest.raises(GitError, match=r"^git rev-parse failed: .*") as info:
        git(tmp_path, "rev-parse", "--verify", "HEAD")
    assert isinstance(info.value, GitStateError) and info.value.returncode != 0
    assert info.value.argv == ["rev-parse", "--verify", "HEAD"]
    cp = git(tmp_path, "rev-parse", "--verify", "HEAD", check=False)  # no raise without check
    assert cp.returncode != 0


def test_a_missing_folder_is_a_git_error(tmp_path: Path) -> None:
    with pytest.raises(GitError, match="could not start"):
        git(tmp_path / "gone", "status")


def test_repository_hooks_never_run(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("1\n")
    init_repo(tmp_path)
    hook = tmp_path / ".git" / "hooks" / "pre-commit"
    marker = tmp_path.parent / f"{tmp_path.name}-hook-ran"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    (tmp_path / "a.txt").write_text("2\n")
    ident = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x.invalid"}
    ident |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@x.invalid"}
    git(tmp_path, "commit", "-qam", "two", env=ident)
    assert not marker.exists()
    plain_git(tmp_path, "commit", "-q", "--allow-empty", "-m", "three")  # plain git runs it
    assert marker.exists()


def test_location_variables_never_redirect_git(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine, other = tmp_path / "mine", tmp_path / "other"
    for repo, name in ((mine, "m.txt"), (other, "o.txt")):
        repo.mkdir()
        (repo / name).write_text("x\n")
        init_repo(repo)
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other))
    assert git(mine, "ls-files").stdout == "m.txt\n"
    env = git_env({"EXTRA": "1"})
    assert "GIT_DIR" not in env and env["LC_ALL"] == "C" and env["EXTRA"] == "1"
    assert env["GIT_TERMINAL_PROMPT"] == "0" and os.environ["GIT_DIR"]  # caller's env untouched
