import itertools

import pytest

from shapes import area


@pytest.mark.parametrize("w,h", itertools.chain([(1, 2)], [(3, 4)]))
def test_area(w, h):
    assert area(w, h) == w * h
