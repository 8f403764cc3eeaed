"""Arithmetic with doctests in a src layout: the base of fixloop's src-doctest fixtures."""


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
