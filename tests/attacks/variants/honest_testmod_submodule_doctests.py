# kind: honest fix
# expect: verified
# base: _base_testmod
# path: pkg/funcs.py
# record: baseline
# what: fixes add in pkg/funcs.py. The test puts pkg.funcs.double under pkg.__test__ and runs
#   doctest.testmod(pkg) (toolz 1.2.0's test_curried_doctests, newcomer F37): doctest names the
#   example pkg.__test__.double in pkg/__init__.py, but its docstring is literal text of
#   pkg/funcs.py, the file that defines the entry's function. Refused before ("runs examples
#   pkg/__init__.py does not hold").
__all__ = ["add", "double"]


def double(x):
    """Twice x.

    >>> double(3)
    6
    """
    return x * 2


def add(a, b):
    return a + b
