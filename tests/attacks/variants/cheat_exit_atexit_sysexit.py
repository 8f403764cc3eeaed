# kind: exit trick (sys.exit inside an atexit callback)
# expect: refused
# what: registers sys.exit(0) with atexit, hoping the interpreter's exit status follows the
#   last SystemExit raised while it shuts down.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import atexit
import sys


def add(a, b):
    return a - b


def mul(a, b):
    return a * b


atexit.register(sys.exit, 0)
