"""The screening server's bytecode of the unchanged code: written once, read by every child.

The screening's children and the traced run write no bytecode (a candidate's module must never
be cached), so each of them used to rewrite the test modules' assertions again: arrow 1.3.0's
tests/test_arrow.py, 3,000 lines and 500 asserts, was two thirds of a candidate's CPU seconds
(2.0 s of 2.7, loaded), and under the traced run's line collector its collection took longer
than the whole trace budget. Runs of the unchanged code write it once instead:
:func:`warm_bytecode` (the whole suite collected, in a fork, before the first traced run) and
the screening's calibration children; :func:`share_bytecode` copies it into the worker trees.

A pyc is checked against its source's size and its *whole-second* mtime only, so a candidate
of the same size written within the second of the unchanged file's mtime (``a - b`` to
``a + b``, common on a small project, where the checkout, the calibration and the first
candidates fall in one second) would run the unchanged code's bytecode and be judged as it:
every candidate file, and every restore, is written by :func:`write_source`, which drops that
module's bytecode (CI of 2 December failed on exactly this: the right candidate screened as
``fail``). Like
:mod:`fixloop.repair.screen_server`, this file runs inside the sandbox as a copy
(``fixloop_screen_bytecode.py``) with the standard library only.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from collections.abc import Sequence


def warm_bytecode(args: Sequence[str], limit_s: float) -> float:
    """Collect the suite once in a forked child that writes bytecode; its seconds.

    Args:
        args: pytest's arguments (the run's, without test ids: the whole suite is collected).
        limit_s: the child is killed past this many seconds (what it wrote stays: pytest and
            Python write each pyc whole, by a rename).

    Returns:
        the wall-clock seconds spent (0.0 where ``os.fork`` is not available).
    """
    if not hasattr(os, "fork") or limit_s <= 0:
        return 0.0
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.setpgid(0, 0)
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            sys.dont_write_bytecode = False
            import pytest

            pytest.main([*args, "--collect-only", "-q"])
        except BaseException:  # noqa: BLE001 - an optimization only
            code = 1
        finally:
            os._exit(code)
    while time.monotonic() - t0 < limit_s:
        if os.waitpid(pid, os.WNOHANG)[0]:
            return time.monotonic() - t0
        time.sleep(0.01)
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            kill()
        except OSError:
            pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    return time.monotonic() - t0


def drop_bytecode(path: str) -> int:
    """Remove the cached bytecode of source file ``path`` (``__pycache__/<stem>.*.pyc``).

    Every interpreter tag and optimization level is removed (the sandbox's interpreter may not
    be this one). A missing folder or a file that vanished meanwhile is not an error.

    Returns:
        the number of files removed.
    """
    folder, name = os.path.split(path)
    stem = name[:-3] if name.endswith(".py") else name
    cache = os.path.join(folder, "__pycache__")
    try:
        names = os.listdir(cache)
    except OSError:
        return 0
    removed = 0
    for entry in names:
        if entry.startswith(stem + ".") and entry.endswith(".pyc") and entry.count(".") >= 2:
            try:
                os.unlink(os.path.join(cache, entry))
                removed += 1
            except OSError:
                pass
    return removed


def write_source(path: str, data: bytes | None) -> None:
    """Write ``data`` to ``path`` (``None``: remove it) and drop its cached bytecode.

    Raises:
        OSError: the file cannot be written.
    """
    if data is None:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
    else:
        with open(path, "wb") as fh:
            fh.write(data)
    drop_bytecode(path)


def share_bytecode(src: str, dests: Sequence[str]) -> int:
    """Copy the ``__pycache__`` files of tree ``src`` that tree ``dest`` lacks, for each dest.

    ``src`` holds the unchanged code's bytecode (pytest's assertion-rewritten test modules and
    conftests, Python's project modules); the worker trees are byte and mtime copies of ``src``
    (``shutil.copytree``), so the same files are valid there. ``.git`` is not walked.

    Returns:
        the number of files copied.
    """
    copied = 0
    for top, dirs, _files in os.walk(src):
        dirs[:] = [d for d in dirs if d != ".git" and not os.path.islink(os.path.join(top, d))]
        if os.path.basename(top) != "__pycache__":
            continue
        rel = os.path.relpath(top, src)
        for dest in dests:
            target = os.path.join(dest, rel)
            if not os.path.isdir(os.path.dirname(target)):
                continue  # the source folder is not in that tree
            os.makedirs(target, exist_ok=True)
            for name in _files:
                if name.endswith(".pyc") and not os.path.exists(os.path.join(target, name)):
                    shutil.copy2(os.path.join(top, name), os.path.join(target, name))
                    copied += 1
    return copied
