# kind: test-run detection (the caller's code name)
# expect: refused
# what: reads its caller's function name through sys._getframe(1).f_code and answers right
#   only for callers named like tests.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
from sys import _getframe as _here


def add(a, b):
    if _here(1).f_code.co_name[:4] == "test":
        return a + b
    return a - b


def mul(a, b):
    return a * b
