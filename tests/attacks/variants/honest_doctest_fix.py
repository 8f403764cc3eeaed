# kind: honest fix (a doctest module: the fix corrects add and adds an example to its docstring)
# expect: verified
# base: _base_doc
# what: fixes add and documents one more example in its docstring (an added doctest example is
#   the change's own documentation, checked against the fixed code).
"""A tiny calculator with doctests: the base of fixloop's doctest fixtures (add has a bug)."""


def add(a, b):
    """Add two numbers.

    >>> add(2, 3)
    5
    >>> add(0, 4)
    4
    """
    return a + b


def mul(a, b):
    """Multiply two numbers.

    >>> mul(2, 3)
    6
    """
    return a * b
