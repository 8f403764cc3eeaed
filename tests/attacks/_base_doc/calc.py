"""A tiny calculator with doctests: the base of fixloop's doctest fixtures (add has a bug)."""


def add(a, b):
    """Add two numbers.

    >>> add(2, 3)
    5
    """
    return a - b


def mul(a, b):
    """Multiply two numbers.

    >>> mul(2, 3)
    6
    """
    return a * b
