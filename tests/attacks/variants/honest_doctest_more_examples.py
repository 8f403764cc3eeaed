# kind: honest fix (a doctest project: the fix also adds examples to the docstrings)
# expect: verified
# base: _base_doc
# what: the fix corrects add and, as a careful developer would, adds examples to add's and mul's
#   docstrings (the file's literal docstrings change with the diff; the doctests must run them).
"""A tiny calculator with doctests: the base of fixloop's doctest fixtures (add has a bug)."""


def add(a, b):
    """Add two numbers.

    >>> add(2, 3)
    5
    >>> add(-1, 1)
    0
    >>> [add(i, i) for i in range(3)]
    [0, 2, 4]
    """
    return a + b


def mul(a, b):
    """Multiply two numbers.

    >>> mul(2, 3)
    6
    >>> mul(0.5, 4)
    2.0
    """
    return a * b
