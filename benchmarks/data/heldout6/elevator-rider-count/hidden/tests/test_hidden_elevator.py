import pytest

from elevator import Car, Overload


def test_stops_and_summary():
    car = Car(10)
    car.stop_at(0, 0, 6)
    car.stop_at(3, 4, 1)
    car.stop_at(7, 3, 0)
    assert car.summary() == "3 stops, 7 in, 7 out, 0 aboard"
    assert car.load() == 0.0


def test_room_frees_up_after_riders_leave():
    car = Car(4)
    car.board(4)
    car.alight(3)
    car.board(2)
    assert car.load() == 0.75
    with pytest.raises(Overload):
        car.board(2)


def test_everyone_can_leave():
    car = Car(5)
    car.board(2)
    car.alight(1)
    car.alight(1)
    with pytest.raises(ValueError):
        car.alight(1)
