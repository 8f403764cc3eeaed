import pytest

from elevator import Car, Overload


def test_boarding_counts():
    car = Car(8)
    car.board(3)
    car.board()
    assert car.inside == 4
    assert car.boarded == 4


def test_overload():
    car = Car(4)
    car.board(3)
    with pytest.raises(Overload):
        car.board(2)


def test_cannot_leave_an_empty_car():
    with pytest.raises(ValueError):
        Car(4).alight()


def test_riders_leaving_are_no_longer_inside():
    car = Car(8)
    car.board(5)
    car.alight(2)
    assert car.alighted == 2
    assert car.inside == 3
