from presence import last_seen, roster

NOW = 1_700_000_000


def test_just_now():
    assert last_seen(NOW - 5, NOW) == "just now"


def test_minutes_and_hours():
    assert last_seen(NOW - 600, NOW) == "10 min ago"
    assert last_seen(NOW - 7300, NOW) == "2 h ago"


def test_old_date():
    assert last_seen(NOW - 3 * 86400, NOW) == "2023-11-11"


def test_never_online():
    assert last_seen(None, NOW) == "never"
