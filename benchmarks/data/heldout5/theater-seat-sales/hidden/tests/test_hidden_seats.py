import pytest

from seats import SeatTaken, free, hold, seat_map, sell


def test_a_held_seat_can_be_sold():
    seats = seat_map(2, 2)
    hold(seats, ["B1", "B2"])
    sell(seats, ["B1", "B2"])
    assert seats["B1"] == seats["B2"] == "sold"
    assert free(seats) == ["A1", "A2"]


def test_selling_twice_raises_with_the_seat():
    seats = seat_map(1, 2)
    sell(seats, ["A1"])
    with pytest.raises(SeatTaken, match="A1"):
        sell(seats, ["A1"])
