from presence import last_seen, roster

NOW = 1_700_000_000


def test_roster_with_a_contact_never_online():
    assert roster({"bo": None, "al": NOW - 30}, NOW) == ["al: just now", "bo: never"]


def test_online_at_the_epoch():
    assert last_seen(0, NOW) == "1970-01-01"
