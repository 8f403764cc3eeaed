import pytest

from funicular import Car, CarFull, Line


def test_board_and_free_seats():
    car = Car("Blue", "bottom", capacity=3)
    car.board("T1")
    assert car.free_seats() == 2


def test_a_full_car_refuses_more():
    car = Car("Blue", "bottom", capacity=2)
    car.board("T1")
    car.board("T2")
    with pytest.raises(CarFull):
        car.board("T3")


def test_status_while_boarding():
    car = Car("Red", "top", capacity=4)
    car.board("T9")
    assert car.status() == "boarding"


def test_run_swaps_the_stations():
    line = Line(Car("Blue", "bottom"), Car("Red", "top"))
    line.cars[0].board("T1")
    assert line.run() == ["T1"]
    assert line.board_text() == {"top": "boarding", "bottom": "boarding"}
