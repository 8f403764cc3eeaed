import pytest

from balloon import BasketFull, Flight, Passenger, manifest


def test_a_passenger_over_the_weight_limit_is_refused():
    with pytest.raises(ValueError):
        Flight("Ely", 4, 600).book(Passenger("Tor", 130))


def test_the_load_counts_the_pilot():
    flight = Flight("Ely", 4, 600, [Passenger("Ann", 80), Passenger("Bo", 70)])
    assert flight.load_kg == 240
    assert flight.may_take_off()


def test_the_manifest_lists_the_heaviest_first():
    flight = Flight("Ely", 4, 600, [Passenger("Ann", 60), Passenger("Bo", 95)])
    assert manifest(flight) == ["Bo", "Ann"]


def test_booking_fills_the_basket():
    flight = Flight("Wye", 2, 600)
    flight.book(Passenger("Cy", 70))
    flight.book(Passenger("Di", 65))
    assert flight.seats_left == 0
    with pytest.raises(BasketFull):
        flight.book(Passenger("Ed", 60))
