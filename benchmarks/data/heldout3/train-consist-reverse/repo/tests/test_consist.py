import pytest

from consist import build, numbers, turn, uncouple_after


def test_build_and_read_back():
    assert numbers(build([3, 1, 2])) == [3, 1, 2]


def test_uncouple_after_a_car():
    head = build([1, 2, 3, 4])
    rest = uncouple_after(head, 2)
    assert numbers(head) == [1, 2]
    assert numbers(rest) == [3, 4]


def test_uncouple_after_an_unknown_car():
    with pytest.raises(KeyError):
        uncouple_after(build([1, 2]), 9)


def test_turn_reverses_the_train():
    assert numbers(turn(build([10, 20, 30]))) == [30, 20, 10]


def test_turn_a_single_car():
    assert numbers(turn(build([7]))) == [7]
