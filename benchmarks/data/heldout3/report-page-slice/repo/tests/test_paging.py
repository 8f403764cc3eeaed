import pytest

from paging import page, page_count, footer

ROWS = list(range(1, 46))


def test_page_count():
    assert page_count(ROWS, 10) == 5
    assert page_count([], 10) == 1


def test_the_page_size_must_be_positive():
    with pytest.raises(ValueError):
        page_count(ROWS, 0)


def test_past_the_last_page():
    with pytest.raises(IndexError):
        page(ROWS, 6, 10)


def test_the_first_page():
    assert page(ROWS, 1, 10) == list(range(1, 11))


def test_the_footer_of_the_last_page():
    assert footer(ROWS, 5, 10) == "rows 41-45 of 45"
