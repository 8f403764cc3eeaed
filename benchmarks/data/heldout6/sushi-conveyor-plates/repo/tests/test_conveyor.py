import pytest

from conveyor import Belt, Seat, UnknownPlate


def _seat_with(*colours):
    belt = Belt(len(colours))
    for i, c in enumerate(colours):
        belt.place(i, c)
    seat = Seat(4)
    for i in range(len(colours)):
        seat.take_from(belt, i)
    return seat


def test_bill():
    assert _seat_with("green", "blue", "red").bill() == 10.5


def test_unknown_plate():
    with pytest.raises(UnknownPlate):
        Belt(3).place(0, "purple")


def test_belt_advances():
    belt = Belt(4)
    belt.place(0, "red")
    belt.advance(1)
    assert belt.slots == [None, "red", None, None]


def test_stack_line_counts_plates():
    assert _seat_with("green", "blue", "red").stack() == "seat 4: 3 plates, 10.50"
