from datetime import datetime, timedelta

from tollbooth import Booth, Crossing


def test_a_week_of_one_lorry_a_day():
    b = Booth("West")
    start = datetime(2026, 5, 4, 12, 0)
    for d in range(3):
        b.record(Crossing(start + timedelta(days=d), "lorry"))
        b.record(Crossing(start + timedelta(days=d, hours=1), "car", prepaid=d == 1))
    assert b.daily_takings() == {"2026-05-04": 11.5, "2026-05-05": 9.0, "2026-05-06": 11.5}


def test_a_day_of_prepaid_crossings_only_takes_nothing():
    b = Booth("West")
    b.record(Crossing(datetime(2026, 5, 4, 9, 0), "van"))
    b.record(Crossing(datetime(2026, 5, 5, 9, 0), "van", prepaid=True))
    assert b.daily_takings() == {"2026-05-04": 4.0, "2026-05-05": 0.0}
