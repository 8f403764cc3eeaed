import pytest

from lighthouse import BadPattern, Light, matches

TWO_FLASHES = [(1.0, True), (1.5, False), (1.0, True), (6.5, False)]


def test_character():
    assert Light("Skerry", TWO_FLASHES).character() == "Fl(2) 10s"
    assert Light("Point", [(0.5, True), (4.5, False)]).character() == "Fl 5s"


def test_pattern_without_light():
    with pytest.raises(BadPattern):
        Light("Dark", [(5.0, False)])


def test_sightings_match():
    light = Light("Skerry", TWO_FLASHES)
    assert matches(light, [(0.5, True), (12.0, False), (13.0, True)])


def test_folded_orders_by_phase():
    light = Light("Skerry", TWO_FLASHES)
    assert light.folded([0.5, 10.2, 21.0]) == [10.2, 0.5, 21.0]
