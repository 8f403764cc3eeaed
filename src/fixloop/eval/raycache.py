"""The suite's copy on each Ray node: unpacked once per node, removed when the eval ends.

A Ray eval ships its suite folder once, as one gzip'd tar in the object store
(:func:`fixloop.eval.rayexec.pack_folder`); on each node the first task unpacks it into
``TMP/fixloop-ray-suites/<sha256 of the tar>`` and the node's later tasks reuse that folder.

Who may remove it (no shared file system, several evals may share a node and even a suite):

- every task holds a **shared** ``flock`` on ``<digest>.lock`` beside the folder for as long as
  it uses the folder (:func:`suite_in_use`);
- when the eval ends, the driver sends one tiny task to each live node
  (:func:`fixloop.eval.rayexec.run_on_ray`) that calls :func:`release_suite`: it tries for an
  **exclusive** lock for a few seconds (:data:`RELEASE_WAIT_S`: after Ctrl-C the eval's own
  cancelled tasks may still be unwinding) and, only when it gets it (no task of any eval uses
  that suite on that node now), removes the folder, half-unpacked leftovers of the same digest and
  the lock file. A suite some other eval still uses stays; that eval's own clean-up removes it.

A lock file removed while someone waited on it would split the lockers in two; so a locker
checks, once it holds the lock, that the path still names the file it locked, and starts over
when it does not (the usual ``flock`` + ``fstat``/``stat`` inode check).

**Stale copies.** An eval interrupted with Ctrl-C, or whose clean-up task found the node too busy,
leaves its copy behind. So whenever a task unpacks a suite on a node (the first task of an eval
there), it first sweeps that node's root (:func:`sweep_stale`): every other suite of this user
that no task holds now and that no task has started with for :data:`STALE_AFTER_S` seconds (each
use touches its lock file) is removed the way :func:`release_suite` removes one, and so are
half-unpacked folders that old. Removing a suite that is merely idle is safe: a later task of its
eval unpacks it again.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import shutil
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

#: Seconds :func:`release_suite` waits for the suite's users to let go before it leaves it.
RELEASE_WAIT_S = 3.0

#: Seconds since a suite's last use after which another eval's first task on the node removes it
#: (when no task holds it).
STALE_AFTER_S = 3600.0

#: The folder, under the node's temporary folder, holding the unpacked suites.
SUITES_DIR = "fixloop-ray-suites"


def suites_root() -> Path:
    """``TMP/fixloop-ray-suites`` on this node (``TMP``: :func:`tempfile.gettempdir`)."""
    return Path(tempfile.gettempdir()) / SUITES_DIR


def unpack(blob: bytes, dest: Path) -> None:
    """Unpack a gzip'd tar (:func:`fixloop.eval.rayexec.pack_folder`) into ``dest``.

    Only regular files and folders, never outside ``dest``: the ``data`` extraction filter of
    :mod:`tarfile` (PEP 706).

    Raises:
        tarfile.TarError: ``blob`` is not such a tar, or a member is refused by the filter.
    """
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(dest, filter="data")


def _locked(path: Path, how: int) -> int:
    """An open descriptor of ``path`` (created if missing) holding ``flock(how)``.

    Raises:
        BlockingIOError: ``how`` has ``LOCK_NB`` and someone else holds a conflicting lock.
    """
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except FileNotFoundError:  # a cleaner removed the (then empty) root folder
            path.parent.mkdir(parents=True, exist_ok=True)
            continue
        try:
            fcntl.flock(fd, how)
            try:
                same = os.fstat(fd).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
        except BaseException:
            os.close(fd)
            raise
        if same:
            return fd
        os.close(fd)  # removed by a cleaner while we waited: lock the new file instead


@contextlib.contextmanager
def suite_in_use(blob: bytes, digest: str, *, root: Path | None = None) -> Iterator[Path]:
    """The suite unpacked on this node, kept while the ``with`` block runs.

    Concurrent tasks unpack into their own folder and rename it into place; the loser of the
    race drops its copy.

    Args:
        blob: the suite as a gzip'd tar.
        digest: its SHA-256 (hex), the folder's name.
        root: where suites are unpacked (default :func:`suites_root`).

    Yields:
        ``root/<digest>``.

    Raises:
        OSError: the folder cannot be written.
        tarfile.TarError: ``blob`` cannot be unpacked.
    """
    root = root or suites_root()
    root.mkdir(parents=True, exist_ok=True)
    fd = _locked(root / f"{digest}.lock", fcntl.LOCK_SH)
    try:
        os.utime(fd)  # the suite's last use (sweep_stale)
        final = root / digest
        if not final.is_dir():
            sweep_stale(root, keep=digest)
            tmp = Path(tempfile.mkdtemp(prefix=f"{digest[:12]}-", dir=root))
            try:
                unpack(blob, tmp)
                os.rename(tmp, final)
            except OSError:
                if not final.is_dir():
                    raise
            finally:
                shutil.rmtree(tmp, ignore_errors=True)  # gone after the rename, else the loser
        yield final
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def release_suite(digest: str, *, root: Path | None = None, wait_s: float = RELEASE_WAIT_S) -> bool:
    """Remove the suite ``digest`` from this node unless a task uses it now.

    Args:
        digest: the suite's SHA-256 (hex).
        root: where suites are unpacked (default :func:`suites_root`).
        wait_s: how long a user may take to let go, seconds (after Ctrl-C the eval's own
            cancelled tasks are still unwinding when the clean-up arrives); 0: no wait.

    Returns:
        True when it was removed (or was not there), False when it is in use and stays.
    """
    root = root or suites_root()
    lock = root / f"{digest}.lock"
    if not lock.exists() and not (root / digest).exists():
        return True
    deadline = time.monotonic() + wait_s
    while True:
        try:
            fd = _locked(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.1)
    try:
        shutil.rmtree(root / digest, ignore_errors=True)
        for leftover in root.glob(f"{digest[:12]}-*"):
            shutil.rmtree(leftover, ignore_errors=True)
        lock.unlink(missing_ok=True)
    finally:
        os.close(fd)
    with contextlib.suppress(OSError):
        root.rmdir()  # only when no other suite is left
    return True


def sweep_stale(
    root: Path | None = None, *, keep: str = "", older_than_s: float = STALE_AFTER_S
) -> list[str]:
    """Remove this user's suites on this node that nobody used for ``older_than_s`` seconds.

    A suite is removed only when its lock file (touched at each use) is older than that, is
    owned by this process's user, and its exclusive lock is free right now (no task of any
    eval holds it): :func:`release_suite` without waiting. Half-unpacked folders
    (``<digest[:12]>-*``) of no live suite that are as old go too.

    Args:
        root: where suites are unpacked (default :func:`suites_root`).
        keep: a digest never to remove (the suite the caller is about to use).
        older_than_s: how long a suite must have been unused, seconds.

    Returns:
        the digests removed.
    """
    root = root or suites_root()
    now = time.time()
    uid = os.getuid()
    removed: list[str] = []

    def stale(path: Path) -> bool:
        try:
            st = path.lstat()
        except FileNotFoundError:
            return False
        return st.st_uid == uid and now - st.st_mtime > older_than_s

    try:
        entries = list(root.iterdir())
    except FileNotFoundError:
        return removed
    digests = {p.stem for p in entries if p.suffix == ".lock"}
    digests |= {p.name for p in entries if p.is_dir() and "-" not in p.name}
    for digest in sorted(digests - {keep}):
        lock = root / f"{digest}.lock"
        if stale(lock if lock.exists() else root / digest) and release_suite(
            digest, root=root, wait_s=0
        ):
            removed.append(digest)
    live = {d[:12] for d in digests} | {keep[:12]}
    for p in entries:
        head = p.name.split("-", 1)[0]
        if p.is_dir() and "-" in p.name and head not in live and stale(p):
            shutil.rmtree(p, ignore_errors=True)
    return removed


__all__ = [
    "RELEASE_WAIT_S",
    "STALE_AFTER_S",
    "SUITES_DIR",
    "release_suite",
    "suite_in_use",
    "suites_root",
    "sweep_stale",
    "unpack",
]
