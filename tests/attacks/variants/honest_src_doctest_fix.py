# kind: honest fix (doctests of a package in a src layout, pythonpath = src)
# expect: verified
# base: _base_srcdoc
# path: src/calcpkg/ops.py
# what: the doctest ids are src/calcpkg/ops.py::calcpkg.ops.add; the doctest rule must find the
#   examples in the package module's file (not a calc.py at the root); the fix corrects add and
#   adds one example.
"""Arithmetic with doctests in a src layout: the base of fixloop's src-doctest fixtures."""


def add(a, b):
    """Add two numbers.

    >>> add(2, 3)
    5
    >>> add(-2, 2)
    0
    """
    return a + b


def mul(a, b):
    """Multiply two numbers.

    >>> mul(2, 3)
    6
    """
    return a * b
