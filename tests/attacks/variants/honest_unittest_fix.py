# kind: honest fix (a unittest project: TestCase with setUp, run by pytest)
# expect: verified
# base: _base_unit
# what: the fix only corrects add; the tests are unittest.TestCase methods whose setUp builds
#   the cases (the plain runner now runs setUp too).
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
