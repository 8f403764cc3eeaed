"""A private copy of the HEAD commit, for ``fixloop doctor`` where the repository's .git is read-only.

A run makes a branch and a worktree in the repository's git directory
(:func:`fixloop.vcs.isolate`); on a read-only ``.git`` it stops with
:class:`fixloop.errors.NotWritable` before any work, as it must. The doctor only runs the suite,
so it checks a copy instead: :func:`isolate_copy` clones the repository with ``git clone --shared
--no-checkout`` (objects read through git's alternates, nothing written to the source) into a
folder under ``fixloop_home()/worktrees`` and checks the HEAD commit out there, detached.
:data:`NOTICE` is what the doctor says it could not check. The copy is removed like a worktree
(:meth:`CopyIsolation.remove_worktree`), with no ``git worktree`` command on the source.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from fixloop import vcs
from fixloop.git import git
from fixloop.writable import git_dir_problem

__all__ = ["NOTICE", "CopyIsolation", "isolate_copy", "read_only_git"]

#: The doctor's notice (``{why}``: :func:`fixloop.writable.git_dir_problem`'s reason).
NOTICE = (
    "the repository's .git is not writable ({why}): the doctor checked a private copy of the "
    "HEAD commit instead. What it cannot check: `fixloop fix` needs to create a branch there (and "
    "a worktree's record) and stops with exit 3 until it is writable (or run on a writable copy)"
)


@dataclass
class CopyIsolation(vcs.Isolation):
    """A :class:`fixloop.vcs.Isolation` whose ``worktree`` is a clone, not a worktree.

    ``branch`` is "" (the clone's HEAD is detached at ``base_commit``); ``repo`` stays the user's
    repository (read only: ignored files, submodules, the interpreter's ``.venv``).
    """

    def remove_worktree(self, *, force: bool = False) -> None:
        """Delete the copy (``force`` is accepted for the interface; nothing in it is kept)."""
        shutil.rmtree(self.worktree, ignore_errors=True)


def isolate_copy(
    path: Path | str, run_id: str, *, worktrees_dir: Path | None = None
) -> CopyIsolation:
    """A detached copy of ``path``'s repository at HEAD, when its git directory is read-only.

    Args:
        path: the folder the user named (a repository top or a folder inside one).
        run_id: the doctor's run id (names the copy's folder).
        worktrees_dir: where the copy goes (default ``fixloop_home()/worktrees``).

    Returns:
        the :class:`CopyIsolation`; ``root`` is the named folder's place in the copy.

    Called after :func:`fixloop.vcs.isolate` raised NotWritable for the git directory, so the
    folder, the repository and its HEAD commit passed its checks.

    Raises:
        fixloop.errors.GitError: ``git clone`` or ``git checkout`` failed.
    """
    src = Path(path).expanduser().resolve()
    top_cp = git(src, "rev-parse", "--show-toplevel", check=False, read_only=True)
    top = Path(top_cp.stdout.strip()).resolve()
    base = git(top, "rev-parse", "--verify", "HEAD^{commit}", read_only=True).stdout.strip()
    subpath = src.relative_to(top).as_posix() if src != top else ""
    subpath = "" if subpath == "." else subpath
    parent = Path(worktrees_dir) if worktrees_dir is not None else vcs.fixloop_home() / "worktrees"
    parent.mkdir(parents=True, exist_ok=True)
    wt = vcs._unique_dir(parent.resolve(), vcs._safe_dirname(run_id))
    try:
        git(parent, "clone", "-q", "--shared", "--no-checkout", str(top), str(wt))
        git(wt, "checkout", "-q", "--detach", base)
    except BaseException:
        shutil.rmtree(wt, ignore_errors=True)
        raise
    return CopyIsolation(
        repo=top,
        root=wt / subpath if subpath else wt,
        worktree=wt,
        subpath=subpath,
        source=src,
        branch="",
        base_commit=base,
        original_head=base,
    )


def read_only_git(path: Path | str) -> str | None:
    """:func:`fixloop.writable.git_dir_problem` of ``path``'s repository, None when not one."""
    top_cp = git(
        Path(path).expanduser(), "rev-parse", "--show-toplevel", check=False, read_only=True
    )
    if top_cp.returncode != 0 or not top_cp.stdout.strip():
        return None
    return git_dir_problem(Path(top_cp.stdout.strip()))
