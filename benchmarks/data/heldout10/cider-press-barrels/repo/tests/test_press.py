import pytest

from press import Barrel, PressHouse, Pressing


def test_each_barrel_has_its_own_volume():
    house = PressHouse([Barrel("A", 225), Barrel("B", 225)])
    house.run_into("A", Pressing("bramley", 100))
    house.run_into("B", Pressing("dabinett", 50))
    assert house.volumes() == {"A": 62.0, "B": 35.0}


def test_overflow_is_refused():
    house = PressHouse([Barrel("A", 50)])
    house.run_into("A", Pressing("dabinett", 60))
    with pytest.raises(ValueError):
        house.run_into("A", Pressing("dabinett", 20))


def test_varieties_and_season_total():
    house = PressHouse([Barrel("A", 225)])
    house.run_into("A", Pressing("kingston black", 50))
    house.run_into("A", Pressing("bramley", 50))
    assert house.varieties("A") == ["bramley", "kingston black"]
    assert house.season_total() == 64.0
