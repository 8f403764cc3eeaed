from datetime import datetime

from groundstation import Schedule, remembered


class Service:
    def __init__(self, times):
        self.times = times
        self.calls = []

    def __call__(self, sat):
        self.calls.append(sat)
        when = self.times[sat]
        if when is None:
            raise TimeoutError(sat)
        return when


T = datetime(2026, 12, 3, 10, 0)


def test_the_service_time_is_returned():
    assert remembered(Service({"NOAA-19": T}))("NOAA-19") == T


def test_each_satellite_is_asked_once():
    service = Service({"NOAA-19": T})
    lookup = remembered(service)
    lookup("NOAA-19")
    assert lookup("NOAA-19") == T
    assert service.calls == ["NOAA-19"]


def test_a_timeout_books_nothing():
    schedule = Schedule(Service({"METOP-B": None}))
    assert schedule.book("METOP-B", 12) is None
    assert schedule.booked == []


def test_clashes():
    schedule = Schedule(Service({"A": T, "B": datetime(2026, 12, 3, 10, 5), "C": datetime(2026, 12, 3, 11, 0)}))
    for sat in ("C", "A", "B"):
        schedule.book(sat, 10)
    assert schedule.clashes() == [("A", "B")]
