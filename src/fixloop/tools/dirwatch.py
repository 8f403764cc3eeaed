"""Linux inotify watches on a tree's folders: "did any folder change?" without a ``stat`` each.

:mod:`fixloop.tools.listing` keeps search_code's file list while no folder of the tree changed,
and checked that with one ``stat`` per folder per search: on Django's sdist 3,250 folders, 13-20
ms of CPU per search (under load), mostly the system calls themselves (issue 18). A
:class:`DirWatch` asks the kernel instead (inotify(7)): a watch on each folder reports a name
created, removed or moved in it, the folder itself removed, moved or its attributes changed; the
check is then one non-blocking ``read`` of the queue.

It reports what the folders' ``stat`` data showed (entries added, removed, renamed; the
folder's mode or owner) and no more: a file written in place or a file's own attributes
(``IN_MODIFY`` is not asked for, ``IN_ATTRIB`` of a name in the folder is dropped) are not a
change of the list. A queue overflow, a watch the kernel drops (``IN_IGNORED``, ``IN_UNMOUNT``)
or an unreadable queue count as a change. Once a change is seen the watch stays changed (the
caller lists again and makes a new one).

Used only where it is safe and pays: Linux with ``inotify_init1`` in the C library, at least
:data:`MIN_DIRS` folders, at most an eighth of the user's ``max_user_watches`` per tree, at most
:data:`MAX_OPEN` open watches in the process (inotify instances are a per-user resource other
programs need), and only in the process that made it (a forked child would drain the parent's
queue: it is told to use ``stat``). Otherwise :func:`start` returns None and the caller keeps
its ``stat`` check.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
import struct
import threading
import weakref

__all__ = ["MAX_OPEN", "MIN_DIRS", "DirWatch", "start"]

#: trees with fewer folders keep the ``stat`` check (cheap there; spares inotify instances)
MIN_DIRS = 256
#: at most this many open watches (inotify instances) in the process
MAX_OPEN = 8

_IN_NONBLOCK = os.O_NONBLOCK
_IN_CLOEXEC = os.O_CLOEXEC
_IN_ATTRIB = 0x00000004
_IN_MOVED_FROM = 0x00000040
_IN_MOVED_TO = 0x00000080
_IN_CREATE = 0x00000100
_IN_DELETE = 0x00000200
_IN_DELETE_SELF = 0x00000400
_IN_MOVE_SELF = 0x00000800
_IN_ONLYDIR = 0x01000000
_IN_DONT_FOLLOW = 0x02000000
_MASK = (
    _IN_ATTRIB
    | _IN_MOVED_FROM
    | _IN_MOVED_TO
    | _IN_CREATE
    | _IN_DELETE
    | _IN_DELETE_SELF
    | _IN_MOVE_SELF
    | _IN_ONLYDIR
    | _IN_DONT_FOLLOW
)
_HEAD = struct.Struct("iIII")  # struct inotify_event: wd, mask, cookie, len (then the name)

_OPEN = [0]
_OPEN_LOCK = threading.Lock()


@functools.cache
def _libc() -> ctypes.CDLL | None:
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        lib.inotify_init1.argtypes = [ctypes.c_int]
        lib.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    except (OSError, AttributeError):
        return None
    return lib


def _watch_limit() -> int:
    try:
        with open("/proc/sys/fs/inotify/max_user_watches") as fh:
            return int(fh.read().strip())
    except (OSError, ValueError):
        return 0


class DirWatch:
    """Watches on a list of folders; :meth:`changed` says whether any of them changed.

    Attributes:
        pid: the process that made it (another one must not read its queue).
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._changed = False
        self._lock = threading.Lock()
        self.pid = os.getpid()
        self._closer = weakref.finalize(self, _close, fd)

    def usable(self) -> bool:
        """True in the process that made it, while open."""
        return self.pid == os.getpid() and self._closer.alive

    def changed(self) -> bool:
        """Whether a watched folder changed since the watches were set (sticky once True).

        Raises:
            RuntimeError: called from another process than the one that made it (a forked
                child: it must use its own check).
        """
        if self.pid != os.getpid():
            raise RuntimeError("a DirWatch is read only by the process that made it")
        with self._lock:
            if not self._closer.alive:
                return True  # closed: nothing says the folders are unchanged
            while not self._changed:
                try:
                    data = os.read(self._fd, 65536)
                except BlockingIOError:
                    break
                except OSError:
                    self._changed = True
                    break
                self._changed = _any_change(data)
            return self._changed

    def mark_changed(self) -> None:
        """Count as changed from now on (the caller saw a change the watches may have missed)."""
        with self._lock:
            self._changed = True

    def close(self) -> None:
        """Release the watches (idempotent; waits for a :meth:`changed` under way)."""
        with self._lock:
            self._closer()


def _any_change(data: bytes) -> bool:
    """Whether a read of inotify events holds a change of a folder's list of names."""
    if not data:
        return True  # end of file: the queue is gone
    pos = 0
    while pos + _HEAD.size <= len(data):
        _wd, mask, _cookie, n = _HEAD.unpack_from(data, pos)
        pos += _HEAD.size + n
        if mask == _IN_ATTRIB and n > 0:
            continue  # a file's own attributes (chmod, utime): not the folder's list
        return True  # names added/removed/moved, the folder's own attributes, overflow, ...
    return False


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass
    with _OPEN_LOCK:
        _OPEN[0] -= 1


def start(folders: list[str]) -> DirWatch | None:
    """Set a watch on each of ``folders`` (absolute paths), or None: use ``stat`` instead.

    Args:
        folders: the folders whose lists of names decide the caller's answer.

    Returns:
        A :class:`DirWatch`, or None: fewer than :data:`MIN_DIRS` folders, not Linux or no
        inotify, too many folders for the user's watch limit (more than an eighth of it),
        :data:`MAX_OPEN` watches already open here, or a watch could not be set (a folder
        gone, no permission, a limit reached).
    """
    if len(folders) < MIN_DIRS or len(folders) > _watch_limit() // 8:
        return None
    lib = _libc()
    if lib is None:
        return None
    with _OPEN_LOCK:
        if _OPEN[0] >= MAX_OPEN:
            return None
        fd = lib.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
        if fd < 0:
            return None
        _OPEN[0] += 1
    watch = DirWatch(fd)
    for folder in folders:
        if lib.inotify_add_watch(fd, os.fsencode(folder), _MASK) < 0:
            watch.close()
            return None
    return watch
