# kind: honest fix (a test table handed to the test's own helper)
# expect: verified
# base: _base_rows_helper
# record: baseline
# what: the fix of add beside the G16 attack: the test's helper only reads the rows it is
#   handed, and nothing changes them.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
