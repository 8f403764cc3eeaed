import pytest

from postage import Unshippable, band, label, postage_cents


def test_bands():
    assert [band(w) for w in (0.2, 1, 1.5, 4.9, 12, 20)] == [
        "small", "small", "medium", "medium", "large", "large"
    ]


def test_limits():
    with pytest.raises(Unshippable):
        band(0)
    with pytest.raises(Unshippable):
        band(20.5)
    with pytest.raises(Unshippable):
        postage_cents(2, "moon")


def test_label():
    assert label(3, "eu") == "MEDIUM eu 12.64"


def test_five_kilos_is_still_medium():
    assert postage_cents(5) == 790
