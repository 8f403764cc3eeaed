__all__ = ["add", "double"]


def double(x):
    """Twice x.

    >>> double(3)
    6
    """
    return x * 2


def add(a, b):
    return a - b
