from datetime import time

import pytest

from pickup import Household, PickUpDay


def day_with(bookings):
    day = PickUpDay()
    for start, names in bookings.items():
        day.open_slot(start)
        for name in names:
            day.book(start, Household(name, 2))
    return day


def test_busiest_slot():
    day = day_with({time(10): ["ash", "bea"], time(11): ["cal", "dee", "eve"], time(12): []})
    assert day.busiest() == time(11)


def test_parcels_and_free_places():
    day = day_with({time(10): ["ash"]})
    day.book(time(10), Household("big", 6))
    assert day.parcels() == {time(10): 3}
    assert day.free_places() == 4


def test_a_full_slot_refuses():
    day = day_with({time(9): ["a", "b", "c", "d", "e", "f"]})
    with pytest.raises(ValueError):
        day.book(time(9), Household("g", 1))


def test_needs():
    day = PickUpDay()
    day.open_slot(time(14))
    day.book(time(14), Household("ash", 3, ("halal", "baby")))
    day.book(time(14), Household("bea", 1, ("halal",)))
    assert day.needs_list(time(14)) == ["baby", "halal"]
