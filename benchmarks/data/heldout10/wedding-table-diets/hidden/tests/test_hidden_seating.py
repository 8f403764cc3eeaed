from seating import SeatingPlan


def test_a_blank_diet_gets_the_standard_meal():
    plan = SeatingPlan()
    plan.seat("dan", 6)
    plan.reply("dan", "   ")
    assert plan.meals(6) == {"dan": "standard"}


def test_kitchen_count_with_blank_and_missing_cards():
    plan = SeatingPlan()
    for guest in ("eve", "fay", "gus"):
        plan.seat(guest, 7)
    plan.reply("eve", "")
    plan.reply("fay", "Halal")
    assert plan.kitchen_count() == {"standard": 2, "halal": 1}
