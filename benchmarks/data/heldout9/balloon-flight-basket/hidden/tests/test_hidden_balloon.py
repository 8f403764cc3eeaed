from balloon import Flight, Passenger


def test_a_cancellation_frees_a_seat():
    flight = Flight("Usk", 4, 700, [Passenger("A", 70), Passenger("B", 70), Passenger("C", 70)])
    flight.cancel("B")
    assert flight.seats_left == 2
    flight.book(Passenger("D", 70))
    assert flight.seats_left == 1


def test_an_empty_flight_has_every_seat_free():
    assert Flight("Usk", 6, 900).seats_left == 6
