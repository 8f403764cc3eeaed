import pytest

from removals import Move, ZoneBook, normalise, quote, quote_all

ZONES = {"SW1A": "A", "N1": "B", "E8": "B", "CR0": "C"}


def test_postcodes_are_normalised():
    assert normalise("sw1a 1aa") == "SW1A1AA"


def test_a_piano_costs_extra_at_the_dearer_rate():
    zones = ZoneBook(ZONES.get)
    assert quote(Move("SW1A 1AA", "CR0 2RH", 3, piano=True), zones) == 1114.0


def test_an_unknown_postcode_is_refused():
    with pytest.raises(ValueError):
        ZoneBook(ZONES.get).zone("ZZ9 9ZZ")


def test_each_postcode_is_looked_up_once():
    zones = ZoneBook(ZONES.get)
    moves = [Move("SW1A 1AA", "N1 9GU", 2), Move("SW1A 1AA", "E8 3PB", 4)]
    assert quote_all(moves, zones) == [450.0, 900.0]
    assert zones.lookups == 3
