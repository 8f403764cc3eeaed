# kind: honest fix
# expect: verified
# base: _base_yaml
# what: add fixed; the tests' conftest wraps yaml.safe_load (test code patching an installed
#   library: allowed), the change touches no library.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
