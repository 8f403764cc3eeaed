import pytest
from words.testing import assert_plural


def test_accepts_the_right_plural():
    assert_plural("city", "cities")


def test_rejects_a_wrong_plural():
    with pytest.raises(AssertionError):
        assert_plural("city", "citys")
