import pytest
from tattoo import Appointment, Studio, artists_hours


def test_receipt_of_booked_artist():
    s = Studio("Ink", 90.0)
    assert s.receipt_line(Appointment("Vera", 2, "Kai", 50.0)) == "Vera | Kai | 130.00"


def test_walk_in_is_billed_to_the_desk():
    s = Studio("Ink", 80.0)
    assert s.receipt_line(Appointment("Wim", 1.5)) == "Wim | front desk | 120.00"


def test_hours_per_artist():
    s = Studio("Ink", 80.0)
    s.book(Appointment("A", 1, "Kai"))
    s.book(Appointment("B", 2, "Kai"))
    s.book(Appointment("C", 1))
    assert artists_hours(s) == {"Kai": 3}


def test_zero_hours_refused():
    with pytest.raises(ValueError):
        Studio("Ink", 80.0).book(Appointment("D", 0))
