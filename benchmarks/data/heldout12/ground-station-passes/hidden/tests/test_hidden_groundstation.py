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


def test_two_satellites_and_a_retry_after_a_timeout():
    t1, t2 = datetime(2026, 12, 3, 9, 0), datetime(2026, 12, 3, 13, 30)
    service = Service({"NOAA-19": t1, "AQUA": None})
    lookup = remembered(service)
    assert lookup("AQUA") is None
    service.times["AQUA"] = t2
    for _ in range(3):
        assert lookup("NOAA-19") == t1
        assert lookup("AQUA") == t2
    assert service.calls == ["AQUA", "NOAA-19", "AQUA"]


def test_bookings_ask_once():
    service = Service({"NOAA-19": datetime(2026, 12, 3, 9, 0)})
    schedule = Schedule(service)
    schedule.book("NOAA-19", 10)
    schedule.book("NOAA-19", 10)
    assert schedule.clashes() == [("NOAA-19", "NOAA-19")]
    assert service.calls == ["NOAA-19"]
