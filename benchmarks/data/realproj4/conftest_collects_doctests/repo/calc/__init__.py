def double(x):
    """Twice ``x``.

    >>> double(2)
    4
    """
    return x * 3


def half(x):
    """Half of ``x``.

    >>> half(4)
    2.0
    """
    return x / 2
