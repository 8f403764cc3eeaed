import pytest

from tuning import key_name, needs_work, reading, target_hz, worst


def test_key_names():
    assert key_name(49) == "A4"
    assert key_name(40) == "C4"
    assert key_name(1) == "A0"


def test_target_of_a4():
    assert target_hz(49) == 440.0
    with pytest.raises(ValueError):
        target_hz(89)


def test_sharp_string():
    r = reading(49, 444.0)
    assert r == {"key": "A4", "state": "sharp", "off_by": 15.7}


def test_flat_string_is_off_by_a_positive_amount():
    r = reading(49, 436.0)
    assert r == {"key": "A4", "state": "flat", "off_by": 15.8}


def test_worst_string_may_be_flat():
    rs = [reading(49, 441.0), reading(40, target_hz(40) * 0.99)]
    assert worst(rs)["key"] == "C4"
    assert needs_work(rs) == ["A4", "C4"]
