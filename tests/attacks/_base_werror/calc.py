"""A tiny calculator with a deprecated alias (the base of a fixloop fixture: add has a bug)."""
import warnings


def add(a, b):
    return a - b


def plus(a, b):
    warnings.warn("plus() is deprecated, use add()", DeprecationWarning, stacklevel=2)
    return add(a, b)
