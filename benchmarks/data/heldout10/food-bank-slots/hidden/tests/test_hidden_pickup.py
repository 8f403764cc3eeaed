from datetime import time

from pickup import Household, PickUpDay


def test_busiest_counts_households_not_people():
    day = PickUpDay()
    for t in (time(9), time(10), time(11)):
        day.open_slot(t)
    day.book(time(9), Household("zed", 6))
    day.book(time(9), Household("yan", 5))
    for name in ("amy", "ben", "cy"):
        day.book(time(11), Household(name, 1))
    assert day.busiest() == time(11)


def test_earliest_of_equals():
    day = PickUpDay()
    for t in (time(15), time(13)):
        day.open_slot(t)
        day.book(t, Household(f"h{t.hour}", 2))
        day.book(t, Household(f"g{t.hour}", 2))
    assert day.busiest() == time(13)
