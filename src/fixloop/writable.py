"""Preflight: can fixloop write where a run will write, before any work starts.

A run writes in two places of the user's repository: with ``--in-place`` the checkout's files
(the tools' edits, each a temp file beside the file and ``os.replace``, so the folders must be
writable); without it the repository's git directory (the branch ``fixloop/<run id>`` and the
worktree's record, ``git worktree add``). A read-only mount or a ``chmod -R a-w`` checkout made the
run spend its localization and screening before the first edit failed (EROFS), or gave git's raw
"cannot lock ref" text. :func:`checkout_problem` and :func:`git_dir_problem` say why in one
phrase, or None when the place is writable; :func:`fixloop.vcs.isolate` raises
:class:`fixloop.errors.NotWritable` (exit code 3) on them. A third place is fixloop's own state
folder (``$FIXLOOP_HOME``, default ``~/.fixloop``: trajectories, worktrees, caches); a read-only
one gave "internal error: OSError" with exit code 1 (:func:`state_problem`, checked by the
session before the worktree is made). They only ask (``os.access``,
``statvfs``): nothing is written.
"""

from __future__ import annotations

import os
from pathlib import Path

from fixloop.git import git


def why_not_writable(path: Path) -> str | None:
    """Why ``path`` (an existing folder) cannot be written by this process, or None.

    Returns:
        ``"<path> is on a read-only file system"``, ``"<path> has no write permission for you"``,
        or None when ``os.access(path, W_OK | X_OK)`` allows it.
    """
    if os.access(path, os.W_OK | os.X_OK):
        return None
    try:
        if os.statvfs(path).f_flag & os.ST_RDONLY:
            return f"{path} is on a read-only file system"
    except OSError:
        pass
    return f"{path} has no write permission for you"


def checkout_problem(top: Path, root: Path) -> str | None:
    """Why the run could not edit files under ``root`` (a folder of the checkout ``top``).

    Checks ``root`` and every folder below it that holds a tracked file (``git ls-files``), the
    folders the tools write their temp files in.

    Args:
        top: the repository's top folder.
        root: the folder the run works in (``top`` or a folder inside it).

    Returns:
        The first folder's reason (:func:`why_not_writable`), or None when all are writable.
    """
    listed = git(top, "ls-files", "-z", "--", str(root), check=False, read_only=True)
    folders = {root}
    for name in listed.stdout.split("\0"):
        if name:
            folders.add((top / name).parent)
    for folder in sorted(folders):
        if folder.is_dir() and (why := why_not_writable(folder)):
            return why
    return None


def git_dir_problem(top: Path) -> str | None:
    """Why git could not make a branch and a worktree in the repository at ``top``, or None.

    Checks the common git directory (``git rev-parse --git-common-dir``: where ``worktrees/``
    and ``packed-refs`` go) and its ``refs/heads`` (where a new branch's ref goes).
    """
    cp = git(top, "rev-parse", "--git-common-dir", check=False, read_only=True)
    if cp.returncode != 0 or not cp.stdout.strip():
        return None  # git's own error follows, as before
    common = Path(cp.stdout.strip())
    common = common if common.is_absolute() else (top / common)
    for folder in (common, common / "refs" / "heads"):
        if folder.is_dir() and (why := why_not_writable(folder.resolve())):
            return why
    return None


def state_problem(home: Path) -> str | None:
    """Why fixloop could not write its state folder ``home`` (``$FIXLOOP_HOME``), or None.

    ``home`` need not exist: the nearest existing folder above it is where it would be made.
    Checks that folder, and the state's own subfolders (``runs``, ``worktrees``, ``cache``) that
    exist, since one of them may be a read-only mount of its own.

    Returns:
        ``"<path> is not a folder"`` when ``home`` or the nearest existing path above it is a
        file, else the first reason of :func:`why_not_writable`, or None.
    """
    folder = home
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    if not folder.is_dir():
        return f"{folder} is not a folder"
    places = [folder] + [home / n for n in ("runs", "worktrees", "cache") if (home / n).is_dir()]
    for place in places:
        if why := why_not_writable(place):
            return why
    return None


__all__ = ["checkout_problem", "git_dir_problem", "state_problem", "why_not_writable"]
