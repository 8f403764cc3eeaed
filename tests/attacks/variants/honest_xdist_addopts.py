# kind: honest fix (a project that runs its suite with pytest-xdist: addopts = -n 2)
# expect: verified
# base: _base_xdist
# what: the project's pytest.ini runs the tests in two pytest-xdist workers (addopts = -n 2, as
#   many projects set -n auto); the fix is add's operator. Whatever fixloop puts in the pytest
#   process (the watch, the per-test stream, the import guard) must work, or be known not to,
#   when the tests run in worker processes.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
