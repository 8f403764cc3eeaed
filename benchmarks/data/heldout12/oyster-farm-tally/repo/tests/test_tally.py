import pytest

from tally import Bag, Tally


def test_bag_from_row():
    assert Bag.from_row(["T4", " large", "120"]) == Bag("T4", "large", 120)


def test_an_unknown_grade():
    with pytest.raises(ValueError):
        Bag.from_row(["T4", "jumbo", "12"])


def test_parse_a_sheet():
    tally = Tally.parse("trestle,grade,count\nT1,small,300\nT2,large,100\nT1,large,60\n")
    assert tally.by_grade() == {"small": 300, "medium": 0, "large": 160}
    assert tally.trestles() == ["T1", "T2"]
