from taximeter import DAY, NIGHT, Shift, Trip, tariff_at


def test_a_day_fare_to_the_cent():
    assert Trip(3.2, 4, hour=14).fare() == 11.58


def test_a_short_trip_pays_the_minimum():
    assert Trip(0.5, 0, hour=10).fare() == 6.0


def test_the_night_tariff_runs_from_ten_to_six():
    assert [tariff_at(h) for h in (21, 22, 5, 6)] == [DAY, NIGHT, NIGHT, DAY]


def test_the_takings_of_a_shift():
    shift = Shift("Ugo")
    shift.drive(Trip(0.4, 0, hour=12))
    shift.drive(Trip(0.2, 1, hour=23))
    assert shift.takings() == 14.0
