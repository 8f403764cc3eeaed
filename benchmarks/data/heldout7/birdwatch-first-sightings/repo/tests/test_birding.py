import pytest
from birding import Sighting, YearList, first_sightings


def test_repeat_species_not_listed_twice():
    log = [Sighting(5, "Robin", "park"), Sighting(2, "Wren", "lake"), Sighting(9, "robin ", "lake")]
    assert [s.day for s in first_sightings(log)] == [2, 5]


def test_year_list_ticks():
    y = YearList("Ada")
    for day, sp in [(1, "Heron"), (3, "Heron"), (4, "Coot")]:
        y.add(day, sp, "marsh")
    assert y.ticks() == 2


def test_birds_counted():
    y = YearList("Bo")
    y.add(10, "Teal", "pond", 12)
    y.add(11, "Teal", "pond", 3)
    assert y.birds_counted() == 15


def test_bad_day():
    with pytest.raises(ValueError):
        YearList("Cy").add(0, "Jay", "wood")
