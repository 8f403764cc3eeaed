from timesheet import Interval, billable_minutes, hours, invoice_line, minutes

LOG = [Interval("web", 0, 5400), Interval("web", 9000, 10800), Interval("ops", 0, 600)]


def test_minutes_per_project():
    assert minutes(LOG, "web") == 120 and minutes(LOG, "ops") == 10


def test_billable_minutes_round_up():
    assert billable_minutes(LOG, "ops") == 15
    assert billable_minutes([Interval("x", 0, 3600)], "x") == 60


def test_negative_interval_counts_nothing():
    assert Interval("x", 100, 50).seconds() == 0


def test_hours():
    assert hours(LOG, "web") == 2.0
