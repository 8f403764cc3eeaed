from datetime import date

import pytest

from shearing import Pen, ShearingPlan

START = date(2026, 5, 4)


def test_days_needed_and_day_number():
    plan = ShearingPlan(START, [], per_day=20)
    assert plan.days_needed(Pen("Hill", 41)) == 3
    assert plan.day_number(date(2026, 5, 6)) == 3


def test_days_count_from_one():
    with pytest.raises(ValueError):
        ShearingPlan(START, []).date_of(0)


def test_the_first_day_is_the_start():
    assert ShearingPlan(START, []).date_of(1) == START


def test_plan():
    plan = ShearingPlan(START, [Pen("Hill", 30), Pen("Barn", 15), Pen("Creek", 50)])
    assert plan.plan() == [
        ("Hill", date(2026, 5, 4)),
        ("Barn", date(2026, 5, 6)),
        ("Creek", date(2026, 5, 7)),
    ]
