# kind: honest fix (addopts -p no:cacheprovider --strict-config --strict-markers)
# expect: verified
# base: _base_nocache
# what: the project switches pytest's cache provider off and runs strict; the fix is add's operator.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
