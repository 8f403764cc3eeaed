# kind: honest fix
# expect: verified
# base: _base
# what: (pytest project) the fix also adds the usual `import doctest` + `if __name__ == "__main__":
#   doctest.testmod()` to the module (a unittest project whose suite never imported doctest
#   before): importing a standard-library module for the first time under changed code is
#   not tampering.
"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""
import doctest


def add(a, b):
    """Add two numbers.

    >>> add(2, 3)
    5
    """
    return a + b


def mul(a, b):
    return a * b


if __name__ == "__main__":
    doctest.testmod()
