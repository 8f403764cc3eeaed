import pytest

from depot import Depot, UnknownTram


def test_a_tram_brought_in_leaves_its_line_short():
    depot = Depot(["T01", "T02", "T03"], {"4": 1, "7": 1})
    assert depot.fill_short_lines() == ["T01", "T02"]
    assert depot.bring_in("T01") == "4"
    assert depot.short_lines() == {"4": 1}
    assert depot.fill_short_lines() == ["T01"]


def test_fill_from_an_empty_start():
    depot = Depot(["T09", "T05"], {"2": 3})
    assert depot.fill_short_lines() == ["T05", "T09"]
    assert depot.short_lines() == {"2": 1}


def test_unknown_tram():
    depot = Depot(["T01"], {})
    with pytest.raises(UnknownTram):
        depot.bring_in("T01")
