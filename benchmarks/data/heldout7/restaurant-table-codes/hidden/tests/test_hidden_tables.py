from tables import FloorPlan, Table, ticket_header


def test_leave_frees_the_table():
    plan = FloorPlan()
    plan.add("p", 12, 4)
    assert plan.seat(3) == "P-12"
    plan.leave("P-12")
    assert plan.seat(4) == "P-12"
    assert ticket_header(Table("W", 7, 2), "Uli") == "TABLE W-7 / Uli"
