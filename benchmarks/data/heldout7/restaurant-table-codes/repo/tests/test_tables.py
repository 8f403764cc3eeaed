import pytest
from tables import FloorPlan, Table


def test_code():
    assert Table("T", 4, 2).code == "T-4"


def test_seat_smallest_fitting():
    plan = FloorPlan()
    plan.add("t", 1, 6)
    plan.add("b", 2, 2)
    assert plan.seat(2) == "B-2"


def test_sections_are_upper_case():
    assert FloorPlan().add("bar", 3, 2).section == "BAR"


def test_no_table():
    plan = FloorPlan()
    with pytest.raises(LookupError):
        plan.seat(3)
    assert plan.covers() == 0
