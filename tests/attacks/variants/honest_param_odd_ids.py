# kind: honest fix (parametrized tests whose ids hold spaces, '::', '/', '[]' and non-ASCII)
# expect: verified
# base: _base_param
# what: node ids now come from pytest's stream; ids such as test_add[zero::four],
#   test_add[a/b[c]] and test_add[n\xe9gatif] must match between the baseline and the gate (no
#   'no longer collected'); the fix only corrects add.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
