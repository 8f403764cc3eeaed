import pytest

from timesheet import Entry, check, duration_label, invoice


def test_duration_label():
    assert duration_label(7500) == "2h05"
    assert duration_label(59) == "0h00"


def test_overlapping_entries_are_refused():
    with pytest.raises(ValueError):
        check([Entry("a", 0, 3600), Entry("b", 1800, 4000)])


def test_backwards_entry_is_refused():
    with pytest.raises(ValueError):
        check([Entry("a", 500, 100)])


def test_invoice_of_two_hours():
    entries = [Entry("web", 32400, 36000), Entry("web", 39600, 43200)]
    assert invoice(entries, {"web": 80.0}) == {"web": 160.0}
