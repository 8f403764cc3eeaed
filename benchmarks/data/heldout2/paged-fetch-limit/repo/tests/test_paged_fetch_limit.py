import pytest

from paging import PageError, fetch_all, first


def api(data, size):
    def fetch(cursor):
        start = cursor or 0
        nxt = start + size if start + size < len(data) else None
        return {"items": data[start : start + size], "next": nxt}
    return fetch


def test_page_limit():
    assert fetch_all(api(list(range(10)), 3), max_pages=2) == [0, 1, 2, 3, 4, 5]


def test_limit_beyond_the_last_page():
    assert fetch_all(api(list("abcde"), 2), max_pages=9) == list("abcde")


def test_bad_page():
    with pytest.raises(PageError):
        fetch_all(lambda cursor: {"data": []}, max_pages=1)


def test_no_limit_reads_every_page():
    assert fetch_all(api(list(range(7)), 2)) == list(range(7))
