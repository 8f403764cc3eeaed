"""Process groups by owner: one attempt of ``--attempts`` stops its own commands, not others'.

:func:`owned_by` tags the process groups a thread starts (every backend registers them in
:func:`fixloop.sandbox.process.execute`) with an owner; :func:`kill_owned` kills one owner's,
:func:`kill_own_children` the current thread's owner's (everything when it has none). Context
variables are not inherited by new threads, so the tag covers what the thread runs itself: the
test runs, the gate and the repair engine of one attempt.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from fixloop.sandbox.process import _OWNER, _kill_lives, kill_all_children


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
