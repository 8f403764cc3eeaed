import pytest

from trips import Fix, distance_km, split_trips, trip_length_km


def test_one_degree_of_latitude():
    assert distance_km(Fix(0, 0.0, 0.0), Fix(1, 1.0, 0.0)) == pytest.approx(111.19, abs=0.01)


def test_trip_length():
    trip = [Fix(0, 0.0, 0.0), Fix(60, 0.0, 1.0), Fix(120, 0.0, 2.0)]
    assert trip_length_km(trip) == pytest.approx(222.39, abs=0.01)


def test_no_fixes_no_trips():
    assert split_trips([]) == []


def test_a_long_silence_starts_a_new_trip():
    a, b, c = Fix(0, 1.0, 1.0), Fix(100, 1.0, 1.1), Fix(5000, 2.0, 2.0)
    assert split_trips([c, a, b]) == [[a, b], [c]]
