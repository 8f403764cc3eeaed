"""Running one sandboxed process: its process group, deadline and output capture.

:func:`execute` starts a command in a new session (process group), reads its output with a
deadline (never blocking on a pipe an orphan keeps open), streams the full output to a log and
keeps at most ``limits.output_bytes`` in memory (head and tail), and kills the whole group with
SIGKILL at the wall-clock limit. Every live group is registered so :func:`kill_all_children`
(registered with :mod:`atexit`, and called by Ctrl-C handlers) can kill them all.

Called by the backends (:mod:`fixloop.sandbox.bwrap`, :mod:`fixloop.sandbox.container`,
:mod:`fixloop.sandbox.local`); :mod:`fixloop.sandbox.owners` reads the live groups to kill one
attempt's processes. :func:`execute` and :func:`kill_all_children` are also importable from
:mod:`fixloop.sandbox.base`.
"""

from __future__ import annotations

import atexit
import contextvars
import os
import select
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from fixloop.errors import RunStopped
from fixloop.types import ExecResult, Limits

#: Seconds to keep draining output after the main process ended or was killed.
_DRAIN_S = 0.5

# --------------------------------------------------------------------------------------------
# Live process groups (for kill_all_children and atexit)
# --------------------------------------------------------------------------------------------


@dataclass
class _Live:
    pgid: int
    kill_extra: Callable[[], None] | None = None
    owner: object = None


_LIVE: dict[int, _Live] = {}
_LIVE_LOCK = threading.Lock()
#: Who started this thread's processes (one attempt of ``--attempts``; :mod:`.owners`), or None.
_OWNER: contextvars.ContextVar[object] = contextvars.ContextVar("fixloop_owner", default=None)
#: Owners whose commands are stopped for good (:func:`fixloop.sandbox.owners.halt_owned`):
#: ``{id(owner): (owner, stop)}`` (the owner is kept so its id cannot be reused while here).
_HALTED: dict[int, tuple[object, RunStopped]] = {}


def _halted(owner: object) -> RunStopped | None:
    """The stop ``owner`` was halted with, or None (call with ``_LIVE_LOCK`` held)."""
    entry = _HALTED.get(id(owner)) if owner is not None else None
    return entry[1] if entry is not None and entry[0] is owner else None


def _register(key: int, live: _Live) -> bool:
    """Register a live group; False when its owner is halted (the caller kills it at once).

    Under the same lock as :func:`_halt`: either the halt's scan sees this group, or this
    sees the halt, so a command started while its owner is being stopped never runs on.
    """
    with _LIVE_LOCK:
        _LIVE[key] = live
        return _halted(live.owner) is None


def _halt(owner: object, stop: RunStopped | None) -> None:
    """Halt ``owner`` with ``stop`` (its commands raise it, see :func:`execute`), or release it."""
    with _LIVE_LOCK:
        if stop is not None:
            _HALTED[id(owner)] = (owner, stop)
        elif _halted(owner) is not None:
            del _HALTED[id(owner)]


def _raise_if_halted(owner: object) -> None:
    with _LIVE_LOCK:
        stop = _halted(owner)
    if stop is not None:
        raise type(stop)(stop.reason)


def _unregister(key: int) -> None:
    with _LIVE_LOCK:
        _LIVE.pop(key, None)


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _kill_lives(which: Callable[[_Live], bool]) -> None:
    """Kill (SIGKILL) the live process groups ``which`` selects, and their extra kill steps."""
    with _LIVE_LOCK:
        lives = [live for live in _LIVE.values() if which(live)]
    for live in lives:
        _kill_group(live.pgid)
        if live.kill_extra is not None:
            try:
                live.kill_extra()
            except Exception:  # noqa: BLE001 - best effort on the way out
                pass


def kill_all_children() -> None:
    """Kill every live sandboxed process group (SIGKILL) and every live container.

    Safe to call at any time and more than once; registered with :mod:`atexit` and meant for
    Ctrl-C handlers too. Runs in progress see their process killed and return promptly.
    """
    _kill_lives(lambda live: True)


atexit.register(kill_all_children)


# --------------------------------------------------------------------------------------------
# Running one process: group, deadline, output capture
# --------------------------------------------------------------------------------------------


class _Capture:
    """Keeps at most ``cap`` bytes (head and tail) of a stream and writes all of it to a log."""

    def __init__(self, cap: int, log: object | None) -> None:
        self.cap = max(1024, int(cap))
        self.head_cap = self.cap // 2
        self.tail_cap = self.cap - self.head_cap
        self.head = bytearray()
        self.tail: deque[bytes] = deque()
        self.tail_len = 0
        self.total = 0
        self.log = log

    def add(self, data: bytes) -> None:
        self.total += len(data)
        if self.log is not None:
            try:
                self.log.write(data)  # type: ignore[attr-defined]
            except OSError:
                self.log = None
        if len(self.head) < self.head_cap:
            take = self.head_cap - len(self.head)
            self.head += data[:take]
            data = data[take:]
        if data:
            self.tail.append(data)
            self.tail_len += len(data)
            while self.tail and self.tail_len - len(self.tail[0]) >= self.tail_cap:
                self.tail_len -= len(self.tail.popleft())

    def text(self, log_path: Path | None) -> tuple[str, bool]:
        tail = b"".join(self.tail)
        kept = len(self.head) + len(tail)
        if kept <= self.cap and kept == self.total:
            return (bytes(self.head) + tail).decode("utf-8", "replace"), False
        tail = tail[-self.tail_cap :]
        cut = self.total - len(self.head) - len(tail)
        where = f"full log: {log_path}" if log_path else "full log not kept"
        marker = f"\n[... {cut} bytes of output cut here; {where} ...]\n".encode()
        return (bytes(self.head) + marker + tail).decode("utf-8", "replace"), True


def execute(
    cmd: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    limits: Limits,
    log_path: Path | None,
    preexec: Callable[[], None] | None = None,
    pass_fds: Sequence[int] = (),
    on_timeout: Callable[[], None] | None = None,
    after_start: Callable[[subprocess.Popen[bytes]], None] | None = None,
) -> ExecResult:
    """Run ``cmd`` in a new session; read output with a deadline; kill the group when done.

    Every backend ends here: the process group is registered for :func:`kill_all_children`
    while it runs and killed (SIGKILL) when the main process ends or the wall limit hits.

    Args:
        cmd: the full command (backend wrapper included), never run through a shell.
        cwd: working folder of the wrapper process.
        env: its whole environment.
        limits: ``wall_s`` and ``output_bytes`` are applied here.
        log_path: receives the full output when given.
        preexec: run in the child before exec (the rlimits where prlimit is missing).
        pass_fds: file descriptors the child inherits.
        on_timeout: extra kill step (a container kill) when the process outlives the run.
        after_start: called with the started process (bwrap closes its status pipe's end).

    Returns:
        An :class:`ExecResult`; ``returncode`` is None when the wall limit hit.

    Raises:
        fixloop.errors.RunStopped: the thread's owner (:mod:`.owners`) was halted, before the
            command started or while it ran (it is killed): the owner's stop
            (:class:`~fixloop.errors.Interrupted` for Ctrl-C, :class:`~fixloop.errors.Superseded`
            when another attempt ended the run), never a result of a killed command.
    """
    owner = _OWNER.get()
    _raise_if_halted(owner)
    start = time.monotonic()
    deadline = start + float(limits.wall_s)
    log = open(log_path, "wb") if log_path is not None else None  # noqa: SIM115
    cap = _Capture(limits.output_bytes, log)
    timed_out = False
    try:
        proc = subprocess.Popen(
            list(cmd),
            cwd=str(cwd),
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            close_fds=True,
            pass_fds=tuple(pass_fds),
            preexec_fn=preexec,  # noqa: PLW1509 - only where prlimit is missing
        )
    except BaseException:
        if log is not None:
            log.close()
        raise
    key = proc.pid
    if not _register(key, _Live(pgid=proc.pid, kill_extra=on_timeout, owner=owner)):
        _kill_group(proc.pid)  # its owner was halted as it started: raised below, once reaped
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    try:
        if after_start is not None:
            after_start(proc)
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            if exited_at is None and proc.poll() is not None:
                # the main process ended: whatever is left of its group goes now
                exited_at = now
                _kill_group(proc.pid)
            if now >= deadline:
                timed_out = exited_at is None
                break
            if exited_at is not None and now - exited_at > _DRAIN_S:
                break
            wait = min(deadline - now, 0.2)
            ready, _, _ = select.select([fd], [], [], wait)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    break
                cap.add(data)
    finally:
        if proc.poll() is None or timed_out:
            if on_timeout is not None and proc.poll() is None:
                try:
                    on_timeout()
                except Exception:  # noqa: BLE001 - the group kill below still runs
                    pass
        _kill_group(proc.pid)  # leftovers of the group: nothing of the run survives it
        drain_until = time.monotonic() + _DRAIN_S
        while time.monotonic() < drain_until:
            ready, _, _ = select.select([fd], [], [], max(0.0, drain_until - time.monotonic()))
            if not ready:
                break
            data = os.read(fd, 65536)
            if not data:
                break
            cap.add(data)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
            pass
        proc.stdout.close()
        _unregister(key)
        if log is not None:
            log.close()
    _raise_if_halted(owner)  # killed by the halt (or not): its output is no result
    text, truncated = cap.text(log_path)
    return ExecResult(
        returncode=None if timed_out else proc.returncode,
        output=text,
        timed_out=timed_out,
        duration_s=time.monotonic() - start,
        output_truncated=truncated,
        total_output_bytes=cap.total,
    )
