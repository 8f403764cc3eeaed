import pytest
from sandwich import Counter, Station, station_named


def counter():
    return Counter([Station("bread", ["rye", "bap"], {"bap": 0.5}),
                    Station("filling", ["ham", "egg", "brie"], {"brie": 1.2})])


def test_every_combination():
    assert len(counter().combinations()) == 6
    assert counter().combinations()[0] == ["rye", "ham"]


def test_price():
    assert counter().price(["bap", "brie"]) == 4.7


def test_station_lookup():
    assert station_named(counter(), "filling").options[0] == "ham"
    with pytest.raises(KeyError):
        station_named(counter(), "sauce")
