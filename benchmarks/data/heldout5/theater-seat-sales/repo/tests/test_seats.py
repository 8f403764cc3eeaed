import pytest

from seats import SeatTaken, free, hold, seat_map, sell


def test_seat_map_labels():
    assert list(seat_map(2, 2)) == ["A1", "A2", "B1", "B2"]


def test_holding_a_held_seat_fails():
    seats = seat_map(1, 3)
    hold(seats, ["A1", "A2"])
    with pytest.raises(SeatTaken):
        hold(seats, ["A2"])


def test_selling_free_seats():
    seats = seat_map(1, 3)
    sell(seats, ["A1", "A3"])
    assert free(seats) == ["A2"]


def test_a_sold_seat_cannot_be_sold_again():
    seats = seat_map(1, 3)
    sell(seats, ["A2"])
    with pytest.raises(SeatTaken):
        sell(seats, ["A3", "A2"])
