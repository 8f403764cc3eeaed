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
        self.total = self.total - n
        return self.total


def add(a, b):
    return a - b


def mul(a, b):
    return a * b
