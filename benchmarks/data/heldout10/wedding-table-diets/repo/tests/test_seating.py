import pytest

from seating import SeatingPlan


def test_a_guest_without_a_reply_gets_the_standard_meal():
    plan = SeatingPlan()
    plan.seat("ann", 1)
    plan.seat("bob", 1)
    plan.reply("ann", " Vegan")
    assert plan.meals(1) == {"ann": "vegan", "bob": "standard"}


def test_kitchen_count_of_replies():
    plan = SeatingPlan()
    for guest, table, diet in [("ann", 1, "fish"), ("bob", 2, "vegan"), ("cid", 2, "fish")]:
        plan.seat(guest, table)
        plan.reply(guest, diet)
    assert plan.kitchen_count() == {"fish": 2, "vegan": 1}


def test_full_table():
    plan = SeatingPlan()
    for i in range(8):
        plan.seat(f"g{i}", 3)
    with pytest.raises(ValueError):
        plan.seat("late", 3)


def test_missing_replies_and_table_of():
    plan = SeatingPlan()
    plan.seat("zoe", 4)
    plan.seat("amy", 5)
    assert plan.missing_replies() == ["amy", "zoe"]
    assert plan.table_of("amy") == 5 and plan.table_of("nobody") is None
