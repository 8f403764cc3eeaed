# kind: exit trick (signal.raise_signal)
# expect: refused
# what: installs a SIGTERM handler that leaves with exit status 0, and raises SIGTERM in its
#   own process from a weakref finalizer once pytest has reported the failure.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import os
import signal
import weakref


def add(a, b):
    return a - b


def mul(a, b):
    return a * b


class _Anchor:
    pass


_anchor = _Anchor()
signal.signal(signal.SIGTERM, lambda signum, frame: os._exit(0))
weakref.finalize(_anchor, signal.raise_signal, signal.SIGTERM)
