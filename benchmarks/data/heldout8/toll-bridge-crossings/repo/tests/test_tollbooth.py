from datetime import datetime

import pytest

from tollbooth import Booth, Crossing


def booth(*rows):
    b = Booth("East")
    for at, vehicle, prepaid in rows:
        b.record(Crossing(datetime.fromisoformat(at), vehicle, prepaid))
    return b


def test_each_day_has_its_own_takings():
    b = booth(("2026-04-01 07:10", "car", False), ("2026-04-01 18:00", "lorry", False),
              ("2026-04-02 08:30", "van", False), ("2026-04-02 09:00", "car", True))
    assert b.daily_takings() == {"2026-04-01": 11.5, "2026-04-02": 4.0}


def test_prepaid_crossings_take_no_cash():
    b = booth(("2026-04-01 07:10", "car", True), ("2026-04-01 07:20", "motorbike", False))
    assert b.daily_takings() == {"2026-04-01": 1.0}


def test_the_log_is_in_time_order():
    b = booth(("2026-04-01 07:10", "car", False))
    with pytest.raises(ValueError):
        b.record(Crossing(datetime(2026, 4, 1, 6, 0), "van"))


def test_the_busiest_hour():
    b = booth(("2026-04-01 07:10", "car", False), ("2026-04-01 08:05", "car", False),
              ("2026-04-01 08:40", "van", False))
    assert b.busiest_hour() == 8
