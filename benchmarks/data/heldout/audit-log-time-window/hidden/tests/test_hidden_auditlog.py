from auditlog import Entry, select

LOG = [Entry(0, "warning", "boot"), Entry(5, "info", "ready"), Entry(9, "error", "crash")]


def test_until_the_epoch_selects_nothing():
    assert select(LOG, until=0) == []


def test_only_a_lower_bound():
    assert select(LOG, since=5) == LOG[1:]


def test_only_an_upper_bound():
    assert select(LOG, until=9) == LOG[:2]


def test_no_bounds_at_all():
    assert select(LOG, min_level="error") == [LOG[2]]
