import pytest

from archery import BadArrow, end_total, sheet, spread


def test_end_total():
    assert end_total(["X", "9", "m"]) == 19


def test_bad_arrow():
    with pytest.raises(BadArrow):
        end_total(["11"])


def test_spread_of_several_ends():
    assert spread([50, 54, 46]) == 4.0
    assert spread([]) == 0.0


def test_one_end_has_no_spread():
    assert sheet([["X", "X", "9"]]) == {"ends": [29], "total": 29, "xs": 2, "spread": 0.0}
