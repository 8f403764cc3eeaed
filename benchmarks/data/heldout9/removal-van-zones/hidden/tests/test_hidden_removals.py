import pytest

from removals import ZoneBook

ZONES = {"SW1A": "A", "N1": "B"}


def test_the_same_postcode_written_differently_is_looked_up_once():
    zones = ZoneBook(ZONES.get)
    assert zones.zone("n1 9gu") == "B"
    assert zones.zone("N1 9GU") == "B"
    assert zones.zone("N19GU") == "B"
    assert zones.lookups == 1


def test_an_unknown_postcode_stays_refused():
    zones = ZoneBook(ZONES.get)
    for _ in range(2):
        with pytest.raises(ValueError):
            zones.zone("ZZ9 9ZZ")
