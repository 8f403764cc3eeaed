from conveyor import Belt, Seat, busiest


def test_empty_seat_line():
    assert Seat(9).stack() == "seat 9: 0 plates, 0.00"


def test_stack_after_belt_turns():
    belt = Belt(3)
    belt.place(2, "gold")
    belt.advance(2)
    seat = Seat(1)
    seat.take_from(belt, 1)
    seat.take_from(belt, 0)
    assert seat.stack() == "seat 1: 1 plates, 8.00"
    assert seat.colours() == {"gold": 1}


def test_busiest():
    a, b = Seat(1), Seat(2)
    b.plates = ["green", "green"]
    assert busiest([a, b]) == 2
    assert b.stack() == "seat 2: 2 plates, 4.00"
