import pytest

from paginate import page


def test_middle_page():
    assert page(list("abcdefgh"), 2, 4) == ["e", "f", "g", "h"]


def test_last_partial_page():
    assert page(list(range(10)), 4, 3) == [9]


def test_page_size_one():
    assert page([1, 2, 3], 2, 1) == [2]


def test_page_past_the_end_is_empty():
    assert page([1, 2], 3, 2) == []


def test_page_zero_is_an_error():
    with pytest.raises(ValueError):
        page([1, 2], 0, 2)
