import pytest
from studio import Booking, Studio, hms


def test_started_hours_are_billed():
    assert Booking("Owls", "A", 2 * 3600 + 600).billable_hours() == 3


def test_invoice():
    s = Studio({"A": 40.0, "B": 25.0})
    s.log("Owls", "A", 3600)
    s.log("Owls", "B", 5400)
    assert s.invoice("Owls") == 90.0


def test_hms():
    assert hms(3725) == "1:02:05"


def test_unknown_room():
    with pytest.raises(KeyError):
        Studio({"A": 1.0}).log("x", "Z", 10)
