from timesheet import Interval, hours, invoice_line


def test_fractional_hours():
    assert hours([Interval("a", 0, 2700), Interval("a", 5000, 5900)], "a") == 1.0
    assert hours([Interval("b", 0, 1000)], "b") == 0.28


def test_invoice_line():
    log = [Interval("api", 0, 9000)]
    assert invoice_line(log, "api", 80) == "api: 2.50 h x 80.00 = 200.00"
