"""Shared fixtures for fixloop's own tests.

- ``shared_dir``: the ``../shared`` folder beside the checkout (cases and task suites); tests that
  use it skip cleanly where it is absent (a user's clone has none).
- ``make_repo``: write files into a fresh git repository with one commit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FIXLOOP_SHARED", ROOT.parent / "shared"))

GIT_ENV = {
    "GIT_AUTHOR_NAME": "test",
    "GIT_AUTHOR_EMAIL": "test@example.invalid",
    "GIT_COMMITTER_NAME": "test",
    "GIT_COMMITTER_EMAIL": "test@example.invalid",
}


def git(cwd: Path, *args: str) -> str:
    """Run git in ``cwd`` with a fixed identity; return stdout. Raises CalledProcessError."""
    env = {**os.environ, **GIT_ENV}
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    ).stdout


def init_repo(path: Path, *, commit: bool = True) -> Path:
    """Make ``path`` a git repository (branch ``main``) and commit everything in it."""
    git(path, "init", "-q", "-b", "main")
    if commit:
        git(path, "add", "-A")
        git(path, "commit", "-q", "-m", "initial")
    return path


@pytest.fixture
def shared_dir() -> Path:
    """The ../shared folder; skips the test where it is absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not present (a user's clone has none)")
    return SHARED


@pytest.fixture
def make_repo(tmp_path: Path) -> Callable[..., Path]:
    """Factory: ``make_repo({"a.py": "...", ...}, name="repo", src=None)`` -> a committed git repo.

    ``src`` copies a folder first (for example a case's ``repo/``); ``files`` are written after
    (str as UTF-8 text with bytes kept as given, bytes as they are).
    """

    def _make(
        files: Mapping[str, str | bytes] | None = None,
        *,
        name: str = "repo",
        src: Path | None = None,
        commit: bool = True,
    ) -> Path:
        root = tmp_path / name
        if src is not None:
            shutil.copytree(src, root, symlinks=True)
        else:
            root.mkdir(parents=True)
        for rel, content in (files or {}).items():
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                p.write_bytes(content)
            else:
                p.write_bytes(content.encode("utf-8"))
        return init_repo(root, commit=commit)

    return _make
