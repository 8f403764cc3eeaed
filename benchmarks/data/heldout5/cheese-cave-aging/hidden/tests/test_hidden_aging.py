from aging import age_text, parse_age, ready


def test_ready_after_hours_of_aging():
    assert ready({"quark": 0, "feta": 40 * 3600}, 72 * 3600, required="60h") == ["quark"]


def test_hours_in_weeks():
    assert age_text(parse_age("168h 30m")) == "1w 0d"
