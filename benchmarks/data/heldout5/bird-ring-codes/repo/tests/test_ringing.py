from ringing import recaptures, rings, series


def test_four_digit_rings():
    assert rings("net 3: AB1234 and CD5678, retrap AB1234") == ["AB1234", "CD5678", "AB1234"]


def test_recaptures_and_series():
    notes = ["AB1234 wren", "CD5678 robin", "AB1234 wren again"]
    assert recaptures(notes) == {"AB1234": 2}
    assert series("CD5678", {"CD": "robin"}) == "robin"
    assert series("ZZ0001", {"CD": "robin"}) == "unknown"


def test_five_digit_rings():
    assert rings("blue tit TX20481 at net 2") == ["TX20481"]
