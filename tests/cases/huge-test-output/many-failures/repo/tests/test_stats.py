import sys

import pytest

from stats import mean


@pytest.mark.parametrize("n", range(1, 151))
def test_mean_of_constant(n):
    sys.stderr.write(("noise on stderr " * 64 + "\n") * 4)
    assert mean([n] * 4) == n, "mean of four equal values " + "is wrong " * 40
