"""What changed in a workspace since the base commit, read with git in bytes (for the gate).

The gate compares the worktree with the base commit without trusting the tools: tracked paths
that differ (``git diff --name-only <base>``, deletions included), new files (``git ls-files
--others``, ignored ones too unless asked), a file's bytes at the base commit, and restoring it.
Paths are workspace-relative POSIX strings (``--relative``), decoded with ``surrogateescape``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from fixloop.git import GitError, git


def _git(root: Path, *args: str) -> bytes:
    return git(root, *args, read_only=True, binary=True).stdout


def _paths(out: bytes) -> list[str]:
    return [p.decode("utf-8", "surrogateescape") for p in out.split(b"\0") if p]


class BaseDiff:
    """The workspace ``root`` against the commit ``base``.

    Args:
        root: the workspace folder (inside a git worktree).
        base: the base commit's hash.

    Raises (from every method but :meth:`base_bytes`):
        fixloop.git.GitError: git failed; the gate cannot decide without it.
    """

    def __init__(self, root: Path, base: str) -> None:
        self.root, self.base = Path(root), base

    def changed_tracked(self) -> list[str]:
        """Tracked paths that differ from the base commit, deleted ones included."""
        diff = ("diff", "--relative", "--no-renames", "--name-only", "-z", self.base, "--")
        return _paths(_git(self.root, *diff))

    def untracked(self, *, ignored_too: bool = True) -> list[str]:
        """New files; git-ignored ones too unless ``ignored_too`` is False."""
        extra = () if ignored_too else ("--exclude-standard",)
        return _paths(_git(self.root, "ls-files", "-z", "--others", *extra))

    def base_bytes(self, rel: str) -> bytes | None:
        """The bytes of ``rel`` at the base commit, None when it is not there."""
        try:
            return _git(self.root, "cat-file", "blob", f"{self.base}:./{rel}")
        except GitError:
            return None

    def in_base(self, rel: str) -> bool:
        """True when the base commit holds ``rel`` (a file or a folder)."""
        try:
            _git(self.root, "cat-file", "-e", f"{self.base}:./{rel}")
        except GitError:
            return False
        return True

    def restore(self, rel: str) -> None:
        """Put ``rel`` back as it was at the base commit (remove it when it was not there)."""
        p = self.root / rel
        data = self.base_bytes(rel)
        if p.is_symlink() or p.is_file():
            p.unlink()
        elif p.is_dir():
            shutil.rmtree(p)
        if data is None:  # not in the base commit (staged as new): removing it restores it
            return
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
