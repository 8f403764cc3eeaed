import pytest

from consist import Car, build, numbers, turn, uncouple_after


def test_turning_twice_restores_the_order():
    assert numbers(turn(turn(build([1, 2, 3])))) == [1, 2, 3]


def test_turn_then_uncouple():
    head = turn(build([1, 2, 3, 4]))
    rest = uncouple_after(head, 3)
    assert numbers(head) == [4, 3]
    assert numbers(rest) == [2, 1]


def test_no_train():
    assert turn(None) is None
    assert numbers(None) == []


def test_looping_couplings_are_detected():
    car = Car(1)
    car.behind = car
    with pytest.raises(ValueError):
        numbers(car)
