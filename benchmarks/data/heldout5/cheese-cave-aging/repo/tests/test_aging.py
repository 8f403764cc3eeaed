from aging import age_text, parse_age, ready


def test_weeks_days_and_bare_numbers():
    assert parse_age("2w") == 2 * 604800
    assert parse_age("3") == 3 * 86400
    assert parse_age("1w 2d") == 9 * 86400


def test_age_text_and_ready():
    assert age_text(23 * 86400 + 5) == "3w 2d"
    week = 604800
    assert ready({"brie": 0, "gouda": 5 * week}, 9 * week, required="8w") == ["brie"]


def test_hours():
    assert parse_age("36h") == 36 * 3600
    assert parse_age("1d 12h") == 36 * 3600
