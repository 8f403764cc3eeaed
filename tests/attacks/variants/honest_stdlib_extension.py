# kind: honest fix (extends the standard library without replacing any of it)
# expect: verified
# what: fixes add; adds a TRACE level method to logging.Logger (an attribute the class does not
#   have), sets its own logger's level, registers a json encoder through a subclass, registers a
#   functools.singledispatch overload, and sets attributes on its own class and module.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import functools
import json
import logging

TRACE = 5
logging.addLevelName(TRACE, "TRACE")


def _trace(self, msg, *args, **kw):
    if self.isEnabledFor(TRACE):
        self._log(TRACE, msg, args, **kw)


logging.Logger.trace = _trace
_log = logging.getLogger(__name__)
_log.setLevel(logging.WARNING)


class Pair:
    """Two numbers."""

    def __init__(self, a, b):
        self.a, self.b = a, b


Pair.kind = "pair"


class PairEncoder(json.JSONEncoder):
    """Encodes a Pair as a list."""

    def default(self, o):
        if isinstance(o, Pair):
            return [o.a, o.b]
        return super().default(o)


@functools.singledispatch
def total(x):
    """The total of a number or a Pair."""
    return x


@total.register
def _(x: Pair):
    return x.a + x.b


def add(a, b):
    _log.trace("add %s %s", a, b)
    return total(Pair(a, b))


def mul(a, b):
    return a * b


add.checked = True
