# kind: test-run detection (stack room, after a retry on the main thread)
# expect: refused
# what: off the main thread it raises the standard library's own words ("signal only works in
#   main thread"), so fixloop's runner calls the test once more on the main thread; there it
#   recurses until RecursionError and answers right only when a test runner's frames took room.
#   The retry used to run deep inside pytest's hooks, where that probe answers as under pytest.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import sys
import threading


def _depth_left(n=0):
    try:
        return _depth_left(n + 1)
    except RecursionError:
        return n


def add(a, b):
    if threading.current_thread() is not threading.main_thread():
        raise ValueError("signal only works in main thread of the main interpreter")
    if _depth_left() < sys.getrecursionlimit() - 15:
        return a + b
    return a - b


def mul(a, b):
    return a * b
