from datetime import date

from shearing import Pen, ShearingPlan

START = date(2026, 5, 4)


def test_the_last_day_and_round_trips():
    plan = ShearingPlan(START, [Pen("Hill", 30), Pen("Barn", 15), Pen("Creek", 50)])
    assert plan.last_day() == date(2026, 5, 9)
    for day in (1, 4, 31):
        assert plan.day_number(plan.date_of(day)) == day
    assert ShearingPlan(START, [Pen("Paddock", 20)]).last_day() == START
