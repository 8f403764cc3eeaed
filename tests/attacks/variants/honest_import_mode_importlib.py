# kind: honest fix (pytest's --import-mode=importlib in addopts)
# expect: verified
# base: _base_importlib_mode
# what: the project runs pytest with --import-mode=importlib (pytest's recommended mode for new
#   projects: test modules imported under unique names, sys.path left alone); the fix is add's
#   operator. The second opinion must find the same test modules.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a + b


def mul(a, b):
    return a * b
