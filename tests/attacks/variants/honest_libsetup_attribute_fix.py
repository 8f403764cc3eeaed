# kind: honest fix
# expect: verified
# base: _base_libsetup
# record: baseline
# what: fixes add and Tally.add (`self.total = self.total + n`, an attribute store on a changed
#   line). The module still sets json.loads = functools.partial(json.loads, parse_float=float)
#   at import, unchanged, and the conftest registers its own plugin and monkeypatches
#   os.getcwd: the baseline run did all of it too, so none of it is the change's (red-team F13:
#   the old rule blamed the base's own set-up on any change that stores an attribute).
"""A calculator whose project configures a library at import (kept by every fix)."""
import functools
import json

# the project's own set-up of the standard library: numbers with a fraction stay floats
json.loads = functools.partial(json.loads, parse_float=float)


class Tally:
    """A running total."""

    def __init__(self):
        self.total = 0

    def add(self, n):
        self.total = self.total + n
        return self.total


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
