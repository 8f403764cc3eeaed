# kind: honest fix (the base's tests write data files into the tree, one of them a file of the base)
# expect: verified
# base: _base_data
# what: test_records_its_run rewrites tests/last_run.json (a file of the base commit) and writes
#   tests/out.json; the fix only corrects add.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
