"""The workspace's file list for ``search_code``, kept while nothing that decides it changed.

:meth:`fixloop.workspace.Workspace.iter_files` asks ``git ls-files --cached --others
--exclude-standard`` (which reads every folder of the tree for untracked files) and ``lstat``-s
every file for the path policy: on a 7,000-file project that is most of a search's cost, paid
again on every call (issue 18). :func:`listed_files` keeps the answer for the whole workspace and
takes it again only when one of these changed (``mtime``, ``ctime``, inode, size):

- any folder of the tree (blocked ones and ``.git`` left out): a file created, removed, renamed or
  replaced by a link changes its folder; a new folder changes its parent;
- git's index (``git add``, ``git rm``, a checkout);
- every ignore file: ``.gitignore`` files of the tree and of the folders above it up to the work
  tree's top, ``info/exclude``, and the user's global excludes file.

The folders are checked by inotify watches (:mod:`fixloop.tools.dirwatch`: one read of the
kernel's queue instead of one ``stat`` per folder) where that module says it is safe and pays,
else by their ``stat`` data; the other watched files (ignore files, git's) by ``stat``.

A narrower ``path`` is the whole list filtered by its prefix (what ``iter_files`` of that folder
returns); a single file asks :meth:`~fixloop.workspace.Workspace.iter_files` directly. The file
list is the same as :meth:`~fixloop.workspace.Workspace.iter_files` gives, in the same order.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fixloop.tools import dirwatch
from fixloop.tools.dirwatch import DirWatch
from fixloop.workspace import Workspace

__all__ = ["listed_files", "listed_files_unchecked"]

StatKey = tuple[int, int, int, int] | None


def _key(path: str) -> StatKey:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_size)


@dataclass
class _Listing:
    files: list[str]
    watched: list[tuple[str, StatKey]]
    # inotify watches on the folders of ``watched`` (then only ``others`` is stat-ed)
    watch: DirWatch | None = None
    others: list[tuple[str, StatKey]] = field(default_factory=list)

    def fresh(self) -> bool:
        w = self.watch
        if w is not None and w.usable():
            return not w.changed() and all(_key(p) == k for p, k in self.others)
        return all(_key(p) == k for p, k in self.watched)

    def close(self) -> None:
        if self.watch is not None and self.watch.usable():
            self.watch.close()


_CACHE: weakref.WeakKeyDictionary[Workspace, _Listing] = weakref.WeakKeyDictionary()


def _git_paths(root: str) -> list[str]:
    """Index, ``info/exclude``, global excludes and the ``.gitignore`` files above ``root``."""
    from fixloop.git import GitError, git

    try:
        out = git(
            Path(root),
            "rev-parse",
            "--show-toplevel",
            "--git-path",
            "index",
            "--git-path",
            "info/exclude",
            check=False,
            read_only=True,
            timeout=30,
        )
        conf = git(
            Path(root),
            "config",
            "--get",
            "core.excludesFile",
            check=False,
            read_only=True,
            timeout=30,
        )
    except GitError:
        return []
    if out.returncode != 0:
        return []
    lines = out.stdout.splitlines()
    if len(lines) < 3:
        return []
    top, index, exclude = lines[0], lines[1], lines[2]
    paths = [os.path.join(root, index), os.path.join(root, exclude)]
    home = os.path.expanduser("~")
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    paths.append(os.path.join(xdg, "git", "ignore"))
    configured = conf.stdout.strip() if conf.returncode == 0 else ""
    if configured:
        paths.append(os.path.expanduser(configured))
    folder = os.path.dirname(root)
    while top and (folder + os.sep).startswith(top.rstrip(os.sep) + os.sep):
        paths.append(os.path.join(folder, ".gitignore"))
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return paths


def _build(ws: Workspace) -> _Listing:
    root = str(ws.root)
    # the stat data first, then the list: a change in between makes the next call build again
    watched: list[tuple[str, StatKey]] = []
    others: list[tuple[str, StatKey]] = []  # files (ignore files, git's): stat-ed each time
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        rel = "" if rel == "." else rel.replace(os.sep, "/")
        dirnames[:] = [
            d for d in dirnames if d != ".git" and not ws.is_blocked(f"{rel}/{d}" if rel else d)
        ]
        watched.append((dirpath, _key(dirpath)))
        if ".gitignore" in filenames:
            p = os.path.join(dirpath, ".gitignore")
            others.append((p, _key(p)))
    folders = watched
    others += [(p, _key(p)) for p in _git_paths(root)]
    watched = folders + others
    watch = dirwatch.start([p for p, _ in folders])
    if watch is not None and not all(_key(p) == k for p, k in folders):
        watch.mark_changed()  # changed before the watches were set: list again next time
    files = list(ws.iter_files("."))
    return _Listing(files, watched, watch, others)


def _subset(files: list[str], sub: str) -> list[str]:
    if sub == ".":
        return list(files)
    prefix = sub + "/"
    return [f for f in files if f.startswith(prefix)]


def listed_files(ws: Workspace, path: str) -> list[str]:
    """The files ``search_code`` searches under ``path``: as ``ws.iter_files(path)``, sorted.

    Args:
        ws: the workspace.
        path: a workspace-relative folder or file (``""`` or ``"."``: the whole workspace).

    Returns:
        Workspace-relative POSIX paths (blocked, git-ignored, special and outside-pointing
        files left out), in :meth:`~fixloop.workspace.Workspace.iter_files` order.

    Raises:
        PathRefused: ``path`` is refused by the workspace's policy.
    """
    files, recheck = listed_files_unchecked(ws, path)
    again = recheck()
    return files if again is None else again


def listed_files_unchecked(
    ws: Workspace, path: str
) -> tuple[list[str], Callable[[], list[str] | None]]:
    """The files as last listed, and the check that says whether they still are.

    For a caller that starts its work on the list at once and checks it meanwhile (the
    ``stat`` of every folder is then off the critical path).

    Args:
        ws: the workspace.
        path: a workspace-relative folder or file.

    Returns:
        ``(files, recheck)``: ``recheck()`` returns None when ``files`` is still what
        :func:`listed_files` gives, else the new list (the cache is rebuilt then). A first
        call builds the list before it returns (its ``recheck`` returns None).

    Raises:
        PathRefused: ``path`` is refused by the workspace's policy.
    """
    real = ws.resolve(path or ".")
    if real.is_file():
        return list(ws.iter_files(path or ".")), lambda: None
    sub = ws.relpath(real)
    listing = _CACHE.get(ws)
    if listing is None:
        listing = _CACHE[ws] = _build(ws)
        return _subset(listing.files, sub), lambda: None
    files = _subset(listing.files, sub)

    memo: list[list[str] | None] = []

    def recheck() -> list[str] | None:
        if not memo:  # checked once: later calls give the same answer
            if listing.fresh():
                memo.append(None)
            else:
                listing.close()
                new = _CACHE[ws] = _build(ws)
                fresh = _subset(new.files, sub)
                memo.append(None if fresh == files else fresh)
        return memo[0]

    return files, recheck
