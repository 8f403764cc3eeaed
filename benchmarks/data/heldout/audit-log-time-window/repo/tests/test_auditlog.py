import pytest

from auditlog import Entry, count_by_level, select

LOG = [
    Entry(100, "info", "login"),
    Entry(200, "error", "disk full"),
    Entry(300, "debug", "tick"),
]


def test_unknown_level():
    with pytest.raises(ValueError):
        select(LOG, min_level="fatal", since=0)


def test_level_and_window():
    assert select(LOG, min_level="info", since=150, until=400) == [LOG[1]]


def test_count_by_level():
    assert count_by_level(LOG) == {"info": 1, "error": 1, "debug": 1}


def test_without_an_upper_bound():
    assert select(LOG, min_level="info", since=150) == [LOG[1]]
