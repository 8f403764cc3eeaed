from timesheet import Entry, billable_hours, invoice


def test_rounds_up_to_the_quarter_hour():
    assert billable_hours([Entry("x", 0, 60)], "x") == 0.25
    assert billable_hours([Entry("x", 0, 3601)], "x") == 1.25


def test_only_the_project_counts():
    entries = [Entry("x", 0, 5400), Entry("y", 5400, 9000)]
    assert billable_hours(entries, "x") == 1.5
    assert billable_hours(entries, "z") == 0


def test_invoice_of_two_projects():
    entries = [Entry("a", 0, 1800), Entry("b", 1800, 9000)]
    assert invoice(entries, {"a": 100.0, "b": 50.0}) == {"a": 50.0, "b": 100.0}
