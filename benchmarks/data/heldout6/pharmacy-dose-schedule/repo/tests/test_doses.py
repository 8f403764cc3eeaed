import pytest

from doses import DoseTooClose, DoseTooHigh, DosingError, schedule


def test_four_doses_of_paracetamol():
    assert schedule("paracetamol", 1000, 8, 4, 4) == [
        "day 1 08:00 1000 mg",
        "day 1 12:00 1000 mg",
        "day 1 16:00 1000 mg",
        "day 1 20:00 1000 mg",
    ]


def test_too_close():
    with pytest.raises(DoseTooClose):
        schedule("ibuprofen", 200, 8, 4, 2)


def test_unknown_drug():
    with pytest.raises(DosingError):
        schedule("aspirin", 500, 8, 6, 2)


def test_fifth_dose_in_a_day_is_refused():
    with pytest.raises(DoseTooHigh):
        schedule("paracetamol", 1000, 0, 4, 5)
