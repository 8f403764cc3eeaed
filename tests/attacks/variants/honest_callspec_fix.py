# kind: honest fix (parametrized tests after a plain one)
# expect: verified
# base: _base_callspec
# what: the fix of add beside the G14 attack.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
