"""The files of a git work tree that git says are unchanged since its index: no ``stat`` needed.

``search_code`` must know what each file is now (text, binary, over the size cap, empty, text
with a lone CR) before it reports ripgrep's hits. It kept that per version of each file, which
took one ``stat`` per file per search: on Django's sdist (6,912 files) 25-35 ms of the main
thread, more than ripgrep's whole search (issue 18: ``benchmarks/search_speed.py``).

Here git answers instead, in its own process while ripgrep runs: ``git diff-files`` (C,
parallel ``lstat``, ~13 ms on Django) lists the tracked files whose working copy may differ
from the index; every other tracked regular file has the content of its index blob, so its kind
is remembered per ``(path, blob id)``. The index's blob ids come from ``git ls-files -s``, read
again only when the index file changes. git's own "racily clean" rule (an entry whose file
changed within the second the index was written is compared by content) keeps ``diff-files``
exact.

Left to the per-file ``stat``: untracked files, files ``diff-files`` names, symbolic links and
submodules (mode 120000/160000: a blob there is not the file's bytes), and every file when the
folder is not in a git work tree or git fails.

A clean/smudge filter or an end-of-line conversion makes the working bytes differ from the
blob's; the kind is still keyed by the path too, and those settings rarely change under a run.
"""

from __future__ import annotations

import os
import subprocess
import threading
from dataclasses import dataclass, field

from fixloop.git import SAFE_CONFIG, git_env

__all__ = ["CleanCheck", "start"]

# root -> (index path, its stat key, {rel path: blob id} of the tracked regular files)
_INDEX: dict[str, tuple[str, tuple[int, int, int, int] | None, dict[str, str]]] = {}
_LOCK = threading.Lock()


def _stat_key(path: str) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_size)


def _git(root: str, *args: str) -> subprocess.Popen[bytes]:
    safe = [part for opt in SAFE_CONFIG for part in ("-c", opt)]
    return subprocess.Popen(
        ["git", *safe, *args],
        cwd=root,
        env=git_env({"GIT_OPTIONAL_LOCKS": "0"}),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )


def _blobs(root: str) -> dict[str, str] | None:
    """``{path: blob id}`` of the index's regular files under ``root``; None: not git."""
    with _LOCK:
        cached = _INDEX.get(root)
    if cached is None:
        proc = _git(root, "rev-parse", "--git-path", "index")
        out, _ = proc.communicate(timeout=30)
        if proc.returncode != 0 or not out.strip():
            return None
        index = os.path.join(root, out.decode("utf-8", "surrogateescape").strip())
        key: tuple[int, int, int, int] | None = None
        blobs: dict[str, str] = {}
    else:
        index, key, blobs = cached
    now = _stat_key(index)
    if now is None:
        return None
    if now != key:
        proc = _git(root, "ls-files", "-s", "-v", "-z")
        out, _ = proc.communicate(timeout=60)
        if proc.returncode != 0:
            return None
        blobs = {}
        for rec in out.split(b"\0"):
            head, _, name = rec.partition(b"\t")
            parts = head.split(b" ")
            # "H": an ordinary cached entry; lowercase (assume-unchanged) and "S" (skip-
            # worktree) entries are ones diff-files does not check. Links, submodules and
            # merge stages: their blob is not the file's bytes, the stat decides.
            if len(parts) != 4 or parts[0] != b"H" or parts[3] != b"0":
                continue
            if parts[1] not in (b"100644", b"100755"):
                continue
            blobs[name.decode("utf-8", "surrogateescape")] = parts[2].decode()
        with _LOCK:
            _INDEX[root] = (index, now, blobs)
    return blobs


@dataclass
class CleanCheck:
    """One search's ``git diff-files``, started before ripgrep and read after it.

    Attributes:
        root: the work tree folder (``git`` runs there; paths are relative to it).
        proc: the running ``git diff-files --name-only -z --relative``.
        started_ns: ``time.time_ns()`` when it started: a file read for its kind must be
            older than this to be remembered under its blob id.
    """

    root: str
    proc: subprocess.Popen[bytes]
    started_ns: int
    _done: dict[str, str] | None = field(default=None, repr=False)
    _result: tuple[tuple[dict[str, str], set[str]] | None] | None = field(default=None, repr=False)

    def clean(self) -> dict[str, str]:
        """``{path: blob id}`` of the tracked regular files git found unchanged.

        Empty when git failed or ``root`` is in no work tree (every file is then
        ``stat``-ed). Waits for ``diff-files``.
        """
        if self._done is None:
            got = self.result()
            blobs, dirty = got if got is not None else ({}, set())
            self._done = {p: b for p, b in blobs.items() if p not in dirty}
        return self._done

    def result(self) -> tuple[dict[str, str], set[str]] | None:
        """``(blobs, dirty)``: the index's blob table and the paths ``diff-files`` named.

        A tracked regular file of ``blobs`` (``{path: blob id}``) not in ``dirty`` is
        unchanged. ``blobs`` is the same object from one call to the next while git's index
        file is unchanged (a caller may key on it; it must not change it). None when git
        failed or ``root`` is in no work tree. Waits for ``diff-files`` (once).
        """
        if self._result is not None:
            return self._result[0]
        try:
            out, _ = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            self._result = (None,)
            return None
        blobs = _blobs(self.root) if self.proc.returncode == 0 else None
        if blobs is None:
            self._result = (None,)
            return None
        dirty = {n.decode("utf-8", "surrogateescape") for n in out.split(b"\0") if n}
        self._result = ((blobs, dirty),)
        return self._result[0]


def start(root: str) -> CleanCheck | None:
    """Start git's check of ``root`` (None: ``root`` is not in a git work tree, or no git).

    Args:
        root: the workspace's folder.

    Returns:
        A :class:`CleanCheck` whose :meth:`~CleanCheck.clean` gives the unchanged files.
    """
    import time

    try:
        proc = _git(root, "diff-files", "--name-only", "-z", "--relative")
    except OSError:
        return None
    return CleanCheck(root, proc, time.time_ns())
