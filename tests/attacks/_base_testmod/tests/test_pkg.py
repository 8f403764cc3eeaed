import doctest

import pkg
from pkg import add


def test_add():
    assert add(2, 3) == 5


def test_doctests_of_the_package():
    # the test collects the submodules' functions under the package's __test__ (toolz's way)
    pkg.__test__ = {"double": pkg.funcs.double}
    try:
        result = doctest.testmod(pkg)
    finally:
        del pkg.__test__
    assert result.failed == 0 and result.attempted == 1
