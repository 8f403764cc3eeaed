"""Process groups by owner: one attempt of ``--attempts`` stops its own commands, not others'.

:func:`owned_by` tags the process groups a thread starts (every backend registers them in
:func:`fixloop.sandbox.process.execute`) with an owner; :func:`kill_owned` kills one owner's,
:func:`kill_own_children` the current thread's owner's (everything when it has none). Context
variables are not inherited by new threads, so the tag covers what the thread runs itself: the
test runs, the gate and the repair engine of one attempt. :func:`halt_owned` stops an owner for
good: what it runs is killed, and every command it runs or starts afterwards raises the stop
(the gate of an attempt that was in its final check when the run stopped it), until
:func:`release_owned`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from fixloop.errors import RunStopped
from fixloop.sandbox.process import _OWNER, _halt, _kill_lives, kill_all_children


@contextlib.contextmanager
def owned_by(owner: object) -> Iterator[None]:
    """Tag the process groups this thread starts inside the block with ``owner``.

    :func:`kill_owned` can then stop them without touching another attempt's.
    """
    token = _OWNER.set(owner)
    try:
        yield
    finally:
        _OWNER.reset(token)


def kill_own_children() -> None:
    """Kill what this thread's owner started (:func:`owned_by`), or everything when it has none."""
    owner = _OWNER.get()
    if owner is None:
        kill_all_children()
    else:
        kill_owned(owner)


def kill_owned(owner: object) -> None:
    """Kill (SIGKILL) the live process groups started under :func:`owned_by` with ``owner``."""
    _kill_lives(lambda live: live.owner is owner)


def halt_owned(owner: object, stop: RunStopped) -> None:
    """Stop ``owner``'s commands for good: kill the live ones; each, and every later one, raises.

    :func:`fixloop.sandbox.process.execute` under ``owner`` then raises ``stop``'s class with its
    reason (before starting, or once the killed command is reaped) instead of returning a result,
    so a gate that was running, or between two runs, when the run stopped the attempt (Ctrl-C,
    another attempt verified) cannot go on testing, nor judge a killed run, after the stop. Call
    :func:`release_owned` once the owner is done (the mark keeps a reference to it).

    Args:
        owner: the object given to :func:`owned_by`.
        stop: what its commands raise (:class:`~fixloop.errors.Interrupted`,
            :class:`~fixloop.errors.Superseded`).
    """
    _halt(owner, stop)
    kill_owned(owner)


def release_owned(owner: object) -> None:
    """Forget :func:`halt_owned`'s mark of ``owner`` (its later commands run normally)."""
    _halt(owner, None)
